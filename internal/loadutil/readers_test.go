package loadutil_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/ai/bt"
	"diorama/ai/fsm"
	"diorama/ai/fuzzy"
	"diorama/ai/nav"
	"diorama/atlas"
	"diorama/internal/loadutil"
	"diorama/scene/ascii"
	"diorama/scene/imagelevel"
	"diorama/scene/isoxml"
	"diorama/scene/tiled"
)

// Every reader of the engine fails with the one positioned error type,
// *loadutil.Error, naming the file (and the line where the format has
// lines), with a kind errors.Is matches: one bad input per reader.
func TestEveryReaderGivesTheOneError(t *testing.T) {
	fsys := fstest.MapFS{
		"m.map":    {Data: []byte("type octile\nheight 1\nwidth 1\nmap\n?\n")},
		"e.fll":    {Data: []byte("Engine: e\nInputVariable: a\n  term: t Triangle 1\n")},
		"s.json":   {Data: []byte(`{"frames": {"a": {"frame": {"x": 0, "y": 0, "w": 1, "h": 1}}}, "frames": {}}`)},
		"m.tmx":    {Data: []byte("<map version=\"1.10\" orientation=\"orthogonal\"\n width=\"-1\"/>")},
		"s.xml":    {Data: []byte("<scene>\n<oops")},
		"l.txt":    {Data: []byte("")},
		"x.ase":    {Data: []byte("short")},
		"t.bt":     {Data: []byte("tree t\n\tsequence\n")},
		"f.fsm":    {Data: []byte("machine m\n  state\n")},
		"n.scen":   {Data: []byte("version 1\nnot a scenario\n")},
		"fuzzy.fz": {Data: []byte("input a 0\n")},
	}
	type reader struct {
		name string
		file string
		line bool // the error names a line
		kind error
		load func() error
	}
	for _, r := range []reader{
		{"bt", "t.bt", true, loadutil.ErrSyntax, func() error { _, err := bt.Load(fsys, "t.bt"); return err }},
		{"fsm", "f.fsm", true, loadutil.ErrSyntax, func() error { _, err := fsm.NewRegistry[int]().Load(fsys, "f.fsm", "m"); return err }},
		{"fuzzy FLL", "e.fll", true, loadutil.ErrSyntax, func() error { _, err := fuzzy.LoadFLL(fsys, "e.fll"); return err }},
		{"fuzzy text", "fuzzy.fz", true, loadutil.ErrSyntax, func() error { _, err := fuzzy.Load(fsys, "fuzzy.fz"); return err }},
		{"nav map", "m.map", true, loadutil.ErrSyntax, func() error { _, err := nav.LoadMovingAIMap(fsys, "m.map"); return err }},
		{"nav scenarios", "n.scen", true, loadutil.ErrSyntax, func() error { _, err := nav.LoadScenarios(fsys, "n.scen"); return err }},
		{"atlas sheet", "s.json", true, loadutil.ErrSyntax, func() error { _, err := atlas.LoadTexturePacker(fsys, "s.json"); return err }},
		{"atlas Aseprite", "x.ase", false, loadutil.ErrInvalid, func() error { _, err := atlas.LoadAseprite(fsys, "x.ase"); return err }},
		{"tiled", "m.tmx", true, loadutil.ErrInvalid, func() error { _, err := tiled.Load(fsys, "m.tmx"); return err }},
		{"isoxml", "s.xml", true, loadutil.ErrSyntax, func() error { _, err := isoxml.Load(fsys, "s.xml"); return err }},
		{"ascii", "l.txt", false, loadutil.ErrSyntax, func() error { _, err := ascii.Load(fsys, "l.txt"); return err }},
		{"missing file", "none.fll", false, loadutil.ErrMissing, func() error { _, err := fuzzy.LoadFLL(fsys, "none.fll"); return err }},
	} {
		err := r.load()
		var e *loadutil.Error
		if !errors.As(err, &e) {
			t.Errorf("%s: error %v (%T), want a *loadutil.Error", r.name, err, err)
			continue
		}
		if e.File != r.file || !strings.HasPrefix(err.Error(), r.file) || (r.line && e.Line == 0) {
			t.Errorf("%s: error %q (file %q, line %d), want one naming %s and a line: %v", r.name, err, e.File, e.Line, r.file, r.line)
		}
		if !errors.Is(err, r.kind) {
			t.Errorf("%s: error %q (kind %v), want kind %v", r.name, err, e.Kind, r.kind)
		}
	}
}

// The readers' Limits use one name per idea: no field keeps an old name
// (MaxDimension for a 2D size, MaxSpawns for a count of entries,
// MaxJSONBytes for a file's size), and a width limit comes with a height
// limit.
func TestLimitsNames(t *testing.T) {
	old := map[string]string{"MaxDimension": "MaxWidth/MaxHeight", "MaxSpawns": "MaxEntries", "MaxJSONBytes": "MaxFileBytes", "MaxSide": "MaxWidth/MaxHeight"}
	for _, v := range []any{tiled.Limits{}, ascii.Limits{}, imagelevel.Limits{}, isoxml.Limits{}} {
		ty := reflect.TypeOf(v)
		names := map[string]bool{}
		for i := range ty.NumField() {
			names[ty.Field(i).Name] = true
		}
		for n := range names {
			if want, ok := old[n]; ok {
				t.Errorf("%v.%s: the name for this idea is %s", ty, n, want)
			}
		}
		if names["MaxWidth"] != names["MaxHeight"] {
			t.Errorf("%v: MaxWidth without MaxHeight or the reverse", ty)
		}
		if !names["MaxFileBytes"] {
			t.Errorf("%v: no MaxFileBytes", ty)
		}
	}
}
