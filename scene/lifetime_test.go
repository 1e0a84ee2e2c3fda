package scene

import (
	"testing"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// TestLifetimeFindAndDrawHook: an entity with a Lifetime goes after that
// many ticks; Find answers from the name index through creations and
// removals (lowest live slot first); a layer's Draw hook runs after the
// layer's own content with the next free depth keys.
func TestLifetimeFindAndDrawHook(t *testing.T) {
	w, _ := roomWorld(t, false)
	fx := mustCreate(t, w, EntityDef{Kind: Object, Name: "boom", Pos: mathx.V3(2, 2, 0), Lifetime: 3})
	a := mustCreate(t, w, EntityDef{Kind: Object, Name: "crate", Pos: mathx.V3(3, 3, 0)})
	b := mustCreate(t, w, EntityDef{Kind: Object, Name: "crate", Pos: mathx.V3(4, 3, 0)})
	for k := 0; k < 3; k++ {
		if !w.Alive(fx) {
			t.Fatalf("effect gone after %d ticks", k)
		}
		w.Step()
	}
	if w.Alive(fx) {
		t.Fatal("effect still alive after its 3 ticks")
	}
	if e, ok := w.Find("crate"); !ok || e != a {
		t.Fatalf("Find crate = %v, want the first %v", e, a)
	}
	w.Remove(a)
	if e, ok := w.Find("crate"); !ok || e != b {
		t.Fatalf("after removing the first, Find = %v, want %v", e, b)
	}
	if _, ok := w.Find("boom"); ok {
		t.Fatal("found a removed entity")
	}
	c := mustCreate(t, w, EntityDef{Kind: Object, Name: "crate", Pos: mathx.V3(5, 3, 0)}) // reuses a free slot
	if e, _ := w.Find("crate"); e.Slot() > b.Slot() && e != b || (c.Slot() < b.Slot() && e != c) {
		t.Fatalf("Find after reuse = %v (b %v, c %v)", e, b, c)
	}
	if _, err := w.Create(EntityDef{Kind: Object, Lifetime: -1}); err == nil {
		t.Fatal("negative lifetime accepted")
	}
	var got []int64
	w.Layers = append(w.Layers, Layer{Name: "ground"}, Layer{Name: "overlay", Draw: func(dl *raster.DrawList, pt *iso.Painter, depth int64) int64 {
		got = append(got, depth)
		return depth + 2
	}})
	dl := raster.NewDrawList()
	next, err := w.Render(dl, iso.NewPainter(w.Grid, iso.NewCamera(100, 100)), 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || next < got[0]+2 {
		t.Fatalf("hook called at %v, Render returned %d", got, next)
	}
	if w.TPS() != 60 {
		t.Fatalf("TPS %d", w.TPS())
	}
}
