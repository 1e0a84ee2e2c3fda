package viewport

import (
	"math"
	"testing"

	"diorama/platform"
)

func TestFit(t *testing.T) {
	cases := []struct {
		name           string
		mode           platform.ScaleMode
		fw, fh, bw, bh int
		want           Viewport
	}{
		{"exact", platform.ScaleInteger, 800, 480, 800, 480, Viewport{0, 0, 800, 480, 800, 480}},
		{"int2 letterbox x", platform.ScaleInteger, 800, 480, 1920, 1080, Viewport{160, 60, 1600, 960, 800, 480}},
		{"int1 with bars", platform.ScaleInteger, 320, 240, 639, 479, Viewport{159, 119, 320, 240, 320, 240}},
		{"int3 pillar", platform.ScaleInteger, 320, 240, 1000, 720, Viewport{20, 0, 960, 720, 320, 240}},
		{"int falls back to fit", platform.ScaleInteger, 800, 480, 400, 400, Viewport{0, 80, 400, 240, 800, 480}},
		{"fit wide", platform.ScaleFit, 800, 480, 1920, 1080, Viewport{60, 0, 1800, 1080, 800, 480}},
		{"fit tall", platform.ScaleFit, 800, 480, 1000, 1000, Viewport{0, 200, 1000, 600, 800, 480}},
		{"stretch", platform.ScaleStretch, 800, 480, 1000, 1000, Viewport{0, 0, 1000, 1000, 800, 480}},
		{"zero fb", platform.ScaleInteger, 800, 480, 0, 100, Viewport{}},
		{"negative frame", platform.ScaleFit, -1, 480, 100, 100, Viewport{}},
	}
	for _, c := range cases {
		if got := Fit(c.mode, c.fw, c.fh, c.bw, c.bh); got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

func TestViewportMapping(t *testing.T) {
	// 320×240 frame in a 1000×720 window at scale 3, 20 px pillar bars.
	v := Fit(platform.ScaleInteger, 320, 240, 1000, 720)
	cases := []struct {
		px, py, fx, fy float64
		inside         bool
	}{
		{20, 0, 0, 0, true},
		{23, 3, 1, 1, true},
		{22.9, 2.9, 2.9 / 3, 2.9 / 3, true},
		{19, 0, -1.0 / 3, 0, false}, // in the left bar
		{979, 719, 959.0 / 3, 719.0 / 3, true},
		{980, 100, 320, 100.0 / 3, false}, // right bar starts at 980
		{500, 360, 160, 120, true},        // window centre is frame centre
	}
	for _, c := range cases {
		fx, fy, in := v.ToFrame(c.px, c.py)
		if math.Abs(fx-c.fx) > 1e-9 || math.Abs(fy-c.fy) > 1e-9 || in != c.inside {
			t.Errorf("ToFrame(%g,%g) = (%g,%g,%v), want (%g,%g,%v)", c.px, c.py, fx, fy, in, c.fx, c.fy, c.inside)
		}
		px, py := v.FromFrame(c.fx, c.fy)
		if math.Abs(px-c.px) > 1e-9 || math.Abs(py-c.py) > 1e-9 {
			t.Errorf("FromFrame(%g,%g) = (%g,%g), want (%g,%g)", c.fx, c.fy, px, py, c.px, c.py)
		}
	}
	// High-DPI: a 500×360 window with a 1000×720 framebuffer.
	fx, fy, in := v.WindowToFrame(250, 180, 500, 360, 1000, 720)
	if fx != 160 || fy != 120 || !in {
		t.Errorf("WindowToFrame centre = (%g,%g,%v)", fx, fy, in)
	}
	if _, _, in := (Viewport{}).ToFrame(1, 1); in {
		t.Error("zero viewport maps a point inside")
	}
}

// Property: in integer mode every frame pixel covers exactly s×s window
// pixels, and the frame is centred to within one pixel.
func TestIntegerScaleProperty(t *testing.T) {
	for fw := 1; fw <= 40; fw += 3 {
		for fh := 1; fh <= 30; fh += 4 {
			for bw := fw; bw <= 130; bw += 7 {
				for bh := fh; bh <= 100; bh += 9 {
					v := Fit(platform.ScaleInteger, fw, fh, bw, bh)
					s := v.W / fw
					if s < 1 || v.W != s*fw || v.H != s*fh || (s+1)*fw <= bw && (s+1)*fh <= bh {
						t.Fatalf("%dx%d in %dx%d: %v is not the largest integer scale", fw, fh, bw, bh, v)
					}
					if l, r := v.X, bw-v.X-v.W; l < 0 || r < 0 || r-l > 1 || l > r {
						t.Fatalf("%dx%d in %dx%d: %v not centred (bars %d, %d)", fw, fh, bw, bh, v, l, r)
					}
				}
			}
		}
	}
}

// A 800×480 frame in a 1920×1080 window: integer scale 2 with bars, and a
// click mapped back to frame coordinates.
func TestFitPrinted(t *testing.T) {
	v := Fit(platform.ScaleInteger, 800, 480, 1920, 1080)
	if got, want := v.String(), "800x480 frame at (160,60) size 1600x960"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if x, y, inside := v.ToFrame(960, 540); x != 400 || y != 240 || !inside {
		t.Errorf("ToFrame(960, 540) = %g, %g, %v; want 400, 240, true", x, y, inside)
	}
}
