package perf

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"diorama/internal/testenv"
	"diorama/physics"
)

// The seed's control map: 20 walls after merging, 50 AI and the player;
// with one cell, the pairs sharing it are the seed's 2295 fine grain
// checks (all pairs of 71 entities but the 190 wall–wall pairs).
func TestControlMapSeedCounts(t *testing.T) {
	m, err := NewControlMap(1)
	if err != nil {
		t.Fatal(err)
	}
	boxes, err := physics.MergeTiles(m.tileMap())
	if err != nil {
		t.Fatal(err)
	}
	if len(boxes) != 20 || m.Entities() != 51 {
		t.Fatalf("control map: %d walls, %d tanks; want the seed's 20 and 51", len(boxes), m.Entities())
	}
	for _, sc := range []int{0, 9} {
		if _, err := NewControlMap(sc); err == nil {
			t.Errorf("scale %d accepted", sc)
		}
	}
	tanks, err := m.Settle()
	if err != nil {
		t.Fatal(err)
	}
	w, err := m.CollisionWorld(tanks, 1)
	if err != nil {
		t.Fatal(err)
	}
	w.Step(1.0 / SeedTPS)
	entries, shared := cellWork(w, 1)
	if entries != 51 || shared != Table22[0][1] {
		t.Errorf("one cell: %d entries, %d shared pairs; want 51 and the seed's %d", entries, shared, Table22[0][1])
	}
	// Settled: every tank inside the room, none buried in a wall.
	for k, tk := range tanks {
		i, j := int(tk.Pos.X/ControlTile), int(tk.Pos.Y/ControlTile)
		if i < 1 || j < 1 || i >= m.Side-1 || j >= m.Side-1 || m.Solid[j*m.Side+i] {
			t.Errorf("tank %d settled at %v, in a wall or outside", k, tk.Pos)
		}
	}
}

