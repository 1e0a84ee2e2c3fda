package web

import (
	"diorama/platform"
	"diorama/platform/internal/viewport"
)

// keyOfCode maps a KeyboardEvent.code ("KeyA", "Digit1", "ArrowUp",
// "ShiftLeft"...) to the engine's key; unknown codes give KeyUnknown.
func keyOfCode(code string) platform.Key {
	switch {
	case len(code) == 4 && code[:3] == "Key" && code[3] >= 'A' && code[3] <= 'Z':
		return platform.KeyA + platform.Key(code[3]-'A')
	case len(code) == 6 && code[:5] == "Digit" && code[5] >= '0' && code[5] <= '9':
		return platform.Key0 + platform.Key(code[5]-'0')
	case len(code) == 2 && code[0] == 'F' && code[1] >= '1' && code[1] <= '9':
		return platform.KeyF1 + platform.Key(code[1]-'1')
	case code == "F10" || code == "F11" || code == "F12":
		return platform.KeyF10 + platform.Key(code[2]-'0')
	}
	return codes[code]
}

var codes = map[string]platform.Key{
	"Space": platform.KeySpace, "Enter": platform.KeyEnter, "NumpadEnter": platform.KeyEnter,
	"Escape": platform.KeyEscape, "Tab": platform.KeyTab, "Backspace": platform.KeyBackspace,
	"Delete": platform.KeyDelete, "Insert": platform.KeyInsert, "Home": platform.KeyHome,
	"End": platform.KeyEnd, "PageUp": platform.KeyPageUp, "PageDown": platform.KeyPageDown,
	"ArrowLeft": platform.KeyArrowLeft, "ArrowRight": platform.KeyArrowRight,
	"ArrowUp": platform.KeyArrowUp, "ArrowDown": platform.KeyArrowDown,
	"ShiftLeft": platform.KeyLeftShift, "ShiftRight": platform.KeyRightShift,
	"ControlLeft": platform.KeyLeftControl, "ControlRight": platform.KeyRightControl,
	"AltLeft": platform.KeyLeftAlt, "AltRight": platform.KeyRightAlt,
	"MetaLeft": platform.KeyLeftSuper, "MetaRight": platform.KeyRightSuper,
	"Minus": platform.KeyMinus, "Equal": platform.KeyEqual,
	"BracketLeft": platform.KeyLeftBracket, "BracketRight": platform.KeyRightBracket,
	"Backslash": platform.KeyBackslash, "Semicolon": platform.KeySemicolon,
	"Quote": platform.KeyApostrophe, "Backquote": platform.KeyGraveAccent,
	"Comma": platform.KeyComma, "Period": platform.KeyPeriod, "Slash": platform.KeySlash,
	"CapsLock": platform.KeyCapsLock, "BrowserBack": platform.KeyBack,
}

// layout is where the canvas sits in the page: CSS pixels, from
// [fit].
type layout struct {
	Viewport viewport.Viewport // in device pixels
	DPR      float64           // device pixels per CSS pixel
}

// fit places a frameW×frameH frame in a page viewport of cssW×cssH CSS
// pixels at devicePixelRatio dpr, so that integer scaling is exact in
// device pixels.
func fit(mode platform.ScaleMode, frameW, frameH int, cssW, cssH, dpr float64) layout {
	if !(dpr > 0) || dpr > 16 {
		dpr = 1
	}
	fbW, fbH := int(cssW*dpr), int(cssH*dpr)
	return layout{Viewport: viewport.Fit(mode, frameW, frameH, fbW, fbH), DPR: dpr}
}

// CSSRect returns the canvas's left, top, width and height in CSS pixels.
func (l layout) CSSRect() (x, y, w, h float64) {
	v := l.Viewport
	return float64(v.X) / l.DPR, float64(v.Y) / l.DPR, float64(v.W) / l.DPR, float64(v.H) / l.DPR
}

// clientToFrame maps an event's client position (CSS pixels) to frame
// coordinates, given the canvas's bounding rectangle in CSS pixels.
func clientToFrame(clientX, clientY, rectX, rectY, rectW, rectH float64, frameW, frameH int) (float64, float64) {
	if rectW <= 0 || rectH <= 0 {
		return 0, 0
	}
	return (clientX - rectX) * float64(frameW) / rectW, (clientY - rectY) * float64(frameH) / rectH
}

// wheelNotches converts a WheelEvent's deltaY and deltaMode (0 pixels, 1
// lines, 2 pages) into engine notches: positive away from the user, one
// notch for a typical mouse-wheel click.
func wheelNotches(delta float64, mode int) float64 {
	switch mode {
	case 0:
		return -delta / 100
	case 1:
		return -delta / 3
	default:
		return -delta
	}
}

// opaqueCopy copies premultiplied RGBA src into dst with every alpha set
// to 255: the frame composited over black, as the desktop shows it.
func opaqueCopy(dst, src []uint8) {
	n := min(len(dst), len(src)) &^ 3
	for i := 0; i < n; i += 4 {
		dst[i], dst[i+1], dst[i+2], dst[i+3] = src[i], src[i+1], src[i+2], 255
	}
}
