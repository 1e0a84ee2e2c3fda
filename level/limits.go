package level

import (
	"diorama/raster"
	"diorama/scene/ascii"
	"diorama/scene/imagelevel"
	"diorama/scene/isoxml"
	"diorama/scene/tiled"
)

// Limits is the one budget of everything a level reads and builds, given
// as Options.Limits to every Load and Build function: what the files
// may declare (each loader's limits: bytes read, sizes, cells, elements,
// nesting), the images they name (bytes, pixels, decoded bytes, from the
// header before decoding), and what a build may make (cells, entities,
// floor area, wall pixels, time: BuildLimits, embedded). Every field is
// checked before the memory it bounds is allocated; an error names the
// file, the place and the field of Options.Limits that raises it. A
// zero field takes its default (DefaultBuildLimits,
// raster.DefaultImageLimits, and each loader's DefaultLimits).
type Limits struct {
	BuildLimits
	// Images bound every image file a level, tileset, template or image
	// layer names.
	Images raster.ImageLimits
	// Tiled, ASCII, ImageLevel and IsoXML bound what their files may
	// declare.
	Tiled      tiled.Limits
	ASCII      ascii.Limits
	ImageLevel imagelevel.Limits
	IsoXML     isoxml.Limits
	// NavCells bounds the cells of the world's navigation (tiles ×
	// scene.NavOptions.Sub²), checked when World.Nav builds it (default
	// scene.DefaultNavCells).
	NavCells int
}
