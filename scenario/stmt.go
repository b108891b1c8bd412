package scenario

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/engine"
	"github.com/crules/crules/game"
	"github.com/crules/crules/parse"
)

// clauseWords are the choices an action can make, after a ";".
var clauseWords = map[string]bool{
	"targeting":   true,
	"half":        true,
	"splice":      true,
	"convoke":     true,
	"offering":    true,
	"flashback":   true,
	"madness":     true,
	"entwine":     true,
	"kicker":      true,
	"mode":        true,
	"x":           true,
	"pay":         true,
	"exile":       true,
	"face down":   true,
	"return":      true,
	"search":      true,
	"exchange":    true,
	"copy":        true,
	"dredge":      true,
	"reveal":      true,
	"order":       true,
	"decline":     true,
	"assign":      true,
	"sacrifice":   true,
	"discard":     true,
	"keep":        true,
	"attacking":   true,
	"multikicker": true,
	"buyback":     true,
	"respond":     true,
	"evoke":       true,
	"replace":     true,
	"room":        true,
	"dungeon":     true,
	"sector":      true,
	"protector":   true,
	"mutate":      true,
	"over":        true,
	"under":       true,
	"priority":    true,
	"tap":         true,
	"bottom":      true,
	"delve":       true,
	"improvise":   true,
	"replicate":   true,
	"casualty":    true,
	"conspire":    true,
	"bargain":     true,
	"squad":       true,
	"offspring":   true,
	"graveyard":   true,
	"top":         true,
	"lore":        true,
	"fuse":        true,
	"assist":      true,
	"enlist":      true,
	"gift":        true,
	"choose":      true,
	"kind":        true,
	"remove":      true,
	"exert":       true,
}

// expectKinds maps what an expect line checks to whether it names a
// player (p), a card (c) or neither (-) before its colon.
var expectKinds = map[string]byte{
	"life":         'p',
	"poison":       'p',
	"pool":         'p',
	"room":         'p',
	"completed":    'p',
	"speed":        'p',
	"pt":           'c',
	"counters":     'c',
	"color":        'c',
	"types":        'c',
	"abilities":    'c',
	"name":         'c',
	"subtypes":     'c',
	"mv":           'c',
	"paid":         'c',
	"damage":       'c',
	"sector":       'c',
	"protector":    'c',
	"designations": 'c',
	"tapped":       '-',
	"untapped":     '-',
	"stack":        '-',
	"reason":       '-',
	"lost":         '-',
}

// stepNames are the steps "step NAME" moves to.
var stepNames = []string{"untap", "upkeep", "draw", "main", "beginning of combat", "declare attackers", "end of combat", "postcombat main", "end", "cleanup"}

var validStep = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range stepNames {
		m[n] = true
	}
	return m
}()

var zoneWords = map[string]game.Zone{"library": game.Library, "hand": game.Hand, "battlefield": game.Battlefield, "graveyard": game.Graveyard, "exile": game.Exile, "command": game.Command, "outside": game.Outside}

