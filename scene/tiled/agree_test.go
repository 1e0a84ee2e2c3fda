package tiled

import (
	"errors"
	"testing"
	"testing/fstest"
)

// The same defect in a TMX and a JSON map gives the same error apart from
// where it is: the kind, the message and the cause are equal. This table
// holds the defects whose interpretation both readers share (a
// property's value: Property.setScalar; an object's shape: checkShape);
// the element paths (`layer "L" >
// property "n"` in TMX, `layers[0] "L".properties "n"` in JSON) still
// differ until both formats decode into one intermediate form.
func TestDefectsAgreeAcrossFormats(t *testing.T) {
	type defect struct {
		name, tmx, tmj string
		kind           error
	}
	defects := []defect{
		{"polygon without points",
			`<objectgroup id="1" name="o"><object id="1" x="0" y="0"><polygon points=""/></object></objectgroup>`,
			`{"type": "objectgroup", "id": 1, "name": "o", "objects": [{"id": 1, "x": 0, "y": 0, "polygon": []}]}`, ErrInvalid},
		{"polyline without points",
			`<objectgroup id="1" name="o"><object id="1" x="0" y="0"><polyline points=" "/></object></objectgroup>`,
			`{"type": "objectgroup", "id": 1, "name": "o", "objects": [{"id": 1, "x": 0, "y": 0, "polyline": []}]}`, ErrInvalid},
	}
	for _, tc := range []struct {
		name, typ, value, jsonValue string
		kind                        error
	}{
		{"int", "int", "x", `"x"`, ErrInvalid},
		{"int with a fraction", "int", "1.5", `1.5`, ErrInvalid},
		{"float", "float", "one", `"one"`, ErrInvalid},
		{"bool", "bool", "maybe", `"maybe"`, ErrInvalid},
		{"object", "object", "-", `"-"`, ErrInvalid},
		{"file leaving the root", "file", "../../x.png", `"../../x.png"`, ErrPath},
		{"absolute file", "file", "/etc/passwd", `"/etc/passwd"`, ErrPath},
	} {
		defects = append(defects, defect{"property: " + tc.name,
			`<layer id="1" name="L" width="2" height="2"><properties><property name="n" type="` + tc.typ + `" value="` + tc.value + `"/></properties><data encoding="csv">1,1,1,1</data></layer>`,
			`{"type": "tilelayer", "id": 1, "name": "L", "width": 2, "height": 2, "data": [1, 1, 1, 1],
			 "properties": [{"name": "n", "type": "` + tc.typ + `", "value": ` + tc.jsonValue + `}]}`, tc.kind})
	}
	for _, tc := range defects {
		fsys := fstest.MapFS{"m.tmx": {Data: []byte(tmx("", tc.tmx))}, "m.tmj": {Data: []byte(tmj("", tc.tmj))}}
		_, xerr := Load(fsys, "m.tmx")
		_, jerr := Load(fsys, "m.tmj")
		var xe, je *Error
		if !errors.As(xerr, &xe) || !errors.As(jerr, &je) {
			t.Errorf("%s: errors %v and %v, want two *Error", tc.name, xerr, jerr)
			continue
		}
		if xe.File != "m.tmx" || je.File != "m.tmj" || xe.Line == 0 {
			t.Errorf("%s: files %q:%d and %q, want m.tmx with a line and m.tmj", tc.name, xe.File, xe.Line, je.File)
		}
		if !errors.Is(xerr, tc.kind) || !errors.Is(jerr, tc.kind) {
			t.Errorf("%s: kinds %v and %v, want %v", tc.name, xe.Kind, je.Kind, tc.kind)
		}
		cause := func(e *Error) string {
			if e.Err == nil {
				return ""
			}
			return e.Err.Error()
		}
		if xe.Msg != je.Msg || cause(xe) != cause(je) || xe.Msg == "" {
			t.Errorf("%s: TMX says %q (%s), JSON %q (%s)", tc.name, xe.Msg, cause(xe), je.Msg, cause(je))
		}
	}
}
