package level

import (
	"diorama/scene"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"diorama/mathx"
)

// The wall blocks of a built ASCII level cover each wall cell exactly once,
// at its kind's height, with sides that are powers of two up to 16 cells,
// and there are no more of them than the cell-by-cell count (random
// levels, checked cell by cell against the file).
func TestWallBlocksCoverWalls(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 21))
	const zp = 32
	p := mustProj(t, 64)
	for n := 0; n < 40; n++ {
		cols, rows := 1+r.IntN(40), 1+r.IntN(40)
		fill := r.Float64()
		var b strings.Builder
		player := r.IntN(cols * rows)
		for k := 0; k < cols*rows; k++ {
			c := byte('-')
			switch {
			case k == player:
				c = 's'
			case r.Float64() < fill:
				c = "wwwwwtb"[r.IntN(7)]
			}
			b.WriteByte(c)
			if k%cols == cols-1 {
				b.WriteByte('\n')
			}
		}
		src := b.String()
		w, err := LoadASCII(fstest.MapFS{"l.lev": {Data: []byte(src)}}, "l.lev", Options{Proj: p})
		if err != nil {
			t.Fatal(err)
		}
		if w.Grid.Proj.ZPixels != zp {
			t.Fatalf("ZPixels %d", w.Grid.Proj.ZPixels)
		}
		cell := strings.ReplaceAll(src, "\n", "")
		cover := make([]byte, cols*rows)
		walls := 0
		for k := range cell {
			if c := cell[k]; c == 'w' || c == 't' || c == 'b' {
				walls++
			}
		}
		blocks := w.AppendEntities(nil, scene.Object)
		if len(blocks) > walls {
			t.Fatalf("%d blocks for %d wall cells", len(blocks), walls)
		}
		for _, e := range blocks {
			box := def(t, w, e).Drawing.Box
			x0, y0, x1, y1 := int(box.Min.X), int(box.Min.Y), int(box.Max.X), int(box.Max.Y)
			bw, bh := x1-x0, y1-y0
			if bw < 1 || bh < 1 || bw > 16 || bh > 16 || bits.OnesCount(uint(bw)) != 1 || bits.OnesCount(uint(bh)) != 1 {
				t.Fatalf("block %v", box)
			}
			if c := w.Pos(e); c != mathx.V3(float64(x0+x1)/2, float64(y0+y1)/2, 0) {
				t.Fatalf("block %v at %v", box, c)
			}
			for y := y0; y < y1; y++ {
				for x := x0; x < x1; x++ {
					k := y*cols + x
					want := map[byte][2]float64{'w': {0, 1}, 't': {0.5, 1}, 'b': {0, 0.5}}[cell[k]]
					if cover[k] != 0 || (want == [2]float64{}) || box.Min.Z != want[0] || box.Max.Z != want[1] {
						t.Fatalf("level\n%s\nblock %v over cell (%d,%d) %q, covered %d", src, box, x, y, cell[k], cover[k])
					}
					cover[k]++
				}
			}
		}
		for k, c := range cell {
			if (c == 'w' || c == 't' || c == 'b') != (cover[k] == 1) {
				t.Fatalf("level\n%s\ncell %d %q covered %d times", src, k, c, cover[k])
			}
		}
	}
}

