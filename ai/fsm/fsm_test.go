package fsm

import (
	"strings"
	"testing"

	"diorama/internal/testenv"
)

// Events of the test agents.
const (
	EvHit Event = iota + 1
	EvSeePlayer
	EvLostPlayer
	EvThirsty
	EvReloaded
	EvUnknown
)

type agent struct {
	log      []string
	dist     float64
	ammo     int
	thirst   int
	handled  int
	blipBack bool
}

func (a *agent) say(s string) { a.log = append(a.log, s) }

func (a *agent) take() string {
	s := strings.Join(a.log, " ")
	a.log = a.log[:0]
	return s
}

// logged returns a state whose Enter/Execute/Exit log "+name",
// "name" and "-name".
func logged(name string) *State[*agent] {
	return &State[*agent]{
		Name:    name,
		Enter:   func(a *agent, m *Machine[*agent]) { a.say("+" + name) },
		Execute: func(a *agent, m *Machine[*agent]) { a.say(name) },
		Exit:    func(a *agent, m *Machine[*agent]) { a.say("-" + name) },
	}
}

func expect(t *testing.T, a *agent, want string) {
	t.Helper()
	if got := a.take(); got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// Seed 002 enemy 2: follow the player until in range, attack, move back
// when too close. Transitions are checked in Execute (polling).
func TestEnterExecuteExit(t *testing.T) {
	follow, attack, back := logged("follow"), logged("attack"), logged("back")
	exec := func(s *State[*agent], f func(a *agent, m *Machine[*agent])) {
		old := s.Execute
		s.Execute = func(a *agent, m *Machine[*agent]) { old(a, m); f(a, m) }
	}
	exec(follow, func(a *agent, m *Machine[*agent]) {
		if a.dist < 10 {
			m.Change(attack)
		}
	})
	exec(attack, func(a *agent, m *Machine[*agent]) {
		switch {
		case a.dist < 3:
			m.Change(back)
		case a.dist >= 10:
			m.Change(follow)
		}
	})
	exec(back, func(a *agent, m *Machine[*agent]) {
		if a.dist >= 5 {
			m.Change(attack)
		}
	})
	a := &agent{dist: 20}
	m := New(a, 4)
	if err := m.Start(follow); err != nil {
		t.Fatal(err)
	}
	expect(t, a, "+follow")
	m.Update()
	expect(t, a, "follow")
	a.dist = 8
	m.Update()
	expect(t, a, "follow -follow +attack")
	m.Update()
	expect(t, a, "attack")
	a.dist = 2
	m.Update()
	expect(t, a, "attack -attack +back")
	a.dist = 6
	m.Update()
	expect(t, a, "back -back +attack")
	if m.Current() != attack || m.Previous() != back || m.Changes() != 4 {
		t.Fatalf("current %v previous %v changes %d", m.Current(), m.Previous(), m.Changes())
	}
	if err := m.Start(follow); err == nil {
		t.Fatal("second Start accepted")
	}
}

// Buckland's miner: the global state runs every update before the current
// state, and a thirst blip returns to whatever the miner was doing.
func TestGlobalStateAndBlips(t *testing.T) {
	dig, bank, drink := logged("dig"), logged("bank"), logged("drink")
	drink.Execute = func(a *agent, m *Machine[*agent]) {
		a.say("drink")
		a.thirst = 0
		m.Return()
	}
	global := &State[*agent]{Name: "global", Execute: func(a *agent, m *Machine[*agent]) {
		a.say("global")
		if a.thirst++; a.thirst >= 3 && !m.In(drink) {
			m.Blip(drink)
		}
	}}
	a := &agent{}
	m := New(a, 4)
	m.SetGlobal(global)
	if err := m.Start(dig); err != nil {
		t.Fatal(err)
	}
	a.take()
	m.Update()
	expect(t, a, "global dig")
	m.Update()
	expect(t, a, "global dig")
	m.Update() // thirst 3: the global state blips to drink; dig does not execute
	expect(t, a, "global -dig +drink")
	m.Update()
	expect(t, a, "global drink -drink +dig")
	if m.Current() != dig || m.Return() {
		t.Fatal("blip did not return to dig, or returned twice")
	}
	// Revert: back to the previous state, whatever it was.
	m.Change(bank)
	a.take()
	m.Revert()
	expect(t, a, "-bank +dig")
	m.Revert()
	expect(t, a, "-dig +bank")
	// Blip survives an intermediate change: return goes to the state
	// active when the blip began.
	m.Blip(drink)
	m.Change(dig)
	a.take()
	m.Return()
	expect(t, a, "-dig +bank")
}

// Seed 002 enemy 5 as a hierarchy: Combat{Hide, Wait, Track, Attack} and
// Patrol. Moving between substates exits only the substate; leaving
// Combat exits both; entering Combat enters its initial substate; Execute
// runs outer to inner.
func TestHierarchy(t *testing.T) {
	combat, patrol := logged("combat"), logged("patrol")
	hide, wait, track, attack := logged("hide"), logged("wait"), logged("track"), logged("attack")
	for _, s := range []*State[*agent]{hide, wait, track, attack} {
		s.Parent = combat
	}
	combat.Initial = hide
	hide.Execute = func(a *agent, m *Machine[*agent]) { a.say("hide"); m.Change(wait) }
	wait.Execute = func(a *agent, m *Machine[*agent]) {
		a.say("wait")
		if a.ammo++; a.ammo >= 2 {
			m.Change(track)
		}
	}
	track.Execute = func(a *agent, m *Machine[*agent]) { a.say("track"); m.Change(attack) }
	attack.Execute = func(a *agent, m *Machine[*agent]) {
		a.say("attack")
		if a.ammo--; a.ammo == 0 {
			m.Change(hide) // reload needed: hide again
		}
	}
	combat.Execute = func(a *agent, m *Machine[*agent]) {
		a.say("combat")
		if a.dist > 100 {
			m.Change(patrol)
		}
	}
	patrol.On = []Transition[*agent]{{Event: EvSeePlayer, To: combat}}
	if err := Validate(combat, patrol, hide, wait, track, attack); err != nil {
		t.Fatal(err)
	}
	a := &agent{}
	m := New(a, 4)
	if err := m.Start(patrol); err != nil {
		t.Fatal(err)
	}
	expect(t, a, "+patrol")
	if !m.Send(EvSeePlayer) {
		t.Fatal("patrol did not handle EvSeePlayer")
	}
	expect(t, a, "-patrol +combat +hide")
	if !m.In(combat) || !m.In(hide) || m.In(patrol) || m.Current() != hide {
		t.Fatal("In")
	}
	want := []string{
		"combat hide -hide +wait",
		"combat wait",
		"combat wait -wait +track",
		"combat track -track +attack",
		"combat attack",
		"combat attack -attack +hide",
	}
	for i, w := range want {
		m.Update()
		if got := a.take(); got != w {
			t.Fatalf("update %d: %q, want %q", i+1, got, w)
		}
	}
	a.dist = 200 // the outer state decides first: inner hide does not run
	m.Update()
	expect(t, a, "combat -hide -combat +patrol")
	// Changing to an ancestor of the current state re-enters it.
	m.Change(wait)
	expect(t, a, "-patrol +combat +wait")
	m.Change(combat)
	expect(t, a, "-wait -combat +combat +hide")
	m.Change(hide)
	expect(t, a, "-hide +hide")
}

// Events bubble from the leaf to its ancestors and then the global state;
// guards select transitions; Post defers to the next Update.
func TestEvents(t *testing.T) {
	combat, patrol, flee := logged("combat"), logged("patrol"), logged("flee")
	attack := logged("attack")
	attack.Parent, combat.Initial = combat, attack
	hp := 3
	combat.On = []Transition[*agent]{
		{Event: EvHit, Guard: func(a *agent) bool { hp--; return hp <= 0 }, To: flee},
		{Event: EvHit}, // otherwise: handled, no change
		{Event: EvLostPlayer, To: patrol},
	}
	global := &State[*agent]{Name: "global", OnEvent: func(a *agent, m *Machine[*agent], e Event) bool {
		if e == EvThirsty {
			a.handled++
			return true
		}
		return false
	}}
	a := &agent{}
	m := New(a, 2)
	m.SetGlobal(global)
	if err := m.Start(combat); err != nil {
		t.Fatal(err)
	}
	a.take()
	if !m.Send(EvHit) || m.Current() != attack { // hp 2: handled by combat, no change
		t.Fatal("hit 1")
	}
	if !m.Send(EvThirsty) || a.handled != 1 || m.Current() != attack {
		t.Fatal("global did not handle")
	}
	if m.Send(EvUnknown) {
		t.Fatal("unknown event handled")
	}
	expect(t, a, "")
	m.Send(EvHit)
	m.Send(EvHit) // hp 0
	expect(t, a, "-attack -combat +flee")
	// Post: queued, dispatched at the start of the next Update, before Execute.
	m.Change(combat)
	a.take()
	if !m.Post(EvLostPlayer) || !m.Post(EvThirsty) || m.Post(EvHit) {
		t.Fatal("queue capacity 2")
	}
	if m.Current() != attack || m.Pending() != 2 {
		t.Fatal("Post must not dispatch at once")
	}
	m.Update()
	expect(t, a, "-attack -combat +patrol patrol")
	if m.Pending() != 0 || a.handled != 2 {
		t.Fatal("queue not drained")
	}
}

// A change requested from Enter or Exit happens right after the one in
// progress; endless ping-pong is cut off with an error.
func TestChangeFromEnter(t *testing.T) {
	a1, b1, c1 := logged("a"), logged("b"), logged("c")
	b1.Enter = func(a *agent, m *Machine[*agent]) { a.say("+b"); m.Change(c1) }
	ag := &agent{}
	m := New(ag, 1)
	m.Start(a1)
	m.Change(b1)
	expect(t, ag, "+a -a +b -b +c")
	if m.Current() != c1 || m.Previous() != b1 {
		t.Fatal("chained change")
	}
	x, y := logged("x"), logged("y")
	x.Enter = func(a *agent, m *Machine[*agent]) { m.Change(y) }
	y.Enter = func(a *agent, m *Machine[*agent]) { m.Change(x) }
	m.Change(x)
	if m.Err() == nil || !strings.Contains(m.Err().Error(), "chained") {
		t.Fatalf("ping-pong: %v", m.Err())
	}
}

func TestValidate(t *testing.T) {
	a, b := logged("a"), logged("b")
	a.Parent, b.Parent = b, a
	if Validate(a) == nil {
		t.Error("cycle accepted")
	}
	c, d := logged("c"), logged("d")
	c.Initial = d // d.Parent is not c
	if err := Validate(c); err == nil || !strings.Contains(err.Error(), "another parent") {
		t.Errorf("initial: %v", err)
	}
	if Validate[*agent](nil) == nil {
		t.Error("nil accepted")
	}
	e := logged("e")
	e.On = []Transition[*agent]{{Event: 1, To: a}}
	if Validate(e) == nil {
		t.Error("transition to a cyclic state accepted")
	}
	m := New(&agent{}, 1)
	if m.Start(a) == nil {
		t.Error("Start accepted a cyclic state")
	}
	m.Change(nil)
	if m.Err() == nil {
		t.Error("Change(nil) not reported")
	}
	deep := logged("root")
	for i := 0; i < MaxDepth+1; i++ {
		s := logged("s")
		s.Parent = deep
		deep = s
	}
	if Validate(deep) == nil {
		t.Error("too deep accepted")
	}
}

func TestNoAllocations(t *testing.T) {
	type quiet struct{ n, hits int }
	combat := &State[*quiet]{Name: "combat"}
	attack := &State[*quiet]{Name: "attack", Parent: combat}
	hide := &State[*quiet]{Name: "hide", Parent: combat}
	patrol := &State[*quiet]{Name: "patrol"}
	combat.Initial = attack
	attack.Execute = func(q *quiet, m *Machine[*quiet]) {
		if q.n++; q.n%3 == 0 {
			m.Change(hide)
		}
	}
	hide.Execute = func(q *quiet, m *Machine[*quiet]) { m.Revert() }
	combat.On = []Transition[*quiet]{{Event: EvLostPlayer, To: patrol}}
	patrol.On = []Transition[*quiet]{{Event: EvSeePlayer, To: combat}}
	global := &State[*quiet]{Execute: func(q *quiet, m *Machine[*quiet]) { q.hits++ }}
	q := &quiet{}
	m := New(q, 8)
	m.SetGlobal(global)
	if err := m.Start(patrol); err != nil {
		t.Fatal(err)
	}
	i := 0
	allocs := testenv.AllocsOver(500, func() {
		i++
		switch i % 7 {
		case 0:
			m.Post(EvLostPlayer)
		case 1:
			m.Send(EvSeePlayer)
		case 4:
			m.Blip(hide)
			m.Return()
		}
		m.Update()
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per update", allocs)
	}
	if m.Changes() < 100 || q.hits < 500 {
		t.Fatalf("the loop did not exercise changes: %d changes", m.Changes())
	}
}

// BenchmarkUpdate: one update of a two-level machine with a global state,
// changing state every third update.
func BenchmarkUpdate(b *testing.B) {
	type quiet struct{ n int }
	combat := &State[*quiet]{Name: "combat", Execute: func(q *quiet, m *Machine[*quiet]) {}}
	attack := &State[*quiet]{Name: "attack", Parent: combat}
	hide := &State[*quiet]{Name: "hide", Parent: combat}
	combat.Initial = attack
	attack.Execute = func(q *quiet, m *Machine[*quiet]) {
		if q.n++; q.n%3 == 0 {
			m.Change(hide)
		}
	}
	hide.Execute = func(q *quiet, m *Machine[*quiet]) { m.Change(attack) }
	m := New(&quiet{}, 4)
	m.SetGlobal(&State[*quiet]{Execute: func(q *quiet, m *Machine[*quiet]) {}})
	m.Start(combat)
	b.ReportAllocs()
	for b.Loop() {
		m.Update()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/update")
}

func TestStop(t *testing.T) {
	outer, inner := logged("outer"), logged("inner")
	inner.Parent, outer.Initial = outer, inner
	a := &agent{}
	m := New(a, 2)
	m.Start(outer)
	m.Post(EvHit)
	a.take()
	m.Stop()
	expect(t, a, "-inner -outer")
	if m.Current() != nil || m.Pending() != 0 {
		t.Fatal("stop")
	}
	m.Update() // nothing active: no effect
	expect(t, a, "")
	if err := m.Start(outer); err != nil {
		t.Fatal(err)
	}
	expect(t, a, "+outer +inner")
	// Stop from Execute: the inner state does not run afterwards.
	outer.Execute = func(a *agent, m *Machine[*agent]) { a.say("outer"); m.Stop() }
	m.Update()
	expect(t, a, "outer -inner -outer")
}

// Three levels: a{b{c, d}, e}. Transitions exit and enter only below the
// nearest common ancestor.
func TestDeepHierarchy(t *testing.T) {
	a, b, c, d, e := logged("a"), logged("b"), logged("c"), logged("d"), logged("e")
	b.Parent, e.Parent = a, a
	c.Parent, d.Parent = b, b
	a.Initial, b.Initial = b, c
	if err := Validate(a, b, c, d, e); err != nil {
		t.Fatal(err)
	}
	ag := &agent{}
	m := New(ag, 1)
	m.Start(a)
	expect(t, ag, "+a +b +c")
	m.Update()
	expect(t, ag, "a b c")
	for _, step := range []struct {
		to   *State[*agent]
		want string
	}{
		{d, "-c +d"},
		{e, "-d -b +e"},
		{d, "-e +b +d"},
		{b, "-d -b +b +c"},
		{a, "-c -b -a +a +b +c"},
	} {
		m.Change(step.to)
		expect(t, ag, step.want)
	}
}
