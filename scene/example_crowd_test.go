package scene_test

import (
	"fmt"

	"diorama/ai/steer"
	"diorama/iso"
	"diorama/mathx"
	"diorama/physics"
	"diorama/scene"
)

// A steered crowd inside the one world: twelve characters arrive at one
// point, keeping apart and off the walls, with no state copied between
// worlds: step, then read.
func ExampleCrowd_Enable() {
	p, _ := iso.Dimetric(32)
	g, _ := iso.NewDiamond(p, 12, 12)
	w, _ := scene.NewWorld(scene.Config{Grid: g, Seed: 1})
	defer w.Close()
	solid := make([]bool, 12*12)
	for k := 0; k < 12; k++ { // a wall ring
		solid[k], solid[132+k], solid[12*k], solid[12*k+11] = true, true, true, true
	}
	w.Phys.AddSolidTiles(physics.SolidTiles{Cols: 12, Rows: 12, TileW: 1, TileH: 1, Solid: solid})
	w.Crowd().Enable(steer.DefaultConfig(0.25)) // walls: the physics world's
	var units []scene.Entity
	for k := 0; k < 12; k++ {
		e, _ := w.Create(scene.EntityDef{Kind: scene.Character, Pos: mathx.V3(2+float64(k%4), 2+float64(k/4), 0),
			Radius: 0.25, Layer: 2, Mask: 1}) // bump into walls, not each other: the crowd keeps them apart
		w.Crowd().Steer(e, steer.Agent{MaxSpeed: 2, MaxForce: 8, Target: mathx.V2(8, 8),
			Behaviours: steer.Arriving | steer.Separating | steer.AvoidingWalls})

		units = append(units, e)
	}
	for k := 0; k < 5*w.TPS(); k++ {
		w.Step()
	}
	near, apart := 0, true
	for i, a := range units {
		if w.Pos(a).XY().Dist(mathx.V2(8, 8)) < 1.5 {
			near++
		}
		for _, b := range units[i+1:] {
			apart = apart && w.Pos(a).XY().Dist(w.Pos(b).XY()) > 0.45
		}
	}
	fmt.Println(near, "of 12 near the target, all apart:", apart)
	// Output: 12 of 12 near the target, all apart: true
}
