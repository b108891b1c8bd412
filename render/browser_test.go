package render_test

import (
	"context"
	"flag"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/crules/crules/internal/headless"
)

var shots = flag.String("shots", "", "write the browser test's screenshots to this directory (default: a temporary one)")

// chromium finds the browser. In CI (CI=true) a missing browser fails the
// test; on a developer's machine it skips it.
func chromium(t *testing.T) string {
	if p := headless.Chromium(); p != "" {
		return p
	}
	headless.RequireInCI(t)
	t.Skip("no chromium on PATH (apt-get install -y chromium); skipping the browser test")
	return ""
}

// browser starts headless Chromium with a fresh profile, 1000×800, for at
// most 90 seconds; the browser and its profile are gone when the test ends.
func browser(t *testing.T, exe string) context.Context {
	// A fresh profile, removed once the browser is gone (its helper
	// processes may write to it while they exit, so not t.TempDir).
	profile, err := os.MkdirTemp("", "crules-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for range 20 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1000, 800),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	ctx, cancelTab := chromedp.NewContext(ctx)
	// Cleanups run last in first out: the tab, the browser, then the
	// profile registered above.
	t.Cleanup(cancel)
	t.Cleanup(cancelAlloc)
	t.Cleanup(cancelTab)
	return ctx
}

// shotsDir is where screenshots go: -shots, or a temporary directory.
func shotsDir(t *testing.T) string {
	out := *shots
	if out == "" {
		return t.TempDir()
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	return out
}

// screenshot saves the page as it is to dir/name.
func screenshot(dir, name string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var png []byte
		if err := chromedp.CaptureScreenshot(&png).Do(ctx); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, name), png, 0o644)
	})
}

// TestBrowser opens 702.html#702.47a of the latest revision in headless
// Chromium, checks that the rule is in view, follows its first citation
// and checks that the cited rule is then in view, and saves screenshots
// (wide, phone-sized, dark scheme).
func TestBrowser(t *testing.T) {
	exe := chromium(t)
	dir := writtenSite(t)
	out := shotsDir(t)
	ctx := browser(t, exe)

	page := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, "2026-01-16", "702.html")), Fragment: "702.47a"}).String()
	shot := func(name string) chromedp.Action { return screenshot(out, name) }
	// inView reports whether the element with the given id is visible in
	// the viewport: its top inside the window, its box not empty.
	inView := func(id string, ok *bool) chromedp.Action {
		return chromedp.Evaluate(`(() => { const e = document.getElementById(`+strconvQuote(id)+`); if (!e) return false;
			const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.top < window.innerHeight; })()`, ok)
	}
	var anchored, target, phone bool
	var href, loc, title string
	err := chromedp.Run(ctx,
		chromedp.Navigate(page),
		chromedp.WaitVisible(`[id="702.47a"]`, chromedp.ByQuery),
		inView("702.47a", &anchored),
		chromedp.Title(&title),
		shot("702.47a.png"),
		chromedp.AttributeValue(`[id="702.47a"] a.cite`, "href", &href, nil, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !anchored {
		t.Errorf("%s: #702.47a is not in the viewport", page)
	}
	if !strings.Contains(title, "Keyword Abilities") {
		t.Errorf("title %q", title)
	}
	_, frag, _ := strings.Cut(href, "#")
	if frag == "" {
		t.Fatalf("the first citation of 702.47a links to %q", href)
	}
	err = chromedp.Run(ctx,
		chromedp.Click(`[id="702.47a"] a.cite`, chromedp.ByQuery),
		chromedp.WaitVisible(`[id="`+frag+`"]`, chromedp.ByQuery),
		chromedp.Location(&loc),
		inView(frag, &target),
		shot("citation-"+frag+".png"),
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile),
		chromedp.Navigate(page),
		chromedp.WaitVisible(`[id="702.47a"]`, chromedp.ByQuery),
		inView("702.47a", &phone),
		shot("702.47a-phone.png"),
		emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}),
		shot("702.47a-phone-dark.png"),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(loc, "/"+href) {
		t.Errorf("clicked the citation %q, landed on %s", href, loc)
	}
	if !phone {
		t.Errorf("on a phone-sized screen, #702.47a is not in the viewport")
	}
	if !target {
		t.Errorf("after the click, #%s is not in the viewport", frag)
	}
	t.Logf("followed %s from 702.47a to %s; screenshots in %s", href, loc, out)
}

func strconvQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// phoneCheck measures a page laid out 375 px wide: how much wider than
// the window the document is, or a table's box (.wide) than the box, and
// the rule numbers ("702.47a", "702.") and dates ("2009-05-01") of its
// text that do not stand on one line, each as "text (lines)", the first
// 20.
const phoneCheck = `(() => {
	const number = /\b(\d{3}\.\d+[a-z]?\.?|\d{3}\.|\d{4}-\d{2}-\d{2})(?![\w-])/g;
	const wrapped = [];
	let measured = 0;
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		for (const m of n.data.matchAll(number)) {
			const r = document.createRange();
			r.setStart(n, m.index);
			r.setEnd(n, m.index + m[0].length);
			const lines = new Set();
			for (const b of r.getClientRects()) if (b.width > 0) lines.add(Math.round(b.top));
			if (lines.size === 0) continue; // not displayed
			measured++;
			if (lines.size > 1 && wrapped.length < 20) wrapped.push(m[0] + " in " + n.parentNode.tagName.toLowerCase() + (n.parentNode.className ? "." + n.parentNode.className : "") + " (" + lines.size + " lines)");
		}
	}
	let scrolls = 0;
	for (const e of document.querySelectorAll(".wide")) if (e.scrollWidth > e.clientWidth) scrolls++;
	return {overflow: document.scrollingElement.scrollWidth - window.innerWidth, scrolls, measured, wrapped};
})()`

