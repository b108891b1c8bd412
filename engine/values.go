package engine

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
	"github.com/crules/crules/parse"
)

// values reports, as errors at their columns, the values of f's
// statements that no game of revision rev can have: a sector
// designation it does not name, a player's speed or the initiative where
// it has none, a keyword ability it does not define (or a quality of one
// it does not, 702.16a's "purple is not a quality"), a card type it does
// not have. Card text is checked likewise by undefined.
func values(f *Scenario, rules *game.Rules, specs *specSet, rev string) parse.ErrorList {
	rv := &engine{specs: specs, rules: rules}
	var errs parse.ErrorList
	errorf := func(pos parse.Pos, format string, args ...any) {
		errs = append(errs, &parse.Diagnostic{File: f.Name, Pos: pos, Severity: parse.SeverityError, Msg: fmt.Sprintf(format, args...)})
	}
	// A player has a speed in a revision that defines the keyword
	// ability that gives one (702.179); looked up only for a file that
	// sets or checks one.
	speeds := sync.OnceValues(func() (bool, string) {
		sp, ok := ability.DeclaredOf[*ability.Speed](rv)
		return ok && specs.find(sp.Keyword) != nil, sp.Keyword
	})
	for _, sc := range f.Scripts {
		for _, st := range sc.Stmts {
			switch {
			case st.Verb == "speed" && st.N > 0:
				if ok, kw := speeds(); !ok {
					errorf(st.ValuePos, "speed: %d: revision %s has no speed (%s is none of its keywords): expected 0", st.N, rev, kw)
				}
			case st.Verb != "expect":
			case st.Expect == "speed" && st.Value != "none":
				if ok, kw := speeds(); !ok {
					errorf(st.ValuePos, "expect speed: %q: revision %s has no speed (%s is none of its keywords): expected none", st.Value, rev, kw)
				}
			case st.Expect == "initiative" && !strings.EqualFold(st.Value, "none") && rules.Titled(ability.TheInitiative.Titles...) == nil:
				errorf(st.ValuePos, "expect initiative: %q: the initiative is not a designation of revision %s (it has no rules titled %s): expected none", st.Value, rev, ability.TheInitiative.Titles[0])
			case st.Expect == "sector":
				v := strings.ToLower(strings.TrimSuffix(st.Value, " sector"))
				sectors, ref := rv.sectorNames()
				switch {
				case v == "none" || slices.Contains(sectors, v):
				case len(sectors) > 0:
					errorf(st.ValuePos, "expect sector: %q: expected a sector designation of revision %s (%s, %s) or none", st.Value, rev, strings.Join(sectors, ", "), ref.Name())
				default:
					errorf(st.ValuePos, "expect sector: %q: revision %s has no sector designations: expected none", st.Value, rev)
				}
			case st.Expect == "designations" && !strings.EqualFold(st.Value, "none"):
				// The designations modelled (renowned, 702.112b; saddled,
				// 702.171b; monstrous, 701.37b; harnessed, 701.64b), each of the
				// revisions that define its keyword (or keyword action).
				at := 0
				for _, part := range strings.Split(st.Value, ",") {
					lead := len(part) - len(strings.TrimLeft(part, " "))
					pos := valuePos(st, at+lead)
					at += len(part) + 1
					w := strings.TrimSpace(part)
					i := slices.IndexFunc(ability.Designations, func(d ability.Designation) bool { return strings.EqualFold(w, d.Name) })
					if i < 0 {
						var names []string
						for _, d := range ability.Designations {
							names = append(names, d.Name)
						}
						errorf(pos, "expect designations: %q: expected %s or none", w, strings.Join(names, ", "))
					} else if d := ability.Designations[i]; specs.find(d.Keyword) == nil {
						errorf(pos, "expect designations: %s is not a designation of revision %s (it does not define %s): expected none", d.Name, rev, strings.ToLower(d.Keyword))
					}
				}
			case st.Expect == "types":
				types, _, _ := strings.Cut(strings.NewReplacer(" - ", "—").Replace(st.Value), "—")
				for _, w := range strings.Fields(types) {
					for _, k := range kinds {
						if strings.EqualFold(w, k.typ) && rules.Titled(k.titles...) == nil {
							errorf(valuePos(st, strings.Index(st.Value, w)), "expect types: %s is not a card type of revision %s (it has no rules titled %s)", w, rev, k.titles[0])
						}
					}
				}
			case st.Expect == "abilities":
				at := 0
				for _, part := range strings.Split(st.Value, ",") {
					lead := len(part) - len(strings.TrimLeft(part, " "))
					pos := valuePos(st, at+lead)
					at += len(part) + 1
					a, isKw, err := game.ParseAbility(strings.TrimSpace(part))
					if err != nil || !isKw {
						continue // an error the scenario parser reports
					}
					if msg := rv.undefinedKeyword(a, f.Players, rev); msg != "" {
						errorf(pos, "expect abilities: %s", msg)
					}
				}
			}
		}
	}
	return errs
}

// valuePos is where byte i of st's value is.
func valuePos(st *Stmt, i int) parse.Pos {
	if i < 0 || i > len(st.Value) {
		return st.ValuePos
	}
	p := st.ValuePos
	p.Col += utf8.RuneCountInString(st.Value[:i])
	p.Offset += i
	return p
}

// undefinedKeyword says why the revision rev does not define keyword
// instance a, the ability a max speed ability of it grants included:
// its keyword is none of the revision's, or its quality (protection
// from purple) none the revision's rules of it allow (players are the
// game's); "" when it defines it.
func (e *engine) undefinedKeyword(a game.Ability, players []string, rev string) string {
	insts := []game.Ability{a}
	if game.Keywords()[a.Keyword] == game.GrantParam {
		g, _, _ := game.ParseAbility(a.Quality)
		insts = append(insts, g)
	}
	for _, a := range insts {
		if e.specs.find(a.Keyword) == nil {
			return fmt.Sprintf("%s is not a keyword of revision %s", a.Keyword, rev)
		}
		if err := ability.CheckQuality(a, e, e.rules, players); err != nil {
			return fmt.Sprintf("%s: %v (revision %s, %s)", a.Text, err, rev, e.kw(a.Keyword, " is written", "written").ID)
		}
	}
	return ""
}
