package scene

import (
	"fmt"
	"math"
	"slices"

	"diorama/mathx"
	"diorama/physics"
	"diorama/raster"
)

// BulletID names one bullet: its slot in the bullet arrays and the
// slot's generation. Bullets are anonymous while they fly; an id comes
// with a BulletHitEvent and stays readable until the tick ends.
type BulletID struct {
	Slot int32  // index into the Bullets arrays
	Gen  uint32 // the slot's generation when the bullet was fired
}

// BulletDef describes a bullet to fire.
type BulletDef struct {
	// Pos is where it starts on the floor and Z its height (for drawing).
	Pos mathx.Vec2
	Z   float64 // height above the floor, world units
	// Vel is its velocity in world units per second.
	Vel mathx.Vec2
	// Radius of its collision circle (0 is a point), at most 0.5.
	Radius float64
	// Damage it carries to whatever it hits (the game applies it, reading
	// Events.BulletHits).
	Damage int32
	// Owner fired it (may be nil).
	Owner Entity
	// Mask selects the physics layers it hits (0: all). Give a shooter's
	// bullets a mask without the shooter's own layer.
	Mask uint32
	// TTL is its lifetime in ticks (0: until it hits something).
	TTL int32
	// Look draws it (NoLook: the world's bullet sprite, Bullets.SetSprite).
	// A look whose Frames hold one frame per facing of Dirs turns with
	// the bullet's flight (a rocket); otherwise its Sprite is drawn.
	Look LookID
	// Tag is the game's own mark (a weapon kind), reported with the
	// bullet in BulletHitEvent and BulletInfo.
	Tag int32
}

// BulletInfo is what Bullets.Near reports of a flying bullet.
type BulletInfo struct {
	ID       BulletID
	Pos, Vel mathx.Vec2
	Owner    Entity
	Tag      int32
}

// FlyingAt reports whether the bullet is heading for p: p lies ahead of
// it and within lane of its line of flight (what a dodge reads).
func (b BulletInfo) FlyingAt(p mathx.Vec2, lane float64) bool {
	d := p.Sub(b.Pos)
	return d.Dot(b.Vel) > 0 && math.Abs(d.Cross(b.Vel.Unit())) <= lane
}

// Bullets is the world's bullets, reached with [World.Bullets]: Fire,
// Remove and Near, the sprite they are drawn with (SetSprite), and Blast,
// the area damage of what bursts. The pool is a struct of arrays:
// physics' swept bullet pool plus the scene's own per-slot columns. Slot
// i is in use while Used[i]; a bullet that hit something stays in use
// (its data readable) until the end of its tick.
type Bullets struct {
	// P holds position, velocity, radius, mask and physics liveness.
	P physics.Bullets
	// Z is each bullet's height; PX, PY its position at the previous
	// tick (for interpolation).
	Z, PX, PY []float64
	Owner     []Entity // who fired each bullet
	Damage    []int32  // what each bullet carries
	// TTL is the remaining lifetime in ticks (0: unlimited).
	TTL  []int32
	Gen  []uint32 // slot generations, bumped when a slot is reused
	Used []bool   // slot holds a bullet (flying, or hit this tick)
	Look []LookID // how each bullet is drawn
	Tag  []int32  // the game's mark of each bullet

	used    int
	looked  int         // bullets in use with a look of their own
	pending []BulletDef // fired during the tick
	kill    []int32     // removed during the tick
	killed  []bool      // slot already queued in kill
	w       *World      // the world the bullets fly in
}

func (b *Bullets) reserve(n int) {
	b.P.Reserve(n)
	b.Z, b.PX, b.PY = growCap(b.Z, n), growCap(b.PX, n), growCap(b.PY, n)
	b.Owner, b.Damage, b.TTL = growCap(b.Owner, n), growCap(b.Damage, n), growCap(b.TTL, n)
	b.Gen, b.Used, b.killed = growCap(b.Gen, n), growCap(b.Used, n), growCap(b.killed, n)
	b.Look, b.Tag = growCap(b.Look, n), growCap(b.Tag, n)
	b.pending = make([]BulletDef, 0, min(n, 1<<16))
	b.kill = make([]int32, 0, n)
}

// growCap returns s with room for at least n elements.
func growCap[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s
	}
	return slices.Grow(s, n-len(s))
}

// growTo makes the scene columns at least n long.
func (b *Bullets) growTo(n int) {
	for len(b.Z) < n {
		b.Z = append(b.Z, 0)
		b.PX = append(b.PX, 0)
		b.PY = append(b.PY, 0)
		b.Owner = append(b.Owner, Entity{})
		b.Damage = append(b.Damage, 0)
		b.TTL = append(b.TTL, 0)
		b.Gen = append(b.Gen, 0)
		b.Used = append(b.Used, false)
		b.killed = append(b.killed, false)
		b.Look = append(b.Look, NoLook)
		b.Tag = append(b.Tag, 0)
	}
}

