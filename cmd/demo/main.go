package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"diorama/platform"
	"diorama/platform/auto"
	"diorama/platform/headless"
	"diorama/scene"
)

// options are the demo's command-line settings.
type options struct {
	headless bool
	ticks    int
	out      string
	record   string
	seed     uint64
	workers  int
	level    string // a level file to add to the level select and start
	root     string // the folder the level file's references resolve in
	sound    string // headless: write the mix to this WAV file
	recordIn string // -record-input: the run's input goes to this replay file
	replay   string // -replay: the run's input comes from this replay file
	script   string // -script: a headless run's input comes from this text script
	person   bool   // a person's input drives the run (recorded, replayed or scripted)
}

func main() {
	var o options
	flag.BoolVar(&o.headless, "headless", false, "run without a window even when a display is present (the AI plays)")
	flag.IntVar(&o.ticks, "ticks", 1800, "ticks to simulate when headless (60 per second)")
	flag.StringVar(&o.out, "out", "out", "directory for demo.png (and demo.gif unless -record names another path) when headless")
	flag.StringVar(&o.record, "record", "", "write the headless run as this animated GIF, 15 frames a second (default <out>/demo.gif)")
	flag.Uint64Var(&o.seed, "seed", 1, "random seed of the simulation")
	// One renderer worker by default: the 800x480 frame draws in about
	// 0.3 ms on one core, and waking band workers on a busy 2-core machine
	// cost more (p95 4-5 ms with 2 workers against 0.6-0.8 ms with 1).
	flag.IntVar(&o.workers, "workers", 1, "renderer workers (0 = all cores)")
	flag.StringVar(&o.level, "level", "", "a level file to play: .tmx/.tmj/.json Tiled, .lev ASCII, .png image level with its .json, .xml IsoMob scene (go run ./cmd/viewer views any map)")
	flag.StringVar(&o.recordIn, "record-input", "", "record this run's input (keys, mouse, touch, gamepads, tick by tick) to this replay file")
	flag.StringVar(&o.replay, "replay", "", "play a replay file recorded with -record-input: its input instead of yours, checked against its state hashes (with -headless: its ticks, then exit)")
	flag.StringVar(&o.script, "script", "", "with -headless: you play (not the AI), with the input of this text script (see platform/headless.ParseScript)")
	flag.StringVar(&o.root, "root", "", "the folder a level's references may reach (default: the working directory when the level is under it, else the level's folder)")
	flag.StringVar(&o.sound, "sound", "", "headless: write the run's audio to this WAV file, in step with the GIF")
	flag.Parse()
	if flag.NArg() > 0 && o.level == "" {
		o.level = flag.Arg(0)
	}
	if err := run(o, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "demo:", err)
		os.Exit(1)
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// frameWindow is how many recent frames the busy-frame p95 covers (10
// minutes at 30 frames a second).
const frameWindow = 18000

// run plays the demo: in a window when one can be opened (and -headless
// is not set), otherwise headless with the AI player for o.ticks ticks.
// It ends with one summary line on out.
func run(o options, out, log io.Writer) error {
	if o.ticks <= 0 || o.ticks > 1_000_000 {
		return fmt.Errorf("-ticks %d out of range (1..1000000)", o.ticks)
	}
	cfg := platform.Config{Title: "Diorama tanks", Width: frameW, Height: frameH} // the tick rate is the game's (game.TPS)
	aopt := auto.Options{Ticks: o.ticks, OutDir: o.out, Name: "demo", GIFPath: o.record, Log: log, Headless: o.headless, Sound: o.sound}
	rec, finish, err := o.replays(&cfg, &aopt, log)
	if err != nil {
		return err
	}
	g, err := setup(o, log)
	if err != nil {
		return err
	}
	defer g.rd.Close()
	err = auto.Run(g, cfg, aopt)
	if rec != nil {
		if cerr := finish(); err == nil || platform.IsQuit(err) {
			err = cerr
		}
		fmt.Fprintf(log, "demo: recorded %d ticks of input to %s (play it with -replay %s)\n", rec.Ticks(), o.recordIn, o.recordIn)
	}
	if cfg.Replay != nil {
		fmt.Fprintf(log, "demo: %s: %s\n", o.replay, cfg.Replay.Summary())
	}
	if err != nil && !platform.IsQuit(err) {
		return err
	}
	fmt.Fprintln(out, g.summary())
	return nil
}

// replays sets up -record-input, -replay and -script: the recorder (and
// the function that closes its file), the replay (its seed becomes the
// game's; headless, the run lasts its ticks) and the scripted input. With
// any of them a person plays, not the AI.
func (o *options) replays(cfg *platform.Config, aopt *auto.Options, log io.Writer) (*platform.Recorder, func() error, error) {
	if o.recordIn != "" && o.replay != "" {
		return nil, nil, errors.New("-record-input and -replay both given")
	}
	if o.script != "" {
		var err error
		if aopt.Script, err = headless.LoadScript(os.DirFS(filepath.Dir(o.script)), filepath.Base(o.script)); err != nil {
			return nil, nil, err
		}
		o.person = true
	}
	if o.replay != "" {
		rp, err := platform.LoadReplay(os.DirFS(filepath.Dir(o.replay)), filepath.Base(o.replay))
		if err != nil {
			return nil, nil, err
		}
		if info := rp.Info(); info.HasSeed {
			o.seed = info.Seed
		}
		if rp.OtherBuild() {
			fmt.Fprintf(log, "demo: %s was recorded by another build (%s); replaying it and checking its state hashes\n", o.replay, rp.Info().Build)
		}
		cfg.Replay, aopt.Ticks, o.person = rp, rp.Ticks(), true
	}
	if o.recordIn == "" {
		return nil, nil, nil
	}
	f, err := os.Create(o.recordIn)
	if err != nil {
		return nil, nil, err
	}
	rec := platform.NewRecorder(f, platform.ReplayInfo{Seed: o.seed, HasSeed: true})
	cfg.Record, o.person = rec, true
	return rec, func() error { return errors.Join(rec.Close(), f.Close()) }, nil
}

// oneLine folds a message onto one line (some decoder errors hold
// newlines).
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// setup makes the game; with -headless the AI plays from the level
// select. A level file from the command line is added to the level list
// and started; when it does not load, its error is printed and shown on
// the level select, which still works.
func setup(o options, log io.Writer) (*game, error) {
	// Headless, the AI plays, unless a person's input is recorded,
	// replayed or scripted: then the run starts at the level select, as
	// in a window.
	g := newGame(o.seed, o.workers, o.headless && !o.person)
	if treeErr != nil {
		return nil, treeErr
	}
	if g.err != nil {
		return nil, g.err
	}
	if o.level != "" {
		fsys, name, err := scene.OpenRoot(o.level, o.root)
		if err == nil {
			g.levels = append(g.levels, levelInfo{Title: "*  " + path.Base(name), FS: fsys, File: name, Watch: true})
			err = g.start(len(g.levels) - 1)
			if err != nil {
				g.levels = g.levels[:len(g.levels)-1]
			}
		}
		if err != nil {
			g.errMsg = err.Error()
			g.scr = screenSelect
			fmt.Fprintln(log, "demo: level", o.level+":", oneLine(err.Error()))
		}
	} else if o.headless && !o.person {
		if err := g.start(0); err != nil {
			return nil, errors.Join(errors.New("level 1"), err)
		}
	}
	return g, nil
}

func (g *game) summary() string {
	st := g.times.Stats() // mean and worst over every busy frame, p95 over the window
	mean, p95, worst := time.Duration(0), st.P95, st.SessionMax
	if st.SessionFrames > 0 {
		mean = st.SessionSpan / time.Duration(st.SessionFrames)
	}
	s := fmt.Sprintf("demo: %d frames", g.drawn)
	if g.L != nil {
		L := g.L
		s += fmt.Sprintf(", level %q tick %d score %d kills %d wave %d/%d", g.levels[g.cur].File, L.w.Tick(), L.score, L.kills, L.wave, len(L.w.Overlords))
	}
	s += fmt.Sprintf(", busy-wave frame (ticks + drawing) mean %.2f ms p95 %.2f ms worst %.2f ms (%d frames)", ms(mean), ms(p95), ms(worst), st.SessionFrames)
	if g.L != nil {
		s += fmt.Sprintf(", state %016x", g.L.w.StateHash())
	}
	return s
}
