package bt

import (
	"diorama/internal/loadutil"
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

func TestParseErrorsNameTheLine(t *testing.T) {
	for _, c := range []struct {
		src  string
		line int
		msg  string
	}{
		{"sequence\n", 1, `expected "tree NAME"`},
		{"tree a b\n", 1, `expected "tree NAME"`},
		{"tree a\n", 1, `tree "a" has no nodes`},
		{"tree a\n  succeed\ntree a\n  fail\n", 3, `defined twice`},
		{"  succeed\n", 1, "node outside a tree"},
		{"tree a\n\tsucceed\n", 2, "tab in indentation"},
		{"tree a\n  sequence\n    succeed\n  fail\n", 4, "second root"},
		{"tree a\n  sequence\n      succeed\n    fail\n", 4, "indentation matches no enclosing node"},
		{"tree a\n  # comment\n\n  sequnce\n", 4, `unknown node kind "sequnce"`},
		{"tree a\n  repeat\n", 2, "repeat takes one count"},
		{"tree a\n  repeat x\n    succeed\n", 2, `count "x"`},
		{"tree a\n  wait 0\n", 2, `count "0"`},
		{"tree a\n  action\n", 2, "action needs a name"},
		{"tree a\n  action go NaN\n", 2, "not a finite number"},
		{"tree a\n  action go 1e999\n", 2, "not a finite number"},
		{"tree a\n  parallel success=some\n", 2, "parallel: expected"},
		{"tree a\n  inverter 3\n", 2, "takes no arguments"},
		{"tree a\n  use b\n", 2, `undefined tree "b"`},
		{"tree a\n  use a\n", 2, `tree "a" uses itself`},
		{"tree a\n  use b c\n", 2, "use takes only a tree name"},
		{"tree a\n  \u00a0\n", 2, "unexpected whitespace"},
		// Build errors keep the line too.
		{"tree a\n  sequence\n    succeed\n    inverter\n", 4, "inverter needs exactly one child"},
		{"tree a\n  selector\n    action nope\n", 3, `unknown action "nope"`},
		{"tree a\n  sequence\n    action act\n", 3, "takes 1 argument"},
		{"tree a\n  succeed\n    fail\n", 2, "is a leaf"},
		{"tree a\n  sequence\n", 2, "needs at least one child"},
	} {
		_, err := probeRegistry().Parse("", c.src, "a")
		var e *Error
		if !errors.As(err, &e) || e.Line != c.line || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("%q: got %v, want line %d %q", c.src, err, c.line, c.msg)
			continue
		}
		if !strings.HasPrefix(err.Error(), "line ") {
			t.Errorf("message %q does not name the line", err)
		}
	}
	if _, err := Parse("", ""); err == nil {
		t.Error("empty source accepted")
	}
	if _, err := Parse("", strings.Repeat("#", MaxSourceBytes+1)); err == nil {
		t.Error("huge source accepted")
	}
}

// Exponential "use" expansion is stopped by the node budget.
func TestUseExpansionBudget(t *testing.T) {
	var b strings.Builder
	b.WriteString("tree t0\n  succeed\n")
	for i := 1; i < 40; i++ {
		b.WriteString("tree t" + itoa(i) + "\n  sequence\n    use t" + itoa(i-1) + "\n    use t" + itoa(i-1) + "\n")
	}
	s, err := Parse("", b.String())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Def("t39"); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Fatalf("got %v", err)
	}
	d, err := s.Def("t3") // 2^3 leaves + 7 sequences
	if err != nil {
		t.Fatal(err)
	}
	if n := countDefs(d); n != 15 {
		t.Fatalf("t3 expands to %d nodes, want 15", n)
	}
}

func countDefs(d Def) int {
	n := 1
	for _, c := range d.Children {
		n += countDefs(c)
	}
	return n
}

func TestTextRoundTrip(t *testing.T) {
	s, err := Parse("", tanktrum(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(s.Names(), ","); got != "brokenDown,chase,drone,turret" {
		t.Fatalf("names %s", got)
	}
	out := s.String()
	s2, err := Parse("", out)
	if err != nil {
		t.Fatalf("reparse: %v\n%s", err, out)
	}
	if s2.String() != out {
		t.Fatalf("round trip changed:\n%s\n---\n%s", out, s2.String())
	}
	want := "tree turret\n" +
		"  selector\n" +
		"    use brokenDown\n" +
		"    selector\n" +
		"      conditional canSeePlayer\n" +
		"        action delayedShoot 50 10\n" +
		"      sequence\n" +
		"        action findMeshAdjacentToPlayer\n" +
		"        action travelTo 0\n"
	if !strings.HasSuffix(out, want) {
		t.Fatalf("normalised text:\n%s", out)
	}
	// A tree built in Go prints in the same format and parses back to the
	// same definition.
	d := Parallel(RequireOne, RequireAll, Cooldown(4, Action("act", 1.5)), Timeout(9, Wait(3)), UntilFail(Fail()))
	s3, err := Parse("", "tree x\n"+indent(d.String()))
	if err != nil {
		t.Fatal(err)
	}
	d3, _ := s3.Def("x")
	if d3.String() != d.String() {
		t.Fatalf("go def %q reparsed as %q", d.String(), d3.String())
	}
}

func indent(s string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "  " + l
		}
	}
	return strings.Join(lines, "")
}

