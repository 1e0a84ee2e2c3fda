package isoxml

import (
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

const defsOK = `<definitions>
<materialDefinition name="tex"/>
<objectDefinition name="crate" solid="true"><collisionModel><cylinder radius="10" height="10"/></collisionModel></objectDefinition>
<characterDefinition name="hero" animated="true"><displayModel><sprite angle="45" src="heroEast"/></displayModel></characterDefinition>
</definitions>`

// scene builds a scene file whose body line 1 is line 4 of the file.
func scene(attrs, head, body string) string {
	if attrs == "" {
		attrs = `gridsize="64" levelsize="64"`
	}
	if head == "" {
		head = `<definitions src="defs.xml"/>`
	}
	return `<scene ` + attrs + `>
<head>` + head + `</head>
<body>
` + body + `
</body>
</scene>`
}

const floor = `<floor id="F" x="0" y="0" z="0" width="640" height="640" src="tex"/>`

func TestBrokenInputs(t *testing.T) {
	demo, err := os.ReadFile("testdata/scenes/demo.xml")
	if err != nil {
		t.Fatal(err)
	}
	deep := strings.Repeat("<a>", 40) + strings.Repeat("</a>", 40)
	type tc struct {
		name   string
		file   string            // loaded; default s.xml
		files  map[string]string // added to defs.xml
		loader Loader
		kind   error
		want   string // exact error text
	}
	cases := []tc{
		// Well-formedness and limits.
		{name: "empty file", files: map[string]string{"s.xml": ""}, kind: ErrSyntax, want: "s.xml: no root element (empty or truncated file)"},
		{name: "truncated XML", files: map[string]string{"s.xml": string(demo[:len(demo)/2])}, kind: ErrSyntax, want: "s.xml:16: malformed XML: unexpected EOF"},
		{name: "mismatched tag", files: map[string]string{"s.xml": "<scene>\n<head>\n</body>\n</scene>"}, kind: ErrSyntax, want: "s.xml:3: malformed XML: element <head> closed by </body>"},
		{name: "two roots", files: map[string]string{"s.xml": scene("", "", "") + "\n<scene/>"}, kind: ErrSyntax, want: "s.xml:7: more than one root element"},
		{name: "too deep", files: map[string]string{"s.xml": scene("", "", deep)}, kind: ErrLimit, want: "s.xml:4: <a>: elements nested deeper than 32 (raise Loader.Limits.MaxDepth)"},
		{name: "too many elements", files: map[string]string{"s.xml": scene("", "", strings.Repeat(floor, 30))}, loader: Loader{Limits: Limits{MaxElements: 100}}, kind: ErrLimit, want: "s.xml:4: <floor>: more than 100 XML elements and attributes (raise Loader.Limits.MaxElements)"},
		{name: "floors too large", files: map[string]string{"s.xml": scene("", "", floor+"\n"+`<floor id="G" x="32" y="0" z="0" width="64" height="640" src="tex"/>`+"\n"+
			`<floor id="H" x="0" y="0" z="0" width="64" height="64" src="tex"/>`)},
			loader: Loader{Limits: Limits{MaxFloorCells: 120}}, kind: ErrLimit, want: `s.xml:6: <floor id="H">: floors cover more than 120 grid cells in all (raise Loader.Limits.MaxFloorCells)`},
		{name: "too many attributes", files: map[string]string{"s.xml": scene("", "", "\n<wall"+strings.Repeat(` a="1"`, 5)+"/>")},
			loader: Loader{Limits: Limits{MaxAttrs: 4}}, kind: ErrLimit, want: `s.xml:5: a tag with more than 4 attributes (raise Loader.Limits.MaxAttrs)`},
		{name: "attributes counted per tag", files: map[string]string{"s.xml": scene("", "", "<wall"+strings.Repeat(` a="1"`, 4)+"/><wall"+strings.Repeat(` a="1"`, 4)+"/>")},
			loader: Loader{Limits: Limits{MaxAttrs: 4}}, kind: ErrInvalid, want: `s.xml:4: <wall>: missing attribute id`},
		{name: "file too big", files: map[string]string{"s.xml": scene("", "", strings.Repeat(" ", 2000))}, loader: Loader{Limits: Limits{MaxFileBytes: 1000}}, kind: ErrLimit, want: "s.xml: file larger than 1000 bytes (raise Loader.Limits.MaxFileBytes)"},
		{name: "entity expansion refused", files: map[string]string{"s.xml": `<!DOCTYPE s [<!ENTITY a "aaaa">]>` + "\n" + `<scene gridsize="&a;"/>`}, kind: ErrSyntax, want: "s.xml:2: malformed XML: invalid character entity &a;"},
		// The scene element.
		{name: "not a scene", files: map[string]string{"s.xml": defsOK}, kind: ErrInvalid, want: "s.xml:1: <definitions>: root element is not <scene>"},
		{name: "no gridsize", files: map[string]string{"s.xml": scene(`levelsize="64"`, "", "")}, kind: ErrInvalid, want: "s.xml:1: <scene>: missing attribute gridsize"},
		{name: "negative gridsize", files: map[string]string{"s.xml": scene(`gridsize="-64" levelsize="64"`, "", "")}, kind: ErrInvalid, want: "s.xml:1: <scene>: attribute gridsize=-64 must be positive"},
		{name: "huge levelsize", files: map[string]string{"s.xml": scene(`gridsize="64" levelsize="99999999"`, "", "")}, kind: ErrLimit, want: "s.xml:1: <scene>: attribute levelsize=99999999 exceeds 65536 (raise Loader.Limits.MaxGridSize)"},
		{name: "fractional gridsize", files: map[string]string{"s.xml": scene(`gridsize="6.5" levelsize="64"`, "", "")}, kind: ErrInvalid, want: `s.xml:1: <scene>: attribute gridsize="6.5" is not an integer`},
		{name: "unknown scene attribute", files: map[string]string{"s.xml": scene(`gridsize="64" levelsize="64" gridsise="3"`, "", "")}, kind: ErrInvalid, want: "s.xml:1: <scene>: unknown attribute gridsise"},
		{name: "no body", files: map[string]string{"s.xml": `<scene gridsize="64" levelsize="64"><head/></scene>`}, kind: ErrInvalid, want: "s.xml:1: <scene>: missing <body>"},
		{name: "two heads", files: map[string]string{"s.xml": `<scene gridsize="64" levelsize="64"><head/>` + "\n<head/><body/></scene>"}, kind: ErrInvalid, want: "s.xml:2: <scene>: more than one <head>"},
		{name: "unknown in head", files: map[string]string{"s.xml": scene("", `<title>x</title>`, "")}, kind: ErrInvalid, want: "s.xml:2: <title>: unknown element in <head> (want name, description or definitions)"},
		// Definitions files.
		{name: "definitions path escape", files: map[string]string{"s.xml": scene("", `<definitions src="../../etc/defs.xml"/>`, "")}, kind: ErrPath, want: `s.xml:2: <definitions src="../../etc/defs.xml">: bad src: "../../etc/defs.xml" leaves the root (resolves to "../../etc/defs.xml")`},
		{name: "definitions absolute", files: map[string]string{"s.xml": scene("", `<definitions src="/defs.xml"/>`, "")}, kind: ErrPath, want: `s.xml:2: <definitions src="/defs.xml">: bad src: absolute path, drive, URL or backslash not allowed: "/defs.xml"`},
		{name: "definitions missing", files: map[string]string{"s.xml": scene("", `<definitions src="nope.xml"/>`, "")}, kind: ErrMissing, want: `s.xml:2: <definitions src="nope.xml">: definitions file "nope.xml" missing: open nope.xml: file does not exist`},
		{name: "definitions twice", files: map[string]string{"s.xml": scene("", `<definitions src="defs.xml"/><definitions src="./defs.xml"/>`, "")}, kind: ErrRef, want: `s.xml:2: <definitions src="./defs.xml">: "defs.xml" listed twice`},
		{name: "too many definitions files", files: map[string]string{"s.xml": scene("", `<definitions src="defs.xml"/><definitions src="defs2.xml"/>`, ""), "defs2.xml": "<definitions/>"}, loader: Loader{Limits: Limits{MaxDefFiles: 1}}, kind: ErrLimit, want: `s.xml:2: <definitions src="defs2.xml">: more than 1 definitions files (raise Loader.Limits.MaxDefFiles)`},
		{name: "name defined in two files", files: map[string]string{"s.xml": scene("", `<definitions src="defs.xml"/><definitions src="defs2.xml"/>`, ""), "defs2.xml": "<definitions>\n\n<objectDefinition name=\"crate\"/></definitions>"}, kind: ErrRef, want: `defs2.xml:3: <objectDefinition name="crate">: definition "crate" already defined at defs.xml:3`},
		{name: "material twice", files: map[string]string{"defs.xml": `<definitions><materialDefinition name="a"/>` + "\n" + `<materialDefinition name="a "/></definitions>`}, kind: ErrRef, want: `defs.xml:2: <materialDefinition name="a ">: material "a" already defined at defs.xml:1`},
		{name: "definitions not definitions", files: map[string]string{"defs.xml": "<scene/>"}, kind: ErrInvalid, want: "defs.xml:1: <scene>: root element is not <definitions>"},
		{name: "definitions truncated", files: map[string]string{"defs.xml": defsOK[:60]}, kind: ErrSyntax, want: "defs.xml:3: malformed XML: unexpected EOF"},
		{name: "unknown definition element", files: map[string]string{"defs.xml": "<definitions>\n<sound src=\"x\"/></definitions>"}, kind: ErrInvalid, want: `defs.xml:2: <sound src="x">: unknown element in <definitions> (want media, materialDefinition, objectDefinition or characterDefinition)`},
		{name: "media path escape", files: map[string]string{"defs.xml": `<definitions><media src="../../x"/></definitions>`}, kind: ErrPath, want: `defs.xml:1: <media src="../../x">: bad src: "../../x" leaves the root (resolves to "../../x")`},
		{name: "negative radius", files: map[string]string{"defs.xml": `<definitions><objectDefinition name="o"><collisionModel>` + "\n" + `<cylinder radius="-3" height="1"/></collisionModel></objectDefinition></definitions>`}, kind: ErrInvalid, want: `defs.xml:2: <objectDefinition name="o"> > <cylinder>: attribute radius=-3 must not be negative`},
		{name: "bad solid", files: map[string]string{"defs.xml": `<definitions><objectDefinition name="o" solid="yes"/></definitions>`}, kind: ErrInvalid, want: `defs.xml:1: <objectDefinition name="o">: attribute solid="yes" is not true or false`},
		{name: "sprite without src", files: map[string]string{"defs.xml": `<definitions><objectDefinition name="o"><displayModel><sprite angle="0"/></displayModel></objectDefinition></definitions>`}, kind: ErrInvalid, want: `defs.xml:1: <objectDefinition name="o"> > <sprite>: missing attribute src`},
		{name: "sprite angle NaN", files: map[string]string{"defs.xml": `<definitions><objectDefinition name="o"><displayModel><sprite angle="NaN" src="s"/></displayModel></objectDefinition></definitions>`}, kind: ErrInvalid, want: `defs.xml:1: <objectDefinition name="o"> > <sprite src="s">: attribute angle="NaN" is not a finite number`},
		{name: "two collision shapes", files: map[string]string{"defs.xml": `<definitions><objectDefinition name="o"><collisionModel><cylinder/><cylinder/></collisionModel></objectDefinition></definitions>`}, kind: ErrInvalid, want: `defs.xml:1: <objectDefinition name="o"> > <cylinder>: more than one collision shape`},
		{name: "unknown shape", files: map[string]string{"defs.xml": `<definitions><objectDefinition name="o"><collisionModel><box/></collisionModel></objectDefinition></definitions>`}, kind: ErrInvalid, want: `defs.xml:1: <objectDefinition name="o"> > <box>: unknown collision shape (want <cylinder>)`},
		{name: "unknown material child", files: map[string]string{"defs.xml": `<definitions><materialDefinition name="a"><specular/></materialDefinition></definitions>`}, kind: ErrInvalid, want: `defs.xml:1: <materialDefinition name="a">: unknown element <specular> (want <diffuse>)`},
		{name: "two display models", files: map[string]string{"defs.xml": "<definitions><objectDefinition name=\"o\"><displayModel/>\n<displayModel/></objectDefinition></definitions>"}, kind: ErrInvalid, want: `defs.xml:2: <objectDefinition name="o">: more than one <displayModel>`},
		{name: "unknown definition child", files: map[string]string{"defs.xml": `<definitions><objectDefinition name="o"><sound/></objectDefinition></definitions>`}, kind: ErrInvalid, want: `defs.xml:1: <objectDefinition name="o">: unknown element <sound> (want displayModel or collisionModel)`},
		{name: "child in sprite", files: map[string]string{"defs.xml": `<definitions><objectDefinition name="o"><displayModel><sprite src="s"><frame/></sprite></displayModel></objectDefinition></definitions>`}, kind: ErrInvalid, want: `defs.xml:1: <objectDefinition name="o"> > <sprite src="s">: unexpected child <frame>`},
		{name: "sprite angle out of range", files: map[string]string{"defs.xml": `<definitions><objectDefinition name="o"><displayModel><sprite angle="360" src="s"/></displayModel></objectDefinition></definitions>`}, kind: ErrInvalid, want: `defs.xml:1: <objectDefinition name="o"> > <sprite src="s">: angle 360 outside 0..360`},
		{name: "two names", files: map[string]string{"s.xml": scene("", "<name>a</name><name>b</name>", "")}, kind: ErrInvalid, want: `s.xml:2: <head>: more than one <name>`},
		{name: "scene and definitions too big together", files: map[string]string{"s.xml": scene("", `<definitions src="defs.xml"/><definitions src="d2.xml"/><definitions src="d3.xml"/><definitions src="d4.xml"/>`, ""),
			"defs.xml": "<definitions>" + strings.Repeat(" ", 380) + "</definitions>", "d2.xml": "<definitions>" + strings.Repeat(" ", 380) + "</definitions>",
			"d3.xml": "<definitions>" + strings.Repeat(" ", 380) + "</definitions>", "d4.xml": "<definitions>" + strings.Repeat(" ", 380) + "</definitions>"},
			loader: Loader{Limits: Limits{MaxFileBytes: 410}}, kind: ErrLimit, want: "d4.xml: scene and definitions together larger than 1640 bytes (raise Loader.Limits.MaxFileBytes)"},
		{name: "definition without name", files: map[string]string{"defs.xml": `<definitions><objectDefinition solid="true"/></definitions>`}, kind: ErrInvalid, want: `defs.xml:1: <objectDefinition>: missing attribute name`},
		// Body elements.
		{name: "undefined def", files: map[string]string{"s.xml": scene("", "", floor+"\n"+`<object id="O" x="1" y="1" z="0" def="ghost"/>`)}, kind: ErrRef, want: `s.xml:5: <object id="O">: def "ghost" is not defined in defs.xml`},
		{name: "undefined character def", files: map[string]string{"s.xml": scene("", "", `<character id="C" x="1" y="1" z="0" def="villain"/>`)}, kind: ErrRef, want: `s.xml:4: <character id="C">: def "villain" is not defined in defs.xml`},
		{name: "undefined def, no definitions", files: map[string]string{"s.xml": scene("", "<name>n</name>", `<object id="O" x="1" y="1" z="0" def="crate"/>`)}, kind: ErrRef, want: `s.xml:4: <object id="O">: def "crate" is not defined in any definitions file (the scene lists none)`},
		{name: "undefined material", files: map[string]string{"s.xml": scene("", "", `<wall id="W" x="0" y="0" z="0" dir="vert" size="10" height="10" src="marble"/>`)}, kind: ErrRef, want: `s.xml:4: <wall id="W">: src "marble" is not a material defined in defs.xml`},
		{name: "negative wall size", files: map[string]string{"s.xml": scene("", "", `<wall id="W" x="0" y="0" z="0" dir="vert" size="-10" height="10" src="tex"/>`)}, kind: ErrInvalid, want: `s.xml:4: <wall id="W">: attribute size=-10 must be positive`},
		{name: "error at a tag's first line", files: map[string]string{"s.xml": scene("", "", "<wall id=\"W\"\n  x=\"0\" y=\"0\" z=\"0\" dir=\"vert\"\n  size=\"-10\" height=\"10\" src=\"tex\"/>")}, kind: ErrInvalid, want: `s.xml:4: <wall id="W">: attribute size=-10 must be positive`},
		{name: "zero wall height", files: map[string]string{"s.xml": scene("", "", `<wall id="W" x="0" y="0" z="0" dir="vert" size="10" height="0" src="tex"/>`)}, kind: ErrInvalid, want: `s.xml:4: <wall id="W">: attribute height=0 must be positive`},
		{name: "negative floor width", files: map[string]string{"s.xml": scene("", "", `<floor id="F" x="0" y="0" z="0" width="-1" height="10" src="tex"/>`)}, kind: ErrInvalid, want: `s.xml:4: <floor id="F">: attribute width=-1 must be positive`},
		{name: "bad wall dir", files: map[string]string{"s.xml": scene("", "", `<wall id="W" x="0" y="0" z="0" dir="diag" size="10" height="10" src="tex"/>`)}, kind: ErrInvalid, want: `s.xml:4: <wall id="W">: attribute dir="diag" is not vert or horiz`},
		{name: "missing coordinate", files: map[string]string{"s.xml": scene("", "", `<floor id="F" x="0" z="0" width="1" height="10" src="tex"/>`)}, kind: ErrInvalid, want: `s.xml:4: <floor id="F">: missing attribute y`},
		{name: "infinite coordinate", files: map[string]string{"s.xml": scene("", "", `<floor id="F" x="0" y="Inf" z="0" width="1" height="10" src="tex"/>`)}, kind: ErrInvalid, want: `s.xml:4: <floor id="F">: attribute y="Inf" is not a finite number`},
		{name: "absurd coordinate", files: map[string]string{"s.xml": scene("", "", `<floor id="F" x="1e300" y="0" z="0" width="1" height="10" src="tex"/>`)}, kind: ErrLimit, want: `s.xml:4: <floor id="F">: attribute x=1e300 exceeds ±1.6777216e+07`},
		{name: "absurd size", files: map[string]string{"s.xml": scene("", "", `<floor id="F" x="0" y="0" z="0" width="1e9" height="10" src="tex"/>`)}, kind: ErrLimit, want: `s.xml:4: <floor id="F">: attribute width=1e9 exceeds ±1.6777216e+07`},
		{name: "unknown wall attribute", files: map[string]string{"s.xml": scene("", "", `<wall id="W" x="0" y="0" z="0" dir="vert" size="1" height="1" src="tex" colour="red"/>`)}, kind: ErrInvalid, want: `s.xml:4: <wall id="W">: unknown attribute colour`},
		{name: "missing id", files: map[string]string{"s.xml": scene("", "", `<floor x="0" y="0" z="0" width="1" height="10" src="tex"/>`)}, kind: ErrInvalid, want: `s.xml:4: <floor src="tex">: missing attribute id`},
		{name: "duplicate id", files: map[string]string{"s.xml": scene("", "", floor+"\n"+`<object id="F" x="1" y="1" z="0" def="crate"/>`)}, kind: ErrRef, want: `s.xml:5: <object id="F">: id "F" already used at line 4`},
		{name: "unknown body element", files: map[string]string{"s.xml": scene("", "", `<trigger id="T"/>`)}, kind: ErrInvalid, want: `s.xml:4: <trigger id="T">: unknown element in <body> (want wall, floor, object or character)`},
		{name: "child in body element", files: map[string]string{"s.xml": scene("", "", `<floor id="F" x="0" y="0" z="0" width="1" height="1" src="tex">`+"\n"+`<x/></floor>`)}, kind: ErrInvalid, want: `s.xml:5: <floor id="F">: unexpected child <x>`},
		{name: "object outside the level", files: map[string]string{"s.xml": scene("", "", floor+"\n"+`<object id="O" x="700" y="10" z="0" def="crate"/>`)}, kind: ErrInvalid, want: `s.xml:5: <object id="O">: position (700, 10, 0) outside the level (0..640, 0..640, 0..0)`},
		{name: "character below the floor", files: map[string]string{"s.xml": scene("", "", `<character id="C" x="5" y="5" z="-1" def="hero"/>`+"\n"+floor)}, kind: ErrInvalid, want: `s.xml:4: <character id="C">: position (5, 5, -1) outside the level (0..640, 0..640, 0..0)`},
		{name: "entity without geometry", files: map[string]string{"s.xml": scene("", "", `<character id="C" x="5" y="5" z="0" def="hero"/>`)}, kind: ErrInvalid, want: `s.xml:4: <character id="C">: outside the level: the scene has no walls or floors`},
		{name: "bad orientation", files: map[string]string{"s.xml": scene("", "", floor+"\n"+`<character id="C" x="5" y="5" z="0" def="hero" orientation="east"/>`)}, kind: ErrInvalid, want: `s.xml:5: <character id="C">: attribute orientation="east" is not a finite number`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{"defs.xml": {Data: []byte(defsOK)}, "s.xml": {Data: []byte(scene("", "", floor))}}
			for k, v := range c.files {
				fsys[k] = &fstest.MapFile{Data: []byte(v)}
			}
			file := c.file
			if file == "" {
				file = "s.xml"
			}
			s, err := c.loader.Load(fsys, file)
			var e *Error
			if s != nil || !errors.As(err, &e) {
				t.Fatalf("scene %v, error %T %v", s != nil, err, err)
			}
			if !errors.Is(err, c.kind) || err.Error() != c.want {
				t.Fatalf("got  %v (kind %v)\nwant %s (kind %v)", err, e.Kind, c.want, c.kind)
			}
		})
	}
}

