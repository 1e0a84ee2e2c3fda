// Package perf holds Diorama's performance tests: seed 003's (IsoMob)
// bullet test and unit test rebuilt on the real engine, sweeps that raise
// the counts until a frame no longer fits 60 FPS, plots, and the report
// generator (cmd/report, which writes REPORT.md).
//
// Both tests run on an iso map (2:1 dimetric, 32×16 tiles) at IsoMob's
// 800×480: a walled 24×24 room with four pillars, built as a scene.World
// with atlas-packed, 30-frame animated character sprites. In the bullet
// test one character fires a ring of Count evenly spaced bullets every
// 500 ms; bullets are the scene's struct-of-arrays pool swept by physics
// (continuous collision) and die on walls or after BulletTTL. In the
// unit test Count enemies wander, steered by the scene world's own crowd
// (Crowd.Enable, Crowd.Steer: ai/steer's wander, separation,
// wall avoidance against the physics walls, contact resolution, inside
// World.Step; the test copies no state between worlds) while physics
// keeps them out of the walls; the room grows with the count (about 4
// tiles of floor per unit) and the camera shows its centre. Every frame is fully rendered into an
// 800×480 raster.Frame by the band-parallel raster.Renderer.
//
// Runs are driven by loop.Headless on a virtual clock (one 1/60 s tick
// per frame), so the simulation never depends on the machine; only the
// wall time of each tick and each render is measured. Tests assert
// behaviour only (ring pattern, wall deaths, the seed's alive counts,
// units out of walls, zero allocations, determinism); speed is measured
// by the benchmarks and by cmd/report.
//
// Seed 000's tables (tables.go, tables_cull.go, tables_report.go) rebuild
// its Tanktrum control map (ControlMap: 20 merged walls, 50 AI tanks
// settled from one spawn point and the player; repeated 2×2 and 4×4 for
// more entities) and reproduce Table 2.1/2.2 (CollisionTable: a
// physics.Space step for each grid cell count, with the work counted as
// the seed counted its checks) and Table 3.1 (CullTable: an 800×480 iso
// frame with the engine's culling and with everything queued and clipped,
// at views holding the seed's on-screen counts). BenchmarkTable21 and
// BenchmarkTable31 time the same scenes; `go run ./perf/cmd/report
// -only-tables` prints the tables with the seed's figures beside ours,
// draws their plots (PlotXY) and replaces their section of REPORT.md.
//
// Issue 19's bulk targets (about 1,000,000 bullets and 50,000 units at
// 60 FPS on 2 cores): bullets are stepped by physics on the renderer's
// worker count (physics.Space.SetWorkers) and drawn by a batched
// band-parallel blit of one opaque stamp (blit.go), units steer with
// steer.Config.Workers (and with Config.Pipeline the next tick's steering
// runs while a frame is drawn, Crowd.StepAsync); both keep the state hash of one worker (tested).
// MeasureMemory gives heap bytes per bullet and per unit; `go run
// ./perf/cmd/report -bulk` sweeps the counts on 2 cores and `-soak N`
// runs the headless demo N ticks sampling its RSS and heap, each
// replacing its own section of REPORT.md. perf/webbench runs the same
// bullet workload as js/wasm in headless Chromium and natively on one
// thread, and `go run ./perf/cmd/report -web` compares their frame times
// in REPORT.md's web section.
//
// Issue 27's scaling: Scale (scale.go) measures raster's 10k-sprite
// frame, iso's 10k depth sort, 50,000 units and the most units and
// bullets alive at 60 FPS at 1, 2, 4, 8 and 16 cores (GOMAXPROCS and every
// worker count per row: the scenes' ticks follow the renderer's worker
// count, World.SetWorkers); `report -scale` writes its table, Karp–Flatt
// serial fractions and plot (a binary built with CGO_ENABLED=0 needs no
// toolchain or repository files).
//
// The naive Go peer (image/draw blitting, brute-force collision) lives in
// its own module, perf/peers/naive, as do the other peers under
// perf/peers.
//
// perf may import every engine package (it sits at the top of the
// package map); no engine package may import perf.
package perf
