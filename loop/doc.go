// Package loop runs simulation time: a fixed-step clock with an
// accumulator, a catch-up cap, the interpolation factor handed to
// rendering, pause and resume, periodic tasks and frame statistics, plus a
// headless driver with a virtual clock.
//
// loop imports only the standard library.
package loop
