package scene

import (
	"fmt"
	"image/color"
	"io/fs"
	"math"
	"strconv"

	"diorama/iso"
	"diorama/mathx"
	"diorama/physics"
	"diorama/raster"
	"diorama/scene/ascii"
	"diorama/scene/imagelevel"
	"diorama/scene/isoxml"
)

// Colours of the levels that bring no graphics (ASCII and image levels).
var (
	floorColor = color.RGBA{96, 140, 80, 255}
	wallTop    = color.RGBA{170, 170, 180, 255}
	wallLeft   = color.RGBA{120, 120, 135, 255}
	wallRight  = color.RGBA{90, 90, 105, 255}
)

// gridWorld makes a diamond grid of cols × rows and a world on it.
func gridWorld(cols, rows int, opt *BuildOptions) (*World, error) {
	p, err := opt.proj()
	if err != nil {
		return nil, err
	}
	g, err := iso.NewDiamond(p, cols, rows)
	if err != nil {
		return nil, err
	}
	w, err := NewWorld(Config{Grid: g, Seed: opt.Seed, TPS: opt.TPS, MaxBullets: opt.MaxBullets})
	if err != nil {
		return nil, err
	}
	if err := opt.prepare(w); err != nil {
		return nil, err
	}
	return w, nil
}

// floorLayer is one flat tile on every cell where floor(k) holds.
func floorLayer(g *iso.Grid, c color.RGBA, floor func(k int) bool) (iso.TileLayer, error) {
	s, err := raster.NewSprite(iso.TileImage(g.Proj, c))
	if err != nil {
		return iso.TileLayer{}, err
	}
	l := iso.TileLayer{Tiles: make([]int32, g.Cols*g.Rows), Sprites: []*raster.Sprite{s}}
	for k := range l.Tiles {
		if !floor(k) {
			l.Tiles[k] = -1
		}
	}
	return l, nil
}

// blockMaker draws one block shape once and places copies on cells.
type blockMaker struct {
	g     *iso.Grid
	proto map[[2]int]iso.Object // by z0, z1 in pixels
}

// at returns the block from z0 to z1 pixels standing on cell (i, j): the
// sprites of the prototype at cell (0, 0), moved.
func (b *blockMaker) at(i, j, z0, z1 int) (iso.Object, error) {
	k := [2]int{z0, z1}
	o, ok := b.proto[k]
	if !ok {
		var err error
		if o, err = b.g.BlockObject(0, 0, 1, 1, z0, z1, wallTop, wallLeft, wallRight); err != nil {
			return iso.Object{}, err
		}
		b.proto[k] = o
	}
	p := b.g.Proj
	d := mathx.Point{X: (i - j) * p.TileW / 2, Y: (i + j) * p.TileH / 2}
	out := iso.Object{
		Box:   iso.Box{Min: o.Box.Min.Add(mathx.V3(float64(i), float64(j), 0)), Max: o.Box.Max.Add(mathx.V3(float64(i), float64(j), 0))},
		Parts: make([]iso.Part, len(o.Parts)),
	}
	for n, pt := range o.Parts {
		pt.At = pt.At.Add(d)
		out.Parts[n] = pt
	}
	return out, nil
}

// LoadASCII loads a seed 004 text level from fsys and builds it; see
// [BuildASCII].
func LoadASCII(fsys fs.FS, name string, opt BuildOptions) (*World, error) {
	l, err := ascii.Load(fsys, name)
	if err != nil {
		return nil, err
	}
	return BuildASCII(l, opt)
}

