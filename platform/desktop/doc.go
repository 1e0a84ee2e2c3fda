// Package desktop presents Diorama frames in a GLFW 3.3 window through an
// OpenGL 3.3 core context and turns GLFW input into engine input events.
//
// The frame is one texture, allocated once and refreshed every frame with
// glTexSubImage2D, drawn as one quad with nearest filtering, scaled into
// the window by the game's [platform.ScaleMode] (integer scaling with
// black letterbox bars by default). F11 or Alt+Enter toggles fullscreen.
// Mouse positions are mapped back through the same viewport, so a game
// always sees frame coordinates.
//
// Pacing: [Run] relies on vsync, but checks that it holds. It measures the
// interval between buffer swaps; when frames come much faster than the
// monitor's refresh rate (60 Hz when none is reported, as on Xvfb, VNC
// and many VMs), it sleeps to the next refresh deadline, and
// measures again every couple of seconds so it lets go once vsync works.
// The fixed-step clock always sees real elapsed time. Config.NoVSync
// turns vsync and the limiter off (benchmarks). A game implementing
// [platform.Idler] is not drawn while it reports idle: Run keeps ticking
// and blocks in glfw.WaitEventsTimeout until the next tick or an input
// event, so a menu or a pause screen costs next to no CPU.
//
// GLFW and OpenGL must be used from the main OS thread: this package locks
// the main goroutine to it in init, and [Run] must be called from the main
// goroutine. Without cgo, on Android and on js/wasm the package builds but
// [Run] and [Available] report [ErrUnavailable].
//
// cgo is allowed here and only under platform/. desktop may import
// platform, raster, loop and mathx; never scene, physics, ai, iso or atlas.
package desktop
