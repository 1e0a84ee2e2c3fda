package testgame

import (
	"image/color"

	"diorama/mathx"
	"diorama/platform"
	"diorama/raster"
)

// Game is the test game. Its zero value is not ready: use New.
type Game struct {
	Seed        uint64
	W, H        int
	Ticks       int
	Left, Right platform.Thumbstick
	Cursor      mathx.Vec2 // last pointer position, frame coordinates
	HasCursor   bool
	Keys        int // key presses seen
	QuitAfter   int // quit after this many ticks when > 0
	base        []uint8
}

// New returns the game for a w×h frame with the pattern of seed.
func New(w, h int, seed uint64) *Game {
	g := &Game{Seed: seed, W: w, H: h}
	g.Left, g.Right = platform.TwinSticks(w, h, float64(min(w, h))/8)
	f, err := raster.NewFrame(w, h)
	if err != nil {
		return g
	}
	Pattern(f, seed)
	g.base = f.Pix
	return g
}

// Pattern fills f with the seeded test pattern.
func Pattern(f *raster.Frame, seed uint64) {
	r := mathx.NewRand(seed)
	for y := 0; y < f.H(); y++ {
		row := f.Row(y)
		for x := 0; x < f.W(); x++ {
			n := r.Uint64()
			row[4*x] = uint8(x) ^ uint8(n)&0x3f
			row[4*x+1] = uint8(y) ^ uint8(n>>8)&0x3f
			row[4*x+2] = uint8(x+y) ^ uint8(n>>16)&0x3f
			row[4*x+3] = 255
		}
	}
}

// Update follows the pointers and counts key presses.
func (g *Game) Update(in *platform.Input) error {
	g.Ticks++
	for _, ev := range in.Events() {
		switch ev.Kind {
		case platform.MouseMove, platform.MouseDown, platform.TouchDown, platform.TouchMove:
			g.Cursor, g.HasCursor = mathx.Vec2{X: ev.X, Y: ev.Y}, true
		case platform.KeyDown:
			g.Keys++
		}
	}
	g.Left.Update(in)
	g.Right.Update(in)
	if g.QuitAfter > 0 && g.Ticks >= g.QuitAfter {
		return platform.ErrQuit
	}
	return nil
}

// Draw paints the pattern, the cursor cross (white) and the active
// sticks' knobs (yellow squares).
func (g *Game) Draw(f *raster.Frame, alpha float64) {
	if len(g.base) == len(f.Pix) {
		copy(f.Pix, g.base)
	} else {
		Pattern(f, g.Seed)
	}
	white := color.RGBA{255, 255, 255, 255}
	if g.Keys > 0 { // a 4×4 block at the top left counts key presses
		for y := 0; y < 4; y++ {
			for x := 0; x < 4; x++ {
				f.SetRGBA(x, y, color.RGBA{uint8(40 * g.Keys), 0, 255, 255})
			}
		}
	}
	if g.HasCursor {
		cx, cy := int(g.Cursor.X), int(g.Cursor.Y)
		for d := -3; d <= 3; d++ {
			f.SetRGBA(cx+d, cy, white)
			f.SetRGBA(cx, cy+d, white)
		}
	}
	for _, s := range []*platform.Thumbstick{&g.Left, &g.Right} {
		geo := s.Geometry()
		if !geo.Active {
			continue
		}
		k := int(geo.KnobRadius / 2)
		for y := -k; y <= k; y++ {
			for x := -k; x <= k; x++ {
				f.SetRGBA(int(geo.Knob.X)+x, int(geo.Knob.Y)+y, color.RGBA{255, 255, 0, 255})
			}
		}
	}
}
