// Command isopack turns a folder of loose PNG files named by IsoMob's
// asset convention (the name prefixes and facings its asset-building
// script reads, listed below) into what an IsoMob XML scene reads: one sprite sheet (a PNG
// page packed with MaxRects and its TexturePacker JSON), a definitions
// file pointing at it, and optionally a starter scene that plays.
//
// Usage:
//
//	isopack [flags] -o out/ -name level1 [-scene] images/
//
// File names (without .png, camel case, letters, digits and _ only) say
// what each image is:
//
//   - tex<Name> or mat<Name>: a material (texture for walls and floors);
//     a name ending in "Tiled" is a tiled texture (texBrickTiled), which
//     neighbouring planes continue seamlessly.
//   - obj<Name>: a solid object (objCrate), one sprite at angle 0.
//   - item<Name>: an object that is not solid (itemGem).
//   - bullet<Name>: packed in the sheet, no definition.
//   - <name><Facing>[<frame>]: a character sprite, Facing one of East,
//     South, West, North (sprite angles 45, 135, 225, 315) or Side (east
//     and west); numbered frames (heroEast001, heroEast002, ...) animate.
//
// Every object and character gets IsoMob's default collision cylinder
// (radius 20, height 20 scene units, -radius and -height change it). The
// outputs, in the -o folder: <name>.png and <name>.json (the sheet),
// <name>_defs.xml (<definitions> with <media src="<name>"/>, one
// <materialDefinition> per material and one <objectDefinition> per object
// and character) and with -scene <name>_scene.xml: a -cells square room
// (gridsize 64) floored with the first tiled material, walled along two
// sides with a material named like a wall (Wall, Brick, Stone, Plank),
// the objects on a diagonal, the first character (one named player or
// hero, else the first by name) as "Player" in the middle and the others
// (at least -enemies of them, repeating the player's kind when it is the
// only one) as characters E1, E2, ... in the
// corners. Load it with scene.LoadIsoXML or play it with
// go run ./cmd/demo -level out/<name>_scene.xml.
//
// isopack may import atlas, raster and mathx; it is a tool, not part of
// the engine's runtime.
package main
