// Package steer moves autonomous agents with Reynolds-style steering
// forces: seek, flee, arrive, pursue, evade, wander, path following, wall
// avoidance with feelers, obstacle avoidance against circles, the flocking
// trio (separation, alignment, cohesion) and a push/pull swarm avoidance
// (obstacles push, the target pulls harder the more obstacles push).
// Forces are combined by weighted sum or by priority with truncation, and
// limited by a maximum force and a maximum speed.
//
// There are two layers. The behaviour functions ([Seek], [Arrive],
// [WallAvoidance], [PushPull], ...) are pure: vectors in, one force out,
// no state, no allocation. [Crowd] stores many agents (the state every
// step touches in one struct per agent), finds neighbours through a
// uniform spatial hash grid rebuilt each tick (so separation among N
// agents costs near-linear time), combines the behaviours each agent has
// switched on, and integrates them with semi-implicit Euler. Each agent
// wanders with its own seeded random source, and every pass of a Step
// runs over fixed chunks of agents on up to Config.Workers goroutines,
// so positions are bit-identical for any worker count. After
// integration, a few contact-resolution passes push overlapping
// separating agents apart (idle, arrived agents step aside for moving
// ones), which bounds the overlap that steering alone cannot when a crowd
// presses together. Stepping a Crowd allocates nothing
// once it has been stepped once.
//
// Units: agents have unit mass, so a force is an acceleration; speeds are
// world units per second; dt is seconds. The "desired − current velocity"
// behaviours (seek, flee, pursue, evade, wander, path seeking) return a
// velocity change; the Crowd turns it into an acceleration by dividing by
// Config.Response. Arrive and the avoidances return accelerations.
//
// Non-finite numbers: every behaviour function returns the zero vector when
// its inputs are NaN or infinite, so a NaN never comes out of this
// package. The Crowd does not hide such faults: an agent whose state
// becomes non-finite is frozen and flagged ([Crowd.Faulted]), rejected
// inputs are refused with an error, and walls or obstacles with non-finite
// coordinates returned by the world queries are skipped and counted in
// [Stats].
//
// World knowledge comes in only through the function types [WallQuery] and
// [ObstacleQuery]. A world that owns its agents' positions (scene.World
// owns a Crowd: Crowd.Enable, Crowd.Steer) hands them over with
// [Crowd.SetPos] before each Step, reads the results, and drops agents
// with [Crowd.Remove]. Package steer imports only mathx, internal/workers
// (the goroutines of a Step's passes) and the standard library; it must
// NOT import physics, scene, raster or any other engine
// package.
package steer
