package mathx

import (
	"math"
	"math/rand/v2"
)

// Rand is a seeded, deterministic random source (PCG) for simulation: the
// same seed always yields the same sequence on every platform. It is a
// value that can be copied to snapshot its state. Not safe for concurrent
// use.
type Rand struct{ pcg rand.PCG }

// NewRand returns a source seeded with seed.
func NewRand(seed uint64) *Rand {
	r := &Rand{}
	r.Seed(seed)
	return r
}

// Seed resets the source to the start of seed's sequence.
func (r *Rand) Seed(seed uint64) { r.pcg.Seed(seed, seed^0x9e3779b97f4a7c15) }

// Uint64 returns 64 uniformly random bits.
func (r *Rand) Uint64() uint64 { return r.pcg.Uint64() }

// State returns an opaque snapshot of the generator state, for state
// hashes and replays.
func (r *Rand) State() []byte {
	b, _ := r.pcg.MarshalBinary()
	return b
}

// IntN returns a uniform integer in [0, n). It returns 0 when n <= 0.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		return 0
	}
	// Lemire's nearly-divisionless method on 64 bits.
	hi, lo := mul64(r.Uint64(), uint64(n))
	if lo < uint64(n) {
		thresh := -uint64(n) % uint64(n)
		for lo < thresh {
			hi, lo = mul64(r.Uint64(), uint64(n))
		}
	}
	return int(hi)
}

func mul64(a, b uint64) (hi, lo uint64) {
	const mask32 = 1<<32 - 1
	a0, a1 := a&mask32, a>>32
	b0, b1 := b&mask32, b>>32
	w0 := a0 * b0
	t := a1*b0 + w0>>32
	w1 := t&mask32 + a0*b1
	hi = a1*b1 + t>>32 + w1>>32
	lo = a * b
	return
}

// Float64 returns a uniform float in [0, 1).
func (r *Rand) Float64() float64 { return float64(r.Uint64()>>11) / (1 << 53) }

// Range returns a uniform float in [lo, hi).
func (r *Rand) Range(lo, hi float64) float64 { return lo + float64((hi-lo)*r.Float64()) }

// IntRange returns a uniform integer in [lo, hi] (inclusive).
func (r *Rand) IntRange(lo, hi int) int {
	if hi < lo {
		lo, hi = hi, lo
	}
	return lo + r.IntN(hi-lo+1)
}

// Bool returns true with probability ½.
func (r *Rand) Bool() bool { return r.Uint64()&1 == 1 }

// Chance returns true with probability p.
func (r *Rand) Chance(p float64) bool { return r.Float64() < p }

// Angle returns a uniform angle in [-π, π).
func (r *Rand) Angle() float64 { return r.Range(-math.Pi, math.Pi) }

// UnitVec returns a uniformly distributed unit vector.
func (r *Rand) UnitVec() Vec2 { return FromAngle(r.Angle()) }

// InCircle returns a point uniformly distributed in the disc of the given
// radius about the origin.
func (r *Rand) InCircle(radius float64) Vec2 {
	return r.UnitVec().Scale(radius * math.Sqrt(r.Float64()))
}

// Shuffle permutes n elements with swap (Fisher–Yates).
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}
