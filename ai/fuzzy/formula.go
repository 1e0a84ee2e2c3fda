package fuzzy

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// MaxFormulaTokens bounds the length of a Function term's formula.
const MaxFormulaTokens = 4096

// formula is a compiled Function formula: a postfix program over a stack.
type formula struct {
	prog  []fop
	stack []float64
}

type fcode uint8

const (
	fNum fcode = iota
	fX
	fVar // engine variable, resolved after the whole engine is read
	fUnary
	fBinary
)

type fop struct {
	code fcode
	fn   uint8
	val  float64
	out  bool  // fVar: output variable
	idx  int32 // fVar: index among inputs or outputs
	name string
}

// Operators and functions of the formula language, after fuzzylite's
// FunctionFactory: precedence (higher binds tighter) and whether
// right-associative. Functions have precedence 0.
type felem struct {
	name  string
	arity int
	prec  int
	right bool
	op    bool
	u     func(float64) float64
	b     func(a, b float64) float64
}

var felems = []felem{
	{name: "!", arity: 1, prec: 100, right: true, op: true, u: func(a float64) float64 { return b2f(!isEq(a, 1)) }},
	{name: "~", arity: 1, prec: 100, right: true, op: true, u: func(a float64) float64 { return -a }},
	{name: "^", arity: 2, prec: 90, right: true, op: true, b: math.Pow},
	{name: "*", arity: 2, prec: 80, op: true, b: func(a, b float64) float64 { return a * b }},
	{name: "/", arity: 2, prec: 80, op: true, b: func(a, b float64) float64 { return a / b }},
	{name: "%", arity: 2, prec: 80, op: true, b: math.Mod},
	{name: "+", arity: 2, prec: 70, op: true, b: func(a, b float64) float64 { return a + b }},
	{name: "-", arity: 2, prec: 70, op: true, b: func(a, b float64) float64 { return a - b }},
	{name: "and", arity: 2, prec: 60, op: true, b: func(a, b float64) float64 { return b2f(isEq(a, 1) && isEq(b, 1)) }},
	{name: "or", arity: 2, prec: 50, op: true, b: func(a, b float64) float64 { return b2f(isEq(a, 1) || isEq(b, 1)) }},
	{name: "gt", arity: 2, b: func(a, b float64) float64 { return b2f(isGt(a, b)) }},
	{name: "ge", arity: 2, b: func(a, b float64) float64 { return b2f(isGE(a, b)) }},
	{name: "eq", arity: 2, b: func(a, b float64) float64 { return b2f(isEq(a, b)) }},
	{name: "neq", arity: 2, b: func(a, b float64) float64 { return b2f(!isEq(a, b)) }},
	{name: "le", arity: 2, b: func(a, b float64) float64 { return b2f(isLE(a, b)) }},
	{name: "lt", arity: 2, b: func(a, b float64) float64 { return b2f(isLt(a, b)) }},
	{name: "min", arity: 2, b: nmin},
	{name: "max", arity: 2, b: nmax},
	{name: "pow", arity: 2, b: math.Pow},
	{name: "atan2", arity: 2, b: math.Atan2},
	{name: "fmod", arity: 2, b: math.Mod},
	{name: "acos", arity: 1, u: math.Acos},
	{name: "asin", arity: 1, u: math.Asin},
	{name: "atan", arity: 1, u: math.Atan},
	{name: "ceil", arity: 1, u: math.Ceil},
	{name: "cos", arity: 1, u: math.Cos},
	{name: "cosh", arity: 1, u: math.Cosh},
	{name: "exp", arity: 1, u: math.Exp},
	{name: "abs", arity: 1, u: math.Abs},
	{name: "fabs", arity: 1, u: math.Abs},
	{name: "floor", arity: 1, u: math.Floor},
	{name: "log", arity: 1, u: math.Log},
	{name: "log10", arity: 1, u: math.Log10},
	{name: "round", arity: 1, u: func(x float64) float64 {
		if x > 0 {
			return math.Floor(x + 0.5)
		}
		return math.Ceil(x - 0.5)
	}},
	{name: "sin", arity: 1, u: math.Sin},
	{name: "sinh", arity: 1, u: math.Sinh},
	{name: "sqrt", arity: 1, u: math.Sqrt},
	{name: "tan", arity: 1, u: math.Tan},
	{name: "tanh", arity: 1, u: math.Tanh},
	{name: "log1p", arity: 1, u: math.Log1p},
	{name: "acosh", arity: 1, u: math.Acosh},
	{name: "asinh", arity: 1, u: math.Asinh},
	{name: "atanh", arity: 1, u: math.Atanh},
}

func felemIndex(s string) int {
	for i := range felems {
		if felems[i].name == s {
			return i
		}
	}
	return -1
}

