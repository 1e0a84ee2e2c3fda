package main

import (
	"diorama/viewer"
	"math"

	"diorama/ai/nav"
	"diorama/ai/tactics"
	"diorama/iso"
	"diorama/mathx"
	"diorama/physics"
	"diorama/scene"
)

const tps = 60

// Player tuning: seed 000's model (force from input, clamped acceleration
// and speed, decay without input) in tiles and seconds.
const (
	playerAccel    = 16.0 // tiles/s² at full stick
	playerMaxSpeed = 3.2  // tiles/s
	playerDecay    = 0.78 // velocity kept per tick without input
	playerStop     = 0.05 // below this speed (tiles/s) the tank stops
	hpBarTicks     = 3 * tps
	flashTicks     = 6

	// The cannon's magazine refills by itself, slowly: one round every
	// ammoRegenTicks while it holds fewer than ammoRegenCap, so a player
	// who ran dry can fight on, but sustained fire (a round every 9
	// ticks) still drains it and ammo pickups still matter.
	ammoRegenTicks = 20
	ammoRegenCap   = 30
	ammoMax        = 200
	rocketsMax     = 40
)

const (
	weaponCannon = iota
	weaponRockets
)

// control is what the player's tank is asked to do this tick, in world
// directions.
type control struct {
	move, aim mathx.Vec2 // length 0..1; aim zero: not aiming
	fire      bool
	swap      bool
	build     bool // drop a barricade ahead
}

type playerState struct {
	hullAngle, turretAngle float64
	ammo, rockets          int
	weapon                 int
	cooldown               int
	flash, hpBar           int
	hits                   int // bullets of the player that struck an enemy
}

// level is one level being played: the scene world and the game on top.
type level struct {
	info   levelInfo
	watch  *viewer.Watcher // the level's files, for hot reload
	g      *game
	w      *scene.World
	grid   *iso.Grid
	tiles  *nav.TileMap
	mesh   *nav.Mesh
	search *nav.Searcher
	// analyzer is the cover enemies' terrain analysis (made with the
	// level, so the first search for cover costs no more than the next)
	analyzer *tactics.Analyzer

	player  scene.Entity
	pl      playerState
	enemies []*enemy
	bySlot  []*enemy
	waves   []*waveInfo
	doors   []door
	walls   []iso.Object
	// barricades the player placed, standing
	barricades []barricade
	squads     []*squad

	fx          []effect
	score       int
	kills       int
	wave        int // the highest wave woken so far (1-based)
	lost        bool
	won         bool
	endTick     uint64
	bentPaths   int          // planned enemy paths that bend around a wall
	bentExample []mathx.Vec2 // the first of them (for the end-to-end test)
	// enemy paths planned across a locked door (must stay 0), and paths
	// planned while a door was locked
	lockedPaths, plansWhileLocked int
	spawned                       int

	// scratch
	chars []scene.Entity
	ovl   []physics.Overlap
	reach []int
}

// effect is a short-lived picture: explosion, spark, wreck.
type effect struct {
	kind  int // fxBoom, fxBigBoom, fxSpark, fxWreck, fxSmoke
	pos   mathx.Vec3
	dir   mathx.Vec2
	age   int
	life  int
	look  int
	angle float64
}

const (
	fxBoom = iota
	fxBigBoom
	fxSpark
	fxWreck
	fxMuzzle
)

func xy(v mathx.Vec3) mathx.Vec2 { return mathx.V2(v.X, v.Y) }

