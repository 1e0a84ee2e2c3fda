package main

import (
	"math"

	"diorama/ai/nav"
	"diorama/iso"
	"diorama/mathx"
	"diorama/physics"
	"diorama/scene"
)

// barricade is a placed barricade and its tile.
type barricade struct {
	e    scene.Entity
	x, y int
}

// Barricades: the player drops a crate on the tile ahead (E, or gamepad
// X). It is a solid scene object with health: bullets and blasts break
// it. Placing and breaking one changes the navmesh at once (its tile is
// blocked or freed, shown by F1), and every enemy plans again.

const (
	maxBarricades    = 6
	barricadeHealth  = 60
	barricadeReach   = 1.3 // tiles ahead of the hull
	barricadeClass   = "barricade"
	barricadeHeightW = 0.45
)

// placeBarricade puts a barricade on the free tile ahead of the player
// and reports whether it did.
func (L *level) placeBarricade() bool {
	w := L.w
	if len(L.barricades) >= maxBarricades || L.mesh == nil || L.tiles == nil {
		return false
	}
	p := w.Pos(L.player).XY().Add(mathx.FromAngle(L.pl.hullAngle).Scale(barricadeReach))
	x, y := int(math.Floor(p.X)), int(math.Floor(p.Y))
	if x < 0 || y < 0 || x >= L.tiles.W || y >= L.tiles.H || L.tiles.At(x, y) != nav.Open {
		return false
	}
	cell := mathx.AABB{Min: mathx.V2(float64(x), float64(y)), Max: mathx.V2(float64(x+1), float64(y+1))}
	if len(w.Phys.OverlapBox(cell.Expand(-0.05), physics.QueryFilter{IgnoreWalls: true}, nil)) > 0 {
		return false // something stands there
	}
	for _, d := range L.doors {
		if d.cell.X == x && d.cell.Y == y {
			return false
		}
	}
	def := scene.EntityDef{Kind: scene.Object, Class: barricadeClass,
		Pos: mathx.V3(float64(x)+0.5, float64(y)+0.5, 0), Extent: mathx.V2(0.5, 0.5), Solid: true,
		Health: barricadeHealth, Height: barricadeHeightW, Layer: layerWall}
	if L.g != nil { // drawn as a crate (a level loaded without a game is not drawn)
		spr := L.g.art.crate
		feet := L.grid.ToScreen(mathx.V3(float64(x)+1, float64(y)+1, 0))
		at := mathx.Point{X: int(math.Floor(feet.X)) - tileW/2, Y: int(math.Floor(feet.Y)) - spr.H()}
		def.Drawing = iso.Object{Box: iso.Footprint(x, y, 1, 1, 0, barricadeHeightW), Parts: []iso.Part{{Sprite: spr, At: at}}}
	}
	e, err := w.Create(def)
	if err != nil {
		return false
	}
	L.barricades = append(L.barricades, barricade{e, x, y})
	L.mesh.Block(mathx.Rect{Min: mathx.Point{X: x, Y: y}, Max: mathx.Point{X: x + 1, Y: y + 1}})
	L.replanAll()
	return true
}

// barricadeGone frees a broken barricade's tile in the navmesh.
func (L *level) barricadeGone(e scene.Entity) {
	for k, b := range L.barricades {
		if b.e != e {
			continue
		}
		x, y := b.x, b.y
		p := mathx.V3(float64(x)+0.5, float64(y)+0.5, 0)
		if L.mesh != nil {
			L.mesh.Unblock(mathx.Rect{Min: mathx.Point{X: x, Y: y}, Max: mathx.Point{X: x + 1, Y: y + 1}})
		}
		L.barricades = append(L.barricades[:k], L.barricades[k+1:]...)
		L.fx = append(L.fx, effect{kind: fxBigBoom, pos: p, life: 20})
		L.replanAll()
		return
	}
}

// isBarricade reports whether e is a standing barricade.
func (L *level) isBarricade(e scene.Entity) bool {
	for _, b := range L.barricades {
		if b.e == e {
			return true
		}
	}
	return false
}

// replanAll makes every enemy and the autopilot plan again next tick.
func (L *level) replanAll() {
	for _, e := range L.enemies {
		e.replan = 0
	}
	if L.g != nil {
		L.g.ap.replan = 0
	}
}
