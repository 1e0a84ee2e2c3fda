package main

import (
	"image"
	"testing"
)

// TestSegHitsBox: the slab test against a box grown by the radius.
func TestSegHitsBox(t *testing.T) {
	w := image.Rect(2, 2, 3, 3)
	for _, c := range []struct {
		x0, y0, x1, y1, r float64
		want              bool
	}{
		{0, 2.5, 1.9, 2.5, 0, false},    // stops short
		{0, 2.5, 2.1, 2.5, 0, true},     // enters
		{0, 2.5, 1.96, 2.5, 0.05, true}, // within the radius
		{0, 0, 1, 1, 0.05, false},       // misses the corner
		{1, 1, 4, 4, 0, true},           // crosses diagonally
		{2.5, 0, 2.5, 1.5, 0, false},    // vertical, short
		{3.2, 0, 3.2, 5, 0.1, false},    // passes beside
		{3.2, 0, 3.2, 5, 0.25, true},    // grazes with a radius
	} {
		if got := segHitsBox(c.x0, c.y0, c.x1, c.y1, c.r, w); got != c.want {
			t.Errorf("segment (%v,%v)-(%v,%v) r %v: hit %v, want %v", c.x0, c.y0, c.x1, c.y1, c.r, got, c.want)
		}
	}
}

// TestSamePeaks: the naive scene reproduces the engine scene's alive
// counts (the same room, rings, speed and lifetime), within a few bullets
// (it ages bullets slightly differently).
func TestSamePeaks(t *testing.T) {
	for n, want := range map[int]int{18: 147, 36: 297, 64: 524, 72: 595} {
		s := newScene(n)
		for k := 0; k < 8*60; k++ {
			s.step()
		}
		if d := s.peak - want; d < -8 || d > 8 {
			t.Errorf("ring %d: peak %d, engine %d", n, s.peak, want)
		}
		s.render()
		// Bullets are drawn: the frame is not just floor and walls.
		yellow := 0
		for k := 0; k+3 < len(s.frame.Pix); k += 4 {
			if s.frame.Pix[k] == 255 && s.frame.Pix[k+1] == 236 && s.frame.Pix[k+2] == 80 {
				yellow++
			}
		}
		if yellow < s.peak*4 {
			t.Errorf("ring %d: %d bullet pixels for %d bullets", n, yellow, s.peak)
		}
	}
}
