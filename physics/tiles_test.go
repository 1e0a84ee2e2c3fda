package physics

import (
	"fmt"
	"testing"

	"diorama/mathx"
)

// ringLayout is a ring of walls with a tail: the layout TestMergeTiles and
// TestWallFaces share.
var ringLayout = []string{
	"####.",
	"#..#.",
	"####.",
	"..##.",
}

func TestMergeTiles(t *testing.T) {
	tm := tileMapFrom(ringLayout, 10)
	got, err := MergeTiles(tm)
	if err != nil {
		t.Fatal(err)
	}
	// Greedy: grow right, then down while the whole row below is free.
	// Faces: 1 top, 2 right, 4 bottom, 8 left; set when any tile beyond the
	// face is empty or off the map.
	want := []TileBox{
		{Col: 0, Row: 0, W: 4, H: 1, Faces: 1 | 2 | 4 | 8}, // right: col 4 empty; bottom: cols 1,2 of row 1 empty
		{Col: 0, Row: 1, W: 1, H: 2, Faces: 2 | 4 | 8},     // top under box 0; right (1,1) empty; bottom (0,3) empty
		{Col: 3, Row: 1, W: 1, H: 3, Faces: 2 | 4 | 8},     // top under box 0; bottom off the map; left (2,1) empty
		{Col: 1, Row: 2, W: 2, H: 1, Faces: 1 | 4},         // right (3,2) and left (0,2) solid
		{Col: 2, Row: 3, W: 1, H: 1, Faces: 4 | 8},         // top (2,2) solid, right (3,3) solid
	}
	if len(got) != len(want) {
		t.Fatalf("got %d boxes %+v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("box %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if msg := coverFault(tm, got); msg != "" {
		t.Fatal(msg)
	}
}

// coverFault returns "" when boxes cover every solid tile of tm exactly
// once and no empty tile, else a message naming the first tile that is
// covered wrongly.
func coverFault(tm SolidTiles, boxes []TileBox) string {
	cover := make([]int, len(tm.Solid))
	for _, b := range boxes {
		for y := b.Row; y < b.Row+b.H; y++ {
			for x := b.Col; x < b.Col+b.W; x++ {
				cover[y*tm.Cols+x]++
			}
		}
	}
	for i, s := range tm.Solid {
		if (s && cover[i] != 1) || (!s && cover[i] != 0) {
			return fmt.Sprintf("tile %d solid %v covered %d times", i, s, cover[i])
		}
	}
	return ""
}

func TestMergeTilesRandomCoverage(t *testing.T) {
	r := mathx.NewRand(4)
	for it := 0; it < 200; it++ {
		tm := SolidTiles{Cols: 1 + r.IntN(30), Rows: 1 + r.IntN(30), TileW: 8, TileH: 8}
		tm.Solid = make([]bool, tm.Cols*tm.Rows)
		for i := range tm.Solid {
			tm.Solid[i] = r.Chance(0.5)
		}
		boxes, err := MergeTiles(tm)
		if err != nil {
			t.Fatal(err)
		}
		if msg := coverFault(tm, boxes); msg != "" {
			t.Fatalf("map %d %s", it, msg)
		}
	}
}

// TestSlideAcrossSeam: a box pressed against a surface made of two merged
// boxes slides across the seam between them without snagging, both along a
// ceiling (horizontal seam) and down a side wall (vertical seam). With every
// tile as its own plain wall the same motion snags, which proves the test
// can fail.
func TestSlideAcrossSeam(t *testing.T) {
	ceiling := []string{
		"............",
		".#####......",
		".##########.",
		".##########.",
		"............",
		"............",
	}
	side := []string{
		"............",
		".##########.",
		".#####......",
		"............",
		"............",
	}
	run := func(rows []string, perTile bool, start, vel mathx.Vec2, steps int) mathx.Vec2 {
		w := newTestWorld(t, SpaceDef{Bounds: mathx.AABB{Max: v(200, 120)}, CellSize: 16})
		tm := tileMapFrom(rows, 16)
		if perTile {
			for i, s := range tm.Solid {
				if s {
					x, y := float64(i%tm.Cols*16), float64(i/tm.Cols*16)
					_, _ = w.AddWall(mathx.AABB{Min: v(x, y), Max: v(x+16, y+16)}, 0)
				}
			}
		} else if _, n, err := w.AddSolidTiles(tm); err != nil || n != 2 {
			t.Fatalf("merge: %d boxes %v", n, err)
		}
		id := body(t, w, Dynamic, mustBox(t, 6, 6), start, 1)
		for s := 0; s < steps; s++ {
			_ = w.SetVelocity(id, vel) // held input
			w.Step(1.0 / 60)
		}
		return w.Position(id)
	}
	// Under the ceiling (y=64), pressed up, sliding left across x=96 where
	// the two boxes meet.
	if p := run(ceiling, false, v(160, 70), v(-30, -90), 150); !p.ApproxEqual(v(85, 70), 1e-9) {
		t.Errorf("ceiling: merged tiles snagged, box at %v, want (85,70)", p)
	}
	if p := run(ceiling, true, v(160, 70), v(-30, -90), 150); p.X < 95 {
		t.Errorf("ceiling: per-tile walls did not snag (box at %v); the test would be vacuous", p)
	}
	// Left of the side wall (x=16), pressed right, sliding up across y=32
	// where the lower box's left face ends and the upper box's begins.
	if p := run(side, false, v(10, 50), v(90, -30), 60); !p.ApproxEqual(v(10, 20), 1e-9) {
		t.Errorf("side: merged tiles snagged, box at %v, want (10,20)", p)
	}
	if p := run(side, true, v(10, 50), v(90, -30), 60); p.Y < 37 {
		t.Errorf("side: per-tile walls did not snag (box at %v); the test would be vacuous", p)
	}
}

// TestWallFaces: a tile map's walls report their boxes' exposed faces,
// AddWall's walls all four, bad indices none.
func TestWallFaces(t *testing.T) {
	w, err := NewSpace(SpaceDef{Bounds: mathx.AABB{Max: mathx.V2(100, 100)}, CellSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	tm := tileMapFrom(ringLayout, 10)
	boxes, _ := MergeTiles(tm)
	first, n, err := w.AddSolidTiles(tm)
	if err != nil || n != len(boxes) {
		t.Fatal(n, err)
	}
	for k, b := range boxes {
		if got := w.WallFaces(first + k); got != b.Faces {
			t.Errorf("wall %d faces %04b, want %04b", first+k, got, b.Faces)
		}
	}
	i, err := w.AddWall(mathx.AABB{Min: mathx.V2(60, 60), Max: mathx.V2(61, 62)}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := w.WallFaces(i); got != 0x0f {
		t.Errorf("AddWall's wall faces %04b, want 1111", got)
	}
	if w.WallFaces(-1) != 0 || w.WallFaces(w.WallCount()) != 0 {
		t.Error("out of range wall has faces")
	}
}
