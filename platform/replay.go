package platform

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"runtime/debug"
	"strings"

	"diorama/internal/loadutil"
)

// Replays: a run's input recorded tick by tick ([Recorder]) and fed back
// instead of live input ([Replay]). A game whose simulation depends only
// on its seed and its input (every scene world does: see
// internal/determinism) then plays the same game again, to the same state
// hash and the same frames, on any CPU.
//
// The file is small and binary (little-endian, varints):
//
//	"DIOREPLAY\n"               magic
//	version                     uvarint, ReplayVersion
//	tps, width, height          uvarint each: the run's tick rate and frame size
//	hasSeed, seed               byte, uint64: the game's seed, when it gave one
//	hashEvery                   uvarint: ticks between state-hash checkpoints (0: none)
//	build                       uvarint length + bytes: the recording build's fingerprint
//	records...                  one opcode byte each, then its fields:
//	  1 ticks n                 n ticks ran (uvarint) with the input so far
//	  2 event                   an Event pushed before the next tick
//	  3 pad                     a gamepad's raw state set before the next tick
//	  4 hash h                  the game's StateHash after the ticks so far (uint64)
//	  5 end ticks hasHash h     the run's length and its final StateHash
//
// Only the input a game can see is stored: the events the backend pushed
// (an event that did not fit in a tick's log still changed the held state,
// and is stored too) and each gamepad state that differs from the last.

// ReplayVersion is the replay file format this build writes and reads.
const ReplayVersion = 1

// replayMagic starts every replay file.
const replayMagic = "DIOREPLAY\n"

// Limits on replay files, checked while reading.
const (
	MaxReplayBytes = 256 << 20 // the whole file
	maxBuildLen    = 1024
)

const (
	opTicks = 1 + iota
	opEvent
	opPad
	opHash
	opEnd
)

// StateHasher is an optional interface a [Game] may implement so that
// recordings carry its state hash (every [ReplayInfo.HashEvery] ticks and
// at the end) and a [Replay] can tell that it reached the same state:
// scene.World.StateHash is one.
type StateHasher interface {
	StateHash() uint64
}

// ReplayInfo is what a recording's header says besides the input: set by
// the game when it records, read back by [Replay.Info].
type ReplayInfo struct {
	Version       int    // the file's format version (ReplayVersion when recording)
	TPS           int    // the run's tick rate (set by the Driver)
	Width, Height int    // the run's frame size (set by the Driver)
	Seed          uint64 // the game's seed, when HasSeed
	HasSeed       bool
	// HashEvery is how many ticks apart the game's state hash is stored
	// (0: the game's tick rate, one a second; negative: only at the end).
	// It needs a game that is a StateHasher.
	HashEvery int
	Build     string // the recording build (set by NewRecorder: BuildFingerprint)
}

// BuildFingerprint names this build as a replay records it: the main
// module, its version control revision (with "+modified" for a dirty
// tree) and the Go version. Builds of the same source for different CPUs
// share it; a replay recorded by another build says so when it diverges.
func BuildFingerprint() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown build"
	}
	var rev, mod string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				mod = "+modified"
			}
		}
	}
	if rev == "" {
		rev = bi.Main.Version
	}
	return fmt.Sprintf("%s %s%s %s", bi.Main.Path, rev, mod, bi.GoVersion)
}

// Recorder writes a run's input as a replay file. Give it to a backend in
// [Config.Record]; the [Driver] writes the header when it starts and every
// tick's input as it runs. Call [Recorder.Close] after the run to write
// the end record (the tick count and the game's final state hash) and
// flush.
type Recorder struct {
	w       *bufio.Writer
	info    ReplayInfo
	game    Game
	started bool
	closed  bool
	ticks   int // ticks written
	pending int // ticks run since the last written ticks record
	pads    [MaxGamepads]RawGamepad
	padSet  [MaxGamepads]bool
	buf     [64]byte
	err     error
}

// NewRecorder returns a recorder writing to w. info gives the seed and
// HashEvery; its TPS, frame size and build are filled in.
func NewRecorder(w io.Writer, info ReplayInfo) *Recorder {
	info.Version = ReplayVersion
	info.Build = BuildFingerprint()
	return &Recorder{w: bufio.NewWriter(w), info: info}
}

