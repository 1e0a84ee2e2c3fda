package scene

import (
	"fmt"
	"math"

	"diorama/atlas"
	"diorama/mathx"
	"diorama/raster"
)

// stateNames are the clip-name parts of the animation states, as
// AtlasLooks.Look finds them in a sheet.
var stateNames = [NumAnimStates]string{Idle: "idle", Walk: "walk"}

// Facings returns n facings evenly spaced in world headings (the first
// along +x, then turning toward +y), as the world's projection shows them
// on screen: the DirectionSet a look needs when its art was drawn at world
// headings k·2π/n. They are named by compass points of the world's axes
// (E is +x, S is +y; for n = 4, 8 or 16), the names AtlasLooks.Look and
// Part look up.
func (l Looks) Facings(n int) atlas.DirectionSet {
	w := l.w
	d := atlas.Directions(n, 0)
	for k := range d.Angles {
		d.Angles[k] = w.screenHeading(2 * math.Pi * float64(k) / float64(len(d.Angles)))
	}
	return d
}

// AtlasLooks makes looks from a sprite sheet (an atlas). A frame becomes
// a sprite the first time a look uses it; every look made afterwards, in
// any world, shares that sprite (a Look does not change once added), so a
// game that builds a world per level pays for its art once, and only for
// the frames its looks use. An AtlasLooks is not for concurrent use.
type AtlasLooks struct {
	atlas  *atlas.Atlas
	frames []*raster.Sprite // by atlas frame, nil until used
}

// NewAtlasLooks returns the looks of a.
func NewAtlasLooks(a *atlas.Atlas) (*AtlasLooks, error) {
	if a == nil {
		return nil, fmt.Errorf("scene: looks from a nil atlas")
	}
	return &AtlasLooks{atlas: a, frames: make([]*raster.Sprite, len(a.Frames))}, nil
}

// frame returns atlas frame i's sprite, made on first use.
func (s *AtlasLooks) frame(i int) (*raster.Sprite, error) {
	if s.frames[i] == nil {
		sp, err := s.atlas.Sprite(i)
		if err != nil {
			return nil, fmt.Errorf("scene: atlas frame %q: %w", s.atlas.Frames[i].Name, err)
		}
		s.frames[i] = sp
	}
	return s.frames[i], nil
}

// Sprite returns the sheet's frame called name.
func (s *AtlasLooks) Sprite(name string) (*raster.Sprite, error) {
	i, ok := s.atlas.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("scene: the sprite sheet has no frame %q", name)
	}
	return s.frame(i)
}

