package web

import (
	"testing"

	"diorama/platform"
)

func TestKeyOfCode(t *testing.T) {
	cases := map[string]platform.Key{
		"KeyA": platform.KeyA, "KeyZ": platform.KeyZ, "Digit0": platform.Key0, "Digit9": platform.Key9,
		"F1": platform.KeyF1, "F9": platform.KeyF9, "F10": platform.KeyF10, "F12": platform.KeyF12,
		"ArrowUp": platform.KeyArrowUp, "ShiftRight": platform.KeyRightShift, "Space": platform.KeySpace,
		"Quote": platform.KeyApostrophe, "": platform.KeyUnknown, "Keya": platform.KeyUnknown,
		"F13": platform.KeyUnknown, "F0": platform.KeyUnknown, "Digit": platform.KeyUnknown, "IntlRo": platform.KeyUnknown,
	}
	for code, want := range cases {
		if got := keyOfCode(code); got != want {
			t.Errorf("keyOfCode(%q) = %v, want %v", code, got, want)
		}
	}
}

func TestLayoutAndMapping(t *testing.T) {
	// 800×480 in a 1000×700 CSS page at DPR 2: 2000×1400 device pixels,
	// integer scale 2 -> 1600×960 at (200, 220) device = (100, 110) CSS.
	l := fit(platform.ScaleInteger, 800, 480, 1000, 700, 2)
	x, y, w, h := l.CSSRect()
	if x != 100 || y != 110 || w != 800 || h != 480 {
		t.Fatalf("CSS rect %g,%g %gx%g", x, y, w, h)
	}
	fx, fy := clientToFrame(100+400, 110+240, x, y, w, h, 800, 480)
	if fx != 400 || fy != 240 {
		t.Fatalf("centre maps to %g,%g", fx, fy)
	}
	fx, fy = clientToFrame(90, 110, x, y, w, h, 800, 480)
	if fx != -10 || fy != 0 {
		t.Fatalf("bar maps to %g,%g", fx, fy)
	}
	if l := fit(platform.ScaleInteger, 8, 8, 8, 8, 0); l.DPR != 1 || l.Viewport.W != 8 {
		t.Fatalf("bad DPR not defaulted: %+v", l)
	}
	if fx, fy := clientToFrame(5, 5, 0, 0, 0, 10, 8, 8); fx != 0 || fy != 0 {
		t.Fatal("zero-size canvas mapped a point")
	}
}

func TestWheelAndOpaqueCopy(t *testing.T) {
	if wheelNotches(-100, 0) != 1 || wheelNotches(3, 1) != -1 || wheelNotches(1, 2) != -1 {
		t.Fatal("wheel notches")
	}
	src := []uint8{10, 20, 30, 40, 1, 2, 3, 255, 9}
	dst := make([]uint8, 8)
	opaqueCopy(dst, src)
	if string(dst) != string([]uint8{10, 20, 30, 255, 1, 2, 3, 255}) {
		t.Fatalf("opaqueCopy %v", dst)
	}
}
