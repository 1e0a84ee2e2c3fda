package perf

import (
	"fmt"
	"image/color"
	"math"
	"sync"

	"diorama/ai/steer"
	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
	"diorama/scene"
)

// Test selects one of the seed's two performance tests.
type Test uint8

// The two tests of seed 003 §5.5–5.7.
const (
	// Bullets: one animated character fires a ring of Count evenly spaced
	// bullets every 500 ms; bullets fly until their lifetime ends or they
	// strike a wall (physics continuous collision).
	Bullets Test = iota + 1
	// Units: Count enemies wander, steered by the scene world's crowd
	// (ai/steer: wander, separation, wall avoidance, contact resolution),
	// and collide with walls (physics), animated with 30-frame clips.
	Units
)

// String names the test.
func (t Test) String() string {
	switch t {
	case Bullets:
		return "bullets"
	case Units:
		return "units"
	}
	return fmt.Sprintf("Test(%d)", uint8(t))
}

// Bullet test constants. The lifetime is chosen so the seed's ring sizes
// peak near its "max bullets alive" captions (18 → 148, 36 → 287,
// 64 → 534): rings leave every 500 ms, so about eight rounds are in the
// air at once, minus the bullets the pillars stop early.
const (
	RingEvery   = TPS / 2 // ticks between rings (500 ms)
	BulletTTL   = 252     // bullet lifetime in ticks (4.2 s)
	BulletSpeed = 2.0     // world units (tiles) per second
	BulletZ     = 0.4     // height above the floor, world units
	BulletR     = 0.05    // collision radius, world units
	// muzzle is how far from the shooter's centre a bullet starts.
	muzzle = 0.45
)

// Unit test constants.
const (
	UnitRadius = 0.25 // collision radius, world units
	UnitSpeed  = 1.5  // world units per second
	// tilesPerUnit is the floor area per unit when the room grows with the
	// count (the seed's 115 in the 24×24 room is about 4 tiles each).
	tilesPerUnit = 4.2
)

// Config is one run of a test.
type Config struct {
	Test Test
	// Count is the ring size (bullets per round) or the number of units.
	Count int
	// Workers is the renderer's goroutine count (0: GOMAXPROCS).
	Workers int
	// Seed seeds the world (unit placement and wander).
	Seed uint64
	// Pipeline overlaps work across frames on other cores, with results
	// bit-identical to running in order: the raster pass of frame N runs
	// while tick N+1 simulates (it reads only the draw lists), and the unit
	// steering of tick N+1 runs while frame N is drawn (Crowd.StepAsync:
	// it reads only positions, which drawing does not change). Call Scene.Sync before reading Frame,
	// and change nothing in the world between Render and the next Tick.
	Pipeline bool
	// room overrides the unit test's room side (0: grown with Count), so
	// MeasureMemory can compare counts in one room.
	room int
	// serial is the variant before issue 19's work, for same-run
	// comparisons: bullets stepped on one goroutine and drawn one
	// draw-list command each, steering on one goroutine.
	serial bool
	// steerWorkers is the goroutine count of the units' tick (steering
	// and per-entity passes; 0: the renderer's). Bit-identical for any count (tested); on
	// the quiet 2-core machine 2 goroutines took a 14,000-unit frame from
	// 16.7 to 13.4 ms, under heavy load from other programs they cost up
	// to 30% (the pass waits for a descheduled worker).
	steerWorkers int
}

