// Package crules is the Magic: The Gathering Comprehensive Rules as a
// library: every revision published since 1999, embedded, looked up,
// compared, traced through history, searched.
//
// Open a Library (the zero Options read the embedded archive and keep
// derived data in the user cache directory), select a revision, and ask:
//
//	lib, _ := crules.Open(crules.Options{})
//	rev, _ := lib.Select("2005")                  // "latest", "2006-10-01", "2006-10", …
//	a, _ := lib.Rule(rev.Source(), parse.MustParseRuleID("702.47a"))
//	fmt.Println(a.Rule.ID, a.Note())              // 502.40a 702.47a (Splice) was 502.40a in 2005-10-01
//
// A revision is a Rev (its date and era); what is read is a Source, an
// embedded revision or a file's bytes (File, ReadFile, ReadFrom; Resolve
// and SourceOf choose between them as a command line does, parsing a file
// at once and reporting its warnings through Options.Warn). The
// Library parses each source once and keeps the recently used ones
// (Document), and answers:
//
//   - Rule, Lookup and Glossary lookups, across revisions: a rule number
//     the revision (or a file's, by its date: Document.Rev) lacks is
//     followed through the lineage, a term it names otherwise through the
//     lexicon ("mana value" in 2005 is Converted Mana Cost);
//   - History of a rule through every revision, from the Lineage (built
//     once and cached);
//   - Diff of two sources rule by rule, Discover of recurring
//     substitutions, Terms counted and dated;
//   - Keyword specs, Refs (citations around a rule), Check (lint);
//   - Cite: rule citations in any fs.FS (CitePaths: in files and
//     folders), checked against history;
//   - Search, of one revision or all (Index, IndexAll: built on first use,
//     cached, one build at a time);
//   - CompleteRule, CompleteTerm, CompleteKeyword and CompleteRev: the
//     completions a shell offers, rule references read by the one parser;
//   - Site, the HTML reference of some sources (render.Site; with every
//     revision, the cached lineage), and RenderSite, which writes it;
//   - Add and Update: a release published after the binary was built,
//     from a file or from Wizards' rules page, kept in the user's own
//     archive (Options.DataDir) and read by every library opened after as
//     an embedded revision is (Changed tells a long-running program to
//     open a new one); StaleNotice says when the newest revision is old.
//
// Requests it cannot answer are *Error values whose Kind is one of
// ErrUnknownRevision, ErrBadInput, ErrBadRequest, ErrNoRule, ErrNoTerm,
// ErrNoKeyword, ErrNoPhrase, ErrNoMatch, ErrAlreadyHeld, each with the nearest candidates:
// test them with errors.Is. Lookup of several rules, some missing, returns
// the ones found and a *LookupError listing the others. A Library is safe for concurrent use; Close
// releases its search indexes.
//
// The packages underneath do the work and can be used alone: corpus (the
// embedded bytes), parse (the positioned tree), xref, lexicon, diff, cite,
// keyword, index (bleve), render (text and JSON). The command line
// (cmd/crules) and the HTTP server (package serve) are front ends of this
// package.
package crules
