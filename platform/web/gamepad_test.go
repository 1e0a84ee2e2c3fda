package web

import (
	"testing"

	"diorama/platform"
)

func TestStandardGamepad(t *testing.T) {
	pressed := make([]bool, 17)
	values := make([]float64, 17)
	pressed[0], pressed[15], pressed[16] = true, true, true // A, d-pad right, guide
	values[6], values[7] = 0.25, 1
	raw := standardGamepad([]float64{0.5, -1, 0, 0.75}, values, pressed)
	want := [platform.AxisCount]float64{0.5, -1, 0, 0.75, 0.25, 1}
	if !raw.Connected || raw.Axes != want {
		t.Fatalf("axes %v, want %v", raw.Axes, want)
	}
	for b := platform.PadButton(0); b < platform.PadButtonCount; b++ {
		on := b == platform.PadA || b == platform.PadDPadRight || b == platform.PadGuide
		if raw.Buttons[b] != on {
			t.Errorf("button %d = %v", b, raw.Buttons[b])
		}
	}
	// A pad reporting fewer axes and buttons reads the rest as zero.
	raw = standardGamepad([]float64{0.1}, nil, []bool{false, true})
	if raw.Axes[platform.AxisLeftY] != 0 || raw.Axes[platform.AxisRightTrigger] != 0 || !raw.Buttons[platform.PadB] || raw.Buttons[platform.PadStart] {
		t.Fatalf("short pad %+v", raw)
	}
}
