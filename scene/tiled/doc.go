// Package tiled loads maps and tilesets made with the Tiled map editor:
// TMX and TSX (XML) and TMJ and TSJ (JSON), through an fs.FS so embedded
// assets, directories and tests share one code path.
//
// It owns:
//   - the data model: Map, Tileset, Tile, Layer (tile, object, image and
//     group layers), Object, typed Properties, and GID with its four
//     flip/rotation bits cleared and exposed as Flags;
//   - decoding of tile layer data (XML, CSV, base64 with zlib, gzip or
//     zstd), infinite maps in chunks, external and image-collection
//     tilesets, tile offsets and animations, object templates (.tx, .tj)
//     applied to the objects that use them;
//   - Layout: where Tiled draws tile (x, y) for each orientation
//     (orthogonal, isometric, staggered, hexagonal, oblique), in which
//     order, and how object coordinates (which on isometric maps live in
//     a projected pixel space, on oblique ones in a sheared one) convert
//     to screen and tile space.
//
// Loading is defensive: every path is resolved relative to the file that
// names it and refused if it would leave the fs.FS root; declared sizes are
// checked against Limits before anything is allocated (layers × cells
// among them: each layer counts LayerCells besides its tiles, and a map
// has at most MaxLayers); decompressed data is
// read through a limit of exactly the expected size, so a decompression bomb
// is an error. Errors are *Error values naming the file, the line and the
// element path (`tileset "t" > tile 3 > image`). A load either returns a
// complete Map or nil and an error; it never panics.
//
// Every format is read into one intermediate form, an element tree in
// TMX's vocabulary (internal/loadutil's XMLNode): TMX, TSX and TX by the
// XML tree builder, TMJ, TSJ, TJ and .world files by a JSON scanner that
// renames JSON's fields into TMX's elements and attributes (jsonform.go).
// One interpreter (read.go, with form.go's attribute readers) turns the
// tree into a Map, Tileset, template or World, so defaults, checks and
// messages are written once and the same defect gives the same error in
// both formats, at the line where the element or JSON object begins
// (TestDefectsAgreeAcrossFormats). Only what JSON alone can get wrong (a
// value of the wrong JSON kind, an unknown layer type) has its own
// message, at the JSON path.
//
// Image files are not decoded here: Image.Source is a validated path in the
// same fs.FS, for the renderer or atlas to open, or Image.Data the bytes
// of an image embedded in a TMX file (base64 <data>). Only when a tileset leaves
// out its tile count or columns and its image's size (as
// perspective_walls.tsx does) is the image's header read, as Tiled reads
// it, to compute them.
//
// The *Error type and its shared kinds, the capped file read and the path
// resolution are the scene loaders' shared ones from
// internal/loadutil, re-exported here.
//
// tiled imports only the standard library, mathx, props (the typed
// Properties of maps, tilesets, layers and objects are props.List),
// internal/loadutil,
// github.com/klauspost/compress/zstd and golang.org/x/image's BMP, TIFF and
// WebP header readers. It must NOT import iso, raster,
// atlas or any other Diorama package: it is a pure data loader.
package tiled
