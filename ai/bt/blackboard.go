package bt

import (
	"fmt"

	"diorama/mathx"
)

// KeyKind is the value type stored under a blackboard key.
type KeyKind uint8

// The kinds of value a blackboard holds.
const (
	KindBool KeyKind = iota
	KindInt
	KindFloat
	KindVec2
)

var kindNames = [...]string{"bool", "int", "float", "vec2"}

// String returns the kind's name.
func (k KeyKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// Key identifies one blackboard entry of any kind. The typed keys
// ([BoolKey], [IntKey], [FloatKey], [Vec2Key]) embed it; it is what a
// [Registry] takes to declare the keys a leaf reads. The zero Key is
// invalid.
type Key struct {
	id   int32 // 1 + index into the schema's key list; 0 when invalid
	slot int32 // 1 + index into the typed value slice; 0 when invalid
}

// Valid reports whether k came from a successful schema declaration.
func (k Key) Valid() bool { return k.id > 0 && k.slot > 0 }

// BoolKey is a typed handle to a bool entry.
type BoolKey struct{ Key }

// IntKey is a typed handle to an int64 entry.
type IntKey struct{ Key }

// FloatKey is a typed handle to a float64 entry.
type FloatKey struct{ Key }

// Vec2Key is a typed handle to a mathx.Vec2 entry.
type Vec2Key struct{ Key }

// maxKeys bounds a schema so a runaway declaration loop is an error, not
// an out-of-memory crash.
const maxKeys = 1 << 16

// Schema declares the blackboard keys of one kind of agent. Keys are
// declared once, before trees are built and blackboards created; each
// declaration returns a typed key that indexes a slot directly, so reading
// and writing a blackboard is a slice access with no map lookup and no
// interface boxing.
//
// A compulsory key has no default: a leaf that declares it (see
// [Registry.Action]) fails without running while it is unset. An optional
// key reads as its default until set.
//
// Declaration mistakes (a name reused with another kind, a declaration
// after the schema was frozen by [Schema.NewBlackboard] or [Build]) are
// recorded and reported by [Schema.Err] and by Build; the key returned is
// invalid and ignored by blackboards.
type Schema struct {
	names      []string
	kinds      []KeyKind
	slots      []int32
	compulsory []bool
	index      map[string]int32 // build-time only

	boolDef  []bool
	intDef   []int64
	floatDef []float64
	vecDef   []mathx.Vec2

	frozen bool
	err    error
}

// NewSchema returns an empty schema.
func NewSchema() *Schema { return &Schema{index: map[string]int32{}} }

// Err returns the first declaration error, or nil.
func (s *Schema) Err() error { return s.err }

// Len returns the number of declared keys.
func (s *Schema) Len() int { return len(s.names) }

// Name returns the name of key k ("" for an invalid key).
func (s *Schema) Name(k Key) string {
	if !s.has(k) {
		return ""
	}
	return s.names[k.id-1]
}

// Lookup returns the key declared under name, its kind and whether it
// exists. It is meant for loaders and tools, not the tick path.
func (s *Schema) Lookup(name string) (Key, KeyKind, bool) {
	id, ok := s.index[name]
	if !ok {
		return Key{}, 0, false
	}
	return Key{id: id + 1, slot: s.slots[id] + 1}, s.kinds[id], true
}

func (s *Schema) has(k Key) bool {
	return k.Valid() && int(k.id) <= len(s.names) && s.slots[k.id-1]+1 == k.slot
}

func (s *Schema) fail(format string, args ...any) Key {
	if s.err == nil {
		s.err = fmt.Errorf("bt: schema: "+format, args...)
	}
	return Key{}
}

// declare returns the key for name, declaring it of kind with default def
// (appended to defs, kind's typed slice of defaults) when it is new.
func declare[T any](s *Schema, defs *[]T, name string, kind KeyKind, compulsory bool, def T) Key {
	if s.index == nil {
		s.index = map[string]int32{}
	}
	if id, ok := s.index[name]; ok {
		if s.kinds[id] != kind || s.compulsory[id] != compulsory {
			return s.fail("key %q redeclared as %s (was %s)", name, kind, s.kinds[id])
		}
		return Key{id: id + 1, slot: s.slots[id] + 1}
	}
	switch {
	case s.frozen:
		return s.fail("key %q declared after the schema was frozen (declare keys before building trees or blackboards)", name)
	case name == "":
		return s.fail("empty key name")
	case len(s.names) >= maxKeys:
		return s.fail("more than %d keys", maxKeys)
	}
	id, slot := int32(len(s.names)), len(*defs)
	s.names = append(s.names, name)
	s.kinds = append(s.kinds, kind)
	s.slots = append(s.slots, int32(slot))
	s.compulsory = append(s.compulsory, compulsory)
	s.index[name] = id
	*defs = append(*defs, def)
	return Key{id: id + 1, slot: int32(slot) + 1}
}

// Bool declares an optional bool key with a default value.
func (s *Schema) Bool(name string, def bool) BoolKey {
	return BoolKey{declare(s, &s.boolDef, name, KindBool, false, def)}
}

// CompulsoryBool declares a compulsory bool key.
func (s *Schema) CompulsoryBool(name string) BoolKey {
	return BoolKey{declare(s, &s.boolDef, name, KindBool, true, false)}
}

// Int declares an optional int64 key with a default value.
func (s *Schema) Int(name string, def int64) IntKey {
	return IntKey{declare(s, &s.intDef, name, KindInt, false, def)}
}

// CompulsoryInt declares a compulsory int64 key.
func (s *Schema) CompulsoryInt(name string) IntKey {
	return IntKey{declare(s, &s.intDef, name, KindInt, true, 0)}
}

// Float declares an optional float64 key with a default value.
func (s *Schema) Float(name string, def float64) FloatKey {
	return FloatKey{declare(s, &s.floatDef, name, KindFloat, false, def)}
}

// CompulsoryFloat declares a compulsory float64 key.
func (s *Schema) CompulsoryFloat(name string) FloatKey {
	return FloatKey{declare(s, &s.floatDef, name, KindFloat, true, 0)}
}

// Vec2 declares an optional mathx.Vec2 key with a default value.
func (s *Schema) Vec2(name string, def mathx.Vec2) Vec2Key {
	return Vec2Key{declare(s, &s.vecDef, name, KindVec2, false, def)}
}

// CompulsoryVec2 declares a compulsory mathx.Vec2 key.
func (s *Schema) CompulsoryVec2(name string) Vec2Key {
	return Vec2Key{declare(s, &s.vecDef, name, KindVec2, true, mathx.Vec2{})}
}

// NewBlackboard freezes the schema and returns a blackboard holding every
// key at its default, none of them set.
func (s *Schema) NewBlackboard() *Blackboard {
	s.frozen = true
	b := &Blackboard{
		schema: s,
		set:    make([]bool, len(s.names)),
		bools:  make([]bool, len(s.boolDef)),
		ints:   make([]int64, len(s.intDef)),
		floats: make([]float64, len(s.floatDef)),
		vecs:   make([]mathx.Vec2, len(s.vecDef)),
	}
	b.Reset()
	return b
}

// Blackboard holds one agent's values for the keys of a [Schema]. Reads
// and writes are slice accesses. An invalid key reads as the zero value
// and writes nothing.
type Blackboard struct {
	schema *Schema
	set    []bool
	bools  []bool
	ints   []int64
	floats []float64
	vecs   []mathx.Vec2
}

// Schema returns the schema the blackboard was made from.
func (b *Blackboard) Schema() *Schema { return b.schema }

// Reset returns every key to its default and marks it unset.
func (b *Blackboard) Reset() {
	clear(b.set)
	copy(b.bools, b.schema.boolDef)
	copy(b.ints, b.schema.intDef)
	copy(b.floats, b.schema.floatDef)
	copy(b.vecs, b.schema.vecDef)
}

// Has reports whether k has been set since the last reset.
func (b *Blackboard) Has(k Key) bool { return uint(k.id-1) < uint(len(b.set)) && b.set[k.id-1] }

// Unset marks k unset and restores its default.
func (b *Blackboard) Unset(k Key) {
	if !b.schema.has(k) || int(k.id) > len(b.set) {
		return
	}
	i, j := k.id-1, k.slot-1
	b.set[i] = false
	s := b.schema
	switch s.kinds[i] {
	case KindBool:
		b.bools[j] = s.boolDef[j]
	case KindInt:
		b.ints[j] = s.intDef[j]
	case KindFloat:
		b.floats[j] = s.floatDef[j]
	case KindVec2:
		b.vecs[j] = s.vecDef[j]
	}
}

// Bool returns k's value (its default while unset).
func (b *Blackboard) Bool(k BoolKey) bool {
	return value(b.bools, k.Key)
}

// SetBool sets k.
func (b *Blackboard) SetBool(k BoolKey, v bool) {
	store(b, b.bools, k.Key, v)
}

// Int returns k's value (its default while unset).
func (b *Blackboard) Int(k IntKey) int64 {
	return value(b.ints, k.Key)
}

// SetInt sets k.
func (b *Blackboard) SetInt(k IntKey, v int64) {
	store(b, b.ints, k.Key, v)
}

// Float returns k's value (its default while unset).
func (b *Blackboard) Float(k FloatKey) float64 {
	return value(b.floats, k.Key)
}

// SetFloat sets k.
func (b *Blackboard) SetFloat(k FloatKey, v float64) {
	store(b, b.floats, k.Key, v)
}

// Vec2 returns k's value (its default while unset).
func (b *Blackboard) Vec2(k Vec2Key) mathx.Vec2 {
	return value(b.vecs, k.Key)
}

// SetVec2 sets k.
func (b *Blackboard) SetVec2(k Vec2Key, v mathx.Vec2) {
	store(b, b.vecs, k.Key, v)
}

// value returns k's slot of vals, or T's zero value when k has no slot
// there (an invalid key).
func value[T any](vals []T, k Key) T {
	if uint(k.slot-1) < uint(len(vals)) {
		return vals[k.slot-1]
	}
	var zero T
	return zero
}

// store writes v to k's slot of vals and marks k set; it ignores a key
// with no slot there (an invalid key).
func store[T any](b *Blackboard, vals []T, k Key, v T) {
	if uint(k.slot-1) < uint(len(vals)) && uint(k.id-1) < uint(len(b.set)) {
		vals[k.slot-1] = v
		b.set[k.id-1] = true
	}
}
