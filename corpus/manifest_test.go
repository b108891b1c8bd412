package corpus

import (
	_ "embed"
	"encoding/json"
	"reflect"
	"sort"
	"testing"
)

//go:embed manifest.json
var embeddedManifest []byte

// TestEmbeddedManifest: the embedded archive is opened with the manifest
// as Go values (manifest.go), which gen writes with the JSON: they must
// say the same, every field, and json v2 (which Open reads the JSON of a
// directory with) must read the JSON as encoding/json does.
func TestEmbeddedManifest(t *testing.T) {
	var v1 manifest
	if err := json.Unmarshal(embeddedManifest, &v1); err != nil {
		t.Fatal(err)
	}
	if len(v1.Revisions) != 125 || !reflect.DeepEqual(embedded, v1) {
		t.Errorf("manifest.go differs from %s: run go generate ./corpus", ManifestName)
	}
	a, err := openBytes(embeddedManifest, embeddedArchive)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(v1.Revisions, func(i, j int) bool { return v1.Revisions[i].Date.Before(v1.Revisions[j].Date.Time) })
	for _, b := range []*Archive{a, d} {
		if !reflect.DeepEqual(b.Revisions(), v1.Revisions) || b.Hash() != v1.ArchiveSHA256 || b.head != v1.Head || !reflect.DeepEqual(b.newest, v1.Revisions[len(v1.Revisions)-1]) {
			t.Errorf("opened unlike encoding/json reads the manifest: %d revisions, %d", len(b.Revisions()), len(v1.Revisions))
		}
	}
}
