package overlay_test

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"diorama/ai/tactics"
	"diorama/iso/overlay"
	"diorama/mathx"
)

var (
	tacAgent  = mathx.Vec2{X: 8, Y: 6}
	tacPlayer = mathx.Vec2{X: 12.5, Y: 2.5}
	tacBarrel = mathx.Vec2{X: 6.5, Y: 9.5}
)

// levelRay marches along from → to in steps of 1/50 tile and reports the
// first point inside a wall of level.
func levelRay(from, to mathx.Vec2) (float64, bool) {
	n := int(math.Ceil(from.Dist(to) * 50))
	for k := 1; k <= n; k++ {
		t := float64(k) / float64(n)
		if isWall(level, from.Lerp(to, t)) {
			return t, true
		}
	}
	return 1, false
}

// analyse runs seed 002's terrain analysis over the whole of level: a
// 32×24 grid of half-tile cells centred on the agent, hiding from the
// player, with the player and a barrel as danger sources.
func analyse(t *testing.T) *tactics.Analyzer {
	t.Helper()
	cfg := tactics.DefaultAnalyzerConfig(0.5)
	cfg.W, cfg.H = 32, 24
	a, err := tactics.NewAnalyzer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	dangers := []tactics.Source{{Pos: tacPlayer, Amount: 1}, {Pos: tacBarrel, Amount: 1}}
	open := func(p mathx.Vec2) bool { return !isWall(level, p) }
	if err := a.Update(tacAgent, []mathx.Vec2{tacPlayer}, dangers, levelRay, open); err != nil {
		t.Fatal(err)
	}
	if a.Final.Origin != (mathx.Vec2{}) {
		t.Fatalf("analysis grid origin %v, want (0,0) (the map's corner)", a.Final.Origin)
	}
	return a
}

// scalarOf views a tactics map as an overlay grid.
func scalarOf(m *tactics.Map) overlay.Scalar {
	return overlay.Scalar{W: m.W, H: m.H, Cell: m.Cell, Origin: m.Origin, V: m.V}
}

func tacticsLabels(s *testScene) {
	white := color.NRGBA{255, 255, 255, 255}
	s.ov.Point(tacPlayer, overlay.MarkerDiamond, 5, color.NRGBA{255, 60, 200, 255})
	s.ov.Label(tacPlayer, "player", white)
	s.ov.Point(tacBarrel, overlay.MarkerSquare, 3, color.NRGBA{255, 200, 0, 255})
	s.ov.Label(tacBarrel, "barrel", white)
	s.ov.Point(tacAgent, overlay.MarkerDot, 4, color.NRGBA{0, 255, 255, 255})
	s.ov.Label(tacAgent, "agent", white)
}

// Issue 7's golden images: the danger influence map (Gaussian spread from
// the player and a barrel) and the final safety − danger map with the
// chosen cover cell, over the iso map.
func TestGoldenTactics(t *testing.T) {
	a := analyse(t)

	t.Run("danger", func(t *testing.T) {
		s := newScene(t, level)
		_, hi := a.Danger.MinMax()
		ramp := overlay.Heat(0, hi)
		n, err := s.ov.Scalar(scalarOf(&a.Danger), ramp)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 || n == a.Danger.W*a.Danger.H {
			t.Fatalf("%d cells drawn: zero danger must stay transparent, the rest drawn", n)
		}
		tacticsLabels(s)
		s.legend([]string{fmt.Sprintf("danger 0..%.2f (heat)", hi)}, []color.NRGBA{{255, 170, 60, 255}})
		s.golden(t, "tactics_danger.png")
	})

	t.Run("safety", func(t *testing.T) {
		s := newScene(t, level)
		lo, hi := a.Final.MinMax()
		lim := float32(math.Max(math.Abs(float64(lo)), math.Abs(float64(hi))))
		final := scalarOf(&a.Final)
		final.Mask = a.Open // walls are not places to stand
		if _, err := s.ov.Scalar(final, overlay.Diverging(lim)); err != nil {
			t.Fatal(err)
		}
		tacticsLabels(s)
		cover, cx, cy, ok := a.Best(tacAgent)
		if !ok {
			t.Fatal("no cover found")
		}
		// The chosen cell is hidden from the player and walkable.
		if _, blocked := levelRay(cover, tacPlayer); !blocked || isWall(level, cover) {
			t.Fatalf("cover %v (cell %d,%d) is visible from the player or in a wall", cover, cx, cy)
		}
		s.ov.Box(mathx.AABB{Min: a.Final.Center(cx, cy).Sub(mathx.Vec2{X: 0.25, Y: 0.25}),
			Max: a.Final.Center(cx, cy).Add(mathx.Vec2{X: 0.25, Y: 0.25})},
			overlay.Style{Stroke: color.NRGBA{255, 255, 255, 255}, Width: 2})
		s.ov.Label(cover, "cover", color.NRGBA{255, 255, 255, 255})
		s.legend([]string{
			fmt.Sprintf("safety - danger %.2f..%.2f", lo, hi),
			"red: exposed/dangerous  blue: safe",
		}, []color.NRGBA{{255, 255, 255, 255}, {200, 200, 200, 255}})
		s.golden(t, "tactics_safety.png")
	})
}
