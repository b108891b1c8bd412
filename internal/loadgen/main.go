// Command loadgen measures a running crules server (crules serve): it
// walks every page of the HTML reference, or sends requests from many
// connections at once, and reports what the server's process used.
//
//	go run ./internal/loadgen -walk -pid PID http://127.0.0.1:8080
//	go run ./internal/loadgen -c 64 -d 20s -pid PID http://127.0.0.1:8080 \
//	    /api/rules/702.47a '/api/search?q=splice+onto+arcane' /2026-01-16/702.html /diff/2009-05-01/2009-07-11.html
//
// -walk follows every link of the reference from / (not /search nor
// /api/, no query strings): every revision's pages, the change pages and
// the history pages, -c at a time. Otherwise each path is asked for by -c
// connections for -d, one path after the other, and loadgen prints, per
// path, the requests answered, the rate, the median and 99th percentile
// latency, and the errors (any status but 200). With -pid it reads the
// server's resident memory (VmRSS, and the peak VmHWM) from /proc.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	walk := flag.Bool("walk", false, "walk every page of the reference")
	conns := flag.Int("c", 64, "connections at once")
	dur := flag.Duration("d", 10*time.Second, "how long to send each path (not with -walk)")
	pid := flag.Int("pid", 0, "the server's process, to read its memory")
	flag.Parse()
	if flag.NArg() < 1 || (!*walk && flag.NArg() < 2) {
		fmt.Fprintln(os.Stderr, "usage: loadgen [-walk] [-c N] [-d DUR] [-pid PID] BASE-URL [PATH...]")
		os.Exit(2)
	}
	base := strings.TrimSuffix(flag.Arg(0), "/")
	client := &http.Client{
		Timeout:   60 * time.Second,
		Transport: &http.Transport{MaxIdleConns: *conns, MaxIdleConnsPerHost: *conns, MaxConnsPerHost: *conns},
	}
	var err error
	if *walk {
		err = walkSite(client, base, *conns, *pid)
	} else {
		err = load(client, base, flag.Args()[1:], *conns, *dur, *pid)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
	printMemory(*pid)
}

var hrefRE = regexp.MustCompile(`href="([^"#?]*)`)

