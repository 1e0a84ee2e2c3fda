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
	L.w.SetVelocity(L.player, mathx.V2(1e-9, 0)) // facing +x
	gap := mathx.V2(4.5, 2.5)
	if L.nav.Mesh().PolyAt(gap) < 0 {
		t.Fatal("the corridor is not walkable before the barricade")
	}
	if !L.nav.Reachable(mathx.V2(2.5, 2.5), mathx.V2(10.5, 2.5)) {
		t.Fatal("the rooms are not connected before the barricade")
	}
	if !L.placeBarricade() {
		t.Fatal("no barricade placed")
	}
	if L.placeBarricade() {
		t.Fatal("a second barricade on the same tile")
	}
	if L.nav.Mesh().PolyAt(gap) >= 0 || L.nav.Reachable(mathx.V2(2.5, 2.5), mathx.V2(10.5, 2.5)) {
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
		L.w.Damage(b, 10, L.player)
		L.step()
	}
	L.step()
	if L.w.Valid(b) || L.nav.Mesh().PolyAt(gap) < 0 || !L.nav.Reachable(mathx.V2(2.5, 2.5), mathx.V2(10.5, 2.5)) {
		t.Fatalf("broken barricade still blocks: valid %v, poly %d", L.w.Valid(b), L.nav.Mesh().PolyAt(gap))
	}
}

// The shipped levels' crates are solid scene objects: they block bodies,
// bullets and paths until shots break them, and the navigation frees
// their tile at once (the F1 overlay shows the navmesh change).
func TestCratesBreak(t *testing.T) {
	g := newGame(7, 1, true)
	defer g.rd.Close()
	if err := g.start(0); err != nil {
		t.Fatal(err)
	}
	L := g.L
	var crates []scene.Entity
	L.w.Each(scene.Object, func(e scene.Entity) {
		if L.w.Class(e) == "crate" {
			crates = append(crates, e)
		}
	})
	if len(crates) < 5 {
		t.Fatalf("%d crates in level 1", len(crates))
	}
	c := crates[0]
	p := L.w.Pos(c).XY()
	x, y := int(p.X), int(p.Y)
	if !L.w.Solid(c) || !L.nav.Blocked(x, y) || L.canSee(p.Add(mathx.V2(-1.5, 0)), p.Add(mathx.V2(1.5, 0))) {
		t.Fatalf("crate at %v: solid %v, tile blocked %v", p, L.w.Solid(c), L.nav.Blocked(x, y))
	}
	v := L.nav.Version()
	// A player shell hits it: the game's hit rule damages it.
	hp := L.w.Health(c)
	from := p.Add(mathx.V2(-1.2, 0))
	L.w.Bullets().Fire(scene.BulletDef{Pos: from, Z: 0.35, Vel: mathx.V2(11, 0), Radius: 0.06, Damage: 12, Owner: L.player, Mask: layerWall | layerEnemy, TTL: 60, Look: L.look.bullet})
	for range 20 {
		L.step()
	}
	if L.w.Health(c) != hp-12 {
		t.Fatalf("crate health %d after a hit, want %d", L.w.Health(c), hp-12)
	}
	for L.w.Valid(c) {
		L.w.Damage(c, 20, L.player)
		L.step()
	}
	if L.nav.Blocked(x, y) || L.nav.Version() == v {
		t.Fatalf("broken crate still blocks its tile (navigation version %d → %d)", v, L.nav.Version())
	}
}
