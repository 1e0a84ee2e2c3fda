package scene

import (
	"image/color"
	"math"
	"testing"

	"diorama/internal/testenv"
	"diorama/iso"
	"diorama/mathx"
	"diorama/physics"
	"diorama/raster"
)

// arena is a busy scene for determinism, allocation and speed checks: a
// walled map, characters that pick a new random heading every half second
// (a periodic task), a task firing bullets from random characters in
// random directions each tick so that about `bullets` stay alive, and a
// game's pass after each Step (arena.step) applying bullet damage and
// respawning the dead at a random spawn point. Everything random comes from w.Rand.
type arena struct {
	w      *World
	spawns []Entity
	fire   int // bullets per tick
	size   int
	look   LookID
}

func newArena(t testing.TB, size, chars, bullets int, seed uint64) *arena {
	t.Helper()
	p, _ := iso.Dimetric(32)
	g, err := iso.NewDiamond(p, size, size)
	if err != nil {
		t.Fatal(err)
	}
	w, err := NewWorld(Config{Grid: g, Seed: seed, MaxBullets: bullets + bullets/2})
	if err != nil {
		t.Fatal(err)
	}
	// Outer walls and a few pillars, merged by physics.
	solid := make([]bool, size*size)
	for k := 0; k < size; k++ {
		solid[k], solid[(size-1)*size+k], solid[k*size], solid[k*size+size-1] = true, true, true, true
	}
	for k := 8; k < size-8; k += 16 {
		for j := 8; j < size-8; j += 16 {
			solid[k*size+j], solid[k*size+j+1] = true, true
		}
	}
	if _, _, err := w.Phys.AddSolidTiles(physics.SolidTiles{Cols: size, Rows: size, TileW: 1, TileH: 1, Solid: solid}); err != nil {
		t.Fatal(err)
	}
	floor, err := floorLayer(g, color.RGBA{90, 130, 80, 255}, func(k int) bool { return !solid[k] })
	if err != nil {
		t.Fatal(err)
	}
	w.Layers = append(w.Layers, Layer{TileLayer: floor})
	a := &arena{w: w, fire: max(1, bullets/60)}
	for k := 0; k < 16; k++ {
		x := 2 + w.Rand.Float64()*float64(size-4)
		y := 2 + w.Rand.Float64()*float64(size-4)
		a.spawns = append(a.spawns, mustCreate(t, w, EntityDef{Kind: SpawnPoint, Class: "enemy", Pos: mathx.V3(x, y, 0)}))
	}
	look, err := w.Looks().Add(&Look{Sprite: raster.MustSprite(iso.TileImage(p, color.RGBA{200, 40, 40, 255}))})
	if err != nil {
		t.Fatal(err)
	}
	w.Bullets().SetSprite(raster.MustSprite(iso.TileImage(mustProj(t, 4), color.RGBA{255, 255, 0, 255})))
	for k := 0; k < chars; k++ {
		x := 2 + w.Rand.Float64()*float64(size-4)
		y := 2 + w.Rand.Float64()*float64(size-4)
		mustCreate(t, w, EntityDef{Kind: Character, Name: "unit", Pos: mathx.V3(x, y, 0), Radius: 0.3, Health: 20, Layer: 2, Look: look})
	}
	w.Tasks.Every(30, func(uint64) bool {
		w.Each(Character, func(e Entity) {
			w.SetVelocity(e, mathx.FromAngle(w.Rand.Angle()).Scale(1.5))
		})
		return false
	})
	var shooters []Entity
	w.Tasks.Every(1, func(uint64) bool {
		shooters = w.AppendEntities(shooters[:0], Character)
		if len(shooters) == 0 {
			return false
		}
		for k := 0; k < a.fire; k++ {
			s := shooters[w.Rand.IntN(len(shooters))]
			d := mathx.FromAngle(w.Rand.Angle())
			w.Bullets().Fire(BulletDef{
				Pos: w.Pos(s).XY().Add(d.Scale(0.5)), Z: 0.5, Vel: d.Scale(4), Radius: 0.05,
				Damage: 1, Owner: s, Mask: 2 | 1, TTL: 120,
			})

		}
		return false
	})
	a.size, a.look = size, look
	return a
}

