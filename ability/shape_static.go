package ability

import (
	"fmt"
	"strings"

	"github.com/crules/crules/game"
)

// The grammar of static abilities that restrict blocks and targets, one
// for the rules' keyword definitions (their quoted definition, or for an
// evasion ability without one the subrule "A creature with KEYWORD …")
// and for the card text of scenarios (ReadStatic):
//
//	static    = subject "can't be blocked" blocked {", and" other} {"." subject "can block a creature with or without" KEYWORD}
//	          | subject "can block only creatures with" KEYWORD
//	          | subject "can't be the target of spells or abilities" ["your opponents control"]
//	          | subject cantblock (shape_cantblock.go)
//	subject   = "A creature with" KEYWORD | "This creature" | "This permanent" | "This permanent or player" | NAME
//	blocked   = "except by" blockers {"and/or" blockers}
//	          | "by creatures without" KEYWORD | "by creatures with greater power"
//	other     = "a creature without" KEYWORD "can't be blocked by creatures with" KEYWORD
//	          | prevent | saves (shape_replace.go)
//	blockers  = ["artifact" | COLOR] "creatures" | "creatures that share a color with it" | "creatures with" KEYWORD
//
// A rule's reminder "(See rule 509, …)" is no part of the ability. The
// second clause of shadow's subrule ("a creature without shadow can't be
// blocked by creatures with shadow") restricts the creature with the
// ability as a blocker: it is a CanBlockOnly.

// CanBlockOnly says a creature can block only attackers for which
// Allows(attacker) holds. Note's arguments: the blocker's label, the
// attacker's.
type CanBlockOnly struct {
	Base
	Allows func(attacker *game.Object) bool
	Text   string // as printed on a card; "" for a keyword's
}

// PrintedText is the card text the ability was read from.
func (r *BlockRestriction) PrintedText() string { return r.Text }

// PrintedText is the card text the ability was read from.
func (r *CanBlockOnly) PrintedText() string { return r.Text }

// PrintedText is the card text the ability was read from.
func (u *Untargetable) PrintedText() string { return u.Text }

// staticSubjects are the subjects a static ability of card text or of
// a keyword's rule names its own object by.
var staticSubjects = []string{"this permanent or player", "this permanent", "this creature", "this object"}

