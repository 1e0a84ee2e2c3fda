package scene

import (
	"errors"
	"fmt"

	"diorama/ai/steer"
	"diorama/mathx"
)

// A World can own a steering crowd (package ai/steer): characters put
// under its steering move by separation, wall avoidance, arrival, wander,
// pursuit and the rest without the game copying anything between worlds.
// In each Step, after MoveTo's movers get their velocities and before
// physics, the world hands every steered character's position to the
// crowd (steer.Crowd.SetPos), steps the crowd, and gives each body the
// velocity that carries it to where its agent went in one tick; physics
// then integrates it against walls and other bodies, and the next tick's
// steering starts from where physics left it. The crowd keeps its own
// steering velocity (what the behaviours accelerate), so a character
// pressed against a wall keeps trying to go where it wanted.

// ErrNoCrowd is returned by Crowd.AddPath, and is the cause the other
// steering methods panic with, in a World without a crowd (Crowd.Enable).
var ErrNoCrowd = errors.New("scene: the world has no crowd (Crowd.Enable)")

// crowdState is the world's steering crowd and its bookkeeping.
type crowdState struct {
	c *steer.Crowd
	// agentOf holds, by entity slot, the slot's agent index + 1 (0: not
	// steered); slot and from are by agent index: its entity slot, and
	// the position handed to the crowd for this tick's step.
	agentOf []int32
	slot    []int32
	from    []mathx.Vec2
	walls   wallIndex
	ownWall bool // the crowd's walls are the world's physics walls
	// ahead is set when the crowd already took this tick's step
	// (Crowd.StepAhead); the async fields run Crowd.StepAhead on another goroutine.
	ahead     bool
	asyncReq  chan struct{}
	asyncDone chan struct{}
	asyncBusy bool
	handFn    func(k, lo, hi int) // handRange, made once
}

// enableCrowd gives the world a steering crowd configured by cfg
// (steer.DefaultConfig is a good start). When cfg.Walls is nil, the
// crowd's walls are the physics world's walls (their exposed faces;
// walls added later are picked up on the next step); solid objects and
// other static bodies are left to physics. cfg.Workers > 1 runs the
// steering force pass on that many goroutines (bit-identical results;
// World.Close stops them). A world has at most one crowd.
func (w *World) enableCrowd(cfg steer.Config) error {
	if w.crowd != nil {
		return errors.New("scene: the world already has a crowd")
	}
	cr := &crowdState{}
	if cfg.Walls == nil {
		cfg.Walls = cr.walls.query
		cr.ownWall = true
	}
	if w.workers > 0 {
		cfg.Workers = w.workers
	}
	cr.c = steer.NewCrowd(cfg)
	w.crowd = cr
	return nil
}

// crowdConfig returns the crowd's configuration (zero without a crowd).
func (w *World) crowdConfig() steer.Config {
	if w.crowd == nil {
		return steer.Config{}
	}
	return w.crowd.c.Config()
}

// crowdStats returns what the crowd's last step did (neighbour tests,
// faulted agents, skipped walls).
func (w *World) crowdStats() steer.Stats {
	if w.crowd == nil {
		return steer.Stats{}
	}
	w.crowd.wait()
	return w.crowd.c.Stats()
}

// steered reports whether e is under the crowd's steering.
func (w *World) steered(e Entity) bool {
	_, ok := w.agentOf(e)
	return ok
}

// agentOf returns e's agent index.
func (w *World) agentOf(e Entity) (int, bool) {
	i, ok := w.slotOf(e)
	if !ok || w.crowd == nil {
		return 0, false
	}
	return w.crowd.agent(i)
}

// agent returns slot i's agent index, and whether it is steered.
func (cr *crowdState) agent(i int) (int, bool) {
	if i >= len(cr.agentOf) || cr.agentOf[i] == 0 {
		return 0, false
	}
	return int(cr.agentOf[i]) - 1, true
}

// steerable returns e's slot and the crowd, or why e cannot be steered.
func (w *World) steerable(e Entity) (int, *crowdState, error) {
	i, ok := w.slotOf(e)
	if !ok {
		return 0, nil, ErrStale
	}
	if w.crowd == nil {
		return 0, nil, ErrNoCrowd
	}
	if w.kind[i] != Character {
		return 0, nil, fmt.Errorf("scene: cannot steer a %s", w.kind[i])
	}
	w.crowd.wait()
	return i, w.crowd, nil
}

