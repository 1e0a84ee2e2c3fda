package nav

import (
	"errors"
	"math"
	"testing"

	"diorama/mathx"
)

// TestFailedDijkstraForgetsOldStart: a Dijkstra call that fails (blocked,
// outside or missing start) must not leave the previous call's distances
// readable: GridDist and GraphDist then report every cell unreachable, and
// a later successful call answers from its own start.
func TestFailedDijkstraForgetsOldStart(t *testing.T) {
	g, err := ParseGrid([]string{
		"....",
		".#..",
		"....",
	}, Eight)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher()
	if err := s.DijkstraGrid(g, mathx.Pt(0, 0)); err != nil {
		t.Fatal(err)
	}
	if d := s.GridDist(mathx.Pt(3, 0)); d != 3 {
		t.Fatalf("distance (0,0)→(3,0) = %v, want 3", d)
	}
	for _, bad := range []mathx.Point{{X: 1, Y: 1}, {X: -1, Y: 0}, {X: 4, Y: 2}} {
		if err := s.DijkstraGrid(g, bad); err == nil {
			t.Fatalf("start %v accepted", bad)
		}
		for y := 0; y < 3; y++ {
			for x := 0; x < 4; x++ {
				if d := s.GridDist(mathx.Pt(x, y)); !math.IsInf(d, 1) {
					t.Fatalf("after failed start %v: GridDist(%d,%d) = %v, want +Inf", bad, x, y, d)
				}
				if _, err := s.GridPathTo(mathx.Pt(x, y), nil); !errors.Is(err, ErrNoPath) {
					t.Fatalf("after failed start %v: GridPathTo(%d,%d) err %v, want ErrNoPath", bad, x, y, err)
				}
			}
		}
	}
	if err := s.DijkstraGrid(nil, mathx.Pt(0, 0)); err == nil {
		t.Fatal("nil grid accepted")
	}
	if d := s.GridDist(mathx.Pt(0, 0)); !math.IsInf(d, 1) {
		t.Fatalf("after nil grid: GridDist = %v", d)
	}
	// A new start answers from itself.
	if err := s.DijkstraGrid(g, mathx.Pt(3, 2)); err != nil {
		t.Fatal(err)
	}
	if d := s.GridDist(mathx.Pt(3, 0)); d != 2 {
		t.Fatalf("distance (3,2)→(3,0) = %v, want 2", d)
	}

	gr := NewGraph()
	for i := 0; i < 3; i++ {
		gr.AddNode(mathx.V2(float64(i), 0))
	}
	if err := gr.AddBoth(0, 1, 1); err != nil {
		t.Fatal(err)
	}
	if err := gr.AddBoth(1, 2, 2); err != nil {
		t.Fatal(err)
	}
	if err := s.DijkstraGraph(gr, 0); err != nil {
		t.Fatal(err)
	}
	if d := s.GraphDist(2); d != 3 {
		t.Fatalf("graph distance 0→2 = %v, want 3", d)
	}
	for _, bad := range []int{-1, 3} {
		if err := s.DijkstraGraph(gr, bad); err == nil {
			t.Fatalf("node %d accepted", bad)
		}
		for n := 0; n < 3; n++ {
			if d := s.GraphDist(n); !math.IsInf(d, 1) {
				t.Fatalf("after failed start %d: GraphDist(%d) = %v, want +Inf", bad, n, d)
			}
			if _, err := s.GraphPathTo(n, nil); !errors.Is(err, ErrNoPath) {
				t.Fatalf("after failed start %d: GraphPathTo(%d) err %v", bad, n, err)
			}
		}
	}
	if err := s.DijkstraGraph(NewGraph(), 0); err == nil {
		t.Fatal("empty graph accepted")
	}
	if d := s.GraphDist(0); !math.IsInf(d, 1) {
		t.Fatalf("after empty graph: GraphDist = %v", d)
	}
	// A failed A* after a Dijkstra forgets the Dijkstra too, and its own
	// result reports no path rather than an older search's.
	if err := s.DijkstraGrid(g, mathx.Pt(0, 0)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.AStar(g, mathx.Pt(1, 1), mathx.Pt(0, 0), nil); !errors.Is(err, ErrBlocked) {
		t.Fatalf("blocked A* start: %v", err)
	}
	if d := s.GridDist(mathx.Pt(3, 0)); !math.IsInf(d, 1) {
		t.Fatalf("after failed A*: GridDist = %v", d)
	}
	if _, _, err := s.GridResult(nil); !errors.Is(err, ErrNoPath) {
		t.Fatalf("GridResult after failed Begin: %v, want ErrNoPath", err)
	}
}
