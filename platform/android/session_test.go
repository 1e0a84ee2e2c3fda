package android

import (
	"testing"
	"time"

	"golang.org/x/mobile/event/key"
	"golang.org/x/mobile/event/lifecycle"
	"golang.org/x/mobile/event/size"
	"golang.org/x/mobile/event/touch"

	"diorama/platform"
	"diorama/platform/internal/testgame"
	"diorama/platform/internal/viewport"
)

func stage(from, to lifecycle.Stage) lifecycle.Event { return lifecycle.Event{From: from, To: to} }

// TestLifecycle walks the app through start, pause (context loss),
// resume (a new context: the texture is made again) and stop.
func TestLifecycle(t *testing.T) {
	g := testgame.New(480, 270, 1)
	s, err := newSession(g, platform.Config{Width: 480, Height: 270, TPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	// Before focus nothing ticks.
	if err := s.Frame(time.Second); err != nil || g.Ticks != 0 {
		t.Fatalf("ticked %d before focus (err %v)", g.Ticks, err)
	}
	if a := s.Lifecycle(stage(lifecycle.StageDead, lifecycle.StageFocused)); a != glCreate || !s.Visible() || !s.Focused() || s.Contexts() != 1 {
		t.Fatalf("start: action %v visible %v focused %v", a, s.Visible(), s.Focused())
	}
	if err := s.Frame(100 * time.Millisecond); err != nil || g.Ticks != 5 { // capped at 5 a frame
		t.Fatalf("focused frame ran %d ticks (err %v)", g.Ticks, err)
	}
	// A finger held while the app goes to the background is released.
	s.Size(size.Event{WidthPx: 1920, HeightPx: 1080})
	s.Touch(touch.Event{X: 100, Y: 500, Sequence: 4, Type: touch.TypeBegin})
	if a := s.Lifecycle(stage(lifecycle.StageFocused, lifecycle.StageAlive)); a != glDestroy || s.Visible() || s.Focused() {
		t.Fatalf("pause: action %v", a)
	}
	if ts := s.Driver.Input.Touches(); len(ts) != 1 || !ts[0].Released {
		t.Fatalf("touch not released on focus loss: %+v", ts)
	}
	before := g.Ticks
	if err := s.Frame(time.Second); err != nil || g.Ticks != before {
		t.Fatal("ticked while paused")
	}
	if a := s.Lifecycle(stage(lifecycle.StageAlive, lifecycle.StageFocused)); a != glCreate || s.Contexts() != 2 {
		t.Fatalf("resume: action %v, contexts %d", a, s.Contexts())
	}
	// Losing only focus (still visible) keeps the context.
	if a := s.Lifecycle(stage(lifecycle.StageFocused, lifecycle.StageVisible)); a != glNone || !s.Visible() || s.Focused() {
		t.Fatalf("unfocus: action %v", a)
	}
	if a := s.Lifecycle(stage(lifecycle.StageVisible, lifecycle.StageDead)); a != glDestroy {
		t.Fatalf("stop: action %v", a)
	}
}

// TestTouchMapping maps touches through the letterbox: a 480×270 frame in
// a 1920×1200 screen is scaled 4× (1920×1080) with 60 px bars.
func TestTouchMapping(t *testing.T) {
	g := testgame.New(480, 270, 1)
	s, _ := newSession(g, platform.Config{Width: 480, Height: 270})
	s.Size(size.Event{WidthPx: 1920, HeightPx: 1200})
	if vp := s.Viewport(); vp != (viewport.Viewport{X: 0, Y: 60, W: 1920, H: 1080, FrameW: 480, FrameH: 270}) {
		t.Fatalf("viewport %v", vp)
	}
	s.Touch(touch.Event{X: 400, Y: 460, Sequence: 7, Type: touch.TypeBegin})
	s.Touch(touch.Event{X: 404, Y: 60, Sequence: 7, Type: touch.TypeMove})
	s.Touch(touch.Event{X: 0, Y: 0, Sequence: 7, Type: touch.TypeEnd})
	s.Key(key.Event{Code: key.CodeW, Direction: key.DirPress})
	s.Key(key.Event{Code: key.CodeW, Direction: key.DirNone}) // repeat: ignored
	s.Key(key.Event{Code: key.CodeF24, Direction: key.DirPress})
	want := []platform.Event{
		{Kind: platform.TouchDown, Pointer: 7, X: 100, Y: 100},
		{Kind: platform.TouchMove, Pointer: 7, X: 101, Y: 0},
		{Kind: platform.TouchUp, Pointer: 7, X: 0, Y: -15},
		{Kind: platform.KeyDown, Key: platform.KeyW},
	}
	got := s.Driver.Input.Events()
	if len(got) != len(want) {
		t.Fatalf("events %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("event %d: got %+v want %+v", i, got[i], want[i])
		}
	}
}

func TestKeyCodes(t *testing.T) {
	cases := map[key.Code]platform.Key{
		key.CodeA: platform.KeyA, key.CodeZ: platform.KeyZ, key.Code1: platform.Key1, key.Code9: platform.Key9,
		key.Code0: platform.Key0, key.CodeSpacebar: platform.KeySpace, key.CodeUpArrow: platform.KeyArrowUp,
		key.CodeEscape: platform.KeyEscape, key.CodeF1: platform.KeyUnknown,
	}
	for c, want := range cases {
		if got := keyOf(c); got != want {
			t.Errorf("keyOf(%v) = %v, want %v", c, got, want)
		}
	}
}
