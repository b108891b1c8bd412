// Package parse reads Magic: The Gathering Comprehensive Rules texts, any
// revision since 1999 in any encoding and layout it was published in, into
// a positioned tree.
//
// A Document holds Parts ("7. Additional Rules"), which hold Chapters
// ("702. Keyword Abilities"), which hold Rules ("702.47. Splice"), which
// hold subrules ("702.47a") as Children; every rule keeps its Examples. The
// glossary, the introduction, the table of contents and the credits are
// kept apart from the rules. Every node has a Pos (line, column, offset in
// Document.Text), so messages read "CR-2005-10-01.txt:1234:1: …".
//
// Parse never stops at the first oddity: misprinted rule numbers, stray
// lines and the web-page text around an excerpt become Warnings, and the
// rules around them are still read. Only input that is not text, or has no
// rules at all, is an error.
//
// Rule numbers are RuleIDs, with parsing, ordering and parents. References
// to rules as people write them ("CR 601.2f–h", "rules 702.47a and
// 702.47b", a part "7") are RuleRefs: ParseRuleRefs reads what a user
// types, FindRuleRefs finds them in running text. Normalize gives the
// typography-free form of a text for comparing revisions.
package parse
