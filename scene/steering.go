package scene

import (
	"diorama/ai/steer"
	"diorama/mathx"
)

// Crowd is the world's steering crowd (an ai/steer Crowd the world owns
// and steps), reached with [World.Crowd]: Enable gives the world one,
// Steer puts a character under it and changes how it is steered
// (SetTarget, SetBehaviours, SetPursuit, AddPath), Stop takes it out;
// StepAhead and StepAsync take the next tick's steering while a frame is
// drawn. A Crowd is a handle to the world's own state, free to copy. Its
// setters follow the package's error contract: a stale handle does
// nothing, and a value the crowd cannot use (not finite, out of range, an
// entity that is not a steered character, no crowd enabled) panics with
// a message naming the method.
type Crowd struct{ w *World }

// Crowd returns the world's steering crowd.
func (w *World) Crowd() Crowd { return Crowd{w} }

// Enable gives the world a steering crowd configured by cfg
// (steer.DefaultConfig is a good start). When cfg.Walls is nil, the
// crowd's walls are the physics world's walls (their exposed faces;
// walls added later are picked up on the next step); solid objects and
// other static bodies are left to physics. cfg.Workers > 1 runs the
// steering force pass on that many goroutines (bit-identical results;
// World.Close stops them). A world has at most one crowd: enabling it
// twice panics.
func (c Crowd) Enable(cfg steer.Config) { must("Crowd.Enable", c.w.enableCrowd(cfg)) }

// Config returns the crowd's configuration (zero without a crowd).
func (c Crowd) Config() steer.Config { return c.w.crowdConfig() }

// Stats returns what the crowd's last step did (neighbour tests, faulted
// agents, skipped walls).
func (c Crowd) Stats() steer.Stats { return c.w.crowdStats() }

// Steered reports whether e is under the crowd's steering.
func (c Crowd) Steered(e Entity) bool { return c.w.steered(e) }

// Steer puts character e under the crowd's steering, or changes how it
// is steered: a gives its limits (MaxSpeed, MaxForce), behaviours,
// target point and path (from AddPath). The agent's position and
// velocity are the character's own (a.Pos and a.Vel are ignored); a zero
// a.Radius takes the character's radius; a.Path counts only with
// FollowingPath (else none); a.TargetAgent is ignored (use SetPursuit,
// which names an entity). From the next Step on, the crowd sets the
// character's velocity each tick (overriding SetVelocity and MoveTo).
func (c Crowd) Steer(e Entity, a steer.Agent) { must("Crowd.Steer", c.w.setSteering(e, a)) }

// Stop takes e out of the crowd (removing it from the world does too);
// its velocity stays what the crowd last gave it. An entity that is not
// steered is left alone.
func (c Crowd) Stop(e Entity) {
	if c.w.crowd != nil {
		must("Crowd.Stop", c.w.stopSteering(e))
	}
}

// SetTarget moves e's target point (Seeking, Arriving, Fleeing,
// Swarming).
func (c Crowd) SetTarget(e Entity, p mathx.Vec2) {
	must("Crowd.SetTarget", c.w.setSteerTarget(e, p))
}

// SetBehaviours switches e's behaviours.
func (c Crowd) SetBehaviours(e Entity, b steer.Behaviour) {
	must("Crowd.SetBehaviours", c.w.setSteerBehaviours(e, b))
}

// SetPursuit sets the entity e pursues or evades (Pursuing, Evading):
// another steered character, or a nil Entity for none. When the target
// leaves the crowd, e's pursuit ends.
func (c Crowd) SetPursuit(e, target Entity) {
	must("Crowd.SetPursuit", c.w.setSteerPursuit(e, target))
}

// AddPath stores a copy of a waypoint path for steer.Agent.Path
// (FollowingPath) and returns its id. An empty or non-finite path, or a
// world without a crowd, is an error.
func (c Crowd) AddPath(pts []mathx.Vec2, loop bool) (int, error) {
	return c.w.addSteerPath(pts, loop)
}

// StepAhead takes the crowd's step of the next Step now, from the
// positions the characters have now; the next Step then only hands out
// its velocities. It reads the world's positions and writes only the
// crowd, so it may run on another goroutine while the world is drawn
// (World.Render) or read, but alongside nothing that changes the world
// (StepAsync runs it so). The outcome is bit-identical to letting Step
// steer, as long as nothing moves or re-steers a character between
// StepAhead and that Step (tasks included: they run before steering):
// such changes are seen one tick later.
func (c Crowd) StepAhead() { c.w.steerAhead() }

// StepAsync starts StepAhead on the world's own goroutine and returns at
// once; the next Step (and the crowd's methods, StateHash, Remove of a
// steered entity and Close) waits for it. Call it after a Step, then
// only read and draw the world until the next Step (creating, moving or
// removing entities meanwhile would race with it): with 2 cores the
// crowd's step then costs no frame time. World.Close stops the
// goroutine.
func (c Crowd) StepAsync() { c.w.steerAsync() }
