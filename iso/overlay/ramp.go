package overlay

import (
	"image/color"
	"math"

	"diorama/raster"
)

// Ramp maps a value to a colour: Lo maps to the first stop, Hi to the
// last, and the stops in between are evenly spaced, with straight-alpha
// linear interpolation between neighbours. Values outside [Lo, Hi] take
// the nearest end's colour; NaN is transparent. A ramp needs at least one
// stop (a ramp without stops is transparent everywhere).
type Ramp struct {
	Lo, Hi float32
	Stops  []color.NRGBA
}

// Heat returns a ramp for one-sided maps (danger, influence): transparent
// at lo, through translucent yellow and orange, to red at hi.
func Heat(lo, hi float32) Ramp {
	return Ramp{Lo: lo, Hi: hi, Stops: []color.NRGBA{
		{255, 240, 60, 0},
		{255, 220, 40, 110},
		{255, 130, 20, 160},
		{220, 20, 20, 200},
	}}
}

// Diverging returns a ramp for signed maps such as safety − danger, from
// −lim to +lim: red for negative values (danger), transparent at zero and
// blue for positive values (safety). Red and blue stay apart for the
// common colour-vision deficiencies.
func Diverging(lim float32) Ramp {
	return Ramp{Lo: -lim, Hi: lim, Stops: []color.NRGBA{
		{215, 25, 28, 200},
		{250, 120, 80, 120},
		{255, 255, 255, 0},
		{90, 160, 230, 120},
		{20, 80, 200, 200},
	}}
}

// Straight returns the straight-alpha colour of v.
func (r Ramp) Straight(v float32) color.NRGBA {
	n := len(r.Stops)
	if n == 0 || v != v {
		return color.NRGBA{}
	}
	if n == 1 {
		return r.Stops[0]
	}
	var t float64
	if span := float64(r.Hi) - float64(r.Lo); span > 0 && !math.IsInf(span, 0) {
		t = (float64(v) - float64(r.Lo)) / span
	} else if v >= r.Hi {
		t = 1
	}
	t = min(max(t, 0), 1)
	f := t * float64(n-1)
	k := min(int(f), n-2)
	u := f - float64(k)
	a, b := r.Stops[k], r.Stops[k+1]
	return color.NRGBA{
		R: mix(a.R, b.R, u), G: mix(a.G, b.G, u),
		B: mix(a.B, b.B, u), A: mix(a.A, b.A, u),
	}
}

// At returns the premultiplied colour of v, as the raster functions take
// it: the exact pixel a cell of value v leaves on a transparent frame.
func (r Ramp) At(v float32) color.RGBA { return raster.Premul(r.Straight(v)) }

// mix interpolates one channel, rounding half up.
func mix(a, b uint8, u float64) uint8 {
	return uint8(math.Floor(float64(a) + (float64(b)-float64(a))*u + 0.5))
}
