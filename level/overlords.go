package level

import (
	"fmt"
	"strings"

	"diorama/mathx"
	"diorama/scene"
)

// enemySpawner is a builder's Overlord.Spawn: a character of class
// "enemy" with the options' radius, health and look.
func enemySpawner(opt *Options) func(*scene.World, mathx.Vec3) (scene.Entity, error) {
	enemy := scene.EntityDef{Kind: scene.Character, Class: "enemy", Name: "enemy", Radius: opt.radius(), Health: opt.health(), Look: opt.look("enemy")}
	return func(w *scene.World, at mathx.Vec3) (scene.Entity, error) {
		d := enemy
		d.Pos = at
		return w.Create(d)
	}
}

// tiledOverlords makes an Overlord of each name shared by a Tiled map's
// triggers of class "overlord" (see BuildTiled), in the order the first
// of each name was created: its size from the first trigger's properties
// (max_in_level, spawns_in_wave, lock_on_entry), its triggers and its
// spawn points (points, or objects of class "spawn", of the same name).
func tiledOverlords(w *scene.World, opt *Options) error {
	spawn := enemySpawner(opt)
	var order []*scene.Overlord
	byName := map[string]*scene.Overlord{}
	all := w.AppendEntities(nil, 0)
	isTrigger := func(e scene.Entity) bool { return w.Kind(e) == scene.Trigger && w.Class(e) == "overlord" }
	for _, e := range all {
		if o := byName[w.Name(e)]; isTrigger(e) && o == nil {
			p := w.Props(e)
			o = &scene.Overlord{Name: w.Name(e), MaxAlive: int(p.Int("max_in_level", 4)), Wave: int(p.Int("spawns_in_wave", 6)), Spawn: spawn}
			if o.MaxAlive < 1 || o.MaxAlive > maxOverlordAlive || o.Wave < 1 || o.Wave > maxOverlordWave {
				return fmt.Errorf("overlord %q: max_in_level %d and spawns_in_wave %d must be 1..%d and 1..%d", o.Name, o.MaxAlive, o.Wave, maxOverlordAlive, maxOverlordWave)
			}
			for _, d := range strings.Split(p.String("lock_on_entry", ""), ",") {
				if d = strings.TrimSpace(d); d != "" {
					o.Locks = append(o.Locks, d)
				}
			}
			byName[o.Name] = o
			order = append(order, o)
		}
	}
	for _, e := range all {
		if o := byName[w.Name(e)]; o != nil {
			switch {
			case isTrigger(e):
				o.Triggers = append(o.Triggers, e)
			case w.Kind(e) == scene.SpawnPoint:
				o.Spawns = append(o.Spawns, e)
			}
		}
	}
	for _, o := range order {
		if len(o.Spawns) == 0 {
			return fmt.Errorf("overlord %q has no spawn point (a point or an object of class \"spawn\" named %q)", o.Name, o.Name)
		}
		if err := o.Start(w); err != nil {
			return err
		}
	}
	return nil
}

// Bounds on a Tiled overlord's properties.
const (
	maxOverlordAlive = 1024
	maxOverlordWave  = 1 << 20
)
