package iso

import "math/bits"

// The key sorts of a Sort with several parts.
//
// With one part, Sort orders the items by fallback key with an LSD radix
// sort and by u0's step with a counting sort, one after the other; with
// two, each part runs one of them. From three parts both are sample
// sorts, in parallel phases, so that no part sorts all n items (a
// 10,000-item radix sort was the longest part of its phase, about 100 µs,
// whatever the number of workers):
//
//  1. pickSplitters (serial, a few microseconds) sorts a sample of the
//     words key<<32 | item and cuts it into one bucket per part: since
//     every word is distinct (the item is part of it), the buckets are
//     about equal even when many keys are equal;
//  2. in the entries phase each part counts its items per bucket;
//  3. in the scatter phase each part copies its items' words into the
//     buckets, after those of the parts before it (bucketStarts and the
//     counts give each part its place), so each bucket holds its items in
//     increasing item order;
//  4. in the local phase each part sorts one bucket by key with a stable
//     LSD radix sort over the key's bytes that differ in that bucket.
//
// Every word in a bucket is below every word of the next one, and each
// bucket ends sorted by (key, item): the concatenation is the stable sort
// by key, the one radix gives, whatever the number of parts
// (TestKeySortMatchesStable, and the order tests with 1 to 16 workers).

// keySort is the working memory of one sample sort.
type keySort struct {
	split  []uint64 // splitters, increasing, padded with MaxUint64 to 2^k − 1 entries
	buck   []uint8  // per item: its bucket
	cnt    []int32  // per part p and bucket j: cnt[p*parts+j] items of p's chunk in j
	base   []int32  // bucket starts (parts+1 entries)
	parts  int
	w, tmp []uint64 // the words in buckets; the radix sort's scratch
}

// samplePerPart is the sample size per part from which the splitters are
// chosen.
const samplePerPart = 16

// pickSplitters chooses both sorts' splitters from a sample of the items
// (with the keys entriesPart will compute) and sizes their memory.
func (s *Sorter) pickSplitters(n int) {
	parts := s.parts
	m := min(n, parts*samplePerPart)
	for x := range s.ks {
		k := &s.ks[x]
		k.parts = parts
		smp := grow(s, s.sample, 2*m)
		s.sample = smp
		smp, tmp := smp[:m], smp[m:]
		for j := range m {
			i := (2*j + 1) * n / (2 * m)
			b := &s.box[i]
			var key uint32
			if x == 0 {
				key = fallbackKey(b, s.kz)
			} else {
				key = uStep(b, &s.grid)
			}
			smp[j] = uint64(key)<<32 | uint64(i)
		}
		// The sample's items increase with j, so the stable sort by key
		// is the sort of the words (a comparison sort of 2 × 256 words
		// took 20 µs, the serial part's third largest piece at 16 parts).
		smp = radixWords(smp, tmp)
		// 2^k − 1 splitters for the branch-free search (bucketOf).
		size := 1<<bits.Len(uint(parts-1)) - 1
		k.split = grow(s, k.split, size)
		for j := range size {
			k.split[j] = ^uint64(0)
			if j < parts-1 {
				k.split[j] = smp[(j+1)*m/parts]
			}
		}
		k.buck = grow(s, k.buck, n)
		k.cnt = grow(s, k.cnt, parts*parts)
		k.base = grow(s, k.base, parts+1)
		k.w = grow(s, k.w, n)
		k.tmp = grow(s, k.tmp, n)
	}
}

// bucketOf returns the number of splitters at or below word w (its
// bucket), without a branch: split has 2^k − 1 entries.
func bucketOf(split []uint64, w uint64) int {
	i := 0
	for step := (len(split) + 1) / 2; step > 0; step >>= 1 {
		// A mask, not a branch: which way each step goes is a coin toss.
		i += step & -int(b2u(split[i+step-1] <= w))
	}
	return i
}

// count finds the buckets of the items [lo, lo+len(key)) of part and
// counts them.
func (k *keySort) count(part, lo int, key []uint32) {
	cnt := k.cnt[part*k.parts : (part+1)*k.parts]
	clear(cnt)
	buck := k.buck[lo : lo+len(key)]
	split := k.split
	for j, key := range key {
		b := bucketOf(split, uint64(key)<<32|uint64(lo+j))
		buck[j] = uint8(b)
		cnt[b]++
	}
}

// bucketStarts sets both sorts' bucket starts from the parts' counts.
func (s *Sorter) bucketStarts(n int) {
	for x := range s.ks {
		k := &s.ks[x]
		p := k.parts
		sum := int32(0)
		for j := range p {
			k.base[j] = sum
			for q := range p {
				sum += k.cnt[q*p+j]
			}
		}
		k.base[p] = sum
	}
	s.byFB = grow(s, s.byFB, n)
	s.byU = grow(s, s.byU, n)
	s.rank = grow(s, s.rank, n)
}

// scatterPart copies one part's words into the buckets of both sorts and
// finds the sweep rows of its items.
func (s *Sorter) scatterPart(part int) {
	lo, hi := s.partRange(part, len(s.box))
	for x := range s.ks {
		k := &s.ks[x]
		key := s.fbK
		if x == 1 {
			key = s.uK
		}
		p := k.parts
		var offs [maxSortWorkers]int32
		off := offs[:p]
		for j := range p {
			o := k.base[j]
			for q := range part {
				o += k.cnt[q*p+j]
			}
			off[j] = o
		}
		w, buck := k.w, k.buck[lo:hi]
		for j, key := range key[lo:hi] {
			b := buck[j]
			w[off[b]] = uint64(key)<<32 | uint64(lo+j)
			off[b]++
		}
	}
	s.findRows(part)
}

// localPart sorts bucket part of both sorts and writes their items out:
// the fallback order (byFB) with each item's rank, and the u order (byU).
func (s *Sorter) localPart(part int) {
	for x := range s.ks {
		k := &s.ks[x]
		a, b := k.base[part], k.base[part+1]
		w := radixWords(k.w[a:b], k.tmp[a:b])
		if x == 0 {
			byFB, rank := s.byFB[a:b], s.rank
			for r, e := range w {
				it := int32(uint32(e))
				byFB[r] = it
				rank[it] = a + int32(r)
			}
		} else {
			byU := s.byU[a:b]
			for r, e := range w {
				byU[r] = int32(uint32(e))
			}
		}
	}
}

// radixWords sorts the words key<<32 | item in w stably by key with an LSD
// radix sort over the key bytes that are not the same in every word, using
// tmp (as long as w) as scratch, and returns the sorted words (in w's or
// tmp's memory).
func radixWords(w, tmp []uint64) []uint64 {
	if len(w) < 2 {
		return w
	}
	and, or := ^uint64(0), uint64(0)
	for _, e := range w {
		and &= e
		or |= e
	}
	diff := (and ^ or) >> 32
	tmp = tmp[:len(w)]
	for shift := uint(32); diff != 0; shift, diff = shift+8, diff>>8 {
		if diff&0xff == 0 {
			continue // the same byte in every key
		}
		var count [256]int32
		for _, e := range w {
			count[e>>shift&0xff]++
		}
		sum := int32(0)
		for i, c := range count {
			count[i] = sum
			sum += c
		}
		for _, e := range w {
			d := e >> shift & 0xff
			tmp[count[d]] = e
			count[d]++
		}
		w, tmp = tmp, w
	}
	return w
}
