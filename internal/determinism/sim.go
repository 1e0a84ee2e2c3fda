package determinism

import (
	"diorama/internal/fnv"
	"fmt"
	"math"

	"diorama/ai/steer"
	"diorama/ai/tactics"
	"diorama/iso"
	"diorama/mathx"
	"diorama/physics"
	"diorama/scene"
)

// Size of the arena in tiles (world units) on each side.
const arenaSize = 40

// Sim is the traced world, a headless cousin of the demo's: a walled
// scene arena with pillars where characters wander on random headings,
// fire bullets in random directions, take damage and respawn; spinning
// oriented boxes, polygons and capsules bouncing in the same physics
// world; a steering swarm (seek, arrive, pursue, wander, separation,
// wall and obstacle avoidance) chasing a scripted player that moves on a
// Lissajous curve; a line formation assigning and re-assigning its
// slots to the first swarm agents; a terrain analysis (ray casts through
// physics, danger blur) re-run every 20 ticks; and vision-cone checks of
// every character toward the player. Every random choice comes from the
// scene's seeded source. Nothing reads the clock, the environment or a
// map iteration, so [Sim.Hash] after the same number of ticks is the same
// wherever the Sim is built: that is what the cross-platform test checks.
type Sim struct {
	W        *scene.World
	Swarm    *steer.Crowd
	Form     *tactics.Formation
	An       *tactics.Analyzer
	spawns   []scene.Entity
	shooters []scene.Entity
	spinners []physics.BodyID
	pillars  []steer.Circle
	walls    []steer.Segment
	solid    []bool
	formPos  []mathx.Vec2
	dangers  []tactics.Source
	senses   tactics.Senses
	seen     uint64 // characters seeing the player this tick, folded
	viewer   physics.BodyID
	player   mathx.Vec2
	fp       uint64 // fingerprint of mathx's elementary functions
	tick     int
}

// New builds the world for seed.
func New(seed uint64) (*Sim, error) {
	p, err := iso.Dimetric(32)
	if err != nil {
		return nil, err
	}
	g, err := iso.NewDiamond(p, arenaSize, arenaSize)
	if err != nil {
		return nil, err
	}
	w, err := scene.NewWorld(scene.Config{Grid: g, Seed: seed, MaxBullets: 800})
	if err != nil {
		return nil, err
	}
	s := &Sim{W: w, solid: make([]bool, arenaSize*arenaSize), fp: Fingerprint()}
	// Outer walls and 2×2 pillars.
	for k := 0; k < arenaSize; k++ {
		s.solid[k], s.solid[(arenaSize-1)*arenaSize+k] = true, true
		s.solid[k*arenaSize], s.solid[k*arenaSize+arenaSize-1] = true, true
	}
	for y := 7; y < arenaSize-7; y += 11 {
		for x := 6; x < arenaSize-6; x += 9 {
			for _, d := range [4]int{0, 1, arenaSize, arenaSize + 1} {
				s.solid[y*arenaSize+x+d] = true
			}
			s.pillars = append(s.pillars, steer.Circle{C: mathx.V2(float64(x)+1, float64(y)+1), R: math.Sqrt2})
		}
	}
	if _, _, err := w.Phys.AddSolidTiles(physics.SolidTiles{Cols: arenaSize, Rows: arenaSize, TileW: 1, TileH: 1, Solid: s.solid}); err != nil {
		return nil, err
	}
	lo, hi := 1.0, float64(arenaSize-1)
	s.walls = []steer.Segment{
		{A: mathx.V2(lo, lo), B: mathx.V2(hi, lo)}, {A: mathx.V2(hi, lo), B: mathx.V2(hi, hi)},
		{A: mathx.V2(hi, hi), B: mathx.V2(lo, hi)}, {A: mathx.V2(lo, hi), B: mathx.V2(lo, lo)},
	}
	for k := 0; k < 12; k++ {
		at, err := s.freeSpot()
		if err != nil {
			return nil, err
		}
		e, err := w.Create(scene.EntityDef{Kind: scene.SpawnPoint, Class: "enemy", Pos: mathx.V3(at.X, at.Y, 0)})
		if err != nil {
			return nil, err
		}
		s.spawns = append(s.spawns, e)
	}
	for k := 0; k < 60; k++ {
		at, err := s.freeSpot()
		if err != nil {
			return nil, err
		}
		if _, err := w.Create(scene.EntityDef{Kind: scene.Character, Name: "unit", Pos: mathx.V3(at.X, at.Y, 0),
			Facing: w.Rand.Angle(), Radius: 0.3, Health: 12}); err != nil {
			return nil, err
		}
	}
	if err := s.addSpinners(); err != nil {
		return nil, err
	}
	s.addTasks()
	if err := s.addSwarm(seed); err != nil {
		return nil, err
	}
	if s.Form, err = tactics.NewLine(1.5, mathx.Deg(30)); err != nil {
		return nil, err
	}
	for id := 0; id < 6; id++ {
		s.Form.Join(id)
	}
	if s.An, err = tactics.NewAnalyzer(tactics.DefaultAnalyzerConfig(1)); err != nil {
		return nil, err
	}
	s.senses = tactics.Senses{FOV: mathx.Deg(100), SightRange: 12, ReactionTicks: 3, MemoryTicks: 60}
	s.player = s.playerAt(0)
	return s, nil
}

