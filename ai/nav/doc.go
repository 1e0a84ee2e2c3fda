// Package nav is Diorama's navigation layer: search graphs, searches,
// navigation meshes, and path post-processing and following.
//
// Graphs: [Grid] (4-way, 8-way without corner cutting, odd-r hexagonal;
// per-cell cost multipliers; [ParseGrid]) and [Graph] (explicit weighted
// directed graph with node positions).
//
// Moving AI benchmarks: [ReadMovingAIMap] and [LoadMovingAIMap] read
// octile and octile-corner maps into 8-way grids, [ReadScenarios] and
// [LoadScenarios] read .scen query files (version 1, or HOG2's older
// seven-field lines); errors are [*MovingAIError]s reading
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
// (single source), [NewNextHopTable] (seed 004's all-pairs lookup table,
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
// into a [Mesh] of rectangles, by seed 000's strip intersection
// ([Strips]) or greedy maximal rectangles ([Greedy], about a third of the
// polygons). The walkable area is eroded by the agent radius (rounded up
// to 1/Sub tile). Doors get polygons of their own and lock by disabling
// the edges into them; [Mesh.Block] and [Mesh.Unblock] change the map at
// run time and re-partition only the polygons touched (seed 002's dynamic
// update); [Mesh.Rebuild] starts afresh. [Mesh.FindPath] plans a polygon
// corridor, [Mesh.Portals] and [Funnel] pull the string through it,
// [Mesh.Waypoints] gives the slack portal-midpoint path, and
// [Mesh.Polygons] returns every polygon's outline for drawing.
//
// Post-processing and following: [SeedBezier] (seed 000's listing),
// [Smooth] (adaptive quadratic corner rounding kept walkable by a
// [ClearFunc]), [Shortcut] (line of sight), [LookAhead] and [Follower]
// (seed 002's Left 4 Dead-style following: steer at the farthest visible
// point, arrive, report a blocked path for re-planning), [CellCenters].
//
// Coordinates: grid cells are (x, y) = (column, row) from the top-left,
// as in the Moving AI files. Navmesh and path points are in world units
// of one tile (multiply by the tile size to draw). An 8-way diagonal step
// needs both orthogonal neighbours free and costs √2 times the entered
// cell's cost.
//
// nav imports only mathx and the standard library. It must NOT import
// physics, scene, raster, iso or any other ai package: world knowledge
// comes in through small function types such as [ClearFunc].
package nav
