package headless

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"slices"
	"strconv"
	"strings"

	"diorama/internal/loadutil"
	"diorama/platform"
)

// Step is one scripted input: an event pushed, or a gamepad state set,
// just before tick Tick runs (ticks count from 0).
type Step struct {
	Tick  int
	Event platform.Event // used when !IsPad

	IsPad bool
	Pad   int                 // gamepad index
	Raw   platform.RawGamepad // the pad's state from this tick on
}

// Script is scripted input, ordered by tick (stable for equal ticks).
type Script []Step

// Limits on scripts, checked while parsing.
const (
	MaxScriptSteps = 1 << 20
	MaxScriptTick  = 1 << 30
)

var padButtonNames = map[string]platform.PadButton{
	"A": platform.PadA, "B": platform.PadB, "X": platform.PadX, "Y": platform.PadY,
	"LB": platform.PadLeftBumper, "RB": platform.PadRightBumper, "Back": platform.PadBack,
	"Start": platform.PadStart, "Guide": platform.PadGuide, "LS": platform.PadLeftThumb,
	"RS": platform.PadRightThumb, "Up": platform.PadDPadUp, "Right": platform.PadDPadRight,
	"Down": platform.PadDPadDown, "Left": platform.PadDPadLeft,
}

// ParseScript reads a text script, one step a line; blank lines and lines
// starting with # are skipped. Each line is a tick number, a verb and its
// arguments (positions in frame coordinates):
//
//	0   keydown W            (key names as platform.Key.String: A, Space, ArrowUp, F5...)
//	30  keyup W
//	5   mousemove 100 200
//	5   mousedown left 100 200    (left, right or middle)
//	6   mouseup left 100 200
//	7   wheel 0 -1               (dx dy notches)
//	8   touchdown 1 100 200      (pointer id, x, y)
//	9   touchmove 1 120 200
//	10  touchup 1 120 200
//	11  focuslost
//	12  pad 0 0.5 0 0 0 0 1 A,Start   (index, lx ly rx ry lt rt, optional held buttons)
//	40  unpad 0
//
// name (a file's path) is used in messages only: errors name it and
// the line ("name:line: msg").
func ParseScript(name, src string) (Script, error) {
	return readScript(strings.NewReader(src), name)
}

// LoadScript reads the script file name in fsys (regular files only), as
// [ParseScript] does.
func LoadScript(fsys fs.FS, name string) (Script, error) {
	f, err := loadutil.Open(fsys, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readScript(f, name)
}

func readScript(r io.Reader, name string) (Script, error) {
	var s Script
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 1<<16)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		st, err := parseLine(strings.Fields(text))
		if err != nil {
			return nil, &loadutil.Error{File: name, Line: line, Msg: err.Error(), Kind: loadutil.ErrSyntax}
		}
		if len(s) >= MaxScriptSteps {
			return nil, &loadutil.Error{File: name, Line: line, Msg: fmt.Sprintf("more than %d steps", MaxScriptSteps), Kind: loadutil.ErrLimit}
		}
		s = append(s, st)
	}
	if err := sc.Err(); err != nil {
		kind := loadutil.ErrMissing // the file could not be read
		if errors.Is(err, bufio.ErrTooLong) {
			kind = loadutil.ErrLimit
		}
		return nil, &loadutil.Error{File: name, Line: line + 1, Msg: "cannot read", Kind: kind, Err: err}
	}
	slices.SortStableFunc(s, func(a, b Step) int { return a.Tick - b.Tick })
	return s, nil
}

