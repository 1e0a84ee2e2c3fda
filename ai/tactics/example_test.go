package tactics_test

import (
	"fmt"
	"math"

	"diorama/ai/tactics"
	"diorama/mathx"
)

// Seed 002's terrain analysis: hide from the player behind a wall, away
// from an explosive barrel. The world is known only through a ray cast.
func ExampleAnalyzer_FindCover() {
	wall := mathx.AABB{Min: mathx.V2(-1, -4), Max: mathx.V2(1, 4)}
	ray := func(from, to mathx.Vec2) (float64, bool) { return boxes{wall}.ray(from, to) }
	open := func(p mathx.Vec2) bool { return !wall.Contains(p) }
	a, _ := tactics.NewAnalyzer(tactics.DefaultAnalyzerConfig(1))
	player := mathx.V2(-12, 0)
	barrel := []tactics.Source{{Pos: mathx.V2(2, 3), Amount: 2}}
	cover, ok := a.FindCover(mathx.V2(-4, 2), player, barrel, ray, open)
	fmt.Println(cover, ok)
	// The maps are plain float32 grids, ready to draw.
	x, y, _ := a.Safety.CellAt(cover)
	fmt.Printf("%d×%d cells, safety at cover %.2f\n", a.Final.W, a.Final.H, a.Safety.At(x, y))
	// Output:
	// (1.5,-1.5) true
	// 32×32 cells, safety at cover 0.87
}

// Seed 002's worked example: the middle of five is hit; its slot becomes
// less safe, the others safer the farther they are from it.
func ExampleFormation_Hit() {
	f, _ := tactics.NewLine(2, math.Pi)
	for id := 0; id < 5; id++ {
		f.Join(id)
	}
	f.Assign([]mathx.Vec2{{X: 0, Y: 4}, {X: 0, Y: 2}, {X: 0, Y: 0}, {X: 0, Y: -2}, {X: 0, Y: -4}})
	f.Hit(2)
	fmt.Printf("%.1f\n", f.SafetyBySlot(nil))
	back, fwd := f.Target(2), f.Target(0) // back and forward along the facing (+X)
	fmt.Printf("(%.1f,%.1f) (%.1f,%.1f)\n", back.X, back.Y, fwd.X, fwd.Y)
	// Output:
	// [2.0 1.1 0.6 1.1 2.0]
	// (-0.8,0.0) (2.0,4.0)
}

// Slots are assigned so that total travel is minimal; after a death the
// formation regroups.
func ExampleFormation_Assign() {
	f, _ := tactics.NewLine(2, math.Pi)
	for id := 0; id < 3; id++ {
		f.Join(id)
	}
	pos := []mathx.Vec2{{X: 0, Y: -2}, {X: 0, Y: 2}, {X: 0, Y: 0}}
	total, _ := f.Assign(pos)
	fmt.Printf("%d %d %d travel %.1f\n", f.Slot(0), f.Slot(1), f.Slot(2), total)
	f.Leave(2) // the middle one dies
	total, _ = f.Assign(pos[:2])
	fmt.Printf("%d %d travel %.1f\n", f.Slot(0), f.Slot(1), total)
	// Output:
	// 2 0 1 travel 0.0
	// 1 0 travel 2.0
}

// A guard notices the player only after a reaction delay.
func ExampleAwareness() {
	guard := tactics.Senses{FOV: mathx.Deg(120), SightRange: 10, ReactionTicks: 2, MemoryTicks: 30}
	var a tactics.Awareness
	self, facing := mathx.V2(0, 0), mathx.V2(1, 0)
	for tick, player := range []mathx.Vec2{{X: 12, Y: 0}, {X: 9, Y: 1}, {X: 8, Y: 1}, {X: 7, Y: 1}} {
		seen := guard.CanSee(self, facing, player, nil)
		fmt.Println(tick, seen, a.Update(guard, seen, player))
	}
	// Output:
	// 0 false false
	// 1 true false
	// 2 true false
	// 3 true true
}

// The terrain-analysis enemy loop picks actions; the caller moves the
// agent. After the last shot it hides again, here in the same cover, so
// it reloads at once.
func ExampleTerrainLoop() {
	find := func(self, threat mathx.Vec2) (mathx.Vec2, bool) { return mathx.V2(0, 6), true }
	l, _ := tactics.NewTerrainLoop(tactics.LoopConfig{Magazine: 2, ReloadTicks: 1, FireTicks: 1, AttackRange: 8, ArriveDist: 0.5}, find)
	self, player := mathx.V2(0, 4), mathx.V2(0, 0)
	for tick := 0; tick < 8; tick++ {
		out := l.Tick(tactics.LoopInput{Self: self, Threat: player, ThreatVisible: true})
		fmt.Print(out.Phase)
		if out.Fire {
			fmt.Print("!")
		}
		fmt.Print(" ")
		if out.Move {
			self = self.Add(out.MoveTo.Sub(self).ClampLen(1))
		}
	}
	fmt.Println()
	// Output: hide hide reload reload attack! attack! reload reload
}
