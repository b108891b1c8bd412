package scenario

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/engine"
	"github.com/crules/crules/game"
	"github.com/crules/crules/parse"
)

// A File is a parsed scenario file: its title and the revisions it is
// written for, around the scenario the engine runs (its name, keywords,
// players, cards and scripts).
type File struct {
	engine.Scenario
	Title string // the first comment line
	// Revs are the entries of the "rev:" line, empty for none: each a
	// revision selector as --rev takes it ("2006-10-01", "latest") or a
	// range FROM..TO of two selectors, both ends included
	// ("2009-07-11..latest").
	Revs []string
	// RevPos is where each entry of Revs starts in the file.
	RevPos []parse.Pos
}

// Revisions returns the revision selectors to run f against: override
// when it is set (a --rev flag), else the file's rev: line with each
// range given by its last revision, else "latest". WrittenFor lists
// every revision of the ranges, which go test runs.
func (f *File) Revisions(override string) []string {
	switch {
	case override != "":
		return []string{override}
	case len(f.Revs) > 0:
		var out []string
		for _, r := range f.Revs {
			if _, to, ok := strings.Cut(r, ".."); ok {
				out = append(out, to)
				continue
			}
			out = append(out, r)
		}
		return out
	}
	return []string{"latest"}
}

type parser struct {
	name string
	f    *File
	errs parse.ErrorList
	// labels are the labels the current script's setup gives its cards:
	// a label written twice is an error at its column.
	labels engine.Labels
	// abPos is where each keyword ability of a card face read is
	// written (engine.CardDef.AbilityPos).
	abPos map[*game.Card][]parse.Pos
	// typePos is where the words of a face's type line a revision may
	// not define are written (engine.CardDef.TypePos).
	typePos map[*game.Card]map[string]parse.Pos
	// later are the checks of script lines that need the cards, which
	// are read after the scripts.
	later []func()
}

func (p *parser) errorf(pos parse.Pos, format string, args ...any) {
	d := &parse.Diagnostic{File: p.name, Pos: pos, Severity: parse.SeverityError, Msg: fmt.Sprintf(format, args...)}
	if n := len(p.errs); n > 0 && p.errs[n-1].Pos == d.Pos && p.errs[n-1].Msg == d.Msg {
		// The same error at the same place once: "Bears#2 x7" names
		// the taken label for each copy.
		return
	}
	p.errs = append(p.errs, d)
}

// A line is one line of the source with its number and byte offset.
type line struct {
	text string
	n    int
	off  int
}

func (l line) pos(byteCol int) parse.Pos {
	byteCol = max(0, min(byteCol, len(l.text)))
	return parse.Pos{Line: l.n, Col: utf8.RuneCountInString(l.text[:byteCol]) + 1, Offset: l.off + byteCol}
}

