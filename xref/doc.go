// Package xref is the second pass over a parsed revision: it finds every
// citation in rule text, examples and glossary definitions ("see rule
// 601.2f–h", "rule 309, “Declare Blockers Step.”", "section 8", "See
// Cast."), expands ranges to their rules, resolves each against the same
// revision, and indexes the result both ways (what a rule cites, what cites
// it). Check lints a revision; Export gives the graph as data
// (render.DOT draws it).
package xref
