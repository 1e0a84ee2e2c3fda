package nav

import (
	"errors"
	"math"
	"testing"

	"diorama/mathx"
)

// TestSeedBezierListing checks seed 000's Listing 2.24 with Δt = 0.25: a
// three-point path gives P0, B(.25), B(.5), B(.75), P2; a four-point path
// adds the closing curve through P2.
func TestSeedBezierListing(t *testing.T) {
	p := []mathx.Vec2{mathx.V2(0, 0), mathx.V2(4, 0), mathx.V2(4, 4)}
	got := SeedBezier(p, 0.25, nil)
	want := []mathx.Vec2{mathx.V2(0, 0), mathx.V2(1.75, 0.25), mathx.V2(3, 1), mathx.V2(3.75, 2.25), mathx.V2(4, 4)}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if !got[i].ApproxEqual(want[i], 1e-12) {
			t.Fatalf("point %d: %v, want %v", i, got[i], want[i])
		}
	}
	p4 := append(p, mathx.V2(0, 4))
	got = SeedBezier(p4, 0.25, got)
	// primary (3 points) + closing curve from B(.75) via P2 to P3 (3 points)
	if len(got) != 1+3+3+1 || got[len(got)-1] != mathx.V2(0, 4) {
		t.Fatalf("four points: %v", got)
	}
	closing := mathx.QuadBezier{P0: mathx.V2(3.75, 2.25), P1: mathx.V2(4, 4), P2: mathx.V2(0, 4)}
	if !got[4].ApproxEqual(closing.Point(0.25), 1e-12) {
		t.Fatalf("closing curve starts at %v, want %v", got[4], closing.Point(0.25))
	}
	// Five points: two primaries joined by a secondary curve, 1+3+3+3+1.
	p5 := append(p4, mathx.V2(0, 8))
	if got = SeedBezier(p5, 0.25, got); len(got) != 11 {
		t.Fatalf("five points: %d", len(got))
	}
	// A finer step gives more points; short paths are copied.
	if got = SeedBezier(p, 0.1, got); len(got) != 2+9 {
		t.Fatalf("dt 0.1: %d points", len(got))
	}
	if got = SeedBezier(p[:2], 0.25, got); len(got) != 2 {
		t.Fatal("two points not copied")
	}
}

// TestSmoothStaysWalkable: adaptive smoothing of funnelled paths keeps
// the ends, never leaves walkable space, and flattens tight turns with
// more points than a looser tolerance does.
func TestSmoothStaysWalkable(t *testing.T) {
	tm := mustTiles(t, fig212)
	m := mustMesh(t, tm, MeshOptions{Method: Greedy})
	s := NewSearcher()
	r := mathx.NewRand(2)
	var cor []int
	var path, sm, coarse []mathx.Vec2
	nIn, nFine, nCoarse := 0, 0, 0
	for q := 0; q < 200; q++ {
		a := mathx.V2(r.Range(0, 31), r.Range(0, 28))
		b := mathx.V2(r.Range(0, 31), r.Range(0, 28))
		var err error
		if cor, _, err = m.FindPath(s, a, b, cor); err != nil {
			continue
		}
		// The corridor's portal midpoints (slack, like seed 000's A*
		// points) smooth well; a funnelled path's corners hug walls and
		// mostly stay sharp.
		path = m.Waypoints(a, b, cor, path)
		for i := 1; i < len(path); i++ {
			if !m.Clear(path[i-1], path[i]) {
				t.Fatalf("waypoint segment %v→%v leaves walkable space", path[i-1], path[i])
			}
		}
		sm = Smooth(path, 0.02, m.Clear, sm)
		coarse = Smooth(path, 0.5, m.Clear, coarse)
		if sm[0] != a || sm[len(sm)-1] != b {
			t.Fatalf("smoothed path lost its ends")
		}
		for i := 1; i < len(sm); i++ {
			if !m.Clear(sm[i-1], sm[i]) {
				t.Fatalf("smoothed segment %v→%v leaves walkable space", sm[i-1], sm[i])
			}
		}
		nIn += len(path)
		nFine += len(sm)
		nCoarse += len(coarse)
	}
	if !(nFine > nCoarse && nCoarse > nIn) {
		t.Fatalf("points: input %d, tolerance 0.5 %d, tolerance 0.02 %d", nIn, nCoarse, nFine)
	}
	t.Logf("points: input %d, tolerance 0.5 %d, tolerance 0.02 %d", nIn, nCoarse, nFine)
	// Without a walkability test the curve cuts a corner; with one it is
	// pulled back.
	g, _ := ParseGrid([]string{
		"...",
		".#.",
		"...",
	}, Eight)
	p := []mathx.Vec2{mathx.V2(0.5, 0.5), mathx.V2(0.5, 2.5), mathx.V2(2.5, 2.5)}
	free := Smooth(p, 0.01, nil, nil)
	kept := Smooth(p, 0.01, g.Clear, nil)
	if len(free) < 4 || len(kept) < 3 {
		t.Fatalf("free %v kept %v", free, kept)
	}
	for i := 1; i < len(kept); i++ {
		if !g.Clear(kept[i-1], kept[i]) {
			t.Fatalf("kept curve crosses the wall at %v→%v", kept[i-1], kept[i])
		}
	}
}