// readStatic reads t (no final period) as static abilities of the object
// named self ("" in a keyword's rule), kw the keyword whose rule it is
// ("" for card text). It reports false when t is none of the shapes.
func readStatic(t, self, kw string) ([]Ability, bool, error) {
	t = strings.TrimSpace(t)
	if i := strings.Index(t, " (See rule"); i >= 0 {
		t = strings.TrimSuffix(strings.TrimSpace(t[:i]), ".")
	}
	t = strings.TrimSuffix(t, ".")
	if x, ok, err := readExert(t, self); ok {
		if err != nil {
			return nil, true, err
		}
		return []Ability{x}, true, nil
	}
	if w, ok := readDevour(normalPart(t)); ok {
		return []Ability{w}, true, nil
	}
	if w, ok := readTribute(normalPart(t)); ok {
		return []Ability{w}, true, nil
	}
	if c, ok, err := readEntersAsCopy(t, self); ok {
		if err != nil {
			return nil, true, err
		}
		return []Ability{c}, true, nil
	}
	if w, ok, err := readEntersWith(t, self); ok {
		if err != nil {
			return nil, true, err
		}
		return []Ability{w}, true, nil
	}
	if r, ok, err := readReplacement(t, self); ok {
		if err != nil {
			return nil, true, err
		}
		return []Ability{r}, true, nil
	}
	low := strings.ToLower(t)
	at := 0
	switch {
	case kw != "" && hasWord(low, "a creature with "+strings.ToLower(kw)):
		at = len("a creature with " + kw)
	case self != "" && hasWord(low, strings.ToLower(self)):
		at = len(self)
	default:
		for _, s := range staticSubjects {
			if hasWord(low, s) {
				at = len(s)
				break
			}
		}
	}
	if at == 0 {
		return nil, false, nil
	}
	who := strings.TrimSpace(t[:at])
	rest := strings.TrimSpace(low[at:])
	restAt := len(low) - len(rest)
	base := Base{Keyword: kw, Rule: []string{"can't be blocked", "can't be the target", "can block only"}}
	switch {
	case strings.HasPrefix(rest, "can't be the target of spells or abilities"):
		tail := strings.TrimSpace(strings.TrimPrefix(rest, "can't be the target of spells or abilities"))
		u := &Untargetable{Base: base}
		switch tail {
		case "":
		case "your opponents control":
			u.ByOpponents = true
		default:
			return nil, true, textErr(len(low)-len(tail), "unknown end %q of \"can't be the target of spells or abilities\" (known: \"your opponents control\")", t[len(low)-len(tail):])
		}
		u.Note = "%s can't be the target of spells or abilities"
		if u.ByOpponents {
			u.Note += " its opponents control"
		}
		return []Ability{u}, true, nil
	case strings.HasPrefix(rest, "can block only creatures with "):
		k := strings.TrimPrefix(rest, "can block only creatures with ")
		if k == "" || strings.Contains(k, " ") {
			return nil, true, textErr(restAt+len("can block only creatures with "), "expected a keyword after \"can block only creatures with\" at %q", t[restAt:])
		}
		return []Ability{&CanBlockOnly{Base: withNote(base, "%s can block only creatures with "+k+", and %s has no "+k), Allows: func(a *game.Object) bool { return a.Has(k) }}}, true, nil
	case strings.HasPrefix(rest, "can't block"):
		c, tail, ok := readCantBlock(rest)
		if !ok {
			return nil, false, nil
		}
		if tail != "" {
			return nil, true, textErr(len(low)-len(tail), "unknown end %q of \"can't block\" (known: \"as long as it has a KIND counter on it\")", t[len(low)-len(tail):])
		}
		return []Ability{c}, true, nil
	case strings.HasPrefix(rest, "can't be blocked "):
	default:
		return nil, false, nil
	}
	var out []Ability
	for i, sentence := range strings.Split(t[restAt:], ". ") {
		s := strings.ToLower(strings.TrimSpace(sentence))
		if i > 0 {
			// "A creature with horsemanship can block a creature with
			// or without horsemanship": it says no restriction.
			if kw != "" && s == fmt.Sprintf("a creature with %s can block a creature with or without %s", strings.ToLower(kw), strings.ToLower(kw)) {
				restAt += len(sentence) + 2
				continue
			}
			return nil, true, textErr(restAt, "unknown sentence %q after an evasion ability", sentence)
		}
		for j, clause := range strings.Split(s, ", and ") {
			if j == 0 {
				r, err := readBlocked(strings.TrimPrefix(clause, "can't be blocked "), who, base)
				if err != nil {
					return nil, true, textErr(restAt, "%v", err)
				}
				out = append(out, r)
				continue
			}
			// "a creature without shadow can't be blocked by creatures
			// with shadow": the object with the ability can block only
			// creatures with it.
			var k1, k2 string
			if n, _ := fmt.Sscanf(clause, "a creature without %s can't be blocked by creatures with %s", &k1, &k2); n != 2 || k1 != k2 || clause != fmt.Sprintf("a creature without %s can't be blocked by creatures with %s", k1, k2) {
				return nil, true, textErr(restAt, "unknown clause %q (known: \"a creature without KEYWORD can't be blocked by creatures with KEYWORD\")", clause)
			}
			out = append(out, &CanBlockOnly{Base: withNote(base, "%s has "+k1+" and can block only creatures with "+k1+", and %s has none"), Allows: func(a *game.Object) bool { return a.Has(k1) }})
		}
		restAt += len(sentence) + 2
	}
	return out, true, nil
}

func withNote(b Base, note string) Base {
	b.Note = note
	return b
}

