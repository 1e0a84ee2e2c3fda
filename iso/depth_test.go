package iso

import (
	"math"
	"runtime"
	"slices"
	"testing"
	"time"

	"diorama/internal/testenv"
	"diorama/mathx"
)

func box(x0, y0, z0, x1, y1, z1 float64) Box {
	return Box{Min: mathx.V3(x0, y0, z0), Max: mathx.V3(x1, y1, z1)}
}

// sortBoxes sorts the boxes with their own projected bounds and returns
// each box's position in the painter's order.
func sortBoxes(t testing.TB, p Projection, boxes ...Box) []int {
	t.Helper()
	s := NewSorter(p)
	for _, b := range boxes {
		if _, err := s.Add(b); err != nil {
			t.Fatal(err)
		}
	}
	order := s.Sort()
	if len(order) != len(boxes) {
		t.Fatalf("order has %d items, want %d", len(order), len(boxes))
	}
	pos := make([]int, len(boxes))
	for k, it := range order {
		pos[it] = k
	}
	return pos
}

// naiveKey is the classic single-key sort (centre x+y), which the hard
// cases below defeat; each case checks that the naive key really is wrong
// there, so the test proves the dependency sort is needed.
func naiveBefore(a, b Box) bool {
	return a.Min.X+a.Max.X+a.Min.Y+a.Max.Y < b.Min.X+b.Max.X+b.Min.Y+b.Max.Y
}

func TestDepthHardCases(t *testing.T) {
	p := Projection{64, 32, 32}
	cases := []struct {
		name          string
		behind, front Box
		naiveWrong    bool
	}{
		{
			// A wall along x at y = 5 from x = 0 to 10, and a barrel just in
			// front of (larger y than) its left end.
			name:       "long wall beside small object",
			behind:     box(0, 5, 0, 10, 5, 2),
			front:      box(1.2, 5.1, 0, 1.8, 5.7, 0.8),
			naiveWrong: true,
		},
		{
			// The same wall with the barrel just behind its right end.
			name:   "small object behind long wall",
			behind: box(8.2, 4.2, 0, 8.8, 4.9, 0.8),
			front:  box(0, 5, 0, 10, 5, 2),
		},
		{
			// A wall along y at x = 3, object to its front right.
			name:       "long y wall beside small object",
			behind:     box(3, 0, 0, 3, 12, 2),
			front:      box(3.1, 0.5, 0, 3.6, 1, 1),
			naiveWrong: true,
		},
		{
			// A raised block (a tile at elevation 1) and a character
			// standing on top of it near its back corner.
			name:       "object standing on a raised tile",
			behind:     box(4, 4, 0, 5, 5, 1),
			front:      box(4.1, 4.1, 1, 4.4, 4.4, 2.5),
			naiveWrong: true,
		},
		{
			// A tall character in front-left of the block at ground level.
			name:   "character in front of a raised tile",
			behind: box(4, 4, 0, 5, 5, 1),
			front:  box(4.2, 5.1, 0, 4.6, 5.5, 1.5),
		},
		{
			// Two overlapping multi-tile objects: a 1×6 shelf and a 1×1
			// crate to its right; centres say the crate is behind.
			name:       "two overlapping multi-tile objects",
			behind:     Footprint(0, 0, 1, 6, 0, 2),
			front:      Footprint(1, 0, 1, 1, 0, 1),
			naiveWrong: true,
		},
		{
			// IsoMob's cell-based key ties here (same cell); the boxes
			// order them.
			name:   "two characters in one cell",
			behind: box(5.1, 5.1, 0, 5.4, 5.4, 1.5),
			front:  box(5.5, 5.5, 0, 5.8, 5.8, 1.5),
		},
		{
			name:   "two multi-tile objects, second fully in front",
			behind: Footprint(2, 2, 3, 2, 0, 1.5),
			front:  Footprint(3, 4, 2, 2, 0, 1),
		},
	}
	for _, c := range cases {
		if c.naiveWrong && naiveBefore(c.behind, c.front) {
			t.Errorf("%s: the naive key already gets this right; not a hard case", c.name)
		}
		if !p.BoxBounds(c.behind).Overlaps(p.BoxBounds(c.front)) {
			t.Errorf("%s: the two do not overlap on screen", c.name)
		}
		// Both insertion orders, so the tie-break cannot help.
		pos := sortBoxes(t, p, c.behind, c.front)
		if pos[0] > pos[1] {
			t.Errorf("%s: front drawn before behind", c.name)
		}
		pos = sortBoxes(t, p, c.front, c.behind)
		if pos[1] > pos[0] {
			t.Errorf("%s (reversed insertion): front drawn before behind", c.name)
		}
	}
}

