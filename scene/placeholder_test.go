package scene

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
	"diorama/raster/rastertest"
)

// Eight placeholder characters facing the eight ways, on a floor, drawn
// by the world: the golden frame shows the shading and the noses.
func TestPlaceholderLookGolden(t *testing.T) {
	p, _ := iso.Dimetric(32)
	g, _ := iso.NewDiamond(p, 6, 6)
	w, err := NewWorld(Config{Grid: g})
	if err != nil {
		t.Fatal(err)
	}
	look, err := PlaceholderLook(p, color.NRGBA{200, 60, 50, 255}, 0.3, 1)
	if err != nil {
		t.Fatal(err)
	}
	id, err := w.Looks().Add(look)
	if err != nil {
		t.Fatalf("AddLook refuses the placeholder: %v", err)
	}
	tiles := make([]int32, 36)
	w.Layers = []Layer{{Name: "floor", TileLayer: iso.TileLayer{Tiles: tiles, Sprites: []*raster.Sprite{raster.MustSprite(iso.TileImage(p, color.RGBA{90, 110, 90, 255}))}}}}
	for d := range 8 {
		a := float64(d) * math.Pi / 4
		pos := mathx.V3(3+2*math.Cos(a), 3+2*math.Sin(a), 0)
		if _, err := w.Create(EntityDef{Kind: Character, Pos: pos, Facing: a, Radius: 0.3, Look: id}); err != nil {
			t.Fatal(err)
		}
	}
	cam := iso.NewCamera(200, 140)
	cam.Center = g.ToScreen(mathx.V3(3, 3, 0.5))
	dl := raster.NewDrawList()
	dl.Clear(color.RGBA{20, 20, 30, 255})
	if _, err := w.Render(dl, iso.NewPainter(g, cam), 0); err != nil {
		t.Fatal(err)
	}
	f, _ := raster.NewFrame(200, 140)
	dl.Draw(f)
	rastertest.Golden(t, "testdata/placeholder_look.png", f, *update)
}

// The look stands on the entity's feet: drawn alone at a known point, the
// feet pixel is covered, the pixel height·ZPixels above the top is not,
// and the eight facings differ.
func TestPlaceholderLookFeet(t *testing.T) {
	p, _ := iso.Dimetric(64)
	look, err := PlaceholderLook(p, color.NRGBA{50, 90, 220, 255}, 0.25, 1.5)
	if err != nil {
		t.Fatal(err)
	}
	if len(look.Frames) != 8 || len(look.Dirs.Angles) != 8 || len(look.Clips[Walk]) != 8 {
		t.Fatalf("want 8 facings, got %d frames %d dirs %d walk clips", len(look.Frames), len(look.Dirs.Angles), len(look.Clips[Walk]))
	}
	for d, s := range look.Frames {
		f, _ := raster.NewFrame(100, 150)
		fx, fy := 50, 120 // the feet
		x := fx - s.W()/2 + look.Offset.X
		y := fy - s.H() + look.Offset.Y
		raster.DrawSprite(f, f.Rect, s, x, y, nil)
		if a := f.RGBAAt(fx, fy).A; a != 255 {
			t.Errorf("facing %d: feet pixel alpha %d, want covered", d, a)
		}
		top := fy - int(1.5*float64(p.ZPixels))
		if a := f.RGBAAt(fx, top-9).A; a != 0 {
			t.Errorf("facing %d: pixel above the top is drawn (alpha %d)", d, a)
		}
		if a := f.RGBAAt(fx, top).A; a != 255 {
			t.Errorf("facing %d: top centre not drawn (alpha %d)", d, a)
		}
		if d > 0 {
			if n, _ := rastertest.Diff(spriteFrame(look.Frames[0]), spriteFrame(s).Image()); n == 0 {
				t.Errorf("facing %d draws the same as facing 0", d)
			}
		}
	}
}

func spriteFrame(s *raster.Sprite) *raster.Frame {
	f, _ := raster.NewFrame(s.W(), s.H())
	raster.DrawSprite(f, f.Rect, s, 0, 0, nil)
	return f
}

func TestPlaceholderErrors(t *testing.T) {
	p, _ := iso.Dimetric(32)
	for _, c := range []struct {
		p    iso.Projection
		r, h float64
	}{{iso.Projection{}, 0.3, 1}, {p, 0, 1}, {p, math.NaN(), 1}, {p, 0.3, -1}, {p, 0.3, math.Inf(1)}, {p, 100, 1}} {
		if _, err := PlaceholderLook(c.p, color.NRGBA{A: 255}, c.r, c.h); err == nil {
			t.Errorf("PlaceholderLook(%+v, %v, %v) gave no error", c.p, c.r, c.h)
		}
	}
	for _, d := range []int{-1, 0, 1, 65} {
		if _, err := PlaceholderBullet(color.NRGBA{A: 255}, d); err == nil {
			t.Errorf("PlaceholderBullet(%d) gave no error", d)
		}
	}
	s, err := PlaceholderBullet(color.NRGBA{255, 200, 0, 255}, 6)
	if err != nil || s.W() != 6 || s.H() != 6 {
		t.Fatalf("bullet: %v, %v", s, err)
	}
	f := spriteFrame(s)
	if f.RGBAAt(3, 3).A != 255 || f.RGBAAt(0, 0).A == 255 {
		t.Errorf("bullet should be a disc: centre alpha %d, corner alpha %d", f.RGBAAt(3, 3).A, f.RGBAAt(0, 0).A)
	}
}

// A prototype character and bullet without any art.
func ExamplePlaceholderLook() {
	p, _ := iso.Dimetric(32)
	g, _ := iso.NewDiamond(p, 8, 8)
	w, _ := NewWorld(Config{Grid: g})
	look, _ := PlaceholderLook(p, color.NRGBA{200, 60, 50, 255}, 0.3, 1)
	id, _ := w.Looks().Add(look)
	w.Create(EntityDef{Kind: Character, Pos: mathx.V3(4, 4, 0), Radius: 0.3, Look: id})
	dot, _ := PlaceholderBullet(color.NRGBA{255, 220, 80, 255}, 4)
	w.Bullets().SetSprite(dot)
	fmt.Println(len(look.Frames), "facings of", look.Frames[0].W(), "x", look.Frames[0].H(), "pixels")
	// Output:
	// 8 facings of 16 x 25 pixels
}
