// Package scene is what lives in a game world.
//
// It owns:
//   - World: entities (static objects, characters with position,
//     velocity, facing, animation and health, pickups, spawn points and
//     triggers) stored data-oriented, one slice per field, behind
//     generation-checked Entity handles; bullets as a struct-of-arrays
//     pool wrapped around physics.Bullets (no allocation per bullet).
//     Creation and removal during a tick (by its tasks) are deferred, so
//     every walk over the world stays valid. World itself keeps what
//     every game uses (the tick, entities and their state, Render); what
//     concerns one part of the world lives on the sub-object that owns
//     it, each a small handle reached from the world: World.Looks (how
//     entities are drawn), World.Bullets (firing, finding, blasts),
//     World.Nav (navigation, movement, sight), World.Crowd (steering),
//     World.Audio (event sounds). A test caps World at 40 methods.
//   - Events (World.Events): one event model, the physics' own (Box2D
//     v3's): Step records its events in per-tick slices (bullet hits,
//     damage, deaths, triggers, pickups, arrivals, failed moves, doors,
//     touches) and the game reads them after Step returns, in the order
//     its rules want, acting outside the tick where every call acts at
//     once (w.Step(); then for each of w.Events.BulletHits(),
//     w.Damage(h.Target, h.Damage, h.Owner); then w.Events.Deaths(),
//     whose dead are readable until the next Step: ExampleEvents).
//     The slices are reused (no allocation) and valid until the next
//     Step; World.Damage between Steps appends to them at once, a move
//     MoveTo refuses comes with the next Step. The world's own reactions
//     are passes inside Step (overlords woken by triggers) or hooks
//     where an event is recorded (Audio's event sounds).
//   - World.Step: one fixed tick: periodic tasks (loop.Scheduler),
//     movers and the crowd's steering, physics for bodies and bullets,
//     the scene's own rules, events, then the deferred work. No wall
//     clock, no map iteration: World.StateHash (FNV-1a over float bits,
//     handles and the random source) is the same for the same seed and
//     inputs.
//   - Navigation and movement (World.Nav, a Navigator): Floor (the
//     walkable floor from walls and solid objects, updated when they
//     change), MoveTo (plan, walk, plan again, ArrivedEvent or
//     MoveFailedEvent), the queries a brain asks (LineOfSight, SightRay,
//     FindCover, TileFree, Separation, Navigation.Reachable, Walkable,
//     OnFloor); World.SetSolid makes a door or crate solid in physics and
//     navigation at once; Route walks what the game moves itself (an AI
//     player's controls, a formation's anchor) along the navigation.
//   - Steering (World.Crowd, a Crowd): Enable gives the world an
//     ai/steer Crowd; Steer puts a character under it (behaviours,
//     limits, target; SetTarget, SetBehaviours, SetPursuit, AddPath,
//     Stop). Step hands the
//     steered characters' positions to the crowd after MoveTo's movers,
//     steps it, and gives each body the velocity that reaches its
//     agent's new position; physics integrates it against the walls,
//     whose exposed faces are the crowd's walls too. Removing an entity
//     removes its agent. StepAhead/StepAsync take the step while a
//     frame is drawn, with the same result. The game copies nothing
//     between worlds. World.SetWorkers spreads the tick (steering,
//     physics, the per-entity passes) over goroutines; the state hash
//     does not depend on their number.
//   - World.Render: tile layers and depth-sorted entities and bullets
//     through iso into a raster.DrawList, interpolated between the last
//     two ticks: looks (clips by state and facing, parts turned by
//     heading or aim), per-entity tint, opacity, scale and flash, a look
//     per bullet, the ground cache, the Stage layer the game's entities
//     and the bullets sort with, silhouettes through walls and health
//     bars; View is a game's whole Draw. World.Looks (a Looks) sets
//     all of it per entity: Add and Placeholder register looks, Set,
//     SetTint, SetOpacity, SetScale, Flash, SetHidden, SetSilhouette,
//     ShowHealth and SetAim style an entity, Anim and DrawPos say how it
//     is drawn now.
//   - Looks from sprite sheets: AtlasLooks makes an atlas's frames into
//     sprites once, when a look first uses them; its Look and Part find a
//     look's frames and clips by name ("tank_walk_SE"),
//     Looks.Facings gives the facings of art drawn at world headings.
//   - What a level brought: World.Sources (the files it was read from,
//     for hot reload) and World.Props (each object's custom properties
//     in the engine's one property type, props.List, whatever the
//     format);
//     what the game brings: World.SetData (its own value per entity).
//   - The building API (building.go) a level builder uses beyond
//     NewWorld, Create and Layers, on World.Builder: CreateOn (an entity
//     drawn with a layer by index), AnimateTile (a tile layer's animated
//     tile) and SetSources; Builder.Def and Looks.Get read back what was
//     built. Package level builds every level format with it; a game's
//     own format can too.
//   - Waves: an Overlord (a zone's wave controller), put to work by
//     Overlord.Start, wakes when the player enters its triggers (at once
//     when it has none: a level-wide wave), spawns its wave and locks the
//     doors it names (SetSolid, Events.Doors) until the wave is over or
//     Overlord.Stop stops it; image levels and Tiled maps (triggers of
//     class "overlord") build them (package level).
//   - DebugView: a world's F1 overlay (navmesh, walls, colliders, paths)
//     through iso/overlay.
//   - Touch events (touch.go): Events.Touches reports a character that
//     touched another character or a solid object in the tick's physics
//     step (physics.Space.Contacts, seen as entities).
//   - Restarting: a new World for the level, the replaced one Closed
//     (World.Close); examples/newcomer does it on R.
//
// One error contract holds for World and its sub-objects:
//   - An error is returned for data, I/O and limits: what comes from
//     files or from definitions that may (NewWorld, Create, Looks.Add,
//     Looks.Placeholder, Crowd.AddPath, Navigator.Floor, Overlord.Start,
//     the builders and loaders).
//   - A stale handle (nil, or an entity removed) is a no-op for every
//     setter and action (SetPos, SetVelocity, SetSolid, SetData,
//     Damage, the Looks, Crowd and Navigator setters, MoveTo, Stop) and
//     reads as the zero value from every getter; Remove and
//     Bullets.Remove report whether they removed anything.
//   - A programmer error panics, at once and with a message naming the
//     method ("scene: World.SetVelocity: velocity NaN is not finite"),
//     as Go does for an index out of range: a value that is not finite
//     (NaN or ±Inf) or out of its documented range given to any setter or
//     action, an entity of the wrong kind (SetVelocity on an object,
//     SetSolid on a character, MoveTo or Crowd.Steer on a non-character),
//     a look or bullet definition that cannot be used, a crowd method
//     without Crowd.Enable. A game that computes such values checks them
//     first; none of them depends on data a player can supply.
//   - A move that cannot be made (no path, no navigation) is not an
//     error but an event: Events.MoveFailures.
//
// World units: one tile on x and y (world x to the lower right of the
// screen, y to the lower left, as in iso; on orthogonal maps x right and
// y down; on hexagonal maps a step of the hexagon-centre lattice), z up in
// the same unit. Physics runs in the same units.
//
// Worlds come from level files through package level (Tiled, IsoMob XML,
// ASCII and image levels), whose loaders are the subpackages scene/tiled,
// scene/isoxml, scene/ascii and scene/imagelevel (pure data, no
// rendering); scene itself knows no file format.
//
// scene may import iso, iso/overlay (DebugView), atlas, physics, raster,
// mathx, props (World.Props), loop, ai/nav (the
// world's navigation and movement are built on it), ai/steer (its crowd;
// a leaf importing only mathx), audio (Audio.Enable) and
// internal/fnv; it must NOT import the level loaders
// or package level (level imports scene), the other ai packages
// (behaviour reaches the world through its public methods and events) or
// platform.
package scene