// stmt reads one script line.
func (p *parser) stmt(l line) *engine.Stmt {
	indent := len(l.text) - len(strings.TrimLeft(l.text, " \t"))
	t := strings.TrimSpace(l.text)
	st := &engine.Stmt{Pos: l.pos(indent), Text: t}
	at := indent
	if rest, ok := strings.CutPrefix(t, "illegal "); ok {
		st.Illegal = true
		at += len(t) - len(rest)
		t = rest
	}
	word, rest, _ := strings.Cut(t, " ")
	switch {
	case word == "expect":
		p.expect(l, st, rest, at+len("expect "))
	case zoneWords[word] != 0 || word == "library":
		st.Verb, st.Zone = "zone", zoneWords[word]
		p.playerList(l, st, rest, at+len(word)+1)
		for _, n := range st.Names[min(1, len(st.Names)):] {
			name, down := strings.CutSuffix(n.Text, engine.FaceDownSuffix)
			if down && st.Zone != game.Battlefield {
				p.errorf(n.Pos, "%s: only a permanent is set up face down", name)
			}
			if i := strings.LastIndexByte(name, '#'); i > 0 {
				name = strings.TrimSpace(name[:i])
			}
			if _, err := p.labels.Take(name, strings.TrimSuffix(n.Text, engine.FaceDownSuffix)); err != nil {
				p.errorf(n.Pos, "%v", err)
			}
		}
	case word == "mana" || word == "life" || word == "poison" || word == "speed":
		st.Verb = word
		who, v, vat, ok := nameValue(l, rest, at+len(word)+1)
		if !ok {
			p.errorf(l.pos(at), "%s: expected \"%s PLAYER: VALUE\"", word, word)
			return nil
		}
		st.Player = who.Text
		st.Names = []engine.Name{who}
		vpos := l.pos(vat)
		st.ValuePos = vpos
		if word == "mana" {
			m, err := game.ParseMana(v)
			if err != nil {
				p.errorf(costPos(l, vat, err), "%v", err)
			}
			st.Mana = m
		} else {
			lo := 0
			if word == "life" {
				lo = -game.MaxNumber // a life total can be below 0 (119.4)
			}
			n, err := game.ParseNumber(v, lo, game.MaxNumber)
			if err != nil {
				p.errorf(vpos, "%s: %v", word, err)
			}
			st.N = n
		}
	case word == "turn":
		who, clauses, hasClauses := strings.Cut(rest, ";")
		st.Verb, st.Player = "turn", strings.TrimSpace(who)
		st.Names = []engine.Name{{Text: st.Player, Pos: l.pos(at + 5)}}
		if hasClauses {
			p.clauses(l, st, clauses, at+5+len(who)+1)
		}
	case word == "step" || strings.HasPrefix(t, "end turn;"):
		// "step end", "step upkeep; targeting bob", "end turn; discard A".
		name, clauses, hasClauses := strings.Cut(rest, ";")
		st.Verb, st.Value = "step", strings.ToLower(strings.TrimSpace(name))
		if i := strings.LastIndexByte(st.Value, ' '); i > 0 && word == "step" {
			// "step beginning of combat 2": the turn's second one.
			if n, err := strconv.Atoi(st.Value[i+1:]); err == nil {
				if n < 1 {
					p.errorf(l.pos(at+5+i+1), "step: %d: expected a count from 1", n)
					return nil
				}
				st.Value, st.N = st.Value[:i], n
			}
		}
		if word == "end" {
			st.Verb, st.Value = "endturn", ""
		} else if !validStep[st.Value] {
			p.errorf(l.pos(at+5), "step: unknown step %q (known: %s)", st.Value, strings.Join(stepNames, ", "))
			return nil
		}
		if hasClauses {
			p.clauses(l, st, clauses, at+len(word)+1+len(name)+1)
		}
	case t == "begin game" || strings.HasPrefix(t, "begin game;"):
		// "begin game; targeting bob": the targets of what triggers in
		// the first upkeep.
		st.Verb = "begin"
		if _, clauses, ok := strings.Cut(rest, ";"); ok {
			p.clauses(l, st, clauses, at+len("begin game;"))
		}
	case word == "resolve;" || word == "damage;" || word == "triggers;":
		st.Verb = strings.TrimSuffix(word, ";")
		p.clauses(l, st, rest, at+len(word)+1)
	case word == "attach":
		// "attach AURA: PERMANENT" sets up an attachment, legal or not.
		st.Verb = word
		obj, v, vat, ok := nameValue(l, rest, at+len(word)+1)
		if !ok {
			p.errorf(l.pos(at), "attach: expected \"attach CARD: CARD\"")
			return nil
		}
		st.Object = obj
		st.Names = p.names(l, v, vat)
		if len(st.Names) != 1 {
			p.errorf(l.pos(vat), "attach: expected one card after the colon")
			return nil
		}
	case word == "owner":
		// "owner CARD: PLAYER": a permanent another player owns, put
		// onto the battlefield under the listed player's control.
		st.Verb = word
		obj, v, vat, ok := nameValue(l, rest, at+len(word)+1)
		if !ok {
			p.errorf(l.pos(at), "owner: expected \"owner CARD: PLAYER\"")
			return nil
		}
		st.Object, st.Player = obj, v
		st.Names = []engine.Name{{Text: st.Player, Pos: l.pos(vat)}}
		if !p.isPlayer(st.Player) {
			p.errorf(st.Names[0].Pos, "unknown player %q (players: %s)", st.Player, strings.Join(p.f.Players, ", "))
			return nil
		}
	case word == "protector":
		// "protector BATTLE: PLAYER" (or "none") sets up a battle's
		// protector, appropriate or not.
		st.Verb = word
		obj, v, vat, ok := nameValue(l, rest, at+len(word)+1)
		if !ok || v == "" {
			p.errorf(l.pos(at), "protector: expected \"protector CARD: PLAYER\" (or none)")
			return nil
		}
		st.Object, st.Player = obj, v
		if st.Player != "none" && !p.isPlayer(st.Player) {
			p.errorf(l.pos(vat), "unknown player %q (players: %s)", st.Player, strings.Join(p.f.Players, ", "))
			return nil
		}
	case word == "tap" || word == "counters":
		st.Verb = word
		obj, v, vat, _ := nameValue(l, rest, at+len(word)+1)
		st.Object = obj
		if word == "counters" {
			f := strings.Fields(v)
			n := 0
			var err error
			if len(f) == 2 {
				n, err = game.ParseNumber(f[0], 0, game.MaxNumber)
			}
			// A number out of bounds is named as such; "counters X:"
			// has no field to read.
			numeric := false
			if len(f) == 2 {
				_, nan := strconv.Atoi(f[0])
				numeric = nan == nil || errors.Is(nan, strconv.ErrRange)
			}
			if numeric && err != nil {
				p.errorf(l.pos(vat), "counters: %v", err)
				return nil
			}
			if len(f) != 2 || err != nil {
				p.errorf(l.pos(vat), "counters: expected \"counters CARD: N KIND\"")
				return nil
			}
			st.N, st.Value = n, f[1]
		}
	case t == "resolve" || t == "resolve all" || t == "damage" || t == "end turn" || t == "no blocks" || t == "triggers":
		st.Verb = map[string]string{"resolve": "resolve", "resolve all": "resolveall", "damage": "damage", "end turn": "endturn", "no blocks": "noblocks", "triggers": "triggers"}[t]
	case word == "destroy":
		st.Verb = "destroy"
		obj, clauses, hasClauses := strings.Cut(rest, ";")
		st.Object = engine.Name{Text: strings.TrimSpace(obj), Pos: l.pos(at + len(word) + 1)}
		if hasClauses {
			p.clauses(l, st, clauses, at+len(word)+1+len(obj)+1)
		}
	default:
		p.action(l, st, word, rest, at)
	}
	if st.Verb == "" && st.Expect == "" {
		return nil
	}
	return st
}

