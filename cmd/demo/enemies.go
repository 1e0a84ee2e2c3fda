package main

import (
	"fmt"
	"image/color"
	"math"

	"diorama/ai/bt"
	"diorama/ai/fsm"
	"diorama/ai/fuzzy"
	"diorama/ai/steer"
	"diorama/ai/tactics"
	"diorama/mathx"
	"diorama/scene"
)

// enemyKind is one of the seven enemies, each driven by a different part
// of ai/ (brains.go).
type enemyKind uint8

const (
	kindDrone  enemyKind = iota // Tanktrum's drone: behaviour tree
	kindTurret                  // Tanktrum's turret: behaviour tree, explodes
	kindGunner                  // shooting and dodging: FSM
	kindFuzzy                   // fuzzy weapon choice and accuracy
	kindCover                   // terrain analysis: hides to reload
	kindSquad                   // squad in formation, safety update
	kindMelee                   // simple enemy: melee, flanks, retreats when hurt (FSM)
	numKinds
)

type kindSpec struct {
	name   string
	look   int
	health int32
	speed  float64
	radius float64
	points int
	damage int32
}

var kinds = [numKinds]kindSpec{
	{"drone", -1, 30, 2.6, 0.28, 50, 5},
	{"turret", lookTurret, 140, 0.9, 0.42, 200, 13},
	{"gunner", lookGunner, 60, 1.8, 0.34, 80, 8},
	{"fuzzy", lookFuzzy, 70, 1.6, 0.34, 100, 8},
	{"cover", lookCover, 70, 1.9, 0.34, 120, 10},
	{"squad", lookSquad, 45, 1.7, 0.34, 60, 6},
	{"melee", lookGunner, 55, 2.2, 0.32, 70, 9},
}

func kindByName(n string) (enemyKind, bool) {
	for k := range kinds {
		if kinds[k].name == n {
			return enemyKind(k), true
		}
	}
	return 0, false
}

// enemy is one live enemy and its brain. Its body, look, path and
// movement are the world's; the brain either sends it somewhere
// (goTo/follow: the engine plans and walks it) or asks for a velocity
// (desired) each tick.
type enemy struct {
	e      scene.Entity
	kind   enemyKind
	L      *level
	turret float64
	cool   int
	broken bool
	state  string // shown by the debug overlay (a constant: no per-tick allocation)

	goal    mathx.Vec2
	replan  int
	desired mathx.Vec2 // velocity asked by the brain
	walking bool       // the brain walked a planned path this tick

	tree    *bt.Instance[*enemy]
	mach    *fsm.Machine[*enemy]
	fz      *fuzzy.Module
	loop    *tactics.TerrainLoop
	sq      *squad
	id      int // member id in its squad
	side    float64
	acc     float64 // the fuzzy enemy's accuracy (0..100)
	rockets int
	tired   float64
	// noDodge turns the gunner's dodge off (the scenario test's control
	// enemy); retreatAt is the melee enemy's next retreat health (percent).
	noDodge   bool
	retreatAt float64
	// leaves, when not nil, collects the behaviour-tree leaves the enemy
	// runs, in order (a test's trace; nil in the game)
	leaves *[]string
}

func (e *enemy) spec() *kindSpec { return &kinds[e.kind] }

// label is the overlay's text for the enemy: its state and its brain's
// numbers (formatted only when drawn).
func (e *enemy) label() string {
	s := e.spec().name + ": " + e.state
	switch {
	case e.fz != nil:
		s += fmt.Sprintf(" acc %.0f", e.acc)
	case e.sq != nil:
		i := e.sq.f.Index(e.id)
		s += fmt.Sprintf(" slot %d safety %.2f", e.sq.f.Slot(i), e.sq.f.Safety(i))
	case e.loop != nil:
		s += fmt.Sprintf(" ammo %d", e.loop.Ammo())
	}
	return s
}

