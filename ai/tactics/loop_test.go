package tactics_test

import (
	"math"
	"strings"
	"testing"

	"diorama/ai/tactics"
	"diorama/internal/testenv"
	"diorama/mathx"
)

// A scripted run of seed 002's enemy 5: it hides, reloads, tracks the
// player, attacks until empty, hides again. The agent is moved by a
// trivial motor (1 unit per tick toward MoveTo).
func TestTerrainLoopScript(t *testing.T) {
	cover := mathx.V2(0, 10)
	finds := 0
	find := func(self, threat mathx.Vec2) (mathx.Vec2, bool) { finds++; return cover, true }
	l, err := tactics.NewTerrainLoop(tactics.LoopConfig{Magazine: 3, ReloadTicks: 2, FireTicks: 2, AttackRange: 5, ArriveDist: 0.5}, find)
	if err != nil {
		t.Fatal(err)
	}
	self, player := mathx.V2(0, 7), mathx.V2(0, 0)
	visible := func(tick int) bool { return tick != 13 } // the player ducks for one tick
	var trace []string
	shots := 0
	for tick := 0; tick < 40; tick++ {
		out := l.Tick(tactics.LoopInput{Self: self, Threat: player, ThreatVisible: visible(tick)})
		s := out.Phase.String()
		if out.Fire {
			s += "!"
			shots++
		}
		if len(trace) == 0 || trace[len(trace)-1] != s {
			trace = append(trace, s)
		}
		if out.Move {
			self = self.Add(out.MoveTo.Sub(self).ClampLen(1))
		}
	}
	got := strings.Join(trace, " ")
	// Ticks 0-2 hide (7→10), 3-5 reload (2 ticks waiting), 6-10 track
	// (10→5), 11 fire, 12 wait, 13 the player ducks: track, 14 sight
	// again: fire at once, 15 wait, 16 last shot, 17-22 hide, 23-25
	// reload, then track and a full magazine, and hide again.
	want := "hide reload track attack! attack track attack! attack attack! hide reload track attack! attack attack! attack attack! hide"
	if got != want {
		t.Fatalf("trace\n got %s\nwant %s", got, want)
	}
	if finds != 3 { // three hide phases
		t.Fatalf("cover searched %d times, want once per hide", finds)
	}
}

func TestTerrainLoopBadInput(t *testing.T) {
	find := func(self, threat mathx.Vec2) (mathx.Vec2, bool) { return self, true }
	good := tactics.LoopConfig{Magazine: 3, ReloadTicks: 2, FireTicks: 2, AttackRange: 5, ArriveDist: 0.5}
	bad := []tactics.LoopConfig{good, good, good, good, good}
	bad[0].Magazine = 0
	bad[1].ReloadTicks = -1
	bad[2].FireTicks = 0
	bad[3].AttackRange = math.NaN()
	bad[4].ArriveDist = -1
	for i, c := range bad {
		if _, err := tactics.NewTerrainLoop(c, find); err == nil {
			t.Errorf("config %d accepted", i)
		}
	}
	if _, err := tactics.NewTerrainLoop(good, nil); err == nil {
		t.Error("nil finder accepted")
	}
	l, _ := tactics.NewTerrainLoop(good, find)
	out := l.Tick(tactics.LoopInput{Self: mathx.V2(math.NaN(), 0), Threat: mathx.V2(1, 1)})
	if out.Move || out.Fire || out.Phase != tactics.Hide {
		t.Fatalf("NaN input acted: %+v", out)
	}
	// No cover anywhere: reload where it stands.
	none := func(self, threat mathx.Vec2) (mathx.Vec2, bool) { return mathx.Vec2{}, false }
	l, _ = tactics.NewTerrainLoop(good, none)
	l.Tick(tactics.LoopInput{Self: mathx.V2(3, 3), Threat: mathx.V2(0, 0)})
	if l.Phase() != tactics.Reload || l.Cover() != mathx.V2(3, 3) {
		t.Fatalf("phase %v cover %v", l.Phase(), l.Cover())
	}
	if n := testenv.AllocsOver(100, func() { l.Tick(tactics.LoopInput{Self: mathx.V2(3, 3), Threat: mathx.V2(0, 0), ThreatVisible: true}) }); n != 0 {
		t.Fatalf("Tick allocated %d", n)
	}
}
