// Package nav is Diorama's navigation layer: search graphs, searches,
// navigation meshes, and path post-processing and following.
//
// Graphs: [Grid] (4-way, 8-way without corner cutting, odd-r hexagonal;
// per-cell cost multipliers; [ParseGrid]) and [Graph] (explicit weighted
// directed graph with node positions).
//
// Moving AI benchmarks: [ParseMovingAIMap] and [LoadMovingAIMap] read
// octile and octile-corner maps into 8-way grids, [ParseScenarios] and
// [LoadScenarios] read .scen query files (version 1, or HOG2's older
// seven-field lines); errors are [*Error]s reading
// "file:line:column: what".
//
// Searches run on a [Searcher], which owns its work arrays and reuses
// them, so after warm-up a query allocates nothing when the caller passes
// a destination slice with room: [Searcher.AStar] and
// [Searcher.AStarGraph] (A* with a closed set; start and goal in
// different components fail in constant time; Nearest returns the path to
// the closest reachable node; MaxExpand bounds the work), [Searcher.JPS]
// (Jump Point Search for uniform 8-way grids, scanning 64 cells at a time
// through precomputed stop masks, one bit per probe on diagonal walks),
// [Searcher.JPSPlus] (JPS+ with jump distances precomputed per cell and
// direction), [Searcher.DijkstraGrid] and [Searcher.DijkstraGraph]
// (single source), [NewNextHopTable] (an all-pairs lookup table,
// with its size in bytes), and the sliced [Searcher.BeginGrid] /
// [Searcher.Step] used by [PathQueue] to plan for crowds under a per-tick
// expansion budget.
//
// On uniform-cost 8-way grids (the Moving AI setting) A*, JPS and JPS+
// run in exact integer costs (straight 985, diagonal 1393, a convergent
// of √2 that orders octile lengths exactly while diagonal counts differ
// by under 985), one 16-byte record per cell, precomputed 8-bit masks of
// legal moves, and a monotone open list: a 4096-bucket ring with a
// two-level bitmap for A*, a radix heap for JPS's long jumps. Stats.Cost
// is the exact octile length of the path returned. Other grids and graphs
// use float costs and an indexed binary heap.
//
// Navigation meshes: [Build] turns a [TileMap] (open, wall, door tiles)
// into a [Mesh] of rectangles, by strip intersection
// ([Strips]) or greedy maximal rectangles ([Greedy], about a third of the
// polygons). The walkable area is eroded by the agent radius (rounded up
// to 1/Sub tile). Doors get polygons of their own and lock by disabling
// the edges into them; [Mesh.Block] and [Mesh.Unblock] change the map at
// run time and re-partition only the polygons touched; [Mesh.Rebuild] starts afresh. [Mesh.FindPath] plans a polygon
// corridor, [Mesh.Portals] and [Funnel] pull the string through it,
// [Mesh.Waypoints] gives the slack portal-midpoint path, and
// [Mesh.Polygons] returns every polygon's outline for drawing.
//
// Navigation meshes from geometry: [BuildGeom] turns obstacle polygons
// in world units ([BoxObstacle] axis-aligned or rotated, [CircleObstacle],
// [PolygonObstacle] convex or concave) inside a bounding rectangle into a
// [PolyMesh] of convex polygons for an agent of radius r: each obstacle
// is split into convex parts (ear clipping, Hertel–Mehlhorn) and each
// part grown by a regular polygon tangent to the agent's disc (Sides, 8
// by default), and the rectangle is shrunk by r. Two builders:
//
//   - [Triangulate]: a constrained Delaunay triangulation of the free
//     space (incremental Lawson insertion, Sloan's flips for
//     constraints, crossing constraints split at their intersection),
//     triangles classified free or blocked, then merged into convex
//     polygons. It covers the free space exactly.
//   - [SeedGrow]: a simplified DEACCON (rectangles grown from seeds) on a raster of Cell-sized
//     cells (a cell is walkable when no inflated obstacle overlaps it):
//     Seeds squares on a lattice grown one cell per side in turn, then
//     Iterations rounds of seeding gaps along the rectangles' sides.
//
// A PolyMesh answers Mesh's queries: PolyAt (bucket grid), FindPath (A*
// over polygons, entering each portal where the line to the goal crosses
// it; no allocation once warm), Portals + [Funnel] (or Path for both),
// Waypoints, Clear, Nearest, Polygons. [PolyMesh.AddObstacle],
// [PolyMesh.RemoveObstacle] and [PolyMesh.MoveObstacle] update it live,
// rebuilding only the polygons that touch the changed obstacle (a
// triangulated mesh re-triangulates their box with the surrounding
// edges as constraints; a SeedGrow mesh re-rasterises the cells and
// re-seeds the gap, as DASFV does).
//
// Measured on an AMD EPYC with 2 cores shared with other jobs (load 8–12,
// so timings vary by up to 2×; ranges are over two runs of
// go test ./ai/nav -run '^$' -bench BenchmarkGeom -benchtime=10x), on
// random fields of boxes, rotated boxes, circles, convex and concave
// polygons, agent radius 1; path figures over 100 random queries against
// the visibility-graph shortest path (the test reference); "area" is the
// mesh's area over the exact free area:
//
//	field                builder              build      polys  area   len/shortest mean, worst
//	100×60, 25 obst.     Triangulate          1.0–1.3 ms   137  1.000  1.001, 1.027
//	                     Triangulate NoMerge  0.8–1.6 ms   287  1.000  1.001, 1.027
//	                     SeedGrow cell 0.5    1.1–1.4 ms   238  0.971  1.006, 1.056 (5% of queries missed)
//	                     SeedGrow cell 0.25   2.8–3.9 ms   344  0.981  1.005, 1.073 (3% missed)
//	400×240, 400 obst.   Triangulate           16–26 ms   2527  1.000
//	                     SeedGrow cell 0.5     15–18 ms    678  0.470 (12 seeds, 3 rounds: pockets never seeded)
//	                     SeedGrow 0.25, all    98–106 ms  9543  0.985 (Iterations -1)
//
// Live update on the 400×240 field, one obstacle moved per update
// (BenchmarkGeomUpdate): Triangulate 150–250 µs replacing about 14 of
// 2535 polygons; SeedGrow 55–65 µs at cell 0.5 (29 rectangles
// replaced). One update then 1,000 agents replanning across the map
// (BenchmarkGeomReplan1000): 13–15 µs per agent on the triangulated
// mesh, 44–48 µs on SeedGrow's. The tests bound the triangulated funnel
// path at 1.25× the true shortest (worst seen 1.194 over 100 fields of
// live edits); it is not a guarantee (one entry point per polygon), and
// SeedGrow's paths are longer where its raster and coverage gaps close
// passages.
//
// Post-processing and following: [SeedBezier] (chained quadratic Béziers),
// [Smooth] (adaptive quadratic corner rounding kept walkable by a
// [ClearFunc]), [Shortcut] (line of sight), [LookAhead] and [Follower]
// (Left 4 Dead-style following: steer at the farthest visible
// point, arrive, report a blocked path for re-planning), [CellCenters].
//
// Coordinates: grid cells are (x, y) = (column, row) from the top-left,
// as in the Moving AI files. Navmesh and path points are in world units
// of one tile (multiply by the tile size to draw). An 8-way diagonal step
// needs both orthogonal neighbours free and costs √2 times the entered
// cell's cost.
//
// nav imports only mathx, internal/loadutil (regular-file opening) and the
// standard library. It must NOT import
// physics, scene, raster, iso or any other ai package: world knowledge
// comes in through small function types such as [ClearFunc].
package nav
