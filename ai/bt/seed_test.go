package bt

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"diorama/mathx"
)

// tank is the scripted agent for tanktrum(t)'s trees; tankRegistry
// gives the leaves the meanings documented there, logging each action.
type tank struct {
	canSee  bool
	pathLen int // ticks a travel takes
	left    int
	log     []string
}

type tankKeys struct {
	health FloatKey
	player Vec2Key
}

func tankRegistry() (*Registry[*tank], tankKeys) {
	s := NewSchema()
	k := tankKeys{health: s.CompulsoryFloat("health"), player: s.CompulsoryVec2("player")}
	r := NewRegistry[*tank](s)
	r.Condition("healthBelow", 1, func(t *tank, c *Call) bool {
		return c.BB.Float(k.health) < c.Arg(0)
	}, k.health.Key)
	r.Condition("canSeePlayer", 0, func(t *tank, c *Call) bool { return t.canSee })
	r.Action("brokenDown", 0, func(t *tank, c *Call) Status {
		t.log = append(t.log, "brokenDown")
		return Running
	})
	r.Action("findMeshAdjacentToPlayer", 0, func(t *tank, c *Call) Status {
		t.log = append(t.log, "findMesh")
		t.left = t.pathLen
		return Success
	}, k.player.Key)
	r.Action("travelTo", 1, func(t *tank, c *Call) Status {
		t.log = append(t.log, "travel")
		if t.left--; t.left <= 0 {
			return Success
		}
		return Running
	})
	r.Action("shoot", 0, func(t *tank, c *Call) Status {
		t.log = append(t.log, "shoot")
		return Success
	})
	r.Action("delayedShoot", 2, func(t *tank, c *Call) Status {
		m := c.Mem()
		if c.Started() {
			t.log = append(t.log, "aim")
		}
		*m++
		delay, shots := int64(c.Arg(0)), int64(c.Arg(1))
		if *m <= delay {
			return Running
		}
		t.log = append(t.log, "fire")
		if *m == delay+shots {
			return Success
		}
		return Running
	})
	return r, k
}

// run ticks n times, applying script[tick] (1-based) first, and returns
// the log of each tick that logged something as "tick:status:actions".
func runTank(in *Instance[*tank], tk *tank, n int, script map[int]func()) []string {
	var out []string
	for i := 1; i <= n; i++ {
		if f := script[i]; f != nil {
			f()
		}
		tk.log = tk.log[:0]
		s := in.Tick(tk)
		if len(tk.log) > 0 {
			out = append(out, itoa(i)+":"+s.String()+":"+strings.Join(tk.log, ","))
		}
	}
	return out
}

func itoa(i int) string { return strconv.Itoa(i) }

func loadTank(t *testing.T, src, name string) (*Instance[*tank], tankKeys) {
	t.Helper()
	r, k := tankRegistry()
	tr, err := r.Parse("", src, name)
	if err != nil {
		t.Fatal(err)
	}
	return tr.NewInstance(), k
}

