module github.com/blevesearch/vellum

go 1.21

require (
	github.com/bits-and-blooms/bitset v1.2.0
	github.com/blevesearch/mmap-go v1.0.4
)
