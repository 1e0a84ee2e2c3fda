package resolvpeer

import (
	"math"

	"diorama/mathx"
	"diorama/physics"

	"github.com/solarlune/resolv"
)

// SeedMap is seed 000's control map as used by physics' own benchmark:
// 25×15 tiles of 32 px, 20 walls after merging.
var SeedMap = []string{
	"#########################",
	"#.......................#",
	"#..##.......#.......##..#",
	"#..##.......#.......##..#",
	"#......#....#....#......#",
	"#.......................#",
	"#.....####.....####.....#",
	"#.#...................#.#",
	"#.....####.....####.....#",
	"#.......................#",
	"#......#....#....#......#",
	"#..##.......#.......##..#",
	"#..##.......#.......##..#",
	"#.......................#",
	"#########################",
}

// Tile is the map's tile size in pixels.
const Tile = 32

// TileMap returns SeedMap as physics.SolidTiles.
func TileMap() physics.SolidTiles {
	tm := physics.SolidTiles{Cols: len(SeedMap[0]), Rows: len(SeedMap), TileW: Tile, TileH: Tile}
	for _, r := range SeedMap {
		for _, c := range r {
			tm.Solid = append(tm.Solid, c == '#')
		}
	}
	return tm
}

// Entity is one moving body of a scene, engine-neutral.
type Entity struct {
	Pos    mathx.Vec2
	Angle  float64
	HW, HH float64 // box half extents; HH == 0 means a circle of radius HW
	Mass   float64
}

// SeedEntities returns the 50 AI tanks and the player (last), spawned as
// in seed 000 on (nearly) one point.
func SeedEntities() []Entity {
	r := mathx.NewRand(1)
	var out []Entity
	for i := 0; i < 50; i++ {
		out = append(out, Entity{Pos: mathx.Vec2{X: 400 + r.Range(-1, 1), Y: 176 + r.Range(-1, 1)}, Angle: r.Angle(), HW: 10, HH: 8, Mass: 1})
	}
	return append(out, Entity{Pos: mathx.Vec2{X: 400, Y: 300}, HW: 12, HH: 10, Mass: 3})
}

// SeedVelocities fills vel with the seed scene's driving for one step: the
// AI seek the player, the player circles.
func SeedVelocities(pos []mathx.Vec2, step int, vel []mathx.Vec2) {
	a := float64(step) * 0.02
	n := len(pos) - 1
	vel[n] = mathx.Vec2{X: 80 * math.Cos(a), Y: 80 * math.Sin(a)}
	for k := 0; k < n; k++ {
		d := pos[n].Sub(pos[k])
		if l := d.Len(); l > 1 {
			d = d.Scale(60 / l)
		}
		vel[k] = d.Add(mathx.FromAngle(float64(k) + a).Scale(20))
	}
}

// UnitEntities returns n small wandering units (radius-5 circles, every
// tenth a 10×8 crate) with their velocities, on the 800×480 world.
func UnitEntities(n int) ([]Entity, []mathx.Vec2) {
	r := mathx.NewRand(7)
	var out []Entity
	var vel []mathx.Vec2
	for len(out) < n {
		e := Entity{Pos: mathx.Vec2{X: r.Range(40, 760), Y: r.Range(40, 440)}, HW: 5, Mass: 1}
		if len(out)%10 == 0 {
			e.HW, e.HH, e.Angle = 5, 4, r.Angle()
		}
		out = append(out, e)
		vel = append(vel, r.UnitVec().Scale(30))
	}
	return out, vel
}

// ---- Diorama side ----

