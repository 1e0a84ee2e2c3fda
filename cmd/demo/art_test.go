package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"

	"diorama/atlas"

	"diorama/mathx"
	"diorama/raster"
)

// The game's sprites are drawn here from code, packed into one sprite
// sheet (art/sprites.png with its TexturePacker description
// art/sprites.json, which the game embeds and loads like any artist's
// sheet) by genArt, which TestAssets runs: with -update it rewrites the
// files, without it checks them. The game never runs this code.
//
// Models are extruded convex polygons in world units (x to the lower
// right, y to the lower left, z up), projected with the 2:1 dimetric
// projection of 64-pixel tiles (1 world unit = 32 px across a diagonal
// half, 32 px of height) and filled with raster.FillPolygon, faces
// shaded by how they face a light from the upper left.

const (
	tileW, tileH = 64, 32
	zPix         = 32 // pixels per world unit of height
)

// sprite is a drawn sprite with the pixel of its model's origin (the feet).
type sprite struct {
	S                *raster.Frame
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
	return sprite{S: c.f, AnchorX: int(c.ox), AnchorY: int(c.oy)}
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

// lookColors are the tanks' colours by look (tankNames).
var lookColors = [numLooks]color.NRGBA{
	{70, 150, 210, 255},  // player: steel blue
	{150, 70, 60, 255},   // turret: brick red heavy tank
	{200, 150, 60, 255},  // gunner: desert
	{150, 90, 170, 255},  // fuzzy: purple
	{90, 130, 80, 255},   // cover: olive
	{190, 190, 180, 255}, // squad: pale grey
}

var (
	wallColor  = color.NRGBA{120, 124, 138, 255}
	crateColor = color.NRGBA{160, 120, 70, 255}
)

func facingAngle(k int) float64 { return float64(k) * 2 * math.Pi / facings }

// sheet collects the sprites under the names scene.AtlasLooks' Look and
// Part look up, with their anchors (pivots) and the clips
// that animate them.
type sheet struct {
	b       *atlas.Builder
	anchors map[string]image.Point
	size    map[string]image.Point
	ms      map[string]int      // frame duration
	clips   []string            // clip names, in order
	frames  map[string][]string // each clip's frame names
	err     error
}

func (s *sheet) add(name string, sp sprite, ms int) {
	if s.err != nil {
		return
	}
	s.err = s.b.Add(name, &sp.S.RGBA)
	s.anchors[name] = image.Pt(sp.AnchorX, sp.AnchorY)
	s.size[name] = sp.S.Bounds().Size()
	s.ms[name] = ms
}

// clip adds frames name_0, name_1, ... and the clip name over them, ms
// milliseconds a frame.
func (s *sheet) clip(name string, frames []sprite, ms int) {
	var names []string
	for k, f := range frames {
		n := fmt.Sprintf("%s_%d", name, k)
		s.add(n, f, ms)
		names = append(names, n)
	}
	s.clips = append(s.clips, name)
	s.frames[name] = names
}

// genArt draws every sprite and packs the sheet: the page as PNG and its
// TexturePacker JSON.
func genArt() (pageData, jsonData []byte, err error) {
	s := &sheet{b: atlas.NewBuilder(atlas.Options{Trim: true, PackOptions: atlas.PackOptions{MaxW: 2048, MaxH: 4096, Padding: 1}}),
		anchors: map[string]image.Point{}, size: map[string]image.Point{}, ms: map[string]int{}, frames: map[string][]string{}}
	dirs := atlas.Directions(facings, 0).Names // world headings k·2π/16 (Looks.Facings)
	for l := range numLooks {
		size := 1.0
		if l == lookTurret {
			size = 1.25
		}
		for k, d := range dirs {
			ang := facingAngle(k)
			s.add("tank_"+tankNames[l]+"_"+d, hullSprite(lookColors[l], ang, size), 0)
			s.add("turret_"+tankNames[l]+"_"+d, turretSprite(lookColors[l], ang, size, l == lookTurret), 0)
		}
	}
	for k, d := range dirs {
		s.add("rocket_"+d, rocketSprite(facingAngle(k)), 0)
		var fr []sprite
		for p := range 4 {
			fr = append(fr, droneSprite(color.NRGBA{210, 80, 50, 255}, facingAngle(k), p))
		}
		s.clip("drone_idle_"+d, fr, 67) // 4 ticks a frame
	}
	s.clip("boom", explosionFrames(10, 18), 33) // 2 ticks a frame
	s.clip("bigboom", explosionFrames(14, 44), 33)
	var spark, muzzle []sprite
	for k := range 4 {
		t := float64(k) / 4
		spark = append(spark, dotSprite(color.NRGBA{255, uint8(230 - 100*t), 120, uint8(255 * (1 - t))}, color.NRGBA{255, 160, 60, uint8(120 * (1 - t))}, 3.5-0.7*float64(k)))
		muzzle = append(muzzle, dotSprite(color.NRGBA{255, 240, 190, 240}, color.NRGBA{255, 200, 120, 200}, 5-float64(k)))
	}
	s.clip("spark", spark, 50)   // 3 ticks
	s.clip("muzzle", muzzle, 17) // 1 tick
	s.add("pickup_health", pickupSprite(color.NRGBA{230, 230, 225, 255}, color.NRGBA{40, 190, 70, 255}, 0), 0)
	s.add("pickup_ammo", pickupSprite(color.NRGBA{120, 110, 70, 255}, color.NRGBA{240, 200, 60, 255}, 1), 0)
	s.add("pickup_rockets", pickupSprite(color.NRGBA{90, 90, 100, 255}, color.NRGBA{230, 70, 50, 255}, 2), 0)
	s.add("bullet", dotSprite(color.NRGBA{255, 255, 220, 255}, color.NRGBA{120, 200, 255, 150}, 3), 0)
	s.add("enemy_bullet", dotSprite(color.NRGBA{255, 240, 200, 255}, color.NRGBA{255, 90, 40, 150}, 3), 0)
	// Tile-sized blocks: the image's bottom on the cell's bottom corner,
	// half a tile below the feet (the cell's centre).
	block := func(img *image.NRGBA) sprite {
		f, _ := raster.NewFrame(img.Rect.Dx(), img.Rect.Dy())
		draw.Draw(&f.RGBA, f.Rect, img, image.Point{}, draw.Src)
		return sprite{S: f, AnchorX: img.Rect.Dx() / 2, AnchorY: img.Rect.Dy() - tileH/2}
	}
	s.add("crate", block(blockImage(crateColor, 14, 12, false)), 0)
	s.add("door_shut", block(blockImage(color.NRGBA{200, 60, 50, 255}, 26, 13, false)), 0)
	s.add("door_open", block(floorImage(color.NRGBA{90, 170, 90, 255}, 14, true)), 0)
	if s.err != nil {
		return nil, nil, s.err
	}
	a, err := s.b.Build()
	if err != nil {
		return nil, nil, err
	}
	if len(a.Pages) != 1 {
		return nil, nil, fmt.Errorf("the sheet needs %d pages", len(a.Pages))
	}
	for i := range a.Frames {
		f := &a.Frames[i]
		an, sz := s.anchors[f.Name], s.size[f.Name]
		f.Pivot, f.HasPivot = mathx.V2(float64(an.X)/float64(sz.X), float64(an.Y)/float64(sz.Y)), true
		f.Duration = s.ms[f.Name]
	}
	for _, c := range s.clips {
		cl := atlas.Clip{Name: c}
		for _, n := range s.frames[c] {
			i, _ := a.Lookup(n)
			cl.Frames, cl.Durations = append(cl.Frames, i), append(cl.Durations, s.ms[n])
		}
		a.Clips = append(a.Clips, cl)
	}
	var js, pg bytes.Buffer
	if err := a.WriteTexturePacker(&js, 0, "sprites.png"); err != nil {
		return nil, nil, err
	}
	if err := png.Encode(&pg, a.Pages[0]); err != nil {
		return nil, nil, err
	}
	return pg.Bytes(), js.Bytes(), nil
}
