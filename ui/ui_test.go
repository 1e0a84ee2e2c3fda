package ui

import (
	"image"
	"math/rand/v2"
	"strings"
	"testing"

	"diorama/internal/testenv"
	"diorama/platform"
	"diorama/raster"

	"golang.org/x/image/font/gofont/goregular"
)

func menu3() (*UI, *Panel, *platform.Input) {
	u := New(320, 200, DefaultTheme())
	p := Menu("MENU", "One", "Two", "Three")
	u.Open(p)
	in := platform.NewInput(u.W, u.H)
	return u, p, in
}

func pad(in *platform.Input, bs ...platform.PadButton) {
	raw := platform.RawGamepad{Connected: true}
	for _, b := range bs {
		raw.Buttons[b] = true
	}
	in.SetGamepad(0, raw)
}

func wantActivated(t *testing.T, ev Event, id int, p *Panel) {
	t.Helper()
	if ev.Kind != Activated || ev.ID != id || ev.Panel != p || ev.Widget == nil || ev.Widget.ID != id {
		t.Fatalf("event %+v, want Activated ID %d of panel %p", ev, id, p)
	}
}

func TestKeysWalkMenu(t *testing.T) {
	u, p, in := menu3()
	for i := 0; i < 2; i++ {
		if ev := step(u, in, key(platform.KeyArrowDown)...); ev.Kind != Focused || ev.ID != i+1 || ev.Panel != p {
			t.Fatalf("arrow raised %+v, want Focused on item %d", ev, i+1)
		}
	}
	wantActivated(t, step(u, in, key(platform.KeyEnter)...), 2, p)
	// Space activates too; Tab wraps to the first item, Shift+Tab back.
	step(u, in, key(platform.KeyTab)...)
	wantActivated(t, step(u, in, key(platform.KeySpace)...), 0, p)
	step(u, in, platform.Event{Kind: platform.KeyDown, Key: platform.KeyLeftShift}, platform.Event{Kind: platform.KeyDown, Key: platform.KeyTab})
	step(u, in, platform.Event{Kind: platform.KeyUp, Key: platform.KeyTab}, platform.Event{Kind: platform.KeyUp, Key: platform.KeyLeftShift})
	wantActivated(t, step(u, in, key(platform.KeyEnter)...), 2, p)
	// Up from the first wraps to the last.
	step(u, in, key(platform.KeyArrowDown)...) // 2 → 0
	step(u, in, key(platform.KeyArrowUp)...)   // 0 → 2
	wantActivated(t, step(u, in, key(platform.KeyEnter)...), 2, p)
}

func TestGamepadWalksMenu(t *testing.T) {
	u, p, in := menu3()
	for i := 0; i < 2; i++ {
		pad(in, platform.PadDPadDown)
		step(u, in)
		pad(in)
		step(u, in)
	}
	pad(in, platform.PadA)
	wantActivated(t, step(u, in), 2, p)
	pad(in, platform.PadA) // held: no second activation
	if ev := step(u, in); ev.Kind != None {
		t.Fatalf("held A raised %+v", ev)
	}
}

func TestMouseClick(t *testing.T) {
	u, p, in := menu3()
	step(u, in)
	b := p.Root.Children()[1]
	x, y := center(b)
	if ev := step(u, in, platform.Event{Kind: platform.MouseMove, X: x, Y: y}); u.Focus() != b || ev.Kind != Focused || ev.Widget != b {
		t.Fatalf("hover did not focus the button: %+v", ev)
	}
	if ev := step(u, in, platform.Event{Kind: platform.MouseDown, X: x, Y: y}); ev.Kind != None || u.Pressed() != b {
		t.Fatalf("press: event %+v, pressed %v", ev, u.Pressed())
	}
	wantActivated(t, step(u, in, platform.Event{Kind: platform.MouseUp, X: x, Y: y}), 1, p)
	// Pressed on one button, released on another: nothing.
	x2, y2 := center(p.Root.Children()[2])
	step(u, in, platform.Event{Kind: platform.MouseDown, X: x, Y: y})
	if ev := step(u, in, platform.Event{Kind: platform.MouseUp, X: x2, Y: y2}); ev.Kind != Focused || ev.ID != 2 {
		t.Fatalf("drag off raised %+v, want only the hover's Focused", ev)
	}
	// A click between buttons or outside does nothing.
	r := p.Rect()
	for _, pt := range [][2]float64{{float64(r.Min.X + 2), float64(r.Min.Y + 2)}, {1, 1}} {
		step(u, in, platform.Event{Kind: platform.MouseDown, X: pt[0], Y: pt[1]})
		if ev := step(u, in, platform.Event{Kind: platform.MouseUp, X: pt[0], Y: pt[1]}); ev.Kind != None {
			t.Fatalf("click at %v raised %+v", pt, ev)
		}
	}
}

