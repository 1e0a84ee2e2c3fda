package tactics

import (
	"fmt"
	"math"

	"diorama/mathx"
)

// MaxCells bounds the size of a [Map]; larger requests are refused before
// anything is allocated.
const MaxCells = 1 << 22

// Map is a W×H grid of float32 values laid over the ground plane: cell
// (x, y) covers [Origin + (x, y)·Cell, Origin + (x+1, y+1)·Cell). Values are
// row-major in V (index y·W + x), ready to be drawn as an image.
type Map struct {
	W, H   int
	Cell   float64
	Origin mathx.Vec2
	V      []float32
}

// NewMap returns a zeroed map. Non-positive or absurd sizes and a cell size
// that is not finite and positive give an error.
func NewMap(w, h int, cell float64, origin mathx.Vec2) (*Map, error) {
	if w <= 0 || h <= 0 || w > MaxCells || h > MaxCells || w*h > MaxCells {
		return nil, fmt.Errorf("tactics: map size %d×%d out of range (1..%d cells)", w, h, MaxCells)
	}
	if !(cell > 0) || !mathx.IsFinite(cell) || !origin.IsFinite() {
		return nil, fmt.Errorf("tactics: map cell size %v or origin %v invalid", cell, origin)
	}
	return &Map{W: w, H: h, Cell: cell, Origin: origin, V: make([]float32, w*h)}, nil
}

// Center returns the world position of the centre of cell (x, y).
func (m *Map) Center(x, y int) mathx.Vec2 {
	return mathx.V2(m.Origin.X+float64((float64(x)+0.5)*m.Cell), m.Origin.Y+float64((float64(y)+0.5)*m.Cell))
}

// CellAt returns the cell containing p, and false when p is outside the
// map or not finite.
func (m *Map) CellAt(p mathx.Vec2) (x, y int, ok bool) {
	fx := math.Floor((p.X - m.Origin.X) / m.Cell)
	fy := math.Floor((p.Y - m.Origin.Y) / m.Cell)
	if !(fx >= 0 && fy >= 0 && fx < float64(m.W) && fy < float64(m.H)) {
		return 0, 0, false
	}
	return int(fx), int(fy), true
}

// At returns the value of cell (x, y).
func (m *Map) At(x, y int) float32 { return m.V[y*m.W+x] }

// Fill sets every cell to v.
func (m *Map) Fill(v float32) {
	for i := range m.V {
		m.V[i] = v
	}
}

// sameShape makes m the size of like (reusing its storage when possible).
func (m *Map) sameShape(like *Map) {
	m.W, m.H, m.Cell, m.Origin = like.W, like.H, like.Cell, like.Origin
	if cap(m.V) < len(like.V) {
		m.V = make([]float32, len(like.V))
	}
	m.V = m.V[:len(like.V)]
}

// Blur spreads values with a separable Gaussian whose weights are
// exp(−k²/2σ²) for cell offsets |k| <= ceil(3σ). The kernel is not
// normalised: its peak is 1, so a single stamp of 1 keeps the value 1 in
// its own cell and falls to e^−½ one sigma away, and nearby stamps add up
// (two barrels make the ground between them dangerous, which a
// per-source radius cut-off would not). Values beyond the map count as
// zero. A Blur keeps its scratch buffer and allocates only when maps grow.
type Blur struct {
	Sigma  float64 // in cells
	kernel []float32
	tmp    []float32
}

// NewBlur returns a blur of sigma cells (finite, > 0, at most 64).
func NewBlur(sigma float64) (*Blur, error) {
	if !(sigma > 0) || sigma > 64 {
		return nil, fmt.Errorf("tactics: blur sigma %v out of (0, 64]", sigma)
	}
	r := int(math.Ceil(3 * sigma))
	b := &Blur{Sigma: sigma, kernel: make([]float32, 2*r+1)}
	for k := -r; k <= r; k++ {
		b.kernel[k+r] = float32(mathx.Exp(-float64(k*k) / (2 * sigma * sigma)))
	}
	return b, nil
}

// Apply blurs m in place.
func (b *Blur) Apply(m *Map) {
	w, h := m.W, m.H
	if cap(b.tmp) < len(m.V) {
		b.tmp = make([]float32, len(m.V))
	}
	tmp := b.tmp[:len(m.V)]
	k := b.kernel
	r := len(k) / 2
	// Horizontal pass m -> tmp.
	for y := 0; y < h; y++ {
		row := m.V[y*w : y*w+w]
		out := tmp[y*w : y*w+w]
		for x := 0; x < w; x++ {
			lo, hi := max(x-r, 0), min(x+r, w-1)
			var s float32
			for i := lo; i <= hi; i++ {
				s += float32(row[i] * k[i-x+r])
			}
			out[x] = s
		}
	}
	// Vertical pass tmp -> m, row by row for cache order.
	for y := 0; y < h; y++ {
		out := m.V[y*w : y*w+w]
		clear(out)
		lo, hi := max(y-r, 0), min(y+r, h-1)
		for j := lo; j <= hi; j++ {
			wt := k[j-y+r]
			src := tmp[j*w : j*w+w]
			for x := range out {
				out[x] += float32(src[x] * wt)
			}
		}
	}
}

// MinMax returns the smallest and largest values, for scaling the map to
// colours when drawing it. An empty map gives 0, 0; NaN cells are skipped.
func (m *Map) MinMax() (lo, hi float32) {
	first := true
	for _, v := range m.V {
		if v != v {
			continue
		}
		if first {
			lo, hi, first = v, v, false
			continue
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}
