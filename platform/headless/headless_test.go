package headless

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/platform"
	"diorama/raster"
)

// mover is a tiny game: a 2×2 dot moved by held arrow keys (1 px a tick),
// by the left thumbstick (Value × 2 px a tick, rounded), placed by a left
// click, red while gamepad 0's A is held. Escape quits.
type mover struct {
	x, y     float64
	red      bool
	stick    platform.Thumbstick
	dummy    platform.Thumbstick
	ticks    int
	lastDraw int
}

func newMover() *mover {
	m := &mover{x: 10, y: 10}
	m.stick, m.dummy = platform.TwinSticks(64, 48, 8)
	return m
}

func (m *mover) Update(in *platform.Input) error {
	m.ticks++
	if in.KeyPressed(platform.KeyEscape) {
		return platform.ErrQuit
	}
	if in.KeyDown(platform.KeyArrowRight) {
		m.x++
	}
	if in.KeyDown(platform.KeyArrowDown) {
		m.y++
	}
	if in.MousePressed(platform.MouseRight) {
		mo := in.Mouse()
		m.x, m.y = math.Floor(mo.X), math.Floor(mo.Y)
	}
	m.stick.Update(in)
	v := m.stick.Value()
	m.x += math.Round(v.X * 2)
	m.y += math.Round(v.Y * 2)
	m.red = in.Gamepad(0).Down(platform.PadA)
	return nil
}

func (m *mover) Draw(f *raster.Frame, alpha float64) {
	m.lastDraw = m.ticks
	f.Clear(color.RGBA{0, 0, 80, 255})
	c := color.RGBA{255, 255, 255, 255}
	if m.red {
		c = color.RGBA{255, 0, 0, 255}
	}
	for dy := 0; dy < 2; dy++ {
		for dx := 0; dx < 2; dx++ {
			f.SetRGBA(int(m.x)+dx, int(m.y)+dy, c)
		}
	}
}

const testScript = `
# hold right for 5 ticks, then down for 3
0 keydown ArrowRight
5 keyup ArrowRight
5 keydown ArrowDown
8 keyup ArrowDown
# right-click teleports to (40.7, 30.2) -> (40, 30)
10 mousedown right 40.7 30.2
11 mouseup right 40.7 30.2
# a finger on the left half drags the stick fully left: 2 px a tick
12 touchdown 3 20 20
12 touchmove 3 0 20
15 touchup 3 0 20
16 pad 0 0 0 0 0 0 0 A
`

func TestScriptedRun(t *testing.T) {
	s, err := ParseScript("test", testScript)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var gifBuf bytes.Buffer
	m := newMover()
	res, err := Run(m, platform.Config{Width: 64, Height: 48},
		Options{Ticks: 18, Script: s, SnapshotDir: dir, SnapshotTicks: []int{4, 17}, GIF: &gifBuf, DrawEvery: 3})
	if err != nil {
		t.Fatal(err)
	}
	// 5 right, 3 down -> (15,13); teleport -> (40,30); stick held for ticks 12,13,14 -> x 34.
	if m.x != 34 || m.y != 30 || !m.red || res.Ticks != 18 {
		t.Fatalf("dot at (%g,%g) red %v after %d ticks", m.x, m.y, m.red, res.Ticks)
	}
	// Frames after ticks 2,5,8,11,14,17 plus the snapshot at tick 4.
	if res.Frames != 7 || m.lastDraw != 18 {
		t.Fatalf("%d frames, last drawn at tick %d", res.Frames, m.lastDraw)
	}
	if want := []string{filepath.Join(dir, "tick-000004.png"), filepath.Join(dir, "tick-000017.png")}; strings.Join(res.Snapshots, ",") != strings.Join(want, ",") {
		t.Fatalf("snapshots %v", res.Snapshots)
	}
	// The last snapshot is the final frame, byte for byte.
	img := decodePNG(t, res.Snapshots[1])
	if !bytes.Equal(img.Pix, res.Frame.Pix) {
		t.Fatal("snapshot differs from the frame")
	}
	if got := img.RGBAAt(34, 30); got != (color.RGBA{255, 0, 0, 255}) {
		t.Fatalf("dot pixel %v", got)
	}
	snap4 := decodePNG(t, res.Snapshots[0]) // after tick 4: five steps right of 10
	if snap4.RGBAAt(15, 10) != (color.RGBA{255, 255, 255, 255}) || snap4.RGBAAt(14, 10) != (color.RGBA{0, 0, 80, 255}) {
		t.Fatal("tick-4 snapshot shows the dot in the wrong place")
	}
	g, err := gif.DecodeAll(&gifBuf)
	if err != nil {
		t.Fatal(err)
	}
	// The GIF holds the frames after ticks 2,5,8,11,14,17 (the snapshot
	// at tick 4 is not one); each lasts 3 ticks of 60: 5 cs.
	if len(g.Image) != 6 || g.Config.Width != 64 || g.Config.Height != 48 || fmt.Sprint(g.Delay) != "[5 5 5 5 5 5]" {
		t.Fatalf("GIF has %d frames of %dx%d, delays %v", len(g.Image), g.Config.Width, g.Config.Height, g.Delay)
	}
	// The last GIF frame as shown is the final frame (few colours: exact).
	canvas := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for _, pm := range g.Image {
		draw.Draw(canvas, pm.Bounds(), pm, pm.Bounds().Min, draw.Over)
	}
	if !bytes.Equal(canvas.Pix, res.Frame.Pix) {
		t.Fatal("last GIF frame differs from the final frame")
	}
}

func decodePNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(im.Bounds())
	for y := 0; y < out.Rect.Dy(); y++ {
		for x := 0; x < out.Rect.Dx(); x++ {
			out.Set(x, y, im.At(x, y))
		}
	}
	return out
}

func TestQuitAndErrors(t *testing.T) {
	s, _ := ParseScript("q", "3 keydown Escape")
	m := newMover()
	res, err := Run(m, platform.Config{Width: 64, Height: 48}, Options{Ticks: 100, Script: s})
	if err != nil || res.Ticks != 4 || res.Frames != 3 {
		t.Fatalf("quit: err %v, %d ticks, %d frames", err, res.Ticks, res.Frames)
	}
	bad := []Options{{Ticks: 0}, {Ticks: 1, DrawEvery: -1}, {Ticks: 1, SnapshotTicks: []int{0}}}
	for _, o := range bad {
		if _, err := Run(m, platform.Config{}, o); err == nil {
			t.Errorf("options %+v accepted", o)
		}
	}
	if _, err := Run(m, platform.Config{Width: -5, Height: 5}, Options{Ticks: 1}); err == nil {
		t.Error("bad config accepted")
	}
}

func TestParseScript(t *testing.T) {
	s, err := ParseScript("s", "9 unpad 1\n2 pad 1 0.5 -0.25 0 0 1 0 A,Start\n2 wheel 0 -1\n1 focuslost\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(s) != 4 || s[0].Event.Kind != platform.FocusLost || !s[1].IsPad || s[1].Pad != 1 ||
		s[1].Raw.Axes != [platform.AxisCount]float64{0.5, -0.25, 0, 0, 1, 0} ||
		!s[1].Raw.Buttons[platform.PadA] || !s[1].Raw.Buttons[platform.PadStart] || s[1].Raw.Buttons[platform.PadB] ||
		s[2].Event != (platform.Event{Kind: platform.MouseWheel, Pointer: platform.MousePointer, DY: -1}) ||
		!s[3].IsPad || s[3].Raw.Connected || s[3].Tick != 9 {
		t.Fatalf("parsed %+v", s)
	}
	bad := map[string]string{
		"x keydown A":              "s:1: tick",
		"\n\n3 keydown Nope":       "s:3: unknown key",
		"1 jump":                   "s:1: unknown verb",
		"1 mousedown up 1 2":       "s:1: unknown mouse button",
		"1 mousemove 1":            "s:1: mousemove takes 2",
		"1 mousemove 1 NaN":        "s:1: mousemove: argument \"NaN\"",
		"1 touchdown -4 1 2":       "s:1: touchdown: pointer id",
		"1 pad 9 0 0 0 0 0 0":      "s:1: pad: gamepad index",
		"1 pad 0 0 0 0":            "s:1: pad takes",
		"1 pad 0 0 0 0 0 0 0 Q":    "s:1: unknown gamepad button",
		"1 focuslost now":          "s:1: focuslost takes 0",
		"-1 focuslost":             "s:1: tick",
		"1":                        "s:1: want",
		"99999999999999 focuslost": "s:1: tick",
		"1 wheel 1e300 0":          "s:1: wheel: argument",
	}
	for src, want := range bad {
		_, err := ParseScript("s", src)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: error %v, want prefix %q", src, err, want)
		}
	}
}

// LoadScript reads a script file of an fs.FS; its errors name the file
// and line, and a missing file is a load error naming it.
func TestLoadScript(t *testing.T) {
	fsys := fstest.MapFS{
		"in/ok.txt":  {Data: []byte("# press\n2 keydown Space\n1 keyup Space\n")},
		"in/bad.txt": {Data: []byte("1 keydown Space\n2 jump\n")},
	}
	s, err := LoadScript(fsys, "in/ok.txt")
	if err != nil || len(s) != 2 || s[0].Tick != 1 {
		t.Fatalf("LoadScript: %v %v", s, err)
	}
	if _, err := LoadScript(fsys, "in/bad.txt"); err == nil || !strings.HasPrefix(err.Error(), "in/bad.txt:2: unknown verb") {
		t.Errorf("bad script: error %v", err)
	}
	if _, err := LoadScript(fsys, "in/none.txt"); err == nil || !strings.HasPrefix(err.Error(), "in/none.txt: ") || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing script: error %v", err)
	}
}

