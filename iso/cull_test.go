package iso

import (
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

// AppendVisible returns exactly the tiles a brute-force scan finds, in
// back-to-front order, for random views and overdraw margins.
func TestAppendVisibleMatchesBruteForce(t *testing.T) {
	r := mathx.NewRand(11)
	var got []Tile
	grids := allGrids(t, 13, 17)
	grids = append(grids, allGrids(t, 7, 1)...)
	grids = append(grids, allGrids(t, 1, 6)...)
	for _, g := range grids {
		b := g.Bounds()
		for k := 0; k < 200; k++ {
			x0 := r.IntRange(b.Min.X-300, b.Max.X+100)
			y0 := r.IntRange(b.Min.Y-300, b.Max.Y+100)
			view := mathx.R(x0, y0, x0+r.IntRange(0, 400), y0+r.IntRange(0, 300))
			od := Overdraw{Up: r.IntRange(0, 80), Down: r.IntRange(0, 20), Side: r.IntRange(0, 10)}
			got = g.AppendVisible(got[:0], view, od)
			want := bruteVisible(g, view, od)
			if len(got) != len(want) {
				t.Fatalf("%s view %v od %+v: %d tiles, want %d", gridName(g), view, od, len(got), len(want))
			}
			prev := -1 << 30
			seen := map[Tile]bool{}
			for _, tl := range got {
				if !want[tl] || seen[tl] {
					t.Fatalf("%s: unexpected or repeated tile %v", gridName(g), tl)
				}
				seen[tl] = true
				i, j := g.TileCell(tl.Col, tl.Row)
				if i+j < prev {
					t.Fatalf("%s: tiles not back to front at %v", gridName(g), tl)
				}
				prev = i + j
			}
		}
	}
}

func TestAppendVisibleDoesNotAllocate(t *testing.T) {
	g, _ := NewDiamond(Projection{64, 32, 32}, 1000, 1000)
	cam := NewCamera(800, 480)
	cam.Center = mathx.V2(32000, 16000)
	buf := g.AppendVisible(nil, cam.View(), Overdraw{Up: 64})
	n := testenv.AllocsOver(100, func() {
		buf = g.AppendVisible(buf[:0], cam.View(), Overdraw{Up: 64})
	})
	if n != 0 {
		t.Fatalf("%v allocations in 100 culls", n)
	}
	if len(buf) < 400 || len(buf) > 600 {
		t.Fatalf("%d visible tiles for 800×480 over 64×32 tiles", len(buf))
	}
}

// Culling cost must not depend on the map size: compare a 100×100 and a
// 1000×1000 map (and a 10000×10000 one) with the same 800×480 view.
func BenchmarkCull(b *testing.B) {
	for _, size := range []int{100, 1000, 10000} {
		b.Run(itoa(size), func(b *testing.B) {
			g, _ := NewDiamond(Projection{64, 32, 32}, size, size)
			cam := NewCamera(800, 480)
			cam.Limits = g.Bounds()
			cam.Center = g.ToScreen(mathx.V3(float64(size)/2, float64(size)/2, 0))
			var buf []Tile
			b.ReportAllocs()
			for b.Loop() {
				buf = g.AppendVisible(buf[:0], cam.View(), Overdraw{Up: 64})
			}
			b.ReportMetric(float64(len(buf)), "tiles")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(buf)), "ns/tile")
		})
	}
}

func itoa(n int) string {
	s := ""
	for {
		s = string(rune('0'+n%10)) + s
		n /= 10
		if n == 0 {
			return s
		}
	}
}

// bruteVisible is the reference for AppendVisible: every tile of g whose
// bounds, grown by the overdraw margins, overlap view.
func bruteVisible(g *Grid, view mathx.Rect, od Overdraw) map[Tile]bool {
	want := map[Tile]bool{}
	for row := 0; row < g.Rows; row++ {
		for col := 0; col < g.Cols; col++ {
			tb := g.TileBounds(col, row, 0)
			tb.Min.X -= od.Side
			tb.Max.X += od.Side
			tb.Min.Y -= od.Up
			tb.Max.Y += od.Down
			if tb.Overlaps(view) {
				want[Tile{col, row}] = true
			}
		}
	}
	return want
}
