package atlas_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"testing/fstest"

	"diorama/atlas"
	"diorama/mathx"
	"diorama/raster"
)

// Build an atlas at run time from images, trimming transparent borders.
func ExampleBuilder() {
	b := atlas.NewBuilder(atlas.Options{Trim: true, PackOptions: atlas.PackOptions{Padding: 2, Extrude: 1}})
	for i, size := range []int{32, 16, 24} {
		img := image.NewNRGBA(image.Rect(0, 0, size, size))
		for y := 4; y < size-4; y++ { // a 4-pixel transparent border
			for x := 4; x < size-4; x++ {
				img.SetNRGBA(x, y, color.NRGBA{uint8(40 * i), 100, 200, 255})
			}
		}
		if err := b.Add(fmt.Sprint("sprite", i), img); err != nil {
			panic(err)
		}
	}
	a, err := b.Build()
	if err != nil {
		panic(err)
	}
	for _, f := range a.Frames {
		fmt.Printf("%s: page %d at %v, trimmed %v to %v at offset %v\n", f.Name, f.Page, f.Rect.Min, f.Source, f.Size, f.Offset)
	}
	// Output:
	// sprite0: page 0 at (1,1), trimmed (32,32) to (24,24) at offset (4,4)
	// sprite1: page 0 at (21,29), trimmed (16,16) to (8,8) at offset (4,4)
	// sprite2: page 0 at (1,29), trimmed (24,24) to (16,16) at offset (4,4)
}

// Play an Aseprite-style ping-pong clip in 60 Hz simulation ticks.
func ExamplePlayer() {
	clip := atlas.Clip{Name: "idle", Frames: []int{7, 8, 9}, Durations: []int{100, 50, 100}, Dir: atlas.PingPong}
	ticks := clip.InTicks(1000.0 / 60)
	p, _ := atlas.NewPlayer(&ticks)
	for tick := 0; tick < 40; tick += 4 {
		fmt.Print(p.Frame(), " ")
		p.Advance(4)
	}
	fmt.Println()
	// Output: 7 7 8 9 8 7 8 9 9 7
}

// Choose one of IsoMob's four character sprites from a heading.
func ExampleDirectionSet() {
	for _, deg := range []float64{30, 120, 200, 300} {
		d := atlas.IsoMobDirections.Index(mathx.Deg(deg))
		fmt.Print(atlas.IsoMobDirections.Names[d], " ")
	}
	fmt.Println()
	// Output: East South West North
}

// Load an Aseprite JSON export (here from an in-memory file system; an
// embed.FS or os.DirFS works the same) and play its "walk" tag.
func ExampleLoadAsepriteJSON() {
	sheet := `{"frames": [
	  {"filename": "hero 0.aseprite", "frame": {"x": 0, "y": 0, "w": 16, "h": 16}, "duration": 100},
	  {"filename": "hero 1.aseprite", "frame": {"x": 16, "y": 0, "w": 16, "h": 16}, "duration": 150}
	 ],
	 "meta": {"image": "hero.png", "size": {"w": 32, "h": 16},
	  "frameTags": [{"name": "walk", "from": 0, "to": 1, "direction": "pingpong"}]}}`
	var page bytes.Buffer
	png.Encode(&page, image.NewNRGBA(image.Rect(0, 0, 32, 16)))
	fsys := fstest.MapFS{"hero.json": {Data: []byte(sheet)}, "hero.png": {Data: page.Bytes()}}

	a, err := atlas.LoadAsepriteJSON(fsys, "hero.json")
	if err != nil {
		panic(err)
	}
	walk, _ := a.Clip("walk")
	p, _ := atlas.NewPlayer(walk)
	for ms := 0; ms < 500; ms += 100 {
		fmt.Print(a.Frames[p.Frame()].Name, "; ")
		p.Advance(100)
	}
	fmt.Println()
	// Output: hero 0.aseprite; hero 1.aseprite; hero 1.aseprite; hero 0.aseprite; hero 1.aseprite;
}

// Load a PixiJS-style TexturePacker sheet with a 9-slice button and an
// animation, then draw the button stretched to 40×12.
func ExampleAtlas_NineSlice() {
	sheet := `{"frames": {
	  "button.png": {"frame": {"x": 0, "y": 0, "w": 8, "h": 8}, "borders": {"left": 3, "top": 3, "right": 3, "bottom": 3}},
	  "coin_1.png": {"frame": {"x": 8, "y": 0, "w": 4, "h": 4}},
	  "coin_2.png": {"frame": {"x": 12, "y": 0, "w": 4, "h": 4}}},
	 "animations": {"coin": ["coin_1.png", "coin_2.png"]},
	 "meta": {"image": "ui.png", "size": {"w": 16, "h": 8}}}`
	var page bytes.Buffer
	png.Encode(&page, image.NewNRGBA(image.Rect(0, 0, 16, 8)))
	fsys := fstest.MapFS{"ui.json": {Data: []byte(sheet)}, "ui.png": {Data: page.Bytes()}}

	a, err := atlas.LoadTexturePacker(fsys, "ui.json")
	if err != nil {
		panic(err)
	}
	coin, _ := a.Clip("coin")
	fmt.Println("coin clip:", coin.Frames, coin.Durations)
	i, _ := a.Lookup("button.png")
	n, err := a.NineSlice(i)
	if err != nil {
		panic(err)
	}
	f, _ := raster.NewFrame(64, 32)
	raster.DrawNineSlice(f, f.Bounds(), n, image.Rect(4, 4, 44, 16), nil)
	fmt.Println("centre", n.Center(), "fixed borders", n.MinSize())
	// Output:
	// coin clip: [1 2] [100 100]
	// centre (3,3)-(5,5) fixed borders (6,6)
}