func (L *level) spawnEnemy(k enemyKind, at mathx.Vec3) (scene.Entity, error) {
	sp := &kinds[k]
	w := L.w
	look := L.look.drone
	if sp.look >= 0 {
		look = L.look.tank[sp.look]
	}
	ent, err := w.Create(scene.EntityDef{Kind: scene.Character, Name: sp.name, Class: "enemy", Pos: at, Look: look,
		Radius: sp.radius, Health: sp.health, Layer: layerEnemy, Mask: 0xffff, Height: 0.6, Mass: 1 + float64(sp.health)/100})
	if err != nil {
		return ent, err
	}
	e := &enemy{e: ent, kind: k, L: L, side: 1, rockets: 6}
	if w.Rand.Bool() {
		e.side = -1
	}
	e.turret = w.Rand.Angle()
	if err := e.newBrain(at); err != nil {
		return ent, err
	}
	_ = w.SetData(ent, e)
	L.spawned++
	L.enemies = append(L.enemies, e)
	return ent, nil
}

func (e *enemy) pos() mathx.Vec2 { return e.L.w.Pos(e.e).XY() }

func (e *enemy) healthPct() float64 {
	return 100 * float64(e.L.w.Health(e.e)) / float64(e.spec().health)
}

func (e *enemy) playerPos() mathx.Vec2 { return e.L.w.Pos(e.L.player).XY() }

func (e *enemy) distPlayer() float64 { return e.pos().Dist(e.playerPos()) }

func (e *enemy) toPlayerAngle() float64 { return e.playerPos().Sub(e.pos()).Angle() }

func (e *enemy) seesPlayer() bool {
	L := e.L
	if L.lost || !L.w.Alive(L.player) {
		return false
	}
	return e.distPlayer() < 10 && L.canSee(e.pos(), e.playerPos())
}

// clear reports a straight walk from the enemy along v (a velocity,
// looking t seconds ahead) without leaving the walkable floor.
func (e *enemy) clear(v mathx.Vec2, t float64) bool {
	return e.L.nav.Clear(e.pos(), e.pos().Add(v.Scale(t)))
}

func (e *enemy) aim() {
	e.turret = mathx.RotateToward(e.turret, e.toPlayerAngle(), 5*e.L.w.Dt())
}

// aimAndShoot turns the turret to the player and fires every period
// ticks once aligned, with a random error of up to spread radians.
func (e *enemy) aimAndShoot(period int, spread float64) {
	e.aim()
	if e.cool == 0 && math.Abs(mathx.AngleDiff(e.turret, e.toPlayerAngle())) < 0.25 {
		e.shoot(spread, false)
		e.cool = period
	}
}

func (e *enemy) shoot(spread float64, rocket bool) {
	L := e.L
	w := L.w
	a := e.turret + float64((w.Rand.Float64()*2-1)*spread) // rounded: no fused multiply-add, same aim on every CPU
	dir := mathx.FromAngle(a)
	from := e.pos().Add(dir.Scale(e.spec().radius + 0.2))
	if !L.canSee(e.pos(), from) {
		return
	}
	def := scene.BulletDef{Pos: from, Z: 0.3, Vel: dir.Scale(6.5), Radius: 0.06, Damage: e.spec().damage, Owner: e.e,
		Mask: layerWall | layerPlayer, TTL: 2 * tps, Look: L.look.enemyBullet}
	if rocket {
		def.Radius, def.Vel, def.Damage, def.TTL = 0.12, dir.Scale(5), 30, 3*tps
		def.Look, def.Tag = L.look.rocket, tagRocket
	}
	_ = w.Fire(def)
	L.effect(L.look.muzzle, mathx.V3(from.X, from.Y, 0.3), 4)
}

// planTicks is how long an enemy walks a path before it plans again
// toward a goal that moves.
const planTicks = 45

// goTo sends the enemy to goal: the world plans the path on its
// navigation and walks it (planning again when the world changes).
func (e *enemy) goTo(goal mathx.Vec2) {
	L := e.L
	e.goal, e.replan = goal, planTicks
	_ = L.w.MoveTo(e.e, goal, e.spec().speed) // a goal off the floor is moved onto it
}

