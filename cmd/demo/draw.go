package main

import (
	"image"
	"image/color"
	"math"
	"strconv"
	"time"

	"diorama/atlas"
	"diorama/iso/overlay"
	"diorama/platform"
	"diorama/raster"
	"diorama/scene"
)

// clearColor is the colour behind the map (and the ground cache's
// background).
var clearColor = color.RGBA{18, 22, 30, 255}

// Draw implements platform.Game.
func (g *game) Draw(f *raster.Frame, alpha float64) {
	start := time.Now()
	g.drawnScr, g.drawnSel = g.scr, g.sel
	g.list.Reset()
	g.top.Reset()
	f.Clear(clearColor)
	// The top list holds the HUD and the menus over the world, each drawn
	// above the last (every drawer returns the depth after its own).
	var d int64
	if g.L != nil && g.scr != screenSelect {
		if g.scr == screenPause {
			alpha = 0
		}
		g.drawWorld(alpha)
		d = g.drawHUD(d)
	}
	switch g.scr {
	case screenSelect:
		g.drawSelect(d)
	case screenPause:
		g.drawMenu(d)
	}
	g.rd.Render(f, g.list)
	g.rd.Render(f, g.top)
	if g.scr == screenPlay && g.touchUI {
		platform.DrawStick(f, g.left.Geometry(), platform.DefaultStickStyle)
		platform.DrawStick(f, g.right.Geometry(), platform.DefaultStickStyle)
	}
	took := time.Since(start) + g.sim
	g.sim = 0
	g.drawn++
	if g.L != nil && g.scr == screenPlay && len(g.L.enemies) >= 3 {
		g.times.Add(took, 0)
	}
}

func rgba(r, g, b, a uint8) color.RGBA { return raster.Premul(color.NRGBA{r, g, b, a}) }

// drawWorld has scene draw the level, the camera on the player where it
// is drawn (interpolated), with the F1 overlay over it.
func (g *game) drawWorld(alpha float64) {
	w := g.L.w
	if w.Alive(g.L.player) {
		g.cam.Center = w.Grid.ToScreen(w.Looks().DrawPos(g.L.player, alpha))
		g.cam.Clamp()
	}
	depth, err := w.Render(g.list, g.pt, alpha)
	if err == nil && g.debug {
		g.drawDebug(depth)
	}
}

// drawDebug is the F1 overlay: the world's (navmesh, colliders, paths),
// then brain states, formation slots and the cover analysis.
func (g *game) drawDebug(depth int64) {
	L := g.L
	w := L.w
	ov := g.ov
	ov.Begin(g.list, depth)
	g.dbg.Draw(w, ov) // navmesh, colliders, paths
	for _, e := range L.enemies {
		if w.Alive(e.e) {
			ov.Label(e.pos(), e.label(), color.NRGBA{255, 255, 200, 255})
		}
	}
	for _, sq := range L.squads {
		if len(sq.members) > 0 {
			for _, m := range sq.members {
				ov.Point(sq.f.Target(sq.f.Index(m.id)), overlay.MarkerNone, 3, color.NRGBA{120, 220, 255, 255})
			}
		}
	}
	if a := L.analyzer; a != nil && len(a.Final.V) > 0 {
		s := overlay.Scalar{W: a.Final.W, H: a.Final.H, Cell: a.Final.Cell, Origin: a.Final.Origin, V: a.Final.V}
		lo, hi := a.Final.MinMax()
		if hi > lo {
			_, err := ov.Scalar(s, overlay.Heat(lo, hi))
			L.check(err)
		}
	}
	for _, e := range L.enemies {
		if e.tree != nil && w.Alive(e.e) {
			ov.Text(10, 120, "F1: "+e.spec().name+" behaviour tree", color.NRGBA{255, 255, 255, 255})
			ov.Text(10, 136, e.tree.Dump(), color.NRGBA{220, 220, 220, 255})
			break
		}
	}
}

// appendPadded appends v right-aligned in width characters.
func appendPadded(b []byte, v, width int) []byte {
	var d [20]byte
	s := strconv.AppendInt(d[:0], int64(v), 10)
	for range width - len(s) {
		b = append(b, ' ')
	}
	return append(b, s...)
}