// nameValue reads "NAME: VALUE", rest, which starts at byte at of l:
// the name with its position, and the value, trimmed, with the byte of
// l where it starts (the end of rest when there is no colon, ok false).
func nameValue(l line, rest string, at int) (name engine.Name, value string, vat int, ok bool) {
	n, v, ok := strings.Cut(rest, ":")
	vat = at + len(n)
	if ok {
		vat += 1 + len(v) - len(strings.TrimLeft(v, " "))
	}
	return engine.Name{Text: strings.TrimSpace(n), Pos: l.pos(at)}, strings.TrimSpace(v), vat, ok
}

// costPos is where a cost or amount of mana read from l.text[at:] went
// wrong: at the symbol at fault.
func costPos(l line, at int, err error) parse.Pos {
	var ce *game.CostError
	if errors.As(err, &ce) {
		at += ce.Offset
	}
	return l.pos(at)
}

// playerList reads "PLAYER: card, card".
func (p *parser) playerList(l line, st *engine.Stmt, rest string, at int) {
	who, list, ok := strings.Cut(rest, ":")
	if !ok {
		p.errorf(l.pos(at), "expected \"PLAYER: cards\"")
		return
	}
	st.Player = strings.TrimSpace(who)
	st.Names = append([]engine.Name{{Text: st.Player, Pos: l.pos(at)}}, p.names(l, list, at+len(who)+1)...)
}

// names splits a comma-separated list; "Island x3" stands for three
// (at most maxCopies).
func (p *parser) names(l line, list string, at int) []engine.Name {
	var out []engine.Name
	for _, part := range strings.Split(list, ",") {
		lead := len(part) - len(strings.TrimLeft(part, " "))
		t := strings.TrimSpace(part)
		pos := l.pos(at + lead)
		at += len(part) + 1
		if t == "" || t == "none" {
			continue
		}
		n := 1
		if i := strings.LastIndex(t, " x"); i > 0 {
			if _, err := strconv.Atoi(t[i+2:]); err == nil {
				k, err := game.ParseNumber(t[i+2:], 1, maxCopies)
				if err != nil {
					p.errorf(l.pos(at-len(part)-1+lead+i+2), "%s: copies: %v", strings.TrimSpace(t[:i]), err)
					continue
				}
				n, t = k, strings.TrimSpace(t[:i])
			}
		}
		for range n {
			out = append(out, engine.Name{Text: t, Pos: pos})
		}
	}
	return out
}

