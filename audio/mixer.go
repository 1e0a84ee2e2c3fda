package audio

import (
	"encoding/binary"
	"fmt"
	"math"
	"sync"
	"time"

	"diorama/mathx"
)

// Config is what a [Mixer] is built for. Zero fields take defaults.
type Config struct {
	Rate   int // output frames per second (default 48000)
	TPS    int // the game's ticks per second, for [Mixer.Tick] (default 60)
	Voices int // voices playing at once at most (default 64, up to 4096)
	// Space is the distance model of positional voices (see [Space]).
	Space Space
}

// Defaults for [Config].
const (
	DefaultRate   = 48000
	DefaultTPS    = 60
	DefaultVoices = 64
	// MaxBlock is the most frames mixed in one pass; longer reads are
	// mixed in several.
	MaxBlock = 1024
)

// Ramp lengths at 48 kHz (scaled to the output rate): a voice starts over
// 2 ms and stops over 5 ms at least, and every change of volume, pan or
// position glides over 5 ms, so nothing clicks.
const (
	startRamp  = 2 * time.Millisecond
	changeRamp = 5 * time.Millisecond
)

// Options say how a voice plays. The zero Options play the sound once at
// full volume, centred, at its own pitch.
type Options struct {
	// Volume is the gain, 0 to 1 (0 means 1: full; silence a voice with
	// [Voice.SetVolume]).
	Volume float64
	// Pan places the voice from -1 (left) to 1 (right), constant power.
	Pan float64
	// Pitch is the playback speed ratio, 1/16 to 16 (0 means 1).
	Pitch float64
	// Loop repeats the sound until the voice is stopped.
	Loop bool
	// FadeIn ramps the volume up over this time (at least 2 ms).
	FadeIn time.Duration
	// IgnorePause keeps the voice playing while the mixer is paused (the
	// pause menu's own sounds).
	IgnorePause bool
}

// Stats count what the mixer did.
type Stats struct {
	Playing int    // voices playing now
	Dropped uint64 // Play calls refused because every voice was busy
	Frames  uint64 // frames mixed since the start
	Clipped uint64 // output samples the soft clipper bent
}

// voice is one playing sound. Gains are Q30 (1<<30 is 1.0), ramped
// linearly towards their target over ramp frames.
type voice struct {
	snd         *Sound
	pos, step   uint64 // source position and increment, 32.32 frames
	curL, curR  int32  // current gain, Q30
	dL, dR      int32  // per-frame change while ramping
	tgtL, tgtR  int32  // target gain, Q30
	ramp        int32  // frames left in the ramp
	vol, pan    float64
	pitch       uint32 // Q16
	at          bool   // positioned (x, y in screen space)
	x, y        float64
	loop        bool
	stopping    bool // ramping to 0, then free
	frozen      bool // paused and silent: not advanced
	ignorePause bool
	active      bool
	str         *streamVoice // a Stream's decoding state; snd is its window
}

// Mixer mixes voices into 16-bit stereo at the output rate. All methods
// are safe to call from several goroutines (the game's and the audio
// device's); each holds the mixer's lock briefly.
type Mixer struct {
	mu      sync.Mutex
	rate    int
	tps     int
	carry   int // Tick's fraction of a frame, in 1/tps
	voices  []voice
	gens    []uint32
	acc     []int32 // stereo accumulator, MaxBlock frames
	out     []int16 // Tick's output
	master  int32   // target master gain, Q15
	mcur    int32   // current master gain, Q15 << 8
	mstep   int32
	mramp   int32
	paused  bool
	space   Space
	lx, ly  float64 // listener, screen space
	startN  int32   // start ramp, frames
	changeN int32   // change ramp, frames
	stats   Stats
}

