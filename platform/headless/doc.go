// Package headless runs a Diorama game without a window: tick-exact, as
// fast as the machine allows, with scripted input, PNG snapshots and an
// animated GIF of the frames. Tests, the perf suite, CI and machines with
// no display use it.
//
// headless may import platform, raster, loop, mathx and internal/loadutil
// (reading a script file, its positioned errors); never scene, physics,
// ai, iso or atlas. It uses no cgo.
package headless
