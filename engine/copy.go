package engine

import (
	"fmt"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// phEntersAsCopy finds the rule that an object entering "as a copy"
// becomes a copy as it enters (707.5; 706.5 from 2009-07-11, 503.5
// before).
var phEntersAsCopy = []string{"then become a copy of that permanent"}

// asCopy is the first "enter as a copy" ability of o, a permanent spell
// or card about to enter; false when it has none.
func (e *engine) asCopy(o *game.Object) (*ability.EntersAsCopy, bool) {
	return first[*ability.EntersAsCopy](e, o)
}

// checkCopy checks, before top resolves, the statement's choice of what
// a permanent spell that may enter as a copy copies: one object its
// ability allows (`resolve; copy NAME`), or none (`resolve; decline`);
// a statement that makes neither choice while there is one to make, or
// one for a spell without the ability, is refused.
func (e *engine) checkCopy(st *Stmt, top *game.Object) error {
	cl := st.Clause("copy")
	c, ok := e.asCopy(top)
	ok = ok && top.Spell != nil
	if cl == nil {
		if ok && st.Clause("decline") == nil && e.copyCandidate(top, c) != nil {
			return refuse("%s may enter as a copy of %s: its controller chooses one as it enters (\"resolve; copy NAME\") or declines (\"resolve; decline\", %s)", top.Label, copyWhat(c), e.rules.Find(phEntersWith...).ID)
		}
		return nil
	}
	if !ok {
		return refuse("copy: %s has no ability that lets it enter as a copy", stackName(top))
	}
	if st.Clause("decline") != nil {
		return refuse("copy and decline: %s's controller either chooses an object to copy or declines", top.Label)
	}
	_, err := e.copyChoice(top, c, cl)
	return err
}

// copyChoice is the object the clause cl chooses for c, o's ability to
// enter as a copy: one name, of an object c allows.
func (e *engine) copyChoice(o *game.Object, c *ability.EntersAsCopy, cl *Clause) (*game.Object, error) {
	if len(cl.Names) != 1 {
		return nil, refuse("copy: %s enters as a copy of one object, not %d (%s)", o.Label, len(cl.Names), e.rules.Find(phEntersAsCopy...).ID)
	}
	n := cl.Names[0].Text
	t := e.s.FindIn(n, game.Battlefield)
	if t == nil {
		return nil, refuse("%s is not on the %s: %s may enter as a copy of %s", n, e.term("battlefield", "play"), o.Label, copyWhat(c))
	}
	if !c.Allows(t, o.Controller()) {
		return nil, refuse("%s is not %s: %s may enter as a copy of %s", t.Label, copyWhat(c), o.Label, copyWhat(c))
	}
	return t, nil
}

// copyCandidate is an object on the battlefield c lets o copy, nil for
// none.
func (e *engine) copyCandidate(o *game.Object, c *ability.EntersAsCopy) *game.Object {
	for _, t := range e.s.Battlefield() {
		if t != o && c.Allows(t, o.Controller()) {
			return t
		}
	}
	return nil
}

// copyWhat names what c may copy.
func copyWhat(c *ability.EntersAsCopy) string {
	s := "any " + strings.ToLower(c.Of) + " on the battlefield"
	if c.YouControl {
		s = "a " + strings.ToLower(c.Of) + " its controller controls"
	}
	return s
}

// entersAsCopy is the replacement effect of o's ability c (614.1c): as
// it enters, its controller may choose an object c allows, the
// statement's `copy NAME`, and it enters as a copy of it (707.5): the
// copy effect begins as it enters, with c's exceptions as part of the
// copiable values (707.9b), so that the copied text's "enters with"
// abilities apply to the event and its enters-the-battlefield abilities
// trigger. Declined (`decline`, or no choice), it enters as itself.
func (e *engine) entersAsCopy(o *game.Object, c *ability.EntersAsCopy) *replacement {
	rule := e.rules.Find(phEntersWith...)
	return &replacement{name: o.Label + " (copy)", kind: evMove, source: o, rule: rule,
		applies: func(ev *event) error {
			if ev.object != o || ev.to != game.Battlefield {
				return fmt.Errorf("%s is not entering", o.Label)
			}
			return nil
		},
		apply: func(ev *event) {
			var cl *Clause
			if e.cur != nil {
				cl = e.cur.Clause("copy")
			}
			var t *game.Object
			if cl != nil {
				t, _ = e.copyChoice(o, c, cl)
			}
			if t == nil {
				e.s.Cite(rule, "%s: %s chooses no object to copy: %s enters as itself", c.Text, o.Controller().Name, o.Label)
				return
			}
			ev.asCopy, ev.copyExcept = t, c.Except
			e.s.Cite(e.rules.Find(phEntersAsCopy...), "%s enters as a copy of %s: it becomes a copy as it enters, with %s's copiable values", o.Label, t.Label, t.Label)
			if c.Except != nil {
				e.s.Cite(e.rules.Find(phCopyExcept...), "%s's copiable values: %s's, except %s", o.Label, t.Label, exceptText(c.Text))
			}
			if r := e.rules.Find(phCopyNoCDA...); c.Except != nil && c.Except.SetPT && !r.IsZero() {
				e.s.Cite(r, "%s's power and toughness are those of the exception: a characteristic-defining ability of %s that defines them is not copied", o.Label, t.Label)
			}
		}}
}

// exceptText is what follows "except" in card text s.
func exceptText(s string) string {
	_, x, _ := strings.Cut(s, ", except ")
	return x
}

// becomeCopy makes n, the permanent an event put onto the battlefield as
// a copy (ev.asCopy), a copy: a copy effect that begins as it enters.
func (e *engine) becomeCopy(n *game.Object, ev *event) {
	if n == nil || ev.asCopy == nil || n.Zone != game.Battlefield {
		return
	}
	e.s.AddEffect(&game.Continuous{Source: n, Label: n.Label, Objects: []*game.Object{n}, CopyOf: ev.asCopy, Except: ev.copyExcept})
}

// phLKI finds the rule that an effect uses the last known information of
// an object no longer in the zone it was expected in (608.2h; 608.2g
// and 607.2g before).
var phLKI = []string{"uses the object's last known information", "the effect uses the last known information the object had"}

// phKeepTargets finds the rule that a player who may choose new targets
// for a copy may leave them unchanged (707.10c; 706.10c from 2009-07-11).
var phKeepTargets = []string{"state that its controller may choose new targets for the copy", "may leave any number of the targets unchanged"}

// phCopyNoCDA finds the rule that a copy effect providing a
// characteristic doesn't copy the characteristic-defining ability that
// defines it (707.9d; 706.9d from 2011).
var phCopyNoCDA = []string{"that defines that characteristic is not copied"}
