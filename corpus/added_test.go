package corpus

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestShelfConcurrentPuts: additions racing from several writers (each
// its own lock file handle, as separate processes have) are all kept.
func TestShelfConcurrentPuts(t *testing.T) {
	dir := t.TempDir()
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10 {
				d, _ := time.Parse(time.DateOnly, fmt.Sprintf("2030-%02d-%02d", w+1, i+1))
				text := []byte(fmt.Sprintf("revision %d %d\n", w, i))
				_, err := Shelf{Dir: dir}.Put(Revision{File: "x.txt", Date: Date{d}, SHA256: fmt.Sprint(w, i), Added: "now"}, text)
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	revs, texts, err := Shelf{Dir: dir}.Load()
	if err != nil || len(revs) != 40 {
		t.Fatalf("the shelf holds %d revisions (%v), want 40", len(revs), err)
	}
	for i := 1; i < len(revs); i++ {
		if !revs[i-1].Date.Before(revs[i].Date.Time) || len(texts[i]) != revs[i].Length {
			t.Fatalf("revision %d: %s after %s, %d bytes", i, revs[i].Name(), revs[i-1].Name(), len(texts[i]))
		}
	}
}
