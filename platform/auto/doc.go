// Package auto runs a game on the best backend this build and machine
// offer, so a main package needs one call: the browser canvas under
// js/wasm, the x/mobile app on Android (with cgo, as gomobile builds it),
// a desktop window when a display is reachable, and otherwise the
// headless backend (no display, or a DISPLAY nobody answers: a closed
// Xvfb, a stale SSH forwarding), which says so on one log line and writes
// a PNG of the last frame and an animated GIF instead.
//
// auto may import the platform backends, platform, raster and loop;
// never scene, physics, ai, iso or atlas.
package auto
