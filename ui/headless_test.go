package ui

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"diorama/platform"
	"diorama/platform/headless"
	"diorama/raster"
	"diorama/raster/rastertest"
)

// pauseGame is a small game on the ui package: a HUD, a pause menu that
// Escape opens, a quit confirmation, a bubble over a moving "unit" and a
// toast when play resumes.
type pauseGame struct {
	u       *UI
	hud     *Panel
	pause   *Panel
	confirm *Panel
	bubble  *Panel
	list    *raster.DrawList
	unitX   int
	log     []Event
}

func newPauseGame() *pauseGame {
	g := &pauseGame{u: New(800, 480, DefaultTheme()), list: raster.NewDrawList(), unitX: 300}
	g.hud = &Panel{Root: Column(Label("Score 1200"), Label("Wave 2")), Anchor: TopLeft}
	g.pause = Menu("PAUSED", "Resume", "Options", "Quit")
	g.pause.Modal = true
	g.confirm = MessageBox("Quit?", "Leave the game?", "Yes", "No")
	g.bubble = Bubble("Follow me!", image.Point{})
	g.u.Open(g.hud)
	g.u.Open(g.bubble)
	return g
}

func (g *pauseGame) Update(in *platform.Input) error {
	if !g.u.IsOpen(g.pause) {
		g.unitX = 300 + (g.unitX-300+1)%200 // the unit walks while not paused
		if in.KeyPressed(platform.KeyEscape) {
			g.u.Open(g.pause)
			return nil
		}
	}
	g.bubble.Point = image.Pt(g.unitX, 300)
	ev := g.u.Update(in)
	if ev.Kind == Activated || ev.Kind == Cancelled {
		g.log = append(g.log, ev)
	}
	switch {
	case ev.Kind == Activated && ev.Panel == g.pause && ev.ID == 0:
		g.u.Close(g.pause)
		g.u.Toast("Resumed", 120)
	case ev.Kind == Activated && ev.Panel == g.pause && ev.ID == 2:
		g.u.Open(g.confirm)
	case ev.Kind == Activated && ev.Panel == g.confirm && ev.ID == 0:
		return platform.ErrQuit
	case ev.Kind == Activated && ev.Panel == g.confirm:
		g.u.Close(g.confirm)
	}
	return nil
}

func (g *pauseGame) Draw(f *raster.Frame, alpha float64) {
	g.list.Reset()
	g.list.Clear(color.RGBA{30, 70, 45, 255})
	g.list.FillRect(0, image.Rect(g.unitX-6, 294, g.unitX+6, 306), color.RGBA{200, 200, 60, 255}) // the unit
	g.u.Draw(g.list, 1<<20)
	g.list.Draw(f)
}

// TestHeadlessGame drives the game through the headless backend with a
// script: Escape pauses, down ×2 + Enter picks Quit, B cancels the
// confirmation, a tap on Resume resumes, Escape and the gamepad pick Quit
// and Yes, which ends the run.
func TestHeadlessGame(t *testing.T) {
	g := newPauseGame()
	key := func(tick int, k platform.Key) []headless.Step {
		return []headless.Step{{Tick: tick, Event: platform.Event{Kind: platform.KeyDown, Key: k}},
			{Tick: tick + 1, Event: platform.Event{Kind: platform.KeyUp, Key: k}}}
	}
	pad := func(tick int, b platform.PadButton) []headless.Step {
		var raw platform.RawGamepad
		raw.Connected = true
		raw.Buttons[b] = true
		return []headless.Step{{Tick: tick, IsPad: true, Raw: raw}, {Tick: tick + 1, IsPad: true, Raw: platform.RawGamepad{Connected: true}}}
	}
	var script headless.Script
	script = append(script, key(10, platform.KeyEscape)...)
	script = append(script, key(20, platform.KeyArrowDown)...)
	script = append(script, key(30, platform.KeyArrowDown)...)
	script = append(script, key(40, platform.KeyEnter)...) // Quit → confirmation
	script = append(script, pad(50, platform.PadB)...)     // cancel it: back on Quit
	script = append(script, headless.Step{Tick: 59, Event: platform.Event{Kind: platform.TouchDown, Pointer: 3, X: 400, Y: 222}},
		headless.Step{Tick: 60, Event: platform.Event{Kind: platform.TouchUp, Pointer: 3, X: 400, Y: 222}}) // tap Resume
	script = append(script, key(100, platform.KeyEscape)...)
	script = append(script, pad(110, platform.PadDPadUp)...) // wraps to Quit
	script = append(script, pad(120, platform.PadA)...)
	script = append(script, pad(130, platform.PadA)...) // Yes
	var confirm *raster.Frame
	res, err := headless.Run(g, platform.Config{}, headless.Options{Ticks: 400, Script: script,
		OnDraw: func(tick int, f *raster.Frame) {
			if tick == 45 { // the confirmation over the pause menu
				confirm, _ = raster.NewFrame(f.W(), f.H())
				copy(confirm.Image().Pix, f.Image().Pix)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Ticks != 131 {
		t.Errorf("the run ended after %d ticks, want 131 (Yes on tick 130)", res.Ticks)
	}
	want := []struct {
		kind EventKind
		p    *Panel
		id   int
	}{{Activated, g.pause, 2}, {Cancelled, g.confirm, 0}, {Activated, g.pause, 0}, {Activated, g.pause, 2}, {Activated, g.confirm, 0}}
	if len(g.log) != len(want) {
		t.Fatalf("events %+v, want %d", g.log, len(want))
	}
	for i, w := range want {
		if e := g.log[i]; e.Kind != w.kind || e.Panel != w.p || e.ID != w.id {
			t.Errorf("event %d: %+v, want %+v", i, e, w)
		}
	}
	if confirm == nil {
		t.Fatal("tick 45 was not drawn")
	}
	rastertest.Golden(t, filepath.Join("testdata", "game_confirm.png"), confirm, *update)
}
