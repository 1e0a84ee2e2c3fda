package main

import (
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/mathx"
	"diorama/scene"
)

// Scenario tests: each enemy kind alone with the player in a small ASCII
// level (the game's own loader, navmesh and rules), the player scripted,
// a fixed seed, N ticks; each measures the kind's signature behaviour and
// asserts it against a threshold.

// scenario loads rows as an ASCII level ('w' wall, 's' player, 'e' an
// enemy spawn the level needs but the test does not use) with its wave
// switched off, so only the enemies the test spawns take part.
func scenario(t *testing.T, seed uint64, rows ...string) *level {
	t.Helper()
	fsys := fstest.MapFS{"s.lev": {Data: []byte(strings.Join(rows, "\n") + "\n")}}
	L, err := loadLevel(levelInfo{Title: "scenario", Kind: "ascii", FS: fsys, File: "s.lev"}, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, wi := range L.waves {
		for _, tr := range wi.o.Triggers {
			if err := L.w.Remove(tr); err != nil {
				t.Fatal(err)
			}
		}
	}
	return L
}

// spawn puts one enemy of kind k at (x, y).
func spawn(t *testing.T, L *level, k enemyKind, x, y float64) *enemy {
	t.Helper()
	ent, err := L.spawnEnemy(k, mathx.V3(x, y, 0), nil)
	if err != nil {
		t.Fatal(err)
	}
	return L.enemyOf(ent)
}

// place moves the player to (x, y).
func place(t *testing.T, L *level, x, y float64) {
	t.Helper()
	if err := L.w.SetPos(L.player, mathx.V3(x, y, 0)); err != nil {
		t.Fatal(err)
	}
}

// heal keeps a character at full health (the tests measure behaviour,
// not who dies first).
func heal(L *level, e scene.Entity, full int32) {
	if h := L.w.Health(e); h < full && L.w.Alive(e) {
		_ = L.w.Damage(e, h-full, scene.Entity{})
	}
}

// aimAt is the control that aims (and so fires) at p from the player.
func aimAt(L *level, p mathx.Vec2) control {
	d := p.Sub(xy(L.w.Pos(L.player)))
	if d.Len() > 0 {
		d = d.Norm()
	}
	return control{aim: d, fire: true}
}

// The melee enemy reaches the player around a wall along the navmesh:
// the straight line is blocked, it makes contact within the tick limit,
// and the path it walked is longer than the straight distance (it went
// round) but not absurdly so. Then, hurt, it retreats before coming back.
func TestScenarioMeleeAroundWall(t *testing.T) {
	L := scenario(t, 11,
		"wwwwwwwwwwwwwwwwww",
		"w----------------w",
		"w----------------w",
		"w-------w--------w",
		"w-------w--------w",
		"w-------w--------w",
		"w-------w---s----w",
		"w-------w--------w",
		"w-------w--------w",
		"w-------w--------w",
		"w-------w------e-w",
		"w-------w--------w",
		"wwwwwwwwwwwwwwwwww",
	)
	place(t, L, 12.5, 7.5)
	m := spawn(t, L, kindMelee, 4.5, 7.5)
	start := m.pos()
	straight := start.Dist(xy(L.w.Pos(L.player)))
	if L.canSee(start, xy(L.w.Pos(L.player))) {
		t.Fatal("the wall does not block the straight line")
	}
	const limit = 900
	walked, contact := 0.0, -1
	prev := start
	states := map[string]bool{}
	for tick := range limit {
		L.update(control{})
		heal(L, L.player, 100)
		walked += m.pos().Dist(prev)
		prev = m.pos()
		states[m.mach.Current().Name] = true
		if m.contact() {
			contact = tick + 1
			break
		}
	}
	if contact < 0 {
		t.Fatalf("no contact in %d ticks; at %v, walked %.2f", limit, m.pos(), walked)
	}
	ratio := walked / straight
	t.Logf("melee: contact after %d ticks (%.1f s), walked %.2f tiles vs straight %.2f (ratio %.2f), states %v",
		contact, float64(contact)/tps, walked, straight, ratio, states)
	if contact > 600 || ratio < 1.3 || ratio > 3 {
		t.Errorf("contact %d ticks (limit 600), path ratio %.2f (want 1.3..3)", contact, ratio)
	}
	if !states["chase"] || !states["flank"] {
		t.Errorf("states %v: want chase then flank", states)
	}
	// it rams: the player loses health over the next second
	hp := L.w.Health(L.player)
	for range tps {
		L.update(control{})
	}
	if L.w.Health(L.player) >= hp {
		t.Errorf("in contact for a second, the player kept %d of %d health", L.w.Health(L.player), hp)
	}
	// hurt below 60%: it retreats (distance grows), then comes back
	_ = L.w.Damage(m.e, 25, L.player)
	d0, far := m.distPlayer(), 0.0
	back := false
	for range 400 {
		L.update(control{})
		heal(L, L.player, 100)
		far = math.Max(far, m.distPlayer())
		if far > d0+1.5 && m.contact() {
			back = true
			break
		}
	}
	t.Logf("melee: hurt to %.0f%%, retreated to %.2f tiles (from %.2f), came back %v", m.healthPct(), far, d0, back)
	if far < d0+1.5 || !back {
		t.Errorf("hurt melee enemy: farthest %.2f from %.2f, back in contact %v", far, d0, back)
	}
}

// openRoom is a 16×12 room with no obstacles, the player at (3.5, 6.5).
var openRoom = []string{
	"wwwwwwwwwwwwwwww",
	"w--------------w",
	"w--------------w",
	"w--------------w",
	"w--------------w",
	"w--------------w",
	"w--s-----------w",
	"w--------------w",
	"w--------------w",
	"w--------------w",
	"w-----------e--w",
	"wwwwwwwwwwwwwwww",
}

// gunnerRun has the player stand and fire at a gunner for n ticks (both
// kept at full health) and returns the player's shots and the hits on
// the gunner (the player holds fire for the last second, so every shot
// has landed or missed by the end).
func gunnerRun(t *testing.T, dodge bool, n int) (shots, hits, dodges int) {
	L := scenario(t, 5, openRoom...)
	g := spawn(t, L, kindGunner, 11.5, 6.5)
	g.noDodge = !dodge
	L.w.Events.BulletHit.Subscribe(func(h scene.BulletHit) {
		if h.Owner == L.player && h.Target == g.e {
			hits++
		}
	})
	for tick := range n {
		L.pl.ammo = ammoMax
		c := aimAt(L, g.pos())
		if tick >= n-tps {
			c = control{}
		}
		L.update(c)
		if L.pl.cooldown == 9 { // fired this tick
			shots++
		}
		if g.mach.Current() == &gunDodge && g.dodge == 23 {
			dodges++
		}
		heal(L, L.player, 100)
		heal(L, g.e, kinds[kindGunner].health)
	}
	return shots, hits, dodges
}

// The gunner dodges: under the same fire, it is hit by a clearly smaller
// share of the player's shots than the same gunner with its dodge off.
func TestScenarioGunnerDodges(t *testing.T) {
	const n = 1800
	s1, h1, d1 := gunnerRun(t, true, n)
	s0, h0, _ := gunnerRun(t, false, n)
	if s1 < 50 || s0 < 50 {
		t.Fatalf("too few shots: %d, %d", s1, s0)
	}
	av1, av0 := 1-float64(h1)/float64(s1), 1-float64(h0)/float64(s0)
	t.Logf("gunner: dodging avoided %.1f%% of %d shots (%d hits, %d dodges); control avoided %.1f%% of %d (%d hits)",
		100*av1, s1, h1, d1, 100*av0, s0, h0)
	if d1 == 0 || av1 < av0+0.15 {
		t.Errorf("dodging gunner avoided %.2f, control %.2f: want at least 0.15 more", av1, av0)
	}
}

// The gunner moves back when the player is too close: set down 1.8 tiles
// from the player, it walks backwards (facing the player) until it is
// more than gunBackedOff away, then attacks from there.
func TestScenarioGunnerMovesBack(t *testing.T) {
	L := scenario(t, 5, openRoom...)
	g := spawn(t, L, kindGunner, 5.3, 6.5)
	g.noDodge = true
	d0 := g.distPlayer()
	backed, moved := -1, false
	for tick := range 300 {
		L.update(control{})
		heal(L, L.player, 100)
		if g.mach.Current() == &gunMoveBack {
			moved = true
		}
		if moved && g.mach.Current() == &gunAttack {
			backed = tick + 1
			break
		}
	}
	t.Logf("gunner: player %.1f tiles away; moved back to %.2f tiles in %d ticks, then attacked", d0, g.distPlayer(), backed)
	if !moved || backed < 0 || g.distPlayer() < gunBackedOff {
		t.Errorf("move back: entered %v, attacking again after %d ticks at %.2f tiles", moved, backed, g.distPlayer())
	}
}
