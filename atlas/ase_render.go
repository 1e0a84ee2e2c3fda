package atlas

import (
	"math"
	"slices"
)

// Compositing of .aseprite frames. Pixels are straight-alpha RGBA bytes,
// as Aseprite keeps them; rounding follows its renderer so frames match
// its sheet export.

// renderItem is one layer to draw in a frame, in Aseprite's z order.
type renderItem struct {
	layer, order, z int
}

// plan returns the visible layers among the children of group parent
// (-1: the sprite) at frame fr in Aseprite's drawing order: groups are
// flattened unless the file composites them separately, and each cel's
// z-index moves its layer (NOTE.5).
func (af *aseFile) plan(parent, fr int) []renderItem {
	compose := af.flags&headerGroupBlend != 0
	var items []renderItem
	order := 0
	var add func(p int)
	add = func(p int) {
		for _, i := range af.children[p+1] {
			order++
			if af.layers[i].IsGroup && !compose {
				add(i)
				continue
			}
			z := 0
			if k, ok := af.celAt[[2]int{fr, i}]; ok {
				z = af.cels[fr][k].z
			}
			items = append(items, renderItem{layer: i, order: order, z: z})
		}
	}
	add(parent)
	slices.SortStableFunc(items, func(a, b renderItem) int {
		if d := (a.order + a.z) - (b.order + b.z); d != 0 {
			return d
		}
		return a.z - b.z
	})
	return slices.DeleteFunc(items, func(it renderItem) bool {
		return !af.visible(it.layer) || af.layers[it.layer].flags&layerReference != 0
	})
}

// render draws the children of group parent (-1: the sprite) at frame fr
// onto canvas (w×h straight RGBA) of an RGBA or grayscale sprite.
func (af *aseFile) render(canvas []byte, parent, fr int) {
	for _, it := range af.plan(parent, fr) {
		l := &af.layers[it.layer]
		if l.IsGroup {
			sub := make([]byte, len(canvas))
			af.render(sub, it.layer, fr)
			blendImage(canvas, af.w, af.h, sub, af.w, af.h, 0, 0, uint8(l.Opacity), l.BlendMode, func(p []byte, i int) [4]byte {
				return [4]byte{p[4*i], p[4*i+1], p[4*i+2], p[4*i+3]}
			})
			continue
		}
		// A linked cel has its target's image and its own position and
		// opacity (a link with other values is a copy in Aseprite).
		c := af.cel(it.layer, fr)
		if c == nil {
			continue
		}
		op := mulUn8(int(c.opacity), l.Opacity)
		if c.tilemap {
			af.drawTilemap(canvas, c, c.x, c.y, uint8(op), l, af.pixelFunc(fr))
			continue
		}
		px := af.pixelFunc(fr)
		blendImage(canvas, af.w, af.h, c.pix, c.w, c.h, c.x, c.y, uint8(op), l.BlendMode, px)
	}
}

// visible reports whether a layer and all its groups are visible.
func (af *aseFile) visible(i int) bool {
	for ; i >= 0; i = af.layers[i].parent {
		if !af.layers[i].Visible {
			return false
		}
	}
	return true
}

// pixelFunc returns the reader of pixel i of an image in the sprite's
// colour depth, as straight RGBA, at frame fr (for the palette of an
// indexed sprite with several palettes: the transparent index is
// transparent on every layer, as Aseprite draws indices onto RGBA).
func (af *aseFile) pixelFunc(fr int) func(p []byte, i int) [4]byte {
	switch af.depth {
	case 4:
		return func(p []byte, i int) [4]byte { return [4]byte{p[4*i], p[4*i+1], p[4*i+2], p[4*i+3]} }
	case 2:
		return func(p []byte, i int) [4]byte { v := p[2*i]; return [4]byte{v, v, v, p[2*i+1]} }
	}
	pal, tr := af.paletteAt(fr), af.transp
	return func(p []byte, i int) [4]byte {
		k := p[i]
		if k == tr || int(k) >= len(pal) {
			return [4]byte{}
		}
		c := pal[k]
		return [4]byte{c.R, c.G, c.B, c.A}
	}
}

