package main

import (
	"diorama/ui"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
	"time"

	"diorama/iso"
	"diorama/iso/overlay"
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

// game is the demo as a platform.Game: level select, play, pause menu.
type game struct {
	art    *art
	levels []levelInfo
	errMsg string // a level that failed to load, shown on the select screen
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
	auto     bool // the AI player drives
	// attract: the level select sat idle for attractTicks, so the AI
	// plays (on every platform) until the next key, click, tap or button
	attract bool
	idle    int

	scr screen
	sel int // selected menu row
	// gui holds the level select and pause menus (ui.Menu); menu is the
	// open one, made for screen menuFor with menuRows rows.
	gui      *ui.UI
	menu     *ui.Panel
	menuFor  screen
	menuRows int
	menuBtns []*ui.Widget
	// hud holds the play screen's readouts: a ui panel at the top.
	hud   hudPanel
	cur   int // level index being played
	L     *level
	cam   *iso.Camera
	pt    *iso.Painter
	ov    *overlay.Overlay
	debug bool
	quit  bool
	ap    autopilot

	left, right platform.Thumbstick
	ctrl        control
	fps         float64
	mouse       mathx.Vec2
	touchUI     bool

	list  *raster.DrawList
	rd    *raster.Renderer
	font  *raster.Font
	times frameTimes    // drawn frames while a wave is busy (3+ enemies): the ticks since the last frame + drawing
	drawn int           // every drawn frame
	sim   time.Duration // Update time since the last drawn frame
	// simulated frame rate: frames drawn per simulated second (ticks),
	// for runs whose clock does not see real frames (headless)
	fpsTicks, fpsFrames int
	polys               [][]mathx.Vec2
	// per-frame scratch reused from frame to frame, so drawing a frame
	// allocates nothing in steady state: the parts of the objects handed
	// to the painter, and the bytes of the HUD's numbers
	pool []iso.Part
	tbuf []byte
}

// parts1 and parts2 return the object parts a, b backed by the frame's
// part pool (valid until the next Draw).
func (g *game) parts1(a iso.Part) []iso.Part {
	g.pool = append(g.pool, a)
	n := len(g.pool)
	return g.pool[n-1 : n : n]
}

func (g *game) parts2(a, b iso.Part) []iso.Part {
	g.pool = append(g.pool, a, b)
	n := len(g.pool)
	return g.pool[n-2 : n : n]
}

func newGame(seed uint64, workers int, auto bool) *game {
	g := &game{art: newArt(), levels: shippedLevels(), seed: seed, auto: auto,
		list: raster.NewDrawList(), rd: raster.NewRenderer(workers), font: raster.DefaultFont(), gui: ui.New(frameW, frameH, ui.DefaultTheme()), hud: newHUD(),
		pool: make([]iso.Part, 0, 1024), tbuf: make([]byte, 0, 128),
		times: newFrameTimes()}
	g.left, g.right = platform.TwinSticks(frameW, frameH, 60)
	// Render every printable ASCII glyph now (the font makes them on first
	// use), so a new digit on the HUD never costs a frame mid-wave.
	var ascii [95]byte
	for i := range ascii {
		ascii[i] = byte(' ' + i)
	}
	g.font.Measure(string(ascii[:]))
	return g
}

// start loads level i (of g.levels); a failure goes back to the select
// screen with the error shown.
func (g *game) start(i int) error {
	L, err := loadLevel(g.levels[i], g.seed, g)
	if err != nil {
		g.errMsg = err.Error()
		g.scr = screenSelect
		return err
	}
	g.cur, g.L, g.scr = i, L, screenPlay
	g.cam = iso.NewCamera(frameW, frameH)
	g.cam.Limits = L.grid.Bounds()
	g.cam.Smooth = 0.15
	g.pt = iso.NewPainter(L.grid, g.cam)
	g.ov = overlay.New(L.grid, g.cam)
	g.cam.Center = L.grid.ToScreen(L.w.Pos(L.player))
	g.cam.Clamp()
	g.ap = autopilot{}
	g.ap.helper.presize()
	return nil
}

// menu rows of each screen.
func (g *game) rows() []string {
	switch g.scr {
	case screenSelect:
		r := make([]string, 0, len(g.levels)+1)
		for _, l := range g.levels {
			r = append(r, l.Title)
		}
		return append(r, "Quit")
	case screenPause:
		return []string{"Resume", "Restart", "Level select", "Quit"}
	}
	return nil
}

// pick acts on menu row i.
func (g *game) pick(i int) {
	switch g.scr {
	case screenSelect:
		if i >= len(g.levels) {
			g.quit = true
			return
		}
		_ = g.start(i)
	case screenPause:
		switch i {
		case 0:
			g.scr = screenPlay
		case 1:
			_ = g.start(g.cur)
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
	g.fpsTicks++
	if c := in.Clock(); c != nil && c.Stats().Frames > 0 {
		g.fps = c.Stats().FPS
	} else if g.fpsTicks >= tps && g.fpsFrames > 0 {
		// no real frames through the clock (headless): frames drawn per
		// simulated second
		g.fps = float64(g.fpsFrames) * tps / float64(g.fpsTicks)
		g.fpsTicks, g.fpsFrames = 0, 0
	}
	if in.KeyPressed(platform.KeyF1) {
		g.debug = !g.debug
	}
	g.sawInput = len(in.Events()) > 0 || in.Gamepad(0).Left != (mathx.Vec2{}) || in.Gamepad(0).Right != (mathx.Vec2{})
	g.hotReload()
	pad := in.Gamepad(0)
	m := in.Mouse()
	g.mouse = mathx.V2(m.X, m.Y)
	if g.attract && humanInput(in, pad) {
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
	if g.quit {
		return platform.ErrQuit
	}
	return nil
}

// attractTicks is how long the level select waits, untouched, before the
// AI plays.
const attractTicks = 8 * tps

// humanInput reports a key, mouse button, touch or gamepad button going
// down this tick.
func humanInput(in *platform.Input, pad platform.Gamepad) bool {
	for _, ev := range in.Events() {
		switch ev.Kind {
		case platform.KeyDown, platform.MouseDown, platform.TouchDown:
			return true
		}
	}
	return pad.Pressed(platform.PadA) || pad.Pressed(platform.PadB) || pad.Pressed(platform.PadStart)
}

func (g *game) menuInput(in *platform.Input, pad platform.Gamepad) {
	rows := g.rows()
	if g.scr == screenSelect && !g.auto {
		if g.idle++; humanInput(in, pad) {
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
	g.syncMenu(rows)
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

// syncMenu keeps the open ui.Menu matching the screen: the level select
// or the pause menu with their rows, focus on the selected row; none
// while playing.
func (g *game) syncMenu(rows []string) {
	want := g.scr == screenSelect || g.scr == screenPause
	if !want {
		if g.menu != nil {
			g.gui.Close(g.menu)
			g.menu = nil
		}
		return
	}
	if g.menu != nil && g.menuFor == g.scr && g.menuRows == len(rows) {
		return
	}
	if g.menu != nil {
		g.gui.Close(g.menu)
	}
	title := "DIORAMA  TANKS - choose a level"
	if g.scr == screenPause {
		title = "PAUSED"
	}
	g.menuBtns = g.menuBtns[:0]
	col := ui.Column()
	for i, r := range rows {
		b := ui.Button(i, r)
		b.MinW = 300
		g.menuBtns = append(g.menuBtns, b)
		col.Add(b)
	}
	g.menu = &ui.Panel{Title: title, Root: col, Anchor: ui.Center}
	g.menu.Modal = g.scr == screenPause // the pause menu shades the frozen level
	g.menuFor, g.menuRows = g.scr, len(rows)
	g.gui.Open(g.menu)
	g.sel = min(g.sel, len(rows)-1)
	if g.sel >= 0 && g.sel < len(g.menuBtns) {
		g.gui.SetFocus(g.menuBtns[g.sel])
	}
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
			_ = g.start(next)
			return
		}
	}
	var c control
	if g.auto {
		c = g.ap.control(L)
	} else {
		c = g.humanControl(in, pad)
	}
	g.ctrl = c
	L.update(c)
	if L.w.Alive(L.player) {
		g.cam.Follow(L.grid.ToScreen(L.w.Pos(L.player)))
	}
}

// screenToWorld turns a screen direction into a world direction (the
// inverse of the 2:1 projection, normalised).
func screenToWorld(v mathx.Vec2) mathx.Vec2 {
	w := mathx.V2(v.X/2+v.Y, -v.X/2+v.Y)
	if l := w.Len(); l > 1e-9 {
		return w.Scale(v.Len() / l)
	}
	return mathx.Vec2{}
}

func (g *game) humanControl(in *platform.Input, pad platform.Gamepad) control {
	var c control
	var mv mathx.Vec2
	if in.KeyDown(platform.KeyW) {
		mv.Y--
	}
	if in.KeyDown(platform.KeyS) {
		mv.Y++
	}
	if in.KeyDown(platform.KeyA) {
		mv.X--
	}
	if in.KeyDown(platform.KeyD) {
		mv.X++
	}
	if mv.Len() > 0 {
		mv = mv.Norm()
	}
	var aim mathx.Vec2
	for _, k := range [...]struct {
		k    platform.Key
		x, y float64
	}{{platform.KeyArrowUp, 0, -1}, {platform.KeyArrowDown, 0, 1}, {platform.KeyArrowLeft, -1, 0}, {platform.KeyArrowRight, 1, 0}} {
		if in.KeyDown(k.k) {
			aim = aim.Add(mathx.V2(k.x, k.y))
		}
	}
	if aim.Len() > 0 {
		aim = aim.Norm()
		c.fire = true
	}
	if pad.Connected {
		if pad.Left.Len() > 0.1 {
			mv = pad.Left
		}
		if pad.Right.Len() > 0.2 {
			aim = pad.Right.Norm()
			c.fire = true
		}
		if pad.Pressed(platform.PadY) || pad.Pressed(platform.PadRightBumper) {
			c.swap = true
		}
	}
	// touch thumbsticks
	g.left.Update(in)
	g.right.Update(in)
	if g.left.Active() {
		mv = g.left.Value()
	}
	if g.right.Active() {
		aim = g.right.Value()
		c.fire = aim.Len() > 0.3
		if aim.Len() > 0 {
			aim = aim.Norm()
		}
	}
	// mouse aims at the point under the pointer; the left button fires
	m := in.Mouse()
	if !g.touchUI && !g.right.Active() && aim.Len() == 0 && m.Inside {
		mp := g.cam.ScreenToMap(mathx.V2(m.X, m.Y))
		target := g.L.grid.ToWorld(mp, 0.3)
		d := xy(target).Sub(xy(g.L.w.Pos(g.L.player)))
		if d.Len() > 0.1 {
			c.aim = d.Norm().Scale(0.4) // aims without firing
			if in.MouseDown(platform.MouseLeft) {
				c.aim, c.fire = d.Norm(), true
			}
		}
	} else if aim.Len() > 0 {
		c.aim = screenToWorld(aim).Norm()
	}
	if in.KeyPressed(platform.KeyQ) || in.KeyPressed(platform.KeyTab) || in.MousePressed(platform.MouseRight) {
		c.swap = true
	}
	if in.KeyPressed(platform.KeyE) || pad.Pressed(platform.PadX) {
		c.build = true
	}
	c.move = screenToWorld(mv).ClampLen(1)
	return c
}

// Idle implements platform.Idler: on the level select and the pause
// menu, a tick without input changes nothing on screen, so the desktop
// backend keeps the last frame and sleeps instead of drawing it again.
func (g *game) Idle() bool {
	menu := g.scr == screenSelect && !g.auto || g.scr == screenPause
	return menu && !g.sawInput && g.drawnScr == g.scr && g.drawnSel == g.sel
}

// clearColor is the colour behind the map (and the ground cache's
// background).
var clearColor = color.RGBA{18, 22, 30, 255}

// Draw implements platform.Game.
func (g *game) Draw(f *raster.Frame, alpha float64) {
	start := time.Now()
	g.drawnScr, g.drawnSel = g.scr, g.sel
	g.list.Reset()
	clear(g.pool) // drop last frame's sprite pointers
	g.pool = g.pool[:0]
	f.Clear(clearColor)
	if g.L != nil && g.scr != screenSelect {
		if g.scr == screenPause {
			alpha = 0
		}
		g.drawWorld(alpha)
		g.drawHUD()
	}
	switch g.scr {
	case screenSelect:
		g.drawSelect()
	case screenPause:
		g.drawMenu("PAUSED")
	}
	g.rd.Render(f, g.list)
	if g.scr == screenPlay && g.touchUI {
		platform.DrawStick(f, g.left.Geometry(), platform.DefaultStickStyle)
		platform.DrawStick(f, g.right.Geometry(), platform.DefaultStickStyle)
	}
	d := time.Since(start) + g.sim
	g.sim = 0
	g.fpsFrames++
	g.drawn++
	if g.L != nil && g.scr == screenPlay && len(g.L.enemies) >= 3 {
		g.times.add(d)
	}
}

// bannerY is the top of the message banner: low on the screen, away from
// the player's tank (near the middle while playing, near the top at the
// start of a level).
const bannerY = frameH - 96

const (
	depthOverlay = 1 << 40
	depthHUD     = 1 << 41
	depthMenu    = 1 << 42
)

func rgba(r, g, b, a uint8) color.RGBA { return raster.Premul(color.NRGBA{r, g, b, a}) }

func (g *game) drawWorld(alpha float64) {
	L := g.L
	w := L.w
	pt := g.pt
	grid := L.grid
	at := func(s sprite, p mathx.Vec3) mathx.Point {
		sp := grid.ToScreen(p)
		return mathx.Point{X: int(math.Floor(sp.X)) - s.AnchorX, Y: int(math.Floor(sp.Y)) - s.AnchorY}
	}
	for _, o := range L.walls {
		_ = pt.Add(o)
	}
	for _, d := range L.doors {
		p := mathx.V3(float64(d.cell.X)+0.5, float64(d.cell.Y)+0.5, 0)
		s := g.art.doorOpen
		h := 0.02
		if d.locked {
			s, h = g.art.doorShut, 0.8
		}
		sp := grid.ToScreen(mathx.V3(float64(d.cell.X)+1, float64(d.cell.Y)+1, 0))
		_ = pt.Add(iso.Object{Box: iso.Box{Min: mathx.V3(p.X-0.5, p.Y-0.5, 0), Max: mathx.V3(p.X+0.5, p.Y+0.5, h)},
			Parts: g.parts1(iso.Part{Sprite: s, At: mathx.Point{X: int(sp.X) - tileW/2, Y: int(sp.Y) - s.H()}})})
	}
	// pickups
	w.Each(scene.Pickup, func(e scene.Entity) {
		k := 0
		switch w.Name(e) {
		case "ammo":
			k = 1
		case "rockets":
			k = 2
		}
		s := g.art.pickup[k]
		p := w.Pos(e)
		p.Z = 0.05 * math.Sin(float64(w.Tick())/10)
		_ = pt.Add(iso.Object{Box: iso.Box{Min: mathx.V3(p.X-0.2, p.Y-0.2, 0), Max: mathx.V3(p.X+0.2, p.Y+0.2, 0.3)}, Parts: g.parts1(iso.Part{Sprite: s.S, At: at(s, p)})})
	})
	// tanks and drones
	tank := func(p mathx.Vec3, look int, hull, turret float64, flash int, dead, broken bool, r float64) {
		hs, ts := g.art.hull[look][facingOf(hull)], g.art.turret[look][facingOf(turret)]
		var o raster.DrawOptions
		if flash > 0 {
			o.Flash, o.FlashAmount = color.RGBA{255, 255, 255, 255}, 200
		}
		if dead {
			o.SetTint(color.NRGBA{70, 70, 70, 255})
		} else if broken {
			o.SetTint(color.NRGBA{150, 140, 130, 255})
		}
		_ = pt.Add(iso.Object{Box: iso.Box{Min: mathx.V3(p.X-r, p.Y-r, 0), Max: mathx.V3(p.X+r, p.Y+r, 0.6)},
			Parts: g.parts2(iso.Part{Sprite: hs.S, At: at(hs, p), Opts: o}, iso.Part{Sprite: ts.S, At: at(ts, p), Opts: o})})
	}
	lerp := func(e scene.Entity) mathx.Vec3 {
		p := w.Pos(e)
		v := w.Vel(e)
		return p.Add(mathx.V3(v.X*w.Dt()*(alpha-1), v.Y*w.Dt()*(alpha-1), 0))
	}
	for _, f := range L.fx {
		if f.kind == fxWreck {
			if f.look == int(kindDrone) {
				continue
			}
			tank(f.pos, kinds[f.look].look, f.angle, f.angle+0.6, 0, true, false, 0.35)
		}
	}
	if w.Alive(L.player) {
		tank(lerp(L.player), lookPlayer, L.pl.hullAngle, L.pl.turretAngle, L.pl.flash, false, false, 0.34)
	}
	for _, e := range L.enemies {
		if !w.Alive(e.e) {
			continue
		}
		p := lerp(e.e)
		if e.kind == kindDrone {
			s := g.art.drone[facingOf(e.hull)][(e.anim/4)%4]
			var o raster.DrawOptions
			if e.flash > 0 {
				o.Flash, o.FlashAmount = color.RGBA{255, 255, 255, 255}, 200
			}
			if e.broken {
				o.SetTint(color.NRGBA{140, 130, 120, 255})
			}
			_ = pt.Add(iso.Object{Box: iso.Box{Min: mathx.V3(p.X-0.3, p.Y-0.3, 0), Max: mathx.V3(p.X+0.3, p.Y+0.3, 0.7)}, Parts: g.parts1(iso.Part{Sprite: s.S, At: at(s, p), Opts: o})})
			continue
		}
		tank(p, e.spec().look, e.hull, e.turret, e.flash, false, e.broken, e.spec().radius)
	}
	// bullets
	b := w.Bullets()
	for i, u := range b.Used {
		if !u || !b.P.Alive[i] {
			continue
		}
		x := b.PX[i] + (b.P.X[i]-b.PX[i])*alpha
		y := b.PY[i] + (b.P.Y[i]-b.PY[i])*alpha
		p := mathx.V3(x, y, 0)
		var s sprite
		switch {
		case b.P.R[i] > 0.1:
			s = g.art.rocket[facingOf(math.Atan2(b.P.VY[i], b.P.VX[i]))]
		case b.Owner[i] == L.player:
			s = g.art.bullet
			p.Z = b.Z[i]
		default:
			s = g.art.enemyBullet
			p.Z = b.Z[i]
		}
		_ = pt.Add(iso.Object{Box: iso.Box{Min: mathx.V3(x-0.05, y-0.05, 0.3), Max: mathx.V3(x+0.05, y+0.05, 0.4)}, Parts: g.parts1(iso.Part{Sprite: s.S, At: at(s, p)})})
	}
	// explosions
	for _, f := range L.fx {
		var frames []sprite
		switch f.kind {
		case fxBoom:
			frames = g.art.boom
		case fxBigBoom:
			frames = g.art.bigBoom
		default:
			continue
		}
		s := frames[min(len(frames)-1, f.age*len(frames)/f.life)]
		p := f.pos
		p.Z = 0.3
		_ = pt.Add(iso.Object{Box: iso.Box{Min: mathx.V3(p.X-0.5, p.Y-0.5, 0), Max: mathx.V3(p.X+0.5, p.Y+0.5, 1.5)}, Parts: g.parts1(iso.Part{Sprite: s.S, At: at(s, p)})})
	}
	if _, err := w.Render(g.list, pt, alpha); err != nil {
		return
	}
	// the player's tank behind a wall shows through it as a silhouette
	if w.Alive(L.player) {
		p := lerp(L.player)
		hs, ts := g.art.hull[lookPlayer][facingOf(L.pl.hullAngle)], g.art.turret[lookPlayer][facingOf(L.pl.turretAngle)]
		if g.behindWall(p, 0.34) {
			var o raster.DrawOptions
			o.Flash, o.FlashAmount = color.RGBA{140, 210, 255, 255}, 255
			o.SetOpacity(120)
			for _, s := range [2]sprite{hs, ts} {
				q := at(s, p)
				c := g.cam.MapToScreen(mathx.V2(float64(q.X), float64(q.Y)))
				g.list.Sprite(depthOverlay-3, s.S, int(math.Floor(c.X)), int(math.Floor(c.Y)), &o)
			}
		}
	}
	// sparks and muzzle flashes over the world
	toScr := func(p mathx.Vec3) mathx.Vec2 { return g.cam.MapToScreen(grid.ToScreen(p)) }
	for _, f := range L.fx {
		switch f.kind {
		case fxSpark:
			c := toScr(f.pos)
			t := float64(f.age) / float64(f.life)
			for k := range 5 {
				a := f.dir.Angle() + (float64(k)-2)*0.45
				d := screenDir(mathx.FromAngle(a)).Scale(3 + 14*t)
				col := rgba(255, uint8(230-100*t), 120, uint8(255*(1-t)))
				g.list.LineAA(depthOverlay-2, c.Add(d.Scale(0.4)), c.Add(d), 1.4, col)
			}
		case fxMuzzle:
			c := toScr(f.pos)
			g.list.FillCircle(depthOverlay-2, c, 5-float64(f.age), rgba(255, 230, 150, 220), true)
		}
	}
	// health bars for 3 s after damage
	bar := func(p mathx.Vec3, hp, max int32, ticks int) {
		if ticks <= 0 || max <= 0 {
			return
		}
		c := toScr(p.Add(mathx.V3(0, 0, 1.3)))
		x, y := int(c.X)-16, int(c.Y)
		fill := int(32 * float64(hp) / float64(max))
		g.list.FillRect(depthOverlay-1, image.Rect(x-1, y-1, x+33, y+5), rgba(20, 20, 20, 200))
		g.list.FillRect(depthOverlay-1, image.Rect(x, y, x+32, y+4), rgba(110, 110, 110, 255))
		g.list.FillRect(depthOverlay-1, image.Rect(x, y, x+fill, y+4), rgba(220, 50, 40, 255))
	}
	if w.Alive(L.player) {
		bar(lerp(L.player), w.Health(L.player), 100, L.pl.hpBar)
	}
	for _, e := range L.enemies {
		if w.Alive(e.e) {
			bar(lerp(e.e), w.Health(e.e), e.spec().health, e.hpBar)
		}
	}
	if g.debug {
		g.drawDebug()
	}
}

// behindWall reports a wall block in front of the box of radius r around
// p (the iso order: the wall starts beyond the box in x or y) that hides
// the middle of the tank: the point 0.25 above p lies inside the block's
// projected outline (a convex hexagon).
func (g *game) behindWall(p mathx.Vec3, r float64) bool {
	grid := g.L.grid
	c := grid.ToScreen(p.Add(mathx.V3(0, 0, 0.25)))
	for _, o := range g.L.walls {
		b := o.Box
		if b.Min.X < p.X+r && b.Min.Y < p.Y+r {
			continue // not in front
		}
		hex := [6]mathx.Vec2{
			grid.ToScreen(mathx.V3(b.Min.X, b.Min.Y, b.Max.Z)),
			grid.ToScreen(mathx.V3(b.Max.X, b.Min.Y, b.Max.Z)),
			grid.ToScreen(mathx.V3(b.Max.X, b.Min.Y, b.Min.Z)),
			grid.ToScreen(mathx.V3(b.Max.X, b.Max.Y, b.Min.Z)),
			grid.ToScreen(mathx.V3(b.Min.X, b.Max.Y, b.Min.Z)),
			grid.ToScreen(mathx.V3(b.Min.X, b.Max.Y, b.Max.Z)),
		}
		if insideConvex(hex[:], c) {
			return true
		}
	}
	return false
}

// insideConvex reports q inside (or on) the convex polygon pts, in either
// winding.
func insideConvex(pts []mathx.Vec2, q mathx.Vec2) bool {
	pos, neg := false, false
	for i := range pts {
		a, b := pts[i], pts[(i+1)%len(pts)]
		c := b.Sub(a).Cross(q.Sub(a))
		pos = pos || c > 0
		neg = neg || c < 0
	}
	return !(pos && neg)
}

// screenDir maps a world direction to a screen direction.
func screenDir(v mathx.Vec2) mathx.Vec2 { return mathx.V2(v.X-v.Y, (v.X+v.Y)/2) }

func (g *game) drawDebug() {
	L := g.L
	w := L.w
	ov := g.ov
	ov.Begin(g.list, depthOverlay)
	if L.mesh != nil {
		g.polys = L.mesh.Polygons(g.polys[:0])
		ov.Polygons(g.polys, overlay.NavmeshStyle)
	}
	for k := range w.Phys.WallCount() {
		ov.Box(w.Phys.Wall(k), overlay.ColliderStyle)
	}
	if w.Alive(L.player) {
		ov.Circle(xy(w.Pos(L.player)), 0.34, overlay.ColliderStyle)
	}
	for _, e := range L.enemies {
		if !w.Alive(e.e) {
			continue
		}
		ov.Circle(e.pos(), e.spec().radius, overlay.ColliderStyle)
		if e.wp < len(e.path) {
			ov.Path(e.path[e.wp:], overlay.SmoothPathStyle)
		}
		ov.Label(e.pos(), e.label(), color.NRGBA{255, 255, 200, 255})
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
			_, _ = ov.Scalar(s, overlay.Heat(lo, hi))
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

// textb draws the text in b, like text, without making a string of it.
func (g *game) textb(b []byte, x, y int, c color.RGBA) {
	g.list.TextBytes(depthHUD+1, g.font, b, x+1, y+1, rgba(0, 0, 0, 180))
	g.list.TextBytes(depthHUD+2, g.font, b, x, y, c)
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

func (g *game) text(s string, x, y int, c color.RGBA) {
	g.list.Text(depthHUD+1, g.font, s, x+1, y+1, rgba(0, 0, 0, 180))
	g.list.Text(depthHUD+2, g.font, s, x, y, c)
}

func (g *game) drawHUD() {
	L := g.L
	w := L.w
	if g.reloadErr != "" {
		g.banner("reload failed, still playing the last good level: "+g.reloadErr, 32)
	}
	white := rgba(240, 240, 240, 255)
	g.list.FillRect(depthHUD, image.Rect(0, 0, frameW, 26), rgba(10, 12, 18, 170))
	hp := w.Health(L.player)
	if !w.Alive(L.player) {
		hp = 0
	}
	g.text("HP", 8, 7, white)
	g.list.FillRect(depthHUD+1, image.Rect(28, 7, 130, 19), rgba(60, 60, 60, 255))
	g.list.FillRect(depthHUD+2, image.Rect(29, 8, 29+int(100*float64(max(hp, 0))/100), 18), rgba(60, 200, 80, 255))
	weapon := "CANNON"
	ammo := L.pl.ammo
	if L.pl.weapon == weaponRockets {
		weapon, ammo = "ROCKETS", L.pl.rockets
	}
	alive := 0
	for _, wi := range L.waves {
		alive += wi.o.Alive()
	}
	// The readouts are ui labels showing reused byte buffers: no
	// allocation per frame.
	h := &g.hud
	h.weapon.Bytes = appendPadded(append(append(h.weapon.Bytes[:0], weapon...), ' '), ammo, 3)
	b := append(h.wave.Bytes[:0], "WAVE "...)
	b = strconv.AppendInt(b, int64(L.wave), 10)
	b = append(b, '/')
	b = strconv.AppendInt(b, int64(len(L.waves)), 10)
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
	h.ui.Draw(g.list, depthHUD+3)
	// pause button
	g.list.FillRect(depthHUD, pauseButton, rgba(40, 44, 56, 220))
	g.list.FillRect(depthHUD+1, image.Rect(pauseButton.Min.X+11, 14, pauseButton.Min.X+16, 34), white)
	g.list.FillRect(depthHUD+1, image.Rect(pauseButton.Min.X+21, 14, pauseButton.Min.X+26, 34), white)
	msg := ""
	switch {
	case L.lost:
		msg = "DESTROYED - press Enter / A / tap to retry"
	case L.won:
		b := append(g.tbuf[:0], "LEVEL CLEAR  score "...)
		b = strconv.AppendInt(b, int64(L.score), 10)
		b = append(b, " - press Enter / A / tap"...)
		g.tbuf = b
		msg = string(b) // once, when the level is won
	case g.attract:
		msg = "DEMO  -  press any key or tap to play"
	case L.wave == 0 && w.Tick() < 240 && g.scr == screenPlay:
		msg = g.levels[g.cur].Title
	}
	if msg != "" {
		tw, _ := g.font.Measure(msg)
		g.list.FillRect(depthHUD, image.Rect(frameW/2-tw/2-12, bannerY, frameW/2+tw/2+12, bannerY+32), rgba(10, 12, 18, 200))
		g.text(msg, frameW/2-tw/2, bannerY+10, white)
	}
}

func (g *game) drawMenu(title string) {
	g.syncMenu(g.rows())
	g.gui.Draw(g.list, depthMenu)
	hint := "keys: arrows/WASD + Enter   pad: d-pad + A   mouse/touch: click a row"
	hw, _ := g.font.Measure(hint)
	g.list.Text(depthMenu+200, g.font, hint, frameW/2-hw/2, frameH-28, rgba(160, 170, 190, 255))
}

func (g *game) drawSelect() {
	// a parade of tanks under the menu, clear of the hint line
	g.list.FillRect(0, image.Rect(0, 0, frameW, frameH), rgba(24, 30, 40, 255))
	for k := range 12 {
		c := g.art.hull[k%numLooks][(k*5)%facings]
		g.list.Sprite(1, c.S, 40+k*62, 376, nil)
		t := g.art.turret[k%numLooks][(k*3)%facings]
		g.list.Sprite(2, t.S, 40+k*62, 374, nil)
	}
	g.drawMenu("DIORAMA  TANKS - choose a level")
	if g.errMsg != "" {
		g.banner("error: "+g.errMsg, 48)
	}
}

// banner shows msg whole on a red band from y down, wrapped at spaces
// (and at '/' or ':' in long paths) to the frame's width.
func (g *game) banner(msg string, y int) {
	const margin = 16
	var lines []string
	for msg != "" {
		n := len(msg)
		for n > 0 {
			if w, _ := g.font.Measure(msg[:n]); w <= frameW-2*margin {
				break
			}
			cut := strings.LastIndexAny(msg[:n-1], " /:")
			if cut <= 0 {
				n--
			} else {
				n = cut + 1
			}
		}
		if n == 0 {
			n = 1
		}
		lines = append(lines, msg[:n])
		msg = strings.TrimLeft(msg[n:], " ")
	}
	lh := g.font.LineHeight() + 2
	g.list.FillRect(depthMenu+4, image.Rect(margin/2, y, frameW-margin/2, y+len(lines)*lh+8), rgba(120, 30, 30, 230))
	for k, l := range lines {
		g.list.Text(depthMenu+5, g.font, l, margin, y+4+k*lh, rgba(255, 230, 230, 255))
	}
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
	L, err := loadLevel(g.levels[g.cur], g.seed, g)
	if err != nil {
		g.reloadErr = err.Error()
		return
	}
	L.watch = g.L.watch
	g.reloadErr = ""
	g.L = L
	g.pt = iso.NewPainter(L.grid, g.cam)
	g.ov = overlay.New(L.grid, g.cam)
	g.cam.Limits = L.grid.Bounds()
	g.ap = autopilot{}
	g.ap.helper.presize()
}

// hudPanel is the play screen's readouts: a row of ui labels in a panel
// at the top of the screen, right of the health bar and left of the pause
// button.
type hudPanel struct {
	ui                       *ui.UI
	weapon, wave, score, fps *ui.Widget
}

func newHUD() hudPanel {
	th := ui.DefaultTheme()
	th.PanelPad, th.Margin, th.Gap = 4, 1, 18
	h := hudPanel{ui: ui.New(frameW, frameH, th),
		weapon: ui.Label(""), wave: ui.Label(""), score: ui.Label(""), fps: ui.Label("")}
	for _, w := range []*ui.Widget{h.weapon, h.wave, h.score, h.fps} {
		w.Bytes = make([]byte, 0, 32)
	}
	row := ui.Row(h.weapon, h.wave, h.score, h.fps)
	h.ui.Open(&ui.Panel{Root: row, Anchor: ui.Top})
	return h
}
