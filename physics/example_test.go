package physics_test

import (
	"fmt"

	"diorama/mathx"
	"diorama/physics"
)

// A dynamic body driven into a wall stops at its face; two equal bodies
// that overlap split the push (seed 000's rule).
func Example() {
	w, err := physics.NewSpace(physics.SpaceDef{Bounds: mathx.AABB{Max: mathx.Vec2{X: 800, Y: 480}}})
	if err != nil {
		panic(err)
	}
	_, _ = w.AddWall(mathx.AABB{Min: mathx.Vec2{X: 100, Y: 0}, Max: mathx.Vec2{X: 110, Y: 480}}, 1)

	ball, _ := physics.NewCircle(5)
	def := physics.DefaultBodyDef()
	def.Shape = ball
	def.Position = mathx.Vec2{X: 50, Y: 100}
	def.Velocity = mathx.Vec2{X: 6000, Y: 0} // 100 px per step: would tunnel without the sweep
	fast, _ := w.CreateBody(def)

	box, _ := physics.NewBox(10, 10)
	a, _ := w.CreateBody(physics.BodyDef{Type: physics.Dynamic, Shape: box, Mass: 2, Position: mathx.Vec2{X: 300, Y: 300}})
	b, _ := w.CreateBody(physics.BodyDef{Type: physics.Dynamic, Shape: box, Mass: 2, Position: mathx.Vec2{X: 316, Y: 300}})

	w.Step(1.0 / 60)
	fmt.Println("fast ball at", w.Position(fast), "velocity", w.Velocity(fast))
	fmt.Println("a at", w.Position(a), "b at", w.Position(b))
	for _, c := range w.Contacts() {
		fmt.Printf("contact %v–%v wall %d normal %v depth %v\n", c.A, c.B, c.Wall, c.Normal, c.Depth)
	}
	// Output:
	// fast ball at (95,100) velocity (0,0)
	// a at (298,300) b at (318,300)
	// contact 0:1–nil wall 0 normal (1,0) depth 0
	// contact 1:1–2:1 wall -1 normal (1,0) depth 4
}

// Bullets live in a struct-of-arrays pool and are swept each step; hits
// come back as plain events.
func ExampleSpace_StepBullets() {
	w, _ := physics.NewSpace(physics.SpaceDef{Bounds: mathx.AABB{Max: mathx.Vec2{X: 800, Y: 480}}})
	_, _ = w.AddWall(mathx.AABB{Min: mathx.Vec2{X: 400, Y: 0}, Max: mathx.Vec2{X: 401, Y: 480}}, 1)
	unit, _ := physics.NewCircle(4)
	target, _ := w.CreateBody(physics.BodyDef{Type: physics.Dynamic, Shape: unit, Mass: 1, Position: mathx.Vec2{X: 200, Y: 240}})

	var bullets physics.Bullets
	_, _ = bullets.Add(mathx.Vec2{X: 10, Y: 240}, mathx.Vec2{X: 100000, Y: 0}, 1, physics.AllLayers) // at the unit
	_, _ = bullets.Add(mathx.Vec2{X: 10, Y: 100}, mathx.Vec2{X: 100000, Y: 0}, 1, physics.AllLayers) // at the 1 px wall
	w.StepBullets(&bullets, 1.0/60)
	for _, h := range bullets.Hits {
		switch h.Kind {
		case physics.HitBody:
			fmt.Printf("bullet %d hit body %v (target %v) at (%.2f,%.2f), toi %.4f\n", h.Bullet, h.Body, h.Body == target, h.Point.X, h.Point.Y, h.TOI)
		case physics.HitWall:
			fmt.Printf("bullet %d hit wall %d at (%.2f,%.2f) normal %v\n", h.Bullet, h.Wall, h.Point.X, h.Point.Y, h.Normal)
		}
	}
	fmt.Println("live bullets:", bullets.Live())
	// Output:
	// bullet 0 hit body 0:1 (target true) at (196.00,240.00), toi 0.1110
	// bullet 1 hit wall 0 at (400.00,100.00) normal (-1,0)
	// live bullets: 0
}

// Queries go through the broad phase: first hit, all hits, line of sight.
func ExampleSpace_RayCast() {
	w, _ := physics.NewSpace(physics.SpaceDef{Bounds: mathx.AABB{Max: mathx.Vec2{X: 800, Y: 480}}})
	_, _ = w.AddWall(mathx.AABB{Min: mathx.Vec2{X: 300, Y: 0}, Max: mathx.Vec2{X: 320, Y: 480}}, 1)
	c, _ := physics.NewCircle(10)
	_, _ = w.CreateBody(physics.BodyDef{Type: physics.Static, Shape: c, Position: mathx.Vec2{X: 100, Y: 50}})

	from, to := mathx.Vec2{X: 0, Y: 50}, mathx.Vec2{X: 500, Y: 50}
	if h, ok := w.RayCast(from, to, physics.QueryFilter{}); ok {
		fmt.Println("first:", h.Body, h.Point, h.Normal, h.Fraction)
	}
	for _, h := range w.RayCastAll(from, to, physics.QueryFilter{}, nil) {
		fmt.Println("all:", h.Body, h.Wall, h.Point)
	}
	fmt.Println("line of sight below the circle:", w.LineOfSight(mathx.Vec2{X: 0, Y: 70}, mathx.Vec2{X: 250, Y: 70}, physics.QueryFilter{}))
	// Output:
	// first: 0:1 (90,50) (-1,0) 0.18
	// all: 0:1 -1 (90,50)
	// all: nil 0 (300,50)
	// line of sight below the circle: true
}

