package platform

import "strconv"

// Key identifies a physical keyboard key by its position on a US layout,
// the same on every backend (GLFW key codes, the web's KeyboardEvent.code).
type Key uint8

// The keys Diorama knows. KeyUnknown is never reported as held.
const (
	KeyUnknown Key = iota
	KeyA
	KeyB
	KeyC
	KeyD
	KeyE
	KeyF
	KeyG
	KeyH
	KeyI
	KeyJ
	KeyK
	KeyL
	KeyM
	KeyN
	KeyO
	KeyP
	KeyQ
	KeyR
	KeyS
	KeyT
	KeyU
	KeyV
	KeyW
	KeyX
	KeyY
	KeyZ
	Key0
	Key1
	Key2
	Key3
	Key4
	Key5
	Key6
	Key7
	Key8
	Key9
	KeySpace
	KeyEnter
	KeyEscape
	KeyTab
	KeyBackspace
	KeyDelete
	KeyInsert
	KeyHome
	KeyEnd
	KeyPageUp
	KeyPageDown
	KeyArrowLeft
	KeyArrowRight
	KeyArrowUp
	KeyArrowDown
	KeyLeftShift
	KeyRightShift
	KeyLeftControl
	KeyRightControl
	KeyLeftAlt
	KeyRightAlt
	KeyLeftSuper
	KeyRightSuper
	KeyMinus
	KeyEqual
	KeyLeftBracket
	KeyRightBracket
	KeyBackslash
	KeySemicolon
	KeyApostrophe
	KeyGraveAccent
	KeyComma
	KeyPeriod
	KeySlash
	KeyCapsLock
	KeyF1
	KeyF2
	KeyF3
	KeyF4
	KeyF5
	KeyF6
	KeyF7
	KeyF8
	KeyF9
	KeyF10
	KeyF11
	KeyF12
	KeyBack // Android's back button

	// KeyCount is the number of keys; valid keys are below it.
	KeyCount
)

var keyNames = [KeyCount]string{
	"Unknown", "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M",
	"N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z",
	"0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
	"Space", "Enter", "Escape", "Tab", "Backspace", "Delete", "Insert", "Home", "End",
	"PageUp", "PageDown", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown",
	"LeftShift", "RightShift", "LeftControl", "RightControl", "LeftAlt", "RightAlt",
	"LeftSuper", "RightSuper", "Minus", "Equal", "LeftBracket", "RightBracket",
	"Backslash", "Semicolon", "Apostrophe", "GraveAccent", "Comma", "Period", "Slash",
	"CapsLock", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12",
	"Back",
}

// String returns the key's name ("A", "Space", "F5"), or "Key(n)" for an
// out-of-range value.
func (k Key) String() string {
	if k < KeyCount {
		return keyNames[k]
	}
	return "Key(" + strconv.Itoa(int(k)) + ")"
}

// KeyByName returns the key whose [Key.String] is name, or KeyUnknown.
// Scripts for the headless backend name keys this way.
func KeyByName(name string) Key {
	for k := Key(1); k < KeyCount; k++ {
		if keyNames[k] == name {
			return k
		}
	}
	return KeyUnknown
}
