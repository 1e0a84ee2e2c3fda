package fuzzy_test

import (
	"fmt"
	"testing/fstest"

	"diorama/ai/fuzzy"
)

// A fuzzylite engine in the FuzzyLite Language: a turret's aim from the
// target's distance, with a Mamdani output (Centroid) and a
// Takagi-Sugeno one (WeightedAverage of constants and a Linear term).
func ExampleParseFLL() {
	e, err := fuzzy.ParseFLL("turret.fll", `Engine: turret
InputVariable: distance
  range: 0.000 100.000
  lock-range: true
  term: near Ramp 40.000 0.000
  term: far Ramp 20.000 100.000
OutputVariable: spread
  range: 0.000 10.000
  aggregation: Maximum
  defuzzifier: Centroid 100
  default: nan
  term: tight Triangle 0.000 1.000 4.000
  term: wide Triangle 3.000 8.000 10.000
OutputVariable: lead
  range: 0.000 5.000
  aggregation: none
  defuzzifier: WeightedAverage TakagiSugeno
  default: 0.000
  term: none Constant 0.000
  term: some Linear 0.040 0.500
RuleBlock: aim
  conjunction: Minimum
  disjunction: Maximum
  implication: Minimum
  activation: General
  rule: if distance is near then spread is tight and lead is none
  rule: if distance is far or distance is very near then spread is wide and lead is some with 0.5
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	dist := e.Input("distance")
	for _, d := range []float64{10, 30, 150} {
		dist.SetValue(d) // lock-range clamps 150 to 100
		e.Process()
		// lead at 10: near 0.75 fires none (0); very near 0.5625 × 0.5
		// fires some (0.04·10 + 0.5 = 0.9): 0.28125·0.9 / 1.03125.
		fmt.Printf("distance %3.0f: spread %.3f lead %.3f\n", dist.Value(), e.Output("spread").Value(), e.Output("lead").Value())
	}
	// Output:
	// distance  10: spread 4.080 lead 0.245
	// distance  30: spread 3.396 lead 0.340
	// distance 100: spread 6.833 lead 4.500
}

// Errors name the file and line, and say what was expected there.
func ExampleLoadFLL() {
	fsys := fstest.MapFS{"ai/bad.fll": {Data: []byte("Engine: bad\nInputVariable: x\n  range: 0 one\n")}}
	_, err := fuzzy.LoadFLL(fsys, "ai/bad.fll")
	fmt.Println(err)
	// Output:
	// ai/bad.fll:3: range: expected two numbers, found "0 one"
}

// An engine writes itself back in the FuzzyLite Language.
func ExampleEngine_FLL() {
	e, _ := fuzzy.ParseFLL("tiny", "Engine: tiny\nInputVariable: x\n  range: 0 1\n  term: hi Ramp 0 0.25\n")
	fmt.Print(e.FLL())
	// Output:
	// Engine: tiny
	// InputVariable: x
	//   enabled: true
	//   range: 0.000 1.000
	//   lock-range: false
	//   term: hi Ramp 0.000 0.250
}