// Parse reads a scenario file. It returns the file and, when the source
// has errors, a parse.ErrorList of every error, sorted by position, each
// printed "file:line:col: message"; the file then holds what could be
// read. It never panics.
func Parse(name string, src []byte) (*File, error) {
	p := &parser{name: name, f: &File{Scenario: engine.Scenario{Name: name}}, abPos: map[*game.Card][]parse.Pos{}, typePos: map[*game.Card]map[string]parse.Pos{}}
	var lines []line
	off := 0
	for i, t := range strings.SplitAfter(string(src), "\n") {
		if t == "" {
			continue
		}
		at := off
		off += len(t)
		if i == 0 {
			// A byte-order mark that an editor wrote is not text.
			if u, ok := strings.CutPrefix(t, "\ufeff"); ok {
				t, at = u, at+len("\ufeff")
			}
		}
		lines = append(lines, line{text: strings.TrimRight(t, "\r\n"), n: i + 1, off: at})
	}
	if !utf8.Valid(src) {
		p.errorf(parse.Pos{Line: 1, Col: 1}, "not UTF-8 text")
		return p.f, p.errs.Err()
	}
	section, sectionPos := "", parse.Pos{}
	var script *engine.Script
	var pendingCards []line
	for _, l := range lines {
		t := strings.TrimSpace(l.text)
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) >= 6 {
			head := strings.TrimSpace(t[3 : len(t)-3])
			sectionPos = l.pos(strings.Index(l.text, "--"))
			if len(p.f.Players) == 0 {
				p.f.Players = []string{"alice", "bob"} // the header is over
			}
			switch {
			case head == "cards":
				section = "cards"
			case head == "script" || strings.HasPrefix(head, "script:"):
				section = "script"
				script = &engine.Script{Name: strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(head, "script"), ":")), Pos: sectionPos}
				if script.Name == "" {
					script.Name = fmt.Sprintf("script %d", len(p.f.Scripts)+1)
				}
				p.f.Scripts = append(p.f.Scripts, script)
				p.labels = engine.Labels{}
			default:
				p.errorf(sectionPos, "unknown section %q (want cards or script: NAME)", head)
				section = "bad"
			}
			continue
		}
		if t == "" || strings.HasPrefix(t, "#") {
			if section == "" && strings.HasPrefix(t, "#") && p.f.Title == "" {
				p.f.Title = strings.TrimSpace(strings.TrimPrefix(t, "#"))
			}
			continue
		}
		switch section {
		case "":
			p.header(l)
		case "cards":
			pendingCards = append(pendingCards, l)
		case "script":
			if st := p.stmt(l); st != nil {
				script.Stmts = append(script.Stmts, st)
			}
		}
	}
	if len(p.f.Players) == 0 {
		p.f.Players = []string{"alice", "bob"}
	}
	for _, l := range pendingCards {
		p.card(l)
	}
	if len(p.f.Scripts) == 0 {
		p.errorf(parse.Pos{Line: max(1, len(lines)), Col: 1}, "no script section")
	}
	for _, s := range p.f.Scripts {
		for _, st := range s.Stmts {
			p.check(st)
		}
	}
	for _, f := range p.later {
		f()
	}
	p.errs.Sort()
	return p.f, p.errs.Err()
}

func (p *parser) header(l line) {
	k, v, ok := strings.Cut(l.text, ":")
	key := strings.TrimSpace(k)
	switch {
	case ok && key == "rev":
		p.f.Revs = strings.Fields(v)
		p.f.RevPos = nil
		if len(p.f.Revs) == 0 {
			p.errorf(l.pos(len(l.text)), "rev: expected one or more revisions")
		}
		at := len(k) + 1
		for _, r := range p.f.Revs {
			at += strings.Index(l.text[at:], r)
			p.f.RevPos = append(p.f.RevPos, l.pos(at))
			if from, to, isRange := strings.Cut(r, ".."); isRange && (from == "" || to == "" || strings.Contains(to, "..")) {
				p.errorf(l.pos(at), "rev: %q: a range is FROM..TO, two revisions", r)
			}
			at += len(r)
		}
	case ok && key == "keyword":
		for _, k := range strings.Split(v, ",") {
			if k = strings.TrimSpace(k); k != "" {
				p.f.Keywords = append(p.f.Keywords, k)
			}
		}
	case ok && key == "players":
		ps := strings.Fields(v)
		if len(ps) < 2 {
			p.errorf(l.pos(len(k)+1+len(v)-len(strings.TrimLeft(v, " \t"))), "players: expected two or more names")
			return
		}
		for i, n := range ps {
			for _, m := range ps[:i] {
				if strings.EqualFold(n, m) {
					p.errorf(l.pos(len(k)+1+strings.Index(v, n)), "players: %s is named twice", n)
					return
				}
			}
		}
		p.f.Players = ps
	default:
		p.errorf(l.pos(0), "expected rev:, keyword:, players:, a comment or a section before %q", strings.TrimSpace(l.text))
	}
}

