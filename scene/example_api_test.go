package scene_test

import (
	"fmt"
	"image/color"
	"os"
	"testing/fstest"

	"diorama/iso"
	"diorama/level"
	"diorama/mathx"
	"diorama/scene"
)

// A dodging enemy asks which bullets fly near it, and who fired them,
// without reading the pool's arrays.
func ExampleBullets_Near() {
	p, _ := iso.Dimetric(32)
	g, _ := iso.NewDiamond(p, 16, 16)
	w, _ := scene.NewWorld(scene.Config{Grid: g})
	w.Bullets().Fire(scene.BulletDef{Pos: mathx.V2(4, 4), Vel: mathx.V2(5, 0), Tag: 1})
	w.Bullets().Fire(scene.BulletDef{Pos: mathx.V2(12, 12), Vel: mathx.V2(0, 5), Tag: 2})
	me := mathx.V2(5, 4.3)
	for _, b := range w.Bullets().Near(me, 2, nil) {
		fmt.Println("tag", b.Tag, "at", b.Pos, "flying", b.Vel, "at me:", b.FlyingAt(me, 0.5), "behind me:", b.FlyingAt(mathx.V2(3, 4), 0.5))
	}
	// Output: tag 1 at (4,4) flying (5,0) at me: true behind me: false
}

// A level's files, for hot reload, and its objects' custom properties,
// for rules the engine does not know.
func ExampleWorld_Props() {
	fsys := fstest.MapFS{"m.tmx": {Data: []byte(`<?xml version="1.0"?>
<map version="1.10" orientation="isometric" width="4" height="4" tilewidth="64" tileheight="32">
 <objectgroup id="1" name="things">
  <object id="1" name="wave1" class="trigger" x="32" y="32" width="64" height="32">
   <properties><property name="spawns_in_wave" type="int" value="6"/></properties>
  </object>
 </objectgroup>
</map>`)}}
	w, err := level.LoadTiled(fsys, "m.tmx", level.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	e, _ := w.Find("wave1")
	fmt.Println(w.Builder().Sources(), w.Props(e).Int("spawns_in_wave", 0))
	// Output: [m.tmx] 6
}

// Feedback on a hit: the entity flashes white and shows its health bar
// for a second; behind a wall, the player's tank shows through it.
func ExampleLooks_ShowHealth() {
	w, err := level.LoadTiled(os.DirFS("../level/testdata"), "iso.tmx", level.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	tank, _ := w.Create(scene.EntityDef{Kind: scene.Character, Pos: mathx.V3(2, 2, 0), Radius: 0.3, Health: 40})
	w.Damage(tank, 10, scene.Entity{})
	w.Looks().Flash(tank, color.RGBA{255, 255, 255, 255}, 6)
	w.Looks().ShowHealth(tank, 60)
	w.Looks().SetSilhouette(tank, color.RGBA{140, 210, 255, 120})
	fmt.Println(w.Health(tank), "of 40")
	// Output: 30 of 40
}
