package raster

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// glyph is one rasterised character: a white, premultiplied coverage
// sprite drawn tinted with the text colour.
type glyph struct {
	sprite  *Sprite
	off     image.Point // sprite top-left relative to the pen on the baseline
	advance fixed.Int26_6
	ok      bool
}

// Font draws text from a golang.org/x/image/font.Face. Glyphs are
// rasterised once and cached as sprites, so drawing text is blitting:
// printable ASCII when the font is made (for faces up to
// preloadMaxHeight pixels: a HUD's first new digit never costs a frame),
// any other rune on first use. A Font is not safe for concurrent first use of a glyph; the
// [DrawList] caches every glyph when the text is added, so the parallel
// [Renderer] only reads the cache.
type Font struct {
	face    font.Face
	ascent  int
	height  int
	ascii   [128]*glyph
	others  map[rune]*glyph
	kerning bool
}

// NewFont wraps a face. The line height and ascent come from its metrics.
func NewFont(face font.Face) (*Font, error) {
	if face == nil {
		return nil, fmt.Errorf("raster: NewFont(nil)")
	}
	m := face.Metrics()
	f := &Font{face: face, ascent: m.Ascent.Ceil(), height: m.Height.Ceil(), others: map[rune]*glyph{}}
	f.kerning = face.Kern('A', 'V') != 0 || face.Kern('T', 'o') != 0
	if f.height <= 0 {
		f.height = (m.Ascent + m.Descent).Ceil()
	}
	if f.height <= preloadMaxHeight {
		for r := rune(' '); r <= '~'; r++ {
			f.glyph(r)
		}
	}
	return f, nil
}

// preloadMaxHeight is the tallest line (pixels) whose printable ASCII
// NewFont renders up front: about 1 MB of glyphs at most.
const preloadMaxHeight = 64

var defaultFont *Font

// DefaultFont returns the built-in 7×13 bitmap face (ASCII), which needs
// no font file.
func DefaultFont() *Font {
	if defaultFont == nil {
		defaultFont, _ = NewFont(basicfont.Face7x13)
	}
	return defaultFont
}

// SansFont returns Go's sans-serif font (golang.org/x/image/font/gofont:
// Go Regular, or Go Bold) at px pixels: scalable text for content that
// asks for a font family and size it does not ship (a Tiled text object;
// it fits scene.BuildOptions.TextFont as it is), with no font file to
// bring. Each call parses the font again; keep the result.
func SansFont(px int, bold bool) (*Font, error) {
	name, data := "Go Regular", goregular.TTF
	if bold {
		name, data = "Go Bold", gobold.TTF
	}
	return ParseOpenType(name, data, float64(px))
}

// ParseOpenType parses the OpenType or TrueType font data and returns it
// at the given size in pixels (72 DPI), with full hinting for crisp small
// text. name (the font file's path) is used in messages only.
func ParseOpenType(name string, data []byte, sizePx float64) (*Font, error) {
	if !(sizePx > 0 && sizePx <= 1024) {
		return nil, fmt.Errorf("raster: %s: font size %v out of range (0, 1024]", name, sizePx)
	}
	otf, err := opentype.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("raster: %s: parsing font: %w", name, err)
	}
	face, err := opentype.NewFace(otf, &opentype.FaceOptions{Size: sizePx, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, fmt.Errorf("raster: %s: font face: %w", name, err)
	}
	return NewFont(face)
}

// LineHeight returns the distance between baselines in pixels.
func (f *Font) LineHeight() int { return f.height }

// Ascent returns the distance from the top of a line to its baseline.
func (f *Font) Ascent() int { return f.ascent }

func (f *Font) glyph(r rune) *glyph {
	if r >= 0 && r < 128 {
		if g := f.ascii[r]; g != nil {
			return g
		}
	} else if g, ok := f.others[r]; ok {
		return g
	}
	g := f.render(r)
	if r >= 0 && r < 128 {
		f.ascii[r] = g
	} else {
		f.others[r] = g
	}
	return g
}

func (f *Font) render(r rune) *glyph {
	dr, mask, mp, adv, ok := f.face.Glyph(fixed.Point26_6{}, r)
	if !ok {
		// Fall back to the replacement glyph, then to an empty advance.
		if r != utf8.RuneError {
			if g := f.glyph(utf8.RuneError); g.ok {
				return g
			}
		}
		return &glyph{advance: adv}
	}
	img := image.NewRGBA(image.Rect(0, 0, dr.Dx(), dr.Dy()))
	for y := 0; y < dr.Dy(); y++ {
		for x := 0; x < dr.Dx(); x++ {
			_, _, _, a := mask.At(mp.X+x, mp.Y+y).RGBA()
			a8 := uint8(a >> 8)
			img.SetRGBA(x, y, color.RGBA{a8, a8, a8, a8})
		}
	}
	s, err := NewSprite(img)
	if err != nil {
		return &glyph{advance: adv}
	}
	return &glyph{sprite: s, off: dr.Min, advance: adv, ok: true}
}

// Measure returns the size in pixels of the box that [Font.Draw] fills with
// s: the widest line's advance and the number of lines times the line
// height.
func (f *Font) Measure(s string) (w, h int) {
	if s == "" {
		return 0, 0
	}
	lines := 1
	var x, maxX fixed.Int26_6
	prev := rune(-1)
	for _, r := range s {
		if r == '\n' {
			maxX = max(maxX, x)
			x, prev = 0, -1
			lines++
			continue
		}
		if f.kerning && prev >= 0 {
			x += f.face.Kern(prev, r)
		}
		x += f.glyph(r).advance
		prev = r
	}
	maxX = max(maxX, x)
	return maxX.Ceil(), lines * f.height
}

// Draw draws s with the top-left of its first line at (x, y) in the
// premultiplied colour c, inside clip. '\n' starts a new line.
func (f *Font) Draw(dst *Frame, clip image.Rectangle, s string, x, y int, c color.RGBA) {
	o := DrawOptions{Tint: validPremul(c), Tinted: true}
	f.layout(s, x, y, func(g *glyph, gx, gy int) {
		DrawSprite(dst, clip, g.sprite, gx, gy, &o)
	})
}

// layout calls fn for every visible glyph of s with its sprite position.
func (f *Font) layout(s string, x, y int, fn func(g *glyph, gx, gy int)) {
	if f == nil {
		return
	}
	x, y = clampCoord(x), clampCoord(y)
	pen := fixed.I(0)
	base := y + f.ascent
	prev := rune(-1)
	for _, r := range s {
		if r == '\n' {
			pen, prev = 0, -1
			base += f.height
			continue
		}
		if f.kerning && prev >= 0 {
			pen += f.face.Kern(prev, r)
		}
		g := f.glyph(r)
		if g.ok {
			gx := x + int(math.Round(float64(pen)/64)) + g.off.X
			fn(g, gx, base+g.off.Y)
		}
		pen += g.advance
		prev = r
	}
}