// step is one tick of the arena: the world's Step, then the game's pass
// over its events: hits damage their targets, each death respawns a unit.
func (a *arena) step() {
	w := a.w
	w.Step()
	ev := &w.Events
	for _, h := range ev.BulletHits() {
		if !h.Target.IsNil() {
			w.Damage(h.Target, h.Damage, h.Owner)
		}
	}
	for range ev.Deaths() {
		sp := a.spawns[w.Rand.IntN(len(a.spawns))]
		at := w.Pos(sp).XY().Add(w.Rand.InCircle(6))
		at.X = mathx.Clamp(at.X, 2, float64(a.size-2))
		at.Y = mathx.Clamp(at.Y, 2, float64(a.size-2))
		_, _ = w.Create(EntityDef{Kind: Character, Name: "unit", Pos: mathx.V3(at.X, at.Y, 0), Radius: 0.3, Health: 20, Layer: 2, Look: a.look})
	}
}

func mustProj(t testing.TB, tw int) iso.Projection {
	p, err := iso.Dimetric(tw)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDeterminism10kTicks(t *testing.T) {
	ticks := 10000
	if testing.Short() {
		ticks = 1000
	}
	run := func(seed uint64, n int) (uint64, *World) {
		a := newArena(t, 48, 100, 1500, seed)
		for k := 0; k < n; k++ {
			a.step()
		}
		return a.w.StateHash(), a.w
	}
	h1, w1 := run(7, ticks)
	h2, _ := run(7, ticks)
	if h1 != h2 {
		t.Fatalf("same seed, different hashes after %d ticks: %#x %#x", ticks, h1, h2)
	}
	if a, b := func() (uint64, uint64) { x, _ := run(7, 500); y, _ := run(8, 500); return x, y }(); a == b {
		t.Fatalf("seeds 7 and 8 give the same hash %#x", a)
	}
	if w1.Tick() != uint64(ticks) || w1.Bullets().Len() < 1000 || w1.Len() < 100 {
		t.Fatalf("tick %d, %d bullets, %d entities: the arena did not stay busy", w1.Tick(), w1.Bullets().Len(), w1.Len())
	}
	t.Logf("hash after %d ticks: %#x (%d bullets, %d entities)", ticks, h1, w1.Bullets().Len(), w1.Len())
}

func TestStateHashSeesChanges(t *testing.T) {
	a := newArena(t, 32, 10, 100, 3)
	w := a.w
	for k := 0; k < 20; k++ {
		a.step()
	}
	h := w.StateHash()
	if w.StateHash() != h {
		t.Fatal("hash not stable")
	}
	e := w.AppendEntities(nil, Character)[0]
	p := w.Pos(e)
	w.SetPos(e, mathx.V3(math.Nextafter(p.X, 100), p.Y, p.Z))
	if w.StateHash() == h {
		t.Fatal("one-ulp move not seen")
	}
	w.SetPos(e, p)
	w.prev[e.Slot()] = w.prev[e.Slot()] // unchanged
	h2 := w.StateHash()
	w.Rand.Uint64()
	if w.StateHash() == h2 {
		t.Fatal("random source state not seen")
	}
}

func TestStepZeroAllocs10kBullets(t *testing.T) {
	chars, bullets := 1000, 10000
	if testing.Short() { // the same check on a smaller arena
		chars, bullets = 200, 2000
	}
	a := newArena(t, 128, chars, bullets, 1)
	w := a.w
	for k := 0; k < 400; k++ { // reach steady state: buffers grown, bullets at their lifetime
		a.step()
	}
	if n := w.Bullets().Len(); n < bullets {
		t.Fatalf("%d live bullets, want at least %d", n, bullets)
	}
	// Step and the game's pass over its events (damage, deaths, respawns).
	allocs := testenv.AllocsOver(50, a.step)
	if allocs != 0 {
		t.Fatalf("Step and the event pass allocate %v times in 50 ticks with %d bullets", allocs, w.Bullets().Len())
	}
	// Rendering a frame of the same scene does not allocate either.
	cam := iso.NewCamera(800, 480)
	cam.Center = w.Grid.ToScreen(mathx.V3(64, 64, 0))
	pt := iso.NewPainter(w.Grid, cam)
	dl := raster.NewDrawList()
	render := func() {
		dl.Reset()
		if _, err := w.Render(dl, pt, 0.5); err != nil {
			t.Fatal(err)
		}
	}
	render()
	if allocs := testenv.AllocsOver(10, render); allocs != 0 {
		t.Fatalf("Render allocates %v times in 10 frames", allocs)
	}
	if dl.Len() < 100 {
		t.Fatalf("busy frame has only %d commands", dl.Len())
	}
}
