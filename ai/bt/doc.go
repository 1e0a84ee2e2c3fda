// Package bt implements behaviour trees for Diorama's agents.
//
// A tree definition ([Tree]) is built once, from Go ([Def] values made
// with [Sequence], [Selector], [Repeat] and friends) or from a small
// indented text format or JSON ([Parse], [ParseJSON], [Load],
// [Registry.Parse], [Registry.Load]), and is shared by any number of
// agents. Everything that changes while a tree runs lives in an
// [Instance]: one status and one scratch word per node plus a typed
// [Blackboard]. Thousands of agents can therefore share one tree, and
// ticking an instance allocates nothing: the tree is a flat pre-order
// array, leaves are plain functions looked up by index, and blackboard
// keys are resolved to typed slots when the tree is built.
//
// Statuses are [Success], [Failure] and [Running] ([Ready] marks a node
// that has not run since it was last reset or halted).
//
// Composites: [Sequence] and [Selector] remember a running child and
// resume it on the next tick (the "memory" composites);
// [ReactiveSequence] and [ReactiveSelector] re-evaluate from the first
// child on every tick and halt a running later child when an earlier one
// takes over; [ForgetfulSequence] restarts from the first child
// on every tick but does not halt children, so a running child is resumed
// where it was when it is reached again; [Parallel] ticks every child with
// success and failure policies.
//
// Decorators: [Inverter], [Succeeder], [Failer], [Repeat] (n runs of
// its child), [UntilFail], [UntilSuccess], [Timeout] and [Cooldown]
// (counted in ticks of the instance, never the wall clock) and
// [Conditional] (a named condition guarding one child).
//
// Leaves are actions and conditions registered by name in a [Registry],
// which also declares which blackboard keys they read; a leaf whose
// compulsory key is unset fails without running (so an action never
// sees a value that was never set). An action may also register a halt function ([Registry.OnHalt])
// that is called when the action is stopped while running, so it can undo
// what it started. [Wait], [Succeed] and [Fail] are built in.
//
// Package bt owns behaviour trees only. It imports mathx,
// internal/loadutil (the positioned error, reading a file) and the
// standard library and must not import raster, scene, physics or any other ai
// package: the game supplies agent data through the type parameter A.
package bt
