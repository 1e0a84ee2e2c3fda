package main

import (
	_ "embed"
	"math"

	"diorama/ai/fsm"
	"diorama/ai/fuzzy"
	"diorama/ai/steer"
	"diorama/ai/tactics"
	"diorama/mathx"
	"diorama/scene"
)

// The enemies that think with ai/fuzzy and ai/tactics: the
// rocketeer's fuzzy weapon choice, the squad's formation and the cover
// enemy's terrain analysis; and the brain each kind is given.

// --- fuzzy enemy (weapon choice and accuracy) ---

// metresPerTile scales tile distances to the fuzzy rules' 0..100 m.
const metresPerTile = 8

var fuzzyProto *fuzzy.Module

// attackSrc is the rocketeer's fuzzy module: the attack rules the
// enemy was designed with (brains/attack.fz documents them).
//
//go:embed brains/attack.fz
var attackSrc string

// weaponTunedSrc is the demo's tuning of those weapon rules, read with
// them (brains/weapon-tuned.fz says why).
//
//go:embed brains/weapon-tuned.fz
var weaponTunedSrc string

// newFuzzyBrain parses the rocketeer's module; tuned picks the demo's
// weapon rules, otherwise attack.fz's twelve as designed.
func newFuzzyBrain(tuned bool) (*fuzzy.Module, error) {
	m, err := fuzzy.Parse("brains/attack.fz + brains/weapon-tuned.fz", attackSrc+"\n"+weaponTunedSrc)
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
	e.acc = acc
	w := "pistol"
	if rocket {
		w = "rocket"
	}
	e.state = w
	switch {
	case e.broken:
		e.desired = mathx.Vec2{}
	case e.seesPlayer() && d < 7:
		// keep the middle distance, strafing
		toP := L.w.Pos(L.player).XY().Sub(e.pos()).Unit()
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
				e.shoot((100-e.acc)/100*0.45, true)
				e.cool = 70
			} else {
				e.shoot((100-e.acc)/100*0.45, false)
				e.cool = 24
			}
		}
	}
}

// --- squad (formation with the safety update) ---

type squad struct {
	f       *tactics.Formation
	members []*enemy
	anchor  mathx.Vec2
	route   scene.Route // the anchor's way to the player
	pos     []mathx.Vec2
	nextID  int
}

func (s *squad) update(L *level) {
	if len(s.members) == 0 {
		return
	}
	pp := L.w.Pos(L.player).XY()
	// the anchor walks the navmesh toward the player, stopping short
	s.route.Every = 20
	if d, ok := s.route.Toward(L.nav, s.anchor, pp); ok && s.anchor.Dist(pp) > 4.5 {
		s.anchor = s.anchor.Add(d.Scale(1.3 * L.w.Dt()))
	}
	s.f.Anchor = s.anchor
	if dir := pp.Sub(s.anchor); dir.Len() > 0.1 {
		s.f.Facing = dir.Unit()
	}
	if L.w.Tick()%30 == 0 {
		s.assign()
	}
}

// assign gives the members slots; members are kept in the formation's
// member order (joined in turn, and Leave keeps the order).
func (s *squad) assign() {
	s.pos = s.pos[:0]
	for _, e := range s.members {
		s.pos = append(s.pos, e.pos())
	}
	_, _ = s.f.Assign(s.pos)
}

func (e *enemy) squadThink() {
	L := e.L
	if e.healthPct() < 25 {
		e.broken = true
	}
	i := e.sq.f.Index(e.id)
	t := L.nav.OnFloor(e.sq.f.Target(i))
	e.state = "formation"
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

// --- cover enemy (terrain analysis: hides to reload) ---

func (e *enemy) coverThink() {
	L := e.L
	if e.healthPct() < 25 {
		e.broken = true
	}
	pp := L.w.Pos(L.player).XY()
	out := e.loop.Tick(tactics.LoopInput{Self: e.pos(), Threat: pp, ThreatVisible: e.seesPlayer()})
	e.state = out.Phase.String()
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
			vel := L.w.Velocity(e.e)
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

// findCover is the terrain analysis (a cover point hidden from threat)
// on the world's sight and floor.
func (L *level) findCover(self, threat mathx.Vec2) (mathx.Vec2, bool) {
	return L.analyzer.FindCover(self, threat, nil, L.w.SightRay, L.nav.Walkable)
}

// newBrain gives a new enemy its kind's brain.
func (e *enemy) newBrain(at mathx.Vec3) error {
	switch e.kind {
	case kindDrone:
		e.tree = treeDrone.NewInstance()
	case kindTurret:
		e.tree = treeTurret.NewInstance()
	case kindGunner:
		return e.startMachine(chartGunner)
	case kindMelee:
		e.retreatAt = meleeRetreat1
		return e.startMachine(chartMelee)
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
			sq = &squad{f: f, anchor: at.XY(), pos: make([]mathx.Vec2, 0, 8)}
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

// startMachine gives the enemy a state machine running chart.
func (e *enemy) startMachine(chart *fsm.Chart[*enemy]) (err error) {
	e.mach, err = chart.Start(e, 4)
	return err
}
