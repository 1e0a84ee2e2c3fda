package main

import (
	"image"
	"image/color"
	"math"

	"diorama/raster"
)

const (
	tileW, tileH = 64, 32 // 2:1 dimetric floor tile
	blockH       = 24     // height of a raised block's side faces
)

// tileSprite draws a 64×32 diamond floor tile of colour c with a slightly
// darker rim, opaque inside the diamond and transparent outside. Diamonds
// of neighbouring tiles meet without gaps or overlaps: row y spans
// [32-2(y+1), 32+2(y+1)) in its top half.
func tileSprite(c color.NRGBA) *raster.Sprite {
	img := image.NewNRGBA(image.Rect(0, 0, tileW, tileH))
	for y := 0; y < tileH; y++ {
		half := 2 * min(y+1, tileH-y)
		for x := tileW/2 - half; x < tileW/2+half; x++ {
			p := c
			if x < tileW/2-half+2 || x >= tileW/2+half-2 {
				p = shade(c, 0.85)
			}
			img.SetNRGBA(x, y, p)
		}
	}
	return raster.MustSprite(img)
}

// blockSprite draws a raised block: a lit top diamond and two shaded side
// faces blockH pixels tall.
func blockSprite(c color.NRGBA) *raster.Sprite {
	img := image.NewNRGBA(image.Rect(0, 0, tileW, tileH+blockH))
	for y := 0; y < tileH+blockH; y++ {
		for x := 0; x < tileW; x++ {
			// Distance from the diamond's vertical axis in diamond rows.
			dx := x - tileW/2
			if dx < 0 {
				dx = -dx - 1
			}
			topRow := dx / 2           // first row of the top face at this column
			botRow := tileH - 1 - dx/2 // last row of the top face
			switch {
			case y >= topRow && y <= botRow && y < tileH:
				img.SetNRGBA(x, y, c)
			case y > botRow && y <= botRow+blockH:
				if x < tileW/2 {
					img.SetNRGBA(x, y, shade(c, 0.7))
				} else {
					img.SetNRGBA(x, y, shade(c, 0.55))
				}
			}
		}
	}
	return raster.MustSprite(img)
}

// tankSprite draws a 24×24 top-down tank facing +X: tracks, hull, turret
// and barrel, with a soft translucent shadow.
func tankSprite(hull color.NRGBA) *raster.Sprite {
	img := image.NewNRGBA(image.Rect(0, 0, 24, 24))
	set := func(x, y int, c color.NRGBA) {
		if x >= 0 && y >= 0 && x < 24 && y < 24 {
			img.SetNRGBA(x, y, c)
		}
	}
	for y := 3; y < 21; y++ {
		for x := 3; x < 19; x++ {
			switch {
			case y < 6 || y >= 18:
				c := color.NRGBA{40, 40, 40, 255}
				if x%3 == 0 {
					c = color.NRGBA{70, 70, 70, 255}
				}
				set(x, y, c)
			default:
				set(x, y, hull)
			}
		}
	}
	for y := 0; y < 24; y++ {
		for x := 0; x < 24; x++ {
			if d := math.Hypot(float64(x)-10.5, float64(y)-11.5); d < 4.5 {
				set(x, y, shade(hull, 1.25))
			}
		}
	}
	for x := 13; x < 24; x++ {
		set(x, 11, color.NRGBA{30, 30, 30, 255})
		set(x, 12, color.NRGBA{30, 30, 30, 255})
	}
	return raster.MustSprite(img)
}

// shadowSprite is a translucent ellipse drawn under each tank.
func shadowSprite() *raster.Sprite {
	img := image.NewNRGBA(image.Rect(0, 0, 28, 14))
	for y := 0; y < 14; y++ {
		for x := 0; x < 28; x++ {
			dx, dy := (float64(x)+0.5-14)/14, (float64(y)+0.5-7)/7
			if dx*dx+dy*dy < 1 {
				img.SetNRGBA(x, y, color.NRGBA{0, 0, 0, 80})
			}
		}
	}
	return raster.MustSprite(img)
}

func shade(c color.NRGBA, k float64) color.NRGBA {
	f := func(v uint8) uint8 { return uint8(math.Min(255, float64(v)*k)) }
	return color.NRGBA{f(c.R), f(c.G), f(c.B), c.A}
}
