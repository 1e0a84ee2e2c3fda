// Package growth counts how often the engine's reused scratch buffers
// (the depth sorter's) grew to a new size. A steady-state allocation test
// uses it to tell growth to a new high-water mark, which happens a few
// times as a game warms up, from an allocation every frame, which must
// not happen. It imports only sync/atomic; only engine packages and tests
// import it.
package growth

import "sync/atomic"

var n atomic.Uint64

// Add records one growth.
func Add() { n.Add(1) }

// Count returns the growths recorded so far.
func Count() uint64 { return n.Load() }
