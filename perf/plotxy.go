package perf

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"diorama/mathx"
	"diorama/raster"
)

// XYSeries is one line of an x–y plot, drawn through its points with a
// square mark on each.
type XYSeries struct {
	Name   string
	Colour color.RGBA // premultiplied
	X, Y   []float64
}

// Axis describes one axis of PlotXY.
type Axis struct {
	Label string
	Log   bool // log10 scale (values ≤ 0 are skipped)
}

// PlotXY draws series as lines with marked points on a w×h frame, in the
// style of PlotFrameTimes (grid, labels, legend at the right). Either
// axis may be logarithmic; the ranges come from the data (a linear y axis
// starts at 0). ref > 0 draws a red horizontal line at that y, labelled
// refLabel.
func PlotXY(title string, x, y Axis, series []XYSeries, w, h int, ref float64, refLabel string) (*raster.Frame, error) {
	pw, ph := w-plotL-plotR, h-plotT-plotB
	if pw < 10 || ph < 10 {
		return nil, fmt.Errorf("perf: plot %dx%d too small", w, h)
	}
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, s := range series {
		if len(s.X) != len(s.Y) {
			return nil, fmt.Errorf("perf: series %q has %d x and %d y values", s.Name, len(s.X), len(s.Y))
		}
		for k := range s.X {
			if !usable(s.X[k], x.Log) || !usable(s.Y[k], y.Log) {
				continue
			}
			xlo, xhi = math.Min(xlo, s.X[k]), math.Max(xhi, s.X[k])
			ylo, yhi = math.Min(ylo, s.Y[k]), math.Max(yhi, s.Y[k])
		}
	}
	if ref > 0 {
		yhi = math.Max(yhi, ref)
	}
	if math.IsInf(xlo, 0) || math.IsInf(ylo, 0) {
		return nil, fmt.Errorf("perf: plot %q has no points", title)
	}
	// Axis ranges: decades on log axes, nice steps from 0 on linear ones.
	tx := func(v float64) float64 { return v }
	ty := tx
	if x.Log {
		tx = math.Log10
		xlo, xhi = math.Floor(math.Log10(xlo)+1e-9), math.Ceil(math.Log10(xhi)-1e-9)
	} else {
		xlo, xhi = 0, niceCeil(xhi)
	}
	if y.Log {
		ty = math.Log10
		ylo, yhi = math.Floor(math.Log10(ylo)+1e-9), math.Ceil(math.Log10(yhi)-1e-9)
	} else {
		ylo, yhi = 0, niceCeil(yhi*1.1)
	}
	if xhi <= xlo {
		xhi = xlo + 1
	}
	if yhi <= ylo {
		yhi = ylo + 1
	}
	f, err := raster.NewFrame(w, h)
	if err != nil {
		return nil, err
	}
	f.Clear(white)
	font := raster.DefaultFont()
	clip := image.Rect(0, 0, w, h)
	x0, y0 := plotL, plotT+ph
	xpix := func(v float64) float64 { return float64(x0) + (tx(v)-xlo)/(xhi-xlo)*float64(pw) }
	ypix := func(v float64) float64 { return float64(y0) - (ty(v)-ylo)/(yhi-ylo)*float64(ph) }
	// Grid lines and labels.
	ticks := func(lo, hi float64, log bool) []float64 {
		var t []float64
		if log {
			for e := lo; e <= hi+1e-9; e++ {
				t = append(t, math.Pow(10, e))
			}
			return t
		}
		step := niceCeil((hi - lo) / 5)
		for v := lo; v <= hi+1e-9; v += step {
			t = append(t, v)
		}
		return t
	}
	for _, v := range ticks(ylo, yhi, y.Log) {
		yGrid(f, clip, font, x0, pw, int(math.Round(ypix(v))), v)
	}
	for _, v := range ticks(xlo, xhi, x.Log) {
		px := int(math.Round(xpix(v)))
		raster.Line(f, clip, px, plotT, px, y0, grid)
		lbl := trimFloat(v)
		tw, _ := font.Measure(lbl)
		font.Draw(f, clip, lbl, px-tw/2, y0+4, ink)
	}
	raster.StrokeRect(f, clip, image.Rect(x0, plotT, x0+pw+1, y0+1), ink)
	if ref > 0 {
		yr := ypix(ref)
		raster.LineAA(f, clip, mathx.V2(float64(x0), yr), mathx.V2(float64(x0+pw), yr), 1.5, red)
		tw, _ := font.Measure(refLabel)
		font.Draw(f, clip, refLabel, x0+pw-tw-5, int(yr)-font.LineHeight()-1, red)
	}
	for si, s := range series {
		var pts []mathx.Vec2
		for k := range s.X {
			if !usable(s.X[k], x.Log) || !usable(s.Y[k], y.Log) {
				continue
			}
			pts = append(pts, mathx.V2(xpix(s.X[k]), ypix(s.Y[k])))
		}
		if len(pts) > 1 {
			raster.ThickLine(f, clip, pts, 1.5, s.Colour, true, false)
		}
		for _, p := range pts {
			px, py := int(math.Round(p.X)), int(math.Round(p.Y))
			raster.FillRect(f, clip, image.Rect(px-2, py-2, px+3, py+3), s.Colour)
		}
		ly := plotT + 4 + si*(font.LineHeight()+4)
		raster.FillRect(f, clip, image.Rect(x0+pw+8, ly+3, x0+pw+20, ly+font.LineHeight()-3), s.Colour)
		font.Draw(f, clip, s.Name, x0+pw+24, ly, ink)
	}
	font.Draw(f, clip, title, plotL, 2, ink)
	font.Draw(f, clip, y.Label, 4, plotT-16, ink)
	tw, _ := font.Measure(x.Label)
	font.Draw(f, clip, x.Label, x0+pw/2-tw/2, y0+20, ink)
	return f, nil
}

func usable(v float64, log bool) bool {
	return !math.IsNaN(v) && !math.IsInf(v, 0) && (!log || v > 0)
}
