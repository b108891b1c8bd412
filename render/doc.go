// Package render prints crules' trees and results for people: a
// hyperlinked HTML reference of one or every revision (Site), the change
// pages and JSON of a comparison of any two revisions (Site.DiffPage,
// Site.Diff), the terminology plot as SVG (TermsSVG) and the citation graph
// as Graphviz DOT (DOT).
//
// Rule text is printed by goldmark from an AST built straight from the
// parse tree, never read as Markdown: xref's citation spans and glossary
// term matches become link nodes, and every piece of document text is
// escaped. Pages are laid out with html/template and need no JavaScript.
//
// A Site writes every page to a directory (WriteSite, atomically) or one
// page on demand (Site.Page) for a server to cache; the URLs are listed on
// Site.
package render
