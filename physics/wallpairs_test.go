package physics

import (
	"testing"

	"diorama/mathx"
)

// TestWallOnlyBodiesMatchBruteForce: bodies that meet only walls (the
// pair search's wallPairs and its nearWalls skip) among bodies that
// meet bodies too, over a dense random tile map and free walls, with
// circles, boxes and capsules small and large (spanning one cell to
// many), some moving fast enough to be swept, and filters changed and
// bodies created and destroyed between steps (the step's cached layers
// and masks): the grid gives the brute-force reference's states,
// contacts and pair counts, step by step.
func TestWallOnlyBodiesMatchBruteForce(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		run := func(brute bool) ([]uint64, int) {
			w := newTestWorld(t, SpaceDef{Bounds: mathx.AABB{Min: v(0, 0), Max: v(120, 120)}, CellSize: 2, MaxCastRadius: 1, BruteForce: brute})
			r := mathx.NewRand(seed)
			const n = 40
			solid := make([]bool, n*n)
			for k := range solid {
				solid[k] = r.Chance(0.12)
			}
			if _, _, err := w.AddSolidTiles(SolidTiles{Cols: n, Rows: n, TileW: 3, TileH: 3, Solid: solid}); err != nil {
				t.Fatal(err)
			}
			for range 10 {
				x, y := r.Range(0, 115), r.Range(0, 115)
				if _, err := w.AddWall(mathx.AABB{Min: v(x, y), Max: v(x+r.Range(0.1, 5), y+r.Range(0.1, 5))}, 1); err != nil {
					t.Fatal(err)
				}
			}
			shape := func() Shape {
				switch k := r.IntN(10); {
				case k < 6:
					return mustCircle(t, r.Range(0.1, 0.9)*[]float64{1, 1, 3}[r.IntN(3)])
				case k < 8:
					return mustBox(t, r.Range(0.2, 2), r.Range(0.2, 2))
				default:
					s, err := NewCapsule(r.Range(0.5, 2), r.Range(0.1, 0.6))
					if err != nil {
						t.Fatal(err)
					}
					return s
				}
			}
			var ids []BodyID
			create := func() {
				def := BodyDef{Type: Dynamic, Mass: r.Range(1, 3), Shape: shape(), Position: v(r.Range(2, 118), r.Range(2, 118)),
					Velocity: r.UnitVec().Scale(r.Range(0, 80)), Angle: r.Angle(), Layer: 2, Mask: 1}
				switch k := r.IntN(10); {
				case k < 2: // meets bodies as well
					def.Layer, def.Mask = 1, AllLayers
				case k < 3:
					def.Type = Kinematic
				case k < 4:
					def.Sensor = true
				}
				id, err := w.CreateBody(def)
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, id)
			}
			for range 400 {
				create()
			}
			var trace []uint64
			contacts := 0
			for step := 0; step < 90; step++ {
				switch step % 15 {
				case 3: // every body meets only walls (the pair search skips bodies)
					for _, id := range ids {
						if w.Valid(id) {
							_ = w.SetFilter(id, 2, 1)
						}
					}
				case 5: // bodies replaced by wall-only ones: the next step finds no body pair possible
					for range 20 {
						_ = w.DestroyBody(ids[r.IntN(len(ids))])
						create()
						_ = w.SetFilter(ids[len(ids)-1], 2, 1)
					}
				case 7: // some meet bodies again
					for k := 0; k < len(ids); k += 5 {
						_ = w.SetFilter(ids[k], 1, AllLayers)
					}
				case 11:
					for range 20 {
						_ = w.DestroyBody(ids[r.IntN(len(ids))])
						create()
					}
				}
				w.Step(1.0 / 60)
				contacts += len(w.Contacts())
				trace = append(trace, stateHash(w), uint64(len(w.Contacts())), uint64(w.Stats().Pairs))
			}
			return trace, contacts
		}
		grid, n := run(false)
		ref, _ := run(true)
		if n == 0 {
			t.Fatalf("seed %d: no contacts at all", seed)
		}
		for i := range grid {
			if grid[i] != ref[i] {
				t.Fatalf("seed %d: grid and brute force differ at trace entry %d (step %d)", seed, i, i/3)
			}
		}
	}
}

