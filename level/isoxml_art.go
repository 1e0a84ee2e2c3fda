package level

import (
	"diorama/scene"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"path"
	"strings"

	"diorama/atlas"
	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
	"diorama/scene/isoxml"
)

// IsoMobFrameMillis is how long each frame of an animated IsoMob sprite
// (<name><animation><frame>: heroEast001, heroEast002, ...) is shown.
const IsoMobFrameMillis = 100

// isoArt finds the images an IsoMob scene's definitions name: frames of
// the sprite sheets its <media> elements point to, then loose PNG files
// named after the sprite beside the definitions files.
type isoArt struct {
	fsys   fs.FS
	lim    raster.ImageLimits // Options.Limits.Images
	sheets []*atlas.Atlas
	dirs   []string
	loose  map[string]*image.RGBA // images found by name; nil when absent
}

// newIsoArt loads every <media> sheet of defs: src + ".json", a
// TexturePacker JSON sheet (as cmd/isopack writes), or src + ".xml", a
// TextureAtlas XML sheet, with its page image.
// A sheet that cannot be read is an error naming the definitions file
// and line.
func newIsoArt(fsys fs.FS, defs *isoxml.Definitions, lim raster.ImageLimits) (*isoArt, error) {
	a := &isoArt{fsys: fsys, lim: lim, loose: map[string]*image.RGBA{}}
	if defs == nil {
		return a, nil
	}
	seen := map[string]bool{}
	for _, f := range defs.Files {
		d := path.Dir(f)
		if !seen[d] {
			seen[d] = true
			a.dirs = append(a.dirs, d)
		}
	}
	for _, m := range defs.Media {
		sh, err := loadMedia(fsys, m.Src, lim)
		if err != nil {
			return nil, fmt.Errorf("level: %s:%d: <media src>: %w", m.File, m.Line, err)
		}
		a.sheets = append(a.sheets, sh)
	}
	return a, nil
}

// loadMedia reads the sprite sheet src: src.json (TexturePacker JSON)
// when it exists, else src.xml (TextureAtlas XML, isoxml.LoadSheet),
// each with its page image.
func loadMedia(fsys fs.FS, src string, lim raster.ImageLimits) (*atlas.Atlas, error) {
	if _, err := fs.Stat(fsys, src+".json"); err == nil {
		sh, err := atlas.LoadTexturePacker(fsys, src+".json")
		if err != nil {
			return nil, fmt.Errorf("sprite sheet %s.json: %w", src, err)
		}
		return sh, nil
	}
	if _, err := fs.Stat(fsys, src+".xml"); err != nil {
		return nil, fmt.Errorf("sprite sheet %s.json or %s.xml: not found", src, src)
	}
	xs, err := isoxml.LoadSheet(fsys, src+".xml")
	if err != nil {
		return nil, fmt.Errorf("sprite sheet: %w", err)
	}
	page, err := decodeImage(fsys, xs.Image, lim)
	if err != nil {
		return nil, fmt.Errorf("sprite sheet %s.xml: %w", src, err)
	}
	as := &atlas.Sheet{File: xs.File, Image: xs.Image, Frames: make([]atlas.Frame, len(xs.Frames))}
	for i, f := range xs.Frames {
		as.Frames[i] = atlas.Frame{Name: f.Name, Rect: f.Rect, Offset: f.Offset, Size: f.Rect.Size(), Source: f.Source, Trimmed: f.Rect.Size() != f.Source}
	}
	sh, err := as.Atlas(page)
	if err != nil {
		return nil, fmt.Errorf("sprite sheet: %w", err)
	}
	return sh, nil
}

// frame finds the sheet frame called name.
func (a *isoArt) frame(name string) (*atlas.Atlas, int, bool) {
	for _, sh := range a.sheets {
		if i, ok := sh.Lookup(name); ok {
			return sh, i, true
		}
		if i, ok := sh.Lookup(name + ".png"); ok {
			return sh, i, true
		}
	}
	return nil, 0, false
}

// image returns the image called name (nil, nil when there is none).
func (a *isoArt) image(name string) (*image.RGBA, error) {
	if name == "" {
		return nil, nil
	}
	if img, ok := a.loose[name]; ok {
		return img, nil
	}
	var img *image.RGBA
	if sh, i, ok := a.frame(name); ok {
		var err error
		if img, err = sh.Image(i); err != nil {
			return nil, err
		}
	} else if a.fsys != nil && fs.ValidPath(name+".png") && !strings.Contains(name, "/") {
		for _, d := range a.dirs {
			p := path.Join(d, name+".png")
			if _, err := fs.Stat(a.fsys, p); err != nil {
				continue
			}
			var err error
			if img, err = decodeImage(a.fsys, p, a.lim); err != nil {
				return nil, err
			}
			break
		}
	}
	a.loose[name] = img
	return img, nil
}

