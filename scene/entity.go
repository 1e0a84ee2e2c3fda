package scene

import (
	"fmt"

	"diorama/iso"
	"diorama/mathx"
	"diorama/props"
)

// Kind says what an entity is.
type Kind uint8

// Entity kinds.
const (
	// Object is a static prop: an obstacle or decoration (IsoMob's
	// IsoObject), solid when it has a radius.
	Object Kind = iota + 1
	// Character moves by its velocity, faces where it goes, animates, has
	// health and takes bullets (the player and every enemy).
	Character
	// Pickup is an item collected when a character that may collect
	// touches it (a health pack, ammunition, a key).
	Pickup
	// SpawnPoint marks where something appears (a Tiled point, an ASCII
	// level's 's'/'e'/'p', an image level's spawn_points).
	SpawnPoint
	// Trigger is an area that reports characters entering and leaving
	// it (an overlord's triggers, Tiled trigger objects).
	Trigger
)

var kindNames = [...]string{"none", "object", "character", "pickup", "spawn", "trigger"}

// String names the kind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Entity is a handle to an entity of a World: a slot plus a generation,
// so a handle to a removed entity never aliases a later one. The zero
// Entity is the nil handle.
type Entity struct {
	index int32 // slot+1; 0 is nil
	gen   uint32
}

// IsNil reports whether e is the nil handle.
func (e Entity) IsNil() bool { return e.index == 0 }

// Slot returns the entity's storage slot (-1 for the nil handle): dense
// small integers, stable while the entity lives, handy for side tables.
func (e Entity) Slot() int { return int(e.index) - 1 }

// String formats the handle as slot:generation.
func (e Entity) String() string {
	if e.IsNil() {
		return "nil"
	}
	return fmt.Sprintf("%d:%d", e.index-1, e.gen)
}

// bits packs the handle into physics' UserData.
func (e Entity) bits() uint64 { return uint64(uint32(e.index))<<32 | uint64(e.gen) }

func entityFromBits(u uint64) Entity { return Entity{index: int32(uint32(u >> 32)), gen: uint32(u)} }

// AnimState is what a character's animation shows.
type AnimState uint8

// Animation states; a Look has one clip set per state.
const (
	Idle AnimState = iota
	Walk
	NumAnimStates
)

// EntityDef describes an entity to create with [World.Create]. Positions
// and sizes are in world units: one tile on x and y, z up in the same unit
// (see iso.Projection).
type EntityDef struct {
	Kind Kind // required
	// Name is the entity's name (Tiled object name, IsoMob id) and Class its
	// type (Tiled class, IsoMob definition, spawn kind "player"/"enemy").
	Name, Class string
	// ID is the entity's id in its source (a Tiled object id), 0 for
	// none; World.FindID finds it in constant time. IDs should be unique.
	ID int
	// Pos is where the entity's feet (bottom centre) stand.
	Pos mathx.Vec3
	// Vel is a character's starting velocity in world units per second.
	Vel mathx.Vec2
	// Facing is the heading in radians in the world x-y plane (0 along +x,
	// π/2 along +y).
	Facing float64
	// Radius of the collision circle on the floor. An object with a radius
	// gets a static body that blocks characters and bullets; a character
	// needs one (> 0). Zero for spawn points and non-solid decorations.
	Radius float64
	// Height is the entity's height, for depth sorting (default 1).
	Height float64
	// Extent is the half-size of a trigger's or pickup's area on the floor
	// (a pickup with a zero Extent uses Radius, or 0.25).
	Extent mathx.Vec2
	// Health of a character (or a destructible object); it dies when it
	// reaches 0 through [World.Damage]. MaxHealth defaults to Health.
	Health, MaxHealth int32
	// Value is a pickup's worth, handed to the game in [PickupEvent]; the
	// world gives it no meaning.
	Value int32
	// Collector lets a character collect pickups (in most games only the
	// player does).
	Collector bool
	// Mass of a character (default 1).
	Mass float64
	// Lifetime, when positive, removes the entity after that many ticks:
	// effects (an explosion's clip), debris, timed pickups.
	Lifetime int
	// Solid makes an Object block characters, bullets and paths: a box
	// of half-size Extent, or a circle of Radius when Extent is zero (an
	// Object with a Radius is solid anyway). World.SetSolid switches it.
	Solid bool
	// Layer and Mask are the physics category bits of the entity's body
	// (zero: layer 1, every mask).
	Layer, Mask uint32
	// Look draws the entity (NoLook: nothing, unless Drawing is set).
	Look LookID
	// Drawing, when it has parts, is a prebuilt iso object (walls, raised
	// blocks, Tiled tile objects) drawn as is, in map pixels; it is used
	// for non-moving entities instead of the Look.
	Drawing iso.Object
	// Props are the entity's custom properties from its level file (a
	// Tiled object's, with its template's and class's; an IsoMob
	// element's free-form attributes), for game rules
	// the engine does not know: a wave's size, an enemy's kind. The
	// world keeps the slice as given.
	Props props.List
	// Data is the game's own value for the entity (see World.SetData).
	Data any
	// DrawLayer names the layer (World.Layers) the entity is drawn with,
	// sorted among that layer's entities; "" draws it above every layer.
	DrawLayer string

	drawLayer int // index+1 of the resolved DrawLayer (0: none); builders set it directly
}

// slot states.
const (
	stFree    uint8 = iota // not in use
	stPending              // created during a tick, live at its end
	stLive
	stDying // removed during a tick, freed at its end
)
