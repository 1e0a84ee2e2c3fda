package raster

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"math"
	"math/rand/v2"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

func mustFrame(t testing.TB, w, h int) *Frame {
	t.Helper()
	f, err := NewFrame(w, h)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestNewFrameSizes(t *testing.T) {
	for _, sz := range [][2]int{{-1, 5}, {5, -1}, {MaxSide + 1, 1}, {1, MaxSide + 1}} {
		if _, err := NewFrame(sz[0], sz[1]); err == nil {
			t.Errorf("NewFrame(%d,%d) accepted", sz[0], sz[1])
		}
	}
	f := mustFrame(t, 0, 0)
	f.Clear(color.RGBA{1, 2, 3, 4})
	DrawSprite(f, f.Rect, testSprite(t, 4, 4, 1), 0, 0, nil)
	f = mustFrame(t, 3, 2)
	if f.Stride != 12 || len(f.Pix) != 24 || f.W() != 3 || f.H() != 2 {
		t.Fatalf("layout %d %d", f.Stride, len(f.Pix))
	}
	// A Frame is a draw.Image.
	var _ draw.Image = f
	draw.Draw(f, f.Rect, image.NewUniform(color.RGBA{10, 20, 30, 255}), image.Point{}, draw.Src)
	if f.RGBAAt(2, 1) != (color.RGBA{10, 20, 30, 255}) {
		t.Fatal("draw.Draw onto a Frame")
	}
	if f.Row(2) != nil || len(f.Row(1)) != 12 {
		t.Fatal("Row")
	}
	if _, err := FrameOf(nil); err == nil {
		t.Fatal("FrameOf(nil)")
	}
	if _, err := FrameOf(image.NewRGBA(image.Rect(1, 1, 3, 3))); err == nil {
		t.Fatal("FrameOf with offset origin")
	}
}

// testSprite makes a deterministic w×h sprite with transparent margins,
// opaque and translucent pixels.
func testSprite(t testing.TB, w, h int, seed uint64) *Sprite {
	t.Helper()
	s, err := NewSprite(testImage(w, h, seed))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func testImage(w, h int, seed uint64) *image.NRGBA {
	r := rand.New(rand.NewPCG(seed, 1))
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	mx, my := w/5, h/6
	for y := my; y < h-my; y++ {
		for x := mx; x < w-mx; x++ {
			var a uint8
			switch r.IntN(6) {
			case 0:
				a = 0
			case 1:
				a = uint8(r.IntN(256))
			default:
				a = 255
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), a})
		}
	}
	return img
}

func TestNewSpriteTrimsAndPremultiplies(t *testing.T) {
	img := image.NewNRGBA(image.Rect(10, 20, 18, 26)) // origin is Bounds().Min
	img.SetNRGBA(12, 22, color.NRGBA{200, 100, 50, 128})
	img.SetNRGBA(14, 23, color.NRGBA{1, 2, 3, 255})
	s, err := NewSprite(img)
	if err != nil {
		t.Fatal(err)
	}
	if s.W() != 8 || s.H() != 6 || s.Trim() != image.Rect(2, 2, 5, 4) {
		t.Fatalf("size %d×%d trim %v", s.W(), s.H(), s.Trim())
	}
	want := color.RGBAModel.Convert(color.NRGBA{200, 100, 50, 128}).(color.RGBA)
	if got := s.RGBAAt(2, 2); got != want {
		t.Fatalf("premultiplied %v want %v", got, want)
	}
	if s.runCount() != 2 || s.Opaque() {
		t.Fatalf("runs %d opaque %v", s.runCount(), s.Opaque())
	}
	// Invalid premultiplied input is clamped; alpha 0 is transparent.
	bad := image.NewRGBA(image.Rect(0, 0, 2, 1))
	bad.Pix = []uint8{200, 10, 10, 100, 50, 50, 50, 0}
	s, err = NewSprite(bad)
	if err != nil {
		t.Fatal(err)
	}
	if s.RGBAAt(0, 0) != (color.RGBA{100, 10, 10, 100}) || s.Trim() != image.Rect(0, 0, 1, 1) {
		t.Fatalf("clamp: %v trim %v", s.RGBAAt(0, 0), s.Trim())
	}
}

