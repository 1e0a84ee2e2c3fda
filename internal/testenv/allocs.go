package testenv

import "runtime"

// AllocsOver returns the exact number of heap allocations n calls of f
// make (runtime.MemStats.Mallocs, which counts tiny allocations one
// each), measured with GOMAXPROCS at 1 as testing.AllocsPerRun does.
//
// Zero-allocation tests check that this total is 0 over a window of many
// frames. testing.AllocsPerRun divides the total by n in integers, so it
// reports 0 for anything allocating less than once per call: a frame loop
// allocating once every hundred frames passes it at any n below 100.
//
// Mallocs also counts what the runtime allocates for itself at any moment
// (a background goroutine growing its timer heap, a collector worker
// starting), now and then one object in a window. So a window that
// allocates is measured again, up to three windows of n calls in all, and
// AllocsOver returns the smallest total: anything that allocates at least
// once every n calls is reported in every window, and so always.
//
// Before measuring, the heap is collected and f is called once, as
// testing.AllocsPerRun calls it (so a test sees n+1 calls when nothing
// allocates): a collection that would otherwise finish inside the window
// (the test's setup left garbage) empties the sync.Pools, and refilling
// them allocates, while a loop that allocates nothing starts none; the
// call after the collection lets the pools set up again.
func AllocsOver(n int, f func()) uint64 {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	runtime.GC()
	f()
	var least uint64
	for w := 0; w < 3; w++ {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		before := ms.Mallocs
		for range n {
			f()
		}
		runtime.ReadMemStats(&ms)
		if got := ms.Mallocs - before; w == 0 || got < least {
			least = got
		}
		if least == 0 {
			break
		}
	}
	return least
}
