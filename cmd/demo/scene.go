package main

import (
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"math"

	"diorama/mathx"
	"diorama/raster"
)

const (
	mapW, mapH = 14, 14
	frameW     = 800
	frameH     = 480
)

// tank drives around an ellipse and fires at the centre of the map.
type tank struct {
	center     mathx.Vec2 // world (tile units)
	rx, ry     float64
	phase, spd float64
	pos, prev  mathx.Vec2
	heading    float64
	sprite     *raster.Sprite
	cooldown   int
	hitFlash   int
}

// bullet flies in a straight line in world space until its life runs out
// or it leaves the map.
type bullet struct {
	pos, prev, vel mathx.Vec2
	life           int
}

// world is the demo's whole simulation state. It is advanced only by tick
// and never reads the clock, so the same seed gives the same run.
type world struct {
	rng     *mathx.Rand
	tick    int
	tanks   []tank
	bullets []bullet
	blocks  []mathx.Point
	hits    int
}

func newWorld(seed uint64) *world {
	w := &world{rng: mathx.NewRand(seed)}
	colors := []color.NRGBA{{200, 70, 50, 255}, {60, 140, 220, 255}, {90, 180, 80, 255}, {220, 180, 60, 255}, {170, 90, 200, 255}, {80, 200, 200, 255}}
	for i, c := range colors {
		t := tank{
			center: mathx.V2(7, 7),
			rx:     2.5 + float64(i%3)*1.4,
			ry:     2 + float64((i+1)%3)*1.3,
			phase:  w.rng.Angle(),
			spd:    0.012 + w.rng.Float64()*0.01,
			sprite: tankSprite(c),
		}
		if i%2 == 1 {
			t.spd = -t.spd
		}
		t.pos = t.at(t.phase)
		t.prev = t.pos
		w.tanks = append(w.tanks, t)
	}
	w.blocks = []mathx.Point{{X: 6, Y: 6}, {X: 7, Y: 6}, {X: 3, Y: 10}, {X: 10, Y: 3}, {X: 11, Y: 11}}
	return w
}

func (t *tank) at(phase float64) mathx.Vec2 {
	return t.center.Add(mathx.V2(t.rx*math.Cos(phase), t.ry*math.Sin(phase)))
}

// update advances the simulation by one fixed step.
func (w *world) update() {
	w.tick++
	for i := range w.tanks {
		t := &w.tanks[i]
		t.prev = t.pos
		t.phase += t.spd
		t.pos = t.at(t.phase)
		d := t.pos.Sub(t.prev)
		if d.LenSq() > 0 {
			t.heading = d.Angle()
		}
		if t.hitFlash > 0 {
			t.hitFlash--
		}
		t.cooldown--
		if t.cooldown <= 0 {
			t.cooldown = 20 + w.rng.IntN(30)
			dir := mathx.FromAngle(t.heading + w.rng.Range(-0.2, 0.2))
			w.bullets = append(w.bullets, bullet{pos: t.pos, prev: t.pos, vel: dir.Scale(0.15), life: 90})
		}
	}
	live := w.bullets[:0]
	for _, b := range w.bullets {
		b.prev = b.pos
		b.pos = b.pos.Add(b.vel)
		b.life--
		hit := false
		for i := range w.tanks {
			if w.tanks[i].pos.DistSq(b.pos) < 0.09 && b.life < 85 {
				w.tanks[i].hitFlash = 8
				w.hits++
				hit = true
				break
			}
		}
		if !hit && b.life > 0 && b.pos.X >= 0 && b.pos.Y >= 0 && b.pos.X < mapW && b.pos.Y < mapH {
			live = append(live, b)
		}
	}
	w.bullets = live
}

