package nav

import (
	"errors"
	"math"
	"strings"
	"testing"

	"diorama/mathx"
)

// The maps of seed 000's Table 2.3, drawn to match its sizes and counts
// (the figures themselves are not in the text): Figure 2.10 is 10×8 with
// 40 empty cells and 14 polygons, Figure 2.12 is 31×28 with 596 empty
// cells and 180 polygons, Figure 2.11 is the 8×8 worst case, 19 cells and
// 19 polygons.
var (
	fig210 = []string{
		"##########",
		"#.#....###",
		"#........#",
		"#........#",
		"#.###..###",
		"#........#",
		"#........#",
		"##########",
	}
	fig211 = []string{
		"########",
		"#..#####",
		"##.#####",
		"##...#.#",
		"##.#...#",
		"##.....#",
		"#..##.##",
		"########",
	}
	fig212 = []string{
		"###############################",
		"#.................#.......#...#",
		"#................###..........#",
		"#................#........#...#",
		"#................###......##..#",
		"#..........##.......#.........#",
		"#..........##.......#.......###",
		"######..............#.......###",
		"#.....#####.........#.......###",
		"#.......#..........#######....#",
		"#....#....#..####........#....#",
		"#....#....#..#..#........#....#",
		"#....#....#..##....#..........#",
		"#....##.#....##....#..........#",
		"#.......#....##....###...#....#",
		"#.......#.#####.###..#....##..#",
		"#............##......#....#####",
		"#............##......####.....#",
		"#............####..##.#.#.....#",
		"#......###......#.......#.....#",
		"#......###......#.......#.....#",
		"#...###..#......#..##.#.#.....#",
		"####.#..........######........#",
		"#....##..#...##.......##......#",
		"#...#....#...##.......##......#",
		"#...#....#....#......#......###",
		"#.............##.....#........#",
		"###############################",
	}
)

