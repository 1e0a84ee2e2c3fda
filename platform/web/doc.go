// Package web presents Diorama frames in a browser canvas (GOOS=js,
// GOARCH=wasm): each frame is copied into an ImageData and drawn with
// putImageData, the canvas is scaled with CSS by the game's
// [platform.ScaleMode] (integer scaling and letterboxing by default,
// image-rendering: pixelated), keyboard, mouse, wheel and touch events
// become engine events in frame coordinates, and gamepads with the
// browser's standard mapping are polled every frame.
//
// `make web` builds ./platform/web/example (or WEBPKG) into out/web/ with
// index.html and wasm_exec.js; any static server can serve the folder.
// Adding ?timer=1 to the page's URL drives frames with setTimeout instead
// of requestAnimationFrame (headless Chromium's --screenshot mode runs
// only a few animation frames).
//
// The key and coordinate mapping is portable Go, tested natively; only
// the glue to syscall/js is js/wasm. web may import platform, raster, loop
// and mathx; never scene, physics, ai, iso or atlas.
package web
