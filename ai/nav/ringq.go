package nav

import "math/bits"

// ringSize is the number of buckets of a ringQueue, a power of two above
// the widest key range A* on an 8-way grid keeps open (2·fxDiag).
const (
	ringSize = 1 << 12
	ringMask = ringSize - 1
)

// ringEnt is one queued node and the next entry of its bucket.
type ringEnt struct {
	n, next int32
}

// ringQueue is a bucket queue with one bucket per integer key (Dial's
// algorithm), for the fixed-point A* on 8-way grids. A* with a consistent
// heuristic pops keys in non-decreasing order, and a node generated from
// one of key f gets a key at most f + 2·fxDiag (its step, plus the
// heuristic growing by at most that step), so every queued key lies in
// [cur, cur+ringSize) and key k can live in bucket k mod ringSize. Two
// levels of bitmaps (4096 and 64 bits) find the next non-empty bucket
// with two bit scans at most; pushes and pops are O(1) and branch-light,
// and the bucket heads (16 KiB) stay in the L1 cache. A bucket is a last-in, first-out list, so among equal keys
// the newest (deepest) node pops first.
//
// As with radixQueue, a better path to an open node pushes a second entry
// and the stale one is skipped when its node is found closed.
type ringQueue struct {
	cur  uint64  // the last key popped: no queued key is smaller
	head []int32 // first entry per bucket, -1 when empty
	ent  []ringEnt
	l0   [ringSize / 64]uint64 // bucket non-empty
	l1   uint64                // l0 word non-zero
}

// reset empties the queue, touching only the buckets still marked, and
// makes start the smallest key.
func (q *ringQueue) reset(start uint64) {
	if q.head == nil {
		q.head = make([]int32, ringSize)
		for i := range q.head {
			q.head[i] = -1
		}
	}
	for m1 := q.l1; m1 != 0; m1 &= m1 - 1 {
		i0 := bits.TrailingZeros64(m1)
		for m0 := q.l0[i0]; m0 != 0; m0 &= m0 - 1 {
			q.head[i0<<6+bits.TrailingZeros64(m0)] = -1
		}
		q.l0[i0] = 0
	}
	q.l1 = 0
	q.ent = q.ent[:0]
	q.cur = start
}

func (q *ringQueue) push(key uint64, n int32) {
	c := uint32(key) & ringMask
	e := int32(len(q.ent))
	q.ent = append(q.ent, ringEnt{n, q.head[c]})
	q.head[c] = e
	q.l0[c>>6] |= 1 << (c & 63)
	q.l1 |= 1 << (c >> 6)
}

// next returns the first non-empty bucket at or after c, going round the
// ring. The queue must not be empty.
func (q *ringQueue) next(c uint32) uint32 {
	w := c >> 6
	if m := q.l0[w] >> (c & 63); m != 0 {
		return c + uint32(bits.TrailingZeros64(m))
	}
	// l0 words after w (2<<63 wraps to 0: no bits above), else round
	m := q.l1 &^ (2<<w - 1)
	if m == 0 {
		m = q.l1
	}
	w = uint32(bits.TrailingZeros64(m))
	return w<<6 + uint32(bits.TrailingZeros64(q.l0[w]))
}

// pop removes an entry of the smallest key whose node is not closed
// (rec[n].st != closed) and returns its node, or -1 when none is left.
func (q *ringQueue) pop(rec []fxNode, closed uint32) int32 {
	for q.l1 != 0 {
		c := uint32(q.cur) & ringMask
		e := q.head[c]
		if e < 0 {
			b := q.next(c)
			q.cur += uint64((b - c) & ringMask)
			c = b
			e = q.head[c]
		}
		it := q.ent[e]
		q.head[c] = it.next
		if it.next < 0 {
			w := c >> 6
			m := q.l0[w] &^ (1 << (c & 63))
			q.l0[w] = m
			var z uint64
			if m == 0 {
				z = 1
			}
			q.l1 &^= z << w
		}
		if rec[it.n].st != closed {
			return it.n
		}
	}
	return -1
}
