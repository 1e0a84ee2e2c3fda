package raster

import (
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"diorama/internal/blitbench"
	"diorama/mathx"
)

// The blit workload is shared with the C peers (perf/peers/pixman,
// perf/peers/sdl2) through internal/blitbench.

func pixelArt(w, h int) *image.NRGBA { return blitbench.PixelArt(w, h) }
func diamond() *image.NRGBA          { return blitbench.Diamond() }

type placed struct{ x, y int }

func scatter(n, w, h, sw, sh int, seed uint64) []placed {
	ps := make([]placed, n)
	for i, p := range blitbench.Scatter(n, w, h, sw, sh, seed) {
		ps[i] = placed{p.X, p.Y}
	}
	return ps
}

// timeImageDraw measures the mean time of one run of fn over at least
// 200 ms (and 3 runs), for the in-run comparison with image/draw.
func timeImageDraw(fn func()) time.Duration {
	fn() // warm up
	n := 0
	start := time.Now()
	for n < 3 || time.Since(start) < 200*time.Millisecond {
		fn()
		n++
	}
	return time.Since(start) / time.Duration(n)
}

// benchBlit draws one sprite at many positions on an 800×480 frame with
// DrawSprite, then times image/draw's Over on the same work in the same
// run and reports both rates and the ratio.
func benchBlit(b *testing.B, img *image.NRGBA) {
	s := MustSprite(img)
	src := image.NewRGBA(img.Bounds())
	draw.Draw(src, src.Rect, img, image.Point{}, draw.Src) // image/draw's fastest source form
	f, _ := NewFrame(800, 480)
	ref := image.NewRGBA(f.Rect)
	ps := scatter(1000, 800, 480, img.Bounds().Dx(), img.Bounds().Dy(), 1)
	px := float64(len(ps) * img.Bounds().Dx() * img.Bounds().Dy())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, p := range ps {
			DrawSprite(f, f.Rect, s, p.x, p.y, nil)
		}
	}
	ours := b.Elapsed() / time.Duration(b.N)
	b.StopTimer()
	theirs := timeImageDraw(func() {
		for _, p := range ps {
			draw.Draw(ref, src.Rect.Add(image.Pt(p.x, p.y)), src, image.Point{}, draw.Over)
		}
	})
	b.ReportMetric(px/ours.Seconds()/1e6, "Mpx/s")
	b.ReportMetric(px/theirs.Seconds()/1e6, "imagedraw-Mpx/s")
	b.ReportMetric(float64(theirs)/float64(ours), "x-imagedraw")
}

func BenchmarkBlit16(b *testing.B)      { benchBlit(b, pixelArt(16, 16)) }
func BenchmarkBlit64(b *testing.B)      { benchBlit(b, pixelArt(64, 64)) }
func BenchmarkBlitDiamond(b *testing.B) { benchBlit(b, diamond()) }

// benchFrame renders a whole 800×480 frame of n 16×16 sprites per
// iteration — clear, build the draw list, sort, render — with the given
// number of workers, and times image/draw (clear plus n draw.Draw calls)
// in the same run.
func benchFrame(b *testing.B, n, workers int) {
	img := pixelArt(16, 16)
	s := MustSprite(img)
	src := image.NewRGBA(img.Bounds())
	draw.Draw(src, src.Rect, img, image.Point{}, draw.Src)
	f, _ := NewFrame(800, 480)
	ref := image.NewRGBA(f.Rect)
	ps := scatter(n, 800, 480, 16, 16, 2)
	l := NewDrawList()
	rd := NewRenderer(workers)
	defer rd.Close()
	bg := color.RGBA{30, 40, 50, 255}
	frame := func() {
		l.Reset()
		l.Clear(bg) // cleared band by band by the renderer
		for i, p := range ps {
			l.Sprite(int64(p.y+i&3), s, p.x, p.y, nil)
		}
		rd.Render(f, l)
	}
	frame()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		frame()
	}
	ours := b.Elapsed() / time.Duration(b.N)
	b.StopTimer()
	uni := image.NewUniform(bg)
	theirs := timeImageDraw(func() {
		draw.Draw(ref, ref.Rect, uni, image.Point{}, draw.Src)
		for _, p := range ps {
			draw.Draw(ref, src.Rect.Add(image.Pt(p.x, p.y)), src, image.Point{}, draw.Over)
		}
	})
	b.ReportMetric(float64(n), "sprites/frame")
	b.ReportMetric(float64(ours.Microseconds())/1000, "ms/frame")
	b.ReportMetric(float64(n*256)/ours.Seconds()/1e6, "Mpx/s")
	b.ReportMetric(float64(theirs)/float64(ours), "x-imagedraw")
	b.ReportMetric(float64(rd.Workers()), "workers")
}

