package engine

import (
	"slices"
	"strings"
	"sync"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// Sector designations (702.158, from 2022-10-07): while a permanent with
// an ability of kind ability.Sculpts is on the battlefield, the
// state-based action of 704.5u has each creature without a sector
// designation get one, chosen by its controller (the statement's
// "; sector A=alpha" choice, or "PLAYER sectors A=alpha"; without one
// the action waits for it); a permanent keeps its designation until no
// player controls a permanent with the ability or an ability whose
// source has it.
var sbaSector = []string{"creatures without a sector designation are on the battlefield"}

// designated are the permanents whose abilities give players or
// permanents a value or designation, read in one pass over the
// battlefield: those with a Sculpts ability (sc, the first), and, by
// controller, the first with a Speed ability.
type designated struct {
	sculptors []*game.Object
	sc        *ability.Sculpts
	speed     map[*game.Player]*game.Object
	sp        *ability.Speed
}

// designations reads the battlefield for designated: only the keyword
// abilities whose declarations make those kinds, without expanding the
// others.
func (e *engine) designations() designated {
	var d designated
	names := designatorNames()
	for _, o := range e.s.Battlefield() {
		if !slices.ContainsFunc(o.Abilities(), func(a game.Ability) bool {
			return slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, a.Keyword) })
		}) {
			continue
		}
		for _, a := range ability.Of(o, e) {
			switch a := a.(type) {
			case *ability.Sculpts:
				if !slices.Contains(d.sculptors, o) {
					d.sculptors, d.sc = append(d.sculptors, o), a
				}
			case *ability.Speed:
				if d.speed == nil {
					d.speed = map[*game.Player]*game.Object{}
				}
				if d.speed[o.Controller()] == nil {
					d.speed[o.Controller()], d.sp = o, a
				}
			}
		}
	}
	return d
}

// sectors returns 704.5u: each creature without a sector designation
// gets the one its controller chooses, the players who control no
// permanent with space sculptor first; the refusal of a choice missing.
func (e *engine) sectors(d designated) ([]func(), error) {
	sculptors, sc := d.sculptors, d.sc
	if sc == nil {
		return nil, nil
	}
	r := e.sbaRef(sbaSector...)
	if r.IsZero() {
		return nil, nil
	}
	var without []*game.Object
	for _, o := range e.s.Battlefield() {
		if o.Is("Creature") && o.Sector == 0 {
			without = append(without, o)
		}
	}
	if len(without) == 0 {
		return nil, nil
	}
	// The players who control none of the sculptors choose first.
	var first, then []*game.Player
	for _, p := range e.s.InGame() {
		if !slices.ContainsFunc(without, func(o *game.Object) bool { return o.Controller() == p }) {
			continue
		}
		if slices.ContainsFunc(sculptors, func(o *game.Object) bool { return o.Controller() == p }) {
			then = append(then, p)
		} else {
			first = append(first, p)
		}
	}
	chosen := map[*game.Object]string{}
	names, _ := e.sectorNames()
	for _, p := range append(first, then...) {
		for _, o := range without {
			if o.Controller() != p {
				continue
			}
			s, err := e.sectorOf(r, sc, o)
			if err != nil {
				return nil, err
			}
			chosen[o] = s
		}
	}
	return []func(){func() {
		for _, p := range append(first, then...) {
			var got []string
			for _, o := range without {
				if o.Controller() == p {
					o.Sector = uint8(slices.Index(names, chosen[o]) + 1)
					delete(e.sectorPicks, o)
					got = append(got, o.Label+" "+chosen[o])
				}
			}
			how := "controlling a permanent with space sculptor, after those who control none"
			if slices.Contains(first, p) {
				how = "controlling no permanent with space sculptor, first"
			}
			e.s.Cite(r, "%s, %s, chooses a sector designation for each creature they control without one: %s", p.Name, how, strings.Join(got, ", "))
		}
	}}, nil
}

// sectorOf is the sector designation creature o's controller chose for
// it: by this statement's "sector" choice or an earlier one, kept while
// the state-based action waits for another player's; without one it
// waits for it.
func (e *engine) sectorOf(r game.Ref, sc *ability.Sculpts, o *game.Object) (string, error) {
	p := o.Controller()
	if s, ok := e.sectorPicks[o]; ok {
		return s, nil
	}
	if e.cur != nil {
		if cl := e.cur.Clause("sector"); cl != nil {
			for _, n := range cl.Names {
				name, sector, _ := strings.Cut(n.Text, "=")
				if !strings.EqualFold(strings.TrimSpace(name), o.Label) {
					continue
				}
				if e.cur.Verb == "sector" && !strings.EqualFold(e.cur.Player, p.Name) {
					return "", refuse("%s can't choose the sector designation of %s: %s controls it and chooses%s", e.cur.Player, o.Label, p.Name, see(r))
				}
				s := strings.ToLower(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(sector), " sector")))
				if sectors, ref := e.sectorNames(); !slices.Contains(sectors, s) {
					return "", refuse("%q is no sector designation: the sector designations are %s%s", sector, strings.Join(sectors, ", "), see(ref))
				}
				e.sectored = true
				e.sectorPicks[o] = s
				return s, nil
			}
		}
	}
	sectors, _ := e.sectorNames()
	return "", refuse("the state-based action%s waits for %s's choice of a sector designation (%s) for %s; write \"; sector %s=alpha\" on the action or \"%s sectors %s=alpha\"", see(r), p.Name, strings.Join(sectors, ", "), o.Label, o.Label, p.Name, o.Label)
}

