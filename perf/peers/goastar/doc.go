// Package goastar compares Diorama's ai/nav grid searches with
// github.com/beefsack/go-astar (an interface-based A*) on the same Moving AI
// queries. It is a separate module so the engine's go.mod never depends on
// the peer. It must NOT be imported by the engine.
//
// Run from this directory:
//
//	go test -bench . -benchtime 3x
package goastar
