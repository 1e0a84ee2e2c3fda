package nav_test

import (
	"fmt"
	"testing/fstest"

	"diorama/ai/nav"
	"diorama/mathx"
)

func ExampleSearcher_AStar() {
	g, _ := nav.ParseGrid([]string{
		"....#...",
		"....#...",
		"........",
	}, nav.Eight)
	s := nav.NewSearcher()
	path, st, err := s.AStar(g, mathx.Pt(0, 0), mathx.Pt(7, 0), nil)
	fmt.Println(path, err)
	fmt.Printf("cost %.3f, %d cells expanded\n", st.Cost, st.Expanded)
	// Output:
	// [{0 0} {1 0} {2 1} {3 2} {4 2} {5 2} {6 1} {7 0}] <nil>
	// cost 8.657, 14 cells expanded
}

func ExampleSearcher_JPS() {
	g, _ := nav.NewGrid(64, 64, nav.Eight)
	s := nav.NewSearcher()
	path, st, _ := s.JPS(g, mathx.Pt(0, 0), mathx.Pt(63, 40), nil)
	fmt.Printf("%d cells, cost %.3f, %d jump points expanded\n", len(path), st.Cost, st.Expanded)
	// Output: 64 cells, cost 79.569, 3 jump points expanded
}

func ExampleSearcher_AStar_unreachable() {
	g, _ := nav.ParseGrid([]string{
		"..#..",
		"..#..",
	}, nav.Eight)
	s := nav.NewSearcher()
	_, st, err := s.AStar(g, mathx.Pt(0, 0), mathx.Pt(4, 1), nil)
	fmt.Println(err, st.Expanded)
	s.Nearest = true
	path, st, err := s.AStar(g, mathx.Pt(0, 0), mathx.Pt(4, 1), nil)
	fmt.Println(path[len(path)-1], st.Partial, err)
	// Output:
	// nav: no path 0
	// {1 1} true <nil>
}

func ExampleNewNextHopTable() {
	g := nav.NewGraph()
	for i := 0; i < 4; i++ {
		g.AddNode(mathx.V2(float64(i), 0))
	}
	_ = g.AddBoth(0, 1, 1)
	_ = g.AddBoth(1, 2, 1)
	_ = g.AddBoth(2, 3, 1)
	_ = g.AddBoth(0, 3, 5)
	t, _ := nav.NewNextHopTable(g)
	route, _ := t.Path(0, 3, nil)
	fmt.Println(route, t.Bytes(), "bytes")
	// Output: [0 1 2 3] 16 bytes
}

func ExampleBuild() {
	tiles, _ := nav.ParseTileMap([]string{
		"###########",
		"#....#....#",
		"#....D....#",
		"#....#....#",
		"###########",
	})
	m, _ := nav.Build(tiles, nav.MeshOptions{Method: nav.Greedy})
	fmt.Println(m.Count(), "polygons")
	s := nav.NewSearcher()
	from, to := mathx.V2(1.5, 1.5), mathx.V2(9.5, 3.5)
	corridor, _, _ := m.FindPath(s, from, to, nil)
	portals, _ := m.Portals(from, to, corridor, nil)
	fmt.Println(nav.Funnel(portals, nil))

	_ = m.SetDoorLocked(5, 2, true)
	_, _, err := m.FindPath(s, from, to, corridor)
	fmt.Println("locked:", err)
	// Output:
	// 3 polygons
	// [(1.5,1.5) (9.5,3.5)]
	// locked: nav: no path
}

func ExampleMesh_Polygons() {
	tiles, _ := nav.ParseTileMap([]string{
		"....",
		".##.",
		"....",
	})
	m, _ := nav.Build(tiles, nav.MeshOptions{Method: nav.Greedy})
	for _, p := range m.Polygons(nil) {
		fmt.Println(p)
	}
	// Output:
	// [(0,0) (4,0) (4,1) (0,1)]
	// [(0,1) (1,1) (1,3) (0,3)]
	// [(3,1) (4,1) (4,3) (3,3)]
	// [(1,2) (3,2) (3,3) (1,3)]
}

func ExampleSeedBezier() {
	path := []mathx.Vec2{mathx.V2(0, 0), mathx.V2(4, 0), mathx.V2(4, 4)}
	fmt.Println(nav.SeedBezier(path, 0.25, nil))
	// Output: [(0,0) (1.75,0.25) (3,1) (3.75,2.25) (4,4)]
}

func ExampleParseMovingAIMap() {
	g, err := nav.ParseMovingAIMap("tiny.map", []byte("type octile\nheight 2\nwidth 3\nmap\n..@\n...\n"))
	fmt.Println(g.W(), g.H(), g.Walkable(2, 0), err)
	sc, _ := nav.ParseScenarios("tiny.map.scen", []byte("version 1\n0\ttiny.map\t3\t2\t0\t0\t2\t1\t2.41421356\n"))
	s := nav.NewSearcher()
	_, st, _ := s.AStar(g, sc[0].Start, sc[0].Goal, nil)
	fmt.Printf("%.5f %.5f\n", st.Cost, sc[0].Optimal)
	// Output:
	// 3 2 false <nil>
	// 2.41421 2.41421
}

func ExampleLoadMovingAIMap() {
	fsys := fstest.MapFS{
		"maps/two.map":   {Data: []byte("width 3\r\nheight 2\r\ntype octile\r\nmap\r\nG.T\r\n.S.\r\n")},
		"maps/bad.map":   {Data: []byte("type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n")},
		"two.map.scen":   {Data: []byte("version 1.0\n0\tmaps/two.map\t3\t2\t0\t0\t2\t1\t2.41421\n")},
		"empty.map.scen": {Data: []byte("version 1\n")},
	}
	g, err := nav.LoadMovingAIMap(fsys, "maps/two.map")
	fmt.Println(g.W(), g.H(), g.Walkable(2, 0), err)
	sc, err := nav.LoadScenarios(fsys, "two.map.scen")
	fmt.Println(sc[0].Start, sc[0].Goal, sc[0].Optimal, err)
	_, err = nav.LoadMovingAIMap(fsys, "maps/bad.map")
	fmt.Println(err)
	_, err = nav.LoadScenarios(fsys, "empty.map.scen")
	fmt.Println(err)
	// Output:
	// 3 2 false <nil>
	// {0 0} {2 1} 2.41421 <nil>
	// maps/bad.map:6:2: unknown tile 'x' (want one of . G S @ O T W, either case)
	// empty.map.scen:1: no scenario lines
}

func ExampleSearcher_JPSPlus() {
	g, _ := nav.ParseGrid([]string{
		"..........",
		"...####...",
		"......#...",
		"..........",
	}, nav.Eight)
	g.PrepareJPSPlus() // optional: the first query would build the tables
	s := nav.NewSearcher()
	path, st, _ := s.JPSPlus(g, mathx.Pt(0, 3), mathx.Pt(9, 0), nil)
	fmt.Printf("%d cells, cost %.3f\n", len(path), st.Cost)
	// Output: 11 cells, cost 10.828
}

func ExampleFollower() {
	g, _ := nav.ParseGrid([]string{
		"......",
		"####..",
		"......",
	}, nav.Eight)
	s := nav.NewSearcher()
	cells, _, _ := s.AStar(g, mathx.Pt(0, 0), mathx.Pt(0, 2), nil)
	f := nav.Follower{Arrive: 0.1}
	f.SetPath(nav.CellCenters(cells, nil))
	target, status := f.Update(mathx.V2(0.5, 0.5), g.Clear)
	fmt.Println(target, status == nav.Moving)
	// Output: (4.5,0.5) true
}
