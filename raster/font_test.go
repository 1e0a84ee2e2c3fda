package raster

import (
	"image/color"
	"testing"

	"golang.org/x/image/font/basicfont"
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
	if a := testing.AllocsPerRun(10, func() {
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
