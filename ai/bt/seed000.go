package bt

// Seed000Tanktrum holds seed 000's Tanktrum enemy trees in the text format
// read by [Parse] and [Load]: the chase tree (§2.7, Listing 2.29) and the
// drone and turret (§3.5.2), with the "broken down" sub-tree both share.
// Its trees, in order:
//
//	brokenDown  conditional healthBelow 25 → action brokenDown
//	chase       find a place next to the player, travel there (shooting on
//	            the way while the player is in sight), then, if the player
//	            is in sight, shoot twice with a wait of 25 ticks after each
//	            shot
//	drone       selector: brokenDown, else chase
//	turret      selector: brokenDown, else a selector: while the player is
//	            in sight delayedShoot 50 10, else go next to the player
//
// Load "drone" or "turret" (or "chase", "brokenDown") from it with a
// registry that defines the leaves. The seed names the leaves and gives
// their numbers but leaves what they do open; the tests of this package
// and of iso/overlay use these meanings, and a game may act on its world
// in any way that keeps them:
//
//	condition healthBelow T (1 argument; reads the compulsory float
//	    "health"): the health is below T, which is when the tank has
//	    broken down.
//	condition canSeePlayer (no arguments): the player is in sight.
//	action brokenDown (no arguments): a broken-down tank cannot move; it
//	    runs forever.
//	action findMeshAdjacentToPlayer (no arguments; reads the compulsory
//	    Vec2 "player"): plans a path to a point next to the player and
//	    succeeds; while "player" is unset it fails without running.
//	action travelTo K (1 argument, always 0: the seed passes a boolean it
//	    does not explain): one step along the planned path per tick;
//	    running until it arrives, then success.
//	action shoot (no arguments): fires once and succeeds.
//	action delayedShoot D S (2 arguments): aims for D ticks, then fires
//	    one shot per tick for S ticks and succeeds with the last shot.
//
// The rest is built in: wait 25 is the seed's Tasks.doNothing(25) and
// until-success around the forgetful sequence is its RunTillArrived. Both
// composites at the top of drone and turret are memory selectors, as in
// the seed: a running chase or shot finishes before low health is noticed.
const Seed000Tanktrum = `
# Seed 000 §3.5.2: "broken down" when health is low.
tree brokenDown
  conditional healthBelow 25
    action brokenDown

# Seed 000 Listing 2.29: hunt the player, then shoot once arrived.
tree chase
  sequence
    action findMeshAdjacentToPlayer
    until-success                 # RunTillArrived
      forgetful-sequence
        succeeder
          conditional canSeePlayer
            action shoot
        action travelTo 0
    selector
      conditional canSeePlayer
        repeat 2
          sequence
            succeeder
              action shoot
            wait 25               # Tasks.doNothing(25)

# Seed 000 §3.5.2: the drone chases.
tree drone
  selector
    use brokenDown
    use chase

# Seed 000 §3.5.2: the turret shoots in bursts once in place.
tree turret
  selector
    use brokenDown
    selector
      conditional canSeePlayer
        action delayedShoot 50 10
      sequence
        action findMeshAdjacentToPlayer
        action travelTo 0
`
