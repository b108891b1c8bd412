package serve

import (
	"context"
	"flag"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/crules/crules"

	"github.com/crules/crules/internal/headless"
)

var shots = flag.String("shots", "", "write the browser test's screenshots to this directory (default: a temporary one)")

// TestBrowser starts the server on 127.0.0.1:0 and drives headless
// Chromium through it: /latest/702.html#702.47a shows the rule, the
// page's search box finds "splice onto arcane", and the first hit leads
// to its rule's anchor on its chapter page. In CI (CI=true) a missing
// browser fails the test; elsewhere it skips it.
func TestBrowser(t *testing.T) {
	exe := headless.Chromium()
	if exe == "" {
		headless.RequireInCI(t)
		t.Skip("no chromium on PATH (apt-get install -y chromium); skipping the browser test")
	}
	out := *shots
	if out == "" {
		out = t.TempDir()
	} else if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer lib.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srvCtx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- New(lib, nil).Serve(srvCtx, ln) }()
	defer func() {
		stop()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	base := "http://" + ln.Addr().String()

	profile, err := os.MkdirTemp("", "crules-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		for range 20 { // its helper processes may still write to it while they exit
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.UserDataDir(profile), chromedp.WindowSize(1000, 800),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-sync", true))
	defer cancelAlloc()
	ctx, cancelTab := chromedp.NewContext(ctx)
	defer cancelTab()

	shot := func(name string) chromedp.Action {
		return chromedp.ActionFunc(func(ctx context.Context) error {
			var png []byte
			if err := chromedp.CaptureScreenshot(&png).Do(ctx); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(out, name), png, 0o644)
		})
	}
	inView := func(id string, ok *bool) chromedp.Action {
		return chromedp.Evaluate(`(() => { const e = document.getElementById(`+jsQuote(id)+`); if (!e) return false;
			const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.top < window.innerHeight; })()`, ok)
	}
	var anchored, hitInView bool
	var results, href, loc string
	err = chromedp.Run(ctx,
		chromedp.Navigate(base+"/latest/702.html#702.47a"),
		chromedp.WaitVisible(`[id="702.47a"]`, chromedp.ByQuery),
		inView("702.47a", &anchored),
		shot("server-702.47a.png"),
		chromedp.SendKeys(`form.search input[name=q]`, "splice onto arcane", chromedp.ByQuery),
		chromedp.Submit(`form.search`, chromedp.ByQuery),
		chromedp.WaitVisible(`ol li a.id`, chromedp.ByQuery),
		chromedp.Location(&results),
		shot("server-search.png"),
		chromedp.AttributeValue(`ol li a.id`, "href", &href, nil, chromedp.ByQuery),
		chromedp.Click(`ol li a.id`, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !anchored {
		t.Error("/latest/702.html#702.47a: #702.47a is not in the viewport")
	}
	if !strings.Contains(results, "/search?q=splice+onto+arcane") {
		t.Errorf("the page's search box went to %s", results)
	}
	_, frag, _ := strings.Cut(href, "#")
	if !strings.HasPrefix(href, "/2026-01-16/702.html#702.47") || frag == "" {
		t.Fatalf("the first hit of splice onto arcane links to %q", href)
	}
	err = chromedp.Run(ctx,
		chromedp.WaitVisible(`[id="`+frag+`"]`, chromedp.ByQuery),
		chromedp.Location(&loc),
		inView(frag, &hitInView),
		shot("server-hit-"+frag+".png"),
	)
	if err != nil {
		t.Fatal(err)
	}
	if loc != base+href || !hitInView {
		t.Errorf("followed the first hit %s: at %s, #%s in view: %v", href, loc, frag, hitInView)
	}
	t.Logf("searched from /latest/702.html, followed %s; screenshots in %s", href, out)
}

func jsQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
