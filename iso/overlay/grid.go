package overlay

import (
	"fmt"
	"image/color"

	"diorama/mathx"
)

// MaxCells is the largest number of cells a Scalar grid may have.
const MaxCells = 1 << 22

// Scalar is a grid of values over the ground plane: cell (x, y) covers
// [Origin + (x, y)·Cell, Origin + (x+1, y+1)·Cell) in world units, and its
// value is V[y·W + x]. The fields are those of a tactics influence map, so
// one converts with a struct literal.
type Scalar struct {
	W, H   int
	Cell   float64
	Origin mathx.Vec2
	V      []float32
	// Mask, when not nil, selects the cells drawn (row-major like V):
	// cells whose entry is false are skipped, such as the inaccessible
	// cells of a terrain analysis (tactics.Analyzer.Open).
	Mask []bool
}

// check validates the grid's shape.
func (s Scalar) check() error {
	switch {
	case s.W <= 0 || s.H <= 0:
		return fmt.Errorf("overlay: scalar grid %d×%d is empty", s.W, s.H)
	case s.W > MaxCells/s.H:
		return fmt.Errorf("overlay: scalar grid %d×%d has more than %d cells", s.W, s.H, MaxCells)
	case len(s.V) < s.W*s.H:
		return fmt.Errorf("overlay: scalar grid %d×%d has %d values, want %d", s.W, s.H, len(s.V), s.W*s.H)
	case !(s.Cell > 0) || !mathx.IsFinite(s.Cell):
		return fmt.Errorf("overlay: scalar grid cell size %v is not finite and positive", s.Cell)
	case s.Mask != nil && len(s.Mask) < s.W*s.H:
		return fmt.Errorf("overlay: scalar grid %d×%d has %d mask entries, want %d", s.W, s.H, len(s.Mask), s.W*s.H)
	case !s.Origin.IsFinite():
		return fmt.Errorf("overlay: scalar grid origin %v is not finite", s.Origin)
	}
	return nil
}

// Scalar draws every cell of s as a ground diamond in its ramp colour,
// without antialiasing so that neighbouring cells meet without seams or
// double-blended edges; consecutive cells of a row with the same colour
// are drawn as one parallelogram (the same pixels, fewer commands).
// Masked cells, cells whose colour is fully transparent (NaN values, the
// transparent end of a ramp) and runs outside the camera view add no
// command. It returns the number of cells drawn, or an error (drawing
// nothing) when the grid is malformed.
func (o *Overlay) Scalar(s Scalar, r Ramp) (int, error) {
	if err := s.check(); err != nil {
		return 0, err
	}
	if !o.ready() {
		return 0, nil
	}
	// The projection is affine: corner (i, j) = s0 + i·dx + j·dy.
	s0 := o.ToScreen(s.Origin)
	dx := o.ToScreen(s.Origin.Add(mathx.Vec2{X: s.Cell})).Sub(s0)
	dy := o.ToScreen(s.Origin.Add(mathx.Vec2{Y: s.Cell})).Sub(s0)
	n := 0
	var quad [4]mathx.Vec2
	for y := 0; y < s.H; y++ {
		row := y * s.W
		c := s.color(row, r)
		for x := 0; x < s.W; {
			// A run of equal colours along the row is one parallelogram:
			// the same pixels as its cells, in one command. The colour
			// that ends the run starts the next one.
			end, next := x+1, color.RGBA{}
			for ; end < s.W; end++ {
				if next = s.color(row+end, r); next != c {
					break
				}
			}
			if c.A == 0 { // transparent: nothing to draw
				x, c = end, next
				continue
			}
			fx0, fx1, fy := float64(x), float64(end), float64(y)
			quad[0] = s0.Add(dx.Scale(fx0)).Add(dy.Scale(fy))
			quad[1] = s0.Add(dx.Scale(fx1)).Add(dy.Scale(fy))
			quad[2] = s0.Add(dx.Scale(fx1)).Add(dy.Scale(fy + 1))
			quad[3] = s0.Add(dx.Scale(fx0)).Add(dy.Scale(fy + 1))
			if o.visible(mathx.BoxOf(quad[:]...)) {
				o.dl.FillPolygon(o.depth, quad[:], c, false)
				n += end - x
			}
			x, c = end, next
		}
	}
	return n, nil
}

// color returns cell i's colour, transparent when masked.
func (s *Scalar) color(i int, r Ramp) color.RGBA {
	if s.Mask != nil && !s.Mask[i] {
		return color.RGBA{}
	}
	return r.At(s.V[i])
}
