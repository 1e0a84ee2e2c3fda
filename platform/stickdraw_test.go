package platform

import (
	"image/color"
	"testing"

	"diorama/raster"
)

func TestDrawStick(t *testing.T) {
	left, _ := TwinSticks(200, 100, 20)
	f, _ := raster.NewFrame(200, 100)
	bg := color.RGBA{0, 0, 0, 255}
	f.Clear(bg)
	style := StickStyle{Base: color.RGBA{0, 255, 0, 255}, Knob: color.RGBA{255, 0, 0, 255}, Width: 2}
	DrawStick(f, left.Geometry(), style) // inactive, not shown
	for i := 0; i < len(f.Pix); i += 4 {
		if f.Pix[i] != 0 || f.Pix[i+1] != 0 {
			t.Fatal("inactive stick drawn")
		}
	}
	left.Handle(Event{Kind: TouchDown, Pointer: 1, X: 50.5, Y: 50.5})
	left.Handle(Event{Kind: TouchMove, Pointer: 1, X: 90.5, Y: 50.5}) // clamped to (70.5, 50.5)
	DrawStick(f, left.Geometry(), style)
	if got := f.RGBAAt(70, 50); got != style.Knob {
		t.Fatalf("knob centre %v", got)
	}
	if got := f.RGBAAt(50, 50); got != bg {
		t.Fatalf("inside the ring, away from the knob: %v", got)
	}
	if got := f.RGBAAt(50, 30); got.G != 255 || got.R != 0 { // on the ring (radius 20 above the centre)
		t.Fatalf("ring pixel %v", got)
	}
	if got := f.RGBAAt(150, 50); got != bg {
		t.Fatalf("far pixel touched: %v", got)
	}
	DrawStick(nil, left.Geometry(), style) // no panic
}
