package main

import (
	_ "embed"
	"math"

	"diorama/ai/bt"
	"diorama/ai/fsm"
	"diorama/ai/fuzzy"
	"diorama/ai/steer"
	"diorama/ai/tactics"
	"diorama/mathx"
	"diorama/physics"
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

const treesSrc = `
tree drone
  reactive-selector
    conditional healthBelow 25
      action brokenDown
    reactive-selector
      conditional nearPlayer 3.2
        action circlePlayer
      sequence
        action findMeshAdjacentToPlayer
        action travelTo 0

tree turret
  reactive-selector
    conditional healthBelow 25
      action brokenDown
    selector
      conditional canSeePlayer
        action delayedShoot 40 12
      sequence
        action findMeshAdjacentToPlayer
        action travelTo 0
`

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
		pp := xy(L.w.Pos(L.player))
		// a point of the mesh next to the player, on this enemy's side
		me := e.pos()
		d := me.Sub(pp)
		if d.Len() > 0 {
			d = d.Norm()
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
		pp := xy(L.w.Pos(L.player))
		r := e.pos().Sub(pp)
		tangent := r.Perp().Norm().Scale(e.side)
		radial := r.Norm().Scale(2.4 - r.Len())
		e.desired = tangent.Add(radial).Norm().Scale(e.spec().speed)
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
	src, err := bt.Parse(treesSrc)
	if err != nil {
		treeErr = err
		return
	}
	_ = src
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
			toP := xy(L.w.Pos(L.player)).Sub(e.pos()).Norm()
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
		pp := xy(L.w.Pos(L.player))
		me := e.pos()
		d := e.distPlayer()
		off := me.Sub(pp).Norm().Perp().Scale(e.side * math.Min(1.2, 0.5*(d-0.6)))
		t := pp.Add(off)
		if !L.nav.Clear(me, t) {
			e.side = -e.side
			t = pp
		}
		e.desired = t.Sub(me).Norm().Scale(e.spec().speed)
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
			e.desired = xy(L.w.Pos(L.player)).Sub(e.pos()).Norm().Scale(0.3)
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

// --- fuzzy enemy (seed 002 §5) ---

// metresPerTile scales tile distances to the fuzzy rules' 0..100 m.
const metresPerTile = 8

var fuzzyProto *fuzzy.Module

// attackSrc is the rocketeer's fuzzy module: seed 002's attack rules
// (brains/attack.fz documents them).
//
//go:embed brains/attack.fz
var attackSrc string

// weaponTunedSrc is the demo's tuning of those weapon rules, read with
// them (brains/weapon-tuned.fz says why).
//
//go:embed brains/weapon-tuned.fz
var weaponTunedSrc string

// newFuzzyBrain parses the rocketeer's module; tuned picks the demo's
// weapon rules, otherwise the seed's verbatim twelve.
func newFuzzyBrain(tuned bool) (*fuzzy.Module, error) {
	m, err := fuzzy.ParseFile("brains/attack.fz + brains/weapon-tuned.fz", attackSrc+"\n"+weaponTunedSrc)
	if err != nil {
		return nil, err
	}
	m.Block("weapon").SetEnabled(!tuned)
	m.Block("weaponTuned").SetEnabled(tuned)
	return m, nil
}

func init() {
	m, err := newFuzzyBrain(true)
	if err != nil {
		treeErr = err
		return
	}
	fuzzyProto = m
}

func (e *enemy) fuzzyThink() {
	L := e.L
	if e.healthPct() < 25 {
		e.broken = true
	}
	d := e.distPlayer()
	m := e.fz
	_ = m.Fuzzify("ammo", float64(e.rockets))
	_ = m.Fuzzify("tiredness", e.tired)
	_ = m.Fuzzify("distance", d*metresPerTile)
	_ = m.Fuzzify("health", e.healthPct())
	rocket := false
	if i, _, err := m.Variable("weapon").Winner(); err == nil && m.Variable("weapon").SetName(i) == "rocket" && e.rockets > 0 {
		rocket = true
	}
	acc, err := m.Defuzzify("accuracy", fuzzy.AverageOfMaxima)
	if err != nil {
		acc = 50
	}
	e.aimErr = (100 - acc) / 100 * 0.45
	w := "pistol"
	if rocket {
		w = "rocket"
	}
	e.state, e.note, e.noteA = w, noteAccuracy, acc
	switch {
	case e.broken:
		e.desired = mathx.Vec2{}
	case e.seesPlayer() && d < 7:
		// keep the middle distance, strafing
		toP := xy(L.w.Pos(L.player)).Sub(e.pos()).Norm()
		e.desired = toP.Perp().Scale(e.side * 0.8).Add(toP.Scale((d - 4.5) * 0.6)).ClampLen(e.spec().speed)
		if !e.clear(e.desired, 0.4) {
			e.side = -e.side
		}
	default:
		e.chasePlayer()
	}
	if e.desired.Len() > 0.3 {
		e.tired = math.Min(1, e.tired+0.002)
	} else {
		e.tired = math.Max(0, e.tired-0.004)
	}
	if L.w.Tick()%240 == 0 && e.rockets < 10 {
		e.rockets++
	}
	if e.seesPlayer() && d < 9 {
		e.aim()
		if e.cool == 0 && math.Abs(mathx.AngleDiff(e.turret, e.toPlayerAngle())) < 0.3 {
			if rocket {
				e.rockets--
				e.shoot(e.aimErr, true)
				e.cool = 70
			} else {
				e.shoot(e.aimErr, false)
				e.cool = 24
			}
		}
	}
}

// --- squad (seed 002: formation with the safety update) ---

type squad struct {
	f       *tactics.Formation
	members []*enemy
	anchor  mathx.Vec2
	route   []mathx.Vec2 // the anchor's path to the player
	wp      int
	pos     []mathx.Vec2
	nextID  int
}

func (s *squad) update(L *level) {
	n := 0
	for _, m := range s.members {
		if L.w.Alive(m.e) {
			s.members[n] = m
			n++
		}
	}
	s.members = s.members[:n]
	if n == 0 {
		return
	}
	pp := xy(L.w.Pos(L.player))
	// the anchor walks the navmesh toward the player, stopping short
	if L.w.Tick()%20 == 0 {
		s.route, _ = L.nav.Path(s.anchor, pp, s.route)
		s.wp = 0
	}
	if d := s.anchor.Dist(pp); d > 4.5 && len(s.route) > 0 {
		for s.wp < len(s.route)-1 && s.anchor.Dist(s.route[s.wp]) < 0.2 {
			s.wp++
		}
		s.anchor = s.anchor.Add(s.route[s.wp].Sub(s.anchor).ClampLen(1.3 * L.w.Dt()))
	}
	s.f.Anchor = s.anchor
	if dir := pp.Sub(s.anchor); dir.Len() > 0.1 {
		s.f.Facing = dir.Norm()
	}
	if L.w.Tick()%30 == 0 {
		s.assign()
	}
}

// assign gives the members slots (positions in Members order).
func (s *squad) assign() {
	s.pos = s.pos[:0]
	for _, m := range s.f.Members() {
		for _, e := range s.members {
			if e.id == m {
				s.pos = append(s.pos, e.pos())
			}
		}
	}
	if len(s.pos) == s.f.Len() {
		_, _ = s.f.Assign(s.pos)
	}
}

func (e *enemy) squadThink() {
	L := e.L
	if e.healthPct() < 25 {
		e.broken = true
	}
	i := e.sq.f.Index(e.id)
	t := L.onFloor(e.sq.f.Target(i))
	e.state, e.note, e.noteA, e.noteB = "formation", noteSlot, float64(e.sq.f.Slot(i)), e.sq.f.Safety(i)
	if e.broken {
		e.desired = mathx.Vec2{}
	} else if e.pos().Dist(t) > 0.25 {
		if L.canSee(e.pos(), t) {
			e.arrive(t)
		} else {
			if e.replan <= 0 || e.goal.Dist(t) > 1 {
				e.goTo(t)
			}
			e.follow()
		}
	} else {
		e.desired = mathx.Vec2{}
	}
	if e.seesPlayer() && e.distPlayer() < 8 {
		e.aimAndShoot(40, 0.12)
	}
}

// --- cover enemy (seed 002 terrain analysis) ---

func (e *enemy) coverThink() {
	L := e.L
	if e.healthPct() < 25 {
		e.broken = true
	}
	pp := xy(L.w.Pos(L.player))
	out := e.loop.Tick(tactics.LoopInput{Self: e.pos(), Threat: pp, ThreatVisible: e.seesPlayer()})
	e.state, e.note, e.noteA = out.Phase.String(), noteAmmo, float64(e.loop.Ammo())
	if e.broken {
		e.desired = mathx.Vec2{}
	} else if out.Move || (out.Phase == tactics.Reload && e.pos().Dist(e.loop.Cover()) > 0.05) {
		if !out.Move {
			out.MoveTo = e.loop.Cover()
		}
		me := e.pos()
		if d := me.Dist(out.MoveTo); d < 1 && L.canSee(me, out.MoveTo) {
			// the last stretch straight onto the point: a cover cell
			// hides its centre, not the tile in front of it
			vel := L.w.Vel(e.e)
			e.desired = vel.Add(steer.Arrive(me, vel, out.MoveTo, e.spec().speed, 20, 0.05, L.w.Dt())).ClampLen(e.spec().speed)
		} else {
			if e.goal.Dist(out.MoveTo) > 0.5 || e.replan <= 0 {
				e.goTo(out.MoveTo)
			}
			e.follow()
		}
	} else {
		e.desired = mathx.Vec2{}
	}
	e.aim()
	if out.Fire && e.seesPlayer() {
		e.shoot(0.06, false)
	}
}

func (L *level) findCover(self, threat mathx.Vec2) (mathx.Vec2, bool) {
	if L.analyzer == nil {
		return mathx.Vec2{}, false
	}
	ray := func(from, to mathx.Vec2) (float64, bool) {
		h, ok := L.w.Phys.RayCast(from, to, physics.QueryFilter{Mask: layerWall})
		if !ok {
			return 1, false
		}
		d := to.Sub(from).Len()
		if d == 0 {
			return 0, true
		}
		return h.Point.Sub(from).Len() / d, true
	}
	open := func(p mathx.Vec2) bool { return L.nav.Mesh().PolyAt(p) >= 0 }
	return L.analyzer.FindCover(self, threat, nil, ray, open)
}

// newBrain gives a new enemy its kind's brain.
func (e *enemy) newBrain(at mathx.Vec3) error {
	switch e.kind {
	case kindDrone:
		e.tree = treeDrone.NewInstance()
	case kindTurret:
		e.tree = treeTurret.NewInstance()
	case kindGunner:
		e.mach = fsm.New(e, 4)
		broken := &gunBroken
		e.mach.SetGlobal(&fsm.State[*enemy]{Name: "global", Execute: func(e *enemy, m *fsm.Machine[*enemy]) {
			if e.healthPct() < 25 && !m.In(broken) {
				m.Change(broken)
			}
		}})
		if err := e.mach.Start(&gunApproach); err != nil {
			return err
		}
	case kindMelee:
		e.retreatAt = meleeRetreat1
		e.mach = fsm.New(e, 4)
		broken := &meleeBroken
		e.mach.SetGlobal(&fsm.State[*enemy]{Name: "global", Execute: func(e *enemy, m *fsm.Machine[*enemy]) {
			if e.healthPct() < 25 && !m.In(broken) {
				m.Change(broken)
			}
		}})
		if err := e.mach.Start(&meleeChase); err != nil {
			return err
		}
	case kindFuzzy:
		e.fz = fuzzyProto.Clone()
	case kindCover:
		loop, err := tactics.NewTerrainLoop(tactics.LoopConfig{Magazine: 4, ReloadTicks: 90, FireTicks: 22, AttackRange: 8, ArriveDist: 0.4}, e.L.findCover)
		if err != nil {
			return err
		}
		e.loop = loop
	case kindSquad:
		var sq *squad
		for _, s := range e.L.squads {
			if len(s.members) < 4 {
				sq = s
				break
			}
		}
		if sq == nil {
			f, err := tactics.NewLine(1.1, math.Pi*0.75)
			if err != nil {
				return err
			}
			f.Advance, f.MaxShift = 0.8, 1.2
			sq = &squad{f: f, anchor: xy(at), pos: make([]mathx.Vec2, 0, 8), route: make([]mathx.Vec2, 0, 128)}
			e.L.squads = append(e.L.squads, sq)
		}
		e.sq = sq
		e.id = sq.nextID
		sq.nextID++
		sq.f.Join(e.id)
		sq.members = append(sq.members, e)
		sq.assign()
	}
	return nil
}

// onFloor returns p, or the nearest walkable point when p is off the
// walkable floor.
func (L *level) onFloor(p mathx.Vec2) mathx.Vec2 {
	if m := L.nav.Mesh(); m != nil && m.PolyAt(p) < 0 {
		_, p = m.Nearest(p)
	}
	return p
}
