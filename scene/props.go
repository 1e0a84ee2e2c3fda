package scene

import (
	"image/color"
	"strconv"
)

// PropType is the type of a level property's value.
type PropType uint8

// Property types: the value kinds level formats write (Tiled's custom
// property types; the other formats' properties are strings).
const (
	StringProp PropType = iota // text (Property.Value)
	IntProp                    // Property.Int (and Float)
	FloatProp                  // Property.Float
	BoolProp                   // Property.Bool
	ColorProp                  // Property.Color
	FileProp                   // a path inside the level's file system (Property.Value)
	ObjectProp                 // another object's ID in the level file (Property.Int; 0: none)
	ClassProp                  // a group of named values (Property.Members)
	ListProp                   // values in order (Property.Items)
)

var propTypeNames = [...]string{"string", "int", "float", "bool", "color", "file", "object", "class", "list"}

// String returns the type's name ("int", "color"...).
func (t PropType) String() string {
	if int(t) < len(propTypeNames) {
		return propTypeNames[t]
	}
	return "type(" + strconv.Itoa(int(t)) + ")"
}

// Property is one custom property of an entity, as its level file gave
// it: Value is the text as written, and the typed field matching Type
// holds the parsed value.
type Property struct {
	Name  string
	Type  PropType
	Value string      // the text as written; a FileProp's path in the level's file system
	Int   int64       // IntProp and ObjectProp
	Float float64     // FloatProp (also set for IntProp)
	Bool  bool        // BoolProp
	Color color.NRGBA // ColorProp
	// Members are a ClassProp's values, Items a ListProp's (an item has
	// no Name).
	Members, Items Properties
}

// Properties are an entity's custom properties in file order (see
// World.Props). The typed getters return def when the property is
// missing or of another type.
type Properties []Property

// Get returns the property with the given name.
func (ps Properties) Get(name string) (*Property, bool) {
	for i := range ps {
		if ps[i].Name == name {
			return &ps[i], true
		}
	}
	return nil, false
}

// String returns the text of property name, whatever its type, or def.
func (ps Properties) String(name, def string) string {
	if p, ok := ps.Get(name); ok {
		return p.Value
	}
	return def
}

// Int returns the value of an int or object property, or def.
func (ps Properties) Int(name string, def int64) int64 {
	if p, ok := ps.Get(name); ok && (p.Type == IntProp || p.Type == ObjectProp) {
		return p.Int
	}
	return def
}

// Float returns the value of a float or int property, or def.
func (ps Properties) Float(name string, def float64) float64 {
	if p, ok := ps.Get(name); ok && (p.Type == FloatProp || p.Type == IntProp) {
		return p.Float
	}
	return def
}

// Bool returns the value of a bool property, or def.
func (ps Properties) Bool(name string, def bool) bool {
	if p, ok := ps.Get(name); ok && p.Type == BoolProp {
		return p.Bool
	}
	return def
}

// Color returns the value of a color property, or def.
func (ps Properties) Color(name string, def color.NRGBA) color.NRGBA {
	if p, ok := ps.Get(name); ok && p.Type == ColorProp {
		return p.Color
	}
	return def
}
