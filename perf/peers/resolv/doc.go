// Package resolvpeer compares Diorama's physics package with
// github.com/solarlune/resolv (v0.8.0) on the same scenes, in the same
// benchmark run: seed 000's 71-entity collision scene, bullets against 1,000
// units on an 800×480 world, and 10,000 random raycasts. It lives in its
// own module so the engine's go.mod never depends on the peer.
//
// It may import diorama/physics, diorama/mathx and resolv; nothing imports
// it.
package resolvpeer