func TestShortcutAndClear(t *testing.T) {
	g, _ := ParseGrid([]string{
		"..........",
		"....#.....",
		"....#.....",
		"..........",
	}, Eight)
	s := NewSearcher()
	cells, _, err := s.AStar(g, mathx.Pt(0, 2), mathx.Pt(9, 2), nil)
	if err != nil {
		t.Fatal(err)
	}
	pts := CellCenters(cells, nil)
	if len(pts) != len(cells) || pts[0] != mathx.V2(0.5, 2.5) {
		t.Fatalf("cell centres %v", pts)
	}
	sc := Shortcut(pts, g.Clear, nil)
	if sc[0] != pts[0] || sc[len(sc)-1] != pts[len(pts)-1] || len(sc) >= len(pts) || len(sc) > 4 {
		t.Fatalf("shortcut %v", sc)
	}
	for i := 1; i < len(sc); i++ {
		if !g.Clear(sc[i-1], sc[i]) {
			t.Fatalf("shortcut segment %v→%v blocked", sc[i-1], sc[i])
		}
	}
	if PathLength(sc) > PathLength(pts) {
		t.Fatal("shortcut made the path longer")
	}
	for _, c := range []struct {
		a, b mathx.Vec2
		want bool
	}{
		{mathx.V2(0.5, 0.5), mathx.V2(9.5, 0.5), true},
		{mathx.V2(0.5, 1.5), mathx.V2(9.5, 1.5), false},
		{mathx.V2(4, 0), mathx.V2(4, 3), true}, // along the wall's edge
		{mathx.V2(3, 0), mathx.V2(6, 3), false},
		{mathx.V2(0.5, 0.5), mathx.V2(20, 0.5), false},
		{mathx.V2(math.NaN(), 0.5), mathx.V2(2, 0.5), false},
		{mathx.V2(2, 2), mathx.V2(2, 2), true},
	} {
		if got := g.Clear(c.a, c.b); got != c.want {
			t.Errorf("Clear(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestFollower: the follower steers at the farthest visible point,
// never goes back, arrives, and reports a blocked path.
func TestFollower(t *testing.T) {
	g, _ := ParseGrid([]string{
		"......",
		"####..",
		"......",
	}, Eight)
	path := []mathx.Vec2{mathx.V2(0.5, 0.5), mathx.V2(3.5, 0.5), mathx.V2(4.5, 1.5), mathx.V2(3.5, 2.5), mathx.V2(0.5, 2.5)}
	f := Follower{Arrive: 0.1}
	f.SetPath(path)
	tgt, st := f.Update(path[0], g.Clear)
	if st != Moving || tgt != path[1] {
		t.Fatalf("first target %v %v, want %v", tgt, st, path[1])
	}
	tgt, st = f.Update(mathx.V2(4.5, 1.5), g.Clear)
	if st != Moving || tgt != path[3] {
		t.Fatalf("from the bend: %v %v", tgt, st)
	}
	// Back near the start the follower does not go back along the path.
	if i := LookAhead(mathx.V2(0.5, 0.5), path, 3, 0, g.Clear); i != -1 {
		t.Fatalf("look-ahead from a hidden spot found %d", i)
	}
	if _, st = f.Update(mathx.V2(0.5, 0.5), g.Clear); st != Blocked {
		t.Fatalf("hidden: %v, want Blocked", st)
	}
	if _, st = f.Update(mathx.V2(0.55, 2.5), g.Clear); st != Arrived {
		t.Fatalf("at the end: %v", st)
	}
	var empty Follower
	if _, st = empty.Update(path[0], g.Clear); st != Blocked {
		t.Fatal("empty path not Blocked")
	}
	if i := LookAhead(path[0], path, 0, 1, g.Clear); i != 1 {
		t.Fatalf("MaxLook 1: %d", i)
	}
}

// TestPathQueue: many requests under a small per-tick budget all finish
// with optimal paths; no tick spends more than its budget; bad requests
// report errors.
func TestPathQueue(t *testing.T) {
	r := mathx.NewRand(8)
	g := randomCostGrid(r, 64, 64, Eight, true)
	g.Prepare()
	q := NewPathQueue(g)
	type req struct{ a, b mathx.Point }
	var reqs []req
	for len(reqs) < 200 {
		a, b := mathx.Pt(r.IntN(64), r.IntN(64)), mathx.Pt(r.IntN(64), r.IntN(64))
		if g.Connected(a, b) {
			reqs = append(reqs, req{a, b})
			q.Push(len(reqs)-1, a, b)
		}
	}
	q.Push(-1, mathx.Pt(-1, 0), mathx.Pt(0, 0))
	got := map[int]float64{}
	ref := NewSearcher()
	ticks := 0
	for q.Pending() > 0 {
		spent := q.Update(500, func(id int, p []mathx.Point, err error) {
			if id < 0 {
				if err == nil {
					t.Error("bad request succeeded")
				}
				return
			}
			if err != nil {
				t.Fatalf("request %d: %v", id, err)
			}
			got[id] = gridPathCost(t, g, p)
		})
		if spent > 500 {
			t.Fatalf("tick spent %d > 500", spent)
		}
		ticks++
		if ticks > 100000 {
			t.Fatal("queue never drains")
		}
	}
	for id, rq := range reqs {
		_, st, _ := ref.AStar(g, rq.a, rq.b, nil)
		if math.Abs(got[id]-st.Cost) > 1e-9 {
			t.Fatalf("request %d cost %v, want %v", id, got[id], st.Cost)
		}
	}
	if ticks < 2 {
		t.Fatalf("200 requests fitted in %d ticks of 500 expansions", ticks)
	}
}

// TestMeshQueue: corridors planned under a small budget equal direct
// FindPath corridors' costs; bad requests report errors.
func TestMeshQueue(t *testing.T) {
	m := mustMesh(t, roomsMap(96, 96, 4), MeshOptions{Method: Greedy})
	q := NewMeshQueue(m)
	r := mathx.NewRand(3)
	type req struct{ a, b mathx.Vec2 }
	var reqs []req
	for len(reqs) < 100 {
		a, b := mathx.V2(r.Range(0, 96), r.Range(0, 96)), mathx.V2(r.Range(0, 96), r.Range(0, 96))
		if m.PolyAt(a) >= 0 && m.PolyAt(b) >= 0 {
			reqs = append(reqs, req{a, b})
			q.Push(len(reqs)-1, a, b)
		}
	}
	q.Push(-1, mathx.V2(-5, 0), mathx.V2(1, 1))
	s := NewSearcher()
	got := 0
	ticks := 0
	for q.Pending() > 0 {
		if spent := q.Update(50, func(id int, cor []int, err error) {
			if id < 0 {
				if !errors.Is(err, ErrBlocked) {
					t.Errorf("bad request: %v", err)
				}
				return
			}
			want, st, werr := m.FindPath(s, reqs[id].a, reqs[id].b, nil)
			if (err == nil) != (werr == nil) {
				t.Fatalf("request %d: queue %v, direct %v", id, err, werr)
			}
			if err == nil && len(cor) > 1 && math.Abs(PathCost(m.Graph(), cor)-st.Cost) > 1e-9 {
				t.Fatalf("request %d: corridor %v, direct %v", id, cor, want)
			}
			got++
		}); spent > 50 {
			t.Fatalf("spent %d > 50", spent)
		}
		if ticks++; ticks > 100000 {
			t.Fatal("queue never drains")
		}
	}
	if got != 100 || ticks < 2 {
		t.Fatalf("%d answered in %d ticks", got, ticks)
	}
}

// TestFollowReplan simulates an agent: plan on a grid, follow by
// look-ahead at a fixed speed; a wall dropped across its way makes the
// follower report Blocked, the agent re-plans from where it stands and
// still arrives, never stepping into a wall.
func TestFollowReplan(t *testing.T) {
	g, _ := ParseGrid([]string{
		"....................",
		"....................",
		"........#...........",
		"........#...........",
		"........#...........",
		"....................",
		"....................",
	}, Eight)
	s := NewSearcher()
	goal := mathx.Pt(18, 3)
	plan := func(from mathx.Vec2) []mathx.Vec2 {
		cells, _, err := s.AStar(g, mathx.Floor(from), goal, nil)
		if err != nil {
			t.Fatalf("plan from %v: %v", from, err)
		}
		pts := CellCenters(cells, nil)
		pts[0] = from
		return pts
	}
	pos := mathx.V2(1.5, 3.5)
	f := Follower{Arrive: 0.05}
	f.SetPath(plan(pos))
	replans, dropped := 0, false
	for tick := 0; tick < 2000; tick++ {
		if !dropped && pos.X > 6 {
			// A wall appears across the agent's way (rows 0-5 at x=12).
			for y := 0; y < 6; y++ {
				g.SetBlocked(12, y, true)
			}
			dropped = true
		}
		tgt, st := f.Update(pos, g.Clear)
		switch st {
		case Arrived:
			if !dropped || replans == 0 {
				t.Fatalf("arrived with dropped=%v after %d re-plans", dropped, replans)
			}
			if pos.Dist(CellCenters([]mathx.Point{goal}, nil)[0]) > 0.05 {
				t.Fatalf("arrived at %v", pos)
			}
			return
		case Blocked:
			replans++
			if replans > 5 {
				t.Fatal("re-planning loop")
			}
			f.SetPath(plan(pos))
			continue
		}
		step := tgt.Sub(pos)
		if l := step.Len(); l > 0.1 {
			step = step.Scale(0.1 / l)
		}
		next := pos.Add(step)
		if !g.Clear(pos, next) {
			t.Fatalf("tick %d: step %v→%v crosses a wall", tick, pos, next)
		}
		pos = next
	}
	t.Fatalf("never arrived; at %v", pos)
}
