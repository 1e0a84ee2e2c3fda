package raster

import (
	"image/color"
	"testing"

	"golang.org/x/image/font/basicfont"

	"diorama/internal/testenv"
)

// A new font has printable ASCII rendered already: measuring and adding
// ASCII text allocates nothing from the first frame; other runes are
// rendered on first use.
func TestFontPreloadsASCII(t *testing.T) {
	f, err := NewFont(basicfont.Face7x13)
	if err != nil {
		t.Fatal(err)
	}
	for r := ' '; r <= '~'; r++ {
		if f.ascii[r] == nil {
			t.Fatalf("glyph %q not rendered by NewFont", r)
		}
	}
	if f.ascii['\n'] != nil || len(f.others) != 0 {
		t.Fatal("NewFont rendered more than printable ASCII")
	}
	l := NewDrawList()
	l.Text(0, f, "warm up", 0, 0, color.RGBA{255, 255, 255, 255})
	if a := testenv.AllocsOver(10, func() {
		l.Reset()
		f.Measure("SCORE 1234567890 ~|{}")
		l.Text(0, f, "WAVE 3/4  ENEMIES 9", 4, 4, color.RGBA{255, 255, 255, 255})
	}); a != 0 {
		t.Errorf("%v allocations for ASCII text on a new font", a)
	}
	f.Measure("é")
	if f.others['é'] == nil {
		t.Error("a non-ASCII rune is not cached on first use")
	}
}

// SansFont is Go's font at the asked size: the line height follows the
// size, bold text is wider than regular, and a size out of range is an
// error.
func TestSansFont(t *testing.T) {
	r16, err := SansFont(16, false)
	if err != nil {
		t.Fatal(err)
	}
	r32, _ := SansFont(32, false)
	b16, _ := SansFont(16, true)
	if h := r16.LineHeight(); h < 16 || h > 20 {
		t.Errorf("16 px line height %d", h)
	}
	if r32.LineHeight() < 2*r16.LineHeight()-2 {
		t.Errorf("32 px line height %d against %d", r32.LineHeight(), r16.LineHeight())
	}
	w, _ := r16.Measure("Hello World")
	wb, _ := b16.Measure("Hello World")
	if w <= 0 || wb <= w {
		t.Errorf("widths regular %d bold %d", w, wb)
	}
	if _, err := SansFont(0, false); err == nil {
		t.Error("size 0 accepted")
	}
}
