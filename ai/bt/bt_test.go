package bt

import (
	"strings"
	"testing"
)

// probe is a scriptable agent: leaf "act i" logs i and returns res[i];
// condition "is i" logs "?i" and returns cond[i].
type probe struct {
	res     [8]Status
	cond    [8]bool
	log     []string
	started []bool // Call.Started of each act call, in order
}

var condNames = [8]string{"?0", "?1", "?2", "?3", "?4", "?5", "?6", "?7"}

func probeRegistry() *Registry[*probe] {
	r := NewRegistry[*probe](nil)
	r.Action("act", 1, func(p *probe, c *Call) Status {
		i := int(c.Arg(0)) & 7
		p.log = append(p.log, condNames[i][1:])
		p.started = append(p.started, c.Started())
		return p.res[i]
	})
	r.Condition("is", 1, func(p *probe, c *Call) bool {
		i := int(c.Arg(0)) & 7
		p.log = append(p.log, condNames[i])
		return p.cond[i]
	})
	return r
}

func mustBuild(t *testing.T, d Def) *Instance[*probe] {
	t.Helper()
	tr, err := Build(probeRegistry(), d)
	if err != nil {
		t.Fatal(err)
	}
	return tr.NewInstance()
}

// step ticks once and returns "status: log".
func step(in *Instance[*probe], p *probe) string {
	p.log = p.log[:0]
	s := in.Tick(p)
	return s.String() + ": " + strings.Join(p.log, " ")
}

func expectSteps(t *testing.T, in *Instance[*probe], p *probe, steps []func(), want []string) {
	t.Helper()
	for i, w := range want {
		if steps != nil && steps[i] != nil {
			steps[i]()
		}
		if got := step(in, p); got != w {
			t.Fatalf("tick %d: got %q, want %q\n%s", i+1, got, w, in.Dump())
		}
	}
}

func TestSequenceMemoryResumesRunningChild(t *testing.T) {
	p := &probe{res: [8]Status{Success, Running, Success}}
	in := mustBuild(t, Sequence(Action("act", 0), Action("act", 1), Action("act", 2)))
	expectSteps(t, in, p, []func(){nil, nil, func() { p.res[1] = Success }, nil},
		[]string{
			"running: 0 1",   // 1 runs
			"running: 1",     // resumed: 0 is not re-ticked
			"success: 1 2",   // 1 finishes, 2 runs in the same tick
			"success: 0 1 2", // a finished sequence starts over
		})
	if p.started[0] != true || p.started[2] != false {
		t.Fatalf("Started flags %v: a resumed leaf must not report Started", p.started)
	}
}

func TestSelectorMemory(t *testing.T) {
	p := &probe{res: [8]Status{Failure, Running, Success}}
	in := mustBuild(t, Selector(Action("act", 0), Action("act", 1), Action("act", 2)))
	expectSteps(t, in, p, []func(){nil, func() { p.res[0] = Success }, func() { p.res[1] = Failure }, nil},
		[]string{
			"running: 0 1",
			"running: 1", // 0 would now succeed but is not re-ticked
			"success: 1 2",
			"success: 0",
		})
}

// The same situation in a memory and a reactive sequence: a guard that
// turns false while the action runs is only noticed by the reactive one,
// which halts the action; the halted action restarts (Started) later.
func TestReactiveVersusMemorySequence(t *testing.T) {
	script := func(p *probe) []func() {
		return []func(){nil, func() { p.cond[0] = false }, func() { p.cond[0] = true }}
	}
	p := &probe{cond: [8]bool{true}, res: [8]Status{Running}}
	mem := mustBuild(t, Sequence(Condition("is", 0), Action("act", 0)))
	expectSteps(t, mem, p, script(p), []string{
		"running: ?0 0",
		"running: 0", // guard not re-checked
		"running: 0",
	})
	if want := []bool{true, false, false}; !equalBools(p.started, want) {
		t.Fatalf("memory Started %v, want %v", p.started, want)
	}

	p = &probe{cond: [8]bool{true}, res: [8]Status{Running}}
	re := mustBuild(t, ReactiveSequence(Condition("is", 0), Action("act", 0)))
	expectSteps(t, re, p, script(p), []string{
		"running: ?0 0",
		"failure: ?0", // guard re-checked every tick
		"running: ?0 0",
	})
	if want := []bool{true, true}; !equalBools(p.started, want) {
		t.Fatalf("reactive Started %v, want %v (the action was halted, so it restarts)", p.started, want)
	}
	if re.Status(2) != Running {
		t.Fatalf("action status %v", re.Status(2))
	}
}

