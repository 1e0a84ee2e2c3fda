package overlay_test

import (
	"image/color"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"diorama/ai/bt"
	"diorama/iso/overlay"
	"diorama/mathx"
	"diorama/raster"
	"diorama/raster/rastertest"
)

// tank is the scripted agent for seed 000's trees (ai/bt/testdata/tanktrum.bt):
// what it sees, how far it must travel.
type tank struct {
	canSee bool
	left   int
	trip   int
}

type tankKeys struct {
	health bt.FloatKey
	player bt.Vec2Key
}

func tankRegistry() (*bt.Registry[*tank], tankKeys) {
	s := bt.NewSchema()
	k := tankKeys{health: s.CompulsoryFloat("health"), player: s.CompulsoryVec2("player")}
	r := bt.NewRegistry[*tank](s)
	r.Condition("healthBelow", 1, func(t *tank, c *bt.Call) bool { return c.BB.Float(k.health) < c.Arg(0) }, k.health.Key)
	r.Condition("canSeePlayer", 0, func(t *tank, c *bt.Call) bool { return t.canSee })
	r.Action("brokenDown", 0, func(t *tank, c *bt.Call) bt.Status { return bt.Running })
	r.Action("findMeshAdjacentToPlayer", 0, func(t *tank, c *bt.Call) bt.Status {
		t.left = t.trip
		return bt.Success
	}, k.player.Key)
	r.Action("travelTo", 1, func(t *tank, c *bt.Call) bt.Status {
		if t.left--; t.left <= 0 {
			return bt.Success
		}
		return bt.Running
	})
	r.Action("shoot", 0, func(t *tank, c *bt.Call) bt.Status { return bt.Success })
	r.Action("delayedShoot", 2, func(t *tank, c *bt.Call) bt.Status {
		m := c.Mem()
		*m++
		if *m >= int64(c.Arg(0))+int64(c.Arg(1)) {
			return bt.Success
		}
		return bt.Running
	})
	return r, k
}

// treeNodes flattens a tree definition in pre-order (the order of the
// instance's node indices) into panel nodes labelled as ai/bt prints
// them. It is done once per tree; only the statuses change per frame.
func treeNodes(d bt.Def, depth int, dst []overlay.Node) []overlay.Node {
	label := d.Kind.String()
	switch {
	case d.Kind == bt.KindRepeat || d.Kind == bt.KindWait || d.Kind == bt.KindTimeout || d.Kind == bt.KindCooldown:
		label += " " + strconv.FormatInt(d.N, 10)
	case d.Name != "":
		label += " " + d.Name
		for _, a := range d.Args {
			label += " " + strconv.FormatFloat(a, 'g', -1, 64)
		}
	}
	dst = append(dst, overlay.Node{Label: label, Depth: depth})
	for _, c := range d.Children {
		dst = treeNodes(c, depth+1, dst)
	}
	return dst
}

// setStatuses copies the instance's last statuses into nodes, and marks
// as stale the nodes whose status bt's Dump puts in parentheses (they did
// not run on the latest tick). It checks that the panel's pre-order and
// labels line up with the Dump's.
func setStatuses[A any](t *testing.T, in *bt.Instance[A], nodes []overlay.Node) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(in.Dump(), "\n"), "\n")
	if len(lines) != len(nodes) || in.Tree().Len() != len(nodes) {
		t.Fatalf("dump has %d lines, tree %d nodes, panel %d", len(lines), in.Tree().Len(), len(nodes))
	}
	for i, l := range lines {
		if ind := len(l) - len(strings.TrimLeft(l, " ")); ind != 2*nodes[i].Depth {
			t.Fatalf("node %d: dump indent %d, panel depth %d", i, ind, nodes[i].Depth)
		}
		if !strings.HasPrefix(strings.TrimLeft(l, " "), nodes[i].Label+" ") {
			t.Fatalf("node %d: dump line %q, panel label %q", i, l, nodes[i].Label)
		}
		nodes[i].Status = overlay.Status(in.Status(i))
		nodes[i].Stale = strings.HasSuffix(l, ")")
		if want := in.Status(i).String(); !strings.HasSuffix(strings.TrimRight(l, ")"), want) && !(nodes[i].Status == overlay.NotRun && strings.HasSuffix(l, "-")) {
			t.Fatalf("node %d: dump %q, status %v", i, l, in.Status(i))
		}
	}
}

