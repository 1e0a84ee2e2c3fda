package scene

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"image/color"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"diorama/ai/steer"
	"diorama/mathx"
)

// panics returns the message fn panicked with, "" when it did not.
func panics(fn func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	fn()
	return ""
}

// wantPanic fails t unless fn panics with a message naming method.
func wantPanic(t *testing.T, method string, fn func()) {
	t.Helper()
	msg := panics(fn)
	if msg == "" {
		t.Errorf("%s did not panic", method)
	} else if !strings.HasPrefix(msg, "scene: "+method+": ") && !strings.HasPrefix(msg, "scene: "+method+" ") {
		t.Errorf("%s panicked with %q, which does not name it", method, msg)
	}
}

// maxWorldMethods is the most exported methods World may have: the rest
// live on the sub-objects they concern (Looks, Bullets, Crowd, Nav,
// Audio), so the type a game starts from stays small.
const maxWorldMethods = 40

// TestWorldMethods counts World's exported methods in the package's
// source, so that the type cannot grow back into a god object.
func TestWorldMethods(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var names []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || !fd.Name.IsExported() {
				continue
			}
			if st, ok := fd.Recv.List[0].Type.(*ast.StarExpr); ok {
				if id, ok := st.X.(*ast.Ident); ok && id.Name == "World" {
					names = append(names, fd.Name.Name)
				}
			}
		}
	}
	sort.Strings(names)
	if len(names) > maxWorldMethods {
		t.Errorf("World has %d exported methods, over %d: %s", len(names), maxWorldMethods, strings.Join(names, " "))
	}
	if len(names) < 20 {
		t.Errorf("found only %d World methods: %s", len(names), strings.Join(names, " "))
	}
}

// TestErrorContract: every setter and action does nothing for a stale
// handle (and does not panic), and panics with a message naming it for a
// value that is not finite.
func TestErrorContract(t *testing.T) {
	w := testWorld(t, 8, 8, 1)
	w.Crowd().Enable(steer.DefaultConfig(0.3))
	hero := mustCreate(t, w, EntityDef{Kind: Character, Name: "hero", Pos: mathx.V3(2, 2, 0), Radius: 0.3, Health: 5})
	w.Crowd().Steer(hero, steer.Agent{MaxSpeed: 1, MaxForce: 4})
	gone := mustCreate(t, w, EntityDef{Kind: Character, Name: "gone", Pos: mathx.V3(4, 4, 0), Radius: 0.3, Health: 5})
	if !w.Remove(gone) || w.Remove(gone) {
		t.Fatal("Remove should report the first removal only")
	}
	nan, inf := math.NaN(), math.Inf(1)
	red := color.NRGBA{255, 0, 0, 255}
	calls := []struct {
		method string
		act    func(e Entity, x float64) // x: a number the method takes (1 is fine)
	}{
		{"World.SetPos", func(e Entity, x float64) { w.SetPos(e, mathx.V3(x, 2, 0)) }},
		{"World.SetVelocity", func(e Entity, x float64) { w.SetVelocity(e, mathx.V2(x, 0)) }},
		{"Looks.SetAim", func(e Entity, x float64) { w.Looks().SetAim(e, x) }},
		{"Crowd.SetTarget", func(e Entity, x float64) { w.Crowd().SetTarget(e, mathx.V2(x, 1)) }},
		{"Navigator.MoveTo", func(e Entity, x float64) { w.Nav().MoveTo(e, mathx.V2(x, 3), 1) }},
		{"Navigator.MoveTo", func(e Entity, x float64) { w.Nav().MoveTo(e, mathx.V2(3, 3), x) }},
		{"Bullets.Fire", func(e Entity, x float64) { w.Bullets().Fire(BulletDef{Pos: mathx.V2(x, 1), Owner: e}) }},
		{"Bullets.Blast", func(e Entity, x float64) { w.Bullets().Blast(mathx.V2(1, 1), x, 1, 0, e) }},
		{"Audio.SetListener", func(e Entity, x float64) { w.Audio().SetListener(mathx.V3(x, 0, 0)) }},
	}
	for _, c := range calls {
		for _, x := range []float64{nan, inf, -inf} {
			wantPanic(t, c.method, func() { c.act(hero, x) })
		}
	}
	// A stale handle: every setter and action returns at once, whatever
	// the value, and nothing changes.
	before := w.StateHash()
	stale := []func(){
		func() { w.SetPos(gone, mathx.V3(1, 1, 0)) },
		func() { w.SetVelocity(gone, mathx.V2(1, 0)) },
		func() { w.SetSolid(gone, true) },
		func() { w.SetData(gone, 1) },
		func() { w.Damage(gone, 1, hero) },
		func() { w.Looks().Set(gone, 0) },
		func() { w.Looks().SetTint(gone, red) },
		func() { w.Looks().SetOpacity(gone, 9) },
		func() { w.Looks().SetScale(gone, 2) },
		func() { w.Looks().Flash(gone, color.RGBA{1, 2, 3, 4}, 3) },
		func() { w.Looks().SetHidden(gone, true) },
		func() { w.Looks().SetSilhouette(gone, color.RGBA{1, 2, 3, 4}) },
		func() { w.Looks().ShowHealth(gone, 3) },
		func() { w.Looks().SetAim(gone, 1) },
		func() { w.Crowd().Steer(gone, steer.Agent{MaxSpeed: 1}) },
		func() { w.Crowd().Stop(gone) },
		func() { w.Crowd().SetTarget(gone, mathx.V2(1, 1)) },
		func() { w.Crowd().SetBehaviours(gone, steer.Seeking) },
		func() { w.Crowd().SetPursuit(gone, hero) },
		func() { w.Nav().MoveTo(gone, mathx.V2(3, 3), 1) },
		func() { w.Nav().Stop(gone) },
	}
	for k, f := range stale {
		if msg := panics(f); msg != "" {
			t.Errorf("stale call %d panicked: %s", k, msg)
		}
	}
	if w.StateHash() != before || w.Valid(gone) || w.Crowd().Steered(gone) || w.Nav().Moving(gone) {
		t.Error("a call with a stale handle changed the world")
	}
}