func (p *parser) expect(l line, st *engine.Stmt, rest string, at int) {
	st.Verb = "expect"
	word, tail, _ := strings.Cut(rest, " ")
	if z, ok := zoneWords[word]; ok || word == "library" {
		st.Expect, st.Zone = "zone", z
		p.playerList(l, st, tail, at+len(word)+1)
		return
	}
	if word == "lost:" || word == "blessed:" {
		// "expect lost: bob, carol": the players who have lost the game;
		// "expect blessed: alice" those with the city's blessing.
		st.Expect = strings.TrimSuffix(word, ":")
		st.Names = p.names(l, tail, at+len(word)+1)
		for _, n := range st.Names {
			if !p.isPlayer(n.Text) {
				p.errorf(n.Pos, "unknown player %q (players: %s)", n.Text, strings.Join(p.f.Players, ", "))
			}
		}
		st.Names = nil
		st.Value = strings.TrimSpace(tail)
		return
	}
	if word == "initiative:" {
		// "expect initiative: alice": who has the initiative, "none".
		st.Expect, st.Value = "initiative", strings.TrimSpace(tail)
		st.ValuePos = l.pos(at + len(word) + 1 + len(tail) - len(strings.TrimLeft(tail, " ")))
		if v := st.Value; !strings.EqualFold(v, "none") && !p.isPlayer(v) {
			p.errorf(st.ValuePos, "unknown player %q (players: %s, or none)", v, strings.Join(p.f.Players, ", "))
		}
		return
	}
	if word == "daynight:" {
		// "expect daynight: night": the game's designation (730.1),
		// day, night or neither.
		st.Expect, st.Value = "daynight", strings.TrimSpace(tail)
		st.ValuePos = l.pos(at + len(word) + 1 + len(tail) - len(strings.TrimLeft(tail, " ")))
		if v := strings.ToLower(st.Value); v != "day" && v != "night" && v != "neither" {
			p.errorf(st.ValuePos, "expect daynight: %q: expected day, night or neither", st.Value)
		}
		return
	}
	if word == "stack:" || word == "tapped:" || word == "untapped:" {
		st.Expect = strings.TrimSuffix(word, ":")
		if strings.TrimSpace(tail) == "" {
			// An empty list would pass whatever the game holds.
			p.errorf(l.pos(at+len(word)), "expect %s expected the names after the colon, or none", word)
			return
		}
		st.Names = p.names(l, tail, at+len(word)+1)
		return
	}
	if word == "reason:" {
		st.Expect, st.Value = "reason", strings.TrimSpace(tail)
		if st.Value == "" {
			// An empty text is in every reason: a check that cannot fail.
			p.errorf(l.pos(at+len(word)), "expect reason: expected the text the reason contains")
		}
		return
	}
	if kind, ok := expectKinds[word]; ok && kind == '-' {
		// "expect tapped Bear: yes": these checks name no card or
		// player before the colon; read as one, it would check nothing.
		form := "A, B"
		if word == "reason" {
			form = "TEXT"
		}
		p.errorf(l.pos(at), "expect %s: expected \"expect %s: %s\" (nothing before the colon)", word, word, form)
		return
	}
	if kind, ok := expectKinds[word]; ok {
		n, v, vat, ok := nameValue(l, tail, at+len(word)+1)
		if !ok {
			p.errorf(l.pos(at), "expect %s: expected \"expect %s NAME: VALUE\"", word, word)
			return
		}
		st.Expect, st.Value = word, v
		if kind == 'p' {
			st.Player = n.Text
			st.Names = []engine.Name{n}
		} else {
			st.Object = n
		}
		vpos := l.pos(vat)
		st.ValuePos = vpos
		switch word {
		case "life", "poison", "damage":
			lo := 0
			if word == "life" {
				lo = -game.MaxNumber // a life total can be below 0 (119.4)
			}
			if _, err := game.ParseNumber(st.Value, lo, game.MaxNumber); err != nil {
				p.errorf(vpos, "expect %s: %v", word, err)
			}
		case "speed":
			// A player with no speed has none; one with speed has 1 or more.
			if _, err := game.ParseNumber(st.Value, 1, game.MaxNumber); err != nil && st.Value != "none" {
				p.errorf(vpos, "expect speed: %q: expected a number from 1, or none", st.Value)
			}
		case "protector":
			if st.Value != "none" && !p.isPlayer(st.Value) {
				p.errorf(vpos, "expect protector: %q: expected a player (%s) or none", st.Value, strings.Join(p.f.Players, ", "))
			}
			// The cards are read once the scripts are.
			p.later = append(p.later, func() {
				if c := p.f.Card(n.Text); c != nil && !c.Is("Battle") {
					p.errorf(n.Pos, "expect protector: %s is not a battle: only a battle has a protector (310.8)", n.Text)
				}
			})
		case "room":
			p.later = append(p.later, func() {
				if st.Value != "none" && !p.isRoom(st.Value) {
					p.errorf(vpos, "expect room: %q: expected a room of a dungeon of the cards, or none", st.Value)
				}
			})
		case "completed":
			dungeons := p.names(l, v, vat)
			p.later = append(p.later, func() {
				for _, d := range dungeons {
					if c := p.f.Card(d.Text); c == nil || !c.Is("Dungeon") {
						p.errorf(d.Pos, "expect completed: %q: expected a dungeon of the cards, or none", d.Text)
					}
				}
			})
		case "counters":
			p.expectCounters(l, v, vat)
		case "types":
			types, _, _ := strings.Cut(strings.NewReplacer(" - ", "—").Replace(v), "—")
			for _, w := range strings.Fields(types) {
				if !slices.Contains(supertypes, w) && !slices.Contains(cardTypes, w) {
					p.errorf(l.pos(vat+strings.Index(v, w)), "expect types: %q: expected a supertype or card type (%s), then \"— SUBTYPES\"", w, strings.Join(append(slices.Clone(supertypes), cardTypes...), ", "))
				}
			}
		case "abilities":
			for _, a := range p.names(l, v, vat) {
				if _, isKw, err := game.ParseAbility(a.Text); err != nil || !isKw {
					p.errorf(a.Pos, "expect abilities: %q: expected a keyword ability (Flying, Protection from red), or none", a.Text)
				}
			}
		case "pt":
			pw, tg, ok := strings.Cut(st.Value, "/")
			_, e1 := game.ParseNumber(pw, -game.MaxNumber, game.MaxNumber)
			_, e2 := game.ParseNumber(tg, -game.MaxNumber, game.MaxNumber)
			if !ok || e1 != nil || e2 != nil {
				p.errorf(vpos, "expect pt: %q: expected POWER/TOUGHNESS, two numbers", st.Value)
			}
		case "mv":
			vs := strings.Fields(st.Value)
			for _, f := range vs {
				if _, err := game.ParseNumber(f, 0, game.MaxNumber); err != nil {
					vs = nil
				}
			}
			if len(vs) == 0 {
				p.errorf(vpos, "expect mv: %q: expected a number (two, \"1 4\", for a split card)", st.Value)
			}
		case "paid", "pool":
			if word == "pool" && st.Value == "none" {
				break // an empty pool
			}
			m, err := game.ParseMana(v)
			if err != nil {
				p.errorf(costPos(l, vat, err), "%v", err)
			}
			st.Mana = m
		case "color":
			if _, ok := game.ParseColor(st.Value); !ok {
				p.errorf(vpos, "expect color: %q is not a colour", st.Value)
			}
		}
		return
	}
	// "expect NAME in ZONE"
	if i := strings.LastIndex(rest, " in "); i > 0 {
		z, ok := game.ParseZone(rest[i+4:])
		if !ok {
			p.errorf(l.pos(at+i+4), "expect: unknown zone %q", rest[i+4:])
			return
		}
		st.Expect, st.Zone = "in", z
		st.Object = engine.Name{Text: strings.TrimSpace(rest[:i]), Pos: l.pos(at)}
		return
	}
	p.errorf(l.pos(at), "expect: unknown check %q", word)
}

