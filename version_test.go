package crules_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/crules/crules"
)

func TestBuildInfo(t *testing.T) {
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	v := lib.BuildInfo()
	if v.Revisions != 125 || v.First != "1999-04-23" || v.Last != lib.Latest().Name() || v.Hash != lib.Archive().Hash() || v.Hash == "" {
		t.Errorf("history: %+v", v)
	}
	if v.Go != runtime.Version() || v.Crules == "" {
		t.Errorf("versions: %+v", v)
	}
	s := v.String()
	if !strings.HasPrefix(s, "crules ") || !strings.Contains(s, "\nembedded history: 125 revisions, 1999-04-23 to "+v.Last+", sha256 "+v.Hash+"\n") {
		t.Errorf("String:\n%s", s)
	}
}

// A build that recorded no commit says so on its first line; one that did
// names it.
func TestBuildInfoCommit(t *testing.T) {
	for _, c := range []struct {
		v    crules.BuildInfo
		want string
	}{
		{crules.BuildInfo{Crules: "(devel)"}, "crules (devel), commit unknown\n"},
		{crules.BuildInfo{Crules: "(devel)", Commit: "83dc18b+modified"}, "crules (devel) (83dc18b+modified)\n"},
		{crules.BuildInfo{Crules: "v1.2.0"}, "crules v1.2.0\n"},
	} {
		if got := c.v.String(); !strings.HasPrefix(got, c.want) {
			t.Errorf("%+v: %q, want prefix %q", c.v, got, c.want)
		}
	}
}
