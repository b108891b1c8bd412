package engine

import (
	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// Defines reports whether the revision's definition of keyword name
// contains phrase: the engine is the ability.Rev declarations read.
func (e *engine) Defines(name, phrase string) bool { return e.defines(name, phrase) }

// Mentions reports whether any rule of keyword name contains phrase.
func (e *engine) Mentions(name, phrase string) bool { return e.mentions(name, phrase) }

// ref cites the subrule ability a implements: the first of the keyword's
// subrules containing one of phrases, then of the ability's own.
func (e *engine) ref(a ability.Ability, phrases ...string) game.Ref {
	b := ability.Info(a)
	return e.kw(b.Keyword, append(phrases, b.Rule...)...)
}

// first returns o's first ability of kind T in the revision run.
func first[T ability.Ability](e *engine, o *game.Object) (T, bool) { return ability.First[T](o, e) }

// all returns o's abilities of kind T in the revision run.
func all[T ability.Ability](e *engine, o *game.Object) []T { return ability.All[T](o, e) }

// Parts returns the parts of keyword name's quoted definition in the
// revision run.
func (e *engine) Parts(name string) []string {
	if s := e.spec(name); s != nil {
		return s.Definition
	}
	return nil
}
