package bt

import (
	"strconv"
	"strings"
)

// NodeKind is the type of a behaviour-tree node.
type NodeKind uint8

// The node kinds. Their text-format names are given by [NodeKind.String].
const (
	KindInvalid NodeKind = iota
	// Composites.
	KindSequence
	KindSelector
	KindReactiveSequence
	KindReactiveSelector
	KindForgetfulSequence
	KindParallel
	// Decorators.
	KindInverter
	KindSucceeder
	KindFailer
	KindRepeat
	KindUntilFail
	KindUntilSuccess
	KindTimeout
	KindCooldown
	KindConditional
	// Leaves.
	KindAction
	KindCondition
	KindWait
	KindSucceed
	KindFail
	// KindUse names another tree of a text source; it exists only in
	// parsed definitions and is expanded before building.
	KindUse
	numKinds
)

var kindWords = [numKinds]string{
	"invalid",
	"sequence", "selector", "reactive-sequence", "reactive-selector", "forgetful-sequence", "parallel",
	"inverter", "succeeder", "failer", "repeat", "until-fail", "until-success", "timeout", "cooldown", "conditional",
	"action", "condition", "wait", "succeed", "fail",
	"use",
}

// String returns the kind's name in the text format.
func (k NodeKind) String() string {
	if k < numKinds {
		return kindWords[k]
	}
	return "invalid"
}

func (k NodeKind) composite() bool { return k >= KindSequence && k <= KindParallel }
func (k NodeKind) decorator() bool { return k >= KindInverter && k <= KindConditional }
func (k NodeKind) counted() bool {
	return k == KindRepeat || k == KindTimeout || k == KindCooldown || k == KindWait
}

// Policy is a [Parallel] node's rule for success or failure.
type Policy uint8

const (
	// RequireAll is met when every child has finished with the outcome.
	RequireAll Policy = iota
	// RequireOne is met as soon as one child finishes with the outcome.
	RequireOne
)

// String returns "all" or "one".
func (p Policy) String() string {
	if p == RequireOne {
		return "one"
	}
	return "all"
}

// Def describes a node and its subtree. Defs are plain values made by the
// constructor functions of this package or by [Parse]; [Build] turns a
// Def into a shared [Tree]. A Def may be reused as a sub-tree in several
// places (a reusable "behaviour").
type Def struct {
	Kind     NodeKind
	Name     string    // leaf, condition or used tree name
	Args     []float64 // leaf arguments
	N        int64     // count or ticks of repeat, timeout, cooldown, wait
	Succ     Policy    // parallel success policy
	Fail     Policy    // parallel failure policy
	Children []Def
	Line     int // source line in a text definition, 0 when built in Go
}

// Sequence ticks children in order until one fails or is running. It
// remembers a running child and resumes it on the next tick without
// re-ticking the earlier children.
func Sequence(children ...Def) Def { return Def{Kind: KindSequence, Children: children} }

// Selector ticks children in order until one succeeds or is running. It
// remembers a running child and resumes it on the next tick.
func Selector(children ...Def) Def { return Def{Kind: KindSelector, Children: children} }

// ReactiveSequence re-ticks its children from the first on every tick;
// when an earlier child fails or runs, a later child that was running is
// halted.
func ReactiveSequence(children ...Def) Def {
	return Def{Kind: KindReactiveSequence, Children: children}
}

// ReactiveSelector re-ticks its children from the first on every tick, so
// a higher-priority child that starts to succeed or run pre-empts (halts)
// a lower-priority running child.
func ReactiveSelector(children ...Def) Def {
	return Def{Kind: KindReactiveSelector, Children: children}
}

// ForgetfulSequence restarts from its first child on every
// tick, even when a later child was running, but never halts children: a
// child that was running keeps its progress and resumes when it is
// reached again.
func ForgetfulSequence(children ...Def) Def {
	return Def{Kind: KindForgetfulSequence, Children: children}
}

