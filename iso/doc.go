// Package iso is what makes Diorama isometric.
//
// It owns:
//   - projections: 2:1 dimetric (the pixel-art default), true isometric
//     (30°) and any even tile size ([Projection]); world (x, y, z) ↔
//     map-pixel conversions and the inverse on any height plane;
//   - map layouts ([Grid]) for every Tiled orientation: diamond
//     (isometric), staggered and hexagonal (Tiled's stagger axis x/y,
//     index odd/even and hexsidelength), orthogonal (with Tiled's
//     renderorder) and oblique (Tiled 1.12: orthogonal on a sheared
//     grid, [NewOblique]); tile ↔ world cell ↔ screen, and picking that is exact
//     on diamond and hexagon edges (integer arithmetic, half-open cells:
//     every pixel belongs to exactly one tile);
//   - faces for floors and walls on the x-y, x-z and y-z planes ([Face])
//     rasterized by one exact ownership rule, so planes never show seams,
//     textured in their plane ([TextureShade], [TextureShadeMap]: tiled
//     from world positions so neighbouring faces continue the pattern, or
//     from the face's own corner);
//   - the [Camera] (pan, integer zoom, follow with dead zone and smoothing,
//     clamp to the map) and culling whose cost follows the view, not the
//     map ([Grid.AppendVisible]);
//   - depth sorting ([Sorter]; [Sorter.AddBoxes] adds many boxes with one
//     check each and one copy) on diamond-lattice maps: a painter's order for tiles, raised tiles,
//     walls, characters and multi-tile objects from their 3D boxes, by
//     dependency order with a deterministic tie-break and a defined
//     fallback for intersecting boxes; on orthogonal and hexagonal maps
//     objects are drawn in ground-line order, as Tiled draws them;
//   - drawing ([Painter]): tile layers (with elevation) and depth-sorted
//     objects (blocks, walls, sprites) into a raster.DrawList with integer
//     depth keys at the camera's integer zoom, and [ObjectGrid], a static
//     index so that object culling also follows the view.
//
// Coordinates: world x runs to the lower right of the screen, world y to
// the lower left and z up; one world unit on x and y is one tile. Screen
// y grows downwards.
//
// iso may import raster, atlas, mathx and internal/workers (the depth
// sorter's goroutines); never scene, physics, ai, loop or
// platform.
package iso
