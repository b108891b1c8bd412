package serve

import (
	"context"
	"net"
	"net/http"
	"testing"

	"github.com/crules/crules"
)

// TestRun: Run answers on the listener it is given until its context
// ends, then returns without error.
func TestRun(t *testing.T) {
	lib, err := crules.Open(crules.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, ln, lib, nil, nil, 0, t.Logf) }()
	resp, err := http.Get("http://" + ln.Addr().String() + "/api/revs")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("/api/revs: %d", resp.StatusCode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
}