func TestSpriteBadInput(t *testing.T) {
	if _, err := NewSprite(nil); err == nil {
		t.Fatal("nil image accepted")
	}
	for _, img := range []image.Image{
		image.NewRGBA(image.Rectangle{}),
		image.NewNRGBA(image.Rect(0, 0, 0, 10)),
		image.NewRGBA(image.Rect(5, 5, 3, 3)),
		image.NewAlpha(image.Rect(0, 0, 4, 4)), // fully transparent
	} {
		s, err := NewSprite(img)
		if err != nil {
			t.Fatalf("%T %v: %v", img, img.Bounds(), err)
		}
		f := mustFrame(t, 8, 8)
		DrawSprite(f, f.Rect, s, 1, 1, nil)
		DrawSprite(f, f.Rect, s, 1, 1, &DrawOptions{FlipX: true, Scale: 3})
		DrawSpriteAffine(f, f.Rect, s, mathx.Rotate(1), Bilinear, nil)
		CopySprite(f, f.Rect, s, 0, 0)
		for _, p := range f.Pix {
			if p != 0 {
				t.Fatal("empty sprite drew something")
			}
		}
	}
	if _, err := NewSprite(image.NewAlpha(image.Rect(0, 0, MaxSide+1, 1))); err == nil {
		t.Fatal("huge sprite accepted")
	}
	// nil sprite and nil frame are no-ops.
	f := mustFrame(t, 4, 4)
	DrawSprite(f, f.Rect, nil, 0, 0, nil)
	DrawSprite(nil, image.Rect(0, 0, 4, 4), testSprite(t, 4, 4, 1), 0, 0, nil)
	CopySprite(nil, f.Rect, nil, 0, 0)
	DrawSpriteAffine(nil, f.Rect, nil, mathx.Identity(), Nearest, nil)
}

// TestOverMatchesImageDraw sweeps every source alpha against every
// destination value (with source colours at the alpha, half of it and 0)
// and compares with image/draw's Over: within 1 per channel, and exactly
// at alpha 0 and 255.
func TestOverMatchesImageDraw(t *testing.T) {
	for _, frac := range []int{0, 1, 2} {
		src := image.NewRGBA(image.Rect(0, 0, 256, 256))
		dst := image.NewRGBA(image.Rect(0, 0, 256, 256))
		for a := 0; a < 256; a++ {
			for d := 0; d < 256; d++ {
				c := uint8(a)
				switch frac {
				case 1:
					c = uint8(a / 2)
				case 2:
					c = 0
				}
				src.SetRGBA(d, a, color.RGBA{c, uint8(a * 3 / 4), c, uint8(a)})
				dst.SetRGBA(d, a, color.RGBA{uint8(d), uint8(255 - d), uint8(d / 3), uint8(d)})
			}
		}
		ours := image.NewRGBA(dst.Rect)
		copy(ours.Pix, dst.Pix)
		draw.Draw(dst, dst.Rect, src, image.Point{}, draw.Over)
		s32, o32 := pix32(src.Pix), pix32(ours.Pix)
		for i := range o32 {
			o32[i] = over(o32[i], s32[i])
		}
		for i := range ours.Pix {
			a := i / 4 / 256 // row = source alpha
			diff := int(ours.Pix[i]) - int(dst.Pix[i])
			if (a == 0 || a == 255) && diff != 0 {
				t.Fatalf("alpha %d: byte %d got %d want %d exactly", a, i, ours.Pix[i], dst.Pix[i])
			}
			if diff < -1 || diff > 1 {
				t.Fatalf("alpha %d: byte %d got %d want %d (±1)", a, i, ours.Pix[i], dst.Pix[i])
			}
		}
	}
}

func TestMul255Exact(t *testing.T) {
	for a := uint32(0); a < 256; a++ {
		for b := uint32(0); b < 256; b++ {
			want := uint32(math.Round(float64(a*b) / 255))
			if got := mul255(a, b); got != want {
				t.Fatalf("mul255(%d,%d) = %d want %d", a, b, got, want)
			}
		}
	}
}

func randOptions(r *rand.Rand) *DrawOptions {
	if r.IntN(4) == 0 {
		return nil
	}
	o := &DrawOptions{FlipX: r.IntN(2) == 0, FlipY: r.IntN(2) == 0, Scale: r.IntN(4)}
	if r.IntN(2) == 0 {
		o.SetTint(color.NRGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256))})
	}
	if r.IntN(3) == 0 {
		o.Flash = color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255}
		o.FlashAmount = uint8(r.IntN(256))
	}
	if r.IntN(5) == 0 {
		o.SetOpacity(uint8(r.IntN(256)))
	}
	return o
}