// freeSpot draws a random point at least one tile from any solid tile.
func (s *Sim) freeSpot() (mathx.Vec2, error) {
	for try := 0; try < 1000; try++ {
		p := mathx.V2(s.W.Rand.Range(2, arenaSize-2), s.W.Rand.Range(2, arenaSize-2))
		x, y := int(p.X), int(p.Y)
		clear := true
		for dy := -1; dy <= 1 && clear; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if s.solid[(y+dy)*arenaSize+x+dx] {
					clear = false
					break
				}
			}
		}
		if clear {
			return p, nil
		}
	}
	return mathx.Vec2{}, fmt.Errorf("determinism: no free spot in the arena")
}

// addSpinners adds rotating dynamic bodies of every non-circle shape.
func (s *Sim) addSpinners() error {
	for k := 0; k < 9; k++ {
		var sh physics.Shape
		var err error
		switch k % 3 {
		case 0:
			sh, err = physics.NewOrientedBox(0.4, 0.2, mathx.V2(0.1, 0), s.W.Rand.Angle())
		case 1:
			sh, err = physics.NewPolygon([]mathx.Vec2{{X: -0.4, Y: -0.3}, {X: 0.5, Y: -0.2}, {X: 0.3, Y: 0.4}, {X: -0.3, Y: 0.3}})
		default:
			sh, err = physics.NewCapsule(0.3, 0.2)
		}
		if err != nil {
			return err
		}
		at, err := s.freeSpot()
		if err != nil {
			return err
		}
		d := physics.DefaultBodyDef()
		d.Shape, d.Position, d.Angle = sh, at, s.W.Rand.Angle()
		d.Velocity = s.W.Rand.UnitVec().Scale(s.W.Rand.Range(1, 3))
		d.AngularVelocity = s.W.Rand.Range(-4, 4)
		d.Layer, d.Mask = 4, 1|4
		id, err := s.W.Phys.CreateBody(d)
		if err != nil {
			return err
		}
		s.spinners = append(s.spinners, id)
	}
	return nil
}

// addTasks wires the arena's rules into the scene's scheduler (react
// does its events).
func (s *Sim) addTasks() {
	w := s.W
	w.Tasks.Every(30, func(uint64) bool {
		w.Each(scene.Character, func(e scene.Entity) {
			w.SetVelocity(e, mathx.FromAngle(w.Rand.Angle()).Scale(w.Rand.Range(0.5, 2)))
		})
		for _, id := range s.spinners { // a kick now and then keeps them moving
			if v := w.Phys.Velocity(id); v.Len() < 0.5 {
				_ = w.Phys.SetVelocity(id, w.Rand.UnitVec().Scale(2))
			}
		}
		return false
	})
	w.Tasks.Every(1, func(uint64) bool {
		s.shooters = w.AppendEntities(s.shooters[:0], scene.Character)
		if len(s.shooters) == 0 {
			return false
		}
		for k := 0; k < 4; k++ {
			sh := s.shooters[w.Rand.IntN(len(s.shooters))]
			from := w.Pos(sh).XY()
			// Half aim at the player (Angle of the difference), half spray.
			a := s.player.Sub(from).Angle() + w.Rand.Range(-0.2, 0.2)
			if w.Rand.Bool() {
				a = w.Rand.Angle()
			}
			d := mathx.FromAngle(a)
			w.Bullets().Fire(scene.BulletDef{Pos: from.Add(d.Scale(0.45)), Z: 0.5, Vel: d.Scale(6), Radius: 0.05,
				Damage: 1, Owner: sh, Mask: 1 | 2 | 4, TTL: 150})

		}
		return false
	})
}

