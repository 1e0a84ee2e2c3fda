package bt

import (
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

// quietTank runs the seed trees without logging, for allocation checks
// and benchmarks.
type quietTank struct {
	canSee  bool
	pathLen int
	left    int
	shots   int
}

func quietRegistry() (*Registry[*quietTank], tankKeys) {
	s := NewSchema()
	k := tankKeys{health: s.CompulsoryFloat("health"), player: s.CompulsoryVec2("player")}
	r := NewRegistry[*quietTank](s)
	r.Condition("healthBelow", 1, func(t *quietTank, c *Call) bool { return c.BB.Float(k.health) < c.Arg(0) }, k.health.Key)
	r.Condition("canSeePlayer", 0, func(t *quietTank, c *Call) bool { return t.canSee })
	r.Action("brokenDown", 0, func(t *quietTank, c *Call) Status { return Running })
	r.Action("findMeshAdjacentToPlayer", 0, func(t *quietTank, c *Call) Status {
		t.left = t.pathLen
		return Success
	}, k.player.Key)
	r.Action("travelTo", 1, func(t *quietTank, c *Call) Status {
		if t.left--; t.left <= 0 {
			return Success
		}
		return Running
	})
	r.Action("shoot", 0, func(t *quietTank, c *Call) Status { t.shots++; return Success })
	r.Action("delayedShoot", 2, func(t *quietTank, c *Call) Status {
		m := c.Mem()
		*m++
		if *m <= int64(c.Arg(0)) {
			return Running
		}
		t.shots++
		if *m == int64(c.Arg(0)+c.Arg(1)) {
			return Success
		}
		return Running
	})
	return r, k
}

// agents builds n drones sharing one tree, with varied situations.
func agents(tb testing.TB, n int) ([]*Instance[*quietTank], []*quietTank) {
	r, k := quietRegistry()
	tr, err := r.Parse("", tanktrum(tb), "drone")
	if err != nil {
		tb.Fatal(err)
	}
	ins := make([]*Instance[*quietTank], n)
	tanks := make([]*quietTank, n)
	for i := range ins {
		ins[i] = tr.NewInstance()
		tanks[i] = &quietTank{canSee: i%3 != 0, pathLen: 1 + i%7}
		ins[i].Blackboard().SetFloat(k.health, float64(10+i%100))
		ins[i].Blackboard().SetVec2(k.player, mathx.Vec2{X: float64(i)})
	}
	return ins, tanks
}

func TestTickDoesNotAllocate(t *testing.T) {
	ins, tanks := agents(t, 64)
	allocs := testenv.AllocsOver(200, func() {
		for i, in := range ins {
			tanks[i].canSee = !tanks[i].canSee || i%5 == 0
			in.Tick(tanks[i])
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations in 200 passes of 64 ticks, want 0", allocs)
	}
	// Every composite and decorator kind too.
	r := probeRegistry()
	tr, err := Build(r, ReactiveSelector(
		Parallel(RequireAll, RequireOne, Cooldown(2, Action("act", 0)), Timeout(3, Wait(5)), Repeat(2, Action("act", 1))),
		ForgetfulSequence(Inverter(Condition("is", 0)), UntilFail(Action("act", 2)), UntilSuccess(Failer(Succeed()))),
		Selector(Conditional("is", Succeeder(Action("act", 3))).withArgs(1), Fail()),
	))
	if err != nil {
		t.Fatal(err)
	}
	in := tr.NewInstance()
	p := &probe{res: [8]Status{Running, Success, Running, Failure}, cond: [8]bool{false, true}, log: make([]string, 0, 64), started: make([]bool, 0, 1<<16)}
	n := 0
	allocs = testenv.AllocsOver(500, func() {
		n++
		p.log = p.log[:0]
		p.res[0] = Status(1 + n%3)
		p.cond[1] = n%4 != 0
		in.Tick(p)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations in 500 ticks, want 0", allocs)
	}
}

// BenchmarkTick10k ticks 10,000 drones that share one seed-000 drone tree
// once each per iteration.
func BenchmarkTick10k(b *testing.B) {
	const n = 10000
	ins, tanks := agents(b, n)
	pass := func() {
		for i, in := range ins {
			in.Tick(tanks[i])
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		pass()
	}
	b.StopTimer()
	// Allocations of one whole pass over the 10,000 agents: the exact
	// mean over 3 passes (GOMAXPROCS 1).
	b.ReportMetric(float64(testenv.AllocsOver(3, pass))/3, "allocs/10k-ticks")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/tick")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/10k")
}

// One tree ticked by instances on several goroutines at once (run with
// -race): the tree is read-only, all state is per instance.
func TestParallelInstancesShareTree(t *testing.T) {
	ins, tanks := agents(t, 8)
	want := make([]Status, len(ins))
	// Reference: a sequential run of fresh instances.
	ref, refTanks := agents(t, 8)
	for i := range ref {
		for range 100 {
			want[i] = ref[i].Tick(refTanks[i])
		}
	}
	done := make(chan int)
	for g := 0; g < 4; g++ {
		go func(g int) {
			for i := g; i < len(ins); i += 4 {
				var s Status
				for range 100 {
					s = ins[i].Tick(tanks[i])
				}
				if s != want[i] || tanks[i].shots != refTanks[i].shots {
					t.Errorf("instance %d: %v/%d shots, sequential %v/%d", i, s, tanks[i].shots, want[i], refTanks[i].shots)
				}
			}
			done <- g
		}(g)
	}
	for range 4 {
		<-done
	}
}
