package crules_test

import (
	"bufio"
	"errors"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/crules/crules"
)

// BenchmarkSearchLatency runs the judged queries of the index package in
// turn through Library.Search on the latest revision (the index built or
// read from the cache before the clock starts) and reports the median and
// 99th-percentile latency: what the server and the CLI pay per query.
func BenchmarkSearchLatency(b *testing.B) {
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer lib.Close()
	src := lib.Latest().Source()
	if _, err := lib.Index(src); err != nil {
		b.Fatal(err)
	}
	f, err := os.Open("index/testdata/queries.tsv")
	if err != nil {
		b.Fatal(err)
	}
	var qs []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			qs = append(qs, strings.Split(l, "\t")[0])
		}
	}
	f.Close()
	var lat []time.Duration
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		t := time.Now()
		if _, err := lib.Search(src, qs[i%len(qs)], crules.SearchOptions{}); err != nil && !errors.Is(err, crules.ErrNoMatch) {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t))
		i++
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}
