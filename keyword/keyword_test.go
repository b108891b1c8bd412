package keyword_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/xref"
)

func corpusDocs(t testing.TB) ([]string, []*parse.Document) {
	revs, docs := corpustest.Docs(t)
	names := make([]string, len(revs))
	for i, r := range revs {
		names[i] = r.Name()
	}
	return names, docs
}

func specsOf(t testing.TB, rev string) []*keyword.Spec {
	ns, ds := corpusDocs(t)
	for i, n := range ns {
		if n == rev {
			return keyword.Extract(ds[i], xref.Build(ds[i]), n)
		}
	}
	t.Fatalf("no revision %s", rev)
	return nil
}

// TestSeedKeywords2006: the keywords of the user's seed excerpts, as the
// issue describes them, in the revision the excerpts come from.
func TestSeedKeywords2006(t *testing.T) {
	specs := specsOf(t, "2006-10-01")
	for _, tc := range []struct {
		name, kind, params, zones string
	}{
		{"Flashback", "static", "cost", "graveyard stack"},
		{"Madness", "static triggered", "cost", "hand"},
		{"Fear", "static", "", ""},
		{"Morph", "static", "cost", "any zone it could be cast from"},
		{"Amplify", "static", "N", ""},
		{"Double Strike", "static", "", ""},
		{"Provoke", "triggered", "", ""},
		{"Storm", "triggered", "", "stack"},
		{"Sunburst", "static", "", "battlefield stack"},
		{"Bushido", "triggered", "N", ""},
		{"Soulshift", "triggered", "N", ""},
		{"Splice", "static", "type or subtype|cost", "hand"},
		{"Defender", "static", "", ""},
		{"Offering", "static", "text", "any zone it could be cast from"},
		{"Ninjutsu", "activated", "cost", "hand"},
		{"Epic", "static delayed triggered", "", ""},
		{"Enchant", "static", "permanent or player", ""},
		{"Convoke", "static", "", "stack"},
		{"Dredge", "static", "N", "graveyard"},
		{"Transmute", "activated", "cost", "hand"},
		{"Threshold", "ability word", "", ""},
	} {
		s := keyword.Find(specs, tc.name)
		if s == nil {
			t.Errorf("2006-10-01: no spec for %s", tc.name)
			continue
		}
		got := fmt.Sprintf("%s / %s / %s", strings.Trim(fmt.Sprint(s.Kind), "[]"), strings.Join(s.Params, "|"), strings.Trim(fmt.Sprint(s.Zones), "[]"))
		want := fmt.Sprintf("%s / %s / %s", tc.kind, tc.params, tc.zones)
		if got != want {
			t.Errorf("%s: kind / params / zones = %s, want %s", tc.name, got, want)
		}
	}
	for name, want := range map[string]string{"Flashback": "two static abilities", "Madness": "static and triggered", "Suspend": "static and triggered (three abilities)", "Fear": "static"} {
		if got := keyword.Find(specs, name).KindText(); got != want {
			t.Errorf("%s: KindText() = %q, want %q", name, got, want)
		}
	}
	if s := keyword.Find(specs, "Flashback"); len(s.Definition) != 2 || !strings.HasPrefix(s.Definition[0], "You may play this card from your graveyard") {
		t.Errorf("flashback's definition: %q", s.Definition)
	}
	if s := keyword.Find(specs, "Splice"); s.Written != "Splice onto [type or subtype] [cost]" || s.Rule != "502.40" {
		t.Errorf("splice: %+v", s)
	}
	if s := keyword.Find(specs, "Bushido"); s.Instances != "each triggers separately" {
		t.Errorf("bushido instances: %q", s.Instances)
	}
}

