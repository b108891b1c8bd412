package render

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Rule text is never read as Markdown: the document tree is turned into a
// goldmark AST directly (blocks for rules, examples and glossary entries,
// paragraphs, raw text segments pointing into a source buffer, and link
// nodes made from xref's citation and term spans), and goldmark's HTML
// renderer prints it, with the node renderers of the ruleText extension
// for our two node kinds. Raw text segments and raw strings are escaped by
// goldmark (&, <, >, "); attribute values are escaped here.

var (
	kindBlock = ast.NewNodeKind("CRBlock")
	kindLink  = ast.NewNodeKind("CRLink")
)

// blockNode is a container printed as <tag id class>…</tag>; legacy, when
// set, is a second anchor (an empty span carrying that id) at its start.
type blockNode struct {
	ast.BaseBlock
	tag, id, class, legacy string
}

func (n *blockNode) Kind() ast.NodeKind { return kindBlock }

func (n *blockNode) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"tag": n.tag, "id": n.id, "class": n.class}, nil)
}

// linkNode is an inline link (or, without href, a span: an unresolved
// citation) around its children.
type linkNode struct {
	ast.BaseInline
	href, title, class string
}

func (n *linkNode) Kind() ast.NodeKind { return kindLink }

func (n *linkNode) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"href": n.href, "title": n.title}, nil)
}

// ruleText is the goldmark extension that prints blockNode and linkNode.
type ruleText struct{}

func (ruleText) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 500)))
}

type nodeRenderer struct{}

func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindBlock, renderBlock)
	reg.Register(kindLink, renderLink)
}

func renderBlock(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*blockNode)
	if !entering {
		_, _ = w.WriteString("</" + n.tag + ">\n")
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString("<" + n.tag)
	attr(w, "id", n.id)
	attr(w, "class", n.class)
	_ = w.WriteByte('>')
	if n.legacy != "" {
		_, _ = w.WriteString(`<span id="`)
		_, _ = w.Write(util.EscapeHTML([]byte(n.legacy)))
		_, _ = w.WriteString(`"></span>`)
	}
	_ = w.WriteByte('\n')
	return ast.WalkContinue, nil
}

func renderLink(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*linkNode)
	tag := "a"
	if n.href == "" {
		tag = "span"
	}
	if !entering {
		_, _ = w.WriteString("</" + tag + ">")
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString("<" + tag)
	attr(w, "href", n.href)
	attr(w, "class", n.class)
	attr(w, "title", n.title)
	_ = w.WriteByte('>')
	return ast.WalkContinue, nil
}

// attr writes ` name="value"`, escaped, unless value is empty.
func attr(w util.BufWriter, name, value string) {
	if value == "" {
		return
	}
	_, _ = w.WriteString(" " + name + `="`)
	_, _ = w.Write(util.EscapeHTML([]byte(value)))
	_ = w.WriteByte('"')
}

// newMarkdown returns the goldmark instance that prints our trees.
func newMarkdown() goldmark.Markdown {
	return goldmark.New(goldmark.WithExtensions(ruleText{}))
}

// A span is a link to lay over text[start:end] of one node's text.
type span struct {
	start, end         int
	href, title, class string
}

// tree builds one page's goldmark AST; node texts are appended to src and
// referred to by segments.
type tree struct {
	src bytes.Buffer
	doc *ast.Document
}

func newTree() *tree { return &tree{doc: ast.NewDocument()} }

// block appends a blockNode to parent and returns it.
func (t *tree) block(parent ast.Node, tag, id, class, legacy string) *blockNode {
	b := &blockNode{tag: tag, id: id, class: class, legacy: legacy}
	parent.AppendChild(parent, b)
	return b
}

// para appends a paragraph with an optional class.
func (t *tree) para(parent ast.Node, class string) *ast.Paragraph {
	p := ast.NewParagraph()
	if class != "" {
		p.SetAttributeString("class", []byte(class))
	}
	parent.AppendChild(parent, p)
	return p
}

// str appends a literal string, escaped when printed.
func (t *tree) str(parent ast.Node, s string) {
	n := ast.NewString([]byte(s))
	n.SetRaw(true)
	parent.AppendChild(parent, n)
}

// link appends a link with a literal label.
func (t *tree) link(parent ast.Node, href, title, class, label string) {
	l := &linkNode{href: href, title: title, class: class}
	t.str(l, label)
	parent.AppendChild(parent, l)
}

// text appends s to parent, with the spans (sorted, not overlapping, in
// s's bytes) as links. Spans that fall outside s are dropped.
func (t *tree) text(parent ast.Node, s string, spans []span) {
	base := t.src.Len()
	t.src.WriteString(s)
	seg := func(parent ast.Node, a, b int) {
		if a < b {
			parent.AppendChild(parent, ast.NewRawTextSegment(text.NewSegment(base+a, base+b)))
		}
	}
	at := 0
	for _, sp := range spans {
		if sp.start < at || sp.end > len(s) || sp.start >= sp.end {
			continue
		}
		seg(parent, at, sp.start)
		l := &linkNode{href: sp.href, title: sp.title, class: sp.class}
		seg(l, sp.start, sp.end)
		parent.AppendChild(parent, l)
		at = sp.end
	}
	seg(parent, at, len(s))
}

// paragraphs appends s, whose paragraphs are joined by "\n", as
// paragraphs; lead (if not nil) is called to put something before the
// first one's text. Spans index s.
func (t *tree) paragraphs(parent ast.Node, class, s string, spans []span, lead func(p ast.Node)) {
	off := 0
	for i, ps := range strings.Split(s, "\n") {
		p := t.para(parent, class)
		if i == 0 && lead != nil {
			lead(p)
		}
		var local []span
		for _, sp := range spans {
			if sp.start >= off && sp.end <= off+len(ps) {
				sp.start -= off
				sp.end -= off
				local = append(local, sp)
			}
		}
		t.text(p, ps, local)
		off += len(ps) + 1
	}
}

// render prints the tree.
func (t *tree) render(md goldmark.Markdown, w *bytes.Buffer) error {
	return md.Renderer().Render(w, t.src.Bytes(), t.doc)
}
