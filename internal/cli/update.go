package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/crules/crules"
	"github.com/spf13/cobra"
)

type addOptions struct {
	Files []string
}

func newAddCmd(env *Env, runF func(*addOptions) error) *cobra.Command {
	o := &addOptions{}
	cmd := &cobra.Command{
		Use:   "add FILE...",
		Short: "Add CR files (any encoding) to your own archive, beside the embedded revisions",
		Long: `Add keeps CR files in your own archive ($CRULES_DATA, else the user data
directory), where every command reads them as it reads the embedded revisions.
A file must parse as a CR and state its effective date. One whose date and text
are held already is refused (exit 1); one whose text differs replaces the one of
its date, with a warning.`,
		Args: minArgs(1),
	}
	return hook(env, cmd, o, func(_ *cobra.Command, a []string) error { o.Files = a; return nil }, runF, runAdd)
}

func runAdd(env *Env, o *addOptions) error {
	lib, err := env.library()
	if err != nil {
		return err
	}
	for _, f := range o.Files {
		src, err := lib.ReadFile(f)
		if err == nil {
			var a *crules.Addition
			if a, err = lib.Add(src, f); err == nil {
				fmt.Fprintf(env.Stdout, "added %s from %s to %s\n", a.Rev, f, a.Dir)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

type updateOptions struct {
	crules.UpdateOptions
}

func newUpdateCmd(env *Env, runF func(*updateOptions) error) *cobra.Command {
	o := &updateOptions{}
	cmd := &cobra.Command{
		Use:   "update",
		Short: "Fetch the newest CR from Wizards' rules page and add it",
		Long: `Update reads the rules page, downloads the TXT file it links, and adds it as
'crules add' does when it is newer than the latest revision held. The release held
already is "up to date" (exit 0); a page with no link, a failed download or a file
that is not a newer CR exits 2 and adds nothing.`,
		Args: exactArgs(0),
	}
	cmd.Flags().StringVar(&o.Page, "page", crules.RulesPage, "the page that links the CR's TXT file")
	cmd.Flags().BoolVar(&o.Check, "check", false, "only say whether a newer release exists")
	cmd.Flags().DurationVar(&o.Timeout, "timeout", time.Minute, "give up after this long")
	return hook(env, cmd, o, nil, runF, runUpdate)
}

func runUpdate(env *Env, o *updateOptions) error {
	lib, err := env.library()
	if err != nil {
		return err
	}
	r, err := lib.Update(context.Background(), o.UpdateOptions)
	switch {
	case err != nil:
		return err
	case r.UpToDate:
		fmt.Fprintf(env.Stdout, "already up to date: %s is the newest release (%s)\n", r.Rev, r.URL)
	case r.Added == nil:
		fmt.Fprintf(env.Stdout, "a newer release: %s (the newest held is %s); 'crules update' adds it\n", r.Rev, r.Latest)
	default:
		fmt.Fprintf(env.Stdout, "added %s from %s to %s\n", r.Rev, r.URL, r.Added.Dir)
	}
	return nil
}