// TestPhone lays pages of a written site out in a 375 px wide phone
// viewport in headless Chromium: none scrolls sideways, not even a table
// in its box, and no rule number or date wraps; at 1000 px, as on a
// desktop, neither the page scrolls sideways nor a number or date wraps.
// The pages: the revisions, a revision's contents, a chapter (702, and
// 502 of the 502 era), the glossary, the keywords, a change page, a rule's
// history and the search page with its hits. The search page of another
// revision than the newest lists that revision's hits.
func TestPhone(t *testing.T) {
	exe := chromium(t)
	dir := writtenSite(t)
	out := shotsDir(t)
	ctx := browser(t, exe)
	pages := []string{
		"index.html",
		"2026-01-16/index.html",
		"2026-01-16/702.html",
		"2009-05-01/502.html",
		"2026-01-16/glossary.html",
		"2026-01-16/keywords.html",
		"diff/2009-05-01/2009-07-11.html",
		"history/702.47.html",
		"search.html?q=splice",
	}
	for _, screen := range []struct {
		name          string
		width, height int64
		phone         bool
	}{{"phone", 375, 812, true}, {"desktop", 1000, 800, false}} {
		emulate := chromedp.EmulateViewport(screen.width, screen.height)
		if screen.phone {
			emulate = chromedp.EmulateViewport(screen.width, screen.height, chromedp.EmulateMobile)
		}
		if err := chromedp.Run(ctx, emulate); err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			path, query, _ := strings.Cut(p, "?")
			if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(path))); err != nil {
				t.Fatalf("the written site has no %s", path)
			}
			u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, filepath.FromSlash(path))), RawQuery: query}).String()
			var got struct {
				Overflow float64  `json:"overflow"`
				Scrolls  int      `json:"scrolls"`
				Measured int      `json:"measured"`
				Wrapped  []string `json:"wrapped"`
			}
			ready := chromedp.WaitReady("footer", chromedp.ByQuery)
			if query != "" { // the hits, once search.js listed them
				ready = chromedp.WaitReady("#hits ol", chromedp.ByQuery)
			}
			err := chromedp.Run(ctx,
				chromedp.Navigate(u),
				ready,
				chromedp.Evaluate(phoneCheck, &got),
				screenshot(out, screen.name+"-"+strings.NewReplacer("/", "_", "?", "_", "=", "_").Replace(p)+".png"),
			)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if got.Overflow > 0 {
				t.Errorf("%s: %.0f px wider than a %d px screen: it scrolls sideways", p, got.Overflow, screen.width)
			}
			if got.Scrolls > 0 && screen.phone {
				t.Errorf("%s: %d tables scroll sideways on a %d px screen", p, got.Scrolls, screen.width)
			}
			if len(got.Wrapped) > 0 {
				t.Errorf("%s at %d px: rule numbers or dates wrap: %s", p, screen.width, strings.Join(got.Wrapped, ", "))
			}
			if got.Measured == 0 {
				t.Errorf("%s: no rule number or date measured", p)
			}
			t.Logf("%s at %d px: %d rule numbers and dates, overflow %.0f px", p, screen.width, got.Measured, got.Overflow)
		}
	}
	var chosen string
	var hrefs []string
	page := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, "search.html")), RawQuery: "q=splice&rev=2009-05-01"}).String()
	err := chromedp.Run(ctx,
		chromedp.Navigate(page),
		chromedp.WaitReady("#hits ol", chromedp.ByQuery),
		chromedp.Value("form.search select[name=rev]", &chosen, chromedp.ByQuery),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#hits a.id"), a => a.getAttribute("href"))`, &hrefs),
	)
	if err != nil {
		t.Fatal(err)
	}
	if chosen != "2009-05-01" || len(hrefs) == 0 || !strings.HasPrefix(hrefs[0], "2009-05-01/502.html#502.40") {
		t.Errorf("search.html?q=splice&rev=2009-05-01: %s chosen, hits %v", chosen, hrefs)
	}
	for _, h := range hrefs {
		if !strings.HasPrefix(h, "2009-05-01/") {
			t.Errorf("search.html?q=splice&rev=2009-05-01 lists %s", h)
		}
	}
	// A revision the site doesn't hold: a notice naming those it holds,
	// and no hits (issue 26: rev=1999 listed the latest revision's hits).
	for _, rev := range []string{"1999", "2009"} {
		var notice string
		var n int
		page := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, "search.html")), RawQuery: "q=splice&rev=" + rev}).String()
		err := chromedp.Run(ctx,
			chromedp.Navigate(page),
			chromedp.WaitReady("#hits p.notice", chromedp.ByQuery),
			chromedp.Text("#hits p.notice", &notice, chromedp.ByQuery),
			chromedp.Evaluate(`document.querySelectorAll("#hits a.id").length`, &n),
		)
		if err != nil {
			t.Fatalf("search.html?q=splice&rev=%s: %v", rev, err)
		}
		if want := "This site holds no revision " + rev + "; it holds "; !strings.HasPrefix(notice, want) || !strings.Contains(notice, "2009-07-11, 2009-05-01.") || n != 0 {
			t.Errorf("search.html?q=splice&rev=%s: notice %q, %d hits; want %q and the revisions it holds, no hits", rev, notice, n, want)
		}
	}
	t.Logf("screenshots in %s", out)
}

// TestBrowserElided opens the written site's change page of the 2009
// renumbering from file:// in headless Chromium: the words a long rule's
// change leaves out are not shown, and a click on its "…" shows them in
// place, with no script.
func TestBrowserElided(t *testing.T) {
	exe := chromium(t)
	dir := writtenSite(t)
	ctx := browser(t, exe)
	page := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, "diff", "2009-05-01", "2009-07-11.html"))}).String()
	// shown reports whether the words behind the first control are laid
	// out, and the control's ID.
	const shown = `(() => { const s = document.querySelector(".elided > span"); return [s.getClientRects().length > 0, s.parentNode.querySelector("input").id]; })()`
	var before, after []any
	err := chromedp.Run(ctx,
		chromedp.Navigate(page),
		chromedp.WaitVisible(`.elided > label`, chromedp.ByQuery),
		chromedp.Evaluate(shown, &before),
	)
	if err != nil {
		t.Fatal(err)
	}
	if len(before) != 2 || before[0] != false {
		t.Fatalf("%s: the first elided words are shown before a click: %v", page, before)
	}
	id, _ := before[1].(string)
	err = chromedp.Run(ctx,
		chromedp.Click(`label[for="`+id+`"]`, chromedp.ByQuery),
		chromedp.Evaluate(shown, &after),
	)
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != 2 || after[0] != true {
		t.Errorf("%s: a click on the … of %s does not show the words: %v", page, id, after)
	}
}
