package scene

import (
	"image"
	"math"
	"strings"
	"testing"

	"diorama/atlas"
	"diorama/mathx"
)

// sheetOf packs one small image per name (a different colour each) and
// gives every frame a pivot and the frame duration ms; clips are name →
// frame names.
func sheetOf(t *testing.T, names []string, ms int, clips map[string][]string) *atlas.Atlas {
	t.Helper()
	b := atlas.NewBuilder(atlas.Options{})
	for k, n := range names {
		img := image.NewNRGBA(image.Rect(0, 0, 20, 10))
		for i := range img.Pix {
			img.Pix[i] = uint8(40 + 7*k)
		}
		if err := b.Add(n, img); err != nil {
			t.Fatal(err)
		}
	}
	a, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Frames {
		a.Frames[i].Pivot, a.Frames[i].HasPivot, a.Frames[i].Duration = mathx.V2(0.5, 0.8), true, ms
	}
	for name, fr := range clips {
		c := atlas.Clip{Name: name}
		for _, f := range fr {
			i, ok := a.Lookup(f)
			if !ok {
				t.Fatalf("no frame %q", f)
			}
			c.Frames, c.Durations = append(c.Frames, i), append(c.Durations, ms)
		}
		a.Clips = append(a.Clips, c)
	}
	return a
}

