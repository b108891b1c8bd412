package cli

import (
	"strings"

	"github.com/crules/crules"
	"github.com/spf13/cobra"
)

// docFlags are the --rev and --file flags every command that reads one
// document shares.
type docFlags struct {
	Rev  string
	File string
}

// register adds the flags to cmd, and --json when json is set.
func (f *docFlags) register(cmd *cobra.Command, env *Env, json *bool) {
	if json != nil {
		cmd.Flags().BoolVar(json, "json", false, "print JSON")
	}
	cmd.Flags().StringVar(&f.Rev, "rev", "latest", "revision: latest, first, a date (2006-10-01) or a prefix (2006, 2006-10)")
	cmd.Flags().StringVar(&f.File, "file", "", "read a CR text file from disk instead of the embedded corpus")
	exclusive(cmd, "rev", "file", "both name the document to read; give one of them")
	_ = cmd.RegisterFlagCompletionFunc("rev", revCompletion(env))
	_ = cmd.MarkFlagFilename("file", "txt")
}

func revCompletion(env *Env) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		lib, err := env.library()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		names := []string{"latest", "first"}
		revs := lib.Revisions()
		for i := len(revs) - 1; i >= 0; i-- {
			names = append(names, revs[i].Name())
		}
		return names, cobra.ShellCompDirectiveNoFileComp
	}
}

// source resolves the flags to a source: a file (standard input for "-")
// or a revision.
func (f *docFlags) source(env *Env) (*crules.Library, crules.Source, error) {
	lib, err := env.library()
	if err != nil {
		return nil, crules.Source{}, err
	}
	src, err := lib.Resolve(f.Rev, f.File)
	return lib, src, err
}

// document reads the document the flags name.
func (f *docFlags) document(env *Env) (*crules.Library, *crules.Document, error) {
	lib, src, err := f.source(env)
	if err != nil {
		return nil, nil, err
	}
	d, err := lib.Document(src)
	return lib, d, err
}

// argCompletion completes the first argument with the candidates of the
// document the flags select that start with what is typed, case ignored.
func argCompletion(env *Env, f *docFlags, cands func(*crules.Document) []string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
		_, d, err := f.document(env)
		if err != nil || len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []string
		for _, c := range cands(d) {
			if strings.HasPrefix(strings.ToLower(c), strings.ToLower(prefix)) {
				out = append(out, c)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}