// ftokens splits a formula into numbers, names, operators, parentheses
// and commas.
func ftokens(s string) ([]string, error) {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
			continue
		case strings.IndexByte("()!~^*/%+-,", c) >= 0:
			out = append(out, s[i:i+1])
			i++
		case c >= '0' && c <= '9' || c == '.':
			j := i
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.') {
				j++
			}
			if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
				k := j + 1
				if k < len(s) && (s[k] == '+' || s[k] == '-') {
					k++
				}
				if k < len(s) && s[k] >= '0' && s[k] <= '9' {
					for k < len(s) && s[k] >= '0' && s[k] <= '9' {
						k++
					}
					j = k
				}
			}
			out = append(out, s[i:j])
			i = j
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(s) && (s[j] == '_' || s[j] == '.' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			out = append(out, s[i:j])
			i = j
		default:
			return nil, fmt.Errorf("unexpected character %q in formula", c)
		}
		if len(out) > MaxFormulaTokens {
			return nil, fmt.Errorf("formula longer than %d tokens", MaxFormulaTokens)
		}
	}
	return out, nil
}

// compileFormula turns infix text into a postfix program by the
// shunting-yard algorithm with fuzzylite's precedences. Variables stay
// unresolved (fVar with a name, or fX for "x").
func compileFormula(src string) (*formula, error) {
	toks, err := ftokens(src)
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 {
		return nil, errors.New("empty formula")
	}
	f := &formula{}
	var stack []string
	depth := 0 // open parentheses
	emit := func(t string) {
		if i := felemIndex(t); i >= 0 {
			code := fUnary
			if felems[i].arity == 2 {
				code = fBinary
			}
			f.prog = append(f.prog, fop{code: code, fn: uint8(i)})
			return
		}
		if v, ok := parseNumber(t); ok {
			f.prog = append(f.prog, fop{code: fNum, val: v})
			return
		}
		if t == "x" {
			f.prog = append(f.prog, fop{code: fX})
			return
		}
		f.prog = append(f.prog, fop{code: fVar, name: t})
	}
	for _, t := range toks {
		i := felemIndex(t)
		switch {
		case t == "(":
			if depth++; depth > MaxExprDepth {
				return nil, fmt.Errorf("formula nested deeper than %d parentheses", MaxExprDepth)
			}
			stack = append(stack, t)
		case t == ")" || t == ",":
			for len(stack) > 0 && stack[len(stack)-1] != "(" {
				emit(stack[len(stack)-1])
				stack = stack[:len(stack)-1]
			}
			if len(stack) == 0 {
				return nil, fmt.Errorf("mismatched parentheses in formula %q", clip(src))
			}
			if t == ")" {
				depth--
				stack = stack[:len(stack)-1]
				if n := len(stack); n > 0 {
					if j := felemIndex(stack[n-1]); j >= 0 && !felems[j].op {
						emit(stack[n-1])
						stack = stack[:n-1]
					}
				}
			}
		case i >= 0 && !felems[i].op:
			stack = append(stack, t)
		case i >= 0:
			o1 := &felems[i]
			for len(stack) > 0 {
				j := felemIndex(stack[len(stack)-1])
				if j < 0 {
					break
				}
				o2 := &felems[j]
				if !o1.right && o1.prec == o2.prec || o1.prec < o2.prec {
					emit(stack[len(stack)-1])
					stack = stack[:len(stack)-1]
				} else {
					break
				}
			}
			stack = append(stack, t)
		default:
			emit(t)
		}
	}
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		if t == "(" {
			return nil, fmt.Errorf("mismatched parentheses in formula %q", clip(src))
		}
		emit(t)
		stack = stack[:len(stack)-1]
	}
	depth, need := 0, 0 // now the evaluation stack's
	for _, o := range f.prog {
		switch o.code {
		case fUnary, fBinary:
			e := &felems[o.fn]
			if depth < e.arity {
				return nil, fmt.Errorf("%s %q needs %d operands in formula %q", map[bool]string{true: "operator", false: "function"}[e.op], e.name, e.arity, clip(src))
			}
			depth -= e.arity - 1
		default:
			depth++
		}
		need = max(need, depth)
	}
	if depth != 1 {
		return nil, fmt.Errorf("ill-formed formula %q", clip(src))
	}
	f.stack = make([]float64, need)
	return f, nil
}

// resolve binds the formula's variable names to the engine's variables.
func (f *formula) resolve(e *Engine) error {
	for i := range f.prog {
		o := &f.prog[i]
		if o.code != fVar {
			continue
		}
		v := e.Variable(o.name)
		if v == nil {
			return fmt.Errorf("formula refers to unknown variable %q", o.name)
		}
		o.out, o.idx = v.output, v.index
	}
	return nil
}

func (f *formula) clone() *formula {
	return &formula{prog: append([]fop(nil), f.prog...), stack: make([]float64, len(f.stack))}
}

// eval runs the program with "x" = x and the variables' current values.
func (f *formula) eval(e *Engine, x float64) float64 {
	st := f.stack
	sp := 0
	for i := range f.prog {
		o := &f.prog[i]
		switch o.code {
		case fNum:
			st[sp] = o.val
			sp++
		case fX:
			st[sp] = x
			sp++
		case fVar:
			v := math.NaN()
			if e != nil {
				if o.out {
					v = e.outputs[o.idx].value
				} else {
					v = e.inputs[o.idx].value
				}
			}
			st[sp] = v
			sp++
		case fUnary:
			st[sp-1] = felems[o.fn].u(st[sp-1])
		case fBinary:
			st[sp-2] = felems[o.fn].b(st[sp-2], st[sp-1])
			sp--
		}
	}
	return st[0]
}