// The base of the broken cases loads, so each failure is the case's own.
func TestBrokenBaseLoads(t *testing.T) {
	fsys := fstest.MapFS{"defs.xml": {Data: []byte(defsOK)}, "s.xml": {Data: []byte(scene("", "", floor+"\n"+`<object id="O" x="1" y="1" z="0" def="crate" note="x"/>`))}}
	s, err := Load(fsys, "s.xml")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Floors) != 1 || len(s.Objects) != 1 || s.Objects[0].Line != 5 || s.Objects[0].Props[0] != (Prop{"note", "x"}) {
		t.Fatalf("%+v", s)
	}
}

func TestPathsAndMissing(t *testing.T) {
	fsys := fstest.MapFS{"s.xml": {Data: []byte("<scene/>")}}
	for _, p := range []string{"../s.xml", "/s.xml", "a/../../s.xml", ""} {
		if _, err := Load(fsys, p); !errors.Is(err, ErrPath) {
			t.Fatalf("%q: %v", p, err)
		}
		if _, err := LoadDefinitions(fsys, p); !errors.Is(err, ErrPath) {
			t.Fatalf("%q: %v", p, err)
		}
	}
	if _, err := Load(fsys, "none.xml"); !errors.Is(err, ErrMissing) || !strings.HasPrefix(err.Error(), "none.xml: cannot open") {
		t.Fatal(err)
	}
}
