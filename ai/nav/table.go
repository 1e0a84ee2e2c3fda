package nav

import (
	"fmt"
	"math"

	"diorama/mathx"
)

// MaxTableNodes bounds the graphs NewNextHopTable accepts: its table grows
// with the square of the node count (65,536 nodes would need 8 GiB).
const MaxTableNodes = 1 << 14

// NextHopTable is a precomputed all-pairs lookup table: for
// every ordered pair (from, to) it stores the first node on a least-cost
// path, so a route is read hop by hop without any search ("from A to E:
// look up A–E, find C, look up C–E, ..."). Entries are one byte each for up
// to 256 nodes and two bytes for more; an entry equal to `from` means
// unreachable (a node is never its own next hop on the way elsewhere).
type NextHopTable struct {
	n     int
	hop8  []uint8
	hop16 []uint16
}

// NewNextHopTable runs Dijkstra from every node of g and fills the table.
// It fails on an empty graph or one larger than MaxTableNodes.
func NewNextHopTable(g *Graph) (*NextHopTable, error) {
	if g == nil || g.Len() == 0 {
		return nil, ErrEmptyMap
	}
	n := g.Len()
	if n > MaxTableNodes {
		return nil, fmt.Errorf("%w: %d nodes (max %d for a lookup table)", ErrTooLarge, n, MaxTableNodes)
	}
	t := &NextHopTable{n: n}
	if n <= 256 {
		t.hop8 = make([]uint8, n*n)
	} else {
		t.hop16 = make([]uint16, n*n)
	}
	s := NewSearcher()
	s.record = true
	first := make([]int32, n)
	for src := 0; src < n; src++ {
		for i := range first {
			first[i] = int32(src)
		}
		if err := s.DijkstraGraph(g, src); err != nil {
			return nil, err
		}
		// Nodes close in order of distance, so a node's parent has its
		// first hop set before the node itself.
		for _, v := range s.order {
			p := s.parent[v]
			switch {
			case p < 0:
			case int(p) == src:
				first[v] = v
			default:
				first[v] = first[p]
			}
		}
		row := src * n
		for v := 0; v < n; v++ {
			if t.hop8 != nil {
				t.hop8[row+v] = uint8(first[v])
			} else {
				t.hop16[row+v] = uint16(first[v])
			}
		}
	}
	return t, nil
}

// Len returns the number of nodes the table covers.
func (t *NextHopTable) Len() int { return t.n }

// Bytes returns the table's memory size in bytes: n² entries of one byte
// (n ≤ 256) or two.
func (t *NextHopTable) Bytes() int { return len(t.hop8) + 2*len(t.hop16) }

// Next returns the node after from on a least-cost path to to, to itself
// when from == to, or -1 when to is unreachable or either id is invalid.
func (t *NextHopTable) Next(from, to int) int {
	if from < 0 || to < 0 || from >= t.n || to >= t.n {
		return -1
	}
	if from == to {
		return to
	}
	var h int
	if t.hop8 != nil {
		h = int(t.hop8[from*t.n+to])
	} else {
		h = int(t.hop16[from*t.n+to])
	}
	if h == from {
		return -1
	}
	return h
}

// Path appends the route from→to, both included, to dst[:0] by repeated
// lookups, or returns ErrNoPath.
func (t *NextHopTable) Path(from, to int, dst []int) ([]int, error) {
	dst = dst[:0]
	if t.Next(from, to) < 0 {
		return dst, ErrNoPath
	}
	dst = append(dst, from)
	for from != to && len(dst) <= t.n {
		from = t.Next(from, to)
		dst = append(dst, from)
	}
	return dst, nil
}

// PathCost sums the weights of path's edges in g (+Inf if an edge is
// missing or disabled).
func PathCost(g *Graph, path []int) float64 {
	c := 0.0
	for i := 1; i < len(path); i++ {
		w := math.Inf(1)
		for _, e := range g.adj[path[i-1]] {
			if int(e.To) == path[i] && !e.Off {
				w = e.W
			}
		}
		c += w
	}
	return c
}

// GridGraph turns a grid into an explicit Graph, one node per walkable
// cell (positioned at the cell's centre) with the grid's moves as edges,
// for a static level's lookup table. It returns the graph and
// the node of every cell in row-major order (-1 for blocked cells).
func GridGraph(g *Grid) (*Graph, []int32, error) {
	if g == nil {
		return nil, nil, ErrEmptyMap
	}
	gr := NewGraph()
	node := make([]int32, g.w*g.h)
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			node[y*g.w+x] = -1
			if g.Walkable(x, y) {
				node[y*g.w+x] = int32(gr.AddNode(mathx.V2(float64(x)+0.5, float64(y)+0.5)))
			}
		}
	}
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			a := node[y*g.w+x]
			if a < 0 {
				continue
			}
			p := g.idx(x, y)
			var offs [8]int32
			var costs [8]float64
			k := 0
			st := int32(g.stride)
			switch g.conn {
			case Hex:
				for _, o := range hexOffs(g, p) {
					offs[k], costs[k] = o, 1
					k++
				}
			default:
				for _, o := range [4]int32{1, -1, st, -st} {
					offs[k], costs[k] = o, 1
					k++
				}
				if g.conn == Eight {
					for _, d := range [4][2]int32{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
						if g.cost[p+d[0]] > 0 && g.cost[p+d[1]*st] > 0 {
							offs[k], costs[k] = d[0]+d[1]*st, math.Sqrt2
							k++
						}
					}
				}
			}
			for i := 0; i < k; i++ {
				q := p + offs[i]
				if c := g.cost[q]; c > 0 {
					qx, qy := g.xy(q)
					if err := gr.AddEdge(int(a), int(node[qy*g.w+qx]), costs[i]*float64(c)); err != nil {
						return nil, nil, err
					}
				}
			}
		}
	}
	return gr, node, nil
}
