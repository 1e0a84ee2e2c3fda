package steer

import (
	"errors"
	"fmt"
	"math"
	"sync/atomic"

	"diorama/internal/workers"
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
	Swarming                                // push/pull toward Target among obstacles
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
	// [Crowd.Close] when done with the world. Walls and Obstacles must
	// not read this Crowd's agents: a Step may integrate some agents
	// before it steers others.
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

// agent is the per-agent state a Step reads and writes for every agent,
// laid out so that what the grid copies and integration read (heading,
// velocity, radius, limits, behaviours, idle flag) fills the first 64
// bytes and the rest (wander, force, target, random source) the next 64.
type agent struct {
	heading, vel               mathx.Vec2
	radius, maxSpeed, maxForce float64
	beh                        Behaviour
	idle                       bool
	wander, force, target      mathx.Vec2
	// rng is the agent's wander source (seeded from Config.Seed and the
	// agent's order of addition), so agents draw independently of each
	// other and of the order they are steered in.
	rng mathx.Rand
}

// Crowd holds agents and steps them together.
type Crowd struct {
	cfg Config

	// Agents are stored by slot, and each Step first moves them into
	// the order of its grid (slot k is grid entry k), so that agents near
	// each other in space are near each other in memory and every pass
	// reads its agents in order. ord[s] is the agent index in slot s,
	// slotOf[i] agent i's slot; out holds the positions by agent index
	// (Positions). The state a Step reads for every agent is in ag, one
	// struct per agent. targetAgent holds agent indices.
	pos                        []mathx.Vec2
	ag                         []agent
	targetAgent, path, pathIdx []int32
	fault                      []bool
	ord, slotOf                []int32
	out                        []mathx.Vec2
	// The slot arrays' second buffers, filled by a reorder, and the
	// reorder's permutation (new slot k takes old slot perm[k]).
	pos2                          []mathx.Vec2
	ag2                           []agent
	targetAgent2, path2, pathIdx2 []int32
	fault2                        []bool
	ord2, perm                    []int32

	push []mathx.Vec2 // contact resolution displacements, by grid entry
	// mayTouch, by slot: whether the force pass found a neighbour close
	// enough that the agent may touch it after integration (true for
	// agents whose scan did not run or could not tell; see Step).
	mayTouch []bool
	// allFirst (tests): the first contact pass looks at every agent, as
	// before mayTouch, to check that skipping changes nothing.
	allFirst bool
	moved    []uint32 // by grid bucket: stamp of the last pass that moved an entry in it
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
	turns feelerTurns // Config.Feelers' side turns, for this Step
	added uint64      // agents ever added: seeds the next one's random source
	// Passes: per-goroutine scratch and counters, per-chunk reductions.
	ctxs  []stepCtx
	parts []chunkOut
	// rangeBase[r] is the first grid entry of bucket range r of a
	// parallel grid sort, rangeBase[64+r] its point count.
	rangeBase [128]int32
	share     struct {
		dt, maxR float64
		// touch is how far two agents may close in on each other in
		// one integration (both moving at their top speed, with a margin
		// for rounding); 0 when the force pass's neighbour scan does not
		// reach far enough for mayTouch to be exact (see Step).
		touch float64
		// firstPass: the running contact pass is the first of the Step.
		firstPass bool
		fused     bool // integration runs in the force pass
		// stamp marks the buckets the running resolution pass moves
		// entries in (moved); prevStamp is the last pass's, 0 for none.
		stamp, prevStamp uint32
		ph, n, chunks    int
		next             atomic.Int32
	}
	pool  *workers.Pool // the helpers of a Step with Workers > 1, from its first large Step
	workF func(int)     // cr.work, made once (a method value allocates)
}

// Close stops the goroutines a Crowd with Config.Workers > 1 starts on
// its first large Step. Step starts them again if called after Close.
func (cr *Crowd) Close() {
	if cr.pool != nil {
		cr.pool.Close()
		cr.pool = nil
	}
}

// SetWorkers sets Config.Workers (clamped to 1..64): how many goroutines
// the next Steps may use. Positions do not depend on it. Call it between
// Steps, never during one.
func (cr *Crowd) SetWorkers(n int) {
	n = min(max(n, 1), 64)
	if n != cr.cfg.Workers {
		cr.Close()
		cr.cfg.Workers = n
	}
}

// NewCrowd returns an empty world with cfg.
func NewCrowd(cfg Config) *Crowd {
	return &Crowd{cfg: cfg}
}

// Config returns the world's configuration.
func (cr *Crowd) Config() Config { return cr.cfg }

// Len returns the number of agents.
func (cr *Crowd) Len() int { return len(cr.pos) }

// Stats returns the counters of the last Step.
func (cr *Crowd) Stats() Stats { return cr.stats }

func (cr *Crowd) checkAgent(a Agent) error {
	switch {
	case !a.Pos.IsFinite() || !a.Vel.IsFinite() || !a.Target.IsFinite():
		return errors.New("steer: agent position, velocity or target not finite")
	case !(a.Radius >= 0) || !mathx.IsFinite(a.Radius):
		return fmt.Errorf("steer: agent radius %v must be finite and >= 0", a.Radius)
	case !(a.MaxSpeed >= 0) || !mathx.IsFinite(a.MaxSpeed):
		return fmt.Errorf("steer: agent max speed %v must be finite and >= 0", a.MaxSpeed)
	case !(a.MaxForce >= 0) || !mathx.IsFinite(a.MaxForce):
		return fmt.Errorf("steer: agent max force %v must be finite and >= 0", a.MaxForce)
	case a.TargetAgent < -1 || a.TargetAgent >= len(cr.pos):
		return fmt.Errorf("steer: target agent %d out of range", a.TargetAgent)
	case a.Path < -1 || a.Path >= len(cr.pathLoop):
		return fmt.Errorf("steer: path %d out of range", a.Path)
	}
	return nil
}

// Add appends an agent and returns its index. Invalid values (non-finite
// numbers, negative limits, unknown target agent or path) give an error
// and add nothing.
func (cr *Crowd) Add(a Agent) (int, error) {
	if err := cr.checkAgent(a); err != nil {
		return -1, err
	}
	h := a.Vel.Unit()
	if h == (mathx.Vec2{}) {
		h = mathx.V2(1, 0)
	}
	ag := agent{heading: h, vel: a.Vel, radius: a.Radius, maxSpeed: a.MaxSpeed, maxForce: a.MaxForce,
		beh: a.Behaviours, wander: mathx.V2(cr.cfg.Wander.Radius, 0), target: a.Target}
	ag.rng.Seed(cr.cfg.Seed ^ (cr.added+1)*0x9E3779B97F4A7C15)
	cr.added++
	cr.pos = append(cr.pos, a.Pos)
	cr.ag = append(cr.ag, ag)
	cr.targetAgent = append(cr.targetAgent, int32(a.TargetAgent))
	cr.path = append(cr.path, int32(a.Path))
	cr.pathIdx = append(cr.pathIdx, 0)
	cr.fault = append(cr.fault, false)
	i := len(cr.out)
	cr.ord = append(cr.ord, int32(i))
	cr.slotOf = append(cr.slotOf, int32(i))
	cr.out = append(cr.out, a.Pos)
	cr.push = append(cr.push, mathx.Vec2{})
	return i, nil
}

// Agent returns agent i's current description.
func (cr *Crowd) Agent(i int) Agent {
	s := cr.slotOf[i]
	a := &cr.ag[s]
	return Agent{Pos: cr.out[i], Vel: a.vel, Radius: a.radius, MaxSpeed: a.maxSpeed,
		MaxForce: a.maxForce, Behaviours: a.beh, Target: a.target,
		TargetAgent: int(cr.targetAgent[s]), Path: int(cr.path[s])}
}

// Set replaces agent i (clearing its fault flag and restarting its path).
// Invalid values give an error and change nothing.
func (cr *Crowd) Set(i int, a Agent) error {
	if i < 0 || i >= len(cr.pos) {
		return fmt.Errorf("steer: agent %d out of range", i)
	}
	if err := cr.checkAgent(a); err != nil {
		return err
	}
	s := cr.slotOf[i]
	ag := &cr.ag[s]
	cr.pos[s], cr.out[i], ag.vel, ag.target = a.Pos, a.Pos, a.Vel, a.Target
	ag.radius, ag.maxSpeed, ag.maxForce = a.Radius, a.MaxSpeed, a.MaxForce
	ag.beh = a.Behaviours
	cr.targetAgent[s], cr.path[s], cr.pathIdx[s] = int32(a.TargetAgent), int32(a.Path), 0
	cr.fault[s] = false
	return nil
}

// SetPos moves agent i to p and keeps the rest of its state: velocity,
// heading, wander, path progress and fault flag. It is how a world that
// owns the positions (scene.World, whose physics has the last word) hands
// them to the crowd before each Step, without Set's checks and restarts:
// a non-finite p is not refused here, Step faults the agent instead.
// Calls for different agents may run at once (between Steps).
func (cr *Crowd) SetPos(i int, p mathx.Vec2) { cr.pos[cr.slotOf[i]], cr.out[i] = p, p }

// Remove deletes agent i by moving the last agent into its place
// (swap-remove) and returns the index the moved agent had before, which
// is i itself when i was the last. Agents that pursued or evaded i lose
// their target agent (-1); those that targeted the moved agent follow it
// to i. Paths stay stored. Neighbours answers from the grid of the last
// Step, so call it again only after the next Step.
func (cr *Crowd) Remove(i int) (moved int, err error) {
	n := len(cr.pos)
	if i < 0 || i >= n {
		return -1, fmt.Errorf("steer: agent %d out of range", i)
	}
	last := n - 1
	// Agent i's slot takes the last slot's agent, then agent last takes
	// index i.
	if s, z := int(cr.slotOf[i]), last; s != z {
		cr.pos[s], cr.ag[s] = cr.pos[z], cr.ag[z]
		cr.targetAgent[s], cr.path[s], cr.pathIdx[s] = cr.targetAgent[z], cr.path[z], cr.pathIdx[z]
		cr.fault[s], cr.ord[s] = cr.fault[z], cr.ord[z]
		cr.slotOf[cr.ord[s]] = int32(s)
	}
	if i != last {
		s := cr.slotOf[last]
		cr.ord[s], cr.slotOf[i], cr.out[i] = int32(i), s, cr.out[last]
	}
	cr.pos, cr.ag = cr.pos[:last], cr.ag[:last]
	cr.targetAgent, cr.path, cr.pathIdx = cr.targetAgent[:last], cr.path[:last], cr.pathIdx[:last]
	cr.fault, cr.ord, cr.slotOf, cr.out = cr.fault[:last], cr.ord[:last], cr.slotOf[:last], cr.out[:last]
	cr.push = cr.push[:min(len(cr.push), last)] // Add appends one per agent
	for k, t := range cr.targetAgent {
		switch int(t) {
		case i:
			cr.targetAgent[k] = -1
		case last:
			cr.targetAgent[k] = int32(i)
		}
	}
	return last, nil
}

// SetTarget moves agent i's target point. A non-finite target is refused.
func (cr *Crowd) SetTarget(i int, t mathx.Vec2) error {
	if i < 0 || i >= len(cr.pos) {
		return fmt.Errorf("steer: agent %d out of range", i)
	}
	if !t.IsFinite() {
		return fmt.Errorf("steer: target %v for agent %d not finite", t, i)
	}
	cr.ag[cr.slotOf[i]].target = t
	return nil
}

// SetTargetAgent sets the agent i pursues or evades (-1: none); j must
// already exist.
func (cr *Crowd) SetTargetAgent(i, j int) error {
	if i < 0 || i >= len(cr.pos) || j < -1 || j >= len(cr.pos) {
		return fmt.Errorf("steer: agent %d or target agent %d out of range", i, j)
	}
	cr.targetAgent[cr.slotOf[i]] = int32(j)
	return nil
}

// SetBehaviours switches agent i's behaviours.
func (cr *Crowd) SetBehaviours(i int, b Behaviour) { cr.ag[cr.slotOf[i]].beh = b }

// AddPath stores a copy of a waypoint path and returns its id for
// [Agent.Path]. Empty or non-finite paths are refused.
func (cr *Crowd) AddPath(pts []mathx.Vec2, loop bool) (int, error) {
	if len(pts) == 0 {
		return -1, errors.New("steer: empty path")
	}
	for k, p := range pts {
		if !p.IsFinite() {
			return -1, fmt.Errorf("steer: path point %d not finite", k)
		}
	}
	cr.pathOff = append(cr.pathOff, int32(len(cr.paths)), int32(len(cr.paths)+len(pts)))
	cr.paths = append(cr.paths, pts...)
	cr.pathLoop = append(cr.pathLoop, loop)
	return len(cr.pathLoop) - 1, nil
}

// PathIndex returns the waypoint agent i is heading for.
func (cr *Crowd) PathIndex(i int) int { return int(cr.pathIdx[cr.slotOf[i]]) }

// Pos returns agent i's position.
func (cr *Crowd) Pos(i int) mathx.Vec2 { return cr.out[i] }

// Vel returns agent i's velocity.
func (cr *Crowd) Vel(i int) mathx.Vec2 { return cr.ag[cr.slotOf[i]].vel }

// Heading returns agent i's unit heading (its last non-zero direction).
func (cr *Crowd) Heading(i int) mathx.Vec2 { return cr.ag[cr.slotOf[i]].heading }

// Force returns the combined steering force agent i got in the last Step.
func (cr *Crowd) Force(i int) mathx.Vec2 { return cr.ag[cr.slotOf[i]].force }

// Faulted reports whether agent i is frozen because its state stopped
// being finite. [Crowd.Set] clears it.
func (cr *Crowd) Faulted(i int) bool { return cr.fault[cr.slotOf[i]] }

// Positions returns the agents' positions, indexed like the agents. The
// slice is the crowd's own by-index copy (the agents themselves are kept
// in grid order), brought up to date by each Step and by Add, Set and
// SetPos: read it, do not modify it (a write does not move the agent)
// or keep it across Add.
func (cr *Crowd) Positions() []mathx.Vec2 { return cr.out }

// Neighbours appends to dst the agents within radius of agent i's
// position (i itself excluded) as indexed by the last Step, and returns
// dst.
func (cr *Crowd) Neighbours(i int, radius float64, dst []int32) []int32 {
	n := len(dst)
	dst = cr.grid.Query(cr.out[i], radius, dst)
	out := dst[:n]
	for _, s := range dst[n:] {
		if j := cr.ord[s]; int(j) != i {
			out = append(out, j)
		}
	}
	return out
}

// buildGrid indexes the healthy agents and copies their per-agent data
// into grid order (phase phGrid, in parallel).
func (cr *Crowd) buildGrid(cell float64, reorder bool) {
	g := &cr.grid
	g.prepare(len(cr.pos), cell)
	cr.run(phCells, len(cr.pos))
	if parts := min(max(cr.cfg.Workers, 1), 64); parts == 1 || len(cr.pos) < parallelMin {
		g.sortPoints(cr.pos)
	} else {
		// The counting sort by bucket ranges, one per worker: each part
		// scans every point and keeps its own buckets. A stable sort has
		// one outcome, so the grid is the same for any count.
		cr.runParts(phCount, parts)
		used := int32(0)
		for r := range parts {
			cr.rangeBase[r] = used
			used += cr.rangeBase[64+r]
		}
		g.ids = grow(g.ids, int(used))
		g.pos = grow(g.pos, int(used))
		g.cx = grow(g.cx, int(used))
		g.cy = grow(g.cy, int(used))
		g.start[0] = 0
		cr.runParts(phScatter, parts)
	}
	m := len(g.ids)
	cr.sRad = grow(cr.sRad, m)
	cr.sHead = grow(cr.sHead, m)
	cr.sIdle = grow(cr.sIdle, m)
	cr.sSep = grow(cr.sSep, m)
	cr.push = grow(cr.push, m)
	if reorder {
		cr.reorder() // copies the grid-order data as it moves each agent
		return
	}
	cr.run(phGrid, m)
}

// reorder moves the agents into the grid's order: slot k takes grid
// entry k's agent, and the agents left out of the grid (faulted) follow
// in slot order. The grid's entries then name their new slots.
func (cr *Crowd) reorder() {
	g := &cr.grid
	n, m := len(cr.pos), len(g.ids)
	cr.perm = grow(cr.perm, n)
	copy(cr.perm, g.ids)
	if m < n {
		k := m
		for s, f := range cr.fault {
			if f {
				cr.perm[k] = int32(s)
				k++
			}
		}
	}
	cr.pos2 = grow(cr.pos2, n)
	cr.ag2 = grow(cr.ag2, n)
	cr.targetAgent2 = grow(cr.targetAgent2, n)
	cr.path2 = grow(cr.path2, n)
	cr.pathIdx2 = grow(cr.pathIdx2, n)
	cr.fault2 = grow(cr.fault2, n)
	cr.ord2 = grow(cr.ord2, n)
	cr.run(phReorder, n)
	cr.pos, cr.pos2 = cr.pos2, cr.pos
	cr.ag, cr.ag2 = cr.ag2, cr.ag
	cr.targetAgent, cr.targetAgent2 = cr.targetAgent2, cr.targetAgent
	cr.path, cr.path2 = cr.path2, cr.path
	cr.pathIdx, cr.pathIdx2 = cr.pathIdx2, cr.pathIdx
	cr.fault, cr.fault2 = cr.fault2, cr.fault
	cr.ord, cr.ord2 = cr.ord2, cr.ord
}

// reorderRange is reorder's copy for new slots [lo, hi). A slot that is
// a grid entry also gets the entry's grid-order data (gridRange's work,
// done here while the agent is at hand).
func (cr *Crowd) reorderRange(lo, hi int) {
	ids := cr.grid.ids
	for k := lo; k < hi; k++ {
		s := cr.perm[k]
		a := &cr.ag2[k]
		cr.pos2[k], *a = cr.pos[s], cr.ag[s]
		cr.targetAgent2[k], cr.path2[k], cr.pathIdx2[k] = cr.targetAgent[s], cr.path[s], cr.pathIdx[s]
		cr.fault2[k] = cr.fault[s]
		i := cr.ord[s]
		cr.ord2[k], cr.slotOf[i] = i, int32(k)
		if k < len(ids) {
			ids[k] = int32(k)
			cr.sRad[k], cr.sHead[k], cr.sIdle[k], cr.sSep[k] = a.radius, a.heading, a.idle, a.beh&Separating != 0
		}
	}
}

// outRange copies the positions of slots [lo, hi) to out, by agent index.
func (cr *Crowd) outRange(lo, hi int) {
	for s := lo; s < hi; s++ {
		cr.out[cr.ord[s]] = cr.pos[s]
	}
}

// gridRange copies the per-agent data of grid entries [lo, hi) into grid
// order.
func (cr *Crowd) gridRange(lo, hi int) {
	for k, id := range cr.grid.ids[lo:hi] {
		k += lo
		a := &cr.ag[id]
		cr.sRad[k] = a.radius
		cr.sHead[k] = a.heading
		cr.sIdle[k] = a.idle
		cr.sSep[k] = a.beh&Separating != 0
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
func (cr *Crowd) Step(dt float64) error {
	if !(dt > 0) || !mathx.IsFinite(dt) {
		return fmt.Errorf("steer: step dt %v must be finite and > 0", dt)
	}
	cr.stats = Stats{}
	cr.turns = cr.cfg.Feelers.turns()
	n := len(cr.pos)
	cr.share.dt = dt
	// Faults, idle flags, the largest radius and every behaviour in use.
	cr.run(phPrep, n)
	maxR, maxSpeed := 0.0, 0.0
	var all Behaviour
	for _, p := range cr.parts[:chunksOf(n)] {
		maxR = max(maxR, p.maxR)
		maxSpeed = max(maxSpeed, p.maxSpeed)
		all |= p.all
	}
	cfg := &cr.cfg
	// Cells as small as the largest query: separation reach, or the
	// neighbour radius when anyone aligns or coheres.
	cell := 2*maxR + max(cfg.Gap, 0) // >= any contact reach, so 3×3 cells suffice
	if all&(Aligning|Cohering) != 0 {
		cell = max(cell, cfg.NeighbourRadius)
	}
	cr.share.maxR = maxR
	// Two agents can close in by at most both top speeds times dt in the
	// integration (ClampLen keeps a speed within a rounding of its
	// limit; the margin covers it). The force pass's neighbour scan of an
	// agent of radius ri reaches every agent within ri + maxR + Gap of
	// it, so when Gap covers that closing distance, an agent with no
	// neighbour within ri + rk + touch before integration touches none
	// after it: mayTouch records that, and the first contact pass skips
	// the agents that cannot touch (their push would be zero).
	cr.share.touch = 0
	if t := float64(2*maxSpeed*dt*(1+1e-6)) + 1e-9; !cr.allFirst && mathx.IsFinite(t) && t <= cfg.Gap {
		cr.share.touch = t
	}
	cr.mayTouch = grow(cr.mayTouch, n)
	cr.buildGrid(cell, true)
	// Steer in grid order (the agents' own order after the reorder):
	// neighbouring agents are handled together, so their cells stay in
	// cache. Each agent draws its wander from its own random source, so
	// the order does not matter.
	// Without pursuit or evasion no agent reads another's live state
	// (neighbours are read from the grid's copies), so each agent is
	// integrated as soon as it is steered, while its state is in cache.
	cr.share.fused = all&(Pursuing|Evading) == 0
	cr.run(phForces, len(cr.grid.ids))
	if !cr.share.fused {
		cr.run(phIntegrate, n)
	}
	if all&Separating != 0 && cfg.Resolve > 0 {
		cr.buildGrid(cell, false)
		for k := 0; k < cfg.Resolve; k++ {
			m := len(cr.grid.ids)
			cr.nextStamp(k > 0)
			cr.share.firstPass = k == 0
			cr.run(phResolve, m)
			any := false
			for _, p := range cr.parts[:chunksOf(m)] {
				any = any || p.any
			}
			if !any {
				break // no contact left
			}
			cr.run(phApply, m)
		}
	}
	cr.run(phOut, n)
	for k := range cr.ctxs {
		x := &cr.ctxs[k].stats
		cr.stats.Pairs += x.Pairs
		cr.stats.Skipped += x.Skipped
		cr.stats.Faulted += x.Faulted
		*x = Stats{}
	}
	return nil
}

// prepRange checks agents [lo, hi) for faults, sets their idle flags and
// returns their largest radius and behaviours (chunk part p).
func (cr *Crowd) prepRange(c *stepCtx, p *chunkOut, lo, hi int) {
	cfg := &cr.cfg
	ir2 := cfg.IdleRadius * cfg.IdleRadius
	for i := lo; i < hi; i++ {
		a := &cr.ag[i]
		if !cr.pos[i].IsFinite() || !a.vel.IsFinite() {
			cr.fault[i] = true
		}
		if cr.fault[i] {
			c.stats.Faulted++
			a.force = mathx.Vec2{}
			continue
		}
		p.maxR = max(p.maxR, a.radius)
		p.maxSpeed = max(p.maxSpeed, a.maxSpeed)
		p.all |= a.beh
		// Idle agents only yield when contact resolution can push them.
		a.idle = cfg.Resolve > 0 && a.beh&Arriving != 0 && cr.pos[i].DistSq(a.target) < ir2
	}
}

// forceRange steers grid entries [lo, hi).
func (cr *Crowd) forceRange(c *stepCtx, lo, hi int) {
	dt, maxR := cr.share.dt, cr.share.maxR
	fused := cr.share.fused
	for k, id := range cr.grid.ids[lo:hi] {
		cr.mayTouch[id] = true // unless the neighbour scan tells otherwise
		acc := cr.steer(int(id), k+lo, dt, maxR, c)
		cr.ag[id].force = acc.Force()
		if fused {
			cr.integrate(c, int(id), dt) // grid entries are never faulted
		}
	}
}

// integrateRange integrates agents [lo, hi).
func (cr *Crowd) integrateRange(c *stepCtx, lo, hi int) {
	dt := cr.share.dt
	for i := lo; i < hi; i++ {
		if !cr.fault[i] {
			cr.integrate(c, i, dt)
		}
	}
}

// integrate integrates agent i (not faulted) by its force.
func (cr *Crowd) integrate(c *stepCtx, i int, dt float64) {
	a := &cr.ag[i]
	v := a.vel.Add(a.force.Scale(dt)).ClampLen(a.maxSpeed)
	p := cr.pos[i].Add(v.Scale(dt))
	if !v.IsFinite() || !p.IsFinite() {
		cr.fault[i] = true
		a.vel = mathx.Vec2{}
		c.stats.Faulted++
		return
	}
	a.vel, cr.pos[i] = v, p
	if s := length(v); s > 1e-9*max(1, a.maxSpeed) {
		a.heading = v.Scale(1 / s)
	}
}

// resolveRange is one contact-resolution pass (Jacobi) for grid entries
// [lo, hi): each separating entry sums its corrections from every
// overlapping separating neighbour, in the grid's fixed neighbour order,
// from the positions before the pass, into push; it reports whether any
// entry of the range overlapped. An overlapping pair is pushed apart
// along the line between centres, half each, or three quarters to an
// idle agent touching a moving one (idleShare): idle agents step aside.
func (cr *Crowd) resolveRange(p *chunkOut, lo, hi int) {
	g := &cr.grid
	maxR := cr.share.maxR
	prev := cr.share.prevStamp
	first := cr.share.firstPass && cr.share.touch > 0
	for k0 := lo; k0 < hi; k0++ {
		cr.push[k0] = mathx.Vec2{}
		if !cr.sSep[k0] || (first && !cr.mayTouch[g.ids[k0]]) {
			continue
		}
		pk := g.pos[k0]
		rk := cr.sRad[k0]
		idle := cr.sIdle[k0]
		q := rk + maxR
		x0, x1 := g.cellOf(pk.X-q), g.cellOf(pk.X+q)
		y0, y1 := g.cellOf(pk.Y-q), g.cellOf(pk.Y+q)
		if prev != 0 && !cr.movedNear(x0, x1, y0, y1, prev) {
			// Nothing it can touch (itself included) moved in the last
			// pass, which found no contact for it: none now either.
			continue
		}
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
					if int(k) == k0 || !cr.sSep[k] || g.cy[k] != y || g.cx[k] < x0 || g.cx[k] > x1 || (!run && g.cx[k] != x) {
						continue
					}
					rel := pk.Sub(g.pos[k])
					s := rk + cr.sRad[k]
					d2 := rel.LenSq()
					if d2 >= s*s {
						continue
					}
					dist := math.Sqrt(d2)
					var u mathx.Vec2
					if dist > 0 {
						u = rel.Scale(1 / dist)
					} else {
						u = pairDir(int(cr.ord[g.ids[k0]]), int(cr.ord[g.ids[k]]))
					}
					share := 0.5
					if ik := cr.sIdle[k]; ik != idle {
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
		cr.push[k0] = push
	}
}

// applyRange moves grid entries [lo, hi) by their pushes.
// It stamps the bucket of each entry it moves with this pass's stamp
// (every writer of a bucket writes the same value).
func (cr *Crowd) applyRange(lo, hi int) {
	g := &cr.grid
	stamp := cr.share.stamp
	for k := lo; k < hi; k++ {
		if d := cr.push[k]; d != (mathx.Vec2{}) {
			g.pos[k] = g.pos[k].Add(d)
			cr.pos[g.ids[k]] = g.pos[k]
			atomic.StoreUint32(&cr.moved[g.bucketOf(g.cx[k], g.cy[k])], stamp)
		}
	}
}

// nextStamp starts a contact-resolution pass: the buckets its apply
// moves entries in get a new stamp, and with after set the pass skips
// entries whose buckets within reach the last pass left unstamped.
func (cr *Crowd) nextStamp(after bool) {
	s := &cr.share
	s.prevStamp = 0
	if after {
		s.prevStamp = s.stamp
	}
	s.stamp++
	if nb := len(cr.grid.start) - 1; len(cr.moved) != nb || s.stamp == 0 {
		cr.moved = grow(cr.moved, nb)
		clear(cr.moved)
		s.stamp, s.prevStamp = 1, 0
	}
}

// movedNear reports whether a bucket of the cells x0..x1 × y0..y1 holds
// an entry the pass stamped stamp moved.
func (cr *Crowd) movedNear(x0, x1, y0, y1 int32, stamp uint32) bool {
	g := &cr.grid
	for y := y0; y <= y1; y++ {
		if b0, b1, run := g.rowRun(x0, x1, y); run {
			for _, m := range cr.moved[b0 : b1+1] {
				if m == stamp {
					return true
				}
			}
			continue
		}
		for x := x0; x <= x1; x++ {
			if cr.moved[g.bucketOf(x, y)] == stamp {
				return true
			}
		}
	}
	return false
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
	phReorder
	phOut
)

// chunk is the number of agents (or grid entries) in one chunk of a
// pass: fixed, so chunk results never depend on the worker count.
const chunk = 256

func chunksOf(n int) int { return (n + chunk - 1) / chunk }

// chunkOut is one chunk's part of a pass's reductions, combined in chunk
// order.
type chunkOut struct {
	maxR, maxSpeed float64
	all            Behaviour
	any            bool
	_              [32]byte // keep chunks' results on separate cache lines
}

// run runs pass ph over [0, n) in chunks: on the caller's goroutine for
// one worker or fewer than parallelMin items, else on the pool's
// Config.Workers goroutines taking chunks from a shared counter.
func (cr *Crowd) run(ph, n int) {
	chunks := chunksOf(n)
	for len(cr.parts) < chunks {
		cr.parts = append(cr.parts, chunkOut{})
	}
	clear(cr.parts[:chunks])
	if len(cr.ctxs) == 0 {
		cr.ctxs = append(cr.ctxs, stepCtx{})
	}
	if min(max(cr.cfg.Workers, 1), 64) == 1 || n < parallelMin || chunks < 2 {
		for ch := 0; ch < chunks; ch++ {
			cr.runChunk(ph, &cr.ctxs[0], ch, n)
		}
		return
	}
	cr.runPool(ph, n, chunks)
}

// runParts runs pass ph as parts chunks (one per worker, each a whole
// part: chunk ch is part ch) on the workers.
func (cr *Crowd) runParts(ph, parts int) { cr.runPool(ph, 0, parts) }

// runPool runs chunks of pass ph over [0, n) on the pool's workers, each
// taking chunks from the shared counter until none are left.
func (cr *Crowd) runPool(ph, n, chunks int) {
	w := min(max(cr.cfg.Workers, 1), 64)
	if cr.pool == nil {
		cr.pool = workers.New(w)
		cr.workF = cr.work
	}
	for len(cr.ctxs) < w {
		cr.ctxs = append(cr.ctxs, stepCtx{})
	}
	s := &cr.share
	s.ph, s.n, s.chunks = ph, n, chunks
	s.next.Store(0)
	cr.pool.Run(cr.workF)
}

// work is worker k's part of the running pass: chunks from the shared
// counter until none are left.
func (cr *Crowd) work(k int) {
	s := &cr.share
	c := &cr.ctxs[k]
	for {
		ch := int(s.next.Add(1) - 1)
		if ch >= s.chunks {
			return
		}
		cr.runChunk(s.ph, c, ch, s.n)
	}
}

// runChunk runs chunk ch of pass ph over [0, n).
func (cr *Crowd) runChunk(ph int, c *stepCtx, ch, n int) {
	lo, hi := ch*chunk, min((ch+1)*chunk, n)
	switch ph {
	case phPrep:
		cr.prepRange(c, &cr.parts[ch], lo, hi)
	case phCells:
		cr.grid.cells(cr.pos, cr.fault, lo, hi)
	case phCount:
		cr.rangeBase[64+ch] = cr.grid.countRange(ch, cr.share.chunks)
	case phScatter:
		cr.grid.scatterRange(cr.pos, ch, cr.share.chunks, cr.rangeBase[ch])
	case phGrid:
		cr.gridRange(lo, hi)
	case phForces:
		cr.forceRange(c, lo, hi)
	case phIntegrate:
		cr.integrateRange(c, lo, hi)
	case phResolve:
		cr.resolveRange(&cr.parts[ch], lo, hi)
	case phApply:
		cr.applyRange(lo, hi)
	case phReorder:
		cr.reorderRange(lo, hi)
	case phOut:
		cr.outRange(lo, hi)
	}
}

// steer accumulates the behaviours of the agent in slot i (grid entry
// self).
func (cr *Crowd) steer(i, self int, dt, maxR float64, c *stepCtx) (acc Accumulator) {
	cfg := &cr.cfg
	wt := &cfg.Weights
	a := &cr.ag[i]
	b := a.beh
	pos, vel, head := cr.pos[i], a.vel, a.heading
	r, ms, mf := a.radius, a.maxSpeed, a.maxForce
	acc = Accumulator{Mode: cfg.Combine, Max: mf}
	// Velocity-change behaviours (desired − current) become accelerations
	// that close the gap in Response seconds.
	resp := 1 / max(cfg.Response, dt)

	if b&AvoidingWalls != 0 && cfg.Walls != nil {
		f := cfg.Feelers
		reach := max(f.Length, f.SideLength)
		if c.walls == nil {
			// Room for the walls near one agent from the start: a query
			// that finds more than ever before would grow it mid-run.
			c.walls = make([]Segment, 0, 64)
		}
		c.walls = cfg.Walls(mathx.BoxAround(pos, mathx.V2(reach, reach)), c.walls[:0])
		// Non-finite walls (counted) and walls no feeler can reach are
		// dropped; an empty list means no wall near: no feelers to turn.
		if walls := c.nearWalls(pos, reach); len(walls) > 0 && pos.IsFinite() && head.IsFinite() {
			if !c.add(&acc, wallAvoidance(pos, head, walls, f, cr.turns, false), wt.Walls) {
				return acc
			}
		} else if !c.add(&acc, mathx.Vec2{}, wt.Walls) {
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
		sep, headSum, centre, nAlign := cr.neighbourhood(i, self, maxR, b&(Aligning|Cohering) != 0, c)
		if b&Separating != 0 && !c.add(&acc, sep.Scale(mf), wt.Separation) {
			return acc
		}
		if b&(Evading) != 0 && cr.targetAgent[i] >= 0 {
			j := cr.slotOf[cr.targetAgent[i]]
			if !c.add(&acc, Evade(pos, vel, cr.pos[j], cr.ag[j].vel, ms, cfg.PanicDist), wt.Evade*resp) {
				return acc
			}
			b &^= Evading
		}
		if b&Fleeing != 0 {
			if !c.add(&acc, Flee(pos, vel, a.target, ms, cfg.PanicDist), wt.Flee*resp) {
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
	if b&Evading != 0 && cr.targetAgent[i] >= 0 {
		j := cr.slotOf[cr.targetAgent[i]]
		if !c.add(&acc, Evade(pos, vel, cr.pos[j], cr.ag[j].vel, ms, cfg.PanicDist), wt.Evade*resp) {
			return acc
		}
	}
	if b&Fleeing != 0 && !c.add(&acc, Flee(pos, vel, a.target, ms, cfg.PanicDist), wt.Flee*resp) {
		return acc
	}
	if b&Swarming != 0 {
		c.circles = c.circles[:0]
		if cfg.Obstacles != nil {
			h := float64(r * (1 + cfg.Swarm.Range))
			c.circles = cfg.Obstacles(mathx.BoxAround(pos, mathx.V2(h, h)), c.circles)
			c.countBadCircles()
		}
		dir, _ := PushPull(pos, r, a.target, c.circles, cfg.Swarm)
		if !c.add(&acc, dir.Scale(ms).Sub(vel), wt.Swarm*resp) {
			return acc
		}
	}
	if b&Seeking != 0 && !c.add(&acc, Seek(pos, vel, a.target, ms), wt.Seek*resp) {
		return acc
	}
	if b&Arriving != 0 && !c.add(&acc, Arrive(pos, vel, a.target, ms, mf, cfg.ArriveTolerance, dt), wt.Arrive) {
		return acc
	}
	if b&Pursuing != 0 && cr.targetAgent[i] >= 0 {
		j := cr.slotOf[cr.targetAgent[i]]
		if !c.add(&acc, Pursue(pos, vel, cr.pos[j], cr.ag[j].vel, ms), wt.Pursue*resp) {
			return acc
		}
	}
	if b&FollowingPath != 0 && cr.path[i] >= 0 {
		k := cr.path[i]
		pts := cr.paths[cr.pathOff[2*k]:cr.pathOff[2*k+1]]
		f, idx := FollowPath(pos, vel, pts, cr.pathLoop[k], int(cr.pathIdx[i]), cfg.WaypointReach, ms, mf, cfg.ArriveTolerance, dt)
		cr.pathIdx[i] = int32(idx)
		pw := wt.Path
		if cr.pathLoop[k] || idx != len(pts)-1 {
			pw *= resp // seeking a waypoint; the last leg is Arrive's acceleration
		}
		if !c.add(&acc, f, pw) {
			return acc
		}
	}
	if b&Wandering != 0 {
		c.add(&acc, Wander(pos, vel, head, &a.wander, cfg.Wander, ms, &a.rng), wt.Wander*resp)
	}
	return acc
}

// nearWalls drops from c.walls, keeping their order, the walls with
// non-finite ends (counted as skipped) and those whose box is farther
// than reach from pos on either axis (no feeler of that reach can cross
// them; a relative margin keeps any wall a rounding could cross), and
// returns what is left.
func (c *stepCtx) nearWalls(pos mathx.Vec2, reach float64) []Segment {
	m := float64(reach*(1+1e-6)) + 1e-9
	x0, x1, y0, y1 := pos.X-m, pos.X+m, pos.Y-m, pos.Y+m
	out := c.walls[:0]
	for _, s := range c.walls {
		if !s.A.IsFinite() || !s.B.IsFinite() {
			c.stats.Skipped++
			continue
		}
		if min(s.A.X, s.B.X) > x1 || max(s.A.X, s.B.X) < x0 || min(s.A.Y, s.B.Y) > y1 || max(s.A.Y, s.B.Y) < y0 {
			continue
		}
		out = append(out, s)
	}
	return out
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
func (cr *Crowd) neighbourhood(i, self int, maxR float64, flock bool, c *stepCtx) (sep, headSum, posSum mathx.Vec2, count int) {
	g := &cr.grid
	cfg := &cr.cfg
	p := g.pos[self]
	ri := cr.sRad[self]
	idle := cr.sIdle[self]
	invGap := 1 / max(cfg.Gap, 1e-9)
	nr2 := -1.0
	q := ri + maxR + cfg.Gap
	if flock {
		nr2 = cfg.NeighbourRadius * cfg.NeighbourRadius
		q = max(q, cfg.NeighbourRadius)
	}
	x0, x1 := g.cellOf(p.X-q), g.cellOf(p.X+q)
	y0, y1 := g.cellOf(p.Y-q), g.cellOf(p.Y+q)
	pairs := 0
	touch := cr.share.touch
	near := touch == 0 // no bound: the agent may touch anyone
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
				rk := cr.sRad[k]
				if t := ri + rk + touch; d2 < t*t {
					near = true
				}
				reach := ri + rk + cfg.Gap
				if d2 < reach*reach {
					wt := invGap
					if cr.sIdle[k] && !idle {
						wt *= idleSeparation
					}
					dist := math.Sqrt(d2)
					var u mathx.Vec2
					if dist > 0 {
						u = d.Scale(1 / dist)
					} else {
						u = pairDir(int(cr.ord[i]), int(cr.ord[g.ids[k]]))
					}
					sep = sep.Add(u.Scale(wt * (reach - dist)))
				}
				if d2 <= nr2 {
					headSum = headSum.Add(cr.sHead[k])
					posSum = posSum.Add(g.pos[k])
					count++
				}
			}
		}
	}
	c.stats.Pairs += pairs
	cr.mayTouch[i] = near
	return sep, headSum, posSum, count
}
