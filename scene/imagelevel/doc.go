// Package imagelevel loads Tanktrum's image levels: a map drawn as a PNG
// (one pixel per tile; black #000000 is wall, blue #0000ff is door,
// anything else is floor) paired with a JSON description of the player's
// start, the named doors and the overlords that spawn enemy waves.
//
// It owns the Grid (cells, door pixels with their axis, wall strips merged
// the way Tanktrum's level builder does), the Description (the typed JSON:
// player, doors, overlords with lock_on_entry, triggers, spawn_points,
// max_in_level, spawns_in_wave), the Level that checks the two against each
// other, and Limits. The *Error type, its shared kinds and the capped file
// read come from internal/loadutil, as in the other scene loaders,
// and are re-exported here.
//
// Tanktrum silently skipped a door that was not between two walls; here it
// is an error naming the pixel, as is a door pixel the description does not
// name, a described door on a non-door pixel, or a point outside the image
// or inside a wall. JSON errors name the file, line, column and field path.
// The PNG's declared size is checked with png.DecodeConfig against Limits
// before the image is decoded; paths are fs.FS paths and cannot leave its
// root. A load returns a complete Level or nil and an error, never a panic.
//
// imagelevel imports only the standard library, mathx and
// internal/loadutil. It must NOT import iso, raster, physics, atlas,
// ai or any other Diorama package: it is a pure data loader; building
// walls, doors and the navigation mesh from the grid is the scene's and
// ai/nav's job.
package imagelevel