// card reads "Name: {cost} Types — Subtypes P/T; ability; ability", a
// split card "A // B: {cost} Types; text // {cost} Types; text", or a
// double-faced card "Front // Back: {cost} Types; text // back: Types;
// text", known by the name of its front face.
func (p *parser) card(l line) {
	name, rest, ok := strings.Cut(l.text, ":")
	if !ok || strings.TrimSpace(name) == "" {
		p.errorf(l.pos(0), "card: expected \"Name: {cost} Types — Subtypes P/T; abilities\"")
		return
	}
	name = strings.TrimSpace(name)
	if p.f.Card(name) != nil {
		p.errorf(l.pos(0), "card %q defined twice", name)
		return
	}
	start := len(l.text) - len(rest)
	if names := strings.Split(name, "//"); len(names) == 2 {
		faces := strings.Split(rest, "//")
		if len(faces) == 2 {
			if back, ok := cutFold(strings.TrimLeft(faces[1], " "), "back:"); ok {
				// A double-faced card (712): its front face, then its
				// back face after "// back:".
				front := p.face(l, strings.TrimSpace(names[0]), faces[0], start)
				if front == nil {
					return
				}
				col := start + len(faces[0]) + 2 + len(faces[1]) - len(back)
				if front.Back = p.face(l, strings.TrimSpace(names[1]), back, col); front.Back == nil {
					return
				}
				p.f.Cards = append(p.f.Cards, &engine.CardDef{Card: front, Pos: l.pos(0), AbilityPos: p.abPos, TypePos: p.typePos, Src: l.text})
				return
			}
		}
		if len(faces) != 2 {
			p.errorf(l.pos(start), "split card %s: expected two halves separated by //", name)
			return
		}
		c := &game.Card{Name: name}
		col := start
		for i, face := range faces {
			h := p.face(l, strings.TrimSpace(names[i]), face, col)
			if h == nil {
				return
			}
			c.Halves = append(c.Halves, h)
			col += len(face) + 2
		}
		p.f.Cards = append(p.f.Cards, &engine.CardDef{Card: c, Pos: l.pos(0), AbilityPos: p.abPos, TypePos: p.typePos, Src: l.text})
		return
	}
	if c := p.face(l, name, rest, start); c != nil {
		p.f.Cards = append(p.f.Cards, &engine.CardDef{Card: c, Pos: l.pos(0), AbilityPos: p.abPos, TypePos: p.typePos, Src: l.text})
	}
}

// oneShot are the effects only an instant or sorcery follows as it
// resolves.
var oneShot = map[string]bool{"damage": true, "draw": true, "gain": true, "lose": true, "destroy": true, "counter": true, "create": true, "kickdamage": true, "addmana": true, "sacrifice": true, "venture": true, "initiative": true}

var supertypes = []string{"Legendary", "Basic", "Snow", "World"}

// cardTypes are the card types a card line may name before its dash:
// today's (205.2a) and the older ones the rules of 1999–2008 still name.
var cardTypes = []string{"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker", "Sorcery", "Tribal",
	"Conspiracy", "Dungeon", "Phenomenon", "Plane", "Scheme", "Vanguard", "Interrupt", "Summon"}

// maxAbilities bounds the abilities of one card line: printed cards
// have a handful, and each one is read with its column.
const maxAbilities = 64

// outOfRange finds a number in an ability's text past game.MaxNumber:
// its offset in text and the error.
func outOfRange(text string) (int, error) {
	for i := 0; i < len(text); i++ {
		if text[i] < '0' || text[i] > '9' {
			continue
		}
		j := i
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		if _, err := game.ParseNumber(text[i:j], 0, game.MaxNumber); err != nil {
			return i, err
		}
		i = j
	}
	return 0, nil
}

