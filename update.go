package crules

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/parse"
	"golang.org/x/net/html"
)

// RulesPage is Wizards' official rules page, which links the current
// Comprehensive Rules as a TXT file.
const RulesPage = "https://magic.wizards.com/en/rules"

// UpdateOptions shape an Update. The zero value reads RulesPage, gives up
// after a minute and takes files up to parse.MaxSize.
type UpdateOptions struct {
	Page    string        // the page that links the TXT file; "" means RulesPage
	Client  *http.Client  // nil means http.DefaultClient
	Timeout time.Duration // for the page and the file together; 0 means a minute
	MaxSize int64         // bytes of the file at most; 0 means parse.MaxSize
	Check   bool          // find whether the page's release is newer, add nothing
}

// An UpdateResult is what Update found and did.
type UpdateResult struct {
	URL    string // the TXT file the page links
	Rev    string // the revision it is, by its effective date
	Latest string // the newest revision the library held
	// Newer tells that Rev is newer than Latest, or a re-issue of it with
	// another text; UpToDate that the library holds it already.
	Newer, UpToDate bool
	Added           *Addition // what was added; nil with Check or when up to date
}

// Update finds the newest release on the rules page (the TXT file it
// links: the link is followed, no file name is guessed), downloads it
// within the timeout and size limit, checks it as Add does, and adds it
// when it is newer than the latest revision held (or the latest re-issued
// with another text). The same release is UpToDate, no error. A page that
// links no TXT file, a file that is missing, cut short, larger than the
// limit, not a CR, or older than the latest revision held is ErrBadInput
// naming the address; a network failure is returned as it is. Nothing is
// added on an error.
func (l *Library) Update(ctx context.Context, o UpdateOptions) (*UpdateResult, error) {
	if o.Page == "" {
		o.Page = RulesPage
	}
	if o.Client == nil {
		o.Client = http.DefaultClient
	}
	if o.Timeout <= 0 {
		o.Timeout = time.Minute
	}
	if o.MaxSize <= 0 {
		o.MaxSize = parse.MaxSize
	}
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	page, err := fetch(ctx, o.Client, o.Page, 4<<20)
	if err != nil {
		return nil, err
	}
	link, err := txtLink(o.Page, page)
	if err != nil {
		return nil, err
	}
	res := &UpdateResult{URL: link, Latest: l.Latest().Name()}
	data, err := fetch(ctx, o.Client, link, o.MaxSize)
	if err != nil {
		return nil, err
	}
	src := File(link, data)
	doc, err := parseFile(src)
	if err != nil {
		return nil, &Error{Kind: ErrBadInput, Msg: fmt.Sprintf("%s, which %s links, is not the Comprehensive Rules: %v", link, o.Page, err), Err: err}
	}
	if doc.Effective.IsZero() {
		return nil, &Error{Kind: ErrBadInput, Msg: fmt.Sprintf("%s:1:1: states no effective date; is it the Comprehensive Rules?", link)}
	}
	res.Rev = doc.Effective.Format(time.DateOnly)
	if res.Rev < res.Latest {
		return nil, &Error{Kind: ErrBadInput, Msg: fmt.Sprintf("%s is the CR of %s, older than the newest revision held (%s): has the page %s changed?", link, res.Rev, res.Latest, o.Page)}
	}
	if held := l.rev(res.Rev); !held.IsZero() {
		t, err := l.archive.Text(held.r)
		if err != nil {
			return nil, err
		}
		text, _, err := parse.Decode(data)
		if err != nil {
			return nil, &Error{Kind: ErrBadInput, Msg: fmt.Sprintf("%s: %v", link, err), Err: err}
		}
		if canon, _ := corpus.Canonicalize([]byte(text)); bytes.Equal(t, canon) {
			res.UpToDate = true
			return res, nil
		}
	}
	res.Newer = true
	if o.Check {
		return res, nil
	}
	if res.Added, err = l.Add(src, link); err != nil {
		return nil, err
	}
	return res, nil
}

// fetch GETs addr, failing on a status other than 200, a body larger than
// limit, or one shorter than its Content-Length.
func fetch(ctx context.Context, c *http.Client, addr string, limit int64) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr, nil)
	if err != nil {
		return nil, &Error{Kind: ErrBadRequest, Msg: fmt.Sprintf("%q: %v", addr, err), Err: err}
	}
	req.Header.Set("User-Agent", "crules (the Comprehensive Rules toolkit; crules update)")
	resp, err := c.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %w (offline?)", addr, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, &Error{Kind: ErrBadInput, Msg: fmt.Sprintf("%s: %s", addr, resp.Status)}
	}
	if resp.ContentLength > limit {
		return nil, &Error{Kind: ErrBadInput, Msg: fmt.Sprintf("%s is %d bytes, more than the %d a CR file may be", addr, resp.ContentLength, limit)}
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || err == nil && resp.ContentLength > 0 && int64(len(b)) < resp.ContentLength:
		return nil, &Error{Kind: ErrBadInput, Msg: fmt.Sprintf("%s: the download ended after %d of %d bytes", addr, len(b), resp.ContentLength), Err: err}
	case err != nil:
		return nil, fmt.Errorf("fetching %s: %w", addr, err)
	case int64(len(b)) > limit:
		return nil, &Error{Kind: ErrBadInput, Msg: fmt.Sprintf("%s is more than the %d bytes a CR file may be", addr, limit)}
	}
	return b, nil
}

// txtLink returns the address of the first link to a .txt file on the
// HTML page read from base.
func txtLink(base string, page []byte) (string, error) {
	b, err := url.Parse(base)
	if err != nil {
		return "", &Error{Kind: ErrBadRequest, Msg: fmt.Sprintf("%q: %v", base, err), Err: err}
	}
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return "", &Error{Kind: ErrBadInput, Msg: fmt.Sprintf("%s links no .txt file: has the page changed? (give the file to 'crules add', or another page with --page)", base)}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if string(name) != "a" || !hasAttr {
				continue
			}
			for {
				k, v, more := z.TagAttr()
				if string(k) == "href" {
					if u, err := b.Parse(strings.TrimSpace(string(v))); err == nil && strings.EqualFold(path.Ext(u.Path), ".txt") {
						return u.String(), nil
					}
				}
				if !more {
					break
				}
			}
		}
	}
}
