package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestInterruptedRender: 'crules render --out' stopped by SIGINT or
// SIGTERM while it writes removes its temporary folder; one killed
// outright (SIGKILL, nothing can clean) leaves it, and the next run
// removes it and writes the site.
func TestInterruptedRender(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "site")
	temps := func() []string {
		m, _ := filepath.Glob(filepath.Join(parent, ".site.tmp-*"))
		return m
	}
	interrupt := func(sig syscall.Signal) {
		t.Helper()
		cmd := exec.Command(os.Args[0], "render", "--rev", "latest", "--out", out)
		cmd.Env = append(os.Environ(), "CRULES_BE_MAIN=1", "CRULES_CACHE="+t.TempDir())
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(5 * time.Millisecond) {
			if m := temps(); len(m) > 0 {
				if es, _ := os.ReadDir(m[0]); len(es) > 0 {
					break // writing pages
				}
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatal("render wrote no temporary folder in a minute")
			}
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		err := cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("%v: render ended with %v before it could be interrupted", sig, err)
		}
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		interrupt(sig)
		if m := temps(); len(m) > 0 {
			t.Errorf("%v: left %v", sig, m)
		}
	}
	interrupt(syscall.SIGKILL)
	if len(temps()) != 1 {
		t.Fatalf("SIGKILL left %v, want one temporary folder", temps())
	}
	cmd := exec.Command(os.Args[0], "render", "--rev", "latest", "--out", out)
	cmd.Env = append(os.Environ(), "CRULES_BE_MAIN=1", "CRULES_CACHE="+t.TempDir())
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("render after a kill: %v %s", err, b)
	}
	if m := temps(); len(m) > 0 {
		t.Errorf("the next run left %v", m)
	}
	if _, err := os.Stat(filepath.Join(out, ".crules-site")); err != nil {
		t.Errorf("the site was not written: %v", err)
	}
}
