package iso

import "encoding/binary"

// The topological walk with several parts.
//
// topo's walk is a depth-first search from every flagged item in
// fallback order (the others go out at their turn without a search).
// When the search from root f starts, every item ranked before f is out,
// so the tree it emits holds f and items ranked after it that no earlier
// tree took. walkParallel splits that work:
//
//  1. specPart (parallel): each part searches from its share of the
//     flagged roots as if no earlier tree had taken anything (each tree
//     on its own), recording each tree's items in emission order;
//  2. the check (serial, in root order): a root that an earlier tree
//     took has no tree; a tree none of whose items an earlier tree took is
//     the search's very tree (the search only differs from the
//     speculative one once it meets a taken item, which it skips and the
//     speculative one visits: then that item is in the speculative tree);
//     otherwise the tree is searched again, with the taken items out;
//  3. the output (serial): items in fallback order, each root with a
//     tree emitting it, the items no tree took at their turn.
//
// The result is topo's order exactly (TestSorterParallelMatchesSerial,
// TestWalkParallelConflicts); what stays serial is the check, about
// one step per item of a tree, and the output pass.

// specParts is the fewest parts whose Sort walks with walkParallel: with
// two, the speculative phase's slower part took as long as the serial
// walk it saves on level200 (36 against 40 µs, BenchmarkDepthSortModel's
// pieces) and far longer on dense100, whose trees overlap (440 against
// 360).
const specParts = 3

// specMaxRoots: walkParallel speculates when at most one item in
// specMaxRoots is a root (level200 has 2.8 % of its items flagged,
// dense100 9.8 %), else the walk is topo's.
const specMaxRoots = 4

// gatherRoots: with more than lazyParts parts, walkParallel has the
// gather phase list every item's edges first when more than one item in
// gatherRoots is a root (dense100, 9.8 % roots, 191 trees searched again
// by the serial check: modelled 16-worker sort 557–563 µs with the
// gather, 584–586 without); with fewer (level200, 2.8 %, 18 searched
// again: 258–260 with, 230–234 without) the searches read every part's
// chains.
const gatherRoots = 16

// walker is the working memory of one depth-first search at a time.
type walker struct {
	mark                   []uint32 // per item: the stamp of the last search that visited it
	stamp                  uint32   // the last stamp used
	stack, cur, end, arena []int32
	keys                   []adjKey // sortAdj's scratch
	tree                   []int32  // the trees' items, one tree after another
}

// treeSeg locates a root's tree: items [start, end) of the tree buffer of
// walker part (−1: the serial check's redo walker), or part −2 when the
// root has no tree, −3 when its speculative search gave up (the check
// searches it).
type treeSeg struct{ part, start, end int32 }

// nextStamp returns a stamp no item of w.mark holds (len n).
func (s *Sorter) nextStamp(w *walker, n int) uint32 {
	if cap(w.mark) < n {
		w.mark = make([]uint32, n, n+n/4)
		s.grown.Add(1)
		w.stamp = 0
	}
	w.mark = w.mark[:n]
	w.stamp++
	if w.stamp == 0 { // wrapped: start afresh
		clear(w.mark[:cap(w.mark)])
		w.stamp = 1
	}
	return w.stamp
}