// NewMixer returns a mixer for cfg.
func NewMixer(cfg Config) (*Mixer, error) {
	if cfg.Rate == 0 {
		cfg.Rate = DefaultRate
	}
	if cfg.TPS == 0 {
		cfg.TPS = DefaultTPS
	}
	if cfg.Voices == 0 {
		cfg.Voices = DefaultVoices
	}
	switch {
	case cfg.Rate < 8000 || cfg.Rate > 192000:
		return nil, fmt.Errorf("audio: Config.Rate %d out of range (8000..192000)", cfg.Rate)
	case cfg.TPS < 1 || cfg.TPS > 10000:
		return nil, fmt.Errorf("audio: Config.TPS %d out of range (1..10000)", cfg.TPS)
	case cfg.Voices < 1 || cfg.Voices > 4096:
		return nil, fmt.Errorf("audio: Config.Voices %d out of range (1..4096)", cfg.Voices)
	}
	sp, err := cfg.Space.orDefault()
	if err != nil {
		return nil, err
	}
	m := &Mixer{
		rate: cfg.Rate, tps: cfg.TPS,
		voices:  make([]voice, cfg.Voices),
		gens:    make([]uint32, cfg.Voices),
		acc:     make([]int32, 2*MaxBlock),
		out:     make([]int16, 2*(cfg.Rate/cfg.TPS+1)),
		master:  1 << 15,
		mcur:    1 << 23,
		space:   sp,
		startN:  int32(max(1, int64(cfg.Rate)*int64(startRamp)/int64(time.Second))),
		changeN: int32(max(1, int64(cfg.Rate)*int64(changeRamp)/int64(time.Second))),
	}
	return m, nil
}

// Rate returns the output rate in frames per second.
func (m *Mixer) Rate() int { return m.rate }

// TPS returns the tick rate [Mixer.Tick] divides a second by.
func (m *Mixer) TPS() int { return m.tps }

// Voice is a handle on a playing voice. The zero Voice is none; a handle
// whose sound has ended (or was stopped) does nothing and reports not
// playing, even once its slot plays another sound.
type Voice struct {
	m    *Mixer
	slot int32
	gen  uint32
}

// get returns v's voice when it still plays; the lock is held.
func (v Voice) get() *voice {
	if v.m == nil || v.gen == 0 || v.m.gens[v.slot] != v.gen || !v.m.voices[v.slot].active {
		return nil
	}
	return &v.m.voices[v.slot]
}

// Play starts s with o and returns its voice, or the zero Voice when s is
// nil or every voice is busy (counted in Stats.Dropped).
func (m *Mixer) Play(s *Sound, o Options) Voice {
	return m.play(s, o, false, 0, 0)
}

// PlayAt starts s at (x, y) in screen space (iso screen coordinates,
// pixels): its volume and pan follow its place relative to the listener
// as [Space] says, and o.Pan is ignored.
func (m *Mixer) PlayAt(s *Sound, x, y float64, o Options) Voice {
	return m.play(s, o, true, x, y)
}

