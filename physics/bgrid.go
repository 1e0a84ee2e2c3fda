package physics

import "diorama/mathx"

// bulletGrid is the bullets' copy of the broad phase, rebuilt by every
// StepBullets from the three grids (same cells): per cell, one flat list
// of the walls, static bodies and solid moving bodies listed there. quad
// holds each entry's box quantized in the cell's frame (a reject test of
// a few integer operations, read for every entry visited), ref which
// target it is (a body slot, or -1-k for wall k); the exact box and the
// narrow-phase inputs are kept once per body and wall in body and wall.
//
// A cast visiting several cells must test a target once: in the first
// visited cell listing it, the corner (max(x0, cx0), max(y0, cy0)) of the
// overlap of the target's cell range (from x0, y0) and the cast's (from
// cx0, cy0). So each cell's list is ordered in four groups by where the
// target's range starts, [left, own, above, both]: "left" targets start in
// a column to the left in this row, "own" ones here, "above" ones in a row
// above in this column, "both" above and to the left. A cell right of the
// cast's first column skips targets from the left (tested already), one
// below its first row those from above, and each case keeps one contiguous
// run: all four groups, own+above, left+own, or own alone.
type bulletGrid struct {
	start []int32 // cell c's groups start at start[4c:4c+4]; start[4c+4] ends it
	quad  []uint64
	ref   []int32
	// Quantization (see quadTarget): coordinates map to integers by
	// trunc((v - origin) * scale), cell (cx, cy)'s frame starts at
	// (cx*q - m, cy*q - m).
	ox, oy, scale float64
	q, m          int64
	// plain: a near cast's coordinates (inside the bounds grown by
	// MaxCastRadius) stay well inside glob's saturation limits.
	plain bool
	// Per body slot and per wall: the target, computed once per build;
	// polygons placed in world space.
	body  []bulletTarget
	wall  []bulletTarget
	polys []poly
}

// Quantized boxes. In a cell's frame a box becomes four 15-bit lanes of a
// uint64: (maxX, maxY, K - minX, K - minY) for a target and (minX, minY,
// K - maxX, K - maxY) for a cast, each coordinate mapped by lane(glob(v)
// - frame). That map is monotone, so boxes that touch (target max >= cast
// min and target min <= cast max on both axes) give target lanes >= cast
// lanes in all four lanes, which one subtraction checks at once:
// (target | laneHigh) - cast keeps every lane's high bit exactly when
// that lane's difference is >= 0. Boxes that pass still take the exact
// test; the quantized one only rejects, and how finely it rejects does not
// change any result.
const (
	quadK    = 1<<15 - 1
	laneHigh = 0x8000_8000_8000_8000
)

// glob maps a coordinate (relative to the grid origin, times scale) to a
// monotone integer; absurd values saturate.
func glob(t float64) int64 {
	if !(t > -1e15) { // also NaN
		return -1e15
	}
	return int64(min(t, 1e15))
}

// lane clamps a global integer shifted into a cell's frame to [0, K].
func lane(g, frame int64) uint64 { return uint64(min(max(g-frame, 0), quadK)) }

// globBox is a box's global quantized coordinates.
type globBox struct{ minX, minY, maxX, maxY int64 }

func (bg *bulletGrid) globOf(b *mathx.AABB) globBox {
	return globBox{glob((b.Min.X - bg.ox) * bg.scale), glob((b.Min.Y - bg.oy) * bg.scale),
		glob((b.Max.X - bg.ox) * bg.scale), glob((b.Max.Y - bg.oy) * bg.scale)}
}

// quadTarget and quadCast pack a box in the frame starting at (fx, fy).
func quadTarget(g globBox, fx, fy int64) uint64 {
	return lane(g.maxX, fx) | lane(g.maxY, fy)<<16 | (quadK-lane(g.minX, fx))<<32 | (quadK-lane(g.minY, fy))<<48
}

func quadCast(g globBox, fx, fy int64) uint64 {
	return lane(g.minX, fx) | lane(g.minY, fy)<<16 | (quadK-lane(g.maxX, fx))<<32 | (quadK-lane(g.maxY, fy))<<48
}

// Bullet target kinds: which cast a target takes, with the inputs
// castMoving would compute (the body placed at the start of the step, the
// motion relative to it), so hits are bit-identical.
const (
	tgtNone    uint8 = iota // a sensor: bullets pass through
	tgtWall                 // castCircleBox against box
	tgtCircle               // castCircleCircle against circle (a, rad)
	tgtCapsule              // castCircleCapsule against segment a-b, radius rad
	tgtBox                  // castCircleBox against the axis-aligned box a-b
	tgtPoly                 // castCirclePoly against polys[poly]
)

// bulletTarget is a body or wall as bullets see it.
type bulletTarget struct {
	box   mathx.AABB // the box the grids hold (swept box of a body)
	a, b  mathx.Vec2 // shape placement, by kind
	disp  mathx.Vec2 // body displacement over the last Step
	rad   float64
	idx   int32 // wall index or body slot
	layer uint32
	poly  int32 // index in bulletGrid.polys
	kind  uint8
	moved bool // disp != 0
}