// drawHUD draws the play screen's readouts from depth d up and returns
// the depth above them.
func (g *game) drawHUD(d int64) int64 {
	L := g.L
	w := L.w
	white := rgba(240, 240, 240, 255)
	g.hud.hp.Value = float64(max(w.Health(L.player), 0)) / 100
	if !w.Alive(L.player) {
		g.hud.hp.Value = 0
	}
	weapon := "CANNON"
	ammo := L.pl.ammo
	if L.pl.weapon == weaponRockets {
		weapon, ammo = "ROCKETS", L.pl.rockets
	}
	alive := 0
	for _, o := range w.Overlords {
		alive += o.Alive()
	}
	// The readouts are ui labels showing reused byte buffers: no
	// allocation per frame.
	h := &g.hud
	h.weapon.Bytes = appendPadded(append(append(h.weapon.Bytes[:0], weapon...), ' '), ammo, 3)
	b := append(h.wave.Bytes[:0], "WAVE "...)
	b = strconv.AppendInt(b, int64(L.wave), 10)
	b = append(b, '/')
	b = strconv.AppendInt(b, int64(len(w.Overlords)), 10)
	b = append(b, "  ENEMIES "...)
	h.wave.Bytes = strconv.AppendInt(b, int64(alive), 10)
	h.score.Bytes = strconv.AppendInt(append(h.score.Bytes[:0], "SCORE "...), int64(L.score), 10)
	b = append(h.fps.Bytes[:0], "FPS "...)
	if g.fps > 0 {
		b = strconv.AppendInt(b, int64(math.Round(g.fps)), 10)
	} else {
		b = append(b, "--"...)
	}
	h.fps.Bytes = b
	// The message (reused bytes too).
	b = g.tbuf[:0]
	switch {
	case L.lost:
		b = append(b, "DESTROYED - press Enter / A / tap to retry"...)
	case L.won:
		b = strconv.AppendInt(append(b, "LEVEL CLEAR  score "...), int64(L.score), 10)
		b = append(b, " - press Enter / A / tap"...)
	case g.attract:
		b = append(b, "DEMO  -  press any key or tap to play"...)
	case L.wave == 0 && w.Tick() < 240 && g.scr == screenPlay:
		b = append(b, g.levels[g.cur].Title...)
	}
	g.tbuf = b
	warn := ""
	if g.reloadErr != "" {
		warn = "reload failed, still playing the last good level: " + g.reloadErr
	}
	d = h.draw(g.top, d, true, b, warn)
	// pause button
	g.top.FillRect(d, pauseButton, rgba(40, 44, 56, 220))
	g.top.FillRect(d+1, image.Rect(pauseButton.Min.X+11, 14, pauseButton.Min.X+16, 34), white)
	g.top.FillRect(d+1, image.Rect(pauseButton.Min.X+21, 14, pauseButton.Min.X+26, 34), white)
	return d + 2
}

// paradeSprites are the hulls and turrets of the level select's row of
// tanks, every look at several headings.
func paradeSprites(sheet *scene.AtlasLooks) ([]*raster.Sprite, error) {
	var out []*raster.Sprite
	names := atlas.Directions(facings, 0).Names
	for k := range 12 {
		for _, n := range [...]string{"tank_" + tankNames[k%numLooks] + "_" + names[(k*5)%facings], "turret_" + tankNames[k%numLooks] + "_" + names[(k*3)%facings]} {
			s, err := sheet.Sprite(n)
			if err != nil {
				return nil, err
			}
			out = append(out, s)
		}
	}
	return out, nil
}

// drawMenu draws the open menu (level select or pause) and the controls
// hint from depth d up, and returns the depth above them.
func (g *game) drawMenu(d int64) int64 {
	g.syncMenu()
	d = g.gui.Draw(g.top, d)
	hint := "keys: arrows/WASD + Enter   pad: d-pad + A   mouse/touch: click a row"
	hw, _ := g.font.Measure(hint)
	g.top.Text(d, g.font, hint, frameW/2-hw/2, frameH-28, rgba(160, 170, 190, 255))
	return d + 1
}

func (g *game) drawSelect(d int64) {
	// a parade of tanks under the menu, clear of the hint line
	g.top.FillRect(d, image.Rect(0, 0, frameW, frameH), rgba(24, 30, 40, 255))
	for k := 0; k+1 < len(g.parade); k += 2 {
		g.top.Sprite(d+1, g.parade[k], 40+k/2*62, 376, nil)
		g.top.Sprite(d+2, g.parade[k+1], 40+k/2*62, 374, nil)
	}
	d = g.drawMenu(d + 3)
	if g.errMsg != "" {
		g.hud.draw(g.top, d, false, nil, "error: "+g.errMsg)
	}
}
