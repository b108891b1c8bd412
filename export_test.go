package crules

// EncodeCitations is encodeCitations, for the tests of the cached
// citations.
var EncodeCitations = encodeCitations

// LearnSpecs is Library.learnSpecs, for the tests of the cached specs.
var LearnSpecs = (*Library).learnSpecs
