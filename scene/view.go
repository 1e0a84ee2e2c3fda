package scene

import (
	"fmt"
	"image/color"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// View draws a World through a camera into the game's frame: what most
// games' Draw is. Embed a *View in a game type and the game gets Draw for
// free (a platform.Game then only writes Update):
//
//	type game struct {
//		*scene.View
//		// game state
//	}
//
// Each frame it clears to Background, follows Target (at its drawn,
// interpolated position), renders the world and writes the HUD lines.
type View struct {
	World *World
	// Cam is the camera; its Center is set from Target when Target is set.
	Cam *iso.Camera
	// Background is the colour behind the map.
	Background color.RGBA
	// Target, when not nil and alive, is kept in the middle of the view.
	Target Entity
	// HUD lines drawn over the world with the built-in font, from the
	// top, each placed by HUDAlign (left by default; set them in Update;
	// HUDColor is their colour).
	HUD      []string
	HUDColor color.RGBA
	HUDAlign Align
	// Banner lines are drawn centred in the frame, over everything: a
	// title, "game over", "press R". BannerColor is their colour (zero:
	// HUDColor).
	Banner      []string
	BannerColor color.RGBA

	pt   *iso.Painter
	dl   *raster.DrawList
	font *raster.Font
}

// TPS returns the world's tick rate, so that a game embedding a View is a
// platform.Ticker: the platform then runs it at the rate its world was
// built for, with no second place to set it.
func (v *View) TPS() int { return v.World.TPS() }

// NewView returns a view of w for a width×height frame, centred on the
// middle of the map.
func NewView(w *World, width, height int) *View {
	v := &View{World: w, Cam: iso.NewCamera(width, height), Background: color.RGBA{24, 26, 36, 255},
		HUDColor: color.RGBA{255, 255, 255, 255}, dl: raster.NewDrawList(), font: raster.DefaultFont()}
	b := w.Grid.Bounds()
	v.Cam.Center = mathx.V2(float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2)
	v.pt = iso.NewPainter(w.Grid, v.Cam)
	return v
}

// LookAt centres the camera on world point p.
func (v *View) LookAt(p mathx.Vec3) { v.Cam.Center = v.World.Grid.ToScreen(p) }

// ScreenToWorld returns the floor point (z = 0) under frame pixel (x, y).
func (v *View) ScreenToWorld(x, y float64) mathx.Vec3 {
	return v.World.Grid.ToWorld(v.Cam.ScreenToMap(mathx.V2(x, y)), 0)
}

// WorldToScreen returns the frame pixel world point p is drawn at with
// the camera where it is now: where to click on an entity in a scripted
// run while the camera moves (headless.Options.Input computes the click
// each tick; see ScreenToWorld for the other way).
func (v *View) WorldToScreen(p mathx.Vec3) mathx.Vec2 {
	return v.Cam.MapToScreen(v.World.Grid.ToScreen(p))
}

// ScreenDir turns a direction on the screen (x right, y down, such as
// WASD or a stick) into the world direction that is drawn that way, of
// the same length (zero stays zero).
func (v *View) ScreenDir(x, y float64) mathx.Vec2 {
	return v.World.Grid.WorldDir(mathx.V2(x, y))
}

// Draw implements platform.Game's Draw: background, world, HUD.
func (v *View) Draw(f *raster.Frame, alpha float64) {
	if v.World.Alive(v.Target) {
		p := v.World.Looks().DrawPos(v.Target, alpha)
		v.Cam.Center = v.World.Grid.ToScreen(p)
	}
	v.dl.Reset()
	v.dl.Clear(v.Background)
	d, _ := v.World.Render(v.dl, v.pt, alpha) // a painter with a grid and camera: never fails
	lh := v.font.LineHeight() + 2
	for i, s := range v.HUD {
		v.dl.Text(d, v.font, s, v.alignX(s, v.HUDAlign), 8+i*lh, v.HUDColor)
	}
	bc := v.BannerColor
	if bc == (color.RGBA{}) {
		bc = v.HUDColor
	}
	top := (v.Cam.ViewH - len(v.Banner)*lh) / 2
	for i, s := range v.Banner {
		v.dl.Text(d, v.font, s, v.alignX(s, AlignCenter), top+i*lh, bc)
	}
	v.dl.Draw(f)
}

// Align places a line of text across the frame (View.HUDAlign).
type Align uint8

// The alignments of View's text.
const (
	AlignLeft   Align = iota // 8 pixels from the left edge
	AlignCenter              // centred
	AlignRight               // 8 pixels from the right edge
)

// alignX is the left edge of line s placed by a.
func (v *View) alignX(s string, a Align) int {
	if a == AlignLeft {
		return 8
	}
	w, _ := v.font.Measure(s)
	if a == AlignCenter {
		return (v.Cam.ViewW - w) / 2
	}
	return v.Cam.ViewW - 8 - w
}

// Placeholder registers a PlaceholderLook of colour c for this
// world's projection and returns its id: a prototype's character with no
// art.
func (l Looks) Placeholder(c color.NRGBA, radius, height float64) (LookID, error) {
	w := l.w
	pl, err := PlaceholderLook(w.Grid.Proj, c, radius, height)
	if err != nil {
		return NoLook, err
	}
	return w.addLook(pl)
}

// Set changes the look an entity is drawn with.
func (l Looks) Set(e Entity, id LookID) {
	w := l.w
	i, ok := w.slotOf(e)
	if !ok {
		return
	}
	if id < 0 || int(id) > len(w.looks) {
		panic(fmt.Sprintf("scene: Looks.Set: look %d not registered", id))
	}
	w.look[i] = id
	w.dir[i] = -1
	w.player[i] = atlasPlayerZero
	w.updateAnim(i)
}
