package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"log"
	"math"
	"os"
	"runtime"
	"slices"
	"sort"
	"time"

	"diorama/perf"
)

// bullet is one heap object per bullet, as IsoMob's tests had.
type bullet struct {
	x, y, vx, vy float64
	ttl          int
}

// scene is the naive bullet scene.
type scene struct {
	size    int
	solid   []bool
	walls   []image.Rectangle // solid tiles as world rectangles (tile units, brute force)
	ring    int
	tick    int
	bullets []*bullet
	peak    int

	frame   *image.RGBA
	bg      *image.Uniform
	floor   [2]*image.RGBA
	block   *image.RGBA
	player  *image.RGBA
	dot     *image.RGBA
	items   []item
	originX float64
	originY float64
}

// item is one drawable with its depth.
type item struct {
	img   *image.RGBA
	x, y  int
	depth float64
}

const (
	tw, th = perf.TileW, perf.TileW / 2
	zpix   = th // pixels per world unit of height (dimetric 2:1: TileH)
)

func newScene(ring int) *scene {
	size, solid := perf.Room()
	s := &scene{size: size, solid: solid, ring: ring}
	for j := 0; j < size; j++ {
		for i := 0; i < size; i++ {
			if solid[j*size+i] {
				s.walls = append(s.walls, image.Rect(i, j, i+1, j+1))
			}
		}
	}
	s.frame = image.NewRGBA(image.Rect(0, 0, perf.ScreenW, perf.ScreenH))
	s.bg = image.NewUniform(color.RGBA{0, 0, 0, 255})
	s.floor[0] = diamond(color.RGBA{86, 122, 78, 255}, 0)
	s.floor[1] = diamond(color.RGBA{78, 112, 72, 255}, 0)
	s.block = diamond(color.RGBA{150, 140, 128, 255}, 12)
	s.player = rect(12, 18, color.RGBA{200, 60, 60, 255})
	s.dot = rect(4, 4, color.RGBA{255, 236, 80, 255})
	// Centre the room in the frame.
	c := float64(size) / 2
	mx, my := (c-c)*tw/2+float64(size)*tw/2, (c+c)*th/2
	s.originX, s.originY = perf.ScreenW/2-mx, perf.ScreenH/2-my
	return s
}

// diamond is a floor tile image, raised by h pixels with a darker side.
func diamond(c color.RGBA, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, tw, th+h))
	side := color.RGBA{c.R * 3 / 4, c.G * 3 / 4, c.B * 3 / 4, 255}
	for y := 0; y < th+h; y++ {
		for x := 0; x < tw; x++ {
			dx := math.Abs(float64(x)+0.5-tw/2) / (tw / 2)
			dy := math.Abs(float64(y)+0.5-th/2) / (th / 2)
			if dx+dy <= 1 {
				img.SetRGBA(x, y, c)
			} else if h > 0 && y > th/2 && float64(y-h) <= th/2+(1-dx)*th/2 {
				img.SetRGBA(x, y, side)
			}
		}
	}
	return img
}

func rect(w, h int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{}, draw.Src)
	return img
}

// screen returns the frame position of world point (x, y, z).
func (s *scene) screen(x, y, z float64) (float64, float64) {
	return (x-y)*tw/2 + float64(s.size)*tw/2 + s.originX, (x+y)*th/2 - z*zpix + s.originY
}

// step is one 1/60 s tick: fire a ring every 500 ms, move every bullet
// testing its step against every wall tile, age and drop bullets.
func (s *scene) step() {
	if s.tick%perf.RingEvery == 0 {
		c := float64(s.size) / 2
		for k := 0; k < s.ring; k++ {
			a := 2 * math.Pi * float64(k) / float64(s.ring)
			dx, dy := math.Cos(a), math.Sin(a)
			s.bullets = append(s.bullets, &bullet{x: c + dx*perf.Muzzle, y: c + dy*perf.Muzzle,
				vx: dx * perf.BulletSpeed, vy: dy * perf.BulletSpeed, ttl: perf.BulletTTL})
		}
	}
	dt := 1.0 / perf.TPS
	live := s.bullets[:0]
	for _, b := range s.bullets {
		nx, ny := b.x+b.vx*dt, b.y+b.vy*dt
		hit := false
		for _, w := range s.walls {
			if segHitsBox(b.x, b.y, nx, ny, perf.BulletR, w) {
				hit = true
				break
			}
		}
		b.ttl--
		if hit || b.ttl <= 0 {
			continue
		}
		b.x, b.y = nx, ny
		live = append(live, b)
	}
	clear(s.bullets[len(live):])
	s.bullets = live
	s.peak = max(s.peak, len(s.bullets))
	s.tick++
}

