package level

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"math"
	"strconv"

	"diorama/internal/fnv"
	"diorama/internal/loadutil"
	"diorama/iso"
	"diorama/mathx"
	"diorama/props"
	"diorama/raster"
	"diorama/scene"
	"diorama/scene/isoxml"
)

// LoadIsoXML loads an IsoMob XML scene (and its definitions) from fsys and
// builds it; see [BuildIsoXML].
func LoadIsoXML(fsys fs.FS, name string, opt Options) (*scene.World, error) {
	r := record(fsys)
	s, err := isoxml.Loader{Limits: opt.Limits.IsoXML}.Load(r, name)
	if err != nil {
		return nil, err
	}
	return BuildIsoXMLFS(r, s, opt)
}

// BuildIsoXML turns an IsoMob scene into a World. One grid cell
// (gridsize scene units) is one world unit on every axis, so a scene
// point p is world p/gridsize, and the map covers the level's bounds
// (which must start at x, y >= 0) in whole cells. Floors become one tile
// layer (the last floor over a cell wins, its height as the tile's
// elevation); walls are drawn faces on the grid (their ends and heights
// rounded to whole cells and pixels) and thin physics walls; objects are
// static entities, solid with their definition's cylinder radius;
// characters are characters with it (or the default radius), health from
// their "health" attribute; an entity's free-form attributes are its
// properties (World.Props, as text). BuildIsoXML reads no images: each material
// is drawn in a flat colour derived from its name and entities take
// their looks from opt.Looks by definition name; [BuildIsoXMLFS] draws
// the definitions' art.
func BuildIsoXML(s *isoxml.Scene, opt Options) (*scene.World, error) {
	return buildIsoXML(nil, s, opt)
}

// BuildIsoXMLFS is [BuildIsoXML] with the definitions' art read from
// fsys (IsoMob's asset layout): each <media src> is a sprite sheet with
// its page image, src + ".json" in TexturePacker's JSON format (cmd/isopack writes
// them) or else src + ".xml" in the TextureAtlas XML form
// ([isoxml.LoadSheet]), and a sprite or texture name not in a sheet may be a loose
// "<name>.png" beside a definitions file. Materials with an image are
// textures on their planes, one texel per scene unit (gridsize texels
// across a cell, and up walls): materials named "…Tiled" are anchored to
// the world so neighbouring walls and floors continue the pattern
// without a seam, the others start at their plane's corner (walls: the
// texture's bottom on the wall's foot). Materials without an image keep
// the flat colour. Objects and characters whose definition has sprites
// get a look from them (when opt.Looks gives none): a still sprite, or a
// facing per <sprite angle> (degrees on screen: 45 east, 135 south, 225
// west, 315 north) playing the numbered frames <src>001, <src>002, ... of
// a sheet when there is no frame called <src>. A <media> sheet that
// cannot be read is an error. Floors are tile images, one per texture
// phase; their pixels count against Limits.MaxWallPixels.
func BuildIsoXMLFS(fsys fs.FS, s *isoxml.Scene, opt Options) (*scene.World, error) {
	if fsys == nil {
		return buildIsoXML(nil, s, opt)
	}
	r := record(fsys)
	w, err := buildIsoXML(r, s, opt)
	if err == nil {
		w.Builder().SetSources(r.files)
	}
	return w, err
}

// isoBuilder builds one IsoMob scene: BuildIsoXML's steps, each over
// one kind of element.
type isoBuilder struct {
	s          *isoxml.Scene
	opt        *Options
	bg         *budget
	art        *isoArt // nil: flat colours, no looks from the art
	w          *scene.World
	gs, zp     float64 // scene units a cell; pixels a world unit up
	cols, rows int
	looks      map[*isoxml.ObjectDef]scene.LookID
}

