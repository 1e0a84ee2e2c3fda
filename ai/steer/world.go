package steer

import (
	"errors"
	"fmt"
	"math"
	"sync/atomic"

	"diorama/mathx"
)

// Behaviour is a set of steering behaviours switched on for one agent.
type Behaviour uint32

// The behaviours a [Crowd] agent can run. They are listed in the order a
// [Prioritized] combination considers them: avoidance first, wander last.
const (
	AvoidingWalls     Behaviour = 1 << iota // feelers against the WallQuery's segments
	AvoidingObstacles                       // detection box against the ObstacleQuery's circles
	Separating                              // keep a gap from neighbouring agents
	Evading                                 // evade TargetAgent
	Fleeing                                 // flee Target
	Aligning                                // fly at full speed along neighbours' mean heading
	Cohering                                // seek neighbours' centre
	Swarming                                // seed 001 push/pull toward Target among obstacles
	Seeking                                 // seek Target
	Arriving                                // arrive at Target
	Pursuing                                // pursue TargetAgent
	FollowingPath                           // follow Path
	Wandering                               // wander
)

// Weights scale each behaviour's force before combination.
type Weights struct {
	Walls, Obstacles, Separation, Evade, Flee, Alignment, Cohesion,
	Swarm, Seek, Arrive, Pursue, Path, Wander float64
}

// DefaultWeights are sensible starting weights for crowds: avoidance and
// separation dominate, the rest are 1. Flocks want a weaker separation
// (about 0.5) and a stronger alignment (about 3), or separation inside a
// dense flock uses up the force budget and the flock never lines up.
func DefaultWeights() Weights {
	return Weights{Walls: 10, Obstacles: 10, Separation: 4, Evade: 1, Flee: 1, Alignment: 1,
		Cohesion: 1, Swarm: 1, Seek: 1, Arrive: 1, Pursue: 1, Path: 1, Wander: 1}
}

// WallQuery appends to dst the walls that may cross area and returns dst.
// It is how a [Crowd] learns about walls; it must not keep dst.
type WallQuery func(area mathx.AABB, dst []Segment) []Segment

// ObstacleQuery appends to dst the obstacles whose circles may overlap area
// and returns dst. It is how a [Crowd] learns about obstacles; it must not
// keep dst.
type ObstacleQuery func(area mathx.AABB, dst []Circle) []Circle

// Config holds the parameters shared by all agents of a [Crowd].
type Config struct {
	Combine Combine
	Weights Weights
	// Gap is the free space separation tries to keep between agents'
	// edges; neighbours push when their edges are closer than Gap.
	Gap float64
	// NeighbourRadius is the centre distance within which agents align
	// and cohere.
	NeighbourRadius float64
	Feelers         Feelers
	// ObstacleBox is the minimum length of the obstacle detection box.
	ObstacleBox float64
	Wander      WanderParams
	Swarm       SwarmParams
	// ArriveTolerance is the distance at which arriving agents stop.
	ArriveTolerance float64
	// IdleRadius: an arriving agent this close to its target is idle
	// (only when Resolve > 0). A moving agent feels a quarter of the
	// separation from an idle one, and in contact resolution the idle one
	// takes three quarters of the correction: idle agents are pushed
	// aside (then arrive back), so a late agent gets through a crowd
	// that has already settled instead of being blocked by it.
	IdleRadius float64
	// WaypointReach is the distance at which a path follower moves on to
	// the next waypoint.
	WaypointReach float64
	// PanicDist limits flee and evade to threats this close (0: always).
	PanicDist float64
	// Response is the time in seconds in which the velocity-change
	// behaviours (seek, flee, pursue, evade, wander, alignment, cohesion,
	// swarming, seeking a waypoint) ask to reach their desired velocity:
	// their desired − current is divided by it to give an acceleration,
	// which MaxForce then limits. Values below dt count as dt. Arrive and
	// the avoidances already return accelerations.
	Response float64
	// Resolve is the number of contact-resolution passes after
	// integration: overlapping agents that both separate are pushed
	// apart along the line between their centres, half each (Jacobi, so
	// the agent order does not matter). Separation steering alone keeps
	// agents apart in open flow but cannot stop a crowd pressing toward
	// one point from squeezing together; a few passes bound the overlap.
	// 0 switches it off.
	Resolve   int
	Walls     WallQuery
	Obstacles ObstacleQuery
	// Seed seeds the agents' wander random sources (each agent has its
	// own, seeded from Seed and the agent's order of addition).
	Seed uint64
	// Workers is how many goroutines a Step may use (0 and 1: the
	// caller's only; at most 64). Every pass of a Step (faults, grid
	// copies, forces, integration, contact resolution) runs over fixed
	// chunks of agents, each writing only its own agents, with per-chunk
	// results combined in chunk order, so every position is bit-identical
	// for any count. With Workers > 1 Walls and Obstacles are called from
	// several goroutines at once and must be safe for that; call
	// [Crowd.Close] when done with the world.
	Workers int
}

// parallelMin is the fewest agents for which Step uses Config.Workers.
const parallelMin = 1024

// stepCtx is one goroutine's scratch and counters during the force pass.
type stepCtx struct {
	walls   []Segment
	circles []Circle
	stats   Stats
	_       [64]byte // keep goroutines' counters on separate cache lines
}

