package main

import (
	"diorama/mathx"
	"diorama/scene"
)

// autopilot is the AI player of headless runs: it walks the navmesh to the
// next wave's trigger, and in a fight it keeps its distance from the
// nearest enemy it can see while shooting at it.
type autopilot struct {
	menuWait int
	helper   enemy // path scratch
	goal     mathx.Vec2
	replan   int
	strafe   float64
	ticks    int
}

func (a *autopilot) control(L *level) control {
	var c control
	w := L.w
	if !w.Alive(L.player) {
		return c
	}
	a.ticks++
	a.helper.L = L
	me := xy(w.Pos(L.player))
	// nearest visible enemy
	var target *enemy
	best := 1e9
	for _, e := range L.enemies {
		if !w.Alive(e.e) {
			continue
		}
		d := e.pos().Dist(me)
		if d < best && d < 9 && L.canSee(me, e.pos()) {
			best, target = d, e
		}
	}
	goal, haveGoal := a.nextGoal(L)
	if target != nil {
		tp := target.pos()
		// lead the target a little
		lead := tp.Add(w.Vel(target.e).Scale(best / 11))
		c.aim = lead.Sub(me).Norm()
		c.fire = true
		if L.pl.rockets > 0 && best > 3 && target.kind == kindTurret {
			if L.pl.weapon != weaponRockets {
				c.swap = true
			}
		} else if L.pl.weapon == weaponRockets && best < 2.5 {
			c.swap = true
		}
		// keep 4 tiles away, circling
		if a.ticks%180 == 0 {
			a.strafe = -a.strafe
		}
		if a.strafe == 0 {
			a.strafe = 1
		}
		to := tp.Sub(me).Norm()
		mv := to.Perp().Scale(a.strafe * 0.7).Add(to.Scale((best - 4) * 0.5))
		if L.mesh != nil && !L.mesh.Clear(me, me.Add(mv.ClampLen(1).Scale(0.6))) {
			a.strafe = -a.strafe
			mv = to.Scale((best - 4) * 0.5)
		}
		c.move = mv.ClampLen(1)
		return c
	}
	if !haveGoal {
		return c
	}
	if a.replan <= 0 || a.goal.Dist(goal) > 0.5 {
		a.goal = goal
		a.helper.path = L.path(me, goal, &a.helper)
		a.helper.wp = 0
		a.replan = 60
	}
	a.replan--
	for a.helper.wp < len(a.helper.path) && me.Dist(a.helper.path[a.helper.wp]) < 0.35 {
		a.helper.wp++
	}
	if a.helper.wp < len(a.helper.path) {
		c.move = a.helper.path[a.helper.wp].Sub(me).ClampLen(1)
		if c.move.Len() > 0 {
			c.move = c.move.Norm()
		}
	}
	// point the turret along the way
	c.aim = c.move.Scale(0.3)
	return c
}

// nextGoal is the trigger of the first wave not woken yet, else the
// nearest enemy, else a pickup.
func (a *autopilot) nextGoal(L *level) (mathx.Vec2, bool) {
	w := L.w
	me := xy(w.Pos(L.player))
	for _, wi := range L.waves {
		o := wi.o
		if !o.Active() && len(o.Triggers) > 0 {
			return xy(w.Pos(o.Triggers[0])), true
		}
		if o.Spawned() < o.Wave || o.Alive() > 0 {
			break
		}
	}
	best, found := 1e9, false
	var goal mathx.Vec2
	for _, e := range L.enemies {
		if w.Alive(e.e) {
			if d := e.pos().Dist(me); d < best {
				best, goal, found = d, e.pos(), true
			}
		}
	}
	if found {
		return goal, true
	}
	if w.Health(L.player) < 60 {
		w.Each(scene.Pickup, func(e scene.Entity) {
			if !found {
				goal, found = xy(w.Pos(e)), true
			}
		})
	}
	return goal, found
}