// bulletTarget places body j as castMoving would: at its position, or at
// its previous one with the displacement kept for the relative motion.
func (sp *Space) bulletTarget(j int32) bulletTarget {
	bg := &sp.bgrid
	t := bulletTarget{box: sp.sbox[j], idx: j, layer: sp.layer[j]}
	if sp.sensor[j] {
		return t // tgtNone
	}
	t.disp = sp.pos[j].Sub(sp.prev[j])
	t.moved = t.disp != (mathx.Vec2{})
	x := sp.xf(int(j))
	if t.moved {
		x.p = sp.prev[j]
	}
	s := &sp.shape[j]
	switch {
	case sp.crad[j] >= 0:
		t.kind, t.a, t.rad = tgtCircle, x.p, sp.crad[j]
	case s.kind == KindCapsule:
		t.kind, t.rad = tgtCapsule, s.radius
		t.a, t.b = s.segment(x)
	case s.box && x.s == 0 && x.c == 1:
		t.kind, t.a, t.b = tgtBox, s.v[0].Add(x.p), s.v[2].Add(x.p)
	default:
		t.kind, t.poly = tgtPoly, int32(len(bg.polys))
		bg.polys = append(bg.polys, poly{})
		s.worldPoly(x, &bg.polys[t.poly])
	}
	return t
}

// cellGroup is the group (see bulletGrid) of a target whose cell range
// starts at (x0, y0), in cell (cx, cy): 0 left, 1 own, 2 above, 3 both.
func cellGroup(cx, cy, x0, y0 int32) int32 {
	return int32(groupOf[b2i(cx > x0)|b2i(cy > y0)<<1])
}

var groupOf = [4]uint8{1, 0, 2, 3}

// buildBulletGrid fills sp.bgrid from the three grids, leaving out sensors
// (bullets never hit them). Like grid.build it walks each target's cell
// range twice, counting then placing, so it costs O(entries + cells).
func (sp *Space) buildBulletGrid() {
	gw, gs, gm := &sp.gWalls, &sp.gStatic, &sp.gMoving
	bg := &sp.bgrid
	// Targets once per body and wall, with the inputs castMoving would use,
	// so hits are bit-identical.
	if len(bg.body) < len(sp.alive) {
		bg.body = make([]bulletTarget, len(sp.alive), cap(sp.alive))
	}
	bg.polys = bg.polys[:0]
	for _, list := range [2][]int32{sp.static, sp.moving} {
		for _, j := range list {
			bg.body[j] = sp.bulletTarget(j)
		}
	}
	if len(bg.wall) != len(sp.wallBox) {
		bg.wall = make([]bulletTarget, len(sp.wallBox))
	}
	for k := range bg.wall {
		bg.wall[k] = bulletTarget{box: sp.wallBox[k], kind: tgtWall, idx: int32(k), layer: sp.wallLayer[k]}
	}

	// Frames: a near cast visiting a cell lies within one cell plus its
	// radius of it; each frame covers that with a little to spare, q
	// integer steps per cell so frames never drift apart.
	mc := 1.0625 + sp.def.MaxCastRadius/gm.cell
	bg.q = max(int64(quadK/(1+2*mc)), 1)
	bg.m = int64(min(mc*float64(bg.q), 1e15)) + 1
	bg.scale = float64(bg.q) / gm.cell
	bg.ox, bg.oy = gm.ox, gm.oy
	ext := float64(max(float64(gm.nx), float64(gm.ny))*gm.cell) + 2*sp.def.MaxCastRadius
	bg.plain = ext*bg.scale < 1e14

	nx := int32(gm.nx)
	ncell := gm.nx * gm.ny
	cnt := growInt32(bg.start, 4*ncell+1)
	clear(cnt)
	bg.start = cnt
	type source struct {
		ids  []int32
		g    *grid
		wall bool
	}
	sources := [3]source{{sp.wallIDs, gw, true}, {sp.static, gs, false}, {sp.moving, gm, false}}
	for _, src := range sources {
		for _, id := range src.ids {
			if !src.wall && bg.body[id].kind == tgtNone {
				continue
			}
			r := src.g.rng[id]
			for y := r.y0; y <= r.y1; y++ {
				for x := r.x0; x <= r.x1; x++ {
					cnt[4*(y*nx+x)+cellGroup(x, y, r.x0, r.y0)+1]++
				}
			}
		}
	}
	for i := 1; i < len(cnt); i++ {
		cnt[i] += cnt[i-1]
	}
	total := int(cnt[len(cnt)-1])
	if cap(bg.quad) < total {
		bg.quad = make([]uint64, total, total+total/4)
		bg.ref = make([]int32, total, total+total/4)
	}
	bg.quad, bg.ref = bg.quad[:total], bg.ref[:total]
	// cnt[k] is now where run k (cell k/4, group k%4) starts; placing
	// advances it to where run k+1 starts, so shifting by one afterwards
	// restores the starts.
	for _, src := range sources {
		for _, id := range src.ids {
			ref := id
			var t *bulletTarget
			if src.wall {
				ref, t = -1-id, &bg.wall[id]
			} else if t = &bg.body[id]; t.kind == tgtNone {
				continue
			}
			gb := bg.globOf(&t.box)
			r := src.g.rng[id]
			for y := r.y0; y <= r.y1; y++ {
				fy := int64(y)*bg.q - bg.m
				for x := r.x0; x <= r.x1; x++ {
					k := 4*(y*nx+x) + cellGroup(x, y, r.x0, r.y0)
					e := cnt[k]
					cnt[k]++
					bg.quad[e] = quadTarget(gb, int64(x)*bg.q-bg.m, fy)
					bg.ref[e] = ref
				}
			}
		}
	}
	copy(cnt[1:], cnt[:len(cnt)-1])
	cnt[0] = 0
}

