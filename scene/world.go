package scene

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"diorama/atlas"
	"diorama/iso"
	"diorama/loop"
	"diorama/mathx"
	"diorama/physics"
	"diorama/props"
	"diorama/raster"
)

// ErrStale names a nil handle or one whose entity was removed, in the
// errors of what takes entities from a definition (an Overlord's spawn
// points, a Group's members). Setters and actions given such a handle do
// nothing (see the package's error contract).
var ErrStale = errors.New("scene: nil or stale entity handle")

// must applies the package's error contract to the result of a setter's
// or an action's checks: a stale handle does nothing; any other error is
// a programmer's (a value not finite or out of range, an entity of the
// wrong kind) and panics with a message naming the method.
func must(method string, err error) {
	if err != nil && !errors.Is(err, ErrStale) {
		panic("scene: " + method + ": " + strings.TrimPrefix(err.Error(), "scene: "))
	}
}

var atlasPlayerZero atlas.Player

// Config sets up a World.
type Config struct {
	// Grid is the iso map the world lives on; required. Its size gives
	// the physics bounds (Cols × Rows world units).
	Grid *iso.Grid
	// TPS is the fixed tick rate (default loop.DefaultTPS).
	TPS int
	// Seed seeds the world's random source.
	Seed uint64
	// CellSize is the physics broad-phase cell in world units (default 1).
	CellSize float64
	// MaxBullets reserves room for this many live bullets so firing never
	// allocates in steady state (default 1024; more still works).
	MaxBullets int
}

// World is a scene: the map layers, every entity, the bullets, the
// physics world they move in, the events they raise, periodic tasks and a
// seeded random source. Entities are stored data-oriented (one slice per
// field, indexed by slot) behind generation-checked handles.
//
// During [World.Step] (inside the tasks it runs), Create, Remove,
// Bullets.Fire and Bullets.Remove are deferred, so every loop over the
// world stays valid: new entities and bullets appear and removed bullets
// go at the end of the tick; removed entities are freed when the next
// Step starts, so the events naming them can still read them (see
// [Events]). Outside a tick they act at once, except that an entity
// killed by World.Damage is freed when the next Step starts too.
//
// A World is not safe for concurrent use.
type World struct {
	// Grid is the iso map the world lives on.
	Grid *iso.Grid
	// Layers are the map's layers (tiles, images, and the entities placed
	// on them), bottom first; see Layer.
	Layers Layers
	// ParallaxOrigin is the camera centre (map pixels) at which every
	// layer with a parallax factor is drawn in place.
	ParallaxOrigin mathx.Vec2
	// GroundCache, when set, caches the picture of the bottom layers that
	// do not change (see GroundCache).
	GroundCache *GroundCache
	// Bars is how ShowHealth's bars look (zero: DefaultBarStyle).
	Bars BarStyle
	// Stage names the layer where the action is: entities created with
	// no DrawLayer (enemies, effects, pickups a game adds) and the
	// bullets are drawn depth-sorted with that layer's entities, behind
	// its walls and in front of them. level.BuildTiled sets it to the object
	// layer of the map's first character; "" (or a hidden or unknown
	// layer) draws them above every layer.
	Stage string
	// SourceOrigin is the map pixel of the source map's own origin (for a
	// Tiled map, the top-left of its bounding box in Tiled's pixels), so
	// maps placed side by side by a Tiled .world line up: a point at
	// world-file pixel p of a map placed at q is map pixel p − q +
	// SourceOrigin.
	SourceOrigin mathx.Vec2
	// Phys is the physics world: walls, bodies, queries (in world units).
	Phys *physics.Space
	// Events are the world's events since the last Step started, read
	// after it (see Events).
	Events Events
	// Tasks runs periodic tasks once per tick, before the physics.
	Tasks loop.Scheduler
	// Rand is the simulation's random source (part of the state hash).
	Rand mathx.Rand
	// Overlords are the wave controllers at work (Overlord.Start).
	Overlords []*Overlord

	dt   float64
	tick uint64
	// bounds is the world-space box holding every cell of the map.
	bounds mathx.AABB
	// inTick is set while Step runs: creation and removal are deferred.
	inTick bool

	// Entity storage, indexed by slot.
	state                 []uint8
	gen                   []uint32
	kind                  []Kind
	name                  []string
	class                 []string
	pos, prev             []mathx.Vec3
	vel                   []mathx.Vec2
	facing                []float64
	faceVec               []mathx.Vec2 // when not zero, the facing is its angle (facingOf)
	radius                []float64
	height                []float64
	extent                []mathx.Vec2
	health                []int32
	maxHealth             []int32
	value                 []int32
	collector             []bool
	layer                 []uint32
	mask                  []uint32
	mass                  []float64
	body                  []physics.BodyID
	look                  []LookID
	anim                  []AnimState
	dir                   []int16 // facing index into the look's DirectionSet
	player                []atlas.Player
	drawing               []iso.Object
	drawLayer             []int32 // index into Layers, or −1: above every layer
	style                 []raster.DrawOptions
	flashColor            []color.RGBA
	flashLeft, flashTotal []int32
	props                 []props.List
	silhouette            []color.RGBA // SetSilhouette's colour, zero: none
	barLeft               []int32      // ShowHealth's ticks left
	aim                   []float64
	solid                 []bool  // a solid object: blocks physics and navigation
	navBlock              []bool  // its tiles are blocked in the navigation
	lifetime              []int32 // ticks left before removal; 0: forever
	hidden                []bool  // not drawn (Looks.SetHidden, Group.SetHidden)
	ownParts              []bool  // drawing parts copied for moving (SetPos)
	data                  []any   // the game's own value (SetData)
	blastBuf              []Entity
	byName                map[string][]int32
	byID                  map[int]int32
	srcID                 []int
	parts                 []iso.Part // one scratch part per slot for drawing looks
	free                  []int32
	live                  int

	// Deferred work: entities created during the tick (made live at its
	// end) and entities removed during it or dead since (freed when the
	// next Step starts, so that the events naming them can read them).
	created []int32
	removed []int32
	refused []MoveFailedEvent // MoveTo's refusals since the last Step, for its MoveFailures

	bullets      Bullets
	bulletSprite *raster.Sprite

	looks   []*Look
	lookSec []sectors // per look: its facings' arcs (facing.go)
	sources []string  // the files the world was read from (Sources)
	// ruleFn is ruleRange as a func value made once (a method value made
	// per tick would allocate); ruleLists[c] is bullet chunk c's ended
	// slots (physics.StepBulletsThen).
	ruleFn    func(c, lo, hi int)
	ruleLists [][]uint32
	// velFn and moveFn are the per-entity passes of Step around physics
	// (velRange, moveRange), made once like ruleFn.
	velFn, moveFn, agentVelFn func(k, lo, hi int)
	workers                   int // SetWorkers' count (0: never set)
	tileAnims                 []tileAnim
	renderCam                 iso.Camera // Render's copy of the caller's camera, moved by parallax

	navOpt NavOptions
	nav    *Navigation
	navErr error
	moves  moves
	crowd  *crowdState // Crowd.Enable's steering crowd (crowd.go)
	sound  *worldSound // Audio.Enable's event sounds (sound.go)

	// Scratch for rendering.
	bulletParts []iso.Part
	partBuf     []iso.Part // look parts drawn this frame
	partsMax    int        // the most parts one entity draws with (looks and drawings), for partBuf
	layerStart  []int32    // bucketByLayer's bucket bounds
	layerOrder  []int32    // live slots grouped by draw layer
	layerFill   []int32
	rpar        renderPar // Render's parallel passes (render.go)
}