func TestAtlasLooks(t *testing.T) {
	dirs := atlas.Directions(4, 0) // E S W N
	var names []string
	clips := map[string][]string{}
	for _, d := range dirs.Names {
		names = append(names, "hull_"+d, "gun_"+d)
		for _, st := range []string{"idle", "walk"} {
			f0, f1 := "bot_"+st+"_"+d+"_0", "bot_"+st+"_"+d+"_1"
			names = append(names, f0, f1)
			clips["bot_"+st+"_"+d] = []string{f0, f1}
			if st == "idle" {
				names = append(names, "slug_idle_"+d)
				clips["slug_idle_"+d] = []string{"slug_idle_" + d}
			}
		}
	}
	names = append(names, "boom_0", "boom_1", "boom_2", "bullet", "half_idle_E")
	clips["boom"] = []string{"boom_0", "boom_1", "boom_2"}
	clips["half_idle_E"] = []string{"half_idle_E"}
	a := sheetOf(t, names, 100, clips)
	sh, err := NewAtlasLooks(a)
	if err != nil {
		t.Fatal(err)
	}

	// A still frame per facing, in every state.
	hull, err := sh.Look("hull", dirs, 60)
	if err != nil {
		t.Fatal(err)
	}
	if len(hull.Frames) != 4 || len(hull.Clips[Idle]) != 4 || len(hull.Clips[Walk]) != 4 || hull.Sprite != hull.Frames[0] {
		t.Fatalf("hull: %d frames, clips %d/%d", len(hull.Frames), len(hull.Clips[Idle]), len(hull.Clips[Walk]))
	}
	for d := range 4 {
		if c := hull.Clips[Idle][d]; len(c.Frames) != 1 || c.Frames[0] != d || hull.Clips[Walk][d] != c {
			t.Errorf("hull facing %d: clip %+v", d, c)
		}
	}
	// A 20×10 sprite whose pivot is (10, 8): 2 pixels above its bottom.
	if hull.Offset != (mathx.Point{X: 0, Y: 2}) {
		t.Errorf("hull offset %v, want (0,2)", hull.Offset)
	}
	// Clips per state and facing, 100 ms frames at 60 ticks a second.
	bot, err := sh.Look("bot", dirs, 60)
	if err != nil {
		t.Fatal(err)
	}
	if len(bot.Frames) != 16 {
		t.Errorf("bot has %d frames, want 16", len(bot.Frames))
	}
	for s := range NumAnimStates {
		for d, c := range bot.Clips[s] {
			if c.Name != "bot_"+stateNames[s]+"_"+dirs.Names[d] || len(c.Durations) != 2 || c.Durations[0] != 6 || c.Durations[1] != 6 {
				t.Errorf("bot state %d facing %d: %+v", s, d, c)
			}
		}
	}
	if bot.Clips[Idle][0] == bot.Clips[Walk][0] {
		t.Error("bot's walk clips are its idle clips")
	}
	// Idle clips only: walking plays them.
	slug, err := sh.Look("slug", dirs, 60)
	if err != nil {
		t.Fatal(err)
	}
	if len(slug.Clips[Walk]) != 4 || slug.Clips[Walk][2] != slug.Clips[Idle][2] {
		t.Errorf("slug walk clips %v", slug.Clips[Walk])
	}
	// One clip whatever the facing.
	boom, err := sh.Look("boom", dirs, 30)
	if err != nil {
		t.Fatal(err)
	}
	if len(boom.Dirs.Angles) != 1 || len(boom.Clips[Idle]) != 1 || len(boom.Clips[Idle][0].Frames) != 3 || boom.Clips[Idle][0].Durations[0] != 3 {
		t.Errorf("boom: dirs %d, clips %+v", len(boom.Dirs.Angles), boom.Clips[Idle])
	}
	// One still sprite.
	bullet, err := sh.Look("bullet", dirs, 60)
	if err != nil {
		t.Fatal(err)
	}
	if bullet.Sprite == nil || len(bullet.Frames) != 1 || bullet.Clips[Idle] != nil {
		t.Errorf("bullet: %+v", bullet)
	}
	if bullet.Sprite.W() != 20 || bullet.Sprite.H() != 10 {
		t.Errorf("bullet sprite %d×%d, want 20×10", bullet.Sprite.W(), bullet.Sprite.H())
	}

	w := testWorld(t, 4, 4, 1)
	for _, l := range []*Look{hull, bot, slug, boom, bullet} {
		if _, err := w.Looks().Add(l); err != nil {
			t.Errorf("AddLook: %v", err)
		}
	}

	for _, c := range []struct {
		name string
		dirs atlas.DirectionSet
		tps  int
		want string
	}{
		{"half", dirs, 60, "half_idle_S missing"},
		{"nothing", dirs, 60, `no frame or clip "nothing"`},
		{"hull", dirs, 0, "tick rate"},
		{"hull", atlas.Directions(8, 0), 60, `no frame or clip "hull"`},
	} {
		if _, err := sh.Look(c.name, c.dirs, c.tps); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Look(%q): %v, want an error saying %q", c.name, err, c.want)
		}
	}
	if _, err := NewAtlasLooks(nil); err == nil {
		t.Error("a nil atlas gave no error")
	}
	// Looks share the sheet's sprites: made once, whatever the looks.
	if again, _ := sh.Look("hull", dirs, 60); again.Frames[0] != hull.Frames[0] {
		t.Error("a second look of the same frames made new sprites")
	}
	if sp, err := sh.Sprite("bullet"); err != nil || sp != bullet.Sprite {
		t.Errorf("Sprite(bullet) = %v, %v", sp, err)
	}
	if _, err := sh.Sprite("nothing"); err == nil || !strings.Contains(err.Error(), `"nothing"`) {
		t.Errorf("Sprite of a missing frame: %v", err)
	}

	// Parts: a frame per facing, or one frame.
	gun, err := sh.Part("gun", dirs)
	if err != nil || len(gun.Frames) != 4 || len(gun.Dirs.Angles) != 4 || gun.Offset != (mathx.Point{Y: 2}) {
		t.Errorf("gun part: %+v, %v", gun, err)
	}
	one, err := sh.Part("bullet", dirs)
	if err != nil || len(one.Frames) != 1 || one.Dirs.Angles != nil {
		t.Errorf("one-frame part: %+v, %v", one, err)
	}
	if _, err := sh.Part("nothing", dirs); err == nil || !strings.Contains(err.Error(), `"nothing_E"`) {
		t.Errorf("missing part: %v", err)
	}
}

// Facings are world headings seen on screen: on a 2:1 diamond map +x
// runs down-right at atan(1/2), +y down-left.
func TestFacings(t *testing.T) {
	w := testWorld(t, 4, 4, 1)
	d := w.Looks().Facings(4)
	want := []float64{math.Atan2(1, 2), math.Atan2(1, -2), math.Atan2(-1, -2), math.Atan2(-1, 2)}
	for k, a := range d.Angles {
		if math.Abs(mathx.AngleDiff(a, want[k])) > 1e-9 {
			t.Errorf("facing %d (%s) at %.4f, want %.4f", k, d.Names[k], a, want[k])
		}
	}
	if d.Names[0] != "E" || d.Names[1] != "S" {
		t.Errorf("names %v", d.Names)
	}
	// A character heading +y faces facing 1.
	if i := d.Index(w.screenHeading(math.Pi / 2)); i != 1 {
		t.Errorf("heading +y picks facing %d", i)
	}
}
