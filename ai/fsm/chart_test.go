package fsm

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/internal/loadutil"
	"diorama/internal/testenv"
)

// guard is a test agent: the conditions read its fields, the actions
// append to its log.
type guard struct {
	health  float64
	sees    bool
	dist    float64
	log     []string
	shots   int
	entered int
}

func guardRegistry() *Registry[*guard] {
	r := NewRegistry[*guard]()
	r.Condition("healthBelow", 1, func(g *guard, a []float64) bool { return g.health < a[0] })
	r.Condition("seesPlayer", 0, func(g *guard, _ []float64) bool { return g.sees })
	r.Condition("closerThan", 1, func(g *guard, a []float64) bool { return g.dist < a[0] })
	r.Action("say", 0, func(g *guard, _ []float64) { g.log = append(g.log, "say") })
	r.Action("shoot", 1, func(g *guard, a []float64) { g.shots += int(a[0]) })
	r.Action("count", 0, func(g *guard, _ []float64) { g.entered++ })
	return r
}

const guardSrc = `# a test chart
machine other
  state idle

machine guard
  global
    when healthBelow 25 -> broken
  state engaged   # composite: enters patrol
    when not seesPlayer and after 3 -> resting
    state patrol
      enter count
      when seesPlayer and closerThan 6 -> attack
    state attack
      do shoot 2
      exit say
  state resting
    when after 2 -> engaged
  state broken
    enter count
`

func TestChartRuns(t *testing.T) {
	c, err := guardRegistry().Parse("guard.fsm", guardSrc, "guard")
	if err != nil {
		t.Fatal(err)
	}
	g := &guard{health: 100, dist: 10}
	m, err := c.Start(g, 1)
	if err != nil {
		t.Fatal(err)
	}
	cur := func() string { return m.Current().Name }
	if cur() != "patrol" || g.entered != 1 || m.Global() == nil {
		t.Fatalf("start: %s entered %d", cur(), g.entered)
	}
	// Sees the player far away: no attack (both conditions must hold).
	g.sees = true
	m.Update()
	if cur() != "patrol" {
		t.Fatalf("far: %s", cur())
	}
	g.dist = 4
	m.Update() // the change; attack's actions wait for the next update
	if cur() != "attack" || g.shots != 0 {
		t.Fatalf("near: %s shots %d", cur(), g.shots)
	}
	m.Update()
	m.Update()
	if g.shots != 4 {
		t.Fatalf("shots %d, want 4", g.shots)
	}
	// The parent's transition applies to its substates, after 3 updates
	// in the current state without seeing the player.
	g.sees = false
	m.Update() // attack entered 3 updates ago: ticks 3
	if cur() != "resting" || strings.Join(g.log, ",") != "say" {
		t.Fatalf("lost sight: %s log %v", cur(), g.log)
	}
	m.Update()
	if cur() != "resting" {
		t.Fatalf("after 1: %s", cur())
	}
	m.Update()
	if cur() != "patrol" || g.entered != 2 {
		t.Fatalf("after 2: %s entered %d", cur(), g.entered)
	}
	// The global transition enters broken once, not on every update.
	g.health = 10
	for range 5 {
		m.Update()
	}
	if cur() != "broken" || g.entered != 3 {
		t.Fatalf("broken: %s entered %d", cur(), g.entered)
	}
	if c.Name() != "guard" || c.State("attack") == nil || c.State("nope") != nil {
		t.Fatal("chart lookup")
	}
	// Steady updates allocate nothing.
	g.health, g.sees = 100, true
	m2, _ := c.Start(&guard{health: 100, sees: true, dist: 3}, 1)
	if n := testenv.AllocsOver(100, m2.Update); n != 0 {
		t.Fatalf("%v allocations in 100 updates", n)
	}
}

func TestChartTicks(t *testing.T) {
	r := NewRegistry[*guard]()
	c, err := r.Parse("", "machine m\n  state a\n    when after 1 -> b\n  state b\n    when after 4 -> a\n", "m")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := c.Start(&guard{}, 1)
	// a leaves on its first update; b holds for four.
	var seq []string
	for range 8 {
		m.Update()
		seq = append(seq, m.Current().Name)
	}
	if got := strings.Join(seq, ""); got != "bbbbabbb" {
		t.Fatalf("states %s", got)
	}
}

func TestChartErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"", `f.fsm: no machine "m"`},
		{"machine m\n", `f.fsm:1: machine "m" has no state`},
		{"machine m\n  state a\nmachine m\n", `f.fsm:3: machine "m" defined twice`},
		{"  state a\n", `f.fsm:1: expected "machine NAME" at column 0`},
		{"machine m\n\tstate a\n", "f.fsm:2: tab in indentation"},
		{"machine m\n  state a\n  state a\n", `f.fsm:3: state "a" defined twice`},
		{"machine m\n  state\n", `f.fsm:2: expected "state NAME"`},
		{"machine m\n  do say\n", `f.fsm:2: "do" outside a state`},
		{"machine m\n  state a\n    run say\n", `f.fsm:3: expected state, global, enter, do, exit or when, found "run"`},
		{"machine m\n  state a\n    do jump\n", `f.fsm:3: unknown action "jump"`},
		{"machine m\n  state a\n    do shoot\n", `f.fsm:3: "shoot" takes 1 arguments, found 0`},
		{"machine m\n  state a\n    do shoot x\n", `f.fsm:3: "shoot": argument "x" is not a finite number`},
		{"machine m\n  state a\n    do shoot NaN\n", "is not a finite number"},
		{"machine m\n  state a\n    when seesPlayer a\n", `f.fsm:3: expected "when COND [ARGS] -> STATE"`},
		{"machine m\n  state a\n    when flying -> a\n", `f.fsm:3: unknown condition "flying"`},
		{"machine m\n  state a\n    when seesPlayer and -> a\n", `f.fsm:3: condition expected after "and"`},
		{"machine m\n  state a\n    when not -> a\n", "f.fsm:3: condition expected"},
		{"machine m\n  state a\n    when after -1 -> a\n", `"after" takes a whole number`},
		{"machine m\n  state a\n    when after 1.5 -> a\n", `"after" takes a whole number`},
		{"machine m\n  state a\n    when seesPlayer -> b\n", `f.fsm:3: no state "b" in machine "m"`},
		{"machine m\n  global\n    do say\n  state a\n", "f.fsm:3: global takes only \"when\" lines"},
		{"machine m\n  global\n  global\n  state a\n", "f.fsm:3: second global block"},
		{"machine m\n  global\n    state a\n", "f.fsm:3: a state cannot be nested in global"},
		{strings.Repeat("#", MaxSourceBytes+1), "source larger than"},
	} {
		_, err := guardRegistry().Parse("f.fsm", tc.src, "m")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.src, err, tc.want)
		}
		// Every error is the readers' *Error, of one of the shared kinds.
		var e *Error
		if !errors.As(err, &e) || e.File != "f.fsm" ||
			!(errors.Is(err, ErrSyntax) || errors.Is(err, ErrRef) || errors.Is(err, ErrInvalid) || errors.Is(err, ErrLimit)) {
			t.Errorf("%q: error %#v is not a positioned *Error with a kind", tc.src, err)
		}
	}
	// A source without a name: the line alone.
	if _, err := guardRegistry().Parse("", "machine m\n  state\n", "m"); err == nil || err.Error() != `line 2: expected "state NAME"` || !errors.Is(err, ErrSyntax) {
		t.Errorf("unnamed source: %v", err)
	}
	// Nesting deeper than MaxDepth.
	var b strings.Builder
	b.WriteString("machine m\n")
	for i := range MaxDepth + 1 {
		b.WriteString(strings.Repeat("  ", i+1) + "state s" + strings.Repeat("x", i) + "\n")
	}
	if _, err := guardRegistry().Parse("f.fsm", b.String(), "m"); err == nil || !strings.Contains(err.Error(), "nested deeper") {
		t.Errorf("deep nesting: %v", err)
	}
}

func TestRegistryErrors(t *testing.T) {
	for name, reg := range map[string]func(r *Registry[*guard]){
		"empty":     func(r *Registry[*guard]) { r.Action("", 0, func(*guard, []float64) {}) },
		"reserved":  func(r *Registry[*guard]) { r.Condition("after", 1, func(*guard, []float64) bool { return true }) },
		"bad":       func(r *Registry[*guard]) { r.Action("a b", 0, func(*guard, []float64) {}) },
		"twice":     func(r *Registry[*guard]) { r.Action("say", 0, func(*guard, []float64) {}) },
		"nil":       func(r *Registry[*guard]) { r.Action("x", 0, nil) },
		"negative":  func(r *Registry[*guard]) { r.Action("y", -1, func(*guard, []float64) {}) },
		"condition": func(r *Registry[*guard]) { r.Condition("count", 0, func(*guard, []float64) bool { return true }) },
	} {
		r := guardRegistry()
		reg(r)
		if r.Err() == nil {
			t.Errorf("%s: no registry error", name)
		}
		if _, err := r.Parse("", guardSrc, "guard"); err == nil {
			t.Errorf("%s: Parse accepted a bad registry", name)
		}
	}
}

func FuzzLoad(f *testing.F) {
	f.Add(guardSrc)
	f.Add("machine guard\n  state a\n    when after 2 -> a\n")
	f.Add("machine guard\n  state a\n    state b\n      state c\n")
	f.Fuzz(func(t *testing.T, src string) {
		c, err := guardRegistry().Parse("fuzz.fsm", src, "guard")
		if err != nil {
			return
		}
		g := &guard{health: 100}
		m, err := c.Start(g, 1)
		if err != nil {
			return
		}
		for i := range 50 {
			g.sees, g.dist, g.health = i%3 == 0, float64(i%9), float64(100-2*i)
			m.Update()
			if len(g.log) > 1000 {
				g.log = g.log[:0]
			}
		}
	})
}

// Registry.Load reads a chart from an fs.FS and names the file in every
// error: parsing, resolving, a missing or oversized file.
func TestLoadNamesTheFile(t *testing.T) {
	fsys := fstest.MapFS{
		"ai/guard.fsm": {Data: []byte(guardSrc)},
		"ai/bad.fsm":   {Data: []byte("machine m\n  state a\n    when after 1 -> nowhere\n")},
		"ai/big.fsm":   {Data: make([]byte, MaxSourceBytes+1)},
	}
	r := guardRegistry()
	if c, err := r.Load(fsys, "ai/guard.fsm", "guard"); err != nil || c.Name() != "guard" {
		t.Fatalf("Load: %v", err)
	}
	for _, c := range []struct {
		path, prefix string
		kind         error
	}{
		{"ai/bad.fsm", "ai/bad.fsm:3: ", ErrRef},
		{"ai/big.fsm", "ai/big.fsm: ", ErrLimit},
		{"ai/none.fsm", "ai/none.fsm: ", loadutil.ErrMissing},
	} {
		_, err := r.Load(fsys, c.path, "m")
		if err == nil || !strings.HasPrefix(err.Error(), c.prefix) || !errors.Is(err, c.kind) {
			t.Errorf("%s: error %v, want prefix %q and kind %v", c.path, err, c.prefix, c.kind)
		}
	}
}
