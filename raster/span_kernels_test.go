package raster

import (
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
	"time"

	"diorama/internal/testenv"
)

// needVector stops a test of the vector kernels where there are none to
// run: a build without them (purego, another architecture) skips; a CPU
// lacking the instructions of kernels this build compiled in goes through
// testenv.Missing, so CI=true fails on a machine that cannot test them.
func needVector(t *testing.T) {
	t.Helper()
	switch {
	case hasVector:
	case vectorName == "":
		t.Skip("no vector kernels in this build: the portable ones are the only ones")
	default:
		testenv.Missing(t, "this CPU cannot run the %s kernels this build has", vectorName)
	}
}

// blitKernels lists the kernel sets this build can run on this CPU, each
// with the function that selects it; the benchmarks time them side by side.
func blitKernels() []blitKernel {
	ks := []blitKernel{{"portable", func() { setKernels(false, false, false) }}}
	if hasVector {
		ks = append(ks, blitKernel{vectorName, func() { setKernels(true, true, true) }})
	}
	return ks
}

// restoreKernels puts back the kernel choice in force when it was called.
func restoreKernels() func() {
	saved := vec
	return func() { vec = saved }
}

// randomRun fills src with a mixed run's pixels (valid premultiplied, no
// transparent pixel): opaque, translucent and nearly transparent ones in
// proportions that vary from run to run.
func randomRun(r *rand.Rand, src []uint32) {
	pOpaque := r.IntN(4)
	for i := range src {
		var a uint32
		switch k := r.IntN(4); {
		case k < pOpaque:
			a = 255
		case k == 3:
			a = 1 + uint32(r.IntN(4))
		default:
			a = 1 + uint32(r.IntN(255))
		}
		c := func() uint32 { return uint32(r.IntN(int(a) + 1)) }
		src[i] = c() | c()<<8 | c()<<16 | a<<24
	}
}

// The vector kernels give exactly the portable kernels' bytes for every
// run length 0..70 at every alignment, and write nothing outside the run.
func TestVectorKernelsMatchPortable(t *testing.T) {
	needVector(t)
	p := &probed
	t.Logf("probe (%s against portable): blend %v %v, copy %v %v, sprite walk %v %v; chose %+v",
		vectorName, p.blendVec, p.blendPort, p.cpVec, p.cpPort, p.walkVec, p.walkGo, p.choice)
	r := rand.New(rand.NewPCG(1, 2))
	const guard = 16
	for n := 0; n <= 70; n++ {
		for off := 0; off < 8; off++ {
			for rep := 0; rep < 20; rep++ {
				src := make([]uint32, off+n)
				randomRun(r, src[off:])
				got := make([]uint32, guard+off+n+guard)
				for i := range got {
					got[i] = r.Uint32()
				}
				want := append([]uint32(nil), got...)
				if n > 0 {
					blendSpanVec(&got[guard+off], &src[off], n)
				}
				blendRowPortable(want[guard+off:guard+off+n], src[off:])
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("blend n=%d off=%d: word %d (run starts at %d) got %08x want %08x", n, off, i, guard+off, got[i], want[i])
					}
				}
				if n > 0 {
					copySpanVec(&got[guard+off], &src[off], n)
				}
				copyRunPortable(want[guard+off:guard+off+n], src[off:])
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("copy n=%d off=%d: word %d (run starts at %d) got %08x want %08x", n, off, i, guard+off, got[i], want[i])
					}
				}
			}
		}
	}
}

// Every source alpha over every destination channel value, through the
// vector blend: the full table of over()'s arithmetic.
func TestVectorBlendExhaustive(t *testing.T) {
	needVector(t)
	src := make([]uint32, 256)
	got := make([]uint32, 256)
	want := make([]uint32, 256)
	for a := uint32(0); a < 256; a++ {
		for d := uint32(0); d < 256; d++ {
			c := d % (a + 1) // a colour channel within the alpha
			src[d] = a<<24 | c<<16 | (a-c)<<8 | c/2
			got[d] = d * 0x01010101
			want[d] = got[d]
		}
		blendSpanVec(&got[0], &src[0], len(src))
		blendRowPortable(want, src)
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("alpha %d, destination %02x: got %08x want %08x", a, i, got[i], want[i])
			}
		}
	}
}

