package cli

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/parse"
	"github.com/spf13/cobra"
)

type versionsOptions struct {
	JSON bool
}

func newVersionsCmd(env *Env, runF func(*versionsOptions) error) *cobra.Command {
	o := &versionsOptions{}
	cmd := &cobra.Command{
		Use:   "versions",
		Short: "List every embedded revision with its era and counts",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(o)
			}
			return runVersions(env, o)
		},
	}
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return cmd
}

type versionJSON struct {
	Rev      string `json:"rev"`
	File     string `json:"file"`
	Encoding string `json:"encoding"`
	Bytes    int    `json:"bytes"`
	SHA256   string `json:"sha256"`
	parse.Stats
}

// parseAll parses every revision, on all cores.
func parseAll(a *corpus.Archive) ([]*parse.Document, error) {
	revs := a.Revisions()
	texts, err := a.All()
	if err != nil {
		return nil, err
	}
	docs := make([]*parse.Document, len(revs))
	errs := make([]error, len(revs))
	parallel(len(revs), func(i int) { docs[i], errs[i] = parse.Parse(revs[i].File, texts[i]) })
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("embedded revision %s: %w", revs[i].Name(), err)
		}
	}
	return docs, nil
}

// parallel runs fn(0..n-1) on all cores.
func parallel(n int, fn func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

func runVersions(env *Env, o *versionsOptions) error {
	a, err := env.archive()
	if err != nil {
		return err
	}
	var rows []versionJSON
	for _, r := range a.Revisions() {
		c := r.Counts
		if c == nil {
			return fmt.Errorf("the archive's manifest has no counts for %s: regenerate it (go generate ./corpus)", r.File)
		}
		rows = append(rows, versionJSON{Rev: r.Name(), File: r.File, Encoding: r.Encoding, Bytes: r.Size, SHA256: r.SHA256,
			Stats: parse.Stats{Effective: c.Effective, Era: parse.Era(c.Era), Rules: c.Rules, Examples: c.Examples,
				Glossary: c.Glossary, Chapters: c.Chapters, Parts: c.Parts, Warnings: c.Warnings}})
	}
	if o.JSON {
		return writeJSON(env.Stdout, rows)
	}
	p := printer{w: env.Stdout, color: env.Color}
	p.printf("%-10s  %-3s  %5s  %8s  %8s  %8s  %-12s  %s\n", "REV", "ERA", "RULES", "EXAMPLES", "GLOSSARY", "CHAPTERS", "ENCODING", "BYTES")
	for _, v := range rows {
		p.printf("%-10s  %-3s  %5d  %8d  %8d  %8d  %-12s  %d\n", v.Rev, v.Era, v.Rules, v.Examples, v.Glossary, v.Chapters, v.Encoding, v.Bytes)
	}
	return p.err
}