// A reactive selector lets a higher-priority child pre-empt a running
// lower one; the memory selector keeps running the lower one.
func TestReactiveVersusMemorySelector(t *testing.T) {
	p := &probe{res: [8]Status{Failure, Running}}
	mem := mustBuild(t, Selector(Action("act", 0), Action("act", 1)))
	expectSteps(t, mem, p, []func(){nil, func() { p.res[0] = Success }},
		[]string{"running: 0 1", "running: 1"})

	p = &probe{res: [8]Status{Failure, Running}}
	re := mustBuild(t, ReactiveSelector(Action("act", 0), Action("act", 1)))
	expectSteps(t, re, p, []func(){nil, func() { p.res[0] = Success }, func() { p.res[0] = Failure }},
		[]string{"running: 0 1", "success: 0", "running: 0 1"})
	// calls: 0 1 | 0 | 0 1; act 1 was halted on tick 2, so it restarts on tick 3.
	if want := []bool{true, true, true, true, true}; !equalBools(p.started, want) {
		t.Fatalf("reactive selector Started %v, want %v", p.started, want)
	}
}

// Seed 000's ForgetfulSequence restarts from the first child every tick
// but does not halt the later child, which resumes where it was. A
// reactive sequence in the same script restarts the later child.
func TestForgetfulSequence(t *testing.T) {
	script := func(p *probe) []func() {
		return []func(){nil, nil, func() { p.res[0] = Failure }, func() { p.res[0] = Success }}
	}
	want := []string{
		"running: 0 1",
		"running: 0 1", // first child re-run every tick
		"failure: 0",
		"running: 0 1",
	}
	p := &probe{res: [8]Status{Success, Running}}
	fs := mustBuild(t, ForgetfulSequence(Action("act", 0), Action("act", 1)))
	expectSteps(t, fs, p, script(p), want)
	// started of act 1 calls: tick1 true, tick2 false, tick4 false (resumed).
	if got, w := []bool{p.started[1], p.started[3], p.started[6]}, []bool{true, false, false}; !equalBools(got, w) {
		t.Fatalf("forgetful: act 1 Started %v, want %v", got, w)
	}
	p = &probe{res: [8]Status{Success, Running}}
	rs := mustBuild(t, ReactiveSequence(Action("act", 0), Action("act", 1)))
	expectSteps(t, rs, p, script(p), want)
	if got, w := []bool{p.started[1], p.started[3], p.started[6]}, []bool{true, false, true}; !equalBools(got, w) {
		t.Fatalf("reactive: act 1 Started %v, want %v", got, w)
	}
}

