package corpus

import (
	"encoding/json"
	"reflect"
	"sort"
	"testing"
)

// TestManifestDecoders: the manifest is read with json v2 for speed; it
// must read the same revisions as encoding/json, every field.
func TestManifestDecoders(t *testing.T) {
	var v1 manifest
	if err := json.Unmarshal(embeddedManifest, &v1); err != nil {
		t.Fatal(err)
	}
	a, err := openBytes(embeddedManifest, embeddedArchive)
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(v1.Revisions, func(i, j int) bool { return v1.Revisions[i].Date.Before(v1.Revisions[j].Date.Time) })
	if len(v1.Revisions) != 125 || !reflect.DeepEqual(a.Revisions(), v1.Revisions) || a.Hash() != v1.ArchiveSHA256 || a.head != v1.Head {
		t.Errorf("json v2 read the manifest unlike encoding/json: %d revisions, %d", len(a.Revisions()), len(v1.Revisions))
	}
}