// follow keeps walking the path of the last goTo; it reports arrival
// (or a move that ended).
func (e *enemy) follow() bool {
	e.walking = true
	return !e.L.w.Moving(e.e)
}

// arrive steers straight onto t, slowing down on the last stretch.
func (e *enemy) arrive(t mathx.Vec2) {
	vel := e.L.w.Velocity(e.e)
	sp := e.spec().speed
	e.desired = vel.Add(steer.Arrive(e.pos(), vel, t, sp, 20, 0.1, e.L.w.Dt())).ClampLen(sp)
}

// chasePlayer paths toward the player, planning again as it moves.
func (e *enemy) chasePlayer() {
	if pp := e.playerPos(); e.replan <= 0 || e.goal.Dist(pp) > 1.5 {
		e.goTo(pp)
	}
	e.follow()
}

// awayFrom is the velocity that takes the enemy away from p at full
// speed, turned aside (either way, then square) when a wall is behind it.
func (e *enemy) awayFrom(p mathx.Vec2) mathx.Vec2 {
	away := e.pos().Sub(p)
	if away.Len() < 1e-6 {
		away = mathx.FromAngle(e.L.w.Facing(e.e))
	}
	away = away.Unit()
	for _, d := range [...]mathx.Vec2{away, away.Add(away.Perp().Scale(e.side)), away.Add(away.Perp().Scale(-e.side)), away.Perp().Scale(e.side), away.Perp().Scale(-e.side)} {
		if d = d.Unit(); e.clear(d, 0.6) {
			return d.Scale(e.spec().speed)
		}
	}
	return mathx.Vec2{}
}

// threatened reports a player bullet flying at this enemy, close.
func (e *enemy) threatened() bool {
	if e.noDodge {
		return false
	}
	L := e.L
	me := e.pos()
	L.near = L.w.BulletsNear(me, 3, L.near)
	for _, b := range L.near {
		if b.Owner == L.player && b.FlyingAt(me, 0.6) {
			return true
		}
	}
	return false
}

func (e *enemy) update() {
	L := e.L
	w := L.w
	if e.cool > 0 {
		e.cool--
	}
	if e.replan > 0 {
		e.replan--
	}
	e.walking = false
	wasBroken := e.broken
	switch {
	case e.tree != nil:
		e.tree.Blackboard().SetFloat(keyHealth, e.healthPct())
		e.tree.Tick(e)
	case e.mach != nil:
		e.mach.Update()
		e.state = e.mach.Current().Name
	case e.fz != nil:
		e.fuzzyThink()
	case e.loop != nil:
		e.coverThink()
	case e.sq != nil:
		e.squadThink()
	}
	_ = w.SetAim(e.e, e.turret)
	if e.broken && !wasBroken {
		_ = w.SetTint(e.e, color.NRGBA{150, 140, 130, 255})
	}
	if e.walking && !e.broken {
		return // the world walks it along its path
	}
	if w.Moving(e.e) {
		_ = w.Stop(e.e)
	}
	if e.broken {
		e.desired = mathx.Vec2{}
	}
	push := w.Separation(e.e, 0.3, "enemy") // never stack on other enemies
	_ = w.SetVelocity(e.e, e.desired.Add(push.Scale(3)).ClampLen(e.spec().speed))
}

// hurt is called when the enemy takes damage.
func (e *enemy) hurt() {
	if e.sq != nil {
		_ = e.sq.f.Hit(e.sq.f.Index(e.id))
	}
}

// die is called on its death.
func (e *enemy) die() {
	if sq := e.sq; sq != nil {
		sq.f.Leave(e.id)
		for i, m := range sq.members {
			if m == e {
				sq.members = append(sq.members[:i], sq.members[i+1:]...)
				break
			}
		}
		sq.assign()
	}
}
