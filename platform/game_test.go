package platform

import (
	"errors"
	"strings"
	"testing"
	"time"

	"diorama/internal/testenv"
	"diorama/raster"
)

// counter counts ticks, records what input each tick saw and paints the
// tick count into pixel 0.
type counter struct {
	ticks   int
	pressed []int // ticks on which Space was seen pressed
	draws   int
	alpha   float64
	quitAt  int
}

func (c *counter) Update(in *Input) error {
	c.ticks++
	if in.KeyPressed(KeySpace) {
		c.pressed = append(c.pressed, c.ticks)
	}
	if c.quitAt > 0 && c.ticks == c.quitAt {
		return ErrQuit
	}
	return nil
}

func (c *counter) Draw(f *raster.Frame, alpha float64) {
	c.draws++
	c.alpha = alpha
	f.Pix[0] = uint8(c.ticks)
}

func TestDriverFixedStep(t *testing.T) {
	g := &counter{}
	d, err := NewDriver(g, Config{Width: 4, Height: 2, TPS: 50})
	if err != nil {
		t.Fatal(err)
	}
	// 20 ms per tick. 30 ms: 1 tick, alpha 0.5.
	if err := d.Step(30 * time.Millisecond); err != nil || g.ticks != 1 || g.draws != 1 || g.alpha != 0.5 {
		t.Fatalf("after 30ms: ticks %d draws %d alpha %g err %v", g.ticks, g.draws, g.alpha, err)
	}
	// Space pressed during a frame with zero ticks is seen by the next tick, once.
	d.Input.Push(Event{Kind: KeyDown, Key: KeySpace})
	if err := d.Step(5 * time.Millisecond); err != nil || g.ticks != 1 {
		t.Fatalf("5ms ran %d ticks", g.ticks)
	}
	if err := d.Step(45 * time.Millisecond); err != nil || g.ticks != 4 {
		t.Fatalf("after 80ms total: %d ticks, want 4", g.ticks)
	}
	if len(g.pressed) != 1 || g.pressed[0] != 2 || d.Frame.Pix[0] != 4 {
		t.Fatalf("space seen on ticks %v; pixel %d", g.pressed, d.Frame.Pix[0])
	}
	// The game reaches the clock through its input: pausing stops ticks.
	if d.Input.Clock() != d.Clock || d.Clock.Ticks() != 4 {
		t.Fatalf("clock %p vs %p, %d ticks", d.Input.Clock(), d.Clock, d.Clock.Ticks())
	}
	d.Input.Clock().Pause()
	if err := d.Step(time.Second); err != nil || g.ticks != 4 || g.draws != 4 {
		t.Fatalf("paused: %d ticks, %d draws", g.ticks, g.draws)
	}
}

func TestDriverQuitAndErrors(t *testing.T) {
	g := &counter{quitAt: 2}
	d, _ := NewDriver(g, Config{Width: 1, Height: 1, TPS: 10})
	err := d.Step(time.Second)
	if !errors.Is(err, ErrQuit) || !IsQuit(err) || g.ticks != 2 || g.draws != 0 {
		t.Fatalf("err %v ticks %d draws %d", err, g.ticks, g.draws)
	}
	if IsQuit(errors.New("x")) {
		t.Fatal("IsQuit on a real error")
	}
	if _, err := NewDriver(nil, Config{}); err == nil {
		t.Fatal("nil game accepted")
	}
	for _, c := range []Config{{Width: -1, Height: 5}, {Width: 5, Height: 0}, {TPS: -3}, {Width: 1 << 20, Height: 1}, {Scale: 9}, {WindowScale: 99}} {
		if _, err := NewDriver(g, c); err == nil {
			t.Errorf("config %+v accepted", c)
		}
	}
	c, err := Config{}.WithDefaults()
	if err != nil || c.Width != 800 || c.Height != 480 || c.TPS != 60 || c.Title != "Diorama" || c.WindowScale != 1 {
		t.Fatalf("defaults %+v %v", c, err)
	}
}

type still struct{ n int }

func (s *still) Update(in *Input) error              { s.n++; return nil }
func (s *still) Draw(f *raster.Frame, alpha float64) { f.Pix[0] = uint8(s.n) }

