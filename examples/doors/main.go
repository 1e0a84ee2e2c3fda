// Doors: click (or tap) the floor and three units walk there. A door in
// the middle wall opens and closes every three seconds (World.SetSolid);
// the units take the long way round while it is shut and plan again, on
// their own, through it when it opens or around it when it closes.
package main

import (
	"embed"
	"fmt"
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

//go:embed level.txt
var files embed.FS

const W, H, toggle = 480, 320, 180 // the door switches every toggle ticks

type game struct {
	w      *scene.World
	door   scene.Entity
	units  []scene.Entity
	goal   mathx.Vec2
	failed int
	cam    *iso.Camera
	pt     *iso.Painter
	dl     *raster.DrawList
}

func newGame() (*game, error) {
	w, err := level.LoadASCII(files, "level.txt", level.Options{TileWidth: 32, Seed: 1})
	if err != nil {
		return nil, err
	}
	g := &game{w: w, cam: iso.NewCamera(W, H), dl: raster.NewDrawList()}
	g.cam.Center = w.Grid.ToScreen(mathx.V3(8, 6, 0))
	g.pt = iso.NewPainter(w.Grid, g.cam)
	block, err := w.Grid.BlockObject(7, 4, 1, 1, 0, w.Grid.Proj.ZPixels, color.RGBA{170, 110, 60, 255}, color.RGBA{120, 75, 40, 255}, color.RGBA{95, 60, 30, 255})
	if err != nil {
		return nil, err
	}
	g.door, err = w.Create(scene.EntityDef{Kind: scene.Object, Name: "door", Pos: mathx.V3(7.5, 4.5, 0), Extent: mathx.V2(0.5, 0.5), Solid: true, Drawing: block})
	if err != nil {
		return nil, err
	}
	look, err := scene.PlaceholderLook(w.Grid.Proj, color.NRGBA{230, 190, 60, 255}, 0.25, 0.8)
	if err != nil {
		return nil, err
	}
	id, err := w.Looks().Add(look)
	if err != nil {
		return nil, err
	}
	for i := range 3 {
		u, err := w.Create(scene.EntityDef{Kind: scene.Character, Pos: mathx.V3(2.5, 2.5+float64(i), 0), Radius: 0.25, Health: 1, Look: id})
		if err != nil {
			return nil, err
		}
		g.units = append(g.units, u)
	}
	return g, nil
}

// send walks every unit to goal, side by side.
func (g *game) send(goal mathx.Vec2) {
	g.goal = goal
	for i, u := range g.units {
		g.w.Nav().MoveTo(u, goal.Add(mathx.V2(0, 0.6*float64(i-1))), 2)
	}
}

func (g *game) Update(in *platform.Input) error {
	tap, at := in.MousePressed(platform.MouseLeft), mathx.V2(in.Mouse().X, in.Mouse().Y)
	for _, t := range in.Touches() {
		if t.Pressed {
			tap, at = true, mathx.V2(t.X, t.Y)
		}
	}
	if tap { // screen → map pixels → the floor under them
		g.send(g.w.Grid.ToWorld(g.cam.ScreenToMap(at), 0).XY())
	}
	if t := g.w.Tick(); t > 0 && t%toggle == 0 {
		open := g.w.Solid(g.door)
		g.w.SetSolid(g.door, !open)
		g.w.Looks().SetOpacity(g.door, map[bool]uint8{true: 70, false: 255}[open])
	}
	g.w.Step()
	g.failed += len(g.w.Events.MoveFailures())
	return nil
}

func (g *game) Draw(f *raster.Frame, alpha float64) {
	g.dl.Reset()
	g.dl.Clear(color.RGBA{28, 30, 40, 255})
	d, _ := g.w.Render(g.dl, g.pt, alpha)
	if g.goal != (mathx.Vec2{}) {
		g.dl.StrokeCircleAA(d, g.cam.MapToScreen(g.w.Grid.ToScreen(mathx.V3(g.goal.X, g.goal.Y, 0))), 6, 2, color.RGBA{255, 255, 255, 255})
	}
	state := map[bool]string{true: "shut", false: "open"}[g.w.Solid(g.door)]
	g.dl.Text(d+1, raster.DefaultFont(), fmt.Sprintf("click to move - door %s - %d failed moves", state, g.failed), 8, 8, color.RGBA{255, 255, 255, 255})
	g.dl.Draw(f)
}

func main() {
	g, err := newGame()
	if err == nil {
		err = auto.Run(g, platform.Config{Title: "Diorama doors", Width: W, Height: H}, auto.Options{Name: "doors"})
	}
	if err != nil && !platform.IsQuit(err) {
		log.Fatal(err)
	}
}