// Smoke run of the runner: the right rows and columns, the seed's figures
// on exactly its 12 rows, and the sanity of the sweep: on the 801-tank
// room the extremes (one cell; 8-pixel cells) are slower than the best
// resolution, and on every map one cell shares the most pairs and the
// finest grid has the most cell entries.
func TestCollisionTableSmoke(t *testing.T) {
	per := []int{1, 2, 6, 12, 96}
	rows, err := CollisionTable(CollisionOptions{Scales: []int{1, 4}, PerSide: per, Steps: 4, Repeats: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(per)+len(per)+1 {
		t.Fatalf("%d rows, want %d", len(rows), 2*len(per)+1)
	}
	seed := 0
	for _, r := range rows {
		if r.SeedTotalMS >= 0 {
			seed++
			if r.Entities != 51 || r.SeedFine < 0 || !slices.Contains(SeedCells, r.Cells) {
				t.Errorf("seed figures on row %+v", r)
			}
		}
		if !(r.StepUS > 0) || r.Pairs <= 0 || r.CellEntries < r.Entities || r.SharedPairs < r.Pairs {
			t.Errorf("implausible row %+v", r)
		}
	}
	if seed != 4 { // 1, 4, 36 and 144 cells
		t.Errorf("%d rows with the seed's figures, want 4", seed)
	}
	for _, ent := range []int{51, 801} {
		var rs []CollisionRow
		for _, r := range rows {
			if r.Entities == ent {
				rs = append(rs, r)
			}
		}
		first, last := rs[0], rs[len(rs)-1]
		for _, r := range rs {
			if r.SharedPairs > first.SharedPairs || r.CellEntries > last.CellEntries {
				t.Errorf("%d tanks: row %+v beats an extreme", ent, r)
			}
			if r.Pairs != first.Pairs {
				t.Errorf("%d tanks: %d narrow-phase pairs at %d cells, %d at one: the grid must not change the result", ent, r.Pairs, r.Cells, first.Pairs)
			}
		}
		if ent == 801 {
			best := slices.MinFunc(rs, func(a, b CollisionRow) int {
				return int(a.StepUS*1e3) - int(b.StepUS*1e3)
			})
			if !(first.StepUS > 1.3*best.StepUS) || !(last.StepUS > 1.3*best.StepUS) {
				t.Errorf("801 tanks: extremes %.0f µs (1 cell) and %.0f µs (%d cells) not slower than the best %.0f µs (%d cells)",
					first.StepUS, last.StepUS, last.Cells, best.StepUS, best.Cells)
			}
		}
	}
}

// Culling never changes the picture, and draws less than drawing
// everything; the views found hold the seed's on-screen counts.
func TestCullTableSmoke(t *testing.T) {
	rows, err := CullTable(CullOptions{Frames: 2, Repeats: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(SeedOnScreen) {
		t.Fatalf("%d rows, want %d", len(rows), len(SeedOnScreen))
	}
	s, err := NewCullScene(CullScale, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if len(s.Objects) != 201+68 || s.Walls != 68 {
		t.Fatalf("%d objects, %d walls; want 269 and 68", len(s.Objects), s.Walls)
	}
	for k, r := range rows {
		if r.OnScreen != SeedOnScreen[k] {
			t.Errorf("row %d: %d on screen, want the seed's %d", k, r.OnScreen, SeedOnScreen[k])
		}
		if !(r.CullCmds < r.NoCullCmds) || !(r.CullMS > 0) || !(r.NoCullMS > 0) {
			t.Errorf("row %d: %+v", k, r)
		}
		s.Cam.Center = r.Center
		if _, err := s.Render(true); err != nil {
			t.Fatal(err)
		}
		culled := bytes.Clone(s.Frame.Pix)
		if _, err := s.Render(false); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(culled, s.Frame.Pix) {
			t.Errorf("row %d (view %v): culled frame differs from the frame drawn without culling", k, r.Center)
		}
	}
	if rows[0].CullCmds >= rows[len(rows)-1].CullCmds {
		t.Errorf("culled frame with %d entities has %d commands, with %d: %d", rows[0].OnScreen, rows[0].CullCmds, rows[len(rows)-1].OnScreen, rows[len(rows)-1].CullCmds)
	}
}

func TestCullRenderAllocs(t *testing.T) {
	s, err := NewCullScene(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, cull := range []bool{true, false} {
		if _, err := s.Render(cull); err != nil {
			t.Fatal(err)
		}
		if a := testenv.AllocsOver(5, func() { s.Render(cull) }); a != 0 {
			t.Errorf("Render(cull=%v): %d allocs in 5 frames", cull, a)
		}
	}
}

// The runner's output: one markdown table per map with the right columns
// on every row, the seed's figures beside ours, and the three plots.
func TestTablesMarkdownAndPlots(t *testing.T) {
	coll, err := CollisionTable(CollisionOptions{Scales: []int{1, 2}, PerSide: []int{1, 8, 24}, Steps: 2, Repeats: 1})
	if err != nil {
		t.Fatal(err)
	}
	cull, err := CullTable(CullOptions{Frames: 1, Repeats: 1})
	if err != nil {
		t.Fatal(err)
	}
	check := func(md string, tables int, cols []int, rows int) {
		t.Helper()
		lines := strings.Split(md, "\n")
		n, data := 0, 0
		for i, l := range lines {
			if !strings.HasPrefix(l, "|") || strings.HasPrefix(l, "|---") {
				continue
			}
			k := n - 1 // the table this line belongs to
			if i+1 < len(lines) && strings.HasPrefix(lines[i+1], "|---") {
				k = n // a header: the next table's
				n++
			} else {
				data++
			}
			if c := strings.Count(l, "|") - 1; k < 0 || k >= len(cols) || c != cols[k] {
				t.Errorf("line %q: %d columns, want table %d's", l, c, k)
			}
		}
		if n != tables || data != rows {
			t.Errorf("%d tables, %d rows; want %d and %d:\n%s", n, data, tables, rows, md)
		}
	}
	md := CollisionMarkdown(coll)
	check(md, 2, []int{11, 7}, 3+4)
	if !strings.Contains(md, "| 1 | 768.0 (24) |") || !strings.Contains(md, " 0 / 54 / 54 | 3.38 | 51 | 2295 |") || !strings.Contains(md, "(best)") {
		t.Errorf("seed row missing:\n%s", md)
	}
	check(CullMarkdown(cull), 1, []int{10}, len(SeedOnScreen))
	dir := t.TempDir()
	if err := WriteTablePlots(dir, coll, cull); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{PlotTable21, PlotTable22, PlotTable31} {
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() < 1000 {
			t.Errorf("plot %s: %v", name, err)
		}
	}
	if _, err := PlotXY("empty", Axis{}, Axis{}, nil, 400, 300, 0, ""); err == nil {
		t.Error("empty plot accepted")
	}
	if _, err := PlotXY("bad", Axis{}, Axis{}, []XYSeries{{X: []float64{1}}}, 400, 300, 0, ""); err == nil {
		t.Error("series with 1 x and 0 y accepted")
	}
}
