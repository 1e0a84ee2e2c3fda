package ui

import (
	"flag"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"testing"

	"diorama/platform"
	"diorama/raster"
	"diorama/raster/rastertest"

	"golang.org/x/image/font/gofont/goregular"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// backdrop is a checkerboard "game" under the UI, so translucency shows.
func backdrop(f *raster.Frame) {
	for y := 0; y < f.H(); y++ {
		for x := 0; x < f.W(); x++ {
			c := color.RGBA{40, 90, 60, 255}
			if (x/8+y/8)%2 == 0 {
				c = color.RGBA{60, 120, 80, 255}
			}
			f.SetRGBA(x, y, c)
		}
	}
}

func render(t testing.TB, u *UI) *raster.Frame {
	t.Helper()
	f, err := raster.NewFrame(u.W, u.H)
	if err != nil {
		t.Fatal(err)
	}
	backdrop(f)
	l := raster.NewDrawList()
	u.Draw(l, 0)
	l.Draw(f)
	return f
}

func golden(t *testing.T, name string, u *UI) {
	t.Helper()
	rastertest.Golden(t, filepath.Join("testdata", name+".png"), render(t, u), *update)
}

// step runs one tick: push the events, Update, end the tick.
func step(u *UI, in *platform.Input, evs ...platform.Event) Event {
	for _, e := range evs {
		in.Push(e)
	}
	ev := u.Update(in)
	in.EndTick()
	return ev
}

func key(k platform.Key) []platform.Event {
	return []platform.Event{{Kind: platform.KeyDown, Key: k}, {Kind: platform.KeyUp, Key: k}}
}

func center(w *Widget) (float64, float64) {
	c := w.Rect().Min.Add(w.Rect().Max).Div(2)
	return float64(c.X), float64(c.Y)
}

func TestGoldenLabel(t *testing.T) {
	u := New(140, 60, DefaultTheme())
	u.Open(&Panel{Root: Label("Score 1200\nWave 3"), Anchor: TopLeft})
	golden(t, "label", u)
}

func TestGoldenButtonStates(t *testing.T) {
	for _, state := range []string{"normal", "focused", "pressed", "disabled"} {
		t.Run(state, func(t *testing.T) {
			u := New(120, 50, DefaultTheme())
			b := Button(1, "Start")
			other := Button(2, "x") // holds focus in the normal state
			p := &Panel{Root: Column(b), Anchor: Center}
			u.Open(&Panel{Root: other, Hidden: true})
			u.Open(p)
			in := platform.NewInput(u.W, u.H)
			switch state {
			case "normal":
				u.SetFocus(other)
			case "focused":
				u.SetFocus(b)
			case "pressed":
				step(u, in)
				x, y := center(b)
				step(u, in, platform.Event{Kind: platform.MouseDown, X: x, Y: y})
				if u.Pressed() != b {
					t.Fatal("mouse press did not press the button")
				}
			case "disabled":
				b.Disabled = true
			}
			golden(t, "button_"+state, u)
		})
	}
}

func TestGoldenMenu(t *testing.T) {
	m := func() (*UI, *Panel, *platform.Input) {
		u := New(240, 160, DefaultTheme())
		p := Menu("PAUSED", "Resume", "Options", "Quit to menu")
		u.Open(p)
		return u, p, platform.NewInput(u.W, u.H)
	}
	t.Run("first", func(t *testing.T) {
		u, _, _ := m()
		golden(t, "menu", u)
	})
	t.Run("hover", func(t *testing.T) {
		u, p, in := m()
		x, y := center(p.Root.Children()[1])
		step(u, in, platform.Event{Kind: platform.MouseMove, X: x, Y: y})
		golden(t, "menu_hover", u)
	})
	t.Run("disabled", func(t *testing.T) {
		u, p, _ := m()
		p.Root.Children()[1].Disabled = true
		golden(t, "menu_disabled", u)
	})
}

func TestGoldenMessageBox(t *testing.T) {
	u := New(280, 140, DefaultTheme())
	u.Open(MessageBox("Level cleared", "Both waves down.\nOn to the next map?", "Next", "Stay"))
	golden(t, "messagebox", u)
}

func TestGoldenPopupOverMenu(t *testing.T) {
	u := New(280, 180, DefaultTheme())
	menu := Menu("DIORAMA", "Play", "Options", "Quit")
	u.Open(menu)
	in := platform.NewInput(u.W, u.H)
	step(u, in, key(platform.KeyArrowDown)...)
	step(u, in, key(platform.KeyArrowDown)...)
	u.Open(MessageBox("Quit?", "Leave the game?", "Yes", "No"))
	golden(t, "popup_over_menu", u)
}

func TestGoldenToastMidFade(t *testing.T) {
	th := DefaultTheme()
	th.ToastFade = 20
	u := New(200, 90, th)
	u.Toast("Shells +10", 60)
	u.Toast("Door unlocked", 100)
	for range 50 {
		u.Update(nil)
	}
	if a := u.toasts[0].alpha(20); a != 127 {
		t.Fatalf("first toast alpha %d after 50 of 60 ticks, want 127", a)
	}
	golden(t, "toast_midfade", u)
}

func TestGoldenBubble(t *testing.T) {
	u := New(300, 160, DefaultTheme())
	u.Open(Bubble("Enemy spotted!", image.Pt(70, 90)))
	u.Open(Bubble("Hold the bridge until the convoy is across, then fall back", image.Pt(200, 150))) // wrapped
	// no room above: below, clamped right
	u.Open(Bubble("Near the top", image.Pt(285, 12)))
	f := render(t, u)
	// the tails' tips are drawn at the points
	for _, p := range []image.Point{{70, 89}, {285, 13}, {200, 149}} {
		if c := f.RGBAAt(p.X, p.Y); c == (color.RGBA{40, 90, 60, 255}) || c == (color.RGBA{60, 120, 80, 255}) {
			t.Errorf("nothing drawn at the tail tip %v", p)
		}
	}
	rastertest.Golden(t, filepath.Join("testdata", "bubble.png"), f, *update)
}

func TestGoldenAnchors(t *testing.T) {
	u := New(320, 200, DefaultTheme())
	names := [...]string{"C", "TL", "T", "TR", "L", "R", "BL", "B", "BR"}
	for a := Center; a <= BottomRight; a++ {
		u.Open(&Panel{Root: Label(names[a]), Anchor: a})
	}
	for _, p := range u.Panels() {
		p.layout(&u.Theme, u.W, u.H)
	}
	m := u.Theme.Margin
	ps := u.Panels()
	if ps[TopLeft].Rect().Min != image.Pt(m, m) || ps[BottomRight].Rect().Max != image.Pt(u.W-m, u.H-m) {
		t.Errorf("corner panels at %v and %v, want %d from the edges", ps[TopLeft].Rect(), ps[BottomRight].Rect(), m)
	}
	golden(t, "anchors", u)
}

func TestGoldenOpenType(t *testing.T) {
	f, err := raster.ParseOpenType("goregular.ttf", goregular.TTF, 15)
	if err != nil {
		t.Fatal(err)
	}
	th := DefaultTheme()
	th.Font = f
	u := New(240, 150, th)
	u.Open(Menu("Options", "Sound: on", "Music: off", "Back"))
	golden(t, "menu_opentype", u)
}

// levelList is a scrolling list of 10 levels showing about 4 rows.
func levelList() (*UI, *Panel, *platform.Input) {
	u := New(240, 170, DefaultTheme())
	col := Column()
	for i := range 10 {
		col.Add(Button(i, "Level "+string(rune('0'+i))))
	}
	col.MaxH = 100
	p := &Panel{Title: "Choose a level", Root: col}
	u.Open(p)
	return u, p, platform.NewInput(u.W, u.H)
}

func TestGoldenList(t *testing.T) {
	t.Run("top", func(t *testing.T) {
		u, _, _ := levelList()
		golden(t, "list_top", u)
	})
	t.Run("scrolled", func(t *testing.T) {
		u, _, in := levelList()
		for range 6 {
			step(u, in, key(platform.KeyArrowDown)...)
		}
		golden(t, "list_scrolled", u)
	})
}

// icon is a 12×12 red disc with a light rim, drawn in code.
func icon() *raster.Sprite {
	img := image.NewNRGBA(image.Rect(0, 0, 12, 12))
	for y := 0; y < 12; y++ {
		for x := 0; x < 12; x++ {
			dx, dy := float64(x)-5.5, float64(y)-5.5
			switch d := dx*dx + dy*dy; {
			case d < 20:
				img.SetNRGBA(x, y, color.NRGBA{220, 40, 50, 255})
			case d < 36:
				img.SetNRGBA(x, y, color.NRGBA{255, 200, 200, 255})
			}
		}
	}
	return raster.MustSprite(img)
}

func TestGoldenImageRow(t *testing.T) {
	u := New(160, 90, DefaultTheme())
	hp := Row(Image(icon()), Label("87 / 100"))
	lives := Row(Image(icon()), Label("x3"))
	lives.Align = AlignStart
	right := Label("right")
	right.Align = AlignEnd
	u.Open(&Panel{Root: Column(hp, lives, right), Anchor: BottomLeft})
	u.Update(nil)
	if r := hp.Children()[0].Rect(); r.Dx() != 12 || r.Dy() != 13 {
		t.Fatalf("icon placed at %v, want 12 wide and the row's 13 high", r)
	}
	golden(t, "image_row", u)
}

// Bars: filled from the left to Value (rounded to whole pixels inside a
// one-pixel track border), clamped to 0..1, NaN empty; Fill overrides the
// theme's colour.
func TestBar(t *testing.T) {
	th := DefaultTheme()
	u := New(200, 80, th)
	half, full, none, over, nan := Bar(102, 8), Bar(102, 8), Bar(102, 8), Bar(102, 8), Bar(102, 8)
	half.Value, full.Value, over.Value, nan.Value = 0.5, 1, 7, math.NaN()
	red := color.RGBA{200, 0, 0, 255}
	full.Fill = red
	u.Open(&Panel{Root: Column(half, full, none, over, nan), Anchor: TopLeft})
	f, err := raster.NewFrame(200, 80)
	if err != nil {
		t.Fatal(err)
	}
	l := raster.NewDrawList()
	u.Draw(l, 0)
	l.Draw(f)
	at := func(w *Widget, x int) color.RGBA {
		r := w.Rect()
		return f.RGBAAt(r.Min.X+x, r.Min.Y+r.Dy()/2)
	}
	for _, c := range []struct {
		w    *Widget
		x    int
		want color.RGBA
	}{
		{half, 1, th.Bar}, {half, 50, th.Bar}, {half, 51, th.Button}, {half, 100, th.Button},
		{full, 1, red}, {full, 100, red}, {full, 101, th.Button},
		{none, 1, th.Button}, {over, 100, th.Bar}, {nan, 1, th.Button},
	} {
		if got := at(c.w, c.x); got != c.want {
			t.Errorf("bar %v at x=%d: %v, want %v", c.w.Value, c.x, got, c.want)
		}
	}
	if r := half.Rect(); r.Dx() != 102 || r.Dy() != 8 {
		t.Errorf("bar laid out %v, want 102×8", r)
	}
}

// Draw returns the depth above everything it drew: a second UI drawn from
// there covers the first, toasts included.
func TestDrawReturnsDepthAbove(t *testing.T) {
	under, over := DefaultTheme(), DefaultTheme()
	over.Panel = color.RGBA{0, 0, 200, 255}
	a, b := New(120, 60, under), New(120, 60, over)
	a.Open(Menu("A", "one", "two"))
	a.Toast("toast", 60)
	b.Open(&Panel{Root: Column(Bar(110, 50)), Anchor: Center})
	b.Panels()[0].Root.Children()[0].Value = 0
	l := raster.NewDrawList()
	next := a.Draw(l, 7)
	if next <= 7 {
		t.Fatalf("Draw returned %d from 7", next)
	}
	b.Draw(l, next)
	f, err := raster.NewFrame(120, 60)
	if err != nil {
		t.Fatal(err)
	}
	l.Draw(f)
	r := b.Panels()[0].Rect()
	if got := f.RGBAAt(r.Min.X+2, r.Min.Y+2); got == f.RGBAAt(0, 0) {
		t.Fatalf("the second UI's panel is not on top: %v", got)
	}
	c := b.Panels()[0].Root.Children()[0].Rect().Inset(2)
	for y := c.Min.Y; y < c.Max.Y; y++ {
		for x := c.Min.X; x < c.Max.X; x++ {
			if got := f.RGBAAt(x, y); got != over.Button {
				t.Fatalf("(%d,%d) shows %v, want the bar's track %v over the first UI", x, y, got, over.Button)
			}
		}
	}
}

// A panel with its own theme is drawn, and laid out, in it; the others
// keep the UI's.
func TestPanelTheme(t *testing.T) {
	th := DefaultTheme()
	th.Panel = color.RGBA{20, 24, 35, 255}
	u := New(240, 100, th)
	red := DefaultTheme()
	red.Panel, red.Text, red.PanelPad = color.RGBA{140, 20, 20, 255}, color.RGBA{255, 255, 0, 255}, 12
	plain := &Panel{Root: Label("plain"), Anchor: TopLeft}
	errBox := &Panel{Root: Label("plain"), Anchor: BottomRight, Theme: &red}
	u.Open(plain)
	u.Open(errBox)
	f := render(t, u)
	inside := func(p *Panel) color.RGBA { r := p.Rect(); return f.RGBAAt(r.Min.X+2, r.Min.Y+2) }
	if got := inside(plain); got != u.Theme.Panel {
		t.Errorf("plain panel %v, want the UI's %v", got, u.Theme.Panel)
	}
	if got := inside(errBox); got != red.Panel {
		t.Errorf("themed panel %v, want its own %v", got, red.Panel)
	}
	if dp, de := plain.Rect().Size(), errBox.Rect().Size(); de != dp.Add(image.Pt(2*(12-u.Theme.PanelPad), 2*(12-u.Theme.PanelPad))) {
		t.Errorf("themed panel %v, plain %v: want the padding of its theme", de, dp)
	}
	yellow := false
	r := errBox.Rect()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			yellow = yellow || f.RGBAAt(x, y) == red.Text
		}
	}
	if !yellow {
		t.Error("themed panel's text not in its theme's colour")
	}
}