// counterOrder are the kinds of counters an expect counters line lists
// first, in this order; any other kind follows, by name.
var counterOrder = []string{"+1/+1", "-1/-1", "charge", "loyalty"}

// expectCounters checks the value of "expect counters CARD: 1 +1/+1, 2
// charge", v, which starts at byte vat of l: "none", or N KIND for each
// kind, N from 1, in the order counterOrder says, each kind once.
func (p *parser) expectCounters(l line, v string, vat int) {
	if v == "none" {
		return
	}
	rank := func(k string) (int, string) {
		if i := slices.Index(counterOrder, k); i >= 0 {
			return i, ""
		}
		return len(counterOrder), k
	}
	prev := ""
	for _, part := range strings.Split(v, ",") {
		at := vat + len(part) - len(strings.TrimLeft(part, " "))
		vat += len(part) + 1
		f := strings.Fields(part)
		if len(f) != 2 {
			p.errorf(l.pos(at), "expect counters: %q: expected N KIND (1 +1/+1, 2 charge), or none", strings.TrimSpace(part))
			return
		}
		if _, err := game.ParseNumber(f[0], 1, game.MaxNumber); err != nil {
			p.errorf(l.pos(at), "expect counters: %v", err)
			return
		}
		if prev != "" {
			pi, pn := rank(prev)
			ki, kn := rank(f[1])
			if ki < pi || ki == pi && kn <= pn {
				p.errorf(l.pos(at+len(f[0])+1), "expect counters: %s after %s: expected each kind once, %s, then the others by name", f[1], prev, strings.Join(counterOrder, ", "))
				return
			}
		}
		prev = f[1]
	}
}

