package main

import (
	"diorama/mathx"
	"diorama/scene"
)

// autopilot is the AI player of headless runs. Before waking a wave it
// collects the pickups within reach (the rocket launcher first); in a
// fight it shoots the nearest enemy it can see (rockets for the turret
// and for groups), keeps its distance while strafing, backs off when
// hurt, and fetches health and shells when it runs low. Between fights it
// walks the navmesh to the next wave's trigger.
type autopilot struct {
	menuWait int
	route    scene.Route
	strafe   float64
	ticks    int
}

// Autopilot thresholds.
const (
	apLowHealth = 45 // go for health below this
	apRetreat   = 35 // back off from the fight below this
	apLowAmmo   = 12 // go for shells below this
	apKeep      = 4.5
)

func (a *autopilot) control(L *level) control {
	var c control
	w := L.w
	if !w.Alive(L.player) {
		return c
	}
	a.ticks++
	me := w.Pos(L.player).XY()
	hp := w.Health(L.player)
	// nearest visible enemy, the turret first; dodge harder while a
	// turret can see us
	var target *enemy
	best, score := 1e9, 1e9
	turret := false
	for _, e := range L.enemies {
		if !w.Alive(e.e) {
			continue
		}
		d := e.pos().Dist(me)
		if d > 10 || !L.canSee(me, e.pos()) {
			continue
		}
		s := d
		if e.kind == kindTurret {
			s -= 4
			turret = true
		}
		if s < score && d < 9 {
			best, score, target = d, s, e
		}
	}
	pickup, havePickup := a.wantPickup(L, me, hp, target != nil)
	goal, haveGoal := pickup, havePickup
	if !haveGoal {
		goal, haveGoal = a.nextGoal(L)
	}
	if target != nil {
		tp := target.pos()
		// lead the target a little
		lead := tp.Add(w.Velocity(target.e).Scale(best / 11))
		c.aim = lead.Sub(me).Unit()
		c.fire = true
		if (a.rocketWorthy(L, target) || L.pl.rockets > 4) && best > 2.8 && L.pl.rockets > 0 {
			if L.pl.weapon != weaponRockets {
				c.swap = true
			}
		} else if L.pl.weapon == weaponRockets {
			c.swap = true
		}
		if a.ticks%150 == 0 {
			a.strafe = -a.strafe
		}
		if a.strafe == 0 {
			a.strafe = 1
		}
		to := tp.Sub(me).Unit()
		keep := apKeep
		if hp < apRetreat {
			keep = 7 // back off, still shooting
		}
		side := 0.7
		if turret {
			side = 1
		}
		mv := to.Perp().Scale(a.strafe * side).Add(to.Scale((best - keep) * 0.5))
		if havePickup {
			// fight on the way to the health or shells
			mv = a.walk(L, me, pickup).Add(to.Perp().Scale(a.strafe * 0.3))
		}
		if side, ok := a.incoming(L, me); ok {
			mv = mv.Scale(0.3).Add(side) // step out of a bullet's way
		}
		if !L.nav.Clear(me, me.Add(mv.ClampLen(1).Scale(0.6))) {
			a.strafe = -a.strafe
			mv = to.Scale((best - keep) * 0.5)
			if !L.nav.Clear(me, me.Add(mv.ClampLen(1).Scale(0.6))) && haveGoal {
				mv = a.walk(L, me, goal) // cornered: follow the mesh out
			}
		}
		c.move = mv.ClampLen(1)
		return c
	}
	if !haveGoal {
		return c
	}
	c.move = a.walk(L, me, goal)
	// point the turret along the way
	c.aim = c.move.Scale(0.3)
	return c
}

// walk returns the unit move along a navmesh path to goal.
func (a *autopilot) walk(L *level, me, goal mathx.Vec2) mathx.Vec2 {
	a.route.Every = 60 // plan again each second at least
	d, _ := a.route.Toward(L.nav, me, goal)
	return d
}

// incoming returns the way out of the line of the nearest enemy bullet
// flying at the player, if any.
func (a *autopilot) incoming(L *level, me mathx.Vec2) (mathx.Vec2, bool) {
	L.near = L.w.Bullets().Near(me, 2.5, L.near)
	for _, b := range L.near {
		if b.Owner == L.player || !b.FlyingAt(me, 0.6) {
			continue
		}
		side := b.Vel.Unit().Perp()
		if side.Dot(me.Sub(b.Pos)) < 0 {
			side = side.Neg()
		}
		return side, true
	}
	return mathx.Vec2{}, false
}

// rocketWorthy: the turret, or an enemy with others close around it.
func (a *autopilot) rocketWorthy(L *level, t *enemy) bool {
	if t.kind == kindTurret {
		return true
	}
	n := 0
	for _, e := range L.enemies {
		if e != t && L.w.Alive(e.e) && e.pos().Dist(t.pos()) < 1.5 {
			n++
		}
	}
	return n >= 2
}

// wantPickup picks the pickup to fetch, if any: health when hurt, shells
// when low, and, out of a fight with no wave running, anything useful
// (the launcher first).
func (a *autopilot) wantPickup(L *level, me mathx.Vec2, hp int32, fighting bool) (mathx.Vec2, bool) {
	w := L.w
	quiet := !fighting && len(L.enemies) == 0 // the list holds the living (level.update)
	best, found := 1e9, false
	var goal mathx.Vec2
	w.Each(scene.Pickup, func(e scene.Entity) {
		p := w.Pos(e).XY()
		d := p.Dist(me)
		want := false
		switch w.Name(e) {
		case "health":
			want = hp < apLowHealth || (quiet && hp < 75)
		case "ammo":
			want = L.pl.ammo < apLowAmmo || (quiet && L.pl.ammo < 60)
		case "rockets":
			want = quiet || L.pl.rockets == 0
		}
		if !want || d > 14 || !L.nav.Reachable(me, p) {
			return
		}
		if w.Name(e) == "rockets" {
			d -= 100 // the launcher first
		}
		if d < best {
			best, goal, found = d, p, true
		}
	})
	return goal, found
}

// nextGoal is the trigger of the first wave not woken yet, else the
// nearest enemy.
func (a *autopilot) nextGoal(L *level) (mathx.Vec2, bool) {
	w := L.w
	me := w.Pos(L.player).XY()
	for _, o := range w.Overlords {
		if !o.Active() && len(o.Triggers) > 0 {
			return w.Pos(o.Triggers[0]).XY(), true
		}
		if !o.Done() {
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
	return goal, found
}