func randBackground(f *Frame, r *rand.Rand) {
	for i := 0; i < len(f.Pix); i += 4 {
		a := uint8(r.IntN(256))
		f.Pix[i+3] = a
		f.Pix[i] = uint8(r.IntN(int(a) + 1))
		f.Pix[i+1] = uint8(r.IntN(int(a) + 1))
		f.Pix[i+2] = uint8(r.IntN(int(a) + 1))
	}
}

// TestDrawSpriteMatchesReference draws random sprites at random positions
// (partly or fully off-frame), with random clips and options, and compares
// every byte with the straightforward reference.
func TestDrawSpriteMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for iter := 0; iter < 3000; iter++ {
		w, h := 1+r.IntN(40), 1+r.IntN(40)
		s := testSprite(t, w, h, uint64(iter))
		got := mustFrame(t, 48, 40)
		randBackground(got, r)
		want := mustFrame(t, 48, 40)
		copy(want.Pix, got.Pix)
		x, y := r.IntN(120)-60, r.IntN(100)-50
		clip := image.Rect(r.IntN(60)-6, r.IntN(50)-5, r.IntN(60)-6, r.IntN(50)-5).Canon()
		if r.IntN(3) == 0 {
			clip = got.Rect
		}
		o := randOptions(r)
		DrawSprite(got, clip, s, x, y, o)
		refDrawSprite(want, clip, s, x, y, o)
		if i := firstDiff(got.Pix, want.Pix); i >= 0 {
			t.Fatalf("iter %d: sprite %d×%d at (%d,%d) clip %v opts %+v: pixel (%d,%d) got %v want %v",
				iter, w, h, x, y, clip, o, i/4%48, i/4/48, got.Pix[i&^3:i&^3+4], want.Pix[i&^3:i&^3+4])
		}
	}
}

func firstDiff(a, b []uint8) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// TestPlainBlitAgreesWithImageDraw: the unmodified blit is image/draw's
// Over within 1 per channel.
func TestPlainBlitAgreesWithImageDraw(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 300; iter++ {
		s := testSprite(t, 1+r.IntN(30), 1+r.IntN(30), uint64(iter))
		got := mustFrame(t, 40, 40)
		randBackground(got, r)
		want := image.NewRGBA(got.Rect)
		copy(want.Pix, got.Pix)
		x, y := r.IntN(60)-20, r.IntN(60)-20
		DrawSprite(got, got.Rect, s, x, y, nil)
		draw.Draw(want, s.Bounds().Add(image.Pt(x, y)), s, image.Point{}, draw.Over)
		for i := range want.Pix {
			if d := int(got.Pix[i]) - int(want.Pix[i]); d < -1 || d > 1 {
				t.Fatalf("iter %d byte %d: got %d image/draw %d", iter, i, got.Pix[i], want.Pix[i])
			}
		}
	}
}

func TestCopySpriteMatchesDrawSrc(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 500; iter++ {
		s := testSprite(t, 1+r.IntN(30), 1+r.IntN(30), uint64(iter))
		got := mustFrame(t, 40, 40)
		randBackground(got, r)
		want := image.NewRGBA(got.Rect)
		copy(want.Pix, got.Pix)
		x, y := r.IntN(80)-40, r.IntN(80)-40
		clip := image.Rect(r.IntN(40), r.IntN(40), r.IntN(40), r.IntN(40)).Canon()
		CopySprite(got, clip, s, x, y)
		dr := s.Bounds().Add(image.Pt(x, y)).Intersect(clip)
		draw.Draw(want, dr, s, dr.Min.Sub(image.Pt(x, y)), draw.Src)
		if i := firstDiff(got.Pix, want.Pix); i >= 0 {
			t.Fatalf("iter %d: byte %d got %d want %d", iter, i, got.Pix[i], want.Pix[i])
		}
	}
}

func TestAffineMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for iter := 0; iter < 600; iter++ {
		s := testSprite(t, 1+r.IntN(24), 1+r.IntN(24), uint64(iter))
		rng := func(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }
		m := mathx.Translate(rng(-10, 50), rng(-10, 50)).
			Mul(mathx.Rotate(r.Float64() * 7)).
			Mul(mathx.ScaleXY(r.Float64()*3+0.1, r.Float64()*3+0.1)).
			Mul(mathx.Translate(-float64(s.W())/2, -float64(s.H())/2))
		for _, f := range []Filter{Nearest, Bilinear} {
			got := mustFrame(t, 48, 48)
			randBackground(got, r)
			want := mustFrame(t, 48, 48)
			copy(want.Pix, got.Pix)
			clip := image.Rect(r.IntN(48), r.IntN(48), r.IntN(48), r.IntN(48)).Canon()
			if r.IntN(2) == 0 {
				clip = got.Rect
			}
			DrawSpriteAffine(got, clip, s, m, f, nil)
			refDrawAffine(want, clip, s, m, f)
			if i := firstDiff(got.Pix, want.Pix); i >= 0 {
				t.Fatalf("iter %d filter %d: byte %d got %d want %d", iter, f, i, got.Pix[i], want.Pix[i])
			}
		}
	}
}

// Rotating by a multiple of 90° with nearest sampling moves pixels exactly.
func TestAffineRightAnglesExact(t *testing.T) {
	s := testSprite(t, 9, 7, 42)
	for q := 0; q < 4; q++ {
		f := mustFrame(t, 20, 20)
		m := mathx.Translate(10, 10).Mul(mathx.Rotate(float64(q) * math.Pi / 2))
		DrawSpriteAffine(f, f.Rect, s, m, Nearest, nil)
		for v := 0; v < s.H(); v++ {
			for u := 0; u < s.W(); u++ {
				// Centre of (u,v) maps to the centre of its destination.
				c := m.Apply(mathx.V2(float64(u)+0.5, float64(v)+0.5))
				px, py := int(math.Floor(c.X)), int(math.Floor(c.Y))
				if got, want := f.RGBAAt(px, py), s.RGBAAt(u, v); got != want {
					t.Fatalf("quarter %d: (%d,%d)->(%d,%d) got %v want %v", q, u, v, px, py, got, want)
				}
			}
		}
	}
}

func TestBadTransformsAndCoordinates(t *testing.T) {
	s := testSprite(t, 8, 8, 1)
	f := mustFrame(t, 16, 16)
	nan, inf := math.NaN(), math.Inf(1)
	for _, m := range []mathx.Affine2{
		{A: nan, E: 1}, {A: 1, E: 1, C: inf}, {}, {A: 1, B: 2, D: 2, E: 4}, // NaN, Inf, zero, singular
		mathx.ScaleXY(1e-300, 1e-300), mathx.ScaleXY(1e300, 1e300), mathx.Translate(1e300, -1e300),
	} {
		for _, flt := range []Filter{Nearest, Bilinear} {
			DrawSpriteAffine(f, f.Rect, s, m, flt, nil)
		}
	}
	huge := []int{math.MinInt, math.MinInt / 2, -min(1<<40, math.MaxInt/2), -100, min(1<<40, math.MaxInt/2), math.MaxInt}
	for _, x := range huge {
		for _, y := range huge {
			DrawSprite(f, f.Rect, s, x, y, nil)
			DrawSprite(f, f.Rect, s, x, y, &DrawOptions{Scale: 1 << 30, FlipX: true})
			CopySprite(f, f.Rect, s, x, y)
			Line(f, f.Rect, x, y, -x, 5, color.RGBA{255, 0, 0, 255})
			StrokeCircle(f, f.Rect, x, y, math.MaxInt, color.RGBA{255, 0, 0, 255})
			FillRect(f, f.Rect, image.Rect(x, y, -x, -y), color.RGBA{1, 1, 1, 1})
		}
	}
	FillCircle(f, f.Rect, mathx.V2(nan, 1), 4, color.RGBA{255, 0, 0, 255}, true)
	FillCircle(f, f.Rect, mathx.V2(1, 1), inf, color.RGBA{255, 0, 0, 255}, true)
	FillCircle(f, f.Rect, mathx.V2(1, 1), 1e300, color.RGBA{255, 0, 0, 255}, false)
	FillPolygon(f, f.Rect, []mathx.Vec2{{X: 0, Y: 0}, {X: nan, Y: 3}, {X: 5, Y: 5}}, color.RGBA{255, 0, 0, 255}, true)
	FillPolygon(f, f.Rect, []mathx.Vec2{{X: -1e300, Y: -1e300}, {X: 1e300, Y: 0}, {X: 0, Y: 1e300}}, color.RGBA{255, 0, 0, 255}, true)
	ThickLine(f, f.Rect, []mathx.Vec2{{X: 0, Y: 0}, {X: inf, Y: 0}}, 3, color.RGBA{255, 0, 0, 255}, true, true)
	ThickLine(f, f.Rect, []mathx.Vec2{{X: 0, Y: 0}, {X: 4, Y: 4}}, nan, color.RGBA{255, 0, 0, 255}, true, true)
	StrokeCircleAA(f, f.Rect, mathx.V2(4, 4), nan, 2, color.RGBA{255, 0, 0, 255})
	DefaultFont().Draw(f, f.Rect, "huge", math.MaxInt, math.MinInt, color.RGBA{255, 255, 255, 255})
}