// Len returns the number of bullets in use.
func (b *Bullets) Len() int { return b.used }

func checkBullet(d *BulletDef) error {
	if !d.Pos.IsFinite() || !d.Vel.IsFinite() || !mathx.IsFinite(d.Z) || !mathx.IsFinite(d.Radius) {
		return fmt.Errorf("scene: bullet at %v velocity %v is not finite", d.Pos, d.Vel)
	}
	if d.Radius < 0 || d.Radius > 0.5 || d.TTL < 0 {
		return fmt.Errorf("scene: bullet radius %v (0..0.5) or lifetime %d out of range", d.Radius, d.TTL)
	}
	if math.Abs(d.Pos.X) > 1e9 || math.Abs(d.Pos.Y) > 1e9 || math.Abs(d.Z) > 1e9 {
		return fmt.Errorf("scene: bullet at %v out of range", d.Pos)
	}
	return nil
}

// add puts a bullet into the pool now.
func (b *Bullets) add(d *BulletDef) error {
	i, err := b.P.Add(d.Pos, d.Vel, d.Radius, d.Mask)
	if err != nil {
		return err
	}
	b.growTo(i + 1)
	b.Z[i], b.PX[i], b.PY[i] = d.Z, d.Pos.X, d.Pos.Y
	b.Owner[i], b.Damage[i], b.TTL[i] = d.Owner, d.Damage, d.TTL
	b.Look[i], b.Tag[i] = d.Look, d.Tag
	if d.Look != NoLook {
		b.looked++
	}
	b.Gen[i]++
	b.Used[i] = true
	b.killed[i] = false
	b.used++
	return nil
}

// release frees slot i now.
func (b *Bullets) release(i int) {
	if !b.Used[i] {
		return
	}
	b.P.Kill(i)
	if b.Look[i] != NoLook {
		b.looked--
	}
	b.Used[i] = false
	b.killed[i] = false
	b.Owner[i] = Entity{}
	b.used--
}

// queueKill schedules slot i's removal at the end of the tick.
func (b *Bullets) queueKill(i int) {
	if b.Used[i] && !b.killed[i] {
		b.killed[i] = true
		b.kill = append(b.kill, int32(i))
	}
}

// Fire launches a bullet: at once outside a tick, at the end of the tick
// during Step (so it first moves on the next tick). It panics on a
// definition it cannot fire (a position or velocity not finite, a radius
// or lifetime out of range, a look not registered), naming Bullets.Fire.
func (b *Bullets) Fire(d BulletDef) {
	w := b.w
	if err := checkBullet(&d); err != nil {
		panic("scene: Bullets.Fire: " + err.Error()[len("scene: "):])
	}
	if d.Look < 0 || int(d.Look) > len(w.looks) {
		panic(fmt.Sprintf("scene: Bullets.Fire: bullet look %d not registered", d.Look))
	}
	w.soundFired(&d)
	if w.inTick {
		w.bullets.pending = append(w.bullets.pending, d)
		return
	}
	if err := w.bullets.add(&d); err != nil {
		panic("scene: Bullets.Fire: " + err.Error())
	}
}

// Remove removes a bullet (at the end of the tick during Step). It
// reports whether id named a bullet in use.
func (b *Bullets) Remove(id BulletID) bool {
	w := b.w
	i := int(id.Slot)
	if i < 0 || i >= len(b.Used) || !b.Used[i] || b.Gen[i] != id.Gen {
		return false
	}
	if w.inTick {
		b.queueKill(i)
	} else {
		b.release(i)
	}
	return true
}

// Bullets returns the world's bullets: firing, removing, finding them
// and their pool for reading (positions in P.X, P.Y).
func (w *World) Bullets() *Bullets { return &w.bullets }

// SetSprite sets the sprite every bullet without a look of its own is
// drawn with (nil: such bullets are not drawn). Its bottom centre stands
// on the bullet's position at height Z.
func (b *Bullets) SetSprite(s *raster.Sprite) { b.w.bulletSprite = s }

// Near appends to dst[:0] every flying bullet within r of p (world x,
// y), in slot order: what a dodging enemy or a shield reads, without
// reaching into the pool's arrays.
func (b *Bullets) Near(p mathx.Vec2, r float64, dst []BulletInfo) []BulletInfo {
	dst = dst[:0]
	r2 := r * r
	for i, u := range b.Used {
		if !u || !b.P.Alive[i] || b.killed[i] {
			continue
		}
		q := mathx.V2(b.P.X[i], b.P.Y[i])
		if q.Sub(p).LenSq() > r2 {
			continue
		}
		dst = append(dst, BulletInfo{ID: BulletID{Slot: int32(i), Gen: b.Gen[i]}, Pos: q,
			Vel: mathx.V2(b.P.VX[i], b.P.VY[i]), Owner: b.Owner[i], Tag: b.Tag[i]})
	}
	return dst
}