// DefaultConfig returns a configuration scaled for agents of radius r.
func DefaultConfig(r float64) Config {
	return Config{
		Combine:         Prioritized,
		Weights:         DefaultWeights(),
		Gap:             0.5 * r,
		NeighbourRadius: 6 * r,
		Feelers:         DefaultFeelers(4 * r),
		ObstacleBox:     4 * r,
		Wander:          WanderParams{Radius: 2 * r, Distance: 4 * r, Jitter: 0.5 * r},
		Swarm:           DefaultSwarm(),
		ArriveTolerance: 0.05 * r,
		WaypointReach:   r,
		Resolve:         4,
		Response:        0.1,
		IdleRadius:      r,
		Seed:            1,
	}
}

// Agent describes one agent when adding or replacing it.
type Agent struct {
	Pos, Vel mathx.Vec2
	Radius   float64
	MaxSpeed float64
	MaxForce float64
	// Behaviours switched on.
	Behaviours Behaviour
	// Target is the point for Seeking, Fleeing, Arriving and Swarming.
	Target mathx.Vec2
	// TargetAgent is the agent index for Pursuing and Evading (-1: none);
	// it must already exist (see [Crowd.SetTargetAgent] for later ones).
	TargetAgent int
	// Path is a path id from [Crowd.AddPath] for FollowingPath (-1: none).
	Path int
}

// Stats counts what the last [Crowd.Step] did.
type Stats struct {
	// Pairs is the number of neighbour distance tests.
	Pairs int
	// Faulted is the number of agents frozen because their position or
	// velocity is not finite.
	Faulted int
	// Skipped counts walls and obstacles with non-finite values returned
	// by the queries, and non-finite behaviour forces, all ignored.
	Skipped int
}

// Crowd holds agents as a struct of arrays and steps them together.
type Crowd struct {
	cfg Config

	pos, vel, heading, force, target, wander []mathx.Vec2
	radius, maxSpeed, maxForce               []float64
	beh                                      []Behaviour
	targetAgent, path, pathIdx               []int32
	fault, idle                              []bool

	push []mathx.Vec2 // contact resolution displacements, by grid entry
	// Per-agent data copied into grid order after each Build, so that
	// neighbour loops read contiguous memory.
	sRad     []float64
	sHead    []mathx.Vec2
	sIdle    []bool
	sSep     []bool
	paths    []mathx.Vec2
	pathOff  []int32 // path k is paths[pathOff[2k]:pathOff[2k+1]]
	pathLoop []bool

	grid  Bins
	stats Stats
	// rngs is each agent's wander source (seeded from Config.Seed and the
	// agent's order of addition), so agents draw independently of each
	// other and of the order they are steered in.
	rngs  []mathx.Rand
	added uint64
	// Passes: per-goroutine scratch and counters, per-chunk reductions.
	ctxs  []stepCtx
	parts []chunkOut
	// rangeBase[r] is the first grid entry of bucket range r of a
	// parallel grid sort, rangeBase[64+r] its point count.
	rangeBase [128]int32
	share     struct {
		dt, maxR      float64
		ph, n, chunks int
		next          atomic.Int32
	}
	jobs     []chan struct{}
	jobsDone chan struct{}
}

// Close stops the goroutines a Crowd with Config.Workers > 1 starts on
// its first large Step. Step starts them again if called after Close.
func (w *Crowd) Close() {
	for _, c := range w.jobs {
		close(c)
	}
	w.jobs = nil
}

// SetWorkers sets Config.Workers (clamped to 1..64): how many goroutines
// the next Steps may use. Positions do not depend on it. Call it between
// Steps, never during one.
func (w *Crowd) SetWorkers(n int) {
	n = min(max(n, 1), 64)
	if n != w.cfg.Workers {
		w.Close()
		w.cfg.Workers = n
	}
}

// NewCrowd returns an empty world with cfg.
func NewCrowd(cfg Config) *Crowd {
	return &Crowd{cfg: cfg}
}

// Config returns the world's configuration.
func (w *Crowd) Config() Config { return w.cfg }

// Len returns the number of agents.
func (w *Crowd) Len() int { return len(w.pos) }

// Stats returns the counters of the last Step.
func (w *Crowd) Stats() Stats { return w.stats }

func (w *Crowd) checkAgent(a Agent) error {
	switch {
	case !a.Pos.IsFinite() || !a.Vel.IsFinite() || !a.Target.IsFinite():
		return errors.New("steer: agent position, velocity or target not finite")
	case !(a.Radius >= 0) || !mathx.IsFinite(a.Radius):
		return fmt.Errorf("steer: agent radius %v must be finite and >= 0", a.Radius)
	case !(a.MaxSpeed >= 0) || !mathx.IsFinite(a.MaxSpeed):
		return fmt.Errorf("steer: agent max speed %v must be finite and >= 0", a.MaxSpeed)
	case !(a.MaxForce >= 0) || !mathx.IsFinite(a.MaxForce):
		return fmt.Errorf("steer: agent max force %v must be finite and >= 0", a.MaxForce)
	case a.TargetAgent < -1 || a.TargetAgent >= len(w.pos):
		return fmt.Errorf("steer: target agent %d out of range", a.TargetAgent)
	case a.Path < -1 || a.Path >= len(w.pathLoop):
		return fmt.Errorf("steer: path %d out of range", a.Path)
	}
	return nil
}

