package level

import (
	"diorama/scene"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/mathx"
)

// tiledOverlordMap is a 6×6 isometric map (32-pixel object units) with a
// player, an overlord "wave" of two triggers and two spawn points, a
// door it locks, and objects extra (the properties).
func tiledOverlordMap(extra string) string {
	return `<?xml version="1.0"?><map version="1.10" orientation="isometric" width="6" height="6" tilewidth="64" tileheight="32">
<objectgroup id="1" name="o">
 <object id="1" name="player" class="player" x="16" y="16"><point/></object>
 <object id="2" name="wave" class="overlord" x="64" y="64" width="32" height="32">` + extra + `</object>
 <object id="3" name="wave" class="overlord" x="128" y="128" width="32" height="32"/>
 <object id="4" name="wave" x="160" y="16"><point/></object>
 <object id="5" name="wave" class="spawn" x="160" y="160"><point/></object>
 <object id="6" name="gate" class="door" x="96" y="0" width="32" height="32"/>
 <object id="7" name="other" x="100" y="100"><point/></object>
</objectgroup></map>`
}

// Tiled triggers of class "overlord" sharing a name make one Overlord
// with its triggers, spawn points and properties: the player walking
// into a trigger wakes it, locks the door and brings enemies.
func TestTiledOverlords(t *testing.T) {
	props := `<properties><property name="max_in_level" type="int" value="2"/><property name="spawns_in_wave" type="int" value="3"/>
<property name="lock_on_entry" value="gate, nothing"/></properties>`
	w, err := LoadTiled(fstest.MapFS{"m.tmx": {Data: []byte(tiledOverlordMap(props))}}, "m.tmx", Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Overlords) != 1 {
		t.Fatalf("%d overlords, want 1", len(w.Overlords))
	}
	o := w.Overlords[0]
	if o.Name != "wave" || len(o.Triggers) != 2 || len(o.Spawns) != 2 || o.MaxAlive != 2 || o.Wave != 3 || strings.Join(o.Locks, "|") != "gate|nothing" {
		t.Fatalf("overlord %+v", o)
	}
	gate := entityAt(t, w, "gate")
	// The door a game draws, named as the trigger: the overlord makes it
	// solid while it works.
	gateObj, err := w.Create(scene.EntityDef{Kind: scene.Object, Name: "gate", Pos: mathx.V3(3.5, 0.5, 0), Extent: mathx.V2(0.5, 0.5)})
	if err != nil {
		t.Fatal(err)
	}
	// A door no overlord names, locked from the start, stays locked.
	vault, err := w.Create(scene.EntityDef{Kind: scene.Trigger, Class: "door", Name: "vault", Pos: mathx.V3(5.5, 5.5, 0), Extent: mathx.V2(0.5, 0.5), Value: 1})
	if err != nil {
		t.Fatal(err)
	}
	var doorEvents []scene.DoorEvent
	step := func() { // the world's tick, and the doors it locked or unlocked
		w.Step()
		doorEvents = append(doorEvents, w.Events.Doors()...)
	}
	p := entityAt(t, w, "player")
	if w.Kind(gate) != scene.Trigger || def(t, w, gate).Value != 0 {
		t.Fatalf("door kind %v value %d", w.Kind(gate), def(t, w, gate).Value)
	}
	// Walk the player into the first trigger (world (2.5, 2.5)).
	w.SetPos(p, mathx.V3(2.5, 2.5, 0))
	for range 10 {
		step()
	}
	if !o.Active() || def(t, w, gate).Value != 1 || o.Alive() != 2 || o.Spawned() != 2 {
		t.Fatalf("after entering: active %v, door %d, %d alive of %d spawned", o.Active(), def(t, w, gate).Value, o.Alive(), o.Spawned())
	}
	var enemies []scene.Entity
	enemies = w.AppendEntities(enemies, scene.Character)
	n := 0
	for _, e := range enemies {
		if w.Class(e) == "enemy" {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("%d enemies of class enemy", n)
	}
	if !w.Solid(gateObj) || len(doorEvents) != 1 || !doorEvents[0].Locked || doorEvents[0].Door != gateObj {
		t.Fatalf("the gate object: solid %v, events %+v", w.Solid(gateObj), doorEvents)
	}
	// The wave ends (every enemy spawned and dead): the door opens.
	for o.Spawned() < o.Wave || o.Alive() > 0 {
		enemies = w.AppendEntities(enemies[:0], scene.Character)
		for _, e := range enemies {
			if w.Class(e) == "enemy" {
				w.Remove(e)
			}
		}
		step()
	}
	step()
	if def(t, w, vault).Value != 1 {
		t.Error("a door no overlord names was unlocked")
	}
	if !o.Done() || w.Solid(gateObj) || def(t, w, gate).Value != 0 || len(doorEvents) != 2 || doorEvents[1].Locked {
		t.Fatalf("after the wave: done %v, solid %v, door value %d, events %+v", o.Done(), w.Solid(gateObj), def(t, w, gate).Value, doorEvents)
	}

	// Defaults, and refusals naming the overlord.
	w, err = LoadTiled(fstest.MapFS{"m.tmx": {Data: []byte(tiledOverlordMap(""))}}, "m.tmx", Options{})
	if err != nil || w.Overlords[0].MaxAlive != 4 || w.Overlords[0].Wave != 6 {
		t.Fatalf("defaults: %v", err)
	}
	for _, c := range []struct{ tmx, want string }{
		{strings.NewReplacer(`name="wave" x=`, `name="elsewhere" x=`, `name="wave" class="spawn"`, `name="x" class="spawn"`).Replace(tiledOverlordMap("")), `overlord "wave" has no spawn point`},
		{strings.ReplaceAll(tiledOverlordMap(""), `name="wave" class="spawn"`, `name="x" class="spawn"`), ""},
		{tiledOverlordMap(`<properties><property name="max_in_level" type="int" value="0"/></properties>`), "max_in_level 0"},
		{tiledOverlordMap(`<properties><property name="spawns_in_wave" type="int" value="-3"/></properties>`), "spawns_in_wave -3"},
	} {
		_, err := LoadTiled(fstest.MapFS{"m.tmx": {Data: []byte(c.tmx)}}, "m.tmx", Options{})
		if c.want == "" {
			if err != nil {
				t.Errorf("one spawn point left: %v", err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "m.tmx") {
			t.Errorf("got %v, want an error naming m.tmx saying %q", err, c.want)
		}
	}
}
