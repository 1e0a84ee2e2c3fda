package fuzzy

import "math"

// Tolerance is the difference below which the engine treats two numbers
// as equal, as fuzzylite's macheps (1e-6): a rule fires only when its
// activation degree exceeds 0 by more than Tolerance, and the norms,
// hedges and comparisons that test for equality use it.
const Tolerance = 1e-6

func isEq(a, b float64) bool { return a == b || math.Abs(a-b) < Tolerance || (a != a && b != b) }
func isLt(a, b float64) bool { return !isEq(a, b) && a < b }
func isLE(a, b float64) bool { return isEq(a, b) || a < b }
func isGt(a, b float64) bool { return !isEq(a, b) && a > b }
func isGE(a, b float64) bool { return isEq(a, b) || a > b }

// nmin and nmax ignore a NaN operand, as fuzzylite's Op::min and Op::max.
func nmin(a, b float64) float64 {
	switch {
	case a != a:
		return b
	case b != b:
		return a
	case a < b:
		return a
	}
	return b
}

func nmax(a, b float64) float64 {
	switch {
	case a != a:
		return b
	case b != b:
		return a
	case a > b:
		return a
	}
	return b
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// TNorm is a triangular norm: the conjunction and implication operators
// of an [Engine]'s rule blocks. TNone means "none" in the FuzzyLite
// Language; computing it gives NaN.
type TNorm uint8

// The t-norms of fuzzylite.
const (
	TNone TNorm = iota
	Minimum
	AlgebraicProduct
	BoundedDifference
	DrasticProduct
	EinsteinProduct
	HamacherProduct
	NilpotentMinimum
	numTNorms
)

var tnormNames = [numTNorms]string{"none", "Minimum", "AlgebraicProduct", "BoundedDifference",
	"DrasticProduct", "EinsteinProduct", "HamacherProduct", "NilpotentMinimum"}

// String returns the norm's name in the FuzzyLite Language.
func (t TNorm) String() string {
	if t < numTNorms {
		return tnormNames[t]
	}
	return "invalid"
}

// Compute returns the norm of a and b.
func (t TNorm) Compute(a, b float64) float64 {
	switch t {
	case Minimum:
		return nmin(a, b)
	case AlgebraicProduct:
		return a * b
	case BoundedDifference:
		return nmax(0, a+b-1)
	case DrasticProduct:
		if isEq(nmax(a, b), 1) {
			return nmin(a, b)
		}
		return 0
	case EinsteinProduct:
		return a * b / (2 - (a + b - a*b))
	case HamacherProduct:
		if isEq(a+b, 0) {
			return 0
		}
		return a * b / (a + b - a*b)
	case NilpotentMinimum:
		if isGt(a+b, 1) {
			return nmin(a, b)
		}
		return 0
	}
	return math.NaN()
}

// SNorm is a triangular conorm: the disjunction of rule blocks and the
// aggregation of output variables. SNone means "none"; computing it gives
// NaN.
type SNorm uint8

// The s-norms of fuzzylite.
const (
	SNone SNorm = iota
	Maximum
	AlgebraicSum
	BoundedSum
	DrasticSum
	EinsteinSum
	HamacherSum
	NilpotentMaximum
	NormalizedSum
	UnboundedSum
	numSNorms
)

var snormNames = [numSNorms]string{"none", "Maximum", "AlgebraicSum", "BoundedSum", "DrasticSum",
	"EinsteinSum", "HamacherSum", "NilpotentMaximum", "NormalizedSum", "UnboundedSum"}

// String returns the norm's name in the FuzzyLite Language.
func (s SNorm) String() string {
	if s < numSNorms {
		return snormNames[s]
	}
	return "invalid"
}

// Compute returns the conorm of a and b.
func (s SNorm) Compute(a, b float64) float64 {
	switch s {
	case Maximum:
		return nmax(a, b)
	case AlgebraicSum:
		return a + b - a*b
	case BoundedSum:
		return nmin(1, a+b)
	case DrasticSum:
		if isEq(nmin(a, b), 0) {
			return nmax(a, b)
		}
		return 1
	case EinsteinSum:
		return (a + b) / (1 + a*b)
	case HamacherSum:
		if isEq(a*b, 1) {
			return 1
		}
		return (a + b - 2*a*b) / (1 - a*b)
	case NilpotentMaximum:
		if isLt(a+b, 1) {
			return nmax(a, b)
		}
		return 1
	case NormalizedSum:
		return (a + b) / nmax(1, a+b)
	case UnboundedSum:
		return a + b
	}
	return math.NaN()
}

// Hedge modifies a membership degree in a proposition ("x is very A").
type Hedge uint8

// The hedges of fuzzylite.
const (
	HedgeAny       Hedge = iota + 1 // any: always 1, takes the place of the term
	HedgeExtremely                  // 2x² up to 0.5, 1-2(1-x)² above
	HedgeNot                        // 1-x
	HedgeSeldom                     // √(x/2) up to 0.5, 1-√((1-x)/2) above
	HedgeSomewhat                   // √x
	HedgeVery                       // x²
	numHedges
)

var hedgeNames = [numHedges]string{"", "any", "extremely", "not", "seldom", "somewhat", "very"}

// String returns the hedge's keyword.
func (h Hedge) String() string {
	if h > 0 && h < numHedges {
		return hedgeNames[h]
	}
	return "invalid"
}

// Apply returns the hedged degree.
func (h Hedge) Apply(x float64) float64 {
	switch h {
	case HedgeAny:
		return 1
	case HedgeExtremely:
		if isLE(x, 0.5) {
			return 2 * x * x
		}
		return 1 - 2*(1-x)*(1-x)
	case HedgeNot:
		return 1 - x
	case HedgeSeldom:
		if isLE(x, 0.5) {
			return math.Sqrt(0.5 * x)
		}
		return 1 - math.Sqrt(0.5*(1-x))
	case HedgeSomewhat:
		return math.Sqrt(x)
	case HedgeVery:
		return x * x
	}
	return math.NaN()
}

func hedgeByName(s string) Hedge {
	for h := HedgeAny; h < numHedges; h++ {
		if hedgeNames[h] == s {
			return h
		}
	}
	return 0
}
