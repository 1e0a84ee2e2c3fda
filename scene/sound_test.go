package scene

import (
	"testing"

	"diorama/audio"
	"diorama/mathx"
)

func testSound(t *testing.T, name string, v int16) *audio.Sound {
	t.Helper()
	d := make([]int16, 4800)
	for i := range d {
		d[i] = v
	}
	s, err := audio.NewSound(name, 48000, 1, d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A world with sound plays its event sounds where they happen: a shot
// fired right of the listener is heard on the right, its hit on a wall
// further right quieter than the shot, a death at the entity; and the
// simulation is the same with sound on or off.
func TestWorldSound(t *testing.T) {
	run := func(withSound bool) (uint64, []int16, audio.Stats) {
		w := testWorld(t, 32, 32, 3)
		if _, err := w.Phys.AddWall(mathx.AABB{Min: mathx.V2(24, 0), Max: mathx.V2(25, 32)}, 1); err != nil {
			t.Fatal(err)
		}
		m, err := audio.NewMixer(audio.Config{})
		if err != nil {
			t.Fatal(err)
		}
		var out []int16
		if withSound {
			w.Audio().Enable(m, Sounds{Fire: testSound(t, "fire", 8000), Wall: testSound(t, "wall", 8000), Death: testSound(t, "death", 8000), Vary: 0.05})
			w.Audio().SetListener(mathx.V3(16, 16, 0))
		}
		e := mustCreate(t, w, EntityDef{Kind: Character, Name: "x", Pos: mathx.V3(8, 24, 0), Radius: 0.5, Health: 1})
		w.Bullets().Fire(BulletDef{Pos: mathx.V2(20, 12), Vel: mathx.V2(30, 0)})
		for k := 0; k < 30; k++ {
			if k == 10 {
				w.Damage(e, 5, Entity{})
			}
			w.Step()
			out = append(out, m.Tick()...)
		}
		return w.StateHash(), out, m.Stats()
	}
	h1, out, st := run(true)
	h0, _, _ := run(false)
	if h0 != h1 {
		t.Fatalf("state hash %016x with sound, %016x without", h1, h0)
	}
	// Three sounds played: the shot at tick 0, the wall hit, the death.
	if st.Frames == 0 || st.Dropped != 0 {
		t.Fatalf("stats %+v", st)
	}
	g := energyLR(out[:2*800])
	if !(g[1] > g[0]) {
		t.Fatalf("the shot right of the listener: left %v, right %v", g[0], g[1])
	}
	var starts int
	for i := 2; i < len(out); i += 2 {
		if out[i-2] == 0 && out[i] != 0 || out[i-2] != 0 && out[i] == 0 {
			starts++
		}
	}
	if starts < 3 {
		t.Fatalf("%d sound starts and ends heard, want the shot, the wall and the death", starts)
	}
}

// energyLR sums |sample| per channel.
func energyLR(s []int16) [2]float64 {
	var e [2]float64
	for i, v := range s {
		if v < 0 {
			v = -v
		}
		e[i%2] += float64(v)
	}
	return e
}

// A pickup taken plays the pickup sound where the pickup lay (it used to
// be skipped: the pickup was no longer alive when its event came).
func TestWorldSoundPickup(t *testing.T) {
	w := testWorld(t, 16, 16, 1)
	m, err := audio.NewMixer(audio.Config{})
	if err != nil {
		t.Fatal(err)
	}
	w.Audio().Enable(m, Sounds{Pickup: testSound(t, "pickup", 8000)})
	w.Audio().SetListener(mathx.V3(4, 3, 0))
	hero := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(3, 3, 0), Radius: 0.3, Health: 10, Collector: true})
	mustCreate(t, w, EntityDef{Kind: Pickup, Class: "ammo", Pos: mathx.V3(4, 3, 0), Value: 5})
	w.SetVelocity(hero, mathx.V2(2, 0))
	for k := 0; k < 30 && len(w.Events.Pickups()) == 0; k++ {
		if w.Step(); m.Stats().Playing != 0 && len(w.Events.Pickups()) == 0 {
			t.Fatal("a sound before the pickup")
		}
	}
	if len(w.Events.Pickups()) != 1 || m.Stats().Playing != 1 {
		t.Fatalf("%d pickups, %d sounds playing", len(w.Events.Pickups()), m.Stats().Playing)
	}
}