func TestParallelPolicies(t *testing.T) {
	cases := []struct {
		succ, fail Policy
		res        [3]Status
		want       Status
	}{
		{RequireAll, RequireOne, [3]Status{Success, Success, Success}, Success},
		{RequireAll, RequireOne, [3]Status{Success, Running, Success}, Running},
		{RequireAll, RequireOne, [3]Status{Success, Running, Failure}, Failure},
		{RequireOne, RequireAll, [3]Status{Failure, Running, Failure}, Running},
		{RequireOne, RequireAll, [3]Status{Failure, Success, Running}, Success},
		{RequireOne, RequireAll, [3]Status{Failure, Failure, Failure}, Failure},
		{RequireAll, RequireAll, [3]Status{Failure, Success, Success}, Failure}, // all done, success not met
		{RequireOne, RequireOne, [3]Status{Failure, Success, Running}, Success}, // success checked first
	}
	for i, c := range cases {
		p := &probe{}
		copy(p.res[:], c.res[:])
		in := mustBuild(t, Parallel(c.succ, c.fail, Action("act", 0), Action("act", 1), Action("act", 2)))
		if got := in.Tick(p); got != c.want {
			t.Errorf("case %d: got %v want %v", i, got, c.want)
		}
		if c.want != Running {
			for j := 1; j <= 3; j++ {
				if in.Status(j) == Running {
					t.Errorf("case %d: child %d still running after the parallel finished", i, j)
				}
			}
		}
	}
	// Finished children are not re-ticked while the parallel runs.
	p := &probe{res: [8]Status{Success, Running}}
	in := mustBuild(t, Parallel(RequireAll, RequireOne, Action("act", 0), Action("act", 1)))
	expectSteps(t, in, p, []func(){nil, nil, func() { p.res[1] = Success }, nil},
		[]string{"running: 0 1", "running: 1", "success: 1", "success: 0 1"})
}

func TestDecorators(t *testing.T) {
	p := &probe{}
	for _, c := range []struct {
		name string
		d    Def
		res  Status
		want Status
	}{
		{"inverter s", Inverter(Action("act", 0)), Success, Failure},
		{"inverter f", Inverter(Action("act", 0)), Failure, Success},
		{"inverter r", Inverter(Action("act", 0)), Running, Running},
		{"succeeder f", Succeeder(Action("act", 0)), Failure, Success},
		{"succeeder r", Succeeder(Action("act", 0)), Running, Running},
		{"failer s", Failer(Action("act", 0)), Success, Failure},
		{"until-fail s", UntilFail(Action("act", 0)), Success, Running},
		{"until-fail f", UntilFail(Action("act", 0)), Failure, Success},
		{"until-success f", UntilSuccess(Action("act", 0)), Failure, Running},
		{"until-success s", UntilSuccess(Action("act", 0)), Success, Success},
	} {
		p.res[0] = c.res
		if got := mustBuild(t, c.d).Tick(p); got != c.want {
			t.Errorf("%s: got %v want %v", c.name, got, c.want)
		}
	}
}

// Repeat 3 over a child that takes two ticks: running until the third run
// finishes, on tick 6; the child's failures are ignored.
func TestRepeatN(t *testing.T) {
	p := &probe{res: [8]Status{Success, Running}}
	in := mustBuild(t, Repeat(3, Sequence(Action("act", 0), Action("act", 1))))
	flip := func() { p.res[1] = Running }
	fin := func() { p.res[1] = Failure }
	expectSteps(t, in, p, []func(){flip, fin, flip, fin, flip, fin, flip},
		[]string{
			"running: 0 1", "running: 1", // run 1 (fails: ignored)
			"running: 0 1", "running: 1", // run 2
			"running: 0 1", "success: 1", // run 3 done
			"running: 0 1", // starts over
		})
}

func TestWaitAndTimeout(t *testing.T) {
	p := &probe{}
	w := mustBuild(t, Wait(3))
	for i, want := range []Status{Running, Running, Success, Running} {
		if got := w.Tick(p); got != want {
			t.Fatalf("wait tick %d: %v want %v", i+1, got, want)
		}
	}
	// Timeout 3 over wait 5 fails at the end of its third tick; over wait 3 it succeeds.
	to := mustBuild(t, Timeout(3, Wait(5)))
	for i, want := range []Status{Running, Running, Failure, Running} {
		if got := to.Tick(p); got != want {
			t.Fatalf("timeout tick %d: %v want %v", i+1, got, want)
		}
	}
	if to.Status(1) != Running { // restarted on tick 4
		t.Fatalf("timed-out child status %v", to.Status(1))
	}
	ok := mustBuild(t, Timeout(3, Wait(3)))
	for i, want := range []Status{Running, Running, Success} {
		if got := ok.Tick(p); got != want {
			t.Fatalf("timeout ok tick %d: %v want %v", i+1, got, want)
		}
	}
}