// BulletHitEvent reports a bullet that struck a wall, an entity or the
// edge of the world (Events.BulletHits). The scene removed the bullet at
// the end of the Step; the event carries what the game needs of it.
type BulletHitEvent struct {
	Bullet BulletID // which bullet it was (its slot is free again after the Step)
	// Owner fired the bullet (may be nil or already removed); Target is
	// the entity hit (nil for a wall or the world's edge).
	Owner, Target Entity
	Damage        int32 // the bullet's damage
	Tag           int32 // the bullet's BulletDef.Tag
	// Wall is the physics wall index for a wall hit, -1 otherwise; Edge
	// is set when the bullet left the world.
	Wall int
	Edge bool // the bullet left the map
	// Point is where the bullet struck and Normal the surface normal there
	// (unit, pointing back at the bullet), in world units.
	Point, Normal mathx.Vec2
}

// DamageEvent reports an entity's health changed by [World.Damage]
// (Events.Damages).
type DamageEvent struct {
	Entity, Source Entity // who was hurt, and by whom (may be nil)
	Amount, Health int32  // the damage asked for, and the health after it
}

// DeathEvent reports an entity whose health reached 0 (Events.Deaths); the
// entity is removed when the next Step starts and stays readable until
// then.
type DeathEvent struct {
	Entity, Killer Entity // who died, and who caused the last damage (may be nil)
}

// TriggerEvent reports a character that started (Enter) or stopped
// overlapping a trigger (Events.Triggers).
type TriggerEvent struct {
	Trigger, Visitor Entity // the trigger and the character
	Enter            bool   // true on entering, false on leaving
}

// PickupEvent reports a collector that touched a pickup (Events.Pickups);
// the pickup is removed when the next Step starts and stays readable until
// then. What a pickup does is the game's: no class has a meaning of its
// own (a game heals with a negative Damage).
type PickupEvent struct {
	Pickup, By Entity // the pickup (removed when the next Step starts) and its collector
	Class      string // the pickup's class, as the level or the game named it
	Value      int32  // the pickup's value
}

