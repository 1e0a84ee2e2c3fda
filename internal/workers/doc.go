// Package workers runs a job on a fixed set of goroutines: the one
// worker pool of the engine's parallel passes (the crowd's steering,
// physics' bullet sweeps and per-body passes, the depth sorter's phases,
// the renderer's bands).
//
// A [Pool] of n workers calls a job's function once for each worker
// index, 0 on the calling goroutine and 1..n−1 on goroutines it starts
// once; Run returns when every call has returned. How a job shares out
// its work (fixed parts by worker index, or chunks claimed from a
// counter) is the job's own business, so a result never depends on
// which goroutine ran what.
//
// The point of the package is the hand-off. A pass is often a few
// hundred microseconds and a tick runs a dozen of them back to back,
// while waking a parked goroutine costs tens of microseconds (far more
// on some virtual machines). So a helper that finishes a job spins a
// while, yielding, for the next one before it parks, and the caller
// spins a while for the helpers' last calls before it parks: back-to-back
// jobs hand over with no sleep and no wake-up.
//
// It imports only the standard library; every package may import it.
package workers
