module github.com/blevesearch/bleve/v2

go 1.23

toolchain go1.23.9

require (
	github.com/RoaringBitmap/roaring/v2 v2.4.5
	github.com/bits-and-blooms/bitset v1.22.0
	github.com/blevesearch/bleve_index_api v1.2.11
	github.com/blevesearch/geo v0.2.4
	github.com/blevesearch/go-faiss v1.0.26
	github.com/blevesearch/go-metrics v0.0.0-20201227073835-cf1acfcdf475
	github.com/blevesearch/go-porterstemmer v1.0.3
	github.com/blevesearch/goleveldb v1.0.1
	github.com/blevesearch/gtreap v0.1.1
	github.com/blevesearch/scorch_segment_api/v2 v2.3.13
	github.com/blevesearch/segment v0.9.1
	github.com/blevesearch/snowball v0.6.1
	github.com/blevesearch/snowballstem v0.9.0
	github.com/blevesearch/stempel v0.2.0
	github.com/blevesearch/upsidedown_store_api v1.0.2
	github.com/blevesearch/vellum v1.1.0
	github.com/blevesearch/zapx/v11 v11.4.2
	github.com/blevesearch/zapx/v12 v12.4.2
	github.com/blevesearch/zapx/v13 v13.4.2
	github.com/blevesearch/zapx/v14 v14.4.2
	github.com/blevesearch/zapx/v15 v15.4.2
	github.com/blevesearch/zapx/v16 v16.2.8
	github.com/couchbase/moss v0.2.0
	github.com/spf13/cobra v1.8.1
	go.etcd.io/bbolt v1.4.0
	golang.org/x/text v0.8.0
	google.golang.org/protobuf v1.36.6
)

require (
	github.com/blevesearch/mmap-go v1.0.4 // indirect
	github.com/couchbase/ghistogram v0.1.0 // indirect
	github.com/golang/snappy v0.0.4 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/json-iterator/go v0.0.0-20171115153421-f7279a603ede // indirect
	github.com/mschoch/smat v0.2.0 // indirect
	github.com/spf13/pflag v1.0.6 // indirect
	golang.org/x/sys v0.29.0 // indirect
)
