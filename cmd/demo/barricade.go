package main

import (
	"math"

	"diorama/mathx"
	"diorama/scene"
)

// Barricades: the player drops a crate on the tile ahead (E, or gamepad
// X). It is a solid scene object with health: bullets and blasts break
// it. Placing and breaking one changes the navigation at once (its tile
// is blocked or freed, shown by F1), and every mover plans again.
const (
	maxBarricades   = 6
	barricadeHealth = 60
	barricadeReach  = 1.3 // tiles ahead of the hull
)

// placeBarricade puts a barricade on the free tile ahead of the player
// and reports whether it did.
func (L *level) placeBarricade() bool {
	w := L.w
	n := 0
	for _, b := range L.barricades {
		if w.Alive(b) {
			L.barricades[n] = b
			n++
		}
	}
	L.barricades = L.barricades[:n]
	if n >= maxBarricades {
		return false
	}
	p := w.Pos(L.player).XY().Add(mathx.FromAngle(w.Looks().Facing(L.player)).Scale(barricadeReach))
	x, y := int(math.Floor(p.X)), int(math.Floor(p.Y))
	if !w.Nav().TileFree(x, y) { // a wall, a door, a tank or a pickup is there
		return false
	}
	e, err := w.Create(scene.EntityDef{Kind: scene.Object, Class: "barricade", Look: L.look.crate,
		Pos: mathx.V3(float64(x)+0.5, float64(y)+0.5, 0), Extent: mathx.V2(0.5, 0.5), Solid: true,
		Health: barricadeHealth, Height: 0.45, Layer: layerWall})
	if err != nil {
		return false
	}
	L.barricades = append(L.barricades, e)
	return true
}