func FuzzParseScript(f *testing.F) {
	f.Add(testScript)
	f.Add("1 pad 0 0 0 0 0 0 0 A,B\n2 unpad 0")
	f.Add("0 touchdown 1 2 3\n")
	f.Fuzz(func(t *testing.T, src string) {
		s, err := ParseScript("fuzz", src)
		if err != nil {
			if s != nil {
				t.Fatal("script returned with an error")
			}
			return
		}
		for i, st := range s {
			if st.Tick < 0 || i > 0 && st.Tick < s[i-1].Tick {
				t.Fatal("unsorted or negative ticks")
			}
			if st.IsPad && (st.Pad < 0 || st.Pad >= platform.MaxGamepads) {
				t.Fatal("bad pad index")
			}
		}
		// Whatever parses runs without panicking.
		if len(s) > 0 && s[len(s)-1].Tick < 50 {
			if _, err := Run(newMover(), platform.Config{Width: 64, Height: 48}, Options{Ticks: 50, Script: s}); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// tickColour paints its tick count, so every frame differs.
type tickColour struct{ t int }

func (g *tickColour) Update(*platform.Input) error { g.t++; return nil }
func (g *tickColour) Draw(f *raster.Frame, _ float64) {
	f.Clear(color.RGBA{uint8(g.t * 8), uint8(g.t >> 5 * 8), 90, 255}) // 15-bit distinct
}

// GIF frames come every GIFEvery ticks and the last tick, whatever
// DrawEvery is, and their delays add up to the ticks run.
func TestGIFTiming(t *testing.T) {
	for _, c := range []struct{ ticks, draw, every, frames int }{{1800, 2, 4, 450}, {601, 2, 4, 151}, {100, 3, 6, 17}, {50, 0, 0, 50}} {
		var buf bytes.Buffer
		drawn := 0
		res, err := Run(&tickColour{}, platform.Config{Width: 16, Height: 8, TPS: 60},
			Options{Ticks: c.ticks, DrawEvery: c.draw, GIF: &buf, GIFEvery: c.every, OnDraw: func(int, *raster.Frame) { drawn++ }})
		if err != nil {
			t.Fatal(err)
		}
		g, err := gif.DecodeAll(&buf)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0
		for _, d := range g.Delay {
			sum += d
		}
		if len(g.Image) != c.frames || sum*60 < c.ticks*100-30 || sum*60 > c.ticks*100+30 || drawn != res.Frames {
			t.Fatalf("%+v: %d GIF frames, delays add to %d cs (%d ticks at 60 TPS)", c, len(g.Image), sum, c.ticks)
		}
	}
	if _, err := Run(&tickColour{}, platform.Config{Width: 16, Height: 8}, Options{Ticks: 5, GIF: io.Discard, GIFEvery: -1}); err == nil {
		t.Fatal("negative GIFEvery accepted")
	}
}

// fpsGame reads the frame rate the clock reports.
type fpsGame struct{ fps float64 }

func (g *fpsGame) Update(in *platform.Input) error {
	if c := in.Clock(); c != nil {
		g.fps = c.Stats().FPS
	}
	return nil
}

func (g *fpsGame) Draw(*raster.Frame, float64) {}

// The clock's Stats count headless frames in simulated time: drawing
// every 2nd or 3rd tick at 60 TPS is 30 or 20 frames a second.
func TestClockStatsHeadless(t *testing.T) {
	for _, c := range []struct {
		every int
		fps   float64
	}{{2, 30}, {3, 20}} {
		g := &fpsGame{}
		if _, err := Run(g, platform.Config{Width: 8, Height: 8, TPS: 60}, Options{Ticks: 121, DrawEvery: c.every}); err != nil {
			t.Fatal(err)
		}
		if math.Abs(g.fps-c.fps) > 0.1 {
			t.Errorf("drawing every %d ticks: the clock says %.2f FPS, want %.0f", c.every, g.fps, c.fps)
		}
	}
}

// inputSeer notes the tick and place of every mouse press it sees.
type inputSeer struct {
	tick    int
	presses []string
}

func (g *inputSeer) Update(in *platform.Input) error {
	if in.MousePressed(platform.MouseLeft) {
		m := in.Mouse()
		g.presses = append(g.presses, fmt.Sprintf("%d@%v,%v", g.tick, m.X, m.Y))
	}
	g.tick++
	return nil
}

func (g *inputSeer) Draw(*raster.Frame, float64) {}

// Options.Input pushes input computed at run time before each tick: the
// game sees it on that tick.
func TestRunInputHook(t *testing.T) {
	g := &inputSeer{}
	_, err := Run(g, platform.Config{Width: 32, Height: 32, TPS: 60}, Options{Ticks: 10, Input: func(tick int, in *platform.Input) {
		switch tick {
		case 3:
			in.Push(platform.Event{Kind: platform.MouseDown, Button: platform.MouseLeft, Pointer: platform.MousePointer, X: float64(tick), Y: 7})
		case 4:
			in.Push(platform.Event{Kind: platform.MouseUp, Button: platform.MouseLeft, Pointer: platform.MousePointer, X: 3, Y: 7})
		}
	}})
	if err != nil || len(g.presses) != 1 || g.presses[0] != "3@3,7" {
		t.Fatalf("%v, presses %q", err, g.presses)
	}
}
