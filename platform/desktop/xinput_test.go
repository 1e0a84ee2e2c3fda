//go:build cgo && !android && !js && !ios

package desktop

import (
	"fmt"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"diorama/internal/testenv"
	"diorama/platform"
)

// TestRealXInput sends real X input events with xdotool (XTEST) to the
// window: they travel X server → GLFW → the window's callbacks → engine
// events, and must arrive in frame coordinates.
func TestRealXInput(t *testing.T) {
	needDisplay(t)
	xdo := testenv.Tool(t, "xdotool", "./scripts/deps.sh xvfb installs it")
	var errs []string
	fail := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	onMain(func() {
		win, err := openWindow(platform.Config{Width: 320, Height: 240, WindowScale: 2, NoVSync: true})
		if err != nil {
			fail("%v", err)
			return
		}
		defer win.Close()
		in := platform.NewInput(320, 240)
		win.Attach(in)
		win.win.SetPos(40, 30)
		waitSize(win, 640, 480)
		for i := 0; i < 20; i++ { // let the position settle
			win.PollEvents()
			if x, y := win.win.GetPos(); x == 40 && y == 30 {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		wx, wy := win.win.GetPos()
		in.EndTick()
		// Root position of window pixel (101, 51) is frame (50.5, 25.5):
		// GLFW reports the pixel's integer position, so expect (50.5, 25.5).
		rx, ry := wx+101, wy+51
		cmd := exec.Command(xdo, "mousemove", strconv.Itoa(rx), strconv.Itoa(ry), "sleep", "0.1",
			"mousedown", "3", "mouseup", "3", "key", "--clearmodifiers", "d")
		if out, err := cmd.CombinedOutput(); err != nil {
			fail("xdotool: %v %s", err, out)
			return
		}
		var sawMove, sawDown, sawUp, sawKey bool
		var mx, my float64
		for i := 0; i < 1000 && !(sawMove && sawDown && sawUp && sawKey); i++ { // at most 10 s
			win.PollEvents()
			for _, ev := range in.Events() {
				switch {
				case ev.Kind == platform.MouseMove:
					sawMove, mx, my = true, ev.X, ev.Y
				case ev.Kind == platform.MouseDown && ev.Button == platform.MouseRight:
					sawDown = true
				case ev.Kind == platform.MouseUp && ev.Button == platform.MouseRight:
					sawUp = true
				case ev.Kind == platform.KeyDown && ev.Key == platform.KeyD:
					sawKey = true
				}
			}
			time.Sleep(10 * time.Millisecond)
		}
		if !sawMove || mx != 50.5 || my != 25.5 {
			fail("mouse move: seen %v at (%g,%g), want (50.5,25.5); window at %d,%d", sawMove, mx, my, wx, wy)
		}
		if !sawDown || !sawUp {
			fail("right button: down %v up %v", sawDown, sawUp)
		}
		if !sawKey {
			fail("key D not seen")
		}
	})
	for _, e := range errs {
		t.Error(e)
	}
}