// Every event sound plays on its own event, placed where it happened:
// each of the six (a shot fired, a bullet striking an entity, a bullet
// striking a wall, a death, a pickup taken, a door locked) is enabled
// alone and its event made to happen right of the listener in screen
// space, then left of it (the same place mirrored across the listener's
// screen column: world x and y swapped); the mix is silent before the
// event, heard from the tick it happens, louder on the event's side, and
// silent throughout with that sound left nil. The world's grid maps
// world x to the screen's lower right and y to its lower left (2:1 iso,
// 32-pixel tiles), so (24, 8) is 256 px right of (16, 16) on screen, on
// the same row, and (8, 24) 256 px left.
func TestEventSoundsPlaced(t *testing.T) {
	type event struct {
		name string
		set  func(*Sounds, *audio.Sound)
		// at makes the event happen at about (x, y) in w, from tick 0
		// (a step's events play in that step's mix) or before it.
		at func(w *World, x, y float64)
	}
	events := []event{
		{"Fire", func(s *Sounds, a *audio.Sound) { s.Fire = a }, func(w *World, x, y float64) {
			w.Bullets().Fire(BulletDef{Pos: mathx.V2(x, y), Vel: mathx.V2(0, 0.01), TTL: 5})
		}},
		{"Hit", func(s *Sounds, a *audio.Sound) { s.Hit = a }, func(w *World, x, y float64) {
			mustCreate(t, w, EntityDef{Kind: Character, Name: "target", Pos: mathx.V3(x, y, 0), Radius: 0.5, Health: 100})
			w.Bullets().Fire(BulletDef{Pos: mathx.V2(x-1.2, y), Vel: mathx.V2(30, 0), Damage: 1, TTL: 30})
		}},
		{"Wall", func(s *Sounds, a *audio.Sound) { s.Wall = a }, func(w *World, x, y float64) {
			if _, err := w.Phys.AddWall(mathx.AABB{Min: mathx.V2(x, y-1), Max: mathx.V2(x+1, y+1)}, 1); err != nil {
				t.Fatal(err)
			}
			w.Bullets().Fire(BulletDef{Pos: mathx.V2(x-1.2, y), Vel: mathx.V2(30, 0), TTL: 30})
		}},
		{"Death", func(s *Sounds, a *audio.Sound) { s.Death = a }, func(w *World, x, y float64) {
			e := mustCreate(t, w, EntityDef{Kind: Character, Name: "victim", Pos: mathx.V3(x, y, 0), Radius: 0.5, Health: 1})
			w.Damage(e, 5, Entity{}) // a game's damage, between Steps
		}},
		{"Pickup", func(s *Sounds, a *audio.Sound) { s.Pickup = a }, func(w *World, x, y float64) {
			mustCreate(t, w, EntityDef{Kind: Pickup, Class: "ammo", Pos: mathx.V3(x, y, 0), Value: 1})
			hero := mustCreate(t, w, EntityDef{Kind: Character, Name: "hero", Pos: mathx.V3(x-1, y, 0), Radius: 0.3, Health: 5, Collector: true})
			w.SetVelocity(hero, mathx.V2(6, 0)) // walks onto it
		}},
		{"Door", func(s *Sounds, a *audio.Sound) { s.Door = a }, func(w *World, x, y float64) {
			mustCreate(t, w, EntityDef{Kind: Object, Name: "door", Pos: mathx.V3(x, y, 0), Extent: mathx.V2(0.5, 0.5)}) // open: not solid
			sp := mustCreate(t, w, EntityDef{Kind: SpawnPoint, Name: "sp", Pos: mathx.V3(2, 2, 0)})
			o := &Overlord{Name: "o", Spawns: []Entity{sp}, Locks: []string{"door"}, MaxAlive: 1, Wave: 1,
				Spawn: func(w *World, at mathx.Vec3) (Entity, error) {
					return w.Create(EntityDef{Kind: Character, Name: "grunt", Pos: at, Radius: 0.3, Health: 1})
				}}
			if err := o.Start(w); err != nil { // no trigger: awake at once, it locks its door
				t.Fatal(err)
			}
		}},
	}
	run := func(ev event, withSound bool, x, y float64) []int16 {
		w := testWorld(t, 32, 32, 3)
		m, err := audio.NewMixer(audio.Config{})
		if err != nil {
			t.Fatal(err)
		}
		var s Sounds
		if withSound {
			ev.set(&s, testSound(t, ev.name, 8000))
		}
		w.Audio().Enable(m, s)
		w.Audio().SetListener(mathx.V3(16, 16, 0))
		out := append([]int16(nil), m.Tick()...) // a tick before the event: silence (Tick returns the mixer's own buffer)
		ev.at(w, x, y)
		for range 20 {
			w.Step()
			out = append(out, m.Tick()...)
		}
		return out
	}
	per := 2 * 48000 / 60
	for _, ev := range events {
		t.Run(ev.name, func(t *testing.T) {
			for _, side := range []struct {
				name  string
				x, y  float64
				right bool
			}{{"right", 24, 8, true}, {"left", 8, 24, false}} {
				out := run(ev, true, side.x, side.y)
				if e := energyLR(out[:per]); e[0] != 0 || e[1] != 0 {
					t.Fatalf("%s: heard before the event: %v", side.name, e)
				}
				g := energyLR(out[per:])
				if g[0]+g[1] == 0 {
					t.Fatalf("%s: the event's sound was not heard", side.name)
				}
				if side.right && !(g[1] > 1.5*g[0]) || !side.right && !(g[0] > 1.5*g[1]) {
					t.Fatalf("event %s of the listener: left %v, right %v", side.name, g[0], g[1])
				}
				if q := energyLR(run(ev, false, side.x, side.y)); q[0]+q[1] != 0 {
					t.Fatalf("%s: heard with its sound nil: %v", side.name, q)
				}
			}
		})
	}
}
