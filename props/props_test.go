package props

import (
	"image/color"
	"testing"
)

func TestGetters(t *testing.T) {
	ps := List{
		{Name: "title", Type: StringType, Value: "Keep"},
		{Name: "hp", Type: IntType, Value: "7", Int: 7, Float: 7},
		{Name: "speed", Type: FloatType, Value: "2.5", Float: 2.5},
		{Name: "solid", Type: BoolType, Value: "true", Bool: true},
		{Name: "tint", Type: ColorType, Value: "#ff102030", Color: color.NRGBA{0x10, 0x20, 0x30, 0xff}},
		{Name: "boss", Type: ObjectType, Value: "12", Int: 12},
		{Name: "hp", Type: IntType, Value: "9", Int: 9, Float: 9}, // a second "hp": the first wins
	}
	def := color.NRGBA{1, 2, 3, 4}
	for _, tc := range []struct {
		name      string
		got, want any
	}{
		{"string", ps.String("title", "x"), "Keep"},
		{"string of an int", ps.String("hp", "x"), "7"},
		{"missing string", ps.String("nope", "x"), "x"},
		{"int", ps.Int("hp", -1), int64(7)},
		{"object as int", ps.Int("boss", -1), int64(12)},
		{"float as int", ps.Int("speed", -1), int64(-1)},
		{"float", ps.Float("speed", -1), 2.5},
		{"int as float", ps.Float("hp", -1), 7.0},
		{"bool as float", ps.Float("solid", -1), -1.0},
		{"bool", ps.Bool("solid", false), true},
		{"string as bool", ps.Bool("title", false), false},
		{"color", ps.Color("tint", def), color.NRGBA{0x10, 0x20, 0x30, 0xff}},
		{"int as color", ps.Color("hp", def), def},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	if p, ok := ps.Get("speed"); !ok || p != &ps[2] {
		t.Errorf("Get(speed) = %p, %v; want the list's own element", p, ok)
	}
	if _, ok := List(nil).Get("x"); ok {
		t.Error("Get on a nil list found something")
	}
}

func TestTypeNames(t *testing.T) {
	for ty := StringType; ty <= ListType; ty++ {
		back, ok := ParseType(ty.String())
		if !ok || back != ty {
			t.Errorf("%v: ParseType(%q) = %v, %v", int(ty), ty.String(), back, ok)
		}
	}
	if ty, ok := ParseType(""); !ok || ty != StringType {
		t.Errorf(`ParseType("") = %v, %v; want string`, ty, ok)
	}
	if _, ok := ParseType("vector3"); ok {
		t.Error("ParseType accepted an unknown name")
	}
	if s := Type(99).String(); s != "type(99)" {
		t.Errorf("Type(99).String() = %q", s)
	}
}
