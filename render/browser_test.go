package render_test

import (
	"context"
	"flag"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

var shots = flag.String("shots", "", "write the browser test's screenshots to this directory (default: a temporary one)")

// chromium finds the browser. In CI (CI=true) a missing browser fails the
// test; on a developer's machine it skips it.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no chromium on PATH: the browser test must run in CI (apt-get install -y chromium)")
	}
	t.Skip("no chromium on PATH (apt-get install -y chromium); skipping the browser test")
	return ""
}

// TestBrowser opens 702.html#702.47a of the latest revision in headless
// Chromium, checks that the rule is in view, follows its first citation
// and checks that the cited rule is then in view, and saves screenshots
// (wide, phone-sized, dark scheme).
func TestBrowser(t *testing.T) {
	exe := chromium(t)
	dir := writtenSite(t)
	out := *shots
	if out == "" {
		out = t.TempDir()
	} else if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	// A fresh profile, removed once the browser is gone (its helper
	// processes may write to it while they exit, so not t.TempDir).
	profile, err := os.MkdirTemp("", "crules-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		for range 20 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	}()
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
	defer cancel()
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	defer cancelAlloc()
	ctx, cancelTab := chromedp.NewContext(ctx)
	defer cancelTab()

	page := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, "2026-01-16", "702.html")), Fragment: "702.47a"}).String()
	shot := func(name string) chromedp.Action {
		return chromedp.ActionFunc(func(ctx context.Context) error {
			var png []byte
			if err := chromedp.CaptureScreenshot(&png).Do(ctx); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(out, name), png, 0o644)
		})
	}
	// inView reports whether the element with the given id is visible in
	// the viewport: its top inside the window, its box not empty.
	inView := func(id string, ok *bool) chromedp.Action {
		return chromedp.Evaluate(`(() => { const e = document.getElementById(`+strconvQuote(id)+`); if (!e) return false;
			const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.top < window.innerHeight; })()`, ok)
	}
	var anchored, target, phone bool
	var href, loc, title string
	err = chromedp.Run(ctx,
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
