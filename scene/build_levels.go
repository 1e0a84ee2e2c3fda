package scene

import (
	fnvpkg "diorama/internal/fnv"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"math"
	"math/bits"
	"strconv"
	"time"

	"diorama/internal/loadutil"
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

// maxPhysicsCells bounds the physics broad-phase grid of a level's world:
// on larger levels its cell grows (2, 4, ... world units) so the grid
// stays within 1Mi cells, about 24 MiB, instead of 24 bytes a map cell.
const maxPhysicsCells = 1 << 20

// gridWorld makes a diamond grid of cols × rows and a world on it.
func gridWorld(cols, rows int, opt *BuildOptions) (*World, error) {
	cell := 1.0
	for float64(cols)*float64(rows) > maxPhysicsCells*cell*cell {
		cell *= 2
	}
	p, err := opt.proj()
	if err != nil {
		return nil, err
	}
	g, err := iso.NewDiamond(p, cols, rows)
	if err != nil {
		return nil, err
	}
	w, err := NewWorld(Config{Grid: g, Seed: opt.Seed, TPS: opt.TPS, MaxBullets: opt.MaxBullets, CellSize: cell})
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

// LevelLimits bound the worlds BuildASCII, BuildImageLevel and
// BuildIsoXML make. Each is checked from the level's size and counts
// before the world, its layers or its entities are allocated, so a hostile
// level fails with an error (of kind ErrLevelLimit) naming the file, what
// is too large and the field of BuildOptions.Limits that raises it,
// instead of exhausting memory or time. A zero field takes its value from
// DefaultLevelLimits.
type LevelLimits struct {
	// MaxCells bounds the grid (columns × rows); its floor layer and
	// physics map cost about 6 bytes a cell.
	MaxCells int64
	// MaxEntities bounds the entities made (wall blocks, spawn points and
	// what they spawn, doors, triggers, objects, characters) and, on its
	// own, the physics wall boxes. Walls are merged into blocks first, so
	// a level of long walls or large solid areas needs few.
	MaxEntities int
	// MaxFloorCells bounds the floor cells an IsoMob scene paints, summed
	// over its floors after each is clipped to the map.
	MaxFloorCells int64
	// MaxWallPixels bounds the pixels of the images an IsoMob scene's
	// walls are drawn with (one image a wall, as long and tall as it is
	// on screen), summed over its walls.
	MaxWallPixels int64
	// MaxTime bounds the time one build takes, checked between rows of
	// the grid and between entities.
	MaxTime time.Duration
}

// DefaultLevelLimits allow a 4096×4096 level, 131072 entities (a
// 4096×4096 level of solid wall takes 65536 blocks), 64Mi painted floor
// cells, 32Mi wall pixels (128 MiB of images) and 20 s.
var DefaultLevelLimits = LevelLimits{
	MaxCells:      1 << 24,
	MaxEntities:   1 << 17,
	MaxFloorCells: 1 << 26,
	MaxWallPixels: 1 << 25,
	MaxTime:       20 * time.Second,
}

// ErrLevelLimit is the kind of the errors of a build that exceeds its
// LevelLimits, matched with errors.Is. It is the loaders' ErrLimit.
var ErrLevelLimit = loadutil.ErrLimit

func (l LevelLimits) withDefaults() LevelLimits {
	d := DefaultLevelLimits
	if l.MaxCells <= 0 {
		l.MaxCells = d.MaxCells
	}
	if l.MaxEntities <= 0 {
		l.MaxEntities = d.MaxEntities
	}
	if l.MaxFloorCells <= 0 {
		l.MaxFloorCells = d.MaxFloorCells
	}
	if l.MaxWallPixels <= 0 {
		l.MaxWallPixels = d.MaxWallPixels
	}
	if l.MaxTime <= 0 {
		l.MaxTime = d.MaxTime
	}
	return l
}

// budget is one build's LevelLimits and its clock.
type budget struct {
	file     string
	lim      LevelLimits
	deadline time.Time
	entities int
	used     []bool // mergeCells' scratch
}

func newBudget(file string, opt *BuildOptions) *budget {
	lim := opt.Limits.withDefaults()
	return &budget{file: file, lim: lim, deadline: time.Now().Add(lim.MaxTime)}
}

// limitErr is an ErrLevelLimit error naming the file, what and the field
// that raises it.
func (b *budget) limitErr(field, format string, a ...any) error {
	return &loadutil.Error{File: b.file, Msg: fmt.Sprintf(format, a...) + " (raise BuildOptions.Limits." + field + ")", Kind: ErrLevelLimit}
}

// cells checks a grid's size.
func (b *budget) cells(cols, rows int) error {
	if int64(cols)*int64(rows) > b.lim.MaxCells {
		return b.limitErr("MaxCells", "%d×%d grid exceeds %d cells", cols, rows, b.lim.MaxCells)
	}
	return nil
}

// reserve accounts for n more entities.
func (b *budget) reserve(n int, what string) error {
	b.entities += n
	if b.entities > b.lim.MaxEntities {
		return b.limitErr("MaxEntities", "%s: more than %d entities", what, b.lim.MaxEntities)
	}
	return nil
}

// clock fails once the build has run past MaxTime.
func (b *budget) clock() error {
	if time.Now().After(b.deadline) {
		return b.limitErr("MaxTime", "build took longer than %v", b.lim.MaxTime)
	}
	return nil
}

// failIn names the file in a build error; a LevelLimits error already
// names it.
func failIn(file string, err error) error {
	var le *loadutil.Error
	if errors.As(err, &le) && le.File == file && le.Kind == ErrLevelLimit {
		return err
	}
	return fmt.Errorf("scene: %s: %w", file, err)
}

// cellRect is a rectangle of grid cells: columns X..X+W-1, rows Y..Y+H-1.
type cellRect struct{ X, Y, W, H int }

// mergeCells covers the cells where in(k) holds with rectangles, as
// physics.MergeTiles does (rows top to bottom, each free cell starts a
// rectangle that grows right, then down while the whole row below is free),
// no side longer than maxSide. It calls emit for each and stops, returning
// emit's error, when emit fails; every row it checks the clock.
func mergeCells(cols, rows int, in func(k int) bool, maxSide int, b *budget, emit func(cellRect) error) error {
	if len(b.used) != cols*rows {
		b.used = make([]bool, cols*rows)
	}
	used := b.used
	clear(used)
	for y := 0; y < rows; y++ {
		if err := b.clock(); err != nil {
			return err
		}
		for x := 0; x < cols; x++ {
			k := y*cols + x
			if used[k] || !in(k) {
				continue
			}
			w := 1
			for w < maxSide && x+w < cols && !used[k+w] && in(k+w) {
				w++
			}
			h := 1
		grow:
			for h < maxSide && y+h < rows {
				row := (y+h)*cols + x
				for i := 0; i < w; i++ {
					if used[row+i] || !in(row+i) {
						break grow
					}
				}
				h++
			}
			for j := y; j < y+h; j++ {
				for i := x; i < x+w; i++ {
					used[j*cols+i] = true
				}
			}
			if err := emit(cellRect{x, y, w, h}); err != nil {
				return err
			}
		}
	}
	return nil
}

// maxBlock is the longest side of a drawn wall block, in cells. Blocks are
// cut into sides of 16, 8, 4, 2 and 1 cells, so one level draws at most
// 25 block shapes per height however its walls are laid out.
const maxBlock = 16

// pow2Parts cuts n (1..maxBlock) into powers of two, largest first.
func pow2Parts(n int, fn func(off, len int)) {
	off := 0
	for p := maxBlock; p >= 1; p /= 2 {
		if n-off >= p {
			fn(off, p)
			off += p
		}
	}
}

// blockCount is how many blocks a merged rectangle is drawn as.
func blockCount(r cellRect) int {
	return bits.OnesCount(uint(r.W)) * bits.OnesCount(uint(r.H))
}

// wallBlocks merges the cells where in(k) holds into rectangles, counting
// the blocks they are drawn as against the budget, and returns them.
func wallBlocks(cols, rows int, in func(k int) bool, b *budget, what string) ([]cellRect, error) {
	var out []cellRect
	err := mergeCells(cols, rows, in, maxBlock, b, func(r cellRect) error {
		if err := b.reserve(blockCount(r), what); err != nil {
			return err
		}
		out = append(out, r)
		return nil
	})
	return out, err
}

// physicsBoxes checks that the solid cells merge (as physics.AddSolidTiles
// merges them) into at most MaxEntities wall boxes, before they are added.
func physicsBoxes(cols, rows int, solid []bool, b *budget) error {
	n := 0
	return mergeCells(cols, rows, func(k int) bool { return solid[k] }, math.MaxInt, b, func(cellRect) error {
		n++
		if n > b.lim.MaxEntities {
			return b.limitErr("MaxEntities", "walls: more than %d physics wall boxes", b.lim.MaxEntities)
		}
		return nil
	})
}

// blockMaker draws each block shape once and places copies.
type blockMaker struct {
	g     *iso.Grid
	proto map[[4]int]iso.Object // by w, h, z0, z1 (w, h powers of two up to maxBlock)
}

// at returns the block of w×h cells from z0 to z1 pixels with its corner
// on cell (i, j): the sprites of the prototype at cell (0, 0), moved.
func (b *blockMaker) at(i, j, w, h, z0, z1 int) (iso.Object, error) {
	k := [4]int{w, h, z0, z1}
	o, ok := b.proto[k]
	if !ok {
		var err error
		if o, err = b.g.BlockObject(0, 0, w, h, z0, z1, wallTop, wallLeft, wallRight); err != nil {
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

// addBlocks creates the wall entities of the merged rectangles rs, each cut
// into power-of-two blocks from z0 to z1 pixels.
func (b *blockMaker) addBlocks(w *World, bg *budget, rs []cellRect, z0, z1 int) error {
	zp := float64(b.g.Proj.ZPixels)
	var err error
	for n, r := range rs {
		if n%1024 == 0 {
			if err := bg.clock(); err != nil {
				return err
			}
		}
		pow2Parts(r.W, func(dx, bw int) {
			pow2Parts(r.H, func(dy, bh int) {
				if err != nil {
					return
				}
				i, j := r.X+dx, r.Y+dy
				var o iso.Object
				if o, err = b.at(i, j, bw, bh, z0, z1); err != nil {
					return
				}
				pos := mathx.V3(float64(i)+float64(bw)/2, float64(j)+float64(bh)/2, 0)
				_, err = w.Create(EntityDef{Kind: Object, Class: "wall", Pos: pos, Height: float64(z1) / zp, Drawing: o})
			})
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// LoadASCII loads an ASCII text level from fsys and builds it; see
// [BuildASCII].
func LoadASCII(fsys fs.FS, name string, opt BuildOptions) (*World, error) {
	r := record(fsys)
	l, err := ascii.Loader{Limits: opt.Limits.ASCII}.Load(r, name)
	if err != nil {
		return nil, err
	}
	w, err := BuildASCII(l, opt)
	if err == nil {
		w.sources = r.files
	}
	return w, err
}

// BuildASCII turns a text level into a World on a diamond grid of the
// level's size: cell (x, y) of the file (column, row) is world cell
// (x, y). Floor cells get a flat tile; walls ('w') are full blocks, half
// walls a half-height block moved up ('t') or down ('b'), all three solid
// (merged physics walls) and drawn as depth-sorted objects: the cells of
// each kind merged into rectangles (physics.MergeTiles's order) and each
// cut into blocks of 1, 2, 4, 8 or 16 cells a side, so a long wall or a
// solid area is a few entities, not one per cell. Every spawn makes a
// spawn point of class "player", "enemy" or "pickup" at its cell centre,
// and the thing itself: a collecting character "player", a character
// "enemy", a pickup "pickup". The level's size, its blocks and spawns are
// checked against opt.Limits before the world is made.
func BuildASCII(l *ascii.Level, opt BuildOptions) (*World, error) {
	if l == nil {
		return nil, fmt.Errorf("scene: nil ASCII level")
	}
	if l.Width < 1 || l.Height < 1 || len(l.Cells) != l.Width*l.Height {
		return nil, fmt.Errorf("scene: %s: %d×%d level with %d cells", l.File, l.Width, l.Height, len(l.Cells))
	}
	fail := func(err error) error { return failIn(l.File, err) }
	bg := newBudget(l.File, &opt)
	if err := bg.cells(l.Width, l.Height); err != nil {
		return nil, fail(err)
	}
	if err := bg.reserve(2*len(l.Spawns), "spawns"); err != nil {
		return nil, fail(err)
	}
	zp := 0 // set once the grid is made; blocks are merged first
	kinds := []struct {
		c      ascii.Cell
		z0, z1 func(zp int) int
		rects  []cellRect
	}{
		{c: ascii.Wall, z0: func(int) int { return 0 }, z1: func(zp int) int { return zp }},
		{c: ascii.HalfWallTop, z0: func(zp int) int { return zp / 2 }, z1: func(zp int) int { return zp }},
		{c: ascii.HalfWallBottom, z0: func(int) int { return 0 }, z1: func(zp int) int { return zp / 2 }},
	}
	for k := range kinds {
		kd := &kinds[k]
		rs, err := wallBlocks(l.Width, l.Height, func(i int) bool { return l.Cells[i] == kd.c }, bg, "walls")
		if err != nil {
			return nil, fail(err)
		}
		kd.rects = rs
	}
	solid := make([]bool, len(l.Cells))
	for k, c := range l.Cells {
		solid[k] = c == ascii.Wall || c == ascii.HalfWallTop || c == ascii.HalfWallBottom
	}
	if err := physicsBoxes(l.Width, l.Height, solid, bg); err != nil {
		return nil, fail(err)
	}
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
	bm := blockMaker{g: g, proto: map[[4]int]iso.Object{}}
	zp = g.Proj.ZPixels
	for _, kd := range kinds {
		if err := bm.addBlocks(w, bg, kd.rects, kd.z0(zp), kd.z1(zp)); err != nil {
			return nil, fail(err)
		}
	}
	if _, _, err := w.Phys.AddSolidTiles(physics.SolidTiles{Cols: l.Width, Rows: l.Height, TileW: 1, TileH: 1, Solid: solid}); err != nil {
		return nil, fail(err)
	}
	for n, s := range l.Spawns {
		if n%1024 == 0 {
			if err := bg.clock(); err != nil {
				return nil, fail(err)
			}
		}
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

// LoadImageLevel loads a map image (one pixel per tile) and its JSON
// description from fsys and builds them; see [BuildImageLevel].
func LoadImageLevel(fsys fs.FS, imageName, descName string, opt BuildOptions) (*World, error) {
	r := record(fsys)
	l, err := imagelevel.Loader{Limits: opt.Limits.ImageLevel}.Load(r, imageName, descName)
	if err != nil {
		return nil, err
	}
	w, err := BuildImageLevel(l, opt)
	if err == nil {
		w.sources = r.files
	}
	return w, err
}

// BuildImageLevel turns an image level into a World: pixel (x, y)
// is world cell (x, y) and description points (tile units, .5 a centre)
// are world points. Wall pixels are blocks, merged and cut as BuildASCII
// does, and solid (physics.AddSolidTiles's merged walls); each door is a
// trigger of class "door" named as in the description, Value 1 when
// locked; the player is a spawn point and a collecting character, both of
// class "player"; each overlord gets its triggers (class "overlord") and
// spawn points (class "enemy"), both named "overlord<index>", and works
// as an [Overlord] spawning characters of class "enemy". The image's
// size, its blocks and the description's entities are checked against
// opt.Limits before the world is made.
func BuildImageLevel(l *imagelevel.Level, opt BuildOptions) (*World, error) {
	if l == nil || l.Grid == nil || l.Description == nil {
		return nil, fmt.Errorf("scene: incomplete image level")
	}
	gr := l.Grid
	if gr.Width < 1 || gr.Height < 1 || len(gr.Cells) != gr.Width*gr.Height {
		return nil, fmt.Errorf("scene: %s: %d×%d image with %d cells", gr.File, gr.Width, gr.Height, len(gr.Cells))
	}
	fail := func(err error) error { return failIn(gr.File, err) }
	bg := newBudget(gr.File, &opt)
	if err := bg.cells(gr.Width, gr.Height); err != nil {
		return nil, fail(err)
	}
	n := len(l.Doors) + 2
	for _, ov := range l.Description.Overlords {
		n += len(ov.Triggers) + len(ov.SpawnPoints) + ov.MaxInLevel
	}
	if err := bg.reserve(n, "doors, player, overlords and their enemies"); err != nil {
		return nil, fail(err)
	}
	isWall := func(k int) bool { return gr.Cells[k] == imagelevel.Wall }
	rects, err := wallBlocks(gr.Width, gr.Height, isWall, bg, "walls")
	if err != nil {
		return nil, fail(err)
	}
	solid := make([]bool, len(gr.Cells))
	for k := range solid {
		solid[k] = isWall(k)
	}
	if err := physicsBoxes(gr.Width, gr.Height, solid, bg); err != nil {
		return nil, fail(err)
	}
	w, err := gridWorld(gr.Width, gr.Height, &opt)
	if err != nil {
		return nil, fail(err)
	}
	layer, err := floorLayer(w.Grid, floorColor, func(k int) bool { return !isWall(k) })
	if err != nil {
		return nil, fail(err)
	}
	w.Layers = append(w.Layers, Layer{TileLayer: layer})
	bm := blockMaker{g: w.Grid, proto: map[[4]int]iso.Object{}}
	if err := bm.addBlocks(w, bg, rects, 0, w.Grid.Proj.ZPixels); err != nil {
		return nil, fail(err)
	}
	if _, _, err := w.Phys.AddSolidTiles(physics.SolidTiles{Cols: gr.Width, Rows: gr.Height, TileW: 1, TileH: 1, Solid: solid}); err != nil {
		return nil, fail(err)
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
	spawn := enemySpawner(&opt)
	for k, ov := range l.Description.Overlords {
		name := "overlord" + strconv.Itoa(k)
		o := &Overlord{Name: name, Locks: ov.LockOnEntry, MaxAlive: ov.MaxInLevel, Wave: ov.SpawnsInWave, Spawn: spawn}
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
// their "health" attribute. BuildIsoXML reads no images: each material
// is drawn in a flat colour derived from its name and entities take
// their looks from opt.Looks by definition name; [BuildIsoXMLFS] draws
// the definitions' art.
func BuildIsoXML(s *isoxml.Scene, opt BuildOptions) (*World, error) {
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
func BuildIsoXMLFS(fsys fs.FS, s *isoxml.Scene, opt BuildOptions) (*World, error) {
	if fsys == nil {
		return buildIsoXML(nil, s, opt)
	}
	r := record(fsys)
	w, err := buildIsoXML(r, s, opt)
	if err == nil {
		w.sources = r.files
	}
	return w, err
}

func buildIsoXML(fsys fs.FS, s *isoxml.Scene, opt BuildOptions) (*World, error) {
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
	bg := newBudget(s.File, &opt)
	if err := bg.cells(cols, rows); err != nil {
		return nil, err
	}
	if err := bg.reserve(len(s.Walls)+len(s.Objects)+len(s.Characters), "walls, objects and characters"); err != nil {
		return nil, err
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
			le := bg.limitErr("MaxFloorCells", "floor %q: floors paint more than %d cells in all", s.Floors[k].ID, bg.lim.MaxFloorCells).(*loadutil.Error)
			le.Line = s.Floors[k].Line
			return nil, le
		}
	}
	proj, err := opt.proj()
	if err != nil {
		return nil, fail(0, "%v", err)
	}
	zp := float64(proj.ZPixels)
	// Each wall is drawn as one image of its face: their pixels are
	// bounded before any is drawn.
	pixels := int64(0)
	for k := range s.Walls {
		wl := &s.Walls[k]
		n := math.Round(wl.Size / gs)
		h := math.Round((wl.Pos.Z+wl.Height)/gs*zp) - math.Round(wl.Pos.Z/gs*zp)
		px := (n*float64(proj.TileW)/2 + 1) * (n*float64(proj.TileH)/2 + math.Max(h, 0) + 1)
		if px > float64(bg.lim.MaxWallPixels-pixels) {
			le := bg.limitErr("MaxWallPixels", "wall %q: walls draw more than %d pixels in all", wl.ID, bg.lim.MaxWallPixels).(*loadutil.Error)
			le.Line = wl.Line
			return nil, le
		}
		pixels += int64(px)
	}
	w, err := gridWorld(cols, rows, &opt)
	if err != nil {
		return nil, fail(0, "%v", err)
	}
	g := w.Grid
	// Floors: one layer, a sprite per material.
	layer := iso.TileLayer{Tiles: make([]int32, cols*rows), Elevation: make([]int16, cols*rows)}
	for k := range layer.Tiles {
		layer.Tiles[k] = -1
	}
	var art *isoArt
	if fsys != nil {
		if art, err = newIsoArt(fsys, s.Defs, opt.Limits.Images); err != nil {
			return nil, err
		}
	}
	ft := &floorTiles{p: g.Proj, gs: s.GridSize, cache: map[floorKey]int32{}, layer: &layer, max: bg.lim.MaxWallPixels}
	matSprite := map[string]int32{}
	for k := range s.Floors {
		f := &s.Floors[k]
		name := ""
		var tex *image.RGBA
		if f.Material != nil {
			name = f.Material.Name
			if art != nil {
				if tex, err = art.image(f.Material.Diffuse); err != nil {
					return nil, fail(f.Line, "floor %q: %v", f.ID, err)
				}
			}
		}
		if tex != nil {
			z := math.Round(f.Pos.Z / gs * zp)
			if math.Abs(z) > math.MaxInt16 {
				return nil, fail(f.Line, "floor %q height %v out of range", f.ID, f.Pos.Z)
			}
			x0, y0, x1, y1 := floorCells(f, gs, cols, rows)
			fx, fy := int(math.Floor(f.Pos.X/gs)), int(math.Floor(f.Pos.Y/gs))
			for y := y0; y < y1; y++ {
				if err := bg.clock(); err != nil {
					return nil, err
				}
				for x := x0; x < x1; x++ {
					si, err := ft.tile(tex, f.Material.Tiled, x, y, fx, fy)
					if errors.Is(err, errFloorBudget) {
						le := bg.limitErr("MaxWallPixels", "floor %q: floor textures draw more than %d pixels in all", f.ID, bg.lim.MaxWallPixels).(*loadutil.Error)
						le.Line = f.Line
						return nil, le
					}
					if err != nil {
						return nil, fail(f.Line, "floor %q: %v", f.ID, err)
					}
					layer.Tiles[y*cols+x] = si
					layer.Elevation[y*cols+x] = int16(z)
				}
			}
			continue
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
		x0, y0, x1, y1 := floorCells(f, gs, cols, rows)
		for y := y0; y < y1; y++ {
			if err := bg.clock(); err != nil {
				return nil, err
			}
			for x := x0; x < x1; x++ {
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
		shade, err := wallShade(art, g.Proj, s.GridSize, f, wl.Material)
		if err != nil {
			return nil, fail(wl.Line, "wall %q: %v", wl.ID, err)
		}
		var o iso.Object
		if shade != nil {
			o, err = g.WallObjectFunc(f, shade)
		} else {
			o, err = g.WallObject(f, materialColor(name))
		}
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
	looks := map[*isoxml.ObjectDef]LookID{}
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
		if d.Look == NoLook && art != nil && e.Def != nil {
			id, ok := looks[e.Def]
			if !ok {
				l, err := art.look(e.Def, opt.TPS)
				if err != nil {
					return err
				}
				if l != nil {
					if id, err = w.AddLook(l); err != nil {
						return fail(e.Line, "%q: %v", e.Def.Name, err)
					}
				}
				looks[e.Def] = id
			}
			d.Look = id
		}
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
	h := fnv{fnvpkg.New()}
	h.str(name)
	v := h.sum()
	return color.RGBA{uint8(80 + v%150), uint8(80 + (v>>8)%150), uint8(80 + (v>>16)%150), 255}
}
