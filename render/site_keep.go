package render

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/crules/crules/parse"
)

// siteMark is the file that marks a directory as a site crules wrote. Its
// first line says so; each further line is one revision the site holds:
// name, era, rules and glossary entries, tab-separated.
const siteMark = ".crules-site"

// manifest is the content of siteMark for the site being written.
func (s *Site) manifest() []byte {
	var b bytes.Buffer
	b.WriteString("a site written by crules render; the next run into it keeps the revisions it does not write\n")
	for _, r := range s.Revs {
		st := r.Stats
		if r.Doc != nil {
			st = parse.Stats{Era: r.Doc.Era, Rules: len(r.Doc.IDs()), Glossary: len(r.Doc.Glossary)}
		}
		fmt.Fprintf(&b, "%s\t%s\t%d\t%d\n", r.Name, st.Era, st.Rules, st.Glossary)
	}
	for _, k := range s.kept {
		fmt.Fprintf(&b, "%s\t%s\t%d\t%d\n", k.Name, k.Era, k.Rules, k.Glossary)
	}
	return b.Bytes()
}

// keep copies into tmp what the site at dir holds that s does not write
// again: the directories of other revisions, the change and history
// pages, and latest/ when s writes none. It notes them for the revisions
// page. A dir that does not exist or is empty keeps nothing.
func (s *Site) keep(dir, tmp string) error {
	mark, err := os.ReadFile(filepath.Join(dir, siteMark))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	stats := map[string]revRow{}
	sc := bufio.NewScanner(bytes.NewReader(mark))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 4 {
			continue // the first line, or a site written before the manifest
		}
		rules, _ := strconv.Atoi(f[2])
		gloss, _ := strconv.Atoi(f[3])
		stats[f[0]] = revRow{Name: f[0], Era: f[1], Rules: rules, Glossary: gloss}
	}
	es, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	s.keptDiff = map[string]bool{}
	for _, e := range es {
		name := e.Name()
		_, mine := s.byRev[name]
		switch {
		case !e.IsDir() || mine && name != "latest":
			continue // index.html, style.css, the mark: written again
		case name == "latest":
			if !s.NoLatest {
				continue
			}
			s.keptLatest = true
		case name == "diff" || name == "history":
		default:
			if _, err := os.Stat(filepath.Join(dir, name, "index.html")); err != nil {
				continue // not a revision's pages
			}
			row, ok := stats[name]
			if !ok {
				row = revRow{Name: name}
			}
			s.kept = append(s.kept, row)
		}
		if err := copyTree(filepath.Join(dir, name), filepath.Join(tmp, name)); err != nil {
			return err
		}
	}
	return filepath.WalkDir(filepath.Join(tmp, "diff"), func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(filepath.Join(tmp, "diff"), p)
			s.keptDiff[strings.TrimSuffix(filepath.ToSlash(rel), ".html")] = true
		}
		return err
	})
}

// copyTree copies the files under src to dst, hard-linking where it can
// (writeFile replaces a file, never writes into it, so the old site's
// pages stay whole).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		if os.Link(p, to) == nil {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, b, 0o644)
	})
}
