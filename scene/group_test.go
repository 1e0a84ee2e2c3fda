package scene

import (
	"image/color"
	"testing"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// TestGroupMovesAndHides: a group moves its members (a solid crate, its
// prebuilt drawing and its navigation cover, and a character) by one
// offset and hides and shows them together.
func TestGroupMovesAndHides(t *testing.T) {
	w, _ := roomWorld(t, false)
	n, err := w.Nav().Floor()
	if err != nil {
		t.Fatal(err)
	}
	spr := block(8, 8, color.RGBA{200, 100, 0, 255})
	at := w.Grid.ToScreen(mathx.V3(3.5, 3.5, 0))
	crate := mustCreate(t, w, EntityDef{Kind: Object, Pos: mathx.V3(3.5, 3.5, 0), Extent: mathx.V2(0.5, 0.5), Solid: true,
		Drawing: iso.Object{Box: iso.Box{Min: mathx.V3(3, 3, 0), Max: mathx.V3(4, 4, 1)}, Parts: []iso.Part{{Sprite: spr, At: mathx.Point{X: int(at.X) - 4, Y: int(at.Y) - 8}}}}})
	guard := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(4.5, 3.5, 0), Radius: 0.3})
	g := NewGroup(w, mathx.V3(3.5, 3.5, 0))
	g.Add(crate)
	g.Add(guard)
	if !n.Blocked(3, 3) || n.Blocked(5, 5) {
		t.Fatal("crate cover before the move")
	}
	g.MoveTo(mathx.V3(5.5, 5.5, 0))
	if w.Pos(crate) != mathx.V3(5.5, 5.5, 0) || w.Pos(guard) != mathx.V3(6.5, 5.5, 0) {
		t.Fatalf("members at %v and %v", w.Pos(crate), w.Pos(guard))
	}
	if n.Blocked(3, 3) || !n.Blocked(5, 5) {
		t.Fatal("the crate's navigation cover did not move with it")
	}
	cam := iso.NewCamera(320, 320)
	cam.Center = mathx.V2(256, 160)
	pt := iso.NewPainter(w.Grid, cam)
	render := func() int {
		dl := raster.NewDrawList()
		if _, err := w.Render(dl, pt, 1); err != nil {
			t.Fatal(err)
		}
		fr, _ := raster.NewFrame(320, 320)
		dl.Draw(fr)
		p := cam.MapToScreen(w.Grid.ToScreen(mathx.V3(5.5, 5.5, 0)))
		if fr.RGBAAt(int(p.X), int(p.Y)-4) == (color.RGBA{200, 100, 0, 255}) {
			return 1
		}
		return 0
	}
	if render() != 1 {
		t.Fatal("the crate's drawing did not move with it")
	}
	g.SetHidden(true)
	if render() != 0 || !g.Hidden() {
		t.Fatal("hidden group still drawn")
	}
	g.SetHidden(false)
	if render() != 1 {
		t.Fatal("shown group not drawn")
	}
	w.Remove(guard)
	if len(g.Members()) != 1 {
		t.Fatalf("%d members after removing one from the world", len(g.Members()))
	}
}
