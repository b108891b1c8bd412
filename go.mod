module github.com/crules/crules

go 1.26.0

require (
	github.com/klauspost/compress v1.20.3
	golang.org/x/text v0.43.0
)
