package main

import (
	_ "embed"
	"math"

	"diorama/ai/bt"
	"diorama/ai/fsm"
	"diorama/mathx"
)

// --- behaviour trees (seed 000) ---

// leaf records that the behaviour-tree leaf name runs this tick: it is
// the overlay's state, and goes to the trace when there is one.
func (e *enemy) leaf(name string) {
	e.state = name
	if e.leaves != nil {
		*e.leaves = append(*e.leaves, name)
	}
}

// treesSrc holds seed 000's drone and turret trees (brains/trees.bt).
//
//go:embed brains/trees.bt
var treesSrc string

var (
	btSchema              = bt.NewSchema()
	keyHealth             = btSchema.CompulsoryFloat("health")
	treeDrone, treeTurret *bt.Tree[*enemy]
	treeErr               error
)

func init() {
	r := bt.NewRegistry[*enemy](btSchema)
	r.Condition("healthBelow", 1, func(e *enemy, c *bt.Call) bool { return c.BB.Float(keyHealth) < c.Arg(0) }, keyHealth.Key)
	r.Condition("canSeePlayer", 0, func(e *enemy, c *bt.Call) bool { return e.seesPlayer() })
	r.Condition("nearPlayer", 1, func(e *enemy, c *bt.Call) bool {
		return e.seesPlayer() && e.distPlayer() < c.Arg(0)
	})
	r.Action("brokenDown", 0, func(e *enemy, c *bt.Call) bt.Status {
		e.broken, e.desired = true, mathx.Vec2{}
		e.leaf("brokenDown")
		if e.seesPlayer() {
			e.aimAndShoot(40, 0.1)
		}
		return bt.Running
	})
	r.Action("findMeshAdjacentToPlayer", 0, func(e *enemy, c *bt.Call) bt.Status {
		e.leaf("findMesh")
		L := e.L
		pp := L.w.Pos(L.player).XY()
		// a point of the mesh next to the player, on this enemy's side
		me := e.pos()
		d := me.Sub(pp)
		if d.Len() > 0 {
			d = d.Unit()
		}
		e.goTo(pp.Add(d.Scale(1.8)))
		return bt.Success
	})
	r.Action("travelTo", 1, func(e *enemy, c *bt.Call) bt.Status {
		e.leaf("travelTo")
		m := c.Mem()
		*m++
		if e.follow() || *m > 120 {
			return bt.Success
		}
		if e.kind == kindDrone && e.seesPlayer() && e.distPlayer() < 6 {
			e.aimAndShoot(35, 0.15)
		}
		return bt.Running
	})
	r.Action("circlePlayer", 0, func(e *enemy, c *bt.Call) bt.Status {
		e.leaf("circlePlayer")
		L := e.L
		pp := L.w.Pos(L.player).XY()
		r := e.pos().Sub(pp)
		tangent := r.Perp().Unit().Scale(e.side)
		radial := r.Unit().Scale(2.4 - r.Len())
		e.desired = tangent.Add(radial).Unit().Scale(e.spec().speed)
		if !e.clear(e.desired, 0.3) {
			e.side = -e.side
		}
		e.aimAndShoot(30, 0.12)
		return bt.Running
	})
	r.Action("delayedShoot", 2, func(e *enemy, c *bt.Call) bt.Status {
		m := c.Mem()
		*m++
		e.desired = mathx.Vec2{}
		delay, shots := int64(c.Arg(0)), int64(c.Arg(1))
		e.aim()
		if *m <= delay {
			e.leaf("aim")
			return bt.Running
		}
		e.leaf("shoot")
		if (*m-delay)%4 == 1 {
			e.shoot(0.09, false)
		}
		if *m >= delay+shots {
			return bt.Success
		}
		return bt.Running
	})
	var err error
	if treeDrone, err = bt.Load(r, treesSrc, "drone"); err != nil {
		treeErr = err
		return
	}
	treeTurret, treeErr = bt.Load(r, treesSrc, "turret")
}

// --- FSM gunner (seed 002's shooting and dodging enemy) ---

var gunApproach, gunAttack, gunMoveBack, gunDodge, gunBroken fsm.State[*enemy]

// The gunner's ranges (tiles): it attacks from closer than gunAttackRange,
// backs off when the player comes closer than gunTooClose until it is
// gunBackedOff away again.
const (
	gunAttackRange = 6.0
	gunTooClose    = 2.8
	gunBackedOff   = 4.2
)