// A character walking round a multi-tile object is behind it on the far
// sides and in front of it on the near sides, at every step.
func TestDepthWalkAroundObject(t *testing.T) {
	p := Projection{64, 32, 32}
	house := Footprint(4, 4, 3, 2, 0, 2.5)
	for k := 0; k < 400; k++ {
		a := 2 * math.Pi * float64(k) / 400
		cx, cy := 5.5+2.6*math.Cos(a), 5+2.1*math.Sin(a)
		ch := box(cx-0.2, cy-0.2, 0, cx+0.2, cy+0.2, 1.6)
		if ch.Intersects(house) || !p.BoxBounds(ch).Overlaps(p.BoxBounds(house)) {
			continue
		}
		pos := sortBoxes(t, p, house, ch)
		chBehind := ch.Max.X <= house.Min.X || ch.Max.Y <= house.Min.Y
		if (pos[1] < pos[0]) != chBehind {
			t.Fatalf("step %d at (%.2f,%.2f): character behind=%v but drawn %v", k, cx, cy, chBehind, pos)
		}
	}
}

// hexOverlap reports whether the projections of two boxes share interior
// pixels area (separating axes of the projected hexagons: x−y, x−q·z,
// y−q·z with q = ZPixels/TileH).
func hexOverlap(p Projection, a, b Box) bool {
	q := float64(p.ZPixels) / float64(p.TileH)
	ov := func(a0, a1, b0, b1 float64) bool { return a0 < b1-1e-9 && b0 < a1-1e-9 }
	return ov(a.Min.X-a.Max.Y, a.Max.X-a.Min.Y, b.Min.X-b.Max.Y, b.Max.X-b.Min.Y) &&
		ov(a.Min.X-q*a.Max.Z, a.Max.X-q*a.Min.Z, b.Min.X-q*b.Max.Z, b.Max.X-q*b.Min.Z) &&
		ov(a.Min.Y-q*a.Max.Z, a.Max.Y-q*a.Min.Z, b.Min.Y-q*b.Max.Z, b.Max.Y-q*b.Min.Z)
}