// react is the arena's rules on what the world's Step did: hits damage
// their targets, each death respawns a unit.
func (s *Sim) react() {
	w := s.W
	for _, h := range w.Events.BulletHits() {
		if !h.Target.IsNil() {
			w.Damage(h.Target, h.Damage, h.Owner)
		}
	}
	for range w.Events.Deaths() {
		sp := s.spawns[w.Rand.IntN(len(s.spawns))]
		at := w.Pos(sp).XY().Add(w.Rand.InCircle(3))
		at.X = mathx.Clamp(at.X, 2, arenaSize-2)
		at.Y = mathx.Clamp(at.Y, 2, arenaSize-2)
		_, _ = w.Create(scene.EntityDef{Kind: scene.Character, Name: "unit", Pos: mathx.V3(at.X, at.Y, 0), Radius: 0.3, Health: 12})
	}
}

// addSwarm makes the steering world: six formation members, then seekers,
// pursuers, wanderers and a patrol on a looped path.
func (s *Sim) addSwarm(seed uint64) error {
	cfg := steer.DefaultConfig(0.35)
	cfg.Seed = seed
	cfg.Walls = func(area mathx.AABB, dst []steer.Segment) []steer.Segment { return append(dst, s.walls...) }
	cfg.Obstacles = func(area mathx.AABB, dst []steer.Circle) []steer.Circle {
		for _, c := range s.pillars {
			if area.Overlaps(mathx.BoxAround(c.C, mathx.V2(c.R, c.R))) {
				dst = append(dst, c)
			}
		}
		return dst
	}
	s.Swarm = steer.NewCrowd(cfg)
	patrol, err := s.Swarm.AddPath([]mathx.Vec2{{X: 4, Y: 4}, {X: 36, Y: 5}, {X: 35, Y: 35}, {X: 5, Y: 34}}, true)
	if err != nil {
		return err
	}
	avoid := steer.AvoidingWalls | steer.AvoidingObstacles | steer.Separating
	for k := 0; k < 40; k++ {
		at, err := s.freeSpot()
		if err != nil {
			return err
		}
		a := steer.Agent{Pos: at, Radius: 0.35, MaxSpeed: 3, MaxForce: 12, TargetAgent: -1, Path: -1}
		switch {
		case k < 6:
			a.Behaviours = avoid | steer.Arriving
		case k < 16:
			a.Behaviours = avoid | steer.Seeking | steer.Wandering
		case k < 24:
			a.Behaviours, a.TargetAgent = avoid|steer.Pursuing, k%6
		case k < 32:
			a.Behaviours = avoid | steer.Swarming
		default:
			a.Behaviours, a.Path = avoid|steer.FollowingPath|steer.Aligning|steer.Cohering, patrol
		}
		if _, err := s.Swarm.Add(a); err != nil {
			return err
		}
	}
	return nil
}

// playerAt is the scripted input: the player's position at tick t, a
// Lissajous curve through the arena.
func (s *Sim) playerAt(t int) mathx.Vec2 {
	sx, _ := mathx.Sincos(float64(t) * 0.013)
	_, cy := mathx.Sincos(float64(float64(t)*0.021) + 0.5)
	return mathx.V2(arenaSize/2+float64(13*sx), arenaSize/2+float64(12*cy))
}

// Step advances everything by one tick.
func (s *Sim) Step() error {
	s.tick++
	s.player = s.playerAt(s.tick)
	s.W.Step()
	s.react()
	// Steering: formation members arrive at their slots, the seekers and
	// swarmers chase the player.
	if s.tick%10 == 1 {
		s.formPos = s.formPos[:0]
		for i := 0; i < s.Form.Len(); i++ {
			s.formPos = append(s.formPos, s.Swarm.Pos(s.Form.Members()[i]))
		}
		if _, err := s.Form.Assign(s.formPos); err != nil {
			return err
		}
	}
	if s.tick%97 == 0 {
		if err := s.Form.Hit(s.tick / 97 % s.Form.Len()); err != nil {
			return err
		}
	}
	// The formation stands behind the player, facing the way it moves.
	s.Form.Anchor = s.player
	s.Form.Facing = s.player.Sub(s.playerAt(s.tick - 1))
	for i := 0; i < s.Swarm.Len(); i++ {
		t := s.player
		if i < s.Form.Len() {
			t = s.Form.Target(i)
		}
		if err := s.Swarm.SetTarget(i, t); err != nil {
			return err
		}
	}
	if err := s.Swarm.Step(1.0 / 60); err != nil {
		return err
	}
	// Terrain analysis around the player against the first shooters.
	if s.tick%20 == 0 && len(s.shooters) > 0 {
		s.dangers = s.dangers[:0]
		for k, e := range s.shooters {
			if k == 4 {
				break
			}
			s.dangers = append(s.dangers, tactics.Source{Pos: s.W.Pos(e).XY(), Amount: 1.5})
		}
		viewers := []mathx.Vec2{s.W.Pos(s.shooters[0]).XY()}
		if err := s.An.Update(s.player, viewers, s.dangers, s.ray, s.open); err != nil {
			return err
		}
	}
	// Perception: which characters see the player.
	s.seen = 0
	for k, e := range s.shooters {
		s.viewer = s.W.Body(e)
		if s.senses.CanSee(s.W.Pos(e).XY(), mathx.FromAngle(s.W.Looks().Facing(e)), s.player, s.los) {
			s.seen = s.seen*31 + uint64(k+1)
		}
	}
	return nil
}

