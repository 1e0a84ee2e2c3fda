// Package fuzzy implements fuzzy logic for game AI decisions. It has two
// front ends over one parser and one evaluator:
//
//   - [Engine], compatible with fuzzylite (the reference fuzzy logic
//     library) and its FuzzyLite Language (.fll), for engines designed in
//     fuzzylite or QtFuzzyLite, or written by hand;
//   - [Module], the small module of Buckland's and Millington's books
//     (shoulder sets, "MaxAv" defuzzification, rule blocks), which the
//     demo's enemies use, with a compact text format ([Parse], [Load])
//     that is a shorthand of FLL. It is a thin layer
//     over an Engine: its sets are engine terms, its rules engine rules
//     (AND = Minimum, OR = Maximum, NOT, very, fairly = somewhat) and the
//     engine evaluates them; the Module adds Buckland's defuzzifiers on
//     the engine's fuzzy output.
//
// # One parser
//
// [ParseFLL] and [Parse] run the same reader: the same line handling,
// comments, limits, [*Error]s, and the same rule parser. A compact
// line stands for FLL keys:
//
//	input NAME [MIN MAX]        InputVariable: NAME + range: MIN MAX
//	output NAME [MIN MAX]       OutputVariable: NAME + range: MIN MAX
//	set NAME SHAPE POINTS...    term: NAME SHAPE POINTS...
//	block NAME                  RuleBlock: NAME
//	rule if ... then V is S     rule: if ... then V is S
//
// with fixed settings (aggregation Maximum; conjunction and implication
// Minimum, disjunction Maximum, activation General), the Module's shapes
// (triangle, trapezoid, leftshoulder, rightshoulder, singleton) as term
// classes, ranges that grow to cover the sets, and a subset of the rule
// language: the hedges not, very and fairly (somewhat), input variables
// only in conditions, one conclusion without hedges or weight. The
// compact format's hedges before a parenthesised condition ("not (a is x
// or b is y)") are an extension of FLL that ParseFLL accepts too;
// fuzzylite does not, and with Minimum and Maximum the same rule in
// fuzzylite's grammar puts the hedges after each "is" by De Morgan ("a is
// not x and b is not y"; very, somewhat, seldom and extremely are
// increasing, so they pass through min and max unchanged).
// TestFLLPrefixHedges checks that equivalence bit for bit.
//
// # Engine (fuzzylite)
//
// [ParseFLL] and [LoadFLL] read the FuzzyLite Language; errors are
// [*Error]s reading "name:line: what was expected". [Engine.FLL]
// writes it back in fuzzylite's layout, and parsing that text gives the
// same engine (tested on every engine, and fuzzed). The reader refuses
// hostile text before it builds the engine: lines not in UTF-8 or with
// control characters, formulas nested past [MaxExprDepth] parentheses,
// and engines whose one [Engine.Process] would exceed [MaxProcessWork]
// (resolutions × the conclusions they sample, rule conditions on outputs ×
// the conclusions they sum), so a file cannot hang a game's tick.
//
// The engine has fuzzylite's feature set: the terms Bell, Binary,
// Concave, Constant, Cosine, Discrete, Function, Gaussian,
// GaussianProduct, Linear, PiShape, Ramp, Rectangle, SShape, Sigmoid,
// SigmoidDifference, SigmoidProduct, Spike, Trapezoid, Triangle and
// ZShape ([TermKind], each with an optional height); Function formulas
// with + - * / % ^, the unary ~ and !, and/or, parentheses, fuzzylite's
// functions (sin, cos, exp, log, sqrt, fabs, min, max, pow, atan2, ...)
// and references to variables; the hedges not, somewhat, very, seldom,
// extremely and any ([Hedge]); every t-norm ([TNorm]) and s-norm
// ([SNorm]) of fuzzylite for conjunction, disjunction, implication and
// aggregation; the activation methods General, Highest, Lowest,
// Proportional, Threshold, First and Last ([ActivationKind]); the
// defuzzifiers Centroid, Bisector, MeanOfMaximum, SmallestOfMaximum,
// LargestOfMaximum (sampling the aggregated output at a resolution),
// WeightedAverage and WeightedSum (Takagi-Sugeno or Tsukamoto)
// ([DefuzzKind]); rule weights ("with"), several conclusions per rule,
// hedges in conclusions, rules that test output variables concluded by
// earlier rules, lock-range, lock-previous, default values (NaN
// included) and enabled flags.
//
// The reader takes what fuzzylite's FllImporter takes: Engine anywhere,
// a variable name twice (lookups find the first), numbers in any form
// for a resolution, terms without parameters (fuzzylite's defaults: NaN,
// height 1) and parameters past a term's height (ignored).
//
// Semantics follow fuzzylite 6, which produced the reference datasets
// (.fld) of fuzzylite's examples, with two things of later fuzzylite:
// the Tsukamoto inverses (fixed in 2024) and the resolution of an
// integral defuzzifier that names none, 1000 as in fuzzylite 7 and
// pyfuzzylite 8 (fuzzylite 6 used 100; write the resolution to get its
// outputs). TestFuzzyliteReference evaluates every
// engine of ../shared/testdata/fuzzylite against its dataset, row by row
// with state carried between rows, to 1e-6 (NaN matching NaN); setting
// FUZZYLITE_EXAMPLES to a copy of fuzzylite's examples folder checks all
// 39 of its datasets, which pass (worst disagreement 2.1e-7, from the
// 9-decimal inputs). testdata/fuzzylite6 adds original engines covering
// what those examples leave out (every norm, hedge, activation method and
// defuzzifier, disabled parts, heights, NaN inputs) with tables computed
// by fuzzylite 6.0 itself. Highest and Lowest order rules of equal degree
// as fuzzylite's std::priority_queue does with libstdc++.
//
// [Engine.Process] allocates nothing (TestEngineNoAllocations). Cost of
// one Process on the shared engines, 2-core shared machine, go test
// -run XXX -bench BenchmarkEngine -benchtime=200ms ./ai/fuzzy:
//
//	mamdani          SimpleDimmer, 3 rules, Centroid 200        ~5 µs
//	mamdani-allterms AllTerms, 20 rules and terms, Centroid 200 ~13 µs
//	mamdani-chained  Laundry, chained outputs, MeanOfMaximum 500 ~25 µs
//	takagi-sugeno    approximation, 10 rules, 3 outputs         ~0.23 µs
//	tsukamoto        tsukamoto, 3 rules, 4 outputs               ~0.28 µs
//	hybrid           tipper, 2 blocks, Centroid 100 + weighted  ~3.8 µs
//
// Integral defuzzifiers cost resolution × activated terms membership
// evaluations; weighted ones (Takagi-Sugeno, Tsukamoto) are the cheap
// choice for per-frame decisions.
//
// # Module (Buckland's fuzzy module)
//
// Sets ([Set]): [Triangle], [Trapezoid], [LeftShoulder], [RightShoulder]
// and [Singleton]. A [Module] holds input and output [Variable]s; a
// variable's range is flexible, growing to cover every set added to it.
// Rules are built from set terms with [AllOf], [AnyOf] and the [Expr]
// methods Not, Very and Fairly, grouped in named [RuleBlock]s that can be
// switched on and off, or written in the compact format read by [Parse]
// ([Module.String] writes it). Either way a rule becomes the engine rule
// the rule parser builds (a flat postfix program), so fuzzifying,
// evaluating and defuzzifying allocate nothing.
//
// Defuzzifiers ([Method]): [AverageOfMaxima] (Buckland's "MaxAv": the
// firing degrees weighting each set's representative value, the middle of
// its plateau), [Centroid] (the centre of gravity of the clipped output
// sets, integrated numerically with [Module.Resolution] samples) and
// [MeanOfMaximum] (the middle of the region where the output is highest,
// computed exactly). [Variable.Winner] picks the strongest output set, for
// crisp choices such as which weapon an enemy fires.
//
// NaN and infinities: [Variable.Fuzzify] rejects NaN with [ErrNaN] and
// leaves every membership of the variable at 0, so a NaN reading never
// fires a rule; ±Inf is a valid reading (shoulders saturate, other sets
// give 0). Membership functions return 0 for NaN. When no rule fires for
// an output, Defuzzify returns the variable's fallback value (by default
// the middle of its range) together with [ErrNoFiring]. A defuzzified
// value is therefore never NaN.
//
// Package fuzzy owns fuzzy logic only. It imports only the standard
// library and internal/loadutil (Load and LoadFLL open regular files
// only); it
// must not import any other engine package.
package fuzzy