// Property: for random scenes of disjoint boxes (floors, blocks, walls,
// characters, multi-tile objects, things on top of blocks), every pair
// whose projections overlap is drawn in the geometrically correct order,
// except where the constraints themselves form a cycle (cyclic overlap,
// which boxes floating at different heights can produce): then only edges
// on such a cycle may be broken. Scenes where everything stands on the
// ground must come out exact.
func TestDepthRandomScenesExact(t *testing.T) {
	r := mathx.NewRand(7)
	broken, total := 0, 0
	for _, p := range []Projection{{64, 32, 32}, {56, 32, 32}, {64, 32, 20}} {
		for scene := 0; scene < 60; scene++ {
			grounded := scene%2 == 0
			var boxes []Box
			for tries := 0; len(boxes) < 120 && tries < 5000; tries++ {
				var b Box
				x, y := float64(r.IntN(12)), float64(r.IntN(12))
				switch r.IntN(5) {
				case 0: // block, maybe stacked
					z := float64(r.IntN(3))
					b = box(x, y, z, x+1, y+1, z+1)
				case 1: // wall along x or y
					l := float64(1 + r.IntN(6))
					if r.Bool() {
						b = box(x, y, 0, x+l, y, 1+float64(r.IntN(2)))
					} else {
						b = box(x, y, 0, x, y+l, 1+float64(r.IntN(2)))
					}
				case 2: // multi-tile object
					b = Footprint(int(x), int(y), 1+r.IntN(3), 1+r.IntN(3), 0, r.Range(0.5, 2))
				default: // character at any position and height
					cx, cy, z := r.Range(0, 12), r.Range(0, 12), float64(r.IntN(3))
					b = box(cx, cy, z, cx+r.Range(0.2, 0.6), cy+r.Range(0.2, 0.6), z+r.Range(0.5, 1.8))
				}
				if grounded {
					b.Max.Z -= b.Min.Z
					b.Min.Z = 0
				}
				ok := true
				for _, o := range boxes {
					if collide(b, o) {
						ok = false
						break
					}
				}
				if ok {
					boxes = append(boxes, b)
				}
			}
			pos := sortBoxes(t, p, boxes...)
			// The true constraint graph.
			n := len(boxes)
			adj := make([][]int, n)
			for a := range boxes {
				for b := range boxes {
					if a == b || !hexOverlap(p, boxes[a], boxes[b]) {
						continue
					}
					A, B := boxes[a], boxes[b]
					if A.Max.X <= B.Min.X && B.Max.X > A.Min.X || A.Max.Y <= B.Min.Y && B.Max.Y > A.Min.Y || A.Max.Z <= B.Min.Z && B.Max.Z > A.Min.Z {
						adj[a] = append(adj[a], b)
					}
				}
			}
			for a := range adj {
				for _, b := range adj[a] {
					total++
					if pos[a] < pos[b] {
						continue
					}
					if grounded || !reachable(adj, b, a) {
						t.Fatalf("%+v scene %d: %v should be behind %v (not on a cycle)", p, scene, boxes[a], boxes[b])
					}
					broken++
				}
			}
		}
	}
	t.Logf("%d of %d constraints broken, all on cycles", broken, total)
	if broken*100 > total {
		t.Fatalf("%d of %d constraints broken", broken, total)
	}
}

func reachable(adj [][]int, from, to int) bool {
	seen := make([]bool, len(adj))
	stack := []int{from}
	seen[from] = true
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if u == to {
			return true
		}
		for _, v := range adj[u] {
			if !seen[v] {
				seen[v] = true
				stack = append(stack, v)
			}
		}
	}
	return false
}

// collide reports whether two boxes share volume or, for flat boxes, share
// area in a common plane (two coplanar wall pieces overlapping), or cross
// (a flat wall passing through another box).
func collide(a, b Box) bool {
	axis := func(a0, a1, b0, b1 float64) bool {
		lo, hi := max(a0, b0), min(a1, b1)
		return hi > lo || a0 == a1 && (b0 < a0 && a0 < b1 || a0 == b0 && b0 == b1) || b0 == b1 && a0 < b0 && b0 < a1
	}
	return axis(a.Min.X, a.Max.X, b.Min.X, b.Max.X) && axis(a.Min.Y, a.Max.Y, b.Min.Y, b.Max.Y) && axis(a.Min.Z, a.Max.Z, b.Min.Z, b.Max.Z)
}

// Intersecting boxes fall back to the view-depth of their centres, then
// insertion order; equal inputs always give equal output.
func TestDepthFallbackAndDeterminism(t *testing.T) {
	p := Projection{64, 32, 32}
	a := box(0, 0, 0, 2, 2, 1)
	b := box(1, 1, 0, 3, 3, 1) // intersects a; deeper centre
	pos := sortBoxes(t, p, b, a)
	if pos[1] > pos[0] {
		t.Fatal("intersecting boxes: deeper centre drawn first")
	}
	c := box(0, 0, 0, 1, 1, 1)
	pos = sortBoxes(t, p, c, c, c)
	if pos[0] != 0 || pos[1] != 1 || pos[2] != 2 {
		t.Fatalf("identical boxes not in insertion order: %v", pos)
	}
	r := mathx.NewRand(5)
	s := NewSorter(p)
	var boxes []Box
	for k := 0; k < 3000; k++ {
		x, y := r.Range(0, 40), r.Range(0, 40)
		boxes = append(boxes, box(x, y, 0, x+r.Range(0.1, 3), y+r.Range(0.1, 3), r.Range(0.1, 2)))
	}
	var first []int32
	for run := 0; run < 3; run++ {
		s.Reset()
		for _, b := range boxes {
			s.Add(b)
		}
		got := s.Sort()
		if run == 0 {
			first = slices.Clone(got)
		} else if !slices.Equal(first, got) {
			t.Fatal("sort is not deterministic")
		}
		seen := make([]bool, len(boxes))
		for _, it := range got {
			if seen[it] {
				t.Fatal("item emitted twice")
			}
			seen[it] = true
		}
	}
}

