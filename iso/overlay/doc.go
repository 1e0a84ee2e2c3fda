// Package overlay draws debug overlays over an isometric scene: the
// pictures behind Diorama's F1 key.
//
// An Overlay turns plain values given in world coordinates (one unit per
// tile on the ground plane, x to the lower right and y to the lower left
// of the screen, as in package iso and package ai/nav) into raster
// draw-list commands through an iso.Grid and an iso.Camera:
//
//   - scalar grids (influence, danger, safety maps) as translucent
//     diamonds coloured by a Ramp (Heat for one-sided maps, Diverging for
//     signed maps such as safety − danger);
//   - polygons (navmesh polygons) filled and outlined, optionally in a
//     palette colour per polygon;
//   - polylines (raw, funnelled and smoothed paths) with their own colours
//     and vertex markers;
//   - colliders on the ground plane: circles (ellipses on screen),
//     axis-aligned and oriented boxes, convex or concave polygons;
//   - labels in world space and text in screen space with the raster font;
//   - a panel drawing a behaviour tree (or the state stack of a state
//     machine) as boxes and connector lines, each node coloured by its last
//     status.
//
// The data comes in as plain values: grids of float32 with a width, a
// height, a cell size and an origin (the same fields as a tactics map),
// polygons and paths as []mathx.Vec2, and tree nodes as Node structs in
// pre-order with their depth. Drawing is deterministic and, once the
// overlay's and the draw list's buffers have grown, allocates nothing.
//
// A game's debug view (the F1 overlay) creates one Overlay for its grid
// and camera, and each frame, after the scene has filled the draw list,
// calls Begin with a depth key above every scene key (the value returned
// by iso.Painter.Objects, say), then draws the layers bottom to top:
//
//	ov.Begin(dl, nextDepth)
//	ov.Scalar(overlay.Scalar{W: m.W, H: m.H, Cell: m.Cell, Origin: m.Origin, V: m.V, Mask: open}, overlay.Diverging(1))
//	ov.Polygons(navPolys, overlay.NavmeshStyle)   // nav.Mesh.Polygons, kept between frames
//	ov.Circle(pos, radius, overlay.ColliderStyle) // and Box, OrientedBox, Polygon per collider
//	ov.Path(path, overlay.SmoothPathStyle)        // per enemy (RawPathStyle, FunnelPathStyle)
//	ov.Label(pos, stateName, color.NRGBA{255, 255, 255, 255})
//	ov.Tree(x, y, "drone", nodes)                 // the selected enemy's tree
//
// Labels and node lists are the caller's strings: build them once (a
// tree's nodes when it is loaded, with only Status updated per frame) so
// the frame stays free of allocations.
//
// Package overlay may import iso, raster, atlas and mathx only; it must
// NOT import ai, physics or scene (its tests may, to draw real data).
package overlay
