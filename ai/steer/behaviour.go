package steer

import (
	"math"

	"diorama/mathx"
)

// Segment is a wall: a line segment in the ground plane. Either side may
// face the agent; the avoidance force always points to the agent's side.
type Segment struct{ A, B mathx.Vec2 }

// Circle is a round obstacle (a planet, a barrel, a unit's collision
// circle).
type Circle struct {
	C mathx.Vec2
	R float64
}

func finite(vs ...float64) bool {
	for _, v := range vs {
		if !mathx.IsFinite(v) {
			return false
		}
	}
	return true
}

// sane returns f, or the zero vector when f is not finite.
func sane(f mathx.Vec2) mathx.Vec2 {
	if !f.IsFinite() {
		return mathx.Vec2{}
	}
	return f
}

// Seek returns the velocity change that turns vel into a full-speed
// velocity toward target (Reynolds: desired − current). Like every
// "desired − current" behaviour here it is a velocity change, not an
// acceleration: divide it by a response time (as [Crowd] does with
// Config.Response) before limiting it to a maximum force. The desired
// velocity is the direction to the target scaled to maxSpeed (not the
// unscaled offset target − pos), so that seek cannot ask for more than
// the agent can do. At the target itself the desired
// velocity is zero, so the force brakes. Non-finite input gives zero.
func Seek(pos, vel, target mathx.Vec2, maxSpeed float64) mathx.Vec2 {
	desired := unit(target.Sub(pos)).Scale(maxSpeed)
	return sane(desired.Sub(vel))
}

// Flee returns the velocity change (desired − current) that turns vel
// into a full-speed velocity away from threat. When panicDist > 0, a threat farther than panicDist gives
// the zero force. It is not the negated seek force (−(desired − vel)),
// which would also negate the current velocity; this is Reynolds' form. Non-finite input
// gives zero.
func Flee(pos, vel, threat mathx.Vec2, maxSpeed, panicDist float64) mathx.Vec2 {
	away := pos.Sub(threat)
	if panicDist > 0 && away.LenSq() > panicDist*panicDist {
		return mathx.Vec2{}
	}
	return sane(unit(away).Scale(maxSpeed).Sub(vel))
}

// arriveFraction is the part of maxAccel the braking profile of [Arrive]
// plans with; the rest is kept to cancel sideways velocity.
const arriveFraction = 0.8

// Arrive returns the force that brings an agent to rest exactly on target
// without overshooting: the desired speed is the lowest of maxSpeed, the
// speed from which braking at a = 0.8·maxAccel stops within the distance d
// when integrated in steps of dt (v²/2a + v·dt/2 = d, the discrete form of
// sqrt(2·a·d)), and d/dt (never step past the target), and the force asks
// to reach that velocity within
// one step, limited to maxAccel. Within tolerance of the target, once one
// step can cancel the velocity, the desired velocity is zero (stop there). dt is the integration step the caller uses (semi-
// implicit Euler: vel += force·dt, then pos += vel·dt). Non-finite input,
// or dt <= 0, gives zero.
func Arrive(pos, vel, target mathx.Vec2, maxSpeed, maxAccel, tolerance, dt float64) mathx.Vec2 {
	if !(dt > 0) || !(maxAccel > 0) {
		return mathx.Vec2{}
	}
	to := target.Sub(pos)
	d := length(to)
	var desired mathx.Vec2
	// Within tolerance stop where we are, but only once one step can
	// cancel the velocity; until then keep braking toward the target.
	stop := d <= tolerance && length(vel) <= maxAccel*dt
	if !stop && d > 0 {
		// Fastest speed from which braking at a per step still stops
		// within d under semi-implicit Euler: v²/(2a) + v·dt/2 = d.
		a := float64(arriveFraction * maxAccel)
		c := float64(a * dt / 2)
		speed := min(maxSpeed, math.Sqrt(float64(c*c)+float64(2*a*d))-c)
		speed = min(speed, d/dt)
		desired = to.Scale(speed / d)
	}
	return sane(desired.Sub(vel).Scale(1 / dt).ClampLen(maxAccel))
}

// predict returns where a target moving at tvel will be when an agent
// at pos with maxSpeed could reach it (lookahead d / (maxSpeed + |tvel|)).
func predict(pos, tpos, tvel mathx.Vec2, maxSpeed float64) mathx.Vec2 {
	den := maxSpeed + tvel.Len()
	if !(den > 0) {
		return tpos
	}
	return tpos.Add(tvel.Scale(tpos.Dist(pos) / den))
}

