package atlas

import (
	"fmt"
	"math"

	"diorama/mathx"
)

// Direction is how a clip walks through its frames (Aseprite's tag
// directions).
type Direction uint8

const (
	// Forward plays first to last.
	Forward Direction = iota
	// Reverse plays last to first.
	Reverse
	// PingPong plays first to last, then back, without repeating the
	// turning frames.
	PingPong
	// PingPongReverse plays last to first, then forward.
	PingPongReverse
)

var directionNames = [...]string{"forward", "reverse", "pingpong", "pingpong_reverse"}

// String returns Aseprite's name for the direction.
func (d Direction) String() string {
	if int(d) < len(directionNames) {
		return directionNames[d]
	}
	return fmt.Sprintf("Direction(%d)", d)
}

// ParseDirection reads Aseprite's direction names.
func ParseDirection(s string) (Direction, bool) {
	for i, n := range directionNames {
		if n == s {
			return Direction(i), true
		}
	}
	return 0, false
}

// Clip is a named animation: a run of atlas frames, each shown for its
// duration, walked in a direction a number of passes.
//
// Durations are in whatever unit the player is advanced in: milliseconds
// as files store them, or simulation ticks after [Clip.InTicks].
type Clip struct {
	Name      string
	Frames    []int // atlas frame indices, in sheet order
	Durations []int // one per frame, > 0
	Dir       Direction
	// Repeat is the number of passes to play (a pass is one walk through
	// the frames in one direction; a ping-pong's way back is a second
	// pass); 0 plays forever.
	Repeat int
	// UserData is an Aseprite tag's colour and text.
	UserData UserData
}

// Validate checks the clip is playable.
func (c *Clip) Validate() error {
	if len(c.Frames) == 0 {
		return fmt.Errorf("atlas: clip %q has no frames", c.Name)
	}
	if len(c.Durations) != len(c.Frames) {
		return fmt.Errorf("atlas: clip %q has %d frames and %d durations", c.Name, len(c.Frames), len(c.Durations))
	}
	for i, d := range c.Durations {
		if d <= 0 {
			return fmt.Errorf("atlas: clip %q frame %d has duration %d (must be > 0)", c.Name, i, d)
		}
	}
	if c.Dir > PingPongReverse || c.Repeat < 0 {
		return fmt.Errorf("atlas: clip %q has direction %d / repeat %d", c.Name, c.Dir, c.Repeat)
	}
	return nil
}

// InTicks returns a copy of a millisecond clip with durations converted
// to simulation ticks of msPerTick milliseconds. Frame boundaries are
// rounded on the running total, so the clip's total length stays within
// half a tick of the original and no frame gets less than one tick.
func (c *Clip) InTicks(msPerTick float64) Clip {
	out := *c
	out.Durations = make([]int, len(c.Durations))
	if !(msPerTick > 0) || math.IsInf(msPerTick, 0) {
		msPerTick = 1
	}
	total, prev := 0, 0
	for i, d := range c.Durations {
		total += d
		end := max(int(math.Floor(float64(total)/msPerTick+0.5)), prev+1)
		out.Durations[i] = end - prev
		prev = end
	}
	return out
}

// Player plays a clip. It is plain data advanced explicitly (never by a
// wall clock), cheap to copy, and does not allocate. The clip must not be
// changed while a player uses it (build a new player for a new clip).
type Player struct {
	clip    *Clip
	pass    int // current pass (= passes completed unless done)
	step    int // index within the current pass
	elapsed int // time spent on the current frame
	done    bool
}

// NewPlayer returns a player at the clip's first frame, or an error for
// an unplayable clip.
func NewPlayer(c *Clip) (Player, error) {
	if c == nil {
		return Player{}, fmt.Errorf("atlas: nil clip")
	}
	if err := c.Validate(); err != nil {
		return Player{}, err
	}
	return Player{clip: c}, nil
}

// Clip returns the clip being played.
func (p *Player) Clip() *Clip { return p.clip }

// Done reports whether a clip with a finite repeat count has finished
// (the player then stays on the last frame shown).
func (p *Player) Done() bool { return p.done }

// Passes returns the number of completed passes.
func (p *Player) Passes() int {
	if p.done {
		return p.pass + 1
	}
	return p.pass
}

// Restart goes back to the first frame.
func (p *Player) Restart() { *p = Player{clip: p.clip} }

// forward reports whether pass k walks first to last.
func (p *Player) forward(k int) bool {
	switch p.clip.Dir {
	case Reverse:
		return false
	case PingPong:
		return k%2 == 0
	case PingPongReverse:
		return k%2 == 1
	}
	return true
}

// passLen is the number of steps in pass k: ping-pong passes after the
// first skip the frame they turn on.
func (p *Player) passLen(k int) int {
	n := len(p.clip.Frames)
	if k > 0 && n > 1 && (p.clip.Dir == PingPong || p.clip.Dir == PingPongReverse) {
		return n - 1
	}
	return n
}

