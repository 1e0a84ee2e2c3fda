package nav

import "diorama/mathx"

// PathRequest is one queued grid path query.
type PathRequest struct {
	ID       int         // the caller's tag, handed back to done
	From, To mathx.Point // start and goal cells
}

// PathQueue plans grid paths for many agents under a per-tick budget of
// node expansions, so a crowd asking for paths at once never stalls a
// frame: Update runs searches first-in, first-out, pausing the one in
// flight when the budget runs out and resuming it next tick (in the manner
// of Detour's path queue and sliced search). It allocates nothing in
// steady state.
type PathQueue struct {
	grid   *Grid
	s      Searcher
	reqs   []PathRequest
	head   int
	active bool
	cur    PathRequest
	buf    []mathx.Point
}

// NewPathQueue returns an empty queue planning on g.
func NewPathQueue(g *Grid) *PathQueue { return &PathQueue{grid: g} }

// Push queues a request.
func (q *PathQueue) Push(id int, from, to mathx.Point) {
	if q.head == len(q.reqs) {
		q.reqs, q.head = q.reqs[:0], 0
	}
	q.reqs = append(q.reqs, PathRequest{id, from, to})
}

// Pending returns how many requests are queued or in flight.
func (q *PathQueue) Pending() int {
	n := len(q.reqs) - q.head
	if q.active {
		n++
	}
	return n
}

// Update spends at most budget node expansions (budget > 0) and calls done
// for every request that finished, with its path (valid only during the
// call) or its error. It returns the expansions spent.
func (q *PathQueue) Update(budget int, done func(id int, path []mathx.Point, err error)) int {
	spent := 0
	for spent < budget {
		if !q.active {
			if q.head == len(q.reqs) {
				break
			}
			q.cur = q.reqs[q.head]
			q.head++
			if err := q.s.BeginGrid(q.grid, q.cur.From, q.cur.To, false); err != nil {
				done(q.cur.ID, nil, err)
				continue
			}
			q.active = true
		}
		before := q.s.expanded
		fin := q.s.Step(budget - spent)
		used := q.s.expanded - before
		spent += used
		if fin {
			var err error
			q.buf, _, err = q.s.GridResult(q.buf)
			q.active = false
			done(q.cur.ID, q.buf, err)
		} else if used == 0 {
			break
		}
	}
	return spent
}

// MeshRequest is one queued navmesh corridor query.
type MeshRequest struct {
	ID       int        // the caller's tag, handed back to done
	From, To mathx.Vec2 // start and goal in world units
}

// MeshQueue is PathQueue for a navmesh: it plans polygon corridors first
// in, first out under a per-tick expansion budget. Feed each finished
// corridor to Mesh.Portals and Funnel (or Mesh.Waypoints).
type MeshQueue struct {
	mesh   *Mesh
	s      Searcher
	reqs   []MeshRequest
	head   int
	active bool
	cur    MeshRequest
	buf    []int
}

// NewMeshQueue returns an empty queue planning on m.
func NewMeshQueue(m *Mesh) *MeshQueue { return &MeshQueue{mesh: m} }

// Push queues a request.
func (q *MeshQueue) Push(id int, from, to mathx.Vec2) {
	if q.head == len(q.reqs) {
		q.reqs, q.head = q.reqs[:0], 0
	}
	q.reqs = append(q.reqs, MeshRequest{id, from, to})
}

// Pending returns how many requests are queued or in flight.
func (q *MeshQueue) Pending() int {
	n := len(q.reqs) - q.head
	if q.active {
		n++
	}
	return n
}

// Update spends at most budget polygon expansions (budget > 0) and calls
// done for every request that finished, with its corridor (valid only
// during the call) or its error. It returns the expansions spent.
func (q *MeshQueue) Update(budget int, done func(id int, corridor []int, err error)) int {
	spent := 0
	for spent < budget {
		if !q.active {
			if q.head == len(q.reqs) {
				break
			}
			q.cur = q.reqs[q.head]
			q.head++
			a, b := q.mesh.PolyAt(q.cur.From), q.mesh.PolyAt(q.cur.To)
			switch {
			case a < 0 || b < 0:
				done(q.cur.ID, nil, ErrBlocked)
				continue
			case a == b:
				q.buf = append(q.buf[:0], a)
				done(q.cur.ID, q.buf, nil)
				continue
			}
			if err := q.s.BeginGraph(q.mesh.graph, a, b); err != nil {
				done(q.cur.ID, nil, err)
				continue
			}
			q.active = true
		}
		before := q.s.expanded
		fin := q.s.Step(budget - spent)
		used := q.s.expanded - before
		spent += used
		if fin {
			var err error
			q.buf, _, err = q.s.GraphResult(q.buf)
			q.active = false
			done(q.cur.ID, q.buf, err)
		} else if used == 0 {
			break
		}
	}
	return spent
}
