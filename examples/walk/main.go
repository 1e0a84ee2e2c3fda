// Walk: a character walking on a Tiled isometric map. WASD, the arrow keys
// or a gamepad's left stick move it; the camera follows it as it is drawn.
// Water tiles are solid (a tileset property) and trees are solid tile
// objects, so it walks around both.
package main

import (
	"embed"
	"image/color"
	"log"

	"diorama/iso"
	"diorama/level"
	"diorama/mathx"
	"diorama/platform"
	"diorama/platform/auto"
	"diorama/raster"
	"diorama/scene"
)

//go:embed walk.tmx tiles.png
var files embed.FS

const W, H = 480, 320

type game struct {
	w    *scene.World
	hero scene.Entity
	cam  *iso.Camera
	pt   *iso.Painter
	dl   *raster.DrawList
}

func newGame() (*game, error) {
	var hero scene.LookID
	w, err := level.LoadTiled(files, "walk.tmx", level.Options{
		Prepare: func(w *scene.World) (err error) {
			hero, err = w.Looks().Placeholder(color.NRGBA{70, 120, 230, 255}, 0.25, 1)
			return err
		},
		Looks: func(class string) scene.LookID {
			if class == "player" {
				return hero
			}
			return scene.NoLook
		},
	})
	if err != nil {
		return nil, err
	}
	g := &game{w: w, cam: iso.NewCamera(W, H), dl: raster.NewDrawList()}
	g.hero, _ = w.Find("hero")
	g.cam.SetZoom(2)
	g.cam.Limits = w.Grid.Bounds()    // never show beyond the map
	g.cam.DeadZone = mathx.V2(40, 24) // the hero moves freely near the centre
	g.cam.Center = w.Grid.ToScreen(w.Pos(g.hero))
	g.pt = iso.NewPainter(w.Grid, g.cam)
	return g, nil
}

// move reads the keys and the left stick as a screen direction (y down).
func move(in *platform.Input) mathx.Vec2 {
	var d mathx.Vec2
	for _, k := range []struct {
		a, b platform.Key
		v    mathx.Vec2
	}{{platform.KeyW, platform.KeyArrowUp, mathx.V2(0, -1)}, {platform.KeyS, platform.KeyArrowDown, mathx.V2(0, 1)},
		{platform.KeyA, platform.KeyArrowLeft, mathx.V2(-1, 0)}, {platform.KeyD, platform.KeyArrowRight, mathx.V2(1, 0)}} {
		if in.KeyDown(k.a) || in.KeyDown(k.b) {
			d = d.Add(k.v)
		}
	}
	if d.LenSq() == 0 {
		return in.Gamepad(0).Left
	}
	return d.Unit()
}

func (g *game) Update(in *platform.Input) error {
	s := move(in)
	// A screen direction to the world: screen right is world (1, −1),
	// screen down is world (1, 1); scaled so speed is the same every way.
	v := mathx.V2(s.X+s.Y, s.Y-s.X).Scale(3 / mathx.V2(1, 1).Len())
	g.w.SetVelocity(g.hero, v)
	g.w.Step()
	return nil
}

func (g *game) Draw(f *raster.Frame, alpha float64) {
	g.cam.Follow(g.w.Grid.ToScreen(g.w.Looks().DrawPos(g.hero, alpha)))
	g.dl.Reset()
	g.dl.Clear(color.RGBA{30, 60, 110, 255})
	d, _ := g.w.Render(g.dl, g.pt, alpha)
	g.dl.Text(d, raster.DefaultFont(), "WASD / arrows / stick: walk", 8, 8, color.RGBA{255, 255, 255, 255})
	g.dl.Draw(f)
}

func main() {
	g, err := newGame()
	if err == nil {
		err = auto.Run(g, platform.Config{Title: "Diorama walk", Width: W, Height: H}, auto.Options{Name: "walk"})
	}
	if err != nil && !platform.IsQuit(err) {
		log.Fatal(err)
	}
}