func assertLog(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("action log:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestDroneTree(t *testing.T) {
	in, k := loadTank(t, tanktrum(t), "drone")
	tk := &tank{pathLen: 2}
	bb := in.Blackboard()
	bb.SetFloat(k.health, 100)
	// Tick 1: the player's position is not known yet: findMesh cannot run
	// (compulsory key), so the drone does nothing and the tree fails.
	if s := in.Tick(tk); s != Failure || len(tk.log) != 0 {
		t.Fatalf("without player: %v %v", s, tk.log)
	}
	bb.SetVec2(k.player, mathx.Vec2{X: 5, Y: 5})
	got := runTank(in, tk, 60, map[int]func(){
		2:  func() { tk.canSee = true },          // seen on the last travel step
		20: func() { bb.SetFloat(k.health, 10) }, // memory selector: not noticed while chase runs
	})
	assertLog(t, got, []string{
		"1:running:findMesh,travel",
		// The forgetful sequence re-runs succeeder(shoot) first; travel is
		// resumed and arrives (path of 2), so the same tick goes on to the
		// repeat: first shot, then wait 25 on ticks 2..26.
		"2:running:shoot,travel,shoot",
		"27:running:shoot",      // second round: wait on ticks 27..51, repeat 2 done
		"52:running:brokenDown", // chase succeeded on 51; the low health is seen now
		"53:running:brokenDown",
		"54:running:brokenDown",
		"55:running:brokenDown", "56:running:brokenDown", "57:running:brokenDown",
		"58:running:brokenDown", "59:running:brokenDown", "60:running:brokenDown",
	})
}

// On tick 2 the player disappears: the forgetful sequence's succeeder
// still lets travel go on; once arrived the selector's conditional fails,
// so chase fails and the drone replans on the next tick.
func TestDroneLosesPlayer(t *testing.T) {
	in, k := loadTank(t, tanktrum(t), "drone")
	tk := &tank{pathLen: 3, canSee: true}
	in.Blackboard().SetFloat(k.health, 100)
	in.Blackboard().SetVec2(k.player, mathx.Vec2{})
	got := runTank(in, tk, 7, map[int]func(){
		2: func() { tk.canSee = false },
		5: func() { tk.canSee = true },
	})
	assertLog(t, got, []string{
		"1:running:findMesh,shoot,travel",
		"2:running:travel",
		"3:failure:travel", // arrived, cannot see: chase fails
		"4:running:findMesh,travel",
		"5:running:shoot,travel",
		"6:running:shoot,travel,shoot", // arrived, sees: first burst shot, wait
	})
	// The waiting conditional re-checks the player every tick: losing sight
	// halts the repeat.
	tk.canSee = false
	if s := in.Tick(tk); s != Failure {
		t.Fatalf("tick 8: %v\n%s", s, in.Dump())
	}
}

func TestTurretTree(t *testing.T) {
	in, k := loadTank(t, tanktrum(t), "turret")
	tk := &tank{pathLen: 3}
	bb := in.Blackboard()
	bb.SetFloat(k.health, 100)
	bb.SetVec2(k.player, mathx.Vec2{X: 1})
	got := runTank(in, tk, 70, map[int]func(){
		2:  func() { tk.canSee = true },          // seen while travelling: memory selector keeps travelling
		30: func() { bb.SetFloat(k.health, 20) }, // hit while shooting: noticed only after the burst
	})
	want := []string{
		"1:running:findMesh,travel",
		"2:running:travel",
		"3:success:travel", // arrived
		"4:running:aim",    // delayedShoot 50 10: aim ticks 4..53
	}
	for i := 54; i <= 62; i++ {
		want = append(want, itoa(i)+":running:fire")
	}
	want = append(want, "63:success:fire") // tenth shot
	for i := 64; i <= 70; i++ {
		want = append(want, itoa(i)+":running:brokenDown")
	}
	assertLog(t, got, want)
}

// The same turret with seed 000's memory selector at the root replaced by
// a reactive selector notices low health at once: the running
// delayedShoot is halted and the turret breaks down on the same tick.
func TestTurretReactiveRoot(t *testing.T) {
	src := strings.Replace(tanktrum(t), "tree turret\n  selector", "tree turret\n  reactive-selector", 1)
	if src == tanktrum(t) {
		t.Fatal("turret root not found to replace")
	}
	in, k := loadTank(t, src, "turret")
	tk := &tank{pathLen: 1, canSee: true}
	bb := in.Blackboard()
	bb.SetFloat(k.health, 100)
	bb.SetVec2(k.player, mathx.Vec2{})
	got := runTank(in, tk, 8, map[int]func(){5: func() { bb.SetFloat(k.health, 20) }})
	assertLog(t, got, []string{
		"1:running:aim",
		"5:running:brokenDown",
		"6:running:brokenDown", "7:running:brokenDown", "8:running:brokenDown",
	})
	// Pre-order after expansion: 0 root, 1 conditional, 2 brokenDown, 3 selector, 4 conditional, 5 delayedShoot.
	if s := in.Status(5); s != Ready {
		t.Fatalf("delayedShoot status %v, want ready (halted)\n%s", s, in.Dump())
	}
}

// tanktrum.bt's leaves are exactly the ones its documentation lists,
// with the documented argument counts, and every tree expands.
func TestTanktrumLeaves(t *testing.T) {
	s, err := Parse("", tanktrum(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(s.Names(), ","); got != "brokenDown,chase,drone,turret" {
		t.Fatalf("trees %s", got)
	}
	seen := map[string]bool{}
	var walk func(d Def)
	walk = func(d Def) {
		switch d.Kind {
		case KindCondition, KindConditional:
			seen["condition "+d.Name+" "+itoa(len(d.Args))] = true
		case KindAction:
			seen["action "+d.Name+" "+itoa(len(d.Args))] = true
		}
		for _, c := range d.Children {
			walk(c)
		}
	}
	for _, n := range s.Names() {
		d, err := s.Def(n)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		walk(d)
	}
	want := []string{
		"condition healthBelow 1", "condition canSeePlayer 0",
		"action brokenDown 0", "action findMeshAdjacentToPlayer 0", "action travelTo 1",
		"action shoot 0", "action delayedShoot 2",
	}
	for _, w := range want {
		if !seen[w] {
			t.Errorf("documented leaf %q not in the trees", w)
		}
		delete(seen, w)
	}
	for l := range seen {
		t.Errorf("undocumented leaf %q", l)
	}
	// The registry defining exactly those leaves builds every tree.
	r, _ := tankRegistry()
	for _, n := range s.Names() {
		if _, err := r.Parse("", tanktrum(t), n); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

// tanktrum returns seed 000's Tanktrum trees (testdata/tanktrum.bt, which
// documents the leaves): game data, kept out of the package.
func tanktrum(tb testing.TB) string {
	tb.Helper()
	b, err := os.ReadFile("testdata/tanktrum.bt")
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}
