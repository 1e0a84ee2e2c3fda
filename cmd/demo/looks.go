package main

import (
	"diorama/atlas"
	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
	"diorama/scene"
)

// looks are the game's sprites registered with a level's world: scene
// draws every tank, drone, pickup, bullet, door and effect from them
// (facing, turret aim, animation, interpolation, tint and flash are the
// engine's).
type looks struct {
	tank                         [numLooks]scene.LookID
	drone                        scene.LookID
	pickup                       map[string]scene.LookID
	bullet, enemyBullet, rocket  scene.LookID
	boom, bigBoom, spark, muzzle scene.LookID
	doorOpen, doorShut, crate    scene.LookID
}

// offset is the look offset that puts the sprite's anchor on the feet
// (scene anchors a look at its sprite's bottom centre).
func (s sprite) offset() mathx.Point {
	return mathx.Point{X: s.S.W()/2 - s.AnchorX, Y: s.S.H() - s.AnchorY}
}

func sprites(in []sprite) []*raster.Sprite {
	out := make([]*raster.Sprite, len(in))
	for i, s := range in {
		out[i] = s.S
	}
	return out
}

// turning returns a look of perDir frames per facing of dirs, played
// ticks per frame, the same standing and moving.
func turning(frames []sprite, dirs atlas.DirectionSet, perDir, ticks int) *scene.Look {
	l := &scene.Look{Frames: sprites(frames), Dirs: dirs, Offset: frames[0].offset()}
	for d := range dirs.Angles {
		c := &atlas.Clip{Name: dirs.Names[d]}
		for k := range perDir {
			c.Frames, c.Durations = append(c.Frames, d*perDir+k), append(c.Durations, ticks)
		}
		l.Clips[scene.Idle] = append(l.Clips[scene.Idle], c)
		l.Clips[scene.Walk] = append(l.Clips[scene.Walk], c)
	}
	return l
}

// once returns a look that plays frames once, ticks per frame (an
// effect that lives len(frames)·ticks ticks).
func once(frames []sprite, ticks int) *scene.Look {
	c := &atlas.Clip{Name: "once", Repeat: 1}
	for k := range frames {
		c.Frames, c.Durations = append(c.Frames, k), append(c.Durations, ticks)
	}
	l := &scene.Look{Frames: sprites(frames), Dirs: atlas.Directions(1, 0), Offset: frames[0].offset()}
	l.Clips[scene.Idle] = []*atlas.Clip{c}
	return l
}

// screenDirs are the screen angles of the art's facings: world heading k
// of n, projected by the grid.
func screenDirs(g *iso.Grid, n int) atlas.DirectionSet {
	d := atlas.Directions(n, 0)
	for k := range n {
		v := g.ScreenVec(mathx.V3(mathx.Cos(facingAngle(k)), mathx.Sin(facingAngle(k)), 0))
		d.Angles[k] = mathx.Atan2(v.Y, v.X)
	}
	return d
}

// register adds the art's looks to w.
func (a *art) register(w *scene.World) (looks, error) {
	var lk looks
	var err error
	add := func(l *scene.Look) scene.LookID {
		id, e := w.AddLook(l)
		if err == nil {
			err = e
		}
		return id
	}
	dirs := screenDirs(w.Grid, facings)
	for k := range numLooks {
		l := turning(a.hull[k][:], dirs, 1, 1)
		tur := a.turret[k][:]
		l.Parts = []scene.LookPart{{Frames: sprites(tur), Dirs: dirs, Offset: tur[0].offset(), FaceAim: true}}
		lk.tank[k] = add(l)
	}
	var drone []sprite
	for k := range facings {
		drone = append(drone, a.drone[k][:]...)
	}
	lk.drone = add(turning(drone, dirs, 4, 4))
	lk.pickup = map[string]scene.LookID{}
	for k, name := range [...]string{"health", "ammo", "rockets"} {
		lk.pickup[name] = add(&scene.Look{Sprite: a.pickup[k].S, Offset: a.pickup[k].offset()})
	}
	lk.bullet = add(&scene.Look{Sprite: a.bullet.S, Offset: a.bullet.offset()})
	lk.enemyBullet = add(&scene.Look{Sprite: a.enemyBullet.S, Offset: a.enemyBullet.offset()})
	lk.rocket = add(&scene.Look{Frames: sprites(a.rocket[:]), Dirs: dirs, Offset: a.rocket[0].offset()})
	lk.boom = add(once(a.boom, 2))
	lk.bigBoom = add(once(a.bigBoom, 2))
	lk.spark = add(once(a.spark, 3))
	lk.muzzle = add(once(a.muzzle, 1))
	// Tile-sized blocks: the image's bottom on the cell's bottom corner.
	cell := mathx.Point{Y: w.Grid.Proj.TileH / 2}
	lk.doorOpen = add(&scene.Look{Sprite: a.doorOpen, Offset: cell})
	lk.doorShut = add(&scene.Look{Sprite: a.doorShut, Offset: cell})
	lk.crate = add(&scene.Look{Sprite: a.crate, Offset: cell})
	return lk, err
}