// Add appends an agent and returns its index. Invalid values (non-finite
// numbers, negative limits, unknown target agent or path) give an error
// and add nothing.
func (w *Crowd) Add(a Agent) (int, error) {
	if err := w.checkAgent(a); err != nil {
		return -1, err
	}
	w.pos = append(w.pos, a.Pos)
	w.vel = append(w.vel, a.Vel)
	h := a.Vel.Unit()
	if h == (mathx.Vec2{}) {
		h = mathx.V2(1, 0)
	}
	w.heading = append(w.heading, h)
	w.force = append(w.force, mathx.Vec2{})
	w.target = append(w.target, a.Target)
	w.wander = append(w.wander, mathx.V2(w.cfg.Wander.Radius, 0))
	w.radius = append(w.radius, a.Radius)
	w.maxSpeed = append(w.maxSpeed, a.MaxSpeed)
	w.maxForce = append(w.maxForce, a.MaxForce)
	w.beh = append(w.beh, a.Behaviours)
	w.targetAgent = append(w.targetAgent, int32(a.TargetAgent))
	w.path = append(w.path, int32(a.Path))
	w.pathIdx = append(w.pathIdx, 0)
	w.fault = append(w.fault, false)
	w.idle = append(w.idle, false)
	var r mathx.Rand
	r.Seed(w.cfg.Seed ^ (w.added+1)*0x9E3779B97F4A7C15)
	w.added++
	w.rngs = append(w.rngs, r)
	w.push = append(w.push, mathx.Vec2{})
	return len(w.pos) - 1, nil
}

// Agent returns agent i's current description.
func (w *Crowd) Agent(i int) Agent {
	return Agent{Pos: w.pos[i], Vel: w.vel[i], Radius: w.radius[i], MaxSpeed: w.maxSpeed[i],
		MaxForce: w.maxForce[i], Behaviours: w.beh[i], Target: w.target[i],
		TargetAgent: int(w.targetAgent[i]), Path: int(w.path[i])}
}

// Set replaces agent i (clearing its fault flag and restarting its path).
// Invalid values give an error and change nothing.
func (w *Crowd) Set(i int, a Agent) error {
	if i < 0 || i >= len(w.pos) {
		return fmt.Errorf("steer: agent %d out of range", i)
	}
	if err := w.checkAgent(a); err != nil {
		return err
	}
	w.pos[i], w.vel[i], w.target[i] = a.Pos, a.Vel, a.Target
	w.radius[i], w.maxSpeed[i], w.maxForce[i] = a.Radius, a.MaxSpeed, a.MaxForce
	w.beh[i] = a.Behaviours
	w.targetAgent[i], w.path[i], w.pathIdx[i] = int32(a.TargetAgent), int32(a.Path), 0
	w.fault[i] = false
	return nil
}

// SetPos moves agent i to p and keeps the rest of its state: velocity,
// heading, wander, path progress and fault flag. It is how a world that
// owns the positions (scene.World, whose physics has the last word) hands
// them to the crowd before each Step, without Set's checks and restarts:
// a non-finite p is not refused here, Step faults the agent instead.
func (w *Crowd) SetPos(i int, p mathx.Vec2) { w.pos[i] = p }

// Remove deletes agent i by moving the last agent into its place
// (swap-remove) and returns the index the moved agent had before, which
// is i itself when i was the last. Agents that pursued or evaded i lose
// their target agent (-1); those that targeted the moved agent follow it
// to i. Paths stay stored. Neighbours answers from the grid of the last
// Step, so call it again only after the next Step.
func (w *Crowd) Remove(i int) (moved int, err error) {
	n := len(w.pos)
	if i < 0 || i >= n {
		return -1, fmt.Errorf("steer: agent %d out of range", i)
	}
	last := n - 1
	if i != last {
		w.pos[i], w.vel[i], w.heading[i], w.force[i] = w.pos[last], w.vel[last], w.heading[last], w.force[last]
		w.target[i], w.wander[i] = w.target[last], w.wander[last]
		w.radius[i], w.maxSpeed[i], w.maxForce[i] = w.radius[last], w.maxSpeed[last], w.maxForce[last]
		w.beh[i], w.targetAgent[i], w.path[i], w.pathIdx[i] = w.beh[last], w.targetAgent[last], w.path[last], w.pathIdx[last]
		w.fault[i], w.idle[i] = w.fault[last], w.idle[last]
		w.rngs[i] = w.rngs[last]
	}
	w.rngs = w.rngs[:last]
	w.pos, w.vel, w.heading, w.force = w.pos[:last], w.vel[:last], w.heading[:last], w.force[:last]
	w.target, w.wander = w.target[:last], w.wander[:last]
	w.radius, w.maxSpeed, w.maxForce = w.radius[:last], w.maxSpeed[:last], w.maxForce[:last]
	w.beh, w.targetAgent, w.path, w.pathIdx = w.beh[:last], w.targetAgent[:last], w.path[:last], w.pathIdx[:last]
	w.fault, w.idle = w.fault[:last], w.idle[:last]
	w.push = w.push[:min(len(w.push), last)] // Add appends one per agent
	for k, t := range w.targetAgent {
		switch int(t) {
		case i:
			w.targetAgent[k] = -1
		case last:
			w.targetAgent[k] = int32(i)
		}
	}
	return last, nil
}

