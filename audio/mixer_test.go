package audio

import (
	"math"
	"testing"
	"time"

	"diorama/internal/testenv"
)

// sine returns a mono sound of a sine at freq, amplitude amp (of full
// scale), n frames at rate; computed in float64 with math.Sin, fine for
// tests on one machine (the determinism check synthesises in integers).
func sine(t testing.TB, rate, n int, freq, amp float64) *Sound {
	t.Helper()
	d := make([]int16, n)
	for i := range d {
		d[i] = int16(math.Round(amp * 32767 * math.Sin(2*math.Pi*freq*float64(i)/float64(rate))))
	}
	s, err := NewSound("sine", rate, 1, d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// dc returns a mono sound holding v for n frames.
func dc(t testing.TB, rate, n int, v int16) *Sound {
	t.Helper()
	d := make([]int16, n)
	for i := range d {
		d[i] = v
	}
	s, err := NewSound("dc", rate, 1, d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func newMixer(t testing.TB, cfg Config) *Mixer {
	t.Helper()
	m, err := NewMixer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func render(m *Mixer, frames int) []int16 {
	out := make([]int16, 2*frames)
	m.Mix(out)
	return out
}

// A voice at the output's rate, centred, at full volume comes out as its
// samples times cos(π/4) on both channels (after the 2 ms start ramp),
// within one step of the integer arithmetic.
func TestMixerPassThrough(t *testing.T) {
	m := newMixer(t, Config{})
	s := sine(t, 48000, 4800, 440, 0.5)
	m.Play(s, Options{})
	out := render(m, 6000)
	ramp := int(m.startN)
	for i := ramp; i < 4800; i++ {
		want := float64(s.data[i]) * math.Sqrt2 / 2
		for c := 0; c < 2; c++ {
			if d := math.Abs(float64(out[2*i+c]) - want); d > 1.5 {
				t.Fatalf("frame %d channel %d: %d, want %.1f", i, c, out[2*i+c], want)
			}
		}
	}
	for i := 4800; i < 6000; i++ {
		if out[2*i] != 0 || out[2*i+1] != 0 {
			t.Fatalf("frame %d after the end: %d %d", i, out[2*i], out[2*i+1])
		}
	}
	if st := m.Stats(); st.Playing != 0 {
		t.Fatalf("%d voices still playing after the sound ended", st.Playing)
	}
}

// crossings counts sign changes of channel 0 from frame a to b.
func crossings(out []int16, a, b int) int {
	n := 0
	for i := a + 1; i < b; i++ {
		if (out[2*i-2] < 0) != (out[2*i] < 0) {
			n++
		}
	}
	return n
}

// Resampling keeps a sound's frequency whatever its rate; pitch scales it.
func TestMixerResampleAndPitch(t *testing.T) {
	for _, c := range []struct {
		rate  int
		pitch float64
		want  float64 // Hz heard
	}{{22050, 1, 441}, {44100, 1, 441}, {96000, 1, 441}, {44100, 2, 882}, {44100, 0.5, 220.5}, {8000, 1.5, 661.5}} {
		m := newMixer(t, Config{})
		m.Play(sine(t, c.rate, c.rate*4, 441, 0.5), Options{Pitch: c.pitch})
		out := render(m, 48000)
		got := float64(crossings(out, 0, 48000)) / 2
		if math.Abs(got-c.want) > 1 {
			t.Errorf("rate %d pitch %g: %.1f Hz heard, want %.1f", c.rate, c.pitch, got, c.want)
		}
	}
}

// Panned fully left, the right channel is silent, and the other way.
func TestMixerPan(t *testing.T) {
	for _, pan := range []float64{-1, 1} {
		m := newMixer(t, Config{})
		m.Play(sine(t, 48000, 4800, 440, 0.5), Options{Pan: pan})
		out := render(m, 4800)
		var e [2]float64
		for i := 0; i < 4800; i++ {
			e[0] += math.Abs(float64(out[2*i]))
			e[1] += math.Abs(float64(out[2*i+1]))
		}
		loud, quiet := 0, 1
		if pan > 0 {
			loud, quiet = 1, 0
		}
		if e[quiet] != 0 || e[loud] == 0 {
			t.Errorf("pan %g: channel energies %v", pan, e)
		}
	}
}

// maxStep is the largest difference between consecutive samples of a
// channel in frames a..b.
func maxStep(out []int16, a, b int) int {
	m := 0
	for i := max(a, 1); i < b; i++ {
		for c := 0; c < 2; c++ {
			m = max(m, abs(int(out[2*i+c])-int(out[2*i-2+c])))
		}
	}
	return m
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// A full-scale step (a DC sound) starting, stopping, pausing and
// resuming never jumps: each is a ramp of 2 to 5 ms, so no sample
// differs from the one before by more than full scale over 90 frames.
func TestMixerClickFree(t *testing.T) {
	m := newMixer(t, Config{})
	m.SetMasterVolume(1)
	s := dc(t, 48000, 48000, 20000)
	limit := 20000/int(m.startN) + 2
	v := m.Play(s, Options{Loop: true})
	out := render(m, 1000)
	if out[0] == 0 && out[2] == 0 || maxStep(out, 0, 1000) > limit {
		t.Fatalf("start: first samples %d %d, largest step %d (limit %d)", out[0], out[2], maxStep(out, 0, 1000), limit)
	}
	m.Pause()
	out = render(m, 1000)
	if maxStep(out, 0, 1000) > limit || out[2*999] != 0 {
		t.Fatalf("pause: largest step %d, last sample %d", maxStep(out, 0, 1000), out[2*999])
	}
	m.Resume()
	out = render(m, 1000)
	if maxStep(out, 0, 1000) > limit || out[2*999] == 0 {
		t.Fatalf("resume: largest step %d, last sample %d", maxStep(out, 0, 1000), out[2*999])
	}
	v.Stop(0)
	out = render(m, 1000)
	if maxStep(out, 0, 1000) > limit || out[2*999] != 0 || v.Playing() {
		t.Fatalf("stop: largest step %d, last sample %d, playing %v", maxStep(out, 0, 1000), out[2*999], v.Playing())
	}
}

// Pausing holds a voice where it is: paused for a while, it resumes at
// the sample it left, as if no time had passed.
func TestMixerPauseHolds(t *testing.T) {
	s := sine(t, 48000, 48000, 440, 0.5)
	a, b := newMixer(t, Config{}), newMixer(t, Config{})
	a.Play(s, Options{})
	b.Play(s, Options{})
	ra := render(a, 2000)
	rb := render(b, 2000)
	b.Pause()
	render(b, 3000)
	if b.Stats().Playing != 1 {
		t.Fatal("the paused voice was freed")
	}
	b.Resume()
	ra = render(a, 20000)
	rb = render(b, 20000)
	// a skipped b's 3000 paused frames; b played on only during its 5 ms
	// fade-out and held still after, so after its fade-in it leads a by
	// exactly the fade's frames but its silent last one.
	fade := int(b.changeN) - 1
	for i := fade + 1; i < 20000-fade; i++ {
		if ra[2*(i+fade)] != rb[2*i] {
			t.Fatalf("frame %d: resumed voice %d, unpaused voice %d frames later %d", i, rb[2*i], fade, ra[2*(i+fade)])
		}
	}
}

// Voices marked IgnorePause keep playing under a pause.
func TestMixerIgnorePause(t *testing.T) {
	m := newMixer(t, Config{})
	m.Play(dc(t, 48000, 48000, 1000), Options{Loop: true})
	menu := m.Play(dc(t, 48000, 48000, 3000), Options{IgnorePause: true})
	m.Pause()
	out := render(m, 2000)
	want := int16(math.Round(3000 * math.Sqrt2 / 2))
	if d := abs(int(out[2*1999] - want)); d > 2 || !menu.Playing() {
		t.Fatalf("paused mix ends at %d, want the menu voice alone, %d", out[2*1999], want)
	}
}

// Tick makes exactly Rate/TPS frames a tick, the fraction carried.
func TestMixerTickFrames(t *testing.T) {
	for _, c := range []struct{ rate, tps, ticks int }{{48000, 60, 600}, {44100, 60, 601}, {44100, 7, 50}, {22050, 144, 1000}} {
		m := newMixer(t, Config{Rate: c.rate, TPS: c.tps})
		total := 0
		for k := 0; k < c.ticks; k++ {
			total += len(m.Tick()) / 2
		}
		if want := c.ticks * c.rate / c.tps; total != want {
			t.Errorf("rate %d tps %d: %d ticks made %d frames, want %d", c.rate, c.tps, c.ticks, total, want)
		}
	}
}

// Every voice busy: Play refuses and counts; a stopped voice's handle
// goes dead and does not reach the voice that reuses its slot.
func TestMixerVoicesAndHandles(t *testing.T) {
	m := newMixer(t, Config{Voices: 4})
	s := dc(t, 48000, 48000, 100)
	var vs []Voice
	for i := 0; i < 4; i++ {
		vs = append(vs, m.Play(s, Options{Loop: true}))
	}
	if v := m.Play(s, Options{}); v.Playing() || m.Stats().Dropped != 1 {
		t.Fatalf("a fifth voice played; dropped %d", m.Stats().Dropped)
	}
	vs[0].Stop(0)
	render(m, 1000)
	nv := m.Play(s, Options{Loop: true})
	if vs[0].Playing() || !nv.Playing() || nv.slot != vs[0].slot {
		t.Fatalf("old handle playing %v, new %v, slots %d %d", vs[0].Playing(), nv.Playing(), nv.slot, vs[0].slot)
	}
	vs[0].SetVolume(0) // must not reach nv
	render(m, 1000)
	if g := m.voices[nv.slot].curL; g == 0 {
		t.Fatal("a dead handle silenced the voice that took its slot")
	}
	if (Voice{}).Playing() {
		t.Fatal("the zero Voice plays")
	}
	(Voice{}).Stop(0)
}

// 64 full-scale voices at once are bent by the soft clipper into range,
// never wrapped, and the mixer counts the bent samples.
func TestMixerSoftClip(t *testing.T) {
	m := newMixer(t, Config{})
	s := dc(t, 48000, 4800, 32767)
	n := dc(t, 48000, 4800, -32768)
	for i := 0; i < 32; i++ {
		m.Play(s, Options{Pan: -1})
		m.Play(n, Options{Pan: 1})
	}
	out := render(m, 2000)
	if out[2*1999] < 32000 || out[2*1999+1] > -32000 {
		t.Fatalf("clipped to %d %d, want near full scale", out[2*1999], out[2*1999+1])
	}
	for i := 1; i < 2000; i++ {
		if out[2*i] < out[2*i-2] || out[2*i+1] > out[2*i-1] {
			t.Fatalf("frame %d: the rising ramp fell (%d after %d)", i, out[2*i], out[2*i-2])
		}
	}
	if m.Stats().Clipped == 0 {
		t.Fatal("no clipped samples counted")
	}
	// Below the knee nothing is bent.
	if got := m.soft(knee); got != knee {
		t.Fatalf("soft(knee) = %d", got)
	}
	if got := m.soft(1 << 40); got != 32766 {
		t.Fatalf("soft(huge) = %d", got)
	}
}

// The master volume scales the mix.
func TestMixerMaster(t *testing.T) {
	m := newMixer(t, Config{})
	m.Play(dc(t, 48000, 48000, 10000), Options{Pan: -1})
	m.SetMasterVolume(0.5)
	out := render(m, 1000)
	if got := out[2*999]; abs(int(got)-5000) > 1 {
		t.Fatalf("half master volume gives %d, want 5000", got)
	}
}

// Fades: FadeIn ramps over its time, Stop(fade) over its.
func TestMixerFades(t *testing.T) {
	m := newMixer(t, Config{})
	v := m.Play(dc(t, 48000, 96000, 10000), Options{Pan: -1, FadeIn: 100 * time.Millisecond})
	out := render(m, 4800)
	if got := out[2*2399]; abs(int(got)-5000) > 5 {
		t.Fatalf("half-way through a 100 ms fade-in: %d, want about 5000", got)
	}
	render(m, 100)
	v.Stop(200 * time.Millisecond)
	out = render(m, 4800)
	if got := out[2*4799]; abs(int(got)-5000) > 5 {
		t.Fatalf("half-way through a 200 ms fade-out: %d, want about 5000", got)
	}
	render(m, 4800*3)
	if v.Playing() {
		t.Fatal("the voice plays after its fade-out")
	}
}

// The mixer allocates nothing while playing: ticks, reads, plays, stops,
// position and listener changes.
func TestMixerAllocs(t *testing.T) {
	m := newMixer(t, Config{})
	s := sine(t, 44100, 44100, 440, 0.3)
	buf := make([]byte, 4096)
	k := 0
	allocs := testenv.AllocsOver(200, func() {
		k++
		v := m.PlayAt(s, float64(k%300), 10, Options{Pitch: 1 + float64(k%5)/10})
		v.SetPosition(float64(k%200), 0)
		m.SetListener(float64(k%50), 0)
		m.Tick()
		m.Read(buf)
		if k%3 == 0 {
			v.Stop(0)
		}
	})
	if allocs != 0 {
		t.Fatalf("%d allocations in 200 ticks", allocs)
	}
}

// The distance model's figures.
func TestSpace(t *testing.T) {
	s := Space{}
	for _, c := range []struct{ dx, dy, gain, pan float64 }{
		{0, 0, 1, 0},
		{96, 0, 1, 0.2},
		{0, -96, 1, 0},
		{192, 0, 0.5 * (960 - 192) / (960 - 96), 0.4},
		{-480, 0, 0.2 * (960 - 480) / (960 - 96), -1},
		{0, 960, 0, 0},
		{3000, 4000, 0, 1},
	} {
		g, p := s.Gain(c.dx, c.dy)
		if math.Abs(g-c.gain) > 1e-12 || math.Abs(p-c.pan) > 1e-12 {
			t.Errorf("(%g, %g): gain %g pan %g, want %g %g", c.dx, c.dy, g, p, c.gain, c.pan)
		}
	}
	if _, err := NewMixer(Config{Space: Space{Near: 100, Far: 50}}); err == nil {
		t.Fatal("Far < Near accepted")
	}
}

// A positional voice is panned and attenuated relative to the listener,
// and follows the listener as it moves.
func TestMixerPositional(t *testing.T) {
	m := newMixer(t, Config{})
	m.SetListener(100, 100)
	m.PlayAt(dc(t, 48000, 48000*2, 10000), 100+240, 100, Options{Loop: true})
	out := render(m, 1000)
	g, p := Space{}.Gain(240, 0)
	s, c := math.Sincos((p + 1) * math.Pi / 4)
	wl, wr := 10000*g*c, 10000*g*s
	if math.Abs(float64(out[2*999])-wl) > 2 || math.Abs(float64(out[2*999+1])-wr) > 2 {
		t.Fatalf("voice 240 px right: %d %d, want %.0f %.0f", out[2*999], out[2*999+1], wl, wr)
	}
	m.SetListener(100+240+2000, 100) // far away: silent
	out = render(m, 1000)
	if out[2*999] != 0 || out[2*999+1] != 0 {
		t.Fatalf("voice out of range: %d %d", out[2*999], out[2*999+1])
	}
}
