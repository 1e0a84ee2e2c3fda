package main

import (
	"image"
	"image/color"
	"math"

	"diorama/mathx"
	"diorama/raster"
)

// Every sprite of the game is drawn here at start-up from code: no image
// files except the Tiled tileset, which is itself made by tilesetImage.
//
// Models are extruded convex polygons in world units (x to the lower
// right, y to the lower left, z up), projected with the 2:1 dimetric
// projection of 64-pixel tiles (1 world unit = 32 px across a diagonal
// half, 32 px of height) and filled with raster.FillPolygon, faces
// shaded by how they face a light from the upper left.

const (
	tileW, tileH = 64, 32
	zPix         = 32 // pixels per world unit of height
	facings      = 16 // hull and turret headings
)

// sprite is a sprite with the pixel of its model's origin (the feet).
type sprite struct {
	S                *raster.Sprite
	AnchorX, AnchorY int
}

// canvas is a scratch frame a model is drawn on, with the origin at (ox, oy).
type canvas struct {
	f      *raster.Frame
	ox, oy float64
}

func newCanvas(w, h int, ox, oy float64) *canvas {
	f, err := raster.NewFrame(w, h)
	if err != nil {
		panic(err) // sizes are constants of this file
	}
	return &canvas{f: f, ox: ox, oy: oy}
}

func (c *canvas) sprite() sprite {
	return sprite{S: raster.MustSprite(c.f), AnchorX: int(c.ox), AnchorY: int(c.oy)}
}

// proj projects a model point to canvas pixels.
func (c *canvas) proj(x, y, z float64) mathx.Vec2 {
	return mathx.V2(c.ox+(x-y)*tileW/2, c.oy+(x+y)*tileH/2-z*zPix)
}

func (c *canvas) poly(pts []mathx.Vec2, col color.NRGBA) {
	raster.FillPolygon(c.f, c.f.Rect, pts, raster.Premul(col), true)
}

// prism fills an extruded convex polygon (world x-y outline, counter-
// clockwise in world space) from z0 to z1: the side faces turned to the
// viewer, then the top.
func (c *canvas) prism(outline []mathx.Vec2, z0, z1 float64, col color.NRGBA) {
	n := len(outline)
	light := mathx.V2(-1, -0.3).Unit()
	for i := range n {
		a, b := outline[i], outline[(i+1)%n]
		e := b.Sub(a)
		nrm := mathx.V2(e.Y, -e.X).Unit() // outward for a counter-clockwise outline in a y-down-right world
		if nrm.X+nrm.Y <= 0 {             // faces away from the viewer (toward the upper screen)
			continue
		}
		k := 0.55 + 0.35*math.Max(0, nrm.Dot(light)*-1+0.2)
		c.poly([]mathx.Vec2{c.proj(a.X, a.Y, z0), c.proj(b.X, b.Y, z0), c.proj(b.X, b.Y, z1), c.proj(a.X, a.Y, z1)}, shade(col, k))
	}
	top := make([]mathx.Vec2, n)
	for i, p := range outline {
		top[i] = c.proj(p.X, p.Y, z1)
	}
	c.poly(top, col)
}

// rect returns the outline of a w×h rectangle centred at (cx, cy) in the
// model's frame, turned by angle a about the origin.
func rect(cx, cy, w, h, a float64) []mathx.Vec2 {
	s, co := math.Sincos(a)
	pts := []mathx.Vec2{{X: cx - w/2, Y: cy - h/2}, {X: cx + w/2, Y: cy - h/2}, {X: cx + w/2, Y: cy + h/2}, {X: cx - w/2, Y: cy + h/2}}
	for i, p := range pts {
		pts[i] = mathx.V2(p.X*co-p.Y*s, p.X*s+p.Y*co)
	}
	return ensureCCW(pts)
}