// NewWorld returns an empty world on cfg's grid.
func NewWorld(cfg Config) (*World, error) {
	if cfg.Grid == nil {
		return nil, errors.New("scene: Config.Grid is nil")
	}
	tps := cfg.TPS
	if tps == 0 {
		tps = loop.DefaultTPS
	}
	if tps < 1 || tps > 100000 {
		return nil, fmt.Errorf("scene: TPS %d out of range 1..100000", tps)
	}
	cell := cfg.CellSize
	if cell == 0 {
		cell = 1
	}
	if !(cell > 0) || math.IsInf(cell, 0) {
		return nil, fmt.Errorf("scene: CellSize %v must be finite and > 0", cfg.CellSize)
	}
	if cfg.MaxBullets < 0 || cfg.MaxBullets > 1<<24 {
		return nil, fmt.Errorf("scene: MaxBullets %d out of range 0..%d", cfg.MaxBullets, 1<<24)
	}
	g := cfg.Grid
	bounds := cellBounds(g)
	ph, err := physics.NewSpace(physics.SpaceDef{
		Bounds:        bounds,
		CellSize:      cell,
		MaxCastRadius: 0.5,
	})
	if err != nil {
		return nil, fmt.Errorf("scene: %w", err)
	}
	w := &World{Grid: g, Phys: ph, dt: 1 / float64(tps), bounds: bounds}
	w.ruleFn = w.ruleRange
	w.velFn, w.moveFn, w.agentVelFn = w.velRange, w.moveRange, w.agentVelRange
	w.Rand.Seed(cfg.Seed)
	nb := cfg.MaxBullets
	if nb == 0 {
		nb = 1024
	}
	w.bullets.reserve(nb)
	w.bullets.w = w
	w.Events.reserve(64)
	return w, nil
}

// cellBounds returns the world-space box of every cell of g's tiles: the
// map itself for a diamond or orthogonal map, the rotated rectangle's
// cells (found from its corner tiles, one cell of slack for the shifted
// rows) for a staggered or hexagonal one.
func cellBounds(g *iso.Grid) mathx.AABB {
	if g.Layout == iso.Diamond || g.Layout == iso.Orthogonal {
		return mathx.AABB{Max: mathx.V2(float64(g.Cols), float64(g.Rows))}
	}
	b := mathx.AABB{Min: mathx.V2(math.Inf(1), math.Inf(1)), Max: mathx.V2(math.Inf(-1), math.Inf(-1))}
	for _, c := range [4][2]int{{0, 0}, {g.Cols - 1, 0}, {0, g.Rows - 1}, {g.Cols - 1, g.Rows - 1}} {
		i, j := g.TileCell(c[0], c[1])
		b = b.Extend(mathx.V2(float64(i), float64(j))).Extend(mathx.V2(float64(i+1), float64(j+1)))
	}
	return b.Expand(1)
}

// Bounds returns the world-space box holding every cell of the map
// (the physics world's bounds).
func (w *World) Bounds() mathx.AABB { return w.bounds }

// Dt returns the tick length in seconds.
func (w *World) Dt() float64 { return w.dt }

// Tick returns the number of ticks stepped so far.
func (w *World) Tick() uint64 { return w.tick }

// Len returns the number of live entities (pending ones not included).
func (w *World) Len() int { return w.live }

func (w *World) slotOf(e Entity) (int, bool) {
	i := int(e.index) - 1
	if i < 0 || i >= len(w.gen) || w.gen[i] != e.gen || w.state[i] == stFree {
		return 0, false
	}
	return i, true
}

// Valid reports whether e names an entity that exists: live, created
// during this tick, or removed by the last Step or dead since (until the
// next Step starts).
func (w *World) Valid(e Entity) bool { _, ok := w.slotOf(e); return ok }

// Alive reports whether e is live: not removed (even pending removal) and
// not still pending creation.
func (w *World) Alive(e Entity) bool {
	i, ok := w.slotOf(e)
	return ok && w.state[i] == stLive
}

func (w *World) handle(i int) Entity { return Entity{index: int32(i + 1), gen: w.gen[i]} }

