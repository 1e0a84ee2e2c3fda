package fuzzy

import (
	"fmt"
	"math"
	"sort"
)

// TermKind is the class of an engine [Term], named as in fuzzylite.
type TermKind uint8

// The term classes of fuzzylite. Each lists its parameters in the order
// the FuzzyLite Language gives them; every class but Constant, Linear,
// Function and Discrete takes an optional last parameter, the height
// (default 1), that scales its membership.
const (
	KindBell              TermKind = iota + 1 // center width slope
	KindBinary                                // start direction
	KindConcave                               // inflection end
	KindConstant                              // value
	KindCosine                                // center width
	KindDiscrete                              // x1 y1 x2 y2 ... [height]
	KindFunction                              // formula
	KindGaussian                              // mean standardDeviation
	KindGaussianProduct                       // meanA sdA meanB sdB
	KindLinear                                // c1 ... cn [constant]
	KindPiShape                               // bottomLeft topLeft topRight bottomRight
	KindRamp                                  // start end
	KindRectangle                             // start end
	KindSShape                                // start end
	KindSigmoid                               // inflection slope
	KindSigmoidDifference                     // left rising falling right
	KindSigmoidProduct                        // left rising falling right
	KindSpike                                 // center width
	KindTrapezoid                             // a b c d
	KindTriangle                              // a b c
	KindZShape                                // start end
	numKinds
)

var kindNames = [numKinds]string{"", "Bell", "Binary", "Concave", "Constant", "Cosine", "Discrete",
	"Function", "Gaussian", "GaussianProduct", "Linear", "PiShape", "Ramp", "Rectangle", "SShape",
	"Sigmoid", "SigmoidDifference", "SigmoidProduct", "Spike", "Trapezoid", "Triangle", "ZShape"}

// kindParams is the number of parameters before the optional height
// (-1: variable).
var kindParams = [numKinds]int{0, 3, 2, 2, 1, 2, -1, -1, 2, 4, -1, 4, 2, 2, 2, 2, 4, 4, 2, 4, 3, 2}

// String returns the class name.
func (k TermKind) String() string {
	if k > 0 && k < numKinds {
		return kindNames[k]
	}
	return "invalid"
}

func kindByName(s string) TermKind {
	for k := KindBell; k < numKinds; k++ {
		if kindNames[k] == s {
			return k
		}
	}
	return 0
}

// Term is a linguistic term of an engine variable: a membership function
// of one of fuzzylite's classes.
type Term struct {
	Name   string
	Kind   TermKind
	Params []float64 // the class's parameters, without the height
	Height float64   // scales the membership; 1 unless given
	// Formula is the expression of a Function term (see [Engine]).
	Formula string

	fn  *formula
	e   *Engine // Linear and Function read its variables
	set Set     // kindSet: a Module's set
}

// kindSet is the hidden class of a [Module]'s sets in its engine.
const kindSet = numKinds

// newTerm checks the parameters of a term of kind k read from text.
func newTerm(name string, k TermKind, ps []float64) (Term, error) {
	t := Term{Name: name, Kind: k, Height: 1}
	n := kindParams[k]
	switch k {
	case KindDiscrete: // x y pairs and an optional height; no pairs: membership NaN
		if len(ps)%2 == 1 {
			t.Height = ps[len(ps)-1]
			ps = ps[:len(ps)-1]
		}
	case KindLinear:
	case KindConstant:
		if len(ps) != 1 {
			return t, fmt.Errorf("Constant takes 1 parameter, got %d", len(ps))
		}
	default:
		if len(ps) != n && len(ps) != n+1 {
			return t, fmt.Errorf("%s takes %d parameters (and an optional height), got %d", k, n, len(ps))
		}
		if len(ps) == n+1 {
			t.Height = ps[n]
			ps = ps[:n]
		}
	}
	t.Params = append([]float64(nil), ps...)
	return t, nil
}

