package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/crules/crules/parse"
)

// A LayerStep is one layer or sublayer: its name in the revision ("7c",
// "6b"), the kinds of change applied in it and the rule that says so.
type LayerStep struct {
	Name    string
	Changes []Change
	Rule    Ref
	// Words are the rule's own words for a step of a sequence that
	// numbers no layers (418.5e of 2002: "then applying all other
	// continuous effects"); empty for a numbered layer.
	Words string
}

// NoLayers names the one step of a revision before layers and sequences
// (1999): every effect in timestamp order, the independent first.
const NoLayers = "(no layers)"

// Where says where in the revision's order step st applies, in its words:
// "layer 7c", `the step "then applying all other continuous effects"`,
// or timestamp order before any layer or sequence.
func (st *LayerStep) Where() string {
	switch {
	case st.Name == NoLayers:
		return "timestamp order, after any effect it depends on"
	case st.Words != "":
		return fmt.Sprintf("the step %q", st.Words)
	}
	return "layer " + st.Name
}

// A LayerOrder is the order a revision applies continuous effects in:
// its layers and sublayers, each change applied in the first step that
// names it. Today it is 613.1–613.4 (seven layers, P/T in 7a–7d with
// counters in 7c); from 2009-10 to 2013 counters had a sublayer of their
// own (7d) and switching was 7e; before 2009 418.5a had six layers,
// colour and abilities together in layer 5, and P/T in 6a–6e, where a
// resolved spell's "gets +N/+N" applies with the effects that set P/T
// (6b), in timestamp order, and static abilities' after counters (6d).
type LayerOrder struct {
	Steps []LayerStep
	// TypeWhole is set where a type-changing effect applies all its
	// parts in the type-changing layer (418.5b from 2003-10 to 2005-08;
	// the "type-changing abilities" of 418.5a in 2003-07).
	TypeWhole bool
	// step is the index in Steps of each change.
	step [nChanges]int
}

// StepOf returns the step change c applies in.
func (lo *LayerOrder) StepOf(c Change) *LayerStep { return &lo.Steps[lo.step[c]] }

// ModernLayers is the order of 613 today, citing nothing: the order of
// a revision whose layer rule cannot be read.
var ModernLayers = newOrder([]LayerStep{
	{Name: "1a", Changes: []Change{ChangeCopy}},
	{Name: "1b", Changes: []Change{ChangeFaceDown}},
	{Name: "2", Changes: []Change{ChangeControl}},
	{Name: "3", Changes: []Change{ChangeText}},
	{Name: "4", Changes: []Change{ChangeType}},
	{Name: "5", Changes: []Change{ChangeColor}},
	{Name: "6", Changes: []Change{ChangeAbility}},
	{Name: "7a", Changes: []Change{ChangePTDefine}},
	{Name: "7b", Changes: []Change{ChangePTSet}},
	{Name: "7c", Changes: []Change{ChangePTModify, ChangePTStatic, ChangePTCounter}},
	{Name: "7d", Changes: []Change{ChangePTSwitch}},
})

func newOrder(steps []LayerStep) *LayerOrder {
	lo := &LayerOrder{Steps: steps}
	for c := range nChanges {
		lo.step[c] = -1
	}
	for i, s := range steps {
		for _, c := range s.Changes {
			if lo.step[c] < 0 {
				lo.step[c] = i
			}
		}
	}
	return lo
}

var (
	reLayerRule   = lazyRegexp(`^layer (\d+)([a-z]?): (.*)`)
	reLayerInline = lazyRegexp(`\((\d+)([a-z]?)\) ([^;(]+)`)
)

