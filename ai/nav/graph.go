package nav

import (
	"fmt"
	"math"

	"diorama/mathx"
)

// MaxGraphNodes bounds a Graph's node count.
const MaxGraphNodes = 1 << 24

// Edge is one directed, weighted edge of a Graph. A disabled edge stays in
// the graph but no search crosses it (a locked door).
type Edge struct {
	To  int32   // the node it leads to
	W   float64 // its weight, finite and not negative
	Off bool    // disabled: kept, but never crossed
}

// Graph is an explicit weighted directed graph whose nodes have positions.
// Searches use the straight-line distance between positions, scaled down so
// it never overestimates any edge, as their heuristic; nodes without
// meaningful positions can all sit at the origin (the search is then
// Dijkstra's).
type Graph struct {
	pos    []mathx.Vec2
	adj    [][]Edge
	hscale float64
	dirty  bool
}

// NewGraph returns an empty graph.
func NewGraph() *Graph { return &Graph{} }

// Len returns the number of nodes.
func (g *Graph) Len() int { return len(g.pos) }

// AddNode adds a node at p and returns its id (ids count up from 0).
// A non-finite position is stored as the origin. It returns -1 when the
// graph is full.
func (g *Graph) AddNode(p mathx.Vec2) int {
	if len(g.pos) >= MaxGraphNodes {
		return -1
	}
	if !p.IsFinite() {
		p = mathx.Vec2{}
	}
	g.pos = append(g.pos, p)
	g.adj = append(g.adj, nil)
	g.dirty = true
	return len(g.pos) - 1
}

// Pos returns node n's position.
func (g *Graph) Pos(n int) mathx.Vec2 { return g.pos[n] }

// Edges returns node n's outgoing edges. The slice belongs to the graph.
func (g *Graph) Edges(n int) []Edge { return g.adj[n] }

// AddEdge adds a directed edge from→to of weight w, or lowers the weight of
// an existing one. Weights must be finite and not negative.
func (g *Graph) AddEdge(from, to int, w float64) error {
	if from < 0 || to < 0 || from >= len(g.pos) || to >= len(g.pos) {
		return fmt.Errorf("%w: edge %d→%d in a graph of %d nodes", ErrOutOfBounds, from, to, len(g.pos))
	}
	if !(w >= 0) || math.IsInf(w, 1) {
		return fmt.Errorf("%w: edge %d→%d weight %v", ErrBadCost, from, to, w)
	}
	for i := range g.adj[from] {
		e := &g.adj[from][i]
		if int(e.To) == to {
			if w < e.W {
				e.W = w
			}
			g.dirty = true
			return nil
		}
	}
	g.adj[from] = append(g.adj[from], Edge{To: int32(to), W: w})
	g.dirty = true
	return nil
}

// AddBoth adds the edges a→b and b→a, both of weight w.
func (g *Graph) AddBoth(a, b int, w float64) error {
	if err := g.AddEdge(a, b, w); err != nil {
		return err
	}
	return g.AddEdge(b, a, w)
}

// RemoveEdge deletes the edge from→to and reports whether it existed.
func (g *Graph) RemoveEdge(from, to int) bool {
	if from < 0 || from >= len(g.adj) {
		return false
	}
	es := g.adj[from]
	for i := range es {
		if int(es[i].To) == to {
			g.adj[from] = append(es[:i], es[i+1:]...)
			g.dirty = true
			return true
		}
	}
	return false
}

// SetEdgeEnabled enables or disables the edge from→to and reports whether
// it exists.
func (g *Graph) SetEdgeEnabled(from, to int, on bool) bool {
	if from < 0 || from >= len(g.adj) {
		return false
	}
	for i := range g.adj[from] {
		if int(g.adj[from][i].To) == to {
			g.adj[from][i].Off = !on
			return true
		}
	}
	return false
}

// Prepare computes the heuristic scale now instead of at the next search,
// so the graph can be read by several Searchers at once.
func (g *Graph) Prepare() {
	if !g.dirty {
		return
	}
	g.hscale = math.Inf(1)
	for a, es := range g.adj {
		for _, e := range es {
			u := g.pos[a].Sub(g.pos[e.To])
			d := math.Sqrt(u.X*u.X + u.Y*u.Y)
			if d > 0 {
				if k := e.W / d; k < g.hscale {
					g.hscale = k
				}
			}
		}
	}
	if math.IsInf(g.hscale, 1) || math.IsNaN(g.hscale) {
		g.hscale = 0
	}
	g.dirty = false
}
