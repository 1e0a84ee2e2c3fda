// Package level builds scene worlds from level files.
//
// It owns:
//   - Load, which picks the loader by the file's extension (.tmx, .tmj,
//     .json: Tiled; .lev, .txt: ASCII; .png with its .json: an image
//     level; .xml: IsoMob), and OpenRoot, which opens the folder a level
//     file's references may reach (an os.Root: nothing leaves it).
//   - The builders, one Load and one Build function per format, turning
//     each loader's data into a scene.World on an iso grid:
//     Tiled maps (tiled.go and tiled_*.go: isometric, staggered,
//     orthogonal and hexagonal, finite or infinite; tile layers with
//     parallax, tint, opacity (in 16 bits as tmxrasterizer draws it
//     under Options.ExactOpacity) and offsets, image layers, tile animations,
//     flipped and rotated tiles, hexagons turned by 60°, tile collision
//     shapes and the "solid" property or Options.SolidTile's rule made
//     into merged walls, sorted tile layers, objects as entities with
//     their custom properties (props.List, as the loader read them), text
//     objects, and an Overlord for each name of the triggers of class
//     "overlord"); IsoMob XML scenes (isoxml.go, with their art from
//     isoxml_art.go: textured walls and floors, sprites per angle, from
//     <media> sheets or loose PNGs); ASCII levels (ascii.go) and image
//     levels with their JSON (image.go). levels.go holds what the last
//     three share: the grid world, the budget, walls merged into blocks.
//   - One budget, Limits: each loader's limits, the images', and what a
//     build may make (BuildLimits: cells, entities, floor area, wall
//     pixels, time), checked from the level's sizes and counts before the
//     world is made; walls merged into blocks rather than one entity per
//     cell. A level over a limit fails with an error of kind ErrLimit
//     naming the file and the field of Options.Limits that raises it.
//   - Forgiving builds for tools: Options.Missing draws an image that
//     cannot be read as magenta checks and reports its error instead of
//     failing (the viewer builds so).
//   - The files a world was read from (scene.World.Sources, for hot
//     reload): every Load function records what it opens.
//
// Every error names the file (and, through the loaders, the line and the
// chain of files that led to it).
//
// level builds through scene's public API only: NewWorld, Create and
// World.Layers, and the building API (World.Builder: CreateOn,
// AnimateTile, SetSources). It imports scene, the four loaders (scene/tiled,
// scene/isoxml, scene/ascii, scene/imagelevel), iso, atlas, physics,
// raster, mathx, props, internal/loadutil and internal/fnv; it must NOT import
// platform, ui, audio or the ai packages, and scene must not import it.
package level