// action reads "PLAYER VERB …[; clause]…".
func (p *parser) action(l line, st *engine.Stmt, who, rest string, at int) {
	st.Player = who
	st.Names = []engine.Name{{Text: who, Pos: l.pos(at)}}
	at += len(who) + 1
	main, clauses, _ := strings.Cut(rest, ";")
	verb, obj, _ := strings.Cut(strings.TrimSpace(main), " ")
	objAt := at + len(verb) + 1
	switch verb {
	case "casts", "discards":
		st.Verb = strings.TrimSuffix(verb, "s")
		st.Object = engine.Name{Text: strings.TrimSpace(obj), Pos: l.pos(objAt)}
	case "activates":
		// "activates CARD" (its first printed activated ability),
		// "activates CARD: ability N", "activates CARD: KEYWORD".
		name, kw, _ := strings.Cut(obj, ":")
		if strings.TrimSpace(name) == "" {
			p.errorf(l.pos(objAt), "activates: expected \"activates CARD\" or \"activates CARD: KEYWORD\"")
			return
		}
		st.Verb = "activate"
		st.Object = engine.Name{Text: strings.TrimSpace(name), Pos: l.pos(objAt)}
		st.Value = strings.ToLower(strings.TrimSpace(kw))
	case "draws":
		st.Verb = "draw"
	case "attacks":
		st.Verb = "attack"
		list, ok := strings.CutPrefix(obj, "with ")
		if !ok {
			p.errorf(l.pos(objAt), "attacks: expected \"attacks with CREATURES\"")
			return
		}
		st.Names = append(st.Names, p.names(l, list, objAt+5)...)
	case "blocks":
		a, b, ok := strings.Cut(obj, " with ")
		if !ok {
			p.errorf(l.pos(objAt), "blocks: expected \"blocks ATTACKER with BLOCKER\"")
			return
		}
		st.Verb = "block"
		st.Object = engine.Name{Text: strings.TrimSpace(a), Pos: l.pos(objAt)}
		st.Names = append(st.Names, p.names(l, b, objAt+len(a)+6)...)
	case "orders":
		list, ok := strings.CutPrefix(obj, "blockers:")
		if !ok {
			p.errorf(l.pos(objAt), "orders: expected \"orders blockers: A, B\"")
			return
		}
		st.Verb = "orderblockers"
		st.Names = append(st.Names, p.names(l, list, objAt+len("blockers:"))...)
		if len(st.Names) == 1 {
			p.errorf(l.pos(objAt), "orders: expected \"orders blockers: A, B\"")
			return
		}
	case "sectors":
		// "sectors A=alpha, B=beta": the choice 704.5u waits for.
		st.Verb = "sector"
		c := &engine.Clause{Word: "sector", Pos: l.pos(objAt), Names: p.names(l, obj, objAt)}
		if len(c.Names) == 0 {
			p.errorf(l.pos(objAt), "sectors: expected \"sectors CREATURE=alpha\"")
			return
		}
		st.Clauses = append(st.Clauses, c)
	case "keeps":
		// "keeps A, B": the choice a state-based action waits for.
		st.Verb = "keep"
		c := &engine.Clause{Word: "keep", Pos: l.pos(objAt), Names: p.names(l, obj, objAt)}
		if len(c.Names) == 0 {
			p.errorf(l.pos(objAt), "keeps: expected \"keeps CARD\"")
			return
		}
		st.Clauses = append(st.Clauses, c)
	case "turns":
		name, ok := strings.CutSuffix(strings.TrimSpace(obj), " face up")
		if !ok {
			p.errorf(l.pos(objAt), "turns: expected \"turns CARD face up\"")
			return
		}
		st.Verb = "unmorph"
		st.Object = engine.Name{Text: name, Pos: l.pos(objAt)}
	default:
		if w := ability.SpecialVerbs[verb]; w != "" {
			// A special action that exiles a card from its owner's
			// hand: "plots CARD", "foretells CARD".
			st.Verb, st.Value = "exileaction", w
			st.Object = engine.Name{Text: strings.TrimSpace(obj), Pos: l.pos(objAt)}
			break
		}
		// At the verb when the line starts with a player, else at the start.
		bad := at - len(who) - 1
		if p.isPlayer(who) {
			bad = at
		}
		p.errorf(l.pos(bad), "unknown statement %q", strings.TrimSpace(l.text))
		return
	}
	if clauses == "" {
		return
	}
	p.clauses(l, st, clauses, at+len(main)+1)
}

// clauses reads the choices after an action's first ";".
func (p *parser) clauses(l line, st *engine.Stmt, clauses string, cat int) {
	for _, c := range strings.Split(clauses, ";") {
		lead := len(c) - len(strings.TrimLeft(c, " "))
		if cl := p.clause(l, strings.TrimSpace(c), cat+lead); cl != nil {
			st.Clauses = append(st.Clauses, cl)
		}
		cat += len(c) + 1
	}
}