// Collide is the narrow phase on its own: the normal points from A to B and
// Push is the translation that separates A.
func ExampleCollide() {
	box, _ := physics.NewBox(2, 1)
	ball, _ := physics.NewCircle(1)
	m, ok := physics.Collide(box, mathx.Vec2{}, 0, ball, mathx.Vec2{X: 0, Y: 1.5}, 0)
	fmt.Println(ok, m.Normal, m.Depth, m.Point, m.Push())
	// Output:
	// true (0,1) 0.5 (0,0.75) (0,-0.5)
}

// Solid tiles merge into few boxes; faces buried in other solid tiles are
// flagged so bodies slide over the seams.
func ExampleMergeTiles() {
	rows := []string{
		"#####",
		"#...#",
		"#####",
	}
	tm := physics.SolidTiles{Cols: 5, Rows: 3, TileW: 32, TileH: 32}
	for _, r := range rows {
		for _, c := range r {
			tm.Solid = append(tm.Solid, c == '#')
		}
	}
	boxes, _ := physics.MergeTiles(tm)
	for _, b := range boxes {
		fmt.Printf("%+v\n", b)
	}
	// Output:
	// {Col:0 Row:0 W:5 H:1 Faces:15}
	// {Col:0 Row:1 W:1 H:2 Faces:14}
	// {Col:4 Row:1 W:1 H:2 Faces:14}
	// {Col:1 Row:2 W:3 H:1 Faces:5}
}

// A world built elsewhere (a scene's) steps its bullets on two goroutines:
// the hits and positions are the same as on one.
func ExampleSpace_SetWorkers() {
	run := func(workers int) (hits int, x float64) {
		w, _ := physics.NewSpace(physics.SpaceDef{Bounds: mathx.AABB{Max: mathx.Vec2{X: 800, Y: 480}}})
		defer w.Close()
		_, _ = w.AddWall(mathx.AABB{Min: mathx.Vec2{X: 600, Y: 0}, Max: mathx.Vec2{X: 610, Y: 480}}, 1)
		w.SetWorkers(workers)
		var b physics.Bullets
		for k := 0; k < 8000; k++ {
			_, _ = b.Add(mathx.Vec2{X: 10 + float64(k%500), Y: 1 + float64(k%470)}, mathx.Vec2{X: 3000 + float64(k%7), Y: 0}, 1, physics.AllLayers)
		}
		for t := 0; t < 12; t++ {
			w.StepBullets(&b, 1.0/60)
			hits += len(b.Hits)
		}
		return hits, b.X[123]
	}
	h1, x1 := run(1)
	h2, x2 := run(2)
	fmt.Println(h1 == h2, x1 == x2, h1 > 0)
	// Output: true true true
}

// A game's own pass over its per-bullet arrays on the bullet workers:
// each part sums its slice, then the parts are added in order.
func ExampleSpace_Parallel() {
	w, _ := physics.NewSpace(physics.SpaceDef{Bounds: mathx.AABB{Max: mathx.V2(100, 100)}})
	w.SetWorkers(2)
	defer w.Close()
	ttl := make([]int32, 10000)
	for i := range ttl {
		ttl[i] = int32(i % 3)
	}
	var sums [64]int
	parts := w.Parallel(len(ttl), func(k, lo, hi int) {
		for _, t := range ttl[lo:hi] {
			sums[k] += int(t)
		}
	})
	total := 0
	for _, s := range sums[:parts] {
		total += s
	}
	fmt.Println(parts, "parts, total", total)
	// Output: 2 parts, total 9999
}

// A game that keeps its units' velocities in its own column hands them
// over in one call per tick; a static body, a stale handle or a velocity
// that is not finite is left as it was and reported.
func ExampleSpace_SetVelocities() {
	w, _ := physics.NewSpace(physics.SpaceDef{Bounds: mathx.AABB{Max: mathx.Vec2{X: 800, Y: 480}}})
	unit, _ := physics.NewCircle(4)
	var ids []physics.BodyID
	for k := range 3 {
		id, _ := w.CreateBody(physics.BodyDef{Type: physics.Dynamic, Shape: unit, Mass: 1, Position: mathx.Vec2{X: float64(100 + 50*k), Y: 240}})
		ids = append(ids, id)
	}
	wall, _ := w.CreateBody(physics.BodyDef{Type: physics.Static, Shape: unit, Position: mathx.Vec2{X: 400, Y: 100}})
	vels := []mathx.Vec2{{X: 60}, {Y: -30}, {X: 10, Y: 10}}
	fmt.Println(w.SetVelocities(ids, vels))
	fmt.Println(w.SetVelocities([]physics.BodyID{ids[0], wall}, []mathx.Vec2{{X: 1}, {X: 1}}))
	for _, id := range append(ids, wall) {
		fmt.Println(id, w.Velocity(id))
	}
	// Output:
	// <nil>
	// physics: static bodies have no velocity
	// 0:1 (1,0)
	// 1:1 (0,-30)
	// 2:1 (10,10)
	// 3:1 (0,0)
}
