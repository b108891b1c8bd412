package cli

import (
	"context"
	"time"

	"github.com/crules/crules"
	"github.com/crules/crules/internal/atomicfile"
	"github.com/spf13/cobra"
)

func newAddCmd(env *Env, runF func(*[]string) error) *cobra.Command {
	files := &[]string{}
	cmd := &cobra.Command{Use: "add FILE...", Args: minArgs(1),
		Short: "Add CR files (any encoding) to your own archive, beside the embedded revisions",
		Long: `Add keeps CR files in your own archive ($CRULES_DATA, else the user data directory),
which every command reads as it reads the embedded revisions. A file held already
is refused (exit 1); one whose date is held with another text replaces it.`}
	return hook(env, cmd, files, func(_ *cobra.Command, a []string) error { *files = a; return nil }, runF, withLib(runAdd))
}

func runAdd(env *Env, lib *crules.Library, files *[]string) error {
	p := env.text()
	for _, f := range *files {
		a, err := lib.AddFile(f)
		if err != nil {
			return err
		}
		p.Added(a.Rev, f, a.Dir)
	}
	return p.Err
}

func newUpdateCmd(env *Env, runF func(*crules.UpdateOptions) error) *cobra.Command {
	o := &crules.UpdateOptions{}
	cmd := &cobra.Command{Use: "update", Args: exactArgs(0),
		Short: "Fetch the newest CR from Wizards' rules page and add it",
		Long: `Update downloads the TXT file the rules page links and adds it as 'crules add' does
when it is newer than the latest revision held ("already up to date", exit 0, when
not); a failed download or a file that is not a newer CR exits 2, adding nothing.`}
	cmd.Flags().StringVar(&o.Page, "page", crules.RulesPage, "the page that links the CR's TXT file")
	cmd.Flags().BoolVar(&o.Check, "check", false, "only say whether a newer release exists")
	cmd.Flags().DurationVar(&o.Timeout, "timeout", time.Minute, "give up after this long")
	return hook(env, cmd, o, nil, runF, withLib(runUpdate))
}

func runUpdate(env *Env, lib *crules.Library, o *crules.UpdateOptions) error {
	r, err := lib.Update(context.Background(), *o)
	if err != nil {
		return err
	}
	dir := ""
	if r.Added != nil {
		dir = r.Added.Dir
	}
	p := env.text()
	p.Update(r.Rev, r.URL, r.Latest, dir, r.UpToDate)
	return p.Err
}

type exportOptions struct {
	Rev, Out string
}

func newExportCmd(env *Env, runF func(*exportOptions) error) *cobra.Command {
	o := &exportOptions{}
	cmd := &cobra.Command{
		Use:   "export REV",
		Short: "Write an embedded revision's text exactly as published, for the commands that read a file",
		Example: `  crules export 2005-10-01 -o MagicCompRules.txt
  crules export latest > latest.txt`,
		Args:              exactArgs(1),
		ValidArgsFunction: revCompletion(env),
	}
	cmd.Flags().StringVarP(&o.Out, "out", "o", "", "write to FILE, whole or not at all, instead of standard output")
	return hook(env, cmd, o, firstArg(&o.Rev), runF, withLib(runExport))
}

func runExport(env *Env, lib *crules.Library, o *exportOptions) error {
	r, err := lib.Select(o.Rev)
	if err != nil {
		return err
	}
	b, err := lib.Export(r)
	switch {
	case err != nil:
		return err
	case o.Out == "":
		_, err = env.Stdout.Write(b)
		return err
	}
	if err := atomicfile.Write(o.Out, b); err != nil {
		return err
	}
	env.note("crules: wrote %s, the CR of %s", o.Out, r.Name())
	return nil
}