func (m *Mixer) play(s *Sound, o Options, at bool, x, y float64) Voice {
	if s == nil || len(s.data) == 0 {
		return Voice{}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.playLocked(s, o, at, x, y)
}

// playLocked is play with the lock held.
func (m *Mixer) playLocked(s *Sound, o Options, at bool, x, y float64) Voice {
	slot := -1
	for i := range m.voices {
		if !m.voices[i].active {
			slot = i
			break
		}
	}
	if slot < 0 {
		m.stats.Dropped++
		return Voice{}
	}
	m.gens[slot]++
	if m.gens[slot] == 0 {
		m.gens[slot] = 1
	}
	vc := &m.voices[slot]
	*vc = voice{snd: s, active: true, loop: o.Loop, ignorePause: o.IgnorePause, at: at, x: x, y: y}
	vc.vol = clampVol(o.Volume, true)
	vc.pan = clamp(o.Pan, -1, 1)
	vc.pitch = pitchQ16(o.Pitch)
	vc.step = m.stepFor(s, vc.pitch)
	n := m.startN
	if f := durFrames(o.FadeIn, m.rate); f > n {
		n = f
	}
	m.retarget(vc, n)
	return Voice{m: m, slot: int32(slot), gen: m.gens[slot]}
}

func durFrames(d time.Duration, rate int) int32 {
	if d <= 0 {
		return 0
	}
	f := int64(d) * int64(rate) / int64(time.Second)
	return int32(min(f, 1<<30))
}

func clamp(v, lo, hi float64) float64 {
	if v != v {
		return 0
	}
	return max(lo, min(hi, v))
}

func clampVol(v float64, zeroIsFull bool) float64 {
	if zeroIsFull && v == 0 {
		return 1
	}
	return clamp(v, 0, 1)
}

// pitchQ16 is a pitch ratio in Q16, 1/16 to 16 (0 or NaN: 1).
func pitchQ16(p float64) uint32 {
	if p == 0 || p != p {
		return 1 << 16
	}
	p = clamp(p, 1.0/16, 16)
	return uint32(math.Round(p * 65536))
}

// stepFor is the source increment per output frame, 32.32.
func (m *Mixer) stepFor(s *Sound, pitch uint32) uint64 {
	base := (uint64(s.rate) << 32) / uint64(m.rate)
	return (base >> 8) * uint64(pitch) >> 8
}

// gains returns a voice's wanted gains, Q30, from its volume and pan or
// its place.
func (m *Mixer) gains(vc *voice) (l, r int32) {
	vol, pan := vc.vol, vc.pan
	if vc.at {
		g, p := m.space.gainPan(float64(vc.x-m.lx), float64(vc.y-m.ly))
		vol, pan = float64(vol*g), p
	}
	// Constant power: angle from 0 (left) to π/2 (right).
	s, c := mathx.Sincos(float64(float64(pan+1) * (math.Pi / 4)))
	l = int32(math.Round(float64(vol*c) * (1 << 30)))
	r = int32(math.Round(float64(vol*s) * (1 << 30)))
	return l, r
}

// retarget points vc's ramp at its wanted gains (0 when stopping or
// paused) over n frames.
func (m *Mixer) retarget(vc *voice, n int32) {
	l, r := m.gains(vc)
	if vc.stopping || (m.paused && !vc.ignorePause) {
		l, r = 0, 0
	}
	if l != 0 || r != 0 {
		vc.frozen = false
	}
	vc.tgtL, vc.tgtR = l, r
	n = max(n, 1)
	vc.ramp = n
	vc.dL = (l - vc.curL) / n
	vc.dR = (r - vc.curR) / n
}

// Stop fades the voice out over fade (at least 5 ms) and frees it.
func (v Voice) Stop(fade time.Duration) {
	if v.m == nil {
		return
	}
	v.m.mu.Lock()
	defer v.m.mu.Unlock()
	if vc := v.get(); vc != nil && !vc.stopping {
		vc.stopping = true
		vc.frozen = false
		v.m.retarget(vc, max(v.m.changeN, durFrames(fade, v.m.rate)))
	}
}

// Playing reports whether the voice still plays (a stopping voice does
// until its fade ends).
func (v Voice) Playing() bool {
	if v.m == nil {
		return false
	}
	v.m.mu.Lock()
	defer v.m.mu.Unlock()
	return v.get() != nil
}

// set changes a voice and glides to its new gains.
func (v Voice) set(fn func(*voice)) {
	if v.m == nil {
		return
	}
	v.m.mu.Lock()
	defer v.m.mu.Unlock()
	if vc := v.get(); vc != nil {
		fn(vc)
		if !vc.stopping {
			v.m.retarget(vc, v.m.changeN)
		}
	}
}

// SetVolume sets the voice's volume, 0 to 1, gliding over 5 ms.
func (v Voice) SetVolume(vol float64) { v.set(func(vc *voice) { vc.vol = clampVol(vol, false) }) }

// Fade glides the voice's volume to vol over d.
func (v Voice) Fade(vol float64, d time.Duration) {
	if v.m == nil {
		return
	}
	v.m.mu.Lock()
	defer v.m.mu.Unlock()
	if vc := v.get(); vc != nil && !vc.stopping {
		vc.vol = clampVol(vol, false)
		v.m.retarget(vc, max(v.m.changeN, durFrames(d, v.m.rate)))
	}
}

// SetPan sets the voice's pan, -1 (left) to 1 (right).
func (v Voice) SetPan(pan float64) { v.set(func(vc *voice) { vc.pan = clamp(pan, -1, 1) }) }

// SetPitch sets the voice's playback speed ratio (1/16 to 16).
func (v Voice) SetPitch(p float64) {
	v.set(func(vc *voice) { vc.pitch = pitchQ16(p); vc.step = v.m.stepFor(vc.snd, vc.pitch) })
}

// SetPosition moves a voice to (x, y) in screen space; a voice started
// with Play becomes positional.
func (v Voice) SetPosition(x, y float64) {
	v.set(func(vc *voice) { vc.at, vc.x, vc.y = true, x, y })
}

// SetListener places the listener at (x, y) in screen space (usually the
// camera's centre or the player's drawn position); positional voices
// glide to their new volume and pan.
func (m *Mixer) SetListener(x, y float64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if x == m.lx && y == m.ly {
		return
	}
	m.lx, m.ly = x, y
	for i := range m.voices {
		if vc := &m.voices[i]; vc.active && vc.at && !vc.stopping {
			m.retarget(vc, m.changeN)
		}
	}
}

// SetMasterVolume sets the gain of the whole mix, 0 to 1, gliding over
// 5 ms.
func (m *Mixer) SetMasterVolume(vol float64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.master = int32(math.Round(clampVol(vol, false) * (1 << 15)))
	m.mramp = m.changeN
	m.mstep = (m.master<<8 - m.mcur) / m.mramp
}

// Pause fades out every voice not started with IgnorePause and holds it
// where it is (the pause menu); Resume fades them back in.
func (m *Mixer) Pause() { m.setPaused(true) }

// Resume undoes [Mixer.Pause].
func (m *Mixer) Resume() { m.setPaused(false) }

// Paused reports whether the mixer is paused.
func (m *Mixer) Paused() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.paused
}

