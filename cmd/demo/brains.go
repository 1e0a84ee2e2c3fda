package main

import (
	_ "embed"
	"math"

	"diorama/ai/bt"
	"diorama/ai/fsm"
	"diorama/mathx"
)

// --- behaviour trees (Tanktrum's drone and turret) ---

// leaf records that the behaviour-tree leaf name runs this tick: it is
// the overlay's state, and goes to the trace when there is one.
func (e *enemy) leaf(name string) {
	e.state = name
	if e.leaves != nil {
		*e.leaves = append(*e.leaves, name)
	}
}

// treesSrc holds Tanktrum's drone and turret trees (brains/trees.bt).
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
	if treeDrone, err = r.Parse("brains/trees.bt", treesSrc, "drone"); err != nil {
		treeErr = err
		return
	}
	treeTurret, treeErr = r.Parse("brains/trees.bt", treesSrc, "turret")
}

// --- state machines (the gunner and melee enemies) ---

// machinesSrc holds the gunner's and the melee enemy's state machines
// (brains/machines.fsm says how each behaves).
//
//go:embed brains/machines.fsm
var machinesSrc string

var chartGunner, chartMelee *fsm.Chart[*enemy]

const (
	meleeReach    = 0.2  // gap between hulls that counts as contact
	meleeRetreat1 = 60   // percent health of the melee enemy's first retreat
	playerRadius  = 0.34 // the player tank's collision radius (the levels' CharacterRadius)
)

// contact reports the enemy's hull touching the player's.
func (e *enemy) contact() bool {
	return e.distPlayer() < e.spec().radius+playerRadius+meleeReach
}

func init() {
	r := fsm.NewRegistry[*enemy]()
	r.Condition("healthBelow", 1, func(e *enemy, a []float64) bool { return e.healthPct() < a[0] })
	r.Condition("threatened", 0, func(e *enemy, _ []float64) bool { return e.threatened() })
	r.Condition("sees", 1, func(e *enemy, a []float64) bool { return e.seesPlayer() && e.distPlayer() < a[0] })
	r.Condition("closerThan", 1, func(e *enemy, a []float64) bool { return e.distPlayer() < a[0] })
	r.Condition("contact", 0, func(e *enemy, _ []float64) bool { return e.contact() })
	r.Condition("belowRetreatMark", 0, func(e *enemy, _ []float64) bool { return e.healthPct() < e.retreatAt })
	r.Action("lowerRetreatMark", 1, func(e *enemy, a []float64) { e.retreatAt -= a[0] })
	r.Action("chasePlayer", 0, func(e *enemy, _ []float64) { e.chasePlayer() })
	r.Action("stand", 0, func(e *enemy, _ []float64) { e.desired = mathx.Vec2{} })
	r.Action("breakDown", 0, func(e *enemy, _ []float64) { e.desired, e.broken = mathx.Vec2{}, true })
	r.Action("backOff", 0, func(e *enemy, _ []float64) { e.desired = e.awayFrom(e.playerPos()) })
	r.Action("shoot", 2, func(e *enemy, a []float64) {
		if e.seesPlayer() {
			e.aimAndShoot(int(a[0]), a[1])
		}
	})
	// sidestep: across the player's line of fire, the other way at a wall.
	r.Action("sidestep", 0, func(e *enemy, _ []float64) {
		side := e.playerPos().Sub(e.pos()).Unit().Perp().Scale(e.side * e.spec().speed * 1.4)
		if !e.clear(side, 0.4) {
			e.side = -e.side
			side = side.Neg()
		}
		e.desired = side
	})
	// flank: aim beside the player, the offset shrinking as it closes in.
	r.Action("flank", 0, func(e *enemy, _ []float64) {
		pp, me := e.playerPos(), e.pos()
		t := pp.Add(me.Sub(pp).Unit().Perp().Scale(e.side * math.Min(1.2, 0.5*(e.distPlayer()-0.6))))
		if !e.L.nav.Clear(me, t) {
			e.side = -e.side
			t = pp
		}
		e.desired = t.Sub(me).Unit().Scale(e.spec().speed)
		e.aim()
	})
	r.Action("ready", 0, func(e *enemy, _ []float64) { e.cool = 0 })
	// ram: push against the player, a blow every period ticks.
	r.Action("ram", 1, func(e *enemy, a []float64) {
		e.desired = e.playerPos().Sub(e.pos()).Unit().Scale(0.3)
		e.aim()
		if e.cool == 0 {
			_ = e.L.w.Damage(e.L.player, e.spec().damage, e.e)
			e.cool = int(a[0])
		}
	})
	var err error
	if chartGunner, err = r.Parse("brains/machines.fsm", machinesSrc, "gunner"); err == nil {
		chartMelee, err = r.Parse("brains/machines.fsm", machinesSrc, "melee")
	}
	if err != nil {
		treeErr = err
	}
}
