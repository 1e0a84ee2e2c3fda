package scene

import (
	"image/color"
	"testing"
	"time"

	"diorama/iso"
	"diorama/mathx"
	"diorama/props"
	"diorama/raster"
)

// TestBuildingAPI: what a level builder uses beyond Create: CreateOn
// draws an entity with a layer by index even when names repeat,
// SetSources is what Sources answers (nothing for a world made in code),
// AnimateTile shows the frame due at each tick and rejects a tile that
// is not there, and Def reads back what Create was given.
func TestBuildingAPI(t *testing.T) {
	w := testWorld(t, 4, 4, 1)
	if len(w.Sources()) != 0 {
		t.Error("a world made in code has sources")
	}
	w.Builder().SetSources([]string{"m.tmx", "tiles.png"})
	if got := w.Sources(); len(got) != 2 || got[0] != "m.tmx" || got[1] != "tiles.png" {
		t.Errorf("sources %q", got)
	}

	red, green := dot(color.RGBA{255, 0, 0, 255}), dot(color.RGBA{0, 255, 0, 255})
	base := dot(color.RGBA{0, 0, 255, 255})
	tiles := make([]int32, 16)
	w.Layers = append(w.Layers, Layer{Name: "dup", TileLayer: iso.TileLayer{Tiles: tiles, Sprites: []*raster.Sprite{base}}}, Layer{Name: "dup"})

	e, err := w.Builder().CreateOn(1, EntityDef{Kind: Object, Name: "crate", Class: "box", Pos: mathx.V3(1, 2, 0), Radius: 0.25, Value: 7,
		Props: props.List{{Name: "n", Type: props.IntType, Value: "3", Int: 3, Float: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	if i, _ := w.slotOf(e); w.drawLayer[i] != 1 {
		t.Errorf("CreateOn(1) draws with layer %d", w.drawLayer[i])
	}
	d, ok := w.Builder().Def(e)
	if !ok || d.Name != "crate" || d.Class != "box" || d.Pos != mathx.V3(1, 2, 0) || d.Radius != 0.25 || d.Value != 7 ||
		!d.Solid || d.DrawLayer != "dup" || d.Props.Int("n", 0) != 3 {
		t.Errorf("Def %+v", d)
	}
	if _, err := w.Builder().CreateOn(2, EntityDef{Kind: Object}); err == nil {
		t.Error("CreateOn a layer that is not there")
	}
	if _, ok := w.Builder().Def(Entity{}); ok {
		t.Error("Def of a nil handle")
	}
	look, err := w.Looks().Add(&Look{Sprite: red})
	if err != nil {
		t.Fatal(err)
	}
	if w.Looks().Get(look) == nil || w.Looks().Get(look).Sprite != red || w.Looks().Get(look+1) != nil || w.Looks().Get(NoLook) != nil {
		t.Error("Look by id")
	}

	// 50 ms of red, 100 ms of green at 60 ticks a second: red on ticks
	// 0..2, green on 3..8, red again from 9.
	a := TileAnimation{Layer: 0, Sprite: 0, Frames: []*raster.Sprite{red, green}, Durations: []time.Duration{50 * time.Millisecond, 100 * time.Millisecond}}
	if err := w.Builder().AnimateTile(a); err != nil {
		t.Fatal(err)
	}
	for tick := 0; tick <= 10; tick++ {
		want := red
		if tick >= 3 && tick < 9 {
			want = green
		}
		if got := w.Layers[0].Sprites[0]; got != want {
			t.Fatalf("tick %d shows the wrong frame", tick)
		}
		w.Step()
	}
	for _, bad := range []TileAnimation{
		{Layer: 1, Frames: a.Frames, Durations: a.Durations},                          // a layer without sprites
		{Layer: 0, Sprite: 1, Frames: a.Frames, Durations: a.Durations},               // no such sprite
		{Layer: 0, Frames: a.Frames, Durations: a.Durations[:1]},                      // a frame without a duration
		{Layer: 0, Frames: a.Frames, Durations: []time.Duration{time.Millisecond, 0}}, // a frame of no time
		{Layer: 0, Frames: []*raster.Sprite{red, nil}, Durations: a.Durations},        // a nil frame
	} {
		if err := w.Builder().AnimateTile(bad); err == nil {
			t.Errorf("AnimateTile(%+v) accepted", bad)
		}
	}
}
