package nav

import (
	"math"
	"slices"
	"testing"

	"diorama/mathx"
)

// TestFixedPointOrder: for every pair of octile lengths a + b√2 whose
// diagonal counts differ by less than fxStraight, the fixed-point costs
// order them exactly as the real lengths do (checked in exact integer
// arithmetic: x + y√2 > 0 decided by signs and x² against 2y²).
func TestFixedPointOrder(t *testing.T) {
	sign := func(x, y int64) int { // sign of x + y√2
		switch {
		case x >= 0 && y >= 0:
			if x == 0 && y == 0 {
				return 0
			}
			return 1
		case x <= 0 && y <= 0:
			return -1
		case x > 0: // y < 0
			if x*x > 2*y*y {
				return 1
			}
			return -1
		default: // x < 0 < y
			if 2*y*y > x*x {
				return 1
			}
			return -1
		}
	}
	r := mathx.NewRand(7)
	for i := 0; i < 200000; i++ {
		db := int64(r.IntN(2*fxStraight-1)) - (fxStraight - 1) // |db| < 985
		// da near -db·√2, where the two lengths come closest
		da := int64(math.Round(-float64(db)*math.Sqrt2)) + int64(r.IntN(5)) - 2
		fx := da*fxStraight + db*fxDiag
		want := sign(da, db)
		got := 0
		if fx > 0 {
			got = 1
		} else if fx < 0 {
			got = -1
		}
		if got != want {
			t.Fatalf("Δa=%d Δb=%d: fixed point %d orders as %d, exact %d", da, db, fx, got, want)
		}
	}
	// The bound is tight: at Δb = 985 two different lengths tie
	// (1393 < 985√2).
	if da, db := int64(fxDiag), int64(-fxStraight); da*fxStraight+db*fxDiag != 0 || sign(da, db) != -1 {
		t.Fatalf("Δa=%d Δb=%d should tie in fixed point only", da, db)
	}
}

// TestRingQueue: a monotone stream of pushes within the A* key window pops
// in key order, equal keys newest first, and stale entries of closed
// nodes are skipped.
func TestRingQueue(t *testing.T) {
	r := mathx.NewRand(3)
	for trial := 0; trial < 50; trial++ {
		var q ringQueue
		rec := make([]fxNode, 4000)
		start := uint64(r.IntN(1 << 30))
		q.reset(start)
		type kv struct {
			k uint64
			n int32
		}
		var ref []kv // the model: all queued entries
		cur := start
		next := int32(0)
		for step := 0; step < 3000; step++ {
			if len(ref) == 0 || r.IntN(3) > 0 {
				k := cur + uint64(r.IntN(2*fxDiag+1))
				if r.IntN(4) == 0 {
					k = cur // a tie with the current minimum
				}
				n := next % 4000
				next++
				rec[n].st = 0
				q.push(k, n)
				ref = append(ref, kv{k, n})
				continue
			}
			if r.IntN(10) == 0 {
				// close a queued node: its entries turn stale
				rec[ref[r.IntN(len(ref))].n].st = 1
			}
			got := q.pop(rec, 1)
			// model: drop stale, then the smallest key, newest first
			ref = slices.DeleteFunc(ref, func(e kv) bool { return rec[e.n].st == 1 })
			if len(ref) == 0 {
				if got != -1 {
					t.Fatalf("trial %d: popped %d from an empty queue", trial, got)
				}
				break // a search ends when its open list runs dry
			}
			best := 0
			for i, e := range ref {
				if e.k <= ref[best].k {
					best = i
				}
			}
			if got != ref[best].n || q.cur != ref[best].k {
				t.Fatalf("trial %d step %d: popped node %d at key %d, want node %d key %d", trial, step, got, q.cur, ref[best].n, ref[best].k)
			}
			cur = ref[best].k
			ref = slices.Delete(ref, best, best+1)
		}
	}
}