// TestLatestKeywords: what a user of the latest revision looks up.
func TestLatestKeywords(t *testing.T) {
	specs := specsOf(t, "2026-01-16")
	for query, rule := range map[string]string{"for mirrodin": "702.163", "FOR MIRRODIN!": "702.163", "start your engines": "702.179", "∞": "702.186", "infinity": "702.186", "council's dilemma": "207.2c", "first strike": "702.7"} {
		if s := keyword.Find(specs, query); s == nil || s.Rule != rule {
			t.Errorf("Find(%q) = %v, want %s", query, s, rule)
		}
	}
	for _, tc := range []struct{ name, written, params, zones, kind string }{
		{"Ward", "Ward [cost]", "cost", "", "triggered"},
		{"Scry", "scry N", "N", "", "keyword action"},
		{"Mill", "", "N", "", "keyword action"},
		{"Landwalk", "[type]walk", "type", "", "static"},
		{"Equip", "Equip [cost]", "cost", "battlefield", "activated"},
		{"Companion", "Companion-[Condition]", "condition", "outside the game", "static"},
		{"Foretell", "", "", "hand", "static"},
		{"Space Sculptor", "", "", "", "static"},
		{"Flashback", "Flashback [cost]", "cost", "graveyard stack", "two static abilities"},
		{"Landfall", "", "", "", "ability word"},
		{"First Strike", "First strike", "", "", "static"},
		{"Flying", "Flying", "", "", "static"},
		{"For Mirrodin!", "For Mirrodin!", "", "", "triggered"},
	} {
		s := keyword.Find(specs, tc.name)
		if s == nil {
			t.Errorf("no spec for %s", tc.name)
			continue
		}
		got := fmt.Sprintf("%s / %s / %s / %s", s.Written, strings.Join(s.Params, " "), zoneWords(s.Zones), s.KindText())
		if want := fmt.Sprintf("%s / %s / %s / %s", tc.written, tc.params, tc.zones, tc.kind); got != want {
			t.Errorf("%s: written / params / zones / kind = %s, want %s", tc.name, got, want)
		}
	}
	words := 0
	for _, s := range specs {
		if slices.Contains(s.Kind, keyword.AbilityWord) {
			words++
		}
	}
	if words < 50 {
		t.Errorf("%d ability words, want those 207.2c lists (more than 50)", words)
	}
}

// TestZonesEachWording: the zones a keyword functions in are those its
// defining text names, in each of its wordings: "any zone from which the
// card with evoke can be cast" (evoke since 2010-02-01) and "from any
// zone in which the spell with overload can be cast" as much as "any
// zone from which you could play the card it's on"; "functions when the
// creature with squad enters the battlefield"; "works in all zones".
func TestZonesEachWording(t *testing.T) {
	for _, tc := range []struct{ rev, name, zones string }{
		{"2002-10-07", "Morph", "any zone it could be cast from"},
		{"2005-02-01", "Offering", "any zone it could be cast from"},
		{"2026-01-16", "Offering", "stack"},
		{"2007-10-01", "Evoke", "any zone it could be cast from battlefield"},
		{"2009-07-11", "Evoke", "any zone it could be cast from battlefield"},
		{"2010-02-01", "Evoke", "any zone it could be cast from battlefield"},
		{"2024-07-30", "Evoke", "any zone it could be cast from battlefield"},
		{"2026-01-16", "Evoke", "any zone it could be cast from battlefield"},
		{"2012-10-01", "Overload", "any zone it could be cast from stack"},
		{"2013-02-01", "Overload", "stack"},
		{"2022-10-07", "Squad", "stack battlefield"},
		{"2026-01-16", "Squad", "stack battlefield"},
		{"2007-10-01", "Changeling", "everywhere"},
		{"2008-05-01", "Changeling", "everywhere"},
	} {
		s := keyword.Find(specsOf(t, tc.rev), tc.name)
		if s == nil {
			t.Errorf("%s: no spec for %s", tc.rev, tc.name)
			continue
		}
		if got := zoneWords(s.Zones); got != tc.zones {
			t.Errorf("%s %s: zones %q, want %q", tc.rev, tc.name, got, tc.zones)
		}
	}
}

// TestKeywordForms: a keyword said to be a form of another has that
// one's kind, and its quoted form with a parameter is its written form;
// a generic term (landwalk) is not printed on cards as its name.
func TestKeywordForms(t *testing.T) {
	specs := specsOf(t, "2003-12-01")
	for _, tc := range []struct{ name, written, params, kind string }{
		{"Bands with Other", "bands with other [creature type]", "creature type", "static"},
		{"Banding", "Banding", "", "static"},
		{"Landwalk", "", "", "static"},
	} {
		s := keyword.Find(specs, tc.name)
		if s == nil {
			t.Errorf("2003-12-01: no spec for %s", tc.name)
			continue
		}
		got := fmt.Sprintf("%s / %s / %s", s.Written, strings.Join(s.Params, " "), s.KindText())
		if want := fmt.Sprintf("%s / %s / %s", tc.written, tc.params, tc.kind); got != want {
			t.Errorf("%s: written / params / kind = %s, want %s", tc.name, got, want)
		}
	}
}

// TestGoldenSpecs compares the specs of the era-boundary revisions with
// testdata/specs-REV.jsonl, reviewed by hand against the text; refresh
// with -update and read the diff.
func TestGoldenSpecs(t *testing.T) {
	for _, rev := range []string{"2006-10-01", "2009-05-01", "2009-07-11", "2019-10-04", "2026-01-16"} {
		var b bytes.Buffer
		for _, s := range specsOf(t, rev) {
			line, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(line)
			b.WriteByte('\n')
		}
		golden.Check(t, "testdata/specs-"+rev+".jsonl", b.Bytes())
	}
}

