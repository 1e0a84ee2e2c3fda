// Package physics is Diorama's 2D collision and response: shapes, bodies,
// a uniform-grid broad phase, separating-axis narrow phase, continuous
// collision for fast bodies and bullets, mass-based push resolution, tile
// walls and queries.
//
// What it owns:
//   - Shapes (shape.go, capsule.go): circles, capsules and convex polygons
//     up to 8 vertices (axis-aligned boxes, oriented boxes, general CCW
//     polygons), validated at creation; Collide exposes the narrow phase
//     (the Space's casts sweep shapes with the unexported castCircle).
//   - Space (space.go, step.go), the physics world inside a scene.World (the
//     name Chipmunk gives it): bodies behind generation-checked BodyID
//     handles, stored struct-of-arrays; Step integrates, sweeps fast dynamic
//     bodies against static geometry, finds pairs through the grid, pushes
//     overlaps apart (equal masses split, the lighter moves, static and
//     kinematic never move), and leaves contact and sensor events in plain
//     slices in deterministic order.
//   - Tile walls (tiles.go): solid tiles merged into few boxes whose buried
//     faces never push, so bodies do not snag on seams.
//   - Queries (query.go): ray and circle casts (first and all hits), line of
//     sight, box and shape overlap, nearest body, all through the grid.
//   - Bullets (bullets.go, bgrid.go): a struct-of-arrays pool swept every
//     step against walls and bodies, allocation-free, with hit events.
//     StepBullets first merges the three grids into one per-cell target
//     list (bgrid.go) whose boxes are also quantized to 15-bit lanes of a
//     uint64, so a bullet rejects most targets with one integer
//     subtraction, without branches, and runs the exact box test and the
//     narrow phase only on the few left.
//
// Determinism: no maps, no wall clock; every loop runs in slot order and
// ties are broken by index, so the same calls give the same bits. With
// SpaceDef.Workers > 1, Step's integration, box updates and pair search
// run in consecutive parts of the moving bodies on the workers (each body
// written only by its part; fast bodies are swept on the caller's
// goroutine afterwards, in slot order; the parts' pairs are joined in part
// order) and pushing runs on the caller's goroutine, so the outcome is the
// same for any worker count (tested). StepBullets may spread bullets over
// SpaceDef.Workers goroutines (chunks of slots taken from a shared
// counter); each bullet's sweep only reads the world and events are merged
// back into slot order, so the result is the same for any worker count
// (tested, also under -race). StepBulletsThen runs a caller's pass on each
// chunk (BulletChunk slots) right after its sweep, on the same goroutine
// (the scene's bullet lifetimes), and Bullets.PrevX/PrevY receive the
// positions before the step, so a game needs no serial pass over the pool. The step's pair search and the bullet sweep
// de-duplicate multi-cell visits by testing a candidate only in the first
// cell both ranges share, not with marks (queries still use marks).
// SpaceDef.BruteForce swaps every broad-phase walk for all-pairs loops;
// tests use it as the reference the grid must match exactly.
//
// Units are whatever the caller uses, consistently: scene runs physics in
// world units (one tile on x and y, the floor plane of iso's projection),
// the pixel-unit tests (perf's control-map tables) in pixels. Nothing here
// depends on the unit, or on the direction of y, except that
// "counter-clockwise" means positive signed area.
//
// physics imports only mathx, internal/workers (the goroutines of its
// parallel passes) and the standard library. It must NOT import
// raster, atlas, iso, scene, ai, loop, platform or any third-party module:
// it knows nothing of rendering, scenes or AI.
package physics