// Pursue seeks the point where a target at tpos moving with tvel will be
// by the time the agent could get there (lookahead = distance / (maxSpeed
// + target speed)). Non-finite input gives zero.
func Pursue(pos, vel, tpos, tvel mathx.Vec2, maxSpeed float64) mathx.Vec2 {
	return Seek(pos, vel, predict(pos, tpos, tvel, maxSpeed), maxSpeed)
}

// Evade flees from the predicted position of a pursuer at tpos moving with
// tvel (the lookahead of [Pursue]). panicDist as in [Flee], measured to
// the pursuer's current position. Non-finite input gives zero.
func Evade(pos, vel, tpos, tvel mathx.Vec2, maxSpeed, panicDist float64) mathx.Vec2 {
	if panicDist > 0 && pos.DistSq(tpos) > panicDist*panicDist {
		return mathx.Vec2{}
	}
	return Flee(pos, vel, predict(pos, tpos, tvel, maxSpeed), maxSpeed, 0)
}

// WanderParams shape [Wander]: a circle of Radius is
// projected Distance ahead of the agent and a target on it is jittered by
// up to Jitter per step on each axis, then put back on the circle.
type WanderParams struct {
	Radius, Distance, Jitter float64
}

// Wander returns a smoothly changing random force. wt is the agent's
// wander target in its local frame (x ahead, y to the left); it is
// updated in place and must be kept per agent (start it at (Radius, 0)).
// The jitter uses uniform values in [−1, 1]·Jitter (Buckland's form, not
// a form that scales by Jitter twice), the target is re-projected onto
// the circle every step, and the circle sits Distance ahead of the agent. heading must
// be a unit vector. The result is a seek toward the wander point (a
// velocity change, see [Seek]). The
// random numbers come from rng, so a seeded rng gives the same walk every
// run. Non-finite input gives zero; a non-finite wt is reset to (Radius, 0)
// before jittering.
func Wander(pos, vel, heading mathx.Vec2, wt *mathx.Vec2, p WanderParams, maxSpeed float64, rng *mathx.Rand) mathx.Vec2 {
	jx := float64(rng.Range(-1, 1) * p.Jitter)
	jy := float64(rng.Range(-1, 1) * p.Jitter)
	t := wt.Add(mathx.V2(jx, jy)).Unit()
	if t == (mathx.Vec2{}) {
		t = mathx.V2(1, 0)
	}
	t = t.Scale(p.Radius)
	if !t.IsFinite() {
		return mathx.Vec2{}
	}
	*wt = t
	local := t.Add(mathx.V2(p.Distance, 0))
	world := mathx.V2(float64(heading.X*local.X)-float64(heading.Y*local.Y), float64(heading.Y*local.X)+float64(heading.X*local.Y))
	return sane(unit(world).Scale(maxSpeed).Sub(vel))
}

// FollowPath steers along pts: it seeks pts[idx] and advances idx once
// the agent is within reach of it (returning Seek's velocity change); on
// the last point of an open path it arrives instead (returning
// [Arrive]'s acceleration). With loop set, the index wraps to 0
// after the last point and the agent never stops. It returns the force and
// the new index. An empty path or non-finite input gives zero and idx
// unchanged.
func FollowPath(pos, vel mathx.Vec2, pts []mathx.Vec2, loop bool, idx int, reach, maxSpeed, maxAccel, tolerance, dt float64) (mathx.Vec2, int) {
	if len(pts) == 0 {
		return mathx.Vec2{}, idx
	}
	if idx < 0 || idx >= len(pts) {
		idx = len(pts) - 1
	}
	last := idx == len(pts)-1 && !loop
	if !last && pos.DistSq(pts[idx]) <= reach*reach {
		idx++
		if idx == len(pts) {
			idx = 0
		}
		last = idx == len(pts)-1 && !loop
	}
	if last {
		return Arrive(pos, vel, pts[idx], maxSpeed, maxAccel, tolerance, dt), idx
	}
	return Seek(pos, vel, pts[idx], maxSpeed), idx
}

// Feelers configures [WallAvoidance]: one feeler of Length along the
// heading and two of SideLength rotated ±SideAngle radians from it (the
// usual layout is three feelers, the side ones at ±45°). A SideLength of 0 uses
// only the centre feeler.
type Feelers struct {
	Length, SideLength, SideAngle float64
}

// DefaultFeelers is three feelers: length l ahead and 0.6·l at ±45°.
func DefaultFeelers(l float64) Feelers {
	return Feelers{Length: l, SideLength: 0.6 * l, SideAngle: math.Pi / 4}
}

// avoidMargin widens the obstacle-avoidance box by this fraction of the
// agent's radius, so an agent that is pulled back toward an obstacle it is
// passing still keeps clear of it.
const avoidMargin = 0.5