// DrawSprite gives the same frame with every kernel choice (portable or
// vector for the per-run blend and copy and for the whole-sprite walk),
// for random sprites at random positions, clipped or not.
func TestDrawSpriteKernelChoices(t *testing.T) {
	defer restoreKernels()()
	r := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 60; iter++ {
		w, h := 1+r.IntN(70), 1+r.IntN(40)
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				a := uint8(0)
				switch r.IntN(5) {
				case 0, 1:
					a = 255
				case 2:
					a = uint8(r.IntN(256))
				}
				img.SetNRGBA(x, y, color.NRGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), a})
			}
		}
		s := MustSprite(img)
		bg := make([]uint8, 4*120*90)
		for i := range bg {
			bg[i] = uint8(r.IntN(256))
		}
		ps := make([]image.Point, 20)
		for i := range ps {
			ps[i] = image.Pt(r.IntN(120+w)-w, r.IntN(90+h)-h)
		}
		var ref *Frame
		for k := 0; k < 8; k++ {
			setKernels(k&1 != 0, k&2 != 0, k&4 != 0)
			f, _ := NewFrame(120, 90)
			for y := range 90 {
				for x := range 120 {
					o := 4 * (y*120 + x)
					// Opaque or premultiplied-valid background.
					c := color.RGBA{bg[o], bg[o+1], bg[o+2], 255}
					f.SetRGBA(x, y, c)
				}
			}
			for _, p := range ps {
				DrawSprite(f, f.Rect, s, p.X, p.Y, nil)
			}
			if ref == nil {
				ref = f
				continue
			}
			for i := range f.Pix {
				if f.Pix[i] != ref.Pix[i] {
					t.Fatalf("sprite %d×%d, vector blend/copy/walk %03b: byte %d differs from the portable kernels' (%d, want %d)", w, h, k, i, f.Pix[i], ref.Pix[i])
				}
			}
		}
	}
}

// BenchmarkSpanKernels replays the runs of the 16×16 and 64×64 sprites of
// BenchmarkBlitKernels at the same positions (those wholly inside the
// frame) straight through each span kernel set, alternating in one run,
// isolating the kernels from the blitter around them.
func BenchmarkSpanKernels(b *testing.B) {
	if !hasVector {
		b.Skip("no vector kernels in this build or on this CPU")
	}
	type kernels struct {
		name      string
		blend, cp func(dst, src []uint32)
	}
	ks := []kernels{
		{"portable", blendRowPortable, copyRunPortable},
		{vectorName, func(d, s []uint32) { blendSpanVec(&d[0], &s[0], len(s)) }, func(d, s []uint32) { copySpanVec(&d[0], &s[0], len(s)) }},
	}
	for _, size := range []int{16, 64} {
		b.Run(fmt.Sprintf("%dx%d", size, size), func(b *testing.B) {
			s := MustSprite(pixelArt(size, size))
			f, _ := NewFrame(800, 480)
			d32 := pix32(f.Pix)
			stride := f.Stride >> 2
			tw := s.trim.Dx()
			var ps []placed
			for _, p := range scatter(1000, 800, 480, size, size, 1) {
				if p.x >= 0 && p.y >= 0 && p.x+size <= 800 && p.y+size <= 480 {
					ps = append(ps, p)
				}
			}
			replay := func(k kernels) {
				for _, p := range ps {
					bx, by := p.x+s.trim.Min.X, p.y+s.trim.Min.Y
					for row := 0; row < s.trim.Dy(); row++ {
						src := s.pix[row*tw : (row+1)*tw]
						dst := d32[(by+row)*stride+bx:]
						for _, rn := range s.runs[s.rowRuns[row]:s.rowRuns[row+1]] {
							a, e := int(rn.x), int(rn.x)+int(rn.n)
							if rn.opaque {
								k.cp(dst[a:e], src[a:e])
							} else {
								k.blend(dst[a:e], src[a:e])
							}
						}
					}
				}
			}
			px := float64(len(ps) * size * size)
			best := make([]time.Duration, len(ks))
			for i := range best {
				best[i] = time.Hour
			}
			for i := 0; i < b.N; i++ {
				for k := range ks {
					start := time.Now()
					replay(ks[k])
					best[k] = min(best[k], time.Since(start))
				}
			}
			for k := range ks {
				b.ReportMetric(px/best[k].Seconds()/1e6, "best-Mpx/s-"+ks[k].name)
			}
		})
	}
}
