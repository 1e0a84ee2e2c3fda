package atlas

import (
	"embed"
	"fmt"
	"image"
	"image/color"
	"slices"
	"testing"

	"diorama/mathx"
	"diorama/raster"
)

func randomSizes(n int, seed uint64) []image.Point {
	r := mathx.NewRand(seed)
	out := make([]image.Point, n)
	for i := range out {
		switch r.IntN(4) {
		case 0: // tiles
			out[i] = image.Pt(64, 32)
		case 1: // tall characters
			out[i] = image.Pt(r.IntRange(12, 32), r.IntRange(32, 64))
		default:
			out[i] = image.Pt(r.IntRange(4, 96), r.IntRange(4, 96))
		}
	}
	return out
}

// checkPacking verifies placements: inside their page, and every two
// occupied areas (content plus extrusion) at least Padding apart.
func checkPacking(t *testing.T, sizes []image.Point, places []Placement, pages []image.Point, opt PackOptions) {
	t.Helper()
	e, p := opt.Extrude, opt.Padding
	occ := make([]image.Rectangle, len(sizes))
	for i, s := range sizes {
		pl := places[i]
		if pl.Page < 0 || pl.Page >= len(pages) {
			t.Fatalf("sprite %d on page %d of %d", i, pl.Page, len(pages))
		}
		occ[i] = image.Rect(pl.X-e, pl.Y-e, pl.X+s.X+e, pl.Y+s.Y+e)
		if !occ[i].In(image.Rectangle{Max: pages[pl.Page]}) {
			t.Fatalf("sprite %d area %v outside page %v", i, occ[i], pages[pl.Page])
		}
	}
	for i := range sizes {
		grown := image.Rect(occ[i].Min.X-p, occ[i].Min.Y-p, occ[i].Max.X+p, occ[i].Max.Y+p)
		for j := i + 1; j < len(sizes); j++ {
			if places[i].Page == places[j].Page && grown.Overlaps(occ[j]) {
				t.Fatalf("sprites %d %v and %d %v closer than padding %d", i, occ[i], j, occ[j], p)
			}
		}
	}
	for k, pg := range pages {
		if pg.X > opt.MaxW && !opt.PowerOfTwo || pg.Y > opt.MaxH && !opt.PowerOfTwo {
			t.Fatalf("page %d is %v, limit %dx%d", k, pg, opt.MaxW, opt.MaxH)
		}
		if opt.PowerOfTwo && (pg.X&(pg.X-1) != 0 || pg.Y&(pg.Y-1) != 0) {
			t.Fatalf("page %d size %v not a power of two", k, pg)
		}
	}
}

func TestPackNoOverlapPaddingHolds(t *testing.T) {
	for _, alg := range []Algorithm{MaxRects, Skyline} {
		for _, opt := range []PackOptions{
			{MaxW: 512, MaxH: 512, Algorithm: alg},
			{MaxW: 256, MaxH: 256, Padding: 2, Extrude: 1, Algorithm: alg},
			{MaxW: 300, MaxH: 200, Padding: 3, Extrude: 2, PowerOfTwo: true, Algorithm: alg},
		} {
			sizes := randomSizes(300, uint64(opt.MaxW+int(alg)))
			places, pages, err := Pack(sizes, opt)
			if err != nil {
				t.Fatal(err)
			}
			if len(pages) < 2 && opt.MaxW <= 300 {
				t.Errorf("%v: expected several pages, got %d", alg, len(pages))
			}
			checkPacking(t, sizes, places, pages, opt)
			// Deterministic.
			places2, pages2, _ := Pack(sizes, opt)
			if fmt.Sprint(places, pages) != fmt.Sprint(places2, pages2) {
				t.Fatal("packing not deterministic")
			}
		}
	}
}

func TestPackErrors(t *testing.T) {
	for _, c := range []struct {
		sizes []image.Point
		opt   PackOptions
	}{
		{[]image.Point{{0, 5}}, PackOptions{}},
		{[]image.Point{{-1, 5}}, PackOptions{}},
		{[]image.Point{{100, 5}}, PackOptions{MaxW: 64, MaxH: 64}},
		{[]image.Point{{62, 5}}, PackOptions{MaxW: 64, MaxH: 64, Extrude: 2}},
		{[]image.Point{{5, 5}}, PackOptions{MaxW: 1 << 20}},
		{[]image.Point{{5, 5}}, PackOptions{Padding: -1}},
		{[]image.Point{{5, 5}}, PackOptions{Algorithm: 9}},
	} {
		if _, _, err := Pack(c.sizes, c.opt); err == nil {
			t.Errorf("Pack(%v, %+v) accepted", c.sizes, c.opt)
		}
	}
}

// occupancy is the share of page area covered by sprites.
func occupancy(sizes []image.Point, pages []image.Point) float64 {
	used, total := 0, 0
	for _, s := range sizes {
		used += s.X * s.Y
	}
	for _, p := range pages {
		total += p.X * p.Y
	}
	return float64(used) / float64(total)
}