// Index returns the position of the current frame in the clip (0-based).
func (p *Player) Index() int {
	if p.clip == nil {
		return 0
	}
	n := len(p.clip.Frames)
	skip := 0
	if p.passLen(p.pass) < n {
		skip = 1
	}
	if p.forward(p.pass) {
		return p.step + skip
	}
	return n - 1 - p.step - skip
}

// Frame returns the atlas frame index to draw now.
func (p *Player) Frame() int {
	if p.clip == nil {
		return 0
	}
	return p.clip.Frames[p.Index()]
}

// Advance moves the animation on by dt (in the clip's duration unit) and
// returns the number of passes completed during the call. Negative or zero
// dt does nothing.
func (p *Player) Advance(dt int) int {
	if p.clip == nil || p.done || dt <= 0 {
		return 0
	}
	completed := 0
	p.elapsed += dt
	c := p.clip
	n := len(c.Frames)
	pingPong := c.Dir == PingPong || c.Dir == PingPongReverse
	for {
		// Index and passLen, inline: a ping-pong pass after the first
		// skips the frame it turns on.
		plen, skip := n, 0
		if p.pass > 0 && n > 1 && pingPong {
			plen, skip = n-1, 1
		}
		f := p.step + skip
		if !p.forward(p.pass) {
			f = n - 1 - f
		}
		d := c.Durations[f]
		if p.elapsed < d {
			return completed
		}
		p.elapsed -= d
		if p.step+1 < plen {
			p.step++
			continue
		}
		// End of a pass.
		completed++
		if p.clip.Repeat > 0 && p.pass+1 >= p.clip.Repeat {
			p.done = true // stay on the last frame shown
			p.elapsed = 0
			return completed
		}
		p.pass++
		p.step = 0
		// A whole cycle of time in one call: skip whole cycles at once.
		if cyc := p.cycleTime(); cyc > 0 && p.elapsed >= 2*cyc && p.clip.Repeat == 0 {
			k := p.elapsed / cyc
			p.elapsed -= k * cyc
			per := p.cyclePasses()
			completed += int(k) * per
			p.pass += int(k) * per
		}
	}
}

// cyclePasses is the number of passes after which the frame sequence
// repeats (2 for ping-pong, 1 otherwise), counted from pass 1.
func (p *Player) cyclePasses() int {
	if p.clip.Dir == PingPong || p.clip.Dir == PingPongReverse {
		return 2
	}
	return 1
}

// cycleTime is the duration of cyclePasses passes after the first.
func (p *Player) cycleTime() int {
	n := len(p.clip.Frames)
	total := 0
	for _, d := range p.clip.Durations {
		total += d
	}
	if p.cyclePasses() == 1 {
		return total
	}
	if n == 1 {
		return 2 * total
	}
	// Two passes each skipping one turning frame: every frame twice minus
	// both ends once.
	return 2*total - p.clip.Durations[0] - p.clip.Durations[n-1]
}

// DirectionSet maps a heading to one of several facings (4, 8, 16, or an
// explicit list such as IsoMob's four sprite angles).
type DirectionSet struct {
	// Angles are the facings' centre angles in radians, in the same frame
	// as the headings given to Index.
	Angles []float64
	// Names are the facings' names ("E", "SE", ...), used to find clips.
	Names []string
}

var compass16 = []string{"E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW", "N", "NNE", "NE", "ENE"}

// Directions returns n evenly spaced facings, the first at angle first
// (radians) and going the way angles increase. With first = 0 and angles
// measured with y down (screen space), n = 4, 8 or 16 are named with
// compass points clockwise from east (E, S, W, N for 4; E, SE, S, ... for
// 8); other n are named "0", "1", ....
func Directions(n int, first float64) DirectionSet {
	if n < 1 {
		n = 1
	}
	d := DirectionSet{Angles: make([]float64, n), Names: make([]string, n)}
	for i := 0; i < n; i++ {
		d.Angles[i] = mathx.WrapAngle(first + 2*math.Pi*float64(i)/float64(n))
		switch n {
		case 4, 8, 16:
			d.Names[i] = compass16[i*16/n]
		default:
			d.Names[i] = fmt.Sprint(i)
		}
	}
	return d
}

// IsoMobDirections are IsoMob's four character sprites by their
// definition angles in degrees: East 45, South 135, West 225, North 315.
var IsoMobDirections = DirectionSet{
	Angles: []float64{mathx.Deg(45), mathx.Deg(135), mathx.WrapAngle(mathx.Deg(225)), mathx.WrapAngle(mathx.Deg(315))},
	Names:  []string{"East", "South", "West", "North"},
}

// Index returns the facing nearest to heading (radians); on an exact tie
// the lower index wins. A non-finite heading gives 0.
func (d DirectionSet) Index(heading float64) int {
	if !mathx.IsFinite(heading) || len(d.Angles) == 0 {
		return 0
	}
	best, bestD := 0, math.Inf(1)
	for i, a := range d.Angles {
		diff := math.Abs(mathx.AngleDiff(heading, a))
		if diff < bestD-1e-12 {
			best, bestD = i, diff
		}
	}
	return best
}
