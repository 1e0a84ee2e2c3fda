package perf

import (
	"image/color"
	"math"
	"testing"
)

func rgbaAt(t *testing.T, pix []byte, stride, x, y int) color.RGBA {
	t.Helper()
	k := y*stride + 4*x
	return color.RGBA{pix[k], pix[k+1], pix[k+2], pix[k+3]}
}

// TestPlotBars: bars stand on the log10 scale: a bar of 1000 on a
// 4-decade axis reaches exactly 3/4 of the plot height, and its
// reference mark sits at its own value.
func TestPlotBars(t *testing.T) {
	const w, h = 400, 300
	bars := []Bar{{Label: "a", Value: 1000, Ref: 100}, {Label: "b|two", Value: 10000}}
	f, err := PlotBars("t", bars, w, h)
	if err != nil {
		t.Fatal(err)
	}
	img := f.Image()
	ph := h - plotT - plotB - 30
	y0 := plotT + ph
	top := y0 - int(math.Round(3.0/4*float64(ph))) // 1000 of 10^4
	pw := w - plotL - 40
	x := plotL + pw/len(bars)/6 + pw/len(bars)/3 // middle of bar a
	if c := rgbaAt(t, img.Pix, img.Stride, x, top+1); c != Palette[0] {
		t.Fatalf("inside bar a at y %d: %v, want %v", top+1, c, Palette[0])
	}
	if c := rgbaAt(t, img.Pix, img.Stride, x, top-1); c == Palette[0] {
		t.Fatalf("bar a reaches above %d", top)
	}
	ref := y0 - int(math.Round(2.0/4*float64(ph))) // 100
	if c := rgbaAt(t, img.Pix, img.Stride, x, ref); c != red {
		t.Fatalf("reference mark at y %d: %v, want red", ref, c)
	}
	if _, err := PlotBars("t", nil, w, h); err == nil {
		t.Fatal("no bars accepted")
	}
}

// TestPlotFrameTimes: a constant series is a horizontal line at its value
// on the given scale, and the budget line is red at 16.67 ms.
func TestPlotFrameTimes(t *testing.T) {
	const w, h = 600, 300
	vals := make([]float32, 600)
	for k := range vals {
		vals[k] = 10
	}
	c := color.RGBA{0, 0, 200, 255}
	f, err := PlotFrameTimes("t", []Series{{Name: "s", Colour: c, Values: vals}}, w, h, 20)
	if err != nil {
		t.Fatal(err)
	}
	img := f.Image()
	ph := h - plotT - plotB
	y0 := plotT + ph
	x := plotL + (w-plotL-plotR)/2
	yl := int(float64(y0) - 10.0/20*float64(ph))
	found := false
	for y := yl - 1; y <= yl+1; y++ {
		if p := rgbaAt(t, img.Pix, img.Stride, x, y); p.B > 150 && int(p.B) > int(p.R)+60 && int(p.B) > int(p.G)+60 {
			found = true
		}
	}
	if !found {
		t.Fatalf("no series pixel near y %d", yl)
	}
	yb := float64(y0) - (1000.0/60)/20*float64(ph)
	got := rgbaAt(t, img.Pix, img.Stride, x+40, int(math.Round(yb)))
	if got.R < 150 || got.G > 120 {
		t.Fatalf("budget line pixel at y %.1f is %v, want red", yb, got)
	}
	if _, err := PlotFrameTimes("t", nil, w, h, 0); err == nil {
		t.Fatal("empty plot accepted")
	}
}

func TestNiceCeil(t *testing.T) {
	for _, c := range [][2]float64{{0.7, 1}, {1, 1}, {1.2, 2}, {3, 5}, {7, 10}, {16.7, 20}, {240, 500}, {0, 1}} {
		if got := niceCeil(c[0]); got != c[1] {
			t.Errorf("niceCeil(%v) = %v, want %v", c[0], got, c[1])
		}
	}
}
