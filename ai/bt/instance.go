package bt

import (
	"fmt"
	"strings"
)

// Instance is one agent's running state for a shared [Tree]: the last
// status and a scratch word per node (running child, repeat count, start
// or ready tick), the tick counter and the agent's [Blackboard]. Ticking
// allocates nothing. An Instance must not be ticked from two goroutines
// at once; different instances of one tree may be ticked in parallel.
type Instance[A any] struct {
	tree   *Tree[A]
	bb     *Blackboard
	status []Status
	last   []int64 // tick at which each node last ran
	mem    []int64
	tick   int64
	call   Call
}

// NewInstance returns fresh per-agent state with its own blackboard.
func (t *Tree[A]) NewInstance() *Instance[A] {
	return t.NewInstanceWith(t.schema.NewBlackboard())
}

// NewInstanceWith returns fresh per-agent state using blackboard bb,
// which should come from the tree's schema (it may be shared with other
// trees of the same agent). A nil bb, or one from another schema, is
// replaced by a new blackboard.
func (t *Tree[A]) NewInstanceWith(bb *Blackboard) *Instance[A] {
	if bb == nil || bb.schema != t.schema {
		bb = t.schema.NewBlackboard()
	}
	n := len(t.nodes)
	in := &Instance[A]{
		tree:   t,
		bb:     bb,
		status: make([]Status, n),
		last:   make([]int64, n),
		mem:    make([]int64, n),
	}
	in.call.BB = bb
	return in
}

// Tree returns the instance's tree.
func (in *Instance[A]) Tree() *Tree[A] { return in.tree }

// Blackboard returns the instance's blackboard.
func (in *Instance[A]) Blackboard() *Blackboard { return in.bb }

// Ticks returns how many times the instance has been ticked.
func (in *Instance[A]) Ticks() int64 { return in.tick }

// Status returns the last status of node i (pre-order index, 0 is the
// root), or Ready for an out-of-range index.
func (in *Instance[A]) Status(i int) Status {
	if uint(i) < uint(len(in.status)) {
		return in.status[i]
	}
	return Ready
}

// Reset returns every node to Ready and restarts cooldowns and the tick
// counter, without calling halt functions (see [Instance.Halt]). The
// blackboard is left alone.
func (in *Instance[A]) Reset() {
	clear(in.status)
	clear(in.last)
	clear(in.mem)
	in.tick = 0
}

// Tick runs the tree once for agent a and returns the root's status.
func (in *Instance[A]) Tick(a A) Status {
	in.tick++
	in.call.Tick = in.tick
	return in.run(0, a)
}

// Halt stops the whole tree for agent a: every running node returns to
// Ready, and running actions' halt functions are called in tree order.
// Cooldowns and the tick counter are kept.
func (in *Instance[A]) Halt(a A) { in.halt(0, a) }

// halt returns every running node of the subtree at c to Ready, calling
// the halt functions of running actions.
func (in *Instance[A]) halt(c int32, a A) {
	t := in.tree
	end := t.nodes[c].end
	for j := c; j < end; j++ {
		if in.status[j] != Running {
			continue
		}
		in.status[j] = Ready
		if nd := &t.nodes[j]; nd.kind == KindAction {
			if h := t.leaves[nd.leaf].halt; h != nil {
				cl := &in.call
				cl.args = t.args[nd.argOff : nd.argOff+nd.argN]
				cl.mem = &in.mem[j]
				cl.started = false
				h(a, cl)
				cl.mem = nil
			}
		}
	}
}

// haltFrom halts the running children of a composite from child c to the
// end of the parent's subtree.
func (in *Instance[A]) haltFrom(c, end int32, a A) {
	nodes := in.tree.nodes
	for ; c < end; c = nodes[c].end {
		if in.status[c] == Running {
			in.halt(c, a)
		}
	}
}

