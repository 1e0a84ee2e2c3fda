package raster

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

func TestDrawListStableSort(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	l := NewDrawList()
	s := testSprite(t, 4, 4, 1)
	type entry struct {
		depth int64
		seq   int
	}
	var added []entry
	for i := 0; i < 5000; i++ {
		d := int64(r.IntN(40)) - 20
		if r.IntN(10) == 0 {
			d = int64(r.Uint64()) // full 64-bit range, negative too
		}
		l.Sprite(d, s, i, 0, nil) // x records the insertion sequence
		added = append(added, entry{d, i})
	}
	l.sortCommands()
	for k := 1; k < len(l.order); k++ {
		i, j := l.order[k-1], l.order[k]
		da, db := l.depths[i], l.depths[j]
		xa, xb := l.cmds[i].x, l.cmds[j].x
		if da > db || (da == db && xa > xb) {
			t.Fatalf("order broken at %d: (%d,%d) before (%d,%d)", k, da, xa, db, xb)
		}
	}
	if len(l.order) != len(added) {
		t.Fatal("lost commands")
	}
}

// busyList fills l with every command kind at random positions, depths,
// clips and options, including off-frame and translucent ones.
func busyList(t testing.TB, l *DrawList, r *rand.Rand, w, h, n int, sprites []*Sprite, font *Font) {
	for i := 0; i < n; i++ {
		d := int64(r.IntN(50))
		x, y := r.IntN(w+40)-20, r.IntN(h+40)-20
		c := Premul(color.NRGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256))})
		if r.IntN(8) == 0 {
			l.SetClip(image.Rect(r.IntN(w), r.IntN(h), r.IntN(w), r.IntN(h)))
		} else if r.IntN(8) == 0 {
			l.ClearClip()
		}
		if r.IntN(100) == 0 {
			l.Clear(c)
		}
		switch r.IntN(12) {
		case 0, 1, 2, 3:
			l.Sprite(d, sprites[r.IntN(len(sprites))], x, y, randOptions(r))
		case 4:
			l.CopySprite(d, sprites[r.IntN(len(sprites))], x, y)
		case 5:
			m := mathx.Translate(float64(x), float64(y)).Mul(mathx.Rotate(r.Float64() * 6)).Mul(mathx.ScaleXY(0.5+r.Float64()*2, 0.5+r.Float64()*2))
			l.SpriteAffine(d, sprites[r.IntN(len(sprites))], m, Filter(r.IntN(2)), randOptions(r))
		case 6:
			l.FillRect(d, image.Rect(x, y, x+r.IntN(60), y+r.IntN(60)), c)
			l.StrokeRect(d, image.Rect(x, y, x-r.IntN(60), y+r.IntN(60)), c)
		case 7:
			l.Line(d, x, y, r.IntN(w+200)-100, r.IntN(h+200)-100, c)
		case 8:
			l.StrokeCircle(d, x, y, r.IntN(80), c)
			l.FillCircle(d, mathx.V2(float64(x)+r.Float64(), float64(y)), r.Float64()*30, c, r.IntN(2) == 0)
		case 9:
			pts := make([]mathx.Vec2, 3+r.IntN(6))
			for k := range pts {
				pts[k] = mathx.V2(float64(x)+r.Float64()*80-40, float64(y)+r.Float64()*80-40)
			}
			l.FillPolygon(d, pts, c, r.IntN(2) == 0)
			l.ThickLine(d, pts, 1+r.Float64()*6, c, r.IntN(2) == 0, r.IntN(2) == 0)
		case 10:
			l.StrokeCircleAA(d, mathx.V2(float64(x), float64(y)), r.Float64()*40, 1+r.Float64()*4, c)
			l.LineAA(d, mathx.V2(float64(x), float64(y)), mathx.V2(float64(x)+r.Float64()*100, float64(y)+r.Float64()*50), 1.5, c)
		case 11:
			l.Text(d, font, "Wave 7 hp=93", x, y, c)
		}
	}
}

// TestRendererParallelMatchesSerial: the band-parallel renderer with any
// number of workers gives byte-identical frames to the one-goroutine
// reference. Run under -race by make test.
func TestRendererParallelMatchesSerial(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	var sprites []*Sprite
	for i := 0; i < 6; i++ {
		sprites = append(sprites, testSprite(t, 4+r.IntN(40), 4+r.IntN(40), uint64(i)))
	}
	font := DefaultFont()
	for _, size := range [][2]int{{800, 480}, {97, 61}, {13, 300}, {1, 1}} {
		l := NewDrawList()
		busyList(t, l, r, size[0], size[1], 800, sprites, font)
		want := mustFrame(t, size[0], size[1])
		want.Clear(color.RGBA{10, 20, 30, 255})
		l.Draw(want)
		for _, workers := range []int{1, 2, 3, 4, 7} {
			rd := NewRenderer(workers)
			for rep := 0; rep < 2; rep++ { // reuse of the worker pool
				got := mustFrame(t, size[0], size[1])
				got.Clear(color.RGBA{10, 20, 30, 255})
				rd.Render(got, l)
				if i := firstDiff(got.Pix, want.Pix); i >= 0 {
					t.Fatalf("%v with %d workers: byte %d (pixel %d,%d) differs", size, workers, i, i/4%size[0], i/4/size[0])
				}
			}
			rd.Close()
			rd.Close() // idempotent
			rd.Render(want, l)
		}
	}
}

