// Package headless finds the headless Chromium that the browser tests of
// render, serve and the command drive.
package headless

import (
	"os"
	"os/exec"
	"testing"
)

// Chromium returns the first Chromium on PATH, or "" when there is none.
func Chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// RequireInCI fails t when Chromium found none and the test runs in CI
// (CI=true), where the browser tests must run; elsewhere it returns and
// the caller skips what needs the browser.
func RequireInCI(t testing.TB) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatal("no chromium on PATH: the browser test must run in CI (apt-get install -y chromium)")
	}
}
