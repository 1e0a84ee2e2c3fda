package platform

import (
	"errors"
	"fmt"
	"image"
	"time"

	"diorama/loop"
	"diorama/raster"
)

// Game is what every backend runs. Update advances the simulation by one
// fixed tick and reads input; Draw renders the current state into the
// frame, alpha in [0, 1) being how far real time has moved past the last
// tick (for interpolation). Draw must not change simulation state.
//
// Update returning [ErrQuit] ends the run cleanly; any other error ends it
// and is returned by the backend's Run.
type Game interface {
	Update(in *Input) error
	Draw(f *raster.Frame, alpha float64)
}

// Idler is an optional interface a [Game] may implement so that a backend
// can rest while nothing on screen changes: a menu, a level select, a
// paused game. Idle reports whether the frame [Game.Draw] would draw now
// is the one it drew last: nothing moved, animated or reacted to input in
// the last Update. The Driver asks it after every tick (a frame whose
// ticks include one that was not idle is drawn), on the same goroutine as
// Update and Draw, and it must not change game state.
//
// While Idle reports true, the desktop backend keeps running Update at
// the tick rate (so the game sees input, gamepads and time) but skips
// Draw, the texture upload and the buffer swap, leaving the last frame on
// screen, and blocks waiting for window events until the next tick
// instead of spinning. Any input event, a resize or an expose makes it
// present again. A game that does not implement Idler is drawn every
// frame, as before; backends without support simply ignore it.
type Idler interface {
	Idle() bool
}

// Ticker is an optional interface a [Game] may implement to own its tick
// rate: a game built on a scene world returns the world's rate
// (scene.World.TPS), so the rate is set once, where the world is built.
// A [Config] whose TPS is zero takes it; one that names a different rate
// is an error, not a silent mismatch between the simulation's dt and the
// clock.
type Ticker interface {
	TPS() int
}

// ErrQuit, returned by [Game.Update], stops the game without error.
var ErrQuit = errors.New("platform: quit")

// Config is what a game asks of a backend. Zero fields take defaults.
type Config struct {
	Title         string      // window or page title (default "Diorama")
	Width, Height int         // logical frame size (default 800×480, a small landscape phone's)
	TPS           int         // simulation ticks per second (default: the game's, see [Ticker], else 60)
	Scale         ScaleMode   // how the frame fits the window (default ScaleInteger)
	WindowScale   int         // initial window size as a multiple of the frame (default 1)
	NoVSync       bool        // present without waiting for vertical sync
	Fullscreen    bool        // start fullscreen (desktop; F11 toggles)
	Icon          image.Image // window icon (desktop); nil keeps the system's

	// Record, when set, records every tick's input (see [Recorder]); the
	// game closes it after the run.
	Record *Recorder
	// Replay, when set, feeds the recorded input instead of live input
	// and checks the game's state hash against the recording's (see
	// [Replay]).
	Replay *Replay
}

// ForGame returns c with defaults applied (see [Config.WithDefaults]),
// taking the tick rate from g when g is a [Ticker] and c.TPS is zero; a
// c.TPS that differs from the game's is an error naming both.
func (c Config) ForGame(g Game) (Config, error) {
	if t, ok := g.(Ticker); ok {
		switch tps := t.TPS(); {
		case c.TPS == 0:
			c.TPS = tps
		case c.TPS != tps:
			return c, fmt.Errorf("platform: Config.TPS %d differs from the game's tick rate %d (leave Config.TPS zero to use the game's)", c.TPS, tps)
		}
	}
	return c.WithDefaults()
}

// Defaults for [Config].
const (
	DefaultWidth  = 800
	DefaultHeight = 480
	DefaultTitle  = "Diorama"
)

// WithDefaults returns c with zero fields replaced by defaults, or an
// error naming the first field out of range.
func (c Config) WithDefaults() (Config, error) {
	if c.Title == "" {
		c.Title = DefaultTitle
	}
	if c.Width == 0 && c.Height == 0 {
		c.Width, c.Height = DefaultWidth, DefaultHeight
	}
	if c.Width <= 0 || c.Height <= 0 || c.Width > raster.MaxSide || c.Height > raster.MaxSide {
		return c, fmt.Errorf("platform: Config.Width/Height %d×%d out of range (1..%d)", c.Width, c.Height, raster.MaxSide)
	}
	if c.TPS == 0 {
		c.TPS = loop.DefaultTPS
	}
	if c.TPS < 0 || c.TPS > 10000 {
		return c, fmt.Errorf("platform: Config.TPS %d out of range (1..10000)", c.TPS)
	}
	if c.Scale > ScaleStretch {
		return c, fmt.Errorf("platform: Config.Scale %d unknown", c.Scale)
	}
	if c.WindowScale == 0 {
		c.WindowScale = 1
	}
	if c.WindowScale < 0 || c.WindowScale > 16 {
		return c, fmt.Errorf("platform: Config.WindowScale %d out of range (1..16)", c.WindowScale)
	}
	return c, nil
}

