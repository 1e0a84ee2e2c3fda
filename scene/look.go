package scene

import (
	"fmt"

	"diorama/atlas"
	"diorama/mathx"
	"diorama/raster"
)

// LookID names a registered [Look]; 0 (NoLook) draws nothing.
type LookID int32

// NoLook is the zero LookID: the entity is not drawn (unless it has a
// Drawing).
const NoLook LookID = 0

// Look is how an entity is drawn: one sprite, or animation clips per
// state and facing cut from a frame list (an atlas). The sprite's bottom
// centre, moved by Offset, stands on the entity's feet. A Look must not
// change after Looks.Add has checked it.
type Look struct {
	// Sprite is drawn when no clip applies.
	Sprite *raster.Sprite
	// Frames are the sprites clip frame indices refer to (atlas.Sprites).
	Frames []*raster.Sprite
	// Dirs are the facings, with angles measured on screen (y down), as
	// atlas.Directions gives them. A character's world heading is
	// projected to the screen before picking its facing.
	Dirs atlas.DirectionSet
	// Clips[state][facing] animate each state; clip durations are in
	// ticks (atlas.Clip.InTicks). A missing clip falls back to Sprite.
	Clips [NumAnimStates][]*atlas.Clip
	// Offset moves the sprite from its bottom-centre anchor, in pixels.
	Offset mathx.Point
	// Parts are drawn over the sprite in order, each turning with the
	// entity's heading or aim (a turret on a hull).
	Parts []LookPart
}

func (l *Look) validate() error {
	if l.Sprite == nil && len(l.Frames) == 0 {
		return fmt.Errorf("scene: look has neither a sprite nor frames")
	}
	for s := range l.Clips {
		if len(l.Clips[s]) > 0 && len(l.Clips[s]) != len(l.Dirs.Angles) {
			return fmt.Errorf("scene: look state %d has %d clips for %d facings", s, len(l.Clips[s]), len(l.Dirs.Angles))
		}
		for d, c := range l.Clips[s] {
			if c == nil {
				continue
			}
			if err := c.Validate(); err != nil {
				return fmt.Errorf("scene: look state %d facing %d: %w", s, d, err)
			}
			for _, f := range c.Frames {
				if f < 0 || f >= len(l.Frames) || l.Frames[f] == nil {
					return fmt.Errorf("scene: look clip %q uses frame %d of %d", c.Name, f, len(l.Frames))
				}
			}
		}
	}
	for k, p := range l.Parts {
		if len(p.Frames) == 0 {
			return fmt.Errorf("scene: look part %d has no frames", k)
		}
		if len(p.Dirs.Angles) > 0 && len(p.Dirs.Angles) != len(p.Frames) {
			return fmt.Errorf("scene: look part %d has %d frames for %d facings", k, len(p.Frames), len(p.Dirs.Angles))
		}
		for _, f := range p.Frames {
			if f == nil {
				return fmt.Errorf("scene: look part %d has a nil frame", k)
			}
		}
	}
	for _, a := range l.Dirs.Angles {
		if !mathx.IsFinite(a) {
			return fmt.Errorf("scene: look facing angle %v is not finite", a)
		}
	}
	return nil
}

// clip returns the clip for a state and facing, or nil.
func (l *Look) clip(s AnimState, dir int) *atlas.Clip {
	cs := l.Clips[s]
	if dir < 0 || dir >= len(cs) {
		return nil
	}
	return cs[dir]
}

// screenHeading converts a world heading to the screen angle (y down)
// under the world's projection.
func (w *World) screenHeading(a float64) float64 {
	s, c := mathx.Sincos(a) // mathx's: the same bits on every platform (this picks w.dir, which StateHash covers)
	v := w.Grid.ScreenVec(mathx.Vec3{X: c, Y: s})
	return mathx.Atan2(v.Y, v.X)
}

