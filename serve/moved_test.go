package serve

import (
	"net/http"
	"strings"
	"testing"
)

// TestMovedChapter: a chapter number the revision lacks is redirected to
// where the lineage puts its rules, which says so above its heading.
func TestMovedChapter(t *testing.T) {
	ts := testServer(t)
	client := *ts.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := client.Get(ts.URL + "/2005-10-01/702.html")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusFound || loc != "/2005-10-01/502.html?from=702" {
		t.Fatalf("/2005-10-01/702.html: %d to %q, want 302 to /2005-10-01/502.html?from=702", resp.StatusCode, loc)
	}
	code, body := get(t, ts, "/2005-10-01/702.html")
	if code != http.StatusOK || !strings.Contains(body, `<p class="notice">2005-10-01 has no chapter 702`) || !strings.Contains(body, `id="502.1"`) {
		t.Errorf("following the redirect: %d, want chapter 502 with a notice", code)
	}
	if code, body := get(t, ts, "/2005-10-01/502.html"); code != http.StatusOK || strings.Contains(body, `class="notice"`) {
		t.Errorf("/2005-10-01/502.html asked for itself: %d, with a notice", code)
	}
	if code, _ := get(t, ts, "/2005-10-01/999.html"); code != http.StatusNotFound {
		t.Errorf("/2005-10-01/999.html: %d, want 404", code)
	}
}