// SetTarget moves agent i's target point. A non-finite target is refused.
func (w *Crowd) SetTarget(i int, t mathx.Vec2) error {
	if i < 0 || i >= len(w.pos) {
		return fmt.Errorf("steer: agent %d out of range", i)
	}
	if !t.IsFinite() {
		return fmt.Errorf("steer: target %v for agent %d not finite", t, i)
	}
	w.target[i] = t
	return nil
}

// SetTargetAgent sets the agent i pursues or evades (-1: none); j must
// already exist.
func (w *Crowd) SetTargetAgent(i, j int) error {
	if i < 0 || i >= len(w.pos) || j < -1 || j >= len(w.pos) {
		return fmt.Errorf("steer: agent %d or target agent %d out of range", i, j)
	}
	w.targetAgent[i] = int32(j)
	return nil
}

// SetBehaviours switches agent i's behaviours.
func (w *Crowd) SetBehaviours(i int, b Behaviour) { w.beh[i] = b }

// AddPath stores a copy of a waypoint path and returns its id for
// [Agent.Path]. Empty or non-finite paths are refused.
func (w *Crowd) AddPath(pts []mathx.Vec2, loop bool) (int, error) {
	if len(pts) == 0 {
		return -1, errors.New("steer: empty path")
	}
	for k, p := range pts {
		if !p.IsFinite() {
			return -1, fmt.Errorf("steer: path point %d not finite", k)
		}
	}
	w.pathOff = append(w.pathOff, int32(len(w.paths)), int32(len(w.paths)+len(pts)))
	w.paths = append(w.paths, pts...)
	w.pathLoop = append(w.pathLoop, loop)
	return len(w.pathLoop) - 1, nil
}

// PathIndex returns the waypoint agent i is heading for.
func (w *Crowd) PathIndex(i int) int { return int(w.pathIdx[i]) }

// Pos returns agent i's position.
func (w *Crowd) Pos(i int) mathx.Vec2 { return w.pos[i] }

// Vel returns agent i's velocity.
func (w *Crowd) Vel(i int) mathx.Vec2 { return w.vel[i] }

// Heading returns agent i's unit heading (its last non-zero direction).
func (w *Crowd) Heading(i int) mathx.Vec2 { return w.heading[i] }

// Force returns the combined steering force agent i got in the last Step.
func (w *Crowd) Force(i int) mathx.Vec2 { return w.force[i] }

// Faulted reports whether agent i is frozen because its state stopped
// being finite. [Crowd.Set] clears it.
func (w *Crowd) Faulted(i int) bool { return w.fault[i] }

// Positions returns the agents' positions, indexed like the agents. The
// slice is the world's own storage: read it, do not modify it or keep it
// across Add.
func (w *Crowd) Positions() []mathx.Vec2 { return w.pos }

// Neighbours appends to dst the agents within radius of agent i's
// position (i itself excluded) as indexed by the last Step, and returns
// dst.
func (w *Crowd) Neighbours(i int, radius float64, dst []int32) []int32 {
	n := len(dst)
	dst = w.grid.Query(w.pos[i], radius, dst)
	out := dst[:n]
	for _, j := range dst[n:] {
		if int(j) != i {
			out = append(out, j)
		}
	}
	return out
}

// buildGrid indexes the healthy agents and copies their per-agent data
// into grid order (phase phGrid, in parallel).
func (w *Crowd) buildGrid(cell float64) {
	g := &w.grid
	g.prepare(len(w.pos), cell)
	w.run(phCells, len(w.pos))
	if parts := min(max(w.cfg.Workers, 1), 64); parts == 1 || len(w.pos) < parallelMin {
		g.sortPoints(w.pos)
	} else {
		// The counting sort by bucket ranges, one per worker: each part
		// scans every point and keeps its own buckets. A stable sort has
		// one outcome, so the grid is the same for any count.
		w.runParts(phCount, parts)
		used := int32(0)
		for r := range parts {
			w.rangeBase[r] = used
			used += w.rangeBase[64+r]
		}
		g.ids = grow(g.ids, int(used))
		g.pos = grow(g.pos, int(used))
		g.cx = grow(g.cx, int(used))
		g.cy = grow(g.cy, int(used))
		g.start[0] = 0
		w.runParts(phScatter, parts)
	}
	m := len(g.ids)
	w.sRad = grow(w.sRad, m)
	w.sHead = grow(w.sHead, m)
	w.sIdle = grow(w.sIdle, m)
	w.sSep = grow(w.sSep, m)
	w.push = grow(w.push, m)
	w.run(phGrid, m)
}

// gridRange copies the per-agent data of grid entries [lo, hi) into grid
// order.
func (w *Crowd) gridRange(lo, hi int) {
	for k, id := range w.grid.ids[lo:hi] {
		k += lo
		w.sRad[k] = w.radius[id]
		w.sHead[k] = w.heading[id]
		w.sIdle[k] = w.idle[id]
		w.sSep[k] = w.beh[id]&Separating != 0
	}
}

// idleShare is the part of a contact correction an idle agent takes
// when it touches a moving one.
const idleShare = 0.75

