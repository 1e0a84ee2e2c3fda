package raster

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"math/rand/v2"
	"testing"

	"diorama/internal/testenv"
)

// composeGIF decodes a GIF and returns every frame as shown (each stores
// only its changed rectangle, unchanged pixels transparent) and the
// delays.
func composeGIF(t *testing.T, data []byte) ([]*image.RGBA, []int) {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for _, pm := range g.Image {
		draw.Draw(canvas, pm.Bounds(), pm, pm.Bounds().Min, draw.Over)
		out = append(out, image.NewRGBA(canvas.Rect))
		copy(out[len(out)-1].Pix, canvas.Pix)
	}
	return out, g.Delay
}

// A GIF of frames with few colours reproduces every pixel exactly; frames
// with many colours stay close; an unchanged frame lengthens the one
// before.
func TestGIFRecorder(t *testing.T) {
	var buf bytes.Buffer
	rec, err := NewGIFRecorder(&buf, 40, 30, GIFOptions{Delay: 4})
	if err != nil {
		t.Fatal(err)
	}
	palette := []color.RGBA{{255, 0, 0, 255}, {0, 128, 255, 255}, {250, 250, 250, 255}, {3, 3, 3, 255}, {128, 64, 200, 255}}
	var frames []*Frame
	for i := 0; i < 6; i++ {
		f := mustFrame(t, 40, 30)
		f.Clear(palette[i%len(palette)])
		FillRect(f, f.Rect, f.Rect.Inset(5+i), palette[(i+2)%len(palette)])
		frames = append(frames, f)
		if err := rec.Add(f); err != nil {
			t.Fatal(err)
		}
	}
	if err := rec.Add(frames[5]); err != nil { // identical frame: merged
		t.Fatal(err)
	}
	// Many colours: a random image is approximated within a small error.
	noisy := mustFrame(t, 40, 30)
	r := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < len(noisy.Pix); i += 4 {
		noisy.Pix[i], noisy.Pix[i+1], noisy.Pix[i+2], noisy.Pix[i+3] = uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255
	}
	if err := rec.Add(noisy); err != nil {
		t.Fatal(err)
	}
	frames = append(frames, noisy)
	if rec.Frames() != 8 {
		t.Fatalf("Frames() = %d", rec.Frames())
	}
	if err := rec.Add(mustFrame(t, 10, 10)); err == nil {
		t.Fatal("wrong-size frame accepted")
	}
	if err := rec.AddAt(frames[0], 3); err == nil {
		t.Fatal("frame time going back accepted")
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if err := rec.Add(frames[0]); err == nil {
		t.Fatal("Add after Close accepted")
	}
	shown, delays := composeGIF(t, buf.Bytes())
	if len(shown) != 7 || fmt.Sprint(delays) != "[4 4 4 4 4 8 4]" {
		t.Fatalf("%d frames, delays %v", len(shown), delays)
	}
	for i, img := range shown {
		if i == 6 {
			var worst int
			for k := range img.Pix {
				d := int(img.Pix[k]) - int(noisy.Pix[k])
				worst = max(worst, d*d)
			}
			if worst > 60*60 {
				t.Fatalf("noisy frame: channel error up to %d", worst)
			}
			continue
		}
		if k := firstDiff(img.Pix, frames[i].Pix); k >= 0 {
			t.Fatalf("frame %d: byte %d got %d want %d", i, k, img.Pix[k], frames[i].Pix[k])
		}
	}
	// Only the changed rectangle is stored.
	g, _ := gif.DecodeAll(bytes.NewReader(buf.Bytes()))
	if b := g.Image[1].Bounds(); b != image.Rect(0, 0, 40, 30) {
		t.Fatalf("frame 1 bounds %v", b)
	}
	if _, err := NewGIFRecorder(&buf, 0, 5, GIFOptions{Delay: 1}); err == nil {
		t.Fatal("zero width accepted")
	}
	for _, o := range []GIFOptions{{TPS: -1}, {Delay: -2}, {Colors: 2}, {Colors: 257}, {Tolerance: 256}, {Smooth: -1}} {
		if _, err := NewGIFRecorder(&buf, 5, 5, o); err == nil {
			t.Fatalf("%+v accepted", o)
		}
	}
}

// A small moving sprite stores only its bounding box, and a frame that
// fits the global palette carries no local one.
func TestGIFRecorderChangedRect(t *testing.T) {
	var buf bytes.Buffer
	rec, err := NewGIFRecorder(&buf, 64, 48, GIFOptions{TPS: 60, Delay: 4})
	if err != nil {
		t.Fatal(err)
	}
	var frames []*Frame
	for i := 0; i < 5; i++ {
		f := mustFrame(t, 64, 48)
		f.Clear(color.RGBA{20, 90, 30, 255})
		FillRect(f, f.Rect, image.Rect(10+i*3, 10, 16+i*3, 16), color.RGBA{200, 40, 40, 255})
		frames = append(frames, f)
		if err := rec.Add(f); err != nil {
			t.Fatal(err)
		}
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(g.Image); i++ {
		if b := g.Image[i].Bounds(); b != image.Rect(10+(i-1)*3, 10, 16+i*3, 16) {
			t.Fatalf("frame %d stores %v", i, b)
		}
	}
	// 68 bytes of frame data at most, no 768-byte local tables.
	if buf.Len() > 13+768+19+3*(8+10+40)+200 {
		t.Fatalf("%d bytes", buf.Len())
	}
	shown, delays := composeGIF(t, buf.Bytes())
	for i := range shown {
		if k := firstDiff(shown[i].Pix, frames[i].Pix); k >= 0 {
			t.Fatalf("frame %d differs at byte %d", i, k)
		}
	}
	// 4 ticks at 60 TPS are 6.67 cs: 7, 6, 7, 7, 6 -> 33 cs = 20 ticks.
	if fmt.Sprint(delays) != "[7 6 7 7 6]" {
		t.Fatalf("delays %v", delays)
	}
}

// Frame delays add up to the elapsed time within half a hundredth of a
// second for any tick rate and frame spacing, and each one is within a
// hundredth of its exact share.
func TestGIFDelaysExact(t *testing.T) {
	for _, c := range []struct{ tps, every, ticks int }{{60, 4, 1800}, {60, 2, 601}, {30, 1, 97}, {60, 6, 1800}, {50, 3, 200}, {144, 5, 1000}} {
		var buf bytes.Buffer
		rec, err := NewGIFRecorder(&buf, 4, 4, GIFOptions{TPS: c.tps})
		if err != nil {
			t.Fatal(err)
		}
		f := mustFrame(t, 4, 4)
		n := 0
		for tick := 0; tick < c.ticks; tick += c.every {
			f.Pix[0] = uint8(n * 40) // every frame differs
			f.Pix[3] = 255
			if err := rec.AddAt(f, tick); err != nil {
				t.Fatal(err)
			}
			n++
		}
		if err := rec.CloseAt(c.ticks); err != nil {
			t.Fatal(err)
		}
		_, delays := composeGIF(t, buf.Bytes())
		if len(delays) != n {
			t.Fatalf("%+v: %d frames, want %d", c, len(delays), n)
		}
		sum := 0
		exact := float64(c.every) * 100 / float64(c.tps)
		for i, d := range delays {
			sum += d
			if i < n-1 && (float64(d) < exact-1 || float64(d) > exact+1) {
				t.Fatalf("%+v: delay %d is %d, exact %.2f", c, i, d, exact)
			}
		}
		if want := float64(c.ticks) * 100 / float64(c.tps); float64(sum) < want-0.5 || float64(sum) > want+0.5 {
			t.Fatalf("%+v: delays add to %d cs, want %.2f", c, sum, want)
		}
	}
}

// A frame shown longer than a GIF delay holds (655.35 s) is carried on by
// empty frames; a recorder closed with no frames is still a valid GIF.
func TestGIFLongDelayAndEmpty(t *testing.T) {
	var buf bytes.Buffer
	rec, _ := NewGIFRecorder(&buf, 3, 3, GIFOptions{})
	f := mustFrame(t, 3, 3)
	f.Clear(color.RGBA{9, 9, 9, 255})
	if err := rec.AddAt(f, 0); err != nil {
		t.Fatal(err)
	}
	if err := rec.CloseAt(200000); err != nil {
		t.Fatal(err)
	}
	shown, delays := composeGIF(t, buf.Bytes())
	if fmt.Sprint(delays) != "[65535 65535 65535 3395]" || shown[3].RGBAAt(1, 1) != (color.RGBA{9, 9, 9, 255}) {
		t.Fatalf("delays %v", delays)
	}
	buf.Reset()
	rec, _ = NewGIFRecorder(&buf, 3, 3, GIFOptions{Delay: 1})
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := gif.DecodeAll(bytes.NewReader(buf.Bytes())); err != nil {
		t.Fatalf("empty GIF: %v", err)
	}
}

// With Tolerance and Smooth every shown pixel stays within the larger of
// the two (plus the 15-bit quantisation) of the true frame, and a
// scrolling noisy texture costs much less than exact.
func TestGIFTolerance(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	world := make([]uint8, 200*60)
	for i := range world {
		world[i] = uint8(100 + r.IntN(20))
	}
	var frames []*Frame
	for i := 0; i < 8; i++ {
		f := mustFrame(t, 100, 60)
		for y := 0; y < 60; y++ {
			for x := 0; x < 100; x++ {
				v := world[y*200+x+i*3]
				if (x+i*3)%25 == 0 {
					v = 30 // a dark line every 25 pixels: structure to keep
				}
				f.SetRGBA(x, y, color.RGBA{v / 2, v, v / 3, 255})
			}
		}
		frames = append(frames, f)
	}
	size := func(o GIFOptions) (int, int) {
		var buf bytes.Buffer
		rec, _ := NewGIFRecorder(&buf, 100, 60, o)
		for _, f := range frames {
			if err := rec.Add(f); err != nil {
				t.Fatal(err)
			}
		}
		rec.Close()
		shown, _ := composeGIF(t, buf.Bytes())
		worst := 0
		for i, img := range shown {
			for k := range img.Pix {
				worst = max(worst, abs(int(img.Pix[k])-int(frames[i].Pix[k])))
			}
		}
		return buf.Len(), worst
	}
	exact, e0 := size(GIFOptions{})
	lossy, e1 := size(GIFOptions{Tolerance: 12, Smooth: 8})
	if e0 > 7 || e1 > 12+7 {
		t.Fatalf("errors %d exact, %d lossy", e0, e1)
	}
	if lossy*10 > exact*6 {
		t.Fatalf("lossy %d bytes, exact %d", lossy, exact)
	}
}

func abs(v int) int { return max(v, -v) }

// Adding a frame allocates nothing once the recorder runs.
func TestGIFRecorderAllocs(t *testing.T) {
	var buf bytes.Buffer
	rec, _ := NewGIFRecorder(&buf, 64, 48, GIFOptions{Tolerance: 4})
	a, b := mustFrame(t, 64, 48), mustFrame(t, 64, 48)
	a.Clear(color.RGBA{10, 20, 30, 255})
	b.Clear(color.RGBA{200, 20, 30, 255})
	FillRect(b, b.Rect, image.Rect(0, 0, 30, 20), color.RGBA{0, 200, 0, 255})
	n := 0
	add := func() {
		f := a
		if n%2 == 1 {
			f = b
		}
		n++
		if err := rec.AddAt(f, n); err != nil {
			t.Fatal(err)
		}
	}
	for range 4 {
		add()
		buf.Reset()
	}
	if allocs := testenv.AllocsOver(20, func() { add(); buf.Reset() }); allocs != 0 {
		t.Fatalf("%v allocations in 20 frames", allocs)
	}
}

func ExampleNewGIFRecorder() {
	var buf bytes.Buffer
	// Frames every 4 ticks of a 60 TPS game: 15 frames a second.
	rec, _ := NewGIFRecorder(&buf, 32, 32, GIFOptions{TPS: 60, Delay: 4})
	f, _ := NewFrame(32, 32)
	for i := range 3 {
		f.Clear(color.RGBA{uint8(80 * i), 0, 0, 255})
		rec.Add(f)
	}
	rec.Close()
	g, _ := gif.DecodeAll(&buf)
	fmt.Println(len(g.Image), "frames, delays", g.Delay)
	// Output: 3 frames, delays [7 6 7]
}

// BenchmarkGIFRecorder records a noisy texture scrolling 3 pixels a frame
// under a fixed band (a game camera following its player under a HUD),
// exactly and with the tolerances platform/auto records with, and
// reports the bytes a frame.
func BenchmarkGIFRecorder(b *testing.B) {
	const w, h = 400, 240
	r := rand.New(rand.NewPCG(5, 6))
	world := make([]uint8, (w+1024)*h)
	for i := range world {
		world[i] = uint8(80 + r.IntN(64))
		if i%16 == 0 {
			world[i] = 20 // mortar lines every 16 pixels
		}
	}
	frames := make([]*Frame, 16)
	for i := range frames {
		f, _ := NewFrame(w, h)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				v := world[y*(w+1024)+x+3*i]
				c := color.RGBA{v / 2, v, v / 3, 255}
				if y < 20 {
					c = color.RGBA{20, 20, 30, 255}
				}
				f.SetRGBA(x, y, c)
			}
		}
		frames[i] = f
	}
	for _, c := range []struct {
		name string
		o    GIFOptions
	}{{"exact", GIFOptions{}}, {"tolerance32-smooth16", GIFOptions{Tolerance: 32, Smooth: 16}}} {
		b.Run(c.name, func(b *testing.B) {
			var out countWriter
			rec, err := NewGIFRecorder(&out, w, h, c.o)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := rec.Add(frames[i%len(frames)]); err != nil {
					b.Fatal(err)
				}
			}
			rec.Close()
			b.ReportMetric(float64(out)/float64(b.N), "bytes/frame")
		})
	}
}

type countWriter int

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }
