package raster

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"diorama/internal/testenv"
)

// skewedList fills l with n random commands whose rows are uneven: most of
// them crowd into one horizontal strip, some are large fills or long lines
// across the frame, some lie partly or wholly outside it.
func skewedList(t testing.TB, l *DrawList, r *rand.Rand, w, h, n int, sprites []*Sprite) {
	font := DefaultFont()
	stripY, stripH := r.IntN(h), 1+r.IntN(max(h/5, 1))
	busyList(t, l, r, w, stripH, n/2, sprites, font) // rows [0, stripH)
	for i := 0; i < n/2; i++ {
		d := int64(r.IntN(50))
		x, y := r.IntN(w+40)-20, stripY+r.IntN(stripH+20)-10
		if r.IntN(6) == 0 {
			y = r.IntN(h+60) - 30
		}
		c := color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(200)), uint8(r.IntN(100)), 255}
		switch r.IntN(8) {
		case 0:
			l.FillRect(d, image.Rect(x-r.IntN(w), y-r.IntN(h), x+r.IntN(w), y+r.IntN(h)), Premul(color.NRGBA{c.R, c.G, c.B, uint8(r.IntN(256))}))
		case 1:
			l.Line(d, x, y, r.IntN(w+200)-100, r.IntN(h+200)-100, c)
		default:
			l.Sprite(d, sprites[r.IntN(len(sprites))], x, y, randOptions(r))
		}
	}
}

// The cost-balanced bands give byte-identical frames to the one-goroutine
// reference for random, unevenly spread command lists on random frame
// sizes, with any number of workers, and so does the former even split.
func TestRendererBalancedMatchesSerial(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	var sprites []*Sprite
	for i := 0; i < 5; i++ {
		sprites = append(sprites, testSprite(t, 2+r.IntN(48), 2+r.IntN(48), uint64(i)))
	}
	renderers := map[string]*Renderer{}
	for _, workers := range []int{2, 3, 5, 16} {
		for _, even := range []bool{false, true} {
			rd := NewRenderer(workers)
			rd.evenBands = even
			defer rd.Close()
			name := "balanced"
			if even {
				name = "even"
			}
			renderers[fmt.Sprintf("%s/%dw", name, workers)] = rd
		}
	}
	names := make([]string, 0, len(renderers))
	for k := range renderers {
		names = append(names, k)
	}
	slices.Sort(names)
	for scene := 0; scene < 24; scene++ {
		w, h := 1+r.IntN(400), 1+r.IntN(400)
		if scene%6 == 0 {
			h = 1 + r.IntN(8) // fewer rows than bands
		}
		l := NewDrawList()
		skewedList(t, l, r, w, h, 50+r.IntN(600), sprites)
		want := mustFrame(t, w, h)
		want.Clear(color.RGBA{10, 20, 30, 255})
		l.Draw(want)
		for _, name := range names {
			got := mustFrame(t, w, h)
			got.Clear(color.RGBA{10, 20, 30, 255})
			renderers[name].Render(got, l)
			if i := firstDiff(got.Pix, want.Pix); i >= 0 {
				t.Fatalf("scene %d (%d×%d), %s: byte %d (pixel %d,%d) differs", scene, w, h, name, i, i/4%w, i/4/w)
			}
		}
	}
}

// bandCosts recomputes, row by row and command by command, the estimated
// cost of each band of rd's last split of l on dst.
func bandCosts(rd *Renderer, dst *Frame, l *DrawList) []int64 {
	nb := len(rd.edges) - 1
	costs := make([]int64, nb)
	for i := range l.cmds {
		b := l.cmds[i].bounds.rect().Intersect(dst.Rect)
		if b.Empty() {
			// Rows inside, columns outside: still a per-row overhead.
			y0, y1 := max(l.cmds[i].bounds.rect().Min.Y, 0), min(l.cmds[i].bounds.rect().Max.Y, dst.H())
			b = image.Rect(0, y0, 0, y1)
			if y0 >= y1 {
				continue
			}
		}
		for y := b.Min.Y; y < b.Max.Y; y++ {
			k := 0
			for int(rd.edges[k+1]) <= y {
				k++
			}
			costs[k] += int64(b.Dx()) + rowOverhead
			if y == b.Min.Y {
				costs[k] += cmdOverhead
			}
		}
	}
	return costs
}

// The split gives every band close to an equal share of the estimated
// cost: no band exceeds its share by more than the cost of one row (rows
// are indivisible), however unevenly the commands are spread, while the
// even split of the same lists is far from balanced.
func TestRendererSplitBalancesCost(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	sprites := []*Sprite{testSprite(t, 16, 16, 1), testSprite(t, 40, 24, 2)}
	worstEven := 0.0
	for scene := 0; scene < 30; scene++ {
		w, h := 64+r.IntN(800), 64+r.IntN(600)
		l := NewDrawList()
		skewedList(t, l, r, w, h, 2000, sprites)
		l.sortCommands()
		f := mustFrame(t, w, h)
		for _, workers := range []int{2, 4} {
			rd := NewRenderer(workers)
			nb := rd.split(f, l)
			want := workers * bandsPerWorker // two per worker while they are high enough
			if h < want*minBandRows {
				want = workers
			}
			if nb != want {
				t.Fatalf("scene %d (%d rows): %d bands for %d workers, want %d", scene, h, nb, workers, want)
			}
			for y := range h {
				if k := rd.rowBand[y]; int(rd.edges[k]) > y || int(rd.edges[k+1]) <= y {
					t.Fatalf("scene %d: row %d in band %d [%d, %d)", scene, y, k, rd.edges[k], rd.edges[k+1])
				}
			}
			costs := bandCosts(rd, f, l)
			var total, maxRow int64
			for _, c := range costs {
				total += c
			}
			for y := range h { // the dearest row, overhead included
				var c int64
				for i := range l.cmds {
					b := l.cmds[i].bounds.rect()
					if b.Min.Y <= y && y < b.Max.Y {
						c += int64(max(min(b.Max.X, w)-max(b.Min.X, 0), 0)) + rowOverhead
						if y == max(b.Min.Y, 0) {
							c += cmdOverhead
						}
					}
				}
				maxRow = max(maxRow, c)
			}
			share := total / int64(nb)
			for k, c := range costs {
				if c > share+maxRow+1 {
					t.Fatalf("scene %d, %d workers: band %d [%d, %d) costs %d, share %d, dearest row %d", scene, workers, k, rd.edges[k], rd.edges[k+1], c, share, maxRow)
				}
			}
			rd.evenBands = true
			rd.split(f, l)
			costs = bandCosts(rd, f, l)
			worst := float64(slices.Max(costs)) / (float64(total) / float64(len(costs)))
			worstEven = max(worstEven, worst)
		}
	}
	if worstEven < 2 {
		t.Fatalf("the even split is never unbalanced on these lists (worst band %.2f× its share): the test does not exercise the balancing", worstEven)
	}
}

// Splitting and bucketing allocate nothing once the renderer's buffers
// have grown.
func TestRendererSplitDoesNotAllocate(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	l := NewDrawList()
	skewedList(t, l, r, 320, 200, 600, []*Sprite{testSprite(t, 16, 16, 1)})
	f := mustFrame(t, 320, 200)
	rd := NewRenderer(2)
	defer rd.Close()
	rd.Render(f, l)
	if n := testenv.AllocsOver(20, func() { rd.split(f, l) }); n != 0 {
		t.Fatalf("split allocates %v times", n)
	}
}

// BenchmarkRendererBalance renders the prepared 800×480 frame of 10,000
// 16×16 sprites (render only: the list is built once, and sorted by every
// render, as one worker sorts it whole and several sort each band) with one
// worker, with two workers and the former even split, and with two workers
// and the cost-balanced split, interleaved in one run so that all three
// see the same machine load. It reports best-of-N and mean speed-ups of
// two workers over one.
//
// On a shared machine wall-time speed-ups are only as good as the second
// core's availability, so it also reports a model that needs only one
// core: each task of the job (chunk costs, the split, chunk bins, bands) is
// timed alone (best of N), and two workers claiming tasks in order, phase
// after phase, are simulated; "model-speedup" is the one-worker time over
// that makespan, "serial-µs" the split task's time (the only one that runs
// alone).
func BenchmarkRendererBalance(b *testing.B) {
	img := pixelArt(16, 16)
	s := MustSprite(img)
	f, _ := NewFrame(800, 480)
	ps := scatter(10000, 800, 480, 16, 16, 2)
	l := NewDrawList()
	l.Clear(color.RGBA{30, 40, 50, 255})
	for i, p := range ps {
		l.Sprite(int64(p.y+i&3), s, p.x, p.y, nil)
	}
	l.sortCommands()
	r1, rOld, rNew := NewRenderer(1), NewRenderer(2), NewRenderer(2)
	rOld.evenBands = true
	defer r1.Close()
	defer rOld.Close()
	defer rNew.Close()
	rds := []*Renderer{r1, rOld, rNew}
	best := []time.Duration{time.Hour, time.Hour, time.Hour}
	sum := make([]time.Duration, 3)
	for _, rd := range rds {
		rd.Render(f, l)
	}
	b.ResetTimer()
	for b.Loop() {
		for k, rd := range rds {
			l.sorted = false
			start := time.Now()
			rd.Render(f, l)
			d := time.Since(start)
			sum[k] += d
			best[k] = min(best[k], d)
		}
	}
	b.StopTimer()
	model := func(rd *Renderer) (speedup float64, serialT time.Duration) {
		end, split := modelRender(rd, f, l, 30)
		return float64(best[0]) / float64(end), split
	}
	b.ReportMetric(float64(best[0].Microseconds()), "best-µs-1w")
	b.ReportMetric(float64(best[2].Microseconds()), "best-µs-2w")
	b.ReportMetric(float64(best[0])/float64(best[1]), "speedup-old-best")
	b.ReportMetric(float64(best[0])/float64(best[2]), "speedup-best")
	b.ReportMetric(float64(sum[0])/float64(sum[1]), "speedup-old-mean")
	b.ReportMetric(float64(sum[0])/float64(sum[2]), "speedup-mean")
	mOld, sOld := model(rOld)
	mNew, sNew := model(rNew)
	b.ReportMetric(mOld, "model-speedup-old")
	b.ReportMetric(mNew, "model-speedup")
	b.ReportMetric(float64(sOld.Nanoseconds())/1e3, "serial-µs-old")
	b.ReportMetric(float64(sNew.Nanoseconds())/1e3, "serial-µs")
}

// modelRender times each task of rd's job for l on f alone (best of reps,
// one goroutine) and returns the makespan of rd's workers claiming the
// tasks in order, each as soon as it is free and the phase before has
// ended, and the split task's time (the only one that runs alone).
// Hand-offs, wake-ups and the cores' shared caches are left out.
func modelRender(rd *Renderer, f *Frame, l *DrawList, reps int) (makespan, split time.Duration) {
	return modelRenderLists(rd, f, []*DrawList{l}, reps)
}

// modelRenderLists is modelRender for RenderLists of ls.
func modelRenderLists(rd *Renderer, f *Frame, ls []*DrawList, reps int) (makespan, split time.Duration) {
	if err := rd.setLists(ls); err != nil {
		panic(err)
	}
	tasks := rd.prepare(f)
	rd.done.Store(math.MaxInt32) // every phase counts as ended: the tasks run one by one
	for t := range tasks {       // a first frame, whose bands sum the profile
		rd.run(t, 0)
	}
	tasks = rd.prepare(f) // a frame like the one before: its split comes from the profile
	c := rd.chunks
	taskT := make([]time.Duration, tasks)
	for t := range taskT {
		taskT[t] = time.Hour
	}
	for range reps {
		for t := range tasks { // in order: each phase's inputs are ready
			start := time.Now()
			rd.run(t, 0)
			taskT[t] = min(taskT[t], time.Since(start))
		}
	}
	rd.dst, rd.lists = nil, nil
	free := make([]time.Duration, rd.workers)
	var phaseEnd, end time.Duration
	for t, d := range taskT {
		if (rd.costPhase && t == c) || t == rd.binT0 || t == rd.bandT0 { // a new phase
			phaseEnd = end
		}
		w := 0
		for k := range free {
			if free[k] < free[w] {
				w = k
			}
		}
		free[w] = max(free[w], phaseEnd) + d
		end = max(end, free[w])
	}
	if !rd.costPhase {
		return end, 0 // cut in prepare, from the last frame's profile
	}
	return end, taskT[c]
}