// setSteering puts character e under the crowd's steering, or changes
// how it is steered: a gives its limits (MaxSpeed, MaxForce), behaviours,
// target point and path (from Crowd.AddPath). The agent's position and
// velocity are the character's own (a.Pos and a.Vel are ignored); a zero
// a.Radius takes the character's radius; a.Path counts only with
// FollowingPath (else none); a.TargetAgent is ignored (use
// Crowd.SetPursuit, which names an entity). From the next Step on, the
// crowd sets the character's velocity each tick (overriding SetVelocity
// and MoveTo). Invalid values are an error and change nothing.
func (w *World) setSteering(e Entity, a steer.Agent) error {
	i, cr, err := w.steerable(e)
	if err != nil {
		return err
	}
	a.Pos, a.Vel = w.pos[i].XY(), w.vel[i]
	if a.Radius == 0 {
		a.Radius = w.radius[i]
	}
	a.TargetAgent = -1
	if a.Behaviours&steer.FollowingPath == 0 {
		a.Path = -1
	}
	if k, ok := cr.agent(i); ok {
		a.TargetAgent = cr.c.Agent(k).TargetAgent // kept: set by Crowd.SetPursuit
		return cr.c.Set(k, a)
	}
	k, err := cr.c.Add(a)
	if err != nil {
		return err
	}
	for len(cr.agentOf) < len(w.state) {
		cr.agentOf = append(cr.agentOf, 0)
	}
	cr.agentOf[i] = int32(k + 1)
	cr.slot = append(cr.slot, int32(i))
	cr.from = append(cr.from, a.Pos)
	return nil
}

// stopSteering takes e out of the crowd (removing it from the world
// does too); its velocity stays what the crowd last gave it. An entity
// that is not steered is left alone.
func (w *World) stopSteering(e Entity) error {
	i, _, err := w.steerable(e)
	if err != nil {
		return err
	}
	w.dropAgent(i)
	return nil
}

// setSteerTarget moves e's target point (Seeking, Arriving, Fleeing,
// Swarming). A non-finite target is refused.
func (w *World) setSteerTarget(e Entity, p mathx.Vec2) error {
	k, err := w.steeredAgent(e)
	if err != nil {
		return err
	}
	return w.crowd.c.SetTarget(k, p)
}

// setSteerBehaviours switches e's behaviours.
func (w *World) setSteerBehaviours(e Entity, b steer.Behaviour) error {
	k, err := w.steeredAgent(e)
	if err != nil {
		return err
	}
	w.crowd.c.SetBehaviours(k, b)
	return nil
}

// setSteerPursuit sets the entity e pursues or evades (Pursuing, Evading):
// another steered character, or a nil Entity for none. When the target
// leaves the crowd, e's pursuit ends.
func (w *World) setSteerPursuit(e, target Entity) error {
	k, err := w.steeredAgent(e)
	if err != nil {
		return err
	}
	j := -1
	if target != (Entity{}) {
		var ok bool
		if j, ok = w.agentOf(target); !ok {
			return fmt.Errorf("scene: pursuit target is not steered")
		}
	}
	return w.crowd.c.SetTargetAgent(k, j)
}

// addSteerPath stores a copy of a waypoint path for steer.Agent.Path
// (FollowingPath) and returns its id. Empty or non-finite paths are
// refused.
func (w *World) addSteerPath(pts []mathx.Vec2, loop bool) (int, error) {
	if w.crowd == nil {
		return -1, ErrNoCrowd
	}
	w.crowd.wait()
	return w.crowd.c.AddPath(pts, loop)
}

// steeredAgent returns steered e's agent index.
func (w *World) steeredAgent(e Entity) (int, error) {
	i, cr, err := w.steerable(e)
	if err != nil {
		return 0, err
	}
	k, ok := cr.agent(i)
	if !ok {
		return 0, fmt.Errorf("scene: %q is not steered (Crowd.Steer)", w.name[i])
	}
	return k, nil
}

// dropAgent removes slot i's agent, if any: the last agent takes its
// index.
func (w *World) dropAgent(i int) {
	cr := w.crowd
	if cr == nil {
		return
	}
	k, ok := cr.agent(i)
	if !ok {
		return
	}
	cr.wait()
	cr.agentOf[i] = 0
	last, _ := cr.c.Remove(k) // k is in range
	if last != k {
		cr.slot[k], cr.from[k] = cr.slot[last], cr.from[last]
		cr.agentOf[cr.slot[k]] = int32(k + 1)
	}
	cr.slot, cr.from = cr.slot[:last], cr.from[:last]
}

// steerAhead takes the crowd's step of the next Step now, from the
// positions the characters have now; the next Step then only hands out
// its velocities. It reads the world's positions and writes only the
// crowd, so it may run on another goroutine while the world is drawn
// (World.Render) or read, but alongside nothing that changes the world
// (Crowd.StepAsync runs it so). The outcome is bit-identical to letting Step
// steer, as long as nothing moves or re-steers a character between
// steerAhead and that Step (tasks included: they run before steering):
// such changes are seen one tick later.
func (w *World) steerAhead() {
	cr := w.crowd
	if cr == nil || cr.ahead {
		return
	}
	w.stepCrowd(false)
	cr.ahead = true
}

// steerAsync starts Crowd.StepAhead on the world's own goroutine and returns
// at once; the next Step (and the steering methods, StateHash, Remove of
// a steered entity and Close) waits for it. Call it after a Step, then
// only read and draw the world until the next Step (creating, moving or
// removing entities meanwhile would race with it): with 2 cores the
// crowd's step then costs no frame time. World.Close stops the
// goroutine.
func (w *World) steerAsync() {
	cr := w.crowd
	if cr == nil || cr.ahead || cr.asyncBusy {
		return
	}
	if cr.asyncReq == nil {
		cr.asyncReq, cr.asyncDone = make(chan struct{}), make(chan struct{})
		go func(req, done chan struct{}) {
			for range req {
				w.steerAhead()
				done <- struct{}{}
			}
		}(cr.asyncReq, cr.asyncDone)
	}
	cr.asyncBusy = true
	cr.asyncReq <- struct{}{}
}