// Scene is a built test: the scene world on an iso map, its camera,
// draw list, frame and band-parallel renderer.
type Scene struct {
	Cfg   Config
	World *scene.World
	Cam   *iso.Camera
	Frame *raster.Frame
	// Player is the bullet test's shooter (nil in the unit test).
	Player scene.Entity
	// Units are the unit test's enemies, steered by the world's crowd.
	Units []scene.Entity

	lvl     *level
	painter *iso.Painter
	dl      *raster.DrawList
	// bullet draw lists, one per chunk of bullet slots, built in parallel
	// by the build goroutines and rendered after dl in order.
	bdl    []*raster.DrawList
	build  []chan buildJob
	built  sync.WaitGroup
	counts []int // bullets drawn per list
	// stamp is the bullet sprite for the batched blit (nil: the sprite is
	// translucent, or listBullets is set, and bullets go through bdl);
	// pos[k][b] holds the frame positions (x, y pairs) of the bullets of
	// slot chunk k that touch band b of the frame.
	stamp *stamp
	pos   [][][]int32
	// xy[k] is chunk k's queued positions in slot order, out[k] the same
	// sorted by band (pos[k][b] are its parts), bandN[k] the count per
	// band: bounded by the chunk's slots (a stamp lies in at most two
	// bands), so a frame never allocates once the slots stop growing.
	xy, out     [][]int32
	bandN       [][]int
	lists       [][][]int32 // per band: scratch for blitBand's chunk lists
	listBullets bool
	// seen[k] marks the frame positions chunk k already queued this frame
	// (one bit per position of the frame grown by the stamp's size): with
	// a one-colour stamp a repeat changes no pixel, and dense rings put
	// hundreds of bullets on one pixel position.
	seen     [][]uint64
	renderer *raster.Renderer
	bullet   *raster.Sprite
	// visibleUnits' parts: their counts (one per cache line), the view
	// and the method value Renderer.Do runs (made once).
	visible  []int
	seenView mathx.Rect
	countFn  func(k int)
	ring     []mathx.Vec2 // unit directions of one ring

	// pipelining (Config.Pipeline)
	rasReq, rasDone chan struct{} // raster pass of the last frame
	rasPending      bool
	renderErr       error

	// Fired counts bullets fired; WallHits bullets that died on a wall;
	// Expired bullets whose lifetime ended; PeakBullets the most alive
	// after any tick.
	Fired, WallHits, Expired, PeakBullets int
	// Drawn is the number of bullets and units drawn by the last Render.
	Drawn int
}