// start writes the header for the driver's game and configuration.
func (r *Recorder) start(g Game, cfg Config) error {
	if r.started {
		return errors.New("platform: a Recorder records one run")
	}
	r.started, r.game = true, g
	r.info.TPS, r.info.Width, r.info.Height = cfg.TPS, cfg.Width, cfg.Height
	if r.info.HashEvery == 0 {
		r.info.HashEvery = cfg.TPS
	}
	if _, ok := g.(StateHasher); !ok || r.info.HashEvery < 0 {
		r.info.HashEvery = 0
	}
	r.w.WriteString(replayMagic)
	r.uvarint(ReplayVersion)
	r.uvarint(uint64(r.info.TPS))
	r.uvarint(uint64(r.info.Width))
	r.uvarint(uint64(r.info.Height))
	seedFlag := byte(0)
	if r.info.HasSeed {
		seedFlag = 1
	}
	r.w.WriteByte(seedFlag)
	r.u64(r.info.Seed)
	r.uvarint(uint64(r.info.HashEvery))
	b := r.info.Build
	if len(b) > maxBuildLen {
		b = b[:maxBuildLen]
	}
	r.uvarint(uint64(len(b)))
	r.w.WriteString(b)
	return r.err
}

func (r *Recorder) uvarint(v uint64) {
	n := binary.PutUvarint(r.buf[:], v)
	if _, err := r.w.Write(r.buf[:n]); err != nil && r.err == nil {
		r.err = err
	}
}

func (r *Recorder) varint(v int64) {
	n := binary.PutVarint(r.buf[:], v)
	if _, err := r.w.Write(r.buf[:n]); err != nil && r.err == nil {
		r.err = err
	}
}

func (r *Recorder) u64(v uint64) {
	binary.LittleEndian.PutUint64(r.buf[:8], v)
	if _, err := r.w.Write(r.buf[:8]); err != nil && r.err == nil {
		r.err = err
	}
}

func (r *Recorder) f64(v float64) { r.u64(math.Float64bits(v)) }

// flushTicks writes the ticks run since the last ticks record.
func (r *Recorder) flushTicks() {
	if r.pending > 0 {
		r.w.WriteByte(opTicks)
		r.uvarint(uint64(r.pending))
		r.ticks += r.pending
		r.pending = 0
	}
}

// event records an event the backend pushed.
func (r *Recorder) event(ev Event) {
	if r.closed {
		return
	}
	r.flushTicks()
	r.w.WriteByte(opEvent)
	r.w.WriteByte(byte(ev.Kind))
	r.w.WriteByte(byte(ev.Key))
	r.w.WriteByte(byte(ev.Button))
	r.varint(int64(ev.Pointer))
	r.f64(ev.X)
	r.f64(ev.Y)
	r.f64(ev.DX)
	r.f64(ev.DY)
}

// pad records gamepad i's raw state when it changed.
func (r *Recorder) pad(i int, raw RawGamepad) {
	if r.closed || r.padSet[i] && r.pads[i] == raw {
		return
	}
	r.pads[i], r.padSet[i] = raw, true
	r.flushTicks()
	r.w.WriteByte(opPad)
	r.w.WriteByte(byte(i))
	var bits uint32
	for b, on := range raw.Buttons {
		if on {
			bits |= 1 << b
		}
	}
	if raw.Connected {
		bits |= 1 << 31
	}
	r.uvarint(uint64(bits))
	for _, a := range raw.Axes {
		r.f64(a)
	}
}

// tick counts one Update and stores a checkpoint hash when one is due.
func (r *Recorder) tick() {
	if r.closed {
		return
	}
	r.pending++
	if n := r.info.HashEvery; n > 0 && (r.ticks+r.pending)%n == 0 {
		r.flushTicks()
		r.w.WriteByte(opHash)
		r.u64(r.game.(StateHasher).StateHash())
	}
}

// Ticks returns how many ticks have been recorded.
func (r *Recorder) Ticks() int { return r.ticks + r.pending }

