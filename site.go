package crules

import (
	"path"
	"strings"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
)

// Site builds the HTML reference (render.Site) of the sources, oldest
// first: each one's parse, and when they are every embedded revision the
// lineage from the library's cache, so history pages come without
// rebuilding it. A file that states no effective date is named by its
// base name without extension. latest/ is written only when the newest
// source is the latest embedded revision. Of some embedded revisions, the
// lineage of all of them tells where a chapter one lacks went. A source that is not a CR is ErrBadInput with positioned
// errors, as from Document.
func (l *Library) Site(srcs ...Source) (*render.Site, error) {
	s := &render.Site{}
	all := len(srcs) == len(l.revs) && len(srcs) > 1
	for _, src := range srcs {
		all = all && !src.IsFile()
	}
	if all { // parsed in parallel, not one by one through the cache
		docs, err := l.All()
		if err != nil {
			return nil, err
		}
		for _, d := range docs {
			s.Revs = append(s.Revs, render.Revision{Name: d.Label, Doc: d.Document})
		}
		// The reference reads every rule's history: the lineage's whole
		// body is checked first (built again when damaged), not found
		// damaged half-way.
		err = l.withLineage(func(lin *diff.Lineage) error {
			s.Lineage = lin
			return lin.Verify()
		})
		if err != nil {
			return nil, err
		}
		return s, nil
	}
	files := false
	for _, src := range srcs {
		files = files || src.IsFile()
		d, err := l.Document(src)
		if err != nil {
			return nil, err
		}
		s.Revs = append(s.Revs, render.Revision{Name: strings.TrimSuffix(path.Base(d.Label), path.Ext(d.Label)), Doc: d.Document})
	}
	// latest/ is the latest revision of the rules, not whatever is newest
	// here: 2005-10-01 rendered alone is found under its name only.
	if n := len(srcs); n > 0 && (srcs[n-1].IsFile() || srcs[n-1].Rev.Name() != l.Latest().Name()) {
		s.NoLatest = true
	}
	// Some revisions: the pages for chapters one lacks (2005-10-01/702.html)
	// are found in the lineage of every revision.
	if !files {
		s.AllLineage = l.Lineage
	}
	return s, nil
}

// LiveSite is the reference of every embedded revision for a server,
// which renders its pages one at a time: nothing is parsed up front; a
// revision is parsed when a page first needs it, and the site keeps the
// parse and derived data of the keep most recently used revisions
// (render.Site.Keep; 0 keeps all). Its parses do not go through the
// library's cache (Options.MaxDocs), so that a walk of every page does
// not fill that too. The revisions page reads its counts from the archive's
// manifest. The first chapter or history page reads the lineage (from
// the library's cache) and every revision once, to chain the rules'
// histories, keeping none of them; a link to a rule (RuleURL) needs
// neither.
func (l *Library) LiveSite(keep int) (*render.Site, error) {
	vs, err := l.Versions()
	if err != nil {
		return nil, err
	}
	s := &render.Site{LoadLineage: l.Lineage, Keep: keep}
	for _, v := range vs {
		rev := v.Rev
		s.Revs = append(s.Revs, render.Revision{Name: rev.Name(), Stats: v.Stats, Load: func() (*parse.Document, error) {
			d, err := l.parseRev(rev)
			if err != nil {
				return nil, err
			}
			return d.Document, nil
		}})
	}
	return s, nil
}

// RenderSite writes the HTML reference of the sources under dir (see
// render.WriteSite: atomically, replacing only an empty dir or a site
// written before), reporting each page written as progress "rendering".
func (l *Library) RenderSite(dir string, srcs ...Source) error {
	s, err := l.Site(srcs...)
	if err != nil {
		return err
	}
	return render.WriteSite(dir, s, func(done, total int) { l.progress("rendering", done, total) })
}