func TestDriverStepZeroAllocs(t *testing.T) {
	d, err := NewDriver(&still{}, Config{Width: 64, Height: 48})
	if err != nil {
		t.Fatal(err)
	}
	allocs := testenv.AllocsOver(100, func() {
		d.Input.Push(Event{Kind: MouseMove, X: 3, Y: 4})
		if err := d.Step(20 * time.Millisecond); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations in 100 frames, want 0", allocs)
	}
}

// idleCounter is a counter that reports idle once it has run still ticks.
type idleCounter struct {
	counter
	still int // idle from this tick on
}

func (c *idleCounter) Idle() bool { return c.still > 0 && c.ticks >= c.still }

// TestDriverUpdateDrawIdle splits Step into Update and Draw: Update runs
// the due ticks without drawing and stops at an error; Idle reflects the
// game's Idler, false for games without one.
func TestDriverUpdateDrawIdle(t *testing.T) {
	g := &idleCounter{still: 3}
	d, _ := NewDriver(g, Config{Width: 1, Height: 1, TPS: 10})
	n, err := d.Update(250 * time.Millisecond)
	if n != 2 || err != nil || g.ticks != 2 || g.draws != 0 || d.Idle() {
		t.Fatalf("Update: %d ticks, %v; game ticks %d draws %d idle %v", n, err, g.ticks, g.draws, d.Idle())
	}
	d.Draw()
	if g.draws != 1 || g.alpha != 0.5 || d.Frame.Pix[0] != 2 {
		t.Fatalf("Draw: draws %d alpha %g pixel %d", g.draws, g.alpha, d.Frame.Pix[0])
	}
	if n, _ := d.Update(50 * time.Millisecond); n != 1 || !d.Idle() {
		t.Fatalf("after tick 3: %d ticks, idle %v", n, d.Idle())
	}
	g.quitAt = 5
	if n, err := d.Update(time.Second); n != 2 || !errors.Is(err, ErrQuit) || g.ticks != 5 {
		t.Fatalf("quit: %d ticks, %v, game ticks %d", n, err, g.ticks)
	}
	// One frame running two ticks, the first not idle and the second
	// idle: the frame is still worth drawing, until it is drawn.
	g2 := &idleCounter{still: 2}
	d2, _ := NewDriver(g2, Config{Width: 1, Height: 1, TPS: 10})
	if n, _ := d2.Update(200 * time.Millisecond); n != 2 || d2.Idle() {
		t.Fatalf("a moving tick then an idle one: %d ticks, idle %v", n, d2.Idle())
	}
	d2.Draw()
	if n, _ := d2.Update(100 * time.Millisecond); n != 1 || !d2.Idle() {
		t.Fatalf("after drawing, an idle tick: %d ticks, idle %v", n, d2.Idle())
	}
	plain, _ := NewDriver(&counter{}, Config{Width: 1, Height: 1})
	if plain.Idle() {
		t.Fatal("a game without Idler reported idle")
	}
}

// ticking is a game that owns its tick rate, as a game built on a scene
// world does.
type ticking struct {
	counter
	tps int
}

func (g *ticking) TPS() int { return g.tps }

// TestDriverTakesTheGamesTickRate: the rate is set once. A Config without
// TPS runs a Ticker game at the game's rate (one second of real time is
// 30 ticks); a Config naming another rate is refused with both numbers.
func TestDriverTakesTheGamesTickRate(t *testing.T) {
	g := &ticking{tps: 30}
	d, err := NewDriver(g, Config{Width: 4, Height: 2})
	if err != nil {
		t.Fatal(err)
	}
	if d.Config().TPS != 30 {
		t.Fatalf("Config().TPS %d, want the game's 30", d.Config().TPS)
	}
	for range 10 {
		d.Step(100 * time.Millisecond)
	}
	if g.ticks != 30 {
		t.Fatalf("%d ticks in one second, want 30", g.ticks)
	}
	if _, err := NewDriver(g, Config{Width: 4, Height: 2, TPS: 30}); err != nil {
		t.Fatalf("the same rate twice: %v", err)
	}
	_, err = NewDriver(g, Config{Width: 4, Height: 2, TPS: 60})
	if err == nil || !strings.Contains(err.Error(), "Config.TPS 60 differs from the game's tick rate 30") {
		t.Fatalf("mismatched rates: %v", err)
	}
}
