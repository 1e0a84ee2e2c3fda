package main

import (
	"diorama/viewer"
	"image/color"
	"math"

	"diorama/ai/tactics"
	"diorama/mathx"
	"diorama/physics"
	"diorama/scene"
)

const tps = 60

// Player tuning: Tanktrum's model (force from input, clamped acceleration
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

// Bullet tags: what a bullet is, for the hit rules.
const (
	tagShell = iota
	tagRocket
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
	turretAngle   float64
	ammo, rockets int
	weapon        int
	cooldown      int
	hits          int // bullets of the player that struck an enemy
}

// level is one level being played: the scene world and the game's rules
// on top.
type level struct {
	err      error // the first entity the world refused (create)
	info     levelInfo
	watch    *viewer.Watcher // the level's files, for hot reload
	w        *scene.World
	nav      *scene.Navigation
	look     looks
	analyzer *tactics.Analyzer // the cover enemies' terrain analysis

	player     scene.Entity
	pl         playerState
	enemies    []*enemy
	doors      []door
	barricades []scene.Entity
	squads     []*squad

	score, kills int
	wave         int // the highest wave woken so far (1-based)
	lost, won    bool
	endTick      uint64
	spawned      int
	near         []scene.BulletInfo // scratch
	read         read               // how far react has read the world's events
}

var white = color.RGBA{255, 255, 255, 255}

// effect shows a look once at p (an explosion, a spark, a muzzle flash):
// an object that removes itself when its clip has played.
func (L *level) effect(look scene.LookID, p mathx.Vec3, life int) {
	L.create(scene.EntityDef{Kind: scene.Object, Look: look, Pos: p, Lifetime: life, Height: 0.5})
}

// create adds an entity from the game's rules; the first
// definition the world refuses is kept in L.err, which ends the game.
func (L *level) create(d scene.EntityDef) {
	_, err := L.w.Create(d)
	L.check(err)
}

// check keeps the first error of the game's own calls that cannot fail
// with its data (the embedded fuzzy module's variables, the squads'
// formations, the debug overlay's field) in L.err, which ends the game:
// one would be a bug, never a thing to play on with.
func (L *level) check(err error) {
	if err != nil && L.err == nil {
		L.err = err
	}
}

// read is how far the game's rules have read each of the world's event
// lists since the last Step (the game's own calls append to them too).
type read struct{ hits, damages, deaths, doors, pickups int }

// react is the game's rules on the world's events: it reads what it has
// not read yet of each list, in this order: bullet hits and pickups
// (which may damage), then damage, deaths and doors until none is left
// (a death's explosion damages and kills more). update calls it after
// the enemies' own blows and again after the world's Step.
func (L *level) react() {
	ev, r := &L.w.Events, &L.read
	for ; r.hits < len(ev.BulletHits()); r.hits++ {
		L.onHit(ev.BulletHits()[r.hits])
	}
	for ; r.pickups < len(ev.Pickups()); r.pickups++ {
		L.onPickup(ev.Pickups()[r.pickups])
	}
	for r.damages < len(ev.Damages()) || r.deaths < len(ev.Deaths()) || r.doors < len(ev.Doors()) {
		for ; r.damages < len(ev.Damages()); r.damages++ {
			L.onDamage(ev.Damages()[r.damages])
		}
		// Only the deaths already recorded: a death an explosion causes
		// here comes after its damage, which the next turn reads first.
		for n := len(ev.Deaths()); r.deaths < n; r.deaths++ {
			L.onDeath(ev.Deaths()[r.deaths])
		}
		for ; r.doors < len(ev.Doors()); r.doors++ {
			L.onDoor(ev.Doors()[r.doors])
		}
	}
}

// step steps the world and reacts to what the tick did.
func (L *level) step() {
	L.w.Step()
	L.read = read{}
	L.react()
}