// Membership returns the term's degree of membership at x (NaN for NaN,
// except Constant, Linear and Function, which do not depend on x or read
// it as the variable "x").
func (t *Term) Membership(x float64) float64 {
	p := t.Params
	switch t.Kind {
	case KindConstant:
		return p[0]
	case KindLinear:
		return t.linear()
	case KindFunction:
		if t.fn == nil {
			return math.NaN()
		}
		return t.fn.eval(t.e, x)
	case kindSet:
		return t.set.DOM(x)
	}
	if x != x {
		return math.NaN()
	}
	h := t.Height
	switch t.Kind {
	case KindBell:
		return h * (1 / (1 + math.Pow(math.Abs((x-p[0])/p[1]), 2*p[2])))
	case KindBinary:
		if p[1] > p[0] && isGE(x, p[0]) || p[1] < p[0] && isLE(x, p[0]) {
			return h
		}
		return 0
	case KindConcave:
		i, e := p[0], p[1]
		if isLE(i, e) {
			if isLt(x, e) {
				return h * (e - i) / (2*e - i - x)
			}
		} else if isGt(x, e) {
			return h * (i - e) / (i - 2*e + x)
		}
		return h
	case KindCosine:
		c, w := p[0], p[1]
		if isLt(x, c-0.5*w) || isGt(x, c+0.5*w) {
			return 0
		}
		return h * (0.5 * (1 + math.Cos(2/w*math.Pi*(x-c))))
	case KindDiscrete:
		return h * discrete(p, x)
	case KindGaussian:
		return h * math.Exp(-(x-p[0])*(x-p[0])/(2*p[1]*p[1]))
	case KindGaussianProduct:
		a, b := 1.0, 1.0
		if isLt(x, p[0]) {
			a = math.Exp(-(x - p[0]) * (x - p[0]) / (2 * p[1] * p[1]))
		}
		if isGt(x, p[2]) {
			b = math.Exp(-(x - p[2]) * (x - p[2]) / (2 * p[3] * p[3]))
		}
		return h * a * b
	case KindPiShape:
		return h * sShape(x, p[0], p[1]) * zShape(x, p[2], p[3])
	case KindRamp:
		s, e := p[0], p[1]
		switch {
		case isEq(s, e):
			return 0
		case isLt(s, e):
			if isLE(x, s) {
				return 0
			}
			if isGE(x, e) {
				return h
			}
			return h * (x - s) / (e - s)
		}
		if isGE(x, s) {
			return 0
		}
		if isLE(x, e) {
			return h
		}
		return h * (s - x) / (s - e)
	case KindRectangle:
		if isGE(x, p[0]) && isLE(x, p[1]) {
			return h
		}
		return 0
	case KindSShape:
		return h * sShape(x, p[0], p[1])
	case KindSigmoid:
		return h / (1 + math.Exp(-p[1]*(x-p[0])))
	case KindSigmoidDifference:
		a := 1 / (1 + math.Exp(-p[1]*(x-p[0])))
		b := 1 / (1 + math.Exp(-p[2]*(x-p[3])))
		return h * math.Abs(a-b)
	case KindSigmoidProduct:
		a := 1 + math.Exp(-p[1]*(x-p[0]))
		b := 1 + math.Exp(-p[2]*(x-p[3]))
		return h / (a * b)
	case KindSpike:
		return h * math.Exp(-math.Abs(10/p[1]*(x-p[0])))
	case KindTrapezoid:
		a, b, c, d := p[0], p[1], p[2], p[3]
		switch {
		case isLt(x, a) || isGt(x, d):
			return 0
		case isLt(x, b):
			if math.IsInf(a, -1) {
				return h
			}
			return h * nmin(1, (x-a)/(b-a))
		case isLE(x, c):
			return h
		case isLt(x, d):
			if math.IsInf(d, 1) {
				return h
			}
			return h * (d - x) / (d - c)
		case math.IsInf(d, 1):
			return h
		}
		return 0
	case KindTriangle:
		a, b, c := p[0], p[1], p[2]
		switch {
		case isLt(x, a) || isGt(x, c):
			return 0
		case isEq(x, b):
			return h
		case isLt(x, b):
			if math.IsInf(a, -1) {
				return h
			}
			return h * (x - a) / (b - a)
		case math.IsInf(c, 1):
			return h
		}
		return h * (c - x) / (c - b)
	case KindZShape:
		return h * zShape(x, p[0], p[1])
	}
	return math.NaN()
}

