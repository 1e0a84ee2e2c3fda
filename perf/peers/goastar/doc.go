// Package goastar compares Diorama's ai/nav grid searches with
// github.com/beefsack/go-astar (an interface-based A*) on the same Moving AI
// queries. It is a separate module so the engine's go.mod never depends on
// the peer. It must NOT be imported by the engine.
//
// Run from this directory:
//
//	nice -n -20 go test -run XXX -bench 'Peers/.*/(go-astar|nav-.*)$' -benchtime 3x -count 3
//
// Measured 2026-11-21 on the shared, loaded 2-core machine (CPU ns per
// query, best of three; go-astar fed precomputed neighbour slices, its
// best case; every search returns the listed optimal length):
//
//	map            go-astar   nav A*  ratio   nav JPS  nav JPS+
//	arena             63452     1088    58×       465       438
//	den312d          325860    15995    20×      1878      1692
//	maze-100-1       768278    62416    12×     40017     43526
//	random-100-33    808550    66059    12×     58717     58021
//	room-100-10      877755    53456    16×      8310      6972
//
// The arena row is the least precise: a pass over its 161 short queries
// takes under 0.2 ms, close to the resolution of the CPU clock.
package goastar