func BenchmarkFrame10kSprites1Worker(b *testing.B)  { benchFrame(b, 10000, 1) }
func BenchmarkFrame10kSprites2Workers(b *testing.B) { benchFrame(b, 10000, 2) }
func BenchmarkFrame10kSpritesAllCores(b *testing.B) { benchFrame(b, 10000, runtime.GOMAXPROCS(0)) }

// BenchmarkFrame10kScaling times the frame of BenchmarkFrame10kSprites*
// (clear, build the list, render) with one worker and with GOMAXPROCS
// workers (-test.cpu sets it), alternating in one run, and reports the
// speed-up of the second over the first (mean and best frames). The list
// building is the caller's and serial: it is timed apart ("build-µs"), and
// "amdahl-bound" is the speed-up GOMAXPROCS workers could reach if the
// rest of the one-worker frame divided perfectly. The "-pbuild" metrics
// time the same frame built as one list per worker at the same time
// (Renderer.Do) and drawn with Renderer.RenderLists, alternating with the
// other two.
func BenchmarkFrame10kScaling(b *testing.B) {
	s := MustSprite(pixelArt(16, 16))
	f, _ := NewFrame(800, 480)
	ps := scatter(10000, 800, 480, 16, 16, 2)
	l := NewDrawList()
	bg := color.RGBA{30, 40, 50, 255}
	build := func() {
		l.Reset()
		l.Clear(bg)
		for i, p := range ps {
			l.Sprite(int64(p.y+i&3), s, p.x, p.y, nil)
		}
	}
	r1, rN := NewRenderer(1), NewRenderer(runtime.GOMAXPROCS(0))
	defer r1.Close()
	defer rN.Close()
	// The same frame built as one list per worker, at the same time (Do),
	// and drawn as one (RenderLists).
	ls := make([]*DrawList, rN.Workers())
	for k := range ls {
		ls[k] = NewDrawList()
	}
	buildPart := func(k int) {
		lk := ls[k]
		lk.Reset()
		if k == 0 {
			lk.Clear(bg)
		}
		lo, hi := k*len(ps)/len(ls), (k+1)*len(ps)/len(ls)
		for i, p := range ps[lo:hi] {
			lk.Sprite(int64(p.y+(lo+i)&3), s, p.x, p.y, nil)
		}
	}
	framePar := func() {
		rN.Do(len(ls), buildPart)
		rN.RenderLists(f, ls)
	}
	for _, rd := range []*Renderer{r1, rN} { // warm up: buffers and goroutines
		build()
		rd.Render(f, l)
	}
	framePar()
	var t1, tN, tP time.Duration
	best1, bestN, bestP, bestBuild := time.Hour, time.Hour, time.Hour, time.Hour
	b.ReportAllocs()
	b.ResetTimer()
	// A b.N loop, not b.Loop: with Go 1.26 a b.Loop benchmark runs at the
	// machine's GOMAXPROCS whatever -test.cpu says.
	for i := 0; i < b.N; i++ {
		start := time.Now()
		build()
		mid := time.Now()
		r1.Render(f, l)
		d := time.Since(start)
		t1, best1, bestBuild = t1+d, min(best1, d), min(bestBuild, mid.Sub(start))
		start = time.Now()
		build()
		rN.Render(f, l)
		d = time.Since(start)
		tN, bestN = tN+d, min(bestN, d)
		start = time.Now()
		framePar()
		d = time.Since(start)
		tP, bestP = tP+d, min(bestP, d)
	}
	n := float64(rN.Workers())
	b.ReportMetric(n, "workers")
	b.ReportMetric(float64(t1)/float64(tN), "speedup")
	b.ReportMetric(float64(best1)/float64(bestN), "speedup-best")
	b.ReportMetric(float64(best1.Microseconds())/1000, "best-ms-1w")
	b.ReportMetric(float64(bestN.Microseconds())/1000, "best-ms-Nw")
	b.ReportMetric(float64(bestBuild.Microseconds()), "build-µs")
	b.ReportMetric(float64(best1)/(float64(bestBuild)+float64(best1-bestBuild)/n), "amdahl-bound")
	b.ReportMetric(float64(t1)/float64(tP), "speedup-pbuild")
	b.ReportMetric(float64(best1)/float64(bestP), "speedup-best-pbuild")
	b.ReportMetric(float64(bestP.Microseconds())/1000, "best-ms-Nw-pbuild")
}

