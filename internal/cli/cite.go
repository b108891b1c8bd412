package cli

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/crules/crules/cite"
	"github.com/spf13/cobra"
)

type citeOptions struct {
	Paths []string
	All   bool
	JSON  bool
}

func newCiteCmd(env *Env, runF func(*citeOptions) error) *cobra.Command {
	o := &citeOptions{}
	cmd := &cobra.Command{
		Use:   "cite PATH...",
		Short: "Find CR citations in source code and flag the stale ones",
		Long: `Cite scans files and folders for Comprehensive Rules citations ("rule 702.51",
"CR 502.46", "§702.163", "702.19c") and checks each against the rules'
history: a number that no longer exists, or whose keyword named beside it
(on the same line, or in the file name) has moved, is stale:

  ConvokeAbility.java:12:8: 502.46 is Convoke of 2005-10-01..2009-05-01; Convoke is 702.51 now

Bare numbers without a subrule letter ("702.51") count only on lines that
mention rules, so version numbers elsewhere are left alone. Folders named
.git, vendor and node_modules, binary files and files over 16 MB are
skipped. Exit status 1 when a citation is stale.`,
		Example: `  crules cite src/
  crules cite --all --json Mage/src/main/java/mage/abilities/keyword`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return badRequest("cite needs at least one file or folder (usage: %s)", cmd.UseLine())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Paths = args
			if runF != nil {
				return runF(o)
			}
			return runCite(env, o)
		},
	}
	cmd.Flags().BoolVar(&o.All, "all", false, "print current citations too")
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return cmd
}

type citeJSON struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Text    string `json:"text"`
	ID      string `json:"id"`
	Stale   bool   `json:"stale"`
	Message string `json:"message"`
}

const maxCiteFile = 16 << 20

func runCite(env *Env, o *citeOptions) error {
	var cits []cite.Citation
	files := 0
	for _, root := range o.Paths {
		if _, err := os.Stat(root); err != nil {
			return badRequest("%v", err)
		}
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				switch d.Name() {
				case ".git", "vendor", "node_modules", ".hg", ".svn":
					if path != root {
						return filepath.SkipDir
					}
				}
				return nil
			}
			if !d.Type().IsRegular() {
				return nil
			}
			info, err := d.Info()
			if err != nil || info.Size() > maxCiteFile {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if bytes.IndexByte(src[:min(len(src), 8000)], 0) >= 0 {
				return nil // binary
			}
			files++
			cits = append(cits, cite.Scan(path, src)...)
			return nil
		})
		if err != nil {
			return badRequest("%v", err)
		}
	}
	a, l, err := archiveLineage(env)
	if err != nil {
		return err
	}
	latest, err := loadRevision(a, a.Revisions()[len(a.Revisions())-1])
	if err != nil {
		return err
	}
	ix := cite.NewIndex(l, latest.Doc)
	stale := 0
	js := []citeJSON{}
	p := printer{w: env.Stdout, color: env.Color}
	for _, c := range cits {
		f := ix.Check(c)
		if f.Stale {
			stale++
		}
		if !f.Stale && !o.All {
			continue
		}
		if o.JSON {
			js = append(js, citeJSON{c.File, c.Line, c.Col, c.Text, c.ID.String(), f.Stale, f.Msg})
			continue
		}
		p.printf("%s:%d:%d: %s\n", c.File, c.Line, c.Col, f.Msg)
	}
	if o.JSON {
		if err := writeJSON(env.Stdout, js); err != nil {
			return err
		}
	} else if p.err != nil {
		return p.err
	}
	summary := strings.TrimSpace(plural(len(cits), "citation") + " in " + plural(files, "file") + ", " + plural(stale, "stale"))
	if stale > 0 {
		return &exitError{ExitNotFound, errorString(summary)}
	}
	env.note("crules: %s", summary)
	return nil
}

type errorString string

func (e errorString) Error() string { return string(e) }

func plural(n int, what string) string {
	s := itoa(n) + " " + what
	if n != 1 && what != "stale" {
		s += "s"
	}
	return s
}
