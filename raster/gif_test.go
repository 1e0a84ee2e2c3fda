package raster

import (
	"bytes"
	"image/color"
	"image/gif"
	"math/rand/v2"
	"testing"
)

// A GIF of frames with few colours reproduces every pixel exactly; frames
// with many colours stay close; unchanged frames cost almost nothing.
func TestGIFRecorder(t *testing.T) {
	var buf bytes.Buffer
	rec, err := NewGIFRecorder(&buf, 40, 30, 4)
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
	if err := rec.Add(frames[5]); err != nil { // identical frame
		t.Fatal(err)
	}
	frames = append(frames, frames[5])
	// Many colours: a random image is approximated within a small error.
	noisy := mustFrame(t, 40, 30)
	r := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < len(noisy.Pix); i += 4 {
		noisy.Pix[i], noisy.Pix[i+1], noisy.Pix[i+2], noisy.Pix[i+3] = uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255
	}
	if err := rec.Add(noisy); err != nil {
		t.Fatal(err)
	}
	if rec.Frames() != 8 {
		t.Fatalf("Frames() = %d", rec.Frames())
	}
	if err := rec.Add(mustFrame(t, 10, 10)); err == nil {
		t.Fatal("wrong-size frame accepted")
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if err := rec.Add(frames[0]); err == nil {
		t.Fatal("Add after Close accepted")
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 8 || g.Config.Width != 40 || g.Config.Height != 30 || g.Delay[0] != 4 {
		t.Fatalf("decoded %d frames %dx%d delay %d", len(g.Image), g.Config.Width, g.Config.Height, g.Delay[0])
	}
	// Compose the frames (each stores only its changed rectangle).
	canvas := mustFrame(t, 40, 30)
	for i, pm := range g.Image {
		b := pm.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				canvas.Set(x, y, pm.At(x, y))
			}
		}
		if i == 7 {
			var worst int
			for k := range canvas.Pix {
				d := int(canvas.Pix[k]) - int(noisy.Pix[k])
				worst = max(worst, d*d)
			}
			if worst > 60*60 {
				t.Fatalf("noisy frame: channel error up to %d", worst)
			}
			continue
		}
		if k := firstDiff(canvas.Pix, frames[i].Pix); k >= 0 {
			t.Fatalf("frame %d: byte %d got %d want %d", i, k, canvas.Pix[k], frames[i].Pix[k])
		}
	}
	if _, err := NewGIFRecorder(&buf, 0, 5, 1); err == nil {
		t.Fatal("zero width accepted")
	}
}