// ensureCCW orders an outline so that prism's outward normals point out.
func ensureCCW(pts []mathx.Vec2) []mathx.Vec2 {
	var area float64
	for i := range pts {
		a, b := pts[i], pts[(i+1)%len(pts)]
		area += a.X*b.Y - b.X*a.Y
	}
	if area < 0 {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	return pts
}

func ngon(cx, cy, r float64, n int, a0 float64) []mathx.Vec2 {
	pts := make([]mathx.Vec2, n)
	for i := range pts {
		s, c := math.Sincos(a0 + 2*math.Pi*float64(i)/float64(n))
		pts[i] = mathx.V2(cx+r*c, cy+r*s)
	}
	return ensureCCW(pts)
}

func shade(c color.NRGBA, k float64) color.NRGBA {
	f := func(v uint8) uint8 { return uint8(math.Min(255, float64(v)*k)) }
	return color.NRGBA{f(c.R), f(c.G), f(c.B), c.A}
}

// shadow draws a soft ellipse under a model of radius r.
func (c *canvas) shadow(r float64) {
	c.poly(ngon(0.05, 0.05, r, 20, 0), color.NRGBA{0, 0, 0, 70})
}

// hullSprite draws a tank hull heading at angle a (world radians):
// tracks and a sloped body.
func hullSprite(body color.NRGBA, a, size float64) sprite {
	c := newCanvas(72, 56, 36, 32)
	c.shadow(0.42 * size)
	s, co := math.Sincos(a)
	side := mathx.V2(-s, co)
	for _, k := range []float64{-1, 1} {
		o := side.Scale(k * 0.24 * size)
		c.prism(rect(0, 0, 0.78*size, 0.17*size, a), 0, 0.18*size, color.NRGBA{48, 46, 44, 255})
		tr := rect(0, 0, 0.78*size, 0.17*size, a)
		for i := range tr {
			tr[i] = tr[i].Add(o)
		}
		c.prism(tr, 0, 0.2*size, color.NRGBA{52, 50, 48, 255})
		// track links
		for t := -3; t <= 3; t++ {
			p := o.Add(mathx.V2(co, s).Scale(float64(t) * 0.11 * size))
			q := c.proj(p.X, p.Y, 0.2*size)
			raster.FillCircle(c.f, c.f.Rect, q, 1.1, raster.Premul(color.NRGBA{90, 88, 84, 255}), true)
		}
	}
	c.prism(rect(-0.02*size, 0, 0.66*size, 0.36*size, a), 0.06*size, 0.28*size, body)
	// front glacis highlight
	fr := rect(0.26*size, 0, 0.1*size, 0.34*size, a)
	c.prism(fr, 0.2*size, 0.29*size, shade(body, 1.2))
	return c.sprite()
}

// turretSprite draws a turret with its barrel, heading a.
func turretSprite(body color.NRGBA, a, size float64, twin bool) sprite {
	c := newCanvas(72, 60, 36, 34)
	base := 0.28 * size
	s, co := math.Sincos(a)
	dir := mathx.V2(co, s)
	// barrel(s) drawn first when pointing away from the viewer
	barrel := func() {
		offs := []float64{0}
		if twin {
			offs = []float64{-0.06 * size, 0.06 * size}
		}
		for _, off := range offs {
			side := mathx.V2(-s, co).Scale(off)
			b := rect(0.3*size, 0, 0.42*size, 0.07*size, a)
			for i := range b {
				b[i] = b[i].Add(side)
			}
			c.prism(b, base+0.06*size, base+0.12*size, color.NRGBA{60, 62, 58, 255})
		}
	}
	away := dir.X+dir.Y < 0
	if away {
		barrel()
	}
	c.prism(ngon(-0.04*size*co, -0.04*size*s, 0.17*size, 8, a+math.Pi/8), base, base+0.16*size, shade(body, 1.1))
	// hatch
	h := ngon(-0.08*size*co, -0.08*size*s, 0.06*size, 6, a)
	c.prism(h, base+0.16*size, base+0.19*size, shade(body, 0.8))
	if !away {
		barrel()
	}
	return c.sprite()
}

// droneSprite draws a hovering drone: a disc body, four rotor pods and a
// red eye pointing along a.
func droneSprite(body color.NRGBA, a float64, phase int) sprite {
	c := newCanvas(56, 56, 28, 40)
	c.shadow(0.3)
	z := 0.45 + 0.03*math.Sin(float64(phase)*math.Pi/2)
	for k := range 4 {
		ang := a + math.Pi/4 + float64(k)*math.Pi/2
		s, co := math.Sincos(ang)
		p := mathx.V2(co*0.26, s*0.26)
		c.prism(ngon(p.X, p.Y, 0.09, 8, 0), z, z+0.05, color.NRGBA{70, 70, 78, 255})
		rot := c.proj(p.X, p.Y, z+0.08)
		raster.StrokeCircleAA(c.f, c.f.Rect, rot, 5, 1, raster.Premul(color.NRGBA{200, 200, 210, 140}))
	}
	c.prism(ngon(0, 0, 0.19, 10, a), z-0.04, z+0.1, body)
	s, co := math.Sincos(a)
	eye := c.proj(co*0.15, s*0.15, z+0.05)
	raster.FillCircle(c.f, c.f.Rect, eye, 2.2, raster.Premul(color.NRGBA{255, 60, 40, 255}), true)
	return c.sprite()
}

// floorSprite draws a 64×32 floor diamond of colour base with a speckled
// texture (deterministic from seed) and a faint rim.
func floorImage(base color.NRGBA, seed uint64, lines bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, tileW, tileH))
	r := mathx.NewRand(seed)
	for y := range tileH {
		half := 2 * min(y+1, tileH-y)
		for x := tileW/2 - half; x < tileW/2+half; x++ {
			k := 0.92 + 0.16*r.Float64()
			if x < tileW/2-half+2 || x >= tileW/2+half-2 {
				k *= 0.86
			}
			if lines && (x+2*y)%16 == 0 {
				k *= 0.9
			}
			img.SetNRGBA(x, y, shade(base, k))
		}
	}
	return img
}

// blockImage draws a raised block one tile wide: a lit top diamond and two
// shaded brick faces h pixels tall, in a 64×(32+h) image.
func blockImage(top color.NRGBA, h int, seed uint64, bricks bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, tileW, tileH+h))
	r := mathx.NewRand(seed)
	for y := 0; y < tileH+h; y++ {
		for x := range tileW {
			dx := x - tileW/2
			if dx < 0 {
				dx = -dx - 1
			}
			topRow := dx / 2
			botRow := tileH - 1 - dx/2
			k := 0.94 + 0.1*r.Float64()
			switch {
			case y >= topRow && y <= botRow:
				if y == topRow || y == botRow-1 || y == botRow {
					k *= 1.15
				}
				img.SetNRGBA(x, y, shade(top, k))
			case y > botRow && y <= botRow+h:
				f := 0.72
				if x >= tileW/2 {
					f = 0.52
				}
				if bricks {
					yy := y - botRow
					col := x
					if (yy/6)%2 == 1 {
						col += 8
					}
					if yy%6 == 0 || col%16 == 0 {
						f *= 0.78
					}
				}
				img.SetNRGBA(x, y, shade(top, f*k))
			}
		}
	}
	return img
}

// explosionFrames draws an expanding, fading fireball in n frames.
func explosionFrames(n int, radius float64) []sprite {
	out := make([]sprite, n)
	for i := range n {
		t := float64(i) / float64(n-1)
		size := int(radius*2) + 8
		c := newCanvas(size, size, float64(size)/2, float64(size)/2)
		r := radius * (0.35 + 0.65*math.Sqrt(t))
		a := uint8(255 * (1 - t*t))
		rng := mathx.NewRand(uint64(i + 7))
		center := mathx.V2(c.ox, c.oy)
		raster.FillCircle(c.f, c.f.Rect, center, r, raster.Premul(color.NRGBA{90, 70, 60, a / 2}), true)
		for k := range 9 {
			ang := rng.Angle()
			d := r * 0.45 * rng.Float64()
			p := center.Add(mathx.V2(math.Cos(ang)*d, math.Sin(ang)*d*0.7))
			rr := r * (0.35 + 0.3*rng.Float64()) * (1 - 0.5*t)
			col := color.NRGBA{255, uint8(200 - 20*k%120), 60, a}
			if t > 0.5 {
				col = color.NRGBA{120, 110, 100, a}
			}
			raster.FillCircle(c.f, c.f.Rect, p, rr, raster.Premul(col), true)
		}
		if t < 0.4 {
			raster.FillCircle(c.f, c.f.Rect, center, r*0.4, raster.Premul(color.NRGBA{255, 250, 210, a}), true)
		}
		out[i] = c.sprite()
	}
	return out
}

// pickupSprite draws a crate with a symbol on its top.
func pickupSprite(box, mark color.NRGBA, symbol int) sprite {
	c := newCanvas(40, 40, 20, 28)
	c.shadow(0.22)
	c.prism(rect(0, 0, 0.34, 0.34, 0), 0, 0.3, box)
	top := func(x, y float64) mathx.Vec2 { return c.proj(x, y, 0.3) }
	switch symbol {
	case 0: // cross
		c.poly([]mathx.Vec2{top(-0.04, -0.13), top(0.04, -0.13), top(0.04, 0.13), top(-0.04, 0.13)}, mark)
		c.poly([]mathx.Vec2{top(-0.13, -0.04), top(0.13, -0.04), top(0.13, 0.04), top(-0.13, 0.04)}, mark)
	case 1: // shells
		for k := -1; k <= 1; k++ {
			q := top(float64(k)*0.08, float64(-k)*0.08)
			raster.FillCircle(c.f, c.f.Rect, q, 2.5, raster.Premul(mark), true)
		}
	default: // rocket
		c.poly([]mathx.Vec2{top(-0.12, -0.03), top(0.1, -0.03), top(0.14, 0), top(0.1, 0.03), top(-0.12, 0.03)}, mark)
	}
	return c.sprite()
}

// dotSprite is a glowing round projectile.
func dotSprite(core, glow color.NRGBA, r float64) sprite {
	n := int(2*r) + 4
	c := newCanvas(n, n, float64(n)/2, float64(n)/2)
	raster.FillCircle(c.f, c.f.Rect, mathx.V2(c.ox, c.oy), r, raster.Premul(glow), true)
	raster.FillCircle(c.f, c.f.Rect, mathx.V2(c.ox, c.oy), r*0.55, raster.Premul(core), true)
	return c.sprite()
}

