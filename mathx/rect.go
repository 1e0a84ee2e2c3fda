package mathx

import (
	"image"
	"math"
)

// Point is an integer 2D point (pixels, tiles, grid cells).
type Point struct{ X, Y int }

// Pt is shorthand for Point{x, y}.
func Pt(x, y int) Point { return Point{x, y} }

// PointFrom converts an image.Point.
func PointFrom(p image.Point) Point { return Point{p.X, p.Y} }

func (p Point) Image() image.Point    { return image.Point{X: p.X, Y: p.Y} }
func (p Point) Add(q Point) Point     { return Point{p.X + q.X, p.Y + q.Y} }
func (p Point) Sub(q Point) Point     { return Point{p.X - q.X, p.Y - q.Y} }
func (p Point) Mul(k int) Point       { return Point{p.X * k, p.Y * k} }
func (p Point) Vec() Vec2             { return Vec2{float64(p.X), float64(p.Y)} }
func (p Point) In(r Rect) bool        { return r.Contains(p) }
func (p Point) Manhattan(q Point) int { return absInt(p.X-q.X) + absInt(p.Y-q.Y) }

// Floor returns the integer point containing v (component-wise floor).
// Non-finite components become 0.
func Floor(v Vec2) Point { return Point{floorInt(v.X), floorInt(v.Y)} }

func floorInt(f float64) int {
	if !IsFinite(f) {
		return 0
	}
	f = math.Floor(f)
	// Saturate rather than wrap on huge values.
	if f >= floorSat {
		return floorSat
	}
	if f <= -floorSat {
		return -floorSat
	}
	return int(f)
}

// floorSat is where [Floor] saturates: 2^62 with a 64-bit int, 2^30 with
// a 32-bit one (GOARCH=386, arm), half the int range either way so that
// sums and differences of two saturated values do not overflow.
const floorSat = math.MaxInt/2 + 1

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Rect is an integer rectangle: Min inclusive, Max exclusive, as
// image.Rectangle. A rectangle with Max.X <= Min.X or Max.Y <= Min.Y is
// empty.
type Rect struct{ Min, Max Point }

// R returns the rectangle from (x0,y0) to (x1,y1), with the corners
// swapped as needed so that Min <= Max.
func R(x0, y0, x1, y1 int) Rect {
	if x0 > x1 {
		x0, x1 = x1, x0
	}
	if y0 > y1 {
		y0, y1 = y1, y0
	}
	return Rect{Point{x0, y0}, Point{x1, y1}}
}

// RectFrom converts an image.Rectangle.
func RectFrom(r image.Rectangle) Rect { return Rect{PointFrom(r.Min), PointFrom(r.Max)} }

// Image converts r to an image.Rectangle.
func (r Rect) Image() image.Rectangle { return image.Rectangle{Min: r.Min.Image(), Max: r.Max.Image()} }

// AABB returns r as a float box with the same corners; AABB.Rect turns it
// back into r.
func (r Rect) AABB() AABB { return AABB{r.Min.Vec(), r.Max.Vec()} }

func (r Rect) Dx() int     { return r.Max.X - r.Min.X }
func (r Rect) Dy() int     { return r.Max.Y - r.Min.Y }
func (r Rect) Size() Point { return Point{r.Dx(), r.Dy()} }
func (r Rect) Empty() bool { return r.Min.X >= r.Max.X || r.Min.Y >= r.Max.Y }
func (r Rect) Area() int {
	if r.Empty() {
		return 0
	}
	return r.Dx() * r.Dy()
}
func (r Rect) Add(p Point) Rect { return Rect{r.Min.Add(p), r.Max.Add(p)} }

// Contains reports whether p lies in r (Min inclusive, Max exclusive).
func (r Rect) Contains(p Point) bool {
	return r.Min.X <= p.X && p.X < r.Max.X && r.Min.Y <= p.Y && p.Y < r.Max.Y
}

// Intersect returns the largest rectangle inside both r and s; the zero
// Rect when they do not overlap.
func (r Rect) Intersect(s Rect) Rect {
	r.Min.X = max(r.Min.X, s.Min.X)
	r.Min.Y = max(r.Min.Y, s.Min.Y)
	r.Max.X = min(r.Max.X, s.Max.X)
	r.Max.Y = min(r.Max.Y, s.Max.Y)
	if r.Empty() {
		return Rect{}
	}
	return r
}

// Union returns the smallest rectangle containing both; an empty operand
// is ignored.
func (r Rect) Union(s Rect) Rect {
	if r.Empty() {
		return s
	}
	if s.Empty() {
		return r
	}
	return Rect{Point{min(r.Min.X, s.Min.X), min(r.Min.Y, s.Min.Y)}, Point{max(r.Max.X, s.Max.X), max(r.Max.Y, s.Max.Y)}}
}

