package platform

import (
	"testing"

	"diorama/raster"
)

type rec struct {
	name    string
	updates int
	log     *[]string
	onTick  func()
}

func (r *rec) Update(in *Input) error {
	r.updates++
	if r.onTick != nil {
		r.onTick()
	}
	return nil
}
func (r *rec) Draw(f *raster.Frame, alpha float64) { *r.log = append(*r.log, r.name) }

// TestStackPolicies: a pause menu freezes the level under it but shows
// it; a dialog lets it run; a full-screen menu hides it; pops (also from
// inside Update) take effect next tick; an empty stack quits.
func TestStackPolicies(t *testing.T) {
	var drawn []string
	level := &rec{name: "level", log: &drawn}
	var s Stack
	s.Push(level, Paused)
	in := NewInput(10, 10)
	f, _ := raster.NewFrame(4, 4)
	step := func() []string {
		drawn = drawn[:0]
		if err := s.Update(in); err != nil {
			t.Fatal(err)
		}
		s.Draw(f, 0)
		return append([]string(nil), drawn...)
	}
	step()
	pause := &rec{name: "pause", log: &drawn}
	s.Push(pause, Paused)
	if d := step(); level.updates != 1 || pause.updates != 1 || len(d) != 2 || d[0] != "level" || d[1] != "pause" {
		t.Fatalf("paused: level %d updates, drawn %v", level.updates, d)
	}
	s.Pop()
	dialog := &rec{name: "dialog", log: &drawn}
	s.Push(dialog, Running)
	if d := step(); level.updates != 2 || dialog.updates != 1 || len(d) != 2 {
		t.Fatalf("running: level %d updates, drawn %v", level.updates, d)
	}
	menu := &rec{name: "menu", log: &drawn}
	menu.onTick = func() { s.Pop() } // closes itself on its first tick
	s.Push(menu, Covered)
	if d := step(); len(d) != 1 || d[0] != "menu" || level.updates != 2 {
		t.Fatalf("covered: drawn %v, level %d updates", d, level.updates)
	}
	if d := step(); len(d) != 2 || d[1] != "dialog" || s.Len() != 2 {
		t.Fatalf("after the menu popped itself: drawn %v, %d scenes", d, s.Len())
	}
	s.Pop()
	s.Pop()
	if err := s.Update(in); err != ErrQuit {
		t.Fatalf("empty stack: %v", err)
	}
}