// clip returns the frames of sprite src: the one frame or image called
// src, else the numbered frames src001, src002, ... of one sheet. No
// frames and no error when there is none.
func (a *isoArt) clip(src string) ([]*raster.Sprite, error) {
	img, err := a.image(src)
	if err != nil {
		return nil, err
	}
	if img != nil {
		s, err := raster.NewSprite(img)
		if err != nil {
			return nil, err
		}
		return []*raster.Sprite{s}, nil
	}
	for _, sh := range a.sheets {
		c, err := sh.ClipFromNames(src, src, 1, atlas.Forward, 0)
		if err != nil {
			continue
		}
		out := make([]*raster.Sprite, len(c.Frames))
		for k, fi := range c.Frames {
			if out[k], err = sh.Sprite(fi); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return nil, nil
}

// look builds the look of definition d from its sprites: one sprite for
// a single still sprite, else one facing per <sprite angle> (angles in
// degrees on screen, IsoMob's 45 east, 135 south, 225 west, 315 north)
// each playing its frames, IsoMobFrameMillis each, in every state. nil
// when none of the sprites has an image.
func (a *isoArt) look(d *isoxml.ObjectDef, tps int) (*scene.Look, error) {
	l := &scene.Look{}
	found := false
	for _, sp := range d.Sprites {
		frames, err := a.clip(sp.Src)
		if err != nil {
			return nil, fmt.Errorf("level: %s:%d: %q sprite %q: %w", d.File, d.Line, d.Name, sp.Src, err)
		}
		if len(frames) == 0 {
			continue
		}
		found = true
		if l.Sprite == nil {
			l.Sprite = frames[0]
		}
		first := len(l.Frames)
		l.Frames = append(l.Frames, frames...)
		c := &atlas.Clip{Name: sp.Src}
		for k := range frames {
			c.Frames = append(c.Frames, first+k)
			c.Durations = append(c.Durations, IsoMobFrameMillis)
		}
		if tps > 0 {
			*c = c.InTicks(1000 / float64(tps))
		}
		l.Dirs.Angles = append(l.Dirs.Angles, mathx.WrapAngle(mathx.Deg(sp.Angle)))
		l.Dirs.Names = append(l.Dirs.Names, sp.Src)
		for s := range l.Clips {
			l.Clips[s] = append(l.Clips[s], c)
		}
	}
	if !found {
		return nil, nil
	}
	if len(l.Frames) == 1 {
		return &scene.Look{Sprite: l.Sprite}, nil
	}
	return l, nil
}

// isoTexel is how a material's texture lies on the planes: one texel per
// scene unit along every axis (gridsize texels across a cell), tiled
// materials anchored to the world, the others to their plane's corner.
func isoTexel(gs int, zp int, tiled bool) iso.TextureMap {
	ht, hp := gs, zp
	if g := gcd(ht, hp); g > 1 {
		ht, hp = ht/g, hp/g
	}
	return iso.TextureMap{TexelsPerTile: gs, HeightTexels: ht, HeightPixels: hp, Local: !tiled}
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// floorTiles makes the textured tile sprites of IsoMob floors: one per
// distinct texture phase (a tiled texture's phase comes from the cell's
// world position, a non-tiled one's from the cell's place in its floor),
// so a level of any size needs at most texture-period² sprites per
// material.
type floorTiles struct {
	p      iso.Projection
	gs     int
	cache  map[floorKey]int32
	layer  *iso.TileLayer
	pixels int64
	max    int64
}

type floorKey struct {
	tex    *image.RGBA
	local  bool
	pu, pv int
}

// tile returns the layer sprite for cell (x, y) of a floor whose corner
// cell is (x0, y0), painted with tex.
func (ft *floorTiles) tile(tex *image.RGBA, tiled bool, x, y, x0, y0 int) (int32, error) {
	T := ft.gs
	tw, th := tex.Bounds().Dx(), tex.Bounds().Dy()
	ox, oy := x, y
	if !tiled {
		ox, oy = x-x0, y-y0
	}
	k := floorKey{tex: tex, local: !tiled, pu: int(pmod64(int64(ox)*int64(T), int64(tw))), pv: int(pmod64(int64(oy)*int64(T), int64(th)))}
	if si, ok := ft.cache[k]; ok {
		return si, nil
	}
	ft.pixels += int64(ft.p.TileW) * int64(ft.p.TileH)
	if ft.pixels > ft.max {
		return 0, errFloorBudget
	}
	m := isoTexel(ft.gs, ft.p.ZPixels, tiled)
	shade, err := iso.TextureShadeMap(ft.p, iso.Face{Plane: iso.PlaneXY, I: x0, J: y0, Len: 1, Wid: 1}, tex, m)
	if err != nil {
		return 0, err
	}
	img, err := iso.FaceImageFunc(ft.p, iso.Face{Plane: iso.PlaneXY, I: x, J: y, Len: 1, Wid: 1}, shade)
	if err != nil {
		return 0, err
	}
	img.Rect = img.Rect.Sub(img.Rect.Min)
	sp, err := raster.NewSprite(img)
	if err != nil {
		return 0, err
	}
	si := int32(len(ft.layer.Sprites))
	ft.layer.Sprites = append(ft.layer.Sprites, sp)
	ft.cache[k] = si
	return si, nil
}

// errFloorBudget: the floors' tile images pass BuildLimits.MaxWallPixels.
var errFloorBudget = errors.New("floor textures over budget")

func pmod64(a, m int64) int64 {
	r := a % m
	if r < 0 {
		r += m
	}
	return r
}

// wallShade is the texture of a wall face, nil (a flat colour) when the
// material has no image.
func wallShade(art *isoArt, p iso.Projection, gs int, f iso.Face, mat *isoxml.Material) (func(px, py int) color.RGBA, error) {
	if art == nil || mat == nil {
		return nil, nil
	}
	tex, err := art.image(mat.Diffuse)
	if err != nil || tex == nil {
		return nil, err
	}
	return iso.TextureShadeMap(p, f, tex, isoTexel(gs, p.ZPixels, mat.Tiled))
}