func (p *parser) clause(l line, t string, at int) *engine.Clause {
	word, rest, _ := strings.Cut(t, " ")
	if t == "face down" {
		return &engine.Clause{Word: "face down", Pos: l.pos(at)}
	}
	if strings.Contains(t, " ") && ability.AltChoices[strings.ToLower(t)] != "" {
		// An alternative cost named by a keyword of several words
		// ("more than meets the eye").
		return &engine.Clause{Word: strings.ToLower(t), Pos: l.pos(at)}
	}
	if rest, ok := strings.CutPrefix(t, "new targets "); ok {
		// "new targets A, same, B": one per copy, "same" keeps one.
		return &engine.Clause{Word: "new targets", Pos: l.pos(at), Names: p.names(l, rest, at+len("new targets "))}
	}
	if !clauseWords[word] && ability.AltChoices[word] == "" {
		p.errorf(l.pos(at), "unknown choice %q", word)
		return nil
	}
	c := &engine.Clause{Word: word, Pos: l.pos(at)}
	rat := at + len(word) + 1
	switch word {
	case "pay":
		// "pay {1}{U}", "pay {U} and 2 life", "pay 2 life": the mana
		// spent, and the life paid for Phyrexian symbols.
		mana, life := rest, ""
		if i := strings.LastIndex(rest, " and "); i >= 0 {
			mana, life = rest[:i], rest[i+len(" and "):]
		} else if !strings.HasPrefix(strings.TrimSpace(rest), "{") {
			mana, life = "", rest
		}
		if strings.TrimSpace(mana) != "" {
			m, err := game.ParseMana(mana)
			if err != nil {
				p.errorf(costPos(l, rat, err), "%v", err)
			}
			c.Mana, c.HasMana = m, true
		}
		if life != "" {
			lat := rat + len(rest) - len(life)
			n, ok := strings.CutSuffix(strings.TrimSpace(life), " life")
			k, err := game.ParseNumber(n, 1, game.MaxNumber)
			if !ok || err != nil {
				p.errorf(l.pos(lat+len(life)-len(strings.TrimLeft(life, " "))), "pay: expected \"N life\"")
			}
			c.N = k
		}
	case "mode":
		// "mode 2", or modes in the order chosen: "mode 1, 3".
		at := rat
		for _, w := range strings.Split(rest, ",") {
			n, err := game.ParseNumber(strings.TrimSpace(w), 0, game.MaxRepeat)
			if err != nil {
				p.errorf(l.pos(at+len(w)-len(strings.TrimLeft(w, " "))), "%s: %v", word, err)
			}
			c.Ns = append(c.Ns, n)
			at += len(w) + 1
		}
		c.N = c.Ns[0]
	case "x", "multikicker", "replicate", "squad", "lore":
		hi := game.MaxNumber
		if word != "x" {
			hi = game.MaxRepeat
		}
		n, err := game.ParseNumber(rest, 0, hi)
		if err != nil {
			p.errorf(l.pos(rat), "%s: %v", word, err)
		}
		c.N = n
	case "splice", "madness":
		name, tg, hasT := strings.Cut(rest, " targeting ")
		if word == "madness" {
			name, tg, hasT = "", strings.TrimPrefix(rest, "targeting "), strings.HasPrefix(rest, "targeting ")
		}
		if name = strings.TrimSpace(name); name != "" {
			c.Names = []engine.Name{{Text: name, Pos: l.pos(rat)}}
		} else if word == "splice" {
			p.errorf(l.pos(at), "splice: expected a card")
			return nil
		}
		if hasT {
			sat := rat + len(rest) - len(tg)
			c.Sub = &engine.Clause{Word: "targeting", Pos: l.pos(sat), Names: p.names(l, tg, sat)}
		}
	case "replace":
		// "replace black with white": the words a text-changing effect
		// replaces, chosen as it resolves (608.2d).
		from, to, ok := strings.Cut(rest, " with ")
		_, colorFrom := game.TextWord(game.TextColor, from)
		_, colorTo := game.TextWord(game.TextColor, to)
		_, landFrom := game.TextWord(game.TextLandType, from)
		_, landTo := game.TextWord(game.TextLandType, to)
		if !ok || !(colorFrom && colorTo) && !(landFrom && landTo) {
			p.errorf(l.pos(rat), "replace: expected \"WORD with WORD\", two colour words or two basic land types")
			return nil
		}
		c.Names = []engine.Name{{Text: strings.TrimSpace(from), Pos: l.pos(rat)}, {Text: strings.TrimSpace(to), Pos: l.pos(rat + len(from) + len(" with "))}}
	case "flashback", "entwine", "kicker", "offspring", "fuse", "decline", "buyback", "respond", "evoke", "mutate", "over", "under", "priority":
		if strings.TrimSpace(rest) != "" {
			p.errorf(l.pos(rat), "%s takes nothing after it", word)
		}
	default:
		if ability.AltChoices[word] != "" {
			// An alternative cost chosen by its keyword's name
			// ("escape", "spectacle").
			if strings.TrimSpace(rest) != "" {
				p.errorf(l.pos(rat), "%s takes nothing after it", word)
			}
			break
		}
		c.Names = p.names(l, rest, rat)
		if len(c.Names) == 0 {
			p.errorf(l.pos(at), "%s: expected a name", word)
			return nil
		}
	}
	return c
}

// isPlayer reports whether s names a player of the file.
func (p *parser) isPlayer(s string) bool {
	for _, n := range p.f.Players {
		if strings.EqualFold(n, s) {
			return true
		}
	}
	return false
}

// isRoom reports whether s names a room of a dungeon card of the file.
func (p *parser) isRoom(s string) bool {
	for _, d := range p.f.Cards {
		for _, r := range d.Card.Rooms {
			if strings.EqualFold(r.Name, s) {
				return true
			}
		}
	}
	return false
}

