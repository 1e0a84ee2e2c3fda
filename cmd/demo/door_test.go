package main

import (
	"bytes"
	"image/color"
	"strings"
	"testing"

	"diorama/mathx"
	"diorama/raster"
)

// A locked door is locked for paths too: no path is planned through it
// (the rooms it joins are cut apart) until it opens again, and it is
// solid for bodies and bullets while shut.
func TestDoorLocksNavmesh(t *testing.T) {
	g := newGame(7, 1, true)
	defer g.rd.Close()
	if err := g.start(0); err != nil {
		t.Fatal(err)
	}
	L := g.L
	if len(L.doors) != 2 || L.w.Name(L.doors[0].e) != "door1" || L.doors[0].cell != (mathx.Point{X: 7, Y: 4}) {
		t.Fatalf("doors %+v", L.doors)
	}
	west, east := mathx.V2(3.5, 4.5), mathx.V2(10.5, 4.5) // the start room and the first hall
	p, err := L.nav.Path(west, east, nil)
	if err != nil || !L.nav.Reachable(west, east) || len(p) < 2 {
		t.Fatalf("open door: reachable %v path %v (%v)", L.nav.Reachable(west, east), p, err)
	}
	p = append([]mathx.Vec2{west}, p...)
	d := &L.doors[0]
	if !crosses(p, d.cell) {
		t.Fatalf("path %v does not cross the door tile", p)
	}
	L.w.SetSolid(d.e, true) // what the world's overlord does when a wave locks it
	if L.nav.Reachable(west, east) || !L.w.Solid(d.e) || L.canSee(west, east) {
		t.Fatalf("locked door: reachable %v solid %v seen through %v", L.nav.Reachable(west, east), L.w.Solid(d.e), L.canSee(west, east))
	}
	L.w.SetSolid(d.e, false)
	if !L.nav.Reachable(west, east) || L.w.Solid(d.e) {
		t.Fatal("unlocked door still cuts the way")
	}
}

// The player's tank shows through a wall block in front of it: against
// the start room's south wall its silhouette is drawn over the wall, in
// the open middle of the room it is not.
func TestSilhouetteBehindWall(t *testing.T) {
	g := newGame(7, 1, true)
	defer g.rd.Close()
	if err := g.start(0); err != nil {
		t.Fatal(err)
	}
	L := g.L
	for _, c := range []struct {
		p    mathx.Vec3
		want bool
	}{
		{mathx.V3(3.5, 8.5, 0), true},  // against the south wall (row 9)
		{mathx.V3(4.5, 2.5, 0), false}, // room middle, the walls in front are far below
		{mathx.V3(6.5, 8.6, 0), true},  // the room's south-east corner
	} {
		L.w.SetPos(L.player, c.p)
		with, _ := raster.NewFrame(frameW, frameH)
		without, _ := raster.NewFrame(frameW, frameH)
		g.Draw(with, 1)
		L.w.Looks().SetSilhouette(L.player, color.RGBA{})
		g.Draw(without, 1)
		L.w.Looks().SetSilhouette(L.player, rgba(140, 210, 255, 120))
		if got := !bytes.Equal(with.Pix, without.Pix); got != c.want {
			t.Errorf("at %v: silhouette drawn %v, want %v", c.p, got, c.want)
		}
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
