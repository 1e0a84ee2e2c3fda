// Package scene is what lives in a game world and how it comes in from
// level files.
//
// It owns:
//   - World: entities (static objects, characters with position,
//     velocity, facing, animation and health, pickups, spawn points and
//     triggers) stored data-oriented, one slice per field, behind
//     generation-checked Entity handles; bullets as a struct-of-arrays
//     pool wrapped around physics.Bullets (no allocation per bullet).
//     Creation and removal during a tick are deferred to its end, so
//     every walk over the world stays valid.
//   - Events: typed synchronous channels (Bus, generic over the event
//     type) with unsubscription and subscription-order dispatch: bullet
//     hits, damage, deaths, triggers, pickups (IsoMob's bullet-collide
//     example: the target takes damage, another listener shows a
//     ricochet, the scene removes the bullet).
//   - World.Step: one fixed tick: periodic tasks (loop.Scheduler),
//     movers and the crowd's steering, physics for bodies and bullets,
//     the scene's own rules, events, then the deferred work. No wall
//     clock, no map iteration: World.StateHash (FNV-1a over float bits,
//     handles and the random source) is the same for the same seed and
//     inputs.
//   - Navigation and movement: World.Nav (walkable floor from walls and
//     solid objects, updated when they change), MoveTo (plan, walk,
//     plan again, ArrivedEvent or MoveFailedEvent), SetSolid (a door or crate in
//     physics and navigation at once), the queries a brain asks
//     (LineOfSight, SightRay, FindCover, TileFree, Separation,
//     Navigation.Reachable, Walkable, OnFloor); Route walks what the
//     game moves itself (an AI player's controls, a formation's anchor)
//     along the navigation.
//   - Steering (crowd.go): World.EnableCrowd gives the world an
//     ai/steer Crowd; SetSteering puts a character under it (behaviours,
//     limits, target; SetSteerTarget, SetSteerBehaviours,
//     SetSteerPursuit, AddSteerPath, StopSteering). Step hands the
//     steered characters' positions to the crowd after MoveTo's movers,
//     steps it, and gives each body the velocity that reaches its
//     agent's new position; physics integrates it against the walls,
//     whose exposed faces are the crowd's walls too. Removing an entity
//     removes its agent. SteerAhead/SteerAsync take the step while a
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
//     bars; View is a game's whole Draw.
//   - Looks from sprite sheets: AtlasLooks makes an atlas's frames into
//     sprites once, when a look first uses them; its Look and Part find a
//     look's frames and clips by name ("tank_walk_SE"),
//     World.Facings gives the facings of art drawn at world headings.
//   - What a level brought: World.Sources (the files it was read from,
//     for hot reload) and World.Props (each object's custom properties);
//     what the game brings: World.SetData (its own value per entity).
//   - Waves: an Overlord (a zone's wave controller) wakes when the
//     player enters its triggers (at once when it has none: a
//     level-wide wave), spawns its
//     wave and locks the doors it names (SetSolid, Events.Door) until the
//     wave is over or RemoveOverlord stops it; image levels and Tiled
//     maps (triggers of class "overlord") build them.
//   - DebugView: a world's F1 overlay (navmesh, walls, colliders, paths)
//     through iso/overlay.
//   - Builders (build_*.go) that turn each loader's data into a World on
//     an iso grid: Tiled maps (isometric, staggered, orthogonal and
//     hexagonal, finite or infinite), IsoMob XML
//     scenes (with their art: textured walls and floors, sprites per
//     angle, from <media> sheets or loose PNGs), ASCII levels and image
//     levels with their JSON; LoadLevel picks one by the file's
//     extension and OpenRoot opens the folder a level file's references
//     may reach. The ASCII, image and IsoMob builders check BuildOptions.Limits (LevelLimits:
//     cells, entities, floor area, wall pixels, time) from the level's
//     sizes and counts before the world is made, and merge wall cells
//     into blocks rather than making one entity per cell, so a hostile
//     level fails with ErrLevelLimit instead of exhausting memory.
//     BuildOptions.SolidTile makes tiles solid by a rule from code;
//     BuildOptions.Missing makes a Tiled build forgiving (missing images
//     drawn as magenta checks and reported), as the viewer builds.
//   - Touch events (touch.go): Events.Touch reports a character that
//     touched another character or a solid object in the tick's physics
//     step (physics.Space.Contacts, seen as entities).
//   - Restarting: a new World for the level, the replaced one Closed
//     (World.Close); examples/newcomer does it on R.
//
// World units: one tile on x and y (world x to the lower right of the
// screen, y to the lower left, as in iso; on orthogonal maps x right and
// y down; on hexagonal maps a step of the hexagon-centre lattice), z up in
// the same unit. Physics runs in the same units.
//
// The loaders themselves are the subpackages scene/tiled, scene/isoxml,
// scene/ascii and scene/imagelevel (pure data, no rendering).
//
// scene may import iso, iso/overlay (DebugView), atlas, physics, raster,
// mathx, loop, ai/nav (the
// world's navigation and movement are built on it), ai/steer (its crowd;
// a leaf importing only mathx) and its loader subpackages; it must NOT
// import the other ai packages (behaviour reaches the world through its
// public methods and events) or platform.
package scene
