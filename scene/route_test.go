package scene_test

import (
	"diorama/level"
	"diorama/scene"
	"testing"
	"testing/fstest"

	"diorama/internal/testenv"
	"diorama/mathx"
)

// A point pushed along Route.Toward walks around a wall to its goal
// without crossing any, reports arrival, follows a goal that moves, and
// plans again when the navigation changes; steady following allocates
// nothing.
func TestRoute(t *testing.T) {
	w, err := level.LoadASCII(fstest.MapFS{"l.lev": {Data: []byte("wwwwwwwww\nws------w\nwwwwww--w\nw-------w\nw-------w\nwwwwwwwww\n")}}, "l.lev", level.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n, err := w.Nav().Floor()
	if err != nil {
		t.Fatal(err)
	}
	var r scene.Route
	p, goal := mathx.V2(1.5, 1.5), mathx.V2(1.5, 3.5) // the wall is between them
	walk := func(max int) int {
		for k := range max {
			d, ok := r.Toward(n, p, goal)
			if !ok {
				return k
			}
			q := p.Add(d.Scale(0.05))
			if !n.Clear(p, q) {
				t.Fatalf("step %d from %v to %v crosses a wall", k, p, q)
			}
			p = q
		}
		return -1
	}
	steps := walk(1000)
	if steps < 0 || p.Dist(goal) > 0.15 {
		t.Fatalf("not arrived after 1000 steps: at %v", p)
	}
	// Around the wall: far longer than the straight 2 tiles.
	if float64(steps)*0.05 < 8 {
		t.Errorf("walked %.2f tiles, the way round is over 8", float64(steps)*0.05)
	}
	if _, ok := r.Toward(n, p, goal); ok {
		t.Error("Toward after arrival still moves")
	}
	// A goal that moves is followed.
	goal = mathx.V2(6.5, 4.5)
	if k := walk(1000); k < 0 || p.Dist(goal) > 0.15 {
		t.Fatalf("moved goal not reached: at %v", p)
	}
	// A solid object across the way makes it plan again (the navigation's
	// version changes) and walk round it.
	goal = mathx.V2(1.5, 4.5)
	if _, ok := r.Toward(n, p, goal); !ok {
		t.Fatal("no way to the new goal")
	}
	before := n.Version()
	if _, err := w.Create(scene.EntityDef{Kind: scene.Object, Pos: mathx.V3(3.5, 4.5, 0), Extent: mathx.V2(0.5, 0.5), Solid: true}); err != nil {
		t.Fatal(err)
	}
	if n.Version() == before {
		t.Fatal("the navigation did not change")
	}
	if k := walk(2000); k < 0 || p.Dist(goal) > 0.15 {
		t.Fatalf("goal behind the new block not reached: at %v", p)
	}
	for _, q := range r.Path() {
		if q.X > 3 && q.X < 4 && q.Y > 4 && q.Y < 5 {
			t.Errorf("path %v goes through the blocked tile", r.Path())
		}
	}
	// Steady following allocates nothing.
	goal = mathx.V2(7.5, 1.5)
	_, _ = r.Toward(n, p, goal)
	if a := testenv.AllocsOver(50, func() {
		d, _ := r.Toward(n, p, goal)
		p = p.Add(d.Scale(0.01))
	}); a != 0 {
		t.Errorf("%d allocations in 50 Toward calls", a)
	}
}