// face reads one card face, the text after the name; col is where it
// starts in the line.
func (p *parser) face(l line, name, text string, col int) *game.Card {
	c := &game.Card{Name: name}
	var star parse.Pos
	hasStar, nerrs := false, len(p.errs)
	parts := strings.Split(text, ";")
	head := parts[0]
	lead := len(head) - len(strings.TrimLeft(head, " "))
	h := strings.TrimSpace(head)
	if strings.HasPrefix(h, "{") {
		end := strings.LastIndexByte(h, '}')
		if sp := strings.IndexByte(h, ' '); sp > 0 && sp < end {
			end = strings.LastIndexByte(h[:sp], '}')
		}
		word := h
		if sp := strings.IndexByte(h, ' '); sp > 0 {
			word = h[:sp]
		}
		if strings.Contains(word[min(end+1, len(word)):], "{") {
			// "{1}{G Creature": a brace left open is the cost's
			// error, not the start of the type line.
			end = len(word) - 1
		}
		cost, err := game.ParseCost(h[:end+1])
		if err != nil {
			p.errorf(costPos(l, col+lead, err), "%s: %v", name, err)
			return nil
		}
		c.Cost = cost
		rest := h[end+1:]
		lead += end + 1 + len(rest) - len(strings.TrimLeft(rest, " "))
		h = strings.TrimSpace(rest)
	}
	typeLine, sub, hasSub := strings.Cut(h, "—")
	if !hasSub {
		typeLine, sub, hasSub = strings.Cut(h, " - ")
	}
	words := strings.Fields(typeLine)
	if hasSub {
		words = append(words, strings.Fields(sub)...)
	}
	if n := len(words); n > 0 && strings.Contains(words[n-1], "/") {
		pt := strings.SplitN(words[n-1], "/", 2)
		pw, e1 := game.ParseNumber(pt[0], -game.MaxNumber, game.MaxNumber)
		tg, e2 := game.ParseNumber(pt[1], -game.MaxNumber, game.MaxNumber)
		if pt[0] == "*" && pt[1] == "*" {
			// 208.2a: a characteristic-defining ability sets both; the
			// card is checked for it once its text is read.
			pw, tg, e1, e2 = 0, 0, nil, nil
			star = l.pos(col + strings.Index(text, words[n-1]))
			hasStar = true
		}
		if e1 != nil || e2 != nil {
			// The error of the number says why: not a number, or past
			// the bound every number of a scenario has.
			why := e1
			if why == nil {
				why = e2
			}
			p.errorf(l.pos(col+strings.Index(text, words[n-1])), "%s: bad power/toughness %q: %v", name, words[n-1], why)
			return nil
		}
		c.Power, c.Toughness, c.HasPT = pw, tg, true
		if hasSub {
			sub = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(sub), pt[0]+"/"+pt[1]))
		} else {
			typeLine = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(typeLine), pt[0]+"/"+pt[1]))
		}
	}
	hasDefense := false
	if n := len(words); n > 0 && !c.HasPT && (strings.Contains(typeLine, "Planeswalker") || strings.Contains(typeLine, "Battle")) {
		// A planeswalker's loyalty or a battle's defense, printed where
		// a creature's P/T is.
		if v, err := game.ParseNumber(words[n-1], 0, game.MaxNumber); err == nil {
			if strings.Contains(typeLine, "Planeswalker") {
				c.Loyalty = v
			} else {
				c.Defense, hasDefense = v, true
			}
			if hasSub {
				sub = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(sub), words[n-1]))
			} else {
				typeLine = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(typeLine), words[n-1]))
			}
		}
	}
	typeWords := strings.Fields(typeLine)
