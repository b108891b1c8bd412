// Package cli implements the crules command line: one cobra command per
// verb, each flags → options → one call of the crules library → a printer
// of package render, writing to injected writers.
//
// Exit status: 0 when the command did what was asked, 1 when it ran but
// found nothing (or found problems), 2 when the request or the input is bad.
// Nothing is written to stdout on exit 2.
package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/crules/crules"
	"github.com/crules/crules/internal/atomicfile"
	"github.com/crules/crules/render"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// Exit codes.
const (
	ExitOK       = 0
	ExitNotFound = 1
	ExitBad      = 2
)

// problems is what check and cite found: the command ran, exit status 1.
type problems string

func (p problems) Error() string { return string(p) }

// exitCode maps an error to the exit status, in one place: nothing found
// (the library's no-such errors, problems found) is 1, everything else —
// bad flags, revisions, files, queries, failures — 2.
func exitCode(err error) int {
	var p problems
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, crules.ErrNoRule), errors.Is(err, crules.ErrNoTerm), errors.Is(err, crules.ErrNoKeyword),
		errors.Is(err, crules.ErrNoPhrase), errors.Is(err, crules.ErrNoMatch), errors.Is(err, crules.ErrAlreadyHeld), errors.As(err, &p):
		return ExitNotFound
	}
	return ExitBad
}

// Env is what commands read and write: tests inject buffers.
type Env struct {
	Stdout, Stderr io.Writer
	// Options open the library; their zero value reads the embedded
	// corpus and the user cache. Progress and Warn are the command line's.
	Options crules.Options
	// Color enables terminal colour on Stdout; TTY tells that Stdout is a
	// terminal (tables cut long cells there).
	Color, TTY bool
	// Terminal tells whether Stderr is a terminal (for notes and progress).
	Terminal bool
	// LightGC turns the garbage collector off for a lookup command up to
	// a soft limit of 256 MB (lookupMemoryLimit): a lookup allocates some
	// 20–40 MB in 20 ms and exits, and collecting on the way cost 2–3 ms
	// of it at GOGC=100, a sixth of diff --stat at GOGC=400. Main sets it;
	// GOGC or GOMEMLIMIT in the environment wins.
	LightGC bool
	quiet   bool
	lib     *crules.Library
}

// lookupAnnotation marks the commands LightGC applies to: those that parse
// one revision, or read a small cache (the lineage's head, the term
// counts), and exit: warm 'history splice' 45 → 33 ms at the same 28 MB
// peak (GOGC=400, then off). Also parse, diff and sim, which parse a file
// or two and exit: the collector ran once or twice in each.
// Not search (building an index on first use: 155 → 254 MB); a
// first-use build sets GOGC back at its first progress report.
const lookupAnnotation = "crules/lookup"

// lookupMemoryLimit is where a lookup's collector, off (LightGC), runs:
// far above a lookup's need (diff --stat: 32 MB without a collection).
const lookupMemoryLimit = 256 << 20

// library opens the library once per run, with a progress bar for slow
// work on a terminal.
func (e *Env) library() (*crules.Library, error) {
	if e.lib != nil {
		return e.lib, nil
	}
	o := e.Options
	var bar *render.Bars
	if e.Terminal && !e.quiet {
		bar = render.NewBars(e.Stderr)
	}
	o.Progress = func(task string, done, total int) {
		if e.LightGC { // a lookup that builds the lineage: GOGC=400 took its peak from 0.6 to 1.2 GB
			debug.SetGCPercent(100)
			debug.SetMemoryLimit(math.MaxInt64)
		}
		bar.Report(task, done, total)
	}
	o.Warn = func(err error) {
		// A cache that cannot be written changes no answer: a note for
		// whoever watches a terminal, not for a script's log.
		if !e.quiet && (e.Terminal || !errors.Is(err, crules.ErrNotCached)) {
			render.Warning(e.Stderr, err)
		}
	}
	o.Stdin = os.Stdin
	lib, err := crules.Open(o)
	e.lib = lib
	return lib, err
}