// BenchmarkFrame10kModel estimates, on one core, the 10k-sprite frame of
// BenchmarkFrame10kSprites* (clear, build, render) with 1 to 16 workers:
// the list building (the caller's, serial) plus the makespan of the
// render's tasks timed alone (see modelRender). It reports each worker
// count's modelled time and speed-up over one worker (whose render is the
// serial path: one depth sort of the list, then every command), the
// building time and the serial fraction of the one-worker frame it is;
// the "-pbuild" metrics model the frame built as one list per worker at
// the same time (Renderer.Do, the slowest part's build counted) and drawn
// with Renderer.RenderLists.
func BenchmarkFrame10kModel(b *testing.B) {
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
	sc := new(scratch)
	for i := 0; i < b.N; i++ {
		// The one-worker render timed in pieces as small as the tasks (on
		// a busy machine a long stretch rarely runs undisturbed): the
		// sort, then runs of 500 commands in drawing order.
		bestBuild, bestSort := time.Hour, time.Hour
		for range 30 {
			t0 := time.Now()
			build()
			t1 := time.Now()
			l.sortCommands()
			bestBuild, bestSort = min(bestBuild, t1.Sub(t0)), min(bestSort, time.Since(t1))
		}
		one := bestBuild + bestSort
		for j := 0; j < len(l.order); j += 500 {
			run := l.order[j:min(j+500, len(l.order))]
			best := time.Hour
			for range 30 {
				t0 := time.Now()
				for _, k := range run {
					l.exec(f, &l.cmds[k], f.Rect, sc)
				}
				best = min(best, time.Since(t0))
			}
			one += best
		}
		b.ReportMetric(float64(one.Microseconds())/1000, "model-ms-1w")
		b.ReportMetric(float64(bestBuild.Microseconds()), "build-µs")
		b.ReportMetric(float64(bestBuild)/float64(one), "serial-fraction")
		for _, w := range []int{2, 4, 8, 16} {
			rd := NewRenderer(w)
			end, _ := modelRender(rd, f, l, 30)
			b.ReportMetric(float64((bestBuild+end).Microseconds())/1000, fmt.Sprintf("model-ms-%dw", w))
			b.ReportMetric(float64(one)/float64(bestBuild+end), fmt.Sprintf("model-speedup-%dw", w))
			// The frame built as one list per worker (Renderer.Do): the
			// slowest part's build, then RenderLists' makespan.
			ls := make([]*DrawList, w)
			partBest := time.Duration(0)
			for k := range ls {
				ls[k] = NewDrawList()
				lo, hi := k*len(ps)/w, (k+1)*len(ps)/w
				best := time.Hour
				for range 30 {
					t0 := time.Now()
					lk := ls[k]
					lk.Reset()
					if k == 0 {
						lk.Clear(bg)
					}
					for i, p := range ps[lo:hi] {
						lk.Sprite(int64(p.y+(lo+i)&3), s, p.x, p.y, nil)
					}
					best = min(best, time.Since(t0))
				}
				partBest = max(partBest, best)
			}
			endP, _ := modelRenderLists(rd, f, ls, 30)
			rd.Close()
			b.ReportMetric(float64((partBest+endP).Microseconds())/1000, fmt.Sprintf("model-ms-%dw-pbuild", w))
			b.ReportMetric(float64(one)/float64(partBest+endP), fmt.Sprintf("model-speedup-%dw-pbuild", w))
		}
	}
}

// TestRendererProfile: a frame that draws the same first list onto a
// frame of the same size as the frame before cuts its bands by the row
// costs the frame before summed while binning (no cost phase), and that
// profile is exactly what the cost phase would add up (addCosts over
// every command); a list rebuilt with other commands, drawn by the stale
// profile, still gives the one-goroutine reference's bytes, and so do
// frames of other sizes and other lists in between (which run the cost
// phase again).
func TestRendererProfile(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	var sprites []*Sprite
	for i := 0; i < 5; i++ {
		sprites = append(sprites, testSprite(t, 2+r.IntN(40), 2+r.IntN(40), uint64(i)))
	}
	for _, workers := range []int{2, 3, 16} {
		rd := NewRenderer(workers)
		l, other := NewDrawList(), NewDrawList()
		for rep := range 8 {
			w, h := 200+r.IntN(300), 100+r.IntN(200)
			if rep%4 != 0 {
				w, h = 320, 240
			}
			l.Reset()
			skewedList(t, l, r, w, h, 1500+r.IntN(1500), sprites)
			want := mustFrame(t, w, h)
			l.Draw(want)
			fast := rd.profOK && rd.profW == w && rd.profH == h && rd.profList == l
			got := mustFrame(t, w, h)
			rd.Render(got, l)
			if rd.costPhase == fast {
				t.Fatalf("%d workers, frame %d: cost phase %v, profile of the same kind %v", workers, rep, rd.costPhase, fast)
			}
			if i := firstDiff(got.Pix, want.Pix); i >= 0 {
				t.Fatalf("%d workers, frame %d (%dx%d): byte %d differs", workers, rep, w, h, i)
			}
			rc := make([]int64, h+1)
			addCosts(rc, l, 0, l.Len(), w)
			if !slices.Equal(rd.profile[:h], rc[:h]) {
				t.Fatalf("%d workers, frame %d: the profile differs from the row costs", workers, rep)
			}
			if rep == 5 { // another list in between: the next frame runs the cost phase
				other.Reset()
				skewedList(t, other, r, w, h, 600, sprites)
				rd.Render(mustFrame(t, w, h), other)
			}
		}
		rd.Close()
	}
}
