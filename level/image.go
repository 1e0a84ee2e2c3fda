package level

import (
	"fmt"
	"io/fs"
	"strconv"

	"diorama/iso"
	"diorama/mathx"
	"diorama/physics"
	"diorama/scene"
	"diorama/scene/imagelevel"
)

// LoadImageLevel loads a map image (one pixel per tile) and its JSON
// description from fsys and builds them; see [BuildImageLevel].
func LoadImageLevel(fsys fs.FS, imageName, descName string, opt Options) (*scene.World, error) {
	r := record(fsys)
	l, err := imagelevel.Loader{Limits: opt.Limits.ImageLevel}.Load(r, imageName, descName)
	if err != nil {
		return nil, err
	}
	w, err := BuildImageLevel(l, opt)
	if err == nil {
		w.Builder().SetSources(r.files)
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
// as an [scene.Overlord] spawning characters of class "enemy". The image's
// size, its blocks and the description's entities are checked against
// opt.Limits before the world is made.
func BuildImageLevel(l *imagelevel.Level, opt Options) (*scene.World, error) {
	if l == nil || l.Grid == nil || l.Description == nil {
		return nil, fmt.Errorf("level: incomplete image level")
	}
	gr := l.Grid
	if gr.Width < 1 || gr.Height < 1 || len(gr.Cells) != gr.Width*gr.Height {
		return nil, fmt.Errorf("level: %s: %d×%d image with %d cells", gr.File, gr.Width, gr.Height, len(gr.Cells))
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
	w.Layers = append(w.Layers, scene.Layer{TileLayer: layer})
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
		if _, err := w.Create(scene.EntityDef{Kind: scene.Trigger, Class: "door", Name: d.Name, Pos: mathx.V3(float64(d.At.X)+0.5, float64(d.At.Y)+0.5, 0), Extent: mathx.V2(0.5, 0.5), Value: v}); err != nil {
			return nil, fail(err)
		}
	}
	sp := l.Description.Player.Spawn
	at := mathx.V3(sp.X, sp.Y, 0)
	if _, err := w.Create(scene.EntityDef{Kind: scene.SpawnPoint, Class: "player", Pos: at}); err != nil {
		return nil, fail(err)
	}
	if _, err := w.Create(scene.EntityDef{Kind: scene.Character, Class: "player", Name: "player", Pos: at, Radius: opt.radius(), Health: opt.health(), Collector: true, Look: opt.look("player")}); err != nil {
		return nil, fail(err)
	}
	spawn := enemySpawner(&opt)
	for k, ov := range l.Description.Overlords {
		name := "overlord" + strconv.Itoa(k)
		o := &scene.Overlord{Name: name, Locks: ov.LockOnEntry, MaxAlive: ov.MaxInLevel, Wave: ov.SpawnsInWave, Spawn: spawn}
		for _, p := range ov.Triggers {
			e, err := w.Create(scene.EntityDef{Kind: scene.Trigger, Class: "overlord", Name: name, Pos: mathx.V3(p.X, p.Y, 0), Extent: mathx.V2(0.5, 0.5)})
			if err != nil {
				return nil, fail(err)
			}
			o.Triggers = append(o.Triggers, e)
		}
		for _, p := range ov.SpawnPoints {
			e, err := w.Create(scene.EntityDef{Kind: scene.SpawnPoint, Class: "enemy", Name: name, Pos: mathx.V3(p.X, p.Y, 0)})
			if err != nil {
				return nil, fail(err)
			}
			o.Spawns = append(o.Spawns, e)
		}
		if err := o.Start(w); err != nil {
			return nil, fail(err)
		}
	}
	return w, nil
}