// check reports names that are neither a defined card nor a player.
func (p *parser) check(st *engine.Stmt) {
	isPlayer := p.isPlayer
	card := func(n engine.Name) {
		t := strings.TrimSuffix(strings.TrimSuffix(n.Text, " (copy)"), engine.FaceDownSuffix)
		if kw, ok := strings.CutSuffix(t, " trigger"); ok && (isKeyword(kw) || p.f.Card(kw) != nil || strings.EqualFold(kw, ability.TheInitiative.Takes.Keyword)) {
			return
		}
		if c, ok := strings.CutSuffix(t, " ability"); ok && p.f.Card(strings.SplitN(c, "#", 2)[0]) != nil {
			return
		}
		if _, ok := strings.CutSuffix(strings.SplitN(t, "#", 2)[0], " token"); ok {
			// A token an effect creates: "Spirit token", and the next
			// one of that name "Spirit token#2".
			return
		}
		if strings.EqualFold(t, "combat damage") {
			return // combat damage on the stack, before 2009-07-11
		}
		if t == "" || t == "same" || p.f.Card(t) != nil || p.halfName(t) {
			return
		}
		switch {
		case !isPlayer(t):
			p.errorf(n.Pos, "unknown card %q", t)
		case st.Verb == "expect":
			// A check of a card names one: a player is in no zone.
			p.errorf(n.Pos, "expect %s: %q is a player: expected a card", st.Expect, t)
		}
	}
	player := func(n engine.Name) {
		if !isPlayer(n.Text) {
			p.errorf(n.Pos, "unknown player %q (players: %s)", n.Text, strings.Join(p.f.Players, ", "))
		}
	}
	if st.Object.Text != "" {
		card(st.Object)
	}
	for i, n := range st.Names {
		if i == 0 && st.Player != "" {
			player(n)
			continue
		}
		card(n)
	}
	for _, c := range st.Clauses {
		if c.Word == "replace" {
			continue // words, checked as the clause was read
		}
		if c.Word == "kind" {
			continue // a kind of counter ("+1/+1", "charge"), checked as it resolves
		}
		if c.Word == "room" {
			// The name of a room of a dungeon the file defines.
			for _, n := range c.Names {
				if !p.isRoom(n.Text) {
					p.errorf(n.Pos, "unknown room %q (no dungeon of the cards has it)", n.Text)
				}
			}
			continue
		}
		for _, n := range c.Names {
			if c.Word == "convoke" {
				// "Selesnya Guildmage=W": the colour the creature pays.
				name, colour, ok := strings.Cut(n.Text, "=")
				if col, valid := game.ParseColor(colour); ok && (!valid || col.Count() != 1) {
					p.errorf(n.Pos, "convoke: %q is not one colour", colour)
				}
				n.Text = strings.TrimSpace(name)
			}
			if c.Word == "sector" {
				// "Grizzly Bears=alpha": a sector designation (702.158b).
				name, sector, ok := strings.Cut(n.Text, "=")
				s := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(sector), " sector"))
				if !ok || s != "alpha" && s != "beta" && s != "gamma" {
					p.errorf(n.Pos, "sector: %q is not CREATURE=alpha|beta|gamma", n.Text)
				}
				n.Text = strings.TrimSpace(name)
			}
			if c.Word == "attacking" {
				// "Grizzly Bears=carol": the player or battle one
				// attacking creature attacks (802.3).
				if name, at, ok := strings.Cut(n.Text, "="); ok {
					card(engine.Name{Text: strings.TrimSpace(at), Pos: n.Pos})
					n.Text = strings.TrimSpace(name)
				}
			}
			if c.Word == "assist" {
				// "bob=2": the player who pays, and how much generic
				// mana (702.132a).
				name, num, ok := strings.Cut(n.Text, "=")
				if _, err := game.ParseNumber(num, 0, game.MaxNumber); !ok || err != nil {
					p.errorf(n.Pos, "assist: %q is not PLAYER=N", n.Text)
				}
				n.Text = strings.TrimSpace(name)
			}
			if c.Word == "enlist" {
				// "Attacker=Creature": the creature an attacking
				// creature enlists (702.154c).
				if name, other, ok := strings.Cut(n.Text, "="); ok {
					card(engine.Name{Text: strings.TrimSpace(other), Pos: n.Pos})
					n.Text = strings.TrimSpace(name)
				} else {
					p.errorf(n.Pos, "enlist: %q is not ATTACKER=CREATURE", n.Text)
				}
			}
			if c.Word == "assign" {
				// "Hill Giant=3": the damage assigned to a blocker.
				name, num, ok := strings.Cut(n.Text, "=")
				if _, err := game.ParseNumber(num, 0, game.MaxNumber); !ok || err != nil {
					p.errorf(n.Pos, "assign: %q is not BLOCKER=N", n.Text)
				}
				n.Text = strings.TrimSpace(name)
			}
			card(n)
		}
		if c.Sub != nil {
			for _, n := range c.Sub.Names {
				card(n)
			}
		}
	}
}

// isKeyword reports whether s names a keyword of game.Keywords.
func isKeyword(s string) bool {
	for k := range game.Keywords() {
		if strings.EqualFold(k, s) {
			return true
		}
	}
	return false
}

// halfName reports whether s names a half of a split card.
func (p *parser) halfName(s string) bool {
	for _, d := range p.f.Cards {
		for _, h := range d.Card.Halves {
			if strings.EqualFold(h.Name, s) {
				return true
			}
		}
	}
	return false
}

// Errors returns err as a list of diagnostics (nil for nil).
func Errors(err error) parse.ErrorList {
	if l, ok := err.(parse.ErrorList); ok {
		return l
	}
	if err == nil {
		return nil
	}
	return parse.ErrorList{{Msg: err.Error(), Severity: parse.SeverityError}}
}

// maxCopies bounds "CARD xN": each copy is an object of the game, and
// the bound keeps a typo from building millions of them. Sixty is a
// whole constructed library of one card.
const maxCopies = 60