// updateAnim picks slot i's animation state and facing and restarts its
// player when either changed.
func (w *World) updateAnim(i int) {
	l := w.lookOf(i)
	if l == nil || len(l.Dirs.Angles) == 0 {
		w.setAnim(i, l, -1)
		return
	}
	if v := w.faceVec[i]; v.X != 0 || v.Y != 0 {
		w.setAnim(i, l, w.facingIndex(i, l, v.X, v.Y))
		return
	}
	s, c := mathx.Sincos(w.facing[i]) // mathx's: the same bits on every platform (this picks w.dir, which StateHash covers)
	w.setAnim(i, l, w.facingIndex(i, l, c, s))
}

// facingOf returns slot i's facing in radians: its last velocity's angle
// while it has moved since it was made (faceVec), else the one it was
// made with. Step keeps the velocity, not its angle: most facings are
// never asked for.
func (w *World) facingOf(i int) float64 {
	if v := w.faceVec[i]; v.X != 0 || v.Y != 0 {
		return v.Angle()
	}
	return w.facing[i]
}

// facingIndex returns the facing of look l (slot i's) for world
// direction (x, y): the facing nearest to the direction's angle on
// screen, found by the look's sectors (cross products, no trigonometry)
// or, where they cannot tell, by DirectionSet.Index.
func (w *World) facingIndex(i int, l *Look, x, y float64) int {
	return w.screenFacing(i, l, w.Grid.ScreenVec(mathx.Vec3{X: x, Y: y}))
}

// screenFacing is facingIndex for the screen direction v.
func (w *World) screenFacing(i int, l *Look, v mathx.Vec2) int {
	if k, ok := w.lookSec[w.look[i]-1].index(v.X, v.Y, int(w.dir[i])); ok {
		return k
	}
	return l.Dirs.Index(mathx.Atan2(v.Y, v.X))
}

// setAnim sets slot i's animation state (walking when it moved this
// tick) and facing dir (-1: none) and restarts its player when either
// changed; l is its look (nil: none).
func (w *World) setAnim(i int, l *Look, dir int) {
	st := w.animState(i)
	if l == nil {
		w.anim[i] = st
		return
	}
	if st == w.anim[i] && int16(dir) == w.dir[i] && w.player[i].Clip() != nil {
		return
	}
	w.anim[i], w.dir[i] = st, int16(dir)
	if c := l.clip(st, dir); c != nil {
		p, err := atlas.NewPlayer(c) // clips were validated by AddLook
		if err == nil {
			w.player[i] = p
			return
		}
	}
	w.player[i] = atlas.Player{}
}

// animState is slot i's animation state for this tick: Walk when it
// moved (its position is not the previous one), else Idle.
func (w *World) animState(i int) AnimState { return moveState(w.pos[i], w.prev[i]) }

// moveState is the animation state of an entity at pos that was at prev
// a tick ago: Walk when it moved, else Idle.
func moveState(pos, prev mathx.Vec3) AnimState {
	if d := pos.Sub(prev); d.X != 0 || d.Y != 0 {
		return Walk
	}
	return Idle
}

// bulletFrame is the sprite a bullet flying at (vx, vy) is drawn with:
// the frame of its facing when Frames hold one per facing, else Sprite.
func (l *Look) bulletFrame(w *World, vx, vy float64) *raster.Sprite {
	if n := len(l.Dirs.Angles); n > 0 && len(l.Frames) == n {
		return l.Frames[l.Dirs.Index(w.screenHeading(mathx.Atan2(vy, vx)))]
	}
	return l.Sprite
}

// sprite returns what slot i shows now.
func (w *World) sprite(i int, l *Look) *raster.Sprite {
	if w.player[i].Clip() != nil {
		if s := l.Frames[w.player[i].Frame()]; s != nil {
			return s
		}
	}
	if l.Sprite != nil {
		return l.Sprite
	}
	if len(l.Frames) > 0 {
		return l.Frames[0]
	}
	return nil
}
