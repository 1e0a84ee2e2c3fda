package goastar

import (
	"math"

	astar "github.com/beefsack/go-astar"

	"diorama/ai/nav"
	"diorama/mathx"
)

// Tile is one walkable cell of a World, a go-astar Pather. Its neighbours
// are computed once when the world is built, which is the most favourable
// way to feed go-astar (no allocation in PathNeighbors).
type Tile struct {
	X, Y int // the cell
	nbrs []astar.Pather
}

// PathNeighbors returns the tiles one 8-way step away, without corner
// cutting.
func (t *Tile) PathNeighbors() []astar.Pather { return t.nbrs }

// PathNeighborCost returns 1 for a straight step and √2 for a diagonal.
func (t *Tile) PathNeighborCost(to astar.Pather) float64 {
	o := to.(*Tile)
	return stepCost(t.X, t.Y, o.X, o.Y)
}

// PathEstimatedCost is the octile distance.
func (t *Tile) PathEstimatedCost(to astar.Pather) float64 {
	o := to.(*Tile)
	return nav.Octile(mathx.Pt(t.X, t.Y), mathx.Pt(o.X, o.Y))
}

// World holds one Tile per walkable cell of a nav.Grid.
type World struct {
	W, H  int // size in cells
	tiles []*Tile
}

// NewWorld mirrors an 8-way grid as go-astar tiles.
func NewWorld(g *nav.Grid) *World {
	w := &World{W: g.W(), H: g.H(), tiles: make([]*Tile, g.W()*g.H())}
	for y := 0; y < g.H(); y++ {
		for x := 0; x < g.W(); x++ {
			if g.Walkable(x, y) {
				w.tiles[y*w.W+x] = &Tile{X: x, Y: y}
			}
		}
	}
	for _, t := range w.tiles {
		if t == nil {
			continue
		}
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if !legalStep(g, t.X, t.Y, dx, dy) {
					continue
				}
				t.nbrs = append(t.nbrs, w.tiles[(t.Y+dy)*w.W+t.X+dx])
			}
		}
	}
	return w
}

// ReadmeTile is a go-astar Pather written the way the library's README
// example does it: PathNeighbors looks the neighbours up and allocates a
// fresh slice on every call.
type ReadmeTile struct {
	X, Y int // the cell
	w    *ReadmeWorld
}

// ReadmeWorld holds one ReadmeTile per walkable cell of a nav.Grid.
type ReadmeWorld struct {
	g     *nav.Grid
	tiles []*ReadmeTile
}

// NewReadmeWorld mirrors an 8-way grid as README-style tiles.
func NewReadmeWorld(g *nav.Grid) *ReadmeWorld {
	w := &ReadmeWorld{g: g, tiles: make([]*ReadmeTile, g.W()*g.H())}
	for y := 0; y < g.H(); y++ {
		for x := 0; x < g.W(); x++ {
			if g.Walkable(x, y) {
				w.tiles[y*g.W()+x] = &ReadmeTile{X: x, Y: y, w: w}
			}
		}
	}
	return w
}

// PathNeighbors returns the legal 8-way neighbours in a new slice.
func (t *ReadmeTile) PathNeighbors() []astar.Pather {
	var out []astar.Pather
	g := t.w.g
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if !legalStep(g, t.X, t.Y, dx, dy) {
				continue
			}
			out = append(out, t.w.tiles[(t.Y+dy)*g.W()+t.X+dx])
		}
	}
	return out
}

// PathNeighborCost returns 1 for a straight step and √2 for a diagonal.
func (t *ReadmeTile) PathNeighborCost(to astar.Pather) float64 {
	o := to.(*ReadmeTile)
	return stepCost(t.X, t.Y, o.X, o.Y)
}

// PathEstimatedCost is the octile distance.
func (t *ReadmeTile) PathEstimatedCost(to astar.Pather) float64 {
	o := to.(*ReadmeTile)
	return nav.Octile(mathx.Pt(t.X, t.Y), mathx.Pt(o.X, o.Y))
}

// Path runs go-astar between two cells and returns its path length and
// whether it found one.
func (w *ReadmeWorld) Path(a, b mathx.Point) (float64, bool) {
	ta, tb := w.tiles[a.Y*w.g.W()+a.X], w.tiles[b.Y*w.g.W()+b.X]
	if ta == nil || tb == nil {
		return 0, false
	}
	_, d, ok := astar.Path(ta, tb)
	return d, ok
}

// Path runs go-astar between two cells and returns its path length and
// whether it found one.
func (w *World) Path(a, b mathx.Point) (float64, int, bool) {
	ta, tb := w.tiles[a.Y*w.W+a.X], w.tiles[b.Y*w.W+b.X]
	if ta == nil || tb == nil {
		return 0, 0, false
	}
	p, d, ok := astar.Path(ta, tb)
	return d, len(p), ok
}

// legalStep reports whether the 8-way move (dx, dy) from (x, y) is legal
// on g: a real move onto a walkable cell, and a diagonal cuts no corner.
func legalStep(g *nav.Grid, x, y, dx, dy int) bool {
	if dx == 0 && dy == 0 || !g.Walkable(x+dx, y+dy) {
		return false
	}
	return dx == 0 || dy == 0 || g.Walkable(x+dx, y) && g.Walkable(x, y+dy)
}

// stepCost is the cost of one step between neighbouring cells (ax, ay)
// and (bx, by): √2 for a diagonal, 1 for a straight step.
func stepCost(ax, ay, bx, by int) float64 {
	if ax != bx && ay != by {
		return math.Sqrt2
	}
	return 1
}
