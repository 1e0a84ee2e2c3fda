package scene

import (
	"diorama/ai/nav"
	"diorama/mathx"
)

// Route walks something the game moves itself (a player's autopilot
// pushing its own controls, a formation's anchor) along a path on a
// world's navigation: each Toward plans when needed and returns the
// direction to go. A character the world may walk should use
// Navigator.MoveTo instead.
//
// It plans again when the goal moved by more than Slack since the last
// plan, when the navigation changed (a door shut, a crate broke), after
// Every calls, or when the way ahead is blocked; between plans it steers
// at the farthest path point in sight (nav.Follower). The zero Route is
// ready to use; it allocates nothing once its path buffer has grown.
type Route struct {
	// Slack is how far the goal may move before a new plan (0: 0.5 world
	// units).
	Slack float64
	// Every, when positive, plans again after that many calls.
	Every int
	// Arrive is the distance to the goal that counts as there (0: 0.1).
	Arrive float64

	f       nav.Follower
	path    []mathx.Vec2
	goal    mathx.Vec2
	version uint64
	calls   int
	planned bool
}

// Toward returns the unit direction from `from` along the path to goal
// on n, and false when there is nowhere to go: arrived, or no path.
func (r *Route) Toward(n *Navigation, from, goal mathx.Vec2) (mathx.Vec2, bool) {
	slack := r.Slack
	if slack <= 0 {
		slack = 0.5
	}
	r.f.Arrive = r.Arrive
	if r.f.Arrive <= 0 {
		r.f.Arrive = 0.1
	}
	r.calls++
	if !r.planned || r.goal.Dist(goal) > slack || r.version != n.Version() || r.Every > 0 && r.calls > r.Every {
		r.plan(n, from, goal)
	}
	t, st := r.f.Update(from, n.Clear)
	if st == nav.Blocked && r.calls > 1 {
		r.plan(n, from, goal) // something moved into the way
		t, st = r.f.Update(from, n.Clear)
	}
	if st == nav.Blocked {
		// Nothing on the path in sight: off the floor's clearance (pressed
		// against a wall), so head for the path's first point, where the
		// plan put the start back on the floor.
		for _, q := range r.path {
			if q.Dist(from) > 1e-6 {
				return q.Sub(from).Unit(), true
			}
		}
	}
	if st != nav.Moving {
		return mathx.Vec2{}, false
	}
	return t.Sub(from).Unit(), true
}

// routeRoom is how many path points a Route makes room for at first.
const routeRoom = 128

// Path returns the path being followed (it belongs to the route).
func (r *Route) Path() []mathx.Vec2 { return r.f.Path() }

func (r *Route) plan(n *Navigation, from, goal mathx.Vec2) {
	if !r.planned {
		// Room for any path of a game-sized map up front, in the route
		// and in the follower's copy, so planning does not allocate later.
		r.path = make([]mathx.Vec2, routeRoom)
		r.f.SetPath(r.path)
	}
	r.goal, r.version, r.calls, r.planned = goal, n.Version(), 0, true
	var err error
	if r.path, err = n.Path(from, goal, r.path); err != nil {
		r.path = r.path[:0]
	}
	r.f.SetPath(r.path)
}