// idleSeparation scales the separation a moving agent feels from an idle
// one.
const idleSeparation = 0.25

// pairDir is a deterministic unit direction for two agents exactly on top
// of each other: opposite for (i, j) and (j, i).
func pairDir(i, j int) mathx.Vec2 {
	lo, hi := i, j
	if lo > hi {
		lo, hi = hi, lo
	}
	h := uint32(lo)*0x9E3779B1 ^ uint32(hi)*0x85EBCA77
	d := mathx.FromAngle(float64(h) * (2 * math.Pi / (1 << 32)))
	if i > j {
		return d.Neg()
	}
	return d
}

// Step advances every agent by dt seconds: it indexes the agents in the
// spatial grid, computes and combines each agent's behaviours, then
// integrates all agents at once (vel += force·dt limited to max speed, pos
// += vel·dt), then runs the contact-resolution passes (Config.Resolve).
// A dt that is not finite and positive is refused. It allocates nothing in
// steady state.
//
// Every pass runs over fixed chunks of agents (or grid entries) on up to
// Config.Workers goroutines; each chunk writes only its own agents'
// state and per-chunk results are combined in chunk order, so the
// outcome does not depend on the worker count.
func (w *Crowd) Step(dt float64) error {
	if !(dt > 0) || !mathx.IsFinite(dt) {
		return fmt.Errorf("steer: step dt %v must be finite and > 0", dt)
	}
	w.stats = Stats{}
	n := len(w.pos)
	w.share.dt = dt
	// Faults, idle flags, the largest radius and every behaviour in use.
	w.run(phPrep, n)
	maxR := 0.0
	var all Behaviour
	for _, p := range w.parts[:chunksOf(n)] {
		maxR = math.Max(maxR, p.maxR)
		all |= p.all
	}
	cfg := &w.cfg
	// Cells as small as the largest query: separation reach, or the
	// neighbour radius when anyone aligns or coheres.
	cell := 2*maxR + math.Max(cfg.Gap, 0) // >= any contact reach, so 3×3 cells suffice
	if all&(Aligning|Cohering) != 0 {
		cell = math.Max(cell, cfg.NeighbourRadius)
	}
	w.share.maxR = maxR
	w.buildGrid(cell)
	// Steer in grid order: neighbouring agents are handled together, so
	// their cells stay in cache. Each agent draws its wander from its own
	// random source, so the order does not matter.
	w.run(phForces, len(w.grid.ids))
	w.run(phIntegrate, n)
	if all&Separating != 0 && cfg.Resolve > 0 {
		w.buildGrid(cell)
		for k := 0; k < cfg.Resolve; k++ {
			m := len(w.grid.ids)
			w.run(phResolve, m)
			any := false
			for _, p := range w.parts[:chunksOf(m)] {
				any = any || p.any
			}
			if !any {
				break // no contact left
			}
			w.run(phApply, m)
		}
	}
	for k := range w.ctxs {
		x := &w.ctxs[k].stats
		w.stats.Pairs += x.Pairs
		w.stats.Skipped += x.Skipped
		w.stats.Faulted += x.Faulted
		*x = Stats{}
	}
	return nil
}

// prepRange checks agents [lo, hi) for faults, sets their idle flags and
// returns their largest radius and behaviours (chunk part p).
func (w *Crowd) prepRange(c *stepCtx, p *chunkOut, lo, hi int) {
	cfg := &w.cfg
	ir2 := cfg.IdleRadius * cfg.IdleRadius
	for i := lo; i < hi; i++ {
		if !w.pos[i].IsFinite() || !w.vel[i].IsFinite() {
			w.fault[i] = true
		}
		if w.fault[i] {
			c.stats.Faulted++
			w.force[i] = mathx.Vec2{}
			continue
		}
		p.maxR = math.Max(p.maxR, w.radius[i])
		p.all |= w.beh[i]
		// Idle agents only yield when contact resolution can push them.
		w.idle[i] = cfg.Resolve > 0 && w.beh[i]&Arriving != 0 && w.pos[i].DistSq(w.target[i]) < ir2
	}
}

// forceRange steers grid entries [lo, hi).
func (w *Crowd) forceRange(c *stepCtx, lo, hi int) {
	dt, maxR := w.share.dt, w.share.maxR
	for k, id := range w.grid.ids[lo:hi] {
		acc := w.steer(int(id), k+lo, dt, maxR, c)
		w.force[id] = acc.Force()
	}
}

// integrateRange integrates agents [lo, hi).
func (w *Crowd) integrateRange(c *stepCtx, lo, hi int) {
	dt := w.share.dt
	for i := lo; i < hi; i++ {
		if w.fault[i] {
			continue
		}
		v := w.vel[i].Add(w.force[i].Scale(dt)).ClampLen(w.maxSpeed[i])
		p := w.pos[i].Add(v.Scale(dt))
		if !v.IsFinite() || !p.IsFinite() {
			w.fault[i] = true
			w.vel[i] = mathx.Vec2{}
			c.stats.Faulted++
			continue
		}
		w.vel[i], w.pos[i] = v, p
		if s := length(v); s > 1e-9*math.Max(1, w.maxSpeed[i]) {
			w.heading[i] = v.Scale(1 / s)
		}
	}
}