// castNear is the bullet fast path for a short cast (at most one cell
// along each axis, so at most 2×2 cells) inside the bounds with a radius
// within MaxCastRadius, over the bullet grid: the same candidates and the
// same narrow-phase calls as castFirst, in flat loops without marks.
func (sp *Space) castNear(p, d mathx.Vec2, r float64, mask uint32) (castResult, bool) {
	best := castResult{hit: castHit{t: 2}}
	seg := segBox(p, p.Add(d))
	s := seg.Expand(r)
	g := &sp.gMoving
	bg := &sp.bgrid
	x0, x1 := g.cellX(seg.Min.X), g.cellX(seg.Max.X)
	y0, y1 := g.cellY(seg.Min.Y), g.cellY(seg.Max.Y)
	var gs globBox
	gsDone := false
	var cand [candBatch]int32
	for cy := y0; cy <= y1; cy++ {
		for cx := x0; cx <= x1; cx++ {
			c := cy*g.nx + cx
			// The run of this cell's list not tested in an earlier cell.
			var lo, hi int
			switch {
			case cx == x0 && cy == y0:
				lo, hi = int(bg.start[4*c]), int(bg.start[4*c+4])
			case cy == y0:
				lo, hi = int(bg.start[4*c+1]), int(bg.start[4*c+3])
			case cx == x0:
				lo, hi = int(bg.start[4*c]), int(bg.start[4*c+2])
			default:
				lo, hi = int(bg.start[4*c+1]), int(bg.start[4*c+2])
			}
			if lo == hi {
				continue
			}
			if !gsDone {
				if bg.plain {
					// The sweep lies within the bounds grown by r, so the
					// saturation in glob never applies: plain truncation
					// is the same map.
					gs = globBox{int64((s.Min.X - bg.ox) * bg.scale), int64((s.Min.Y - bg.oy) * bg.scale),
						int64((s.Max.X - bg.ox) * bg.scale), int64((s.Max.Y - bg.oy) * bg.scale)}
				} else {
					gs = bg.globOf(&s)
				}
				gsDone = true
			}
			sq := quadCast(gs, int64(cx)*bg.q-bg.m, int64(cy)*bg.q-bg.m)
			for ; lo < hi; lo += candBatch {
				// Reject by quantized box without branches (most entries
				// fail, at random), keeping the survivors' offsets.
				quads := bg.quad[lo:min(hi, lo+candBatch)]
				n := 0
				for k, q := range quads {
					cand[n&(candBatch-1)] = int32(k) // n <= k < candBatch
					n += b2i(((q|laneHigh)-sq)&laneHigh == laneHigh)
				}
				for _, k := range cand[:n] {
					var t *bulletTarget
					if ref := bg.ref[lo+int(k)]; ref >= 0 {
						t = &bg.body[ref]
					} else {
						t = &bg.wall[-1-ref]
					}
					b := &t.box
					if s.Min.X > b.Max.X || b.Min.X > s.Max.X || s.Min.Y > b.Max.Y || b.Min.Y > s.Max.Y {
						continue
					}
					if t.layer&mask == 0 {
						continue
					}
					rel := d
					if t.moved {
						rel = d.Sub(t.disp)
					}
					var h castHit
					var ok bool
					switch t.kind {
					case tgtWall:
						h, ok = castCircleBox(p, d, r, *b)
					case tgtCircle:
						h, ok = castCircleCircle(p, rel, r, t.a, t.rad)
					case tgtCapsule:
						h, ok = castCircleCapsule(p, rel, r, t.a, t.b, t.rad)
					case tgtBox:
						h, ok = castCircleBox(p, rel, r, mathx.AABB{Min: t.a, Max: t.b})
					default:
						h, ok = castCirclePoly(p, rel, r, &bg.polys[t.poly])
					}
					if ok {
						if cr := (castResult{h, t.kind == tgtWall, t.idx}); cr.before(best) {
							best = cr
						}
					}
				}
			}
		}
	}
	return best, best.hit.t <= 1
}

// candBatch is how many grid entries castNear box-tests at a time.
const candBatch = 32

// b2i is 1 for true and 0 for false, compiled without a branch.
func b2i(b bool) int {
	var x int
	if b {
		x = 1
	}
	return x
}
