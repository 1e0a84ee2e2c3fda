package raster

import (
	"image"
	"image/color"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"diorama/internal/testenv"
)

// randomOps returns n random drawing commands as functions that add them
// to a list: sprites with and without options, fills, lines, circles,
// paths, text and clipped sprites (each clip set and cleared by its own
// command, so that any run of commands draws the same in any list).
func randomOps(t testing.TB, r *rand.Rand, w, h, n int, sprites []*Sprite) []func(*DrawList) {
	font := DefaultFont()
	ops := []func(*DrawList){func(l *DrawList) { l.Clear(color.RGBA{10, 20, 30, 255}) }}
	for range n {
		d := int64(r.IntN(40))
		x, y := r.IntN(w+40)-20, r.IntN(h+40)-20
		c := color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(200)), uint8(r.IntN(100)), 255}
		s := sprites[r.IntN(len(sprites))]
		var op func(*DrawList)
		switch r.IntN(10) {
		case 0:
			rc := image.Rect(x, y, x+r.IntN(w/2+1), y+r.IntN(h/2+1))
			op = func(l *DrawList) { l.FillRect(d, rc, Premul(color.NRGBA{c.R, c.G, c.B, 128})) }
		case 1:
			x1, y1 := r.IntN(w), r.IntN(h)
			op = func(l *DrawList) { l.Line(d, x, y, x1, y1, c) }
		case 2:
			rad := r.IntN(30)
			op = func(l *DrawList) { l.StrokeCircle(d, x, y, rad, c) }
		case 3:
			op = func(l *DrawList) { l.Text(d, font, "Ab1", x, y, c) }
		case 4:
			o := randOptions(r)
			op = func(l *DrawList) { l.Sprite(d, s, x, y, o) }
		case 5:
			clip := image.Rect(x, y, x+r.IntN(60), y+r.IntN(60))
			op = func(l *DrawList) {
				l.SetClip(clip)
				l.Sprite(d, s, x-5, y-5, nil)
				l.ClearClip()
			}
		default:
			op = func(l *DrawList) { l.Sprite(d, s, x, y, nil) }
		}
		ops = append(ops, op)
	}
	return ops
}

// RenderLists draws lists exactly as Draw draws one list holding their
// commands one after the other — equal depths in list order, then
// insertion order — for any split of the commands into lists (empty and
// nil lists included) and any number of workers.
func TestRenderListsMatchesDraw(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	var sprites []*Sprite
	for i := range 4 {
		sprites = append(sprites, testSprite(t, 2+r.IntN(40), 2+r.IntN(40), uint64(i)))
	}
	var rds []*Renderer
	for _, w := range []int{1, 2, 3, 16} {
		rd := NewRenderer(w)
		defer rd.Close()
		rds = append(rds, rd)
	}
	for scene := range 16 {
		w, h := 1+r.IntN(300), 1+r.IntN(300)
		ops := randomOps(t, r, w, h, 20+r.IntN(1500), sprites)
		whole := NewDrawList()
		for _, op := range ops {
			op(whole)
		}
		want := mustFrame(t, w, h)
		whole.Draw(want)
		k := 1 + r.IntN(6)
		cuts := []int{0}
		for range k - 1 {
			cuts = append(cuts, r.IntN(len(ops)+1))
		}
		cuts = append(cuts, len(ops))
		for i := 1; i < len(cuts); i++ { // sorted, so the lists keep the order
			for j := i; j > 0 && cuts[j] < cuts[j-1]; j-- {
				cuts[j], cuts[j-1] = cuts[j-1], cuts[j]
			}
		}
		var ls []*DrawList
		for i := range k {
			if cuts[i] == cuts[i+1] && r.IntN(2) == 0 {
				ls = append(ls, nil) // a nil list holds nothing
				continue
			}
			l := NewDrawList()
			for _, op := range ops[cuts[i]:cuts[i+1]] {
				op(l)
			}
			ls = append(ls, l)
		}
		for _, rd := range rds {
			got := mustFrame(t, w, h)
			if err := rd.RenderLists(got, ls); err != nil {
				t.Fatal(err)
			}
			if i := firstDiff(got.Pix, want.Pix); i >= 0 {
				t.Fatalf("scene %d (%d×%d, %d commands in %d lists), %d workers: byte %d (pixel %d,%d) differs", scene, w, h, whole.Len(), k, rd.Workers(), i, i/4%w, i/4/w)
			}
		}
	}
}

// RenderLists refuses more lists than it can name, drawing nothing.
func TestRenderListsTooMany(t *testing.T) {
	rd := NewRenderer(2)
	defer rd.Close()
	f := mustFrame(t, 8, 8)
	ls := make([]*DrawList, MaxLists+1)
	ls[0] = NewDrawList()
	ls[0].Clear(color.RGBA{1, 2, 3, 255})
	if err := rd.RenderLists(f, ls); err == nil {
		t.Fatal("no error for too many lists")
	}
	if f.Pix[0] != 0 {
		t.Fatal("drew although it refused the lists")
	}
}

// Do calls f once for each k in [0, n), for any n and worker count (more
// calls than a job holds included).
func TestRendererDo(t *testing.T) {
	for _, w := range []int{1, 2, 5} {
		rd := NewRenderer(w)
		for _, n := range []int{0, 1, 7, 300, 1<<16 + 5} {
			calls := make([]atomic.Int32, n)
			rd.Do(n, func(k int) { calls[k].Add(1) })
			for k := range calls {
				if c := calls[k].Load(); c != 1 {
					t.Fatalf("%d workers, n %d: f(%d) ran %d times", w, n, k, c)
				}
			}
		}
		rd.Close()
	}
}

// Building a frame's lists with Do and drawing them with RenderLists
// allocates nothing once the buffers have grown.
func TestRenderListsDoesNotAllocate(t *testing.T) {
	s := testSprite(t, 16, 16, 1)
	f := mustFrame(t, 320, 200)
	ps := scatter(3000, 320, 200, 16, 16, 4)
	for _, w := range []int{1, 2, 4} {
		rd := NewRenderer(w)
		ls := make([]*DrawList, w)
		for k := range ls {
			ls[k] = NewDrawList()
		}
		build := func(k int) {
			l := ls[k]
			l.Reset()
			if k == 0 {
				l.Clear(color.RGBA{30, 40, 50, 255})
			}
			lo, hi := k*len(ps)/w, (k+1)*len(ps)/w
			for i, p := range ps[lo:hi] {
				l.Sprite(int64(p.y+(lo+i)&3), s, p.x, p.y, nil)
			}
		}
		frame := func() {
			rd.Do(w, build)
			if err := rd.RenderLists(f, ls); err != nil {
				t.Fatal(err)
			}
		}
		frame()
		if n := testenv.AllocsOver(20, frame); n != 0 {
			t.Fatalf("%d workers: %v allocations in 20 frames", w, n)
		}
		rd.Close()
	}
}