// hookEvents subscribes the game's rules to the world's events.
func (L *level) hookEvents() {
	w := L.w
	w.Events.BulletHit.Subscribe(func(h scene.BulletHit) {
		b := w.Bullets()
		rocket := h.Bullet.Slot >= 0 && int(h.Bullet.Slot) < len(b.P.R) && b.P.R[h.Bullet.Slot] > 0.1
		if rocket { // the explosion does the rocket's damage
			L.explode(mathx.V3(h.Point.X, h.Point.Y, 0), 1.4, h.Damage, h.Owner, false)
			return
		}
		if L.isBarricade(h.Target) {
			_ = w.Damage(h.Target, h.Damage, h.Owner)
			L.fx = append(L.fx, effect{kind: fxSpark, pos: mathx.V3(h.Point.X, h.Point.Y, 0.3), dir: h.Normal, life: 12})
			return
		}
		if !h.Target.IsNil() && w.Kind(h.Target) == scene.Character && w.Alive(h.Target) {
			if h.Owner == L.player && h.Target != L.player {
				L.pl.hits++
			}
			_ = w.Damage(h.Target, h.Damage, h.Owner)
			L.fx = append(L.fx, effect{kind: fxSpark, pos: mathx.V3(h.Point.X, h.Point.Y, 0.3), dir: h.Normal, life: 8})
			return
		}
		if !h.Edge {
			// ricochet sparks off walls
			L.fx = append(L.fx, effect{kind: fxSpark, pos: mathx.V3(h.Point.X, h.Point.Y, 0.3), dir: h.Normal, life: 12})
		}
	})
	w.Events.Damage.Subscribe(func(d scene.Damage) {
		if d.Entity == L.player {
			L.pl.flash, L.pl.hpBar = flashTicks, hpBarTicks
			return
		}
		if e := L.enemyOf(d.Entity); e != nil {
			e.flash, e.hpBar = flashTicks, hpBarTicks
			e.hurt(L, d)
		}
	})
	w.Events.Death.Subscribe(func(d scene.Death) {
		if L.isBarricade(d.Entity) {
			L.barricadeGone(d.Entity)
			return
		}
		if d.Entity == L.player {
			L.lost = true
			L.endTick = w.Tick()
			L.fx = append(L.fx, effect{kind: fxBigBoom, pos: w.Pos(d.Entity), life: 28})
			return
		}
		e := L.enemyOf(d.Entity)
		if e == nil {
			return
		}
		L.kills++
		L.score += e.spec().points
		p := w.Pos(d.Entity)
		L.fx = append(L.fx, effect{kind: fxBoom, pos: p, life: 20}, effect{kind: fxWreck, pos: p, life: 4 * tps, look: int(e.kind), angle: e.hull})
		if e.kind == kindTurret { // seed 000: only the turret explodes
			L.explode(p, 1.8, 40, d.Entity, true)
		}
		// a wreck may leave health or a box of shells behind
		switch r := w.Rand.Float64(); {
		case r < 0.3:
			_, _ = w.Create(scene.EntityDef{Kind: scene.Pickup, Name: "health", Class: "pickup", Pos: p, Extent: mathx.V2(0.25, 0.25), Value: 25})
		case r < 0.6:
			_, _ = w.Create(scene.EntityDef{Kind: scene.Pickup, Name: "ammo", Class: "pickup", Pos: p, Extent: mathx.V2(0.25, 0.25), Value: 20})
		}
		e.die(L)
	})
	w.Events.Pickup.Subscribe(func(p scene.PickupEvent) {
		if p.By != L.player {
			return
		}
		switch w.Name(p.Pickup) {
		case "ammo":
			L.pl.ammo = min(L.pl.ammo+int(p.Value), ammoMax)
		case "rockets":
			L.pl.rockets = min(L.pl.rockets+int(p.Value), rocketsMax)
			L.pl.weapon = weaponRockets
		default: // health, and unnamed pickups of the ASCII level
			v := p.Value
			if v <= 0 {
				v = 30
			}
			if p.Class != "health" {
				_ = w.Damage(L.player, -v, scene.Entity{})
			}
		}
		L.score += 10
	})
}

// explode damages every character within radius r of p (falling off with
// distance) and shows a fireball.
func (L *level) explode(p mathx.Vec3, r float64, dmg int32, src scene.Entity, big bool) {
	w := L.w
	k := fxBoom
	life := 20
	if big {
		k, life = fxBigBoom, 28
	}
	L.fx = append(L.fx, effect{kind: k, pos: p, life: life})
	L.chars = w.AppendEntities(L.chars[:0], scene.Character)
	for _, c := range L.chars {
		if c == src || !w.Alive(c) {
			continue
		}
		d := xy(w.Pos(c)).Dist(xy(p))
		if d > r {
			continue
		}
		if !w.Phys.LineOfSight(xy(p), xy(w.Pos(c)), physics.QueryFilter{Mask: layerWall}) && d > 0.5 {
			continue
		}
		amt := int32(float64(dmg) * (1 - 0.6*d/r))
		_ = w.Damage(c, amt, src)
	}
}

func (L *level) enemyOf(e scene.Entity) *enemy {
	s := e.Slot()
	if s < 0 || s >= len(L.bySlot) {
		return nil
	}
	if en := L.bySlot[s]; en != nil && en.e == e {
		return en
	}
	return nil
}

