// Package fnv is the 64-bit FNV-1a state hash the simulation packages
// share (scene.World.StateHash, the determinism trace): words fed
// little-endian, floats by their bits, so equal states hash equal on every
// machine. It allocates nothing.
//
// fnv imports only the standard library and mathx.
package fnv

import (
	"math"

	"diorama/mathx"
)

// Hash is a running FNV-1a hash; start from New().
type Hash uint64

const prime Hash = 1099511628211

// New returns the empty hash (FNV-1a's offset basis).
func New() Hash { return 14695981039346656037 }

// U64 mixes in a word, byte by byte from the low one.
func (h *Hash) U64(v uint64) {
	x := *h
	for k := 0; k < 8; k++ {
		x ^= Hash(v & 0xff)
		x *= prime
		v >>= 8
	}
	*h = x
}

// F64 mixes in a float's bits.
func (h *Hash) F64(f float64) { h.U64(math.Float64bits(f)) }

// V2 mixes in a vector.
func (h *Hash) V2(v mathx.Vec2) { h.F64(v.X); h.F64(v.Y) }

// V3 mixes in a vector.
func (h *Hash) V3(v mathx.Vec3) { h.F64(v.X); h.F64(v.Y); h.F64(v.Z) }

// Str mixes in a string's length, then its bytes.
func (h *Hash) Str(s string) {
	h.U64(uint64(len(s)))
	x := *h
	for k := 0; k < len(s); k++ {
		x ^= Hash(s[k])
		x *= prime
	}
	*h = x
}
