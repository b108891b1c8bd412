package crules

// EncodeCitations is encodeCitations, for the tests of the cached
// citations.
var EncodeCitations = encodeCitations