// FuzzParse: any input either fails with a line-numbered *Error or parses
// to a source whose normalised text reparses to itself and builds or
// fails cleanly; nothing panics.
func FuzzParse(f *testing.F) {
	f.Add(tanktrum(f))
	f.Add("tree a\n  sequence\n    action act 1\n    wait 3\n")
	f.Add("tree a\n  parallel success=one failure=all\n    succeed\n    fail\n")
	f.Add("tree a\n  sequence\n      succeed\n    fail\n")
	f.Add("tree a\n  use b\ntree b\n  use a\n")
	f.Add("tree a\n  repeat 2\n    conditional is 0\n      inverter\n        act\n")
	f.Fuzz(func(t *testing.T, src string) {
		s, err := Parse("", src)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		out := s.String()
		s2, err := Parse("", out)
		if err != nil {
			t.Fatalf("normalised text does not reparse: %v\n%s", err, out)
		}
		if s2.String() != out {
			t.Fatalf("normalisation not stable:\n%s\n---\n%s", out, s2.String())
		}
		for _, n := range s.Names() {
			d, err := s.Def(n)
			if err != nil {
				continue
			}
			tr, err := Build(probeRegistry(), d)
			if err != nil {
				continue
			}
			in := tr.NewInstance()
			p := &probe{}
			for range 3 {
				if st := in.Tick(p); st < Running || st > Failure {
					t.Fatalf("tick returned %v", st)
				}
			}
			_ = in.Dump()
		}
	})
}

// Parse names the source in its errors.
func TestParseNamesTheFile(t *testing.T) {
	_, err := Parse("brains/tank.bt", "tree a\n  sequence\n    bogus-node\n")
	if err == nil || !strings.HasPrefix(err.Error(), "brains/tank.bt:3: ") {
		t.Fatalf("error %v", err)
	}
}

// Load and LoadJSON (and the Registry's) read a file of an fs.FS and name
// it in every error: parsing, expanding, building, a missing or
// oversized file.
func TestLoadNamesTheFile(t *testing.T) {
	fsys := fstest.MapFS{
		"ai/ok.bt":      {Data: []byte("tree a\n  action noop\n")},
		"ai/ok.json":    {Data: []byte(`{"a": {"kind": "action", "name": "noop"}}`)},
		"ai/bad.bt":     {Data: []byte("tree a\n  sequence\n    bogus-node\n")},
		"ai/bad.json":   {Data: []byte("{\n\"a\": {\"kind\": \"bogus\"}}")},
		"ai/unknown.bt": {Data: []byte("tree a\n  action nope\n")},
		"ai/cycle.json": {Data: []byte(`{"a": {"kind": "use", "name": "a"}}`)},
		"ai/big.bt":     {Data: make([]byte, MaxSourceBytes+1)},
	}
	r := NewRegistry[int](nil)
	r.Action("noop", 0, func(int, *Call) Status { return Success })
	if tr, err := r.Load(fsys, "ai/ok.bt", ""); err != nil || tr == nil {
		t.Fatalf("Load: %v", err)
	}
	if tr, err := r.LoadJSON(fsys, "ai/ok.json", "a"); err != nil || tr == nil {
		t.Fatalf("LoadJSON: %v", err)
	}
	for _, c := range []struct {
		path, prefix string
		kind         error
		load         func(string) error
	}{
		{"ai/bad.bt", "ai/bad.bt:3: ", ErrSyntax, func(p string) error { _, err := Load(fsys, p); return err }},
		{"ai/bad.json", "ai/bad.json:2: ", ErrSyntax, func(p string) error { _, err := LoadJSON(fsys, p); return err }},
		{"ai/unknown.bt", "ai/unknown.bt:2: ", ErrRef, func(p string) error { _, err := r.Load(fsys, p, "a"); return err }},
		{"ai/cycle.json", "ai/cycle.json:1: ", ErrSyntax, func(p string) error { _, err := r.LoadJSON(fsys, p, "a"); return err }},
		{"ai/big.bt", "ai/big.bt: ", ErrLimit, func(p string) error { _, err := r.Load(fsys, p, "a"); return err }},
		{"ai/none.bt", "ai/none.bt: ", loadutil.ErrMissing, func(p string) error { _, err := r.Load(fsys, p, "a"); return err }},
	} {
		err := c.load(c.path)
		if err == nil || !strings.HasPrefix(err.Error(), c.prefix) || !errors.Is(err, c.kind) {
			t.Errorf("%s: error %v, want prefix %q and kind %v", c.path, err, c.prefix, c.kind)
		}
	}
}
