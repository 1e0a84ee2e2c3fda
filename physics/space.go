package physics

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"diorama/internal/workers"
	"diorama/mathx"
)

// AllLayers is a mask that selects every layer.
const AllLayers = ^uint32(0)

// BodyType says how a body moves.
type BodyType uint8

// Body types.
const (
	// Static bodies never move and are never pushed.
	Static BodyType = iota
	// Kinematic bodies move by their velocity but are never pushed; they
	// push dynamic bodies as if infinitely heavy.
	Kinematic
	// Dynamic bodies move by their velocity and are pushed out of
	// overlaps: equal masses split the push, else the lighter body moves.
	Dynamic
)

// String names the type: "static", "kinematic" or "dynamic".
func (t BodyType) String() string {
	switch t {
	case Static:
		return "static"
	case Kinematic:
		return "kinematic"
	case Dynamic:
		return "dynamic"
	}
	return fmt.Sprintf("BodyType(%d)", uint8(t))
}

// BodyID is a handle to a body (Box2D v3 style): a slot index plus a
// generation, so a handle to a destroyed body never aliases a new one. The
// zero BodyID is the nil handle.
type BodyID struct {
	index int32 // slot+1; 0 is nil
	gen   uint32
}

// IsNil reports whether id is the nil handle.
func (id BodyID) IsNil() bool { return id.index == 0 }

// Index returns the body's storage slot (stable while the body lives), -1
// for the nil handle. Slots are dense small integers, handy for side tables.
func (id BodyID) Index() int { return int(id.index) - 1 }

// String formats the handle as slot:generation.
func (id BodyID) String() string {
	if id.IsNil() {
		return "nil"
	}
	return fmt.Sprintf("%d:%d", id.index-1, id.gen)
}

// SpaceDef configures a Space. Bounds is the area the broad-phase grid
// covers (bodies may leave it; they are then clamped into edge cells and
// only cost more). Zero fields take the documented defaults.
type SpaceDef struct {
	// Bounds of the broad-phase grid; required, finite, non-empty.
	Bounds mathx.AABB
	// CellSize of the uniform grid; default 32 (game units and bullets of
	// a few to a few tens of pixels).
	CellSize float64
	// MaxCastRadius is the largest circle radius whose casts (bullets,
	// swept bodies) walk the grid cell by cell; larger casts scan their
	// whole swept box. Default 8.
	MaxCastRadius float64
	// Iterations is the number of resolution passes per step (default 2,
	// clamped to 1..16): more passes settle crowds faster.
	Iterations int
	// Workers is how many goroutines StepBullets may use (default 1, the
	// caller's only; at most 64). Results are identical for any count:
	// each bullet's sweep only reads the world, and hits are reported and
	// slots freed in slot order. Small batches run on one goroutine. The
	// extra goroutines start on first use and stay parked until Close.
	Workers int
	// BruteForce replaces every broad-phase walk with all-pairs loops. It
	// exists as the reference for tests and benchmarks.
	BruteForce bool
}

// BodyDef describes a body to create. Start from DefaultBodyDef or set the
// fields directly; zero Layer means layer 1 and zero Mask means AllLayers.
type BodyDef struct {
	Type     BodyType
	Position mathx.Vec2
	Angle    float64 // radians
	Velocity mathx.Vec2
	// AngularVelocity in radians per second.
	AngularVelocity float64
	Shape           Shape
	// Mass of a dynamic body: finite and > 0 (error otherwise). Ignored for
	// static and kinematic bodies, which behave as infinitely heavy.
	Mass float64
	// Layer is the body's category bits; Mask the categories it collides
	// with. Two bodies interact when each one's Layer meets the other's Mask.
	Layer, Mask uint32
	// Sensor bodies report overlaps as SensorEvents and never push or get
	// pushed.
	Sensor bool
	// UserData is carried for the caller (an entity id, say).
	UserData uint64
}

// DefaultBodyDef returns a dynamic body of mass 1 on layer 1 colliding with
// everything; the caller still sets the Shape.
func DefaultBodyDef() BodyDef {
	return BodyDef{Type: Dynamic, Mass: 1, Layer: 1, Mask: AllLayers}
}

