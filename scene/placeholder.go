package scene

import (
	"fmt"
	"image/color"
	"math"

	"diorama/atlas"
	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// PlaceholderLook returns a look for prototypes without art: an upright
// cylinder of the given radius and height (world units) as projection p
// draws it, its side in colour c shaded from light (left) to dark
// (right), a lighter top, and a small dark nose on the top that points
// where the entity faces (eight facings). Its bottom centre is the
// entity's feet, like any look. The sprites are drawn once, here, through
// raster's own primitives.
func PlaceholderLook(p iso.Projection, c color.NRGBA, radius, height float64) (*Look, error) {
	if p.TileW <= 0 || p.TileH <= 0 || p.ZPixels <= 0 {
		return nil, fmt.Errorf("scene: placeholder look: bad projection %+v", p)
	}
	if !(radius > 0 && radius <= 16) || !(height >= 0 && height <= 16) {
		return nil, fmt.Errorf("scene: placeholder look: radius %v must be in (0, 16] and height %v in [0, 16]", radius, height)
	}
	// A floor circle of radius r projects to an ellipse of half-axes
	// r·√2·TileW/2 by r·√2·TileH/2.
	rx := radius * math.Sqrt2 * float64(p.TileW) / 2
	ry := radius * math.Sqrt2 * float64(p.TileH) / 2
	hz := height * float64(p.ZPixels)
	w, h := int(math.Ceil(2*rx))+2, int(math.Ceil(2*ry+hz))+2
	cx, base := float64(w)/2, float64(h)-1-ry // bottom ellipse centre
	const n = 24                              // ellipse segments
	ell := func(t float64, z float64) mathx.Vec2 {
		return mathx.V2(cx+rx*math.Cos(t), base-z+ry*math.Sin(t))
	}
	look := &Look{Frames: make([]*raster.Sprite, 8), Dirs: atlas.Directions(8, 0)}
	for d := range 8 {
		f, err := raster.NewFrame(w, h)
		if err != nil {
			return nil, err
		}
		clip := f.Rect
		// The silhouette (front of the base, back of the top), antialiased,
		// then the side in strips from left to right, lighter on the left.
		sil := make([]mathx.Vec2, 0, 2*n+2)
		for k := range n + 1 {
			sil = append(sil, ell(math.Pi*float64(k)/n, 0))
		}
		for k := range n + 1 {
			sil = append(sil, ell(math.Pi+math.Pi*float64(k)/n, hz))
		}
		raster.FillPolygon(f, clip, sil, raster.Premul(c), true)
		for k := range n {
			t0, t1 := math.Pi*float64(k)/n, math.Pi*float64(k+1)/n
			// From angle π (left) to 0 (right) through π/2 (the front).
			q := []mathx.Vec2{ell(math.Pi-t0, 0), ell(math.Pi-t1, 0), ell(math.Pi-t1, hz), ell(math.Pi-t0, hz)}
			shade := 1.15 - 0.5*float64(k)/n
			raster.FillPolygon(f, clip, q, raster.Premul(scaleNRGBA(c, shade)), false)
		}
		// The top.
		top := make([]mathx.Vec2, 0, 2*n)
		for k := range 2 * n {
			t := 2 * math.Pi * float64(k) / (2 * n)
			top = append(top, ell(t, hz))
		}
		raster.FillPolygon(f, clip, top, raster.Premul(scaleNRGBA(c, 1.35)), true)
		// The nose: facing d is the screen angle d·45° (y down), an
		// ellipse point on the top.
		a := float64(d) * math.Pi / 4
		nose := mathx.V2(cx+0.6*rx*math.Cos(a), base-hz+0.6*ry*math.Sin(a))
		raster.FillCircle(f, clip, nose, math.Max(1, 0.22*ry), raster.Premul(scaleNRGBA(c, 0.35)), true)
		s, err := raster.NewSprite(f)
		if err != nil {
			return nil, err
		}
		look.Frames[d] = s
		for st := range look.Clips {
			look.Clips[st] = append(look.Clips[st], &atlas.Clip{Frames: []int{d}, Durations: []int{1}})
		}
	}
	look.Sprite = look.Frames[0]
	look.Offset = mathx.Point{Y: h - int(math.Round(base))} // feet at the base ellipse's centre
	return look, nil
}

// PlaceholderBullet returns a round bullet sprite of diameter d pixels
// (2..64) in colour c with a light centre, for Bullets.SetSprite.
func PlaceholderBullet(c color.NRGBA, d int) (*raster.Sprite, error) {
	if d < 2 || d > 64 {
		return nil, fmt.Errorf("scene: placeholder bullet: diameter %d not in [2, 64]", d)
	}
	f, err := raster.NewFrame(d, d)
	if err != nil {
		return nil, err
	}
	r := float64(d) / 2
	raster.FillCircle(f, f.Rect, mathx.V2(r, r), r, raster.Premul(c), true)
	raster.FillCircle(f, f.Rect, mathx.V2(r-r/4, r-r/4), r/2.5, raster.Premul(scaleNRGBA(c, 1.6)), true)
	return raster.NewSprite(f)
}

// scaleNRGBA multiplies c's colour (not its alpha) by k, clamped.
func scaleNRGBA(c color.NRGBA, k float64) color.NRGBA {
	m := func(v uint8) uint8 { return uint8(math.Min(255, math.Round(float64(v)*k))) }
	return color.NRGBA{m(c.R), m(c.G), m(c.B), c.A}
}