func TestTouchTap(t *testing.T) {
	u, p, in := menu3()
	step(u, in)
	x, y := center(p.Root.Children()[2])
	step(u, in, platform.Event{Kind: platform.TouchDown, Pointer: 4, X: x, Y: y})
	if u.Pressed() != p.Root.Children()[2] {
		t.Fatal("finger down did not press the button")
	}
	wantActivated(t, step(u, in, platform.Event{Kind: platform.TouchUp, Pointer: 4, X: x, Y: y}), 2, p)
	// a tap within one tick
	x, y = center(p.Root.Children()[0])
	wantActivated(t, step(u, in, platform.Event{Kind: platform.TouchDown, Pointer: 5, X: x, Y: y},
		platform.Event{Kind: platform.TouchUp, Pointer: 5, X: x, Y: y}), 0, p)
	// a finger that slides off before lifting does not activate
	step(u, in, platform.Event{Kind: platform.TouchDown, Pointer: 6, X: x, Y: y})
	step(u, in, platform.Event{Kind: platform.TouchMove, Pointer: 6, X: 1, Y: 1})
	if ev := step(u, in, platform.Event{Kind: platform.TouchUp, Pointer: 6, X: 1, Y: 1}); ev.Kind != None {
		t.Fatalf("slide off raised %+v", ev)
	}
}

func TestModalTrapsFocus(t *testing.T) {
	for _, how := range []string{"escape", "padB"} {
		t.Run(how, func(t *testing.T) {
			u, menu, in := menu3()
			step(u, in, key(platform.KeyArrowDown)...) // focus "Two"
			two := menu.Root.Children()[1]
			box := MessageBox("Sure?", "Really?", "Yes", "No")
			u.Open(box)
			yes := box.Root.Children()[1].Children()[0]
			if u.Focus() != yes {
				t.Fatalf("popup did not take focus: %v", u.Focus())
			}
			// arrows and the d-pad cycle inside the popup only
			for i := 0; i < 5; i++ {
				step(u, in, key(platform.KeyArrowDown)...)
				pad(in, platform.PadDPadRight)
				step(u, in)
				pad(in)
				step(u, in)
				if !box.Root.contains(u.Focus()) {
					t.Fatalf("focus left the modal popup: %+v", u.Focus())
				}
			}
			// the menu under the shade ignores mouse, touch and hover
			x, y := center(menu.Root.Children()[2])
			step(u, in, platform.Event{Kind: platform.MouseMove, X: x, Y: y})
			step(u, in, platform.Event{Kind: platform.MouseDown, X: x, Y: y})
			ev := step(u, in, platform.Event{Kind: platform.MouseUp, X: x, Y: y})
			ev2 := step(u, in, platform.Event{Kind: platform.TouchDown, Pointer: 1, X: x, Y: y}, platform.Event{Kind: platform.TouchUp, Pointer: 1, X: x, Y: y})
			if ev.Kind != None || ev2.Kind != None || !box.Root.contains(u.Focus()) {
				t.Fatalf("the menu under the popup reacted: %+v %+v, focus %+v", ev, ev2, u.Focus())
			}
			if !u.Captures(1, 1) {
				t.Error("a modal popup should capture every point")
			}
			if how == "escape" {
				ev = step(u, in, key(platform.KeyEscape)...)
			} else {
				pad(in, platform.PadB)
				ev = step(u, in)
				pad(in)
			}
			if ev.Kind != Cancelled || ev.Panel != box || u.IsOpen(box) {
				t.Fatalf("cancel: %+v, open %v", ev, u.IsOpen(box))
			}
			if u.Focus() != two {
				t.Fatalf("focus after closing the popup: %+v, want the menu's second item", u.Focus())
			}
			// Escape on the plain menu reports it without closing it.
			ev = step(u, in, key(platform.KeyEscape)...)
			if ev.Kind != Cancelled || ev.Panel != menu || !u.IsOpen(menu) {
				t.Fatalf("escape on the menu: %+v", ev)
			}
		})
	}
}

