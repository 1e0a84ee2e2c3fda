package main

import (
	"image"
	"time"

	"diorama/ui"

	"diorama/iso"
	"diorama/iso/overlay"
	"diorama/loop"
	"diorama/mathx"
	"diorama/platform"
	"diorama/raster"
	"diorama/scene"
)

const frameW, frameH = 800, 480

type screen int

const (
	screenSelect screen = iota
	screenPlay
	screenPause
)

// TPS is the demo's tick rate (platform.Ticker): the one the levels are
// built with, so the platform's clock and the worlds' dt agree.
func (g *game) TPS() int { return tps }

// StateHash implements platform.StateHasher for replays: the world's
// state hash mixed with the screen, the level and the score.
func (g *game) StateHash() uint64 {
	h := uint64(g.scr)<<56 ^ uint64(g.cur)<<48 ^ uint64(g.sel)<<40 ^ g.starts
	if g.L != nil {
		h ^= g.L.w.StateHash() ^ uint64(g.L.score)*0x9e3779b97f4a7c15
	}
	return h
}

// game is the demo as a platform.Game: level select, play, pause menu.
type game struct {
	snd    *demoSound        // the mixer and the sounds (sound.go)
	sheet  *scene.AtlasLooks // the game's sprites (looks.go)
	parade []*raster.Sprite  // the level select's tanks
	levels []levelInfo
	errMsg string // a level that failed to load, shown on the select screen
	err    error  // the art, the sounds or the brains failed to load: the game cannot start
	// reloadErr is a broken save of the level being played, shown over
	// it until a good save; reloadTick paces the checks for saves.
	reloadErr  string
	reloadTick uint64
	// sawInput: the last tick had input; drawnScr and drawnSel: the screen
	// and menu row of the last frame drawn (for Idle).
	sawInput bool
	drawnScr screen
	drawnSel int
	seed     uint64
	// starts counts the levels started: each new start plays with the
	// next seed, so a retry (or attract mode's next attempt) is a new
	// game, not a replay of the one just lost.
	starts uint64
	auto   bool // the AI player drives
	// attract: the level select sat idle for attractTicks, so the AI
	// plays (on every platform) until the next key, click, tap or button
	attract bool
	idle    int

	scr screen
	sel int // selected menu row
	// gui holds the level select and pause menus (ui.Menu, made when
	// first shown); menu is the open one.
	gui                         *ui.UI
	menu, selectMenu, pauseMenu *ui.Panel
	// hud holds the play screen's readouts: a ui panel at the top.
	hud   hudPanel
	cur   int // level index being played
	L     *level
	cam   *iso.Camera
	pt    *iso.Painter
	ov    *overlay.Overlay
	dbg   scene.DebugView
	debug bool
	quit  bool
	ap    autopilot

	left, right platform.Thumbstick
	fps         float64
	touchUI     bool

	// list holds the world (scene renders it) and top the HUD and menus
	// drawn over it.
	list, top *raster.DrawList
	rd        *raster.Renderer
	font      *raster.Font
	times     loop.FrameStats // drawn frames while a wave is busy (3+ enemies): the ticks since the last frame + drawing
	drawn     int             // every drawn frame
	sim       time.Duration   // Update time since the last drawn frame
	tbuf      []byte          // the HUD's banner bytes, reused
}

func newGame(seed uint64, workers int, auto bool) *game {
	g := &game{levels: shippedLevels(), seed: seed, auto: auto,
		list: raster.NewDrawList(), top: raster.NewDrawList(), rd: raster.NewRenderer(workers), font: raster.DefaultFont(), gui: ui.New(frameW, frameH, ui.DefaultTheme()), hud: newHUD(),
		tbuf:  make([]byte, 0, 128),
		times: loop.NewFrameStats(frameWindow)}
	g.left, g.right = platform.TwinSticks(frameW, frameH, 60)
	if g.sheet, g.err = loadSheet(); g.err == nil {
		g.parade, g.err = paradeSprites(g.sheet)
	}
	var serr error
	if g.snd, serr = newDemoSound(); g.err == nil {
		g.err = serr
	}
	return g
}