// TestCoverage prints how many specs leave each field unknown, and holds
// the latest revision to 95% known kind, params and zones (where the text
// states a zone).
func TestCoverage(t *testing.T) {
	ns, ds := corpusDocs(t)
	for i, d := range ds {
		specs := keyword.Extract(d, nil, ns[i])
		var abilities, kind, params, zoned, zones, instances int
		for _, s := range specs {
			if len(s.Kind) == 1 && (s.Kind[0] == keyword.Action || s.Kind[0] == keyword.AbilityWord && s.Text().ID.Chapter == 207) {
				continue // actions, and the ability words 207.2c lists, have no ability to describe
			}
			abilities++
			if len(s.Kind) > 0 {
				kind++
			}
			if s.Params != nil {
				params++
			}
			if statesZone(s) {
				zoned++
				if len(s.Zones) > 0 {
					zones++
				}
			}
			if s.Instances != "unknown" {
				instances++
			}
		}
		if abilities == 0 {
			t.Errorf("%s: no keyword abilities", ns[i])
			continue
		}
		last := i == len(ds)-1
		if last || ns[i] == "2009-05-01" || ns[i] == "2009-07-11" {
			t.Logf("%s: %d keyword abilities; unknown: kind %d, params %d, zones %d of %d that state one, instances %d",
				ns[i], abilities, abilities-kind, abilities-params, zoned-zones, zoned, abilities-instances)
		}
		if last {
			for what, r := range map[string]float64{"kind": ratio(kind, abilities), "params": ratio(params, abilities), "zones": ratio(zones, zoned)} {
				if r < 0.95 {
					t.Errorf("%s: %s known for %.1f%% of keyword abilities, want 95%%", ns[i], what, 100*r)
				}
			}
		}
	}
}

// statesZone tells a keyword whose first subrule says where it functions.
func statesZone(s *keyword.Spec) bool {
	r := s.Text()
	if len(r.Children) == 0 {
		return false
	}
	l := strings.ToLower(r.Children[0].Text)
	return strings.Contains(l, "function") || strings.Contains(l, "only while") || strings.Contains(l, "works everywhere")
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

func BenchmarkExtractAll(b *testing.B) {
	ns, ds := corpusDocs(b)
	b.ReportAllocs()
	for b.Loop() {
		for i, d := range ds {
			keyword.Extract(d, nil, ns[i])
		}
	}
}

func zoneWords(zs []keyword.Zone) string {
	var out []string
	for _, z := range zs {
		out = append(out, string(z))
	}
	return strings.Join(out, " ")
}

// TestLossyQuotes: 2008-05-01 prints every curly quotation mark as "?"
// (`?Flanking? means ?Whenever …?`). Each keyword it shares with the
// revisions before and after it has a definition exactly when they have
// one, and the same as one of theirs.
func TestLossyQuotes(t *testing.T) {
	before, lossy, after := specsOf(t, "2008-02-01"), specsOf(t, "2008-05-01"), specsOf(t, "2008-07-15")
	defined := 0
	for _, s := range lossy {
		b, a := keyword.Find(before, s.Name), keyword.Find(after, s.Name)
		if b == nil || a == nil {
			continue
		}
		if len(s.Definition) > 0 {
			defined++
		}
		if (len(s.Definition) > 0) != (len(b.Definition) > 0) || (len(s.Definition) > 0) != (len(a.Definition) > 0) {
			t.Errorf("%s: 2008-05-01 has %d definition parts, 2008-02-01 %d, 2008-07-15 %d", s.Name, len(s.Definition), len(b.Definition), len(a.Definition))
			continue
		}
		if !slices.Equal(s.Definition, b.Definition) && !slices.Equal(s.Definition, a.Definition) {
			t.Errorf("%s: 2008-05-01 reads %q\n2008-02-01: %q\n2008-07-15: %q", s.Name, s.Definition, b.Definition, a.Definition)
		}
		if strings.Contains(s.Written, "?") {
			t.Errorf("%s: written form %q keeps a \"?\"", s.Name, s.Written)
		}
	}
	if defined < 50 {
		t.Errorf("2008-05-01: %d definitions of keywords its neighbours share, want at least 50", defined)
	}
}

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		`Flanking is a triggered ability. (See rule 309, ?Declare Blockers Step.?) ?Flanking? means ?Whenever this creature becomes blocked.?`: `Flanking is a triggered ability. (See rule 309, "Declare Blockers Step.") "Flanking" means "Whenever this creature becomes blocked."`,
		`written ?Imprint ? [text],? where ?[text]? is`: `written "Imprint - [text]," where "[text]" is`,
		`their owners? graveyards and a player?s hand`:  `their owners' graveyards and a player's hand`,
		`Questions? Ask a judge.`:                       `Questions? Ask a judge.`,
		`“Flying” means what it says.`:                  `"Flying" means what it says.`,
	} {
		if got := keyword.Normalize(in); got != want {
			t.Errorf("Normalize(%q)\n got %q\nwant %q", in, got, want)
		}
	}
}