// Space owns bodies, tile walls and the broad phase; it steps them and
// answers queries. Storage is data-oriented: one slice per field, indexed
// by body slot. A Space is not safe for concurrent mutation; concurrent
// read-only queries are not supported either (queries use scratch marks).
type Space struct {
	def SpaceDef

	// Body storage, indexed by slot.
	pos, vel      []mathx.Vec2
	angle, angVel []float64
	rot           []mathx.Vec2 // cos, sin of angle, kept in step with it
	mass, invMass []float64
	typ           []BodyType
	shape         []Shape
	crad          []float64 // circle radius, -1 for polygons (hot copy for casts)
	layer, mask   []uint32
	sensor        []bool
	user          []uint64
	gen           []uint32
	alive         []bool
	box           []mathx.AABB
	prev          []mathx.Vec2 // position before the last Step moved the body
	sbox          []mathx.AABB // box ∪ box at prev: what the body swept in the last Step
	free          []int32      // free slots, reused last-freed-first

	moving, static []int32 // alive slots by kind, ascending
	listsDirty     bool
	staticDirty    bool
	movingDirty    bool

	// Walls (tile colliders): axis-aligned boxes with buried-face masks.
	wallBox   []mathx.AABB
	wallMask  []uint8
	wallTile  []wallTile // tile-map origin of each wall (map -1 for AddWall)
	maps      []tileGrid
	wallLayer []uint32
	wallIDs   []int32

	gWalls, gStatic, gMoving grid
	mk                       marks // de-duplication marks for the calling goroutine
	workerMarks              []marks
	pool                     *workers.Pool // StepBullets' and Parallel's workers, from first use
	poolJob                  func(int)     // sp.runJob, made once (a method value allocates)
	share                    bulletShare   // the running multi-worker StepBullets
	bgrid                    bulletGrid    // StepBullets' merged broad phase

	pairs []pair
	// Step's passes over the moving bodies on the workers (Parallel): the
	// funcs are made once (a method value made per step would allocate);
	// per part, the bodies left for the serial sweep and the pairs found.
	integrateFn, boxesFn, pairsFn func(k, lo, hi int)
	sweepLists                    [64][]int32
	partPairs                     [64][]pair
	stepDt                        float64
	// What Step reads of the bodies' filters (knowFilters), known until
	// a body is created or destroyed or SetFilter runs: every layer and
	// every mask some live body has, whether some moving body may meet
	// another body, and by slot what each moving body meets.
	stepLayers, stepMasks uint32
	pairsPossible         bool
	filtersKnown          bool
	pairKind              []uint8 // meetsWalls | meetsBodies
	// nearWalls has bit c set when the wall grid's cell c, or the cell
	// right of it, below it or both, holds a wall: a box spanning at most
	// 2×2 cells from c meets no wall cell when it is clear.
	nearWalls []uint64
	// findPairs' per-cell cursors past the slots already handled, valid
	// when cellEpoch[c] == epoch.
	cellCur      []int32
	cellEpoch    []uint32
	epoch        uint32
	contacts     []ContactEvent
	sensorNow    []sensorKey
	sensorPrev   []sensorKey
	sensorEvents []SensorEvent
	hits         []RayHit // scratch for RayCastAll
	profile      StepStats
}

