package platform_test

import (
	"fmt"
	"time"

	"diorama/platform"
	"diorama/raster"
)

// Seed 000's twin sticks: a finger on the left half moves the tank; its
// vector is clamped to the radius.
func ExampleTwinSticks() {
	move, aim := platform.TwinSticks(800, 480, 60)
	in := platform.NewInput(800, 480)
	in.Push(platform.Event{Kind: platform.TouchDown, Pointer: 0, X: 150, Y: 350})
	in.Push(platform.Event{Kind: platform.TouchMove, Pointer: 0, X: 270, Y: 350})
	move.Update(in)
	aim.Update(in)
	fmt.Println(move.Vector(), move.Value(), aim.Active())
	// Output: (60,0) (1,0) false
}

// menu is a level select that only needs drawing when the cursor moves.
type menu struct {
	cursor, drawn int
	changed       bool
}

func (m *menu) Update(in *platform.Input) error {
	m.changed = false
	if in.KeyPressed(platform.KeyArrowDown) {
		m.cursor++
		m.changed = true
	}
	return nil
}

func (m *menu) Draw(f *raster.Frame, alpha float64) { m.drawn = m.cursor }

// Idle tells the backend that the last tick changed nothing on screen.
func (m *menu) Idle() bool { return !m.changed }

// A game implementing Idler: a backend skips drawing while Idle is true.
func ExampleIdler() {
	m := &menu{}
	d, _ := platform.NewDriver(m, platform.Config{Width: 8, Height: 8, TPS: 10})
	d.Update(100 * time.Millisecond) // one tick, nothing pressed
	fmt.Println("idle:", d.Idle())
	d.Input.Push(platform.Event{Kind: platform.KeyDown, Key: platform.KeyArrowDown})
	d.Update(100 * time.Millisecond)
	fmt.Println("idle:", d.Idle())
	if !d.Idle() {
		d.Draw()
	}
	fmt.Println("drawn cursor:", m.drawn)
	// Output:
	// idle: true
	// idle: false
	// drawn cursor: 1
}

// A twin-stick game reads its controls in one call each tick: here D and
// the up arrow are held.
func ExampleReadSticks() {
	in := platform.NewInput(800, 480)
	left, right := platform.TwinSticks(800, 480, 60)
	in.Push(platform.Event{Kind: platform.KeyDown, Key: platform.KeyD})
	in.Push(platform.Event{Kind: platform.KeyDown, Key: platform.KeyArrowUp})
	s := platform.ReadSticks(in, &left, &right)
	fmt.Println(s.Move, s.Aim, s.Fire)
	// Output: (1,0) (0,-1) true
}