// stale says, on a terminal, when the command answered from the latest
// revision (or from every revision up to it) and that is old
// (crules.StaleNotice): decided here, once per run, for every command,
// from what the library read (crules.ReadLatest).
func (e *Env) stale(cmd *cobra.Command) {
	if e.lib == nil || !e.Terminal || cmd == nil || strings.HasPrefix(cmd.Name(), "__complete") || !e.lib.ReadLatest() {
		return
	}
	if msg := e.lib.StaleNotice(time.Now()); msg != "" {
		e.note("crules: %s", msg)
	}
}

// note prints a line on stderr unless --quiet.
func (e *Env) note(format string, args ...any) {
	if !e.quiet {
		fmt.Fprintf(e.Stderr, format+"\n", args...)
	}
}

// notes prints each of notes but "" as a line on stderr unless --quiet: the
// notes of the library's answers (Answer.Note).
func (e *Env) notes(notes ...string) {
	for _, n := range notes {
		if n != "" {
			e.note("crules: %s", n)
		}
	}
}

// text is a printer on stdout.
func (e *Env) text() *render.TextPrinter {
	return &render.TextPrinter{W: e.Stdout, Color: e.Color, Terminal: e.TTY}
}

// Main runs the command line with args (without the program name) and
// returns the exit status. SIGINT and SIGTERM remove the temporary
// output being written before they end the process.
func Main(args []string, stdout, stderr io.Writer) int {
	atomicfile.CleanOnSignal() // an interrupted render or cache build leaves nothing behind
	env := &Env{Stdout: stdout, Stderr: stderr}
	env.TTY = isTerminal(stdout)
	env.Color = env.TTY && os.Getenv("NO_COLOR") == ""
	env.Terminal = isTerminal(stderr)
	env.LightGC = os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == ""
	return Run(env, args)
}

// Run executes args in env and returns the exit status. Output a command
// produces is buffered and written to env.Stdout only when the command
// succeeds or finds nothing, never on exit 2.
func Run(env *Env, args []string) int {
	out := env.Stdout
	buf := &heldOutput{out: out}
	env.Stdout = buf
	defer func() { env.Stdout = out }()
	root := NewRootCmd(env)
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	env.stale(cmd)
	if env.lib != nil {
		if cerr := env.lib.Close(); err == nil {
			err = cerr
		}
		env.lib = nil
	}
	code := exitCode(err)
	if code == ExitNotFound && buf.held.Len() == 0 && !buf.passed && cmd != nil {
		if f := cmd.Flags().Lookup("json"); f != nil && f.Value.String() == "true" {
			_ = render.WriteJSON(buf, crules.ErrorJSON(err))
		}
	}
	if err != nil { // a line each, for the rules missing of several
		msg := err.Error()
		if errors.Is(err, crules.ErrNoKeyword) { // the library's message names no command
			msg += " (crules keywords lists them)"
		}
		for _, line := range strings.Split(msg, "\n") {
			fmt.Fprintf(env.Stderr, "crules: %s\n", line)
		}
	}
	if code != ExitBad && !buf.passed {
		out.Write(buf.held.Bytes())
	}
	return code
}

// heldOutput holds what a command writes on stdout until it ends, so that
// nothing is written on exit 2, unless the command passes it on (Env.pass).
type heldOutput struct {
	held   bytes.Buffer
	out    io.Writer
	passed bool
}

func (h *heldOutput) Write(p []byte) (int, error) {
	if h.passed {
		return h.out.Write(p)
	}
	return h.held.Write(p)
}