func TestDepthRejectsBadBoxes(t *testing.T) {
	s := NewSorter(Projection{64, 32, 32})
	for _, b := range []Box{
		box(math.NaN(), 0, 0, 1, 1, 1),
		box(0, 0, 0, math.Inf(1), 1, 1),
		box(2, 0, 0, 1, 1, 1),
		box(0, 0, math.NaN(), 1, 1, 1),
		box(0, 0, 0, 1, 1, math.NaN()),
		box(0, math.Inf(-1), 0, 1, 1, 1),
		box(0, 0, 0, 1e13, 1, 1),
	} {
		if _, err := s.Add(b); err == nil {
			t.Errorf("box %v accepted", b)
		}
	}
	if s.Len() != 0 || len(s.Sort()) != 0 {
		t.Fatal("bad boxes were added")
	}
}

func randomScene(n int, spread float64, seed uint64) []Box {
	r := mathx.NewRand(seed)
	boxes := make([]Box, n)
	for k := range boxes {
		x, y := r.Range(0, spread), r.Range(0, spread)
		switch k % 10 {
		case 0: // walls
			boxes[k] = box(x, y, 0, x+r.Range(1, 4), y, 2)
		case 1, 2: // blocks and multi-tile objects
			boxes[k] = box(x, y, 0, x+float64(1+r.IntN(2)), y+float64(1+r.IntN(2)), r.Range(0.5, 2))
		default: // characters
			boxes[k] = box(x, y, 0, x+0.4, y+0.4, 1.5)
		}
	}
	return boxes
}

func TestDepthSortDoesNotAllocate(t *testing.T) {
	s := NewSorter(Projection{64, 32, 32})
	boxes := randomScene(2000, 60, 1)
	run := func() {
		s.Reset()
		for _, b := range boxes {
			s.Add(b)
		}
		s.Sort()
	}
	run()
	if n := testenv.AllocsOver(20, run); n != 0 {
		t.Fatalf("%v allocations in 20 sorts", n)
	}
}

// Sorting 10,000 objects (70% characters, 20% blocks and multi-tile
// objects, 10% walls): spread over a 200×200-tile level, and four times
// denser on 100×100 tiles (every object overlaps about a dozen others),
// with one worker and with GOMAXPROCS workers (-test.cpu sets it; a b.N
// loop, as with Go 1.26 a b.Loop benchmark ignores -test.cpu).
func BenchmarkDepthSort10k(b *testing.B) {
	for _, c := range []struct {
		name   string
		spread float64
		all    bool
	}{{"level200/1worker", 200, false}, {"level200/allcores", 200, true}, {"dense100/1worker", 100, false}, {"dense100/allcores", 100, true}} {
		b.Run(c.name, func(b *testing.B) {
			s := NewSorter(Projection{64, 32, 32})
			workers := 1
			if c.all {
				workers = runtime.GOMAXPROCS(0)
			}
			s.SetWorkers(workers)
			defer s.Close()
			boxes := randomScene(10000, c.spread, 2)
			sort := func() {
				s.Reset()
				for _, bx := range boxes {
					s.Add(bx)
				}
				s.Sort()
			}
			sort() // warm up: buffers and goroutines
			b.ReportAllocs()
			b.ResetTimer()
			c0 := testenv.CPUTime()
			for i := 0; i < b.N; i++ {
				sort()
			}
			edges := 0
			for _, a := range s.partA[:s.parts] {
				edges += len(a)
			}
			b.ReportMetric(float64(edges), "edges")
			b.ReportMetric(float64(workers), "workers")
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/sort")
			// CPU time per sort: on a shared machine wall time also counts
			// the time other programs held the core.
			b.ReportMetric(float64((testenv.CPUTime()-c0).Microseconds())/float64(b.N), "cpu-µs/sort")
		})
	}
}