// New builds the scene for cfg.
func New(cfg Config) (*Scene, error) {
	if cfg.Test != Bullets && cfg.Test != Units {
		return nil, fmt.Errorf("perf: unknown test %d", cfg.Test)
	}
	if cfg.Count < 1 || cfg.Count > 1<<20 {
		return nil, fmt.Errorf("perf: count %d out of range [1, %d]", cfg.Count, 1<<20)
	}
	size := RoomSize
	maxBullets := 64
	if cfg.Test == Units {
		size = roomFor(cfg.Count)
		if cfg.room > 0 {
			size = cfg.room
		}
	} else {
		maxBullets = cfg.Count * (BulletTTL/RingEvery + 2)
	}
	lvl, err := newLevel(size, cfg.Seed, maxBullets)
	if err != nil {
		return nil, err
	}
	s := &Scene{Cfg: cfg, World: lvl.w, lvl: lvl}
	w := lvl.w
	if s.Frame, err = raster.NewFrame(ScreenW, ScreenH); err != nil {
		return nil, err
	}
	s.Cam = iso.NewCamera(ScreenW, ScreenH)
	centre := mathx.V3(float64(size)/2, float64(size)/2, 0)
	s.Cam.Center = w.Grid.ToScreen(centre)
	s.painter = iso.NewPainter(w.Grid, s.Cam)
	s.dl = raster.NewDrawList()
	s.renderer = raster.NewRenderer(cfg.Workers)
	if cfg.Test == Bullets {
		// One slot chunk and one band of frame rows per worker.
		nb := s.renderer.Workers()
		for k := 0; k < nb; k++ {
			s.bdl = append(s.bdl, raster.NewDrawList())
		}
		s.counts = make([]int, nb)
		s.pos, s.lists, s.seen = make([][][]int32, nb), make([][][]int32, nb), make([][]uint64, nb)
		s.xy, s.out, s.bandN = make([][]int32, nb), make([][]int32, nb), make([][]int, nb)
		for k := range nb {
			s.pos[k], s.lists[k], s.bandN[k] = make([][]int32, nb), make([][]int32, nb), make([]int, nb+1)
		}
		s.listBullets = cfg.serial
		for k := 1; k < nb; k++ {
			c := make(chan buildJob)
			s.build = append(s.build, c)
			go s.builder(c)
		}
	}
	// The tick (bullet sweeps, steering, the per-entity passes) runs on as
	// many goroutines as the renderer (bit-identical for any count).
	if !cfg.serial {
		w.SetWorkers(s.renderer.Workers())
	}
	kinds := 6
	if cfg.Test == Units && cfg.Count > 60 {
		kinds = 11
	}
	looks, err := unitLooks(w, kinds)
	if err != nil {
		s.Close()
		return nil, err
	}
	if cfg.Test == Bullets {
		err = s.setupBullets(centre.XY(), looks[0])
	} else {
		err = s.setupUnits(looks)
	}
	if err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Close stops the renderer's goroutines.
func (s *Scene) Close() {
	s.Sync()
	if s.rasReq != nil {
		close(s.rasReq)
		s.rasReq = nil
	}
	for _, c := range s.build {
		close(c)
	}
	s.build = nil
	if s.World != nil {
		s.World.Close() // physics' and the crowd's goroutines
	}
	if s.renderer != nil {
		s.renderer.Close()
		s.renderer = nil
	}
}

// Workers returns the number of goroutines the renderer draws with.
func (s *Scene) Workers() int { return s.renderer.Workers() }

func (s *Scene) setupBullets(at mathx.Vec2, look scene.LookID) error {
	w := s.World
	var err error
	s.Player, err = w.Create(scene.EntityDef{Kind: scene.Character, Name: "player", Class: "player",
		Pos: mathx.V3(at.X, at.Y, 0), Radius: UnitRadius, Layer: 2, Mask: 1, Look: look})
	if err != nil {
		return err
	}
	s.bullet = bulletSprite()
	s.stamp = newStamp(s.bullet)
	if s.stamp != nil {
		s.stamp.prepare(s.Frame.Stride >> 2)
	}
	n := s.Cfg.Count
	s.ring = make([]mathx.Vec2, n)
	for k := range s.ring {
		s.ring[k] = mathx.FromAngle(2 * math.Pi * float64(k) / float64(n))
	}
	w.Tasks.Every(RingEvery, func(uint64) bool {
		p := w.Pos(s.Player).XY()
		for _, d := range s.ring {
			w.Bullets().Fire(scene.BulletDef{Pos: p.Add(d.Scale(muzzle)), Z: BulletZ, Vel: d.Scale(BulletSpeed),
				Radius: BulletR, Damage: 1, Owner: s.Player, Mask: 1, TTL: BulletTTL})
			s.Fired++
		}
		return false
	})
	return nil
}

func (s *Scene) setupUnits(looks []scene.LookID) error {
	w := s.World
	l := s.lvl
	cfg := steer.DefaultConfig(UnitRadius)
	cfg.Seed = s.Cfg.Seed + 1
	cfg.Resolve = 2
	// Walls: the world's physics walls (cfg.Walls nil). Steering on the
	// world's workers (World.SetWorkers), or steerWorkers goroutines
	// (bit-identical for any count).
	w.Crowd().Enable(cfg)
	if s.Cfg.steerWorkers > 0 {
		w.SetWorkers(s.Cfg.steerWorkers)
	}
	n := s.Cfg.Count
	s.Units = make([]scene.Entity, 0, n)
	free := 0
	for _, b := range l.solid {
		if !b {
			free++
		}
	}
	if n > free {
		return fmt.Errorf("perf: %d units do not fit %d free cells", n, free)
	}
	// Place units on distinct free cells, in a seeded random order.
	cells := make([]int32, 0, free)
	for k, b := range l.solid {
		if !b {
			cells = append(cells, int32(k))
		}
	}
	for k := len(cells) - 1; k > 0; k-- {
		j := w.Rand.IntN(k + 1)
		cells[k], cells[j] = cells[j], cells[k]
	}
	for k := 0; k < n; k++ {
		c := int(cells[k])
		p := mathx.V2(float64(c%l.size)+0.5, float64(c/l.size)+0.5)
		v := mathx.FromAngle(w.Rand.Angle()).Scale(UnitSpeed * 0.5)
		e, err := w.Create(scene.EntityDef{Kind: scene.Character, Name: "enemy", Class: "enemy",
			Pos: mathx.V3(p.X, p.Y, 0), Vel: v, Radius: UnitRadius, Health: 100,
			Layer: 2, Mask: 1, Look: looks[k%len(looks)]})
		if err != nil {
			return err
		}
		// The world's crowd steers it inside World.Step (wander,
		// separation, wall avoidance, contact resolution); physics then
		// stops it at walls.
		w.Crowd().Steer(e, steer.Agent{MaxSpeed: UnitSpeed, MaxForce: 4 * UnitSpeed,
			Behaviours: steer.Wandering | steer.Separating | steer.AvoidingWalls})
		s.Units = append(s.Units, e)
	}
	return nil
}

// Tick advances the simulation by one fixed tick.
func (s *Scene) Tick() {
	w := s.World
	w.Step()
	if s.Cfg.Test == Bullets {
		for _, h := range w.Events.BulletHits() {
			if h.Wall >= 0 {
				s.WallHits++
			}
		}
		b := w.Bullets()
		if n := b.Len(); n > s.PeakBullets {
			s.PeakBullets = n
		}
	}
}

// Render draws the current state into s.Frame: map, walls and characters
// through the scene (iso culling and depth sorting), then the bullets as
// small RLE sprites in their own draw lists (one depth key, so they cost
// no sorting; built in parallel), all rasterized by the band-parallel
// renderer. With Config.Pipeline the raster pass runs in the background
// (Sync waits for it) and the next tick's unit steering starts at once
// (Crowd.StepAsync).
func (s *Scene) Render(alpha float64) error {
	s.Sync()
	if s.Cfg.Pipeline {
		// The next tick's steering runs while this frame is drawn (it
		// reads positions, which drawing does not change).
		s.World.Crowd().StepAsync()
	}
	s.dl.Reset()
	// The frame starts empty: what no command covers (outside the room,
	// past the map's edge) shows nothing, not an earlier frame's pixels.
	s.dl.Clear(color.RGBA{})
	if _, err := s.World.Render(s.dl, s.painter, alpha); err != nil {
		return err
	}
	if s.Cfg.Test == Bullets {
		s.Drawn = s.addBullets(alpha)
	} else {
		s.Drawn = s.visibleUnits()
	}
	if s.Cfg.Pipeline {
		if s.rasReq == nil {
			s.rasReq, s.rasDone = make(chan struct{}), make(chan struct{})
			go func() {
				for range s.rasReq {
					s.raster()
					s.rasDone <- struct{}{}
				}
			}()
		}
		s.rasPending = true
		s.rasReq <- struct{}{}
		return nil
	}
	s.raster()
	return nil
}

// batched reports whether bullets take the batched blit (blit.go).
func (s *Scene) batched() bool { return s.stamp != nil && !s.listBullets }

// raster executes the frame's draw lists, then draws the bullets.
func (s *Scene) raster() {
	s.renderer.Render(s.Frame, s.dl)
	if s.Cfg.Test != Bullets {
		return
	}
	if !s.batched() {
		for _, l := range s.bdl {
			s.renderer.Render(s.Frame, l) // one depth: nothing to sort
		}
		return
	}
	// One band of rows per goroutine: the build goroutines take bands
	// 1.., this one band 0.
	s.built.Add(len(s.build))
	for j, c := range s.build {
		c <- buildJob{blit: true, band: j + 1}
	}
	s.blitBand(0)
	s.built.Wait()
}

// blitBand draws the bullets of band b (all slot chunks, in order).
func (s *Scene) blitBand(b int) {
	n := len(s.bdl)
	y0, y1 := frameBand(s.Frame.H(), n, b)
	lists := s.lists[b]
	for k := 0; k < n; k++ {
		lists[k] = s.pos[k][b]
	}
	s.stamp.blitBand(s.Frame, y0, y1, lists)
}

// Sync waits until the last rendered frame is complete in s.Frame.
func (s *Scene) Sync() {
	if s.rasPending {
		<-s.rasDone
		s.rasPending = false
	}
}

// buildJob is one chunk of bullet slots to add to one draw list.
// With blit set it is band band of the batched bullet blit instead.
type buildJob struct {
	k      int
	lo, hi int
	alpha  float64
	drawn  *int
	blit   bool
	band   int
}

// builder runs bullet jobs until c is closed.
func (s *Scene) builder(c chan buildJob) {
	for j := range c {
		if j.blit {
			s.blitBand(j.band)
		} else {
			*j.drawn = s.addBulletRange(j.k, j.lo, j.hi, j.alpha)
		}
		s.built.Done()
	}
}

// addBullets adds every flying bullet, interpolated and culled to the
// view, to the bullet draw lists: one list per chunk of slots, built in
// parallel, each with a single depth key and rendered after the scene in
// chunk order (so the picture is the same as one list in slot order).
func (s *Scene) addBullets(alpha float64) int {
	n := len(s.World.Bullets().Used)
	k := len(s.bdl)
	chunk := (n + k - 1) / k
	for j, l := range s.bdl {
		l.Reset()
		for b := range s.pos[j] {
			s.pos[j][b] = s.pos[j][b][:0]
		}
	}
	counts := s.counts
	s.built.Add(len(s.build))
	for j, c := range s.build {
		lo := min((j+1)*chunk, n)
		c <- buildJob{k: j + 1, lo: lo, hi: min(lo+chunk, n), alpha: alpha, drawn: &counts[j+1]}
	}
	counts[0] = s.addBulletRange(0, 0, min(chunk, n), alpha)
	s.built.Wait()
	total := 0
	for _, c := range counts[:k] {
		total += c
	}
	return total
}

// addBulletRange adds the flying bullets of slots [lo, hi) to chunk k's
// draw list, or with the batched blit to chunk k's band position lists.
func (s *Scene) addBulletRange(k, lo, hi int, alpha float64) int {
	const depth = 0
	l := s.bdl[k]
	batched := s.batched()
	fh := s.Frame.H()
	nb := len(s.bdl)
	bh := bandHeight(fh, nb) // band b holds rows [b*bh, (b+1)*bh)
	dedupe := batched && s.stamp.mono
	bw, bhh := s.Frame.W()+s.bullet.W(), fh+s.bullet.H()
	var seen []uint64
	if dedupe {
		words := (bw*bhh + 63) / 64
		if len(s.seen[k]) != words {
			s.seen[k] = make([]uint64, words)
		}
		seen = s.seen[k]
		clear(seen)
	}
	b := s.World.Bullets()
	g := s.World.Grid
	p := g.Proj
	view := s.Cam.View()
	o := s.Cam.Origin()
	hw, hh, zp := float64(p.TileW)/2, float64(p.TileH)/2, float64(p.ZPixels)
	org := g.Origin()
	sw, sh := s.bullet.W(), s.bullet.H()
	ox := float64(org.X) - float64(sw)/2
	oy := float64(org.Y) - float64(sh)
	n := 0
	if lo >= hi {
		return 0
	}
	var xy []int32
	bandN := s.bandN[k]
	if batched {
		if m := hi - lo; cap(s.xy[k]) < 2*m {
			s.xy[k] = make([]int32, 0, 2*(m+m/4))
			s.out[k] = make([]int32, 4*(m+m/4))
		}
		xy = s.xy[k][:0]
		clear(bandN)
	}
	// The chunk's columns as slices of one length: no bounds checks.
	used := b.Used[lo:hi]
	m := len(used)
	x, y, px, py, z := b.P.X[lo:hi][:m], b.P.Y[lo:hi][:m], b.PX[lo:hi][:m], b.PY[lo:hi][:m], b.Z[lo:hi][:m]
	alive := b.P.Alive[lo:hi][:m]
	for i, u := range used {
		if !u || !alive[i] {
			continue
		}
		wx := px[i] + (x[i]-px[i])*alpha
		wy := py[i] + (y[i]-py[i])*alpha
		sx := floorInt((wx-wy)*hw + ox)
		sy := floorInt((wx+wy)*hh - z[i]*zp + oy)
		if sx >= view.Max.X || sy >= view.Max.Y || sx+sw <= view.Min.X || sy+sh <= view.Min.Y {
			continue
		}
		n++
		fx, fy := sx-o.X, sy-o.Y
		if !batched {
			l.Sprite(depth, s.bullet, fx, fy, nil)
			continue
		}
		if dedupe {
			if ux, uy := uint(fx+sw), uint(fy+sh); ux < uint(bw) && uy < uint(bhh) {
				bit := uy*uint(bw) + ux
				if seen[bit/64]&(1<<(bit%64)) != 0 {
					continue // the same stamp at the same place: no new pixel
				}
				seen[bit/64] |= 1 << (bit % 64)
			}
		}
		// The bands holding the stamp's rows inside the frame (a stamp
		// straddling a band boundary goes to both).
		top, bot := max(fy, 0), min(fy+sh, fh)
		if top >= bot {
			continue
		}
		xy = append(xy, int32(fx), int32(fy))
		for b := top / bh; b*bh < bot; b++ {
			bandN[b]++
		}
	}
	if batched {
		s.byBand(k, xy, bh, fh, sh)
	}
	return n
}

// byBand sorts chunk k's queued positions xy (in slot order) by band
// into s.out[k], keeping slot order within each band, and points
// pos[k][b] at band b's part; s.bandN[k] holds each band's count.
func (s *Scene) byBand(k int, xy []int32, bh, fh, sh int) {
	bandN, pos, out := s.bandN[k], s.pos[k], s.out[k]
	at := 0
	for b := range pos {
		c := 2 * bandN[b]
		pos[b] = out[at : at : at+c]
		bandN[b] = at // now where band b's next pair goes
		at += c
	}
	for j := 0; j+1 < len(xy); j += 2 {
		fy := int(xy[j+1])
		top, bot := max(fy, 0), min(fy+sh, fh)
		for b := top / bh; b*bh < bot; b++ {
			out[bandN[b]], out[bandN[b]+1] = xy[j], xy[j+1]
			bandN[b] += 2
		}
	}
	for b := range pos {
		pos[b] = pos[b][:cap(pos[b])]
	}
}

// visibleUnits counts the units whose feet are inside the view (the
// scene culls the others before they reach the draw list): with many
// units, one part of them per renderer worker (Renderer.Do).
func (s *Scene) visibleUnits() int {
	parts := s.renderer.Workers()
	if parts == 1 || len(s.Units) < 4096 {
		return countInView(s.World, s.Cam.View(), s.Units)
	}
	if s.countFn == nil {
		s.countFn = s.countVisible
	}
	s.seenView = s.Cam.View()
	s.visible = grow(s.visible, parts*8)
	s.renderer.Do(parts, s.countFn)
	n := 0
	for k := range parts {
		n += s.visible[k*8]
	}
	return n
}

// countVisible counts part k of the units inside s.seenView into
// s.visible[k*8] (a cache line of its own).
func (s *Scene) countVisible(k int) {
	parts, n := len(s.visible)/8, len(s.Units)
	s.visible[k*8] = countInView(s.World, s.seenView, s.Units[k*n/parts:(k+1)*n/parts])
}

// countInView counts the units whose feet are inside v.
func countInView(w *scene.World, v mathx.Rect, units []scene.Entity) int {
	g := w.Grid
	n := 0
	for _, e := range units {
		p := g.ToScreen(w.Pos(e))
		if p.X >= float64(v.Min.X) && p.X < float64(v.Max.X) && p.Y >= float64(v.Min.Y) && p.Y < float64(v.Max.Y) {
			n++
		}
	}
	return n
}

// grow returns s with length n, reallocated only when it is short.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// SeedRings are the seed's bullet-test ring sizes (bullets per round).
var SeedRings = []int{18, 36, 64, 72}

// SeedAlive are the seed's "max bullets alive" figures for SeedRings
// (0: none given; 72's text says "almost 600").
var SeedAlive = []int{148, 287, 534, 0}

// SeedUnits are the seed's unit-test enemy counts.
var SeedUnits = []int{20, 30, 60, 115}

// floorInt is int(math.Floor(v)) for v well inside the int range (frame
// coordinates), without the call.
func floorInt(v float64) int {
	i := int(v)
	if float64(i) > v {
		i--
	}
	return i
}