// NewSpace validates def and returns an empty world.
func NewSpace(def SpaceDef) (*Space, error) {
	b := def.Bounds
	if !finiteVec(b.Min) || !finiteVec(b.Max) || b.Max.X <= b.Min.X || b.Max.Y <= b.Min.Y {
		return nil, fmt.Errorf("physics: SpaceDef.Bounds %v..%v must be finite and non-empty", b.Min, b.Max)
	}
	if def.CellSize == 0 {
		def.CellSize = 32
	}
	if !validSize(def.CellSize) {
		return nil, fmt.Errorf("physics: SpaceDef.CellSize %v must be finite and > 0", def.CellSize)
	}
	cells := math.Ceil((b.Max.X-b.Min.X)/def.CellSize) * math.Ceil((b.Max.Y-b.Min.Y)/def.CellSize)
	if cells > 1<<24 {
		return nil, fmt.Errorf("physics: grid of %.0f cells is too large; raise SpaceDef.CellSize", cells)
	}
	if def.MaxCastRadius == 0 {
		def.MaxCastRadius = 8
	}
	if !finite(def.MaxCastRadius) || def.MaxCastRadius < 0 {
		return nil, fmt.Errorf("physics: SpaceDef.MaxCastRadius %v must be finite and >= 0", def.MaxCastRadius)
	}
	if def.Iterations <= 0 {
		def.Iterations = 2
	}
	def.Iterations = min(def.Iterations, 16)
	def.Workers = max(1, min(def.Workers, 64))
	w := &Space{def: def}
	w.integrateFn, w.boxesFn, w.pairsFn = w.integrateRange, w.boxesRange, w.pairsRange
	w.gWalls = newGrid(b, def.CellSize)
	w.gStatic = newGrid(b, def.CellSize)
	w.gMoving = newGrid(b, def.CellSize)
	return w, nil
}

// Def returns the world's configuration with defaults filled in.
func (sp *Space) Def() SpaceDef { return sp.def }

// ErrBadHandle is returned for a nil or stale BodyID.
var ErrBadHandle = errors.New("physics: nil or stale BodyID")

func (sp *Space) slot(id BodyID) (int, bool) {
	i := int(id.index) - 1
	if i < 0 || i >= len(sp.alive) || !sp.alive[i] || sp.gen[i] != id.gen {
		return 0, false
	}
	return i, true
}

// Valid reports whether id refers to a live body.
func (sp *Space) Valid(id BodyID) bool { _, ok := sp.slot(id); return ok }

// CreateBody validates def and adds a body. Errors: zero shape, NaN/Inf or
// absurd position/angle/velocity, dynamic mass not finite and > 0, unknown
// type. Nothing is added on error.
func (sp *Space) CreateBody(def BodyDef) (BodyID, error) {
	if def.Shape.kind == 0 {
		return BodyID{}, ErrEmptyShape
	}
	if !finiteVec(def.Position) || !finite(def.Angle) || !finiteVec(def.Velocity) || !finite(def.AngularVelocity) {
		return BodyID{}, fmt.Errorf("%w: position %v angle %v velocity %v angular %v",
			ErrBadPosition, def.Position, def.Angle, def.Velocity, def.AngularVelocity)
	}
	var im float64
	switch def.Type {
	case Dynamic:
		if !validSize(def.Mass) {
			return BodyID{}, fmt.Errorf("%w: got %v", ErrBadMass, def.Mass)
		}
		im = 1 / def.Mass
	case Static, Kinematic:
		def.Mass = math.Inf(1)
	default:
		return BodyID{}, fmt.Errorf("physics: unknown body type %d", def.Type)
	}
	if def.Type == Static {
		def.Velocity, def.AngularVelocity = mathx.Vec2{}, 0
	}
	if def.Layer == 0 {
		def.Layer = 1
	}
	if def.Mask == 0 {
		def.Mask = AllLayers
	}
	var i int
	if n := len(sp.free); n > 0 {
		i = int(sp.free[n-1])
		sp.free = sp.free[:n-1]
	} else {
		i = len(sp.alive)
		sp.pos = append(sp.pos, mathx.Vec2{})
		sp.vel = append(sp.vel, mathx.Vec2{})
		sp.angle = append(sp.angle, 0)
		sp.angVel = append(sp.angVel, 0)
		sp.rot = append(sp.rot, mathx.Vec2{})
		sp.mass = append(sp.mass, 0)
		sp.invMass = append(sp.invMass, 0)
		sp.typ = append(sp.typ, 0)
		sp.shape = append(sp.shape, Shape{})
		sp.crad = append(sp.crad, 0)
		sp.layer = append(sp.layer, 0)
		sp.mask = append(sp.mask, 0)
		sp.sensor = append(sp.sensor, false)
		sp.user = append(sp.user, 0)
		sp.gen = append(sp.gen, 0)
		sp.alive = append(sp.alive, false)
		// The free list holds at most every slot: sized with them, a
		// body destroyed later never grows it.
		sp.free = slices.Grow(sp.free, cap(sp.alive)-len(sp.free))
		sp.box = append(sp.box, mathx.AABB{})
		sp.prev = append(sp.prev, mathx.Vec2{})
		sp.sbox = append(sp.sbox, mathx.AABB{})
	}
	sp.pos[i], sp.vel[i] = def.Position, def.Velocity
	sp.prev[i] = def.Position
	sp.angVel[i] = def.AngularVelocity
	sp.setAngle(i, def.Angle)
	sp.mass[i], sp.invMass[i] = def.Mass, im
	sp.typ[i], sp.shape[i] = def.Type, def.Shape
	sp.crad[i] = -1
	if def.Shape.kind == KindCircle {
		sp.crad[i] = def.Shape.radius
	}
	sp.layer[i], sp.mask[i], sp.sensor[i], sp.user[i] = def.Layer, def.Mask, def.Sensor, def.UserData
	sp.gen[i]++
	sp.alive[i] = true
	sp.updateBox(i)
	sp.listsDirty = true
	sp.filtersKnown = false
	sp.markMoved(i)
	return BodyID{index: int32(i + 1), gen: sp.gen[i]}, nil
}