// segHitsBox: does the segment from (x0, y0) to (x1, y1) come within r of
// box w (slab test against the box grown by r)?
func segHitsBox(x0, y0, x1, y1, r float64, w image.Rectangle) bool {
	minX, minY := float64(w.Min.X)-r, float64(w.Min.Y)-r
	maxX, maxY := float64(w.Max.X)+r, float64(w.Max.Y)+r
	t0, t1 := 0.0, 1.0
	dx, dy := x1-x0, y1-y0
	for _, ax := range [2][4]float64{{x0, dx, minX, maxX}, {y0, dy, minY, maxY}} {
		p, d, lo, hi := ax[0], ax[1], ax[2], ax[3]
		if d == 0 {
			if p < lo || p > hi {
				return false
			}
			continue
		}
		a, b := (lo-p)/d, (hi-p)/d
		if a > b {
			a, b = b, a
		}
		t0, t1 = math.Max(t0, a), math.Min(t1, b)
		if t0 > t1 {
			return false
		}
	}
	return true
}

// render clears the frame, draws the floor, then every wall, the player
// and every bullet sorted by depth, all with draw.Draw.
func (s *scene) render() {
	draw.Draw(s.frame, s.frame.Bounds(), s.bg, image.Point{}, draw.Src)
	for j := 0; j < s.size; j++ {
		for i := 0; i < s.size; i++ {
			if s.solid[j*s.size+i] {
				continue
			}
			x, y := s.screen(float64(i), float64(j), 0)
			img := s.floor[(i+j)&1]
			at := image.Pt(int(x)-tw/2, int(y))
			draw.Draw(s.frame, img.Bounds().Add(at), img, image.Point{}, draw.Over)
		}
	}
	s.items = s.items[:0]
	for j := 0; j < s.size; j++ {
		for i := 0; i < s.size; i++ {
			if s.solid[j*s.size+i] {
				x, y := s.screen(float64(i), float64(j), 0)
				s.items = append(s.items, item{img: s.block, x: int(x) - tw/2, y: int(y) - 12, depth: float64(i+j) + 1})
			}
		}
	}
	c := float64(s.size) / 2
	px, py := s.screen(c, c, 0)
	s.items = append(s.items, item{img: s.player, x: int(px) - 6, y: int(py) - 18, depth: 2 * c})
	for _, b := range s.bullets {
		x, y := s.screen(b.x, b.y, perf.BulletZ)
		s.items = append(s.items, item{img: s.dot, x: int(x) - 2, y: int(y) - 4, depth: b.x + b.y})
	}
	sort.Slice(s.items, func(a, b int) bool { return s.items[a].depth < s.items[b].depth })
	for _, it := range s.items {
		at := image.Pt(it.x, it.y)
		draw.Draw(s.frame, it.img.Bounds().Add(at), it.img, image.Point{}, draw.Over)
	}
}

// run is one measured configuration, in the JSON the report reads.
type run struct {
	Ring, MaxAlive                              int
	SimMean, SimP50, SimP95, SimMax             float64
	RenderMean, RenderP50, RenderP95, RenderMax float64
	TotalP50, TotalP95                          float64
	FPSMin, FPSAvg, FPSMax                      float64
	AllocsPerFrame                              float64
	series                                      []float32
}

type output struct {
	Seconds               float64
	Runs                  []run
	SweepRing, SweepAlive int
	SweepFit              string
	Series                []float32
}

