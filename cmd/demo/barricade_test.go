package main

import (
	"testing"

	"diorama/mathx"
	"diorama/scene"
)

// A barricade dropped in the only corridor between two rooms blocks it in
// the navmesh at once (no path through, the enemy plans again), and
// breaking it with shots frees the corridor again.
func TestBarricadeChangesNavmesh(t *testing.T) {
	L := scenario(t, 1,
		"wwwwwwwwwwwww",
		"w---www-----w",
		"w-s---------w",
		"w---www---e-w",
		"wwwwwwwwwwwww",
	)
	// The corridor is row 2, x 4..6; the player stands at (3.5, 2.5)
	// facing +x, so the tile ahead is (4, 2).
	place(t, L, 3.4, 2.5)
	_ = L.w.SetVelocity(L.player, mathx.V2(1e-9, 0)) // facing +x
	gap := mathx.V2(4.5, 2.5)
	if L.nav.Mesh().PolyAt(gap) < 0 {
		t.Fatal("the corridor is not walkable before the barricade")
	}
	if !L.reachable(mathx.V2(2.5, 2.5), mathx.V2(10.5, 2.5)) {
		t.Fatal("the rooms are not connected before the barricade")
	}
	if !L.placeBarricade() {
		t.Fatal("no barricade placed")
	}
	if L.placeBarricade() {
		t.Fatal("a second barricade on the same tile")
	}
	if L.nav.Mesh().PolyAt(gap) >= 0 || L.reachable(mathx.V2(2.5, 2.5), mathx.V2(10.5, 2.5)) {
		t.Fatal("the barricade does not block the navmesh")
	}
	b := L.barricades[0]
	if L.w.Kind(b) != scene.Object || !L.w.Solid(b) {
		t.Fatal("the barricade is not a solid object")
	}
	// Shoot it down (through the game's own hit handling).
	for k := 0; k < 200 && L.w.Alive(b); k++ {
		L.update(control{aim: mathx.V2(1, 0), fire: true})
		L.pl.turretAngle = 0
		if L.w.Tick() > 600 {
			break
		}
	}
	for L.w.Alive(b) {
		_ = L.w.Damage(b, 10, L.player)
		L.w.Step()
	}
	L.w.Step()
	if L.w.Valid(b) || L.nav.Mesh().PolyAt(gap) < 0 || !L.reachable(mathx.V2(2.5, 2.5), mathx.V2(10.5, 2.5)) {
		t.Fatalf("broken barricade still blocks: valid %v, poly %d", L.w.Valid(b), L.nav.Mesh().PolyAt(gap))
	}
}