// MaxRects packs at least as tight as Skyline on these sets (this is why
// it is the default); the benchmark reports both.
func TestMaxRectsPacksTighter(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		sizes := randomSizes(400, seed)
		opt := PackOptions{MaxW: 1024, MaxH: 1024, Padding: 1}
		_, pm, _ := Pack(sizes, opt)
		opt.Algorithm = Skyline
		_, ps, _ := Pack(sizes, opt)
		om, os := occupancy(sizes, pm), occupancy(sizes, ps)
		t.Logf("seed %d: maxrects %.3f, skyline %.3f", seed, om, os)
		if om < os {
			t.Errorf("seed %d: maxrects %.3f < skyline %.3f", seed, om, os)
		}
	}
}

func BenchmarkPack1000(b *testing.B) {
	sizes := randomSizes(1000, 42)
	for _, alg := range []Algorithm{MaxRects, Skyline} {
		b.Run(alg.String(), func(b *testing.B) {
			opt := PackOptions{MaxW: 2048, MaxH: 2048, Padding: 2, Extrude: 1, Algorithm: alg}
			var pages []image.Point
			for b.Loop() {
				_, pages, _ = Pack(sizes, opt)
			}
			b.ReportMetric(100*occupancy(sizes, pages), "%occupancy")
			b.ReportMetric(float64(len(pages)), "pages")
		})
	}
}

// randomSprite is an image with a transparent border, translucent and
// opaque pixels, in straight alpha as PNG files decode.
func randomSprite(r *mathx.Rand, w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	bx0, by0 := r.IntN(w/3+1), r.IntN(h/3+1)
	bx1, by1 := w-r.IntN(w/3+1), h-r.IntN(h/3+1)
	for y := by0; y < by1; y++ {
		for x := bx0; x < bx1; x++ {
			a := uint8(255)
			if r.IntN(4) == 0 {
				a = uint8(r.IntN(256))
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), a})
		}
	}
	return img
}

// Every frame drawn from the atlas is pixel-identical to drawing its
// source image, with and without trimming, padding and extrusion.
func TestAtlasFramesPixelIdentical(t *testing.T) {
	r := mathx.NewRand(9)
	var srcs []*image.NRGBA
	for i := 0; i < 60; i++ {
		srcs = append(srcs, randomSprite(r, r.IntRange(1, 40), r.IntRange(1, 40)))
	}
	for _, opt := range []Options{
		{},
		{Trim: true, PackOptions: PackOptions{MaxW: 128, MaxH: 128, Padding: 2, Extrude: 2}},
		{Trim: true, PackOptions: PackOptions{MaxW: 256, MaxH: 256, Algorithm: Skyline, PowerOfTwo: true, Extrude: 1}},
	} {
		b := NewBuilder(opt)
		for i, s := range srcs {
			if err := b.Add(fmt.Sprintf("s%d", i), s); err != nil {
				t.Fatal(err)
			}
		}
		a, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		sprites, err := a.Sprites()
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range srcs {
			got, _ := raster.NewFrame(48, 48)
			want, _ := raster.NewFrame(48, 48)
			bg := color.RGBA{30, 60, 90, 255}
			got.Clear(bg)
			want.Clear(bg)
			raster.DrawSprite(got, got.Bounds(), sprites[i], 3, 5, nil)
			raster.DrawSprite(want, want.Bounds(), raster.MustSprite(s), 3, 5, nil)
			if string(got.Pix) != string(want.Pix) {
				t.Fatalf("%+v: frame %d differs from its source sprite", opt, i)
			}
			// And the frame's pixels are the source's, each premultiplied
			// by raster.Premul (Qt's rounding, checked in raster against
			// Qt's formula).
			img, _ := a.Image(i)
			oracle := image.NewRGBA(s.Bounds())
			for y := 0; y < s.Rect.Dy(); y++ {
				for x := 0; x < s.Rect.Dx(); x++ {
					oracle.SetRGBA(x, y, raster.Premul(s.NRGBAAt(s.Rect.Min.X+x, s.Rect.Min.Y+y)))
				}
			}
			if string(img.Pix) != string(oracle.Pix) {
				t.Fatalf("%+v: frame %d pixels differ from raster.Premul's", opt, i)
			}
			f := a.Frames[i]
			if f.Source != s.Bounds().Size() {
				t.Fatalf("frame %d source %v", i, f.Source)
			}
			if opt.Trim && f.Size.X*f.Size.Y > 0 {
				tb := opaqueBounds(toRGBA(s))
				if !tb.Empty() && (f.Offset != tb.Min || f.Size != tb.Size()) {
					t.Fatalf("frame %d trim %v+%v, want %v", i, f.Offset, f.Size, tb)
				}
			}
		}
		checkExtrusion(t, a, opt.Extrude)
	}
}