func TestDisabledSkipped(t *testing.T) {
	u, p, in := menu3()
	p.Root.Children()[1].Disabled = true
	step(u, in, key(platform.KeyArrowDown)...)
	wantActivated(t, step(u, in, key(platform.KeyEnter)...), 2, p)
	x, y := center(p.Root.Children()[1])
	step(u, in, platform.Event{Kind: platform.MouseDown, X: x, Y: y})
	if ev := step(u, in, platform.Event{Kind: platform.MouseUp, X: x, Y: y}); ev.Kind != None {
		t.Fatalf("disabled button clicked: %+v", ev)
	}
	// disabling the focused button moves focus on
	p.Root.Children()[2].Disabled = true
	step(u, in)
	if u.Focus() != p.Root.Children()[0] {
		t.Fatalf("focus stayed on a disabled button: %+v", u.Focus())
	}
}

func TestToastQueue(t *testing.T) {
	th := DefaultTheme()
	th.ToastMax, th.ToastFade = 2, 4
	u := New(200, 100, th)
	for i, d := range []int{3, 10, 5} {
		if !u.Toast("t", d) {
			t.Fatalf("toast %d refused", i)
		}
	}
	if u.Toast("bad", 0) {
		t.Error("a toast of 0 ticks was accepted")
	}
	// two shown: the third waits until the first ends (tick 3), then shows for its 5 ticks
	want := []int{3, 3, 2, 2, 2, 2, 2, 1, 1, 0}
	for i, w := range want {
		u.Update(nil)
		if u.Toasts() != w {
			t.Fatalf("after %d ticks %d toasts, want %d", i+1, u.Toasts(), w)
		}
	}
	for range maxToasts {
		u.Toast("x", 9)
	}
	if u.Toast("full", 9) {
		t.Error("a full queue accepted a toast")
	}
	// fade: full until the last ToastFade ticks, then linear to zero
	tt := toast{left: 4, total: 9}
	if tt.alpha(4) != 255 {
		t.Error("fading too early")
	}
	tt.left = 1
	if tt.alpha(4) != 63 {
		t.Errorf("alpha %d one tick from the end, want 63", tt.alpha(4))
	}
}

func TestCapturesAndBubbleFollows(t *testing.T) {
	u := New(300, 200, DefaultTheme())
	b := Bubble("hi", image.Pt(100, 120))
	u.Open(b)
	u.Update(nil)
	r := b.Rect()
	if r.Max.Y+u.Theme.Tail != 120 || (r.Min.X+r.Max.X)/2 != 100 {
		t.Fatalf("bubble at %v, want bottom centre %d above (100,120)", r, u.Theme.Tail)
	}
	if !u.Captures(float64(r.Min.X+1), float64(r.Min.Y+1)) || u.Captures(5, 5) {
		t.Error("Captures wrong for a bubble")
	}
	b.Point = image.Pt(200, 150) // the unit moved
	u.Update(nil)
	if r2 := b.Rect(); r2 != r.Add(image.Pt(100, 30)) {
		t.Fatalf("bubble did not follow: %v then %v", r, r2)
	}
	b.Point = image.Pt(-50, 150) // off-screen left: stays inside
	u.Update(nil)
	if b.Rect().Min.X != u.Theme.Margin {
		t.Fatalf("bubble not clamped: %v", b.Rect())
	}
}

// TestLayoutProperties: in random trees every widget lies inside its
// panel, siblings do not overlap, and buttons are at least ButtonMin.
func TestLayoutProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"", "a", "Play", "Quit to menu", "two\nlines", "Options and more"}
	var gen func(depth int) *Widget
	gen = func(depth int) *Widget {
		switch k := rng.IntN(4); {
		case depth > 2 || k == 0:
			return Label(words[rng.IntN(len(words))])
		case k == 1:
			return Button(rng.IntN(9), words[rng.IntN(len(words))])
		default:
			s := Column()
			if k == 3 {
				s = Row()
			}
			for range rng.IntN(4) {
				s.Add(gen(depth + 1))
			}
			return s
		}
	}
	th := DefaultTheme()
	var check func(w *Widget, in image.Rectangle)
	check = func(w *Widget, in image.Rectangle) {
		if !w.rect.In(in) && !w.rect.Empty() {
			t.Fatalf("widget %v outside its parent %v", w.rect, in)
		}
		if w.kind == kindButton && (w.rect.Dx() < th.ButtonMin.X || w.rect.Dy() < th.ButtonMin.Y) {
			t.Fatalf("button %v under the minimum size", w.rect)
		}
		for i, a := range w.children {
			for _, b := range w.children[i+1:] {
				if a.rect.Overlaps(b.rect) {
					t.Fatalf("siblings overlap: %v %v", a.rect, b.rect)
				}
			}
			check(a, w.rect)
		}
	}
	for i := 0; i < 300; i++ {
		p := &Panel{Title: words[rng.IntN(len(words))], Root: gen(0), Anchor: Anchor(rng.IntN(int(AtPoint) + 1)), Point: image.Pt(rng.IntN(800), rng.IntN(480))}
		p.layout(&th, 800, 480)
		check(p.Root, p.Rect())
	}
}

