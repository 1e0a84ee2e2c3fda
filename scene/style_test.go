package scene

import (
	"image"
	"image/color"
	"math"
	"testing"

	"diorama/atlas"
	"diorama/internal/testenv"
	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

func block(w, h int, c color.RGBA) *raster.Sprite {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return raster.MustSprite(img)
}

// TestLookPartsAimAndFlash: a turret part turns with the aim, not the
// heading; a flash paints the silhouette and fades out over its ticks;
// tint and opacity apply to every part; the steady-state frame does not
// allocate.
func TestLookPartsAimAndFlash(t *testing.T) {
	w, _ := roomWorld(t, false)
	red, green, blue := color.RGBA{200, 0, 0, 255}, color.RGBA{0, 200, 0, 255}, color.RGBA{0, 0, 200, 255}
	turret := LookPart{
		// Four facings, screen angles E, S, W, N: green east, blue
		// otherwise.
		Frames:  []*raster.Sprite{block(4, 4, green), block(4, 4, blue), block(4, 4, blue), block(4, 4, blue)},
		Dirs:    atlas.Directions(4, 0),
		Offset:  mathx.Point{X: 0, Y: -8},
		FaceAim: true,
	}
	id, err := w.Looks().Add(&Look{Sprite: block(12, 8, red), Parts: []LookPart{turret}})
	if err != nil {
		t.Fatal(err)
	}
	tank := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(4.5, 4.5, 0), Radius: 0.3, Look: id, Facing: math.Pi / 2})
	cam := iso.NewCamera(64, 64)
	cam.Center = w.Grid.ToScreen(mathx.V3(4.5, 4.5, 0)).Sub(mathx.V2(0, 8))
	pt := iso.NewPainter(w.Grid, cam)
	fr, _ := raster.NewFrame(64, 64)
	dl := raster.NewDrawList()
	draw := func() {
		fr.Clear(color.RGBA{})
		dl.Reset()
		if _, err := w.Render(dl, pt, 1); err != nil {
			t.Fatal(err)
		}
		dl.Draw(fr)
	}
	// The feet are at (32, 40): the hull covers y 32..39, the turret
	// (8 px up, 4 high) y 28..31.
	turretPx := func() color.RGBA { return fr.RGBAAt(32, 30) }
	hullPx := func() color.RGBA { return fr.RGBAAt(32, 36) }
	w.Looks().SetAim(tank, 0) // east
	draw()
	if turretPx() != green || hullPx() != red {
		t.Fatalf("aim east: turret %v hull %v", turretPx(), hullPx())
	}
	w.Looks().SetAim(tank, math.Pi) // west, heading unchanged
	draw()
	if turretPx() != blue {
		t.Fatalf("aim west: turret %v", turretPx())
	}
	w.Looks().Flash(tank, color.RGBA{255, 255, 255, 255}, 4)
	draw()
	if c := hullPx(); c != (color.RGBA{255, 255, 255, 255}) {
		t.Fatalf("flash at full: hull %v", c)
	}
	last := 255
	for k := 0; k < 4; k++ {
		w.Step()
		draw()
		g := int(hullPx().G)
		if g > last {
			t.Fatalf("flash grew back at tick %d: %d > %d", k, g, last)
		}
		last = g
	}
	if hullPx() != red {
		t.Fatalf("flash not over: %v", hullPx())
	}
	w.Looks().SetOpacity(tank, 128)
	draw()
	if c := turretPx(); c.A != 128 || c.B != 100 {
		t.Fatalf("half opacity on the turret: %v", c)
	}
	if n := testenv.AllocsOver(20, draw); n != 0 {
		t.Fatalf("%v allocations in 20 frames", n)
	}
}
