package platform_test

import (
	"fmt"

	"diorama/platform"
)

// A 800×480 frame in a 1920×1080 window: integer scale 2 with bars, and a
// click mapped back to frame coordinates.
func ExampleFitViewport() {
	v := platform.FitViewport(platform.ScaleInteger, 800, 480, 1920, 1080)
	fmt.Println(v)
	x, y, inside := v.ToFrame(960, 540)
	fmt.Println(x, y, inside)
	// Output:
	// 800x480 frame at (160,60) size 1600x960
	// 400 240 true
}

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
