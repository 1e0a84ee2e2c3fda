package loadutil

import (
	"bytes"
	"testing"
)

func TestLineCol(t *testing.T) {
	data := []byte("ab\ncde\n\nf")
	for _, tc := range []struct {
		off       int64
		line, col int
	}{
		{-5, 1, 1}, {0, 1, 1}, {1, 1, 2}, {2, 1, 3}, // the '\n' ends line 1
		{3, 2, 1}, {5, 2, 3}, {6, 2, 4},
		{7, 3, 1},
		{8, 4, 1}, {9, 4, 2}, {100, 4, 2},
	} {
		l, c := LineCol(data, tc.off)
		if l != tc.line || c != tc.col {
			t.Errorf("LineCol(%d) = %d:%d, want %d:%d", tc.off, l, c, tc.line, tc.col)
		}
	}
	if l, c := LineCol(nil, 3); l != 1 || c != 1 {
		t.Errorf("LineCol(nil) = %d:%d", l, c)
	}
}

// LineCol agrees with walking the bytes one by one.
func TestLineColWalk(t *testing.T) {
	data := bytes.Repeat([]byte("x\n\nyz\r\n"), 5)
	line, col := 1, 1
	for off := range int64(len(data)) + 1 {
		l, c := LineCol(data, off)
		if l != line || c != col {
			t.Fatalf("off %d: %d:%d, want %d:%d", off, l, c, line, col)
		}
		if off < int64(len(data)) {
			if data[off] == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
	}
}
