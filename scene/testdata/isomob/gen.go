//go:build ignore

// gen writes the small textures and sprites of the IsoMob sample scene
// (the sample scene of IsoMob's documentation, rebuilt with art): go run
// gen.go in this folder.
// Every image is drawn here from code; none is third-party art.
package main

import (
	"image"
	"image/color"
	"image/png"
	"log"
	"os"
)

func save(name string, img image.Image) {
	f, err := os.Create(name)
	if err != nil {
		log.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

func fill(img *image.NRGBA, x0, y0, x1, y1 int, c color.NRGBA) {
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			img.SetNRGBA(x, y, c)
		}
	}
}

// shade varies a colour a little by a hash of (x, y), for texture.
func shade(c color.NRGBA, x, y, amp int) color.NRGBA {
	h := uint32(x*73856093) ^ uint32(y*19349663)
	h ^= h >> 13
	h *= 0x5bd1e995
	h ^= h >> 15
	d := int(h%uint32(2*amp+1)) - amp
	cl := func(v int) uint8 { return uint8(max(0, min(255, v))) }
	return color.NRGBA{cl(int(c.R) + d), cl(int(c.G) + d), cl(int(c.B) + d), c.A}
}

func main() {
	// texBrickTiled: 96×64 (one and a half cells wide, so the pattern's
	// phase changes from cell to cell), bricks 32×16 in running bond,
	// 2 px mortar.
	brick := image.NewNRGBA(image.Rect(0, 0, 96, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 96; x++ {
			row := y / 16
			bx := (x + (row%2)*16) % 32
			c := shade(color.NRGBA{168, 72, 52, 255}, x/4, y/4, 10)
			if y%16 >= 14 || bx >= 30 {
				c = color.NRGBA{200, 196, 180, 255}
			}
			brick.SetNRGBA(x, y, c)
		}
	}
	save("texBrickTiled.png", brick)
	// texPlanksTiled: 64×64 vertical planks 16 wide with dark seams.
	planks := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			c := shade(color.NRGBA{150, 110, 64, 255}, x/2, y/8+x/16*7, 12)
			if x%16 == 15 || (y == (x/16)*23%64) {
				c = color.NRGBA{80, 56, 32, 255}
			}
			planks.SetNRGBA(x, y, c)
		}
	}
	save("texPlanksTiled.png", planks)
	// texGrassTiled: 96×96 grass with a 48-texel check of two greens,
	// so the tiling across cells and floors is easy to see.
	grass := image.NewNRGBA(image.Rect(0, 0, 96, 96))
	for y := 0; y < 96; y++ {
		for x := 0; x < 96; x++ {
			base := color.NRGBA{84, 150, 64, 255}
			if (x/48+y/48)%2 == 1 {
				base = color.NRGBA{70, 128, 56, 255}
			}
			grass.SetNRGBA(x, y, shade(base, x/2, y/2, 14))
		}
	}
	save("texGrassTiled.png", grass)
	// texRug: 128×128 non-tiled rug: a border and a centre diamond, so
	// it starts at its floor's corner.
	rug := image.NewNRGBA(image.Rect(0, 0, 128, 128))
	for y := 0; y < 128; y++ {
		for x := 0; x < 128; x++ {
			c := color.NRGBA{60, 70, 150, 255}
			if x < 8 || y < 8 || x >= 120 || y >= 120 {
				c = color.NRGBA{220, 190, 80, 255}
			} else if ax, ay := abs(x-64), abs(y-64); ax+ay < 36 {
				c = color.NRGBA{180, 50, 60, 255}
				if ax+ay < 16 {
					c = color.NRGBA{230, 220, 200, 255}
				}
			}
			rug.SetNRGBA(x, y, c)
		}
	}
	save("texRug.png", rug)
	// objCrate: a 40×44 crate seen from the front corner.
	crate := image.NewNRGBA(image.Rect(0, 0, 40, 44))
	for y := 0; y < 44; y++ {
		for x := 0; x < 40; x++ {
			// Top diamond rows 0..9, then two faces.
			top := y < 10 && abs(x-20)*10 <= 20*(10-abs(y-10)) && y >= 10-(20-abs(x-20))/2
			side := y >= 10-(20-abs(x-20))/2+10 || (y >= 10 && !top)
			switch {
			case top:
				crate.SetNRGBA(x, y, color.NRGBA{214, 170, 100, 255})
			case side && y < 44-abs(x-20)/2:
				c := color.NRGBA{170, 120, 60, 255}
				if x >= 20 {
					c = color.NRGBA{130, 90, 44, 255}
				}
				if (y+abs(x-20)/2)%12 == 0 || x == 20 {
					c = color.NRGBA{90, 60, 30, 255}
				}
				crate.SetNRGBA(x, y, c)
			}
		}
	}
	save("objCrate.png", crate)
	// hero<Dir>: a 20×40 figure, its face on the side it looks at.
	for _, d := range []struct {
		name string
		dx   int
		back bool
	}{{"East", 1, false}, {"South", -1, false}, {"West", -1, true}, {"North", 1, true}} {
		img := image.NewNRGBA(image.Rect(0, 0, 20, 40))
		fill(img, 6, 16, 14, 32, color.NRGBA{40, 90, 200, 255}) // body
		fill(img, 6, 32, 9, 40, color.NRGBA{40, 40, 60, 255})   // legs
		fill(img, 11, 32, 14, 40, color.NRGBA{40, 40, 60, 255})
		fill(img, 2, 18, 6, 28, color.NRGBA{240, 200, 160, 255}) // arms
		fill(img, 14, 18, 18, 28, color.NRGBA{240, 200, 160, 255})
		fill(img, 5, 4, 15, 16, color.NRGBA{240, 200, 160, 255}) // head
		fill(img, 5, 2, 15, 6, color.NRGBA{90, 50, 20, 255})     // hair
		if d.back {
			fill(img, 5, 6, 15, 12, color.NRGBA{90, 50, 20, 255})
		} else {
			ex := 10 + 3*d.dx
			fill(img, ex-1, 8, ex+1, 10, color.NRGBA{20, 20, 20, 255})
		}
		save("hero"+d.name+".png", img)
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