// pass lets what the command writes from now on go straight to stdout,
// after what it wrote so far: for an answer of megabytes (parse --json),
// once nothing but writing it can fail. Holding 1.76 MB cost more than
// printing it, in pages of fresh memory. A write that fails then exits 2
// with part of the answer written.
func (e *Env) pass() error {
	h, ok := e.Stdout.(*heldOutput)
	if !ok || h.passed {
		return nil
	}
	h.passed = true
	_, err := h.out.Write(h.held.Bytes())
	h.held.Reset()
	return err
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// NewRootCmd builds the command tree.
func NewRootCmd(env *Env) *cobra.Command {
	root := &cobra.Command{
		Use:   "crules",
		Short: "The Magic: The Gathering Comprehensive Rules, every revision since 1999",
		Long: `crules reads every revision of the Magic: The Gathering Comprehensive Rules
published since 1999 (all of them embedded in this binary) and looks rules,
glossary terms and contents up, offline.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(env.Stdout)
	root.SetErr(env.Stderr)
	root.PersistentFlags().BoolVarP(&env.quiet, "quiet", "q", false, "print no notes or warnings on stderr")
	version := root.Flags().Bool("version", false, "print the crules and Go versions and the embedded history's range and hash")
	root.RunE = func(cmd *cobra.Command, _ []string) error {
		if !*version {
			return cmd.Help()
		}
		lib, err := env.library()
		if err == nil {
			_, err = fmt.Fprint(env.Stdout, lib.BuildInfo())
		}
		return err
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return fmt.Errorf("%v (see '%s --help')", err, c.CommandPath())
	})
	root.PersistentPreRun = func(cmd *cobra.Command, _ []string) {
		if env.LightGC && cmd.Annotations[lookupAnnotation] != "" {
			debug.SetGCPercent(-1)
			debug.SetMemoryLimit(lookupMemoryLimit)
		}
	}
	lookups := []*cobra.Command{
		newRuleCmd(env, nil),
		newGlossaryCmd(env, nil),
		newTOCCmd(env, nil),
		newRefsCmd(env, nil),
		newVersionsCmd(env, nil),
		newTermsCmd(env, nil),
		newHistoryCmd(env, nil),
		newKeywordCmd(env, nil),
	}
	lookups = append(lookups, newParseCmd(env, nil), newDiffCmd(env, nil), newSimCmd(env, nil))
	for _, c := range lookups {
		c.Annotations = map[string]string{lookupAnnotation: "yes"}
	}
	root.AddCommand(lookups...)
	root.AddCommand(
		newExportCmd(env, nil),
		newCheckCmd(env, nil),
		newGraphCmd(env, nil),
		newIndexCmd(env),
		newCiteCmd(env, nil),
		newKeywordsCmd(env, nil),
		newSearchCmd(env, nil),
		newRenderCmd(env, nil),
		newServeCmd(env, nil),
		newAddCmd(env, nil),
		newUpdateCmd(env, nil),
	)
	return root
}

// exactArgs requires exactly n arguments, saying so in our words with a
// usage line.
func exactArgs(n int) cobra.PositionalArgs { return argsBetween(n, n) }

// minArgs requires at least n arguments.
func minArgs(n int) cobra.PositionalArgs { return argsBetween(n, -1) }

// maxArgs allows at most n arguments.
func maxArgs(n int) cobra.PositionalArgs { return argsBetween(0, n) }

// argsBetween requires from lo to hi arguments (hi < 0: no limit), naming
// what the command takes, as its usage line spells it, and how many it got:
// "history needs ID|KEYWORD", "toc takes no arguments, got 2".
func argsBetween(lo, hi int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		what := ""
		if f := strings.Fields(cmd.Use); len(f) > 1 && !strings.HasPrefix(f[1], "[-") {
			what = strings.Trim(f[1], "[]")
		}
		name, many := cmd.Name(), strings.TrimSuffix(what, "...")
		switch {
		case len(args) < lo && many != what:
			return fmt.Errorf("%s needs at least one %s (usage: %s)", name, many, cmd.UseLine())
		case len(args) < lo:
			return fmt.Errorf("%s needs %s (usage: %s)", name, what, cmd.UseLine())
		case hi == 0 && len(args) > 0:
			return fmt.Errorf("%s takes no arguments, got %s (usage: %s)", name, render.Count(len(args), "argument", "arguments"), cmd.UseLine())
		case hi >= 0 && len(args) > hi && what != "":
			return fmt.Errorf("%s takes at most %s (%s), got %d (usage: %s)", name, render.Count(hi, "argument", "arguments"), what, len(args), cmd.UseLine())
		case hi >= 0 && len(args) > hi:
			return fmt.Errorf("%s takes at most %s, got %d (usage: %s)", name, render.Count(hi, "argument", "arguments"), len(args), cmd.UseLine())
		}
		return nil
	}
}

// exclusive refuses flags a and b of cmd given together, saying why in
// our words: cobra's own message names its internals.
func exclusive(cmd *cobra.Command, a, b, why string) {
	prev := cmd.PreRunE
	cmd.PreRunE = func(c *cobra.Command, args []string) error {
		if c.Flags().Changed(a) && c.Flags().Changed(b) {
			return fmt.Errorf("--%s and --%s %s (see '%s --help')", a, b, why, c.CommandPath())
		}
		if prev != nil {
			return prev(c, args)
		}
		return nil
	}
}

// hook finishes a command: on run, args (when set) checks and stores the
// arguments, then runF is called when a test set it, else run.
func hook[O any](env *Env, cmd *cobra.Command, o *O, args func(*cobra.Command, []string) error, runF func(*O) error, run func(*Env, *O) error) *cobra.Command {
	cmd.RunE = func(cmd *cobra.Command, a []string) error {
		if args != nil {
			if err := args(cmd, a); err != nil {
				return err
			}
		}
		if runF != nil {
			return runF(o)
		}
		return run(env, o)
	}
	return cmd
}

// withLib opens the library before run, which needs it.
func withLib[O any](run func(*Env, *crules.Library, *O) error) func(*Env, *O) error {
	return func(env *Env, o *O) error {
		lib, err := env.library()
		if err != nil {
			return err
		}
		return run(env, lib, o)
	}
}

// firstArg stores the first argument in s.
func firstArg(s *string) func(*cobra.Command, []string) error {
	return func(_ *cobra.Command, args []string) error { *s = args[0]; return nil }
}

// joinArgs stores the arguments joined by spaces in s: a name of several
// words needs no quotes.
func joinArgs(s *string) func(*cobra.Command, []string) error {
	return func(_ *cobra.Command, args []string) error { *s = strings.Join(args, " "); return nil }
}

// printOut prints the answer: v's value as JSON when asJSON, else what
// text prints; the answer's value is built only for JSON.
func printOut(env *Env, asJSON bool, v func() any, text func(*render.TextPrinter)) error {
	if asJSON {
		return render.WriteJSON(env.Stdout, v())
	}
	p := env.text()
	text(p)
	return p.Err
}

// printIf returns err when it is not nil, and otherwise prints as
// printOut does: the one call after a library call that may fail.
func printIf(env *Env, err error, asJSON bool, v func() any, text func(*render.TextPrinter)) error {
	if err != nil {
		return err
	}
	return printOut(env, asJSON, v, text)
}

// report prints what check or cite found, as printOut does, and makes it
// exit status 1 with summary when found; when not, summary is a note.
func report(env *Env, found bool, summary string, asJSON bool, v func() any, text func(*render.TextPrinter)) error {
	if !found {
		env.note("crules: %s", summary)
	}
	err := printOut(env, asJSON, v, text)
	if err == nil && found {
		err = problems(summary)
	}
	return err
}

// jsonThen prints v as JSON and returns err: an answer that found nothing
// (exit status 1) still prints its JSON.
func jsonThen(env *Env, v any, err error) error {
	if werr := render.WriteJSON(env.Stdout, v); werr != nil {
		return werr
	}
	return err
}
