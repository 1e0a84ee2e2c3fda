package scene_test

import (
	"bytes"
	"diorama/internal/loadutil/loadtest"
	"diorama/level"
	"diorama/scene"
	"fmt"
	"image/color"
	"os"
	"testing"
	"testing/fstest"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// TestGroundCacheIdentical: with the ground cache, every frame of a pan
// (across the margin, so the picture is rebuilt), a zoom and a layer
// toggle is byte-identical to the frame drawn without it, and panning
// inside the margin reuses the picture.
func TestGroundCacheIdentical(t *testing.T) {
	for _, name := range []string{"iso.tmx", "ortho.tmx", "staggered.tmx"} {
		bg := color.RGBA{24, 24, 32, 255}
		load := func() *scene.World {
			w, err := level.LoadTiled(os.DirFS("../level/testdata"), name, level.Options{})
			if err != nil {
				t.Fatal(err)
			}
			return w
		}
		plain, cached := load(), load()
		cached.GroundCache = &scene.GroundCache{Background: bg, Margin: 64}
		if cached.StaticLayers() == 0 {
			t.Fatalf("%s: no static bottom layer", name)
		}
		b := plain.Grid.Bounds()
		frame := func(w *scene.World, c mathx.Vec2, zoom int) []byte {
			cam := iso.NewCamera(200, 150)
			cam.Center = c
			cam.SetZoom(zoom)
			fr, _ := raster.NewFrame(200, 150)
			fr.Clear(bg)
			dl := raster.NewDrawList()
			if _, err := w.Render(dl, iso.NewPainter(w.Grid, cam), 1); err != nil {
				t.Fatal(err)
			}
			dl.Draw(fr)
			return fr.Pix
		}
		c := mathx.V2(float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2)
		steps := 0
		check := func(what string, c mathx.Vec2, zoom int) {
			steps++
			if !bytes.Equal(frame(plain, c, zoom), frame(cached, c, zoom)) {
				t.Fatalf("%s: %s: cached frame differs from the full redraw", name, what)
			}
		}
		check("start", c, 1)
		builds := cached.GroundCache.Builds
		for k := 1; k <= 6; k++ {
			check("small pan", c.Add(mathx.V2(float64(k*7), float64(-k*5))), 1)
		}
		if cached.GroundCache.Builds != builds {
			t.Errorf("%s: panning inside the margin rebuilt the picture %d times", name, cached.GroundCache.Builds-builds)
		}
		check("zoom 2", c, 2)
		check("zoom 3 off centre", c.Add(mathx.V2(-31, 17)), 3)
		check("back at zoom 1", c, 1)
		before, scrolls := cached.GroundCache.Builds, cached.GroundCache.Scrolls
		check("pan past the margin", c.Add(mathx.V2(90, 40)), 1)
		if cached.GroundCache.Builds != before || cached.GroundCache.Scrolls != scrolls+1 {
			t.Errorf("%s: a pan past the margin made %d pictures and %d scrolls, want a scroll", name,
				cached.GroundCache.Builds-before, cached.GroundCache.Scrolls-scrolls)
		}
		// A walk across the map in every direction: each picture scrolled
		// from the last is the full redraw's, pixel for pixel.
		for k, d := range []mathx.Vec2{{X: 97, Y: 0}, {X: 0, Y: 61}, {X: -83, Y: -47}, {X: 45, Y: -90}} {
			p := c
			for step := range 8 {
				p = p.Add(d)
				check(fmt.Sprintf("walk %d step %d", k, step), p, 1)
			}
		}
		if cached.GroundCache.Scrolls < scrolls+4 {
			t.Errorf("%s: only %d scrolls on the walks", name, cached.GroundCache.Scrolls-scrolls)
		}
		before = cached.GroundCache.Builds
		check("jump far away", c.Add(mathx.V2(3000, 2000)), 1)
		if cached.GroundCache.Builds != before+1 {
			t.Errorf("%s: a jump away did not build a new picture", name)
		}
		plain.Layers[0].Hidden, cached.Layers[0].Hidden = true, true
		check("bottom layer hidden", c, 1)
		plain.Layers[0].Hidden, cached.Layers[0].Hidden = false, false
		plain.Layers[0].Tiles[0], cached.Layers[0].Tiles[0] = -1, -1
		cached.GroundCache.Invalidate()
		check("a tile removed", mathx.V2(float64(b.Min.X), float64(b.Min.Y)), 1)
	}
}

// BenchmarkGroundCache: an 800×480 view of a 64×64 isometric map of
// four tile layers, drawn with and without the ground cache, its camera
// moving a pixel back and forth (jiggle) or panning 4 pixels a frame
// across the map (pan: the cache scrolls its picture past the margin,
// starting again at the left edge when it reaches the right).
//
//	go test -run '^$' -bench GroundCache -benchtime 400x ./scene/
func BenchmarkGroundCache(b *testing.B) {
	for _, pan := range []bool{false, true} {
		for _, cache := range []bool{false, true} {
			name := "jiggle/redraw"
			switch {
			case pan && cache:
				name = "pan/cached"
			case pan:
				name = "pan/redraw"
			case cache:
				name = "jiggle/cached"
			}
			b.Run(name, func(b *testing.B) {
				w, err := level.LoadTiled(genIsoMap(b, 64), "big.tmx", level.Options{})
				if err != nil {
					b.Fatal(err)
				}
				if cache {
					w.GroundCache = &scene.GroundCache{Background: color.RGBA{0, 0, 0, 255}}
				}
				cam := iso.NewCamera(800, 480)
				g := w.Grid.Bounds()
				left := float64(g.Min.X + 400)
				cam.Center = mathx.V2(float64(g.Min.X+g.Max.X)/2, float64(g.Min.Y+g.Max.Y)/2)
				pt := iso.NewPainter(w.Grid, cam)
				fr, _ := raster.NewFrame(800, 480)
				dl := raster.NewDrawList()
				k := 0
				for b.Loop() {
					k++
					if pan {
						if cam.Center.X += 4; cam.Center.X > float64(g.Max.X-400) {
							cam.Center.X = left
						}
					} else {
						cam.Center.X += float64(k%2*2 - 1) // a pixel back and forth
					}
					fr.Clear(color.RGBA{0, 0, 0, 255})
					dl.Reset()
					if _, err := w.Render(dl, pt, 1); err != nil {
						b.Fatal(err)
					}
					dl.Draw(fr)
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/frame")
				if cache {
					b.ReportMetric(float64(w.GroundCache.Builds), "builds")
					b.ReportMetric(float64(w.GroundCache.Scrolls), "scrolls")
				}
			})
		}
	}
}

// BenchmarkGroundPicture: what one new ground picture costs in an
// 800×480 view (picture 1312×992 with the default margin): built from
// scratch (the ground invalidated every frame) against scrolled (the
// camera jumping 300 pixels back and forth, past the margin each time),
// frame included.
//
//	go test -run '^$' -bench GroundPicture -benchtime 200x ./scene/
func BenchmarkGroundPicture(b *testing.B) {
	for _, scroll := range []bool{false, true} {
		name := "build"
		if scroll {
			name = "scroll"
		}
		b.Run(name, func(b *testing.B) {
			w, err := level.LoadTiled(genIsoMap(b, 64), "big.tmx", level.Options{})
			if err != nil {
				b.Fatal(err)
			}
			w.GroundCache = &scene.GroundCache{Background: color.RGBA{0, 0, 0, 255}}
			cam := iso.NewCamera(800, 480)
			g := w.Grid.Bounds()
			c := mathx.V2(float64(g.Min.X+g.Max.X)/2, float64(g.Min.Y+g.Max.Y)/2)
			cam.Center = c
			pt := iso.NewPainter(w.Grid, cam)
			fr, _ := raster.NewFrame(800, 480)
			dl := raster.NewDrawList()
			k := 0
			for b.Loop() {
				k++
				if scroll {
					cam.Center = c.Add(mathx.V2(float64(k%2*300), 0))
				} else {
					w.GroundCache.Invalidate()
				}
				dl.Reset()
				if _, err := w.Render(dl, pt, 1); err != nil {
					b.Fatal(err)
				}
				dl.Draw(fr)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/picture")
			b.ReportMetric(float64(w.GroundCache.Builds+w.GroundCache.Scrolls)/float64(b.N), "pictures/frame")
		})
	}
}

// genIsoMap returns a side×side isometric map of four zlib-compressed
// tile layers over level's test tileset (loadtest.IsoMap).
func genIsoMap(b testing.TB, side int) fstest.MapFS {
	img, err := os.ReadFile("../level/testdata/tiles.png")
	if err != nil {
		b.Fatal(err)
	}
	return loadtest.IsoMap(side, img)
}
