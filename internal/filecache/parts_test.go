package filecache

import (
	"bytes"
	"testing"
)

// TestPack: parts come back as they went in, empty ones too, and an entry
// cut short anywhere (a disk that filled up), between two parts too, is
// refused, never read as fewer or shorter parts.
func TestPack(t *testing.T) {
	in := [][]byte{[]byte("index.js"), bytes.Repeat([]byte("x"), 300), {}, []byte("assets/font.woff2"), {0, 1, 2}}
	data := Pack(in...)
	out, ok := Unpack(data)
	if !ok || len(out) != len(in) {
		t.Fatalf("Unpack gave %d parts (ok %v), want %d", len(out), ok, len(in))
	}
	for i := range in {
		if !bytes.Equal(out[i], in[i]) {
			t.Errorf("part %d is %q, want %q", i, out[i], in[i])
		}
	}
	for n := 1; n < len(data); n++ {
		if parts, ok := Unpack(data[:n]); ok {
			t.Errorf("cut at %d of %d bytes, Unpack read it as %d parts", n, len(data), len(parts))
		}
	}
	// Appending to a part does not write over the next one.
	out[0] = append(out[0], "!"...)
	if !bytes.Equal(out[1], in[1]) {
		t.Error("appending to a part changed the next")
	}
}