func TestOutwardFloat32(t *testing.T) {
	r := mathx.NewRand(3)
	for k := 0; k < 100000; k++ {
		f := r.Range(-1e6, 1e6)
		if k%3 == 0 {
			f = r.Range(-2, 2)
		}
		if d := down32(f); float64(d) > f {
			t.Fatalf("down32(%v) = %v", f, d)
		}
		if u := up32(f); float64(u) < f {
			t.Fatalf("up32(%v) = %v", f, u)
		}
	}
	for _, f := range []float64{0, 1e-40, -1e-40, 3, -3} {
		if float64(down32(f)) > f || float64(up32(f)) < f {
			t.Fatalf("rounding %v", f)
		}
	}
}

// Sorting on any number of goroutines gives exactly the serial order, on
// random scenes, with and without mixed heights, touching faces and
// duplicates, and allocates nothing once warm.
func TestSorterParallelMatchesSerial(t *testing.T) {
	p := Projection{64, 32, 32}
	one := NewSorter(p)
	one.SetWorkers(1)
	var many []*Sorter
	for _, w := range []int{2, 3, 4, 8, 16} {
		s := NewSorter(p)
		s.SetWorkers(w)
		defer s.Close()
		many = append(many, s)
	}
	r := mathx.NewRand(29)
	for seed := uint64(1); seed <= 6; seed++ {
		boxes := randomScene(3000+int(seed)*700, 60+float64(seed)*20, seed)
		if seed%2 == 0 {
			boxes = randomMixedScene(r, 2500+int(seed)*900, 40+float64(seed)*10)
		}
		for _, s := range append([]*Sorter{one}, many...) {
			s.Reset()
			for _, b := range boxes {
				if _, err := s.Add(b); err != nil {
					t.Fatal(err)
				}
			}
		}
		want := slices.Clone(one.Sort())
		for _, s := range many {
			got := s.Sort()
			if s.parts != s.workers {
				t.Fatalf("seed %d: %d workers sorted in %d parts", seed, s.workers, s.parts)
			}
			if i := firstDiff32(got, want); i >= 0 {
				t.Fatalf("seed %d (%d boxes), %d workers: position %d is item %d, serially %d", seed, len(boxes), s.workers, i, got[i], want[i])
			}
		}
	}
	for _, s := range many {
		run := func() { s.Sort() }
		run()
		if n := testenv.AllocsOver(10, run); n != 0 {
			t.Fatalf("%d workers: the sort allocates %v times", s.workers, n)
		}
	}
}

// With several parts the two key sorts are sample sorts (depth_keysort.go):
// for 2 to 16 parts they give the stable sorts by fallback key and by u0's
// step, and the ranks, on random scenes, on scenes where most keys are
// equal (snapped to the grid, or one box repeated) and on unit-spaced
// rows of boxes where whole buckets share a key.
func TestKeySortMatchesStable(t *testing.T) {
	r := mathx.NewRand(31)
	same := make([]Box, 3000)
	for i := range same {
		same[i] = box(5, 5, 0, 6, 6, 1)
	}
	var rowsOf []Box
	for i := range 4000 {
		x := float64(i % 7)
		rowsOf = append(rowsOf, box(x, 0, 0, x+1, 1, 1))
	}
	scenes := [][]Box{randomScene(5000, 120, 3), randomMixedScene(r, 4000, 30), same, rowsOf}
	for sc, boxes := range scenes {
		for _, w := range []int{2, 3, 5, 8, 16} {
			s := NewSorter(Projection{64, 32, 32})
			s.SetWorkers(w)
			for _, b := range boxes {
				if _, err := s.Add(b); err != nil {
					t.Fatal(err)
				}
			}
			s.Sort()
			s.Close()
			n := len(boxes)
			for x, key := range [][]uint32{s.fbK, s.uK} {
				want := make([]int32, n)
				for i := range want {
					want[i] = int32(i)
				}
				slices.SortStableFunc(want, func(a, b int32) int { return cmpU32(key[a], key[b]) })
				got := s.byFB
				if x == 1 {
					got = s.byU
				}
				if i := firstDiff32(got[:n], want); i >= 0 {
					t.Fatalf("scene %d, %d workers, sort %d: position %d has item %d, the stable sort %d", sc, w, x, i, got[i], want[i])
				}
			}
			for r, it := range s.byFB[:n] {
				if s.rank[it] != int32(r) {
					t.Fatalf("scene %d, %d workers: item %d at %d has rank %d", sc, w, it, r, s.rank[it])
				}
			}
		}
	}
}

