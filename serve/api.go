package serve

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/crules/crules"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/render"
)

// The answers of /api/ beyond a rule, a glossary entry, a search and a
// comparison: what the command line answers, each in the bytes its --json
// prints for the same question (the JSON methods of the library's answers
// and render.WriteJSON, shared by both front ends).

// boolParam reads a boolean parameter: absent is false; anything but a boolean
// (true, false, 1, 0) is a bad request.
func boolParam(r *http.Request, name string) (bool, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, badRequest("%s is true or false, not %q", name, v)
	}
	return b, nil
}

// document reads the revision ?rev= names.
func (s *Server) document(r *http.Request) (*crules.Document, error) {
	src, err := s.source(r)
	if err != nil {
		return nil, err
	}
	return s.lib.Document(src)
}

// answer writes the JSON value fn returns, or its error.
func answer(w http.ResponseWriter, fn func() (any, error)) {
	v, err := fn()
	if err != nil {
		writeError(w, err)
		return
	}
	writeOK(w, v)
}

// toc: /api/toc?rev=, as toc --json.
func (s *Server) toc(w http.ResponseWriter, r *http.Request) {
	answer(w, func() (any, error) {
		d, err := s.document(r)
		if err != nil {
			return nil, err
		}
		return d.TOCJSON(), nil
	})
}

// glossaryTerms: /api/glossary?rev=, the terms, as glossary --json.
func (s *Server) glossaryTerms(w http.ResponseWriter, r *http.Request) {
	answer(w, func() (any, error) {
		d, err := s.document(r)
		if err != nil {
			return nil, err
		}
		return d.GlossaryJSON(), nil
	})
}

// refs: /api/refs/{id}?rev=, as refs ID --json; a name ("trample") is
// read as the rule it titles, as the command reads it.
func (s *Server) refs(w http.ResponseWriter, r *http.Request) {
	answer(w, func() (any, error) {
		id := r.PathValue("id")
		if _, err := crules.ParseOneRef(id); err != nil && !crules.IsName(id) {
			return nil, err // before reading anything
		}
		src, err := s.source(r)
		if err != nil {
			return nil, err
		}
		rf, err := s.lib.RefsOf(src, id)
		if err != nil {
			return nil, err
		}
		return rf.JSON(), nil
	})
}

// history: /api/history/{id}?rev=, as history ID --json; without rev= the
// number is read in the latest revision that has it.
func (s *Server) history(w http.ResponseWriter, r *http.Request) {
	answer(w, func() (any, error) {
		q := r.PathValue("id")
		if strings.TrimSpace(q) == "" || len(q) > 200 {
			return nil, badRequest("a rule number or title of 1–200 bytes")
		}
		sel, err := revParam(r)
		if err != nil {
			return nil, err
		}
		var h *crules.History
		err = s.heavy(r, func() (err error) { h, err = s.lib.HistoryIn(q, sel); return err })
		if err != nil {
			return nil, err
		}
		return h.JSON(), nil
	})
}

// keyword: /api/keywords/{name}?rev=, as keyword NAME --json.
func (s *Server) keyword(w http.ResponseWriter, r *http.Request) {
	answer(w, func() (any, error) {
		name := r.PathValue("name")
		if strings.TrimSpace(name) == "" || len(name) > 200 {
			return nil, badRequest("a keyword of 1–200 bytes")
		}
		src, err := s.source(r)
		if err != nil {
			return nil, err
		}
		var a *crules.KeywordAnswer
		if err := s.heavy(r, func() (err error) { a, err = s.lib.Keyword(src, name); return err }); err != nil {
			return nil, err
		}
		return a.JSON(), nil
	})
}

