package scene

import (
	fnvpkg "diorama/internal/fnv"
	"diorama/mathx"
)

// fnv is the shared state hash (internal/fnv) under short method names.
type fnv struct{ h fnvpkg.Hash }

func (h *fnv) u64(v uint64)    { h.h.U64(v) }
func (h *fnv) f64(f float64)   { h.h.F64(f) }
func (h *fnv) v2(v mathx.Vec2) { h.h.V2(v) }
func (h *fnv) v3(v mathx.Vec3) { h.h.V3(v) }
func (h *fnv) str(s string)    { h.h.Str(s) }
func (h *fnv) sum() uint64     { return uint64(h.h) }

// StateHash returns a 64-bit FNV-1a hash of the whole simulation state:
// the tick, the random source, every entity slot (handle generation,
// state, kind, names, position, previous position, velocity, facing,
// sizes, health, body handle, animation), every body's position and
// velocity in physics, and every bullet slot (position, velocity, radius,
// mask, owner, damage, lifetime), and the crowd's agents (which entity
// each steers, with its behaviours, target and limits). Float values are hashed by their bits;
// everything is walked in slot order (no map is involved), so two runs
// that did the same things give the same hash on any machine.
func (w *World) StateHash() uint64 {
	h := fnv{fnvpkg.New()}
	h.u64(w.tick)
	for _, c := range w.Rand.State() {
		h.u64(uint64(c))
	}
	h.u64(uint64(len(w.state)))
	for i, st := range w.state {
		h.u64(uint64(st)<<32 | uint64(w.gen[i]))
		if st == stFree {
			continue
		}
		h.u64(uint64(w.kind[i]))
		h.str(w.name[i])
		h.str(w.class[i])
		h.v3(w.pos[i])
		h.v3(w.prev[i])
		h.v2(w.vel[i])
		h.f64(w.facingOf(i))
		h.f64(w.radius[i])
		h.f64(w.height[i])
		h.v2(w.extent[i])
		h.u64(uint64(uint32(w.health[i]))<<32 | uint64(uint32(w.maxHealth[i])))
		h.u64(uint64(uint32(w.value[i])))
		h.u64(uint64(w.anim[i])<<16 | uint64(uint16(w.dir[i])))
		h.u64(uint64(uint32(w.lifetime[i]))<<1 | uint64(boolBit(w.solid[i])))
		if i < len(w.moves.active) && w.moves.active[i] {
			h.v2(w.moves.goal[i])
			h.f64(w.moves.speed[i])
		}
		h.u64(uint64(w.player[i].Index())<<32 | uint64(uint32(w.player[i].Passes())))
		id := w.body[i]
		h.u64(uint64(int64(id.Index())))
		if !id.IsNil() {
			h.v2(w.Phys.Position(id))
			h.v2(w.Phys.Velocity(id))
		}
	}
	h.u64(uint64(len(w.free)))
	for _, f := range w.free {
		h.u64(uint64(f))
	}
	b := &w.bullets
	h.u64(uint64(len(b.Used)))
	for i, u := range b.Used {
		h.u64(uint64(b.Gen[i]))
		if !u {
			continue
		}
		alive := uint64(0)
		if b.P.Alive[i] {
			alive = 1
		}
		h.u64(alive)
		h.f64(b.P.X[i])
		h.f64(b.P.Y[i])
		h.f64(b.P.VX[i])
		h.f64(b.P.VY[i])
		h.f64(b.P.R[i])
		h.u64(uint64(b.P.Mask[i]))
		h.f64(b.Z[i])
		h.u64(b.Owner[i].bits())
		h.u64(uint64(uint32(b.Damage[i]))<<32 | uint64(uint32(b.TTL[i])))
	}
	w.hashCrowd(&h)
	return h.sum()
}

func boolBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