// update advances the level by one tick with the player's control c.
func (L *level) update(c control) {
	w := L.w
	if !L.lost && !L.won {
		L.updatePlayer(c)
	} else if w.Alive(L.player) {
		_ = w.SetVelocity(L.player, mathx.Vec2{})
	}
	L.updateDoors()
	for _, sq := range L.squads {
		sq.update(L)
	}
	for _, e := range L.enemies {
		if w.Alive(e.e) {
			e.update(L)
		}
	}
	w.Step()
	// forget the dead
	n := 0
	for _, e := range L.enemies {
		if w.Valid(e.e) && w.Alive(e.e) {
			L.enemies[n] = e
			n++
		} else if s := e.e.Slot(); s >= 0 && s < len(L.bySlot) && L.bySlot[s] == e {
			L.bySlot[s] = nil
		}
	}
	clear(L.enemies[n:])
	L.enemies = L.enemies[:n]
	// effects age
	m := 0
	for _, f := range L.fx {
		f.age++
		if f.age < f.life {
			L.fx[m] = f
			m++
		}
	}
	L.fx = L.fx[:m]
	if L.pl.flash > 0 {
		L.pl.flash--
	}
	if L.pl.hpBar > 0 {
		L.pl.hpBar--
	}
	// waves and the end of the level
	done := 0
	for i, wi := range L.waves {
		if wi.o.Active() {
			L.wave = max(L.wave, i+1)
		}
		if wi.o.Active() && wi.o.Spawned() >= wi.o.Wave && wi.o.Alive() == 0 {
			done++
		}
	}
	if done == len(L.waves) && !L.won && !L.lost {
		L.won = true
		L.endTick = w.Tick()
		L.score += 250
	}
}

func (L *level) updatePlayer(c control) {
	w := L.w
	pl := &L.pl
	v := w.Vel(L.player)
	mv := c.move.ClampLen(1)
	if mv.Len() > 0.05 {
		acc := mv.Scale(playerAccel)
		v = v.Add(acc.Scale(w.Dt()))
		// turn the hull toward the way it goes
		pl.hullAngle = mathx.RotateToward(pl.hullAngle, mv.Angle(), 8*w.Dt())
	} else {
		v = v.Scale(playerDecay)
	}
	v = v.ClampLen(playerMaxSpeed)
	if v.Len() < playerStop {
		v = mathx.Vec2{}
	}
	_ = w.SetVelocity(L.player, v)
	if c.build {
		L.placeBarricade()
	}
	if c.swap {
		if pl.weapon == weaponCannon && pl.rockets > 0 {
			pl.weapon = weaponRockets
		} else {
			pl.weapon = weaponCannon
		}
	}
	if pl.cooldown > 0 {
		pl.cooldown--
	}
	if pl.ammo < ammoRegenCap && w.Tick()%ammoRegenTicks == 0 {
		pl.ammo++
	}
	if c.aim.Len() > 0.2 {
		pl.turretAngle = mathx.RotateToward(pl.turretAngle, c.aim.Angle(), 14*w.Dt())
		aligned := math.Abs(mathx.AngleDiff(pl.turretAngle, c.aim.Angle())) < 0.35
		if (c.fire || c.aim.Len() > 0.5) && aligned && pl.cooldown == 0 {
			L.playerFire()
		}
	}
}

func (L *level) playerFire() {
	w := L.w
	pl := &L.pl
	if pl.weapon == weaponRockets && pl.rockets <= 0 {
		pl.weapon = weaponCannon
	}
	dir := mathx.FromAngle(pl.turretAngle)
	from := xy(w.Pos(L.player)).Add(dir.Scale(0.5))
	if !w.Phys.LineOfSight(xy(w.Pos(L.player)), from, physics.QueryFilter{Mask: layerWall}) {
		return // muzzle inside a wall
	}
	switch pl.weapon {
	case weaponRockets:
		pl.rockets--
		pl.cooldown = 30
		_ = w.Fire(scene.BulletDef{Pos: from, Z: 0.35, Vel: dir.Scale(7), Radius: 0.12, Damage: 45, Owner: L.player, Mask: layerWall | layerEnemy, TTL: 3 * tps})
	default:
		if pl.ammo <= 0 {
			pl.cooldown = 20
			return
		}
		pl.ammo--
		pl.cooldown = 9
		_ = w.Fire(scene.BulletDef{Pos: from, Z: 0.35, Vel: dir.Scale(11), Radius: 0.06, Damage: 12, Owner: L.player, Mask: layerWall | layerEnemy, TTL: 2 * tps})
	}
	L.fx = append(L.fx, effect{kind: fxMuzzle, pos: mathx.V3(from.X, from.Y, 0.35), dir: dir, life: 4})
}

// updateDoors locks a door while any wave naming it runs.
func (L *level) updateDoors() {
	for i := range L.doors {
		d := &L.doors[i]
		lock := false
		for _, wi := range L.waves {
			o := wi.o
			if !o.Active() || (o.Spawned() >= o.Wave && o.Alive() == 0) {
				continue
			}
			for _, n := range o.Locks {
				if n == d.name {
					lock = true
				}
			}
		}
		if lock != d.locked {
			L.lockDoor(i, lock)
		}
	}
}

