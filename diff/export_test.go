package diff

// TraceWhole is TraceClasses with each change classified on the whole
// texts, not only the lines changed.
func (l *Lineage) TraceWhole(start int, id string) ([]Change, error) {
	return l.traceBy(start, id, nil, false, func(a, b string) (string, string) { return a, b })
}

// Traced is the trace of id of Revs[rev] read from the changes the
// lineage keeps (false when it keeps none for it).
func (l *Lineage) Traced(rev int, id string) ([]Change, bool, error) { return l.traced(rev, id, true) }

// TraceBy is the trace of id of Revs[rev] measured on the texts.
func (l *Lineage) TraceBy(rev int, id string) ([]Change, error) {
	return l.traceBy(rev, id, nil, true, changedLines)
}
