package scene

import (
	"testing"

	"diorama/mathx"
)

// Two characters walking into each other touch (each tick while in
// contact, A the one that moved), a character walking into a solid crate
// touches it, and nothing is reported for characters apart or for walls.
func TestTouchEvents(t *testing.T) {
	w := testWorld(t, 20, 20, 1)
	a := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(5, 5, 0), Radius: 0.3, Health: 10})
	b := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(7, 5, 0), Radius: 0.3, Health: 10})
	c := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(5, 12, 0), Radius: 0.3, Health: 10})
	crate := mustCreate(t, w, EntityDef{Kind: Object, Pos: mathx.V3(5, 15, 0), Solid: true, Extent: mathx.V2(0.5, 0.5)})
	far := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(15, 15, 0), Radius: 0.3, Health: 10})
	type pair struct{ a, b Entity }
	seen := map[pair]int{}
	first := map[pair]int{}
	for range 120 {
		w.SetVelocity(a, mathx.V2(2, 0))
		w.SetVelocity(c, mathx.V2(0, 2))
		tick := int(w.Tick())
		w.Step()
		for _, e := range w.Events.Touches() {
			p := pair{e.A, e.B}
			if seen[p] == 0 {
				first[p] = tick
			}
			seen[p]++
			if e.Normal.Len() < 0.99 || e.Normal.Len() > 1.01 {
				t.Fatalf("normal %v", e.Normal)
			}
		}
	}
	ab, cc := seen[pair{a, b}], seen[pair{c, crate}]
	if ab < 10 || cc < 10 {
		t.Fatalf("touches: a-b %d, c-crate %d (%v)", ab, cc, seen)
	}
	// a needs about (2 - 0.6)/2 s = 42 ticks to reach b.
	if f := first[pair{a, b}]; f < 35 || f > 50 {
		t.Fatalf("a first touched b at tick %d", f)
	}
	for p := range seen {
		if p.a == far || p.b == far || p.a == crate {
			t.Fatalf("unexpected touch %v", p)
		}
	}
	// Apart again: no touches.
	w.SetVelocity(a, mathx.V2(-2, 0))
	w.SetVelocity(c, mathx.V2(0, -2))
	for range 30 {
		w.Step()
	}
	if n := len(w.Events.Touches()); n != 0 {
		t.Fatalf("%d touches after walking apart", n)
	}
}