words:
	for i, w := range typeWords {
		switch {
		case slices.Contains(supertypes, w):
			c.Supertypes = append(c.Supertypes, w)
			p.typeAt(c, w, l.pos(col+strings.Index(text, w)))
		case slices.Contains(cardTypes, w):
			c.Types = append(c.Types, w)
			p.typeAt(c, w, l.pos(col+strings.Index(text, w)))
		case w == "Enchant":
			// A local enchantment of 1999–2005: "Enchant Creature" is
			// the type enchantment and the subtype enchant creature
			// (212.2 of 1999-04-23); the engine checks the revision
			// has it.
			at := l.pos(col + strings.Index(text, w))
			if i == len(typeWords)-1 || hasSub {
				p.errorf(at, "%s: a local enchantment's type line is \"Enchant\" and what it enchants, with no dash (Enchant Creature)", name)
				return nil
			}
			c.Types = append(c.Types, "Enchantment")
			p.typeAt(c, w, at)
			if rest := typeWords[i+1:]; len(rest) == 1 && rest[0] == "World" {
				// "Enchant World" is no subtype but a global
				// enchantment the world rule governs (212.4j of
				// 2003-07-01): the supertype world of later
				// revisions; the engine checks the revision has it.
				c.Supertypes = append(c.Supertypes, "World")
				break words
			}
			c.Subtypes = append(c.Subtypes, ability.LocalPrefix+strings.Join(typeWords[i+1:], " "))
			break words
		default:
			// "Shock: R Instant": a cost without braces is not a type.
			p.errorf(l.pos(col+strings.Index(text, w)), "%s: unknown card type %q (known: %s; a mana cost is written in braces, {R})", name, w, strings.Join(cardTypes, ", "))
			return nil
		}
	}
	if hasSub {
		c.Subtypes = strings.Fields(sub)
		if c.HasSubtype("Aura") {
			// Auras exist from 2005-08-01 only.
			p.typeAt(c, "Aura", l.pos(col+strings.Index(parts[0], "Aura")))
		}
		if c.Is("Dungeon") {
			// Dungeon types exist from 2022-06-10 only.
			for _, s := range c.Subtypes {
				p.typeAt(c, s, l.pos(col+strings.LastIndex(parts[0], s)))
			}
		}
	}
	if len(c.Types) == 0 {
		p.errorf(l.pos(col+lead), "%s: expected a card type (Creature, Instant, …)", name)
		return nil
	}
	if c.Is("Creature") && !c.HasPT {
		p.errorf(l.pos(col+lead), "%s: a creature needs power/toughness", name)
		return nil
	}
	if c.Is("Battle") && !c.Is("Planeswalker") && !hasDefense {
		p.errorf(l.pos(col+lead), "%s: a battle needs a defense, printed where a creature's power/toughness is (Battle — Siege 5)", name)
		return nil
	}
	at := col + len(parts[0]) + 1
	if len(parts) > maxAbilities+1 {
		p.errorf(l.pos(col), "%s: %d abilities: a card has at most %d", name, len(parts)-1, maxAbilities)
		return nil
	}
	var arrows []roomArrows
	for _, part := range parts[1:] {
		pos := l.pos(at + len(part) - len(strings.TrimLeft(part, " ")))
		at += len(part) + 1
		t := strings.TrimSpace(part)
		if t == "" {
			continue
		}
		if c.Is("Dungeon") {
			// A dungeon's text is its rooms (309.4).
			room, next, tr, err := ability.ReadRoom(part, name)
			if err != nil {
				p.errorf(l.pos(at-len(part)-1+errOffset(err)), "%s: %v", name, err)
				continue
			}
			c.Rooms = append(c.Rooms, game.Room{Name: room, Ability: tr})
			arrows = append(arrows, roomArrows{next: next, part: part, col: at - len(part) - 1})
			continue
		}
		if i, err := outOfRange(part); err != nil {
			// "gain 9223372036854775807 life" would wrap around.
			p.errorf(l.pos(at-len(part)-1+i), "%s: %v", name, err)
			continue
		}
		if m, many, ok := cutModes(t); ok {
			mat := pos.Offset - l.off + len(t) - len(m)
			c.ModesMany = many
			modes := strings.Split(m, "•")
			for _, mode := range modes {
				if cost, rest, ok := modeCost(mode); ok {
					// "+ {1} — EFFECT" (spree), "{1} — EFFECT" (tiered).
					c.ModeCosts = append(c.ModeCosts, cost)
					mat += len(mode) - len(rest)
					mode = rest
				}
				e, err := game.ParseEffect(mode)
				if err == nil {
					err = game.CheckDamageSource(e, name)
				}
				if err != nil {
					p.errorf(l.pos(mat+len(mode)-len(strings.TrimLeft(mode, " "))), "%s: %v", name, err)
				} else {
					c.Modes = append(c.Modes, e)
				}
				mat += len(mode) + len("•")
			}
			if len(c.ModeCosts) > 0 && len(c.ModeCosts) != len(modes) {
				p.errorf(pos, "%s: every mode has a cost (\"+ {1} — EFFECT\"), or none has", name)
			}
			continue
		}
		if v, ok := cutFold(t, "color indicator:"); ok {
			// A colour indicator (204): the card's colour besides its
			// mana cost's.
			col, ok := game.ParseColor(v)
			if !ok || col == 0 {
				p.errorf(pos, "%s: %q: expected a colour after \"Color indicator:\"", name, t)
				continue
			}
			c.Indicator = col
			continue
		}
		a, isKw, err := game.ParseAbility(t)
		if err != nil {
			p.errorf(pos, "%s: %v", name, err)
			continue
		}
		if isKw {
			a.At = len(c.Effects)
			c.Abilities = append(c.Abilities, a)
			p.abPos[c] = append(p.abPos[c], pos)
			continue
		}
		if add, ok, err := game.ParseAdditional(part, name); ok {
			if err != nil {
				p.errorf(l.pos(at-len(part)-1+errOffset(err)), "%s: %v", name, err)
			}
			c.Additional = add
			continue
		}
		if st, ok, err := ability.ReadStatic(part, name); ok {
			if err != nil {
				p.errorf(l.pos(at-len(part)-1+errOffset(err)), "%s: %v", name, err)
				continue
			}
			for _, a := range st {
				c.Statics = append(c.Statics, a.(game.Printed))
			}
			continue
		}
		read := ability.ReadTriggered
		if c.HasSubtype("Saga") {
			// Chapter abilities (714.2) are a Saga's only.
			read = func(text, self string) (*ability.Trigger, bool, error) {
				if tr, ok, err := ability.ReadChapter(text, self); ok {
					return tr, ok, err
				}
				return ability.ReadTriggered(text, self)
			}
		}
		if tr, ok, err := read(part, name); ok {
			if err != nil {
				p.errorf(l.pos(at-len(part)-1+errOffset(err)), "%s: %v", name, err)
				continue
			}
			if tr.Delayed != "" {
				// A spell's delayed triggered ability (603.7) is an
				// instruction of the spell, followed as it resolves.
				if len(tr.Effects) != 1 || tr.Effects[0].Kind != "effect" {
					p.errorf(pos, "%s: %q: a delayed triggered ability has one effect of a spell's text", name, t)
					continue
				}
				e := tr.Effects[0].Effect
				e.Delayed, e.Text = tr.Delayed, tr.Note
				c.Effects = append(c.Effects, e)
				continue
			}
			c.Triggered = append(c.Triggered, tr)
			continue
		}
		if game.IsActivated(t) {
			if c.Is("Instant") || c.Is("Sorcery") {
				// An activated ability is of an object that stays; a
				// spell's text is followed as it resolves.
				p.errorf(pos, "%s: %q is an activated ability (COST: EFFECT), which an instant or sorcery does not have", name, t)
				continue
			}
			a, err := game.ParseActivated(part, name)
			if err != nil {
				p.errorf(l.pos(at-len(part)-1+errOffset(err)), "%s: %v", name, err)
				continue
			}
			c.Activated = append(c.Activated, a)
			continue
		}
		if low := strings.ToLower(t); strings.HasPrefix(low, strings.ToLower(name)+"'s power and toughness ") {
			// "NAME's power and toughness are each equal to …": the
			// card's own.
			t = "This creature" + t[len(name):]
		} else if strings.HasPrefix(low, strings.ToLower(name)+" is ") {
			// "NAME is all colors", "NAME is every creature type": a
			// characteristic-defining ability of the card's own (604.3).
			t = "This object" + t[len(name):]
		}
		e, err := game.ParseEffect(t)
		if err == nil {
			err = game.CheckDamageSource(e, name)
		}
		if err != nil {
			at := pos
			if ee, ok := err.(*game.EffectError); ok {
				at = l.pos(pos.Offset - l.off + ee.Offset)
			}
			p.errorf(at, "%s: %v", name, err)
			continue
		}
		if e.Verb == "sacrifice" && (c.Is("Instant") || c.Is("Sorcery")) {
			// "Sacrifice it" is a permanent's triggered ability's; a
			// spell is not a permanent to sacrifice.
			p.errorf(pos, "%s: %q: a spell is not a permanent; only a permanent's triggered ability sacrifices it", name, t)
			continue
		}
		if e.Verb == "continuous" && (e.Cont.Defining || !c.Is("Instant") && !c.Is("Sorcery")) {
			if e.Target != "" {
				p.errorf(pos, "%s: %q on a permanent is not understood: a static ability applies to what it names, without a target", name, t)
				continue
			}
			e.Verb = "static" // 604.1: a permanent's continuous effect is a static ability
		}
		if oneShot[e.Verb] && !c.Is("Instant") && !c.Is("Sorcery") {
			// A permanent's text is not followed as it resolves: "deals 2
			// damage" on a creature is a triggered ability whose trigger
			// is missing, not an instruction to guess.
			p.errorf(pos, "%s: %q on a permanent is not understood: a permanent's text is a static or triggered ability (\"When %s enters the battlefield, …\")", name, t, name)
			continue
		}
		if e.Cont != nil && e.Cont.Define != "" && !hasStar {
			p.errorf(pos, "%s: %q needs */* as the card's power/toughness (208.2a)", name, t)
			continue
		}
		c.Effects = append(c.Effects, e)
	}
	if c.Is("Dungeon") && len(p.errs) == nerrs && !p.rooms(l, c, arrows) {
		return nil
	}
	if hasStar && len(p.errs) == nerrs && !slices.ContainsFunc(c.Effects, func(e game.Effect) bool { return e.Cont != nil && e.Cont.Define != "" }) {
		p.errorf(star, "%s: power/toughness */* needs an ability that defines them (\"This creature's power and toughness are each equal to the number of …\", 208.2a)", name)
		return nil
	}
	return c
}