func parseLine(f []string) (Step, error) {
	var st Step
	if len(f) < 2 {
		return st, fmt.Errorf("want \"<tick> <verb> ...\", got %q", strings.Join(f, " "))
	}
	tick, err := strconv.Atoi(f[0])
	if err != nil || tick < 0 || tick > MaxScriptTick {
		return st, fmt.Errorf("tick %q is not a number in 0..%d", f[0], MaxScriptTick)
	}
	st.Tick = tick
	verb, args := f[1], f[2:]
	nums := func(want int, from int) ([]float64, error) {
		if len(args)-from < want {
			return nil, fmt.Errorf("%s wants %d numbers after %d other arguments, got %d arguments", verb, want, from, len(args))
		}
		out := make([]float64, want)
		for i := range out {
			v, err := strconv.ParseFloat(args[from+i], 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e9 {
				return nil, fmt.Errorf("%s: argument %q is not a finite number", verb, args[from+i])
			}
			out[i] = v
		}
		return out, nil
	}
	exact := func(n int) error {
		if len(args) != n {
			return fmt.Errorf("%s takes %d arguments, got %d", verb, n, len(args))
		}
		return nil
	}
	ev := &st.Event
	switch verb {
	case "keydown", "keyup":
		if err := exact(1); err != nil {
			return st, err
		}
		ev.Kind = platform.KeyDown
		if verb == "keyup" {
			ev.Kind = platform.KeyUp
		}
		if ev.Key = platform.KeyByName(args[0]); ev.Key == platform.KeyUnknown {
			return st, fmt.Errorf("unknown key %q", args[0])
		}
	case "mousemove":
		if err := exact(2); err != nil {
			return st, err
		}
		v, err := nums(2, 0)
		if err != nil {
			return st, err
		}
		*ev = platform.Event{Kind: platform.MouseMove, Pointer: platform.MousePointer, X: v[0], Y: v[1]}
	case "mousedown", "mouseup":
		if err := exact(3); err != nil {
			return st, err
		}
		b, ok := map[string]platform.MouseButton{"left": platform.MouseLeft, "right": platform.MouseRight, "middle": platform.MouseMiddle}[args[0]]
		if !ok {
			return st, fmt.Errorf("unknown mouse button %q (left, right, middle)", args[0])
		}
		v, err := nums(2, 1)
		if err != nil {
			return st, err
		}
		*ev = platform.Event{Kind: platform.MouseDown, Button: b, Pointer: platform.MousePointer, X: v[0], Y: v[1]}
		if verb == "mouseup" {
			ev.Kind = platform.MouseUp
		}
	case "wheel":
		if err := exact(2); err != nil {
			return st, err
		}
		v, err := nums(2, 0)
		if err != nil {
			return st, err
		}
		*ev = platform.Event{Kind: platform.MouseWheel, Pointer: platform.MousePointer, DX: v[0], DY: v[1]}
	case "touchdown", "touchmove", "touchup":
		if err := exact(3); err != nil {
			return st, err
		}
		id, err := strconv.Atoi(args[0])
		if err != nil || id < 0 || id > 1<<20 {
			return st, fmt.Errorf("%s: pointer id %q is not a number in 0..%d", verb, args[0], 1<<20)
		}
		v, err := nums(2, 1)
		if err != nil {
			return st, err
		}
		kind := map[string]platform.EventKind{"touchdown": platform.TouchDown, "touchmove": platform.TouchMove, "touchup": platform.TouchUp}[verb]
		*ev = platform.Event{Kind: kind, Pointer: id, X: v[0], Y: v[1]}
	case "focuslost":
		if err := exact(0); err != nil {
			return st, err
		}
		ev.Kind = platform.FocusLost
	case "pad", "unpad":
		if len(args) < 1 {
			return st, fmt.Errorf("%s needs a gamepad index", verb)
		}
		i, err := strconv.Atoi(args[0])
		if err != nil || i < 0 || i >= platform.MaxGamepads {
			return st, fmt.Errorf("%s: gamepad index %q not in 0..%d", verb, args[0], platform.MaxGamepads-1)
		}
		st.IsPad, st.Pad = true, i
		if verb == "unpad" {
			return st, exact(1)
		}
		if len(args) != 1+platform.AxisCount && len(args) != 2+platform.AxisCount {
			return st, fmt.Errorf("pad takes an index, %d axes and optional buttons, got %d arguments", platform.AxisCount, len(args))
		}
		v, err := nums(platform.AxisCount, 1)
		if err != nil {
			return st, err
		}
		st.Raw.Connected = true
		copy(st.Raw.Axes[:], v)
		if len(args) == 2+platform.AxisCount {
			for _, name := range strings.Split(args[1+platform.AxisCount], ",") {
				b, ok := padButtonNames[name]
				if !ok {
					return st, fmt.Errorf("unknown gamepad button %q", name)
				}
				st.Raw.Buttons[b] = true
			}
		}
	default:
		return st, fmt.Errorf("unknown verb %q", verb)
	}
	return st, nil
}
