package scene

import (
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

// A game's own value rides with its entity: set at creation or later,
// gone with the entity (a reused slot starts empty), nil for stale
// handles, and attaching a pointer allocates nothing.
func TestEntityData(t *testing.T) {
	w := testWorld(t, 4, 4, 1)
	type brain struct{ hp int }
	b1, b2 := &brain{1}, &brain{2}
	e, err := w.Create(EntityDef{Kind: Character, Pos: mathx.V3(1, 1, 0), Radius: 0.3, Data: b1})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := w.Data(e).(*brain); got != b1 {
		t.Fatalf("Data at creation: %v", w.Data(e))
	}
	if w.SetData(e, b2); w.Data(e).(*brain) != b2 {
		t.Fatalf("SetData: %v", w.Data(e))
	}
	if a := testenv.AllocsOver(100, func() { w.SetData(e, b1) }); a != 0 {
		t.Errorf("SetData of a pointer: %d allocations", a)
	}
	if !w.Remove(e) {
		t.Fatal("not removed")
	}
	if w.SetData(e, b1); w.Data(e) != nil {
		t.Fatal("a removed entity still has data, or SetData on it works")
	}
	f, err := w.Create(EntityDef{Kind: Object, Pos: mathx.V3(2, 2, 0)})
	if err != nil {
		t.Fatal(err)
	}
	if f.Slot() != e.Slot() || w.Data(f) != nil {
		t.Fatalf("reused slot %d (was %d) starts with data %v", f.Slot(), e.Slot(), w.Data(f))
	}
}
