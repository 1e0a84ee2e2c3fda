package bt_test

import (
	"fmt"
	"os"

	"diorama/ai/bt"
	"diorama/mathx"
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

	tree, err := r.Parse("", `
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
	_, err = r.Parse("", "tree t\n  sequence\n    action patorl\n", "t")
	fmt.Println(err)
	tree, _ := bt.Build(r, bt.Timeout(3, bt.Action("patrol")))
	in := tree.NewInstance()
	for range 3 {
		fmt.Print(in.Tick(nil), " ")
	}
	fmt.Println()
	// Output:
	// repeat 0: repeat count 0 out of range [1, 1099511627776]
	// line 3: unknown action "patorl"
	// running running failure
}

type turret struct {
	canSee bool
	steps  int
}

// Tanktrum's turret loaded from a game's tree file (here testdata); the
// game supplies the leaves (here: the player is always in sight, shots are
// counted).
func ExampleRegistry_Load() {
	s := bt.NewSchema()
	health := s.CompulsoryFloat("health")
	player := s.CompulsoryVec2("player")
	r := bt.NewRegistry[*turret](s)
	r.Condition("healthBelow", 1, func(t *turret, c *bt.Call) bool { return c.BB.Float(health) < c.Arg(0) }, health.Key)
	r.Condition("canSeePlayer", 0, func(t *turret, c *bt.Call) bool { return t.canSee })
	r.Action("brokenDown", 0, func(t *turret, c *bt.Call) bt.Status { return bt.Running })
	r.Action("findMeshAdjacentToPlayer", 0, func(t *turret, c *bt.Call) bt.Status { return bt.Success }, player.Key)
	r.Action("travelTo", 1, func(t *turret, c *bt.Call) bt.Status { t.steps++; return bt.Success })
	r.Action("shoot", 0, func(t *turret, c *bt.Call) bt.Status { return bt.Success })
	r.Action("delayedShoot", 2, func(t *turret, c *bt.Call) bt.Status {
		m := c.Mem()
		if *m++; *m < int64(c.Arg(0)+c.Arg(1)) {
			return bt.Running
		}
		return bt.Success
	})
	tree, err := r.Load(os.DirFS("testdata"), "tanktrum.bt", "turret")
	if err != nil {
		fmt.Println(err)
		return
	}
	in := tree.NewInstance()
	in.Blackboard().SetFloat(health, 100)
	t := &turret{}
	// The player's position is compulsory for findMeshAdjacentToPlayer:
	// until it is known, the turret cannot plan and the tree fails.
	fmt.Println("no player:", in.Tick(t), "steps", t.steps)
	in.Blackboard().SetVec2(player, mathx.Vec2{X: 3, Y: 4})
	fmt.Println("player known:", in.Tick(t), "steps", t.steps)
	t.canSee = true
	in.Tick(t)
	fmt.Print(in.Dump())
	// Output:
	// no player: failure steps 0
	// player known: success steps 1
	// selector                               running
	//   conditional healthBelow 25           failure
	//     action brokenDown                  -
	//   selector                             running
	//     conditional canSeePlayer           running
	//       action delayedShoot 50 10        running
	//     sequence                           (success)
	//       action findMeshAdjacentToPlayer  (success)
	//       action travelTo 0                (success)
}
