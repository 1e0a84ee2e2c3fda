package main

import (
	"math"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"diorama/ai/tactics"
	"diorama/internal/testenv"
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
	L, err := loadLevel(levelInfo{Title: "scenario", FS: fsys, File: "s.lev"}, seed, testArt())
	if err != nil {
		t.Fatal(err)
	}
	for len(L.w.Overlords) > 0 { // no waves: each test places its enemies
		L.w.Overlords[0].Stop()
	}
	return L
}

// spawn puts one enemy of kind k at (x, y).
func spawn(t *testing.T, L *level, k enemyKind, x, y float64) *enemy {
	t.Helper()
	ent, err := L.spawnEnemy(k, mathx.V3(x, y, 0))
	if err != nil {
		t.Fatal(err)
	}
	return L.enemyOf(ent)
}

// place moves the player to (x, y).
func place(t *testing.T, L *level, x, y float64) {
	t.Helper()
	L.w.SetPos(L.player, mathx.V3(x, y, 0))
}

// heal keeps a character at full health (the tests measure behaviour,
// not who dies first).
func heal(L *level, e scene.Entity, full int32) {
	if h := L.w.Health(e); h < full && L.w.Alive(e) {
		L.w.Damage(e, h-full, scene.Entity{})
	}
}

// aimAt is the control that aims (and so fires) at p from the player.
func aimAt(L *level, p mathx.Vec2) control {
	d := p.Sub(L.w.Pos(L.player).XY())
	if d.Len() > 0 {
		d = d.Unit()
	}
	return control{aim: d, fire: true}
}