func measure(ring int, warm, secs float64) run {
	s := newScene(ring)
	for k := 0; k < int(warm*perf.TPS); k++ {
		s.step()
	}
	s.render()
	n := int(secs * perf.TPS)
	sim := make([]time.Duration, 0, n)
	ren := make([]time.Duration, 0, n)
	s.peak = 0
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	for k := 0; k < n; k++ {
		t := time.Now()
		s.step()
		t1 := time.Now()
		s.render()
		sim = append(sim, t1.Sub(t))
		ren = append(ren, time.Since(t1))
	}
	runtime.ReadMemStats(&m1)
	r := run{Ring: ring, MaxAlive: s.peak, AllocsPerFrame: float64(m1.Mallocs-m0.Mallocs) / float64(n)}
	tot := make([]time.Duration, n)
	r.series = make([]float32, n)
	var all time.Duration
	r.FPSMin = math.Inf(1)
	for k := range tot {
		tot[k] = sim[k] + ren[k]
		r.series[k] = float32(tot[k].Seconds() * 1e3)
	}
	for k := 0; k+perf.TPS/2 <= n; k += perf.TPS {
		var sec time.Duration
		e := min(k+perf.TPS, n)
		for _, v := range tot[k:e] {
			sec += v
		}
		f := float64(e-k) / sec.Seconds()
		r.FPSMin, r.FPSMax = math.Min(r.FPSMin, f), math.Max(r.FPSMax, f)
	}
	for _, v := range tot {
		all += v
	}
	r.FPSAvg = float64(n) / all.Seconds()
	if math.IsInf(r.FPSMin, 1) {
		r.FPSMin, r.FPSMax = r.FPSAvg, r.FPSAvg
	}
	r.SimMean, r.SimP50, r.SimP95, r.SimMax = stats(sim)
	r.RenderMean, r.RenderP50, r.RenderP95, r.RenderMax = stats(ren)
	_, r.TotalP50, r.TotalP95, _ = stats(tot)
	return r
}

// stats returns mean, p50, p95 and max in ms (sorting d).
func stats(d []time.Duration) (mean, p50, p95, mx float64) {
	if len(d) == 0 {
		return
	}
	var sum time.Duration
	for _, v := range d {
		sum += v
	}
	slices.Sort(d)
	q := func(f float64) float64 {
		k := min(max(int(math.Ceil(f*float64(len(d))))-1, 0), len(d)-1)
		return d[k].Seconds() * 1e3
	}
	return (sum / time.Duration(len(d))).Seconds() * 1e3, q(0.5), q(0.95), d[len(d)-1].Seconds() * 1e3
}

func main() {
	secs := flag.Float64("seconds", 120, "simulated seconds per seed configuration")
	asJSON := flag.Bool("json", false, "print JSON for perf/cmd/report")
	sweep := flag.Bool("sweep", false, "find the largest ring whose frames fit 16.7 ms")
	fit := flag.String("fit", "p50", "sweep criterion: p50 or p95")
	flag.Parse()
	out := output{Seconds: *secs, SweepFit: *fit}
	for _, n := range perf.SeedRings {
		r := measure(n, 0, *secs)
		if n == 72 {
			out.Series = r.series
		}
		out.Runs = append(out.Runs, r)
		log.Printf("naive ring %d: max alive %d, frame p50 %.3f ms", n, r.MaxAlive, r.TotalP50)
	}
	if *sweep {
		budget := 1000.0 / 60
		fits := func(n int) (bool, int) {
			r := measure(n, 5, 2)
			v := r.TotalP50
			if *fit == "p95" {
				v = r.TotalP95
			}
			log.Printf("naive sweep ring %d: %d alive, %s %.3f ms", n, r.MaxAlive, *fit, v)
			return v <= budget, r.MaxAlive
		}
		lo, hi := 0, 0
		for n := 250; ; n *= 2 {
			ok, alive := fits(n)
			if !ok {
				hi = n
				break
			}
			lo, out.SweepRing, out.SweepAlive = n, n, alive
		}
		for float64(hi) > float64(max(lo, 1))*1.03 && hi-lo > 1 {
			mid := lo + (hi-lo)/2
			if ok, alive := fits(mid); ok {
				lo, out.SweepRing, out.SweepAlive = mid, mid, alive
			} else {
				hi = mid
			}
		}
	}
	if *asJSON {
		if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
			log.Fatal(err)
		}
		return
	}
	for _, r := range out.Runs {
		fmt.Printf("ring %d: max alive %d, sim p50 %.3f ms, render p50 %.3f ms, FPS %.0f/%.0f/%.0f, %.1f allocs/frame\n",
			r.Ring, r.MaxAlive, r.SimP50, r.RenderP50, r.FPSMin, r.FPSAvg, r.FPSMax, r.AllocsPerFrame)
	}
	if *sweep {
		fmt.Printf("sweep: ring %d, %d alive\n", out.SweepRing, out.SweepAlive)
	}
}
