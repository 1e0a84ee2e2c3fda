// Package viewer shows any Tiled map or .world file the way a game built on
// Diorama would draw it, with the controls of a map viewer, and reloads it
// while it is edited.
//
// A Viewer is a platform.Game: run it with platform/auto (a window, the
// web, or headless to a PNG). It builds each map with level.BuildTiled and
// draws it with scene.World.Render, so what it shows is what a game gets:
// layers in file order with their objects, image layers, parallax, tile
// offsets, hexagonal rotations.
//
// Controls: arrow keys, WASD, a left-button or one-finger drag, or the
// left stick pan; the wheel, +/−, two-finger pinch or the bumpers
// zoom (whole-number zoom, as the rasterizer scales); 1–9 and 0 toggle the
// first ten layers of the map under the centre of the view; F1 shows
// colliders, the navigation mesh and entity positions; Home recentres;
// Escape quits.
//
// Export: [Export] draws a whole map into one frame as Tiled's
// tmxrasterizer does (frame sized to the map's bounding rectangle and
// layer offsets, whole-number scale, hidden layers, parallax ignored,
// transparent or the map's background colour); `viewer -export out.png
// MAP` is the command. Its test runs Debian's tmxrasterizer (Tiled 1.8.2)
// on every map of Tiled's examples and on generated maps (infinite,
// odd-sized isometric tiles, turned hexagons, half-transparent layers,
// JPEG images, flipped tiles) and requires the same pixels, except
// where the versions differ (one map, forest.tmx: Tiled 1.8.2 has no
// image-collection sub-rectangles; listed in the test with the reason).
//
// Hot reload: every second the viewer checks the size and modification
// time of every file the shown maps were read from (maps, tilesets,
// templates, images). When one changed it loads everything again, keeping
// the camera and the layer toggles; a broken save keeps the last good map
// on screen and shows the error on a banner until a good save follows.
//
// Budget: the maps a viewer shows together share one budget,
// MaxWorldCells, counted as tiled counts one map's (every layer's tiles,
// tiled.LayerCells a layer) plus MapCells a map for the world built from
// it; a world of more maps than it holds is refused before any is read.
//
// viewer imports platform, level, scene and its tiled loader, iso,
// iso/overlay, raster and mathx. Nothing in the engine imports it: it is an
// application-level package (cmd/demo uses it).
package viewer
