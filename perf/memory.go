package perf

import (
	"fmt"
	"math"
	"runtime"
	"time"
)

// MemoryRow is the heap cost of one test's entities: the live heap of
// two scenes that differ only in their count, after warm-up and a render,
// and the difference per extra entity (scene, map, frame and renderer
// buffers cancel out).
type MemoryRow struct {
	Test Test
	// Counts are the two configurations' counts (ring size or units);
	// Entities the bullets alive or units in each; Slots the bullet
	// pool's reserved slots (the unit test: the units).
	Counts, Entities, Slots [2]int
	// Heap is runtime.MemStats.HeapAlloc after two GCs, scene alive.
	Heap [2]uint64
	// PerEntity is the heap difference per extra entity alive; PerSlot
	// per extra reserved slot.
	PerEntity, PerSlot float64
	// Room is the unit test's room side for both counts (the larger
	// count's), so the map's memory cancels out; MapPerUnit is what the
	// room's growth with the count (tilesPerUnit floor tiles per unit:
	// tiles, physics cells, draw data) adds per unit on top.
	Room       int
	MapPerUnit float64
}

// MeasureMemory builds test's scene at counts a and b (b > a), runs each
// until its population is steady (bullets: 5 s, the rings full; units:
// 1 s), renders once, and measures its live heap.
func MeasureMemory(test Test, a, b int) (MemoryRow, error) {
	if b <= a {
		return MemoryRow{}, fmt.Errorf("perf: memory counts %d, %d: want a < b", a, b)
	}
	r := MemoryRow{Test: test, Counts: [2]int{a, b}}
	for k, n := range r.Counts {
		cfg := Config{Test: test, Count: n, Workers: 1, Seed: 1}
		if test == Units {
			cfg.room = roomFor(b)
			r.Room = cfg.room
		}
		s, err := New(cfg)
		if err != nil {
			return r, err
		}
		warm := time.Second
		if test == Bullets {
			warm = 5 * time.Second
		}
		for t := 0; t < ticksOf(warm); t++ {
			s.Tick()
		}
		if err := s.Render(0.5); err != nil {
			s.Close()
			return r, err
		}
		s.Sync()
		var ms runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&ms)
		r.Heap[k] = ms.HeapAlloc
		if test == Bullets {
			r.Entities[k] = s.World.Bullets().Len()
			r.Slots[k] = n * (BulletTTL/RingEvery + 2)
		} else {
			r.Entities[k], r.Slots[k] = n, n
		}
		runtime.KeepAlive(s)
		s.Close()
	}
	if test == Units {
		// The same count in its own (smaller) room: the map's share.
		h, err := heapOf(Config{Test: test, Count: a, Workers: 1, Seed: 1})
		if err != nil {
			return r, err
		}
		r.MapPerUnit = (float64(r.Heap[0]) - float64(h)) / float64(b-a)
	}
	dh := float64(r.Heap[1]) - float64(r.Heap[0])
	r.PerEntity = dh / float64(max(r.Entities[1]-r.Entities[0], 1))
	r.PerSlot = dh / float64(max(r.Slots[1]-r.Slots[0], 1))
	return r, nil
}

// roomFor is the unit test's room side for n units.
func roomFor(n int) int {
	return max(RoomSize, int(math.Ceil(math.Sqrt(float64(n)*tilesPerUnit)))+2)
}

// heapOf is the live heap with cfg's scene built, run 1 s and rendered.
func heapOf(cfg Config) (uint64, error) {
	s, err := New(cfg)
	if err != nil {
		return 0, err
	}
	defer s.Close()
	for t := 0; t < TPS; t++ {
		s.Tick()
	}
	if err := s.Render(0.5); err != nil {
		return 0, err
	}
	s.Sync()
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	runtime.KeepAlive(s)
	return ms.HeapAlloc, nil
}
