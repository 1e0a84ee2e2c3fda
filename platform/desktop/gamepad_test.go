//go:build cgo && !android && !js && !ios

package desktop

import (
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"diorama/platform"
)

func TestRawGamepad(t *testing.T) {
	var st glfw.GamepadState
	st.Axes = [6]float32{0.5, -0.25, 0, 1, -1, 0}
	st.Buttons[glfw.ButtonA] = glfw.Press
	st.Buttons[glfw.ButtonDpadLeft] = glfw.Press
	raw := rawGamepad(&st)
	want := [platform.AxisCount]float64{0.5, -0.25, 0, 1, 0, 0.5}
	if !raw.Connected || raw.Axes != want {
		t.Fatalf("axes %v, want %v", raw.Axes, want)
	}
	for b := platform.PadButton(0); b < platform.PadButtonCount; b++ {
		if raw.Buttons[b] != (b == platform.PadA || b == platform.PadDPadLeft) {
			t.Errorf("button %d = %v", b, raw.Buttons[b])
		}
	}
	// The engine's order is GLFW's.
	if glfw.ButtonDpadLeft != glfw.GamepadButton(platform.PadDPadLeft) || glfw.AxisRightTrigger != glfw.GamepadAxis(platform.AxisRightTrigger) {
		t.Fatal("button or axis order differs from GLFW's")
	}
}

func TestKeyMapping(t *testing.T) {
	cases := map[glfw.Key]platform.Key{
		glfw.KeyA: platform.KeyA, glfw.KeyZ: platform.KeyZ, glfw.Key0: platform.Key0, glfw.Key9: platform.Key9,
		glfw.KeyF1: platform.KeyF1, glfw.KeyF12: platform.KeyF12, glfw.KeyUp: platform.KeyArrowUp,
		glfw.KeyKPEnter: platform.KeyEnter, glfw.KeyRightSuper: platform.KeyRightSuper, glfw.KeyF13: platform.KeyUnknown,
		glfw.KeyUnknown: platform.KeyUnknown,
	}
	for k, want := range cases {
		if got := keyOf(k); got != want {
			t.Errorf("keyOf(%d) = %v, want %v", k, got, want)
		}
	}
}
