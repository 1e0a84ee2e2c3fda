package main

import (
	"bytes"
	"strings"
	"testing"

	"diorama/mathx"
	"diorama/raster"
)

// A locked door is locked in the navmesh too: no path is planned through
// it (the rooms it joins are cut apart) until it opens again, and the
// physics blocker comes and goes with it.
func TestDoorLocksNavmesh(t *testing.T) {
	g := newGame(7, 1, true)
	defer g.rd.Close()
	if err := g.start(0); err != nil {
		t.Fatal(err)
	}
	L := g.L
	if len(L.doors) != 2 || L.doors[0].name != "door1" || L.doors[0].cell != (mathx.Point{X: 7, Y: 4}) {
		t.Fatalf("doors %+v", L.doors)
	}
	west, east := mathx.V2(3.5, 4.5), mathx.V2(10.5, 4.5) // the start room and the first hall
	var e enemy
	e.presize()
	e.L = L
	through := func() []mathx.Vec2 { return L.path(west, east, &e) }
	p := through()
	if !L.reachable(west, east) || len(p) < 2 {
		t.Fatalf("open door: reachable %v path %v", L.reachable(west, east), p)
	}
	L.doors[0].locked = true // throughLocked checks locked doors only
	if !L.throughLocked(p) {
		t.Fatalf("path %v does not cross the door tile", p)
	}
	L.doors[0].locked = false
	L.lockDoor(0, true)
	if L.reachable(west, east) {
		t.Fatal("path planned through the locked door")
	}
	if p := through(); len(p) != 0 {
		t.Fatalf("locked door: path %v", p)
	}
	if L.doors[0].blocker.IsNil() {
		t.Fatal("no physics blocker on the locked door")
	}
	L.lockDoor(0, false)
	if !L.reachable(west, east) || len(through()) < 2 {
		t.Fatal("unlocked door still cuts the mesh")
	}
	if !L.doors[0].blocker.IsNil() {
		t.Fatal("blocker kept after unlocking")
	}
}

// The player's tank counts as hidden only behind a wall block in front of
// it: north of the start room's south wall it is hidden by the wall to
// its south, in the open middle of the room it is not.
func TestBehindWall(t *testing.T) {
	g := newGame(7, 1, true)
	defer g.rd.Close()
	if err := g.start(0); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p    mathx.Vec3
		want bool
	}{
		{mathx.V3(3.5, 8.5, 0), true},  // against the south wall (row 9)
		{mathx.V3(4.5, 2.5, 0), false}, // room middle, the walls in front are far below
		{mathx.V3(3.5, 4.5, 0), false}, // open floor
		{mathx.V3(6.5, 8.6, 0), true},  // the room's south-east corner
	} {
		if got := g.behindWall(c.p, 0.34); got != c.want {
			t.Errorf("behindWall(%v) = %v, want %v", c.p, got, c.want)
		}
	}
	if !insideConvex([]mathx.Vec2{{X: 0, Y: 0}, {X: 2, Y: 0}, {X: 2, Y: 2}, {X: 0, Y: 2}}, mathx.V2(1, 1)) ||
		insideConvex([]mathx.Vec2{{X: 0, Y: 0}, {X: 0, Y: 2}, {X: 2, Y: 2}, {X: 2, Y: 0}}, mathx.V2(3, 1)) {
		t.Fatal("insideConvex")
	}
}

// The F1 overlay draws during wave 2 (squad slots, paths, states, the
// cover analysis) without failing and changes the picture.
func TestDebugOverlay(t *testing.T) {
	g := newGame(7, 1, true)
	defer g.rd.Close()
	if err := g.start(0); err != nil {
		t.Fatal(err)
	}
	L := g.L
	squads := false
	for range 3000 {
		L.update(g.ap.control(L))
		for _, sq := range L.squads {
			if len(sq.members) >= 2 {
				squads = true
			}
		}
		if squads && L.wave == 2 {
			break
		}
	}
	if !squads {
		t.Fatal("no squad in formation by tick 3000")
	}
	for range 30 { // every member has thought
		L.update(g.ap.control(L))
	}
	f1, err := raster.NewFrame(frameW, frameH)
	if err != nil {
		t.Fatal(err)
	}
	f2, _ := raster.NewFrame(frameW, frameH)
	g.Draw(f1, 0)
	g.debug = true
	g.Draw(f2, 0)
	if bytes.Equal(f1.Pix, f2.Pix) {
		t.Fatal("the overlay drew nothing")
	}
	slots := 0
	for _, e := range L.enemies {
		if e.sq != nil && strings.Contains(e.label(), "formation slot ") && strings.Contains(e.label(), " safety ") {
			slots++
		}
	}
	if slots < 2 {
		t.Fatalf("%d squad members label their slot and safety", slots)
	}
}
