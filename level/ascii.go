package level

import (
	"fmt"
	"io/fs"

	"diorama/iso"
	"diorama/mathx"
	"diorama/physics"
	"diorama/scene"
	"diorama/scene/ascii"
)

// LoadASCII loads an ASCII text level from fsys and builds it; see
// [BuildASCII].
func LoadASCII(fsys fs.FS, name string, opt Options) (*scene.World, error) {
	r := record(fsys)
	l, err := ascii.Loader{Limits: opt.Limits.ASCII}.Load(r, name)
	if err != nil {
		return nil, err
	}
	w, err := BuildASCII(l, opt)
	if err == nil {
		w.Builder().SetSources(r.files)
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
func BuildASCII(l *ascii.Level, opt Options) (*scene.World, error) {
	if l == nil {
		return nil, fmt.Errorf("level: nil ASCII level")
	}
	if l.Width < 1 || l.Height < 1 || len(l.Cells) != l.Width*l.Height {
		return nil, fmt.Errorf("level: %s: %d×%d level with %d cells", l.File, l.Width, l.Height, len(l.Cells))
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
	w.Layers = append(w.Layers, scene.Layer{TileLayer: layer})
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
		var d scene.EntityDef
		switch s.Kind {
		case ascii.Player:
			d = scene.EntityDef{Kind: scene.Character, Class: "player", Collector: true}
		case ascii.Enemy:
			d = scene.EntityDef{Kind: scene.Character, Class: "enemy"}
		case ascii.Pickup:
			d = scene.EntityDef{Kind: scene.Pickup, Class: "pickup"}
		default:
			continue
		}
		if _, err := w.Create(scene.EntityDef{Kind: scene.SpawnPoint, Class: d.Class, Pos: at}); err != nil {
			return nil, fail(err)
		}
		d.Name, d.Pos, d.Look = d.Class, at, opt.look(d.Class)
		if d.Kind == scene.Character {
			d.Radius, d.Health = opt.radius(), opt.health()
		}
		if _, err := w.Create(d); err != nil {
			return nil, fail(err)
		}
	}
	return w, nil
}
