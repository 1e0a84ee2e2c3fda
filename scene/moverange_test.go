package scene

import (
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"diorama/atlas"
	"diorama/iso"
	"diorama/mathx"
)

// TestMoveRangeAnimModel: Step's per-character pass (moveRange, with
// facingIndex's and setAnim's common cases inline) leaves every walking
// character with the facing the look's sectors pick for its screen
// heading without a hint, the state of whether it moved, and the player a
// model gives: restarted on the clip of a new state or facing (or when it
// had none), else the old one advanced a tick. Characters turn a little
// (the last facing mostly stands), sometimes a lot, stop, start, are
// pushed against each other and walls, and change looks (8 and 5
// facings, some clips missing, so a facing index from the other look is
// a stale hint), on a diamond, a staggered and an orthogonal map.
func TestMoveRangeAnimModel(t *testing.T) {
	p, err := iso.Dimetric(32)
	if err != nil {
		t.Fatal(err)
	}
	stag, err := iso.NewStaggered(p, 12, 12, iso.StaggerX, iso.StaggerOdd)
	if err != nil {
		t.Fatal(err)
	}
	ortho, err := iso.NewOrthogonal(32, 24, 16, 12, 12, iso.RightDown)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*iso.Grid{nil, stag, ortho} {
		w := testWorld(t, 12, 12, 3)
		if g != nil {
			if w, err = NewWorld(Config{Grid: g, Seed: 3}); err != nil {
				t.Fatal(err)
			}
		}
		moveRangeAnimModel(t, w)
	}
}

func moveRangeAnimModel(t *testing.T, w *World) {
	mk := func(n int, skip int) LookID {
		l := &Look{Dirs: atlas.Directions(n, 0.3)}
		for k := 0; k < 8; k++ {
			l.Frames = append(l.Frames, dot(color.RGBA{uint8(k * 30), 0, 0, 255}))
		}
		for s := range int(NumAnimStates) {
			for d := range n {
				var c *atlas.Clip
				if (s*n+d)%skip != 0 { // some clips missing: the player has none there
					c = &atlas.Clip{Name: "c", Frames: []int{d % 8, (d + 1) % 8, (d + 3) % 8}, Durations: []int{1, 2, 1 + s}}
				}
				l.Clips[s] = append(l.Clips[s], c)
			}
		}
		id, err := w.Looks().Add(l)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	looks := []LookID{mk(8, 5), mk(5, 7)}
	rng := rand.New(rand.NewPCG(7, 9))
	var es []Entity
	heading := make([]float64, 0)
	for k := range 60 {
		e := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(1+rng.Float64()*10, 1+rng.Float64()*10, 0), Radius: 0.3, Look: looks[k%2]})
		es = append(es, e)
		heading = append(heading, rng.Float64()*2*math.Pi)
	}
	checked, kept, restarted := 0, 0, 0
	for tick := range 300 {
		before := make([]atlas.Player, len(es))
		dirBefore := make([]int16, len(es))
		animBefore := make([]AnimState, len(es))
		for k, e := range es {
			switch r := rng.IntN(100); {
			case r < 3:
				w.Looks().Set(e, looks[rng.IntN(2)])
			case r < 8:
				heading[k] += rng.Float64()*4 - 2
			case r < 10:
				w.SetVelocity(e, mathx.Vec2{})
				continue
			default:
				heading[k] += rng.NormFloat64() * 0.05
			}
			s, c := math.Sincos(heading[k])
			w.SetVelocity(e, mathx.V2(2*c, 2*s))
		}
		for k, e := range es {
			i := e.Slot()
			before[k], dirBefore[k], animBefore[k] = w.player[i], w.dir[i], w.anim[i]
		}
		w.Step()
		for k, e := range es {
			i := e.Slot()
			v := w.vel[i]
			if v.X == 0 && v.Y == 0 {
				continue
			}
			l := w.lookOf(i)
			sv := w.Grid.ScreenVec(mathx.Vec3{X: v.X, Y: v.Y})
			want, ok := w.lookSec[w.look[i]-1].index(sv.X, sv.Y, -1)
			if !ok {
				want = l.Dirs.Index(math.Atan2(sv.Y, sv.X))
			}
			st := w.animState(i)
			var p atlas.Player
			if st == animBefore[k] && int16(want) == dirBefore[k] && before[k].Clip() != nil {
				p = before[k]
				kept++
			} else {
				restarted++
				if c := l.clip(st, want); c != nil {
					var err error
					if p, err = atlas.NewPlayer(c); err != nil {
						t.Fatal(err)
					}
				}
			}
			p.Advance(1)
			if int(w.dir[i]) != want || w.anim[i] != st || w.player[i] != p {
				t.Fatalf("tick %d, character %d: facing %d state %v player %+v; want %d %v %+v", tick, k, w.dir[i], w.anim[i], w.player[i], want, st, p)
			}
			checked++
		}
	}
	if kept < checked/2 || restarted < checked/50 {
		t.Fatalf("of %d checks, %d kept their clip and %d restarted: the model's cases are not all exercised", checked, kept, restarted)
	}
	t.Logf("%d checks: %d kept, %d restarted", checked, kept, restarted)
}
