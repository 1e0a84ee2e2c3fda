package props

import (
	"image/color"
	"strconv"
)

// Type is the type of a property's value.
type Type uint8

// Property types: the value kinds level formats write (Tiled's custom
// property types; the other formats' properties are strings).
const (
	StringType Type = iota // text (Property.Value)
	IntType                // Property.Int (and Float)
	FloatType              // Property.Float
	BoolType               // Property.Bool
	ColorType              // Property.Color
	FileType               // a path inside the level's file system (Property.Value)
	ObjectType             // another object's ID in the level file (Property.Int; 0: none)
	ClassType              // a group of named values (Property.Members)
	ListType               // values in order (Property.Items)
)

var typeNames = [...]string{"string", "int", "float", "bool", "color", "file", "object", "class", "list"}

// String returns the type's name as Tiled writes it ("int", "color"...).
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "type(" + strconv.Itoa(int(t)) + ")"
}

// ParseType returns the type named s ("" is StringType), and false for a
// name it does not know.
func ParseType(s string) (Type, bool) {
	if s == "" {
		return StringType, true
	}
	for i, n := range typeNames {
		if n == s {
			return Type(i), true
		}
	}
	return 0, false
}

// Property is one custom property as its level file gave it: Value is
// the text as written, and the typed field matching Type holds the parsed
// value.
type Property struct {
	Name string
	Type Type
	// CustomType names the format's custom class or enum type of the
	// value, when it has one (Tiled's propertytype attribute).
	CustomType string
	// Value is the text as written; a FileType's path in the level's
	// file system.
	Value string
	Int   int64       // IntType and ObjectType (an object ID; 0 means none)
	Float float64     // FloatType (also set for IntType)
	Bool  bool        // BoolType
	Color color.NRGBA // ColorType (zero when the value is empty)
	// Members are a ClassType's values, Items a ListType's, in order (an
	// item has no Name and may itself be a class or a list).
	Members, Items List
	// TypeName is the type as written when the reader did not know it
	// (a type from a newer editor): the property is kept as a StringType
	// holding the text, so the file still loads.
	TypeName string
}

// List is a set of properties in file order. The typed getters return
// def when the property is missing or of another type.
type List []Property

// Get returns the property with the given name.
func (ps List) Get(name string) (*Property, bool) {
	for i := range ps {
		if ps[i].Name == name {
			return &ps[i], true
		}
	}
	return nil, false
}

// String returns the text of property name, whatever its type, or def.
func (ps List) String(name, def string) string {
	if p, ok := ps.Get(name); ok {
		return p.Value
	}
	return def
}

// Int returns the value of an int or object property, or def.
func (ps List) Int(name string, def int64) int64 {
	if p, ok := ps.Get(name); ok && (p.Type == IntType || p.Type == ObjectType) {
		return p.Int
	}
	return def
}

// Float returns the value of a float or int property, or def.
func (ps List) Float(name string, def float64) float64 {
	if p, ok := ps.Get(name); ok && (p.Type == FloatType || p.Type == IntType) {
		return p.Float
	}
	return def
}

// Bool returns the value of a bool property, or def.
func (ps List) Bool(name string, def bool) bool {
	if p, ok := ps.Get(name); ok && p.Type == BoolType {
		return p.Bool
	}
	return def
}

// Color returns the value of a color property, or def.
func (ps List) Color(name string, def color.NRGBA) color.NRGBA {
	if p, ok := ps.Get(name); ok && p.Type == ColorType {
		return p.Color
	}
	return def
}