func TestLevelLimits(t *testing.T) {
	big := strings.Repeat(strings.Repeat("w", 64)+"\n", 63) + "s" + strings.Repeat("w", 63) + "\n"
	checker := func(n int) string {
		var b strings.Builder
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				c := byte('-')
				if (x+y)%2 == 1 {
					c = 'w'
				}
				if x == 0 && y == 0 {
					c = 's'
				}
				b.WriteByte(c)
			}
			b.WriteByte('\n')
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, src string
		lim       BuildLimits
		want      string // "" for success
		objects   int
	}{
		// 64×64 of wall: 16 blocks of 16×16; the first row is 15 cells
		// after the 's' (8+4+2+1 wide blocks).
		{"solid", big, BuildLimits{}, "", 0},
		{"cells", big, BuildLimits{MaxCells: 64*64 - 1}, "l.lev: 64×64 grid exceeds 4095 cells (raise level.Options.Limits.MaxCells)", 0},
		{"blocks", checker(20), BuildLimits{MaxEntities: 100}, "l.lev: walls: more than 100 entities (raise level.Options.Limits.MaxEntities)", 0},
		{"checker fits", checker(20), BuildLimits{MaxEntities: 202}, "", 200},
		{"spawns", "seeeee\n", BuildLimits{MaxEntities: 11}, "l.lev: spawns: more than 11 entities (raise level.Options.Limits.MaxEntities)", 0},
		{"time", big, BuildLimits{MaxTime: time.Nanosecond}, "l.lev: build took longer than 1ns (raise level.Options.Limits.MaxTime)", 0},
	} {
		w, err := LoadASCII(fstest.MapFS{"l.lev": {Data: []byte(tc.src)}}, "l.lev", Options{Limits: Limits{BuildLimits: tc.lim}})
		if tc.want != "" {
			if w != nil || err == nil || err.Error() != tc.want || !errors.Is(err, ErrLimit) {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if tc.objects > 0 {
			if n := len(w.AppendEntities(nil, scene.Object)); n != tc.objects {
				t.Errorf("%s: %d blocks, want %d", tc.name, n, tc.objects)
			}
		}
	}
}

func TestIsoXMLLevelLimits(t *testing.T) {
	fsys := fstest.MapFS{
		"defs.xml": {Data: []byte(`<definitions><materialDefinition name="brick" type="tile"/></definitions>`)},
		"s.xml": {Data: []byte(`<scene gridsize="64" levelsize="64"><head><definitions src="defs.xml"/></head><body>
<floor id="F1" x="0" y="0" z="0" width="640" height="640" src="brick"/>
<floor id="F2" x="0" y="0" z="0" width="640" height="640" src="brick"/>
<wall id="W1" x="0" y="0" z="0" dir="vert" size="640" height="64" src="brick"/>
<wall id="W2" x="0" y="0" z="0" dir="horiz" size="640" height="64" src="brick"/>
</body></scene>`)},
	}
	p := mustProj(t, 32)
	// A wall 10 cells long, one cell tall: an image as wide as 10 cells
	// and as tall as 10 cells' half height plus its own, a pixel more each.
	px := int64(10*p.TileW/2+1) * int64(10*p.TileH/2+p.ZPixels+1)
	for _, tc := range []struct {
		lim  BuildLimits
		want string
	}{
		{BuildLimits{MaxFloorCells: 200}, ""},
		{BuildLimits{MaxFloorCells: 199}, `s.xml:3: floor "F2": floors paint more than 199 cells in all (raise level.Options.Limits.MaxFloorCells)`},
		{BuildLimits{MaxWallPixels: 2 * px}, ""},
		{BuildLimits{MaxWallPixels: 2*px - 1}, fmt.Sprintf(`s.xml:5: wall "W2": walls draw more than %d pixels in all (raise level.Options.Limits.MaxWallPixels)`, 2*px-1)},
		{BuildLimits{MaxEntities: 1}, `s.xml: walls, objects and characters: more than 1 entities (raise level.Options.Limits.MaxEntities)`},
		{BuildLimits{MaxCells: 99}, `s.xml: 10×10 grid exceeds 99 cells (raise level.Options.Limits.MaxCells)`},
	} {
		w, err := LoadIsoXML(fsys, "s.xml", Options{Proj: p, Limits: Limits{BuildLimits: tc.lim}})
		if tc.want == "" {
			if err != nil {
				t.Errorf("%+v: %v", tc.lim, err)
				continue
			}
			// The estimate bounds the images drawn.
			for _, e := range w.AppendEntities(nil, scene.Object) {
				sp := def(t, w, e).Drawing.Parts[0].Sprite
				if n := int64(sp.W()) * int64(sp.H()); n > px || n < px/2 {
					t.Errorf("wall image %d×%d, estimate %d pixels", sp.W(), sp.H(), px)
				}
			}
			continue
		}
		if w != nil || err == nil || err.Error() != tc.want || !errors.Is(err, ErrLimit) {
			t.Errorf("%+v: %v", tc.lim, err)
		}
	}
}
