package platform

import (
	"image/color"

	"diorama/raster"
)

// StickStyle says how [DrawStick] paints a thumbstick.
type StickStyle struct {
	Base     color.RGBA // ring around the neutral point (premultiplied)
	Knob     color.RGBA // disc under the finger (premultiplied)
	Width    float64    // ring width in frame pixels (default 2)
	ShowIdle bool       // also draw inactive sticks at their resting place
}

// DefaultStickStyle is a translucent white ring and knob.
var DefaultStickStyle = StickStyle{
	Base:  color.RGBA{R: 128, G: 128, B: 128, A: 128},
	Knob:  color.RGBA{R: 160, G: 160, B: 160, A: 160},
	Width: 2,
}

// DrawStick draws a stick's geometry into f with the raster primitives:
// an antialiased ring of radius g.Radius about g.Center and a filled disc
// of radius g.KnobRadius at g.Knob. Inactive sticks are drawn only with
// style.ShowIdle.
func DrawStick(f *raster.Frame, g StickGeometry, style StickStyle) {
	if f == nil || !g.Active && !style.ShowIdle {
		return
	}
	w := style.Width
	if !(w > 0) {
		w = 2
	}
	clip := f.Rect
	raster.StrokeCircleAA(f, clip, g.Center, g.Radius, w, style.Base)
	raster.FillCircle(f, clip, g.Knob, g.KnobRadius, style.Knob, true)
}
