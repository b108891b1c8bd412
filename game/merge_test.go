package game

import "testing"

// TestMerge: a merged permanent has its top component's characteristics
// with every component's abilities (702.140e), is a token only if its top
// is (729.2d), is one object in a copy of the state whose merges leave
// the original's alone, and leaves the battlefield as all its cards
// (729.3).
func TestMerge(t *testing.T) {
	s := New(nil, "alice", "bob")
	alice := s.Players[0]
	bear := &Card{Name: "Grizzly Bears", Types: []string{"Creature"}, Subtypes: []string{"Bear"}, Power: 2, Toughness: 2, HasPT: true}
	heron := &Card{Name: "Dreamtail Heron", Types: []string{"Creature"}, Subtypes: []string{"Elemental", "Bird"}, Power: 3, Toughness: 4, HasPT: true,
		Abilities: []Ability{{Keyword: "Flying", Text: "Flying"}}}
	soldier := &Card{Name: "Soldier", Types: []string{"Creature"}, Subtypes: []string{"Soldier"}, Power: 1, Toughness: 1, HasPT: true}

	perm := s.Create(bear, "Grizzly Bears", alice, Battlefield)
	s.Merge(perm, s.Create(heron, "Dreamtail Heron", alice, Stack), false)
	if perm.Name() != "Dreamtail Heron" || perm.Power() != 3 || !perm.Has("Flying") || !perm.HasSubtype("Bird") || perm.HasSubtype("Bear") {
		t.Errorf("merged over: %s %d/%d flying %v", perm.Name(), perm.Power(), perm.Toughness(), perm.Has("Flying"))
	}
	if len(s.Stack) != 0 || len(alice.Zone(Battlefield)) != 1 {
		t.Fatal("the mutating spell did not leave the stack for the permanent")
	}

	c := s.Clone()
	cp := c.Players[0].Zone(Battlefield)[0]
	tok := c.Create(soldier, "Soldier token", c.Players[0], Stack)
	tok.Token = true
	c.Merge(cp, tok, true)
	if len(perm.Merged) != 2 || len(cp.Merged) != 3 || cp.Token {
		t.Errorf("a merge in the copy: %d components in the original, %d in the copy, token %v", len(perm.Merged), len(cp.Merged), cp.Token)
	}

	n := c.Move(cp, Graveyard, nil, false)
	gy := c.Players[0].Zone(Graveyard)
	if n == nil || n.Label != "Dreamtail Heron" || len(gy) != 3 || gy[1].Label != "Grizzly Bears" || !gy[2].Token || gy[2].Card != soldier {
		t.Errorf("a merged permanent's components in the graveyard: %v", gy)
	}

	u := s.Create(soldier, "Soldier token", alice, Battlefield)
	u.Token = true
	s.Merge(u, s.Create(heron, "Dreamtail Heron", alice, Stack), true)
	if !u.Token || u.Name() != "Soldier" || !u.Has("Flying") {
		t.Errorf("merged under a token: token %v, %s", u.Token, u.Name())
	}
}