// Overlaps reports whether r and s share at least one point; empty
// rectangles overlap nothing.
func (r Rect) Overlaps(s Rect) bool {
	return !r.Empty() && !s.Empty() && r.Min.X < s.Max.X && s.Min.X < r.Max.X && r.Min.Y < s.Max.Y && s.Min.Y < r.Max.Y
}

// Inset shrinks r by n on every side (grows it for negative n). A
// rectangle that would turn inside out collapses to its centre.
func (r Rect) Inset(n int) Rect {
	if r.Dx() < 2*n {
		r.Min.X = (r.Min.X + r.Max.X) / 2
		r.Max.X = r.Min.X
	} else {
		r.Min.X += n
		r.Max.X -= n
	}
	if r.Dy() < 2*n {
		r.Min.Y = (r.Min.Y + r.Max.Y) / 2
		r.Max.Y = r.Min.Y
	} else {
		r.Min.Y += n
		r.Max.Y -= n
	}
	return r
}

// AABB is an axis-aligned bounding box with float bounds, Min <= Max on a
// valid box. The zero AABB is the single point at the origin.
type AABB struct{ Min, Max Vec2 }

// Box returns the AABB spanning the two corners in any order.
func Box(a, b Vec2) AABB {
	return AABB{Vec2{min(a.X, b.X), min(a.Y, b.Y)}, Vec2{max(a.X, b.X), max(a.Y, b.Y)}}
}

// BoxAround returns the AABB centred on c with half-extents h.
func BoxAround(c, h Vec2) AABB { return AABB{c.Sub(h), c.Add(h)} }

// BoxOf returns the tightest AABB around the points; the zero AABB when
// there are none.
func BoxOf(pts ...Vec2) AABB {
	if len(pts) == 0 {
		return AABB{}
	}
	b := AABB{pts[0], pts[0]}
	for _, p := range pts[1:] {
		b = b.Extend(p)
	}
	return b
}

func (b AABB) Center() Vec2 { return b.Min.Add(b.Max).Scale(0.5) }
func (b AABB) Size() Vec2   { return b.Max.Sub(b.Min) }
func (b AABB) Half() Vec2   { return b.Size().Scale(0.5) }
func (b AABB) Area() float64 {
	s := b.Size()
	return float64(s.X * s.Y)
}

// Contains reports whether p is inside b or on its boundary.
func (b AABB) Contains(p Vec2) bool {
	return b.Min.X <= p.X && p.X <= b.Max.X && b.Min.Y <= p.Y && p.Y <= b.Max.Y
}

// ContainsBox reports whether o lies entirely inside b.
func (b AABB) ContainsBox(o AABB) bool {
	return b.Min.X <= o.Min.X && b.Min.Y <= o.Min.Y && o.Max.X <= b.Max.X && o.Max.Y <= b.Max.Y
}

// Overlaps reports whether b and o intersect with positive area
// (touching edges do not count).
func (b AABB) Overlaps(o AABB) bool {
	return b.Min.X < o.Max.X && o.Min.X < b.Max.X && b.Min.Y < o.Max.Y && o.Min.Y < b.Max.Y
}

// Union returns the smallest AABB containing both.
func (b AABB) Union(o AABB) AABB {
	return AABB{Vec2{min(b.Min.X, o.Min.X), min(b.Min.Y, o.Min.Y)}, Vec2{max(b.Max.X, o.Max.X), max(b.Max.Y, o.Max.Y)}}
}

// Intersect returns the overlap of b and o and whether it is non-empty.
func (b AABB) Intersect(o AABB) (AABB, bool) {
	r := AABB{Vec2{max(b.Min.X, o.Min.X), max(b.Min.Y, o.Min.Y)}, Vec2{min(b.Max.X, o.Max.X), min(b.Max.Y, o.Max.Y)}}
	return r, r.Min.X <= r.Max.X && r.Min.Y <= r.Max.Y
}

// Extend returns b grown to include p.
func (b AABB) Extend(p Vec2) AABB {
	return AABB{Vec2{min(b.Min.X, p.X), min(b.Min.Y, p.Y)}, Vec2{max(b.Max.X, p.X), max(b.Max.Y, p.Y)}}
}

// Expand returns b grown by d on every side.
func (b AABB) Expand(d float64) AABB {
	return AABB{b.Min.Sub(Vec2{d, d}), b.Max.Add(Vec2{d, d})}
}

// Translate returns b moved by d.
func (b AABB) Translate(d Vec2) AABB { return AABB{b.Min.Add(d), b.Max.Add(d)} }

// IsFinite reports whether all bounds are finite.
func (b AABB) IsFinite() bool { return b.Min.IsFinite() && b.Max.IsFinite() }

// Rect returns the smallest integer Rect covering b (floor of Min, ceil of
// Max). Non-finite bounds give the empty Rect.
func (b AABB) Rect() Rect {
	if !b.IsFinite() {
		return Rect{}
	}
	return Rect{Floor(b.Min), Point{-floorInt(-b.Max.X), -floorInt(-b.Max.Y)}}
}
