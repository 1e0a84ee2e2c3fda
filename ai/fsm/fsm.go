package fsm

import (
	"errors"
	"fmt"
)

// MaxDepth is the deepest nesting of states.
const MaxDepth = 16

// maxChained bounds changes requested from Enter or Exit functions that
// chain into one another, so two states that keep changing to each other
// cannot loop forever.
const maxChained = 64

// Event identifies something that happened to an agent (the game defines
// the values).
type Event int

// Transition is an event-driven transition: on Event, when Guard is nil
// or returns true, the machine changes to To. A nil To handles the event
// without changing state.
type Transition[A any] struct {
	Event Event
	Guard func(a A) bool
	To    *State[A]
}

// State is one state of a machine. Every field is optional. States are
// shared, read-only values: keep per-agent data in the agent.
type State[A any] struct {
	// Name is used in errors and debugging output.
	Name string
	// Parent is the enclosing state, nil at the top level.
	Parent *State[A]
	// Initial is the substate entered with this state (composite states
	// only); its Parent must be this state.
	Initial *State[A]
	// Enter runs when the state becomes active.
	Enter func(a A, m *Machine[A])
	// Execute runs on every Update while the state is active.
	Execute func(a A, m *Machine[A])
	// Exit runs when the state stops being active.
	Exit func(a A, m *Machine[A])
	// On lists event-driven transitions, tried in order.
	On []Transition[A]
	// OnEvent handles events not matched by On; it reports whether it
	// handled the event.
	OnEvent func(a A, m *Machine[A], e Event) bool
}

// String returns the state's name.
func (s *State[A]) String() string {
	if s == nil {
		return "<nil>"
	}
	return s.Name
}

// depth returns the number of ancestors of s, or -1 when the Parent chain
// is deeper than MaxDepth (or cyclic).
func (s *State[A]) depth() int {
	d := 0
	for p := s.Parent; p != nil; p = p.Parent {
		if d++; d >= MaxDepth {
			return -1
		}
	}
	return d
}

// ancestor returns the state level deep on s's parent chain, given s's
// own depth d (s itself when level == d).
func (s *State[A]) ancestor(d, level int) *State[A] {
	for ; d > level; d-- {
		s = s.Parent
	}
	return s
}

// Validate checks states: parent chains no deeper than MaxDepth and free
// of cycles, Initial substates whose Parent is the state, Initial chains
// that end, and transitions to valid states.
func Validate[A any](states ...*State[A]) error {
	for _, s := range states {
		if s == nil {
			return errors.New("fsm: nil state")
		}
		if s.depth() < 0 {
			return fmt.Errorf("fsm: state %q: parent chain deeper than %d or cyclic", s.Name, MaxDepth)
		}
		n := 0
		for p := s; p.Initial != nil; p = p.Initial {
			if p.Initial.Parent != p {
				return fmt.Errorf("fsm: state %q: initial substate %q has another parent", p.Name, p.Initial.Name)
			}
			if n++; n > MaxDepth {
				return fmt.Errorf("fsm: state %q: initial chain deeper than %d", s.Name, MaxDepth)
			}
		}
		for _, t := range s.On {
			if t.To != nil && t.To.depth() < 0 {
				return fmt.Errorf("fsm: state %q: transition to invalid state %q", s.Name, t.To.Name)
			}
		}
	}
	return nil
}

// Machine is one agent's state machine. Create it with [New]; it must not
// be used from two goroutines at once.
type Machine[A any] struct {
	owner    A
	current  *State[A]
	previous *State[A]
	ret      *State[A] // where a blip returns
	global   *State[A]

	queue      []Event
	head, size int

	changes  uint64 // number of completed changes
	updates  uint64 // number of Updates
	entered  uint64 // updates when the current state was entered
	changing bool
	pending  *State[A]
	chained  int
	err      error
}

// New returns a machine for owner with no current state. queue is the
// capacity of the event queue used by Post (at least 1).
func New[A any](owner A, queue int) *Machine[A] {
	return &Machine[A]{owner: owner, queue: make([]Event, max(queue, 1))}
}

// Owner returns the agent the machine drives.
func (m *Machine[A]) Owner() A { return m.owner }

// Current returns the current (leaf) state, nil before Start.
func (m *Machine[A]) Current() *State[A] { return m.current }

// Previous returns the leaf state active before the last change.
func (m *Machine[A]) Previous() *State[A] { return m.previous }

// Global returns the global state.
func (m *Machine[A]) Global() *State[A] { return m.global }

// Changes returns how many state changes have completed.
func (m *Machine[A]) Changes() uint64 { return m.changes }

// Err returns the first error met by a change requested at run time (an
// invalid target, or changes chaining from Enter/Exit beyond a limit).
func (m *Machine[A]) Err() error { return m.err }

// SetGlobal sets the global state, executed on every Update before the
// current state and offered every event the current states leave
// unhandled. Its Enter and Exit are not called.
func (m *Machine[A]) SetGlobal(g *State[A]) { m.global = g }

// In reports whether s is the current state or one of its ancestors.
func (m *Machine[A]) In(s *State[A]) bool {
	for c := m.current; c != nil; c = c.Parent {
		if c == s {
			return true
		}
	}
	return false
}

// Start validates s and enters it (with its ancestors and its Initial
// chain) as the first state.
func (m *Machine[A]) Start(s *State[A]) error {
	if m.current != nil {
		return errors.New("fsm: machine already started")
	}
	if err := Validate(s); err != nil {
		return err
	}
	m.Change(s)
	return m.err
}