// walkParallel computes topo's order with several parts (see above).
func (s *Sorter) walkParallel(n int) {
	// The flagged items, in increasing rank: marked, then found 8 at a
	// time.
	flag := grow(s, s.flag, n)
	s.flag = flag
	clear(flag)
	for _, f := range s.flagP[:s.parts] {
		for _, x := range f {
			flag[x] = 1
		}
	}
	roots := s.roots[:0]
	i := 0
	for ; i+8 <= n; i += 8 {
		if binary.LittleEndian.Uint64(flag[i:]) == 0 {
			continue
		}
		for j := i; j < i+8; j++ {
			if flag[j] != 0 {
				if len(roots) == cap(roots) {
					s.grown.Add(1)
				}
				roots = append(roots, int32(j))
			}
		}
	}
	for ; i < n; i++ {
		if flag[i] != 0 {
			if len(roots) == cap(roots) {
				s.grown.Add(1)
			}
			roots = append(roots, int32(i))
		}
	}
	s.roots = roots
	if len(roots) > n/specMaxRoots {
		// Most items have something behind them that ranks later: the
		// trees overlap so much that speculating costs more than it saves.
		s.topo(n)
		return
	}
	if s.parts > lazyParts && len(roots) > n/gatherRoots {
		// Enough roots that the check searches many trees again: one
		// list per item beats reading every part's chain for each push.
		s.gather(n)
	}
	s.seg = grow(s, s.seg, len(roots))
	s.par(s.phSpec)

	// The check, in root order. taken: 0 free, 1 in a tree, 2 a root
	// with a tree.
	taken := grow(s, s.state, n)
	s.state = taken
	clear(taken)
	redo := &s.redo
	redo.tree = redo.tree[:0]
	for j, f := range roots {
		sg := &s.seg[j]
		if taken[f] != 0 {
			sg.part = -2 // an earlier tree took it
			continue
		}
		var tree []int32
		if sg.part >= 0 {
			tree = s.walkers[sg.part].tree[sg.start:sg.end]
		}
		ok := sg.part >= 0
		for _, x := range tree {
			if taken[x] != 0 {
				ok = false
				break
			}
		}
		if !ok {
			s.walkRedo++
			start := len(redo.tree)
			redo.tree, _ = s.walkTree(redo, f, s.nextStamp(redo, n), taken, redo.tree, n+1)
			*sg = treeSeg{-1, int32(start), int32(len(redo.tree))}
			tree = redo.tree[start:]
		}
		for _, x := range tree {
			taken[x] = 1
		}
		taken[f] = 2
	}

	// The output.
	order := grow(s, s.order, n)
	s.order = order
	byFB := s.byFB[:n]
	k, j := 0, 0
	for x, t := range taken[:n] {
		if t == 0 {
			order[k] = byFB[x]
			k++
			continue
		}
		if t == 1 {
			continue
		}
		for roots[j] != int32(x) {
			j++
		}
		sg := s.seg[j]
		var tree []int32
		if sg.part == -1 {
			tree = redo.tree[sg.start:sg.end]
		} else {
			tree = s.walkers[sg.part].tree[sg.start:sg.end]
		}
		for _, y := range tree {
			order[k] = byFB[y]
			k++
		}
	}
}

// specPart searches from one part of the flagged roots, each tree on its
// own (see walkParallel).
func (s *Sorter) specPart(part int) {
	w := &s.walkers[part]
	n := len(s.box)
	lo, hi := s.partRange(part, len(s.roots))
	// A speculative tree may hold items that earlier trees took, up to
	// all the items ranked after its root: a search that pushes more than
	// a few times an even share of the items is left to the check, so
	// that a dense scene's speculative work stays about linear.
	limit := max(64, 4*n/max(len(s.roots), 1))
	if s.specLimit > 0 {
		limit = s.specLimit
	}
	out := w.tree[:0]
	for j := lo; j < hi; j++ {
		start := len(out)
		var ok bool
		out, ok = s.walkTree(w, s.roots[j], s.nextStamp(w, n), nil, out, limit)
		s.seg[j] = treeSeg{int32(part), int32(start), int32(len(out))}
		if !ok {
			s.seg[j].part = -3 // searched by the check
		}
	}
	w.tree = out
}

// walkTree appends to out the tree that the depth-first search from root
// emits (see topo): the items behind each item in sortAdj's order, those
// ranked after root that this search has not visited and, when taken is
// not nil, that taken marks free. A search that would push more than
// limit items gives up: out is returned as it was, and false.
func (s *Sorter) walkTree(w *walker, root int32, stamp uint32, taken []uint8, out []int32, limit int) ([]int32, bool) {
	start := len(out)
	pushes := 0
	n := len(s.box)
	mark := w.mark
	stack := grow(s, w.stack, n)
	w.stack = stack
	cur := grow(s, w.cur, n)
	w.cur = cur
	end := grow(s, w.end, n)
	w.end = end
	arena := w.arena[:0]
	parts := s.parts
	heads, nexts, behinds := s.headP[:parts], s.nextP[:parts], s.partA[:parts]
	push := func(x int32, sp int) {
		start := len(arena)
		arena = s.appendEdges(arena, x, heads, nexts, behinds, &w.keys)
		pushes++
		stack[sp], cur[sp], end[sp] = x, int32(start), int32(len(arena))
	}
	mark[root] = stamp
	push(root, 0)
	sp := 1
	for sp > 0 {
		t := sp - 1
		top := stack[t]
		if c := cur[t]; c < end[t] {
			cur[t]++
			nb := arena[c]
			if nb > root && mark[nb] != stamp && (taken == nil || taken[nb] == 0) && (nb > top || s.edgeHolds(nb, top)) {
				if pushes >= limit {
					w.arena = arena[:0]
					return out[:start], false
				}
				mark[nb] = stamp
				push(nb, sp)
				sp++
			}
			continue
		}
		sp--
		if sp > 0 {
			arena = arena[:end[sp-1]]
		}
		if len(out) == cap(out) {
			s.grown.Add(1)
		}
		out = append(out, top)
	}
	w.arena = arena[:0]
	return out, true
}
