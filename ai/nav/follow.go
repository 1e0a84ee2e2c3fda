package nav

import (
	"math"

	"diorama/mathx"
)

// LookAhead is reactive path following (Left 4 Dead style): it scans the path from its last point back to index from
// and returns the first point visible from pos (see is typically a swept
// circle of the agent's radius), or -1 when none is. MaxLook, when
// positive, limits how far past from the scan starts.
func LookAhead(pos mathx.Vec2, path []mathx.Vec2, from, maxLook int, see ClearFunc) int {
	if from < 0 {
		from = 0
	}
	last := len(path) - 1
	if maxLook > 0 && from+maxLook < last {
		last = from + maxLook
	}
	for i := last; i >= from; i-- {
		if see(pos, path[i]) {
			return i
		}
	}
	return -1
}

// FollowStatus is what a Follower tells its agent each tick.
type FollowStatus uint8

// The follow states.
const (
	// Moving: steer toward the returned target.
	Moving FollowStatus = iota
	// Arrived: the agent is within Arrive of the path's end.
	Arrived
	// Blocked: no remaining path point is visible, or the agent stands on
	// the last visible one short of the end (something moved into the
	// way, or there is no path): plan again.
	Blocked
)

// Follower walks an agent along a path: each Update steers at the
// farthest visible path point, never going back, and reports arrival or a
// blocked path that needs re-planning.
type Follower struct {
	// Arrive is the arrival radius around the last point.
	Arrive float64
	// MaxLook limits how many points ahead each scan starts (0: all).
	MaxLook int
	path    []mathx.Vec2
	next    int
}

// SetPath replaces the path (copied into the follower's own buffer).
func (f *Follower) SetPath(p []mathx.Vec2) {
	f.path = append(f.path[:0], p...)
	f.next = 0
}

// Path returns the current path. The slice belongs to the follower.
func (f *Follower) Path() []mathx.Vec2 { return f.path }

// Update returns the point to steer at from pos and the follow status.
func (f *Follower) Update(pos mathx.Vec2, see ClearFunc) (mathx.Vec2, FollowStatus) {
	if len(f.path) == 0 {
		return pos, Blocked
	}
	end := f.path[len(f.path)-1]
	if pos.Dist(end) <= f.Arrive {
		return end, Arrived
	}
	j := LookAhead(pos, f.path, f.next, f.MaxLook, see)
	if j < 0 {
		return pos, Blocked
	}
	f.next = j
	if pos.Dist(f.path[j]) <= 1e-9*math.Max(1, math.Abs(pos.X)+math.Abs(pos.Y)) {
		// Standing on the farthest visible point, short of the end: the
		// rest of the path is cut off. (Near it is not enough: a corner
		// of the path can hide the next leg until the agent is on it.)
		return pos, Blocked
	}
	return f.path[j], Moving
}
