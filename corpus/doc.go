// Package corpus embeds every published revision of the Comprehensive
// Rules, 1999 to 2026, and gives them back as canonical text or as the
// exact bytes first published.
//
// The archive holds the revisions' canonical texts (UTF-8, "\n" line
// ends), newest first, in two zstd frames: the newest alone, then the
// others with the newest as their dictionary. A manifest gives each file's
// date, SHA-256, encoding and line-ending recipe; the embedded archive's
// is also compiled in as Go values, so that opening it decodes nothing.
// 'go generate ./corpus' rebuilds both from a directory of raw files and
// their MANIFEST.tsv.
//
// Revisions published after the binary was built live in the user's own
// archive, a Shelf (under DataDir), and Archive.With lays them over the
// embedded ones: one archive whose Revisions, Select, Text and Each see
// both.
package corpus
