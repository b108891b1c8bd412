package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// expect checks one expect line; it returns whether it holds and what
// the engine found.
func (e *engine) expect(st *Stmt) (bool, string) {
	switch st.Expect {
	case "zone":
		p, err := e.player(st.Player)
		if err != nil {
			return false, err.Error()
		}
		var want []string
		for _, n := range st.Names[1:] {
			want = append(want, strings.ToLower(n.Text))
		}
		zone := p.Zone(st.Zone)
		if st.Zone == game.Battlefield {
			// The battlefield is shared: a player's part of it is the
			// permanents they control (403.1, 110.2).
			zone = e.s.Controlled(p)
		}
		return sameNames(want, labels(zone))
	case "stack":
		var got []*game.Object
		for i := len(e.s.Stack) - 1; i >= 0; i-- {
			got = append(got, e.s.Stack[i])
		}
		var want []string
		for _, n := range st.Names {
			want = append(want, strings.ToLower(n.Text))
		}
		g := labels(got)
		return slices.Equal(lowerAll(want), lowerAll(g)), strings.Join(g, ", ")
	case "in":
		o := e.s.Find(st.Object.Text)
		if o == nil {
			return false, "nowhere"
		}
		return o.Zone == st.Zone, o.Zone.String()
	case "sector":
		o, err := e.object(st.Object)
		if err != nil {
			return false, err.Error()
		}
		got := e.sectorName(o)
		if got == "" {
			got = "none"
		}
		return strings.EqualFold(got, strings.TrimSuffix(st.Value, " sector")), got
	case "designations":
		o, err := e.object(st.Object)
		if err != nil {
			return false, err.Error()
		}
		var got []string
		for _, d := range ability.Designations {
			if o.Designated(d.Name) {
				got = append(got, d.Name)
			}
		}
		var want []string
		if !strings.EqualFold(st.Value, "none") {
			for _, n := range strings.Split(st.Value, ",") {
				want = append(want, strings.ToLower(strings.TrimSpace(n)))
			}
		}
		return sameNames(want, got)
	case "speed":
		p, err := e.player(st.Player)
		if err != nil {
			return false, err.Error()
		}
		got := "none"
		if p.Speed > 0 {
			got = strconv.Itoa(p.Speed)
		}
		return strings.EqualFold(got, st.Value), got
	case "room", "completed":
		p, err := e.player(st.Player)
		if err != nil {
			return false, err.Error()
		}
		if st.Expect == "room" {
			got := e.expectRoom(p)
			return strings.EqualFold(got, st.Value), got
		}
		want := []string{}
		if !strings.EqualFold(st.Value, "none") {
			for _, n := range strings.Split(st.Value, ",") {
				want = append(want, strings.ToLower(strings.TrimSpace(n)))
			}
		}
		return sameNames(want, p.Completed)
	case "life", "poison":
		p, err := e.player(st.Player)
		if err != nil {
			return false, err.Error()
		}
		n := p.Life
		if st.Expect == "poison" {
			n = p.Poison
		}
		return strconv.Itoa(n) == st.Value, strconv.Itoa(n)
	case "pool":
		p, err := e.player(st.Player)
		if err != nil {
			return false, err.Error()
		}
		return p.Pool == st.Mana, p.Pool.String()
	case "tapped", "untapped":
		for _, n := range st.Names {
			o := e.s.FindIn(n.Text, game.Battlefield)
			if o == nil {
				return false, n.Text + " is not on the battlefield"
			}
			if o.Tapped != (st.Expect == "tapped") {
				return false, fmt.Sprintf("%s is %s", o.Label, map[bool]string{true: "tapped", false: "untapped"}[o.Tapped])
			}
		}
		return true, ""
	case "lost":
		var lost []string
		for _, p := range e.s.Players {
			if p.Lost {
				lost = append(lost, strings.ToLower(p.Name))
			}
		}
		var want []string
		for _, n := range strings.Split(strings.ToLower(st.Value), ",") {
			if n = strings.TrimSpace(n); n != "" && n != "none" {
				want = append(want, n)
			}
		}
		slices.Sort(lost)
		slices.Sort(want)
		return slices.Equal(lost, want), strings.Join(lost, ", ")
	case "blessed":
		var got, want []string
		for _, p := range e.s.Players {
			if p.Blessed {
				got = append(got, strings.ToLower(p.Name))
			}
		}
		for _, n := range strings.Split(strings.ToLower(st.Value), ",") {
			if n = strings.TrimSpace(n); n != "" && n != "none" {
				want = append(want, n)
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if len(got) == 0 {
			return len(want) == 0, "none"
		}
		return slices.Equal(got, want), strings.Join(got, ", ")
	case "daynight":
		got := e.s.DayNight
		if got == "" {
			got = "neither"
		}
		return strings.EqualFold(got, st.Value), got
	case "initiative":
		got := e.expectInitiative()
		return strings.EqualFold(got, st.Value), got
	case "reason":
		return strings.Contains(strings.ToLower(e.reason), strings.ToLower(st.Value)), e.reason
	}
	o := e.s.Find(st.Object.Text)
	if o == nil {
		return false, st.Object.Text + " is in no zone"
	}
	switch st.Expect {
	case "pt":
		got := fmt.Sprintf("%d/%d", o.Power(), o.Toughness())
		return got == st.Value, got
	case "counters":
		// The usual kinds first, then any other (lore) by name.
		kinds := []string{"+1/+1", "-1/-1", "charge", "loyalty"}
		var others []string
		for k := range o.Counters {
			if !slices.Contains(kinds, k) {
				others = append(others, k)
			}
		}
		slices.Sort(others)
		var parts []string
		for _, k := range append(kinds, others...) {
			if n := o.Counters[k]; n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", n, k))
			}
		}
		got := strings.Join(parts, ", ")
		if got == "" {
			got = "none"
		}
		return got == st.Value, got
	case "color":
		want, _ := game.ParseColor(st.Value)
		return o.Colors() == want, o.Colors().String()
	case "types":
		ch := o.Characteristics()
		got := strings.Join(append(slices.Clone(ch.Supertypes), ch.Types...), " ")
		if len(ch.Subtypes) > 0 {
			got += " — " + strings.Join(ch.Subtypes, " ")
		}
		want := strings.Fields(strings.NewReplacer("—", " — ", " - ", " — ").Replace(st.Value))
		if !slices.Contains(want, "—") {
			types, _, _ := strings.Cut(got, " —")
			return sameWords(want, strings.Fields(types)), got
		}
		return sameWords(want, strings.Fields(got)), got
	case "subtypes":
		// Each subtype named is one the object has, its
		// characteristic-defining abilities included (a changeling is
		// every creature type, 702.73a), in whatever zone it is; "not
		// X" one it has not.
		var got []string
		pass := true
		for _, w := range strings.Split(st.Value, ",") {
			w = strings.TrimSpace(w)
			t, neg := strings.CutPrefix(w, "not ")
			has := o.HasSubtype(strings.TrimSpace(t))
			if has == neg {
				pass = false
			}
			if has {
				got = append(got, t+": yes")
			} else {
				got = append(got, t+": no")
			}
		}
		return pass, strings.Join(got, ", ")
	case "name":
		got := o.Name()
		if got == "" {
			got = "none"
		}
		return strings.EqualFold(got, st.Value), got
	case "abilities":
		// A shorthand for separate abilities is listed as them: "protection
		// from red and from blue" is two protection abilities (702.16g).
		// They are those the procedures read: with the ability a max
		// speed ability grants while it does (702.178a).
		var got []string
		for _, a := range ability.Instances(o, e) {
			for _, s := range a.Separate() {
				got = append(got, s.Text)
			}
		}
		var want []string
		for _, w := range strings.Split(st.Value, ",") {
			if w = strings.TrimSpace(w); w != "" && w != "none" {
				want = append(want, w)
			}
		}
		g := strings.Join(got, ", ")
		if g == "" {
			g = "none"
		}
		return sameWords(want, got), g
	case "mv":
		var got []string
		for _, v := range o.ManaValues(e.s.SplitCombined) {
			got = append(got, strconv.Itoa(v))
		}
		g := strings.Join(got, " ")
		return g == strings.Join(strings.Fields(st.Value), " "), g
	case "paid":
		if o.Spell != nil {
			return o.Spell.Paid == st.Mana, o.Spell.Paid.String()
		}
		return false, o.Label + " is not a spell on the stack"
	case "damage":
		if o.Zone != game.Battlefield {
			// Damage is marked on permanents only (120.3): a card that
			// left the battlefield is a new object with none, and
			// "damage 0" there would hold whatever happened.
			return false, fmt.Sprintf("%s is in %s, not on the battlefield: damage is marked on permanents only", o.Label, e.zone(o.Zone))
		}
		return strconv.Itoa(o.Damage) == st.Value, strconv.Itoa(o.Damage)
	case "protector":
		if o.Zone != game.Battlefield {
			return false, fmt.Sprintf("%s is in %s, not on the battlefield: only a battle on the battlefield has a protector", o.Label, e.zone(o.Zone))
		}
		got := "none"
		if o.Protector != nil && !o.Protector.Left {
			got = o.Protector.Name
		}
		return strings.EqualFold(got, st.Value), got
	}
	return false, "unknown check " + st.Expect
}

func labels(os []*game.Object) []string {
	var out []string
	for _, o := range os {
		l := o.Label
		if o.Ability != nil && !o.Ability.Activated && !o.CombatDamage() {
			l = o.Ability.Keyword + " trigger"
		}
		out = append(out, l)
	}
	return out
}

// lowerAll folds labels for comparison, leaving out the "#2" that tells
// cards of one name apart.
func lowerAll(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		if j := strings.LastIndexByte(x, '#'); j > 0 {
			x = x[:j]
		}
		out[i] = strings.ToLower(x)
	}
	return out
}

