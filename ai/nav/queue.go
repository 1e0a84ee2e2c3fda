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
	grid *Grid
	q    requestQueue[PathRequest]
	buf  []mathx.Point
}

// NewPathQueue returns an empty queue planning on g.
func NewPathQueue(g *Grid) *PathQueue { return &PathQueue{grid: g} }

// Push queues a request.
func (q *PathQueue) Push(id int, from, to mathx.Point) {
	q.q.push(PathRequest{id, from, to})
}

// Pending returns how many requests are queued or in flight.
func (q *PathQueue) Pending() int { return q.q.pending() }

// Update spends at most budget node expansions (budget > 0) and calls done
// for every request that finished, with its path (valid only during the
// call) or its error. It returns the expansions spent.
func (q *PathQueue) Update(budget int, done func(id int, path []mathx.Point, err error)) int {
	s := &q.q.s
	return q.q.run(budget, func(r PathRequest) bool {
		if err := s.BeginGrid(q.grid, r.From, r.To, false); err != nil {
			done(r.ID, nil, err)
			return false
		}
		return true
	}, func(r PathRequest) {
		var err error
		q.buf, _, err = s.GridResult(q.buf)
		done(r.ID, q.buf, err)
	})
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
	mesh *Mesh
	q    requestQueue[MeshRequest]
	buf  []int
}

// NewMeshQueue returns an empty queue planning on m.
func NewMeshQueue(m *Mesh) *MeshQueue { return &MeshQueue{mesh: m} }

// Push queues a request.
func (q *MeshQueue) Push(id int, from, to mathx.Vec2) {
	q.q.push(MeshRequest{id, from, to})
}

// Pending returns how many requests are queued or in flight.
func (q *MeshQueue) Pending() int { return q.q.pending() }

// Update spends at most budget polygon expansions (budget > 0) and calls
// done for every request that finished, with its corridor (valid only
// during the call) or its error. It returns the expansions spent.
func (q *MeshQueue) Update(budget int, done func(id int, corridor []int, err error)) int {
	s := &q.q.s
	return q.q.run(budget, func(r MeshRequest) bool {
		a, b := q.mesh.PolyAt(r.From), q.mesh.PolyAt(r.To)
		switch {
		case a < 0 || b < 0:
			done(r.ID, nil, ErrBlocked)
			return false
		case a == b:
			q.buf = append(q.buf[:0], a)
			done(r.ID, q.buf, nil)
			return false
		}
		if err := s.BeginGraph(q.mesh.graph, a, b); err != nil {
			done(r.ID, nil, err)
			return false
		}
		return true
	}, func(r MeshRequest) {
		var err error
		q.buf, _, err = s.GraphResult(q.buf)
		done(r.ID, q.buf, err)
	})
}

// requestQueue is the first-in, first-out, budgeted stepping that
// PathQueue and MeshQueue share; R is their request type.
type requestQueue[R any] struct {
	s      Searcher
	reqs   []R
	head   int
	active bool // a search for cur is in flight
	cur    R
}

func (q *requestQueue[R]) push(r R) {
	if q.head == len(q.reqs) {
		q.reqs, q.head = q.reqs[:0], 0
	}
	q.reqs = append(q.reqs, r)
}

func (q *requestQueue[R]) pending() int {
	n := len(q.reqs) - q.head
	if q.active {
		n++
	}
	return n
}

// run spends at most budget expansions on the queued requests in order.
// begin starts the searcher on a request and reports true, or answers
// the request itself and reports false; finish answers a request whose
// search has ended. It returns the expansions spent.
func (q *requestQueue[R]) run(budget int, begin func(R) bool, finish func(R)) int {
	spent := 0
	for spent < budget {
		if !q.active {
			if q.head == len(q.reqs) {
				break
			}
			q.cur = q.reqs[q.head]
			q.head++
			if !begin(q.cur) {
				continue
			}
			q.active = true
		}
		before := q.s.expanded
		fin := q.s.Step(budget - spent)
		used := q.s.expanded - before
		spent += used
		if fin {
			q.active = false
			finish(q.cur)
		} else if used == 0 {
			break
		}
	}
	return spent
}