// Create adds an entity and returns its handle. During a tick the entity
// is pending: its handle is valid and its fields can be read and set, but
// it takes part in the simulation (physics, events, Each) only from the
// end of the tick. Bad definitions are an error and add nothing.
func (w *World) Create(d EntityDef) (Entity, error) {
	if err := w.check(&d); err != nil {
		return Entity{}, err
	}
	var i int
	if n := len(w.free); n > 0 {
		i = int(w.free[n-1])
		w.free = w.free[:n-1]
	} else {
		i = len(w.state)
		w.grow()
	}
	w.gen[i]++
	if w.gen[i] == 0 {
		w.gen[i] = 1
	}
	w.kind[i] = d.Kind
	w.name[i], w.class[i] = d.Name, d.Class
	w.indexName(i)
	w.srcID[i] = d.ID
	if d.ID != 0 {
		if w.byID == nil {
			w.byID = map[int]int32{}
		}
		w.byID[d.ID] = int32(i)
	}
	w.lifetime[i] = int32(d.Lifetime)
	w.hidden[i], w.ownParts[i] = false, false
	w.pos[i], w.prev[i] = d.Pos, d.Pos
	w.vel[i] = d.Vel
	w.facing[i], w.faceVec[i] = mathx.WrapAngle(d.Facing), mathx.Vec2{}
	w.radius[i], w.height[i], w.extent[i] = d.Radius, d.Height, d.Extent
	w.health[i], w.maxHealth[i], w.value[i] = d.Health, d.MaxHealth, d.Value
	w.collector[i] = d.Collector
	w.layer[i], w.mask[i], w.mass[i] = d.Layer, d.Mask, d.Mass
	w.body[i] = physics.BodyID{}
	w.look[i] = d.Look
	w.anim[i], w.dir[i] = Idle, -1
	w.player[i] = atlas.Player{}
	w.drawing[i] = d.Drawing
	w.partsMax = max(w.partsMax, len(d.Drawing.Parts))
	w.drawLayer[i] = int32(d.drawLayer - 1)
	w.style[i] = raster.DrawOptions{}
	w.flashLeft[i], w.flashTotal[i] = 0, 0
	w.silhouette[i], w.barLeft[i] = color.RGBA{}, 0
	w.props[i] = d.Props
	w.data[i] = d.Data
	w.aim[i] = w.facing[i]
	w.solid[i] = d.Kind == Object && (d.Radius > 0 || d.Solid)
	w.updateAnim(i) // every look plays its clip from its first frame
	e := w.handle(i)
	if w.inTick {
		w.state[i] = stPending
		w.created = append(w.created, int32(i))
		return e, nil
	}
	if err := w.activate(i, &d); err != nil {
		w.release(i)
		return Entity{}, err
	}
	return e, nil
}

// check validates and completes a definition.
func (w *World) check(d *EntityDef) error {
	if d.Kind < Object || d.Kind > Trigger {
		return fmt.Errorf("scene: entity %q: unknown kind %d", d.Name, d.Kind)
	}
	if !d.Pos.IsFinite() || !d.Vel.IsFinite() || !mathx.IsFinite(d.Facing) || !d.Extent.IsFinite() ||
		!mathx.IsFinite(d.Radius) || !mathx.IsFinite(d.Height) || !mathx.IsFinite(d.Mass) {
		return fmt.Errorf("scene: entity %q: non-finite position, velocity, facing or size", d.Name)
	}
	if math.Abs(d.Pos.X) > iso.MaxCoord || math.Abs(d.Pos.Y) > iso.MaxCoord || math.Abs(d.Pos.Z) > iso.MaxCoord {
		return fmt.Errorf("scene: entity %q: position %v out of range", d.Name, d.Pos)
	}
	if d.Radius < 0 || d.Height < 0 || d.Extent.X < 0 || d.Extent.Y < 0 || d.Mass < 0 {
		return fmt.Errorf("scene: entity %q: negative size or mass", d.Name)
	}
	if d.Kind == Character && d.Radius <= 0 {
		return fmt.Errorf("scene: character %q needs a radius > 0", d.Name)
	}
	if d.Solid && d.Kind == Object && d.Radius <= 0 && (d.Extent.X <= 0 || d.Extent.Y <= 0) {
		return fmt.Errorf("scene: solid object %q needs an extent or a radius > 0", d.Name)
	}
	if d.Kind == Trigger && (d.Extent.X <= 0 || d.Extent.Y <= 0) {
		return fmt.Errorf("scene: trigger %q needs an extent > 0", d.Name)
	}
	if d.Look < 0 || int(d.Look) > len(w.looks) {
		return fmt.Errorf("scene: entity %q: unknown look %d", d.Name, d.Look)
	}
	if !d.Drawing.Box.IsFinite() && len(d.Drawing.Parts) > 0 {
		return fmt.Errorf("scene: entity %q: drawing box is not valid", d.Name)
	}
	if d.DrawLayer != "" {
		k := w.Layers.Index(d.DrawLayer)
		if k < 0 {
			return fmt.Errorf("scene: entity %q: no layer named %q to draw on", d.Name, d.DrawLayer)
		}
		d.drawLayer = k + 1
	}
	if d.drawLayer < 0 || d.drawLayer > len(w.Layers) {
		return fmt.Errorf("scene: entity %q: draw layer %d of %d", d.Name, d.drawLayer-1, len(w.Layers))
	}
	if d.Lifetime < 0 || d.Lifetime > 1<<30 {
		return fmt.Errorf("scene: entity %q: lifetime %d ticks out of range", d.Name, d.Lifetime)
	}
	if d.Height == 0 {
		d.Height = 1
	}
	if d.Kind == Pickup && d.Extent == (mathx.Vec2{}) {
		r := d.Radius
		if r == 0 {
			r = 0.25
		}
		d.Extent = mathx.V2(r, r)
	}
	if d.MaxHealth < d.Health {
		d.MaxHealth = d.Health
	}
	if d.Mass == 0 {
		d.Mass = 1
	}
	return nil
}

