package index_test

import (
	"sort"
	"testing"
	"time"

	"github.com/crules/crules/index"
)

// BenchmarkSearchLatency runs the judged queries over the latest revision
// and reports the 50th and 99th percentile of one query's latency.
func BenchmarkSearchLatency(b *testing.B) {
	ix := latestIndex(b)
	qs := judgedQueries(b, "testdata/queries.tsv")
	var lat []time.Duration
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		q := qs[i%len(qs)]
		i++
		t := time.Now()
		if _, err := ix.Search(q.query, index.Options{Limit: 10}); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t))
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}