// drawTilemap draws a tilemap cel tile by tile.
func (af *aseFile) drawTilemap(canvas []byte, c *aseCel, x0, y0 int, op uint8, l *aseLayer, px func([]byte, int) [4]byte) {
	af.tilePixels(c, x0, y0, l, func(d int, tile []byte, si int) {
		out := blendPixel(l.BlendMode, [4]byte(canvas[4*d:4*d+4]), px(tile, si), int(op))
		copy(canvas[4*d:4*d+4], out[:])
	})
}

// tilePixels calls put for every canvas pixel d (index y*w+x) a tilemap
// cel covers, with the tile image and the index of the source pixel in
// it, after the tile's flips.
func (af *aseFile) tilePixels(c *aseCel, x0, y0 int, l *aseLayer, put func(d int, tile []byte, si int)) {
	ts := af.tileset(l.tileset)
	bpt := c.bits / 8
	// Only the tiles that reach the canvas.
	tx0, ty0 := max(0, -x0/ts.tw-1), max(0, -y0/ts.th-1)
	tx1, ty1 := min(c.w, (af.w-x0)/ts.tw+1), min(c.h, (af.h-y0)/ts.th+1)
	for ty := ty0; ty < ty1; ty++ {
		for tx := tx0; tx < tx1; tx++ {
			o := (ty*c.w + tx) * bpt
			var v uint32
			for k := bpt - 1; k >= 0; k-- {
				v = v<<8 | uint32(c.pix[o+k])
			}
			id := int(v & c.idMask)
			if (id == 0 && ts.zeroIsE) || id >= ts.n || (!ts.zeroIsE && v == 0xffffffff) {
				continue
			}
			xf, yf, df := v&c.xMask != 0 && c.xMask != 0, v&c.yMask != 0 && c.yMask != 0, v&c.dMask != 0 && c.dMask != 0
			tile := ts.pix[id*ts.tw*ts.th*af.depth : (id+1)*ts.tw*ts.th*af.depth]
			ox, oy := x0+tx*ts.tw, y0+ty*ts.th
			for y := 0; y < ts.th; y++ {
				for x := 0; x < ts.tw; x++ {
					dx, dy := ox+x, oy+y
					if dx < 0 || dy < 0 || dx >= af.w || dy >= af.h {
						continue
					}
					// Flips first, then the diagonal swaps the axes.
					sx, sy := x, y
					if xf {
						sx = ts.tw - 1 - x
					}
					if yf {
						sy = ts.th - 1 - y
					}
					if df {
						sx, sy = sy, sx
						if sx >= ts.tw || sy >= ts.th {
							continue
						}
					}
					put(dy*af.w+dx, tile, sy*ts.tw+sx)
				}
			}
		}
	}
}

// renderIndexed draws the children of group parent at frame fr onto an
// index canvas, as Aseprite renders an indexed sprite onto its indexed
// sheet: every pixel that is not the transparent index (and is in the
// palette) replaces the one below; opacity and blend modes do not apply
// to indices.
func (af *aseFile) renderIndexed(canvas []byte, parent, fr int) {
	tr, n := af.transp, len(af.palette)
	for _, it := range af.plan(parent, fr) {
		l := &af.layers[it.layer]
		if l.IsGroup {
			af.renderIndexed(canvas, it.layer, fr)
			continue
		}
		c := af.cel(it.layer, fr)
		if c == nil {
			continue
		}
		if c.tilemap {
			af.tilePixels(c, c.x, c.y, l, func(d int, tile []byte, si int) {
				if k := tile[si]; k != tr && int(k) < n {
					canvas[d] = k
				}
			})
			continue
		}
		x0, y0 := max(c.x, 0), max(c.y, 0)
		x1, y1 := min(c.x+c.w, af.w), min(c.y+c.h, af.h)
		for dy := y0; dy < y1; dy++ {
			for dx := x0; dx < x1; dx++ {
				if k := c.pix[(dy-c.y)*c.w+dx-c.x]; k != tr && int(k) < n {
					canvas[dy*af.w+dx] = k
				}
			}
		}
	}
}

