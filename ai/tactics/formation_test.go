package tactics_test

import (
	"math"
	"testing"

	"diorama/ai/tactics"
	"diorama/internal/testenv"
	"diorama/mathx"
)

// bruteAssign returns the minimal total over all permutations.
func bruteAssign(cost []float64, n int) float64 {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	best := math.Inf(1)
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			s := 0.0
			for r, c := range perm {
				s += cost[r*n+c]
			}
			best = math.Min(best, s)
			return
		}
		for i := k; i < n; i++ {
			perm[k], perm[i] = perm[i], perm[k]
			rec(k + 1)
			perm[k], perm[i] = perm[i], perm[k]
		}
	}
	rec(0)
	return best
}

func TestAssignMatchesBruteForce(t *testing.T) {
	rng := mathx.NewRand(4)
	var a tactics.Assigner
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.IntN(7)
		cost := make([]float64, n*n)
		for i := range cost {
			if trial%3 == 0 {
				cost[i] = float64(rng.IntN(4)) // many ties
			} else {
				cost[i] = rng.Range(-5, 20)
			}
		}
		got := make([]int, n)
		total, err := a.Assign(cost, n, got)
		if err != nil {
			t.Fatal(err)
		}
		seen := make([]bool, n)
		sum := 0.0
		for r, c := range got {
			if seen[c] {
				t.Fatalf("column %d used twice", c)
			}
			seen[c] = true
			sum += cost[r*n+c]
		}
		want := bruteAssign(cost, n)
		if math.Abs(total-want) > 1e-9 || math.Abs(sum-total) > 1e-9 {
			t.Fatalf("trial %d n %d: total %g (sum %g) want %g", trial, n, total, sum, want)
		}
	}
	if _, err := a.Assign([]float64{1, math.NaN(), 2, 3}, 2, make([]int, 2)); err == nil {
		t.Fatal("NaN cost accepted")
	}
	if _, err := a.Assign([]float64{1, 2, 3}, 2, make([]int, 2)); err == nil {
		t.Fatal("size mismatch accepted")
	}
	// Warm solver allocates nothing.
	cost := make([]float64, 64)
	for i := range cost {
		cost[i] = float64((i * 37) % 11)
	}
	out := make([]int, 8)
	a.Assign(cost, 8, out)
	if n := testenv.AllocsOver(20, func() { a.Assign(cost, 8, out) }); n != 0 {
		t.Fatalf("Assign allocated %d", n)
	}
}

func TestSlotPositions(t *testing.T) {
	f, _ := tactics.NewLine(2, math.Pi)
	f.Anchor = mathx.V2(10, 0)
	for i := 0; i < 5; i++ {
		f.Join(i)
	}
	// Facing +X, a straight line across it, left (+Y) to right, centred.
	for k, want := range []mathx.Vec2{{X: 10, Y: 4}, {X: 10, Y: 2}, {X: 10, Y: 0}, {X: 10, Y: -2}, {X: 10, Y: -4}} {
		if got := f.SlotPos(k); !got.ApproxEqual(want, 1e-12) {
			t.Errorf("line slot %d = %v want %v", k, got, want)
		}
	}
	// A 90° V: arms at 45° behind the leader.
	f.Angle = math.Pi / 2
	s := math.Sqrt2
	for k, want := range []mathx.Vec2{{X: 10 - 2*s, Y: 2 * s}, {X: 10 - s, Y: s}, {X: 10, Y: 0}, {X: 10 - s, Y: -s}, {X: 10 - 2*s, Y: -2 * s}} {
		if got := f.SlotPos(k); !got.ApproxEqual(want, 1e-12) {
			t.Errorf("V slot %d = %v want %v", k, got, want)
		}
	}
	// Circle of 4 around (1, 1), radius 3, slot 0 in the facing direction.
	c, _ := tactics.NewCircle(3)
	c.Anchor = mathx.V2(1, 1)
	for i := 0; i < 4; i++ {
		c.Join(i)
	}
	for k, want := range []mathx.Vec2{{X: 4, Y: 1}, {X: 1, Y: 4}, {X: -2, Y: 1}, {X: 1, Y: -2}} {
		if got := c.SlotPos(k); !got.ApproxEqual(want, 1e-12) {
			t.Errorf("circle slot %d = %v want %v", k, got, want)
		}
	}
}

