package level

import (
	"image"
	"image/color"
	"testing"

	"diorama/iso"
	"diorama/raster"
	"diorama/scene"
)

// def returns what w holds of e (World.Def), failing the test for a
// stale handle.
func def(t testing.TB, w *scene.World, e scene.Entity) scene.EntityDef {
	t.Helper()
	d, ok := w.Def(e)
	if !ok {
		t.Fatalf("entity %v is stale", e)
	}
	return d
}

func mustProj(t testing.TB, tw int) iso.Projection {
	p, err := iso.Dimetric(tw)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// dot is a one-pixel sprite of colour c.
func dot(c color.RGBA) *raster.Sprite {
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	img.SetRGBA(0, 0, c)
	return raster.MustSprite(img)
}