// blendImage composites the sw×sh image src (pixels read by px) with its
// top-left at (x, y) onto the w×h canvas.
func blendImage(canvas []byte, w, h int, src []byte, sw, sh, x, y int, op uint8, mode BlendMode, px func([]byte, int) [4]byte) {
	x0, y0 := max(x, 0), max(y, 0)
	x1, y1 := min(x+sw, w), min(y+sh, h)
	for dy := y0; dy < y1; dy++ {
		for dx := x0; dx < x1; dx++ {
			s := px(src, (dy-y)*sw+dx-x)
			d := canvas[4*(dy*w+dx):]
			out := blendPixel(mode, [4]byte(d[:4]), s, int(op))
			copy(d[:4], out[:])
		}
	}
}

// mulUn8 is a·b/255 rounded (exact for a in -255..255, b in 0..255).
func mulUn8(a, b int) int {
	t := a*b + 0x80
	return ((t >> 8) + t) >> 8
}

// divUn8 is a·255/b rounded.
func divUn8(a, b int) int { return (a*0xff + b/2) / b }

// blendNormal composites src over backdrop with opacity, straight alpha.
func blendNormal(b, s [4]byte, op int) [4]byte {
	if b[3] == 0 {
		s[3] = uint8(mulUn8(int(s[3]), op))
		return s
	}
	if s[3] == 0 {
		return b
	}
	if s[3] == 255 && op == 255 {
		return s // Ra = 255 and every channel Bc + (Sc-Bc)·255/255 = Sc
	}
	sa := mulUn8(int(s[3]), op)
	ba := int(b[3])
	ra := sa + ba - mulUn8(ba, sa)
	var out [4]byte
	for c := 0; c < 3; c++ {
		bc, sc := int(b[c]), int(s[c])
		out[c] = uint8(bc + (sc-bc)*sa/ra)
	}
	out[3] = uint8(ra)
	return out
}

// blendMerge moves backdrop toward src by op (Aseprite's "merge").
func blendMerge(b, s [4]byte, op int) [4]byte {
	var out [4]byte
	switch {
	case b[3] == 0:
		out = s
	case s[3] == 0:
		out = b
	default:
		for c := 0; c < 3; c++ {
			out[c] = uint8(int(b[c]) + mulUn8(int(s[c])-int(b[c]), op))
		}
	}
	out[3] = uint8(int(b[3]) + mulUn8(int(s[3])-int(b[3]), op))
	if out[3] == 0 {
		out = [4]byte{}
	}
	return out
}

// blendPixel composites s over b with opacity op in the given mode. The
// non-normal modes work like Aseprite's renderer: the mode's colour is
// composited normally, and the result fades from plain normal
// compositing where the backdrop is transparent to the full effect where
// both are opaque.
func blendPixel(mode BlendMode, b, s [4]byte, op int) [4]byte {
	if mode == BlendNormal || b[3] == 0 {
		return blendNormal(b, s, op)
	}
	mixed := s
	switch mode {
	case BlendHue, BlendSaturation, BlendColor, BlendLuminosity:
		mixed = blendHSL(mode, b, s)
	default:
		for c := 0; c < 3; c++ {
			mixed[c] = uint8(blendChannel(mode, int(b[c]), int(s[c])))
		}
	}
	normal := blendNormal(b, s, op)
	blend := blendNormal(b, mixed, op)
	m := blendMerge(normal, blend, int(b[3]))
	srcA := mulUn8(int(s[3]), op)
	return blendMerge(m, blend, mulUn8(int(b[3]), srcA))
}

