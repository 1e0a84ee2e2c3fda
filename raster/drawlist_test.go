package raster

import (
	"image"
	"image/color"
	"testing"

	"diorama/mathx"
)

// An empty clip draws nothing: every kind of command added under it,
// including Clear, leaves the frame untouched, through Draw and through the
// Renderer, for a new list and for the zero value.
func TestDrawListEmptyClipDrawsNothing(t *testing.T) {
	s := testSprite(t, 16, 16, 5)
	red := color.RGBA{200, 0, 0, 255}
	for _, clip := range []image.Rectangle{
		{},                         // the zero rectangle
		image.Rect(5, 5, 5, 12),    // zero width
		image.Rect(3, 9, 14, 9),    // zero height
		image.Rect(40, 40, 60, 60), // outside the frame is not empty, but draws nothing here either
	} {
		for _, zero := range []bool{false, true} {
			l := NewDrawList()
			if zero {
				l = new(DrawList)
			}
			l.SetClip(clip)
			l.Clear(red)
			l.Sprite(0, s, 0, 0, nil)
			l.CopySprite(0, s, 2, 2)
			l.FillRect(0, image.Rect(0, 0, 16, 16), red)
			l.Line(0, 0, 0, 15, 15, red)
			l.FillCircle(0, mathx.V2(8, 8), 6, red, true)
			got := mustFrame(t, 16, 16)
			l.Draw(got)
			for i, v := range got.Pix {
				if v != 0 {
					t.Fatalf("clip %v (zero value %v): byte %d is %d, want an untouched frame", clip, zero, i, v)
				}
			}
			rd := NewRenderer(2)
			rd.Render(got, l)
			rd.Close()
			for i, v := range got.Pix {
				if v != 0 {
					t.Fatalf("clip %v (zero value %v), Renderer: byte %d is %d", clip, zero, i, v)
				}
			}
			// ClearClip lifts the empty clip again.
			l.ClearClip()
			l.FillRect(1, image.Rect(0, 0, 1, 1), red)
			l.Draw(got)
			if got.Pix[0] != 200 {
				t.Fatalf("clip %v: after ClearClip the fill did not draw", clip)
			}
		}
	}
}
