package testenv

import "runtime"

// AllocsOver calls f once to warm up, then n times, and returns the exact
// number of heap allocations those n calls made (runtime.MemStats.Mallocs,
// which counts tiny allocations too), with GOMAXPROCS at 1 for the
// measurement as testing.AllocsPerRun does.
//
// Zero-allocation tests check that this total is 0 over a window of many
// frames. testing.AllocsPerRun divides the total by n in integers, so it
// reports 0 for anything allocating less than once per call: a frame loop
// allocating once every hundred frames passes it at any n below 100.
func AllocsOver(n int, f func()) uint64 {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	f()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.Mallocs
	for range n {
		f()
	}
	runtime.ReadMemStats(&ms)
	return ms.Mallocs - before
}