// onHit: a rocket explodes, a shell damages what it struck, sparks fly.
func (L *level) onHit(h scene.BulletHitEvent) {
	w := L.w
	at := mathx.V3(h.Point.X, h.Point.Y, 0.3)
	switch {
	case h.Tag == tagRocket: // the explosion does the rocket's damage
		L.explode(mathx.V3(h.Point.X, h.Point.Y, 0), 1.4, h.Damage, h.Owner, false)
	case !h.Target.IsNil() && w.Alive(h.Target) && w.Health(h.Target) > 0:
		if h.Owner == L.player && w.Kind(h.Target) == scene.Character {
			L.pl.hits++
		}
		w.Damage(h.Target, h.Damage, h.Owner)
		L.effect(L.look.spark, at, 12)
	case !h.Edge: // ricochet sparks off walls
		L.effect(L.look.spark, at, 12)
	}
}

// onDamage: a hurt tank flashes and shows its health.
func (L *level) onDamage(d scene.DamageEvent) {
	w := L.w
	if d.Amount > 0 && w.Kind(d.Entity) == scene.Character {
		w.Looks().Flash(d.Entity, white, flashTicks)
		w.Looks().ShowHealth(d.Entity, hpBarTicks)
	}
	if e := L.enemyOf(d.Entity); e != nil {
		e.hurt()
	}
}

// onDeath: the player's death ends the level; a crate breaks; an enemy
// scores, leaves a wreck, maybe a pickup, and a turret explodes. The dead
// entity is readable until the next Step.
func (L *level) onDeath(d scene.DeathEvent) {
	w := L.w
	p := w.Pos(d.Entity)
	switch {
	case d.Entity == L.player:
		L.lost = true
		L.endTick = w.Tick()
		L.effect(L.look.bigBoom, p, 28)
		return
	case w.Kind(d.Entity) == scene.Object: // a crate or a barricade breaks
		L.effect(L.look.bigBoom, p, 28)
		return
	}
	e := L.enemyOf(d.Entity)
	if e == nil {
		return
	}
	L.kills++
	L.score += e.spec().points
	L.effect(L.look.boom, p, 20)
	if e.kind != kindDrone { // the wreck burns out where it stopped
		if wr, err := w.Create(scene.EntityDef{Kind: scene.Object, Look: L.look.tank[e.spec().look], Pos: p,
			Facing: w.Looks().Facing(d.Entity), Lifetime: 4 * tps, Height: 0.6}); err == nil {
			w.Looks().SetTint(wr, color.NRGBA{70, 70, 70, 255})
			w.Looks().SetAim(wr, e.turret)
		}
	}
	if e.kind == kindTurret { // only the turret explodes, as in Tanktrum
		L.explode(p, 1.8, 40, d.Entity, true)
	}
	// a wreck may leave health or a box of shells behind
	switch r := w.Rand.Float64(); {
	case r < 0.3:
		L.drop("health", p, 25)
	case r < 0.6:
		L.drop("ammo", p, 20)
	}
	e.die()
}

// onDoor: a door a wave locks is solid (the world's overlord does it for
// physics and paths) and drawn shut.
func (L *level) onDoor(d scene.DoorEvent) {
	look := L.look.doorOpen
	if d.Locked {
		look = L.look.doorShut
	}
	L.w.Looks().Set(d.Door, look)
}

// onPickup: the player takes ammo, rockets or health.
func (L *level) onPickup(p scene.PickupEvent) {
	w := L.w
	if p.By != L.player {
		return
	}
	switch w.Name(p.Pickup) { // the pickup is readable until the next Step
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
		w.Damage(L.player, -v, scene.Entity{})
	}
	L.score += 10
}

// drop leaves a pickup where an enemy died.
func (L *level) drop(name string, p mathx.Vec3, v int32) {
	L.create(scene.EntityDef{Kind: scene.Pickup, Name: name, Class: "pickup", Pos: p, Extent: mathx.V2(0.25, 0.25), Value: v, Look: L.look.pickup[name], Height: 0.3})
}