// Close writes the end record (the ticks run and, for a [StateHasher]
// game, its state hash now) and flushes. It does not close the writer.
// A recorder no run used writes nothing.
func (r *Recorder) Close() error {
	if r.closed || !r.started {
		r.closed = true
		return r.err
	}
	r.flushTicks()
	r.w.WriteByte(opEnd)
	r.uvarint(uint64(r.ticks))
	if h, ok := r.game.(StateHasher); ok {
		r.w.WriteByte(1)
		r.u64(h.StateHash())
	} else {
		r.w.WriteByte(0)
		r.u64(0)
	}
	r.closed = true
	if err := r.w.Flush(); err != nil && r.err == nil {
		r.err = err
	}
	if r.err != nil {
		return fmt.Errorf("platform: recording input: %w", r.err)
	}
	return nil
}

// replayOp is one decoded record.
type replayOp struct {
	op   byte
	n    int // ticks (opTicks, opEnd)
	ev   Event
	pad  int
	raw  RawGamepad
	hash uint64
	has  bool // opEnd: hash is set
}

// Replay is a recorded run read back: give it to a backend in
// [Config.Replay] and the [Driver] feeds its input to the game instead of
// live input (which is ignored), tick by tick, checking the game's state
// hash at every checkpoint the recording stored and at its end. A state
// that differs ends the run with a [*ReplayError]; a run asked for more
// ticks than were recorded ends with [ErrReplayDone] after the last.
//
// A Replay plays one run; read the file again to play it again.
type Replay struct {
	info    ReplayInfo
	ops     []replayOp
	ticks   int // the recorded length
	endHash uint64
	hasEnd  bool // the end record carries a hash

	next    int // the next op
	left    int // ticks left in the current ticks record
	tick    int // ticks run
	checked int // checkpoints and end hashes that matched
	used    bool
}

// ErrReplayDone ends a run that asked for a tick past the end of its
// [Replay]. It wraps [ErrQuit], so [IsQuit] reports a clean end.
var ErrReplayDone = fmt.Errorf("platform: replay finished: %w", ErrQuit)

// ReplayError reports a replay whose game reached another state than the
// recorded one.
type ReplayError struct {
	Tick           int    // ticks run when the hashes were compared
	Want, Got      uint64 // the recorded and the replayed state hash
	RecordedBuild  string // the build that recorded the file
	Build          string // this build
	PastRecordedAt bool   // the game stopped before the recording did (Got is 0)
}

func (e *ReplayError) Error() string {
	var s string
	if e.PastRecordedAt {
		s = fmt.Sprintf("platform: replay: the game ended after %d ticks, the recording ran on", e.Tick)
	} else {
		s = fmt.Sprintf("platform: replay diverged at tick %d: state hash %016x recorded, %016x replayed", e.Tick, e.Want, e.Got)
	}
	if e.RecordedBuild != e.Build {
		s += fmt.Sprintf(" (recorded by another build: %q; this is %q)", e.RecordedBuild, e.Build)
	}
	return s
}

// LoadReplay reads the replay file name in fsys (at most
// [MaxReplayBytes], regular files only), as [ParseReplay] does.
func LoadReplay(fsys fs.FS, name string) (*Replay, error) {
	data, err := loadutil.ReadFile(fsys, name, MaxReplayBytes)
	if err != nil {
		return nil, err
	}
	return ParseReplay(name, data)
}

// ParseReplay reads a whole replay file's data (at most
// [MaxReplayBytes]); name (a file's path) is used in messages only. A
// file of another format version is refused, naming both versions.
//
// Errors are the engine's positioned reader errors (a *loadutil.Error, as
// every reader's): "name: byte N: what was expected".
func ParseReplay(name string, data []byte) (*Replay, error) {
	if len(data) > MaxReplayBytes {
		return nil, &loadutil.Error{File: name, Msg: fmt.Sprintf("replay file over %d bytes", MaxReplayBytes), Kind: loadutil.ErrLimit}
	}
	rp, err := parseReplay(data)
	if err != nil {
		return nil, &loadutil.Error{File: name, Msg: err.Error(), Kind: loadutil.ErrSyntax}
	}
	return rp, nil
}

type replayReader struct {
	b   []byte
	off int
	err error
}

func (r *replayReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("byte %d: %s", r.off, fmt.Sprintf(format, args...))
	}
}

func (r *replayReader) byte() byte {
	if r.err != nil {
		return 0
	}
	if r.off >= len(r.b) {
		r.fail("file ends early")
		return 0
	}
	c := r.b[r.off]
	r.off++
	return c
}

