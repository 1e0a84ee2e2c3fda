package testenv

import "testing"

var sink []byte

// everyHundredth is a frame loop that allocates once every hundred calls.
func everyHundredth() func() {
	calls := 0
	return func() {
		if calls++; calls%100 == 0 {
			sink = make([]byte, 64)
		}
	}
}

// A loop allocating once in a hundred frames fails the zero-allocation
// check over a window of a hundred frames (one allocation, in every
// window measured), where testing.AllocsPerRun's integer average reports 0.
func TestAllocsOverCountsEveryAllocation(t *testing.T) {
	if got := AllocsOver(100, everyHundredth()); got != 1 {
		t.Fatalf("one allocation in 100 frames counted as %d", got)
	}
	if got := AllocsOver(1000, everyHundredth()); got != 10 {
		t.Fatalf("ten allocations in 1000 frames counted as %d", got)
	}
	// Allocating in some windows only (the first of three here) is a
	// growth that settled, not a steady allocation: 0.
	calls := 0
	if got := AllocsOver(100, func() {
		if calls++; calls > 2 && calls <= 102 && calls%50 == 0 {
			sink = make([]byte, 64)
		}
	}); got != 0 {
		t.Fatalf("allocations in the first window only counted as %d", got)
	}
	t.Logf("testing.AllocsPerRun(100) on the same loop: %v", testing.AllocsPerRun(100, everyHundredth()))
	if got := AllocsOver(500, func() {}); got != 0 {
		t.Fatalf("an empty loop counted %d allocations", got)
	}
	// Tiny allocations (under 16 bytes, no pointers), which the runtime
	// packs several to a block, are counted one each.
	if got := AllocsOver(7, func() { tinySink = new([2]byte) }); got != 7 {
		t.Fatalf("7 tiny allocations counted as %d", got)
	}
}

var tinySink *[2]byte