// DestroyBody removes a body; its handle and any copies become stale.
func (sp *Space) DestroyBody(id BodyID) error {
	i, ok := sp.slot(id)
	if !ok {
		return ErrBadHandle
	}
	sp.alive[i] = false
	sp.free = append(sp.free, int32(i))
	sp.listsDirty = true
	sp.filtersKnown = false
	sp.markMoved(i)
	return nil
}

// markMoved flags the grid holding slot i for a rebuild.
func (sp *Space) markMoved(i int) {
	if sp.typ[i] == Static {
		sp.staticDirty = true
	} else {
		sp.movingDirty = true
	}
}

func (sp *Space) updateBox(i int) {
	p := sp.pos[i]
	if r := sp.crad[i]; r >= 0 {
		sp.setBoxes(i, circleBox(p, r), sp.prev[i].Sub(p))
		return
	}
	sp.setBoxes(i, sp.shape[i].aabb(sp.xf(i)), sp.prev[i].Sub(p))
}

// circleBox is Shape.aabb of a circle of radius r at p, from the
// radius's hot copy (crad) without the shape or the rotation.
func circleBox(p mathx.Vec2, r float64) mathx.AABB {
	return mathx.AABB{Min: mathx.Vec2{X: p.X - r, Y: p.Y - r}, Max: mathx.Vec2{X: p.X + r, Y: p.Y + r}}
}

// setBoxes stores body i's box b and its swept box: b joined with b
// moved by d, the way back to its previous position.
func (sp *Space) setBoxes(i int, b mathx.AABB, d mathx.Vec2) {
	sp.box[i] = b
	if d != (mathx.Vec2{}) {
		b = unionBox(b, b.Translate(d))
	}
	sp.sbox[i] = b
}

// unionBox is mathx.AABB.Union with the builtin min and max, which inline
// to branch-free instructions and give the same bits as math.Min and
// math.Max for every finite input (they differ only for NaN against an
// infinity).
func unionBox(a, b mathx.AABB) mathx.AABB {
	return mathx.AABB{Min: mathx.Vec2{X: min(a.Min.X, b.Min.X), Y: min(a.Min.Y, b.Min.Y)}, Max: mathx.Vec2{X: max(a.Max.X, b.Max.X), Y: max(a.Max.Y, b.Max.Y)}}
}

// setAngle stores a wrapped angle and its cosine and sine.
func (sp *Space) setAngle(i int, a float64) {
	a = mathx.WrapAngle(a)
	sp.angle[i] = a
	if a == 0 {
		sp.rot[i] = mathx.Vec2{X: 1}
	} else {
		s, c := mathx.Sincos(a)
		sp.rot[i] = mathx.Vec2{X: c, Y: s}
	}
}

