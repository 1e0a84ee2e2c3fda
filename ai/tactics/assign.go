package tactics

import (
	"fmt"
	"math"
)

// MaxAssign bounds the size of an assignment problem (O(n³) time, O(n²)
// memory).
const MaxAssign = 1024

// Assigner solves square assignment problems exactly with the Hungarian
// algorithm (shortest augmenting paths with potentials, O(n³)). It keeps
// its buffers between calls, so solving problems of a size it has seen
// allocates nothing.
type Assigner struct {
	u, v, minv []float64
	p, way     []int
	used       []bool
}

// Assign finds the permutation that minimises the total cost: cost is
// n×n row-major (cost[r*n+c] = cost of giving column c to row r) and
// rowToCol receives, for each row, its column. It returns the minimal
// total. Non-finite costs or a size mismatch give an error and leave
// rowToCol unchanged.
func (a *Assigner) Assign(cost []float64, n int, rowToCol []int) (float64, error) {
	if n < 0 || n > MaxAssign || len(cost) != n*n || len(rowToCol) != n {
		return 0, fmt.Errorf("tactics: assignment of size %d with %d costs and %d rows", n, len(cost), len(rowToCol))
	}
	for i, c := range cost {
		if math.IsNaN(c) || math.IsInf(c, 0) {
			return 0, fmt.Errorf("tactics: assignment cost %d (row %d, column %d) not finite", i, i/n, i%n)
		}
	}
	if n == 0 {
		return 0, nil
	}
	a.u = growF(a.u, n+1)
	a.v = growF(a.v, n+1)
	a.minv = growF(a.minv, n+1)
	if cap(a.p) < n+1 {
		a.p, a.way, a.used = make([]int, n+1), make([]int, n+1), make([]bool, n+1)
	}
	u, v, minv := a.u[:n+1], a.v[:n+1], a.minv[:n+1]
	p, way, used := a.p[:n+1], a.way[:n+1], a.used[:n+1]
	clear(u)
	clear(v)
	clear(p)
	// Rows and columns are 1-based; p[c] is the row holding column c
	// (0 = none), column 0 is the virtual start.
	for i := 1; i <= n; i++ {
		p[0] = i
		j0 := 0
		for j := range minv {
			minv[j] = math.Inf(1)
			used[j] = false
		}
		for {
			used[j0] = true
			i0 := p[j0]
			delta := math.Inf(1)
			j1 := 0
			row := cost[(i0-1)*n:]
			for j := 1; j <= n; j++ {
				if used[j] {
					continue
				}
				cur := row[j-1] - u[i0] - v[j]
				if cur < minv[j] {
					minv[j], way[j] = cur, j0
				}
				if minv[j] < delta {
					delta, j1 = minv[j], j
				}
			}
			for j := 0; j <= n; j++ {
				if used[j] {
					u[p[j]] += delta
					v[j] -= delta
				} else {
					minv[j] -= delta
				}
			}
			j0 = j1
			if p[j0] == 0 {
				break
			}
		}
		for j0 != 0 {
			j1 := way[j0]
			p[j0] = p[j1]
			j0 = j1
		}
	}
	total := 0.0
	for j := 1; j <= n; j++ {
		r := p[j] - 1
		rowToCol[r] = j - 1
		total += cost[r*n+j-1]
	}
	return total, nil
}

func growF(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}
