package fnv

import (
	"hash/fnv"
	"testing"
)

// The hash is FNV-1a: the same as hash/fnv's New64a over the same bytes.
func TestMatchesStdlib(t *testing.T) {
	ref := fnv.New64a()
	ref.Write([]byte{1, 2, 3, 4, 5, 6, 7, 8})
	ref.Write([]byte{3, 0, 0, 0, 0, 0, 0, 0, 'a', 'b', 'c'})
	h := New()
	h.U64(0x0807060504030201)
	h.Str("abc")
	if uint64(h) != ref.Sum64() {
		t.Fatalf("%x, want %x", uint64(h), ref.Sum64())
	}
}
