package atlas

import (
	"math/rand/v2"
	"testing"
)

// advanceRef is Player.Advance as written before its Index and passLen
// went inline: the frame's duration is looked up through Index each
// time round.
func advanceRef(p *Player, dt int) int {
	if p.clip == nil || p.done || dt <= 0 {
		return 0
	}
	completed := 0
	p.elapsed += dt
	for {
		d := p.clip.Durations[p.Index()]
		if p.elapsed < d {
			return completed
		}
		p.elapsed -= d
		if p.step+1 < p.passLen(p.pass) {
			p.step++
			continue
		}
		completed++
		if p.clip.Repeat > 0 && p.pass+1 >= p.clip.Repeat {
			p.done = true
			p.elapsed = 0
			return completed
		}
		p.pass++
		p.step = 0
		if cyc := p.cycleTime(); cyc > 0 && p.elapsed >= 2*cyc && p.clip.Repeat == 0 {
			k := p.elapsed / cyc
			p.elapsed -= k * cyc
			per := p.cyclePasses()
			completed += int(k) * per
			p.pass += int(k) * per
		}
	}
}

// TestAdvanceMatchesIndex: Advance leaves the player (pass, step, time on
// the frame, done) and returns the passes completed exactly as the
// reference that asks Index for every frame's duration, for clips of one
// to seven frames with uneven durations, every direction, looping or
// repeated a few times, advanced mostly a tick at a time and sometimes by
// many ticks, zero or a negative amount.
func TestAdvanceMatchesIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for ci := range 400 {
		c := &Clip{Name: "c", Dir: Direction(ci % 4), Repeat: rng.IntN(4)}
		for k := range 1 + rng.IntN(7) {
			c.Frames = append(c.Frames, k)
			c.Durations = append(c.Durations, 1+rng.IntN(4))
		}
		p, err := NewPlayer(c)
		if err != nil {
			t.Fatal(err)
		}
		q := p
		for step := range 200 {
			dt := 1
			switch r := rng.IntN(20); {
			case r == 0:
				dt = rng.IntN(60)
			case r == 1:
				dt = -rng.IntN(3)
			}
			got, want := p.Advance(dt), advanceRef(&q, dt)
			if got != want || p != q {
				t.Fatalf("clip %d (%v, repeat %d, durations %v), call %d, dt %d: Advance %d %+v, reference %d %+v",
					ci, c.Dir, c.Repeat, c.Durations, step, dt, got, p, want, q)
			}
			if p.Frame() != q.Frame() {
				t.Fatalf("clip %d: frame %d, reference %d", ci, p.Frame(), q.Frame())
			}
		}
	}
}
