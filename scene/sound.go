package scene

import (
	"fmt"

	"diorama/audio"
	"diorama/mathx"
)

// Sounds are the sounds a world plays by itself on its events, each where
// it happens: placed in the grid's screen space ([iso.Grid.ToScreen])
// relative to the listener, so the mixer pans and attenuates it by the
// distance model of its [audio.Space]. A nil sound is not played. Enable
// them with [Audio.Enable]; the game wires no event itself.
type Sounds struct {
	Fire   *audio.Sound // a bullet was fired (Bullets.Fire), at its start
	Hit    *audio.Sound // a bullet struck an entity, where it struck
	Wall   *audio.Sound // a bullet struck a wall, where it struck
	Death  *audio.Sound // an entity's health reached 0 (an explosion), at the entity
	Pickup *audio.Sound // a collector took a pickup, at the pickup
	Door   *audio.Sound // an overlord locked or unlocked a door, at the door
	// Volume scales every event sound (0 means 1).
	Volume float64
	// Listener, when alive, is where the world listens from (the player);
	// otherwise the listener stays where [Audio.SetListener] put it.
	Listener Entity
	// Vary, when not 0, varies each event sound's pitch by up to ±Vary
	// (0.05 is 5 %), drawn from the world's seeded random source, so a
	// burst of shots does not sound mechanical.
	Vary float64
}

// Audio is the world's sound, reached with [World.Audio]: the sounds it
// plays by itself on its events (Enable), where it listens from
// (SetListener), and sounds the game plays at a place in the world
// (PlayAt). An Audio is a handle to the world's own state, free to copy.
type Audio struct{ w *World }

// Audio returns the world's sound.
func (w *World) Audio() Audio { return Audio{w} }

// worldSound is a world's Audio.Enable state.
type worldSound struct {
	m       *audio.Mixer
	s       Sounds
	n, seed uint64 // the pitch variation's counter and seed
}

// Enable makes the world play s on m on its own events (see [Sounds]); a
// later call replaces the earlier one, and a nil m turns the sounds off.
// The world's Step stays deterministic: the sounds only read the world
// (the pitch variation draws from a source of its own, seeded from the
// world's).
func (a Audio) Enable(m *audio.Mixer, s Sounds) {
	w := a.w
	w.sound = nil
	if m == nil {
		return
	}
	if s.Volume == 0 {
		s.Volume = 1
	}
	ws := &worldSound{m: m, s: s, seed: 0x2545f4914f6cdd1d}
	for _, b := range w.Rand.State() {
		ws.seed = (ws.seed ^ uint64(b)) * 1099511628211
	}
	w.sound = ws
}

// The sounds are played where their events are recorded (so in event
// order, and where the entity stands at that moment, also for a death
// the game's World.Damage causes between Steps), by these hooks.

// soundHit is the bullet-hit sound (not for a bullet leaving the map), at
// the bullet's height where it struck; the bullet is still in its slot.
func (w *World) soundHit(e *BulletHitEvent) {
	ws := w.sound
	if ws == nil || e.Edge {
		return
	}
	snd := ws.s.Hit
	if e.Target.IsNil() {
		snd = ws.s.Wall
	}
	if snd == nil {
		return
	}
	z := 0.0
	if i := int(e.Bullet.Slot); i >= 0 && i < len(w.bullets.Z) {
		z = w.bullets.Z[i]
	}
	w.playEvent(snd, mathx.Vec3{X: e.Point.X, Y: e.Point.Y, Z: z})
}

// soundDeath is the death sound at slot i, which just died.
func (w *World) soundDeath(i int) {
	if w.sound != nil && w.sound.s.Death != nil {
		w.playEvent(w.sound.s.Death, w.pos[i])
	}
}

// soundPickup is the pickup sound at slot i, a pickup just taken.
func (w *World) soundPickup(i int) {
	if w.sound != nil && w.sound.s.Pickup != nil {
		w.playEvent(w.sound.s.Pickup, w.pos[i])
	}
}

// soundDoor is the door sound at slot i, a door just locked or unlocked.
func (w *World) soundDoor(i int) {
	if w.sound != nil && w.sound.s.Door != nil {
		w.playEvent(w.sound.s.Door, w.pos[i])
	}
}

// soundFired is Bullets.Fire's hook.
func (w *World) soundFired(d *BulletDef) {
	if w.sound != nil && w.sound.s.Fire != nil {
		w.playEvent(w.sound.s.Fire, mathx.Vec3{X: d.Pos.X, Y: d.Pos.Y, Z: d.Z})
	}
}

// SetListener places the world's listener at pos (world units): the
// mixer hears positional sounds from its screen-space point. With
// Sounds.Listener alive the world moves it there before each event sound.
// A position that is not finite panics.
func (a Audio) SetListener(pos mathx.Vec3) {
	w := a.w
	if !pos.IsFinite() {
		panic(fmt.Sprintf("scene: Audio.SetListener: position %v not finite", pos))
	}
	if w.sound == nil {
		return
	}
	p := w.Grid.ToScreen(pos)
	w.sound.m.SetListener(p.X, p.Y)
}

// PlayAt plays s at pos (world units) on the mixer given to Enable,
// panned and attenuated relative to the listener; it returns the zero
// Voice when sound is not enabled. A position that is not finite panics.
func (a Audio) PlayAt(s *audio.Sound, pos mathx.Vec3, o audio.Options) audio.Voice {
	w := a.w
	if !pos.IsFinite() {
		panic(fmt.Sprintf("scene: Audio.PlayAt: position %v not finite", pos))
	}
	ws := w.sound
	if ws == nil || s == nil {
		return audio.Voice{}
	}
	if !ws.s.Listener.IsNil() && w.Alive(ws.s.Listener) {
		a.SetListener(w.Pos(ws.s.Listener))
	}
	p := w.Grid.ToScreen(pos)
	return ws.m.PlayAt(s, p.X, p.Y, o)
}

func (w *World) playEvent(s *audio.Sound, pos mathx.Vec3) {
	o := audio.Options{Volume: w.sound.s.Volume}
	if v := w.sound.s.Vary; v != 0 {
		o.Pitch = 1 + float64(v*w.soundRand())
	}
	w.Audio().PlayAt(s, pos, o)
}

// soundRand is a uniform number in [-1, 1) from the sound's own sequence
// (a hash of a counter seeded by the world's random source), so the
// simulation's random draws are the same with sound on or off. It is made
// in integers and scaled once (exactly), so no CPU can fuse its
// arithmetic into a multiply-add: the same pitch everywhere.
func (w *World) soundRand() float64 {
	ws := w.sound
	ws.n++
	x := ws.n*0x9e3779b97f4a7c15 ^ ws.seed
	x ^= x >> 31
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 29
	return float64(int64(x>>11)*2-(1<<53)) / (1 << 53)
}
