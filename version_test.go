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