// xf returns body i's transform.
func (sp *Space) xf(i int) xform { return xform{p: sp.pos[i], c: sp.rot[i].X, s: sp.rot[i].Y} }

// BodyCount returns the number of live bodies.
func (sp *Space) BodyCount() int { return len(sp.alive) - len(sp.free) }

// Position returns the body's position (zero for a bad handle).
func (sp *Space) Position(id BodyID) mathx.Vec2 {
	if i, ok := sp.slot(id); ok {
		return sp.pos[i]
	}
	return mathx.Vec2{}
}

// Velocity returns the body's velocity (zero for a bad handle).
func (sp *Space) Velocity(id BodyID) mathx.Vec2 {
	if i, ok := sp.slot(id); ok {
		return sp.vel[i]
	}
	return mathx.Vec2{}
}

// Angle returns the body's angle in radians (zero for a bad handle).
func (sp *Space) Angle(id BodyID) float64 {
	if i, ok := sp.slot(id); ok {
		return sp.angle[i]
	}
	return 0
}

// Type returns the body's type (Static for a bad handle).
func (sp *Space) Type(id BodyID) BodyType {
	if i, ok := sp.slot(id); ok {
		return sp.typ[i]
	}
	return Static
}

// Mass returns the body's mass, +Inf for static and kinematic bodies, 0 for
// a bad handle.
func (sp *Space) Mass(id BodyID) float64 {
	if i, ok := sp.slot(id); ok {
		return sp.mass[i]
	}
	return 0
}

// Shape returns the body's shape (the zero Shape for a bad handle).
func (sp *Space) Shape(id BodyID) Shape {
	if i, ok := sp.slot(id); ok {
		return sp.shape[i]
	}
	return Shape{}
}

// BodyAABB returns the body's world bounding box.
func (sp *Space) BodyAABB(id BodyID) mathx.AABB {
	if i, ok := sp.slot(id); ok {
		return sp.box[i]
	}
	return mathx.AABB{}
}

// UserData returns the value given in BodyDef.UserData.
func (sp *Space) UserData(id BodyID) uint64 {
	if i, ok := sp.slot(id); ok {
		return sp.user[i]
	}
	return 0
}

// IsSensor reports whether the body is a sensor.
func (sp *Space) IsSensor(id BodyID) bool {
	if i, ok := sp.slot(id); ok {
		return sp.sensor[i]
	}
	return false
}

// SetPosition teleports a body. NaN, infinite or absurd positions are
// rejected with an error and leave the body unchanged.
func (sp *Space) SetPosition(id BodyID, p mathx.Vec2) error {
	i, ok := sp.slot(id)
	if !ok {
		return ErrBadHandle
	}
	if !finiteVec(p) {
		return fmt.Errorf("%w: position %v", ErrBadPosition, p)
	}
	sp.pos[i] = p
	sp.prev[i] = p // a teleport sweeps nothing
	sp.updateBox(i)
	sp.markMoved(i)
	return nil
}

// SetAngle rotates a body (radians, wrapped to [-π, π)).
func (sp *Space) SetAngle(id BodyID, a float64) error {
	i, ok := sp.slot(id)
	if !ok {
		return ErrBadHandle
	}
	if !finite(a) {
		return fmt.Errorf("%w: angle %v", ErrBadPosition, a)
	}
	sp.setAngle(i, a)
	sp.updateBox(i)
	sp.markMoved(i)
	return nil
}

// SetVelocity sets a kinematic or dynamic body's velocity. NaN or infinite
// values are rejected; static bodies cannot be given a velocity.
func (sp *Space) SetVelocity(id BodyID, v mathx.Vec2) error {
	i, ok := sp.slot(id)
	if !ok {
		return ErrBadHandle
	}
	if !finiteVec(v) {
		return fmt.Errorf("%w: velocity %v", ErrBadPosition, v)
	}
	if sp.typ[i] == Static {
		return errors.New("physics: static bodies have no velocity")
	}
	sp.vel[i] = v
	return nil
}

