package scene_test

import (
	"diorama/level"
	"diorama/scene"
	"testing"
	"testing/fstest"

	"diorama/internal/testenv"
	"diorama/mathx"
)

// A blast hurts what it reaches by distance (full at the centre, 1 −
// falloff at the edge), not the source, not what is out of range, not
// what a wall shields, but the tank standing against the wall it burst
// on; a breakable crate too; and it allocates nothing once warm.
func TestBlast(t *testing.T) {
	w, err := level.LoadASCII(fstest.MapFS{"l.lev": {Data: []byte("wwwwwwww\nw-----sw\nw------w\nwwww---w\nw------w\nwwwwwwww\n")}}, "l.lev", level.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mk := func(kind scene.Kind, x, y float64) scene.Entity {
		d := scene.EntityDef{Kind: kind, Pos: mathx.V3(x, y, 0), Health: 100, Radius: 0.3}
		if kind == scene.Object {
			d.Radius, d.Extent, d.Solid = 0, mathx.V2(0.5, 0.5), true
		}
		e, err := w.Create(d)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	at := mathx.V2(2.5, 2.5)
	src := mk(scene.Character, 2.5, 2.5)      // the one who fired: spared
	near := mk(scene.Character, 3.5, 2.5)     // 1 unit: 100·(1 − 0.6·1/2) = 70
	edge := mk(scene.Character, 2.5, 1.5+0.5) // 0.5 units: 85 damage
	far := mk(scene.Character, 5.5, 2.5)      // 3 units: out of range
	behind := mk(scene.Character, 1.5, 4.3)   // 1.9 units, behind the wall row y=3
	crate := mk(scene.Object, 2.5, 1.5)       // a breakable solid object, 1 unit: 70
	// Against the wall's far side, a blast bursting on the wall's near face.
	hugging := mk(scene.Character, 2.5, 4.3)
	if n := w.Bullets().Blast(at, 2, 100, 0.6, src); n != 3 {
		t.Errorf("damaged %d, want 3 (near, edge, crate)", n)
	}
	for _, c := range []struct {
		e    scene.Entity
		want int32
		what string
	}{{src, 100, "source"}, {near, 30, "near"}, {edge, 15, "half a unit"}, {far, 100, "out of range"}, {behind, 100, "behind the wall"}, {crate, 30, "crate"}, {hugging, 100, "behind the wall, 1.8 away"}} {
		if got := w.Health(c.e); got != c.want {
			t.Errorf("%s: health %d, want %d", c.what, got, c.want)
		}
	}
	// A rocket bursting on the wall's far face (y = 4) hits the tank
	// against it, though the wall cuts the line from the burst point.
	if n := w.Bullets().Blast(mathx.V2(2.5, 4.0), 1, 10, 0, scene.Entity{}); n != 1 || w.Health(hugging) != 90 {
		t.Errorf("the tank against the wall: %d damaged, health %d", n, w.Health(hugging))
	}
	if a := testenv.AllocsOver(20, func() { w.Bullets().Blast(mathx.V2(5.5, 1.5), 0.5, 0, 0, scene.Entity{}) }); a != 0 {
		t.Errorf("%d allocations in 20 blasts", a)
	}
	// Kills go through Damage's events; the dead are not hit twice.
	before := len(w.Events.Deaths())
	n := w.Bullets().Blast(at, 2, 1000, 0, scene.Entity{})
	if deaths := len(w.Events.Deaths()) - before; n != 4 || deaths != 4 {
		t.Errorf("a lethal blast damaged %d and killed %d, want 4 and 4 (source, near, edge, crate)", n, deaths)
	}
}
