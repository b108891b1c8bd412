package parse_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/parse"
	"golang.org/x/tools/txtar"
)

// TestCases runs testdata/cases/*.txtar: each has an "input" file and the
// expected "dump" of the tree (refresh with -update).
func TestCases(t *testing.T) {
	files, _ := filepath.Glob("testdata/cases/*.txtar")
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			a, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var input []byte
			for _, f := range a.Files {
				if f.Name == "input" {
					input = f.Data
				}
			}
			got := dump(filepath.Base(file), input)
			// A dump is deterministic: parsing twice prints the same.
			if again := dump(filepath.Base(file), input); again != got {
				t.Fatal("two parses of the same input differ")
			}
			if golden.Updating() {
				found := false
				for i, f := range a.Files {
					if f.Name == "dump" {
						a.Files[i].Data = []byte(got)
						found = true
					}
				}
				if !found {
					a.Files = append(a.Files, txtar.File{Name: "dump", Data: []byte(got)})
				}
				if err := os.WriteFile(file, txtar.Format(a), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, f := range a.Files {
				if f.Name == "dump" && string(f.Data) != got {
					t.Errorf("dump differs:\n--- got\n%s--- want\n%s", got, f.Data)
				}
			}
		})
	}
}

// dump prints a document tree in a form meant for reading diffs.
func dump(name string, src []byte) string {
	// txtar cannot hold CR bytes; "\r" written out stands for one.
	src = bytes.ReplaceAll(src, []byte(`\r`), []byte("\r"))
	d, err := parse.Parse(name, src)
	if err != nil {
		return fmt.Sprintf("error: %v\n", err)
	}
	return dumpDoc(d, true)
}

// dumpDoc prints the tree of d, and its warnings and counts if asked.
func dumpDoc(d *parse.Document, notes bool) string {
	var b strings.Builder
	s := d.Stats()
	fmt.Fprintf(&b, "doc era=%q layout=%s fragment=%v effective=%q title=%q\n", d.Era, d.Layout, d.Fragment, s.Effective, d.Title)
	for _, p := range d.Intro {
		fmt.Fprintf(&b, "intro %q @%s\n", p.Text, p.Pos)
	}
	for _, e := range d.Contents {
		fmt.Fprintf(&b, "toc %q %q @%s\n", e.Number, e.Title, e.Pos)
	}
	var rule func(r *parse.Rule, indent string)
	rule = func(r *parse.Rule, indent string) {
		printed := ""
		if !r.Printed.IsZero() {
			printed = " printed=" + r.Printed.String()
		}
		fmt.Fprintf(&b, "%srule %s%s title=%q implicit=%v @%s\n", indent, r.ID, printed, r.Title, r.Implicit, r.Pos)
		if r.Text != "" {
			fmt.Fprintf(&b, "%s  text %q\n", indent, r.Text)
		}
		for _, e := range r.Examples {
			fmt.Fprintf(&b, "%s  example %q @%s\n", indent, e.Text, e.Pos)
		}
		for _, c := range r.Children {
			rule(c, indent+"  ")
		}
	}
	for _, p := range d.Parts {
		fmt.Fprintf(&b, "part %d %q implicit=%v @%s\n", p.Number, p.Title, p.Implicit, p.Pos)
		for _, c := range p.Chapters {
			fmt.Fprintf(&b, "  chapter %s %q implicit=%v @%s\n", c.ID, c.Title, c.Implicit, c.Pos)
			for _, r := range c.Rules {
				rule(r, "    ")
			}
		}
	}
	for _, g := range d.Glossary {
		fmt.Fprintf(&b, "glossary %q obsolete=%v @%s\n", g.Term, g.Obsolete, g.Pos)
		for _, p := range g.Definition {
			fmt.Fprintf(&b, "  %q\n", p.Text)
		}
	}
	for _, p := range d.Index {
		fmt.Fprintf(&b, "index %q\n", p.Text)
	}
	for _, p := range d.Credits {
		fmt.Fprintf(&b, "credits %q\n", p.Text)
	}
	if !notes {
		return b.String()
	}
	for _, w := range d.Warnings {
		fmt.Fprintf(&b, "%v\n", w)
	}
	fmt.Fprintf(&b, "stats %+v\n", s)
	return b.String()
}
