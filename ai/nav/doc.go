// Package nav is Diorama's navigation layer: search graphs (4-way, 8-way
// and hexagonal grids with per-cell costs, explicit weighted directed
// graphs), searches over them (A* with a closed set and an indexed binary
// heap, Dijkstra single-source and an all-pairs next-hop lookup table, Jump
// Point Search for uniform 8-way grids), a Moving AI map and scenario
// parser, navigation meshes built from tile maps (seed 000's strip
// intersection and a greedy maximal-rectangle decomposition, doors,
// agent radius, run-time blocking with local re-partition), and path
// post-processing and following (funnel, quadratic Bézier smoothing,
// line-of-sight shortcutting, look-ahead following, a budgeted planning
// queue).
//
// Grid coordinates are cells: x is the column and y the row, both from the
// top-left, matching the Moving AI files. Navmesh and path points are in
// world units where one tile is one unit (multiply by the tile size to
// draw). 8-way grids never cut corners: a diagonal step needs both
// orthogonal neighbours free; it costs √2 times the entered cell's cost.
//
// Searches allocate their work arrays once per [Searcher] and reuse them:
// after warm-up a query allocates nothing when the caller passes a
// destination slice with room for the path.
//
// nav imports only mathx and the standard library. It must NOT import
// physics, scene, raster, iso or any other ai package: world knowledge
// comes in through small function types such as [ClearFunc].
package nav