func (m *Mixer) setPaused(p bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.paused == p {
		return
	}
	m.paused = p
	for i := range m.voices {
		if vc := &m.voices[i]; vc.active && !vc.ignorePause && !vc.stopping {
			m.retarget(vc, m.changeN)
		}
	}
}

// StopAll fades out every voice over fade (at least 5 ms).
func (m *Mixer) StopAll(fade time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i := range m.voices {
		if vc := &m.voices[i]; vc.active && !vc.stopping {
			vc.stopping, vc.frozen = true, false
			m.retarget(vc, max(m.changeN, durFrames(fade, m.rate)))
		}
	}
}

// Stats returns the mixer's counts.
func (m *Mixer) Stats() Stats {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.stats
	for i := range m.voices {
		if m.voices[i].active {
			s.Playing++
		}
	}
	return s
}

// Mix renders len(dst)/2 frames of interleaved stereo into dst.
func (m *Mixer) Mix(dst []int16) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.mix(dst)
}

// Tick renders one game tick of audio, Rate/TPS frames (the fraction
// carried to later ticks, so n ticks make exactly n·Rate/TPS frames
// rounded down), and returns it as interleaved stereo; the slice is the
// mixer's and valid until the next call. A game (or the headless
// backend) calls it once per tick, after Update, to hear the tick's
// sounds in step with its frames.
func (m *Mixer) Tick() []int16 {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.carry += m.rate
	n := m.carry / m.tps
	m.carry -= n * m.tps
	out := m.out[:2*n]
	m.mix(out)
	return out
}

// Read fills p with 16-bit little-endian stereo frames (a whole number of
// 4-byte frames; the rest of p is left) and never fails: it is the
// io.Reader an output device pulls.
func (m *Mixer) Read(p []byte) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := len(p) / 4 * 4
	var blk [2 * 256]int16
	for o := 0; o < n; {
		k := min((n-o)/4, 256)
		m.mix(blk[:2*k])
		for i := 0; i < 2*k; i++ {
			binary.LittleEndian.PutUint16(p[o+2*i:], uint16(blk[i]))
		}
		o += 4 * k
	}
	return n, nil
}
