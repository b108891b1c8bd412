package crules

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// BuildInfo describes the program and the history it reads: what
// `crules --version` prints and a bug report needs.
type BuildInfo struct {
	// Crules is the module's version from the build information: a tag,
	// a pseudo-version, or "(devel)" for a build from a working tree.
	Crules string `json:"crules"`
	// Commit is the VCS revision the binary was built from, when recorded,
	// with "+modified" for a tree with uncommitted changes.
	Commit string `json:"commit,omitempty"`
	// Go is the Go release that built the binary.
	Go string `json:"go"`
	// Revisions, First and Last describe the embedded history; Hash
	// identifies its content (the key of the derived-data cache).
	Revisions int    `json:"revisions"`
	First     string `json:"first"`
	Last      string `json:"last"`
	Hash      string `json:"hash"`
	// Added counts the revisions the user added (Library.Add), read
	// beside the embedded ones.
	Added int `json:"added"`
}

// BuildInfo returns the version of the program and of the history it reads.
func (l *Library) BuildInfo() BuildInfo {
	v := BuildInfo{Crules: "(unknown)", Go: runtime.Version(), Hash: l.archive.BaseHash()}
	for _, r := range l.revs {
		switch {
		case r.IsAdded():
			v.Added++
		case v.First == "":
			v.First, v.Last, v.Revisions = r.Name(), r.Name(), 1
		default:
			v.Last = r.Name()
			v.Revisions++
		}
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		v.Crules = bi.Main.Version
		modified := false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				v.Commit = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if modified && v.Commit != "" {
			v.Commit += "+modified"
		}
	}
	return v
}

// String is the text `crules --version` prints: three lines.
func (v BuildInfo) String() string {
	s := "crules " + v.Crules
	switch {
	case v.Commit != "":
		s += " (" + v.Commit + ")"
	case v.Crules == "(devel)":
		// A build from a working tree that recorded no commit
		// (-buildvcs=false, or no git at build time): say so, so a bug
		// report does not read as if the version were known.
		s += ", commit unknown"
	}
	s += fmt.Sprintf("\n%s %s/%s\nembedded history: %d revisions, %s to %s, sha256 %s\n",
		v.Go, runtime.GOOS, runtime.GOARCH, v.Revisions, v.First, v.Last, v.Hash)
	if v.Added > 0 {
		s += fmt.Sprintf("added by you: %d (crules versions)\n", v.Added)
	}
	return s
}
