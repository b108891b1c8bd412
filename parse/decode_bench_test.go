package parse

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkDecodeWindows1252: a Windows-1252 revision (2022-10-07, 1.4 MB)
// read whole as Windows-1252, as Decode did before it looked for UTF-8
// lines first, and through Decode.
func BenchmarkDecodeWindows1252(b *testing.B) {
	raw, err := os.ReadFile(filepath.Join("../../shared/corpus", "CR-2022-10-07.txt"))
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name   string
		decode func([]byte) (string, Encoding, error)
	}{{"whole", decodeWhole}, {"Decode", Decode}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			for b.Loop() {
				if _, enc, err := bc.decode(raw); err != nil || enc != Windows1252 {
					b.Fatal(enc, err)
				}
			}
		})
	}
}
