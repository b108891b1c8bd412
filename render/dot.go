package render

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/crules/crules/xref"
)

// Graph prints the citation graph g of revision rev (of era) in format:
// "dot" (DOT, named "CR "+rev) or "json" (GraphJSON). Another format is an
// error.
func Graph(w io.Writer, format, rev, era string, g *xref.Graph) error {
	switch format {
	case "dot":
		return DOT(w, g, "CR "+rev)
	case "json":
		return WriteJSON(w, GraphJSON(rev, era, g))
	}
	return fmt.Errorf("a graph is printed as dot or json, not %q", format)
}

// DOT writes the citation graph of g as a Graphviz digraph named name:
// a box per rule (labelled with its title, if any), a note per glossary
// entry, a folder per chapter or part, an edge per citation of one
// target. Unresolved citations are red and dashed, title mismatches
// orange.
func DOT(w io.Writer, g *xref.Graph, name string) error {
	nodes, edges := g.Export()
	bw := bufio.NewWriter(w)
	bw.WriteString("digraph " + strconv.Quote(name) + " {\n\trankdir=LR;\n\tnode [shape=box, fontsize=10];\n")
	for _, n := range nodes {
		label := n.ID
		if n.Title != "" && n.Kind != "glossary" {
			label += "\n" + n.Title
		}
		shape := ""
		switch n.Kind {
		case "glossary":
			shape = ", shape=note"
		case "chapter", "part":
			shape = ", shape=folder"
		}
		bw.WriteString("\t" + quoteDOT(n.ID) + " [label=" + quoteDOT(label) + shape + "];\n")
	}
	for _, e := range edges {
		style := ""
		switch e.Status {
		case xref.Unresolved.String():
			style = " [color=red, style=dashed]"
		case xref.TitleMismatch.String():
			style = " [color=orange]"
		}
		bw.WriteString("\t" + quoteDOT(e.From) + " -> " + quoteDOT(e.To) + style + ";\n")
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// quoteDOT quotes an ID or label for DOT: backslashes and quotes escaped,
// a line break written \n, which DOT reads as one.
func quoteDOT(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}
