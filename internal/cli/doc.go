package cli

import (
	"errors"
	"fmt"

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
	cmd.Flags().StringVar(&f.Rev, "rev", "latest", "revision: latest, first, a date (2006-10-01) or a prefix (2006, 2006-10); ~N after any of them is the Nth revision before it (latest~1)")
	cmd.Flags().StringVar(&f.File, "file", "", "read a CR text file from disk instead of the embedded corpus")
	exclusive(cmd, "rev", "file", "both name the document to read; give one of them")
	_ = cmd.RegisterFlagCompletionFunc("rev", revCompletion(env))
	_ = cmd.MarkFlagFilename("file", "txt")
}

func revCompletion(env *Env) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, word string) ([]string, cobra.ShellCompDirective) {
		lib, err := env.library()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return lib.CompleteRev(word), cobra.ShellCompDirectiveNoFileComp
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
	if errors.Is(err, crules.ErrUnknownRevision) {
		err = fmt.Errorf("%w (see 'crules versions', or give a file path with --file)", err)
	}
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

// complete completes the arguments with a completion of the document the
// flags select: (*crules.Document).CompleteRule, CompleteTerm or
// CompleteKeyword.
func complete(env *Env, f *docFlags, by func(d *crules.Document, args []string, word string) []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, word string) ([]string, cobra.ShellCompDirective) {
		_, d, err := f.document(env)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return by(d, args, word), cobra.ShellCompDirectiveNoFileComp
	}
}
