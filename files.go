package crules

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/crules/crules/parse"
)

// MaxFileSize is the most ReadFile and ReadFrom read: parse.MaxSize
// (32 MB). The largest revision ever published is under 2 MB.
const MaxFileSize = parse.MaxSize

// errTooBig marks a file refused for its size (Cite skips such files
// inside a folder).
var errTooBig = errors.New("file too large")

// readFile reads the file name of fsys (of the operating system when fsys
// is nil), refusing one larger than limit bytes without reading it: a
// regular file by its size, before any byte is read; a device or a pipe
// (/dev/zero, a FIFO) as soon as more than limit bytes have come. Every
// error is ErrBadInput naming the file; one for the size also names the
// limit.
func readFile(fsys fs.FS, name string, limit int64) ([]byte, error) {
	return readFileAs(fsys, name, name, limit)
}

// readFileAs is readFile naming the file shown in messages.
func readFileAs(fsys fs.FS, name, shown string, limit int64) ([]byte, error) {
	var f fs.File
	var err error
	if fsys == nil {
		f, err = os.Open(name)
	} else {
		f, err = fsys.Open(name)
	}
	if err != nil {
		return nil, &Error{Kind: ErrBadInput, Msg: err.Error(), Err: err}
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, &Error{Kind: ErrBadInput, Msg: err.Error(), Err: err}
	}
	switch {
	case fi.IsDir():
		err := &fs.PathError{Op: "read", Path: shown, Err: errors.New("is a directory")}
		return nil, &Error{Kind: ErrBadInput, Msg: err.Error(), Err: err}
	case fi.Mode().IsRegular() && fi.Size() > limit:
		return nil, tooBig(shown, fmt.Sprintf("%.1f MB", float64(fi.Size())/(1<<20)), limit)
	}
	var size int64 // unknown for a device or a pipe
	if fi.Mode().IsRegular() {
		size = fi.Size()
	}
	return readAtMost(f, shown, limit, size)
}

// readAtMost reads r to its end, or fails as soon as it has given more
// than limit bytes; hint is the size expected, 0 when unknown. What is
// read of a stream of unknown size is kept in chunks and joined once at
// the end, so that /dev/zero costs little more than limit bytes.
func readAtMost(r io.Reader, name string, limit, hint int64) ([]byte, error) {
	if hint > 0 {
		b := make([]byte, 0, min(hint, limit)+1)
		n, err := io.ReadFull(io.LimitReader(r, limit+1), b[:cap(b)])
		b = b[:n]
		switch {
		case err == nil: // grew since Stat: read on
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			return b, nil
		default:
			return nil, readError(name, err)
		}
		return readChunks(r, name, limit, b)
	}
	return readChunks(r, name, limit, nil)
}

// readChunks reads r after the bytes of first, as readAtMost does.
func readChunks(r io.Reader, name string, limit int64, first []byte) ([]byte, error) {
	chunks := [][]byte{}
	if len(first) > 0 {
		chunks = append(chunks, first)
	}
	total, size := int64(len(first)), 64<<10
	for {
		c := make([]byte, size)
		n, err := io.ReadFull(r, c)
		if n > 0 {
			chunks = append(chunks, c[:n])
			total += int64(n)
		}
		if total > limit {
			return nil, tooBig(name, "more", limit)
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return nil, readError(name, err)
		}
		size = min(2*size, 4<<20)
	}
	if len(chunks) == 1 {
		return chunks[0], nil
	}
	return bytes.Join(chunks, nil), nil
}

func readError(name string, err error) error {
	err = fmt.Errorf("%s: %w", name, err)
	return &Error{Kind: ErrBadInput, Msg: err.Error(), Err: err}
}

// tooBig is the error for a file of size ("200.0 MB", or "more" when
// unknown) over limit.
func tooBig(name, size string, limit int64) error {
	if size != "more" {
		size += ", more"
	}
	err := fmt.Errorf("%s: %w: %s than the limit of %d MB", name, errTooBig, size, limit>>20)
	return &Error{Kind: ErrBadInput, Msg: err.Error(), Err: err}
}