// explode shows a fireball at p and damages what stands within radius r
// (falling off to 40 % at the edge, shielded by walls: Bullets.Blast).
func (L *level) explode(p mathx.Vec3, r float64, dmg int32, src scene.Entity, big bool) {
	if big {
		L.effect(L.look.bigBoom, p, 28)
	} else {
		L.effect(L.look.boom, p, 20)
	}
	L.w.Bullets().Blast(p.XY(), r, dmg, 0.6, src)
}

// enemyOf returns the enemy an entity is (its world data), or nil.
func (L *level) enemyOf(e scene.Entity) *enemy {
	en, _ := L.w.Data(e).(*enemy)
	return en
}

// update advances the level by one tick with the player's control c.
func (L *level) update(c control) {
	w := L.w
	if !L.lost && !L.won {
		L.updatePlayer(c)
	} else if w.Alive(L.player) {
		w.SetVelocity(L.player, mathx.Vec2{})
	}
	for _, sq := range L.squads {
		sq.update(L)
	}
	for _, e := range L.enemies {
		if w.Alive(e.e) {
			e.update()
		}
	}
	L.react() // the enemies' blows
	L.step()
	// forget the dead
	n := 0
	for _, e := range L.enemies {
		if w.Valid(e.e) && w.Alive(e.e) {
			L.enemies[n] = e
			n++
		}
	}
	clear(L.enemies[n:])
	L.enemies = L.enemies[:n]
	// waves and the end of the level
	done := 0
	for i, o := range w.Overlords {
		if o.Active() {
			L.wave = max(L.wave, i+1)
		}
		if o.Done() {
			done++
		}
	}
	if done == len(w.Overlords) && done > 0 && !L.won && !L.lost { // no waves (a test room): never won
		L.won = true
		L.endTick = w.Tick()
		L.score += 250
	}
}

func (L *level) updatePlayer(c control) {
	w := L.w
	pl := &L.pl
	v := w.Velocity(L.player)
	if mv := c.move.ClampLen(1); mv.Len() > 0.05 {
		v = v.Add(mv.Scale(playerAccel * w.Dt()))
	} else {
		v = v.Scale(playerDecay)
	}
	if v = v.ClampLen(playerMaxSpeed); v.Len() < playerStop {
		v = mathx.Vec2{}
	}
	w.SetVelocity(L.player, v)
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
	w.Looks().SetAim(L.player, pl.turretAngle)
}

func (L *level) playerFire() {
	w := L.w
	pl := &L.pl
	if pl.weapon == weaponRockets && pl.rockets <= 0 {
		pl.weapon = weaponCannon
	}
	dir := mathx.FromAngle(pl.turretAngle)
	from := w.Pos(L.player).XY().Add(dir.Scale(0.5))
	if !L.canSee(w.Pos(L.player).XY(), from) {
		return // muzzle inside a wall
	}
	switch pl.weapon {
	case weaponRockets:
		pl.rockets--
		pl.cooldown = 30
		w.Bullets().Fire(scene.BulletDef{Pos: from, Z: 0.35, Vel: dir.Scale(7), Radius: 0.12, Damage: 45, Owner: L.player, Mask: layerWall | layerEnemy, TTL: 3 * tps, Look: L.look.rocket, Tag: tagRocket})
	default:
		if pl.ammo <= 0 {
			pl.cooldown = 20
			return
		}
		pl.ammo--
		pl.cooldown = 9
		w.Bullets().Fire(scene.BulletDef{Pos: from, Z: 0.35, Vel: dir.Scale(11), Radius: 0.06, Damage: 12, Owner: L.player, Mask: layerWall | layerEnemy, TTL: 2 * tps, Look: L.look.bullet})
	}
	L.effect(L.look.muzzle, mathx.V3(from.X, from.Y, 0.35), 4)
}

// canSee reports a clear line (walls, doors, crates) between two points.
func (L *level) canSee(a, b mathx.Vec2) bool {
	return L.w.Phys.LineOfSight(a, b, physics.QueryFilter{Mask: layerWall})
}