// Cooldown 2: after the child finishes on tick t, ticks t+1 and t+2 fail
// without ticking it; tick t+3 runs it again.
func TestCooldown(t *testing.T) {
	p := &probe{res: [8]Status{Success}}
	in := mustBuild(t, Cooldown(2, Action("act", 0)))
	expectSteps(t, in, p, nil, []string{
		"success: 0", "failure: ", "failure: ", "success: 0", "failure: ",
	})
	// A running child is not cut off by the cooldown; the cooldown starts
	// when it finishes.
	p = &probe{res: [8]Status{Running}}
	in = mustBuild(t, Cooldown(1, Action("act", 0)))
	expectSteps(t, in, p, []func(){nil, nil, func() { p.res[0] = Failure }, nil, nil},
		[]string{"running: 0", "running: 0", "failure: 0", "failure: ", "failure: 0"})
}

// Seed 000's Conditional: a false condition fails without ticking the
// child and halts it when running.
func TestConditional(t *testing.T) {
	p := &probe{cond: [8]bool{true}, res: [8]Status{Running}}
	in := mustBuild(t, Conditional("is", Action("act", 0)).withArgs(0))
	expectSteps(t, in, p, []func(){nil, nil, func() { p.cond[0] = false }, func() { p.cond[0] = true }},
		[]string{"running: ?0 0", "running: ?0 0", "failure: ?0", "running: ?0 0"})
	if want := []bool{true, false, true}; !equalBools(p.started, want) {
		t.Fatalf("Started %v, want %v", p.started, want)
	}
}

func (d Def) withArgs(a ...float64) Def { d.Args = a; return d }

// Seed 000: a leaf cannot run without its compulsory context values; a
// missing optional value reads as its default.
func TestCompulsoryKeys(t *testing.T) {
	s := NewSchema()
	target := s.CompulsoryVec2("target")
	speed := s.Float("speed", 2.5)
	r := NewRegistry[*probe](s)
	var gotSpeed float64
	r.Action("move", 0, func(p *probe, c *Call) Status {
		gotSpeed = c.BB.Float(speed)
		return Success
	}, target.Key, speed.Key)
	r.Condition("near", 0, func(p *probe, c *Call) bool { return true }, target.Key)
	tr, err := Build(r, Sequence(Condition("near"), Action("move")))
	if err != nil {
		t.Fatal(err)
	}
	in := tr.NewInstance()
	if got := in.Tick(nil); got != Failure {
		t.Fatalf("missing compulsory key: %v, want failure", got)
	}
	in.Blackboard().SetVec2(target, in.Blackboard().Vec2(target))
	if got := in.Tick(nil); got != Success || gotSpeed != 2.5 {
		t.Fatalf("with key: %v speed %v", got, gotSpeed)
	}
	in.Blackboard().SetFloat(speed, 4)
	in.Tick(nil)
	if gotSpeed != 4 {
		t.Fatalf("speed %v", gotSpeed)
	}
	in.Blackboard().Unset(target.Key)
	if got := in.Tick(nil); got != Failure || in.Blackboard().Has(target.Key) {
		t.Fatalf("after unset: %v", got)
	}
	if s.Name(target.Key) != "target" {
		t.Fatal("name")
	}
}