// BenchmarkPrimitives reports the rate of the path filler and lines, for
// debug overlays.
func BenchmarkFillCircleAA(b *testing.B) {
	f, _ := NewFrame(800, 480)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		FillCircle(f, f.Rect, mathx.V2(400, 240), 100, color.RGBA{0, 100, 0, 128}, true)
	}
	b.ReportMetric(3.14159*100*100*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mpx/s")
}

func BenchmarkSort10k(b *testing.B) {
	s := MustSprite(pixelArt(16, 16))
	r := rand.New(rand.NewPCG(3, 3))
	l := NewDrawList()
	depths := make([]int64, 10000)
	for i := range depths {
		depths[i] = int64(r.IntN(1 << 20))
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		l.Reset()
		for _, d := range depths {
			l.Sprite(d, s, 0, 0, nil)
		}
		l.sortCommands()
	}
}

// BenchmarkSort10kClear times sortCommands alone on the 10k-sprite frame's depths
// (screen rows, a few hundred apart), without and with a Clear in the list,
// in one run: the Clear must not cost extra radix passes.
func BenchmarkSort10kClear(b *testing.B) {
	s := MustSprite(pixelArt(16, 16))
	ps := scatter(10000, 800, 480, 16, 16, 2)
	plain, clr := NewDrawList(), NewDrawList()
	clr.Clear(color.RGBA{30, 40, 50, 255})
	for i, p := range ps {
		plain.Sprite(int64(p.y+i&3), s, p.x, p.y, nil)
		clr.Sprite(int64(p.y+i&3), s, p.x, p.y, nil)
	}
	// Means and bests: the best is what a quiet machine shows.
	var tPlain, tClear time.Duration
	bestPlain, bestClear := time.Hour, time.Hour
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		plain.sorted, clr.sorted = false, false
		start := time.Now()
		plain.sortCommands()
		d := time.Since(start)
		tPlain, bestPlain = tPlain+d, min(bestPlain, d)
		start = time.Now()
		clr.sortCommands()
		d = time.Since(start)
		tClear, bestClear = tClear+d, min(bestClear, d)
	}
	b.ReportMetric(tPlain.Seconds()*1e6/float64(b.N), "µs/sort")
	b.ReportMetric(tClear.Seconds()*1e6/float64(b.N), "µs/sort-with-Clear")
	b.ReportMetric(bestPlain.Seconds()*1e6, "best-µs/sort")
	b.ReportMetric(bestClear.Seconds()*1e6, "best-µs/sort-with-Clear")
	b.ReportMetric(float64(plain.passes), "passes")
	b.ReportMetric(float64(clr.passes), "passes-with-Clear")
}