func (w *World) grow() {
	w.state = append(w.state, stFree)
	// The lists of slots removed in a tick and of free slots hold at most
	// every slot: sized with the slots, they never grow during a tick.
	w.removed = slices.Grow(w.removed, cap(w.state)-len(w.removed))
	w.free = slices.Grow(w.free, cap(w.state)-len(w.free))
	w.gen = append(w.gen, 0)
	w.kind = append(w.kind, 0)
	w.name = append(w.name, "")
	w.class = append(w.class, "")
	w.pos = append(w.pos, mathx.Vec3{})
	w.prev = append(w.prev, mathx.Vec3{})
	w.vel = append(w.vel, mathx.Vec2{})
	w.facing = append(w.facing, 0)
	w.faceVec = append(w.faceVec, mathx.Vec2{})
	w.radius = append(w.radius, 0)
	w.height = append(w.height, 0)
	w.extent = append(w.extent, mathx.Vec2{})
	w.health = append(w.health, 0)
	w.maxHealth = append(w.maxHealth, 0)
	w.value = append(w.value, 0)
	w.collector = append(w.collector, false)
	w.layer = append(w.layer, 0)
	w.mask = append(w.mask, 0)
	w.mass = append(w.mass, 0)
	w.body = append(w.body, physics.BodyID{})
	w.look = append(w.look, 0)
	w.anim = append(w.anim, 0)
	w.dir = append(w.dir, -1)
	w.player = append(w.player, atlas.Player{})
	w.drawing = append(w.drawing, iso.Object{})
	w.drawLayer = append(w.drawLayer, -1)
	w.style = append(w.style, raster.DrawOptions{})
	w.flashColor = append(w.flashColor, color.RGBA{})
	w.flashLeft = append(w.flashLeft, 0)
	w.flashTotal = append(w.flashTotal, 0)
	w.silhouette = append(w.silhouette, color.RGBA{})
	w.props = append(w.props, nil)
	w.barLeft = append(w.barLeft, 0)
	w.aim = append(w.aim, 0)
	w.solid = append(w.solid, false)
	w.navBlock = append(w.navBlock, false)
	w.lifetime = append(w.lifetime, 0)
	w.srcID = append(w.srcID, 0)
	w.hidden = append(w.hidden, false)
	w.ownParts = append(w.ownParts, false)
	w.parts = append(w.parts, iso.Part{})
	w.data = append(w.data, nil)
}

// activate makes slot i live and gives it its physics body.
func (w *World) activate(i int, d *EntityDef) error {
	var bd physics.BodyDef
	switch {
	case d.Kind == Character:
		bd = physics.DefaultBodyDef()
		bd.Mass = d.Mass
		bd.Velocity = d.Vel
		s, err := physics.NewCircle(d.Radius)
		if err != nil {
			return fmt.Errorf("scene: character %q: %w", d.Name, err)
		}
		bd.Shape = s
	case d.Kind == Object && w.solid[i]:
		bd.Type = physics.Static
		s, err := solidShape(d.Radius, d.Extent)
		if err != nil {
			return fmt.Errorf("scene: object %q: %w", d.Name, err)
		}
		bd.Shape = s
	case d.Kind == Trigger || d.Kind == Pickup:
		bd.Type = physics.Static
		bd.Sensor = true
		s, err := physics.NewBox(d.Extent.X, d.Extent.Y)
		if err != nil {
			return fmt.Errorf("scene: %s %q: %w", d.Kind, d.Name, err)
		}
		bd.Shape = s
	}
	if bd.Shape.Kind() != 0 {
		bd.Position = d.Pos.XY()
		bd.Layer, bd.Mask = d.Layer, d.Mask
		if bd.Layer == 0 {
			bd.Layer = 1
		}
		if bd.Mask == 0 {
			bd.Mask = physics.AllLayers
		}
		bd.UserData = w.handle(i).bits()
		id, err := w.Phys.CreateBody(bd)
		if err != nil {
			return fmt.Errorf("scene: %s %q: %w", d.Kind, d.Name, err)
		}
		w.body[i] = id
	}
	w.state[i] = stLive
	w.live++
	if w.solid[i] && w.nav != nil {
		w.nav.block(w.solidRect(i, w.nav), true)
		w.navBlock[i] = true
	}
	return nil
}

