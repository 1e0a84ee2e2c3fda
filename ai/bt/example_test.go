package bt_test

import (
	"fmt"

	"diorama/ai/bt"
)

type guard struct {
	noise  bool
	checks int
}

// A guard patrols until it hears a noise, then investigates; the tree is
// written in the text format and shared by every guard.
func Example() {
	s := bt.NewSchema()
	alert := s.Int("alert", 0)
	r := bt.NewRegistry[*guard](s)
	r.Condition("heardNoise", 0, func(g *guard, c *bt.Call) bool { return g.noise })
	r.Action("investigate", 0, func(g *guard, c *bt.Call) bt.Status {
		g.checks++
		c.BB.SetInt(alert, c.BB.Int(alert)+1)
		if g.checks == 2 {
			g.noise = false
			return bt.Success
		}
		return bt.Running
	}, alert.Key)
	r.Action("patrol", 0, func(g *guard, c *bt.Call) bt.Status { return bt.Running })

	tree, err := bt.Load(r, `
tree guard
  reactive-selector
    conditional heardNoise
      action investigate
    action patrol
`, "guard")
	if err != nil {
		fmt.Println(err)
		return
	}
	g := &guard{}
	in := tree.NewInstance()
	in.Tick(g)
	g.noise = true
	in.Tick(g)
	fmt.Print(in.Dump())
	in.Tick(g)
	fmt.Println("alert:", in.Blackboard().Int(alert))
	// Output:
	// reactive-selector         running
	//   conditional heardNoise  running
	//     action investigate    running
	//   action patrol           (ready)
	// alert: 2
}

// Trees can be built in Go as well; definition errors name the node (or
// the line, for text).
func ExampleBuild() {
	r := bt.NewRegistry[*guard](nil)
	r.Action("patrol", 0, func(g *guard, c *bt.Call) bt.Status { return bt.Running })
	_, err := bt.Build(r, bt.Sequence(bt.Action("patrol"), bt.Repeat(0, bt.Wait(3))))
	fmt.Println(err)
	_, err = bt.Load(r, "tree t\n  sequence\n    action patorl\n", "t")
	fmt.Println(err)
	tree, _ := bt.Build(r, bt.Timeout(3, bt.Action("patrol")))
	in := tree.NewInstance()
	for range 3 {
		fmt.Print(in.Tick(nil), " ")
	}
	fmt.Println()
	// Output:
	// bt: repeat 0: repeat count 0 out of range [1, 1099511627776]
	// bt: line 3: unknown action "patorl"
	// running running failure
}