// resolveRange is one contact-resolution pass (Jacobi) for grid entries
// [lo, hi): each separating entry sums its corrections from every
// overlapping separating neighbour, in the grid's fixed neighbour order,
// from the positions before the pass, into push; it reports whether any
// entry of the range overlapped. An overlapping pair is pushed apart
// along the line between centres, half each, or three quarters to an
// idle agent touching a moving one (idleShare): idle agents step aside.
func (w *Crowd) resolveRange(p *chunkOut, lo, hi int) {
	g := &w.grid
	maxR := w.share.maxR
	for k0 := lo; k0 < hi; k0++ {
		w.push[k0] = mathx.Vec2{}
		if !w.sSep[k0] {
			continue
		}
		pk := g.pos[k0]
		rk := w.sRad[k0]
		idle := w.sIdle[k0]
		q := rk + maxR
		x0, x1 := g.cellOf(pk.X-q), g.cellOf(pk.X+q)
		y0, y1 := g.cellOf(pk.Y-q), g.cellOf(pk.Y+q)
		var push mathx.Vec2
		for y := y0; y <= y1; y++ {
			b0, b1, run := g.rowRun(x0, x1, y)
			for x := x0; x <= x1; x++ {
				if run {
					if x > x0 {
						break
					}
				} else {
					b0 = g.bucketOf(x, y)
					b1 = b0
				}
				for k := g.start[b0]; k < g.start[b1+1]; k++ {
					if int(k) == k0 || !w.sSep[k] || g.cy[k] != y || g.cx[k] < x0 || g.cx[k] > x1 || (!run && g.cx[k] != x) {
						continue
					}
					rel := pk.Sub(g.pos[k])
					s := rk + w.sRad[k]
					d2 := rel.LenSq()
					if d2 >= s*s {
						continue
					}
					dist := math.Sqrt(d2)
					var u mathx.Vec2
					if dist > 0 {
						u = rel.Scale(1 / dist)
					} else {
						u = pairDir(int(g.ids[k0]), int(g.ids[k]))
					}
					share := 0.5
					if ik := w.sIdle[k]; ik != idle {
						share = 1 - idleShare
						if idle {
							share = idleShare
						}
					}
					push = push.Add(u.Scale((s - dist) * share))
					p.any = true
				}
			}
		}
		w.push[k0] = push
	}
}

// applyRange moves grid entries [lo, hi) by their pushes.
func (w *Crowd) applyRange(lo, hi int) {
	g := &w.grid
	for k := lo; k < hi; k++ {
		if d := w.push[k]; d != (mathx.Vec2{}) {
			g.pos[k] = g.pos[k].Add(d)
			w.pos[g.ids[k]] = g.pos[k]
		}
	}
}

// add feeds one weighted force to the accumulator and keeps count of
// rejected (non-finite) ones.
func (c *stepCtx) add(acc *Accumulator, f mathx.Vec2, wt float64) bool {
	more, ok := acc.Add(f, wt)
	if !ok {
		c.stats.Skipped++
	}
	return more
}

// The passes of a Step, run over fixed chunks by run.
const (
	phPrep = iota
	phCells
	phCount
	phScatter
	phGrid
	phForces
	phIntegrate
	phResolve
	phApply
)

// chunk is the number of agents (or grid entries) in one chunk of a
// pass: fixed, so chunk results never depend on the worker count.
const chunk = 256

func chunksOf(n int) int { return (n + chunk - 1) / chunk }

// chunkOut is one chunk's part of a pass's reductions, combined in chunk
// order.
type chunkOut struct {
	maxR float64
	all  Behaviour
	any  bool
	_    [40]byte // keep chunks' results on separate cache lines
}

// run runs pass ph over [0, n) in chunks: on the caller's goroutine for
// one worker or fewer than parallelMin items, else on up to
// Config.Workers goroutines taking chunks from a shared counter.
func (w *Crowd) run(ph, n int) {
	chunks := chunksOf(n)
	for len(w.parts) < chunks {
		w.parts = append(w.parts, chunkOut{})
	}
	clear(w.parts[:chunks])
	workers := min(max(w.cfg.Workers, 1), 64, max(chunks, 1))
	for len(w.ctxs) < workers {
		w.ctxs = append(w.ctxs, stepCtx{})
	}
	if workers == 1 || n < parallelMin {
		for ch := 0; ch < chunks; ch++ {
			w.runChunk(ph, &w.ctxs[0], ch, n)
		}
		return
	}
	w.startWorkers(min(max(w.cfg.Workers, 1), 64))
	s := &w.share
	s.ph, s.n, s.chunks = ph, n, chunks
	s.next.Store(0)
	for k := 1; k < workers; k++ {
		w.jobs[k-1] <- struct{}{}
	}
	w.work(0)
	for k := 1; k < workers; k++ {
		<-w.jobsDone
	}
}

// runParts runs pass ph as parts chunks (one per worker, each a whole
// part: chunk ch is part ch) on the workers.
func (w *Crowd) runParts(ph, parts int) {
	for len(w.ctxs) < parts {
		w.ctxs = append(w.ctxs, stepCtx{})
	}
	w.startWorkers(min(max(w.cfg.Workers, 1), 64))
	s := &w.share
	s.ph, s.n, s.chunks = ph, 0, parts
	s.next.Store(0)
	for k := 1; k < parts; k++ {
		w.jobs[k-1] <- struct{}{}
	}
	w.work(0)
	for k := 1; k < parts; k++ {
		<-w.jobsDone
	}
}