// TestBoxesOfMovedBodies: after a step, every body's box is its shape's
// box at its place, and its swept box is that box joined with the box at
// its previous place, for circles (updateBox's path without the shape)
// as for the other shapes, and for bodies that did not move.
func TestBoxesOfMovedBodies(t *testing.T) {
	w := newTestWorld(t, SpaceDef{Bounds: mathx.AABB{Min: v(-50, -50), Max: v(50, 50)}, CellSize: 2})
	r := mathx.NewRand(5)
	if _, err := w.AddWall(mathx.AABB{Min: v(-3, -3), Max: v(3, 3)}, 1); err != nil {
		t.Fatal(err)
	}
	for k := range 300 {
		s := mustCircle(t, r.Range(0.05, 2))
		if k%3 == 0 {
			s = mustBox(t, r.Range(0.1, 1), r.Range(0.1, 1))
		}
		vel := r.UnitVec().Scale(r.Range(0, 200))
		if k%7 == 0 {
			vel = mathx.Vec2{}
		}
		p := v(r.Range(-40, 40), r.Range(-40, 40))
		if k%11 == 0 {
			p = v(0.5, -0.25) // exact binary fractions: boxes at ±0
		}
		if _, err := w.CreateBody(BodyDef{Type: Dynamic, Mass: 1, Shape: s, Position: p, Velocity: vel, Angle: r.Angle()}); err != nil {
			t.Fatal(err)
		}
	}
	moved := 0
	for range 5 {
		w.Step(1.0 / 60)
		for i, a := range w.alive {
			if !a {
				continue
			}
			b := w.shape[i].aabb(w.xf(i))
			sb := b
			if d := w.prev[i].Sub(w.pos[i]); d != (mathx.Vec2{}) {
				sb = b.Union(b.Translate(d))
				moved++
			}
			if w.box[i] != b || w.sbox[i] != sb {
				t.Fatalf("body %d: box %v swept %v, want %v and %v", i, w.box[i], w.sbox[i], b, sb)
			}
		}
	}
	if moved == 0 {
		t.Fatal("no body moved")
	}
}

// TestWallOnlyWorkersSame: bodies that meet only walls, some fast enough
// to be swept after the parallel parts (their wallNear is set after the
// sweep), step to the same states, contacts and counts with 1, 2 and 3
// workers, 6,000 of them so that every part of the step is split.
func TestWallOnlyWorkersSame(t *testing.T) {
	run := func(workers int) workerRun {
		w, err := NewSpace(SpaceDef{Bounds: mathx.AABB{Max: mathx.V2(120, 120)}, MaxCastRadius: 0.5, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		r := mathx.NewRand(9)
		solid := make([]bool, 120*120)
		for k := range solid {
			solid[k] = r.Chance(0.06)
		}
		if _, _, err := w.AddSolidTiles(SolidTiles{Cols: 120, Rows: 120, TileW: 1, TileH: 1, Solid: solid}); err != nil {
			t.Fatal(err)
		}
		var ids []BodyID
		for k := 0; k < 6000; k++ {
			d := BodyDef{Type: Dynamic, Mass: 1, Layer: 2, Mask: 1, Position: mathx.V2(r.Range(2, 118), r.Range(2, 118)),
				Velocity: r.UnitVec().Scale(r.Range(0, 3)), Shape: mustCircle(t, r.Range(0.15, 0.4))}
			if k%4 == 0 {
				d.Velocity = d.Velocity.Scale(25) // swept against the walls
			}
			if k%5 == 0 {
				d.Shape = mustBox(t, r.Range(0.2, 0.5), r.Range(0.2, 0.5))
				d.AngularVelocity = r.Range(-2, 2)
			}
			id, err := w.CreateBody(d)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		return stepAndRecord(w, ids, 30)
	}
	ref := run(1)
	if len(ref.contacts) == 0 || ref.stats.CCDClamps == 0 {
		t.Fatalf("contacts %d, stats %+v: the scene tests too little", len(ref.contacts), ref.stats)
	}
	for _, n := range []int{2, 3} {
		got := run(n)
		if !got.same(ref) {
			t.Fatalf("%d workers differ from one: stats %+v vs %+v, %d vs %d contacts", n, got.stats, ref.stats, len(got.contacts), len(ref.contacts))
		}
	}
}
