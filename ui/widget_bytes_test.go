package ui

import (
	"strconv"
	"testing"

	"diorama/internal/testenv"
	"diorama/raster"
)

// A label showing a reused byte buffer lays out and draws what the buffer
// holds now, and changing the numbers allocates nothing.
func TestLabelBytes(t *testing.T) {
	u := New(200, 100, DefaultTheme())
	l := Label("")
	l.Bytes = make([]byte, 0, 16)
	u.Open(&Panel{Root: Column(l), Anchor: TopLeft})
	dl := raster.NewDrawList()
	n := 0
	frame := func() {
		n++
		l.Bytes = strconv.AppendInt(append(l.Bytes[:0], "SCORE "...), int64(n*100), 10)
		dl.Reset()
		u.Draw(dl, 0)
	}
	frame()
	short := l.Rect().Dx()
	for n < 1000 {
		frame()
	}
	if l.Rect().Dx() <= short {
		t.Fatalf("label width %d did not follow the longer text (was %d)", l.Rect().Dx(), short)
	}
	if a := testenv.AllocsOver(50, frame); a != 0 {
		t.Fatalf("%v allocations in 50 frames", a)
	}
}