// Slots go to the nearest members in total, and a death regroups the rest
// into the shrunken formation with minimal travel.
func TestFormationAssignAndRegroup(t *testing.T) {
	f, _ := tactics.NewLine(2, math.Pi)
	ids := []int{10, 11, 12, 13, 14}
	for _, id := range ids {
		f.Join(id)
	}
	// Members stand near the slots but in scrambled join order.
	pos := []mathx.Vec2{{X: 0.3, Y: -2}, {X: 0, Y: 4.2}, {X: -0.1, Y: 0}, {X: 0, Y: -3.9}, {X: 0.2, Y: 2}}
	total, err := f.Assign(pos)
	if err != nil {
		t.Fatal(err)
	}
	wantSlot := []int{3, 0, 2, 4, 1}
	for i := range ids {
		if f.Slot(i) != wantSlot[i] {
			t.Fatalf("member %d slot %d want %d", i, f.Slot(i), wantSlot[i])
		}
	}
	wantTotal := 0.3 + 0.2 + 0.1 + 0.1 + 0.2
	if math.Abs(total-wantTotal) > 1e-12 {
		t.Fatalf("total travel %g want %g", total, wantTotal)
	}
	// The middle member (id 12) dies: four slots at ±1 and ±3 remain, and
	// the survivors keep their left-to-right order.
	if !f.Leave(12) || f.Leave(12) {
		t.Fatal("leave")
	}
	pos = []mathx.Vec2{pos[0], pos[1], pos[3], pos[4]}
	if _, err := f.Assign(pos); err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{2, 0, 3, 1} {
		if f.Slot(i) != want {
			t.Fatalf("after death: member %d (id %d) slot %d want %d", i, f.Members()[i], f.Slot(i), want)
		}
	}
	for i, want := range []mathx.Vec2{{X: 0, Y: -1}, {X: 0, Y: 3}, {X: 0, Y: -3}, {X: 0, Y: 1}} {
		if got := f.Target(i); !got.ApproxEqual(want, 1e-12) {
			t.Fatalf("member %d target %v want %v", i, got, want)
		}
	}
	// The regrouped assignment is optimal (brute force over the 4! ways).
	n := 4
	cost := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for k := 0; k < n; k++ {
			cost[i*n+k] = pos[i].Dist(f.SlotPos(k))
		}
	}
	got := 0.0
	for i := 0; i < n; i++ {
		got += cost[i*n+f.Slot(i)]
	}
	if want := bruteAssign(cost, n); math.Abs(got-want) > 1e-12 {
		t.Fatalf("regroup travel %g, optimum %g", got, want)
	}
	if _, err := f.Assign(pos[:3]); err == nil {
		t.Fatal("wrong position count accepted")
	}
	if _, err := f.Assign([]mathx.Vec2{{X: math.NaN()}, {}, {}, {}}); err == nil {
		t.Fatal("NaN position accepted")
	}
}

// Seed 002's worked example: five members, the middle one is hit:
// V = [1 1 1 1 1] becomes [2 1.1 0.6 1.1 2]; the hit member falls back,
// the others advance, the outer ones most.
func TestSafetyVectorAfterHitOnMiddle(t *testing.T) {
	f, _ := tactics.NewLine(2, math.Pi)
	for i := 0; i < 5; i++ {
		f.Join(i)
	}
	pos := []mathx.Vec2{{X: 0, Y: 4}, {X: 0, Y: 2}, {X: 0, Y: 0}, {X: 0, Y: -2}, {X: 0, Y: -4}}
	f.Assign(pos)
	before := make([]mathx.Vec2, 5)
	for i := range before {
		before[i] = f.Target(i)
	}
	if err := f.Hit(2); err != nil {
		t.Fatal(err)
	}
	v := f.SafetyBySlot(nil)
	want := []float64{2, 1.1, 0.6, 1.1, 2}
	for k := range want {
		if math.Abs(v[k]-want[k]) > 1e-12 {
			t.Fatalf("V = %v want %v", v, want)
		}
	}
	// Direction: the hit member moves back (−X, away from the facing),
	// the rest forward, farther for the outer ones.
	d := make([]float64, 5)
	for i := range d {
		d[i] = f.Target(i).Sub(before[i]).Dot(f.Facing)
	}
	if !(d[2] < 0 && d[1] > 0 && d[3] > 0 && d[0] > d[1] && d[4] > d[3]) {
		t.Fatalf("shifts along facing %v", d)
	}
	if math.Abs(d[2]-(-0.4*2)) > 1e-12 || math.Abs(d[0]-2) > 1e-12 {
		t.Fatalf("shift sizes %v (Advance 2, MaxShift 2)", d)
	}
	if f.Hit(7) == nil {
		t.Fatal("hit on a non-member accepted")
	}
	// Circle: distance wraps around the ring.
	c, _ := tactics.NewCircle(5)
	for i := 0; i < 5; i++ {
		c.Join(i)
	}
	c.Assign([]mathx.Vec2{c.SlotPos(0), c.SlotPos(1), c.SlotPos(2), c.SlotPos(3), c.SlotPos(4)})
	c.Hit(0)
	cv := c.SafetyBySlot(nil)
	for k, w := range []float64{0.6, 1.1, 2, 2, 1.1} {
		if math.Abs(cv[k]-w) > 1e-12 {
			t.Fatalf("circle V = %v", cv)
		}
	}
	// Forward on a circle is toward the target: the hit member backs off.
	if r := c.Target(0).Dist(c.Anchor); !(r > 5) {
		t.Fatalf("hit circle member at radius %g", r)
	}
}

