package web

import "diorama/platform"

// standardButtons maps the W3C "standard" gamepad layout's button indices
// to the engine's buttons (6 and 7 are the analog triggers, read as axes).
var standardButtons = [...]struct {
	index int
	btn   platform.PadButton
}{
	{0, platform.PadA}, {1, platform.PadB}, {2, platform.PadX}, {3, platform.PadY},
	{4, platform.PadLeftBumper}, {5, platform.PadRightBumper}, {8, platform.PadBack},
	{9, platform.PadStart}, {10, platform.PadLeftThumb}, {11, platform.PadRightThumb},
	{12, platform.PadDPadUp}, {13, platform.PadDPadDown}, {14, platform.PadDPadLeft},
	{15, platform.PadDPadRight}, {16, platform.PadGuide},
}

// standardGamepad converts a browser gamepad with the "standard" mapping
// (axes: left X, left Y, right X, right Y, +Y down; buttons with analog
// values, 6 and 7 the triggers) into the engine's raw state. Missing
// entries read as zero.
func standardGamepad(axes, values []float64, pressed []bool) platform.RawGamepad {
	raw := platform.RawGamepad{Connected: true}
	at := func(s []float64, i int) float64 {
		if i < len(s) {
			return s[i]
		}
		return 0
	}
	raw.Axes[platform.AxisLeftX] = at(axes, 0)
	raw.Axes[platform.AxisLeftY] = at(axes, 1)
	raw.Axes[platform.AxisRightX] = at(axes, 2)
	raw.Axes[platform.AxisRightY] = at(axes, 3)
	raw.Axes[platform.AxisLeftTrigger] = at(values, 6)
	raw.Axes[platform.AxisRightTrigger] = at(values, 7)
	for _, m := range standardButtons {
		raw.Buttons[m.btn] = m.index < len(pressed) && pressed[m.index]
	}
	return raw
}
