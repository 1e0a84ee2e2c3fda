package scene

import (
	"fmt"
	"image/color"
	"math"
	"time"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// Render adds the world to dl through painter pt (which holds the grid
// and camera): each shown layer in order, bottom first (its image, its
// tiles, then the entities drawn on it, depth-sorted among themselves,
// all moved by the layer's parallax), then the entities on no layer and
// the bullets, depth-sorted. Moving things are drawn where they were
// alpha of the way from the previous tick to the last one (alpha from
// loop.Clock.Alpha, clamped to [0, 1]). It returns the next free depth
// key. Render never changes the simulation; it does not allocate once
// its buffers have grown. With several workers (SetWorkers) and 4,096
// entities or more, grouping them by layer, culling them to the view and
// finding the silhouettes and health bars to draw run in parts on the
// world's workers; the entities queued, and the picture, are the same
// for any worker count.
func (w *World) Render(dl *raster.DrawList, pt *iso.Painter, alpha float64) (int64, error) {
	if pt == nil || pt.Grid == nil || pt.Cam == nil {
		return 0, fmt.Errorf("scene: Render needs a painter with a grid and a camera")
	}
	if !(alpha >= 0) {
		alpha = 0
	}
	alpha = math.Min(alpha, 1)
	w.bucketByLayer()
	w.partBuf = w.partBuf[:0]
	// Every entity may draw its parts twice (itself and its silhouette):
	// sized for that once, so drawing more entities with parts than the
	// frame before does not grow the buffer mid-frame.
	if need := 2 * len(w.state) * w.partsMax; cap(w.partBuf) < need {
		w.partBuf = make([]iso.Part, 0, need)
	}
	// Parallax moves a copy of the caller's camera, never the camera.
	callerCam := pt.Cam
	w.renderCam = *callerCam
	pt.Cam = &w.renderCam
	defer func() { pt.Cam = callerCam }()
	cam := pt.Cam
	center := cam.Center
	var depth int64
	first := 0
	if w.GroundCache != nil {
		n, err := w.drawGround(dl, pt, depth)
		if err != nil {
			return 0, fmt.Errorf("scene: ground cache: %w", err)
		}
		if n > 0 {
			first, depth = n, depth+1
		}
	}
	stage := -1 // the layer the entities on no layer and the bullets join
	if w.Stage != "" {
		stage = w.Layers.Index(w.Stage)
	}
	for k := first; k < len(w.Layers); k++ {
		l := &w.Layers[k]
		if l.Hidden {
			continue
		}
		cam.Center = center.Sub(l.parallaxShift(center, w.ParallaxOrigin))
		if l.Image != nil {
			drawImage(dl, pt, l, depth)
			depth++
		}
		if len(l.Tiles) > 0 {
			if err := pt.Layer(dl, &l.TileLayer, depth); err != nil {
				return 0, fmt.Errorf("scene: layer %d (%q): %w", k, l.Name, err)
			}
			depth++
		}
		n, err := w.addEntities(pt, w.layerSlots(k), alpha)
		if err != nil {
			return 0, err
		}
		if k == stage {
			if err := w.addStage(pt, alpha); err != nil {
				return 0, err
			}
			n++
		}
		if n > 0 {
			depth = pt.Objects(dl, depth)
		}
		if l.Draw != nil {
			depth = l.Draw(dl, pt, depth)
		}
	}
	cam.Center = center
	if stage < 0 || stage < first || w.Layers[stage].Hidden {
		if err := w.addStage(pt, alpha); err != nil {
			return 0, err
		}
	}
	depth = pt.Objects(dl, depth)
	return w.drawMarks(dl, pt, alpha, depth)
}

// addStage queues the entities on no layer and the bullets.
func (w *World) addStage(pt *iso.Painter, alpha float64) error {
	if _, err := w.addEntities(pt, w.layerSlots(-1), alpha); err != nil {
		return err
	}
	return w.addBullets(pt, alpha)
}

// bucketByLayer groups the live entity slots by draw layer (a counting
// sort in slot order) into layerOrder; layerStart[k+1]..layerStart[k+2]
// are layer k's, layerStart[0]..layerStart[1] those on no layer. With
// several workers and many slots it counts and fills on the world's
// workers (parBucket), with the same result.
func (w *World) bucketByLayer() {
	n := len(w.Layers) + 2
	if cap(w.layerStart) < n {
		w.layerStart = make([]int32, n)
	}
	w.layerStart = w.layerStart[:n]
	clear(w.layerStart)
	if w.Phys.Workers() > 1 && len(w.state) >= parMin {
		w.parBucket(n - 1)
		return
	}
	live := 0
	for i, st := range w.state {
		if st != stLive {
			continue
		}
		k := int(w.drawLayer[i]) + 1
		if k < 0 || k >= n-1 {
			k = 0 // a layer removed from World.Layers: draw on top
		}
		w.layerStart[k+1]++
		live++
	}
	for k := 1; k < n; k++ {
		w.layerStart[k] += w.layerStart[k-1]
	}
	w.sizeLayerOrder(live)
	fill := w.layerFill[:0]
	fill = append(fill, w.layerStart[:n-1]...)
	w.layerFill = fill
	for i, st := range w.state {
		if st != stLive {
			continue
		}
		k := int(w.drawLayer[i]) + 1
		if k < 0 || k >= n-1 {
			k = 0
		}
		w.layerOrder[fill[k]] = int32(i)
		fill[k]++
	}
}

// bucketOf is the layerStart bucket (of nb) of a live slot on draw layer
// layer: layer + 1, or 0 (drawn on top) for no layer or a layer removed
// from World.Layers.
func bucketOf(layer int32, nb int) int {
	k := int(layer) + 1
	if k < 0 || k >= nb {
		k = 0
	}
	return k
}

// sizeLayerOrder sets layerOrder's length to live.
func (w *World) sizeLayerOrder(live int) {
	if cap(w.layerOrder) < live {
		w.layerOrder = make([]int32, live, cap(w.state))
	}
	w.layerOrder = w.layerOrder[:live]
}

// parMin is the fewest slots Render splits over the world's workers
// (physics.Space.Parallel runs fewer in one part anyway).
const parMin = 4096

// renderPar is the state of Render's passes over every slot that run on
// the world's workers (physics.Space.Parallel, as SetWorkers set) when
// there are many entities: grouping the live slots by layer and culling
// each layer's slots to the view. Each part of a pass reads the world and
// writes only its own counts, its own kept list or its own positions of
// layerOrder, and the parts' results are joined in part order, so the
// entities queued, and the picture, are the same for any worker count.
type renderPar struct {
	countFn, fillFn, cullFn func(k, lo, hi int) // made once: a method value allocates
	buckets, stride         int                 // bucketByLayer's buckets; counts per part, padded to a cache line
	counts                  []int32             // per part (k*stride): live slots per bucket, then fill positions
	// The cull's inputs and, per part, the slots it keeps in slot order.
	slots []int32
	g     *iso.Grid
	view  mathx.Rect
	alpha float64
	kept  [][]int32
	one   [1][]int32 // cull's answer when it does not split
	// markSlots' method value and, per part, the live, shown slots with a
	// silhouette colour and with a health bar showing.
	markFn        func(k, lo, hi int)
	silKept, bars [][]int32
}

// parFns makes the passes' method values, once.
func (rp *renderPar) parFns(w *World) {
	if rp.countFn == nil {
		rp.countFn, rp.fillFn, rp.cullFn = w.countRange, w.fillRange, w.cullRange
	}
}

// parBucket is bucketByLayer's counting sort on the world's workers:
// each part counts its live slots per bucket, the counts become each
// part's first position in every bucket (buckets in order, parts in order
// within one), then each part fills its positions in slot order.
func (w *World) parBucket(buckets int) {
	rp := &w.rpar
	rp.parFns(w)
	rp.buckets = buckets
	rp.stride = (buckets + 15) &^ 15 // 64-byte rows: parts share no cache line
	parts := w.Phys.Workers()
	if need := parts * rp.stride; cap(rp.counts) < need {
		rp.counts = make([]int32, need)
	}
	rp.counts = rp.counts[:parts*rp.stride]
	clear(rp.counts)
	parts = w.Phys.Parallel(len(w.state), rp.countFn)
	pos := int32(0)
	for b := range buckets {
		w.layerStart[b] = pos
		for k := range parts {
			c := &rp.counts[k*rp.stride+b]
			*c, pos = pos, pos+*c
		}
	}
	w.layerStart[buckets] = pos
	w.sizeLayerOrder(int(pos))
	w.Phys.Parallel(len(w.state), rp.fillFn)
}

// countRange counts the live slots [lo, hi) per bucket as part k.
func (w *World) countRange(k, lo, hi int) {
	rp := &w.rpar
	nb := rp.buckets
	c := rp.counts[k*rp.stride : k*rp.stride+nb]
	for i, st := range w.state[lo:hi] {
		if st == stLive {
			c[bucketOf(w.drawLayer[lo+i], nb)]++
		}
	}
}

// fillRange writes the live slots [lo, hi) at part k's positions.
func (w *World) fillRange(k, lo, hi int) {
	rp := &w.rpar
	nb := rp.buckets
	c := rp.counts[k*rp.stride : k*rp.stride+nb]
	order := w.layerOrder
	for i, st := range w.state[lo:hi] {
		if st == stLive {
			b := bucketOf(w.drawLayer[lo+i], nb)
			order[c[b]] = int32(lo + i)
			c[b]++
		}
	}
}

// cull returns, in order, the slots whose entities addEntities may queue
// with the painter's camera: all of slots, or with several workers and
// many slots the ones that pass mayDraw, found on the world's workers.
// The result is one list per part (parts in order), valid until the next
// call.
func (w *World) cull(pt *iso.Painter, slots []int32, alpha float64) [][]int32 {
	rp := &w.rpar
	parts := w.Phys.Workers()
	if parts <= 1 || len(slots) < parMin {
		rp.one[0] = slots
		return rp.one[:]
	}
	rp.parFns(w)
	for len(rp.kept) < parts {
		rp.kept = append(rp.kept, nil)
	}
	// A part holds at most ceil(len/parts) slots: sized so that the
	// parts' appends never grow (nor allocate).
	most := len(slots)/parts + 1
	for k := range parts {
		if cap(rp.kept[k]) < most {
			rp.kept[k] = make([]int32, 0, most+most/4)
		}
	}
	rp.slots, rp.g, rp.view, rp.alpha = slots, pt.Grid, pt.Cam.View(), alpha
	parts = w.Phys.Parallel(len(slots), rp.cullFn)
	rp.slots, rp.g = nil, nil
	return rp.kept[:parts]
}

// cullRange keeps, as part k, the slots of rp.slots[lo:hi] that mayDraw.
func (w *World) cullRange(k, lo, hi int) {
	rp := &w.rpar
	out := rp.kept[k][:0]
	for _, i := range rp.slots[lo:hi] {
		if w.mayDraw(int(i), rp.g, rp.view, rp.alpha) {
			out = append(out, i)
		}
	}
	rp.kept[k] = out
}

// markSlots returns, with several workers and many slots, the live,
// shown slots with a silhouette colour and those with a health bar
// showing (and a maximum health), one list per part in slot order, found
// on the world's workers; nil, nil otherwise (drawMarks then looks at
// every slot itself).
func (w *World) markSlots() (sil, bars [][]int32) {
	rp := &w.rpar
	parts := w.Phys.Workers()
	if parts <= 1 || len(w.state) < parMin {
		return nil, nil
	}
	if rp.markFn == nil {
		rp.markFn = w.markRange
	}
	for len(rp.silKept) < parts {
		rp.silKept, rp.bars = append(rp.silKept, nil), append(rp.bars, nil)
	}
	most := len(w.state)/parts + 1 // a part's most slots: its appends never grow
	for k := range parts {
		if cap(rp.silKept[k]) < most {
			rp.silKept[k] = make([]int32, 0, most+most/4)
		}
		if cap(rp.bars[k]) < most {
			rp.bars[k] = make([]int32, 0, most+most/4)
		}
	}
	parts = w.Phys.Parallel(len(w.state), rp.markFn)
	return rp.silKept[:parts], rp.bars[:parts]
}

// markRange is part k of markSlots, over slots [lo, hi).
func (w *World) markRange(k, lo, hi int) {
	rp := &w.rpar
	sil, bars := rp.silKept[k][:0], rp.bars[k][:0]
	for i := lo; i < hi; i++ {
		if w.state[i] != stLive || w.hidden[i] {
			continue
		}
		if w.silhouette[i] != (color.RGBA{}) {
			sil = append(sil, int32(i))
		}
		if w.barLeft[i] > 0 && w.maxHealth[i] > 0 {
			bars = append(bars, int32(i))
		}
	}
	rp.silKept[k], rp.bars[k] = sil, bars
}

// mayDraw reports whether addEntities queues slot i's entity (it
// returns false exactly where addEntities skips the slot before queuing
// it). It reads the world only.
func (w *World) mayDraw(i int, g *iso.Grid, view mathx.Rect, alpha float64) bool {
	if w.hidden[i] {
		return false
	}
	if len(w.drawing[i].Parts) > 0 && w.kind[i] != Character {
		return true
	}
	l := w.lookOf(i)
	if l == nil {
		return false
	}
	s := w.sprite(i, l)
	if s == nil {
		return false
	}
	if len(l.Parts) > 0 {
		return true
	}
	at, _, _ := lookAt(g, l, s, w.prev[i].Lerp(w.pos[i], alpha))
	return visibleIn(view, at, s)
}

// layerSlots returns the live slots drawn with layer k (−1: no layer).
func (w *World) layerSlots(k int) []int32 {
	return w.layerOrder[w.layerStart[k+1]:w.layerStart[k+2]]
}

// addEntities queues the drawn entities among slots with the painter and
// returns how many it queued. With many slots the world's workers first
// cull them (cull), and only the slots kept are looked at here, in order.
func (w *World) addEntities(pt *iso.Painter, slots []int32, alpha float64) (int, error) {
	n := 0
	for _, part := range w.cull(pt, slots, alpha) {
		m, err := w.addSlots(pt, part, alpha)
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// addSlots is addEntities for slots in order, on the calling goroutine.
func (w *World) addSlots(pt *iso.Painter, slots []int32, alpha float64) (int, error) {
	g := pt.Grid
	// Cull here what Painter.Add would drop anyway, to skip its per-call
	// checks for the many objects outside the view.
	view := pt.Cam.View()
	n := 0
	for _, i := range slots {
		if w.hidden[i] {
			continue
		}
		if len(w.drawing[i].Parts) > 0 && w.kind[i] != Character {
			o := w.drawing[i]
			if opts := w.drawOpts(int(i)); opts != (raster.DrawOptions{}) {
				// A styled drawing: its parts with the entity's options.
				start := len(w.partBuf)
				for _, p := range o.Parts {
					p.Opts = opts
					w.partBuf = append(w.partBuf, p)
				}
				o.Parts = w.partBuf[start:len(w.partBuf):len(w.partBuf)]
			}
			if err := pt.Add(o); err != nil {
				return n, err
			}
			n++
			continue
		}
		l := w.lookOf(int(i))
		if l == nil {
			continue
		}
		s := w.sprite(int(i), l)
		if s == nil {
			continue
		}
		p := w.prev[i].Lerp(w.pos[i], alpha)
		at, fx, fy := lookAt(g, l, s, p)
		if !visibleIn(view, at, s) && len(l.Parts) == 0 {
			continue
		}
		o := iso.Object{Box: w.drawBox(int(i), p), Parts: w.lookParts(int(i), l, s, at, fx, fy, w.drawOpts(int(i)))}
		if err := pt.Add(o); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// lookAt returns the map pixel where sprite s of look l is drawn for
// feet at p, and the feet's own pixel (fx, fy).
func lookAt(g *iso.Grid, l *Look, s *raster.Sprite, p mathx.Vec3) (at mathx.Point, fx, fy int) {
	sp := g.ToScreen(p)
	fx, fy = floorInt(sp.X), floorInt(sp.Y)
	return mathx.Point{X: fx - s.W()/2 + l.Offset.X, Y: fy - s.H() + l.Offset.Y}, fx, fy
}

// drawBox is slot i's depth-sort box with its feet at p: its collision
// circle's square, or its area's for pickups, triggers and box-shaped
// objects (a quarter tile when it has neither), as tall as the entity.
func (w *World) drawBox(i int, p mathx.Vec3) iso.Box {
	r := w.radius[i]
	if w.kind[i] == Pickup || w.kind[i] == Trigger || r <= 0 {
		r = math.Max(w.extent[i].X, w.extent[i].Y)
	}
	if r <= 0 {
		r = 0.25
	}
	return iso.Box{Min: mathx.V3(p.X-r, p.Y-r, p.Z), Max: mathx.V3(p.X+r, p.Y+r, p.Z+w.height[i])}
}

// lookParts returns slot i's look l drawn at feet pixel (fx, fy): its
// sprite s at at and its parts, with opts (backed by w.parts or
// w.partBuf until the next frame).
func (w *World) lookParts(i int, l *Look, s *raster.Sprite, at mathx.Point, fx, fy int, opts raster.DrawOptions) []iso.Part {
	w.parts[i] = iso.Part{Sprite: s, At: at, Opts: opts}
	if len(l.Parts) == 0 {
		return w.parts[i : i+1 : i+1]
	}
	// The look and its parts, one after the other in partBuf.
	start := len(w.partBuf)
	w.partBuf = append(w.partBuf, w.parts[i])
	for k := range l.Parts {
		lp := &l.Parts[k]
		a := w.facingOf(i)
		if lp.FaceAim {
			a = w.aim[i]
		}
		ps := lp.frame(w.screenHeading(a))
		if ps == nil {
			continue
		}
		pa := mathx.Point{X: fx - ps.W()/2 + lp.Offset.X, Y: fy - ps.H() + lp.Offset.Y}
		w.partBuf = append(w.partBuf, iso.Part{Sprite: ps, At: pa, Opts: opts})
	}
	return w.partBuf[start:len(w.partBuf):len(w.partBuf)]
}

// addBullets queues the live bullets with the painter.
func (w *World) addBullets(pt *iso.Painter, alpha float64) error {
	g := pt.Grid
	view := pt.Cam.View()
	b := &w.bullets
	looked := b.looked > 0 // else the look column need not be read
	if w.bulletSprite == nil && !looked {
		return nil // nothing to draw (a game that draws its bullets itself)
	}
	if cap(w.bulletParts) < len(b.Used) {
		w.bulletParts = make([]iso.Part, len(b.Used), cap(b.Used))
	}
	w.bulletParts = w.bulletParts[:len(b.Used)]
	for i, u := range b.Used {
		if !u || !b.P.Alive[i] {
			continue // a bullet that hit is gone from the picture
		}
		s, off := w.bulletSprite, mathx.Point{}
		if looked {
			if id := b.Look[i]; id > 0 && int(id) <= len(w.looks) {
				l := w.looks[id-1]
				s, off = l.bulletFrame(w, b.P.VX[i], b.P.VY[i]), l.Offset
			}
		}
		if s == nil {
			continue
		}
		x := b.PX[i] + (b.P.X[i]-b.PX[i])*alpha
		y := b.PY[i] + (b.P.Y[i]-b.PY[i])*alpha
		p := mathx.V3(x, y, b.Z[i])
		sp := g.ToScreen(p)
		at := mathx.Point{X: floorInt(sp.X) - s.W()/2 + off.X, Y: floorInt(sp.Y) - s.H() + off.Y}
		if !visibleIn(view, at, s) {
			continue
		}
		w.bulletParts[i] = iso.Part{Sprite: s, At: at}
		r := math.Max(b.P.R[i], 0.05)
		o := iso.Object{
			Box:   iso.Box{Min: mathx.V3(x-r, y-r, b.Z[i]), Max: mathx.V3(x+r, y+r, b.Z[i]+2*r)},
			Parts: w.bulletParts[i : i+1 : i+1],
		}
		if err := pt.Add(o); err != nil {
			return err
		}
	}
	return nil
}

// visibleIn reports whether sprite s drawn at map pixel at overlaps view.
func visibleIn(view mathx.Rect, at mathx.Point, s *raster.Sprite) bool {
	return at.X < view.Max.X && at.Y < view.Max.Y && at.X+s.W() > view.Min.X && at.Y+s.H() > view.Min.Y
}

// tileAnim is an animated tile of a layer: the layer's sprite slot and
// the frames it cycles through, each shown until its end time.
type tileAnim struct {
	layer, sprite int32
	frames        []*raster.Sprite
	ends          []time.Duration // cumulative
	total         time.Duration
}

// animateTiles puts each animated tile's current frame (at simulated
// time Tick × Dt, looping) into its layer. It runs when the world is
// built and at the end of each Step, the only times the tick changes, so
// Render writes nothing a game can see.
func (w *World) animateTiles() {
	if len(w.tileAnims) == 0 {
		return
	}
	now := time.Duration(float64(w.tick) * w.dt * float64(time.Second))
	for k := range w.tileAnims {
		a := &w.tileAnims[k]
		if int(a.layer) >= len(w.Layers) || int(a.sprite) >= len(w.Layers[a.layer].Sprites) {
			continue
		}
		t := now % a.total
		f := 0
		for f < len(a.ends)-1 && t >= a.ends[f] {
			f++
		}
		w.Layers[a.layer].Sprites[a.sprite] = a.frames[f]
	}
}

func floorInt(f float64) int {
	if !(f > -1e15 && f < 1e15) {
		return 0
	}
	return int(math.Floor(f))
}
