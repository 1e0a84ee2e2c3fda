package physics

import (
	"testing"

	"diorama/mathx"
)

func TestGridBuild(t *testing.T) {
	g := newGrid(mathx.AABB{Max: v(100, 60)}, 20) // 5×3 cells
	if g.nx != 5 || g.ny != 3 {
		t.Fatalf("grid %dx%d, want 5x3", g.nx, g.ny)
	}
	boxes := []mathx.AABB{
		{Min: v(1, 1), Max: v(5, 5)},        // cell (0,0) only
		{Min: v(15, 15), Max: v(25, 25)},    // 4 cells (0..1, 0..1)
		{Min: v(-50, 50), Max: v(-40, 500)}, // outside: clamped to column 0, row 2
		{Min: v(30, 30), Max: v(35, 35)},    // not inserted (not in ids)
		{Min: v(40, 0), Max: v(40, 0)},      // a point on a cell edge: cell (2,0)
	}
	g.build([]int32{0, 1, 2, 4}, boxes, 0)
	want := map[[2]int][]int32{
		{0, 0}: {0, 1}, {1, 0}: {1}, {0, 1}: {1}, {1, 1}: {1}, {0, 2}: {2}, {2, 0}: {4},
	}
	total := 0
	for y := 0; y < g.ny; y++ {
		for x := 0; x < g.nx; x++ {
			got := g.cellItems(y*g.nx + x)
			w := want[[2]int{x, y}]
			total += len(got)
			if len(got) != len(w) {
				t.Fatalf("cell (%d,%d) = %v, want %v", x, y, got, w)
			}
			for i := range w {
				if got[i] != w[i] || g.ibox[int(g.start[y*g.nx+x])+i] != boxes[w[i]] {
					t.Fatalf("cell (%d,%d) = %v, want %v", x, y, got, w)
				}
			}
		}
	}
	// Insertion cost is the cells each box touches: 1 + 4 + 1 + 1.
	if total != 7 || len(g.items) != 7 {
		t.Fatalf("%d entries, want 7", total)
	}
	// A margin grows every box before insertion.
	g.build([]int32{0}, boxes, 16) // (-15,-15)..(21,21): cells (0..1, 0..1)
	if len(g.items) != 4 {
		t.Fatalf("margin: %d entries, want 4", len(g.items))
	}
	// NaN coordinates clamp into cell 0 rather than panicking.
	g.build([]int32{0}, []mathx.AABB{{Min: v(nanF(), 0), Max: v(nanF(), 0)}}, 0)
	if len(g.items) != 1 || g.cellItems(0)[0] != 0 {
		t.Fatalf("NaN box entries %v", g.items)
	}
}

func nanF() float64 { var z float64; return z / z }

func TestKinematicPushesDynamic(t *testing.T) {
	w := newTestWorld(t, SpaceDef{})
	door, _ := w.CreateBody(BodyDef{Type: Kinematic, Shape: mustBox(t, 2, 10), Position: v(0, 0), Velocity: v(60, 0)})
	crate := body(t, w, Dynamic, mustBox(t, 2, 2), v(4.5, 0), 1)
	w.Step(1.0 / 60) // door to x=1, overlapping the crate by 0.5
	if w.Position(door) != v(1, 0) || w.Position(crate) != v(5, 0) {
		t.Fatalf("door %v crate %v, want (1,0) (5,0)", w.Position(door), w.Position(crate))
	}
	if w.Velocity(crate) != v(60, 0) {
		t.Errorf("crate velocity %v, want the door's approach speed (60,0)", w.Velocity(crate))
	}
	if w.Velocity(door) != v(60, 0) {
		t.Errorf("door velocity changed to %v", w.Velocity(door))
	}
}