// solidShape is a solid object's collider: a box of half-size extent, or
// a circle of radius r when extent is zero.
func solidShape(r float64, extent mathx.Vec2) (physics.Shape, error) {
	if extent.X > 0 && extent.Y > 0 {
		return physics.NewBox(extent.X, extent.Y)
	}
	return physics.NewCircle(r)
}

// solidRect returns the tiles of n that slot i's solid shape covers.
func (w *World) solidRect(i int, n *Navigation) mathx.Rect {
	return tileRect(w.footprint(i), n.tiles.W, n.tiles.H)
}

// footprint is slot i's box on the ground: its extent, or a square of its
// radius when it has none (a point when it has neither).
func (w *World) footprint(i int) mathx.AABB {
	half := w.extent[i]
	if half.X <= 0 || half.Y <= 0 {
		half = mathx.V2(w.radius[i], w.radius[i])
	}
	p := w.pos[i].XY()
	return mathx.AABB{Min: p.Sub(half), Max: p.Add(half)}
}

// SetSolid makes a solid object passable (a door opening, a crate
// destroyed but left as a wreck) or solid again: its collider is removed
// or restored and its tiles freed or blocked in the navigation, in one
// call. Characters' paths that crossed it are planned again on their next
// tick. It panics on an entity that is not an object, or an object with
// no size (see the package's error contract).
func (w *World) SetSolid(e Entity, on bool) {
	i, ok := w.slotOf(e)
	if !ok {
		return
	}
	if w.kind[i] != Object {
		panic(fmt.Sprintf("scene: World.SetSolid on a %s", w.kind[i]))
	}
	if w.extent[i] == (mathx.Vec2{}) && w.radius[i] <= 0 {
		panic(fmt.Sprintf("scene: World.SetSolid: object %q has no size to be solid with", w.name[i]))
	}
	if w.solid[i] == on {
		return
	}
	w.solid[i] = on
	if w.state[i] != stLive {
		return // a pending object gets its body when it becomes live
	}
	if on {
		s, err := solidShape(w.radius[i], w.extent[i])
		if err != nil {
			panic("scene: World.SetSolid: " + err.Error())
		}
		bd := physics.BodyDef{Type: physics.Static, Shape: s, Position: w.pos[i].XY(), Layer: max(w.layer[i], 1), Mask: w.mask[i], UserData: w.handle(i).bits()}
		if bd.Mask == 0 {
			bd.Mask = physics.AllLayers
		}
		id, err := w.Phys.CreateBody(bd)
		if err != nil {
			panic("scene: World.SetSolid: " + err.Error())
		}
		w.body[i] = id
	} else if !w.body[i].IsNil() {
		_ = w.Phys.DestroyBody(w.body[i])
		w.body[i] = physics.BodyID{}
	}
	if w.nav != nil && w.navBlock[i] != on {
		w.nav.block(w.solidRect(i, w.nav), on)
		w.navBlock[i] = on
	}
}

// SetData attaches the game's own value to an entity (its brain, its
// stats; a pointer is stored without allocating). The world keeps it,
// never reads it, and drops it when the entity is removed.
func (w *World) SetData(e Entity, v any) {
	if i, ok := w.slotOf(e); ok {
		w.data[i] = v
	}
}

// Data returns the value SetData (or EntityDef.Data) attached to the
// entity, nil when none or when the handle is stale.
func (w *World) Data(e Entity) any {
	if i, ok := w.slotOf(e); ok {
		return w.data[i]
	}
	return nil
}

// Solid reports whether the entity is a solid object now.
func (w *World) Solid(e Entity) bool {
	i, ok := w.slotOf(e)
	return ok && w.solid[i]
}

// Remove removes an entity (during Step, it is freed when the next Step
// starts; at once otherwise). It reports whether it did: false for a nil, stale or
// already removed entity, which it leaves alone.
func (w *World) Remove(e Entity) bool {
	i, ok := w.slotOf(e)
	if !ok || w.state[i] == stDying {
		return false
	}
	if w.inTick {
		w.kill(i)
		return true
	}
	w.live--
	w.release(i)
	return true
}

// release frees slot i, its body and its steering agent.
func (w *World) release(i int) {
	w.dropAgent(i)
	if w.navBlock[i] && w.nav != nil {
		w.nav.block(w.solidRect(i, w.nav), false)
	}
	w.navBlock[i], w.solid[i] = false, false
	w.unindexName(i)
	if id := w.srcID[i]; id != 0 && w.byID[id] == int32(i) {
		delete(w.byID, id)
	}
	w.srcID[i] = 0
	if !w.body[i].IsNil() {
		_ = w.Phys.DestroyBody(w.body[i])
	}
	w.body[i] = physics.BodyID{}
	w.state[i] = stFree
	w.name[i], w.class[i] = "", ""
	w.props[i], w.data[i] = nil, nil
	w.drawing[i] = iso.Object{}
	w.parts[i] = iso.Part{}
	w.player[i] = atlas.Player{}
	w.gen[i]++ // stale handles never match again
	w.free = append(w.free, int32(i))
}

