package physics

import (
	"math"
	"testing"

	"diorama/mathx"
)

// TestSetVelocitiesAsOneByOne: SetVelocities over a list of handles (live
// dynamic and kinematic bodies, static ones, nil, destroyed and stale
// handles, velocities that are not finite or too large) leaves every body
// with the velocity that SetVelocity called for each handle in turn
// leaves, and returns an error exactly when one of those calls does.
func TestSetVelocitiesAsOneByOne(t *testing.T) {
	build := func() (*Space, []BodyID) {
		w := newTestWorld(t, SpaceDef{})
		c, err := NewCircle(1)
		if err != nil {
			t.Fatal(err)
		}
		var ids []BodyID
		for k := range 12 {
			typ := Dynamic
			switch k % 4 {
			case 1:
				typ = Kinematic
			case 3:
				typ = Static
			}
			ids = append(ids, body(t, w, typ, c, v(float64(8*k-48), 0), 1))
		}
		dead := ids[5]
		if err := w.DestroyBody(dead); err != nil {
			t.Fatal(err)
		}
		reused := body(t, w, Dynamic, c, v(0, 40), 1) // may take the destroyed slot: dead is stale
		ids = append(ids, reused, BodyID{}, dead, BodyID{index: 1, gen: 99})
		return w, ids
	}
	vels := func(n int) []mathx.Vec2 {
		vs := make([]mathx.Vec2, n)
		for k := range vs {
			vs[k] = v(float64(k)+0.5, -float64(k))
		}
		vs[2] = v(math.NaN(), 1)
		vs[4] = v(1, math.Inf(-1))
		vs[6] = v(2*maxExtent, 0)
		return vs
	}
	for _, good := range []bool{false, true} {
		a, ids := build()
		b, _ := build()
		vs := vels(len(ids))
		if good { // only the live moving bodies, finite velocities: no error
			var gi []BodyID
			var gv []mathx.Vec2
			for k, id := range ids {
				if a.Valid(id) && a.Type(id) != Static && k != 2 && k != 4 && k != 6 {
					gi, gv = append(gi, id), append(gv, vs[k])
				}
			}
			ids, vs = gi, gv
		}
		var want error
		for k, id := range ids {
			if err := b.SetVelocity(id, vs[k]); err != nil && want == nil {
				want = err
			}
		}
		got := a.SetVelocities(ids, vs)
		if (got == nil) != (want == nil) || (got != nil && got.Error() != want.Error()) {
			t.Fatalf("good=%v: SetVelocities returned %v, SetVelocity one by one %v", good, got, want)
		}
		if good != (got == nil) {
			t.Fatalf("good=%v: error %v", good, got)
		}
		for _, id := range a.Bodies(nil) {
			if ga, gb := a.Velocity(id), b.Velocity(id); ga != gb {
				t.Errorf("good=%v: body %v: velocity %v, one by one %v", good, id, ga, gb)
			}
		}
	}
}

// Fewer velocities than handles is an error that sets nothing.
func TestSetVelocitiesShortList(t *testing.T) {
	w := newTestWorld(t, SpaceDef{})
	c, err := NewCircle(1)
	if err != nil {
		t.Fatal(err)
	}
	a, err := w.CreateBody(BodyDef{Type: Dynamic, Mass: 1, Shape: c})
	if err != nil {
		t.Fatal(err)
	}
	b, err := w.CreateBody(BodyDef{Type: Dynamic, Mass: 1, Shape: c, Position: mathx.V2(5, 0)})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.SetVelocities([]BodyID{a, b}, []mathx.Vec2{{X: 1}}); err == nil {
		t.Fatal("two handles, one velocity: no error")
	}
	if w.Velocity(a) != (mathx.Vec2{}) || w.Velocity(b) != (mathx.Vec2{}) {
		t.Fatalf("a short list set velocities: %v %v", w.Velocity(a), w.Velocity(b))
	}
}
