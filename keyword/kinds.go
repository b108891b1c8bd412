package keyword

// Kinds lists every Kind.
func Kinds() []Kind {
	return []Kind{Static, Triggered, Activated, Spell, CharacteristicDefining, Mana, DelayedTriggered, AbilityWord, Action}
}

// KindNames are the names of Kinds, as ParseKind reads them.
func KindNames() []string {
	var out []string
	for _, k := range Kinds() {
		out = append(out, string(k))
	}
	return out
}

// ParseKind returns the Kind named s ("triggered"), and false when there is
// none.
func ParseKind(s string) (Kind, bool) {
	for _, k := range Kinds() {
		if string(k) == s {
			return k, true
		}
	}
	return "", false
}

// HasKind reports whether the keyword is, among others, an ability of
// kind k.
func (s *Spec) HasKind(k Kind) bool {
	for _, x := range s.Kind {
		if x == k {
			return true
		}
	}
	return false
}
