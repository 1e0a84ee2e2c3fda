package perf

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"

	"diorama/mathx"
	"diorama/raster"
)

// Series is one line of a time plot: a value per frame.
type Series struct {
	Name   string
	Colour color.RGBA // premultiplied
	Values []float32  // one per frame, in ms
}

// Bar is one bar of a bar chart, with an optional reference mark (the
// seed's figure).
type Bar struct {
	Label string
	Value float64
	// Ref, when > 0, is drawn as a mark on the bar's slot.
	Ref float64
}

// Palette is a set of distinguishable premultiplied colours for plots.
var Palette = []color.RGBA{
	{31, 119, 180, 255}, {255, 127, 14, 255}, {44, 160, 44, 255}, {214, 39, 40, 255},
	{148, 103, 189, 255}, {140, 86, 75, 255}, {227, 119, 194, 255}, {127, 127, 127, 255},
	{188, 189, 34, 255}, {23, 190, 207, 255},
}

var (
	white = color.RGBA{255, 255, 255, 255}
	ink   = color.RGBA{30, 30, 30, 255}
	grid  = color.RGBA{225, 225, 225, 255}
	red   = color.RGBA{200, 30, 30, 255}
)

// plot area margins
const (
	plotL, plotR, plotT, plotB = 64, 190, 36, 40
)

// PlotFrameTimes draws frame time (ms) against simulated time (s, at TPS
// frames per second) for each series, with the 60 FPS budget as a red
// line, on a w×h frame. ymax 0 picks the scale from the data.
func PlotFrameTimes(title string, series []Series, w, h int, ymax float64) (*raster.Frame, error) {
	f, err := raster.NewFrame(w, h)
	if err != nil {
		return nil, err
	}
	f.Clear(white)
	font := raster.DefaultFont()
	clip := image.Rect(0, 0, w, h)
	n := 0
	auto := ymax <= 0
	for _, s := range series {
		n = max(n, len(s.Values))
		if auto && len(s.Values) > 0 {
			// Scale to the 99th percentile: rare spikes (other processes)
			// are clipped at the top instead of flattening every line.
			v := slices.Clone(s.Values)
			slices.Sort(v)
			ymax = math.Max(ymax, 1.25*float64(v[(len(v)-1)*99/100]))
		}
	}
	budget := FrameBudget.Seconds() * 1e3
	if auto {
		ymax = math.Max(ymax, budget*1.2)
	}
	ymax = niceCeil(ymax)
	pw, ph := w-plotL-plotR, h-plotT-plotB
	if pw < 10 || ph < 10 || n == 0 {
		return nil, fmt.Errorf("perf: plot %dx%d too small or empty", w, h)
	}
	x0, y0 := plotL, plotT+ph
	ypix := func(v float64) float64 { return float64(y0) - math.Min(v, ymax)/ymax*float64(ph) }
	xpix := func(k int) float64 { return float64(x0) + float64(k)/float64(max(n-1, 1))*float64(pw) }
	for k := 0; k <= 5; k++ {
		v := ymax * float64(k) / 5
		yGrid(f, clip, font, x0, pw, int(math.Round(ypix(v))), v)
	}
	secs := float64(n) / TPS
	step := niceCeil(secs / 6)
	for s := 0.0; s <= secs+1e-9; s += step {
		x := int(math.Round(float64(x0) + s/secs*float64(pw)))
		raster.Line(f, clip, x, plotT, x, y0, grid)
		lbl := trimFloat(s)
		tw, _ := font.Measure(lbl)
		font.Draw(f, clip, lbl, x-tw/2, y0+4, ink)
	}
	raster.StrokeRect(f, clip, image.Rect(x0, plotT, x0+pw+1, y0+1), ink)
	if budget <= ymax {
		yb := ypix(budget)
		raster.LineAA(f, clip, mathx.V2(float64(x0), yb), mathx.V2(float64(x0+pw), yb), 1.5, red)
		lbl := "16.7 ms (60 FPS)"
		tw, _ := font.Measure(lbl)
		raster.FillRect(f, clip, image.Rect(x0+pw-tw-8, int(yb)-font.LineHeight()-2, x0+pw-2, int(yb)-1), white)
		font.Draw(f, clip, lbl, x0+pw-tw-5, int(yb)-font.LineHeight()-1, red)
	}
	// Each series: the per-frame values, as a polyline (at most one
	// point per pixel column: the column's maximum, so spikes show).
	pts := make([]mathx.Vec2, 0, pw+1)
	for si, s := range series {
		pts = pts[:0]
		col := -1
		for k, v := range s.Values {
			x := int(xpix(k))
			y := ypix(float64(v))
			if x == col {
				if y < pts[len(pts)-1].Y {
					pts[len(pts)-1].Y = y
				}
				continue
			}
			col = x
			pts = append(pts, mathx.V2(float64(x), y))
		}
		if len(pts) > 1 {
			raster.ThickLine(f, clip, pts, 1.2, s.Colour, true, false)
		}
		ly := plotT + 4 + si*(font.LineHeight()+4)
		raster.FillRect(f, clip, image.Rect(x0+pw+8, ly+3, x0+pw+20, ly+font.LineHeight()-3), s.Colour)
		font.Draw(f, clip, s.Name, x0+pw+24, ly, ink)
	}
	font.Draw(f, clip, title, plotL, 2, ink)
	font.Draw(f, clip, "ms per frame (sim + render; spikes above the top are clipped)", 4, plotT-16, ink)
	font.Draw(f, clip, "simulated seconds", x0+pw/2-50, y0+20, ink)
	return f, nil
}