// SetVelocities sets the velocities of many bodies at once: body ids[k]
// gets vs[k], as SetVelocity would give it, for every k. Fewer
// velocities than handles set nothing and return an error. A handle that
// is nil or stale, a static body or a velocity that is not finite leaves
// that body unchanged; the first such error is returned after the others
// are set. It writes only the
// named bodies, so calls over disjoint handles may run on several
// goroutines. It is SetVelocity without a call per body: the scene
// hands its characters' velocities this way each tick.
func (sp *Space) SetVelocities(ids []BodyID, vs []mathx.Vec2) error {
	if len(vs) < len(ids) {
		return fmt.Errorf("physics: SetVelocities: %d velocities for %d bodies", len(vs), len(ids))
	}
	vs = vs[:len(ids)]
	var first error
	for {
		n := sp.setVelocities(ids, vs)
		if n == len(ids) {
			return first
		}
		if err := sp.SetVelocity(ids[n], vs[n]); err != nil && first == nil {
			first = err
		}
		ids, vs = ids[n+1:], vs[n+1:]
	}
}

// setVelocities sets body ids[k]'s velocity to vs[k] for k from 0 up to
// the first body SetVelocity would refuse (a bad handle, a static body,
// a velocity that is not finite), and returns that k (len(ids) when
// none). No call in the loop: the columns stay in registers.
func (sp *Space) setVelocities(ids []BodyID, vs []mathx.Vec2) int {
	vs = vs[:len(ids)]
	alive := sp.alive
	gen, typ, vel := sp.gen[:len(alive)], sp.typ[:len(alive)], sp.vel[:len(alive)]
	for k, id := range ids {
		v := vs[k]
		i := int(id.index) - 1
		if uint(i) >= uint(len(alive)) || !alive[i] || gen[i] != id.gen || typ[i] == Static || !finite(v.X) || !finite(v.Y) {
			return k
		}
		vel[i] = v
	}
	return len(ids)
}

// SetAngularVelocity sets a kinematic or dynamic body's turn rate (rad/s).
func (sp *Space) SetAngularVelocity(id BodyID, av float64) error {
	i, ok := sp.slot(id)
	if !ok {
		return ErrBadHandle
	}
	if !finite(av) {
		return fmt.Errorf("%w: angular velocity %v", ErrBadPosition, av)
	}
	if sp.typ[i] == Static {
		return errors.New("physics: static bodies have no velocity")
	}
	sp.angVel[i] = av
	return nil
}

// SetMass changes a dynamic body's mass (finite and > 0); static and
// kinematic bodies keep their infinite mass and return an error.
func (sp *Space) SetMass(id BodyID, m float64) error {
	i, ok := sp.slot(id)
	if !ok {
		return ErrBadHandle
	}
	if sp.typ[i] != Dynamic {
		return errors.New("physics: only dynamic bodies have a finite mass")
	}
	if !validSize(m) {
		return fmt.Errorf("%w: got %v", ErrBadMass, m)
	}
	sp.mass[i], sp.invMass[i] = m, 1/m
	return nil
}

// SetFilter changes a body's layer and mask (0 layer means 1, 0 mask means
// AllLayers, as in BodyDef).
func (sp *Space) SetFilter(id BodyID, layer, mask uint32) error {
	i, ok := sp.slot(id)
	if !ok {
		return ErrBadHandle
	}
	if layer == 0 {
		layer = 1
	}
	if mask == 0 {
		mask = AllLayers
	}
	sp.layer[i], sp.mask[i] = layer, mask
	sp.filtersKnown = false
	return nil
}

// Bodies appends the handles of all live bodies to dst in slot order.
func (sp *Space) Bodies(dst []BodyID) []BodyID {
	for i, a := range sp.alive {
		if a {
			dst = append(dst, BodyID{index: int32(i + 1), gen: sp.gen[i]})
		}
	}
	return dst
}