// BuildASCII turns a text level into a World on a diamond grid of the
// level's size: cell (x, y) of the file (column, row) is world cell
// (x, y). Floor cells get a flat tile; walls ('w') are full blocks, half
// walls a half-height block moved up ('t') or down ('b'), all three solid
// (merged physics walls) and drawn as depth-sorted objects. Every spawn
// makes a spawn point of class "player", "enemy" or "pickup" at its cell
// centre, and the thing itself: a collecting character "player", a
// character "enemy", a pickup "pickup".
func BuildASCII(l *ascii.Level, opt BuildOptions) (*World, error) {
	if l == nil {
		return nil, fmt.Errorf("scene: nil ASCII level")
	}
	fail := func(err error) error { return fmt.Errorf("scene: %s: %w", l.File, err) }
	w, err := gridWorld(l.Width, l.Height, &opt)
	if err != nil {
		return nil, fail(err)
	}
	g := w.Grid
	layer, err := floorLayer(g, floorColor, func(k int) bool { return l.Cells[k] == ascii.Empty })
	if err != nil {
		return nil, fail(err)
	}
	w.Layers = append(w.Layers, Layer{TileLayer: layer})
	solid := make([]bool, len(l.Cells))
	bm := blockMaker{g: g, proto: map[[2]int]iso.Object{}}
	zp := g.Proj.ZPixels
	for k, c := range l.Cells {
		var z0, z1 int
		switch c {
		case ascii.Wall:
			z0, z1 = 0, zp
		case ascii.HalfWallTop:
			z0, z1 = zp/2, zp
		case ascii.HalfWallBottom:
			z0, z1 = 0, zp/2
		default:
			continue
		}
		solid[k] = true
		x, y := k%l.Width, k/l.Width
		o, err := bm.at(x, y, z0, z1)
		if err != nil {
			return nil, fail(err)
		}
		if _, err := w.Create(EntityDef{Kind: Object, Class: "wall", Pos: mathx.V3(float64(x)+0.5, float64(y)+0.5, 0), Height: float64(z1) / float64(zp), Drawing: o}); err != nil {
			return nil, fail(err)
		}
	}
	if _, _, err := w.Phys.AddTileMap(physics.TileMap{Cols: l.Width, Rows: l.Height, TileW: 1, TileH: 1, Solid: solid}); err != nil {
		return nil, fail(err)
	}
	for _, s := range l.Spawns {
		at := mathx.V3(float64(s.At.X)+0.5, float64(s.At.Y)+0.5, 0)
		var d EntityDef
		switch s.Kind {
		case ascii.Player:
			d = EntityDef{Kind: Character, Class: "player", Collector: true}
		case ascii.Enemy:
			d = EntityDef{Kind: Character, Class: "enemy"}
		case ascii.Pickup:
			d = EntityDef{Kind: Pickup, Class: "pickup"}
		default:
			continue
		}
		if _, err := w.Create(EntityDef{Kind: SpawnPoint, Class: d.Class, Pos: at}); err != nil {
			return nil, fail(err)
		}
		d.Name, d.Pos, d.Look = d.Class, at, opt.look(d.Class)
		if d.Kind == Character {
			d.Radius, d.Health = opt.radius(), opt.health()
		}
		if _, err := w.Create(d); err != nil {
			return nil, fail(err)
		}
	}
	return w, nil
}

// LoadImageLevel loads a seed 000 map image and its JSON description
// from fsys and builds them; see [BuildImageLevel].
func LoadImageLevel(fsys fs.FS, imageName, descName string, opt BuildOptions) (*World, error) {
	l, err := imagelevel.Load(fsys, imageName, descName)
	if err != nil {
		return nil, err
	}
	return BuildImageLevel(l, opt)
}

