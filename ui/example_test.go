package ui_test

import (
	"fmt"
	"image"

	"diorama/platform"
	"diorama/raster"
	"diorama/ui"

	"golang.org/x/image/font/gofont/goregular"
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

func ExampleColumn() {
	// A scrolling level list: 12 levels in a window about four rows high.
	list := ui.Column()
	for i := 1; i <= 12; i++ {
		list.Add(ui.Button(i, fmt.Sprintf("Level %d", i)))
	}
	list.MaxH = 100
	u := ui.New(800, 480, ui.DefaultTheme())
	u.Open(&ui.Panel{Title: "Choose a level", Root: list, Anchor: ui.Left})

	in := platform.NewInput(800, 480)
	for range 7 {
		press(u, in, platform.KeyArrowDown)
	}
	ev := press(u, in, platform.KeyEnter)
	fmt.Println(ev.ID, ev.Widget.Rect().In(list.Rect())) // scrolled into view
	// Output: 8 true
}

func ExampleUI_Update() {
	u := ui.New(800, 480, ui.DefaultTheme())
	yes, no := ui.Button(1, "Yes"), ui.Button(2, "No")
	u.Open(&ui.Panel{Title: "Save?", Root: ui.Row(yes, no), Modal: true})
	u.Update(nil) // lays the panel out

	// a finger taps "No"
	in := platform.NewInput(800, 480)
	r := no.Rect()
	x, y := float64(r.Min.X+4), float64(r.Min.Y+4)
	in.Push(platform.Event{Kind: platform.TouchDown, Pointer: 0, X: x, Y: y})
	in.Push(platform.Event{Kind: platform.TouchUp, Pointer: 0, X: x, Y: y})
	switch ev := u.Update(in); ev.Kind {
	case ui.Activated:
		fmt.Println("chose", ev.Widget.Text)
	case ui.Cancelled:
		fmt.Println("cancelled")
	}
	in.EndTick()
	// Output: chose No
}

func ExampleDefaultTheme() {
	th := ui.DefaultTheme()
	// Any OpenType or TrueType font works; here Go Regular at 15 px.
	font, err := raster.ParseOpenType("goregular.ttf", goregular.TTF, 15)
	if err != nil {
		panic(err)
	}
	th.Font = font
	th.PanelPad = 12
	u := ui.New(800, 480, th)
	m := ui.Menu("Options", "Sound: on", "Back")
	u.Open(m)
	u.Update(nil)
	fmt.Println(m.Rect().Dx() > 0, u.Focus().Text)
	// Output: true Sound: on
}