func (sp *Space) idOf(i int32) BodyID { return BodyID{index: i + 1, gen: sp.gen[i]} }

// AddWall adds an axis-aligned static wall on the given layer (0 means
// layer 1) and returns its index. Walls are cheaper than static bodies and
// are what tile maps turn into.
func (sp *Space) AddWall(b mathx.AABB, layer uint32) (int, error) {
	return sp.addWall(b, 0x0f, layer)
}

func (sp *Space) addWall(b mathx.AABB, mask uint8, layer uint32) (int, error) {
	if !finiteVec(b.Min) || !finiteVec(b.Max) || b.Max.X <= b.Min.X || b.Max.Y <= b.Min.Y {
		return 0, fmt.Errorf("physics: wall %v..%v must be finite with positive size", b.Min, b.Max)
	}
	if layer == 0 {
		layer = 1
	}
	sp.wallBox = append(sp.wallBox, b)
	sp.wallMask = append(sp.wallMask, mask)
	sp.wallTile = append(sp.wallTile, wallTile{m: -1})
	sp.wallLayer = append(sp.wallLayer, layer)
	sp.wallIDs = append(sp.wallIDs, int32(len(sp.wallIDs)))
	sp.staticDirty = true
	return len(sp.wallBox) - 1, nil
}

// WallCount returns the number of walls.
func (sp *Space) WallCount() int { return len(sp.wallBox) }

// Wall returns wall i's box.
func (sp *Space) Wall(i int) mathx.AABB {
	if i < 0 || i >= len(sp.wallBox) {
		return mathx.AABB{}
	}
	return sp.wallBox[i]
}

// WallFaces returns wall i's exposed faces as a TileBox.Faces mask (bit 0
// the low-y side, 1 high x, 2 high y, 3 low x): the sides not buried in
// neighbouring solid tiles when the wall came from AddSolidTiles, all
// four for AddWall's walls, 0 for an index out of range.
func (sp *Space) WallFaces(i int) uint8 {
	if i < 0 || i >= len(sp.wallMask) {
		return 0
	}
	return sp.wallMask[i]
}

// refresh rebuilds the kind lists and the static grids if bodies or walls
// were added, removed or moved since the last build.
func (sp *Space) refresh() {
	if sp.listsDirty {
		sp.moving, sp.static = sp.moving[:0], sp.static[:0]
		for i, a := range sp.alive {
			if !a {
				continue
			}
			if sp.typ[i] == Static {
				sp.static = append(sp.static, int32(i))
			} else {
				sp.moving = append(sp.moving, int32(i))
			}
		}
		sp.listsDirty = false
	}
	if sp.staticDirty {
		sp.gWalls.build(sp.wallIDs, sp.wallBox, sp.def.MaxCastRadius)
		sp.nearWalls = sp.gWalls.near2x2(sp.nearWalls)
		sp.gStatic.build(sp.static, sp.sbox, sp.def.MaxCastRadius)
		sp.staticDirty = false
	}
	if sp.movingDirty {
		sp.gMoving.build(sp.moving, sp.sbox, sp.def.MaxCastRadius)
		sp.movingDirty = false
	}
}

// marks de-duplicate bodies and walls within one pass over several grid
// cells: an item is visited when its mark differs from the pass's number.
// Each goroutine casting in parallel has its own.
type marks struct {
	body, wall []uint32
	now        uint32
}

// next starts a pass over nb body slots and nw walls.
func (m *marks) next(nb, nw int) uint32 {
	if len(m.body) < nb {
		m.body = append(m.body, make([]uint32, nb-len(m.body))...)
	}
	if len(m.wall) < nw {
		m.wall = append(m.wall, make([]uint32, nw-len(m.wall))...)
	}
	m.now++
	if m.now == 0 {
		clear(m.body)
		clear(m.wall)
		m.now = 1
	}
	return m.now
}

// nextStamp starts a new de-duplication pass on the Space's own marks.
func (sp *Space) nextStamp() uint32 { return sp.mk.next(len(sp.alive), len(sp.wallBox)) }