// PlotBars draws a bar chart of counts on a log10 scale (the seed's
// hundreds beside the engine's tens of thousands), with each bar's
// reference value marked by a red tick.
func PlotBars(title string, bars []Bar, w, h int) (*raster.Frame, error) {
	f, err := raster.NewFrame(w, h)
	if err != nil {
		return nil, err
	}
	f.Clear(white)
	font := raster.DefaultFont()
	clip := image.Rect(0, 0, w, h)
	if len(bars) == 0 {
		return nil, fmt.Errorf("perf: no bars")
	}
	hi := 1.0
	for _, b := range bars {
		hi = math.Max(hi, math.Max(b.Value, b.Ref))
	}
	top := math.Max(1, math.Ceil(math.Log10(hi)-1e-9))
	pw, ph := w-plotL-40, h-plotT-plotB-30
	x0, y0 := plotL, plotT+ph
	ypix := func(v float64) int {
		if v < 1 {
			v = 1
		}
		return y0 - int(math.Round(math.Log10(v)/top*float64(ph)))
	}
	for e := 0.0; e <= top; e++ {
		yGrid(f, clip, font, x0, pw, ypix(math.Pow(10, e)), math.Pow(10, e))
	}
	raster.StrokeRect(f, clip, image.Rect(x0, plotT, x0+pw+1, y0+1), ink)
	slot := pw / len(bars)
	for k, b := range bars {
		bx := x0 + k*slot + slot/6
		bw := slot * 2 / 3
		col := Palette[k%len(Palette)]
		y := ypix(b.Value)
		raster.FillRect(f, clip, image.Rect(bx, y, bx+bw, y0), col)
		v := fmt.Sprintf("%d", int(math.Round(b.Value)))
		tw, _ := font.Measure(v)
		font.Draw(f, clip, v, bx+bw/2-tw/2, y-font.LineHeight()-2, ink)
		if b.Ref > 0 {
			ry := ypix(b.Ref)
			raster.FillRect(f, clip, image.Rect(bx-3, ry-1, bx+bw+3, ry+2), red)
		}
		for li, part := range strings.Split(b.Label, "|") { // '|' breaks a label into lines
			tw, _ := font.Measure(part)
			font.Draw(f, clip, part, bx+bw/2-tw/2, y0+4+li*font.LineHeight(), ink)
		}
	}
	font.Draw(f, clip, title, plotL, 10, ink)
	font.Draw(f, clip, "red mark: the seed's figure", x0+pw-180, 10, red)
	return f, nil
}

// yGrid draws a horizontal grid line across the plot (x0 to x0+pw) at
// row y, labelled v left of the axis.
func yGrid(f *raster.Frame, clip image.Rectangle, font *raster.Font, x0, pw, y int, v float64) {
	raster.Line(f, clip, x0, y, x0+pw, y, grid)
	lbl := trimFloat(v)
	tw, _ := font.Measure(lbl)
	font.Draw(f, clip, lbl, x0-6-tw, y-font.LineHeight()/2, ink)
}

// niceCeil rounds v up to 1, 2 or 5 times a power of ten.
func niceCeil(v float64) float64 {
	if !(v > 0) || math.IsInf(v, 0) {
		return 1
	}
	e := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*e >= v*(1-1e-12) {
			return m * e
		}
	}
	return 10 * e
}

// trimFloat formats v with at most two decimals and no trailing zeros.
func trimFloat(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	for s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	if s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	return s
}