// keywords: /api/keywords?rev=&kind=, as keywords --json; with
// coverage=true what the engine models, as keywords --coverage --json
// (kind=keyword action: the keyword actions it models),
// and with all_revs=true too in every revision, as keywords --coverage
// --all-revs --json.
func (s *Server) keywords(w http.ResponseWriter, r *http.Request) {
	kind := r.URL.Query().Get("kind")
	k, ok := keyword.ParseKind(kind)
	if kind != "" && !ok {
		writeError(w, badRequest("kind is one of %s, not %q", strings.Join(keyword.KindNames(), ", "), kind))
		return
	}
	coverage, err := boolParam(r, "coverage")
	if err != nil {
		writeError(w, err)
		return
	}
	all, err := boolParam(r, "all_revs")
	if err != nil {
		writeError(w, err)
		return
	}
	if all && (!coverage || r.URL.Query().Get("rev") != "") {
		writeError(w, badRequest("all_revs=true measures the coverage of every revision: it goes with coverage=true and takes no rev"))
		return
	}
	if coverage && kind != "" && k != keyword.Action {
		writeError(w, badRequest("coverage=true counts the keyword abilities, or with kind=%s the keyword actions, not %q", keyword.Action, kind))
		return
	}
	src, err := s.source(r)
	if err != nil {
		writeError(w, err)
		return
	}
	if coverage {
		var buf bytes.Buffer
		err := s.heavy(r, func() error {
			if all {
				cs, err := s.lib.CoverageAllOf(keyword.Kind(kind))
				if err != nil {
					return err
				}
				return render.WriteJSON(&buf, cs)
			}
			c, err := s.lib.CoverageOf(src, keyword.Kind(kind))
			if err != nil {
				return err
			}
			return render.CoverageJSON(&buf, c)
		})
		if err != nil {
			writeError(w, err)
			return
		}
		jsonHeader(w)
		_, _ = w.Write(buf.Bytes())
		return
	}
	answer(w, func() (any, error) {
		d, specs, err := s.lib.Keywords(src, keyword.Kind(kind))
		if err != nil {
			return nil, err
		}
		return render.KeywordsJSON(specs, string(d.Era)), nil
	})
}

// terms: /api/terms and /api/terms/{term}, as terms [TERM] --json.
func (s *Server) terms(w http.ResponseWriter, r *http.Request) {
	answer(w, func() (any, error) {
		term := r.PathValue("term")
		if len(term) > 200 {
			return nil, badRequest("a phrase of at most 200 bytes")
		}
		var rows any
		err := s.heavy(r, func() error {
			us, err := s.lib.Terms(term)
			rows = us
			return err
		})
		return rows, err
	})
}

// versions: /api/versions, as versions --json.
func (s *Server) versions(w http.ResponseWriter, r *http.Request) {
	answer(w, func() (any, error) {
		vs, err := s.lib.Versions()
		if err != nil {
			return nil, err
		}
		return crules.VersionsJSON(vs), nil
	})
}

// cite: POST /api/cite?name=&all= with a text in the body (at most
// crules.MaxCiteText bytes, else 413), as cite --json prints a file of
// that name holding it; all=true lists the current citations too.
func (s *Server) cite(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		writeError(w, &methodError{r.Method, r.URL.Path, "POST"})
		return
	}
	answer(w, func() (any, error) {
		all, err := boolParam(r, "all")
		if err != nil {
			return nil, err
		}
		name := r.URL.Query().Get("name")
		if name == "" {
			name = "text"
		}
		if len(name) > 200 || strings.ContainsAny(name, "/\\\x00") {
			return nil, badRequest("name is a file name of at most 200 bytes, without a slash")
		}
		text, err := io.ReadAll(http.MaxBytesReader(w, r.Body, crules.MaxCiteText))
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return nil, &crules.Error{Kind: crules.ErrTooLarge, Msg: fmt.Sprintf("a text over %d bytes; at most %d are checked at once", tooBig.Limit, crules.MaxCiteText)}
		case err != nil:
			return nil, badRequest("reading the text: %v", err)
		}
		var rep *crules.CiteReport
		if err := s.heavy(r, func() (err error) { rep, err = s.lib.CiteText(name, text); return err }); err != nil {
			return nil, err
		}
		return rep.JSON(all), nil
	})
}