// classify reads which changes a layer's description names; catchAll
// is set for a description that takes every change of its layer no
// other step names ("all other effects not specifically applied").
func classify(desc string) (cs []Change, catchAll bool) {
	d, _, _ := strings.Cut(strings.ToLower(desc), ". ") // the first sentence
	switch {
	case strings.Contains(d, "switch"):
		return []Change{ChangePTSwitch}, false
	case strings.Contains(d, "face-down"):
		return []Change{ChangeFaceDown}, false
	case strings.Contains(d, "cop"):
		return []Change{ChangeCopy, ChangeFaceDown}, false
	case strings.Contains(d, "control-changing"):
		return []Change{ChangeControl}, false
	case strings.Contains(d, "text-changing"):
		return []Change{ChangeText}, false
	case strings.Contains(d, "type-"):
		return []Change{ChangeType}, false
	case strings.Contains(d, "color-changing"):
		return []Change{ChangeColor}, false
	case strings.Contains(d, "characteristic-"):
		return []Change{ChangePTDefine}, false
	case strings.Contains(d, "ability-adding"):
		return []Change{ChangeAbility}, false
	case strings.Contains(d, "all other continuous effects"):
		return []Change{ChangeColor, ChangeAbility}, false
	case strings.Contains(d, "all other effects"):
		return []Change{ChangePTSet, ChangePTModify, ChangePTStatic, ChangePTCounter}, true
	case strings.Contains(d, "static abilities that modify"):
		return []Change{ChangePTStatic}, false
	case strings.Contains(d, "counters that modify"):
		return []Change{ChangePTModify, ChangePTStatic, ChangePTCounter}, false
	case strings.Contains(d, "counters"):
		return []Change{ChangePTCounter}, false
	case strings.Contains(d, "modify power"): // "modify … (but don't set …)"
		return []Change{ChangePTModify, ChangePTStatic}, false
	case strings.Contains(d, "set power"):
		return []Change{ChangePTSet}, false
	case strings.Contains(d, "power"):
		return []Change{ChangePTDefine, ChangePTSet, ChangePTModify, ChangePTStatic, ChangePTCounter, ChangePTSwitch}, true
	}
	return nil, false
}

type layerDesc struct {
	n      int
	sub    string
	desc   string
	rule   *parse.Rule
	inline bool
}

// Layers returns the order of layers the revision's rules give:
// "Layer 7c: …" subrules (613 from 2009-10), or the numbered list of
// 418.5a before; ModernLayers when neither is found.
func (r *Rules) Layers() *LayerOrder {
	if r == nil || r.doc == nil {
		return ModernLayers
	}
	r.layersOnce.Do(func() { r.layers = r.readLayers() })
	return r.layers
}

func (r *Rules) readLayers() *LayerOrder {
	r.once.Do(r.build)
	var ds []layerDesc
	for _, x := range r.index {
		if m := reLayerRule().FindStringSubmatch(x.lower); m != nil {
			n, _ := strconv.Atoi(m[1])
			ds = append(ds, layerDesc{n, m[2], m[3], x.rule, false})
		}
	}
	if len(ds) == 0 {
		for _, x := range r.index {
			if !strings.Contains(x.lower, "in a series of layers") {
				continue
			}
			for _, m := range reLayerInline().FindAllStringSubmatch(x.lower, -1) {
				n, _ := strconv.Atoi(m[1])
				ds = append(ds, layerDesc{n, m[2], m[3], x.rule, true})
			}
			break
		}
	}
	if len(ds) == 0 {
		return r.readSequence()
	}
	if len(ds) < 6 {
		return ModernLayers
	}
	slices.SortStableFunc(ds, func(a, b layerDesc) int {
		if a.n != b.n {
			return a.n - b.n
		}
		return strings.Compare(a.sub, b.sub)
	})
	// A layer with sublayers is replaced by them; a catch-all takes the
	// changes of its layer that no other sublayer names.
	hasSub := map[int]bool{}
	for _, d := range ds {
		if d.sub != "" {
			hasSub[d.n] = true
		}
	}
	var steps []LayerStep
	var catchAll []int
	named := map[Change]bool{}
	for _, d := range ds {
		if d.sub == "" && hasSub[d.n] {
			continue
		}
		cs, all := classify(d.desc)
		if len(cs) == 0 {
			continue
		}
		st := LayerStep{Name: strconv.Itoa(d.n) + d.sub, Rule: RefOf(d.rule)}
		if all && hasSub[d.n] {
			catchAll = append(catchAll, len(steps))
			st.Changes = cs
		} else {
			st.Changes = cs
			for _, c := range cs {
				named[c] = true
			}
		}
		steps = append(steps, st)
	}
	for _, i := range catchAll {
		var keep []Change
		for _, c := range steps[i].Changes {
			if !named[c] {
				keep = append(keep, c)
				named[c] = true
			}
		}
		steps[i].Changes = keep
	}
	// Face-down characteristics belong with copy effects unless a
	// sublayer of their own names them (1b today).
	for i := range steps {
		if len(steps[i].Changes) == 1 && steps[i].Changes[0] == ChangeFaceDown {
			for j := range steps {
				if j != i && len(steps[j].Changes) == 2 && steps[j].Changes[0] == ChangeCopy {
					steps[j].Changes = steps[j].Changes[:1]
				}
			}
		}
	}
	lo := newOrder(steps)
	for c := range nChanges {
		if lo.step[c] < 0 {
			return ModernLayers
		}
	}
	for _, x := range r.index {
		if strings.Contains(x.lower, "all are applied only in layer four") {
			lo.TypeWhole = true
		}
	}
	// 2003-10-01 says it in 418.5a's example only: "the type-changing
	// ability must be applied before the continuous effect that just
	// changes power and toughness".
	for _, ex := range ds[0].rule.Examples {
		if strings.Contains(strings.Join(strings.Fields(strings.ToLower(ex.Text)), " "), "ability must be applied before the continuous effect that just changes") {
			lo.TypeWhole = true
		}
	}
	return lo
}

