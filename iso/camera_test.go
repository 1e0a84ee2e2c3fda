package iso

import (
	"math"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

func TestCameraOriginAndMapping(t *testing.T) {
	c := NewCamera(800, 480)
	c.Center = mathx.V2(1000.5, 300.25)
	c.SetZoom(3)
	// round(1000.5·3 = 3001.5) = 3002; round(900.75) = 901.
	if o := c.Origin(); o != mathx.Pt(3002-400, 901-240) {
		t.Fatalf("origin %v", o)
	}
	// Every screen pixel maps to the map pixel whose zoomed square holds it.
	for sy := 0; sy < 480; sy += 7 {
		for sx := 0; sx < 800; sx += 5 {
			m := c.ScreenToMapPixel(sx, sy)
			s := c.MapPixelToScreen(m)
			if sx < s.X || sx >= s.X+3 || sy < s.Y || sy >= s.Y+3 {
				t.Fatalf("screen (%d,%d) → map %v drawn at %v", sx, sy, m, s)
			}
			if f := c.ScreenToMap(mathx.V2(float64(sx)+0.5, float64(sy)+0.5)); mathx.Floor(f) != m {
				t.Fatalf("ScreenToMap disagrees at (%d,%d): %v vs %v", sx, sy, f, m)
			}
		}
	}
	v := c.View()
	if v.Min != c.ScreenToMapPixel(0, 0) || v.Max != c.ScreenToMapPixel(799, 479).Add(mathx.Pt(1, 1)) {
		t.Fatalf("view %v", v)
	}
	back := c.ScreenToMap(c.MapToScreen(mathx.V2(1234.5, 77.25)))
	if !back.ApproxEqual(mathx.V2(1234.5, 77.25), 1e-9) {
		t.Fatalf("MapToScreen round trip %v", back)
	}
	c.SetZoom(99)
	if c.Zoom != MaxZoom {
		t.Fatalf("zoom %d", c.Zoom)
	}
}

func TestCameraFollowDeadZoneAndSmoothing(t *testing.T) {
	c := NewCamera(200, 100)
	c.SetZoom(2)
	c.DeadZone = mathx.V2(20, 10) // screen pixels: 10×5 map pixels
	c.Follow(mathx.V2(8, -4))     // inside the dead zone: no move
	if c.Center != (mathx.Vec2{}) {
		t.Fatalf("moved inside dead zone: %v", c.Center)
	}
	c.Follow(mathx.V2(30, 0)) // snap: target on the dead zone's right edge
	if c.Center != mathx.V2(20, 0) {
		t.Fatalf("snap follow: %v", c.Center)
	}
	c.Smooth = 0.5
	c.Follow(mathx.V2(50, 0)) // goal 40: half way from 20
	if c.Center != mathx.V2(30, 0) {
		t.Fatalf("smooth follow: %v", c.Center)
	}
	for k := 0; k < 100; k++ {
		c.Follow(mathx.V2(50, 0))
	}
	if c.Center != mathx.V2(40, 0) {
		t.Fatalf("smooth follow does not settle exactly: %v", c.Center)
	}
	c.Follow(mathx.V2(math.NaN(), 0))
	c.Pan(mathx.V2(math.Inf(1), 0))
	if c.Center != mathx.V2(40, 0) {
		t.Fatalf("non-finite input moved the camera: %v", c.Center)
	}
}

func TestCameraClamp(t *testing.T) {
	g, _ := NewDiamond(Projection{64, 32, 32}, 30, 30) // 1920×960 map pixels
	c := NewCamera(800, 480)
	c.Limits = g.Bounds()
	c.Pan(mathx.V2(-5000, -5000))
	if c.Center != mathx.V2(400, 240) || c.View().Min != mathx.Pt(0, 0) {
		t.Fatalf("clamped to %v view %v", c.Center, c.View())
	}
	c.Follow(mathx.V2(1e6, 1e6))
	if v := c.View(); v.Max != mathx.Pt(1920, 960) {
		t.Fatalf("view %v", v)
	}
	// Zoomed out so the map is smaller than the view: centred.
	c2 := NewCamera(4000, 480)
	c2.Limits = g.Bounds()
	c2.Pan(mathx.V2(77, 0))
	if c2.Center.X != 960 {
		t.Fatalf("small map not centred: %v", c2.Center)
	}
	// Zoom keeps the centre and halves the visible map area.
	c.SetZoom(2)
	if v := c.View(); v != mathx.R(1320, 600, 1720, 840) {
		t.Fatalf("zoomed view %v", v)
	}
}

func TestCameraFollowDoesNotAllocate(t *testing.T) {
	c := NewCamera(800, 480)
	c.Smooth = 0.2
	c.DeadZone = mathx.V2(30, 20)
	x := 0.0
	if n := testenv.AllocsOver(1000, func() { x += 3; c.Follow(mathx.V2(x, x/2)); _ = c.View() }); n != 0 {
		t.Fatalf("%v allocs in 1000 follows", n)
	}
}

// Absurd inputs never panic and stay finite.
func TestHugeInputs(t *testing.T) {
	p := Projection{64, 32, 32}
	for _, v := range []int{math.MaxInt, math.MinInt, min(1<<50, math.MaxInt/2)} {
		p.PixelCell(v, -v, v)
		g, _ := NewDiamond(p, 10, 10)
		g.PickPixel(v, v, 0)
		g.AppendVisible(nil, mathx.R(-v, -v, v, v), Overdraw{Up: 1 << 20})
	}
	c := NewCamera(800, 480)
	c.Center = mathx.V2(1e300, -1e300)
	o := c.Origin()
	if int64(o.X) > 1<<41 || int64(o.Y) < -(1<<41) {
		t.Fatalf("origin %v", o)
	}
	_ = c.View()
}