func buildIsoXML(fsys fs.FS, s *isoxml.Scene, opt Options) (*scene.World, error) {
	if s == nil {
		return nil, fmt.Errorf("level: nil IsoMob scene")
	}
	b := &isoBuilder{s: s, opt: &opt, gs: float64(s.GridSize), looks: map[*isoxml.ObjectDef]scene.LookID{}}
	if err := b.size(); err != nil {
		return nil, err
	}
	w, err := gridWorld(b.cols, b.rows, &opt)
	if err != nil {
		return nil, b.fail(0, "%v", err)
	}
	b.w = w
	if fsys != nil {
		if b.art, err = newIsoArt(fsys, s.Defs, opt.Limits.Images); err != nil {
			return nil, err
		}
	}
	if err := b.floors(); err != nil {
		return nil, err
	}
	if err := b.walls(); err != nil {
		return nil, err
	}
	for k := range s.Objects {
		if err := b.entity(&s.Objects[k], scene.Object); err != nil {
			return nil, err
		}
	}
	for k := range s.Characters {
		if err := b.entity(&s.Characters[k], scene.Character); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// fail is an error naming the scene's file and, when known, the line.
func (b *isoBuilder) fail(line int, format string, a ...any) error {
	if line > 0 {
		return fmt.Errorf("level: %s:%d: %s", b.s.File, line, fmt.Sprintf(format, a...))
	}
	return fmt.Errorf("level: %s: %s", b.s.File, fmt.Sprintf(format, a...))
}

// size finds the map's cells and the projection and checks every limit
// that can be checked before the world is made: cells, entities, the
// floors' painted area and the walls' drawn pixels.
func (b *isoBuilder) size() error {
	s, gs := b.s, b.gs
	if !(gs > 0) {
		return b.fail(0, "gridsize %d must be > 0", s.GridSize)
	}
	if s.Bounds.Min.X < 0 || s.Bounds.Min.Y < 0 {
		return b.fail(0, "level bounds %v start below 0", s.Bounds.Min)
	}
	cols := int(math.Ceil(s.Bounds.Max.X / gs))
	rows := int(math.Ceil(s.Bounds.Max.Y / gs))
	if cols < 1 || rows < 1 || cols > 1<<12 || rows > 1<<12 {
		return b.fail(0, "level of %d×%d cells out of range (1..4096 a side)", cols, rows)
	}
	b.cols, b.rows = cols, rows
	bg := newBudget(s.File, b.opt)
	b.bg = bg
	if err := bg.cells(cols, rows); err != nil {
		return err
	}
	if err := bg.reserve(len(s.Walls)+len(s.Objects)+len(s.Characters), "walls, objects and characters"); err != nil {
		return err
	}
	// Each floor is clipped to the map; their painted area is bounded
	// before any is painted (a file of many huge floors would cost floors
	// × area).
	painted := int64(0)
	for k := range s.Floors {
		x0, y0, x1, y1 := floorCells(&s.Floors[k], gs, cols, rows)
		if x1 > x0 && y1 > y0 {
			painted += int64(x1-x0) * int64(y1-y0)
		}
		if painted > bg.lim.MaxFloorCells {
			return b.limitAt(s.Floors[k].Line, "MaxFloorCells", "floor %q: floors paint more than %d cells in all", s.Floors[k].ID, bg.lim.MaxFloorCells)
		}
	}
	proj, err := b.opt.proj()
	if err != nil {
		return b.fail(0, "%v", err)
	}
	b.zp = float64(proj.ZPixels)
	// Each wall is drawn as one image of its face: their pixels are
	// bounded before any is drawn.
	pixels := int64(0)
	for k := range s.Walls {
		wl := &s.Walls[k]
		n := math.Round(wl.Size / gs)
		h := math.Round((wl.Pos.Z+wl.Height)/gs*b.zp) - math.Round(wl.Pos.Z/gs*b.zp)
		px := (n*float64(proj.TileW)/2 + 1) * (n*float64(proj.TileH)/2 + math.Max(h, 0) + 1)
		if px > float64(bg.lim.MaxWallPixels-pixels) {
			return b.limitAt(wl.Line, "MaxWallPixels", "wall %q: walls draw more than %d pixels in all", wl.ID, bg.lim.MaxWallPixels)
		}
		pixels += int64(px)
	}
	return nil
}

// limitAt is the budget's limit error at a line of the scene.
func (b *isoBuilder) limitAt(line int, field, format string, a ...any) error {
	le := b.bg.limitErr(field, format, a...).(*loadutil.Error)
	le.Line = line
	return le
}

// floors paints the floors into one tile layer, the last floor over a
// cell winning: a textured material's tiles cut from its texture, any
// other a flat tile of its colour.
func (b *isoBuilder) floors() error {
	s, g, gs, cols, rows := b.s, b.w.Grid, b.gs, b.cols, b.rows
	layer := iso.TileLayer{Tiles: make([]int32, cols*rows), Elevation: make([]int16, cols*rows)}
	for k := range layer.Tiles {
		layer.Tiles[k] = -1
	}
	ft := &floorTiles{p: g.Proj, gs: s.GridSize, cache: map[floorKey]int32{}, layer: &layer, max: b.bg.lim.MaxWallPixels}
	matSprite := map[string]int32{}
	for k := range s.Floors {
		f := &s.Floors[k]
		name := ""
		var tex *image.RGBA
		if f.Material != nil {
			name = f.Material.Name
			if b.art != nil {
				var err error
				if tex, err = b.art.image(f.Material.Diffuse); err != nil {
					return b.fail(f.Line, "floor %q: %v", f.ID, err)
				}
			}
		}
		// si is the flat tile of the material; with a texture each cell
		// gets its own (below).
		si := int32(-1)
		if tex == nil {
			var ok bool
			if si, ok = matSprite[name]; !ok {
				sp, err := raster.NewSprite(iso.TileImage(g.Proj, materialColor(name)))
				if err != nil {
					return b.fail(f.Line, "%v", err)
				}
				si = int32(len(layer.Sprites))
				layer.Sprites = append(layer.Sprites, sp)
				matSprite[name] = si
			}
		}
		z := math.Round(f.Pos.Z / gs * b.zp)
		if math.Abs(z) > math.MaxInt16 {
			return b.fail(f.Line, "floor %q height %v out of range", f.ID, f.Pos.Z)
		}
		x0, y0, x1, y1 := floorCells(f, gs, cols, rows)
		fx, fy := int(math.Floor(f.Pos.X/gs)), int(math.Floor(f.Pos.Y/gs))
		for y := y0; y < y1; y++ {
			if err := b.bg.clock(); err != nil {
				return err
			}
			for x := x0; x < x1; x++ {
				if tex != nil {
					var err error
					si, err = ft.tile(tex, f.Material.Tiled, x, y, fx, fy)
					if errors.Is(err, errFloorBudget) {
						return b.limitAt(f.Line, "MaxWallPixels", "floor %q: floor textures draw more than %d pixels in all", f.ID, b.bg.lim.MaxWallPixels)
					}
					if err != nil {
						return b.fail(f.Line, "floor %q: %v", f.ID, err)
					}
				}
				layer.Tiles[y*cols+x] = si
				layer.Elevation[y*cols+x] = int16(z)
			}
		}
	}
	b.w.Layers = append(b.w.Layers, scene.Layer{TileLayer: layer})
	return nil
}

// walls makes each wall a drawn face on the grid (textured or flat) and
// a thin physics wall.
func (b *isoBuilder) walls() error {
	s, g, gs, zp, w := b.s, b.w.Grid, b.gs, b.zp, b.w
	for k := range s.Walls {
		wl := &s.Walls[k]
		i, j := int(math.Round(wl.Pos.X/gs)), int(math.Round(wl.Pos.Y/gs))
		n := int(math.Round(wl.Size / gs))
		z0 := int(math.Round(wl.Pos.Z / gs * zp))
		z1 := int(math.Round((wl.Pos.Z + wl.Height) / gs * zp))
		if n < 1 || z1 <= z0 {
			return b.fail(wl.Line, "wall %q is shorter than one cell or one pixel", wl.ID)
		}
		f := iso.Face{Plane: iso.PlaneYZ, I: i, J: j, Len: n, Z0: z0, Z1: z1}
		box := mathx.AABB{Min: mathx.V2(float64(i)-0.05, float64(j)), Max: mathx.V2(float64(i)+0.05, float64(j+n))}
		if wl.Dir == isoxml.Horiz {
			f.Plane = iso.PlaneXZ
			box = mathx.AABB{Min: mathx.V2(float64(i), float64(j)-0.05), Max: mathx.V2(float64(i+n), float64(j)+0.05)}
		}
		name := ""
		if wl.Material != nil {
			name = wl.Material.Name
		}
		shade, err := wallShade(b.art, g.Proj, s.GridSize, f, wl.Material)
		if err != nil {
			return b.fail(wl.Line, "wall %q: %v", wl.ID, err)
		}
		var o iso.Object
		if shade != nil {
			o, err = g.WallObjectFunc(f, shade)
		} else {
			o, err = g.WallObject(f, materialColor(name))
		}
		if err != nil {
			return b.fail(wl.Line, "wall %q: %v", wl.ID, err)
		}
		c := box.Center()
		if _, err := w.Create(scene.EntityDef{Kind: scene.Object, Class: "wall", Name: wl.ID, Pos: mathx.V3(c.X, c.Y, float64(z0)/zp), Height: float64(z1-z0) / zp, Drawing: o}); err != nil {
			return b.fail(wl.Line, "wall %q: %v", wl.ID, err)
		}
		if _, err := w.Phys.AddWall(box, 1); err != nil {
			return b.fail(wl.Line, "wall %q: %v", wl.ID, err)
		}
	}
	return nil
}

// entity creates an object or a character: its class the definition's
// name, its body the definition's cylinder, its look from opt.Looks or
// else from the definition's art (one look per definition), its
// free-form attributes its properties.
func (b *isoBuilder) entity(e *isoxml.Entity, kind scene.Kind) error {
	opt, w := b.opt, b.w
	d := scene.EntityDef{Kind: kind, Name: e.ID, Pos: e.Pos.Scale(1 / b.gs), Facing: mathx.Deg(e.Orientation)}
	if len(e.Props) > 0 {
		// The element's free-form attributes, as text (World.Props).
		d.Props = make(props.List, len(e.Props))
		for k, p := range e.Props {
			d.Props[k] = props.Property{Name: p.Name, Type: props.StringType, Value: p.Value}
		}
	}
	if e.Def != nil {
		d.Class = e.Def.Name
		if e.Def.Collision != nil && (e.Def.Solid || kind == scene.Character) {
			d.Radius = e.Def.Collision.Radius / b.gs
			d.Height = e.Def.Collision.Height / b.gs
		}
	}
	d.Look = opt.look(d.Class)
	if d.Look == scene.NoLook && b.art != nil && e.Def != nil {
		id, ok := b.looks[e.Def]
		if !ok {
			l, err := b.art.look(e.Def, opt.TPS)
			if err != nil {
				return err
			}
			if l != nil {
				if id, err = w.Looks().Add(l); err != nil {
					return b.fail(e.Line, "%q: %v", e.Def.Name, err)
				}
			}
			b.looks[e.Def] = id
		}
		d.Look = id
	}
	if kind == scene.Character {
		if d.Radius <= 0 {
			d.Radius = opt.radius()
		}
		d.Health = opt.health()
		if v, ok := e.Prop("health"); ok {
			h, err := strconv.ParseInt(v, 10, 32)
			if err != nil || h < 0 {
				return b.fail(e.Line, "character %q: health %q is not a whole number >= 0", e.ID, v)
			}
			d.Health = int32(h)
		}
		d.Collector = e.ID == "Player" || e.ID == "player"
	}
	if _, err := w.Create(d); err != nil {
		return b.fail(e.Line, "%v", err)
	}
	return nil
}

// floorCells is the range of map cells floor f covers, clipped to the
// cols × rows map (x1 <= x0 or y1 <= y0 when it covers none).
func floorCells(f *isoxml.Floor, gs float64, cols, rows int) (x0, y0, x1, y1 int) {
	clip := func(v float64, n int) int {
		if !(v > 0) {
			return 0
		}
		return int(math.Min(v, float64(n)))
	}
	return clip(math.Floor(f.Pos.X/gs), cols), clip(math.Floor(f.Pos.Y/gs), rows),
		clip(math.Ceil((f.Pos.X+f.Width)/gs), cols), clip(math.Ceil((f.Pos.Y+f.Depth)/gs), rows)
}

// materialColor is a flat colour chosen from a material's name (FNV-1a),
// so every plane of one material looks the same.
func materialColor(name string) color.RGBA {
	h := fnv.New()
	h.Str(name)
	v := uint64(h)
	return color.RGBA{uint8(80 + v%150), uint8(80 + (v>>8)%150), uint8(80 + (v>>16)%150), 255}
}
