package main

import (
	"testing"

	"diorama/internal/testenv"
	"diorama/platform"
	"diorama/scene"
)

// Steady state allocates nothing: two ticks (Update, with the AI player)
// and one drawn frame, through the platform driver as the backends run
// them, over level 1 and on into the next level the AI player starts,
// until 60 windows with three or more enemies were checked. Two kinds of
// window are skipped, and only these may allocate:
//   - an enemy spawns or dies, a wreck drops a pickup, or the navigation
//     changes (a door shuts or opens, a crate breaks): a new enemy
//     allocates its brain (behaviour tree instance, FSM, fuzzy module
//     clone), the navmesh edit may grow its arrays, and the scene and
//     physics may grow theirs;
//   - the window reaches a new high-water mark of draw-list commands,
//     painted objects or physics pairs and contacts (counted afresh in a
//     new level's world), or the depth sorter's scratch grew
//     (iso.Sorter.Grown): raster.DrawList, the iso painter's sorter and the
//     physics world keep their memory from frame to frame and only grow
//     to a new maximum (none has a way to reserve room up front).
//
// Every other window must allocate exactly nothing.
func TestSteadyStateAllocs(t *testing.T) {
	g := newGame(7, 1, true)
	defer g.rd.Close()
	if err := g.start(0); err != nil {
		t.Fatal(err)
	}
	d, err := platform.NewDriver(g, platform.Config{Title: "t", Width: frameW, Height: frameH, TPS: tps})
	if err != nil {
		t.Fatal(err)
	}
	L := g.L
	var pairs, contacts, live int // the window's most
	frame := func() {
		for range 2 {
			if err := d.Tick(); err != nil {
				t.Fatal(err)
			}
			st := L.w.Phys.Stats()
			pairs, contacts = max(pairs, st.Pairs), max(contacts, st.Contacts)
			live = max(live, L.w.Len()) // entities that came and went inside the window too
		}
		g.Draw(d.Frame, 0)
	}
	created := func() int { return L.spawned + L.kills + 1000*int(L.nav.Version()) }
	pickups := func() int {
		n := 0
		L.w.Each(scene.Pickup, func(scene.Entity) { n++ })
		return n
	}
	clean, dirty, grew, busy := 0, 0, 0, 0
	hiCmds, hiParts, hiPairs, hiContacts := 0, 0, 0, 0
	levels := 1
	for windows := 0; windows < 1000 && busy < 60 && g.L != nil; windows++ {
		if g.L != L { // the AI player moved on to the next level: a new world, new buffers
			L = g.L
			levels++
			hiCmds, hiParts, hiPairs, hiContacts = 0, 0, 0, 0
			frame()
			continue
		}
		srt := g.pt.Sorter()
		c0, p0, g0 := created(), pickups(), srt.Grown()
		pairs, contacts, live = 0, 0, 0
		allocs := testenv.AllocsOver(5, frame)
		if srt.Grown() != g0 || g.pt.Sorter() != srt { // the depth sorter's scratch reached a new size
			grew++
			continue
		}
		if created() != c0 || pickups() > p0 {
			dirty++
			continue
		}
		if g.list.Len() > hiCmds || live > hiParts || pairs > hiPairs || contacts > hiContacts {
			hiCmds, hiParts = max(hiCmds, g.list.Len()), max(hiParts, live)
			hiPairs, hiContacts = max(hiPairs, pairs), max(hiContacts, contacts)
			grew++
			continue
		}
		if len(L.enemies) >= 3 {
			busy++
		}
		if allocs != 0 {
			t.Errorf("tick %d, %d enemies: %d allocations in 5 frames", L.w.Tick(), len(L.enemies), allocs)
		}
		clean++
	}
	t.Logf("%d clean windows (%d with 3+ enemies), %d skipped for new entities, %d for new high-water marks (%d commands, %d entities); %d levels played",
		clean, busy, dirty, grew, hiCmds, hiParts, levels)
	if busy < 50 {
		t.Fatalf("only %d busy windows checked", busy)
	}
}

// BenchmarkBusyFrame times one frame of play as the headless backend runs
// it (two ticks with the AI player, then drawing with one renderer worker)
// from tick 300 of level 1 (seed 7, wave 1 busy), restarting the level when
// it ends. go test ./cmd/demo -run X -bench BusyFrame -benchtime 300x
func BenchmarkBusyFrame(b *testing.B) {
	g := newGame(7, 1, true)
	defer g.rd.Close()
	d, err := platform.NewDriver(g, platform.Config{Title: "b", Width: frameW, Height: frameH, TPS: tps})
	if err != nil {
		b.Fatal(err)
	}
	begin := func() {
		if err := g.start(0); err != nil {
			b.Fatal(err)
		}
		for range 300 {
			if err := d.Tick(); err != nil {
				b.Fatal(err)
			}
		}
	}
	begin()
	enemies := 0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if g.L.won || g.L.lost {
			b.StopTimer()
			begin()
			b.StartTimer()
		}
		for range 2 {
			if err := d.Tick(); err != nil {
				b.Fatal(err)
			}
		}
		g.Draw(d.Frame, 0)
		enemies += len(g.L.enemies)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/frame")
	b.ReportMetric(float64(enemies)/float64(b.N), "enemies/frame")
}
