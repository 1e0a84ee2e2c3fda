// Package fuzzy implements fuzzy logic for game AI decisions, after the
// module of seed 002 (itself after Buckland and Millington): fuzzy
// variables made of membership sets, rules combining them with AND (min),
// OR (max), NOT (1-x) and the hedges very (x²) and fairly (√x), and
// defuzzification back to a crisp value.
//
// Sets ([Set]): [Triangle], [Trapezoid], [LeftShoulder], [RightShoulder]
// and [Singleton]. A [Module] holds input and output [Variable]s; a
// variable's range is flexible, growing to cover every set added to it.
// Rules are built from set terms with [AllOf], [AnyOf] and the [Expr]
// methods Not, Very and Fairly, grouped in named [RuleBlock]s that can be
// switched on and off, or written in a small text format read by
// [Parse]. Rules are compiled to a flat program when added, so fuzzifying,
// evaluating and defuzzifying allocate nothing.
//
// Defuzzifiers ([Method]): [AverageOfMaxima] (seed 002's "MaxAv": the
// firing degrees weighting each set's representative value, the middle of
// its plateau), [Centroid] (the centre of gravity of the clipped output
// sets, integrated numerically with [Module.Resolution] samples) and
// [MeanOfMaximum] (the middle of the region where the output is highest,
// computed exactly). [Variable.Winner] picks the strongest output set, for
// crisp choices such as seed 002's weapon selection.
//
// NaN and infinities: [Variable.Fuzzify] rejects NaN with [ErrNaN] and
// leaves every membership of the variable at 0, so a NaN reading never
// fires a rule; ±Inf is a valid reading (shoulders saturate, other sets
// give 0). Membership functions return 0 for NaN. When no rule fires for
// an output, Defuzzify returns the variable's fallback value (by default
// the middle of its range) together with [ErrNoFiring]. A defuzzified
// value is therefore never NaN.
//
// Package fuzzy owns fuzzy logic only. It imports mathx and the standard
// library and must not import any other engine package.
package fuzzy
