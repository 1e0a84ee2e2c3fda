package main

import (
	"flag"
	"math"
	"testing"

	"diorama/mathx"
	"diorama/platform"
	"diorama/raster"
	"diorama/raster/rastertest"
)

var update = flag.Bool("update", false, "rewrite the golden frames in testdata/")

// nearPath returns how close the polyline from p through pts passes to c.
func nearPath(p mathx.Vec2, pts []mathx.Vec2, c mathx.Vec2) float64 {
	best := math.Inf(1)
	for _, q := range pts {
		d := q.Sub(p)
		t := mathx.Clamp(c.Sub(p).Dot(d)/math.Max(d.LenSq(), 1e-12), 0, 1)
		best = math.Min(best, p.Add(d.Scale(t)).Dist(c))
		p = q
	}
	return best
}

// A click on the right room sends the units the long way round while the
// door is shut; when it opens (tick 180) they plan again through it, and
// they all arrive. The frame at tick 250 is the golden.
func TestDoorReplans(t *testing.T) {
	g, err := newGame()
	if err != nil {
		t.Fatal(err)
	}
	in := platform.NewInput(W, H)
	goal := mathx.V3(12.5, 3.5, 0)
	click := g.cam.MapToScreen(g.w.Grid.ToScreen(goal))
	door, u := mathx.V2(7.5, 4.5), g.units[0]
	frame, _ := raster.NewFrame(W, H)
	for tick := 0; tick < 720; tick++ {
		switch tick {
		case 10:
			in.Push(platform.Event{Kind: platform.MouseDown, Button: platform.MouseLeft, X: click.X, Y: click.Y})
		case 11:
			in.Push(platform.Event{Kind: platform.MouseUp, Button: platform.MouseLeft, X: click.X, Y: click.Y})
		case 12:
			if g.goal.Dist(goal.XY()) > 0.05 {
				t.Fatalf("the click at %v picked %v, want %v", click, g.goal, goal.XY())
			}
		case 170:
			if !g.w.Solid(g.door) || nearPath(g.w.Pos(u).XY(), g.w.Nav().MovePath(u), door) < 0.6 || g.w.Pos(u).Y < 5 {
				t.Fatalf("door shut: unit at %v should go round by the south gap, path %v", g.w.Pos(u), g.w.Nav().MovePath(u))
			}
		case 185:
			if g.w.Solid(g.door) || nearPath(g.w.Pos(u).XY(), g.w.Nav().MovePath(u), door) > 0.3 {
				t.Fatalf("door open: unit at %v should plan through it, path %v", g.w.Pos(u), g.w.Nav().MovePath(u))
			}
		case 250:
			g.Draw(frame, 0)
			rastertest.Golden(t, "testdata/doors.png", frame, *update)
		}
		if err := g.Update(in); err != nil {
			t.Fatal(err)
		}
		in.EndTick()
	}
	for i, u := range g.units {
		if d := g.w.Pos(u).XY().Dist(g.goal); g.w.Nav().Moving(u) || d > 1.2 {
			t.Errorf("unit %d at %v (%.2f from the goal), moving %v", i, g.w.Pos(u), d, g.w.Nav().Moving(u))
		}
	}
	if g.failed != 0 {
		t.Errorf("%d moves failed", g.failed)
	}
}