func mustTiles(t testing.TB, rows []string) *TileMap {
	t.Helper()
	tm, err := ParseTileMap(rows)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

func mustMesh(t testing.TB, tm *TileMap, opt MeshOptions) *Mesh {
	t.Helper()
	m, err := Build(tm, opt)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestTable23 reproduces seed 000's Table 2.3 with the Strips generator and
// shows what the Greedy generator makes of the same maps.
func TestTable23(t *testing.T) {
	for _, c := range []struct {
		name         string
		rows         []string
		w, h         int
		empty, polys int
		greedy       int
	}{
		{"fig2.10", fig210, 10, 8, 40, 14, 7},
		{"fig2.12", fig212, 31, 28, 596, 180, 61},
		{"fig2.11", fig211, 8, 8, 19, 19, 8},
	} {
		tm := mustTiles(t, c.rows)
		if tm.W != c.w || tm.H != c.h || tm.OpenCount() != c.empty {
			t.Fatalf("%s: %d×%d with %d empty, want %d×%d with %d", c.name, tm.W, tm.H, tm.OpenCount(), c.w, c.h, c.empty)
		}
		ms := mustMesh(t, tm, MeshOptions{Method: Strips})
		checkMesh(t, ms)
		if ms.Count() != c.polys {
			t.Errorf("%s: Strips made %d polygons, Table 2.3 says %d", c.name, ms.Count(), c.polys)
		}
		mg := mustMesh(t, tm, MeshOptions{Method: Greedy})
		checkMesh(t, mg)
		if mg.Count() != c.greedy {
			t.Errorf("%s: Greedy made %d polygons, want %d", c.name, mg.Count(), c.greedy)
		}
		t.Logf("%s: %d empty cells, Strips %d polygons (%.2f/cell), Greedy %d (%.2f/cell)",
			c.name, c.empty, ms.Count(), float64(ms.Count())/float64(c.empty), mg.Count(), float64(mg.Count())/float64(c.empty))
	}
}

// TestMeshInvariantsRandom: on random maps with doors, for both methods,
// several subdivisions and radii, the mesh covers every free cell exactly
// once, never a wall, and keeps Radius away from every wall.
func TestMeshInvariantsRandom(t *testing.T) {
	r := mathx.NewRand(11)
	for trial := 0; trial < 30; trial++ {
		tm, _ := NewTileMap(5+r.IntN(30), 5+r.IntN(30))
		for i := range tm.Tiles {
			switch {
			case r.Chance(0.25):
				tm.Tiles[i] = Wall
			case r.Chance(0.04):
				tm.Tiles[i] = Door
			}
		}
		for _, opt := range []MeshOptions{
			{Method: Strips}, {Method: Greedy},
			{Method: Greedy, Sub: 2, Radius: 0.5}, {Method: Strips, Sub: 4, Radius: 0.3}, {Method: Greedy, Sub: 1, Radius: 1},
		} {
			m := mustMesh(t, tm, opt)
			checkMesh(t, m)
			checkClearance(t, m, tm, opt.Radius)
		}
	}
}

// checkClearance: every polygon stays at least r (Euclidean) from every
// wall tile and from the map's edge.
func checkClearance(t *testing.T, m *Mesh, tm *TileMap, r float64) {
	t.Helper()
	for i := 0; i < m.Len(); i++ {
		if !m.Poly(i).Alive() {
			continue
		}
		b := m.Bounds(i)
		if b.Min.X < r-1e-9 || b.Min.Y < r-1e-9 || b.Max.X > float64(tm.W)-r+1e-9 || b.Max.Y > float64(tm.H)-r+1e-9 {
			t.Fatalf("polygon %v closer than %v to the map edge", b, r)
		}
		for y := 0; y < tm.H; y++ {
			for x := 0; x < tm.W; x++ {
				if tm.At(x, y) != Wall {
					continue
				}
				w := mathx.AABB{Min: mathx.V2(float64(x), float64(y)), Max: mathx.V2(float64(x+1), float64(y+1))}
				dx := math.Max(0, math.Max(w.Min.X-b.Max.X, b.Min.X-w.Max.X))
				dy := math.Max(0, math.Max(w.Min.Y-b.Max.Y, b.Min.Y-w.Max.Y))
				if d := math.Hypot(dx, dy); d < r-1e-9 || (r == 0 && dx == 0 && dy == 0 && w.Overlaps(b)) {
					t.Fatalf("polygon %v is %v from wall (%d,%d), radius %v", b, d, x, y, r)
				}
			}
		}
	}
}

var doorMap = []string{
	"###########",
	"#....#....#",
	"#....D....#",
	"#....#....#",
	"#....#....#",
	"###########",
}

// TestDoorLock: a path through a door exists; locking it cuts the edges
// into the door's polygon so no path is found, while an agent standing in
// the doorway can still walk out; unlocking restores the path.
func TestDoorLock(t *testing.T) {
	for _, meth := range []Method{Strips, Greedy} {
		m := mustMesh(t, mustTiles(t, doorMap), MeshOptions{Method: meth})
		checkMesh(t, m)
		if len(m.Doors()) != 1 || m.Doors()[0] != mathx.Pt(5, 2) {
			t.Fatalf("doors %v", m.Doors())
		}
		s := NewSearcher()
		a, b := mathx.V2(1.5, 1.5), mathx.V2(9.5, 4.5)
		cor, _, err := m.FindPath(s, a, b, nil)
		if err != nil {
			t.Fatal(err)
		}
		door := m.PolyAt(mathx.V2(5.5, 2.5))
		if m.Poly(door).Door != 0 || !containsInt(cor, door) {
			t.Fatalf("corridor %v does not cross door polygon %d", cor, door)
		}
		if err := m.SetDoorLocked(5, 2, true); err != nil {
			t.Fatal(err)
		}
		if _, _, err := m.FindPath(s, a, b, cor); !errors.Is(err, ErrNoPath) {
			t.Fatalf("locked door still passable: %v", err)
		}
		if _, _, err := m.FindPath(s, mathx.V2(5.5, 2.5), b, cor); err != nil {
			t.Fatalf("agent in the locked doorway cannot leave: %v", err)
		}
		m.Rebuild()
		checkMesh(t, m)
		if _, _, err := m.FindPath(s, a, b, cor); !errors.Is(err, ErrNoPath) {
			t.Fatalf("lock lost by Rebuild: %v", err)
		}
		if err := m.SetDoorLocked(5, 2, false); err != nil {
			t.Fatal(err)
		}
		if _, _, err := m.FindPath(s, a, b, cor); err != nil {
			t.Fatalf("unlocked door impassable: %v", err)
		}
		if err := m.SetDoorLocked(1, 1, true); err == nil {
			t.Fatal("locked a door that is not there")
		}
	}
}

// TestDoorDetour: with a second way round, locking the door makes the path
// take it and never enter the door polygon.
func TestDoorDetour(t *testing.T) {
	m := mustMesh(t, mustTiles(t, []string{
		"###########",
		"#....#....#",
		"#....D....#",
		"#....#....#",
		"#.........#",
		"###########",
	}), MeshOptions{Method: Greedy})
	s := NewSearcher()
	a, b := mathx.V2(1.5, 1.5), mathx.V2(9.5, 1.5)
	door := m.PolyAt(mathx.V2(5.5, 2.5))
	cor, _, _ := m.FindPath(s, a, b, nil)
	if !containsInt(cor, door) {
		t.Fatalf("short way should use the door: %v", cor)
	}
	_ = m.SetDoorLocked(5, 2, true)
	cor, _, err := m.FindPath(s, a, b, cor)
	if err != nil || containsInt(cor, door) {
		t.Fatalf("locked: corridor %v err %v", cor, err)
	}
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// TestBlockRepartition: run-time blocking and unblocking keep the mesh
// valid and agree with a grid search about reachability.
func TestBlockRepartition(t *testing.T) {
	r := mathx.NewRand(5)
	for _, opt := range []MeshOptions{{Method: Strips}, {Method: Greedy}, {Method: Greedy, Sub: 2, Radius: 0.25}} {
		tm := mustTiles(t, fig212)
		m := mustMesh(t, tm, opt)
		s := NewSearcher()
		var blocks []mathx.Rect
		var cor []int
		for step := 0; step < 60; step++ {
			if len(blocks) > 0 && r.Chance(0.4) {
				i := r.IntN(len(blocks))
				m.Unblock(blocks[i])
				blocks = append(blocks[:i], blocks[i+1:]...)
			} else {
				x, y := r.IntN(tm.W), r.IntN(tm.H)
				b := mathx.R(x, y, x+1+r.IntN(3), y+1+r.IntN(3))
				m.Block(b)
				blocks = append(blocks, b)
			}
			checkMesh(t, m)
			// Reference: the tile grid with the same blocks, eroded the same
			// way, searched 4-way.
			g := erodedGrid(m)
			for q := 0; q < 10; q++ {
				a := mathx.Pt(r.IntN(m.w), r.IntN(m.h))
				b := mathx.Pt(r.IntN(m.w), r.IntN(m.h))
				if !g.Walkable(a.X, a.Y) || !g.Walkable(b.X, b.Y) {
					continue
				}
				sc := 1 / float64(m.sub)
				pa := mathx.V2((float64(a.X)+0.5)*sc, (float64(a.Y)+0.5)*sc)
				pb := mathx.V2((float64(b.X)+0.5)*sc, (float64(b.Y)+0.5)*sc)
				var err error
				cor, _, err = m.FindPath(s, pa, pb, cor)
				if (err == nil) != g.Connected(a, b) {
					t.Fatalf("step %d: mesh path %v→%v err %v, grid connected %v", step, pa, pb, err, g.Connected(a, b))
				}
			}
		}
		// Unblocking everything gives back a mesh covering the original
		// free space.
		for _, b := range blocks {
			m.Unblock(b)
		}
		checkMesh(t, m)
		fresh := mustMesh(t, tm, opt)
		free := 0
		for _, f := range fresh.free {
			if f {
				free++
			}
		}
		got := 0
		for _, f := range m.free {
			if f {
				got++
			}
		}
		if got != free {
			t.Fatalf("after unblocking all: %d free cells, want %d", got, free)
		}
	}
}

func erodedGrid(m *Mesh) *Grid {
	g, _ := NewGrid(m.w, m.h, Four)
	for c, f := range m.free {
		if !f {
			g.SetBlocked(c%m.w, c/m.w, true)
		}
	}
	return g
}

// TestFunnelAndQuality: funnelled paths start and end right, stay in
// walkable space, are never longer than the portal-midpoint path, and
// come within a few percent of the grid optimum; Greedy's far fewer
// polygons cost nothing in path length against Strips.
func TestFunnelAndQuality(t *testing.T) {
	tm := mustTiles(t, fig212)
	grid, _ := NewGrid(tm.W, tm.H, Eight)
	for i, v := range tm.Tiles {
		if v == Wall {
			grid.SetBlocked(i%tm.W, i/tm.W, true)
		}
	}
	r := mathx.NewRand(9)
	type pair struct{ a, b mathx.Point }
	var pairs []pair
	for len(pairs) < 300 {
		a, b := mathx.Pt(r.IntN(tm.W), r.IntN(tm.H)), mathx.Pt(r.IntN(tm.W), r.IntN(tm.H))
		if grid.Walkable(a.X, a.Y) && grid.Walkable(b.X, b.Y) && a != b {
			pairs = append(pairs, pair{a, b})
		}
	}
	gs := NewSearcher()
	var gp []mathx.Point
	var total [2]float64
	var opt float64
	for mi, meth := range []Method{Strips, Greedy} {
		m := mustMesh(t, tm, MeshOptions{Method: meth})
		s := NewSearcher()
		var cor []int
		var portals [][2]mathx.Vec2
		var path []mathx.Vec2
		for _, p := range pairs {
			a := mathx.V2(float64(p.a.X)+0.5, float64(p.a.Y)+0.5)
			b := mathx.V2(float64(p.b.X)+0.5, float64(p.b.Y)+0.5)
			var err error
			cor, _, err = m.FindPath(s, a, b, cor)
			if err != nil {
				t.Fatal(err)
			}
			portals, err = m.Portals(a, b, cor, portals)
			if err != nil {
				t.Fatal(err)
			}
			path = Funnel(portals, path)
			if path[0] != a || path[len(path)-1] != b {
				t.Fatalf("funnel %v does not run %v→%v", path, a, b)
			}
			for i := 1; i < len(path); i++ {
				if !m.Clear(path[i-1], path[i]) {
					t.Fatalf("funnel segment %v→%v leaves the mesh", path[i-1], path[i])
				}
			}
			mids := 0.0
			prev := a
			for _, po := range portals[1:] {
				q := po[0].Add(po[1]).Scale(0.5)
				mids += prev.Dist(q)
				prev = q
			}
			l := PathLength(path)
			if l > mids+1e-9 || l < a.Dist(b)-1e-9 {
				t.Fatalf("funnel length %v outside [%v, %v]", l, a.Dist(b), mids)
			}
			total[mi] += l
			if mi == 0 {
				_, st, err := gs.AStar(grid, p.a, p.b, gp)
				if err != nil {
					t.Fatal(err)
				}
				opt += st.Cost
			}
		}
	}
	t.Logf("mean path length over %d queries: grid octile optimum %.3f, Strips funnel %.3f (%.3f×), Greedy funnel %.3f (%.3f×)",
		len(pairs), opt/300, total[0]/300, total[0]/opt, total[1]/300, total[1]/opt)
	for i, tot := range total {
		if tot > opt*0.95 {
			t.Errorf("method %d: funnelled paths %.3f× the octile optimum, want any-angle paths clearly shorter", i, tot/opt)
		}
	}
	if math.Abs(total[0]-total[1]) > 0.05*total[0] {
		t.Errorf("Strips and Greedy path lengths differ by more than 5%%: %v vs %v", total[0], total[1])
	}
}

func TestMeshBadInput(t *testing.T) {
	if _, err := Build(nil, MeshOptions{}); !errors.Is(err, ErrEmptyMap) {
		t.Errorf("nil map: %v", err)
	}
	if _, err := ParseTileMap(nil); !errors.Is(err, ErrEmptyMap) {
		t.Errorf("empty rows: %v", err)
	}
	if _, err := ParseTileMap([]string{"..", "."}); err == nil {
		t.Error("ragged rows accepted")
	}
	if _, err := ParseTileMap([]string{".x"}); err == nil {
		t.Error("unknown tile accepted")
	}
	tm := mustTiles(t, []string{"...", ".#.", "..."})
	for _, o := range []MeshOptions{{Sub: 9}, {Sub: -1}, {Radius: math.NaN()}, {Radius: -1}, {Method: 7}} {
		if _, err := Build(tm, o); err == nil {
			t.Errorf("options %+v accepted", o)
		}
	}
	m := mustMesh(t, tm, MeshOptions{})
	s := NewSearcher()
	for _, c := range [][2]mathx.Vec2{
		{mathx.V2(1.5, 1.5), mathx.V2(0.5, 0.5)},
		{mathx.V2(0.5, 0.5), mathx.V2(-3, 0.5)},
		{mathx.V2(math.NaN(), 0), mathx.V2(0.5, 0.5)},
		{mathx.V2(0.5, 0.5), mathx.V2(math.Inf(1), 0.5)},
	} {
		if _, _, err := m.FindPath(s, c[0], c[1], nil); !errors.Is(err, ErrBlocked) {
			t.Errorf("%v: %v", c, err)
		}
	}
	// A goal inside the wall snaps to the nearest polygon.
	if i, q := m.Nearest(mathx.V2(1.5, 1.4)); i < 0 || m.PolyAt(q) != i || math.Abs(q.Y-1) > 1e-6 || q.X != 1.5 {
		t.Errorf("nearest to the wall centre: %d %v", i, q)
	}
	if i, q := m.Nearest(mathx.V2(0.5, 0.5)); i != m.PolyAt(mathx.V2(0.5, 0.5)) || q != mathx.V2(0.5, 0.5) {
		t.Errorf("nearest of an inside point: %d %v", i, q)
	}
	if i, _ := m.Nearest(mathx.V2(math.NaN(), 0)); i != -1 {
		t.Error("NaN point snapped")
	}
	// Whole map blocked: an empty mesh, queries say so.
	m.Block(mathx.R(-5, -5, 50, 50))
	checkMesh(t, m)
	if m.Count() != 0 {
		t.Fatalf("%d polygons after blocking everything", m.Count())
	}
	if _, _, err := m.FindPath(s, mathx.V2(0.5, 0.5), mathx.V2(2.5, 2.5), nil); !errors.Is(err, ErrBlocked) {
		t.Errorf("blocked map: %v", err)
	}
	if i, _ := m.Nearest(mathx.V2(1, 1)); i != -1 {
		t.Errorf("nearest on an empty mesh: %d", i)
	}
	// A radius wider than every corridor leaves nothing walkable.
	wide := mustMesh(t, mustTiles(t, doorMap), MeshOptions{Radius: 3})
	if wide.Count() != 0 {
		t.Errorf("radius 3 left %d polygons", wide.Count())
	}
}

// FuzzTileMesh parses arbitrary tile text, builds both kinds of mesh and
// blocks a piece of it: no panic, and every mesh keeps its invariants.
func FuzzTileMesh(f *testing.F) {
	f.Add("#..#\n.D..\n....", uint8(1), uint8(0))
	f.Add("##########\n#....D...#\n##########", uint8(2), uint8(3))
	f.Add("....\n.##.\n....", uint8(4), uint8(9))
	f.Fuzz(func(t *testing.T, text string, sub, block uint8) {
		rows := strings.Split(text, "\n")
		if len(rows) > 40 || len(rows[0]) > 40 {
			return
		}
		tm, err := ParseTileMap(rows)
		if err != nil {
			return
		}
		for _, meth := range []Method{Strips, Greedy} {
			m, err := Build(tm, MeshOptions{Method: meth, Sub: int(sub%3) + 1, Radius: float64(sub%4) * 0.25})
			if err != nil {
				t.Fatal(err)
			}
			checkMesh(t, m)
			x, y := int(block)%tm.W, int(block/16)%tm.H
			m.Block(mathx.R(x, y, x+2, y+1))
			checkMesh(t, m)
			m.Unblock(mathx.R(x, y, x+2, y+1))
			checkMesh(t, m)
		}
	})
}

// TestNMADDiscovery follows seed 002's NMAD mode: the mesh starts as one
// rectangle over an empty world and obstacles are added as agents discover
// them. Once every wall is known, the mesh covers exactly the free cells
// of the statically built one and agrees with it about every route.
func TestNMADDiscovery(t *testing.T) {
	real := mustTiles(t, fig212)
	empty, _ := NewTileMap(real.W, real.H)
	m := mustMesh(t, empty, MeshOptions{Method: Greedy})
	if m.Count() != 1 {
		t.Fatalf("empty world: %d polygons, want 1", m.Count())
	}
	// Discover walls in a scattered but fixed order.
	var walls []mathx.Point
	for i, v := range real.Tiles {
		if v == Wall {
			walls = append(walls, mathx.Pt(i%real.W, i/real.W))
		}
	}
	r := mathx.NewRand(12)
	r.Shuffle(len(walls), func(i, j int) { walls[i], walls[j] = walls[j], walls[i] })
	for i, w := range walls {
		m.Block(mathx.R(w.X, w.Y, w.X+1, w.Y+1))
		if i%50 == 0 {
			checkMesh(t, m)
		}
	}
	checkMesh(t, m)
	static := mustMesh(t, real, MeshOptions{Method: Greedy})
	for c := range m.free {
		if m.free[c] != static.free[c] {
			t.Fatalf("cell %d: discovered mesh free=%v, static %v", c, m.free[c], static.free[c])
		}
	}
	s := NewSearcher()
	for q := 0; q < 200; q++ {
		a := mathx.V2(r.Range(0, 31), r.Range(0, 28))
		b := mathx.V2(r.Range(0, 31), r.Range(0, 28))
		_, _, e1 := m.FindPath(s, a, b, nil)
		_, _, e2 := static.FindPath(s, a, b, nil)
		if (e1 == nil) != (e2 == nil) {
			t.Fatalf("%v→%v: discovered %v, static %v", a, b, e1, e2)
		}
	}
	t.Logf("after discovering %d walls: %d polygons (static build: %d)", len(walls), m.Count(), static.Count())
	m.Rebuild()
	checkMesh(t, m)
	if m.Count() != static.Count() {
		t.Fatalf("rebuilt: %d polygons, static %d", m.Count(), static.Count())
	}
}