// The parallel walk (depth_walk.go) gives the serial walk's order when
// speculative trees overlap (dense scenes, where many trees take items
// of later ones and roots lie in earlier trees: the check searches them
// again), when searches give up early (the check searches them), and on
// scenes so dense that it falls back to the serial walk, for 2 to 16
// workers.
func TestWalkParallelConflicts(t *testing.T) {
	p := Projection{64, 32, 32}
	one := NewSorter(p)
	one.SetWorkers(1)
	r := mathx.NewRand(37)
	redone := 0
	for scene := range 5 {
		n := 2500 + r.IntN(3000)
		var boxes []Box
		switch scene {
		case 4: // as sparse as level200
			boxes = randomScene(n, 2*math.Sqrt(float64(n)), r.Uint64())
		case 0, 1: // as dense as dense100
			boxes = randomScene(n, math.Sqrt(float64(n)), r.Uint64())
		case 2:
			boxes = randomMixedScene(r, n, math.Sqrt(float64(n)))
		case 3: // tall boxes everywhere: most items are roots
			n = parallelMin + 50
			boxes = randomMixedScene(r, n, 22)
			for k := range boxes {
				if k%5 == 0 {
					boxes[k].Max.Z += r.Range(2, 8)
				}
			}
		}
		one.Reset()
		for _, b := range boxes {
			one.Add(b)
		}
		want := slices.Clone(one.Sort())
		for _, w := range []int{2, 3, 5, 16} {
			for _, limit := range []int{0, 1, 3} {
				s := NewSorter(p)
				s.SetWorkers(w)
				s.specLimit = limit
				for _, b := range boxes {
					s.Add(b)
				}
				got := s.Sort()
				if i := firstDiff32(got, want); i >= 0 {
					t.Fatalf("scene %d (%d boxes), %d workers, search limit %d: position %d is item %d, serially %d", scene, n, w, limit, i, got[i], want[i])
				}
				if limit == 0 {
					redone += s.walkRedo
				}
				// Sixteen parts gather the edges for the dense scenes (and the
				// serial walk, the fallback of the densest), not the sparse
				// one.
				if dense := scene != 4; w == 16 && s.gathered != dense {
					t.Fatalf("scene %d (%d boxes, %d roots): gathered %v", scene, n, len(s.roots), s.gathered)
				}
				s.Close()
			}
		}
	}
	if redone == 0 {
		t.Fatal("no speculative tree was searched again: the scenes do not test the check")
	}
}

// The rows' layout (from the mean w extent) is the one a pass over the
// items in order gives, whatever the parts that summed the extents: on a
// level (exact partial sums) and on boxes of widely different scales
// (where layoutRows makes the pass), for 1 to 16 workers.
func TestLayoutRowsAnyParts(t *testing.T) {
	p := Projection{64, 32, 32}
	r := mathx.NewRand(41)
	level := randomScene(6000, 80, 7)
	scales := randomScene(6000, 80, 8)
	for k := range scales {
		if k%3 == 0 { // tiny boxes at the origin: w extents with low bits far below the total's
			f := math.Ldexp(1, -10-r.IntN(20)) * r.Range(1, 2)
			scales[k] = box(0, 0, 0, f, f, f)
		}
	}
	for sc, boxes := range [][]Box{level, scales} {
		var want []int32
		var rows [4]float64
		for _, w := range []int{1, 2, 3, 16} {
			s := NewSorter(p)
			s.SetWorkers(w)
			for _, b := range boxes {
				s.Add(b)
			}
			got := s.Sort()
			s.Close()
			lay := [4]float64{float64(s.rows), float64(s.rowInv), float64(s.orderRows), float64(s.orderInv)}
			if w == 1 {
				want, rows = slices.Clone(got), lay
				continue
			}
			if lay != rows {
				t.Fatalf("scene %d, %d workers: rows %v, serially %v", sc, w, lay, rows)
			}
			if i := firstDiff32(got, want); i >= 0 {
				t.Fatalf("scene %d, %d workers: position %d is item %d, serially %d", sc, w, i, got[i], want[i])
			}
			if passed := s.rowPasses > 0; passed != (sc == 1) {
				t.Fatalf("scene %d, %d workers: layoutRows made %d passes over the items", sc, w, s.rowPasses)
			}
		}
	}
}

