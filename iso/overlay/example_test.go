package overlay_test

import (
	"fmt"
	"image/color"

	"diorama/ai/bt"
	"diorama/iso"
	"diorama/iso/overlay"
	"diorama/mathx"
	"diorama/raster"
)

// Draw an influence map, a path and a collider over a small iso map seen
// through a camera, as a game's F1 overlay does each frame.
func Example() {
	p, _ := iso.Dimetric(32)
	g, _ := iso.NewDiamond(p, 8, 8)
	cam := iso.NewCamera(256, 128)
	cam.Center = g.ToScreen(mathx.Vec3{X: 4, Y: 4})

	ov := overlay.New(g, cam) // once
	dl := raster.NewDrawList()

	// Each frame: after the scene's commands, with a larger depth key.
	dl.Reset()
	ov.Begin(dl, 1000)
	danger := overlay.Scalar{W: 2, H: 1, Cell: 1, Origin: mathx.Vec2{X: 3, Y: 3}, V: []float32{0.5, 1}}
	n, err := ov.Scalar(danger, overlay.Heat(0, 1))
	fmt.Println("cells drawn:", n, err)
	ov.Path([]mathx.Vec2{{X: 1.5, Y: 1.5}, {X: 6.5, Y: 1.5}, {X: 6.5, Y: 6.5}}, overlay.FunnelPathStyle)
	ov.Circle(mathx.Vec2{X: 2, Y: 6}, 0.5, overlay.ColliderStyle)
	ov.Label(mathx.Vec2{X: 2, Y: 6}, "tank", color.NRGBA{255, 255, 255, 255})

	frame, _ := raster.NewFrame(256, 128)
	dl.Draw(frame)
	c := ov.ToScreen(mathx.Vec2{X: 4.5, Y: 3.5}) // centre of the second cell
	fmt.Println("cell pixel:", frame.RGBAAt(int(c.X), int(c.Y)), "ramp:", overlay.Heat(0, 1).At(1))
	// Output:
	// cells drawn: 2 <nil>
	// cell pixel: {173 16 16 200} ramp: {173 16 16 200}
}

// Colour ramps: Heat for one-sided maps, Diverging for safety − danger.
func ExampleRamp() {
	h := overlay.Heat(0, 3)
	d := overlay.Diverging(1)
	for _, v := range []float32{0, 1.5, 3} {
		fmt.Println("heat", v, h.Straight(v))
	}
	for _, v := range []float32{-1, 0, 1} {
		fmt.Println("diverging", v, d.Straight(v))
	}
	// Output:
	// heat 0 {255 240 60 0}
	// heat 1.5 {255 175 30 135}
	// heat 3 {220 20 20 200}
	// diverging -1 {215 25 28 200}
	// diverging 0 {255 255 255 0}
	// diverging 1 {20 80 200 200}
}

// Show a behaviour tree with its last statuses: flatten the definition
// once (pre-order, as the instance numbers its nodes), then copy each
// node's status every frame.
func ExampleOverlay_Tree() {
	r := bt.NewRegistry[*int](bt.NewSchema())
	r.Condition("near", 0, func(x *int, c *bt.Call) bool { return *x < 3 })
	r.Action("approach", 0, func(x *int, c *bt.Call) bt.Status { *x--; return bt.Running })
	tree, _ := bt.Build(r, bt.Selector(bt.Condition("near"), bt.Action("approach")))
	in := tree.NewInstance()
	dist := 5
	in.Tick(&dist)

	// Once per tree.
	var nodes []overlay.Node
	var walk func(d bt.Def, depth int)
	walk = func(d bt.Def, depth int) {
		label := d.Kind.String()
		if d.Name != "" {
			label += " " + d.Name
		}
		nodes = append(nodes, overlay.Node{Label: label, Depth: depth})
		for _, c := range d.Children {
			walk(c, depth+1)
		}
	}
	walk(tree.Def(), 0)

	// Every frame.
	for i := range nodes {
		nodes[i].Status = overlay.Status(in.Status(i))
	}
	dl := raster.NewDrawList()
	ov := overlay.New(nil, nil) // panels need no grid
	ov.Begin(dl, 0)
	panel := ov.Tree(4, 4, "guard", nodes)
	for _, n := range nodes {
		fmt.Printf("%*s%s: %v\n", 2*n.Depth, "", n.Label, n.Status)
	}
	fmt.Println("panel:", panel)
	// Output:
	// selector: running
	//   condition near: failure
	//   action approach: running
	// panel: (4,4)-(256,104)
}
