package crules_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/crules/crules"

// importRules are the arrows of the house: which package may import what
// (non-test files, direct imports). A rule names the importer allowed, or
// the packages that must not.
var importRules = []struct {
	what    string
	imports func(pkg, imp string) bool // the import the rule is about
	allowed func(pkg string) bool      // who may make it
}{
	{"parse imports nothing of ours",
		func(pkg, imp string) bool { return pkg == "parse" && strings.HasPrefix(imp, module) },
		func(string) bool { return false }},
	{"only index imports bleve",
		func(_, imp string) bool { return strings.HasPrefix(imp, "github.com/blevesearch/") },
		func(pkg string) bool { return pkg == "index" }},
	{"only render imports goldmark",
		func(_, imp string) bool { return strings.HasPrefix(imp, "github.com/yuin/goldmark") },
		func(pkg string) bool { return pkg == "render" || strings.HasPrefix(pkg, "render/") }},
	{"only internal/cli imports cobra",
		func(_, imp string) bool { return strings.HasPrefix(imp, "github.com/spf13/cobra") },
		func(pkg string) bool { return pkg == "internal/cli" }},
	{"serve does not import internal/cli",
		func(pkg, imp string) bool { return pkg == "serve" && imp == module+"/internal/cli" },
		func(string) bool { return false }},
	{"chromedp drives the browser tests only (render, serve), never a non-test file",
		func(_, imp string) bool { return strings.HasPrefix(imp, "github.com/chromedp/") },
		func(string) bool { return false }},
	{"keyword and index read the lexicon, not diff",
		func(pkg, imp string) bool { return (pkg == "keyword" || pkg == "index") && imp == module+"/diff" },
		func(string) bool { return false }},
}

// violations lists the imports of pkgs (package path in the module →
// imports) that break a rule.
func violations(pkgs map[string][]string) []string {
	var out []string
	for pkg, imps := range pkgs {
		for _, imp := range imps {
			for _, r := range importRules {
				if r.imports(pkg, imp) && !r.allowed(pkg) {
					out = append(out, pkg+" imports "+imp+": "+r.what)
				}
			}
		}
	}
	return out
}

// moduleImports reads the imports of every package of the module's
// source tree, test files left out.
func moduleImports(t *testing.T, fsys fs.FS) map[string][]string {
	pkgs := map[string][]string{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && p != "." {
			return fs.SkipDir
		}
		if d.IsDir() && p != "." {
			if _, err := fs.Stat(fsys, path.Join(p, "go.mod")); err == nil {
				return fs.SkipDir // another module (third_party): not ours
			}
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, src, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkg := path.Dir(p)
		for _, s := range f.Imports {
			imp, _ := strconv.Unquote(s.Path.Value)
			pkgs[pkg] = append(pkgs[pkg], imp)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

func TestImportRules(t *testing.T) {
	pkgs := moduleImports(t, os.DirFS("."))
	for _, want := range []string{"parse", "index", "internal/cli", "serve", "render", "."} {
		if _, ok := pkgs[want]; !ok {
			t.Fatalf("no package %s in the tree: the walk is broken", want)
		}
	}
	for _, v := range violations(pkgs) {
		t.Error(v)
	}
	// The rules catch what they are about.
	bad := map[string][]string{
		"parse":   {module + "/corpus"},
		"diff":    {"github.com/blevesearch/bleve/v2"},
		"serve":   {"github.com/yuin/goldmark", module + "/internal/cli"},
		"crules":  {"github.com/spf13/cobra"},
		"keyword": {module + "/diff"},
		"serve/x": {"github.com/chromedp/chromedp"},
	}
	if got := violations(bad); len(got) != 7 {
		t.Errorf("the rules find %d of 7 violations: %q", len(got), got)
	}
}