// start loads level i (of g.levels); a failure goes back to the select
// screen with the error shown.
func (g *game) start(i int) error {
	L, err := loadLevel(g.levels[i], g.seed+g.starts, g.sheet)
	if err != nil {
		g.errMsg = err.Error()
		g.scr = screenSelect
		return err
	}
	g.cur, g.scr = i, screenPlay
	g.starts++
	g.cam = iso.NewCamera(frameW, frameH)
	g.play(L)
	return nil
}

// play shows level L: the camera on the player, a fresh autopilot.
func (g *game) play(L *level) {
	g.L = L
	g.cam.Limits = L.w.Grid.Bounds()
	g.pt = iso.NewPainter(L.w.Grid, g.cam)
	g.ov = overlay.New(L.w.Grid, g.cam)
	g.cam.Center = L.w.Grid.ToScreen(L.w.Pos(L.player))
	g.cam.Clamp()
	g.ap = autopilot{}
	g.listen(L)
}

// pick acts on menu row i.
func (g *game) pick(i int) {
	switch g.scr {
	case screenSelect:
		if i >= len(g.levels) {
			g.quit = true
			return
		}
		if g.start(i) != nil {
			return // start shows the error on the select screen
		}
	case screenPause:
		switch i {
		case 0:
			g.scr = screenPlay
		case 1:
			if g.start(g.cur) != nil {
				return // start shows the error on the select screen
			}
		case 2:
			g.scr, g.sel, g.L = screenSelect, 0, nil
		case 3:
			g.quit = true
		}
	}
}

// Update implements platform.Game.
func (g *game) Update(in *platform.Input) error {
	start := time.Now()
	defer func() { g.sim += time.Since(start) }()
	if c := in.Clock(); c != nil { // real frames, or simulated ones headless
		g.fps = c.Stats().FPS
	}
	if in.KeyPressed(platform.KeyF1) {
		g.debug = !g.debug
	}
	g.sawInput = len(in.Events()) > 0 || in.Gamepad(0).Left != (mathx.Vec2{}) || in.Gamepad(0).Right != (mathx.Vec2{})
	g.hotReload()
	pad := in.Gamepad(0)
	if g.attract && in.AnyPressed() {
		g.attract, g.auto, g.idle = false, false, 0
		g.scr, g.sel, g.L = screenSelect, 0, nil
		return nil
	}
	switch g.scr {
	case screenSelect, screenPause:
		g.menuInput(in, pad)
	case screenPlay:
		g.playInput(in, pad)
	}
	g.syncSound()
	if g.quit {
		return platform.ErrQuit
	}
	if g.L != nil && g.L.err != nil {
		return g.L.err // an effect or pickup the world refused: a bug, stop
	}
	return nil
}

// attractTicks is how long the level select waits, untouched, before the
// AI plays.
const attractTicks = 8 * tps

func (g *game) menuInput(in *platform.Input, pad platform.Gamepad) {
	if g.scr == screenSelect && !g.auto {
		if g.idle++; in.AnyPressed() {
			g.idle = 0
		}
		if g.idle > attractTicks && len(g.levels) > 0 {
			g.attract, g.auto, g.idle = true, true, 0
			if g.start(0) != nil {
				g.attract, g.auto = false, false
			}
			return
		}
	}
	if g.auto && g.scr == screenSelect && g.L == nil {
		g.ap.menuWait++
		if g.ap.menuWait > 30 {
			g.pick(0)
		}
		return
	}
	if g.scr == screenPause && pad.Pressed(platform.PadStart) {
		g.scr = screenPlay
		return
	}
	// The menu itself is a ui.Menu: keys, gamepad, mouse and touch all
	// move the one focus and activate the focused row.
	g.syncMenu()
	switch ev := g.gui.Update(in); ev.Kind {
	case ui.Focused:
		g.sel = ev.ID
	case ui.Activated:
		g.sel = ev.ID
		g.pick(ev.ID)
	case ui.Cancelled:
		if g.scr == screenPause {
			g.scr = screenPlay
		}
	}
}

