//go:build cgo && !android && !js && !ios

package desktop

import (
	"github.com/go-gl/glfw/v3.3/glfw"

	"diorama/platform"
)

// keyOf maps a GLFW key to the engine's; unknown keys give KeyUnknown.
func keyOf(k glfw.Key) platform.Key {
	switch {
	case k >= glfw.KeyA && k <= glfw.KeyZ:
		return platform.KeyA + platform.Key(k-glfw.KeyA)
	case k >= glfw.Key0 && k <= glfw.Key9:
		return platform.Key0 + platform.Key(k-glfw.Key0)
	case k >= glfw.KeyF1 && k <= glfw.KeyF12:
		return platform.KeyF1 + platform.Key(k-glfw.KeyF1)
	}
	switch k {
	case glfw.KeySpace:
		return platform.KeySpace
	case glfw.KeyEnter, glfw.KeyKPEnter:
		return platform.KeyEnter
	case glfw.KeyEscape:
		return platform.KeyEscape
	case glfw.KeyTab:
		return platform.KeyTab
	case glfw.KeyBackspace:
		return platform.KeyBackspace
	case glfw.KeyDelete:
		return platform.KeyDelete
	case glfw.KeyInsert:
		return platform.KeyInsert
	case glfw.KeyHome:
		return platform.KeyHome
	case glfw.KeyEnd:
		return platform.KeyEnd
	case glfw.KeyPageUp:
		return platform.KeyPageUp
	case glfw.KeyPageDown:
		return platform.KeyPageDown
	case glfw.KeyLeft:
		return platform.KeyArrowLeft
	case glfw.KeyRight:
		return platform.KeyArrowRight
	case glfw.KeyUp:
		return platform.KeyArrowUp
	case glfw.KeyDown:
		return platform.KeyArrowDown
	case glfw.KeyLeftShift:
		return platform.KeyLeftShift
	case glfw.KeyRightShift:
		return platform.KeyRightShift
	case glfw.KeyLeftControl:
		return platform.KeyLeftControl
	case glfw.KeyRightControl:
		return platform.KeyRightControl
	case glfw.KeyLeftAlt:
		return platform.KeyLeftAlt
	case glfw.KeyRightAlt:
		return platform.KeyRightAlt
	case glfw.KeyLeftSuper:
		return platform.KeyLeftSuper
	case glfw.KeyRightSuper:
		return platform.KeyRightSuper
	case glfw.KeyMinus:
		return platform.KeyMinus
	case glfw.KeyEqual:
		return platform.KeyEqual
	case glfw.KeyLeftBracket:
		return platform.KeyLeftBracket
	case glfw.KeyRightBracket:
		return platform.KeyRightBracket
	case glfw.KeyBackslash:
		return platform.KeyBackslash
	case glfw.KeySemicolon:
		return platform.KeySemicolon
	case glfw.KeyApostrophe:
		return platform.KeyApostrophe
	case glfw.KeyGraveAccent:
		return platform.KeyGraveAccent
	case glfw.KeyComma:
		return platform.KeyComma
	case glfw.KeyPeriod:
		return platform.KeyPeriod
	case glfw.KeySlash:
		return platform.KeySlash
	case glfw.KeyCapsLock:
		return platform.KeyCapsLock
	}
	return platform.KeyUnknown
}
