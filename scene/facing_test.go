package scene

import (
	"math"
	"math/rand/v2"
	"testing"

	"diorama/atlas"
	"diorama/iso"
	"diorama/mathx"
)

// TestSectorsMatchIndex: the facing the sectors pick for a screen
// direction is DirectionSet.Index's for the direction's angle, except
// within 1e-9 rad of a boundary between two facings (where rounding may
// tip either way), for evenly spaced sets, IsoMob's four angles and the
// screen facings of world-spaced directions on an iso grid.
func TestSectorsMatchIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	g, err := iso.NewDiamond(iso.Projection{TileW: 32, TileH: 16, ZPixels: 16}, 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	w := &World{Grid: g}
	sets := []atlas.DirectionSet{atlas.IsoMobDirections, Looks{w}.Facings(8), Looks{w}.Facings(4), Looks{w}.Facings(16)}
	for n := 3; n <= 16; n++ {
		sets = append(sets, atlas.Directions(n, 0), atlas.Directions(n, rng.Float64()*7-3.5))
	}
	for si, d := range sets {
		s := newSectors(d)
		if !s.ok {
			t.Fatalf("set %d (%d facings): sectors not usable", si, len(d.Angles))
		}
		// The boundaries: bisectors of neighbouring facings' angles.
		near := func(a float64) bool {
			for k := range s.bx {
				if math.Abs(mathx.AngleDiff(a, math.Atan2(s.by[k], s.bx[k]))) < 1e-9 {
					return true
				}
			}
			return false
		}
		skipped := 0
		for range 20000 {
			a := rng.Float64()*2*math.Pi - math.Pi
			r := math.Exp(rng.Float64()*20 - 10)
			x, y := r*math.Cos(a), r*math.Sin(a)
			got, ok := s.index(x, y, -1)
			want := d.Index(math.Atan2(y, x))
			// Any hint (a facing to try first) gives the same answer.
			if h := rng.IntN(len(d.Angles)+1) - 1; ok {
				if g2, ok2 := s.index(x, y, h); !ok2 || g2 != got {
					t.Fatalf("set %d, direction (%g, %g): %d without a hint, %d (%v) with hint %d", si, x, y, got, g2, ok2, h)
				}
				// holds (moveRange's inline test) is true for that facing only.
				if s.holds(h, x, y) != (h == got) {
					t.Fatalf("set %d, direction (%g, %g): holds(%d) is %v, the facing is %d", si, x, y, h, s.holds(h, x, y), got)
				}
			}
			if near(math.Atan2(y, x)) {
				skipped++
				continue
			}
			if !ok || got != want {
				t.Fatalf("set %d, direction (%g, %g) at %v rad: sectors %d (%v), Index %d", si, x, y, math.Atan2(y, x), got, ok, want)
			}
		}
		// On the facings' own angles and halfway between them too.
		for _, a := range d.Angles {
			if got, ok := s.index(math.Cos(a), math.Sin(a), -1); !ok || got != d.Index(a) {
				t.Fatalf("set %d, facing angle %v: sectors %d (%v), Index %d", si, a, got, ok, d.Index(a))
			}
		}
		if skipped > 10 {
			t.Fatalf("set %d: %d of 20000 random directions near a boundary", si, skipped)
		}
	}
}

// TestSectorsFallBack: sets the arcs cannot decide (one or two facings,
// an arc of π or more, a non-finite angle) say so, and World then uses
// DirectionSet.Index.
func TestSectorsFallBack(t *testing.T) {
	for _, d := range []atlas.DirectionSet{
		{},
		atlas.Directions(1, 0),
		atlas.Directions(2, 0.3),
		{Angles: []float64{0, 0.1, 0.2}},
		{Angles: []float64{0, 1, math.NaN()}},
		{Angles: []float64{1, 1, 1}},
	} {
		s := newSectors(d)
		if _, ok := s.index(1, 0.5, 0); ok {
			t.Fatalf("%v: sectors decided", d.Angles)
		}
	}
	// Duplicate angles: the lower index wins, as in Index.
	d := atlas.DirectionSet{Angles: []float64{0, math.Pi / 2, math.Pi / 2, math.Pi, -math.Pi / 2}}
	s := newSectors(d)
	for _, v := range [][2]float64{{1, 0}, {0.1, 1}, {-1, 0.01}, {0.01, -1}} {
		got, ok := s.index(v[0], v[1], 1)
		if want := d.Index(math.Atan2(v[1], v[0])); !ok || got != want {
			t.Fatalf("%v: sectors %d (%v), Index %d", v, got, ok, want)
		}
	}
}