// Driver runs a [Game] for a backend: it owns the fixed-step clock, the
// input state and the frame. Each presented frame the backend pushes the
// input events it collected into Input, calls [Driver.Frame] with the real
// time elapsed, and presents Frame. Every backend runs games through a
// Driver, so a game behaves the same everywhere.
type Driver struct {
	Game  Game
	Input *Input
	Frame *raster.Frame
	Clock *loop.Clock
	cfg   Config

	// moved records that a tick since the last Draw reported not idle,
	// so that Idle stays false until that tick's state is drawn even if
	// later ticks of the same frame were idle.
	moved bool
}

// NewDriver validates cfg (applying defaults) and allocates the frame.
func NewDriver(g Game, cfg Config) (*Driver, error) {
	if g == nil {
		return nil, errors.New("platform: NewDriver: nil Game")
	}
	cfg, err := cfg.ForGame(g)
	if err != nil {
		return nil, err
	}
	f, err := raster.NewFrame(cfg.Width, cfg.Height)
	if err != nil {
		return nil, err
	}
	d := &Driver{
		Game:  g,
		Input: NewInput(cfg.Width, cfg.Height),
		Frame: f,
		Clock: loop.NewClock(loop.Config{TPS: cfg.TPS}),
		cfg:   cfg,
	}
	d.Input.clock = d.Clock
	if cfg.Record != nil && cfg.Replay != nil {
		return nil, errors.New("platform: Config.Record and Config.Replay both set")
	}
	if cfg.Record != nil {
		if err := cfg.Record.start(g, cfg); err != nil {
			return nil, err
		}
		d.Input.rec = cfg.Record
	}
	if cfg.Replay != nil {
		if err := cfg.Replay.start(cfg, d.Input); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// Config returns the configuration with defaults applied.
func (d *Driver) Config() Config { return d.cfg }

// Step advances the clock by elapsed, runs the due ticks (Update, then
// Input.EndTick after each) and draws once. It returns [ErrQuit] or the
// game's error as soon as an Update fails, without drawing.
func (d *Driver) Step(elapsed time.Duration) error {
	if _, err := d.Update(elapsed); err != nil {
		return err
	}
	d.Draw()
	return nil
}

// Update advances the clock by elapsed and runs the due ticks (Update,
// then Input.EndTick after each) without drawing; it returns how many ran
// and stops at the first failing Update. [Driver.Step] is Update then
// [Driver.Draw]; a backend that may skip drawing (see [Idler]) calls the
// two separately.
func (d *Driver) Update(elapsed time.Duration) (ticks int, err error) {
	n := d.Clock.Advance(elapsed)
	ig, _ := d.Game.(Idler)
	for i := 0; i < n; i++ {
		if err := d.Tick(); err != nil {
			return i + 1, err
		}
		if ig != nil && !ig.Idle() {
			d.moved = true
		}
	}
	return n, nil
}

// Draw draws the game into Frame at the clock's current Alpha.
func (d *Driver) Draw() {
	d.moved = false
	d.Game.Draw(d.Frame, d.Clock.Alpha())
}

// Idle reports whether the game implements [Idler] and every tick since
// the last [Driver.Draw] reported idle: when one frame runs several
// ticks, a tick that reacted to input makes the frame worth drawing even
// if the ticks after it changed nothing.
func (d *Driver) Idle() bool {
	ig, ok := d.Game.(Idler)
	return ok && !d.moved && ig.Idle()
}

// Tick runs exactly one Update (and EndTick) without consulting the clock
// and without drawing; the headless backend uses it for tick-exact scripts.
// With [Config.Replay] the tick's recorded input is fed first (a tick past
// the recording's end returns [ErrReplayDone] without running) and the
// state hash checked after; with [Config.Record] the tick is recorded.
func (d *Driver) Tick() error {
	rp := d.cfg.Replay
	if rp != nil {
		if err := rp.feed(d.Input); err != nil {
			return err
		}
	}
	err := d.Game.Update(d.Input)
	d.Input.EndTick()
	if d.cfg.Record != nil {
		d.cfg.Record.tick()
	}
	if rp != nil {
		if rerr := rp.ticked(d.Game); err == nil {
			err = rerr
		}
	}
	return err
}

// IsQuit reports whether err is nil or [ErrQuit]: a clean end of a run.
func IsQuit(err error) bool { return err == nil || errors.Is(err, ErrQuit) }
