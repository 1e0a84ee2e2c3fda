// Command demo is Diorama's showcase: an isometric twin-stick tank shooter
// (after the Android game "Tanktrum", with Buckland-style enemies: state
// machines, fuzzy weapon choice, squads, terrain analysis) that runs
// unchanged on desktop (GLFW window), web (js/wasm canvas, make web
// WEBPKG=./cmd/demo) and Android (x/mobile, virtual thumbsticks), and
// headless, where an AI player plays and the run is written to a PNG and
// an animated GIF.
//
// The game: a level select (four shipped levels: two Tiled maps, an ASCII
// level and an image level, all embedded; or a level file named on the
// command line), waves of seven kinds of enemy each driven by a different
// part of ai/ (behaviour trees, an FSM, fuzzy rules, terrain analysis, a
// formation with the safety update, paths walked by the world), doors
// that shut while a wave runs and crates that break (one SetSolid or
// Remove each: physics and navigation follow), barricades the player
// drops, pickups, bullets and rockets through the physics' continuous
// collision, a HUD, a pause menu, an F1 debug overlay, and an attract mode
// (the AI plays every level in turn when the level select is left alone
// for 8 seconds).
//
// It is written against the engine's public API as any game would be:
// scene draws every tank, bullet, pickup, door and effect from looks it
// makes from the game's sprite sheet (looks.go: scene.AtlasLooks),
// walks enemies along their paths (Navigator.MoveTo) and keeps physics and
// navigation in step; the demo holds the rules (play.go, enemies.go,
// brains.go, tactics.go), the brains' data (brains/: behaviour trees,
// state machines and fuzzy rules as text, whose leaves brains.go and
// tactics.go register), the art (art/sprites.png and its TexturePacker
// JSON, drawn in code by the test in art_test.go; the sounds,
// art/sfx/*.wav, made in integers by sfx_test.go and loaded with
// audio.Load in sound.go), the levels (embedded
// from levels/, written by the test in layouts_test.go from character
// layouts), the HUD and menus (game.go, draw.go) and the AI player
// (autopilot.go).
//
// Usage:
//
//	go run ./cmd/demo [-headless] [-ticks 1800] [-seed 1] [-record out/demo.gif] [-out out] [-workers 0] [level file]
//
// At exit it prints one line: frames, the level's score and state hash,
// and the busy-wave frame time (the ticks since the previous frame plus
// the drawing; mean, p95, worst) over frames with three or more enemies.
//
// It imports everything; nothing imports it.
package main