// wait waits for a Crowd.StepAsync in progress.
func (cr *crowdState) wait() {
	if cr.asyncBusy {
		<-cr.asyncDone
		cr.asyncBusy = false
	}
}

// SetWorkers sets how many goroutines the world's Step may use: the
// physics' (bullet sweeps and the per-entity passes, as
// physics.Space.SetWorkers) and the crowd's steering (as
// steer.Config.Workers, now and for a crowd enabled later). n < 1 counts
// as 1. The state after any number of ticks, and so StateHash, is the
// same for any count. Call it between ticks.
func (w *World) SetWorkers(n int) {
	n = max(n, 1)
	w.workers = n
	w.Phys.SetWorkers(n)
	if cr := w.crowd; cr != nil {
		cr.wait()
		cr.c.SetWorkers(n)
	}
}

// Close stops the goroutines the world started: the physics workers
// (physics.Space.Close), the crowd's force-pass workers and Crowd.StepAsync's.
// The world stays usable; stepping starts the workers again.
//
// Restarting a level: build a new World (level.Load, level.LoadTiled...) and
// Close the one it replaces, so that its workers do not stay parked for
// the rest of the run; a View is pointed at the new one with NewView (see
// examples/newcomer).
func (w *World) Close() {
	w.Phys.Close()
	if cr := w.crowd; cr != nil {
		cr.wait()
		if cr.asyncReq != nil {
			close(cr.asyncReq)
			cr.asyncReq, cr.asyncDone = nil, nil
		}
		cr.c.Close()
	}
}

// stepCrowd hands the steered characters' positions to the crowd and
// steps it. Inside Step (par) the hand-over runs on the physics'
// workers; SteerAhead, which may run beside the caller's goroutine, keeps
// it on its own.
func (w *World) stepCrowd(par bool) {
	cr := w.crowd
	if cr.ownWall && cr.walls.walls != w.Phys.WallCount() {
		cr.walls.build(w.Phys)
	}
	if par {
		if cr.handFn == nil {
			cr.handFn = w.handRange
		}
		w.Phys.Parallel(len(cr.slot), cr.handFn)
	} else {
		w.handRange(0, 0, len(cr.slot))
	}
	_ = cr.c.Step(w.dt) // dt is finite and > 0
}

// handRange hands agents [lo, hi) their characters' positions; each
// agent's writes are its own (from, and the crowd's SetPos).
func (w *World) handRange(_, lo, hi int) {
	cr := w.crowd
	slots, from, pos := cr.slot[lo:hi], cr.from[lo:hi], w.pos
	from = from[:len(slots)]
	for o, i := range slots {
		p := pos[i].XY()
		from[o] = p
		cr.c.SetPos(lo+o, p)
	}
}

// steerCrowd is Step's steering: the crowd steps (unless Crowd.StepAhead did
// already) and each live steered character gets the velocity that
// carries it to its agent's new position in one tick.
func (w *World) steerCrowd() {
	cr := w.crowd
	if cr == nil {
		return
	}
	cr.wait()
	if !cr.ahead {
		w.stepCrowd(true)
	}
	cr.ahead = false
	w.Phys.Parallel(len(cr.slot), w.agentVelFn)
}

// agentVelRange gives the live steered characters of agents [lo, hi)
// the velocity that carries each to its agent's new position in a tick.
func (w *World) agentVelRange(_, lo, hi int) {
	cr := w.crowd
	inv := 1 / w.dt
	// The agents' columns as local slices of one length: no bounds
	// checks or reloads of the slice headers after the velocity stores.
	slots, from, pos := cr.slot[lo:hi], cr.from[lo:hi], cr.c.Positions()[lo:hi]
	from, pos = from[:len(slots)], pos[:len(slots)]
	state, vel := w.state, w.vel
	for o, i := range slots {
		if state[i] != stLive {
			continue // pending creation: it joins physics at the end of the tick
		}
		if v := pos[o].Sub(from[o]).Scale(inv); v.IsFinite() {
			vel[i] = v
		}
	}
}

// hashCrowd adds the crowd's bookkeeping to the state hash: which entity
// each agent steers and how (its behaviours, target, pursuit and path).
func (w *World) hashCrowd(h *fnv) {
	cr := w.crowd
	if cr == nil {
		return
	}
	cr.wait()
	h.u64(uint64(len(cr.slot)))
	for k, i := range cr.slot {
		a := cr.c.Agent(k)
		h.u64(uint64(i)<<32 | uint64(a.Behaviours))
		h.v2(a.Target)
		h.u64(uint64(uint32(int32(a.TargetAgent)))<<32 | uint64(uint32(int32(a.Path))))
		h.f64(a.Radius)
		h.f64(a.MaxSpeed)
		h.f64(a.MaxForce)
	}
}
