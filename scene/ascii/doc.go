// Package ascii loads text levels: rows of characters, one per grid cell, read through an fs.FS.
//
// The default legend: '-' empty, 'w' wall, 't' and 'b' half
// walls (moved up, moved down), 's' the player, 'e' an enemy, 'p' a pick-up
// (the last three stand on empty cells). A Loader may use any other legend.
// The size comes from the file:
// the first row sets the width and every row must match it.
//
// It owns the Level model (a row-major grid of Cell kinds plus Spawn
// points in reading order), the Legend and Limits. The *Error type, its
// kinds and the capped file read are the scene loaders' shared ones from
// internal/loadutil, re-exported here. Errors name the file, the
// 1-based line and column, and what is wrong (empty file, ragged row,
// unknown character, size or spawn count over Limits, no player or a
// second one). Sizes are checked before the grid
// is allocated; a load returns a complete Level or nil and an error, never
// a panic.
//
// ascii imports only the standard library, mathx and
// internal/loadutil. It must NOT import iso, raster, physics, atlas
// or any other Diorama package: it is a pure data loader, and turning
// cells into walls and entities is the scene's job.
package ascii