// blitKernel names a set of span kernels and selects it.
type blitKernel struct {
	name string
	use  func()
}

// BenchmarkBlitKernels times the scattered sprite blits of
// BenchmarkBlit16/64/Diamond with every kernel set this build has on this CPU
// (portable, and avx2 on amd64 or neon on arm64), alternating in one run,
// and reports each one's rate (mean and best round) and which ones the
// start-up probe chose.
func BenchmarkBlitKernels(b *testing.B) {
	for _, c := range blitbench.Cases() {
		b.Run(c.Name, func(b *testing.B) {
			defer restoreKernels()()
			s := MustSprite(c.Img)
			f, _ := NewFrame(800, 480)
			ps := blitbench.Positions(c.Img)
			px := float64(len(ps) * c.Img.Bounds().Dx() * c.Img.Bounds().Dy())
			ks := blitKernels()
			total := make([]time.Duration, len(ks))
			best := make([]time.Duration, len(ks))
			for i := range best {
				best[i] = time.Hour
			}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				for k, kern := range ks {
					kern.use()
					start := time.Now()
					for _, p := range ps {
						DrawSprite(f, f.Rect, s, p.X, p.Y, nil)
					}
					d := time.Since(start)
					total[k] += d
					best[k] = min(best[k], d)
				}
			}
			for k, kern := range ks {
				b.ReportMetric(px*float64(b.N)/total[k].Seconds()/1e6, "Mpx/s-"+kern.name)
				b.ReportMetric(px/best[k].Seconds()/1e6, "best-Mpx/s-"+kern.name)
			}
			b.ReportMetric(b2f(probed.choice.blend), "probe-chose-vector-blend")
			b.ReportMetric(b2f(probed.choice.copy), "probe-chose-vector-copy")
			b.ReportMetric(b2f(probed.choice.runs), "probe-chose-vector-walk")
		})
	}
}

func b2f(v bool) float64 {
	if v {
		return 1
	}
	return 0
}

// BenchmarkBlit16PerSprite reports the cost of one 16×16 pixel-art sprite
// drawn by DrawSprite (scattered like BenchmarkBlit16, all kernel sets
// alike) next to the bound of just copying its rows (copy of each visible
// row of the untrimmed 16×16 square, same positions and clipping), in one
// run.
func BenchmarkBlit16PerSprite(b *testing.B) {
	img := pixelArt(16, 16)
	s := MustSprite(img)
	f, _ := NewFrame(800, 480)
	d32 := pix32(f.Pix)
	stride := f.Stride >> 2
	row := make([]uint32, 16)
	ps := scatter(1000, 800, 480, 16, 16, 1)
	var tDraw, tCopy time.Duration
	bestDraw, bestCopy := time.Hour, time.Hour
	for i := 0; i < b.N; i++ {
		start := time.Now()
		for _, p := range ps {
			DrawSprite(f, f.Rect, s, p.x, p.y, nil)
		}
		d := time.Since(start)
		tDraw, bestDraw = tDraw+d, min(bestDraw, d)
		start = time.Now()
		for _, p := range ps {
			r := image.Rect(p.x, p.y, p.x+16, p.y+16).Intersect(f.Rect)
			for y := r.Min.Y; y < r.Max.Y; y++ {
				copy(d32[y*stride+r.Min.X:y*stride+r.Max.X], row[r.Min.X-p.x:])
			}
		}
		d = time.Since(start)
		tCopy, bestCopy = tCopy+d, min(bestCopy, d)
	}
	n := float64(len(ps))
	b.ReportMetric(tDraw.Seconds()*1e9/n/float64(b.N), "ns/sprite")
	b.ReportMetric(bestDraw.Seconds()*1e9/n, "best-ns/sprite")
	b.ReportMetric(tCopy.Seconds()*1e9/n/float64(b.N), "ns/sprite-memmove")
	b.ReportMetric(bestCopy.Seconds()*1e9/n, "best-ns/sprite-memmove")
}