// readSequence reads the order of the rules before 2003-10 (418.5a):
// "starting with the actual object, then applying copy effects, then
// applying text-changing effects, …, and then applying all other
// continuous effects", each a step numbered in order; 418.5e of
// 2001-07-23 to 2003-03-15 says it "starting with the printed or token
// value" in four steps (copy, type-changing, counters, all other).
func (r *Rules) readSequence() *LayerOrder {
	for _, x := range r.index {
		if !strings.Contains(x.lower, "starting with the actual object, then applying") &&
			!strings.Contains(x.lower, "starting with the printed or token value, then applying") {
			continue
		}
		parts := strings.Split(x.lower, "then applying ")[1:]
		var steps []LayerStep
		named := map[Change]bool{}
		rest := -1
		for i, p := range parts {
			p, _, _ = strings.Cut(p, ". ")
			words, _, _ := strings.Cut(p, " (")
			words = strings.TrimSuffix(strings.TrimRight(words, ",. "), ", and")
			st := LayerStep{Name: strconv.Itoa(i + 1), Rule: RefOf(x.rule), Words: "then applying " + words}
			switch {
			case strings.Contains(p, "all other"):
				rest = i
			case strings.Contains(p, "characteristic-setting"):
				st.Changes = []Change{ChangePTDefine}
			case strings.Contains(p, "counters"):
				st.Changes = []Change{ChangePTCounter}
			default:
				st.Changes, _ = classify(p)
			}
			for _, c := range st.Changes {
				named[c] = true
			}
			steps = append(steps, st)
		}
		if rest < 0 {
			break
		}
		for c := range nChanges {
			if !named[c] {
				steps[rest].Changes = append(steps[rest].Changes, c)
			}
		}
		lo := newOrder(steps)
		lo.TypeWhole = strings.Contains(x.lower, "generated by type-changing abilities")
		return lo
	}
	// Before layers (1999 to 2003-03): every effect in timestamp order,
	// the independent before those that depend on them.
	for _, x := range r.index {
		if strings.Contains(x.lower, "is said to \"depend on\" another") {
			all := make([]Change, nChanges)
			for c := range nChanges {
				all[c] = c
			}
			return newOrder([]LayerStep{{Name: NoLayers, Changes: all, Rule: RefOf(x.rule)}})
		}
	}
	return ModernLayers
}

// layersState is the lazily read layer order of a Rules.
type layersState struct {
	layersOnce sync.Once
	layers     *LayerOrder
}
