package render

import (
	"encoding/json"
	"io"
	"strings"
)

// searchIndex writes search-index.js, what search.js searches on a
// static host: the rules, examples and glossary entries of the newest
// revision, each as [id, link, text], in a script that sets
// window.CRULES_INDEX (a script, not JSON, so that it loads from file://).
// The text is as published: search.js folds its typography as the server's
// index does.
func (s *Site) searchIndex(w io.Writer) error {
	if len(s.Revs) == 0 {
		_, err := io.WriteString(w, `window.CRULES_INDEX={"rev":"","entries":[]};`+"\n")
		return err
	}
	i := len(s.Revs) - 1
	r, err := s.rev(i)
	if err != nil {
		return err
	}
	var entries [][3]string
	for _, id := range r.doc.IDs() {
		x := r.doc.Rule(id)
		href := r.name + "/" + r.ruleHref(id)
		text := strings.TrimSpace(x.Title + " " + x.Text)
		for _, e := range x.Examples {
			text += " Example: " + e.Text
		}
		entries = append(entries, [3]string{id.String(), href, strings.Join(strings.Fields(text), " ")})
	}
	for _, e := range r.doc.Glossary {
		var def []string
		for _, p := range e.Definition {
			def = append(def, p.Text)
		}
		entries = append(entries, [3]string{e.Term, r.name + "/" + r.glossHref(e.Term), strings.Join(strings.Fields(strings.Join(def, " ")), " ")})
	}
	b, err := json.Marshal(struct {
		Rev     string      `json:"rev"`
		Entries [][3]string `json:"entries"`
	}{r.name, entries})
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, "window.CRULES_INDEX="); err != nil {
		return err
	}
	_, err = w.Write(append(b, ";\n"...))
	return err
}
