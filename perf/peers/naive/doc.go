// Command naive runs seed 003's bullet test the plain Go way, as the
// baseline the engine is measured against in perf/REPORT.md: the same
// room, pillars, ring pattern, bullet speed and lifetime as diorama/perf,
// but one heap object per bullet, brute-force collision (every bullet's
// step against every solid tile, a slab test), sort.Slice of every
// drawable by depth, and image/draw (draw.Draw, draw.Over) for every
// tile, wall, character and bullet into an *image.RGBA on one goroutine.
//
// It is its own module (replace diorama => ../../..) so the engine's
// go.mod stays minimal; it imports only diorama/perf's room layout and
// constants. perf/cmd/report runs it with -json.
//
//	go run . -seconds=120 [-sweep] [-json]
package main