// unsectored refuses a statement whose "sector" choice designated
// nothing: no creature without a sector designation it names waited for
// one.
func (e *engine) unsectored(st *Stmt) error {
	cl := st.Clause("sector")
	if cl == nil || e.sectored {
		return nil
	}
	return refuse("sector: no state-based action lets a player choose a sector designation for %s%s", cl.Names[0].Text, see(e.sbaRef(sbaSector...)))
}

// sectorName is the name of o's sector designation, "" for none.
func (e *engine) sectorName(o *game.Object) string {
	sectors, _ := e.sectorNames()
	if o.Sector == 0 || int(o.Sector) > len(sectors) {
		return ""
	}
	return sectors[o.Sector-1]
}

// sectorNames are the sector designations of the revision run, read
// from the rule that names them, which the declaration of the ability
// of kind ability.Sculpts anchors (702.158b: "The sector designations
// are alpha sector, beta sector, and gamma sector."), with that rule;
// none in a revision without it.
func (e *engine) sectorNames() ([]string, game.Ref) {
	sc, ok := ability.DeclaredOf[*ability.Sculpts](e)
	if !ok {
		return nil, game.Ref{}
	}
	ref := e.ref(&sc.Keeps)
	if e.sectorList == nil {
		e.sectorList = designations(ref.Text)
	}
	return e.sectorList, ref
}

// designations reads the words of "The sector designations are alpha
// sector, beta sector, and gamma sector." in text: alpha, beta, gamma.
func designations(text string) []string {
	const lead = "the sector designations are "
	text = strings.ToLower(text)
	i := strings.Index(text, lead)
	if i < 0 {
		return []string{}
	}
	list, _, _ := strings.Cut(text[i+len(lead):], ".")
	out := []string{}
	for _, w := range strings.Split(list, ",") {
		w = strings.TrimPrefix(strings.TrimSpace(w), "and ")
		if w, ok := strings.CutSuffix(w, " sector"); ok {
			out = append(out, w)
		}
	}
	return out
}

// endSectors removes every sector designation once no player controls
// a permanent with space sculptor or, where the revision says so (from
// 2022-11-18), an ability whose source has it (702.158b).
func (e *engine) endSectors() {
	var held []*game.Object
	for _, o := range e.s.Battlefield() {
		if o.Sector != 0 {
			held = append(held, o)
		}
	}
	if len(held) == 0 || len(e.designations().sculptors) > 0 {
		return
	}
	sc, _ := ability.DeclaredOf[*ability.Sculpts](e)
	r := e.ref(&sc.Keeps)
	why := "no player controls a permanent with space sculptor"
	if strings.Contains(strings.ToLower(r.Text), "or an ability whose source has space sculptor") {
		for _, a := range append(slices.Clone(e.s.Stack), e.s.Pending...) {
			if a.Ability != nil && a.Ability.Source != nil {
				if _, ok := first[*ability.Sculpts](e, a.Ability.Source); ok {
					return
				}
			}
		}
		why += " or an ability whose source has it"
	}
	for _, o := range held {
		e.s.Cite(r, "%s: %s loses its sector designation (%s)", why, o.Label, e.sectorName(o))
		o.Sector = 0
	}
}

// designatorNames are the keywords whose abilities are kinds the
// designations' state-based actions read (space sculptor, speed): found
// once for every revision, from the declarations alone (noRev), since
// asking a revision's rules would extract every keyword's spec.
var designatorNames = sync.OnceValue(func() []string {
	var names []string
	for _, dc := range ability.Decls() {
		if ability.IsCompiled(dc.Name) {
			continue // a compiled keyword is a triggered ability
		}
		for _, a := range dc.Of(game.Ability{Keyword: dc.Name}, noRev{}) {
			switch a.(type) {
			case *ability.Sculpts, *ability.Speed:
				names = append(names, dc.Name)
			}
		}
	}
	return names
})

// noRev is a revision whose rules say nothing: what a declaration gives
// whatever the wording.
type noRev struct{}

func (noRev) Defines(string, string) bool      { return false }
func (noRev) Mentions(string, string) bool     { return false }
func (noRev) Definition(string) (string, bool) { return "", false }
func (noRev) Parts(string) []string            { return nil }