// hash is a digest of the simulation state, for determinism checks.
func (w *world) hash() uint64 {
	h := fnv.New64a()
	for _, t := range w.tanks {
		fmt.Fprintf(h, "%x %x %d|", math.Float64bits(t.pos.X), math.Float64bits(t.pos.Y), t.cooldown)
	}
	for _, b := range w.bullets {
		fmt.Fprintf(h, "%x %x %d|", math.Float64bits(b.pos.X), math.Float64bits(b.pos.Y), b.life)
	}
	fmt.Fprintf(h, "%d %d", w.tick, w.hits)
	return h.Sum64()
}

// view holds the prepared art and projects world coordinates (tile
// units, z up in pixels) to the screen with the 2:1 dimetric projection.
type view struct {
	floor  [2]*raster.Sprite
	block  *raster.Sprite
	shadow *raster.Sprite
	font   *raster.Font
	origin mathx.Vec2
}

func newView() *view {
	return &view{
		floor:  [2]*raster.Sprite{tileSprite(color.NRGBA{96, 128, 84, 255}), tileSprite(color.NRGBA{104, 138, 90, 255})},
		block:  blockSprite(color.NRGBA{150, 140, 120, 255}),
		shadow: shadowSprite(),
		font:   raster.DefaultFont(),
		origin: mathx.V2(frameW/2, frameH/2-mapH*tileH/2+10),
	}
}

// screen returns the screen position of world point (x, y) at height z.
func (v *view) screen(p mathx.Vec2, z float64) mathx.Vec2 {
	return mathx.V2(v.origin.X+(p.X-p.Y)*tileW/2, v.origin.Y+(p.X+p.Y)*tileH/2-z)
}

// depth orders by the ground point's distance into the screen.
func depth(p mathx.Vec2, layer int64) int64 {
	return int64((p.X+p.Y)*256)<<4 | layer
}

// draw fills the draw list with the world, interpolated by alpha between
// the last two ticks.
func (v *view) draw(l *raster.DrawList, w *world, alpha float64, hud string) {
	for ty := 0; ty < mapH; ty++ {
		for tx := 0; tx < mapW; tx++ {
			s := v.screen(mathx.V2(float64(tx), float64(ty)), 0)
			l.Sprite(math.MinInt64+int64(ty*mapW+tx), v.floor[(tx+ty)%2], int(s.X)-tileW/2, int(s.Y), nil)
		}
	}
	for _, b := range w.blocks {
		p := mathx.V2(float64(b.X), float64(b.Y))
		s := v.screen(p, 0)
		l.Sprite(depth(p.Add(mathx.V2(1, 1)), 0), v.block, int(s.X)-tileW/2, int(s.Y)-blockH, nil)
	}
	for i := range w.tanks {
		t := &w.tanks[i]
		p := t.prev.Lerp(t.pos, alpha)
		s := v.screen(p, 0)
		l.Sprite(depth(p, 1), v.shadow, int(s.X)-14, int(s.Y)-5, nil)
		// The top-down sprite is rotated to its heading, then squashed 2:1
		// into the dimetric ground plane and lifted a little.
		m := mathx.Translate(s.X, s.Y-8).
			Mul(mathx.ScaleXY(1, 0.5)).
			Mul(mathx.Rotate(t.heading + math.Pi/4)).
			Mul(mathx.ScaleXY(2.2, 2.2)).
			Mul(mathx.Translate(-10.5, -11.5))
		var o *raster.DrawOptions
		if t.hitFlash > 0 {
			o = &raster.DrawOptions{Flash: color.RGBA{255, 255, 255, 255}, FlashAmount: 200}
		}
		l.SpriteAffine(depth(p, 2), t.sprite, m, raster.Bilinear, o)
	}
	for _, b := range w.bullets {
		p := b.prev.Lerp(b.pos, alpha)
		s := v.screen(p, 10)
		l.FillCircle(depth(p, 3), s, 2.5, color.RGBA{255, 230, 120, 255}, true)
	}
	l.FillRect(math.MaxInt64-1, image.Rect(0, 0, frameW, 22), color.RGBA{0, 0, 0, 150})
	l.Text(math.MaxInt64, v.font, hud, 8, 4, color.RGBA{255, 255, 255, 255})
}