// intersect returns the parameters along p→q (ub) and a→b (ua) of the
// crossing of the two segments, and whether they cross within both
// (0 <= u <= 1), from the two segments' parametric line equations.
// Parallel segments never cross.
func intersect(p, q, a, b mathx.Vec2) (ub float64, ok bool) {
	r := q.Sub(p)
	s := b.Sub(a)
	den := r.Cross(s)
	if den == 0 {
		return 0, false
	}
	ap := a.Sub(p)
	ub = ap.Cross(s) / den  // along the feeler
	ua := ap.Cross(r) / den // along the wall
	if ub < 0 || ub > 1 || ua < 0 || ua > 1 {
		return 0, false
	}
	return ub, true
}

// WallAvoidance casts the feelers from pos along heading (a unit vector)
// and, for the closest wall any feeler crosses, returns a force along that
// wall's normal on the agent's side whose length is the overshoot: how far
// the feeler tip reaches past the wall (overshoot = feeler tip −
// crossing point; only the closest wall counts). No hit gives zero. Walls with
// non-finite coordinates are skipped; non-finite pos or heading gives
// zero.
func WallAvoidance(pos, heading mathx.Vec2, walls []Segment, f Feelers) mathx.Vec2 {
	if len(walls) == 0 || !pos.IsFinite() || !heading.IsFinite() {
		return mathx.Vec2{} // no wall near: no feeler to turn
	}
	return wallAvoidance(pos, heading, walls, f, f.turns(), true)
}

// feelerTurns is the sine and cosine of a Feelers' side angle and of its
// negation, as Vec2.Rotate computes them.
type feelerTurns struct{ ls, lc, rs, rc float64 }

func (f Feelers) turns() (t feelerTurns) {
	if f.SideLength > 0 {
		t.ls, t.lc = mathx.Sincos(f.SideAngle)
		t.rs, t.rc = mathx.Sincos(-f.SideAngle)
	}
	return t
}

// wallAvoidance is WallAvoidance for finite pos and heading with the side
// feelers' turns worked out; check skips non-finite walls (the Crowd
// drops them before).
func wallAvoidance(pos, heading mathx.Vec2, walls []Segment, f Feelers, t feelerTurns, check bool) mathx.Vec2 {
	var tips [3]mathx.Vec2
	n := 1
	tips[0] = heading.Scale(f.Length)
	if f.SideLength > 0 {
		// heading.Rotate(±SideAngle), with the same arithmetic.
		tips[1] = mathx.Vec2{X: float64(heading.X*t.lc) - float64(heading.Y*t.ls), Y: float64(heading.X*t.ls) + float64(heading.Y*t.lc)}.Scale(f.SideLength)
		tips[2] = mathx.Vec2{X: float64(heading.X*t.rc) - float64(heading.Y*t.rs), Y: float64(heading.X*t.rs) + float64(heading.Y*t.rc)}.Scale(f.SideLength)
		n = 3
	}
	best := math.Inf(1)
	var force mathx.Vec2
	for k := 0; k < n; k++ {
		tip := pos.Add(tips[k])
		for _, w := range walls {
			if check && (!w.A.IsFinite() || !w.B.IsFinite()) {
				continue
			}
			ub, ok := intersect(pos, tip, w.A, w.B)
			if !ok {
				continue
			}
			dist := float64(ub * tips[k].Len())
			if dist >= best {
				continue
			}
			best = dist
			nrm := w.B.Sub(w.A).Perp().Unit()
			if nrm.Dot(pos.Sub(w.A)) < 0 {
				nrm = nrm.Neg()
			}
			force = nrm.Scale(tips[k].Len() - dist)
		}
	}
	return sane(force)
}