// sameNames compares two lists of labels as multisets.
// A wanted label with its "#2" names that card only; one without
// names any card of that name.
func sameNames(want, got []string) (bool, string) {
	s := strings.Join(got, ", ")
	if s == "" {
		s = "none"
	}
	if len(want) != len(got) {
		return false, s
	}
	left := make([]string, len(got))
	for i, x := range got {
		left[i] = strings.ToLower(x)
	}
	take := func(match func(g string) bool) bool {
		for i, g := range left {
			if g != "" && match(g) {
				left[i] = ""
				return true
			}
		}
		return false
	}
	var byName []string
	for _, w := range want {
		w = strings.ToLower(w)
		if baseName(w) == w {
			byName = append(byName, w)
		} else if !take(func(g string) bool { return g == w }) {
			return false, s
		}
	}
	for _, w := range byName {
		if !take(func(g string) bool { return baseName(g) == w }) {
			return false, s
		}
	}
	return true, s
}

// sameWords compares two lists as multisets, case ignored.
func sameWords(want, got []string) bool {
	w, g := make([]string, len(want)), make([]string, len(got))
	for i, x := range want {
		w[i] = strings.ToLower(x)
	}
	for i, x := range got {
		g[i] = strings.ToLower(x)
	}
	slices.Sort(w)
	slices.Sort(g)
	return slices.Equal(w, g)
}