func TestZeroAllocs(t *testing.T) {
	otf, err := raster.ParseOpenType("goregular.ttf", goregular.TTF, 15)
	if err != nil {
		t.Fatal(err)
	}
	for _, font := range []*raster.Font{raster.DefaultFont(), otf} {
		th := DefaultTheme()
		th.Font = font
		zeroAllocs(t, th)
	}
}

func zeroAllocs(t *testing.T, th Theme) {
	u := New(800, 480, th)
	menu := Menu("PAUSED", "Resume", "Options", "Quit")
	u.Open(&Panel{Root: Label("Score 1200\nWave 3"), Anchor: TopLeft})
	u.Open(menu)
	list := Column(Button(0, "a"), Button(1, "b"), Button(2, "c"), Button(3, "d"))
	list.MaxH = 40
	u.Open(&Panel{Root: list, Anchor: Left})
	u.Open(MessageBox("Quit?", "Leave the game?", "Yes", "No"))
	b := Bubble("Enemy spotted!", image.Pt(300, 300))
	u.Open(b)
	u.Open(Bubble("Enemy tanks are closing in from the north, hold the bridge", image.Pt(500, 200)))
	u.Toast("Door unlocked", 1<<30)
	l := raster.NewDrawList()
	f, _ := raster.NewFrame(u.W, u.H)
	in := platform.NewInput(u.W, u.H)
	frame := func() {
		step(u, in, key(platform.KeyArrowDown)...)
		b.Point.X = 300 + int(u.toasts[0].left%7)
		l.Reset()
		u.Draw(l, 1<<40)
		l.Draw(f)
	}
	frame()
	if n := testenv.AllocsOver(50, frame); n != 0 {
		t.Fatalf("%v allocations in 50 frames, want 0", n)
	}
}

// BenchmarkMenu times one frame of a pause menu and a HUD label on an
// 800×480 screen: Update and building the draw list ("build"), and
// rasterising it ("raster").
func BenchmarkMenu(b *testing.B) {
	u := New(800, 480, DefaultTheme())
	u.Open(Menu("PAUSED", "Resume", "Options", "Quit"))
	u.Open(&Panel{Root: Label("Score 1200\nWave 3"), Anchor: TopLeft})
	l := raster.NewDrawList()
	f, _ := raster.NewFrame(u.W, u.H)
	build := func() {
		u.Update(nil)
		l.Reset()
		u.Draw(l, 0)
	}
	b.Run("build", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			build()
		}
		b.ReportMetric(float64(l.Len()), "cmds")
	})
	b.Run("raster", func(b *testing.B) {
		build()
		b.ReportAllocs()
		for b.Loop() {
			l.Draw(f)
		}
	})
	// a modal message box over the menu: the shade covers the screen
	u.Open(MessageBox("Quit?", "Leave the game?", "Yes", "No"))
	b.Run("modal", func(b *testing.B) {
		build()
		b.ReportAllocs()
		for b.Loop() {
			l.Draw(f)
		}
	})
}