// AddBoxes adds what Add would one box at a time: the same items, the
// same count and, at the first refused box (NaN, infinite, beyond
// MaxCoord, Min > Max), the same error; the sort is the same.
func TestAddBoxesMatchesAdd(t *testing.T) {
	r := mathx.NewRand(43)
	bad := []Box{
		box(math.NaN(), 0, 0, 1, 1, 1), box(0, 0, 0, math.Inf(1), 1, 1),
		box(0, 0, 0, 1, 2*MaxCoord, 1), box(0, 0, 2, 1, 1, 1),
	}
	for trial := range 40 {
		boxes := randomMixedScene(r, 1+r.IntN(3000), 40)
		if trial%2 == 1 {
			boxes[r.IntN(len(boxes))] = bad[trial/2%len(bad)]
		}
		one, all := NewSorter(Projection{64, 32, 32}), NewSorter(Projection{64, 32, 32})
		one.SetWorkers(1)
		all.SetWorkers(1)
		pre := box(1, 1, 0, 2, 2, 1) // items before the batch
		one.Add(pre)
		all.Add(pre)
		wantN, wantErr := 0, ""
		for _, b := range boxes {
			i, err := one.Add(b)
			if err != nil {
				wantErr = err.Error()
				break
			}
			if i != 1+wantN {
				t.Fatalf("trial %d: Add gave index %d, want %d", trial, i, 1+wantN)
			}
			wantN++
		}
		n, err := all.AddBoxes(boxes)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if n != wantN || gotErr != wantErr || all.Len() != one.Len() {
			t.Fatalf("trial %d: AddBoxes added %d (error %q, Len %d), Add %d (error %q, Len %d)", trial, n, gotErr, all.Len(), wantN, wantErr, one.Len())
		}
		if (trial%2 == 1) != (err != nil) {
			t.Fatalf("trial %d: error %v", trial, err)
		}
		if i := firstDiff32(all.Sort(), slices.Clone(one.Sort())); i >= 0 {
			t.Fatalf("trial %d: orders differ at %d", trial, i)
		}
	}
}

// TestSorterHelpersEndUnreachable: a Sorter dropped without Close stops
// its helper goroutines once it is collected (its pool holds no
// reference to it between phases), and Close stops them at once.
func TestSorterHelpersEndUnreachable(t *testing.T) {
	boxes := randomScene(3*parallelMin, 40, 7)
	settle := func(want int) int {
		g := runtime.NumGoroutine()
		for deadline := time.Now().Add(5 * time.Second); g > want && time.Now().Before(deadline); g = runtime.NumGoroutine() {
			runtime.GC()
			time.Sleep(5 * time.Millisecond)
		}
		return g
	}
	base := runtime.NumGoroutine()
	sortOnce := func() *Sorter {
		s := NewSorter(Projection{64, 32, 32})
		s.SetWorkers(4)
		for _, b := range boxes {
			if _, err := s.Add(b); err != nil {
				t.Fatal(err)
			}
		}
		s.Sort()
		if g := runtime.NumGoroutine() - base; g < 3 {
			t.Fatalf("%d goroutines more after a large 4-worker Sort, want the 3 helpers", g)
		}
		return s
	}
	sortOnce() // dropped
	if g := settle(base); g > base {
		t.Fatalf("%d goroutines, %d before: the helpers of an unreachable Sorter still run", g, base)
	}
	s := sortOnce()
	s.Close()
	if g := settle(base); g > base {
		t.Fatalf("%d goroutines after Close, %d before", g, base)
	}
	runtime.KeepAlive(s)
}
