package diff

// TraceWhole is TraceClasses with each change classified on the whole
// texts, not only the lines changed.
func (l *Lineage) TraceWhole(start int, id string) ([]Change, error) {
	return l.traceBy(start, id, nil, false, func(a, b string) (string, string) { return a, b })
}