// Behaviour-tree golden: seed 000's drone and turret after a few scripted
// ticks, every node coloured by its last status.
func TestGoldenBehaviourTrees(t *testing.T) {
	r, k := tankRegistry()

	dn := scriptedDrone(t, r, k)

	// Turret: travels next to the player, arrives on tick 2, sees the
	// player on tick 3 and aims.
	turret := loadTank(t, r, "turret")
	tt := &tank{trip: 2}
	turret.Blackboard().SetFloat(k.health, 100)
	turret.Blackboard().SetVec2(k.player, mathx.Vec2{X: 1})
	turret.Tick(tt)
	if s := turret.Tick(tt); s != bt.Success {
		t.Fatalf("turret tick 2: %v", s)
	}
	tt.canSee = true
	if s := turret.Tick(tt); s != bt.Running {
		t.Fatalf("turret tick 3: %v", s)
	}
	tn := treeNodes(turret.Tree().Def(), 0, nil)
	setStatuses(t, turret, tn)

	// Every status appears at least once, stale ones too.
	seen := map[overlay.Status]bool{}
	stale := false
	for _, n := range append(append([]overlay.Node(nil), dn...), tn...) {
		seen[n.Status] = true
		stale = stale || n.Stale
	}
	if len(seen) != 4 || !stale {
		t.Fatalf("statuses shown %v, stale %v: the golden should show all four and a stale one", seen, stale)
	}

	frame, err := raster.NewFrame(640, 400)
	if err != nil {
		t.Fatal(err)
	}
	frame.Clear(color.RGBA{40, 44, 52, 255})
	dl := raster.NewDrawList()
	ov := overlay.New(nil, nil)
	ov.Begin(dl, 0)
	left := ov.Tree(8, 8, "drone (tick 2)", dn)
	right := ov.Tree(left.Max.X+12, 8, "turret (tick 3)", tn)
	if right.Max.X > frame.W() || left.Max.Y > frame.H() || right.Max.Y > frame.H() {
		t.Fatalf("panels %v and %v do not fit the frame", left, right)
	}
	dl.Draw(frame)
	rastertest.Golden(t, filepath.Join("testdata", "bt_tanks.png"), frame, *update)
}

func loadTank(t *testing.T, r *bt.Registry[*tank], name string) *bt.Instance[*tank] {
	t.Helper()
	tr, err := r.Load(os.DirFS("../../ai/bt/testdata"), "tanktrum.bt", name)
	if err != nil {
		t.Fatal(err)
	}
	return tr.NewInstance()
}

// scriptedDrone ticks seed 000's drone twice and returns its panel nodes.
func scriptedDrone(t *testing.T, r *bt.Registry[*tank], k tankKeys) []overlay.Node {
	t.Helper()
	// Drone: sees the player on tick 1 (shoots while travelling), loses
	// sight on tick 2 and is still travelling.
	drone := loadTank(t, r, "drone")
	dt := &tank{trip: 3, canSee: true}
	drone.Blackboard().SetFloat(k.health, 100)
	drone.Blackboard().SetVec2(k.player, mathx.Vec2{X: 5, Y: 5})
	drone.Tick(dt)
	dt.canSee = false
	if s := drone.Tick(dt); s != bt.Running {
		t.Fatalf("drone tick 2: %v", s)
	}
	dn := treeNodes(drone.Tree().Def(), 0, nil)
	setStatuses(t, drone, dn)

	return dn
}
