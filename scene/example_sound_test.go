package scene_test

import (
	"fmt"

	"diorama/audio"
	"diorama/iso"
	"diorama/mathx"
	"diorama/scene"
)

// A world plays its own event sounds where they happen, heard from the
// player: here a shot fired right of the listener is louder on the right.
func ExampleAudio_Enable() {
	p, _ := iso.Dimetric(32)
	grid, _ := iso.NewDiamond(p, 16, 16)
	w, _ := scene.NewWorld(scene.Config{Grid: grid, Seed: 1})
	m, _ := audio.NewMixer(audio.Config{TPS: w.TPS()})
	click := make([]int16, 2000)
	for i := range click {
		click[i] = 8000
	}
	shot, _ := audio.NewSound("shot", 48000, 1, click)
	player, _ := w.Create(scene.EntityDef{Kind: scene.Character, Pos: mathx.V3(4, 8, 0), Radius: 0.4})
	w.Audio().Enable(m, scene.Sounds{Fire: shot, Listener: player})
	w.Audio().SetListener(w.Pos(player))
	w.Bullets().Fire(scene.BulletDef{Pos: mathx.V2(7, 5), Vel: mathx.V2(5, 0)}) // up and to the right on screen
	w.Step()
	mix := m.Tick()
	var left, right int
	for i := 0; i < len(mix); i += 2 {
		left += int(max(mix[i], -mix[i]))
		right += int(max(mix[i+1], -mix[i+1]))
	}
	fmt.Println("louder on the right:", right > left, "heard:", left > 0)
	// Output: louder on the right: true heard: true
}