func (s *Sim) ray(from, to mathx.Vec2) (float64, bool) {
	h, ok := s.W.Phys.RayCast(from, to, physics.QueryFilter{Mask: 1})
	return h.Fraction, ok
}

func (s *Sim) los(from, to mathx.Vec2) bool {
	_, hit := s.W.Phys.RayCast(from, to, physics.QueryFilter{Mask: 1, Exclude: s.viewer})
	return !hit
}

func (s *Sim) open(p mathx.Vec2) bool {
	x, y := int(math.Floor(p.X)), int(math.Floor(p.Y))
	return x >= 0 && y >= 0 && x < arenaSize && y < arenaSize && !s.solid[y*arenaSize+x]
}

// Tick is the number of steps taken.
func (s *Sim) Tick() int { return s.tick }

// Hash folds the whole state into 64 bits: the scene's StateHash (tick,
// random source, entities, their bodies, bullets), the spinning bodies
// (position, velocity, angle), every swarm agent (position, velocity,
// heading, force), the formation's slots, safeties and targets, the
// analyser's safety and final maps, the perception result, the player and
// the fingerprint of mathx's functions. Floats count by their bits.
func (s *Sim) Hash() uint64 {
	h := fnv.New()
	h.U64(s.fp)
	h.U64(s.W.StateHash())
	for _, id := range s.spinners {
		h.V2(s.W.Phys.Position(id))
		h.V2(s.W.Phys.Velocity(id))
		h.F64(s.W.Phys.Angle(id))
	}
	for i := 0; i < s.Swarm.Len(); i++ {
		h.V2(s.Swarm.Pos(i))
		h.V2(s.Swarm.Vel(i))
		h.V2(s.Swarm.Heading(i))
		h.V2(s.Swarm.Force(i))
	}
	for i := 0; i < s.Form.Len(); i++ {
		h.U64(uint64(s.Form.Slot(i)))
		h.F64(s.Form.Safety(i))
		h.V2(s.Form.Target(i))
	}
	for k := range s.An.Final.V {
		h.U64(uint64(math.Float32bits(s.An.Safety.V[k]))<<32 | uint64(math.Float32bits(s.An.Final.V[k])))
	}
	h.U64(s.seen)
	h.V2(s.player)
	return uint64(h)
}

// Fingerprint hashes the bits of mathx's elementary functions over a
// fixed spread of 4096 arguments each, so that a platform difference in
// them shows in the trace's very first line.
func Fingerprint() uint64 {
	h := fnv.New()
	x := 0.37
	for k := 0; k < 4096; k++ {
		x = math.Mod(float64(x*1.618033988749895)+0.1, 40) - 20 // a spread of arguments in [-20, 20)
		s, c := mathx.Sincos(float64(x * 37))
		h.F64(s)
		h.F64(c)
		h.F64(mathx.Atan(x))
		h.F64(mathx.Atan2(x, s))
		h.F64(mathx.Exp(x))
		h.F64(mathx.Hypot(x, c))
		h.F64(mathx.FromAngle(x).Rotate(c).Angle())
	}
	return uint64(h)
}

// Trace runs a Sim for seed over ticks steps and calls emit with the
// hash after each (tick 0 is the state before the first step).
func Trace(seed uint64, ticks int, emit func(tick int, hash uint64)) error {
	s, err := New(seed)
	if err != nil {
		return err
	}
	emit(0, s.Hash())
	for t := 1; t <= ticks; t++ {
		if err := s.Step(); err != nil {
			return fmt.Errorf("determinism: tick %d: %w", t, err)
		}
		emit(t, s.Hash())
	}
	return nil
}
