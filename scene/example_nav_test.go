package scene_test

import (
	"fmt"
	"testing/fstest"

	"diorama/level"
	"diorama/mathx"
	"diorama/scene"
)

// A guard walks to a goal round a wall (World.Nav: MoveTo, then its
// ArrivedEvent in Events.Arrivals) and asks what it can see on the way.
func ExampleNavigator_MoveTo() {
	fsys := fstest.MapFS{"l.lev": {Data: []byte("wwwww\nws--w\nwww-w\nw---w\nwwwww\n")}}
	w, err := level.Load(fsys, "l.lev", level.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	guard, _ := w.Create(scene.EntityDef{Kind: scene.Character, Pos: mathx.V3(1.5, 1.5, 0), Radius: 0.25})
	goal := mathx.V2(1.5, 3.5)
	fmt.Println("sees the goal through the wall:", w.Nav().LineOfSight(w.Pos(guard).XY(), goal))
	arrived := false
	w.Nav().MoveTo(guard, goal, 3)
	for range 300 {
		w.Step()
		for _, a := range w.Events.Arrivals() {
			arrived = a.Entity == guard
		}
	}
	fmt.Println("arrived:", arrived, "still moving:", w.Nav().Moving(guard))
	// Output:
	// sees the goal through the wall: false
	// arrived: true still moving: false
}