// FuzzUpdate feeds random input to a menu with a popup: no panic, focus
// always on a focusable widget of the popup while it is open.
func FuzzUpdate(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		u, _, in := menu3()
		box := MessageBox("?", "?", "Yes", "No")
		u.Open(box)
		for len(data) >= 3 {
			op, a, b := data[0], float64(data[1])*1.5-20, float64(data[2])-20
			data = data[3:]
			switch op % 6 {
			case 0:
				in.Push(platform.Event{Kind: platform.KeyDown, Key: platform.Key(data0(a))})
			case 1:
				in.Push(platform.Event{Kind: platform.KeyUp, Key: platform.Key(data0(a))})
			case 2:
				in.Push(platform.Event{Kind: platform.MouseMove, X: a, Y: b})
			case 3:
				in.Push(platform.Event{Kind: platform.MouseDown + platform.EventKind(op/6%2), X: a, Y: b})
			case 4:
				in.Push(platform.Event{Kind: platform.TouchDown + platform.EventKind(op/6%3), Pointer: int(op / 18), X: a, Y: b})
			case 5:
				raw := platform.RawGamepad{Connected: true}
				raw.Buttons[int(data0(a))%int(platform.PadButtonCount)] = true
				in.SetGamepad(0, raw)
			}
			wasOpen := u.IsOpen(box)
			ev := u.Update(in)
			in.EndTick()
			if u.IsOpen(box) && (u.Focus() == nil || !box.Root.contains(u.Focus())) {
				t.Fatalf("focus escaped the popup: %+v", u.Focus())
			}
			if wasOpen && ev.Kind == Activated && ev.Panel != box {
				t.Fatalf("%+v activated under the popup", ev)
			}
			if ev.Kind == Activated {
				u.Close(box)
			}
		}
	})
}

func data0(a float64) int { return int(a+20) % int(platform.KeyCount) }

func TestScrollingList(t *testing.T) {
	u, p, in := levelList()
	col := p.Root
	window := col.Rect()
	if window.Dy() != 100 {
		t.Fatalf("list window %v, want 100 high", window)
	}
	// walking down and back keeps the focused item inside the window
	for i := 1; i < 10+9; i++ {
		k := platform.KeyArrowDown
		if i >= 10 {
			k = platform.KeyArrowUp
		}
		step(u, in, key(k)...)
		if !u.Focus().Rect().In(window) {
			t.Fatalf("step %d: focused %q at %v outside the window %v", i, u.Focus().Text, u.Focus().Rect(), window)
		}
	}
	// from item 0, nine downs focus item 9 at the bottom; Enter activates it
	if u.Focus() != col.Children()[0] {
		t.Fatalf("focus %q after nine downs and nine ups", u.Focus().Text)
	}
	for range 9 {
		step(u, in, key(platform.KeyArrowDown)...)
	}
	last := col.Children()[9]
	if u.Focus() != last || last.Rect().Max.Y != window.Max.Y {
		t.Fatalf("focus %q at %v, want Level 9 at the window's bottom %v", u.Focus().Text, last.Rect(), window)
	}
	wantActivated(t, step(u, in, key(platform.KeyEnter)...), 9, p)
	// an item scrolled out of the window cannot be clicked through the panel
	first := col.Children()[0]
	if first.Rect().Overlaps(window) {
		t.Fatalf("item 0 still visible at %v", first.Rect())
	}
	// the wheel scrolls back to the top (clamped)
	x, y := center(col)
	step(u, in, platform.Event{Kind: platform.MouseMove, X: x, Y: y})
	step(u, in, platform.Event{Kind: platform.MouseWheel, DY: 50})
	if first.Rect().Min.Y != window.Min.Y {
		t.Fatalf("after wheeling up item 0 at %v, want the top of %v", first.Rect(), window)
	}
	x0, y0 := center(first)
	step(u, in, platform.Event{Kind: platform.MouseDown, X: x0, Y: y0})
	wantActivated(t, step(u, in, platform.Event{Kind: platform.MouseUp, X: x0, Y: y0}), 0, p)
}

func TestHoldRepeatsAndStick(t *testing.T) {
	u, p, in := levelList()
	col := p.Root
	index := func() int {
		for i, c := range col.Children() {
			if c == u.Focus() {
				return i
			}
		}
		return -1
	}
	// held arrow: a move on the press, then after 20 ticks, then every 5
	step(u, in, platform.Event{Kind: platform.KeyDown, Key: platform.KeyArrowDown})
	for range 30 {
		step(u, in)
	}
	if i := index(); i != 4 {
		t.Fatalf("after holding down 31 ticks focus on %d, want 4 (moves at ticks 0, 20, 25, 30)", i)
	}
	step(u, in, platform.Event{Kind: platform.KeyUp, Key: platform.KeyArrowDown})
	for range 30 {
		step(u, in)
	}
	if i := index(); i != 4 {
		t.Fatalf("focus moved to %d with nothing held", i)
	}
	// the left stick leans like the d-pad: one move per push
	lean := func(y float64) {
		raw := platform.RawGamepad{Connected: true}
		raw.Axes[platform.AxisLeftY] = y
		in.SetGamepad(0, raw)
		step(u, in)
	}
	lean(0.9)
	lean(0)
	lean(0.9)
	lean(0.9)
	lean(0.1) // inside the dead zone: released
	lean(-1)
	if i := index(); i != 5 {
		t.Fatalf("after stick down, down, up focus on %d, want 5", i)
	}
	// held d-pad repeats too
	pad(in, platform.PadDPadUp)
	for range 21 {
		step(u, in)
	}
	if i := index(); i != 3 {
		t.Fatalf("after holding d-pad up 21 ticks focus on %d, want 3", i)
	}
}

