package cli

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/parse"
	"github.com/spf13/cobra"
)

// docFlags are the --rev and --file flags every command that reads one
// document shares.
type docFlags struct {
	Rev  string
	File string
}

func (f *docFlags) register(cmd *cobra.Command, env *Env) {
	cmd.Flags().StringVar(&f.Rev, "rev", "latest", "revision: latest, first, a date (2006-10-01) or a prefix (2006, 2006-10)")
	cmd.Flags().StringVar(&f.File, "file", "", "read a CR text file from disk instead of the embedded corpus")
	cmd.MarkFlagsMutuallyExclusive("rev", "file")
	_ = cmd.RegisterFlagCompletionFunc("rev", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return revisionNames(env), cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.MarkFlagFilename("file", "txt")
}

func revisionNames(env *Env) []string {
	a, err := env.archive()
	if err != nil {
		return nil
	}
	names := []string{"latest", "first"}
	revs := a.Revisions()
	for i := len(revs) - 1; i >= 0; i-- {
		names = append(names, revs[i].Name())
	}
	return names
}

// A loaded document and where it came from.
type loaded struct {
	Doc *parse.Document
	Rev string // the revision's date, or the file's path
}

// load reads the document the flags name. Bad revisions and unreadable or
// non-CR files are errors with exit status 2; warnings about a file from
// disk go to stderr.
func (f *docFlags) load(env *Env) (*loaded, error) {
	if f.File != "" {
		return loadFile(env, f.File)
	}
	a, err := env.archive()
	if err != nil {
		return nil, err
	}
	r, err := a.Select(f.Rev)
	if err != nil {
		var u *corpus.UnknownRevisionError
		if errors.As(err, &u) {
			return nil, badRequest("%v", err)
		}
		return nil, err
	}
	return loadRevision(a, r)
}

func loadRevision(a *corpus.Archive, r corpus.Revision) (*loaded, error) {
	text, err := a.Text(r)
	if err != nil {
		return nil, err
	}
	doc, err := parse.Parse(r.File, text)
	if err != nil {
		return nil, fmt.Errorf("embedded revision %s: %w", r.Name(), err)
	}
	doc.Encoding = parse.Encoding(r.Encoding)
	return &loaded{Doc: doc, Rev: r.Name()}, nil
}

func loadFile(env *Env, path string) (*loaded, error) {
	var src []byte
	var err error
	if path == "-" {
		src, err = readAllLimited(os.Stdin)
		path = "<stdin>"
	} else {
		src, err = os.ReadFile(path)
	}
	if err != nil {
		return nil, badRequest("%v", err)
	}
	doc, err := parse.Parse(path, src)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	printWarnings(env, doc)
	rev := path
	if !doc.Effective.IsZero() {
		rev = doc.Effective.Format("2006-01-02")
	}
	return &loaded{Doc: doc, Rev: rev}, nil
}

// printWarnings shows the first warnings about a file on stderr.
func printWarnings(env *Env, doc *parse.Document) {
	const most = 10
	for i, w := range doc.Warnings {
		if i == most {
			env.note("crules: … and %d more warnings (crules parse %s --json lists them)", len(doc.Warnings)-most, doc.Name)
			break
		}
		env.note("%s", w)
	}
}

func readAllLimited(f *os.File) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(f, parse.MaxSize+1))
	if err == nil && len(b) > parse.MaxSize {
		err = fmt.Errorf("standard input is larger than %d MB", parse.MaxSize>>20)
	}
	return b, err
}