// walkSite fetches every page reachable from / by links, conns at a time.
func walkSite(client *http.Client, base string, conns, pid int) error {
	root, err := url.Parse(base + "/")
	if err != nil {
		return err
	}
	var (
		mu      sync.Mutex
		seen    = map[string]bool{"/": true}
		queue   = []string{"/"}
		pending sync.WaitGroup
		failed  []string
		pages   atomic.Int64
		bytes   atomic.Int64
	)
	work := make(chan string)
	start := time.Now()
	peak := watchMemory(pid)
	for range conns {
		go func() {
			for p := range work {
				body, err := get(client, base+p)
				if err != nil {
					mu.Lock()
					failed = append(failed, fmt.Sprintf("%s: %v", p, err))
					mu.Unlock()
					pending.Done()
					continue
				}
				pages.Add(1)
				bytes.Add(int64(len(body)))
				page := root.ResolveReference(&url.URL{Path: strings.TrimPrefix(p, "/")})
				var found []string
				for _, m := range hrefRE.FindAllSubmatch(body, -1) {
					if len(m[1]) == 0 {
						continue
					}
					u, err := page.Parse(string(m[1]))
					if err != nil || u.Host != root.Host || u.Path == "/search" || strings.HasPrefix(u.Path, "/api/") {
						continue
					}
					found = append(found, u.Path)
				}
				mu.Lock()
				for _, f := range found {
					if !seen[f] {
						seen[f] = true
						queue = append(queue, f)
						pending.Add(1)
					}
				}
				mu.Unlock()
				pending.Done()
			}
		}()
	}
	pending.Add(1)
	done := make(chan struct{})
	go func() { pending.Wait(); close(done) }()
	for {
		mu.Lock()
		var next string
		if len(queue) > 0 {
			next, queue = queue[0], queue[1:]
		}
		mu.Unlock()
		if next != "" {
			select {
			case work <- next:
			case <-done:
			}
			continue
		}
		select {
		case <-done:
			close(work)
			took := time.Since(start)
			fmt.Printf("walked %d pages (%.1f MB) in %.1f s, %d errors\n", pages.Load(), float64(bytes.Load())/(1<<20), took.Seconds(), len(failed))
			for _, f := range failed[:min(len(failed), 10)] {
				fmt.Println("  error:", f)
			}
			if pid > 0 {
				fmt.Printf("server peak RSS during the walk (sampled every 100 ms): %.1f MB\n", float64(peak())/(1<<20))
			}
			if len(failed) > 0 {
				return errors.New("some pages failed")
			}
			return nil
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// get fetches u and fails on any status but 200.
func get(client *http.Client, u string) ([]byte, error) {
	resp, err := client.Get(u)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d", resp.StatusCode)
	}
	return body, nil
}

// load sends each path from conns connections for dur, and prints its
// figures.
func load(client *http.Client, base string, paths []string, conns int, dur time.Duration, pid int) error {
	peak := watchMemory(pid)
	fmt.Printf("%-45s %8s %9s %9s %9s %7s\n", "path", "requests", "req/s", "p50 ms", "p99 ms", "errors")
	var bad int64
	for _, p := range paths {
		if _, err := get(client, base+p); err != nil { // warm: the first answer may build a cache
			return fmt.Errorf("%s: %v", p, err)
		}
		var mu sync.Mutex
		var lat []time.Duration
		var errs atomic.Int64
		var wg sync.WaitGroup
		start := time.Now()
		stop := start.Add(dur)
		for range conns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var mine []time.Duration
				for time.Now().Before(stop) {
					t := time.Now()
					if _, err := get(client, base+p); err != nil {
						errs.Add(1)
						continue
					}
					mine = append(mine, time.Since(t))
				}
				mu.Lock()
				lat = append(lat, mine...)
				mu.Unlock()
			}()
		}
		wg.Wait()
		took := time.Since(start)
		slices.Sort(lat)
		q := func(f float64) float64 {
			if len(lat) == 0 {
				return 0
			}
			return float64(lat[min(len(lat)-1, int(f*float64(len(lat))))].Microseconds()) / 1000
		}
		fmt.Printf("%-45s %8d %9.0f %9.1f %9.1f %7d\n", p, len(lat), float64(len(lat))/took.Seconds(), q(0.50), q(0.99), errs.Load())
		bad += errs.Load()
	}
	if pid > 0 {
		fmt.Printf("server peak RSS during the load (sampled every 100 ms): %.1f MB\n", float64(peak())/(1<<20))
	}
	if bad > 0 {
		return fmt.Errorf("%d errors", bad)
	}
	return nil
}

// watchMemory samples the resident memory of process pid every 100 ms
// until the returned function is called, which returns the largest.
func watchMemory(pid int) func() int64 {
	if pid <= 0 {
		return func() int64 { return 0 }
	}
	var peak atomic.Int64
	stop := make(chan struct{})
	go func() {
		for {
			if rss, _ := memory(pid); rss > peak.Load() {
				peak.Store(rss)
			}
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	}()
	return func() int64 {
		close(stop)
		return peak.Load()
	}
}

// memory reads VmRSS and VmHWM (in bytes) of process pid.
func memory(pid int) (rss, hwm int64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		var kb int64
		if _, err := fmt.Sscanf(line, "VmRSS: %d kB", &kb); err == nil {
			rss = kb << 10
		}
		if _, err := fmt.Sscanf(line, "VmHWM: %d kB", &kb); err == nil {
			hwm = kb << 10
		}
	}
	return rss, hwm
}

func printMemory(pid int) {
	if pid <= 0 {
		return
	}
	rss, hwm := memory(pid)
	fmt.Printf("server now: VmRSS %.1f MB, VmHWM (peak since start) %.1f MB\n", float64(rss)/(1<<20), float64(hwm)/(1<<20))
}