func TestCloseOutside(t *testing.T) {
	u, menu, in := menu3()
	info := &Panel{Root: Label("Paused"), Modal: true, CloseOutside: true}
	u.Open(info)
	step(u, in)
	r := info.Rect()
	// a tap inside does nothing
	ev := step(u, in, platform.Event{Kind: platform.TouchDown, Pointer: 1, X: float64(r.Min.X + 2), Y: float64(r.Min.Y + 2)},
		platform.Event{Kind: platform.TouchUp, Pointer: 1, X: float64(r.Min.X + 2), Y: float64(r.Min.Y + 2)})
	if ev.Kind != None || !u.IsOpen(info) {
		t.Fatalf("tap inside: %+v, open %v", ev, u.IsOpen(info))
	}
	// a tap outside, even on a menu button, closes the popup and only that
	x, y := center(menu.Root.Children()[0])
	ev = step(u, in, platform.Event{Kind: platform.TouchDown, Pointer: 2, X: x, Y: y})
	if ev.Kind != Cancelled || ev.Panel != info || u.IsOpen(info) {
		t.Fatalf("tap outside: %+v, open %v", ev, u.IsOpen(info))
	}
	if ev = step(u, in, platform.Event{Kind: platform.TouchUp, Pointer: 2, X: x, Y: y}); ev.Kind != None {
		t.Fatalf("the closing tap also reached the menu: %+v", ev)
	}
	// a mouse click outside closes too
	u.Open(info)
	ev = step(u, in, platform.Event{Kind: platform.MouseDown, X: 1, Y: 1})
	if ev.Kind != Cancelled || u.IsOpen(info) {
		t.Fatalf("click outside: %+v", ev)
	}
	step(u, in, platform.Event{Kind: platform.MouseUp, X: 1, Y: 1})
}

// TestWrap: every wrapped line fits (a word wider than the line is
// broken), and the lines hold the text's characters in order.
func TestWrap(t *testing.T) {
	f := raster.DefaultFont()
	rng := rand.New(rand.NewPCG(3, 4))
	words := []string{"a", "tank", "rolls", "over", "the", "hill", "supercalifragilistic", "maps/level/one.tmx:", "\n"}
	squash := func(s string) string { return strings.Join(strings.Fields(s), "") }
	for i := 0; i < 500; i++ {
		var s []byte
		for range rng.IntN(20) {
			s = append(s, words[rng.IntN(len(words))]...)
			s = append(s, "  "[:1+rng.IntN(2)]...)
		}
		maxW := 7 * (3 + rng.IntN(30))
		var got []string
		n := 0
		eachLine(f, string(s), maxW, func(line string) {
			n++
			if w, _ := f.Measure(line); w > maxW {
				t.Fatalf("%q: line %q is %d wide, over %d", s, line, w, maxW)
			}
			got = append(got, line)
		})
		if g, want := squash(strings.Join(got, "")), squash(string(s)); g != want {
			t.Fatalf("%q at %d: lines %q lose or reorder characters", s, maxW, got)
		}
		if _, h := measureText(f, string(s), maxW); len(s) > 0 && h != n*f.LineHeight() {
			t.Fatalf("measured %d high for %d lines", h, n)
		}
	}
	// A long path breaks after a '/' that fits.
	var path []string
	eachLine(f, "open /very/long/path/map.tmx: bad", 70, func(l string) { path = append(path, l) })
	if got := strings.Join(path, "|"); got != "open|/very/|long/path/|map.tmx:|bad" {
		t.Errorf("path wrapped as %q", got)
	}
	// the exact breaks of one sentence at 10 characters
	var lines []string
	eachLine(f, "Enemy tanks are closing in from the north", 70, func(l string) { lines = append(lines, l) })
	if got := strings.Join(lines, "|"); got != "Enemy|tanks are|closing in|from the|north" {
		t.Fatalf("wrapped as %q", got)
	}
}
