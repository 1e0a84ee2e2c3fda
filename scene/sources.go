package scene

// Sources returns the files w was read from, in the order first opened:
// for a world from a Load function, the level file and everything it
// drew on (tilesets, templates, IsoMob definitions, sprite sheets and
// their pages, images, an image level's description); for one from a
// Build function, the files the builder opened itself (images). A game
// or a viewer watches them to reload a level when one is saved. The
// slice belongs to the world.
func (b Builder) Sources() []string { return b.w.sources }
