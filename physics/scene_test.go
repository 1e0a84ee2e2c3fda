package physics

import (
	"math"
	"testing"

	"diorama/mathx"
)

// seedMap is the control map for the seed-000 collision benchmark: 25×15
// tiles of 32 px (800×480), merged into exactly 20 walls.
var seedMap = []string{
	"#########################",
	"#.......................#",
	"#..##.......#.......##..#",
	"#..##.......#.......##..#",
	"#......#....#....#......#",
	"#.......................#",
	"#.....####.....####.....#",
	"#.#...................#.#",
	"#.....####.....####.....#",
	"#.......................#",
	"#......#....#....#......#",
	"#..##.......#.......##..#",
	"#..##.......#.......##..#",
	"#.......................#",
	"#########################",
}

func tileMapFrom(rows []string, tile float64) SolidTiles {
	tm := SolidTiles{Cols: len(rows[0]), Rows: len(rows), TileW: tile, TileH: tile}
	for _, r := range rows {
		for _, c := range r {
			tm.Solid = append(tm.Solid, c == '#')
		}
	}
	return tm
}

var world800 = mathx.AABB{Max: mathx.Vec2{X: 800, Y: 480}}

// seedScene builds seed 000's benchmark: 20 walls, 50 AI and one player, all
// spawned on (nearly) the same point so they shove each other apart.
func seedScene(tb testing.TB, brute bool) (w *Space, ai []BodyID, player BodyID) {
	tb.Helper()
	w, err := NewSpace(SpaceDef{Bounds: world800, CellSize: 64, BruteForce: brute})
	if err != nil {
		tb.Fatal(err)
	}
	if _, n, err := w.AddSolidTiles(tileMapFrom(seedMap, 32)); err != nil || n != 20 {
		tb.Fatalf("seed map: %d walls, %v; want 20", n, err)
	}
	tank, _ := NewBox(10, 8)
	r := mathx.NewRand(1)
	for i := 0; i < 50; i++ {
		d := DefaultBodyDef()
		d.Shape = tank
		d.Position = mathx.Vec2{X: 400 + r.Range(-1, 1), Y: 176 + r.Range(-1, 1)}
		d.Angle = r.Angle()
		id, err := w.CreateBody(d)
		if err != nil {
			tb.Fatal(err)
		}
		ai = append(ai, id)
	}
	d := DefaultBodyDef()
	d.Shape, _ = NewBox(12, 10)
	d.Mass = 3
	d.Position = mathx.Vec2{X: 400, Y: 300}
	player, err = w.CreateBody(d)
	if err != nil {
		tb.Fatal(err)
	}
	return w, ai, player
}

// driveSeed gives the AI a seek velocity toward the player and moves the
// player on a circle, so contacts keep happening every step.
func driveSeed(w *Space, ai []BodyID, player BodyID, step int) {
	a := float64(step) * 0.02
	_ = w.SetVelocity(player, mathx.Vec2{X: 80 * math.Cos(a), Y: 80 * math.Sin(a)})
	pp := w.Position(player)
	for k, id := range ai {
		d := pp.Sub(w.Position(id))
		if l := d.Len(); l > 1 {
			d = d.Scale(60 / l)
		}
		d = d.Add(mathx.FromAngle(float64(k) + a).Scale(20))
		_ = w.SetVelocity(id, d)
	}
}

// bulletScene is the perf scene: an 800×480 world with border and interior
// walls, nUnits small dynamic units wandering, and nBullets bullets.
func bulletScene(tb testing.TB, nUnits, nBullets int, brute bool) (*Space, *Bullets, []BodyID, *mathx.Rand) {
	tb.Helper()
	w, err := NewSpace(SpaceDef{Bounds: world800, CellSize: 32, MaxCastRadius: 2, Iterations: 1, BruteForce: brute})
	if err != nil {
		tb.Fatal(err)
	}
	if _, _, err := w.AddSolidTiles(tileMapFrom(seedMap, 32)); err != nil {
		tb.Fatal(err)
	}
	r := mathx.NewRand(7)
	unit, _ := NewCircle(5)
	crate, _ := NewBox(5, 4)
	soldier, _ := NewCapsule(3, 3)
	units := make([]BodyID, 0, nUnits)
	for len(units) < nUnits {
		p := mathx.Vec2{X: r.Range(40, 760), Y: r.Range(40, 440)}
		d := DefaultBodyDef()
		d.Shape = unit
		if len(units)%10 == 0 {
			d.Shape, d.Angle = crate, r.Angle()
		} else if len(units)%25 == 1 {
			d.Shape, d.Angle = soldier, r.Angle()
		}
		d.Position = p
		d.Velocity = r.UnitVec().Scale(30)
		d.Layer = 2
		id, err := w.CreateBody(d)
		if err != nil {
			tb.Fatal(err)
		}
		units = append(units, id)
	}
	b := &Bullets{}
	b.Reserve(nBullets)
	for i := 0; i < nBullets; i++ {
		spawnBullet(b, r)
	}
	return w, b, units, r
}

func spawnBullet(b *Bullets, r *mathx.Rand) {
	p := mathx.Vec2{X: r.Range(40, 760), Y: r.Range(40, 440)}
	_, _ = b.Add(p, r.UnitVec().Scale(r.Range(300, 900)), 2, AllLayers)
}

// stepScene runs one 1/60 s tick of a bulletScene: Step, StepBullets, and
// a new bullet for each one that ended.
func stepScene(w *Space, b *Bullets, r *mathx.Rand) {
	w.Step(1.0 / 60)
	w.StepBullets(b, 1.0/60)
	for range b.Hits {
		spawnBullet(b, r)
	}
}

// stateHash folds every body's position, velocity and angle bits.
func stateHash(w *Space) uint64 {
	h := uint64(1469598103934665603)
	mix := func(f float64) {
		h ^= math.Float64bits(f)
		h *= 1099511628211
	}
	for i, a := range w.alive {
		if !a {
			continue
		}
		mix(w.pos[i].X)
		mix(w.pos[i].Y)
		mix(w.vel[i].X)
		mix(w.vel[i].Y)
		mix(w.angle[i])
	}
	return h
}
