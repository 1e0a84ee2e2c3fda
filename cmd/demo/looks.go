package main

import (
	"embed"

	"diorama/atlas"
	"diorama/scene"
)

// The game's art is one sprite sheet, art/sprites.png with its
// TexturePacker description (made by art_test.go). Its frames and clips
// are named as scene.AtlasLooks looks them up: "tank_gunner_SE" (a
// hull per facing), "drone_idle_SE" (a clip per facing), "boom" (a clip),
// "bullet" (one frame); pivots put each sprite's feet on the entity.
//
//go:embed art
var artFiles embed.FS

// loadSheet reads the sheet and makes its frames into sprites, once for
// every level.
func loadSheet() (*scene.AtlasLooks, error) {
	a, err := atlas.LoadTexturePacker(artFiles, "art/sprites.json")
	if err != nil {
		return nil, err
	}
	return scene.NewAtlasLooks(a)
}

// facings is how many headings the tanks, drones and rockets are drawn at.
const facings = 16

// Tank looks: the player's and each enemy kind's colours.
const (
	lookPlayer = iota
	lookTurret
	lookGunner
	lookFuzzy
	lookCover
	lookSquad
	numLooks
)

var tankNames = [numLooks]string{"player", "turret", "gunner", "fuzzy", "cover", "squad"}

// looks are the sheet's looks registered with a level's world: scene
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

// registerLooks adds the sheet's looks to w.
func registerLooks(w *scene.World, sheet *scene.AtlasLooks) (looks, error) {
	var lk looks
	var err error
	dirs := w.Looks().Facings(facings)
	add := func(name string, part string) scene.LookID {
		l, e := sheet.Look(name, dirs, tps)
		if e == nil && part != "" {
			var p scene.LookPart
			p, e = sheet.Part(part, dirs)
			p.FaceAim = true
			l.Parts = []scene.LookPart{p}
		}
		var id scene.LookID
		if e == nil {
			id, e = w.Looks().Add(l)
		}
		if err == nil {
			err = e
		}
		return id
	}
	for k, n := range tankNames {
		lk.tank[k] = add("tank_"+n, "turret_"+n)
	}
	lk.pickup = map[string]scene.LookID{}
	for _, n := range [...]string{"health", "ammo", "rockets"} {
		lk.pickup[n] = add("pickup_"+n, "")
	}
	lk.drone, lk.rocket = add("drone", ""), add("rocket", "")
	lk.bullet, lk.enemyBullet = add("bullet", ""), add("enemy_bullet", "")
	lk.boom, lk.bigBoom, lk.spark, lk.muzzle = add("boom", ""), add("bigboom", ""), add("spark", ""), add("muzzle", "")
	lk.doorOpen, lk.doorShut, lk.crate = add("door_open", ""), add("door_shut", ""), add("crate", "")
	return lk, err
}