// TestRadixQueue: the same model for the radix heap, with keys spread as
// far as JPS jumps make them.
func TestRadixQueue(t *testing.T) {
	r := mathx.NewRand(4)
	for trial := 0; trial < 50; trial++ {
		var q radixQueue
		rec := make([]fxNode, 4000)
		q.reset()
		type kv struct {
			k uint64
			n int32
		}
		var ref []kv
		cur := uint64(0)
		next := int32(0)
		for step := 0; step < 3000; step++ {
			if len(ref) == 0 || r.IntN(3) > 0 {
				k := cur + uint64(r.IntN(1<<(1+r.IntN(40))))
				n := next % 4000
				next++
				rec[n].st = 0
				q.push(k, n)
				ref = append(ref, kv{k, n})
				continue
			}
			if r.IntN(10) == 0 {
				rec[ref[r.IntN(len(ref))].n].st = 1
			}
			got := q.pop(rec, 1)
			ref = slices.DeleteFunc(ref, func(e kv) bool { return rec[e.n].st == 1 })
			if len(ref) == 0 {
				if got != -1 {
					t.Fatalf("trial %d: popped %d from an empty queue", trial, got)
				}
				break // a search ends when its open list runs dry
			}
			best := 0
			for i, e := range ref {
				if e.k < ref[best].k {
					best = i
				}
			}
			if got < 0 || rec[got].st == 1 {
				t.Fatalf("trial %d step %d: popped %d", trial, step, got)
			}
			i := slices.IndexFunc(ref, func(e kv) bool { return e.n == got })
			if i < 0 || ref[i].k != ref[best].k {
				t.Fatalf("trial %d step %d: popped node %d, want key %d", trial, step, got, ref[best].k)
			}
			cur = ref[i].k
			ref = slices.Delete(ref, i, i+1)
		}
	}
}

// TestGridRow: the reciprocal multiply divides exactly, for small and
// huge strides.
func TestGridRow(t *testing.T) {
	r := mathx.NewRand(9)
	for _, w := range []int{1, 2, 7, 62, 63, 64, 99, 255, 4094, 1 << 20, MaxGridCells} {
		g := &Grid{stride: w + 2, divM: reciprocal(w + 2)}
		for i := 0; i < 10000; i++ {
			p := int32(r.IntN(3 * g.stride))
			if got, want := g.row(p), int(p)/g.stride; got != want {
				t.Fatalf("stride %d: row(%d) = %d, want %d", g.stride, p, got, want)
			}
		}
	}
}

// TestJumpMasks: each bit of the JPS stop and jump masks matches a cell
// by cell scan of the grid, on random maps of several widths.
func TestJumpMasks(t *testing.T) {
	r := mathx.NewRand(5)
	for _, sz := range [][2]int{{1, 1}, {5, 3}, {64, 2}, {65, 70}, {130, 9}} {
		for _, dens := range []float64{0, 0.2, 0.5} {
			g, _ := NewGrid(sz[0], sz[1], Eight)
			for y := 0; y < g.h; y++ {
				for x := 0; x < g.w; x++ {
					if r.Float64() < dens {
						g.SetBlocked(x, y, true)
					}
				}
			}
			g.Prepare()
			free := func(x, y int) bool { return g.Walkable(x, y) }
			for dir := 0; dir < 4; dir++ {
				dx, dy := [4]int{1, -1, 0, 0}[dir], [4]int{0, 0, 1, -1}[dir]
				for y := 0; y < g.h; y++ {
					for x := 0; x < g.w; x++ {
						// stop: blocked, or a side free whose cell one step
						// back is blocked
						stop := func(x, y int) bool {
							if !free(x, y) {
								return true
							}
							for _, sd := range [2]int{-1, 1} {
								sx, sy := dy*sd, dx*sd // perpendicular
								if free(x+sx, y+sy) && !free(x+sx-dx, y+sy-dy) {
									return true
								}
							}
							return false
						}
						want := false
						for cx, cy := x, y; g.In(cx, cy); cx, cy = cx+dx, cy+dy {
							if stop(cx, cy) {
								want = free(cx, cy)
								break
							}
						}
						var masks []uint64
						var bit int
						switch dir {
						case 0:
							masks, bit = g.jumpE[y*g.rw:], x
						case 1:
							masks, bit = g.jumpW[y*g.rw:], x
						case 2:
							masks, bit = g.jumpS[x*g.cw:], y
						case 3:
							masks, bit = g.jumpN[x*g.cw:], y
						}
						if got := masks[bit>>6]>>(bit&63)&1 != 0; got != want {
							t.Fatalf("%v density %v dir (%d,%d) at (%d,%d): jump bit %v, scan %v", sz, dens, dx, dy, x, y, got, want)
						}
						sm := [4][]uint64{g.stopE, g.stopW, g.stopS, g.stopN}[dir]
						off := [4]int{y * g.rw, y * g.rw, x * g.cw, x * g.cw}[dir]
						if got := sm[off+bit>>6]>>(bit&63)&1 != 0; got != stop(x, y) {
							t.Fatalf("%v density %v dir (%d,%d) at (%d,%d): stop bit %v", sz, dens, dx, dy, x, y, got)
						}
					}
				}
			}
		}
	}
}