// TestSevenDefinitions: keywords whose definition is quoted after their
// bare name ("Undaunted means "…"") or after "It means" are read, in the
// first revision that has each and in 2026-01-16.
func TestSevenDefinitions(t *testing.T) {
	for _, tc := range []struct {
		name, first string
		parts       int
		start       string
	}{
		{"Undaunted", "2016-11-11", 1, "This spell costs {1} less to cast for each opponent you have."},
		{"Ascend", "2018-01-19", 2, "If you control ten or more permanents and you don't have the city's blessing"},
		{"Compleated", "2022-02-18", 1, "If this permanent would enter"},
		{"Enlist", "2022-09-08", 1, "As this creature attacks, you may tap up to one untapped creature"},
		{"Craft", "2023-11-17", 1, "[Cost], Exile this permanent, Exile [materials]"},
		{"Spree", "2024-04-12", 1, "Choose one or more modes. As an additional cost to cast this spell"},
		{"Tiered", "2025-06-06", 1, "Choose one. As an additional cost to cast this spell, pay the cost associated with that mode."},
	} {
		for _, rev := range []string{tc.first, "2026-01-16"} {
			s := keyword.Find(specsOf(t, rev), tc.name)
			if s == nil {
				t.Errorf("%s: no %s", rev, tc.name)
				continue
			}
			if len(s.Definition) != tc.parts || !strings.HasPrefix(s.Definition[0], tc.start) {
				t.Errorf("%s %s: definition %q, want %d part(s) starting %q", rev, tc.name, s.Definition, tc.parts, tc.start)
			}
		}
	}
}

// TestSpecDigest holds the SHA-256 of the specs of every embedded
// revision under keyword.SpecVersion, in testdata/spec-digest.golden.
// Caches key stored specs on that version: when what is read from any
// revision changes, the digest changes and the version must change with
// it, or a cache would serve the old specs: -update refreshes the file
// only once the version was raised.
func TestSpecDigest(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	h := sha256.New()
	for i, d := range docs {
		for _, s := range keyword.Extract(d, nil, revs[i].Name()) {
			b, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			h.Write(b)
			if s.Text() == nil {
				t.Fatalf("%s %s: no rule", revs[i].Name(), s.Name)
			}
			fmt.Fprintf(h, "\n%d\n", s.Text().Pos.Offset)
		}
	}
	got := fmt.Sprintf("version %d\nsha256 %x\n", keyword.SpecVersion, h.Sum(nil))
	path := "testdata/spec-digest.golden"
	if want, err := os.ReadFile(path); err == nil {
		wantVersion, _, _ := strings.Cut(strings.TrimPrefix(string(want), "version "), "\n")
		if string(want) != got && wantVersion == strconv.Itoa(keyword.SpecVersion) {
			t.Fatalf("the specs of the revisions changed but keyword.SpecVersion is still %d: raise it, then run with -update\n got: %s", keyword.SpecVersion, got)
		}
	}
	golden.Check(t, path, []byte(got))
}

// TestBind: every spec of three revisions, written as JSON and read
// back, is bound to the rule it was extracted from by that rule's
// offset, and is then the spec extracted; a wrong offset binds nothing.
func TestBind(t *testing.T) {
	names, docs := corpusDocs(t)
	for _, i := range []int{0, len(docs) / 2, len(docs) - 1} {
		for _, s := range keyword.Extract(docs[i], nil, names[i]) {
			b, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			var back keyword.Spec
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			if back.Bind(docs[i], s.Text().Pos.Offset+1) {
				t.Errorf("%s %s: bound at a wrong offset", names[i], s.Name)
			}
			if !back.Bind(docs[i], s.Text().Pos.Offset) || !reflect.DeepEqual(&back, s) {
				t.Errorf("%s %s: read back and bound, not the spec extracted", names[i], s.Name)
			}
		}
	}
}
