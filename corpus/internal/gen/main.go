// Command gen rebuilds the embedded corpus archive from a directory of raw
// CR files and their MANIFEST.tsv (run by 'go generate ./corpus').
//
// For each file listed in the manifest it checks the SHA-256, decodes the
// text, canonicalises line endings and checks that the recipe rebuilds the
// published bytes exactly. The canonical texts, newest first, become two
// zstd frames: the newest alone, read without decompressing the rest, and
// the others in one long-window frame with the newest as its dictionary;
// near-duplicate revisions compress to a few KB each. Each revision is also
// parsed, and its counts go into the manifest for "crules versions". The
// manifest is written twice: as JSON, and as the Go source of the table
// the embedded archive is opened with.
package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/parse"
	"github.com/klauspost/compress/zstd"
)

const window = 4 << 20

func main() {
	src := flag.String("src", "../../shared/corpus", "directory of raw CR files with MANIFEST.tsv")
	out := flag.String("out", ".", "directory to write "+corpus.ArchiveName+", "+corpus.ManifestName+" and "+goManifestName+" to")
	flag.Parse()
	if err := run(*src, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

type row struct {
	file, date, sha, source, notes string
	size                           int
}

func readManifest(path string) ([]row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []row
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		t := sc.Text()
		if strings.HasPrefix(t, "#") || strings.TrimSpace(t) == "" {
			continue
		}
		c := strings.Split(t, "\t")
		if len(c) < 10 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 10", path, n, len(c))
		}
		size, err := strconv.Atoi(c[3])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: bytes column: %v", path, n, err)
		}
		rows = append(rows, row{file: c[0], date: c[1], size: size, sha: c[4], source: c[7], notes: c[9]})
	}
	return rows, sc.Err()
}

func run(src, out string) error {
	rows, err := readManifest(filepath.Join(src, "MANIFEST.tsv"))
	if err != nil {
		return err
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].date > rows[j].date }) // newest first
	var stream bytes.Buffer
	var revs []corpus.Revision
	for _, r := range rows {
		raw, err := os.ReadFile(filepath.Join(src, r.file))
		if err != nil {
			return err
		}
		sum := sha256.Sum256(raw)
		if got := hex.EncodeToString(sum[:]); got != r.sha || len(raw) != r.size {
			return fmt.Errorf("%s: sha256 %s (%d bytes), manifest says %s (%d bytes)", r.file, got, len(raw), r.sha, r.size)
		}
		text, enc, err := parse.Decode(raw)
		if err != nil {
			return fmt.Errorf("%s: %w", r.file, err)
		}
		canon, eols := corpus.Canonicalize([]byte(text))
		back, err := corpus.Encode(canon, string(enc), eols)
		if err != nil {
			return fmt.Errorf("%s: %w", r.file, err)
		}
		if !bytes.Equal(back, raw) {
			return fmt.Errorf("%s: the %s recipe does not rebuild the published bytes", r.file, enc)
		}
		date, err := time.Parse(time.DateOnly, r.date)
		if err != nil {
			return fmt.Errorf("%s: date: %w", r.file, err)
		}
		doc, err := parse.Parse(r.file, raw)
		if err != nil {
			return err
		}
		st := doc.Stats()
		revs = append(revs, corpus.Revision{
			File: r.file, Date: corpus.Date{Time: date}, Size: r.size, SHA256: r.sha,
			Encoding: string(enc), Source: r.source, Notes: r.notes,
			Offset: stream.Len(), Length: len(canon), EOL: eols, Lines: bytes.Count(canon, []byte("\n")),
			Counts: &corpus.Counts{Effective: st.Effective, Era: string(st.Era), Rules: st.Rules, Examples: st.Examples,
				Glossary: st.Glossary, Chapters: st.Chapters, Parts: st.Parts, Warnings: st.Warnings},
		})
		stream.Write(canon)
	}
	// The newest revision is a frame of its own, so that reading it takes
	// a small window and nothing else; the older ones follow in a second
	// frame that has the newest as its dictionary, so they compress
	// against it as if the stream were one.
	if len(revs) == 0 {
		return fmt.Errorf("%s lists no revisions", filepath.Join(src, "MANIFEST.tsv"))
	}
	newest := stream.Bytes()[:revs[0].Length]
	first, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithWindowSize(window), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return err
	}
	z := bytes.NewBuffer(first.EncodeAll(newest, nil))
	head := z.Len()
	enc, err := zstd.NewWriter(z, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithWindowSize(window), zstd.WithEncoderConcurrency(1), zstd.WithEncoderDictRaw(corpus.DictID, newest))
	if err != nil {
		return err
	}
	if _, err := enc.Write(stream.Bytes()[len(newest):]); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	sum := sha256.Sum256(z.Bytes())
	man := struct {
		Format        int               `json:"format"`
		ArchiveSHA256 string            `json:"archive_sha256"`
		Window        int               `json:"window"`
		Head          int               `json:"head"`
		Revisions     []corpus.Revision `json:"revisions"`
	}{corpus.FormatVersion, hex.EncodeToString(sum[:]), window, head, revs}
	mj, err := json.MarshalIndent(man, "", "\t")
	if err != nil {
		return err
	}
	if err := writeAtomic(filepath.Join(out, corpus.ArchiveName), z.Bytes()); err != nil {
		return err
	}
	if err := writeAtomic(filepath.Join(out, corpus.ManifestName), append(mj, '\n')); err != nil {
		return err
	}
	goSrc, err := goManifest(man.Format, man.ArchiveSHA256, man.Window, man.Head, revs)
	if err != nil {
		return err
	}
	if err := writeAtomic(filepath.Join(out, goManifestName), goSrc); err != nil {
		return err
	}
	fmt.Printf("gen: %d revisions, %d bytes of text, %d bytes compressed\n", len(revs), stream.Len(), z.Len())
	return nil
}