// Kind returns the entity's kind (0 for a stale handle).
func (w *World) Kind(e Entity) Kind {
	if i, ok := w.slotOf(e); ok {
		return w.kind[i]
	}
	return 0
}

// Name returns the entity's name.
func (w *World) Name(e Entity) string {
	if i, ok := w.slotOf(e); ok {
		return w.name[i]
	}
	return ""
}

// Class returns the entity's class.
func (w *World) Class(e Entity) string {
	if i, ok := w.slotOf(e); ok {
		return w.class[i]
	}
	return ""
}

// Pos returns where the entity stands (at the last tick).
func (w *World) Pos(e Entity) mathx.Vec3 {
	if i, ok := w.slotOf(e); ok {
		return w.pos[i]
	}
	return mathx.Vec3{}
}

// Velocity returns a character's velocity in world units per second.
func (w *World) Velocity(e Entity) mathx.Vec2 {
	if i, ok := w.slotOf(e); ok {
		return w.vel[i]
	}
	return mathx.Vec2{}
}

// Facing returns the heading in radians in the world x-y plane: where
// the entity's look faces (its velocity's direction while it moves).
func (l Looks) Facing(e Entity) float64 {
	w := l.w
	if i, ok := w.slotOf(e); ok {
		return w.facingOf(i)
	}
	return 0
}

// Health returns the entity's health.
func (w *World) Health(e Entity) int32 {
	if i, ok := w.slotOf(e); ok {
		return w.health[i]
	}
	return 0
}

// Body returns the entity's physics body (nil when it has none).
func (w *World) Body(e Entity) physics.BodyID {
	if i, ok := w.slotOf(e); ok {
		return w.body[i]
	}
	return physics.BodyID{}
}

// SetVelocity sets a character's velocity (world units per second); it
// turns the character to face where it goes. It panics on a non-finite
// velocity or an entity that is not a character.
func (w *World) SetVelocity(e Entity, v mathx.Vec2) {
	i, ok := w.slotOf(e)
	if !ok {
		return
	}
	if !v.IsFinite() {
		panic(fmt.Sprintf("scene: World.SetVelocity: velocity %v is not finite", v))
	}
	if w.kind[i] != Character {
		panic(fmt.Sprintf("scene: World.SetVelocity: %s %q cannot move", w.kind[i], w.name[i]))
	}
	w.vel[i] = v
}

// SetPos teleports an entity (its body too). The move is not
// interpolated: the entity appears at p on the next frame. It panics on
// a position that is not finite or beyond iso.MaxCoord.
func (w *World) SetPos(e Entity, p mathx.Vec3) {
	i, ok := w.slotOf(e)
	if !ok {
		return
	}
	if !p.IsFinite() || math.Abs(p.X) > iso.MaxCoord || math.Abs(p.Y) > iso.MaxCoord || math.Abs(p.Z) > iso.MaxCoord {
		panic(fmt.Sprintf("scene: World.SetPos: position %v out of range", p))
	}
	if !w.body[i].IsNil() {
		_ = w.Phys.SetPosition(w.body[i], p.XY()) // the body is live and p finite
	}
	old := w.pos[i]
	if d := &w.drawing[i]; len(d.Parts) > 0 && p != old {
		// A prebuilt drawing moves with its entity: its box by the world
		// offset, its parts by the projected one. The parts are copied on
		// the first move, so the definition's slice is never changed.
		if !w.ownParts[i] {
			d.Parts = slices.Clone(d.Parts)
			w.ownParts[i] = true
		}
		a, b := w.Grid.ToScreen(old), w.Grid.ToScreen(p)
		sd := mathx.Point{X: int(math.Round(b.X - a.X)), Y: int(math.Round(b.Y - a.Y))}
		for k := range d.Parts {
			d.Parts[k].At = d.Parts[k].At.Add(sd)
		}
		off := p.Sub(old)
		d.Box = iso.Box{Min: d.Box.Min.Add(off), Max: d.Box.Max.Add(off)}
	}
	moved := w.navBlock[i] && w.nav != nil
	if moved {
		w.nav.block(w.solidRect(i, w.nav), false)
	}
	w.pos[i], w.prev[i] = p, p
	if moved {
		w.nav.block(w.solidRect(i, w.nav), true)
	}
}

