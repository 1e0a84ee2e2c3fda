package main

import (
	lvl "diorama/level"
	"diorama/viewer"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"strings"

	"diorama/ai/tactics"
	"diorama/mathx"
	"diorama/scene"
)

//go:embed levels
var levelFiles embed.FS

// levelInfo names a level and where it comes from.
type levelInfo struct {
	Title string
	FS    fs.FS
	// File is the level (its extension picks the loader: level.Load).
	File string
	// Watch reloads the level when its files are saved (levels named on
	// the command line; the embedded ones never change).
	Watch bool
}

func shippedLevels() []levelInfo {
	sub, err := fs.Sub(levelFiles, "levels")
	if err != nil {
		panic(err) // the embedded folder exists by construction
	}
	return []levelInfo{
		{Title: "1  Outpost (Tiled)", FS: sub, File: "outpost.tmx"},
		{Title: "2  Crossroads (Tiled)", FS: sub, File: "crossroads.tmx"},
		{Title: "3  Bunker (ASCII)", FS: sub, File: "bunker.lev"},
		{Title: "4  Tanktrum (image)", FS: sub, File: "tanktrum.png"},
	}
}

// Physics layers.
const (
	layerWall   = 1
	layerPlayer = 2
	layerEnemy  = 4
)

// door is a door tile: a scene object named as the level's door
// trigger, which the world's overlords make solid (in physics and in the
// navigation at once) while a wave that locks it runs.
type door struct {
	cell mathx.Point
	e    scene.Entity
}

// loadLevel builds the world of li and everything the game adds on top:
// doors, waves, looks.
func loadLevel(li levelInfo, seed uint64, sheet *scene.AtlasLooks) (*level, error) {
	if li.FS == nil {
		return nil, errors.New("level has no file system")
	}
	opt := lvl.Options{Seed: seed, TPS: tps, MaxBullets: 2048, CharacterRadius: 0.34, CharacterHealth: 100}
	w, err := lvl.Load(li.FS, li.File, opt)
	if err != nil {
		return nil, err
	}
	L := &level{info: li, w: w}
	// The floor is drawn from a cached picture while the camera stays
	// within its margin (over the frame's clear colour, see game.Draw).
	w.GroundCache = &scene.GroundCache{Background: clearColor}
	// Every file the level was read from, to reload it when one is saved.
	if li.Watch {
		L.watch = viewer.NewWatcher(li.FS)
		L.watch.Add(w.Sources()...)
	}
	if L.look, err = registerLooks(w, sheet); err != nil {
		return nil, err
	}
	if err := L.setup(); err != nil {
		return nil, fmt.Errorf("%s: %w", li.File, err)
	}
	return L, nil
}

func (L *level) setup() error {
	w := L.w
	// The player: the character of class "player" (or, in an IsoMob
	// scene, named "Player"). Enemies placed in the level come through
	// waves instead: each leaves a spawn point when the level has none.
	var chars, spawns []scene.Entity
	chars = w.AppendEntities(chars, scene.Character)
	spawns = w.AppendEntities(spawns, scene.SpawnPoint)
	for _, e := range chars {
		if L.player.IsNil() && (w.Class(e) == "player" || w.Name(e) == "Player") {
			L.player = e
			continue
		}
		if len(spawns) == 0 {
			if _, err := w.Create(scene.EntityDef{Kind: scene.SpawnPoint, Class: "enemy", Name: w.Name(e), Pos: w.Pos(e)}); err != nil {
				return err
			}
		}
		w.Remove(e)
	}
	if L.player.IsNil() {
		return errors.New("no player in the level (an object of class \"player\" plays it; to look at any map, use go run ./cmd/viewer MAP)")
	}
	if b := w.Body(L.player); !b.IsNil() {
		if err := w.Phys.SetFilter(b, layerPlayer, 0xffff); err != nil {
			return err
		}
	}
	// Doors: triggers of class "door".
	var trig []scene.Entity
	trig = w.AppendEntities(trig, scene.Trigger)
	for _, e := range trig {
		if w.Class(e) == "door" {
			p := w.Pos(e)
			c := mathx.Point{X: int(math.Floor(p.X)), Y: int(math.Floor(p.Y))}
			d, err := w.Create(scene.EntityDef{Kind: scene.Object, Name: w.Name(e), Class: "door", Look: L.look.doorOpen,
				Pos: mathx.V3(float64(c.X)+0.5, float64(c.Y)+0.5, 0), Extent: mathx.V2(0.5, 0.5), Height: 0.8, Layer: layerWall})
			if err != nil {
				return err
			}
			L.doors = append(L.doors, door{cell: c, e: d})
		}
	}
	// Waves: the level's overlords (a Tiled map's triggers of class
	// "overlord", an image level's), each sending the enemy kinds its
	// trigger's "enemies" property lists, or a mix of all.
	mix := []enemyKind{kindDrone, kindGunner, kindTurret, kindFuzzy, kindDrone, kindCover, kindSquad, kindSquad}
	for _, o := range w.Overlords {
		kinds := mix
		if p := w.Props(o.Triggers[0]); p.String("enemies", "") != "" {
			kinds = kinds[:0:0]
			for _, k := range strings.Split(p.String("enemies", ""), ",") {
				ek, ok := kindByName(strings.TrimSpace(k))
				if !ok {
					return fmt.Errorf("overlord %q: unknown enemy %q", o.Name, k)
				}
				kinds = append(kinds, ek)
			}
		}
		L.addWave(o, kinds)
	}
	if len(w.Overlords) == 0 { // ASCII, IsoMob: one wave over every enemy spawn, awake from the start
		o := &scene.Overlord{Name: "wave1", MaxAlive: 4, Wave: 10}
		for _, e := range w.AppendEntities(spawns[:0], scene.SpawnPoint) {
			if w.Class(e) == "enemy" {
				o.Spawns = append(o.Spawns, e)
			}
		}
		if len(o.Spawns) == 0 {
			return errors.New("no enemy spawn points")
		}
		L.addWave(o, mix)
		if err := o.Start(w); err != nil {
			return err
		}
	}
	// Pickups get the game's looks.
	w.Each(scene.Pickup, func(e scene.Entity) {
		id, ok := L.look.pickup[w.Name(e)]
		if !ok {
			id = L.look.pickup["health"] // the ASCII level's pickups heal
		}
		w.Looks().Set(e, id)
	})
	nav, err := w.Nav().Floor()
	if err != nil {
		return err
	}
	L.nav = nav
	L.near = make([]scene.BulletInfo, 0, 256) // scratch: play does not allocate
	a, err := tactics.NewAnalyzer(tactics.DefaultAnalyzerConfig(0.5))
	if err != nil {
		return err
	}
	L.analyzer = a
	L.pl = playerState{ammo: 60, weapon: weaponCannon, turretAngle: -math.Pi / 4}
	// The player's tank: drawn by scene, seen through the walls that hide it.
	w.Looks().Set(L.player, L.look.tank[lookPlayer])
	w.Looks().SetSilhouette(L.player, rgba(140, 210, 255, 120))
	return nil
}

// addWave makes overlord o send the enemy kinds in turn.
func (L *level) addWave(o *scene.Overlord, kinds []enemyKind) {
	o.Spawn = func(w *scene.World, at mathx.Vec3) (scene.Entity, error) {
		return L.spawnEnemy(kinds[o.Spawned()%len(kinds)], at)
	}
}
