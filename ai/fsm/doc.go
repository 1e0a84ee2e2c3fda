// Package fsm implements finite-state machines for agents in Buckland's
// style (states with Enter, Execute and Exit, a global state, state blips
// that return to the previous state), extended with hierarchical (nested)
// states and event-driven transitions.
//
// A [State] is a plain value holding functions, shared by every agent
// that uses it (Buckland's singleton states): all per-agent data lives in
// the agent, of type A, and in its [Machine]. Changing state, updating and
// dispatching events allocate nothing.
//
// Hierarchy: a state with a Parent is nested in it; a state with an
// Initial substate is composite, and entering it enters the Initial chain
// down to a leaf. The machine's current state is always a leaf; its
// ancestors are active too. A change exits from the current leaf up to
// the nearest common ancestor with the target and enters down to the
// target (and its Initial chain). Update executes the global state, then
// the active states from outermost to innermost, stopping as soon as one
// of them changes state.
//
// Events ([Event]) are small integers the game defines. [Machine.Send]
// dispatches one at once, [Machine.Post] queues it for the next Update.
// An event is offered to the current leaf, then its ancestors, then the
// global state; each may handle it with its table of [Transition]s or its
// OnEvent function.
//
// Machines can also be written as text and read with [Registry.Parse]: states,
// their enter/do/exit actions and "when ... -> STATE" transitions, with
// the condition and action names registered by the game in a [Registry]
// (the way package bt reads behaviour trees). The result, a [Chart], is
// made of the same States and starts Machines for any number of agents.
//
// Package fsm owns state machines only. It imports the standard library
// and internal/loadutil (the positioned error, reading a file) and must
// not import any other engine package.
package fsm