// checkExtrusion: the ring of e pixels around each frame repeats the
// nearest edge pixel.
func checkExtrusion(t *testing.T, a *Atlas, e int) {
	t.Helper()
	for _, f := range a.Frames {
		pg := a.Pages[f.Page]
		r := f.Rect
		for y := r.Min.Y - e; y < r.Max.Y+e; y++ {
			for x := r.Min.X - e; x < r.Max.X+e; x++ {
				cx := min(max(x, r.Min.X), r.Max.X-1)
				cy := min(max(y, r.Min.Y), r.Max.Y-1)
				if pg.RGBAAt(x, y) != pg.RGBAAt(cx, cy) {
					t.Fatalf("frame %s: extrusion pixel (%d,%d) %v != edge (%d,%d) %v", f.Name, x, y, pg.RGBAAt(x, y), cx, cy, pg.RGBAAt(cx, cy))
				}
			}
		}
	}
}

func TestBuilderErrors(t *testing.T) {
	b := NewBuilder(Options{})
	if _, err := b.Build(); err == nil {
		t.Error("empty build accepted")
	}
	if err := b.Add("x", nil); err == nil {
		t.Error("nil image accepted")
	}
	if err := b.Add("x", image.NewRGBA(image.Rect(0, 0, 0, 4))); err == nil {
		t.Error("empty image accepted")
	}
	b.Add("x", image.NewRGBA(image.Rect(0, 0, 4, 4)))
	if err := b.Add("x", image.NewRGBA(image.Rect(0, 0, 4, 4))); err == nil {
		t.Error("duplicate name accepted")
	}
	big := NewBuilder(Options{PackOptions: PackOptions{MaxW: 16, MaxH: 16}})
	big.Add("big", image.NewRGBA(image.Rect(0, 0, 32, 4)))
	if _, err := big.Build(); err == nil {
		t.Error("sprite larger than a page accepted")
	}
	if err := NewBuilder(Options{}).AddFS(sprites, "testdata/none/*.png"); err == nil {
		t.Error("pattern without files accepted")
	}
}

//go:embed testdata/sprites/*.png
var sprites embed.FS

func TestBuildFromEmbedFS(t *testing.T) {
	b := NewBuilder(Options{Trim: true, PackOptions: PackOptions{Padding: 1, Extrude: 1}})
	if err := b.AddFS(sprites, "testdata/sprites/*.png"); err != nil {
		t.Fatal(err)
	}
	a, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range a.Frames {
		names = append(names, f.Name)
	}
	if fmt.Sprint(names) != "[testdata/sprites/barrel testdata/sprites/crate testdata/sprites/gem]" {
		t.Fatalf("names %v", names)
	}
	for i, f := range a.Frames {
		img, _ := loadImage(sprites, f.Name+".png")
		want := toRGBA(img)
		got, _ := a.Image(i)
		if string(got.Pix) != string(want.Pix) {
			t.Fatalf("%s differs after packing", f.Name)
		}
	}
}

func TestFromGrid(t *testing.T) {
	sheet := coordImage(48, 30)
	a, err := FromGrid(sheet, GridSpec{CellW: 10, CellH: 12, Margin: 2, Spacing: 2, Prefix: "walk_"})
	if err != nil {
		t.Fatal(err)
	}
	// Width 48: (48−4+2)/12 = 3 columns; height 30: (30−4+2)/14 = 2 rows.
	if len(a.Frames) != 6 {
		t.Fatalf("%d frames", len(a.Frames))
	}
	if f := a.Frames[4]; f.Name != "walk_4" || f.Rect != image.Rect(14, 16, 24, 28) {
		t.Fatalf("frame 4: %+v", f)
	}
	img, _ := a.Image(4)
	if img.RGBAAt(0, 0) != (color.RGBA{14, 16, 200, 255}) {
		t.Fatalf("frame 4 pixel %v", img.RGBAAt(0, 0))
	}
	c, err := a.ClipOf("walk", []string{"walk_0", "walk_1", "walk_2"}, 3, Forward, 0)
	if err != nil || !slices.Equal(c.Frames, []int{0, 1, 2}) {
		t.Fatalf("clip %+v %v", c, err)
	}
	if _, err := a.ClipOf("x", []string{"nope"}, 3, Forward, 0); err == nil {
		t.Error("unknown frame accepted")
	}
	limited, _ := FromGrid(sheet, GridSpec{CellW: 10, CellH: 12, Margin: 2, Spacing: 2, Count: 4})
	if len(limited.Frames) != 4 {
		t.Fatalf("count: %d frames", len(limited.Frames))
	}
	for _, g := range []GridSpec{{CellW: 0, CellH: 4}, {CellW: 100, CellH: 4}, {CellW: 10, CellH: 12, Count: 99}, {CellW: 4, CellH: 4, Spacing: -1}} {
		if _, err := FromGrid(sheet, g); err == nil {
			t.Errorf("grid %+v accepted", g)
		}
	}
}

// Every premultiplied value survives the trip through straight alpha.
func TestUnpremulRoundTrip(t *testing.T) {
	for a := 0; a < 256; a++ {
		for p := 0; p <= a; p++ {
			s := unpremul(uint8(p), uint8(a))
			c := color.RGBAModel.Convert(color.NRGBA{s, s, s, uint8(a)}).(color.RGBA)
			if a > 0 && int(c.R) != p {
				t.Fatalf("p %d a %d: straight %d comes back as %d", p, a, s, c.R)
			}
		}
	}
}
