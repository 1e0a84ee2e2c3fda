// Package isoxml loads IsoMob-style XML scenes (IsoMob's scene format) and the
// definitions files they name, through an fs.FS.
//
// A scene is <scene gridsize levelsize> with a <head> (<name>,
// <description>, one or more <definitions src>) and a <body> of <wall>
// (dir="vert" is a y-z plane, dir="horiz" an x-z plane; size along the
// plane, height along z), <floor> (an x-y plane; width along x, height
// along y), <object> and <character> (a position, a def naming a
// definition, an orientation in degrees, and any further attributes kept
// as free-form Props). A definitions file holds <media src> (the sprite
// sheet), <materialDefinition> (textures; a name ending in "Tiled" is a
// tiled texture), and <objectDefinition> or <characterDefinition> with a
// <displayModel> of <sprite angle src> and a <collisionModel> <cylinder
// radius height> (the IsoMob generator's "cilinder" spelling is accepted).
// [LoadSheet] reads a sprite sheet's .xml in the TextureAtlas form
// (<SubTexture name x y width height frameX frameY frameWidth
// frameHeight>); level.BuildIsoXMLFS draws the art.
//
// It owns the Scene model with every reference resolved (walls and floors
// to their Material, objects and characters to their ObjectDef), the level
// Bounds (the union of walls and floors, inside which every entity must
// stand), grid Cells and footprints, and Limits. The *Error type and its
// kinds, the capped file read and the path resolution are the scene
// loaders' shared ones from internal/loadutil. Errors name
// the file, the line and the element: malformed XML, unknown elements or
// attributes, missing or non-finite values, negative or zero sizes,
// references to undefined definitions or materials, duplicate ids or
// names, positions outside the level. Paths are resolved relative to the
// file naming them and never leave the fs.FS root; sizes, counts and
// nesting are bounded by Limits. A load returns a complete Scene or nil and
// an error, never a panic.
//
// isoxml imports only the standard library, mathx and
// internal/loadutil. It must NOT import iso, raster, physics, atlas
// or any other Diorama package: it is a pure data loader; projecting planes
// and drawing sprites is iso's and the scene's job.
package isoxml
