package keyword

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/crules/crules/parse"
)

// ErrBadSpecs is wrapped by the error DecodeSpecs returns for bytes that
// are not a whole binary form of this SpecVersion.
var ErrBadSpecs = errors.New("not a binary form of keyword specs of this version")

const specsMagic = "crules-specs\n"

// AppendSpecs appends the binary form of specs, keyword specs by the
// name they were looked up by (nil for a name the revision has no
// keyword of), to b: what a process caches so that the next one need
// not extract them again. Each spec is stored with the offset of its
// rule in the text, by which DecodeSpecs binds it to its document. The
// form is a few length-prefixed strings per spec: reading it costs a
// small part of what decoding the same specs as JSON does, which every
// warm `keyword` and `sim` paid.
func AppendSpecs(b []byte, specs map[string]*Spec) ([]byte, error) {
	names := make([]string, 0, len(specs))
	for name := range specs {
		names = append(names, name)
	}
	slices.Sort(names)
	b = append(b, specsMagic...)
	b = binary.AppendUvarint(b, SpecVersion)
	b = binary.AppendUvarint(b, uint64(len(names)))
	for _, name := range names {
		s := specs[name]
		b = appendStr(b, name)
		if s == nil {
			b = append(b, 0)
			continue
		}
		if s.Text() == nil {
			return nil, fmt.Errorf("spec %s has no rule", name)
		}
		b = append(b, 1)
		b = binary.AppendUvarint(b, uint64(s.Text().Pos.Offset))
		b = appendStr(b, s.Name)
		b = appendStr(b, s.Rule)
		b = appendStr(b, s.Rev)
		b = appendStrs(b, s.Subrules)
		b = appendKinds(b, s.Kind)
		b = binary.AppendUvarint(b, uint64(s.Abilities))
		var flags byte
		if s.KindInferred {
			flags |= 1
		}
		if s.Evasion {
			flags |= 2
		}
		b = append(b, flags)
		b = appendStrs(b, s.Params)
		b = appendStr(b, s.Written)
		b = appendZones(b, s.Zones)
		b = appendStrs(b, s.Definition)
		b = appendStr(b, s.Instances)
		b = appendStrs(b, s.Terms)
		b = appendStrs(b, s.See)
	}
	return b, nil
}

// DecodeSpecs reads the binary form AppendSpecs wrote and binds each
// spec to its rule in d. Bytes that are not such a form, or a spec whose
// rule d does not have at its offset, are an error (wrapping ErrBadSpecs
// for the former).
func DecodeSpecs(data []byte, d *parse.Document) (map[string]*Spec, error) {
	r := specReader{b: data}
	if len(data) < len(specsMagic) || string(data[:len(specsMagic)]) != specsMagic {
		return nil, ErrBadSpecs
	}
	r.i = len(specsMagic)
	if v := r.uint(); v != SpecVersion || r.err != nil {
		return nil, fmt.Errorf("%w: version %d", ErrBadSpecs, v)
	}
	n := r.uint()
	if r.err != nil || n > uint64(len(data)) {
		return nil, ErrBadSpecs
	}
	out := make(map[string]*Spec, n)
	for range n {
		name := r.str()
		if r.byte() == 0 {
			out[name] = nil
			continue
		}
		offset := int(r.uint())
		s := &Spec{}
		s.Name, s.Rule, s.Rev = r.str(), r.str(), r.str()
		s.Subrules = r.strs()
		for _, k := range r.strs() {
			s.Kind = append(s.Kind, Kind(k))
		}
		s.Abilities = int(r.uint())
		flags := r.byte()
		s.KindInferred, s.Evasion = flags&1 != 0, flags&2 != 0
		s.Params = r.strs()
		s.Written = r.str()
		if zs := r.strs(); zs != nil {
			s.Zones = make([]Zone, len(zs))
			for i, z := range zs {
				s.Zones[i] = Zone(z)
			}
		}
		s.Definition = r.strs()
		s.Instances = r.str()
		s.Terms = r.strs()
		s.See = r.strs()
		if r.err != nil {
			return nil, r.err
		}
		if !s.Bind(d, offset) {
			return nil, fmt.Errorf("spec %s: no rule %s at offset %d", name, s.Rule, offset)
		}
		out[name] = s
	}
	if r.err == nil && r.i != len(data) {
		r.err = fmt.Errorf("%w: %d bytes left over", ErrBadSpecs, len(data)-r.i)
	}
	if r.err != nil {
		return nil, r.err
	}
	return out, nil
}

func appendStr(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// appendStrs writes a list as its length plus one, so that a nil list
// (0) and an empty one (1) stay apart: Params tells "no parameters" from
// "the text shows none" that way.
func appendStrs(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(ss))+1)
	for _, s := range ss {
		b = appendStr(b, s)
	}
	return b
}

func appendKinds(b []byte, ks []Kind) []byte {
	if ks == nil {
		return append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(ks))+1)
	for _, k := range ks {
		b = appendStr(b, string(k))
	}
	return b
}

func appendZones(b []byte, zs []Zone) []byte {
	if zs == nil {
		return append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(zs))+1)
	for _, z := range zs {
		b = appendStr(b, string(z))
	}
	return b
}

// specReader reads the binary form; its first error sticks, and every
// read after it returns zero values.
type specReader struct {
	b   []byte
	i   int
	err error
}

func (r *specReader) fail() {
	if r.err == nil {
		r.err = fmt.Errorf("%w: cut short at byte %d", ErrBadSpecs, r.i)
	}
}

func (r *specReader) uint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.i:])
	if n <= 0 {
		r.fail()
		return 0
	}
	r.i += n
	return v
}

func (r *specReader) byte() byte {
	if r.err != nil || r.i >= len(r.b) {
		r.fail()
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *specReader) str() string {
	n := r.uint()
	if r.err != nil || n > uint64(len(r.b)-r.i) {
		r.fail()
		return ""
	}
	s := string(r.b[r.i : r.i+int(n)])
	r.i += int(n)
	return s
}

func (r *specReader) strs() []string {
	n := r.uint()
	if r.err != nil || n == 0 {
		return nil
	}
	if n-1 > uint64(len(r.b)-r.i) {
		r.fail()
		return nil
	}
	out := make([]string, n-1)
	for i := range out {
		out[i] = r.str()
	}
	return out
}
