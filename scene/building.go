package scene

import (
	"fmt"
	"time"

	"diorama/raster"
)

// Builder is the building API of a world: what a level builder (package
// level, or a game's own format) needs beyond NewWorld, Create and the
// public Layers to turn a level file into a world. A game that builds in
// code has no use for it.
type Builder struct{ w *World }

// Builder returns w's building API.
func (w *World) Builder() Builder { return Builder{w} }

// CreateOn creates an entity as World.Create does, drawn with the layer
// World.Layers[layer] (sorted among that layer's entities; −1: above
// every layer). It is EntityDef.DrawLayer by index, for levels whose
// layer names repeat; a DrawLayer name, when set, wins.
func (b Builder) CreateOn(layer int, d EntityDef) (Entity, error) {
	d.drawLayer = layer + 1
	return b.w.Create(d)
}

// SetSources records the files the world was read from (World.Sources),
// in the order first opened; the world keeps the slice.
func (b Builder) SetSources(files []string) { b.w.sources = files }

// TileAnimation animates one tile of a tile layer: Frames shown in turn,
// each for its Duration, looping, on simulated time (Tick × Dt).
type TileAnimation struct {
	Layer, Sprite int              // the tile: World.Layers[Layer].Sprites[Sprite]
	Frames        []*raster.Sprite // the frames, in order
	Durations     []time.Duration  // how long each is shown (> 0), one per frame
}

// AnimateTile makes the sprite a.Sprite of the tile layer a.Layer an
// animation: from now on Step puts the frame of the current tick into the
// layer (Render itself writes nothing), starting with the frame due at
// the world's current tick, here.
func (b Builder) AnimateTile(a TileAnimation) error {
	w := b.w
	if a.Layer < 0 || a.Layer >= len(w.Layers) || a.Sprite < 0 || a.Sprite >= len(w.Layers[a.Layer].Sprites) {
		return fmt.Errorf("scene: tile animation of sprite %d of layer %d: no such tile (%d layers)", a.Sprite, a.Layer, len(w.Layers))
	}
	if len(a.Frames) == 0 || len(a.Frames) != len(a.Durations) {
		return fmt.Errorf("scene: tile animation of sprite %d of layer %d: %d frames and %d durations", a.Sprite, a.Layer, len(a.Frames), len(a.Durations))
	}
	t := tileAnim{layer: int32(a.Layer), sprite: int32(a.Sprite), frames: a.Frames}
	for i, d := range a.Durations {
		if d <= 0 || a.Frames[i] == nil {
			return fmt.Errorf("scene: tile animation of sprite %d of layer %d: frame %d is nil or lasts %v", a.Sprite, a.Layer, i, d)
		}
		t.total += d
		t.ends = append(t.ends, t.total)
	}
	w.tileAnims = append(w.tileAnims, t)
	w.animateTiles()
	return nil
}

// Def returns what the world holds of entity e as a definition: the
// fields of EntityDef as they are now (position, velocity, facing and
// health move; DrawLayer names the layer it is drawn with, "" for none;
// Lifetime is the ticks left; ID is not kept and is 0), for tools,
// tests and copies (Create(Def) makes a like entity). ok is false for a
// stale handle.
func (b Builder) Def(e Entity) (d EntityDef, ok bool) {
	w := b.w
	i, ok := w.slotOf(e)
	if !ok {
		return EntityDef{}, false
	}
	d = EntityDef{
		Kind: w.kind[i], Name: w.name[i], Class: w.class[i],
		Pos: w.pos[i], Vel: w.vel[i], Facing: w.facingOf(i),
		Radius: w.radius[i], Height: w.height[i], Extent: w.extent[i],
		Health: w.health[i], MaxHealth: w.maxHealth[i], Value: w.value[i],
		Collector: w.collector[i], Mass: w.mass[i], Lifetime: int(w.lifetime[i]),
		Solid: w.solid[i], Layer: w.layer[i], Mask: w.mask[i],
		Look: w.look[i], Drawing: w.drawing[i], Props: w.props[i], Data: w.data[i],
	}
	if k := int(w.drawLayer[i]); k >= 0 && k < len(w.Layers) {
		d.DrawLayer = w.Layers[k].Name
	}
	return d, true
}

// Get returns the look registered as id (Looks.Add), or nil.
func (l Looks) Get(id LookID) *Look {
	w := l.w
	if id <= 0 || int(id) > len(w.looks) {
		return nil
	}
	return w.looks[id-1]
}