func TestSchemaErrors(t *testing.T) {
	s := NewSchema()
	a := s.Float("a", 1)
	if b := s.Float("a", 7); b != a {
		t.Fatal("redeclaring the same key must return it")
	}
	if s.Err() != nil {
		t.Fatal(s.Err())
	}
	bad := s.Int("a", 0)
	if bad.Valid() || s.Err() == nil || !strings.Contains(s.Err().Error(), `"a"`) {
		t.Fatalf("kind clash: %v %v", bad, s.Err())
	}
	bb := s.NewBlackboard()
	bb.SetInt(bad, 3) // ignored
	if bb.Int(bad) != 0 || bb.Float(a) != 1 {
		t.Fatal("invalid key must read zero and not disturb others")
	}
	if _, err := Build(NewRegistry[*probe](s), Succeed()); err == nil {
		t.Fatal("Build must report the schema error")
	}
	s2 := NewSchema()
	s2.NewBlackboard()
	if k := s2.Bool("late", false); k.Valid() || s2.Err() == nil {
		t.Fatal("declaring after freeze must fail")
	}
}

func TestBuildErrors(t *testing.T) {
	r := probeRegistry()
	for _, c := range []struct {
		d    Def
		want string
	}{
		{Sequence(), "sequence: sequence needs at least one child"},
		{Def{Kind: KindInverter}, "needs exactly one child"},
		{Action("nope"), `unknown action "nope"`},
		{Action("act"), `"act" takes 1 argument(s), got 0`},
		{Action("is", 0), `"is" is a condition, not an action`},
		{Conditional("act", Succeed()).withArgs(1), `"act" is an action, not a condition`},
		{Repeat(0, Succeed()), "count 0 out of range"},
		{Def{Kind: KindSucceed, Children: []Def{Succeed()}}, "is a leaf"},
		{Action("act", nan()), "not a finite number"},
		{Def{Kind: KindWait, N: 2, Args: []float64{1}}, "takes no arguments"},
		{Def{Kind: 200}, "invalid node kind"},
		{Def{Kind: KindUse, Name: "x"}, "was not expanded"},
	} {
		_, err := Build(r, c.d)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want %q", c.d, err, c.want)
		}
	}
	deep := Succeed()
	for range MaxDepth + 1 {
		deep = Inverter(deep)
	}
	if _, err := Build(r, deep); err == nil || !strings.Contains(err.Error(), "deeper") {
		t.Errorf("deep tree: %v", err)
	}
	r2 := NewRegistry[*probe](nil)
	r2.Action("x", 0, nil)
	if _, err := Build(r2, Succeed()); err == nil || !strings.Contains(err.Error(), "nil function") {
		t.Errorf("nil func: %v", err)
	}
	r2 = NewRegistry[*probe](nil)
	r2.Action("x", 0, func(*probe, *Call) Status { return Success })
	r2.Condition("x", 0, func(*probe, *Call) bool { return true })
	if err := r2.Err(); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("duplicate: %v", err)
	}
	other := NewSchema().Float("f", 0)
	r3 := NewRegistry[*probe](NewSchema())
	r3.Action("y", 0, func(*probe, *Call) Status { return Success }, other.Key)
	if r3.Err() == nil {
		t.Error("foreign key accepted")
	}
}

// An action returning an invalid status counts as failure.
func TestInvalidLeafStatus(t *testing.T) {
	r := NewRegistry[*probe](nil)
	r.Action("bad", 0, func(*probe, *Call) Status { return Ready })
	tr, err := Build(r, Action("bad"))
	if err != nil {
		t.Fatal(err)
	}
	if got := tr.NewInstance().Tick(nil); got != Failure {
		t.Fatalf("got %v", got)
	}
}

func TestResetAndDump(t *testing.T) {
	p := &probe{res: [8]Status{Failure, Running}}
	in := mustBuild(t, Selector(Action("act", 0), Action("act", 1), Wait(2)))
	in.Tick(p)
	in.Tick(p)
	want := "" +
		"selector        running\n" +
		"  action act 0  (failure)\n" +
		"  action act 1  running\n" +
		"  wait 2        -\n"
	if got := in.Dump(); got != want {
		t.Fatalf("dump:\n%s\nwant:\n%s", got, want)
	}
	in.Reset()
	if in.Ticks() != 0 || in.Status(0) != Ready || in.Status(2) != Ready {
		t.Fatal("reset")
	}
	if got := step(in, p); got != "running: 0 1" {
		t.Fatalf("after reset: %s", got)
	}
}

