package bt

import (
	"errors"
	"strings"
	"testing"
)

// The turret and its broken-down sub-tree from seed 000 in JSON.
const turretJSON = `{
  "brokenDown": {"kind": "conditional", "name": "healthBelow", "args": [25], "children": [
    {"kind": "action", "name": "brokenDown"}
  ]},
  "turret": {"kind": "selector", "children": [
    {"kind": "use", "name": "brokenDown"},
    {"kind": "selector", "children": [
      {"kind": "conditional", "name": "canSeePlayer", "children": [
        {"kind": "action", "name": "delayedShoot", "args": [50, 10]}
      ]},
      {"kind": "sequence", "children": [
        {"kind": "action", "name": "findMeshAdjacentToPlayer"},
        {"kind": "action", "name": "travelTo", "args": [0]}
      ]}
    ]}
  ]},
  "misc": {"kind": "parallel", "success": "one", "children": [
    {"kind": "repeat", "n": 2, "children": [{"kind": "wait", "n": 3}]},
    {"kind": "succeed"}
  ]}
}`

func TestJSONMatchesText(t *testing.T) {
	js, err := ParseJSON("", []byte(turretJSON))
	if err != nil {
		t.Fatal(err)
	}
	ts, err := Parse("", tanktrum(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"turret", "brokenDown"} {
		a, err1 := js.Def(name)
		b, err2 := ts.Def(name)
		if err1 != nil || err2 != nil || a.String() != b.String() {
			t.Fatalf("%s: JSON and text differ (%v %v):\n%s\n---\n%s", name, err1, err2, a.String(), b.String())
		}
	}
	d, _ := js.Def("misc")
	if want := "parallel success=one failure=one\n  repeat 2\n    wait 3\n  succeed\n"; d.String() != want {
		t.Fatalf("misc:\n%s", d.String())
	}
	// The JSON turret behaves as the text one: same scripted run.
	r, k := tankRegistry()
	tr, err := r.ParseJSON("", []byte(turretJSON), "turret")
	if err != nil {
		t.Fatal(err)
	}
	in := tr.NewInstance()
	tk := &tank{pathLen: 1, canSee: true}
	in.Blackboard().SetFloat(k.health, 100)
	in.Blackboard().SetVec2(k.player, in.Blackboard().Vec2(k.player))
	got := runTank(in, tk, 61, nil)
	// aim on ticks 1..50, ten shots on 51..60, and the next burst starts.
	if len(got) != 12 || got[0] != "1:running:aim" || got[1] != "51:running:fire" || got[10] != "60:success:fire" || got[11] != "61:running:aim" {
		t.Fatalf("JSON turret run: %v", got)
	}
}

func TestJSONErrorsNameTheLine(t *testing.T) {
	for _, c := range []struct {
		src  string
		line int
		msg  string
	}{
		{`[]`, 1, `expected "{"`},
		{"{\n\"a\": {\"kind\": \"sequence\"}\n}", 2, "needs at least one child"},
		{"{\n\"a\":\n  {\"kind\": \"sequnce\"}}", 3, `unknown node kind "sequnce"`},
		{"{\"a\": {\n  \"kind\": \"wait\",\n  \"bogus\": 1}}", 3, `unknown key "bogus"`},
		{"{\"a\": {\"kind\": \"wait\"}}", 1, "wait takes one count"},
		{"{\"a\": {\"kind\": \"wait\", \"n\": 0}}", 1, `count "0"`},
		{"{\"a\": {\"kind\": \"wait\", \"n\": 2.5}}", 1, `count "2.5"`},
		{"{\"a\": {\"kind\": \"wait\", \"n\": 2, \"name\": \"x\"}}", 1, `wait does not take "name"`},
		{"{\"a\": {\"kind\": \"action\", \"n\": 2, \"name\": \"x\"}}", 1, `action does not take "n"`},
		{"{\"a\": {\"kind\": \"action\", \"name\": \"a b\"}}", 1, "invalid value"},
		{"{\"a\": {\"kind\": \"action\", \"name\": \"x\", \"args\": [\"1\"]}}", 1, "expected a number"},
		{"{\"a\": {\"kind\": \"action\", \"name\": \"x\", \"args\": [1e999]}}", 1, "not a finite number"},
		{"{\"a\": {\"kind\": \"parallel\", \"success\": \"most\", \"children\": [{\"kind\": \"succeed\"}]}}", 1, "parallel: expected"},
		{"{\"a\": {\"kind\": \"succeed\", \"kind\": \"fail\"}}", 1, `key "kind" repeated`},
		{"{\"a\": {\"name\": \"x\"}}", 1, `without a "kind"`},
		{"{\"a\": {\"kind\": \"succeed\"},\n \"a\": {\"kind\": \"fail\"}}", 2, "defined twice"},
		{"{\"a\": {\"kind\": \"succeed\"}} {}", 1, "unexpected data"},
		{"{\"a\": {\"kind\": \"succeed\"}", 1, "unexpected end"},
		{"{\"a\": {\"kind\": \"succeed\",,}}", 1, "invalid JSON"},
		{"{\n\"a\": {\"kind\": \"selector\", \"children\": [\n  {\"kind\": \"use\", \"name\": \"nope\"}]}}", 3, `undefined tree "nope"`},
		{"{\"a\": {\"kind\": \"selector\", \"children\": [\n\n  {\"kind\": \"action\", \"name\": \"act\"}]}}", 3, "takes 1 argument"},
	} {
		_, err := probeRegistry().ParseJSON("", []byte(c.src), "a")
		var e *Error
		if !errors.As(err, &e) || e.Line != c.line || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("%s:\n got %v, want line %d %q", c.src, err, c.line, c.msg)
		}
	}
	if _, err := ParseJSON("", []byte("{}")); err == nil {
		t.Error("no trees accepted")
	}
	deep := strings.Repeat(`{"kind": "inverter", "children": [`, MaxDepth+1) + `{"kind": "succeed"}` + strings.Repeat("]}", MaxDepth+1)
	if _, err := ParseJSON("", []byte(`{"a": `+deep+`}`)); err == nil || !strings.Contains(err.Error(), "deeper") {
		t.Errorf("deep: %v", err)
	}
}

// FuzzParseJSON: errors are *Error values; accepted sources print as text
// that the text parser reads back to the same trees.
func FuzzParseJSON(f *testing.F) {
	f.Add([]byte(turretJSON))
	f.Add([]byte(`{"a": {"kind": "action", "name": "act", "args": [1]}}`))
	f.Add([]byte(`{"a": {"kind": "use", "name": "a"}}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		s, err := ParseJSON("", src)
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
			t.Fatalf("text form does not parse: %v\n%s", err, out)
		}
		if s2.String() != out {
			t.Fatalf("text form not stable:\n%s\n---\n%s", out, s2.String())
		}
		for _, n := range s.Names() {
			if d, err := s.Def(n); err == nil {
				if tr, err := Build(probeRegistry(), d); err == nil {
					tr.NewInstance().Tick(&probe{})
				}
			}
		}
	})
}