// ObstacleAvoidance looks ahead along heading (a unit vector) through a
// detection box of length boxLen·(1 + speed/maxSpeed) and 1.5 times as
// wide as the agent, finds the obstacle whose expanded circle (obstacle
// radius + agent radius ×1.5) the box reaches first, and returns a
// sideways force away from it plus a braking force: only objects in front
// count (a positive dot product of heading and offset), only the closest,
// and the force is perpendicular to the heading. Textbook versions
// (Buckland) give the sideways force as a penetration length that needs
// tuning; here it is the lateral acceleration that clears the expanded
// circle by the time the agent reaches it at its current speed
// (2·overlap/t², t = distance/speed), so weight 1 means "just enough"; the
// braking is the speed scaled by how deep in the box the obstacle is. An
// obstacle dead ahead is passed on the agent's left (deterministic). An
// agent at rest gets no sideways force. Obstacles with non-finite values
// are skipped; non-finite pos, vel or heading gives zero.
func ObstacleAvoidance(pos, vel, heading mathx.Vec2, radius float64, obstacles []Circle, boxLen, maxSpeed float64) mathx.Vec2 {
	if !pos.IsFinite() || !vel.IsFinite() || !heading.IsFinite() || !(maxSpeed > 0) {
		return mathx.Vec2{}
	}
	box := float64(boxLen * (1 + vel.Len()/maxSpeed))
	side := heading.Perp()
	bestX := math.Inf(1)
	var bx, by, br float64 // closest obstacle: ahead, left, expanded radius
	found := false
	for _, o := range obstacles {
		if !o.C.IsFinite() || !finite(o.R) {
			continue
		}
		rel := o.C.Sub(pos)
		lx := rel.Dot(heading)
		if lx <= 0 || lx-o.R > box {
			continue // behind or beside (dot product <= 0), or beyond the box
		}
		ly := rel.Dot(side)
		r := o.R + float64(radius*(1+avoidMargin))
		if math.Abs(ly) >= r {
			continue
		}
		s := math.Sqrt(float64(r*r) - float64(ly*ly))
		ip := lx - s
		if ip <= 0 {
			ip = lx + s
		}
		if ip < bestX {
			bestX, bx, by, br, found = ip, lx, ly, r, true
		}
	}
	if !found {
		return mathx.Vec2{}
	}
	// Lateral acceleration that clears the expanded circle by the time
	// the agent would reach it at its current speed: d = ½·a·t².
	speed := vel.Len()
	t := max(bestX, 1e-3*br) / max(speed, 1e-9)
	lateral := 2 * (br - math.Abs(by)) / (t * t)
	if by > 0 {
		lateral = -lateral // obstacle on the left: go right
	}
	// Brake in proportion to how deep in the box the obstacle is.
	along := -speed * (box - bx) / box
	return sane(heading.Scale(along).Add(side.Scale(lateral)))
}

// SwarmParams tunes [PushPull]. The zero value is not useful; start from
// [DefaultSwarm].
type SwarmParams struct {
	// Range: an obstacle pushes when the gap between its edge and the
	// agent's edge is below Range × agent radius (usual: 3).
	Range float64
	// PullPerContender scales the pull by max(1, PullPerContender ×
	// pushing obstacles) so the target can still pull the agent through
	// (usual: 4).
	PullPerContender float64
	// MinGap bounds the gap from below so a touching obstacle gives a
	// large but finite push (usual: 0.0001).
	MinGap float64
	// ArriveDist: within this distance of the target the agent has
	// arrived and the direction is zero (usual: 1).
	ArriveDist float64
}

// DefaultSwarm returns the push/pull avoidance's usual constants: range
// 3 radii, pull 4 per pushing obstacle, gaps floored at 1e-4, arrival
// within 1.
func DefaultSwarm() SwarmParams {
	return SwarmParams{Range: 3, PullPerContender: 4, MinGap: 1e-4, ArriveDist: 1}
}

// PushPull is a swarm-like avoidance that works like magnets: obstacles
// push, the target pulls. The target pulls with a unit vector; each
// obstacle closer than Range agent radii (edge to edge) pushes along
// obstacle→agent (centre distance long) divided by the gap, so the push
// grows without bound as the gap closes; the pull is multiplied by
// max(1, PullPerContender × number of pushing obstacles). It returns the
// unit direction of pull + pushes (the agent then moves at its speed
// along it, the original swarm's rule, or seeks along it) and whether the
// agent has arrived, in which case the direction is zero. Obstacles with
// non-finite values are skipped; non-finite pos or target gives zero and
// arrived false.
func PushPull(pos mathx.Vec2, radius float64, target mathx.Vec2, obstacles []Circle, p SwarmParams) (dir mathx.Vec2, arrived bool) {
	if !pos.IsFinite() || !target.IsFinite() || !finite(radius) {
		return mathx.Vec2{}, false
	}
	to := target.Sub(pos)
	d := to.Len()
	if d <= p.ArriveDist {
		return mathx.Vec2{}, true
	}
	pull := to.Scale(1 / d)
	var push mathx.Vec2
	contenders := 0
	for _, o := range obstacles {
		if !o.C.IsFinite() || !finite(o.R) {
			continue
		}
		away := pos.Sub(o.C)
		gap := away.Len() - o.R - radius
		if gap >= radius*p.Range {
			continue
		}
		contenders++
		gap = max(gap, p.MinGap)
		push = push.Add(away.Scale(1 / gap))
	}
	pull = pull.Scale(max(1, p.PullPerContender*float64(contenders)))
	return sane(pull.Add(push).Unit()), false
}