// Premul rounds exactly as Qt's qPremultiply (so images and colours have
// the premultiplied values Tiled draws with), for every value and alpha:
// the nearest value but for 24 pairs (one less, at a hair over the half),
// within one level of the standard library's conversion (which is
// floor(c·a·257/255/256): mostly truncated, sometimes one over), never
// above the alpha; and it does not allocate.
func TestPremulMatchesQt(t *testing.T) {
	offRound := 0
	for a := 0; a < 256; a++ {
		for v := 0; v < 256; v++ {
			c := color.NRGBA{uint8(v), uint8(255 - v), uint8(v / 2), uint8(a)}
			q := qPremultiply(uint32(a)<<24 | uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B))
			want := color.RGBA{uint8(q >> 16), uint8(q >> 8), uint8(q), uint8(a)}
			got := Premul(c)
			if got != want {
				t.Fatalf("Premul(%v) = %v, want %v (qPremultiply)", c, got, want)
			}
			std := color.RGBAModel.Convert(c).(color.RGBA)
			for _, d := range [3]int{int(got.R) - int(std.R), int(got.G) - int(std.G), int(got.B) - int(std.B)} {
				if d < -1 || d > 1 {
					t.Fatalf("Premul(%v) = %v, the standard library's %v", c, got, std)
				}
			}
			if got.R > got.A || got.G > got.A || got.B > got.A {
				t.Fatalf("Premul(%v) = %v: a channel above the alpha", c, got)
			}
			if r := (2*v*a + 255) / 510; int(got.R) != r {
				if int(got.R) != r-1 {
					t.Fatalf("Premul(%v).R = %d, nearest %d", c, got.R, r)
				}
				offRound++
			}
		}
	}
	if offRound != 24 {
		t.Errorf("%d values off the nearest, Qt's formula has 24", offRound)
	}
	if n := testenv.AllocsOver(100, func() { Premul(color.NRGBA{1, 2, 3, 4}) }); n != 0 {
		t.Fatalf("Premul allocates %v times", n)
	}
}

// Sprite.Set re-encodes a sprite in place: the result draws exactly as a
// new sprite of the same image, and setting a same-sized picture again
// allocates nothing.
func TestSpriteSetReuses(t *testing.T) {
	a, b := testImage(40, 30, 1), testImage(40, 30, 2)
	var s Sprite
	if err := s.Set(a); err != nil {
		t.Fatal(err)
	}
	if err := s.Set(b); err != nil {
		t.Fatal(err)
	}
	want := MustSprite(b)
	f1, _ := NewFrame(64, 64)
	f2, _ := NewFrame(64, 64)
	DrawSprite(f1, f1.Rect, &s, 3, 5, nil)
	DrawSprite(f2, f2.Rect, want, 3, 5, nil)
	if !bytes.Equal(f1.Pix, f2.Pix) || s.W() != want.W() || s.Trim() != want.Trim() {
		t.Fatal("a re-set sprite draws differently from a new one")
	}
	if n := testenv.AllocsOver(10, func() { s.Set(a) }); n != 0 {
		t.Fatalf("Set of a same-sized image: %v allocations", n)
	}
	if err := s.Set(nil); err == nil {
		t.Fatal("nil image accepted")
	}
}