// syncMenu keeps the open menu matching the screen: the level select or
// the pause menu, focus on the selected row; none while playing.
func (g *game) syncMenu() {
	var want *ui.Panel
	switch g.scr {
	case screenSelect:
		if g.selectMenu == nil {
			rows := []string{}
			for _, l := range g.levels {
				rows = append(rows, l.Title)
			}
			g.selectMenu = centredMenu("DIORAMA  TANKS - choose a level", append(rows, "Quit")...)
		}
		want = g.selectMenu
	case screenPause:
		if g.pauseMenu == nil {
			g.pauseMenu = centredMenu("PAUSED", "Resume", "Restart", "Level select", "Quit")
			g.pauseMenu.Modal = true // it shades the frozen level
		}
		want = g.pauseMenu
	}
	if want == g.menu {
		return
	}
	if g.menu != nil {
		g.gui.Close(g.menu)
	}
	if g.menu = want; want != nil {
		g.gui.Open(want)
		btns := want.Root.Children()
		g.sel = min(g.sel, len(btns)-1)
		g.gui.SetFocus(btns[g.sel])
	}
}

// centredMenu is a ui.Menu of rows 300 pixels wide in the middle of the
// screen.
func centredMenu(title string, rows ...string) *ui.Panel {
	m := ui.Menu(title, rows...)
	for _, b := range m.Root.Children() {
		b.MinW = 300
	}
	m.Anchor = ui.Center
	return m
}

// pauseButton is the touch/mouse pause button, top right.
var pauseButton = image.Rect(frameW-44, 8, frameW-8, 40)

func (g *game) playInput(in *platform.Input, pad platform.Gamepad) {
	L := g.L
	if in.KeyPressed(platform.KeyEscape) || in.KeyPressed(platform.KeyP) || pad.Pressed(platform.PadStart) {
		g.scr, g.sel = screenPause, 0
		return
	}
	for _, t := range in.Touches() {
		g.touchUI = true
		if t.Released && image.Pt(int(t.X), int(t.Y)).In(pauseButton) {
			g.scr, g.sel = screenPause, 0
			return
		}
	}
	if (L.lost || L.won) && L.w.Tick() > L.endTick+90 {
		if in.KeyPressed(platform.KeyEnter) || in.KeyPressed(platform.KeyR) || pad.Pressed(platform.PadA) ||
			in.MousePressed(platform.MouseLeft) || len(in.Touches()) > 0 || g.auto {
			next := g.cur
			if L.won {
				next = (g.cur + 1) % len(g.levels)
			}
			if g.start(next) != nil {
				return // start shows the error on the select screen
			}
			return
		}
	}
	var c control
	if g.auto {
		c = g.ap.control(L)
	} else {
		c = g.humanControl(in, pad)
	}
	L.update(c)
}

func (g *game) humanControl(in *platform.Input, pad platform.Gamepad) control {
	st := platform.ReadSticks(in, &g.left, &g.right) // keys, gamepad, touch
	c := control{fire: st.Fire}
	aim := st.Aim
	// mouse aims at the point under the pointer; the left button fires
	m := in.Mouse()
	if !g.touchUI && !g.right.Active() && aim.Len() == 0 && m.Inside {
		mp := g.cam.ScreenToMap(mathx.V2(m.X, m.Y))
		target := g.L.w.Grid.ToWorld(mp, 0.3)
		d := target.XY().Sub(g.L.w.Pos(g.L.player).XY())
		if d.Len() > 0.1 {
			c.aim = d.Unit().Scale(0.4) // aims without firing
			if in.MouseDown(platform.MouseLeft) {
				c.aim, c.fire = d.Unit(), true
			}
		}
	} else if aim.Len() > 0 {
		c.aim = g.L.w.Grid.WorldDir(aim).Unit()
	}
	if in.KeyPressed(platform.KeyQ) || in.KeyPressed(platform.KeyTab) || in.MousePressed(platform.MouseRight) ||
		pad.Pressed(platform.PadY) || pad.Pressed(platform.PadRightBumper) {
		c.swap = true
	}
	if in.KeyPressed(platform.KeyE) || pad.Pressed(platform.PadX) {
		c.build = true
	}
	c.move = g.L.w.Grid.WorldDir(st.Move).ClampLen(1)
	return c
}

