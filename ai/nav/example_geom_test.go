package nav_test

import (
	"fmt"
	"math"

	"diorama/ai/nav"
	"diorama/mathx"
)

func ExampleBuildGeom() {
	// A 20×10 room with a wall, a rotated crate and a round pillar; the
	// agent has radius 0.5, so the path keeps 0.5 from the wall (its
	// corners bevelled by the octagon standing in for the agent's disc).
	obstacles := []nav.Obstacle{
		nav.BoxObstacle(mathx.V2(10, 3), mathx.V2(0.5, 3), 0),
		nav.BoxObstacle(mathx.V2(5, 7), mathx.V2(1, 1), math.Pi/4),
		nav.CircleObstacle(mathx.V2(15, 6), 1, 12),
	}
	opt := nav.GeomOptions{Bounds: mathx.AABB{Max: mathx.V2(20, 10)}, Radius: 0.5}
	m, err := nav.BuildGeom(obstacles, opt)
	if err != nil {
		panic(err)
	}
	s := nav.NewSearcher()
	path, _, _, err := m.Path(s, mathx.V2(2, 2), mathx.V2(18, 2), nil, nil, nil)
	fmt.Printf("%.2f %v\n", nav.PathLength(path), err)
	for i, p := range path {
		if i > 0 {
			fmt.Print(" ")
		}
		fmt.Printf("(%.2f,%.2f)", p.X, p.Y)
	}
	fmt.Println()
	// Move the wall out of the way: only the polygons around it are
	// rebuilt.
	st, _ := m.MoveObstacle(0, nav.BoxObstacle(mathx.V2(10, 8.5), mathx.V2(0.5, 1.5), 0))
	path, _, _, _ = m.Path(s, mathx.V2(2, 2), mathx.V2(18, 2), nil, nil, nil)
	fmt.Printf("%.2f replaced %v\n", nav.PathLength(path), st.Removed > 0)
	// Output:
	// 18.55 <nil>
	// (2.00,2.00) (9.29,6.50) (10.71,6.50) (18.00,2.00)
	// 16.00 replaced true
}
