// Package atlas packs sprites into texture pages (padding, extrusion,
// trimming), reads and writes sprite sheet descriptions (TexturePacker,
// Aseprite, grids) and plays animations.
//
// atlas may import raster and mathx; never iso, scene, physics, ai, loop or
// platform.
package atlas