// BuildImageLevel turns a seed 000 image level into a World: pixel (x, y)
// is world cell (x, y) and description points (tile units, .5 a centre)
// are world points. Wall pixels are blocks, with physics walls from
// seed 000's strips (Grid.WallStrips); each door is a trigger of class
// "door" named as in the description, Value 1 when locked; the player is
// a spawn point and a collecting character, both of class "player"; each
// overlord gets its triggers (class "overlord") and spawn points (class
// "enemy"), both named "overlord<index>", and works as an [Overlord]
// spawning characters of class "enemy".
func BuildImageLevel(l *imagelevel.Level, opt BuildOptions) (*World, error) {
	if l == nil || l.Grid == nil || l.Description == nil {
		return nil, fmt.Errorf("scene: incomplete image level")
	}
	gr := l.Grid
	fail := func(err error) error { return fmt.Errorf("scene: %s: %w", gr.File, err) }
	w, err := gridWorld(gr.Width, gr.Height, &opt)
	if err != nil {
		return nil, fail(err)
	}
	layer, err := floorLayer(w.Grid, floorColor, func(k int) bool { return gr.Cells[k] != imagelevel.Wall })
	if err != nil {
		return nil, fail(err)
	}
	w.Layers = append(w.Layers, Layer{TileLayer: layer})
	bm := blockMaker{g: w.Grid, proto: map[[2]int]iso.Object{}}
	for k, c := range gr.Cells {
		if c != imagelevel.Wall {
			continue
		}
		x, y := k%gr.Width, k/gr.Width
		o, err := bm.at(x, y, 0, w.Grid.Proj.ZPixels)
		if err != nil {
			return nil, fail(err)
		}
		if _, err := w.Create(EntityDef{Kind: Object, Class: "wall", Pos: mathx.V3(float64(x)+0.5, float64(y)+0.5, 0), Drawing: o}); err != nil {
			return nil, fail(err)
		}
	}
	for _, s := range gr.WallStrips() {
		b := mathx.AABB{Min: s.Min.Vec(), Max: s.Max.Vec()}
		if _, err := w.Phys.AddWall(b, 1); err != nil {
			return nil, fail(err)
		}
	}
	for _, d := range l.Doors {
		v := int32(0)
		if d.Locked {
			v = 1
		}
		if _, err := w.Create(EntityDef{Kind: Trigger, Class: "door", Name: d.Name, Pos: mathx.V3(float64(d.At.X)+0.5, float64(d.At.Y)+0.5, 0), Extent: mathx.V2(0.5, 0.5), Value: v}); err != nil {
			return nil, fail(err)
		}
	}
	sp := l.Description.Player.Spawn
	at := mathx.V3(sp.X, sp.Y, 0)
	if _, err := w.Create(EntityDef{Kind: SpawnPoint, Class: "player", Pos: at}); err != nil {
		return nil, fail(err)
	}
	if _, err := w.Create(EntityDef{Kind: Character, Class: "player", Name: "player", Pos: at, Radius: opt.radius(), Health: opt.health(), Collector: true, Look: opt.look("player")}); err != nil {
		return nil, fail(err)
	}
	enemy := EntityDef{Kind: Character, Class: "enemy", Name: "enemy", Radius: opt.radius(), Health: opt.health(), Look: opt.look("enemy")}
	for k, ov := range l.Description.Overlords {
		name := "overlord" + strconv.Itoa(k)
		o := &Overlord{Name: name, Locks: ov.LockOnEntry, MaxAlive: ov.MaxInLevel, Wave: ov.SpawnsInWave,
			Spawn: func(w *World, at mathx.Vec3) (Entity, error) {
				d := enemy
				d.Pos = at
				return w.Create(d)
			}}
		for _, p := range ov.Triggers {
			e, err := w.Create(EntityDef{Kind: Trigger, Class: "overlord", Name: name, Pos: mathx.V3(p.X, p.Y, 0), Extent: mathx.V2(0.5, 0.5)})
			if err != nil {
				return nil, fail(err)
			}
			o.Triggers = append(o.Triggers, e)
		}
		for _, p := range ov.SpawnPoints {
			e, err := w.Create(EntityDef{Kind: SpawnPoint, Class: "enemy", Name: name, Pos: mathx.V3(p.X, p.Y, 0)})
			if err != nil {
				return nil, fail(err)
			}
			o.Spawns = append(o.Spawns, e)
		}
		if err := w.AddOverlord(o); err != nil {
			return nil, fail(err)
		}
	}
	return w, nil
}

