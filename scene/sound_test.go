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
