package fsm

import (
	"testing"
	"testing/fstest"

	"diorama/internal/loadutil/loadtest"
)

// TestHostileText: a chart whose names (of a machine, a state, an action)
// hold a NUL or another control character, or are not valid UTF-8, is
// refused with the file and the line, as bt and fuzzy refuse theirs; a
// machine named so was accepted, and could then be asked for by name.
func TestHostileText(t *testing.T) {
	r := NewRegistry[int]()
	r.Action("go", 0, func(int, []float64) {})
	for _, c := range []struct {
		name, src, machine, want string
	}{
		{"machine.fsm", "machine m\x01\n  state a\n", "m\x01", "machine.fsm:1: control character 0x01 in the text"},
		{"nul.fsm", "machine m\x00\n  state a\n", "m\x00", "nul.fsm:1: control character 0x00 in the text"},
		{"state.fsm", "machine m\n  state a\x00b\n", "m", "state.fsm:2: control character 0x00 in the text"},
		{"utf8.fsm", "machine m\n  state \xff\xfe\n", "m", "utf8.fsm:2: not valid UTF-8 text"},
		{"action.fsm", "machine m\n  state a\n    do g\x7fo\n", "m", "action.fsm:3: control character 0x7f in the text"},
		{"other.fsm", "machine m\n  state a\nmachine n\x1b\n  state b\n", "m", "other.fsm:3: control character 0x1b in the text"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{c.name: {Data: []byte(c.src)}}
			err := loadtest.Watch(t, 0, 0, func() error {
				_, err := r.Load(fsys, c.name, c.machine)
				return err
			})
			loadtest.WantError(t, err, ErrSyntax, c.name+":", c.want)
		})
	}
	// Tabs and carriage returns are text; a comment may say anything valid.
	if _, err := r.Parse("ok.fsm", "machine m\r\n  state a\t# é\r\n    do go\n", "m"); err != nil {
		t.Fatal(err)
	}
}