func (in *Instance[A]) run(i int32, a A) Status {
	t := in.tree
	nd := &t.nodes[i]
	fresh := in.status[i] != Running
	if fresh && nd.kind != KindCooldown {
		in.mem[i] = 0
	}
	in.last[i] = in.tick
	var s Status
	switch nd.kind {
	case KindSequence, KindSelector:
		cont := Success
		if nd.kind == KindSelector {
			cont = Failure
		}
		c := i + 1
		if !fresh && in.mem[i] != 0 {
			c = int32(in.mem[i])
		}
		s = cont
		for c < nd.end {
			if cs := in.run(c, a); cs != cont {
				s = cs
				break
			}
			c = t.nodes[c].end
		}
		if s == Running {
			in.mem[i] = int64(c)
		}

	case KindReactiveSequence, KindReactiveSelector, KindForgetfulSequence:
		cont := Success
		if nd.kind == KindReactiveSelector {
			cont = Failure
		}
		s = cont
		for c := i + 1; c < nd.end; c = t.nodes[c].end {
			if cs := in.run(c, a); cs != cont {
				s = cs
				if nd.kind != KindForgetfulSequence {
					in.haltFrom(t.nodes[c].end, nd.end, a)
				}
				break
			}
		}

	case KindParallel:
		if fresh {
			for c := i + 1; c < nd.end; c = t.nodes[c].end {
				if in.status[c] != Running {
					in.status[c] = Ready
				}
			}
		}
		var succ, fail int32
		for c := i + 1; c < nd.end; c = t.nodes[c].end {
			cs := in.status[c]
			if cs != Success && cs != Failure {
				cs = in.run(c, a)
			}
			switch cs {
			case Success:
				succ++
			case Failure:
				fail++
			}
		}
		switch {
		case nd.succ == RequireOne && succ > 0 || nd.succ == RequireAll && succ == nd.nkids:
			s = Success
		case nd.fail == RequireOne && fail > 0 || nd.fail == RequireAll && fail == nd.nkids:
			s = Failure
		case succ+fail == nd.nkids:
			s = Failure
		default:
			s = Running
		}
		if s != Running {
			in.haltFrom(i+1, nd.end, a)
		}

	case KindInverter:
		s = in.run(i+1, a)
		if s == Success {
			s = Failure
		} else if s == Failure {
			s = Success
		}

	case KindSucceeder:
		if s = in.run(i+1, a); s == Failure {
			s = Success
		}

	case KindFailer:
		if s = in.run(i+1, a); s == Success {
			s = Failure
		}

	case KindRepeat:
		s = in.run(i+1, a)
		if s != Running {
			in.mem[i]++
			if in.mem[i] >= nd.n {
				s = Success
			} else {
				s = Running
			}
		}

	case KindUntilFail:
		if s = in.run(i+1, a); s == Failure {
			s = Success
		} else {
			s = Running
		}

	case KindUntilSuccess:
		if s = in.run(i+1, a); s != Success {
			s = Running
		}

	case KindTimeout:
		if fresh {
			in.mem[i] = in.tick
		}
		s = in.run(i+1, a)
		if s == Running && in.tick-in.mem[i]+1 >= nd.n {
			in.halt(i+1, a)
			s = Failure
		}

	case KindCooldown:
		// mem holds the first tick at which the child may run again.
		if in.status[i+1] != Running && in.tick < in.mem[i] {
			s = Failure
			break
		}
		s = in.run(i+1, a)
		if s != Running {
			in.mem[i] = in.tick + nd.n + 1
		}

	case KindConditional:
		if in.cond(nd, a) {
			s = in.run(i+1, a)
		} else {
			if in.status[i+1] == Running {
				in.halt(i+1, a)
			}
			s = Failure
		}

	case KindCondition:
		if in.cond(nd, a) {
			s = Success
		} else {
			s = Failure
		}

	case KindAction:
		s = Failure
		if in.hasRequired(nd) {
			c := &in.call
			c.args = t.args[nd.argOff : nd.argOff+nd.argN]
			c.mem = &in.mem[i]
			c.started = fresh
			s = t.leaves[nd.leaf].action(a, c)
			c.mem = nil
			if s == Ready || s > Failure {
				s = Failure
			}
		}

	case KindWait:
		in.mem[i]++
		if in.mem[i] >= nd.n {
			s = Success
		} else {
			s = Running
		}

	case KindSucceed:
		s = Success

	default: // KindFail
		s = Failure
	}
	in.status[i] = s
	return s
}

func (in *Instance[A]) hasRequired(nd *node) bool {
	set := in.bb.set
	for _, id := range in.tree.reqs[nd.reqOff : nd.reqOff+nd.reqN] {
		if uint(id-1) >= uint(len(set)) || !set[id-1] {
			return false
		}
	}
	return true
}

func (in *Instance[A]) cond(nd *node, a A) bool {
	if !in.hasRequired(nd) {
		return false
	}
	c := &in.call
	c.args = in.tree.args[nd.argOff : nd.argOff+nd.argN]
	c.mem = nil
	c.started = true
	return in.tree.leaves[nd.leaf].cond(a, c)
}

// Dump returns the tree in the text format with each node's last status,
// for debugging. Nodes that did not run on the latest tick are marked
// with their status in parentheses, e.g. "(success)", and nodes that
// never ran since the last reset show "-".
func (in *Instance[A]) Dump() string {
	var b strings.Builder
	t := in.tree
	width := 0
	for i := range t.nodes {
		width = max(width, 2*int(t.nodes[i].depth)+len(t.labels[i]))
	}
	for i := range t.nodes {
		ind := 2 * int(t.nodes[i].depth)
		fmt.Fprintf(&b, "%*s%s%*s  ", ind, "", t.labels[i], width-ind-len(t.labels[i]), "")
		switch {
		case in.last[i] == 0:
			b.WriteString("-")
		case in.last[i] == in.tick:
			b.WriteString(in.status[i].String())
		default:
			b.WriteString("(" + in.status[i].String() + ")")
		}
		b.WriteByte('\n')
	}
	return b.String()
}