func (r *replayReader) uvarint(max uint64, what string) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.off:])
	if n <= 0 {
		r.fail("bad %s", what)
		return 0
	}
	r.off += n
	if v > max {
		r.fail("%s %d out of range (0..%d)", what, v, max)
		return 0
	}
	return v
}

func (r *replayReader) varint(what string) int64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.b[r.off:])
	if n <= 0 {
		r.fail("bad %s", what)
		return 0
	}
	r.off += n
	return v
}

func (r *replayReader) u64() uint64 {
	if r.err != nil {
		return 0
	}
	if len(r.b)-r.off < 8 {
		r.fail("file ends early")
		return 0
	}
	v := binary.LittleEndian.Uint64(r.b[r.off:])
	r.off += 8
	return v
}

func (r *replayReader) f64(what string) float64 {
	v := math.Float64frombits(r.u64())
	if math.IsNaN(v) || math.IsInf(v, 0) {
		r.fail("%s is not a finite number", what)
	}
	return v
}

// maxReplayTicks caps a recording's length (about 200 days at 60 ticks a
// second).
const maxReplayTicks = 1 << 30

func parseReplay(b []byte) (*Replay, error) {
	if !bytes.HasPrefix(b, []byte(replayMagic)) {
		return nil, errors.New("not a Diorama replay file (no DIOREPLAY header)")
	}
	r := &replayReader{b: b, off: len(replayMagic)}
	rp := &Replay{}
	v := r.uvarint(math.MaxInt32, "format version")
	if r.err == nil && v != ReplayVersion {
		return nil, fmt.Errorf("replay format version %d; this build reads version %d (record it again with this build)", v, ReplayVersion)
	}
	rp.info.Version = int(v)
	rp.info.TPS = int(r.uvarint(10000, "tick rate"))
	rp.info.Width = int(r.uvarint(1<<16, "frame width"))
	rp.info.Height = int(r.uvarint(1<<16, "frame height"))
	rp.info.HasSeed = r.byte() == 1
	rp.info.Seed = r.u64()
	rp.info.HashEvery = int(r.uvarint(maxReplayTicks, "hash interval"))
	n := r.uvarint(maxBuildLen, "build name length")
	if r.err == nil {
		if uint64(len(b)-r.off) < n {
			r.fail("file ends early")
		} else {
			rp.info.Build = string(b[r.off : r.off+int(n)])
			r.off += int(n)
		}
	}
	if r.err == nil && rp.info.TPS == 0 {
		r.fail("tick rate 0")
	}
	ticks := 0
	ended := false
	for r.err == nil && r.off < len(b) && !ended {
		var o replayOp
		o.op = r.byte()
		switch o.op {
		case opTicks:
			o.n = int(r.uvarint(maxReplayTicks, "tick count"))
			if o.n == 0 {
				r.fail("empty ticks record")
			}
			ticks += o.n
		case opEvent:
			o.ev.Kind = EventKind(r.byte())
			o.ev.Key = Key(r.byte())
			o.ev.Button = MouseButton(r.byte())
			p := r.varint("pointer id")
			if p < math.MinInt32 || p > math.MaxInt32 {
				r.fail("pointer id %d out of range", p)
			}
			o.ev.Pointer = int(p)
			o.ev.X, o.ev.Y = r.f64("x"), r.f64("y")
			o.ev.DX, o.ev.DY = r.f64("dx"), r.f64("dy")
			if r.err == nil && !valid(o.ev) {
				r.fail("invalid %v event", o.ev.Kind)
			}
		case opPad:
			o.pad = int(r.byte())
			if o.pad >= MaxGamepads {
				r.fail("gamepad %d out of range (0..%d)", o.pad, MaxGamepads-1)
			}
			bits := r.uvarint(math.MaxUint32, "gamepad buttons")
			o.raw.Connected = bits&(1<<31) != 0
			for k := range o.raw.Buttons {
				o.raw.Buttons[k] = bits&(1<<k) != 0
			}
			for k := range o.raw.Axes {
				o.raw.Axes[k] = r.f64("gamepad axis")
			}
		case opHash:
			o.hash = r.u64()
			o.n = ticks
		case opEnd:
			o.n = int(r.uvarint(maxReplayTicks, "tick count"))
			o.has = r.byte() == 1
			o.hash = r.u64()
			if r.err == nil && o.n != ticks {
				r.fail("end record says %d ticks, the records ran %d", o.n, ticks)
			}
			rp.hasEnd, rp.endHash = o.has, o.hash
			ended = true
		default:
			r.fail("unknown record %d", o.op)
		}
		if ticks > maxReplayTicks {
			r.fail("more than %d ticks", maxReplayTicks)
		}
		if r.err == nil && o.op != opEnd {
			if len(rp.ops) >= MaxReplayBytes/2 {
				r.fail("too many records")
			}
			rp.ops = append(rp.ops, o)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if !ended {
		return nil, fmt.Errorf("byte %d: no end record (was the recording closed? the run may have crashed)", r.off)
	}
	if r.off != len(b) {
		return nil, fmt.Errorf("byte %d: %d bytes after the end record", r.off, len(b)-r.off)
	}
	rp.ticks = ticks
	return rp, nil
}

// Info returns the recording's header.
func (rp *Replay) Info() ReplayInfo { return rp.info }

// Ticks returns how many ticks were recorded.
func (rp *Replay) Ticks() int { return rp.ticks }

// Tick returns how many ticks have been replayed.
func (rp *Replay) Tick() int { return rp.tick }

// Checked returns how many recorded state hashes the replay has matched
// so far (checkpoints and the final hash).
func (rp *Replay) Checked() int { return rp.checked }

// Done reports whether every recorded tick was replayed and, where the
// recording has a final hash, it matched.
func (rp *Replay) Done() bool { return rp.tick == rp.ticks }

// OtherBuild reports whether another build recorded the file (see
// [BuildFingerprint]); a replay of such a file is played and checked
// all the same, and a divergence names both builds.
func (rp *Replay) OtherBuild() bool { return rp.info.Build != BuildFingerprint() }

// start checks that the driver's run matches the recording.
func (rp *Replay) start(cfg Config, in *Input) error {
	if rp.used {
		return errors.New("platform: a Replay plays one run; read the file again")
	}
	rp.used = true
	if cfg.TPS != rp.info.TPS {
		return fmt.Errorf("platform: replay recorded at %d ticks a second, the game runs at %d", rp.info.TPS, cfg.TPS)
	}
	if cfg.Width != rp.info.Width || cfg.Height != rp.info.Height {
		return fmt.Errorf("platform: replay recorded with a %d×%d frame, the game's is %d×%d", rp.info.Width, rp.info.Height, cfg.Width, cfg.Height)
	}
	in.replaying = true
	return nil
}

// feed pushes the input recorded before the next tick.
func (rp *Replay) feed(in *Input) error {
	if rp.left > 0 {
		return nil
	}
	for rp.next < len(rp.ops) {
		o := &rp.ops[rp.next]
		rp.next++
		switch o.op {
		case opTicks:
			rp.left = o.n
			return nil
		case opEvent:
			in.push(o.ev)
		case opPad:
			in.setGamepad(o.pad, o.raw)
		}
	}
	return ErrReplayDone
}

// ticked counts the tick just run and checks the hashes due now.
func (rp *Replay) ticked(g Game) error {
	rp.left--
	rp.tick++
	check := func(want uint64) error {
		h, ok := g.(StateHasher)
		if !ok {
			return nil
		}
		if got := h.StateHash(); got != want {
			return &ReplayError{Tick: rp.tick, Want: want, Got: got, RecordedBuild: rp.info.Build, Build: BuildFingerprint()}
		}
		rp.checked++
		return nil
	}
	if rp.left == 0 {
		for rp.next < len(rp.ops) && rp.ops[rp.next].op == opHash {
			if err := check(rp.ops[rp.next].hash); err != nil {
				return err
			}
			rp.next++
		}
	}
	if rp.tick == rp.ticks && rp.hasEnd {
		return check(rp.endHash)
	}
	return nil
}

// Summary is one line about the replay's progress, for a command's log.
func (rp *Replay) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "replayed %d of %d ticks, %d state hashes matched", rp.tick, rp.ticks, rp.checked)
	if rp.OtherBuild() {
		fmt.Fprintf(&b, " (recorded by %q)", rp.info.Build)
	}
	return b.String()
}
