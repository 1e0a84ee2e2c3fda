// Swarm is a galaxy steered by push and pull: ships fly from planet to
// planet while the planets move on ellipses around a sun. No path is planned: each tick the
// ship's target planet pulls it and every other body (planets, the sun and
// the other ships) close by pushes it away, harder the closer it is
// (steer.PushPull), so the ships weave around moving obstacles.
package main

import (
	"fmt"
	"image/color"
	"log"
	"math"

	"diorama/ai/steer"
	"diorama/mathx"
	"diorama/platform"
	"diorama/platform/auto"
	"diorama/raster"
)

const W, H, ships, dt = 480, 320, 24, 1.0 / 60

// orbit is a body on an ellipse around the centre of the view: half-axes
// A, B (pixels), angular speed Speed (rad/s) and phase P.
type orbit struct{ A, B, Speed, P, R float64 }

func (o orbit) at(t float64) mathx.Vec2 {
	s, c := math.Sincos(o.P + o.Speed*t)
	return mathx.V2(W/2+o.A*c, H/2+o.B*s)
}

var planets = []orbit{
	{R: 22}, // the sun
	{A: 60, B: 40, Speed: 0.5, P: 0.3, R: 7},
	{A: 95, B: 65, Speed: -0.35, P: 2.0, R: 10},
	{A: 135, B: 90, Speed: 0.25, P: 3.5, R: 12},
	{A: 175, B: 115, Speed: -0.18, P: 5.0, R: 9},
	{A: 215, B: 140, Speed: 0.13, P: 0.9, R: 11},
}

type swarm struct {
	t        float64
	pos      [ships]mathx.Vec2
	heading  [ships]mathx.Vec2
	target   [ships]int // index into planets (never the sun)
	arrivals int
	obs      []steer.Circle
	dl       *raster.DrawList
}

func newSwarm(seed uint64) *swarm {
	var r mathx.Rand
	r.Seed(seed)
	s := &swarm{dl: raster.NewDrawList()}
	for i := range ships {
		home := 1 + i%(len(planets)-1)
		s.pos[i] = planets[home].at(0).Add(r.UnitVec().Scale(planets[home].R + 6))
		s.target[i] = 1 + (home+r.IntN(len(planets)-2))%(len(planets)-1)
	}
	return s
}

func (s *swarm) Update(*platform.Input) error {
	p := steer.DefaultSwarm()
	p.ArriveDist = 4
	for i := range ships {
		goal := planets[s.target[i]]
		s.obs = s.obs[:0]
		for k, o := range planets {
			if k != s.target[i] {
				s.obs = append(s.obs, steer.Circle{C: o.at(s.t), R: o.R})
			}
		}
		for j := range ships {
			if j != i {
				s.obs = append(s.obs, steer.Circle{C: s.pos[j], R: 2})
			}
		}
		// Aim at the planet's surface: the pull ends at its edge.
		at := goal.at(s.t)
		surface := at.Add(s.pos[i].Sub(at).Unit().Scale(goal.R + 3))
		dir, arrived := steer.PushPull(s.pos[i], 2, surface, s.obs, p)
		if arrived { // on to the next planet
			s.arrivals++
			s.target[i] = 1 + s.target[i]%(len(planets)-1)
			continue
		}
		s.pos[i] = s.pos[i].Add(dir.Scale(70 * dt))
		s.heading[i] = dir
	}
	s.t += dt
	return nil
}

func (s *swarm) Draw(f *raster.Frame, _ float64) {
	s.dl.Reset()
	s.dl.Clear(color.RGBA{8, 8, 20, 255})
	for k, o := range planets {
		if o.A > 0 { // the orbit
			var pts []mathx.Vec2
			for a := 0; a <= 64; a++ {
				pts = append(pts, orbit{A: o.A, B: o.B, P: float64(a) * math.Pi / 32}.at(0))
			}
			s.dl.ThickLine(0, pts, 1, color.RGBA{30, 30, 60, 255}, true, false)
		}
		c := color.RGBA{90 + uint8(k*30), 120, 200 - uint8(k*25), 255}
		if k == 0 {
			c = color.RGBA{255, 200, 80, 255}
		}
		s.dl.FillCircle(1, o.at(s.t), o.R, c, true)
	}
	for i := range ships { // a small arrow along the heading
		h := s.heading[i]
		p := s.pos[i]
		tri := []mathx.Vec2{p.Add(h.Scale(5)), p.Add(h.Perp().Scale(3)).Sub(h.Scale(3)), p.Sub(h.Perp().Scale(3)).Sub(h.Scale(3))}
		s.dl.FillPolygon(2, tri, color.RGBA{230, 240, 255, 255}, true)
	}
	s.dl.Text(3, raster.DefaultFont(), fmt.Sprintf("%d ships, %d arrivals", ships, s.arrivals), 8, 8, color.RGBA{255, 255, 255, 255})
	s.dl.Draw(f)
}

func main() {
	err := auto.Run(newSwarm(1), platform.Config{Title: "Diorama swarm", Width: W, Height: H}, auto.Options{Name: "swarm"})
	if err != nil && !platform.IsQuit(err) {
		log.Fatal(err)
	}
}
