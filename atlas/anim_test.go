package atlas

import (
	"math"
	"slices"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

// sequence plays a clip with unit durations and records the frame index
// shown at each step.
func sequence(t *testing.T, n int, dir Direction, repeat, steps int) []int {
	t.Helper()
	c := Clip{Name: "c", Dir: dir, Repeat: repeat}
	for i := 0; i < n; i++ {
		c.Frames = append(c.Frames, 10+i)
		c.Durations = append(c.Durations, 1)
	}
	p, err := NewPlayer(&c)
	if err != nil {
		t.Fatal(err)
	}
	var out []int
	for k := 0; k < steps; k++ {
		out = append(out, p.Frame()-10)
		p.Advance(1)
	}
	return out
}

func TestPlayerDirections(t *testing.T) {
	cases := []struct {
		n      int
		dir    Direction
		repeat int
		want   []int
	}{
		{4, Forward, 0, []int{0, 1, 2, 3, 0, 1, 2, 3, 0}},
		{4, Reverse, 0, []int{3, 2, 1, 0, 3, 2, 1, 0, 3}},
		{4, PingPong, 0, []int{0, 1, 2, 3, 2, 1, 0, 1, 2, 3, 2}},
		{4, PingPongReverse, 0, []int{3, 2, 1, 0, 1, 2, 3, 2, 1, 0, 1}},
		{3, Forward, 2, []int{0, 1, 2, 0, 1, 2, 2, 2}},
		{3, PingPong, 2, []int{0, 1, 2, 1, 0, 0, 0}},
		{3, PingPong, 3, []int{0, 1, 2, 1, 0, 1, 2, 2}},
		{3, PingPongReverse, 1, []int{2, 1, 0, 0, 0}},
		{1, PingPong, 0, []int{0, 0, 0}},
		{2, PingPong, 0, []int{0, 1, 0, 1, 0}},
	}
	for _, c := range cases {
		got := sequence(t, c.n, c.dir, c.repeat, len(c.want))
		if !slices.Equal(got, c.want) {
			t.Errorf("%d frames %v repeat %d: %v, want %v", c.n, c.dir, c.repeat, got, c.want)
		}
	}
}

// Durations, big time steps and pass counting: advancing by any step
// pattern gives the same frame as advancing one unit at a time.
func TestPlayerDurationsAndBigSteps(t *testing.T) {
	c := Clip{Name: "walk", Frames: []int{0, 1, 2, 3}, Durations: []int{100, 50, 150, 200}, Dir: PingPong}
	p, _ := NewPlayer(&c)
	p.Advance(99)
	if p.Frame() != 0 {
		t.Fatal("left frame 0 early")
	}
	p.Advance(1)
	if p.Frame() != 1 {
		t.Fatal("did not reach frame 1 at 100 ms")
	}
	r := mathx.NewRand(4)
	for trial := 0; trial < 50; trial++ {
		a, _ := NewPlayer(&c)
		b, _ := NewPlayer(&c)
		total, passes := 0, 0
		for k := 0; k < 30; k++ {
			dt := r.IntRange(1, 5000)
			passes += a.Advance(dt)
			total += dt
		}
		bp := 0
		for k := 0; k < total; k++ {
			bp += b.Advance(1)
		}
		if a.Frame() != b.Frame() || a.Index() != b.Index() || passes != bp || a.Passes() != b.Passes() {
			t.Fatalf("after %d ms: big steps frame %d passes %d, unit steps frame %d passes %d", total, a.Frame(), passes, b.Frame(), bp)
		}
	}
	// A finite clip stops on its last frame and reports done.
	once := Clip{Name: "die", Frames: []int{5, 6, 7}, Durations: []int{2, 2, 2}, Repeat: 1}
	q, _ := NewPlayer(&once)
	if n := q.Advance(1000); n != 1 || !q.Done() || q.Frame() != 7 || q.Passes() != 1 {
		t.Fatalf("finite clip: passes %d done %v frame %d", n, q.Done(), q.Frame())
	}
	q.Restart()
	if q.Done() || q.Frame() != 5 {
		t.Fatal("restart")
	}
	if n := testenv.AllocsOver(100, func() { p.Advance(17); _ = p.Frame() }); n != 0 {
		t.Fatalf("%v allocs in 100 advances", n)
	}
}

func TestClipValidateAndTicks(t *testing.T) {
	bad := []Clip{
		{Name: "empty"},
		{Name: "mismatch", Frames: []int{1, 2}, Durations: []int{1}},
		{Name: "zero", Frames: []int{1}, Durations: []int{0}},
		{Name: "dir", Frames: []int{1}, Durations: []int{1}, Dir: 9},
		{Name: "rep", Frames: []int{1}, Durations: []int{1}, Repeat: -1},
	}
	for _, c := range bad {
		if _, err := NewPlayer(&c); err == nil {
			t.Errorf("clip %q accepted", c.Name)
		}
	}
	if _, err := NewPlayer(nil); err == nil {
		t.Error("nil clip accepted")
	}
	// 100, 100, 150, 150, 200, 50 ms at 60 Hz (16.67 ms a tick): running
	// totals 100, 200, 350, 500, 700, 750 ms = 6, 12, 21, 30, 42, 45 ticks.
	c := Clip{Name: "k", Frames: []int{0, 1, 2, 3, 4, 5}, Durations: []int{100, 100, 150, 150, 200, 50}}
	ticks := c.InTicks(1000.0 / 60)
	if !slices.Equal(ticks.Durations, []int{6, 6, 9, 9, 12, 3}) {
		t.Fatalf("ticks %v", ticks.Durations)
	}
	// Very short frames still get one tick each.
	short := Clip{Name: "s", Frames: []int{0, 1, 2}, Durations: []int{1, 1, 1}}
	if d := short.InTicks(33).Durations; !slices.Equal(d, []int{1, 1, 1}) {
		t.Fatalf("short ticks %v", d)
	}
}

func TestDirectionSets(t *testing.T) {
	d4 := Directions(4, 0)
	d8 := Directions(8, 0)
	d16 := Directions(16, 0)
	cases := []struct {
		set  DirectionSet
		deg  float64
		want string
	}{
		{d4, 0, "E"}, {d4, 44, "E"}, {d4, 46, "S"}, {d4, 90, "S"}, {d4, 180, "W"}, {d4, -90, "N"}, {d4, 270, "N"},
		{d4, 45, "E"}, // exact tie: lower index
		{d8, 22, "E"}, {d8, 23, "SE"}, {d8, -45, "NE"}, {d8, 135, "SW"},
		{d16, 11, "E"}, {d16, 12, "ESE"}, {d16, 200, "WNW"}, {d16, 160, "WSW"}, {d16, 350, "E"},
		{IsoMobDirections, 45, "East"}, {IsoMobDirections, 100, "South"}, {IsoMobDirections, 225, "West"},
		{IsoMobDirections, -45, "North"}, {IsoMobDirections, 0, "East"}, {IsoMobDirections, 181, "West"},
	}
	for _, c := range cases {
		if got := c.set.Names[c.set.Index(mathx.Deg(c.deg))]; got != c.want {
			t.Errorf("%d facings, %v°: %s, want %s", len(c.set.Angles), c.deg, got, c.want)
		}
	}
	if d4.Index(math.NaN()) != 0 {
		t.Error("NaN heading")
	}
	if n := Directions(5, 0).Names[3]; n != "3" {
		t.Errorf("5 facings named %q", n)
	}
}

// IsoMob-style assets: frames named <name><animation><frame> become clips,
// and a heading picks the facing's clip.
func TestIsoMobNamedClips(t *testing.T) {
	b := NewBuilder(Options{})
	img := coordImage(4, 4)
	for _, n := range []string{"humanNorth002.png", "humanNorth001.png", "humanNorth010.png", "humanSouth001.png", "humanEast001.png", "humanWest001.png", "humanWest002.png", "humanNorthx.png"} {
		if err := b.Add(n, img); err != nil {
			t.Fatal(err)
		}
	}
	a, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	north, err := a.ClipFromNames("humanNorth", "humanNorth", 99, Forward, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range north.Frames {
		names = append(names, a.Frames[f].Name)
	}
	if !slices.Equal(names, []string{"humanNorth001.png", "humanNorth002.png", "humanNorth010.png"}) {
		t.Fatalf("north frames %v", names)
	}
	for _, dir := range IsoMobDirections.Names {
		c, err := a.ClipFromNames("human"+dir, "human"+dir, 99, Forward, 0)
		if err != nil {
			t.Fatal(err)
		}
		a.Clips = append(a.Clips, c)
	}
	clips, err := a.DirectionalClips("human", IsoMobDirections)
	if err != nil {
		t.Fatal(err)
	}
	if c := clips[IsoMobDirections.Index(mathx.Deg(300))]; c.Name != "humanNorth" {
		t.Fatalf("heading 300° picks %s", c.Name)
	}
	if _, err := a.DirectionalClips("human", Directions(8, 0)); err == nil {
		t.Error("missing facings accepted")
	}
	if _, err := a.ClipFromNames("x", "nobody", 1, Forward, 0); err == nil {
		t.Error("empty clip accepted")
	}
}
