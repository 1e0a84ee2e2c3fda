package nav

import "math/bits"

// fxItem is one radix-queue entry: a fixed-point key and its node.
type fxItem struct {
	key uint64
	n   int32
}

// radixQueue is a monotone priority queue (a radix heap: Ahuja, Mehlhorn,
// Orlin and Tarjan 1990) over keys below 2^63. Every key pushed must be
// no smaller than the last key popped, which holds for A* with a
// consistent heuristic and exact integer costs (see fxStraight).
//
// Bucket i holds the entries whose key first differs from the last popped
// key at bit i-1 (bucket 0: equal to it), so a push is an XOR, a bit count
// and an append. A pop that finds bucket 0 empty takes the lowest
// non-empty bucket, makes its smallest key the last one and spreads its
// entries over lower buckets: an entry only ever moves down, so each is
// touched a handful of times. Entries of equal key pop last-in,
// first-out, which sends the search deep along an f plateau (toward the
// goal) before it widens.
//
// Keys are never decreased in place: a better path to an open node pushes
// a second entry, and the stale one is dropped when it surfaces, its node
// being closed by then (the better entry, with a strictly smaller key,
// popped first).
type radixQueue struct {
	last uint64
	mask uint64 // bit i set: bucket i may be non-empty
	b    [64][]fxItem
}

func (q *radixQueue) reset() {
	for m := q.mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		q.b[i] = q.b[i][:0]
	}
	q.b[0] = q.b[0][:0]
	q.mask, q.last = 0, 0
}

func (q *radixQueue) push(key uint64, n int32) {
	i := bits.Len64(key ^ q.last)
	q.b[i] = append(q.b[i], fxItem{key, n})
	q.mask |= 1 << i
}

// pop removes an entry of the smallest key whose node is not closed
// (rec[n].st != closed) and returns its node, or -1 when none is left.
func (q *radixQueue) pop(rec []fxNode, closed uint32) int32 {
	for {
		if b0 := q.b[0]; len(b0) > 0 {
			it := b0[len(b0)-1]
			q.b[0] = b0[:len(b0)-1]
			if rec[it.n].st != closed {
				return it.n
			}
			continue
		}
		m := q.mask &^ 1
		if m == 0 {
			q.mask = 0
			return -1
		}
		i := bits.TrailingZeros64(m)
		src := q.b[i]
		if len(src) == 1 { // nothing to spread: pop it directly
			it := src[0]
			q.b[i] = src[:0]
			q.mask = m &^ (1 << i)
			q.last = it.key
			if rec[it.n].st != closed {
				return it.n
			}
			continue
		}
		// Stale entries move too (checking them here would cost a random
		// read each): the smallest key, even a stale one, is a valid new
		// last, since every later push comes from a node popped at or
		// above it.
		lo := src[0].key
		for _, it := range src[1:] {
			lo = min(lo, it.key)
		}
		q.b[i] = src[:0]
		q.mask = m &^ (1 << i)
		q.last = lo
		for _, it := range src {
			j := bits.Len64(it.key ^ lo)
			q.b[j] = append(q.b[j], it)
			q.mask |= 1 << j
		}
	}
}
