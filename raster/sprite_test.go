package raster

import (
	"image"
	"slices"
	"testing"
)

// SetOpaque gives the sprite Set gives, for an opaque image (copied as
// is) and for one with a translucent pixel (taken through Set).
func TestSetOpaqueMatchesSet(t *testing.T) {
	img := image.NewRGBA(image.Rect(3, 5, 40, 29))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(i), uint8(i/7), uint8(i/13), 255
	}
	for _, translucent := range []bool{false, true} {
		if translucent {
			img.Pix[4*77+3], img.Pix[4*77] = 100, 90
		}
		var a, b Sprite
		if err := a.Set(img); err != nil {
			t.Fatal(err)
		}
		if err := b.SetOpaque(img); err != nil {
			t.Fatal(err)
		}
		if a.w != b.w || a.h != b.h || a.trim != b.trim || a.opaque != b.opaque || !slices.Equal(a.pix, b.pix) ||
			!slices.Equal(a.rowRuns, b.rowRuns) || !slices.Equal(a.runs, b.runs) {
			t.Errorf("translucent %v: SetOpaque's sprite differs from Set's", translucent)
		}
	}
	if err := (&Sprite{}).SetOpaque(nil); err != ErrNilImage {
		t.Errorf("nil image: %v", err)
	}
}