// goManifestName is the manifest written as Go, which the embedded
// archive is opened with: no JSON to decode at every start.
const goManifestName = "manifest.go"

// goManifest writes the manifest as the Go source of package corpus's
// embedded manifest.
func goManifest(version int, sum string, window, head int, revs []corpus.Revision) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by corpus/internal/gen from MANIFEST.tsv and the CR files; DO NOT EDIT.\n\n")
	b.WriteString("package corpus\n\nimport \"time\"\n\n")
	b.WriteString("// embedded is " + corpus.ManifestName + " as Go values: opening the embedded\n")
	b.WriteString("// archive decodes no JSON (TestEmbeddedManifest holds the two equal).\n")
	fmt.Fprintf(&b, "var embedded = manifest{\nFormat: %d,\nArchiveSHA256: %q,\nWindow: %d,\nHead: %d,\nRevisions: []Revision{\n", version, sum, window, head)
	ints := func(name string, v []int) {
		if v == nil {
			return
		}
		fmt.Fprintf(&b, ", %s: []int{", name)
		for i, n := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Itoa(n))
		}
		b.WriteString("}")
	}
	for _, r := range revs {
		if r.Added != "" || r.Stored != "" || r.Counts == nil {
			return nil, fmt.Errorf("%s: not an embedded revision with counts", r.File)
		}
		y, m, d := r.Date.Date()
		fmt.Fprintf(&b, "{File: %q, Date: Date{time.Date(%d, %d, %d, 0, 0, 0, 0, time.UTC)}, Size: %d, SHA256: %q, Encoding: %q, Source: %q, Notes: %q,\n",
			r.File, y, int(m), d, r.Size, r.SHA256, r.Encoding, r.Source, r.Notes)
		fmt.Fprintf(&b, "Offset: %d, Length: %d, EOL: EOLs{Default: %q", r.Offset, r.Length, r.EOL.Default)
		ints("CRLF", r.EOL.CRLF)
		ints("LF", r.EOL.LF)
		ints("CR", r.EOL.CR)
		c := r.Counts
		fmt.Fprintf(&b, "}, Lines: %d,\nCounts: &Counts{Effective: %q, Era: %q, Rules: %d, Examples: %d, Glossary: %d, Chapters: %d, Parts: %d, Warnings: %d}},\n",
			r.Lines, c.Effective, c.Era, c.Rules, c.Examples, c.Glossary, c.Chapters, c.Parts, c.Warnings)
	}
	b.WriteString("},\n}\n")
	return format.Source(b.Bytes())
}

func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".gen-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
