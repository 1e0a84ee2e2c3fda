// Command atlaspack packs PNG images into atlas pages and writes, for each
// page, a PNG and a JSON description in TexturePacker's hash format.
//
// Usage:
//
//	atlaspack [flags] -o out/sheet input.png dir/ ...
//
// Directories are searched for *.png files (not recursively). Frames are
// named by their file name relative to the directory given (or the file
// name as given). With one page the output is sheet.png and sheet.json;
// with several, sheet-0.png, sheet-0.json, sheet-1.png and so on, or with
// -multi one sheet.json listing every page (TexturePacker's multi-page
// "textures" form).
//
// atlaspack may import atlas, raster and mathx; it is a tool, not part of
// the engine's runtime.
package main
