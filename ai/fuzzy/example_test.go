package fuzzy_test

import (
	"fmt"
	"os"

	"diorama/ai/fuzzy"
)

// Seed 002's accuracy rules built in Go: distance and health decide how
// well an enemy aims.
func Example() {
	m := fuzzy.NewModule()
	dist := m.AddInput("distance")
	isClose := dist.AddSet("close", fuzzy.LeftShoulder(0, 10, 50))
	isFar := dist.AddSet("far", fuzzy.RightShoulder(10, 50, 100))
	health := m.AddInput("health")
	unhealthy := health.AddSet("unhealthy", fuzzy.LeftShoulder(0, 20, 60))
	healthy := health.AddSet("healthy", fuzzy.RightShoulder(20, 60, 100))
	acc := m.AddOutput("accuracy")
	bad := acc.AddSet("bad", fuzzy.LeftShoulder(0, 10, 50))
	good := acc.AddSet("good", fuzzy.RightShoulder(50, 90, 100))
	m.AddRule(fuzzy.AllOf(isClose, healthy), good)
	m.AddRule(fuzzy.AllOf(isClose, unhealthy), bad)
	m.AddRule(fuzzy.AllOf(isFar, healthy), bad)
	m.AddRule(fuzzy.AllOf(isFar, unhealthy), bad)
	if err := m.Err(); err != nil {
		fmt.Println(err)
		return
	}
	dist.Fuzzify(20)
	health.Fuzzify(50)
	for _, meth := range []fuzzy.Method{fuzzy.AverageOfMaxima, fuzzy.MeanOfMaximum, fuzzy.Centroid} {
		v, _ := acc.Defuzzify(meth)
		fmt.Printf("%s %.2f\n", meth, v)
	}
	// Output:
	// maxav 72.50
	// mom 90.00
	// centroid 63.78
}

// The same kind of module from text; errors name the line.
func ExampleParse() {
	m, err := fuzzy.Parse("", `
input ammo 0 10
  set empty leftshoulder 0 0 4
  set hasAmmo rightshoulder 0 4 10
input distance 0 100
  set close leftshoulder 0 10 50
  set far rightshoulder 10 50 100
output weapon
  set rocket singleton 1
  set pistol singleton 0
rule if ammo is hasAmmo and distance is fairly far then weapon is rocket
rule if ammo is empty or distance is close then weapon is pistol
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	m.Fuzzify("ammo", 8)
	for _, d := range []float64{5, 80} {
		m.Fuzzify("distance", d)
		w := m.Variable("weapon")
		i, deg, _ := w.Winner()
		fmt.Printf("distance %v: %s (%.2f)\n", d, w.SetName(i), deg)
	}
	_, err = fuzzy.Parse("", "input d\n  set near leftshoulder 0 10\n")
	fmt.Println(err)
	// Output:
	// distance 5: pistol (1.00)
	// distance 80: rocket (1.00)
	// line 2: leftshoulder takes 3 points, got 2
}

// Seed 002's attack module (a game's data file, here from testdata): the
// weapon block picks rocket or pistol, the accuracy block says how well
// to aim.
func ExampleParse_seed002() {
	src, err := os.ReadFile("testdata/seed002_attack.fz")
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := fuzzy.Parse("", string(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	m.Fuzzify("ammo", 4)
	m.Fuzzify("tiredness", 0.5)
	m.Fuzzify("health", 50)
	w := m.Variable("weapon")
	for _, d := range []float64{5, 20, 60} {
		m.Fuzzify("distance", d)
		i, deg, _ := w.Winner()
		acc, _ := m.Defuzzify("accuracy", fuzzy.AverageOfMaxima)
		fmt.Printf("distance %v: %s (%.2f), accuracy %.1f\n", d, w.SetName(i), deg, acc)
	}
	fmt.Println(len(m.Blocks()), "blocks,", m.NumRules(), "rules")
	// Output:
	// distance 5: pistol (1.00), accuracy 72.5
	// distance 20: pistol (0.75), accuracy 72.5
	// distance 60: rocket (1.00), accuracy 5.0
	// 3 blocks, 16 rules
}