// Parallel ticks every unfinished child on each tick. It succeeds when the
// success policy is met, else fails when the failure policy is met (or
// when every child has finished without meeting the success policy), and
// runs otherwise. Children still running when it finishes are halted.
func Parallel(success, failure Policy, children ...Def) Def {
	return Def{Kind: KindParallel, Succ: success, Fail: failure, Children: children}
}

// Inverter swaps its child's success and failure.
func Inverter(child Def) Def { return Def{Kind: KindInverter, Children: []Def{child}} }

// Succeeder turns its child's failure into success. A running
// child still reports running, so the parent waits for it.
func Succeeder(child Def) Def { return Def{Kind: KindSucceeder, Children: []Def{child}} }

// Failer turns its child's success into failure; running passes through.
func Failer(child Def) Def { return Def{Kind: KindFailer, Children: []Def{child}} }

// Repeat runs its child to completion n times,
// whatever the child returns, reporting running in between; it succeeds
// on the tick the n-th run finishes. A finished child restarts on the
// next tick, so each run costs at least one tick.
func Repeat(n int64, child Def) Def {
	return Def{Kind: KindRepeat, N: n, Children: []Def{child}}
}

// UntilFail reruns its child until the child fails, then succeeds; it
// reports running meanwhile.
func UntilFail(child Def) Def { return Def{Kind: KindUntilFail, Children: []Def{child}} }

// UntilSuccess reruns its child until the child succeeds, then succeeds;
// it reports running meanwhile: with a move that succeeds on arrival, it
// runs until the agent has arrived.
func UntilSuccess(child Def) Def { return Def{Kind: KindUntilSuccess, Children: []Def{child}} }

// Timeout fails, halting its child, when the child is still running at
// the end of its n-th tick since it started.
func Timeout(n int64, child Def) Def {
	return Def{Kind: KindTimeout, N: n, Children: []Def{child}}
}

// Cooldown fails without ticking its child during the n ticks after the
// child last finished.
func Cooldown(n int64, child Def) Def {
	return Def{Kind: KindCooldown, N: n, Children: []Def{child}}
}

// Conditional ticks its child while the named condition holds
// and fails, halting a running child, when it does not.
func Conditional(condition string, child Def) Def {
	return Def{Kind: KindConditional, Name: condition, Children: []Def{child}}
}

// Action is a leaf that calls the action registered under name with the
// given arguments.
func Action(name string, args ...float64) Def {
	return Def{Kind: KindAction, Name: name, Args: args}
}

// Condition is a leaf that succeeds when the named condition holds and
// fails otherwise.
func Condition(name string, args ...float64) Def {
	return Def{Kind: KindCondition, Name: name, Args: args}
}

// Wait runs for n ticks and succeeds on the n-th: an agent idling.
func Wait(n int64) Def { return Def{Kind: KindWait, N: n} }

// Succeed is a leaf that always succeeds.
func Succeed() Def { return Def{Kind: KindSucceed} }

// Fail is a leaf that always fails.
func Fail() Def { return Def{Kind: KindFail} }

// label is the node's line in the text format, without indentation.
func (d *Def) label() string {
	var b strings.Builder
	b.WriteString(d.Kind.String())
	switch {
	case d.Kind == KindParallel:
		b.WriteString(" success=" + d.Succ.String() + " failure=" + d.Fail.String())
	case d.Kind.counted():
		b.WriteString(" " + strconv.FormatInt(d.N, 10))
	case d.Kind == KindConditional || d.Kind == KindAction || d.Kind == KindCondition || d.Kind == KindUse:
		b.WriteString(" " + d.Name)
		for _, a := range d.Args {
			b.WriteString(" " + strconv.FormatFloat(a, 'g', -1, 64))
		}
	}
	return b.String()
}

// Format writes d in the text format, as the body of a tree indented by
// depth levels of two spaces.
func (d *Def) format(b *strings.Builder, depth int) {
	for range depth {
		b.WriteString("  ")
	}
	b.WriteString(d.label())
	b.WriteByte('\n')
	for i := range d.Children {
		d.Children[i].format(b, depth+1)
	}
}

// String returns d in the text format (a node and its indented subtree).
func (d Def) String() string {
	var b strings.Builder
	d.format(&b, 0)
	return b.String()
}