// lockDoor locks or unlocks door i: a solid blocker on its tile for
// physics, and the door's polygons cut off in the navmesh so no path is
// planned through it. Everyone replans.
func (L *level) lockDoor(i int, lock bool) {
	w := L.w
	d := &L.doors[i]
	d.locked = lock
	if lock {
		e, err := w.Create(scene.EntityDef{Kind: scene.Object, Name: d.name + "-shut", Class: "door",
			Pos: mathx.V3(float64(d.cell.X)+0.5, float64(d.cell.Y)+0.5, 0), Radius: 0.5, Height: 0.8, Layer: layerWall})
		if err == nil {
			d.blocker = e
		}
	} else if !d.blocker.IsNil() {
		_ = w.Remove(d.blocker)
		d.blocker = scene.Entity{}
	}
	if L.mesh != nil {
		_ = L.mesh.SetDoorLocked(d.cell.X, d.cell.Y, lock) // only fails off the map
	}
	for _, e := range L.enemies {
		e.replan = 0
	}
	L.g.ap.replan = 0
}

// throughLocked reports a path (start point first) that crosses the tile
// of a locked door, sampled every 0.1 tile.
func (L *level) throughLocked(p []mathx.Vec2) bool {
	for _, d := range L.doors {
		if !d.locked {
			continue
		}
		x0, y0 := float64(d.cell.X), float64(d.cell.Y)
		for i := 1; i < len(p); i++ {
			n := int(p[i].Dist(p[i-1])/0.1) + 1
			for k := 0; k <= n; k++ {
				q := p[i-1].Lerp(p[i], float64(k)/float64(n))
				if q.X >= x0 && q.X < x0+1 && q.Y >= y0 && q.Y < y0+1 {
					return true
				}
			}
		}
	}
	return false
}

// canSee reports a clear line (walls and doors only) between two points.
func (L *level) canSee(a, b mathx.Vec2) bool {
	return L.w.Phys.LineOfSight(a, b, physics.QueryFilter{Mask: layerWall})
}

// onMesh returns p, or the nearest point of the navmesh when p lies off
// it (p itself when the level has no mesh).
func (L *level) onMesh(p mathx.Vec2) mathx.Vec2 {
	if L.mesh != nil && L.mesh.PolyAt(p) < 0 {
		_, p = L.mesh.Nearest(p)
	}
	return p
}

// path plans a smoothed navmesh path from a to b into dst.
func (L *level) path(a, b mathx.Vec2, e *enemy) []mathx.Vec2 {
	dst := e.path[:0]
	if L.mesh == nil {
		return append(dst, b)
	}
	a, b = L.onMesh(a), L.onMesh(b)
	var err error
	e.corr, _, err = L.mesh.FindPath(L.search, a, b, e.corr[:0])
	if err != nil {
		return dst
	}
	e.portals, err = L.mesh.Portals(a, b, e.corr, e.portals[:0])
	if err != nil {
		return dst
	}
	e.raw = nav.Funnel(e.portals, e.raw[:0])
	return nav.Smooth(e.raw, 0.08, L.mesh.Clear, dst)
}

// aliveEnemies counts the living enemies.
func (L *level) aliveEnemies() int {
	n := 0
	for _, e := range L.enemies {
		if L.w.Alive(e.e) {
			n++
		}
	}
	return n
}

// reachable reports a navmesh path from a to b (through unlocked doors).
func (L *level) reachable(a, b mathx.Vec2) bool {
	if L.mesh == nil {
		return true
	}
	a, b = L.onMesh(a), L.onMesh(b)
	var err error
	L.reach, _, err = L.mesh.FindPath(L.search, a, b, L.reach[:0])
	return err == nil && len(L.reach) > 0
}

// bendsAround reports a path (start point first) that is not a straight
// line and has to be: it turns somewhere by more than 0.1 rad, and a wall
// blocks the straight line from its start to its end.
func (L *level) bendsAround(p []mathx.Vec2) bool {
	if len(p) < 3 {
		return false
	}
	turns := false
	for i := 1; i+1 < len(p) && !turns; i++ {
		a, b := p[i].Sub(p[i-1]), p[i+1].Sub(p[i])
		if a.Len() > 1e-9 && b.Len() > 1e-9 && math.Abs(mathx.AngleDiff(a.Angle(), b.Angle())) > 0.1 {
			turns = true
		}
	}
	return turns && !L.canSee(p[0], p[len(p)-1])
}