// Rendering a prepared frame — reset the list, add this frame's commands,
// sort, draw in parallel — allocates nothing once buffers have grown.
func TestRenderZeroAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under -race (sync.Pool drops items)")
	}
	var sprites []*Sprite
	for i := 0; i < 4; i++ {
		sprites = append(sprites, testSprite(t, 16, 16, uint64(i)))
	}
	font := DefaultFont()
	f := mustFrame(t, 320, 200)
	l := NewDrawList()
	rd := NewRenderer(2)
	defer rd.Close()
	poly := []mathx.Vec2{{X: 10, Y: 10}, {X: 80, Y: 30}, {X: 40, Y: 90}}
	build := func() {
		l.Reset()
		for i := 0; i < 500; i++ {
			l.Sprite(int64(i%7), sprites[i%4], (i*37)%320, (i*53)%200, nil)
		}
		o := DrawOptions{FlipX: true, Scale: 2, FlashAmount: 100}
		l.Sprite(3, sprites[0], 50, 50, &o)
		l.SpriteAffine(2, sprites[1], mathx.Translate(100, 100).Mul(mathx.Rotate(0.7)), Bilinear, nil)
		l.FillRect(1, image.Rect(0, 0, 50, 20), color.RGBA{0, 0, 0, 128})
		l.Line(9, 0, 0, 319, 199, color.RGBA{255, 0, 0, 255})
		l.FillCircle(9, mathx.V2(160, 100), 30, color.RGBA{0, 80, 0, 128}, true)
		l.StrokeCircle(9, 160, 100, 40, color.RGBA{255, 255, 0, 255})
		l.FillPolygon(9, poly, color.RGBA{0, 0, 90, 90}, true)
		l.ThickLine(9, poly, 3, color.RGBA{90, 0, 0, 90}, true, true)
		l.Text(10, font, "FPS 60  score 1234", 4, 4, color.RGBA{255, 255, 255, 255})
		rd.Render(f, l)
	}
	build() // warm up: buffers, glyph cache, workers
	build()
	if n := testenv.AllocsOver(20, build); n != 0 {
		t.Fatalf("%v allocations in 20 frames, want 0", n)
	}
	// The immediate-mode functions too.
	s := sprites[0]
	imm := func() {
		DrawSprite(f, f.Rect, s, 10, 10, nil)
		FillCircle(f, f.Rect, mathx.V2(50, 50), 10, color.RGBA{1, 2, 3, 255}, true)
		ThickLine(f, f.Rect, poly, 2, color.RGBA{1, 2, 3, 255}, false, true)
		font.Draw(f, f.Rect, "abc", 0, 0, color.RGBA{255, 255, 255, 255})
	}
	imm()
	if n := testenv.AllocsOver(20, imm); n != 0 {
		t.Fatalf("%v allocations in 20 immediate draws, want 0", n)
	}
}

func TestDrawListClipAndBadInput(t *testing.T) {
	s := testSprite(t, 16, 16, 3)
	var l DrawList // the zero value works
	l.SetClip(image.Rect(4, 4, 12, 12))
	l.Sprite(0, s, 0, 0, nil)
	l.ClearClip()
	l.Sprite(0, nil, 0, 0, nil)
	l.SpriteAffine(0, s, mathx.Affine2{A: math.Inf(1)}, Nearest, nil)
	l.FillPolygon(0, []mathx.Vec2{{X: 1}, {Y: 1}}, color.RGBA{255, 0, 0, 255}, true) // too few points
	l.Text(0, nil, "x", 0, 0, color.RGBA{255, 255, 255, 255})
	l.StrokeCircle(0, 4, 4, -3, color.RGBA{255, 255, 255, 255})
	got := mustFrame(t, 16, 16)
	l.Draw(got)
	want := mustFrame(t, 16, 16)
	DrawSprite(want, image.Rect(4, 4, 12, 12), s, 0, 0, nil)
	if i := firstDiff(got.Pix, want.Pix); i >= 0 {
		t.Fatalf("clip: byte %d differs", i)
	}
	l.Draw(nil)
	NewRenderer(0).Render(nil, &l)
}

// Lists long enough to be cut into many chunks, with few distinct depths
// (so equal depths span chunks and their insertion order decides) and
// Clears in the middle, give byte-identical frames to the one-goroutine
// reference with any number of workers, and the same frame on every
// reuse of the renderer.
func TestRendererChunksMatchSerial(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	var sprites []*Sprite
	for i := 0; i < 4; i++ {
		sprites = append(sprites, testSprite(t, 4+r.IntN(30), 4+r.IntN(30), uint64(10+i)))
	}
	font := DefaultFont()
	for scene := 0; scene < 2; scene++ {
		w, h := 200+r.IntN(400), 100+r.IntN(300)
		l := NewDrawList()
		for range 3 {
			busyList(t, l, r, w, h, 800, sprites, font)
			l.ClearClip()
			for range 2000 {
				l.Sprite(int64(r.IntN(4)), sprites[r.IntN(len(sprites))], r.IntN(w+40)-20, r.IntN(h+40)-20, nil)
			}
			l.Clear(color.RGBA{uint8(r.IntN(256)), 20, 30, 255})
		}
		if l.Len() < 8*minChunk {
			t.Fatalf("only %d commands", l.Len())
		}
		want := mustFrame(t, w, h)
		l.Draw(want)
		for _, workers := range []int{1, 2, 3, 4, 8, 16} {
			rd := NewRenderer(workers)
			for rep := 0; rep < 2; rep++ {
				got := mustFrame(t, w, h)
				rd.Render(got, l)
				if i := firstDiff(got.Pix, want.Pix); i >= 0 {
					t.Fatalf("scene %d (%d×%d, %d commands), %d workers: byte %d (pixel %d,%d) differs", scene, w, h, l.Len(), workers, i, i/4%w, i/4/w)
				}
			}
			rd.Close()
		}
	}
}