// typeAt notes that word of face c's type line is written at pos.
func (p *parser) typeAt(c *game.Card, word string, pos parse.Pos) {
	if p.typePos[c] == nil {
		p.typePos[c] = map[string]parse.Pos{}
	}
	p.typePos[c][word] = pos
}

// roomArrows are the names a room's arrows point to, as written in
// part, which starts at column col of the line.
type roomArrows struct {
	next []string
	part string
	col  int
}

// rooms links the rooms of dungeon c by their arrows: a room with none
// written leads to the next one listed, and the last is the bottommost
// (309.4). An arrow points down, to a room listed later; one naming no
// such room is an error at its column.
func (p *parser) rooms(l line, c *game.Card, arrows []roomArrows) bool {
	if len(c.Rooms) == 0 {
		p.errorf(l.pos(0), "%s: a dungeon needs rooms (\"NAME — EFFECT → NAME, NAME\", 309.4)", c.Name)
		return false
	}
	ok := true
	for i, a := range arrows {
		if a.next == nil && i+1 < len(c.Rooms) {
			c.Rooms[i].Next = []int{i + 1}
		}
		for _, n := range a.next {
			j := slices.IndexFunc(c.Rooms, func(r game.Room) bool { return strings.EqualFold(r.Name, n) })
			if j <= i {
				p.errorf(l.pos(a.col+strings.LastIndex(a.part, n)), "%s: room %s: an arrow points to a room listed after it, not %q", c.Name, c.Rooms[i].Name, n)
				ok = false
				continue
			}
			c.Rooms[i].Next = append(c.Rooms[i].Next, j)
		}
	}
	if last := arrows[len(arrows)-1]; last.next != nil {
		p.errorf(l.pos(last.col+strings.Index(last.part, last.next[0])), "%s: the last room listed is the bottommost: no arrow points away from it", c.Name)
		ok = false
	}
	return ok
}

