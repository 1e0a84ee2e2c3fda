package level

import (
	"diorama/scene"
	"fmt"
	"image"
	"io"
	"io/fs"
	"path"
	"strings"

	"diorama/atlas"
	"diorama/internal/loadutil"
	"diorama/iso"
	"diorama/raster"
)

// Options configure the builders that turn loaded level data into a
// scene.World.
type Options struct {
	// Proj is the projection for levels that do not bring their own tile
	// size (ASCII, image and IsoMob levels); zero means a 2:1 dimetric
	// projection of TileWidth (iso.Dimetric).
	Proj iso.Projection
	// TileWidth is the tile width in pixels of that default projection
	// (default 64).
	TileWidth int
	// Seed, TPS and MaxBullets go to the World's Config.
	Seed       uint64
	TPS        int // ticks per second (default 60)
	MaxBullets int // bullets reserved without allocation (default 1024)
	// CharacterRadius is the collision radius given to characters the
	// level does not size (default 0.3 world units).
	CharacterRadius float64
	// CharacterHealth is the health given to characters the level does
	// not set (default 100).
	CharacterHealth int32
	// Looks, when set, gives the look of entities by class ("player",
	// "enemy", "pickup", an IsoMob definition name...). Entities without
	// a look are not drawn (tile objects and walls bring their own
	// drawing).
	Looks func(class string) scene.LookID
	// TextFont, when set, gives the font Tiled text objects are drawn
	// with at their pixel size (raster.SansFont gives Go's scalable
	// sans-serif, as the viewer uses); nil draws them with
	// raster.DefaultFont, the built-in bitmap face, whatever size they
	// ask, and keeps a font parser out of games that have no use for it.
	TextFont func(pixelSize int, bold bool) (*raster.Font, error)
	// Prepare, when set, is called with the new, empty world before the
	// level is added to it: register looks there (scene.World.AddLook) so that
	// Looks can hand out their ids.
	Prepare func(*scene.World) error
	// Limits is the budget of what the Load functions read and the
	// builders make (see Limits); zero fields take the defaults.
	Limits Limits
	// SolidTile, when set, decides which tiles of a Tiled map are solid
	// (walls for bodies, bullets, sight and paths) from code, for maps
	// without collision data: it is asked for every tile drawn, with
	// what the map says (TileInfo.Solid), and its answer is final.
	SolidTile func(TileInfo) bool
	// Missing, when set, makes BuildTiled forgiving where Tiled is: an
	// image it cannot open or decode (a tileset's, a tile's or an image
	// layer's) is drawn as a placeholder of its declared size (magenta
	// and black 8-pixel checks; 32×32 when no size is declared) and its
	// error, naming the file, is passed to Missing instead of failing the
	// build. nil (the default, for games) keeps such a map unopenable.
	// Images over Limits fail either way.
	Missing func(err error)
	// ExactOpacity draws the tiles and images of half-transparent Tiled
	// layers as Tiled's tmxrasterizer does, pixel for pixel: the
	// layer's opacity applied when drawing, in 16 bits per channel
	// (raster.NewSpriteAlpha), which costs about 10 CPU ns per covered
	// pixel against 0.2 for an 8-bit blend (BenchmarkSpriteAlpha).
	// viewer.Export sets it. Off (games), the opacity is baked into the
	// sprites' 8-bit pixels, as Tiled's editor draws such a layer on its
	// premultiplied canvas: a level apart from tmxrasterizer on about a
	// quarter of the pixels the layer covers.
	ExactOpacity bool
}

// prepare runs opt.Prepare on a new world.
func (o *Options) prepare(w *scene.World) error {
	w.Nav().SetOptions(scene.NavOptions{MaxCells: o.Limits.NavCells})
	if o.Prepare == nil {
		return nil
	}
	return o.Prepare(w)
}

func (o *Options) radius() float64 {
	if o.CharacterRadius > 0 {
		return o.CharacterRadius
	}
	return 0.3
}

func (o *Options) health() int32 {
	if o.CharacterHealth > 0 {
		return o.CharacterHealth
	}
	return 100
}

func (o *Options) look(class string) scene.LookID {
	if o.Looks == nil {
		return scene.NoLook
	}
	return o.Looks(class)
}

func (o *Options) proj() (iso.Projection, error) {
	if o.Proj == (iso.Projection{}) {
		if o.TileWidth != 0 {
			return iso.Dimetric(o.TileWidth)
		}
		return iso.Dimetric(64)
	}
	return iso.NewProjection(o.Proj.TileW, o.Proj.TileH, o.Proj.ZPixels)
}

// decodeImage reads an image file (PNG of any colour model, JPEG, GIF,
// BMP, TIFF or WebP) from fsys as premultiplied RGBA, within lim
// (Options.Limits.Images) checked from the header. An Aseprite file
// (.aseprite, .ase), which Tiled 1.11+ opens as an image through its
// plugin, gives its first frame, its visible layers flattened
// (atlas.ParseAseprite).
func decodeImage(fsys fs.FS, name string, lim raster.ImageLimits) (*image.RGBA, error) {
	f, err := loadutil.Open(fsys, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	switch strings.ToLower(path.Ext(name)) {
	case ".aseprite", ".ase":
		return decodeAseprite(f, name, lim)
	}
	return raster.DecodeRGBA(name, f, lim)
}

// decodeAseprite reads an Aseprite file's first frame within lim.
func decodeAseprite(r io.Reader, name string, lim raster.ImageLimits) (*image.RGBA, error) {
	maxBytes := min(int64(atlas.MaxAseBytes), lim.OrDefault().MaxFileBytes)
	data, err := io.ReadAll(io.LimitReader(r, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if int64(len(data)) > maxBytes {
		return nil, fmt.Errorf("%s: Aseprite file larger than %d bytes: %w", name, maxBytes, raster.ErrImageLimit)
	}
	a, err := atlas.ParseAseprite(name, data)
	if err != nil {
		return nil, err
	}
	if len(a.Frames) == 0 {
		return nil, fmt.Errorf("%s: Aseprite file without frames", name)
	}
	img, err := a.Image(0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if maxPix := lim.OrDefault().MaxPixels; int64(img.Rect.Dx())*int64(img.Rect.Dy()) > maxPix {
		return nil, fmt.Errorf("%s: Aseprite frame of %d×%d pixels over the limit of %d: %w", name, img.Rect.Dx(), img.Rect.Dy(), maxPix, raster.ErrImageLimit)
	}
	return img, nil
}