func sShape(x, s, e float64) float64 {
	switch {
	case isLE(x, s):
		return 0
	case isLE(x, 0.5*(s+e)):
		r := (x - s) / (e - s)
		return 2 * r * r
	case isLt(x, e):
		r := (x - e) / (e - s)
		return 1 - 2*r*r
	}
	return 1
}

func zShape(x, s, e float64) float64 {
	switch {
	case isLE(x, s):
		return 1
	case isLE(x, 0.5*(s+e)):
		r := (x - s) / (e - s)
		return 1 - 2*r*r
	case isLt(x, e):
		r := (x - e) / (e - s)
		return 2 * r * r
	}
	return 0
}

// discrete interpolates linearly between the pairs xy (sorted by x),
// holding the first and last values outside them.
func discrete(xy []float64, x float64) float64 {
	n := len(xy) / 2
	if n == 0 {
		return math.NaN()
	}
	if isLE(x, xy[0]) {
		return xy[1]
	}
	if isGE(x, xy[2*n-2]) {
		return xy[2*n-1]
	}
	lo := sort.Search(n, func(i int) bool { return xy[2*i] >= x })
	if lo >= n {
		return math.NaN()
	}
	if isEq(x, xy[2*lo]) {
		return xy[2*lo+1]
	}
	hi := sort.Search(n, func(i int) bool { return xy[2*i] > x })
	lo--
	if lo < 0 || hi >= n { // only with NaN or unsorted points
		return math.NaN()
	}
	x0, y0, x1, y1 := xy[2*lo], xy[2*lo+1], xy[2*hi], xy[2*hi+1]
	return (y1-y0)/(x1-x0)*(x-x0) + y0
}

func (t *Term) linear() float64 {
	if t.e == nil {
		return math.NaN()
	}
	c := t.Params
	r := 0.0
	in := t.e.inputs
	for i := 0; i < len(in) && i < len(c); i++ {
		r += c[i] * in[i].value
	}
	if len(c) > len(in) {
		r += c[len(c)-1]
	}
	return r
}

// monotonic reports whether the term has an inverse for Tsukamoto.
func (t *Term) monotonic() bool {
	switch t.Kind {
	case KindConcave, KindRamp, KindSigmoid, KindSShape, KindZShape:
		return true
	}
	return false
}

// tsukamoto returns the x where the (monotonic) term's membership is y;
// other terms return their membership at y, as fuzzylite 6 does.
func (t *Term) tsukamoto(y float64) float64 {
	p, h := t.Params, t.Height
	switch t.Kind {
	case KindConcave:
		i, e := p[0], p[1]
		return h*(i-e)/y + 2*e - i
	case KindRamp:
		return p[0] + (p[1]-p[0])*y/h
	case KindSigmoid:
		return p[0] + math.Log(h/y-1)/-p[1]
	case KindSShape:
		s, e := p[0], p[1]
		if y <= h/2 {
			return s + (e-s)*math.Sqrt(y/(2*h))
		}
		return e - (e-s)*math.Sqrt((h-y)/(2*h))
	case KindZShape:
		s, e := p[0], p[1]
		if y <= h/2 {
			return e - (e-s)*math.Sqrt(y/(2*h))
		}
		return s + (e-s)*math.Sqrt((h-y)/(2*h))
	}
	return t.Membership(y)
}
