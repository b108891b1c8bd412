package xref

// Node and Edge are the citation graph as data: a node for every rule,
// chapter, part or glossary entry that cites or is cited, an edge for every
// citation of one target.
type Node struct {
	ID    string `json:"id"` // "702.47a", "309", "section 8", "glossary:Splice"
	Kind  string `json:"kind"`
	Title string `json:"title,omitempty"`
}

// Edge is one Ref.
type Edge struct {
	From    string `json:"from"`
	To      string `json:"to"`
	Text    string `json:"text"`
	Example int    `json:"example,omitempty"`
	Status  string `json:"status"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
}

// Export lists the nodes and edges of g, nodes in order of first
// appearance.
func (g *Graph) Export() ([]Node, []Edge) {
	var nodes []Node
	seen := map[string]bool{}
	add := func(id, kind, title string) string {
		if !seen[id] {
			seen[id] = true
			nodes = append(nodes, Node{id, kind, title})
		}
		return id
	}
	edges := make([]Edge, 0, len(g.Refs))
	for _, r := range g.Refs {
		var from string
		if r.Source.Glossary != "" {
			from = add("glossary:"+r.Source.Glossary, "glossary", r.Source.Glossary)
		} else {
			title := ""
			if x := g.Doc.Rule(r.Source.Rule); x != nil {
				title = x.Title
			}
			from = add(r.Source.Rule.String(), "rule", title)
		}
		to := r.Target.String()
		title := ""
		switch r.Target.Kind {
		case KindGlossary:
			to = "glossary:" + r.Target.Term
			title = r.Target.Term
		case KindRule:
			if x := g.Doc.Rule(r.Target.ID); x != nil {
				title = x.Title
			}
		case KindChapter:
			if c := g.Doc.Chapter(r.Target.ID.Chapter); c != nil {
				title = c.Title
			}
		case KindPart:
			if p := g.Doc.Part(r.Target.Part); p != nil {
				title = p.Title
			}
		}
		add(to, r.Target.Kind.String(), title)
		edges = append(edges, Edge{From: from, To: to, Text: r.Text, Example: r.Source.Example, Status: r.Status.String(), Line: r.Pos.Line, Col: r.Pos.Col})
	}
	return nodes, edges
}