// Damage lowers e's health by amount (a negative amount heals, up to its
// maximum) and appends a DamageEvent to Events.Damages; when health
// reaches 0 from above it appends a DeathEvent to Events.Deaths and
// removes the entity (freed when the next Step starts: until then it is
// readable, not Alive). source is who caused it (may be nil). A stale or
// dying entity is left alone.
func (w *World) Damage(e Entity, amount int32, source Entity) {
	i, ok := w.slotOf(e)
	if !ok || w.state[i] == stDying {
		return
	}
	before := w.health[i]
	h := int64(before) - int64(amount)
	h = min(max(h, 0), int64(w.maxHealth[i]))
	w.health[i] = int32(h)
	w.Events.damages = append(w.Events.damages, DamageEvent{Entity: e, Source: source, Amount: amount, Health: w.health[i]})
	if before > 0 && w.health[i] == 0 {
		w.Events.deaths = append(w.Events.deaths, DeathEvent{Entity: e, Killer: source})
		w.soundDeath(i)
		w.kill(i)
	}
}

// kill removes slot i at the next Step's start: it stops being Alive now
// (and leaves the crowd: a step the crowd takes ahead, Crowd.StepAhead,
// does not see it) and stays readable until then.
func (w *World) kill(i int) {
	if w.state[i] == stLive {
		w.live--
	}
	w.dropAgent(i)
	w.state[i] = stDying
	w.removed = append(w.removed, int32(i))
}

// Each calls fn for every live entity of kind k (0: every kind), in slot
// order. Entities created or removed by fn do not change the walk: new
// ones are pending until the tick ends, removed ones are skipped from then
// on. Outside a tick, fn must not create or remove entities.
func (w *World) Each(k Kind, fn func(Entity)) {
	for i := range w.state {
		if w.state[i] == stLive && (k == 0 || w.kind[i] == k) {
			fn(w.handle(i))
		}
	}
}

// Find returns the first live entity (in slot order) with the given name.
func (w *World) Find(name string) (Entity, bool) {
	best := -1
	for _, i := range w.byName[name] {
		if w.state[i] == stLive && w.name[i] == name && (best < 0 || int(i) < best) {
			best = int(i)
		}
	}
	if best < 0 {
		return Entity{}, false
	}
	return w.handle(best), true
}

// FindID returns the live entity whose EntityDef.ID is id (a Tiled
// object id), in constant time.
func (w *World) FindID(id int) (Entity, bool) {
	i, ok := w.byID[id]
	if !ok || id == 0 || w.state[i] != stLive {
		return Entity{}, false
	}
	return w.handle(int(i)), true
}

// indexName adds slot i to the name index.
func (w *World) indexName(i int) {
	if w.name[i] == "" {
		return
	}
	if w.byName == nil {
		w.byName = map[string][]int32{}
	}
	w.byName[w.name[i]] = append(w.byName[w.name[i]], int32(i))
}

// unindexName removes slot i from the name index.
func (w *World) unindexName(i int) {
	n := w.name[i]
	if n == "" {
		return
	}
	l := w.byName[n]
	for k, j := range l {
		if int(j) == i {
			l[k] = l[len(l)-1]
			l = l[:len(l)-1]
			break
		}
	}
	if len(l) == 0 {
		delete(w.byName, n)
	} else {
		w.byName[n] = l
	}
}

// TPS returns the world's tick rate: the one place a game's tick rate is
// set (scene.Config.TPS); give it to platform.Config.TPS.
func (w *World) TPS() int { return int(math.Round(1 / w.dt)) }

// AppendEntities appends every live entity of kind k (0: all) in slot
// order.
func (w *World) AppendEntities(dst []Entity, k Kind) []Entity {
	for i := range w.state {
		if w.state[i] == stLive && (k == 0 || w.kind[i] == k) {
			dst = append(dst, w.handle(i))
		}
	}
	return dst
}

// addLook is Looks.Add.
func (w *World) addLook(l *Look) (LookID, error) {
	if l == nil {
		return 0, errors.New("scene: nil look")
	}
	if err := l.validate(); err != nil {
		return 0, err
	}
	w.looks = append(w.looks, l)
	w.lookSec = append(w.lookSec, newSectors(l.Dirs))
	if len(l.Parts) > 0 {
		w.partsMax = max(w.partsMax, 1+len(l.Parts))
	}
	return LookID(len(w.looks)), nil
}

// Props returns the entity's custom properties from its level file
// (EntityDef.Props; nil for a stale handle).
func (w *World) Props(e Entity) props.List {
	i, ok := w.slotOf(e)
	if !ok {
		return nil
	}
	return w.props[i]
}

// lookOf returns slot i's look or nil.
func (w *World) lookOf(i int) *Look {
	id := w.look[i]
	if id <= 0 || int(id) > len(w.looks) {
		return nil
	}
	return w.looks[id-1]
}