func init() {
	gunApproach = fsm.State[*enemy]{Name: "approach", Execute: func(e *enemy, m *fsm.Machine[*enemy]) {
		if e.threatened() {
			m.Change(&gunDodge)
			return
		}
		if e.seesPlayer() && e.distPlayer() < gunAttackRange {
			m.Change(&gunAttack)
			return
		}
		e.chasePlayer()
	}}
	gunAttack = fsm.State[*enemy]{Name: "attack", Execute: func(e *enemy, m *fsm.Machine[*enemy]) {
		e.desired = mathx.Vec2{}
		if e.threatened() {
			m.Change(&gunDodge)
			return
		}
		if !e.seesPlayer() || e.distPlayer() > 7.5 {
			m.Change(&gunApproach)
			return
		}
		if e.distPlayer() < gunTooClose {
			m.Change(&gunMoveBack)
			return
		}
		e.aimAndShoot(28, 0.08)
	}}
	// seed 002 enemy 2: "If the player is too close, it moves back",
	// facing and shooting the player while it walks backwards.
	gunMoveBack = fsm.State[*enemy]{Name: "moveBack", Execute: func(e *enemy, m *fsm.Machine[*enemy]) {
		if e.threatened() {
			m.Change(&gunDodge)
			return
		}
		if !e.seesPlayer() {
			m.Change(&gunApproach)
			return
		}
		if e.distPlayer() > gunBackedOff {
			m.Change(&gunAttack)
			return
		}
		e.desired = e.awayFrom(e.playerPos())
		e.aimAndShoot(28, 0.1)
	}}
	gunDodge = fsm.State[*enemy]{Name: "dodge",
		Enter: func(e *enemy, m *fsm.Machine[*enemy]) { e.dodge = 24 },
		Execute: func(e *enemy, m *fsm.Machine[*enemy]) {
			e.dodge--
			L := e.L
			toP := L.w.Pos(L.player).XY().Sub(e.pos()).Unit()
			side := toP.Perp().Scale(e.side * e.spec().speed * 1.4)
			if !e.clear(side, 0.4) {
				e.side = -e.side
				side = side.Neg()
			}
			e.desired = side
			if e.dodge <= 0 {
				m.Change(&gunApproach)
			}
		}}
	gunBroken = fsm.State[*enemy]{Name: "brokenDown", Execute: func(e *enemy, m *fsm.Machine[*enemy]) {
		e.desired, e.broken = mathx.Vec2{}, true
		if e.seesPlayer() {
			e.aimAndShoot(45, 0.12)
		}
	}}
}

// --- melee enemy (seed 002's simple enemy) ---

// Seed 002's "simple enemy" cannot shoot: "It follows the player, and
// when it is very close, it starts to attack." Ours closes in along the
// navmesh, swings to the player's side for the last metres (a flank, not
// a head-on charge), rams every meleePeriod ticks while in contact, and
// runs off when hurt (below retreatAt percent health, once per
// threshold) before coming back.
var meleeChase, meleeFlank, meleeAttack, meleeRetreat, meleeBroken fsm.State[*enemy]

const (
	meleeFlankRange = 3.2 // tiles: from here it swings to the side
	meleeReach      = 0.2 // gap between hulls that counts as contact
	meleePeriod     = 30  // ticks between blows
	meleeRetreat1   = 60  // percent health of the first retreat
)

// contact reports the melee enemy touching the player.
func (e *enemy) contact() bool {
	return e.distPlayer() < e.spec().radius+playerRadius+meleeReach
}

// playerRadius is the player tank's collision radius (the levels'
// CharacterRadius).
const playerRadius = 0.34

func init() {
	hurt := func(e *enemy, m *fsm.Machine[*enemy]) bool {
		if e.healthPct() < e.retreatAt {
			e.retreatAt -= 35
			m.Change(&meleeRetreat)
			return true
		}
		return false
	}
	meleeChase = fsm.State[*enemy]{Name: "chase", Execute: func(e *enemy, m *fsm.Machine[*enemy]) {
		if hurt(e, m) {
			return
		}
		if e.seesPlayer() && e.distPlayer() < meleeFlankRange {
			m.Change(&meleeFlank)
			return
		}
		e.chasePlayer()
	}}
	meleeFlank = fsm.State[*enemy]{Name: "flank", Execute: func(e *enemy, m *fsm.Machine[*enemy]) {
		if hurt(e, m) {
			return
		}
		if !e.seesPlayer() || e.distPlayer() > meleeFlankRange+1 {
			m.Change(&meleeChase)
			return
		}
		if e.contact() {
			m.Change(&meleeAttack)
			return
		}
		// aim beside the player, the offset shrinking as it closes in
		L := e.L
		pp := L.w.Pos(L.player).XY()
		me := e.pos()
		d := e.distPlayer()
		off := me.Sub(pp).Unit().Perp().Scale(e.side * math.Min(1.2, 0.5*(d-0.6)))
		t := pp.Add(off)
		if !L.nav.Clear(me, t) {
			e.side = -e.side
			t = pp
		}
		e.desired = t.Sub(me).Unit().Scale(e.spec().speed)
		e.aim()
	}}
	meleeAttack = fsm.State[*enemy]{Name: "attack",
		Enter: func(e *enemy, m *fsm.Machine[*enemy]) { e.cool = 0 },
		Execute: func(e *enemy, m *fsm.Machine[*enemy]) {
			if hurt(e, m) {
				return
			}
			if !e.contact() {
				m.Change(&meleeFlank)
				return
			}
			L := e.L
			e.desired = L.w.Pos(L.player).XY().Sub(e.pos()).Unit().Scale(0.3)
			e.aim()
			if e.cool == 0 {
				_ = L.w.Damage(L.player, e.spec().damage, e.e)
				e.cool = meleePeriod
			}
		}}
	meleeRetreat = fsm.State[*enemy]{Name: "retreat",
		Enter: func(e *enemy, m *fsm.Machine[*enemy]) { e.dodge = 100 },
		Execute: func(e *enemy, m *fsm.Machine[*enemy]) {
			e.dodge--
			e.desired = e.awayFrom(e.playerPos())
			if e.dodge <= 0 {
				m.Change(&meleeChase)
			}
		}}
	meleeBroken = fsm.State[*enemy]{Name: "brokenDown", Execute: func(e *enemy, m *fsm.Machine[*enemy]) {
		e.desired, e.broken = mathx.Vec2{}, true
	}}
}