// work is worker k's part of the running pass: chunks from the shared
// counter until none are left.
func (w *Crowd) work(k int) {
	s := &w.share
	c := &w.ctxs[k]
	for {
		ch := int(s.next.Add(1) - 1)
		if ch >= s.chunks {
			return
		}
		w.runChunk(s.ph, c, ch, s.n)
	}
}

// runChunk runs chunk ch of pass ph over [0, n).
func (w *Crowd) runChunk(ph int, c *stepCtx, ch, n int) {
	lo, hi := ch*chunk, min((ch+1)*chunk, n)
	switch ph {
	case phPrep:
		w.prepRange(c, &w.parts[ch], lo, hi)
	case phCells:
		w.grid.cells(w.pos, w.fault, lo, hi)
	case phCount:
		w.rangeBase[64+ch] = w.grid.countRange(ch, w.share.chunks)
	case phScatter:
		w.grid.scatterRange(w.pos, ch, w.share.chunks, w.rangeBase[ch])
	case phGrid:
		w.gridRange(lo, hi)
	case phForces:
		w.forceRange(c, lo, hi)
	case phIntegrate:
		w.integrateRange(c, lo, hi)
	case phResolve:
		w.resolveRange(&w.parts[ch], lo, hi)
	case phApply:
		w.applyRange(lo, hi)
	}
}

// startWorkers starts the parked goroutines 1..n-1.
func (w *Crowd) startWorkers(n int) {
	if len(w.jobs) == n-1 {
		return
	}
	w.Close()
	w.jobsDone = make(chan struct{}, n)
	for k := 1; k < n; k++ {
		ch := make(chan struct{})
		w.jobs = append(w.jobs, ch)
		go func(k int) {
			for range ch {
				w.work(k)
				w.jobsDone <- struct{}{}
			}
		}(k)
	}
}

// steer accumulates agent i's (grid entry self's) behaviours.
func (w *Crowd) steer(i, self int, dt, maxR float64, c *stepCtx) (acc Accumulator) {
	cfg := &w.cfg
	wt := &cfg.Weights
	b := w.beh[i]
	pos, vel, head := w.pos[i], w.vel[i], w.heading[i]
	r, ms, mf := w.radius[i], w.maxSpeed[i], w.maxForce[i]
	acc = Accumulator{Mode: cfg.Combine, Max: mf}
	// Velocity-change behaviours (desired − current) become accelerations
	// that close the gap in Response seconds.
	resp := 1 / math.Max(cfg.Response, dt)

	if b&AvoidingWalls != 0 && cfg.Walls != nil {
		f := cfg.Feelers
		reach := math.Max(f.Length, f.SideLength)
		c.walls = cfg.Walls(mathx.BoxAround(pos, mathx.V2(reach, reach)), c.walls[:0])
		c.countBadWalls()
		if !c.add(&acc, WallAvoidance(pos, head, c.walls, f), wt.Walls) {
			return acc
		}
	}
	if b&AvoidingObstacles != 0 && cfg.Obstacles != nil && ms > 0 {
		box := cfg.ObstacleBox * (1 + vel.Len()/ms)
		area := mathx.BoxOf(pos, pos.Add(head.Scale(box))).Expand(r)
		c.circles = cfg.Obstacles(area, c.circles[:0])
		c.countBadCircles()
		if !c.add(&acc, ObstacleAvoidance(pos, vel, head, r, c.circles, cfg.ObstacleBox, ms), wt.Obstacles) {
			return acc
		}
	}
	if b&(Separating|Aligning|Cohering) != 0 {
		sep, headSum, centre, nAlign := w.neighbourhood(i, self, maxR, b&(Aligning|Cohering) != 0, c)
		if b&Separating != 0 && !c.add(&acc, sep.Scale(mf), wt.Separation) {
			return acc
		}
		if b&(Evading) != 0 && w.targetAgent[i] >= 0 {
			j := w.targetAgent[i]
			if !c.add(&acc, Evade(pos, vel, w.pos[j], w.vel[j], ms, cfg.PanicDist), wt.Evade*resp) {
				return acc
			}
			b &^= Evading
		}
		if b&Fleeing != 0 {
			if !c.add(&acc, Flee(pos, vel, w.target[i], ms, cfg.PanicDist), wt.Flee*resp) {
				return acc
			}
			b &^= Fleeing
		}
		if nAlign > 0 {
			inv := 1 / float64(nAlign)
			if b&Aligning != 0 && !c.add(&acc, unit(headSum).Scale(ms).Sub(vel), wt.Alignment*resp) {
				return acc
			}
			if b&Cohering != 0 && !c.add(&acc, Seek(pos, vel, centre.Scale(inv), ms), wt.Cohesion*resp) {
				return acc
			}
		}
	}
	if b&Evading != 0 && w.targetAgent[i] >= 0 {
		j := w.targetAgent[i]
		if !c.add(&acc, Evade(pos, vel, w.pos[j], w.vel[j], ms, cfg.PanicDist), wt.Evade*resp) {
			return acc
		}
	}
	if b&Fleeing != 0 && !c.add(&acc, Flee(pos, vel, w.target[i], ms, cfg.PanicDist), wt.Flee*resp) {
		return acc
	}
	if b&Swarming != 0 {
		c.circles = c.circles[:0]
		if cfg.Obstacles != nil {
			h := float64(r * (1 + cfg.Swarm.Range))
			c.circles = cfg.Obstacles(mathx.BoxAround(pos, mathx.V2(h, h)), c.circles)
			c.countBadCircles()
		}
		dir, _ := PushPull(pos, r, w.target[i], c.circles, cfg.Swarm)
		if !c.add(&acc, dir.Scale(ms).Sub(vel), wt.Swarm*resp) {
			return acc
		}
	}
	if b&Seeking != 0 && !c.add(&acc, Seek(pos, vel, w.target[i], ms), wt.Seek*resp) {
		return acc
	}
	if b&Arriving != 0 && !c.add(&acc, Arrive(pos, vel, w.target[i], ms, mf, cfg.ArriveTolerance, dt), wt.Arrive) {
		return acc
	}
	if b&Pursuing != 0 && w.targetAgent[i] >= 0 {
		j := w.targetAgent[i]
		if !c.add(&acc, Pursue(pos, vel, w.pos[j], w.vel[j], ms), wt.Pursue*resp) {
			return acc
		}
	}
	if b&FollowingPath != 0 && w.path[i] >= 0 {
		k := w.path[i]
		pts := w.paths[w.pathOff[2*k]:w.pathOff[2*k+1]]
		f, idx := FollowPath(pos, vel, pts, w.pathLoop[k], int(w.pathIdx[i]), cfg.WaypointReach, ms, mf, cfg.ArriveTolerance, dt)
		w.pathIdx[i] = int32(idx)
		pw := wt.Path
		if w.pathLoop[k] || idx != len(pts)-1 {
			pw *= resp // seeking a waypoint; the last leg is Arrive's acceleration
		}
		if !c.add(&acc, f, pw) {
			return acc
		}
	}
	if b&Wandering != 0 {
		c.add(&acc, Wander(pos, vel, head, &w.wander[i], cfg.Wander, ms, &w.rngs[i]), wt.Wander*resp)
	}
	return acc
}