func equalBools(a, b []bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func nan() float64 { z := 0.0; return z / z }

// A running action that is pre-empted, timed out or guarded off is told
// so through its halt function, with its scratch word intact; finishing
// normally does not call it.
func TestHaltFunctions(t *testing.T) {
	r := probeRegistry()
	var halted []int64
	r.Action("walk", 0, func(p *probe, c *Call) Status {
		*c.Mem()++
		p.log = append(p.log, "walk")
		return p.res[1]
	})
	r.OnHalt("walk", func(p *probe, c *Call) { halted = append(halted, *c.Mem()) })
	build := func(d Def) *Instance[*probe] {
		tr, err := Build(r, d)
		if err != nil {
			t.Fatal(err)
		}
		return tr.NewInstance()
	}
	p := &probe{res: [8]Status{Failure, Running}}
	in := build(ReactiveSelector(Action("act", 0), Action("walk")))
	in.Tick(p)
	in.Tick(p)
	p.res[0] = Success // pre-empts walk after 2 ticks
	in.Tick(p)
	if len(halted) != 1 || halted[0] != 2 {
		t.Fatalf("pre-empted: halted %v, want [2]", halted)
	}
	halted = nil
	in = build(Timeout(3, Action("walk")))
	for range 3 {
		in.Tick(p)
	}
	if len(halted) != 1 || halted[0] != 3 {
		t.Fatalf("timeout: halted %v, want [3]", halted)
	}
	halted = nil
	p.cond[0] = true
	in = build(Conditional("is", Action("walk")).withArgs(0))
	in.Tick(p)
	p.cond[0] = false
	in.Tick(p)
	if len(halted) != 1 || halted[0] != 1 {
		t.Fatalf("conditional: halted %v, want [1]", halted)
	}
	halted = nil
	in = build(Sequence(Action("walk"), Wait(5)))
	in.Tick(p)
	in.Tick(p)
	in.Halt(p)
	if len(halted) != 1 || halted[0] != 2 || in.Status(0) != Ready || in.Status(1) != Ready {
		t.Fatalf("Halt: halted %v, statuses %v %v", halted, in.Status(0), in.Status(1))
	}
	halted = nil
	p.res[1] = Success
	in = build(ReactiveSelector(Action("walk"), Action("act", 0)))
	in.Tick(p)
	in.Tick(p)
	if len(halted) != 0 {
		t.Fatalf("completed action was halted: %v", halted)
	}
	r.OnHalt("nope", func(*probe, *Call) {})
	if r.Err() == nil {
		t.Fatal("OnHalt of an unknown action accepted")
	}
}

func TestSharedBlackboard(t *testing.T) {
	s := NewSchema()
	k := s.Int("n", 0)
	r := NewRegistry[*probe](s)
	r.Action("inc", 0, func(p *probe, c *Call) Status { c.BB.SetInt(k, c.BB.Int(k)+1); return Success })
	t1, _ := Build(r, Action("inc"))
	t2, _ := Build(r, Sequence(Action("inc"), Action("inc")))
	bb := s.NewBlackboard()
	a, b := t1.NewInstanceWith(bb), t2.NewInstanceWith(bb)
	a.Tick(nil)
	b.Tick(nil)
	if bb.Int(k) != 3 || a.Blackboard() != b.Blackboard() {
		t.Fatalf("shared blackboard n = %d", bb.Int(k))
	}
	if c := t1.NewInstanceWith(nil); c.Blackboard() == nil || c.Blackboard() == bb {
		t.Fatal("nil blackboard not replaced")
	}
	if c := t1.NewInstanceWith(NewSchema().NewBlackboard()); c.Blackboard().Schema() != s {
		t.Fatal("foreign blackboard not replaced")
	}
}