// Regrouping, hits and targets allocate nothing once the formation has
// been assigned at its size.
func TestFormationZeroAlloc(t *testing.T) {
	f, _ := tactics.NewCircle(6)
	pos := make([]mathx.Vec2, 12)
	rng := mathx.NewRand(8)
	for i := range pos {
		f.Join(i)
		pos[i] = rng.InCircle(10)
	}
	f.Assign(pos)
	var buf []float64
	buf = f.SafetyBySlot(buf)
	n := testenv.AllocsOver(20, func() {
		f.Assign(pos)
		f.Hit(3)
		for i := range pos {
			_ = f.Target(i)
		}
		buf = f.SafetyBySlot(buf)
	})
	if n != 0 {
		t.Fatalf("allocated %d times in 20 calls", n)
	}
}

func TestMapMinMax(t *testing.T) {
	m, _ := tactics.NewMap(3, 1, 1, mathx.Vec2{})
	copy(m.V, []float32{2, float32(math.NaN()), -1})
	if lo, hi := m.MinMax(); lo != -1 || hi != 2 {
		t.Fatalf("minmax %v %v", lo, hi)
	}
}

// Regression: Join and Leave keep the slots a permutation of 0..n-1, so
// Target, Slot and SafetyBySlot work before the next Assign (they used to
// index past the end after a Leave followed by Join); an index that is not
// a member's gives the anchor, slot -1 and safety 0.
func TestFormationBeforeAssign(t *testing.T) {
	f, err := tactics.NewLine(1, math.Pi)
	if err != nil {
		t.Fatal(err)
	}
	f.Anchor = mathx.V2(3, 4)
	perm := func(hit ...bool) {
		t.Helper()
		seen := make([]bool, f.Len())
		for i := range f.Len() {
			k := f.Slot(i)
			if k < 0 || k >= f.Len() || seen[k] {
				t.Fatalf("slots not a permutation: member %d slot %d of %d", i, k, f.Len())
			}
			seen[k] = true
			if got, want := f.Target(i), f.SlotPos(k); len(hit) == 0 && !got.ApproxEqual(want, 1e-12) {
				t.Fatalf("member %d target %v, want slot %d at %v", i, got, k, want)
			}
		}
		if v := f.SafetyBySlot(nil); len(v) != f.Len() {
			t.Fatalf("SafetyBySlot length %d for %d members", len(v), f.Len())
		}
	}
	for id := 10; id < 14; id++ {
		f.Join(id)
		perm()
	}
	if got := f.Target(3); !got.ApproxEqual(f.SlotPos(3), 1e-12) {
		t.Fatalf("new member target %v, want last slot %v", got, f.SlotPos(3))
	}
	// reverse order: slot k goes to member 3-k
	if _, err := f.Assign([]mathx.Vec2{f.SlotPos(3), f.SlotPos(2), f.SlotPos(1), f.SlotPos(0)}); err != nil {
		t.Fatal(err)
	}
	if f.Slot(0) != 3 || f.Slot(3) != 0 {
		t.Fatalf("assign: slots %d %d", f.Slot(0), f.Slot(3))
	}
	if !f.Leave(10) { // held slot 3, the highest
		t.Fatal("leave 10")
	}
	perm()
	if !f.Leave(12) || f.Leave(12) {
		t.Fatal("leave 12 once")
	}
	perm()
	f.Join(20)
	f.Join(21)
	perm()
	if i := f.Index(21); i != 3 || f.Slot(i) != 3 {
		t.Fatalf("Index(21) = %d slot %d, want 3 and 3", i, f.Slot(i))
	}
	if f.Index(12) != -1 {
		t.Fatal("Index of a member that left")
	}
	for _, i := range []int{-1, 4, 21} {
		if got := f.Target(i); got != f.Anchor || f.Slot(i) != -1 || f.Safety(i) != 0 {
			t.Fatalf("non-member %d: target %v slot %d safety %v", i, got, f.Slot(i), f.Safety(i))
		}
	}
	if err := f.Hit(3); err != nil {
		t.Fatal(err)
	}
	perm(true)
	if f.Safety(3) >= 1 || f.Target(3).Sub(f.SlotPos(3)).Dot(f.Facing) >= 0 {
		t.Fatalf("hit member: safety %v, target not moved back", f.Safety(3))
	}
}