// Idle implements platform.Idler: on the level select and the pause
// menu, a tick without input changes nothing on screen, so the desktop
// backend keeps the last frame and sleeps instead of drawing it again.
func (g *game) Idle() bool {
	menu := g.scr == screenSelect && !g.auto || g.scr == screenPause
	return menu && !g.sawInput && g.drawnScr == g.scr && g.drawnSel == g.sel
}

// hotReload, once a second while a level from a file is played, reloads
// it when one of its files (map, tilesets, templates, images, level
// description) was saved: the level restarts from the new files. A
// broken save keeps the level running and shows the error until a good
// save follows. Embedded levels never change.
func (g *game) hotReload() {
	g.reloadTick++
	if g.L == nil || g.L.watch == nil || g.reloadTick%tps != 0 || g.scr != screenPlay && g.scr != screenPause {
		return
	}
	if !g.L.watch.Changed() {
		return
	}
	L, err := loadLevel(g.levels[g.cur], g.seed+g.starts-1, g.sheet)
	if err != nil {
		g.reloadErr = err.Error()
		return
	}
	L.watch = g.L.watch
	g.reloadErr = ""
	center := g.cam.Center
	g.play(L)
	g.cam.Center = center // the camera stays where it was
}

// hudPanel is the play screen's readouts (a row of ui widgets along the
// top, left of the pause button) and its notices: a message low on the
// screen and an error at the top, in red. Each notice's panel is hidden
// while it has nothing to say.
type hudPanel struct {
	ui                       *ui.UI
	readouts, note, warn     *ui.Panel
	hp                       *ui.Widget
	weapon, wave, score, fps *ui.Widget
}

func newHUD() hudPanel {
	th, plain, red := ui.DefaultTheme(), ui.DefaultTheme(), ui.DefaultTheme()
	th.PanelPad, th.Margin, th.Gap = 4, 1, 18
	red.Panel, red.Border, red.Text = rgba(120, 30, 30, 230), rgba(220, 120, 120, 255), rgba(255, 230, 230, 255)
	h := hudPanel{ui: ui.New(frameW, frameH, th), hp: ui.Bar(102, 12),
		weapon: ui.Label(""), wave: ui.Label(""), score: ui.Label(""), fps: ui.Label("")}
	for _, w := range []*ui.Widget{h.weapon, h.wave, h.score, h.fps} {
		w.Bytes = make([]byte, 0, 32)
	}
	hp := ui.Row(ui.Label("HP"), h.hp)
	hp.Children()[0].MinW = 0
	h.readouts = &ui.Panel{Root: ui.Row(hp, h.weapon, h.wave, h.score, h.fps), Anchor: ui.TopLeft, Offset: image.Pt(2, 2)}
	h.note = &ui.Panel{Root: ui.Label(""), Anchor: ui.Bottom, Offset: image.Pt(0, -64), Theme: &plain}
	h.warn = &ui.Panel{Root: ui.Label(""), Anchor: ui.Top, Offset: image.Pt(0, 40), Theme: &red}
	h.note.Root.MaxW, h.warn.Root.MaxW = frameW-48, frameW-48 // the notices wrap
	h.ui.Open(h.readouts)
	h.ui.Open(h.note)
	h.ui.Open(h.warn)
	return h
}

// draw draws the HUD from depth up (the readouts when shown, the message
// in msg, a reused buffer, and the error warn) and returns the depth
// above it.
func (h *hudPanel) draw(l *raster.DrawList, depth int64, readouts bool, msg []byte, warn string) int64 {
	h.readouts.Hidden, h.note.Hidden, h.warn.Hidden = !readouts, len(msg) == 0, warn == ""
	h.note.Root.Bytes, h.warn.Root.Text = msg, warn
	return h.ui.Draw(l, depth)
}
