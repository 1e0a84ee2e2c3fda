package scene

import (
	"testing"

	"diorama/mathx"
	"diorama/physics"
)

// TestVelRangeRuns: velRange hands each live character's velocity to its
// body in runs of consecutive live characters (physics.Space.SetVelocities):
// with characters between solid objects, triggers, a pickup and a
// character removed during the tick (dying: its body lives on until the
// next tick starts), and with the slots split into parts at every
// position (as the workers split them), every live character's body gets
// its velocity and every other body keeps its own.
func TestVelRangeRuns(t *testing.T) {
	kinds := []Kind{Character, Character, Object, Character, Character, Character, Trigger, Character, Pickup, Character, Character}
	const dying = 4
	for cut := 0; cut <= len(kinds); cut++ {
		w := testWorld(t, 16, 16, 1)
		var es []Entity
		for k, kd := range kinds {
			d := EntityDef{Kind: kd, Pos: mathx.V3(float64(1+k), 2, 0), Radius: 0.3}
			switch kd {
			case Object:
				d.Solid, d.Extent = true, mathx.V2(0.4, 0.4)
			case Trigger, Pickup:
				d.Extent = mathx.V2(0.4, 0.4)
			}
			es = append(es, mustCreate(t, w, d))
		}
		old := mathx.V2(-3, 5)
		for i := range kinds {
			if kinds[i] == Character {
				if err := w.Phys.SetVelocity(w.body[i], old); err != nil {
					t.Fatal(err)
				}
			}
			w.vel[i] = mathx.V2(float64(i)+0.25, -float64(i))
		}
		w.inTick = true
		if !w.Remove(es[dying]) {
			t.Fatal("not removed")
		}
		w.velRange(0, 0, cut)
		w.velRange(1, cut, len(kinds))
		for i, kd := range kinds {
			id := w.body[i]
			if id.IsNil() {
				t.Fatalf("slot %d (%s) has no body", i, kd)
			}
			got := w.Phys.Velocity(id)
			want := mathx.Vec2{}
			switch {
			case kd == Character && i == dying:
				want = old
			case kd == Character:
				want = w.vel[i]
			}
			if w.Phys.Type(id) == physics.Static && got != (mathx.Vec2{}) {
				t.Fatalf("cut %d: static body of slot %d moves at %v", cut, i, got)
			}
			if got != want {
				t.Errorf("cut %d: slot %d (%s): body velocity %v, want %v", cut, i, kd, got, want)
			}
		}
	}
}
