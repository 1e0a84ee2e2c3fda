package overlay_test

import (
	"image/color"
	"testing"

	"diorama/ai/fsm"
	"diorama/ai/nav"
	"diorama/iso/overlay"
	"diorama/mathx"
)

type shooter struct{}

// fsmNodes lists a machine's states as a panel: a root naming the
// machine, then each state in pre-order below its parent; active states
// (the current leaf and its ancestors) are Running, the previous state
// Success (stale), the others NotRun.
func fsmNodes[A any](name string, m *fsm.Machine[A], states []*fsm.State[A]) []overlay.Node {
	nodes := []overlay.Node{{Label: name, Status: overlay.Running}}
	for _, s := range states {
		d := 1
		for p := s.Parent; p != nil; p = p.Parent {
			d++
		}
		n := overlay.Node{Label: s.Name, Depth: d}
		switch {
		case m.In(s):
			n.Status = overlay.Running
		case s == m.Previous():
			n.Status, n.Stale = overlay.Success, true
		}
		nodes = append(nodes, n)
	}
	return nodes
}

// The whole F1 overlay as the demo draws it: the safety − danger map,
// the navmesh, an enemy's paths, colliders (tank circles, wall tiles as
// boxes, a rotated crate), the enemies' current node above them, and the
// drone's behaviour tree and a shooter's state machine in panels.
func TestGoldenF1(t *testing.T) {
	a := analyse(t)
	p := planLevel(t, nav.Greedy)
	r, k := tankRegistry()
	drone := scriptedDrone(t, r, k)

	// A hierarchical shooter machine: Alive{Patrol, Attack{Aim, Fire}},
	// BrokenDown; it patrolled, then went straight to firing.
	alive := &fsm.State[shooter]{Name: "Alive"}
	patrol := &fsm.State[shooter]{Name: "Patrol", Parent: alive}
	alive.Initial = patrol
	attack := &fsm.State[shooter]{Name: "Attack", Parent: alive}
	aim := &fsm.State[shooter]{Name: "Aim", Parent: attack}
	attack.Initial = aim
	fire := &fsm.State[shooter]{Name: "Fire", Parent: attack}
	broken := &fsm.State[shooter]{Name: "BrokenDown"}
	states := []*fsm.State[shooter]{alive, patrol, attack, aim, fire, broken}
	m := fsm.New(shooter{}, 4)
	if err := m.Start(alive); err != nil {
		t.Fatal(err)
	}
	m.Change(fire)
	if m.Current() != fire || m.Previous() != patrol {
		t.Fatalf("machine in %v after %v", m.Current(), m.Previous())
	}
	sn := fsmNodes("shooter (fsm)", m, states)

	s := newSceneWide(t, level, 560, 40)
	ov := s.ov
	final := scalarOf(&a.Final)
	final.Mask = a.Open
	if _, err := ov.Scalar(final, overlay.Diverging(1)); err != nil {
		t.Fatal(err)
	}
	ov.Polygons(p.mesh.Polygons(nil), overlay.Style{Stroke: color.NRGBA{230, 230, 240, 140}, Width: 1})
	wall := overlay.Style{Stroke: color.NRGBA{0, 230, 255, 160}, Width: 1}
	for y, row := range level {
		for x := range row {
			if row[x] == '#' {
				ov.Box(mathx.AABB{Min: mathx.Vec2{X: float64(x), Y: float64(y)}, Max: mathx.Vec2{X: float64(x + 1), Y: float64(y + 1)}}, wall)
			}
		}
	}
	ov.Path(p.raw, overlay.RawPathStyle)
	ov.Path(p.funnel, overlay.FunnelPathStyle)
	ov.Path(p.smoothed, overlay.SmoothPathStyle)
	ov.OrientedBox(mathx.Vec2{X: 12, Y: 8.5}, mathx.Vec2{X: 0.6, Y: 0.3}, 0.5, overlay.ColliderStyle)
	ov.Circle(tacPlayer, 0.4, overlay.Style{Fill: color.NRGBA{255, 60, 200, 90}, Stroke: color.NRGBA{255, 60, 200, 255}, Width: 1.5})
	ov.Circle(navStart, 0.35, overlay.ColliderStyle)
	ov.Circle(tacAgent, 0.35, overlay.ColliderStyle)
	white := color.NRGBA{255, 255, 255, 255}
	ov.Label(tacPlayer, "player", white)
	if i := overlay.Active(drone); i < 0 || drone[i].Label != "action travelTo 0" {
		t.Fatalf("drone's active node %d", i)
	} else {
		ov.Label(navStart, "drone: "+drone[i].Label, white)
	}
	ov.Label(tacAgent, "shooter: "+m.Current().Name, white)

	x := s.frame.W() - 560 + 8
	left := ov.Tree(x, 8, "drone (bt, tick 2)", drone)
	right := ov.Tree(left.Max.X+8, 8, "shooter (fsm)", sn)
	if left.Max.Y > s.frame.H() || right.Max.X > s.frame.W() {
		t.Fatalf("panels %v and %v do not fit the %v frame", left, right, s.frame.Bounds())
	}
	s.golden(t, "f1.png")
}