// Change moves to state s. It may be called from Execute, from event
// handlers and from Enter or Exit (the change then happens right after
// the one in progress). Changing to the current state, or to one of its
// ancestors, exits and re-enters that state.
func (m *Machine[A]) Change(s *State[A]) {
	if s == nil || s.depth() < 0 {
		if m.err == nil {
			m.err = fmt.Errorf("fsm: change to invalid state %q", s.String())
		}
		return
	}
	if m.changing {
		if m.chained++; m.chained > maxChained {
			if m.err == nil {
				m.err = fmt.Errorf("fsm: more than %d changes chained from Enter/Exit (at %q)", maxChained, s.Name)
			}
			return
		}
		m.pending = s
		return
	}
	m.changing = true
	m.chained = 0
	for s != nil {
		m.transition(s)
		s, m.pending = m.pending, nil
	}
	m.changing = false
}

func (m *Machine[A]) transition(to *State[A]) {
	from := m.current
	// The nearest common ancestor: the deepest state that contains both
	// from and to, where to itself counts as exited and re-entered.
	var lca *State[A]
	if from != nil {
		for a := to.Parent; a != nil && lca == nil; a = a.Parent {
			for c := from; c != nil; c = c.Parent {
				if c == a {
					lca = a
					break
				}
			}
		}
	}
	for c := from; c != nil && c != lca; c = c.Parent {
		if c.Exit != nil {
			c.Exit(m.owner, m)
		}
	}
	// Enter from just below lca down to `to`, outermost first, without a
	// slice: walk the chain repeatedly to find each next state.
	d := to.depth()
	base := -1
	if lca != nil {
		base = lca.depth()
	}
	for level := base + 1; level <= d; level++ {
		c := to.ancestor(d, level)
		if c.Enter != nil {
			c.Enter(m.owner, m)
		}
	}
	leaf := to
	for n := 0; leaf.Initial != nil && n < MaxDepth; n++ {
		leaf = leaf.Initial
		if leaf.Enter != nil {
			leaf.Enter(m.owner, m)
		}
	}
	m.previous, m.current = from, leaf
	m.changes++
	m.entered = m.updates
}

// Ticks returns how many times Update has been called since the current
// state was entered: 1 during the first Update after a change.
func (m *Machine[A]) Ticks() uint64 { return m.updates - m.entered }

// Stop exits the current state and its ancestors, innermost first, and
// leaves the machine with no current state (for example when the agent
// dies). Queued events are dropped. The machine can be started again.
func (m *Machine[A]) Stop() {
	for c := m.current; c != nil; c = c.Parent {
		if c.Exit != nil {
			c.Exit(m.owner, m)
		}
	}
	m.previous, m.current, m.ret = m.current, nil, nil
	m.head, m.size = 0, 0
	m.pending = nil
	m.changes++ // an Update in progress stops executing
}

// Revert changes back to the previous state (the second half of a state
// blip: "return to the previous state"). It does nothing before the first
// change away from the start state.
func (m *Machine[A]) Revert() {
	if m.previous != nil {
		m.Change(m.previous)
	}
}

// Blip changes to s and remembers the current state, so that [Machine.Return]
// comes back to it even if s changes to other states meanwhile.
func (m *Machine[A]) Blip(s *State[A]) {
	m.ret = m.current
	m.Change(s)
}

// Return ends a blip: it changes back to the state active when Blip was
// called. It reports whether there was a blip to return from.
func (m *Machine[A]) Return() bool {
	r := m.ret
	if r == nil {
		return false
	}
	m.ret = nil
	m.Change(r)
	return true
}

// Update dispatches the queued events, then executes the global state and
// the active states, outermost first, stopping when one changes state.
func (m *Machine[A]) Update() {
	m.updates++
	for n := m.size; n > 0 && m.size > 0; n-- {
		e := m.queue[m.head]
		m.head = (m.head + 1) % len(m.queue)
		m.size--
		m.Send(e)
	}
	start := m.changes
	if g := m.global; g != nil && g.Execute != nil {
		g.Execute(m.owner, m)
		if m.changes != start {
			return
		}
	}
	leaf := m.current
	if leaf == nil {
		return
	}
	d := leaf.depth()
	for level := 0; level <= d; level++ {
		c := leaf.ancestor(d, level)
		if c.Execute != nil {
			c.Execute(m.owner, m)
			if m.changes != start {
				return
			}
		}
	}
}

// Post queues e for the next Update. It reports false, dropping e, when
// the queue is full.
func (m *Machine[A]) Post(e Event) bool {
	if m.size == len(m.queue) {
		return false
	}
	m.queue[(m.head+m.size)%len(m.queue)] = e
	m.size++
	return true
}

// Pending returns the number of queued events.
func (m *Machine[A]) Pending() int { return m.size }

// Send dispatches e now: to the current leaf, then its ancestors, then
// the global state, until one handles it. It reports whether any did.
func (m *Machine[A]) Send(e Event) bool {
	for c := m.current; c != nil; c = c.Parent {
		if m.offer(c, e) {
			return true
		}
	}
	if m.global != nil {
		return m.offer(m.global, e)
	}
	return false
}

func (m *Machine[A]) offer(s *State[A], e Event) bool {
	for i := range s.On {
		t := &s.On[i]
		if t.Event == e && (t.Guard == nil || t.Guard(m.owner)) {
			if t.To != nil {
				m.Change(t.To)
			}
			return true
		}
	}
	return s.OnEvent != nil && s.OnEvent(m.owner, m, e)
}