// LoadIsoXML loads an IsoMob XML scene (and its definitions) from fsys and
// builds it; see [BuildIsoXML].
func LoadIsoXML(fsys fs.FS, name string, opt BuildOptions) (*World, error) {
	s, err := isoxml.Load(fsys, name)
	if err != nil {
		return nil, err
	}
	return BuildIsoXML(s, opt)
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
// their "health" attribute. Textures are not decoded (IsoMob's sprite
// sheet format is not in the seed): each material is drawn in a flat
// colour derived from its name. Looks come from opts by definition name.
func BuildIsoXML(s *isoxml.Scene, opt BuildOptions) (*World, error) {
	if s == nil {
		return nil, fmt.Errorf("scene: nil IsoMob scene")
	}
	fail := func(line int, format string, a ...any) error {
		if line > 0 {
			return fmt.Errorf("scene: %s:%d: %s", s.File, line, fmt.Sprintf(format, a...))
		}
		return fmt.Errorf("scene: %s: %s", s.File, fmt.Sprintf(format, a...))
	}
	gs := float64(s.GridSize)
	if !(gs > 0) {
		return nil, fail(0, "gridsize %d must be > 0", s.GridSize)
	}
	if s.Bounds.Min.X < 0 || s.Bounds.Min.Y < 0 {
		return nil, fail(0, "level bounds %v start below 0", s.Bounds.Min)
	}
	cols := int(math.Ceil(s.Bounds.Max.X / gs))
	rows := int(math.Ceil(s.Bounds.Max.Y / gs))
	if cols < 1 || rows < 1 || cols > 1<<12 || rows > 1<<12 {
		return nil, fail(0, "level of %d×%d cells out of range (1..4096 a side)", cols, rows)
	}
	w, err := gridWorld(cols, rows, &opt)
	if err != nil {
		return nil, fail(0, "%v", err)
	}
	g := w.Grid
	zp := float64(g.Proj.ZPixels)
	// Floors: one layer, a sprite per material.
	layer := iso.TileLayer{Tiles: make([]int32, cols*rows), Elevation: make([]int16, cols*rows)}
	for k := range layer.Tiles {
		layer.Tiles[k] = -1
	}
	matSprite := map[string]int32{}
	for _, f := range s.Floors {
		name := ""
		if f.Material != nil {
			name = f.Material.Name
		}
		si, ok := matSprite[name]
		if !ok {
			sp, err := raster.NewSprite(iso.TileImage(g.Proj, materialColor(name)))
			if err != nil {
				return nil, fail(f.Line, "%v", err)
			}
			si = int32(len(layer.Sprites))
			layer.Sprites = append(layer.Sprites, sp)
			matSprite[name] = si
		}
		z := math.Round(f.Pos.Z / gs * zp)
		if math.Abs(z) > math.MaxInt16 {
			return nil, fail(f.Line, "floor %q height %v out of range", f.ID, f.Pos.Z)
		}
		x0, y0 := int(math.Floor(f.Pos.X/gs)), int(math.Floor(f.Pos.Y/gs))
		x1, y1 := int(math.Ceil((f.Pos.X+f.Width)/gs)), int(math.Ceil((f.Pos.Y+f.Depth)/gs))
		for y := max(y0, 0); y < min(y1, rows); y++ {
			for x := max(x0, 0); x < min(x1, cols); x++ {
				layer.Tiles[y*cols+x] = si
				layer.Elevation[y*cols+x] = int16(z)
			}
		}
	}
	w.Layers = append(w.Layers, Layer{TileLayer: layer})
	for k := range s.Walls {
		wl := &s.Walls[k]
		i, j := int(math.Round(wl.Pos.X/gs)), int(math.Round(wl.Pos.Y/gs))
		n := int(math.Round(wl.Size / gs))
		z0 := int(math.Round(wl.Pos.Z / gs * zp))
		z1 := int(math.Round((wl.Pos.Z + wl.Height) / gs * zp))
		if n < 1 || z1 <= z0 {
			return nil, fail(wl.Line, "wall %q is shorter than one cell or one pixel", wl.ID)
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
		o, err := g.WallObject(f, materialColor(name))
		if err != nil {
			return nil, fail(wl.Line, "wall %q: %v", wl.ID, err)
		}
		c := box.Center()
		if _, err := w.Create(EntityDef{Kind: Object, Class: "wall", Name: wl.ID, Pos: mathx.V3(c.X, c.Y, float64(z0)/zp), Height: float64(z1-z0) / zp, Drawing: o}); err != nil {
			return nil, fail(wl.Line, "wall %q: %v", wl.ID, err)
		}
		if _, err := w.Phys.AddWall(box, 1); err != nil {
			return nil, fail(wl.Line, "wall %q: %v", wl.ID, err)
		}
	}
	add := func(e *isoxml.Entity, kind Kind) error {
		d := EntityDef{Kind: kind, Name: e.ID, Pos: e.Pos.Scale(1 / gs), Facing: mathx.Deg(e.Orientation)}
		if e.Def != nil {
			d.Class = e.Def.Name
			if e.Def.Collision != nil && (e.Def.Solid || kind == Character) {
				d.Radius = e.Def.Collision.Radius / gs
				d.Height = e.Def.Collision.Height / gs
			}
		}
		d.Look = opt.look(d.Class)
		if kind == Character {
			if d.Radius <= 0 {
				d.Radius = opt.radius()
			}
			d.Health = opt.health()
			if v, ok := e.Prop("health"); ok {
				h, err := strconv.ParseInt(v, 10, 32)
				if err != nil || h < 0 {
					return fail(e.Line, "character %q: health %q is not a whole number >= 0", e.ID, v)
				}
				d.Health = int32(h)
			}
			d.Collector = e.ID == "Player" || e.ID == "player"
		}
		if _, err := w.Create(d); err != nil {
			return fail(e.Line, "%v", err)
		}
		return nil
	}
	for k := range s.Objects {
		if err := add(&s.Objects[k], Object); err != nil {
			return nil, err
		}
	}
	for k := range s.Characters {
		if err := add(&s.Characters[k], Character); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// materialColor is a flat colour chosen from a material's name (FNV-1a),
// so every plane of one material looks the same.
func materialColor(name string) color.RGBA {
	h := fnvOffset
	h.str(name)
	v := uint64(h)
	return color.RGBA{uint8(80 + v%150), uint8(80 + (v>>8)%150), uint8(80 + (v>>16)%150), 255}
}