// DioramaWorld builds a physics.Space with the seed map's walls and ents.
func DioramaWorld(ents []Entity, vel []mathx.Vec2, cell float64, iterations int) (*physics.Space, []physics.BodyID, error) {
	w, err := physics.NewSpace(physics.SpaceDef{Bounds: mathx.AABB{Max: mathx.Vec2{X: 800, Y: 480}}, CellSize: cell, MaxCastRadius: 4, Iterations: iterations})
	if err != nil {
		return nil, nil, err
	}
	if _, _, err := w.AddSolidTiles(TileMap()); err != nil {
		return nil, nil, err
	}
	ids := make([]physics.BodyID, len(ents))
	for i, e := range ents {
		d := physics.DefaultBodyDef()
		if e.HH == 0 {
			d.Shape, err = physics.NewCircle(e.HW)
		} else {
			d.Shape, err = physics.NewBox(e.HW, e.HH)
		}
		if err != nil {
			return nil, nil, err
		}
		d.Position, d.Angle, d.Mass = e.Pos, e.Angle, e.Mass
		if vel != nil {
			d.Velocity = vel[i]
		}
		if ids[i], err = w.CreateBody(d); err != nil {
			return nil, nil, err
		}
	}
	return w, ids, nil
}

// ---- resolv side ----

// ResolvScene is the same scene in a resolv Space: walls are static
// rectangles; movers are shapes whose Data is their index.
type ResolvScene struct {
	Space  *resolv.Space
	Walls  []*resolv.ConvexPolygon
	Movers []resolv.IShape
	Mass   []float64
	Vel    []mathx.Vec2
}

// NewResolvScene builds the seed map's merged walls and ents in a resolv
// Space with the given cell size.
func NewResolvScene(ents []Entity, vel []mathx.Vec2, cell int) (*ResolvScene, error) {
	s := &ResolvScene{Space: resolv.NewSpace(800, 480, cell, cell)}
	boxes, err := physics.MergeTiles(TileMap())
	if err != nil {
		return nil, err
	}
	for _, b := range boxes {
		w := resolv.NewRectangleTopLeft(float64(b.Col*Tile), float64(b.Row*Tile), float64(b.W*Tile), float64(b.H*Tile))
		w.SetData(-1)
		s.Space.Add(w)
		s.Walls = append(s.Walls, w)
	}
	for i, e := range ents {
		var sh resolv.IShape
		if e.HH == 0 {
			sh = resolv.NewCircle(e.Pos.X, e.Pos.Y, e.HW)
		} else {
			p := resolv.NewRectangle(e.Pos.X, e.Pos.Y, 2*e.HW, 2*e.HH)
			p.SetRotation(e.Angle)
			sh = p
		}
		sh.SetData(i)
		s.Space.Add(sh)
		s.Movers = append(s.Movers, sh)
		s.Mass = append(s.Mass, e.Mass)
		v := mathx.Vec2{}
		if vel != nil {
			v = vel[i]
		}
		s.Vel = append(s.Vel, v)
	}
	return s, nil
}

// Step moves every mover by its velocity and resolves overlaps with the
// MTVs resolv reports, by seed 000's push rules (walls never move; equal
// masses split; otherwise the lighter moves).
func (s *ResolvScene) Step(dt float64) int {
	for i, m := range s.Movers {
		m.Move(s.Vel[i].X*dt, s.Vel[i].Y*dt)
	}
	contacts := 0
	for i, m := range s.Movers {
		m.IntersectionTest(resolv.IntersectionTestSettings{
			TestAgainst: m.SelectTouchingCells(0).FilterShapes(),
			OnIntersect: func(set resolv.IntersectionSet) bool {
				j := set.OtherShape.Data().(int)
				if j >= 0 && j < i {
					return true // each moving pair once
				}
				contacts++
				mtv := set.MTV
				switch {
				case j < 0:
					m.MoveVec(mtv)
				case s.Mass[i] == s.Mass[j]:
					m.MoveVec(mtv.Scale(0.5))
					set.OtherShape.MoveVec(mtv.Scale(-0.5))
				case s.Mass[i] < s.Mass[j]:
					m.MoveVec(mtv)
				default:
					set.OtherShape.MoveVec(mtv.Invert())
				}
				return true
			},
		})
	}
	return contacts
}