// readBlocked reads what follows "can't be blocked": the blockers that
// may block the object who names (its subject, "A creature with fear").
func readBlocked(s, who string, base Base) (*BlockRestriction, error) {
	subject := "%s"
	if k, ok := strings.CutPrefix(strings.ToLower(who), "a creature with "); ok {
		subject = "%s has " + k + " and"
	}
	if by, ok := strings.CutPrefix(s, "by creatures "); ok {
		switch {
		case by == "with greater power":
			return &BlockRestriction{Base: withNote(base, subject+" can't be blocked by creatures with greater power, such as %s"),
				Allows: func(att, b *game.Object) bool { return b.Power() <= att.Power() }}, nil
		case strings.HasPrefix(by, "without ") && !strings.Contains(by[len("without "):], " "):
			k := by[len("without "):]
			return &BlockRestriction{Base: withNote(base, subject+" can't be blocked by creatures without "+k+", such as %s"),
				Allows: func(_, b *game.Object) bool { return b.Has(k) }}, nil
		}
		return nil, fmt.Errorf("unknown blockers %q (known: \"by creatures without KEYWORD\", \"by creatures with greater power\", \"except by …\")", "by creatures "+by)
	}
	list, ok := strings.CutPrefix(s, "except by ")
	if !ok {
		return nil, fmt.Errorf("unknown restriction %q (known: \"can't be blocked except by …\", \"can't be blocked by creatures without KEYWORD\")", "can't be blocked "+s)
	}
	var allow []func(att, b *game.Object) bool
	for _, g := range strings.Split(list, " and/or ") {
		f, err := readBlockers(strings.TrimSpace(g))
		if err != nil {
			return nil, err
		}
		allow = append(allow, f)
	}
	return &BlockRestriction{Base: withNote(base, subject+" can't be blocked except by "+list+", and %s is not one"),
		Allows: func(att, b *game.Object) bool {
			for _, f := range allow {
				if f(att, b) {
					return true
				}
			}
			return false
		}}, nil
}

// readBlockers reads one group of creatures after "except by".
func readBlockers(g string) (func(att, b *game.Object) bool, error) {
	switch {
	case g == "creatures that share a color with it":
		return func(att, b *game.Object) bool { return att.Colors()&b.Colors() != 0 }, nil
	case strings.HasPrefix(g, "creatures with ") && !strings.Contains(g[len("creatures with "):], " "):
		k := g[len("creatures with "):]
		return func(_, b *game.Object) bool { return b.Has(k) }, nil
	case g == "artifact creatures":
		return func(_, b *game.Object) bool { return b.Is("Artifact") }, nil
	}
	if c, ok := strings.CutSuffix(g, " creatures"); ok {
		if col, ok := game.ParseColor(c); ok && col != 0 {
			return func(_, b *game.Object) bool { return b.Colors()&col != 0 }, nil
		}
	}
	return nil, fmt.Errorf("unknown blockers %q (known: \"artifact creatures\", \"COLOR creatures\", \"creatures that share a color with it\", \"creatures with KEYWORD\")", g)
}

// ReadStatic reads a static ability as card text prints it ("This
// creature can't be blocked except by artifact creatures and/or black
// creatures", "NAME can block only creatures with flying", "This
// creature can't be the target of spells or abilities") on the card named
// self, by the grammar keyword rules compile with. It reports false when
// text is none of its shapes; an error is a *TextError at the part not
// understood, its Offset in bytes of text.
func ReadStatic(text, self string) ([]Ability, bool, error) {
	lead := len(text) - len(strings.TrimLeft(text, " \t"))
	out, ok, err := readStatic(text, self, "")
	if err != nil {
		ee := err.(*TextError)
		return nil, true, &TextError{Offset: lead + ee.Offset, Msg: ee.Msg}
	}
	printed := strings.TrimSuffix(strings.TrimSpace(text), ".")
	for _, a := range out {
		switch a := a.(type) {
		case *BlockRestriction:
			a.Text = printed
		case *CanBlockOnly:
			a.Text = printed
		case *CantBlock:
			a.Text = printed
		case *EntersWith:
			a.Text = printed
		case *EntersAsCopy:
			a.Text = printed
		case *Untargetable:
			a.Text = printed
		case *Prevents:
			a.Text = printed
		case *SavesEnchanted:
			a.Text = printed
		}
	}
	return out, ok, nil
}
