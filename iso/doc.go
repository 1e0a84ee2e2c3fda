// Package iso is what makes Diorama isometric: projections (2:1 dimetric,
// true isometric, staggered), conversions between world, screen and tile
// coordinates, picking, the camera with culling, and depth keys and sorting
// that turn a map and its objects into a raster draw list.
//
// iso may import raster, atlas and mathx; never scene, physics, ai, loop or
// platform.
package iso