// rocketSprite draws a rocket heading a with its flame.
func rocketSprite(a float64) sprite {
	c := newCanvas(32, 32, 16, 20)
	s, co := math.Sincos(a)
	d := mathx.V2(co, s)
	tail := d.Scale(-0.16)
	raster.FillCircle(c.f, c.f.Rect, c.proj(tail.X, tail.Y, 0.3), 3.5, raster.Premul(color.NRGBA{255, 170, 40, 200}), true)
	c.prism(rect(0, 0, 0.26, 0.07, a), 0.27, 0.33, color.NRGBA{220, 220, 210, 255})
	nose := d.Scale(0.15)
	raster.FillCircle(c.f, c.f.Rect, c.proj(nose.X, nose.Y, 0.31), 1.8, raster.Premul(color.NRGBA{200, 40, 30, 255}), true)
	return c.sprite()
}

// art is every sprite the game draws.
type art struct {
	hull                            [numLooks][facings]sprite
	turret                          [numLooks][facings]sprite
	drone                           [facings][4]sprite
	boom                            []sprite
	bigBoom                         []sprite
	pickup                          [3]sprite
	bullet, enemyBullet             sprite
	rocket                          [facings]sprite
	spark, muzzle                   []sprite
	wall, crate, doorShut, doorOpen *raster.Sprite
}

// looks of tanks: the player's and each enemy kind's colours.
const (
	lookPlayer = iota
	lookTurret
	lookGunner
	lookFuzzy
	lookCover
	lookSquad
	numLooks
)

var lookColors = [numLooks]color.NRGBA{
	{70, 150, 210, 255},  // player: steel blue
	{150, 70, 60, 255},   // turret: brick red heavy tank
	{200, 150, 60, 255},  // gunner: desert
	{150, 90, 170, 255},  // fuzzy: purple
	{90, 130, 80, 255},   // cover: olive
	{190, 190, 180, 255}, // squad: pale grey
}

func facingAngle(k int) float64 { return float64(k) * 2 * math.Pi / facings }

func newArt() *art {
	a := &art{}
	for l := range numLooks {
		size := 1.0
		if l == lookTurret {
			size = 1.25
		}
		for k := range facings {
			ang := facingAngle(k)
			a.hull[l][k] = hullSprite(lookColors[l], ang, size)
			a.turret[l][k] = turretSprite(lookColors[l], ang, size, l == lookTurret)
			a.rocket[k] = rocketSprite(ang)
		}
	}
	for k := range facings {
		for p := range 4 {
			a.drone[k][p] = droneSprite(color.NRGBA{210, 80, 50, 255}, facingAngle(k), p)
		}
	}
	a.boom = explosionFrames(10, 18)
	a.bigBoom = explosionFrames(14, 44)
	a.pickup[0] = pickupSprite(color.NRGBA{230, 230, 225, 255}, color.NRGBA{40, 190, 70, 255}, 0)
	a.pickup[1] = pickupSprite(color.NRGBA{120, 110, 70, 255}, color.NRGBA{240, 200, 60, 255}, 1)
	a.pickup[2] = pickupSprite(color.NRGBA{90, 90, 100, 255}, color.NRGBA{230, 70, 50, 255}, 2)
	a.bullet = dotSprite(color.NRGBA{255, 255, 220, 255}, color.NRGBA{120, 200, 255, 150}, 3)
	a.enemyBullet = dotSprite(color.NRGBA{255, 240, 200, 255}, color.NRGBA{255, 90, 40, 150}, 3)
	for k := range 4 {
		t := float64(k) / 4
		a.spark = append(a.spark, dotSprite(color.NRGBA{255, uint8(230 - 100*t), 120, uint8(255 * (1 - t))}, color.NRGBA{255, 160, 60, uint8(120 * (1 - t))}, 3.5-0.7*float64(k)))
		a.muzzle = append(a.muzzle, dotSprite(color.NRGBA{255, 240, 190, 240}, color.NRGBA{255, 200, 120, 200}, 5-float64(k)))
	}
	a.wall = raster.MustSprite(blockImage(wallColor, 32, 11, true))
	a.crate = raster.MustSprite(blockImage(crateColor, 14, 12, false))
	a.doorShut = raster.MustSprite(blockImage(color.NRGBA{200, 60, 50, 255}, 26, 13, false))
	a.doorOpen = raster.MustSprite(floorImage(color.NRGBA{90, 170, 90, 255}, 14, true))
	return a
}

var (
	wallColor  = color.NRGBA{120, 124, 138, 255}
	crateColor = color.NRGBA{160, 120, 70, 255}
)