// blendChannel is a separable blend mode on one channel (W3C
// compositing formulas in 0..255 integers).
func blendChannel(mode BlendMode, b, s int) int {
	switch mode {
	case BlendMultiply:
		return mulUn8(b, s)
	case BlendScreen:
		return b + s - mulUn8(b, s)
	case BlendOverlay:
		return hardLight(s, b)
	case BlendDarken:
		return min(b, s)
	case BlendLighten:
		return max(b, s)
	case BlendColorDodge:
		if b == 0 {
			return 0
		}
		if s = 255 - s; b >= s {
			return 255
		}
		return divUn8(b, s)
	case BlendColorBurn:
		if b == 255 {
			return 255
		}
		if b = 255 - b; b >= s {
			return 0
		}
		return 255 - divUn8(b, s)
	case BlendHardLight:
		return hardLight(b, s)
	case BlendSoftLight:
		fb, fs := float64(b)/255, float64(s)/255
		d := math.Sqrt(fb)
		if fb <= 0.25 {
			d = ((16*fb-12)*fb + 4) * fb
		}
		r := fb + (2*fs-1)*(d-fb)
		if fs <= 0.5 {
			r = fb - (1-2*fs)*fb*(1-fb)
		}
		return int(r*255 + 0.5)
	case BlendDifference:
		return max(b-s, s-b)
	case BlendExclusion:
		return b + s - 2*mulUn8(b, s)
	case BlendAddition:
		return min(b+s, 255)
	case BlendSubtract:
		return max(b-s, 0)
	case BlendDivide:
		if b == 0 {
			return 0
		}
		if b >= s {
			return 255
		}
		return divUn8(b, s)
	}
	return s
}

func hardLight(b, s int) int {
	if s < 128 {
		return mulUn8(b, s<<1)
	}
	s2 := s<<1 - 255
	return b + s2 - mulUn8(b, s2)
}

// blendHSL is the non-separable modes (W3C hue, saturation, color,
// luminosity), in floating point as Aseprite computes them.
func blendHSL(mode BlendMode, b, s [4]byte) [4]byte {
	f := func(p [4]byte) (float64, float64, float64) {
		return float64(p[0]) / 255, float64(p[1]) / 255, float64(p[2]) / 255
	}
	br, bg, bb := f(b)
	sr, sg, sb := f(s)
	var r, g, bl float64
	switch mode {
	case BlendHue:
		r, g, bl = setSat(sr, sg, sb, sat(br, bg, bb))
		r, g, bl = setLum(r, g, bl, lum(br, bg, bb))
	case BlendSaturation:
		r, g, bl = setSat(br, bg, bb, sat(sr, sg, sb))
		r, g, bl = setLum(r, g, bl, lum(br, bg, bb))
	case BlendColor:
		r, g, bl = setLum(sr, sg, sb, lum(br, bg, bb))
	case BlendLuminosity:
		r, g, bl = setLum(br, bg, bb, lum(sr, sg, sb))
	}
	return [4]byte{uint8(int(255 * r)), uint8(int(255 * g)), uint8(int(255 * bl)), s[3]}
}

func lum(r, g, b float64) float64 { return 0.3*r + 0.59*g + 0.11*b }

func sat(r, g, b float64) float64 { return max(r, g, b) - min(r, g, b) }

func setLum(r, g, b, l float64) (float64, float64, float64) {
	d := l - lum(r, g, b)
	r, g, b = r+d, g+d, b+d
	l = lum(r, g, b)
	n, x := min(r, g, b), max(r, g, b)
	if n < 0 {
		r, g, b = l+(r-l)*l/(l-n), l+(g-l)*l/(l-n), l+(b-l)*l/(l-n)
	}
	if x > 1 {
		r, g, b = l+(r-l)*(1-l)/(x-l), l+(g-l)*(1-l)/(x-l), l+(b-l)*(1-l)/(x-l)
	}
	return r, g, b
}

func setSat(r, g, b, s float64) (float64, float64, float64) {
	n, x := min(r, g, b), max(r, g, b)
	if x-n <= 0 {
		return 0, 0, 0
	}
	return (r - n) * s / (x - n), (g - n) * s / (x - n), (b - n) * s / (x - n)
}