// The melee enemy reaches the player around a wall along the navmesh:
// the straight line is blocked, it makes contact within the tick limit,
// having swung round the player more than the same enemy charging
// straight in (side 0: no flank offset) does,
// and the path it walked is longer than the straight distance (it went
// round) but not absurdly so. Then, hurt, it retreats before coming back.
func TestScenarioMeleeAroundWall(t *testing.T) {
	L := scenario(t, 11, meleeRoom...)
	place(t, L, 12.5, 7.5)
	m := spawn(t, L, kindMelee, 4.5, 7.5)
	start := m.pos()
	straight := start.Dist(L.w.Pos(L.player).XY())
	if L.canSee(start, L.w.Pos(L.player).XY()) {
		t.Fatal("the wall does not block the straight line")
	}
	// the shortest way round on the navmesh, for comparison
	best := 0.0
	if p, _ := L.nav.Path(start, L.w.Pos(L.player).XY(), nil); len(p) > 0 {
		best = start.Dist(p[0])
		for i := 1; i < len(p); i++ {
			best += p[i].Dist(p[i-1])
		}
	}
	const limit = 900
	walked, contact := 0.0, -1
	prev := start
	states := map[string]bool{}
	var flankFrom mathx.Vec2 // where it started to flank
	for tick := range limit {
		L.update(control{})
		heal(L, L.player, 100)
		walked += m.pos().Dist(prev)
		prev = m.pos()
		if !states["flank"] && m.mach.Current().Name == "flank" {
			flankFrom = m.pos()
		}
		states[m.mach.Current().Name] = true
		if m.contact() {
			contact = tick + 1
			break
		}
	}
	if contact < 0 {
		t.Fatalf("no contact in %d ticks; at %v, walked %.2f", limit, m.pos(), walked)
	}
	pp := L.w.Pos(L.player).XY()
	swing := math.Abs(mathx.AngleDiff(flankFrom.Sub(pp).Angle(), m.pos().Sub(pp).Angle())) * 180 / math.Pi
	ratio := walked / straight
	t.Logf("melee: contact after %d ticks (%.1f s), walked %.2f tiles vs straight %.2f (ratio %.2f) and shortest navmesh path %.2f (ratio %.2f); flank swung %.0f° round the player; states %v",
		contact, float64(contact)/tps, walked, straight, ratio, best, walked/best, swing, states)
	straightIn := meleeSwing(t)
	t.Logf("melee: charging straight in instead, it swings %.0f°", straightIn)
	if contact > 600 || ratio < 1.3 || best == 0 || walked > 1.25*best || swing < straightIn+15 {
		t.Errorf("contact %d ticks (limit 600), path ratio %.2f (want >= 1.3), %.2f of the shortest path (want <= 1.25), flank swing %.0f° (want 15° more than %.0f°)", contact, ratio, walked/best, swing, straightIn)
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
	L.w.Damage(m.e, 25, L.player)
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

// meleeRoom has a long wall between the player, at (12.5, 7.5), and the
// melee enemy's start at (4.5, 7.5).
var meleeRoom = []string{
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
}

// meleeSwing runs the melee scenario with the flank offset off (side 0)
// and returns the angle, seen from the player, between where the enemy
// came into flanking range and where it made contact.
func meleeSwing(t *testing.T) float64 {
	L := scenario(t, 11, meleeRoom...)
	place(t, L, 12.5, 7.5)
	m := spawn(t, L, kindMelee, 4.5, 7.5)
	var from mathx.Vec2
	flanking := false
	for range 900 {
		m.side = 0
		L.update(control{})
		heal(L, L.player, 100)
		if !flanking && m.mach.Current().Name == "flank" {
			from, flanking = m.pos(), true
		}
		if m.contact() {
			pp := L.w.Pos(L.player).XY()
			return math.Abs(mathx.AngleDiff(from.Sub(pp).Angle(), m.pos().Sub(pp).Angle())) * 180 / math.Pi
		}
	}
	t.Fatal("straight charge: no contact")
	return 0
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
	for tick := range n {
		L.pl.ammo = ammoMax
		c := aimAt(L, g.pos())
		if tick >= n-tps {
			c = control{}
		}
		L.update(c)
		for _, h := range L.w.Events.BulletHits() {
			if h.Owner == L.player && h.Target == g.e {
				hits++
			}
		}
		if L.pl.cooldown == 9 { // fired this tick
			shots++
		}
		if g.mach.Current().Name == "dodge" && g.mach.Ticks() == 1 {
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
// more than 4.2 tiles away (brains/machines.fsm), then attacks from there.
func TestScenarioGunnerMovesBack(t *testing.T) {
	L := scenario(t, 5, openRoom...)
	g := spawn(t, L, kindGunner, 5.3, 6.5)
	g.noDodge = true
	d0 := g.distPlayer()
	backed, moved := -1, false
	for tick := range 300 {
		L.update(control{})
		heal(L, L.player, 100)
		if g.mach.Current().Name == "moveBack" {
			moved = true
		}
		if moved && g.mach.Current().Name == "attack" {
			backed = tick + 1
			break
		}
	}
	t.Logf("gunner: player %.1f tiles away; moved back to %.2f tiles in %d ticks, then attacked", d0, g.distPlayer(), backed)
	if !moved || backed < 0 || g.distPlayer() < 4.2 {
		t.Errorf("move back: entered %v, attacking again after %d ticks at %.2f tiles", moved, backed, g.distPlayer())
	}
}

// The cover enemy reloads in cover: over a long fight in a room of
// pillars, with the player firing whenever it sees it, nearly all the
// ticks it spends reloading it is out of the player's sight, while it
// attacks in sight.
func TestScenarioCoverReloadsHidden(t *testing.T) {
	pillars := []string{
		"wwwwwwwwwwwwwwwwww",
		"w----------------w",
		"w---ww-----ww----w",
		"w---ww-----ww----w",
		"w----------------w",
		"w--s-------------w",
		"w----------------w",
		"w---ww-----ww----w",
		"w---ww-----ww---ew",
		"w----------------w",
		"wwwwwwwwwwwwwwwwww",
	}
	t.Run("pillars", func(t *testing.T) { coverRun(t, pillars, 14.5, 5.5) })
	t.Run("wall", func(t *testing.T) { coverRun(t, wallRoom, 14.5, 2.5) })
}

// coverRun is the cover scenario in one level, the enemy starting at
// (x, y).
func coverRun(t *testing.T, rows []string, x, y float64) {
	L := scenario(t, 3, rows...)
	c := spawn(t, L, kindCover, x, y)
	const n = 2400
	var reload, reloadHidden, attack, attackSeen, reloads, reloadsHidden int
	inReload, lastSeen := false, false
	for range n {
		pp := L.w.Pos(L.player).XY()
		ctl := control{}
		if L.canSee(pp, c.pos()) {
			ctl = aimAt(L, c.pos())
		}
		L.update(ctl)
		heal(L, L.player, 100)
		heal(L, c.e, kinds[kindCover].health)
		seen := L.canSee(L.w.Pos(L.player).XY(), c.pos())
		if c.loop.Phase() == tactics.Reload {
			reload++
			if !seen {
				reloadHidden++
			}
			inReload, lastSeen = true, seen
			continue
		}
		if inReload { // the reload ended last tick: was it out of sight?
			reloads++
			if !lastSeen {
				reloadsHidden++
			}
			inReload = false
		}
		if c.loop.Phase() == tactics.Attack {
			attack++
			if seen {
				attackSeen++
			}
		}
	}
	if reload == 0 || reloads < 3 || attack == 0 {
		t.Fatalf("%d reloads (%d ticks), %d attack ticks in %d ticks", reloads, reload, attack, n)
	}
	share := float64(reloadHidden) / float64(reload)
	t.Logf("cover: %d reloads, %d (%.0f%%) finished out of sight; reload ticks out of sight %.1f%% (%d/%d); attack ticks in sight %.1f%%",
		reloads, reloadsHidden, 100*float64(reloadsHidden)/float64(reloads), 100*share, reloadHidden, reload, 100*float64(attackSeen)/float64(attack))
	if share < 0.8 || reloadsHidden*10 < reloads*8 {
		t.Errorf("reloads out of sight: %.2f of ticks, %d of %d finished hidden (want 0.8 of each)", share, reloadsHidden, reloads)
	}
}

// The squad keeps formation: four members follow their line's slots as
// the invisible leader walks to the player; after they have formed up,
// the mean distance from a member to its slot stays small.
func TestScenarioSquadFormation(t *testing.T) {
	L := scenario(t, 9, openRoom...)
	var m []*enemy
	for i := range 4 {
		m = append(m, spawn(t, L, kindSquad, 12.5, 4.5+float64(i)))
	}
	if len(L.squads) != 1 || len(L.squads[0].members) != 4 {
		t.Fatalf("%d squads", len(L.squads))
	}
	sq := L.squads[0]
	const settle, n = 240, 900
	sum, worst, count := 0.0, 0.0, 0
	a0 := sq.anchor
	for tick := range settle + n {
		L.update(control{})
		heal(L, L.player, 100)
		if tick < settle {
			continue
		}
		for _, e := range m {
			heal(L, e.e, kinds[kindSquad].health)
			i := sq.f.Index(e.id)
			d := e.pos().Dist(L.nav.OnFloor(sq.f.Target(i)))
			sum += d
			worst = math.Max(worst, d)
			count++
		}
	}
	mean := sum / float64(count)
	t.Logf("squad: anchor walked %.2f tiles; mean slot error %.3f tiles (worst %.2f) over %d member-ticks", a0.Dist(sq.anchor), mean, worst, count)
	if mean > 0.4 || a0.Dist(sq.anchor) < 3 {
		t.Errorf("mean slot error %.3f (want <= 0.4), anchor moved %.2f", mean, a0.Dist(sq.anchor))
	}
}

// The rocketeer's fuzzy weapon choice changes with distance and
// ammunition: far with rockets it picks the rocket, near it mostly picks
// the pistol, and with no rockets never the rocket. The seed's verbatim
// twelve rules, for comparison, pick the rocket near and far alike.
func TestScenarioFuzzyWeaponChoice(t *testing.T) {
	verbatim := false
	// rocket and pistol count the weapon fired; ruled counts the ticks
	// the rules themselves chose the rocket (before the enemy checks that
	// it has one).
	choose := func(dist float64, rockets int) (rocket, pistol, ruled int) {
		L := scenario(t, 4, openRoom...)
		f := spawn(t, L, kindFuzzy, 3.5+dist, 6.5)
		if verbatim {
			m, err := newFuzzyBrain(false)
			if err != nil {
				t.Fatal(err)
			}
			f.fz = m
		}
		for range 30 {
			f.rockets = rockets
			L.update(control{})
			heal(L, L.player, 100)
			switch f.state {
			case "rocket":
				rocket++
			case "pistol":
				pistol++
			}
			w := f.fz.Variable("weapon")
			if i, _, err := w.Winner(); err == nil && w.SetName(i) == "rocket" {
				ruled++
			}
		}
		return rocket, pistol, ruled
	}
	nr, np, _ := choose(1.5, 6)
	fr, fp, _ := choose(7.5, 6)
	n0r, n0p, n0x := choose(1.5, 0)
	f0r, f0p, f0x := choose(7.5, 0)
	t.Logf("fuzzy: rocket/pistol choices in 30 ticks: near (1.5 tiles) with ammo %d/%d, far (7.5) with ammo %d/%d, near no ammo %d/%d, far no ammo %d/%d (rules chose the rocket %d+%d times without ammo)",
		nr, np, fr, fp, n0r, n0p, f0r, f0p, n0x, f0x)
	if fr < 25 || np < 25 || n0r+f0r+n0x+f0x != 0 {
		t.Errorf("far+ammo rockets %d (want >= 25), near+ammo pistols %d (want >= 25), no-ammo rockets %d, by the rules %d (want 0)", fr, np, n0r+f0r, n0x+f0x)
	}
	// where the choice flips: the module alone, rested and healthy, with
	// rockets, from 0.5 to 8 tiles
	m := fuzzyProto.Clone()
	flip := -1.0
	for d := 0.5; d <= 8; d += 0.25 {
		_ = m.Fuzzify("ammo", 6)
		_ = m.Fuzzify("tiredness", 0)
		_ = m.Fuzzify("distance", d*metresPerTile)
		_ = m.Fuzzify("health", 100)
		w := m.Variable("weapon")
		i, _, err := w.Winner()
		if err != nil {
			t.Fatal(err)
		}
		if r := w.SetName(i) == "rocket"; r && flip < 0 {
			flip = d
		} else if !r && flip >= 0 {
			t.Fatalf("back to the pistol at %.2f tiles after the rocket from %.2f", d, flip)
		}
	}
	t.Logf("fuzzy: the rules pick the rocket from %.2f tiles (%.0f m) on", flip, flip*metresPerTile)
	if flip < 2 || flip > 4.5 {
		t.Errorf("rocket from %.2f tiles: want between 2 and 4.5 (the enemy keeps 4.5 tiles off)", flip)
	}
	verbatim = true
	vnr, vnp, _ := choose(1.5, 6)
	vfr, vfp, _ := choose(7.5, 6)
	_, _, vn0 := choose(1.5, 0)
	t.Logf("fuzzy, seed's verbatim rules: near with ammo %d/%d, far with ammo %d/%d; near without ammo the rules chose the rocket %d of 30 times", vnr, vnp, vfr, vfp, vn0)
	if vnr != 30 || vfr != 30 || vn0 != 30 {
		t.Errorf("verbatim rules: rockets near %d far %d, ruled without ammo %d, want 30 each (rules 9-12 always win)", vnr, vfr, vn0)
	}
}

// wallRoom has a short wall between the player, at (12.5, 7.5), and the
// west half of the room.
var wallRoom = []string{
	"wwwwwwwwwwwwwwwwww",
	"w----------------w",
	"w----------------w",
	"w----------------w",
	"w----------------w",
	"w-------w--------w",
	"w-------w--------w",
	"w-------w---s----w",
	"w-------w--------w",
	"w-------w--------w",
	"w----------------w",
	"w--------------e-w",
	"wwwwwwwwwwwwwwwwww",
}

// leafRun runs an enemy of kind k from (4.5, 7.5) against the standing
// player for n ticks, then breaks it (health below 25%) and runs 30 more,
// and returns the behaviour-tree leaves it ran in order (repeats of one
// leaf merged), how many times each run of a leaf was ticked and the
// tick it started on.
func leafRun(t *testing.T, k enemyKind, n int) (seq []string, runs, start []int) {
	L := scenario(t, 21, wallRoom...)
	e := spawn(t, L, k, 4.5, 7.5)
	var trace []string
	e.leaves = &trace
	if L.canSee(e.pos(), L.w.Pos(L.player).XY()) {
		t.Fatal("the player is in sight from the start")
	}
	var tickOf []int // the tick of each trace entry
	for tick := range n + 30 {
		if tick == n {
			L.w.Damage(e.e, L.w.Health(e.e)-kinds[k].health/5, L.player) // 20% left
		}
		L.update(control{})
		heal(L, L.player, 100)
		for len(tickOf) < len(trace) {
			tickOf = append(tickOf, tick)
		}
	}
	for i, l := range trace {
		if len(seq) == 0 || seq[len(seq)-1] != l {
			seq = append(seq, l)
			runs = append(runs, 0)
			start = append(start, tickOf[i])
		}
		runs[len(runs)-1]++
	}
	return seq, runs, start
}

// compress writes a leaf sequence as one letter a leaf.
func compress(seq []string, letter map[string]byte) string {
	b := make([]byte, len(seq))
	for i, s := range seq {
		c, ok := letter[s]
		if !ok {
			c = '?'
		}
		b[i] = c
	}
	return string(b)
}

// The drone follows its tree: out of sight it finds a point by the player
// and travels there (findMesh, travelTo, repeated), once near and in
// sight it circles the player, and broken it stays broken down: the
// leaves it ran match (fT)+ then c with only (fT) between, then b.
func TestScenarioDroneTree(t *testing.T) {
	seq, runs, start := leafRun(t, kindDrone, 900)
	s := compress(seq, map[string]byte{"findMesh": 'f', "travelTo": 'T', "circlePlayer": 'c', "brokenDown": 'b'})
	re := regexp.MustCompile(`^(fT)+c((fT)+c)*b$`)
	circle, first := 0, -1
	for i, l := range seq {
		if l == "circlePlayer" {
			circle += runs[i]
			if first < 0 {
				first = start[i]
			}
		}
	}
	t.Logf("drone: leaves %s (f findMesh, T travelTo, c circlePlayer, b brokenDown); first circle at tick %d, %d of 900 ticks circling", s, first, circle)
	if !re.MatchString(s) || circle < 300 {
		t.Errorf("drone leaves %q do not match %s, or only %d ticks circling", s, re, circle)
	}
}

// The turret follows its tree: out of sight it travels (findMesh,
// travelTo), in sight it runs delayedShoot 40 12 again and again (aim for
// 40 ticks, then shoot for 12), and broken it stays broken down.
func TestScenarioTurretTree(t *testing.T) {
	seq, runs, _ := leafRun(t, kindTurret, 1500)
	s := compress(seq, map[string]byte{"findMesh": 'f', "travelTo": 'T', "aim": 'a', "shoot": 's', "brokenDown": 'b'})
	re := regexp.MustCompile(`^(fT)+(as)+b$`)
	bursts, aimOK, shootOK := 0, 0, 0
	for i, l := range seq {
		switch l {
		case "aim":
			if runs[i] == 40 {
				aimOK++
			}
		case "shoot":
			bursts++
			if runs[i] == 12 || i == len(seq)-2 {
				shootOK++
			}
		}
	}
	t.Logf("turret: leaves %s (f findMesh, T travelTo, a aim, s shoot, b brokenDown); %d bursts, %d aims of 40 ticks, %d shots of 12 ticks", s, bursts, aimOK, shootOK)
	if !re.MatchString(s) || bursts < 5 || aimOK < bursts-1 || shootOK < bursts-1 {
		t.Errorf("turret leaves %q do not match %s, or %d bursts with %d aims of 40 and %d shots of 12", s, re, bursts, aimOK, shootOK)
	}
}

// A wave can send melee enemies: a Tiled trigger names them ("melee" in
// its enemies property), and the ASCII level's wave, told to send only
// them, spawns them through the overlord; they reach the player and hurt
// it. Their ticks, and a gunner's moving back, allocate nothing.
func TestScenarioMeleeWave(t *testing.T) {
	if k, ok := kindByName("melee"); !ok || k != kindMelee {
		t.Fatalf("kindByName(melee) = %v, %v", k, ok)
	}
	fsys := fstest.MapFS{"s.lev": {Data: []byte(strings.Join([]string{
		"wwwwwwwwwwwwwwww",
		"w-e----------e-w",
		"w--------------w",
		"w------s-------w",
		"w--------------w",
		"w-e----------e-w",
		"wwwwwwwwwwwwwwww",
	}, "\n") + "\n")}}
	L, err := loadLevel(levelInfo{Title: "wave", FS: fsys, File: "s.lev"}, 2, testArt())
	if err != nil {
		t.Fatal(err)
	}
	L.addWave(L.w.Overlords[0], []enemyKind{kindMelee})
	for range 600 {
		L.update(control{})
		heal(L, L.player, 100)
	}
	melee, hits := 0, 0
	for _, e := range L.enemies {
		if e.kind == kindMelee {
			melee++
			if e.contact() {
				hits++
			}
		}
	}
	t.Logf("melee wave: %d spawned, %d alive (all melee: %v), %d in contact after 600 ticks", L.spawned, len(L.enemies), melee == len(L.enemies), hits)
	if L.spawned < 4 || melee != len(L.enemies) || hits < 2 {
		t.Fatalf("wave: %d spawned, %d of %d alive are melee, %d in contact", L.spawned, melee, len(L.enemies), hits)
	}
	if a := testenv.AllocsOver(50, func() { L.update(control{}); heal(L, L.player, 100) }); a != 0 {
		t.Errorf("melee fight: %d allocations in 50 ticks", a)
	}
	G := scenario(t, 5, openRoom...)
	g := spawn(t, G, kindGunner, 5.3, 6.5)
	g.noDodge = true
	// Warm up through the gunner's first shots: the world's bullet buffers
	// grow once, when a world first fires, which is not the steady state
	// this measures (counted exactly, those first shots allocated 9 times).
	for k := 0; k < 5 || k < 300 && G.w.Bullets().Len() == 0; k++ {
		G.update(control{})
		heal(G, G.player, 100)
	}
	states := map[string]bool{}
	a := testenv.AllocsOver(40, func() {
		G.update(control{})
		heal(G, G.player, 100)
		states[g.mach.Current().Name] = true
	})
	if a != 0 || !states["moveBack"] {
		t.Errorf("gunner moving back (states %v): %d allocations in 40 ticks", states, a)
	}
}

var (
	artOnce  sync.Once
	artSheet *scene.AtlasLooks
	artErr   error
)

// testArt is the game's sprite sheet, loaded once for every test level.
func testArt() *scene.AtlasLooks {
	artOnce.Do(func() { artSheet, artErr = loadSheet() })
	if artErr != nil {
		panic(artErr)
	}
	return artSheet
}