// errOffset is where, in the text given, a *game.CostError or a
// *game.EffectError went wrong.
func errOffset(err error) int {
	var ce *game.CostError
	if errors.As(err, &ce) {
		return ce.Offset
	}
	var ee *game.EffectError
	if errors.As(err, &ee) {
		return ee.Offset
	}
	return 0
}

// cutFold cuts prefix from s, case ignored, and trims what is left.
func cutFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return "", false
	}
	return strings.TrimSpace(s[len(prefix):]), true
}

// cutModes cuts the modes off a modal spell's text: after "Choose one —"
// or "Choose one or more —" (many), or the modes alone, each led by a
// plus sign and its cost ("+ {1} — A • + {2} — B", spree's, 702.172b) or
// the first by a bullet ("• {0} — A • {1} — B", tiered's). It reports
// false for other text.
func cutModes(t string) (modes string, many, ok bool) {
	if m, ok := strings.CutPrefix(t, "Choose one or more —"); ok {
		return m, true, true
	}
	if m, ok := strings.CutPrefix(t, "Choose one —"); ok {
		return m, false, true
	}
	if strings.HasPrefix(t, "+ {") {
		return t, false, true
	}
	if m, ok := strings.CutPrefix(t, "•"); ok {
		return m, false, true
	}
	return "", false, false
}

// modeCost reads the cost a mode's effect is printed after: "+ {1} —
// EFFECT" or "{1} — EFFECT"; rest is the effect.
func modeCost(mode string) (cost game.Cost, rest string, ok bool) {
	t := strings.TrimLeft(mode, " ")
	t = strings.TrimPrefix(t, "+ ")
	if !strings.HasPrefix(t, "{") {
		return game.Cost{}, mode, false
	}
	sym, after, found := strings.Cut(t, " — ")
	if !found {
		return game.Cost{}, mode, false
	}
	c, err := game.ParseCost(sym)
	if err != nil {
		return game.Cost{}, mode, false
	}
	return c, after, true
}
