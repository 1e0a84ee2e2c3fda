package ui_test

import (
	"fmt"
	"image"

	"diorama/platform"
	"diorama/raster"
	"diorama/ui"
)

// press delivers one key press to u as a tick.
func press(u *ui.UI, in *platform.Input, k platform.Key) ui.Event {
	in.Push(platform.Event{Kind: platform.KeyDown, Key: k})
	in.Push(platform.Event{Kind: platform.KeyUp, Key: k})
	ev := u.Update(in)
	in.EndTick()
	return ev
}

func ExampleMenu() {
	u := ui.New(800, 480, ui.DefaultTheme())
	pause := ui.Menu("PAUSED", "Resume", "Options", "Quit")
	u.Open(pause)

	in := platform.NewInput(800, 480)
	press(u, in, platform.KeyArrowDown)
	press(u, in, platform.KeyArrowDown)
	ev := press(u, in, platform.KeyEnter)
	fmt.Println(ev.Kind == ui.Activated, ev.ID, ev.Widget.Text)

	l := raster.NewDrawList()
	u.Draw(l, 1<<40) // above the game's world
	fmt.Println(pause.Rect())
	// Output:
	// true 2 Quit
	// (357,183)-(442,297)
}

func ExampleMessageBox() {
	u := ui.New(800, 480, ui.DefaultTheme())
	u.Open(ui.Menu("DIORAMA", "Play", "Quit"))
	sure := ui.MessageBox("Quit?", "Leave the game?", "Yes", "No")
	u.Open(sure) // modal: takes focus and traps it

	in := platform.NewInput(800, 480)
	press(u, in, platform.KeyArrowRight)
	ev := press(u, in, platform.KeyEnter)
	fmt.Println(ev.Panel == sure, ev.ID) // "No"

	ev = press(u, in, platform.KeyEscape)
	fmt.Println(ev.Kind == ui.Cancelled, u.IsOpen(sure), u.Focus().Text)
	// Output:
	// true 1
	// true false Play
}

func ExampleBubble() {
	u := ui.New(800, 480, ui.DefaultTheme())
	// The point comes from the game's camera each frame, e.g.
	// cam.MapToScreen(unit's drawn position).
	b := ui.Bubble("Enemy spotted!", image.Pt(400, 300))
	u.Open(b)
	u.Update(nil)
	fmt.Println(b.Rect())
	b.Point = image.Pt(420, 290) // the unit moved
	u.Update(nil)
	fmt.Println(b.Rect())
	// Output:
	// (343,261)-(457,290)
	// (363,251)-(477,280)
}

func ExampleUI_Toast() {
	u := ui.New(800, 480, ui.DefaultTheme())
	u.Toast("Door unlocked", 90) // 1.5 s at 60 ticks per second
	for range 89 {
		u.Update(nil)
	}
	fmt.Println(u.Toasts())
	u.Update(nil)
	fmt.Println(u.Toasts())
	// Output:
	// 1
	// 0
}

func ExamplePanel() {
	u := ui.New(800, 480, ui.DefaultTheme())
	score := ui.Label("Score 0")
	hud := &ui.Panel{Root: ui.Column(score, ui.Label("Wave 1")), Anchor: ui.TopRight}
	u.Open(hud)
	u.Update(nil)
	fmt.Println(hud.Rect(), u.Captures(780, 20), u.Captures(400, 240))
	// Output: (727,8)-(792,54) true false
}
