// Command demo is Diorama's showcase. Until the desktop window and the tank
// game land, it runs a small animated isometric scene headless — diamond
// floor tiles, raised blocks, tanks driving and firing, an HUD — on the
// fixed-step loop, writes out/demo.gif and out/demo.png, and prints one
// line: frames rendered, mean and p95 render time per frame.
//
// Usage:
//
//	go run ./cmd/demo [-frames 180] [-out out] [-seed 1] [-workers 0]
package main