// Look makes the look called name from the sheet, by the names of its
// frames and clips (any of them may be missing; at least one must be
// there):
//
//   - clips "name_idle_F" and "name_walk_F" for every facing F of dirs
//     (dirs.Names): an animation per state and facing; a state without
//     clips plays the idle ones;
//   - frames "name_F", one per facing: a still frame per facing, shown
//     in every state (a hull turning; a bullet's look turns with its
//     flight);
//   - a clip "name": one animation whatever the facing (an effect);
//   - a frame "name": a still sprite.
//
// The pivot of the look's first frame, when the sheet gives one, is the
// point that stands on the entity's feet; without one the sprite's bottom
// centre does. Clip durations are the sheet's milliseconds, turned into
// ticks at tps.
func (s *AtlasLooks) Look(name string, dirs atlas.DirectionSet, tps int) (*Look, error) {
	if tps <= 0 {
		return nil, fmt.Errorf("scene: look %q: tick rate %d must be positive", name, tps)
	}
	a := s.atlas
	msPerTick := 1000 / float64(tps)
	l := &Look{}
	frames := map[int]int{} // atlas frame → look frame
	var err error           // the first frame that could not be made a sprite
	use := func(i int) int {
		if k, ok := frames[i]; ok {
			return k
		}
		sp, e := s.frame(i)
		if err == nil {
			err = e
		}
		frames[i] = len(l.Frames)
		l.Frames = append(l.Frames, sp)
		return frames[i]
	}
	clip := func(c *atlas.Clip) *atlas.Clip {
		t := c.InTicks(msPerTick)
		t.Frames = make([]int, len(c.Frames))
		for k, f := range c.Frames {
			t.Frames[k] = use(f)
		}
		return &t
	}
	first := -1 // the atlas frame whose pivot places the look
	// Clips per state and facing.
	for s := range NumAnimStates {
		var cs []*atlas.Clip
		for _, f := range dirs.Names {
			c, ok := a.Clip(name + "_" + stateNames[s] + "_" + f)
			if !ok {
				break
			}
			t := clip(c)
			if first < 0 {
				first = c.Frames[0]
			}
			cs = append(cs, t)
		}
		switch {
		case len(cs) == len(dirs.Names) && len(cs) > 0:
			l.Clips[s] = cs
		case len(cs) > 0:
			return nil, fmt.Errorf("scene: look %q: clip %s_%s_%s missing (the sheet has %d of the %d facings)",
				name, name, stateNames[s], dirs.Names[len(cs)], len(cs), len(dirs.Names))
		}
	}
	if len(l.Clips[Idle]) > 0 {
		l.Dirs = dirs
		for s := range l.Clips {
			if len(l.Clips[s]) == 0 {
				l.Clips[s] = l.Clips[Idle]
			}
		}
	} else if len(l.Clips[Walk]) > 0 {
		return nil, fmt.Errorf("scene: look %q: walk clips without idle clips (name_idle_F)", name)
	}
	// A still frame per facing.
	if l.Dirs.Angles == nil {
		if idx, ok := perFacing(a, name, dirs); ok {
			l.Dirs = dirs
			for d, i := range idx {
				if first < 0 {
					first = i
				}
				c := &atlas.Clip{Name: name + "_" + dirs.Names[d], Frames: []int{use(i)}, Durations: []int{1}}
				l.Clips[Idle] = append(l.Clips[Idle], c)
			}
			l.Clips[Walk] = l.Clips[Idle]
		}
	}
	// One clip or one sprite whatever the facing.
	if c, ok := a.Clip(name); ok && l.Dirs.Angles == nil {
		t := clip(c)
		first = c.Frames[0]
		l.Dirs = atlas.Directions(1, 0)
		l.Clips[Idle] = []*atlas.Clip{t}
		l.Clips[Walk] = l.Clips[Idle]
	}
	if i, ok := a.Lookup(name); ok {
		l.Sprite = l.Frames[use(i)]
		if first < 0 {
			first = i
		}
	}
	if err != nil {
		return nil, fmt.Errorf("scene: look %q: %w", name, err)
	}
	if first < 0 {
		return nil, fmt.Errorf("scene: look %q: the sheet has no frame or clip %q, %q or %q", name, name, name+"_"+dirs0(dirs), name+"_idle_"+dirs0(dirs))
	}
	if l.Sprite == nil {
		l.Sprite = l.Frames[0]
	}
	l.Offset = pivotOffset(a.Frames[first])
	if err := l.validate(); err != nil {
		return nil, fmt.Errorf("scene: look %q: %w", name, err)
	}
	return l, nil
}

// Part makes a look part from the sheet's frames "name_F", one per facing
// F of dirs (a turret), or its one frame "name". The first frame's pivot,
// when given, is the point put on the look's anchor.
func (s *AtlasLooks) Part(name string, dirs atlas.DirectionSet) (LookPart, error) {
	a := s.atlas
	idx, ok := perFacing(a, name, dirs)
	var p LookPart
	if ok {
		p.Dirs = dirs
	} else if i, one := a.Lookup(name); one {
		idx = []int{i}
	} else {
		return LookPart{}, fmt.Errorf("scene: look part %q: the sheet has neither frame %q nor %q", name, name, name+"_"+dirs0(dirs))
	}
	for _, i := range idx {
		sp, err := s.frame(i)
		if err != nil {
			return LookPart{}, fmt.Errorf("scene: look part %q: %w", name, err)
		}
		p.Frames = append(p.Frames, sp)
	}
	p.Offset = pivotOffset(a.Frames[idx[0]])
	return p, nil
}

// perFacing returns the atlas frames "name_F" for every facing of dirs,
// and whether the sheet has them all.
func perFacing(a *atlas.Atlas, name string, dirs atlas.DirectionSet) ([]int, bool) {
	if len(dirs.Names) == 0 {
		return nil, false
	}
	idx := make([]int, len(dirs.Names))
	for d, f := range dirs.Names {
		i, ok := a.Lookup(name + "_" + f)
		if !ok {
			return nil, false
		}
		idx[d] = i
	}
	return idx, true
}

func dirs0(d atlas.DirectionSet) string {
	if len(d.Names) == 0 {
		return "F"
	}
	return d.Names[0]
}

// pivotOffset is the look offset that stands frame f's pivot on the feet
// (a look's sprite is anchored at its bottom centre); zero without a pivot.
func pivotOffset(f atlas.Frame) mathx.Point {
	if !f.HasPivot || !f.Pivot.IsFinite() {
		return mathx.Point{}
	}
	ax := int(math.Round(f.Pivot.X * float64(f.Source.X)))
	ay := int(math.Round(f.Pivot.Y * float64(f.Source.Y)))
	return mathx.Point{X: f.Source.X/2 - ax, Y: f.Source.Y - ay}
}