func (c *stepCtx) countBadWalls() {
	for _, s := range c.walls {
		if !s.A.IsFinite() || !s.B.IsFinite() {
			c.stats.Skipped++
		}
	}
}

func (x *stepCtx) countBadCircles() {
	for _, c := range x.circles {
		if !c.C.IsFinite() || !mathx.IsFinite(c.R) {
			x.stats.Skipped++
		}
	}
}

// neighbourhood scans agent i's grid neighbours once and returns the
// separation vector (sum of unit pushes, each scaled by how far into the
// Gap zone the neighbour is: 1 at touching, more when overlapping), and the
// heading sum, position sum and count of the neighbours within
// NeighbourRadius.
func (w *Crowd) neighbourhood(i, self int, maxR float64, flock bool, c *stepCtx) (sep, headSum, posSum mathx.Vec2, count int) {
	g := &w.grid
	cfg := &w.cfg
	p := g.pos[self]
	ri := w.sRad[self]
	idle := w.sIdle[self]
	invGap := 1 / math.Max(cfg.Gap, 1e-9)
	nr2 := -1.0
	q := ri + maxR + cfg.Gap
	if flock {
		nr2 = cfg.NeighbourRadius * cfg.NeighbourRadius
		q = math.Max(q, cfg.NeighbourRadius)
	}
	x0, x1 := g.cellOf(p.X-q), g.cellOf(p.X+q)
	y0, y1 := g.cellOf(p.Y-q), g.cellOf(p.Y+q)
	pairs := 0
	for y := y0; y <= y1; y++ {
		// A row of cells is one run of buckets unless it wraps around
		// the grid's torus: then one bucket per cell.
		b0, b1, run := g.rowRun(x0, x1, y)
		for x := x0; x <= x1; x++ {
			if run {
				if x > x0 {
					break
				}
			} else {
				b0 = g.bucketOf(x, y)
				b1 = b0
			}
			for k := g.start[b0]; k < g.start[b1+1]; k++ {
				if g.cy[k] != y || g.cx[k] < x0 || g.cx[k] > x1 || (!run && g.cx[k] != x) || int(k) == self {
					continue
				}
				pairs++
				d := p.Sub(g.pos[k])
				d2 := d.LenSq()
				reach := ri + w.sRad[k] + cfg.Gap
				if d2 < reach*reach {
					wt := invGap
					if w.sIdle[k] && !idle {
						wt *= idleSeparation
					}
					dist := math.Sqrt(d2)
					var u mathx.Vec2
					if dist > 0 {
						u = d.Scale(1 / dist)
					} else {
						u = pairDir(i, int(g.ids[k]))
					}
					sep = sep.Add(u.Scale(wt * (reach - dist)))
				}
				if d2 <= nr2 {
					headSum = headSum.Add(w.sHead[k])
					posSum = posSum.Add(g.pos[k])
					count++
				}
			}
		}
	}
	c.stats.Pairs += pairs
	return sep, headSum, posSum, count
}
