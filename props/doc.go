// Package props holds the custom properties a level file gives a map,
// a layer or an object: named values of a few types (text, numbers,
// booleans, colours, file paths, object references, and classes and
// lists of further values), in file order.
//
// It is the one property type of the engine: the Tiled loader
// (scene/tiled) reads into it, the level builders hand it on unchanged,
// and a game reads it from the world (scene.World.Props). The typed
// getters on List return a default when a property is missing or of
// another type, so a game reads "speed" as a number without checking
// first.
//
// props owns the values and the type names (Type, ParseType): parsing a
// format's text is its loader's. It imports nothing but the standard library.
package props
