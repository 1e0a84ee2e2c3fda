package physics

import (
	"encoding/binary"
	"math"
	"testing"

	"diorama/mathx"
)

func FuzzMergeTiles(f *testing.F) {
	f.Add(uint8(5), uint8(3), []byte("#####.#.#.#####"))
	f.Add(uint8(1), uint8(1), []byte("#"))
	f.Add(uint8(0), uint8(4), []byte(""))
	f.Add(uint8(4), uint8(4), []byte("##..##..####.#.#"))
	f.Fuzz(func(t *testing.T, cols, rows uint8, cells []byte) {
		tm := SolidTiles{Cols: int(cols), Rows: int(rows), TileW: 16, TileH: 16}
		for _, c := range cells {
			tm.Solid = append(tm.Solid, c == '#')
		}
		boxes, err := MergeTiles(tm)
		if err != nil {
			if len(tm.Solid) == tm.Cols*tm.Rows && tm.Cols > 0 && tm.Rows > 0 {
				t.Fatalf("valid map rejected: %v", err)
			}
			return
		}
		if msg := coverFault(tm, boxes); msg != "" {
			t.Fatal(msg)
		}
		w, _ := NewSpace(SpaceDef{Bounds: mathx.AABB{Max: mathx.Vec2{X: 256 * 16, Y: 256 * 16}}, CellSize: 64})
		if _, n, err := w.AddSolidTiles(tm); err != nil || n != len(boxes) {
			t.Fatalf("AddSolidTiles: %d walls, %v", n, err)
		}
	})
}

// FuzzWorldOps drives a world with arbitrary operations and numbers (NaN,
// Inf, huge, negative) and checks it never panics and never holds a
// non-finite position or velocity.
func FuzzWorldOps(f *testing.F) {
	seed := make([]byte, 0, 64)
	for _, v := range []float64{10, 20, 5, 1, math.NaN(), 100, -3, math.Inf(1), 0, 1e300, 0.016} {
		seed = binary.LittleEndian.AppendUint64(seed, math.Float64bits(v))
	}
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7}, seed)
	f.Add([]byte{0, 0, 0, 4, 4, 4, 7, 7, 5, 6}, seed[:40])
	f.Fuzz(func(t *testing.T, ops []byte, nums []byte) {
		if len(ops) > 200 {
			ops = ops[:200]
		}
		k := 0
		num := func() float64 {
			if k+8 > len(nums) {
				k = 0
				if len(nums) < 8 {
					return 1
				}
			}
			v := math.Float64frombits(binary.LittleEndian.Uint64(nums[k:]))
			k += 8
			return v
		}
		w, err := NewSpace(SpaceDef{Bounds: mathx.AABB{Max: mathx.Vec2{X: 800, Y: 480}}})
		if err != nil {
			t.Fatal(err)
		}
		var ids []BodyID
		var bl Bullets
		for _, op := range ops {
			switch op % 9 {
			case 0:
				var s Shape
				var err error
				if op&128 != 0 {
					s, err = NewCapsule(num(), num())
				} else if op&16 != 0 {
					s, err = NewCircle(num())
				} else if op&32 != 0 {
					s, err = NewPolygon([]mathx.Vec2{{X: num(), Y: num()}, {X: num(), Y: num()}, {X: num(), Y: num()}})
				} else {
					s, err = NewBox(num(), num())
				}
				if err != nil {
					s, _ = NewCircle(3)
				}
				id, err := w.CreateBody(BodyDef{Type: BodyType(op / 9 % 4), Shape: s, Mass: num(), Position: mathx.Vec2{X: num(), Y: num()},
					Velocity: mathx.Vec2{X: num(), Y: num()}, Angle: num(), Sensor: op&64 != 0})
				if err == nil {
					ids = append(ids, id)
				}
			case 1:
				_, _ = w.AddWall(mathx.AABB{Min: mathx.Vec2{X: num(), Y: num()}, Max: mathx.Vec2{X: num(), Y: num()}}, 0)
			case 2:
				if len(ids) > 0 {
					_ = w.SetVelocity(ids[int(op)%len(ids)], mathx.Vec2{X: num(), Y: num()})
				}
			case 3:
				if len(ids) > 0 {
					_ = w.SetPosition(ids[int(op)%len(ids)], mathx.Vec2{X: num(), Y: num()})
				}
			case 4:
				w.Step(num())
			case 5:
				w.RayCast(mathx.Vec2{X: num(), Y: num()}, mathx.Vec2{X: num(), Y: num()}, QueryFilter{})
				w.Nearest(mathx.Vec2{X: num(), Y: num()}, num(), QueryFilter{})
				w.OverlapBox(mathx.AABB{Min: mathx.Vec2{X: num(), Y: num()}, Max: mathx.Vec2{X: num(), Y: num()}}, QueryFilter{}, nil)
			case 6:
				_, _ = bl.Add(mathx.Vec2{X: num(), Y: num()}, mathx.Vec2{X: num(), Y: num()}, num(), 0)
				w.StepBullets(&bl, num())
			case 7:
				if len(ids) > 0 {
					_ = w.DestroyBody(ids[int(op)%len(ids)])
				}
			case 8:
				w.Step(1.0 / 60)
				w.StepBullets(&bl, 1.0/60)
			}
		}
		for _, id := range w.Bodies(nil) {
			if !w.Position(id).IsFinite() || !w.Velocity(id).IsFinite() || math.IsNaN(w.Angle(id)) {
				t.Fatalf("body %v holds non-finite state: %v %v %v", id, w.Position(id), w.Velocity(id), w.Angle(id))
			}
		}
		for i := range bl.X {
			if bl.Alive[i] && (math.IsNaN(bl.X[i]) || math.IsNaN(bl.Y[i])) {
				t.Fatalf("bullet %d is NaN", i)
			}
		}
	})
}
