package proptest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand"
	"reflect"
	"strconv"
	"strings"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/value"
)

// The arithmetic oracle: an evaluator of number expressions on math/big.Rat
// that follows D2, D7, D8 and D24 and the number limits of package value,
// written independently of it. + - * are exact; / is exact when the
// quotient has at most 34 significant digits and is otherwise rounded half
// to even to 34 (decimal128); % is floored (Python's); round is half away
// from zero.

// NumVars are the variables of number expressions.
var NumVars = []string{"n0", "n1", "n2", "n3"}

// NumCase is a number expression with the data it reads.
type NumCase struct {
	Tree ast.Expr
	Vars map[string]any
}

// String shows the case in a counterexample.
func (c NumCase) String() string {
	return fmt.Sprintf("${%s} with %s", ast.Print(c.Tree), showVars(c.Vars))
}

// NumCases generates number expressions: literals of every shape
// (NumberDigits), the variables NumVars, unary - and +, the five
// operators, parentheses and round(x) / round(x, digits); with data that
// holds the variables as json.Number, int, float64 and plain number text,
// and sometimes as empty, text or a boolean. Both shrink.
func NumCases() gopter.Gen {
	return gen.Struct(reflect.TypeOf(NumCase{}), map[string]gopter.Gen{
		"Tree": func(p *gopter.GenParameters) *gopter.GenResult {
			return exprResult(numExpr(p.Rng, min(5, 1+p.MaxSize/20)))
		},
		"Vars": func(p *gopter.GenParameters) *gopter.GenResult {
			m := make(map[string]any)
			for _, n := range NumVars {
				if p.Rng.Intn(8) > 0 {
					m[n] = NumHost(p.Rng)
				}
			}
			return &gopter.GenResult{Result: m, ResultType: mapType, Shrinker: ShrinkData}
		},
	})
}

func numExpr(r *rand.Rand, depth int) ast.Expr {
	if depth <= 0 || r.Intn(4) == 0 {
		if r.Intn(3) == 0 {
			return Name(pick(r, NumVars))
		}
		if r.Intn(8) == 0 {
			return Num(pick(r, []string{"0", "0.0", "3", "7", "0.1"})) // zero divisors, repeating quotients
		}
		return Num(NumberDigits(r))
	}
	d := depth - 1
	switch weighted(r, 1, 2, 1, 8) {
	case 0:
		return Paren(numExpr(r, d))
	case 1:
		return Unary(pick(r, []ast.Op{ast.Sub, ast.Add}), numExpr(r, d))
	case 2:
		if r.Intn(3) == 0 {
			return Call("round", numExpr(r, d))
		}
		var digits ast.Expr = Num(strconv.Itoa(r.Intn(6)))
		if r.Intn(3) == 0 {
			digits = Unary(ast.Sub, Num(strconv.Itoa(1+r.Intn(3))))
		}
		return Call("round", numExpr(r, d), digits)
	}
	op := pick(r, []ast.Op{ast.Add, ast.Sub, ast.Mul, ast.Quo, ast.Rem})
	return Binary(op, numExpr(r, d), numExpr(r, d))
}

// NumHost returns a host value for a number variable.
func NumHost(r *rand.Rand) any {
	sign := ""
	if r.Intn(3) == 0 {
		sign = "-"
	}
	switch weighted(r, 4, 2, 2, 2, 1) {
	case 0:
		return json.Number(sign + NumberDigits(r))
	case 1:
		return r.Int63n(2_000_000) - 1_000_000
	case 2:
		return pick(r, []float64{0.07, 0.1, 2.675, -1.5, 1e-7, 123456.789, 1e21, 0})
	case 3:
		return pick(r, []string{" ", ""}) + sign + NumberDigits(r) + pick(r, []string{"", " "})
	}
	return pick(r, []any{nil, "", "abc", "1,200", true, "  "})
}

// Outcome is what the oracle expects: a number, empty, the host value
// itself, or an error of one of the kinds of package value.
type Outcome struct {
	Num   *big.Rat
	Empty bool
	// Other is set for a value that is not a number: a lone variable
	// (perhaps in parentheses) whose host value is text or a boolean, which
	// nothing computes with. Host is that value; D5 keeps its kind.
	Other bool
	Host  any
	// Err is the first error of the evaluation left to right (value.ErrType,
	// ErrLimit, ErrDivisionByZero, ErrValue). Errs holds Err and the error
	// of every part that fails the same way whatever the data: D32 and D35
	// let such a part be found when the text is compiled, before any data
	// is read, so it may be the one reported.
	Err  error
	Errs []error
}

// Allows reports whether err is of one of the kinds the outcome expects.
func (o Outcome) Allows(err error) bool {
	for _, k := range o.Errs {
		if errors.Is(err, k) {
			return true
		}
	}
	return false
}

// ovalue is a value during oracle evaluation.
type ovalue struct {
	num   *big.Rat
	empty bool
	text  bool // text that is not a plain number, or another kind
	blank bool // text of white space only: not a number, but round reads it as empty
	raw   bool // read from the data as it is: nothing has computed with it
	host  any  // with raw, the host value
}

// probeData are data on which a part is evaluated besides the case's own,
// to tell whether its failure depends on the data: no variable at all, and
// every variable the number 1.
var probeData = []map[string]any{{}, {"n0": 1, "n1": 1, "n2": 1, "n3": 1}}

// Oracle evaluates a number expression as the language must: left to
// right, each part on the data (design section 4: a name is the variable
// of the data, empty when there is none). A literal is a value like any
// other; whether a part reads data is never asked of its text, only of its
// outcome: a part that fails with the same kind on the case's data and on
// every probe datum fails whatever the data is, so its error is allowed
// too (Outcome.Errs).
func Oracle(e ast.Expr, vars map[string]any) Outcome {
	v, err := (&oracle{vars: vars}).eval(e)
	switch {
	case err != nil:
		return Outcome{Err: err, Errs: append([]error{err}, dataFree(e, vars)...)}
	case v.empty:
		return Outcome{Empty: true}
	case v.text, v.raw:
		return Outcome{Other: true, Host: v.host}
	}
	return Outcome{Num: v.num}
}

// dataFree returns the errors of the parts of e (e too) that fail with
// the same kind on vars and on every probe datum.
func dataFree(e ast.Expr, vars map[string]any) []error {
	var out []error
	ast.Inspect(e, func(n ast.Node) bool {
		x, ok := n.(ast.Expr)
		if !ok || n == nil {
			return n != nil
		}
		_, err := (&oracle{vars: vars}).eval(x)
		if err == nil {
			return true
		}
		for _, d := range probeData {
			if _, perr := (&oracle{vars: d}).eval(x); perr != err {
				return true
			}
		}
		out = append(out, err)
		return true
	})
	return out
}

type oracle struct{ vars map[string]any }

func (o *oracle) eval(e ast.Expr) (ovalue, error) {
	switch n := e.(type) {
	case *ast.BasicLit:
		r, ok := new(big.Rat).SetString(n.Value)
		if !ok {
			return ovalue{}, value.ErrValue
		}
		return ovalue{num: r}, checkNumLimits(r)
	case *ast.Ident:
		h := o.vars[n.Name]
		v := hostOvalue(h)
		switch h.(type) {
		case string, bool:
			v.raw, v.host = true, h
		}
		return v, nil
	case *ast.ParenExpr:
		return o.eval(n.X)
	case *ast.UnaryExpr:
		x, err := o.eval(n.X)
		if err != nil {
			return x, err
		}
		if x.num == nil {
			return ovalue{}, value.ErrType
		}
		if n.Op == ast.Sub {
			return ovalue{num: new(big.Rat).Neg(x.num)}, nil
		}
		return ovalue{num: x.num}, nil
	case *ast.BinaryExpr:
		x, err := o.eval(n.X)
		if err != nil {
			return x, err
		}
		y, err := o.eval(n.Y)
		if err != nil {
			return y, err
		}
		if x.num == nil || y.num == nil {
			return ovalue{}, value.ErrType
		}
		r, err := Arith(n.Op, x.num, y.num)
		return ovalue{num: r}, err
	case *ast.CallExpr:
		if n.Fun.Name != "round" {
			return ovalue{}, value.ErrValue
		}
		args := make([]ovalue, len(n.Args))
		for i, a := range n.Args {
			v, err := o.eval(a)
			if err != nil {
				return v, err
			}
			args[i] = v
		}
		digits := 0
		if len(args) > 1 {
			d := args[1].num
			if d == nil || !d.IsInt() || d.Num().BitLen() > 32 {
				return ovalue{}, value.ErrType
			}
			digits = int(d.Num().Int64())
		}
		if args[0].empty || args[0].blank {
			return ovalue{empty: true}, nil
		}
		if args[0].num == nil {
			return ovalue{}, value.ErrType
		}
		r := RoundHalfAway(args[0].num, digits)
		return ovalue{num: r}, checkNumLimits(r)
	}
	return ovalue{}, value.ErrValue
}

// hostOvalue reads a host value as arithmetic sees it (D2, D6, E3).
func hostOvalue(x any) ovalue {
	switch t := x.(type) {
	case nil:
		return ovalue{empty: true}
	case json.Number:
		r, _ := new(big.Rat).SetString(string(t))
		return ovalue{num: r}
	case int64:
		return ovalue{num: new(big.Rat).SetInt64(t)}
	case int:
		return ovalue{num: new(big.Rat).SetInt64(int64(t))}
	case float64:
		r, _ := new(big.Rat).SetString(strconv.FormatFloat(t, 'g', -1, 64))
		return ovalue{num: r}
	case string:
		if r, ok := PlainNumber(t); ok {
			return ovalue{num: r}
		}
		if strings.TrimSpace(t) == "" {
			// Blank text is not a number for arithmetic (D6: "" is not
			// plain), but round reads it as empty.
			return ovalue{text: true, blank: true}
		}
	}
	return ovalue{text: true}
}

// PlainNumber reads plain number text (D6): white space around, an
// optional sign, digits with an optional point and digits.
func PlainNumber(s string) (*big.Rat, bool) {
	s = strings.TrimSpace(s)
	t := strings.TrimLeft(s, "+-")
	if len(s)-len(t) > 1 || t == "" || t == "." {
		return nil, false
	}
	dot := false
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c == '.' && !dot:
			dot = true
		case c >= '0' && c <= '9':
		default:
			return nil, false
		}
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

// Arith is x op y by D2 and D8, with the number limits.
func Arith(op ast.Op, x, y *big.Rat) (*big.Rat, error) {
	z := new(big.Rat)
	switch op {
	case ast.Add:
		z.Add(x, y)
	case ast.Sub:
		z.Sub(x, y)
	case ast.Mul:
		z.Mul(x, y)
	case ast.Quo:
		if y.Sign() == 0 {
			return nil, value.ErrDivisionByZero
		}
		z = RoundSignificant(z.Quo(x, y), 34)
	case ast.Rem:
		if y.Sign() == 0 {
			return nil, value.ErrDivisionByZero
		}
		// x - y*floor(x/y)
		q := new(big.Rat).Quo(x, y)
		fl := new(big.Int).Div(q.Num(), q.Denom()) // Euclidean: floor for a positive denominator
		z.Sub(x, new(big.Rat).Mul(y, new(big.Rat).SetInt(fl)))
	}
	return z, checkNumLimits(z)
}

// RoundSignificant rounds r half to even to n significant digits.
func RoundSignificant(r *big.Rat, n int) *big.Rat {
	if r.Sign() == 0 {
		return r
	}
	a := new(big.Rat).Abs(r)
	// k: 10^(k-1) <= a < 10^k
	k := len(new(big.Int).Quo(a.Num(), a.Denom()).String())
	if new(big.Int).Quo(a.Num(), a.Denom()).Sign() == 0 {
		// a < 1: count the zeros after the point
		k = 0
		t := new(big.Rat).Set(a)
		ten := big.NewRat(10, 1)
		for t.Cmp(big.NewRat(1, 10)) < 0 {
			t.Mul(t, ten)
			k--
		}
	}
	scale := n - k // digits after the point to keep
	q, half := truncated(a, scale)
	if half > 0 || half == 0 && q.Bit(0) == 1 {
		q.Add(q, big.NewInt(1))
	}
	return unscaled(q, scale, r)
}

// RoundHalfAway rounds r half away from zero to digits places (D24).
func RoundHalfAway(r *big.Rat, digits int) *big.Rat {
	q, half := truncated(new(big.Rat).Abs(r), digits)
	if half >= 0 {
		q.Add(q, big.NewInt(1))
	}
	return unscaled(q, digits, r)
}

// truncated is a, which is not negative, times 10^scale without its
// fraction; half compares that fraction with one half (-1, 0 or 1).
func truncated(a *big.Rat, scale int) (q *big.Int, half int) {
	scaled := new(big.Rat).Mul(a, pow10Rat(scale))
	q, m := new(big.Int).QuoRem(scaled.Num(), scaled.Denom(), new(big.Int))
	return q, new(big.Int).Mul(m, big.NewInt(2)).Cmp(scaled.Denom())
}

// unscaled is q / 10^scale with the sign of r.
func unscaled(q *big.Int, scale int, r *big.Rat) *big.Rat {
	out := new(big.Rat).SetInt(q)
	out.Quo(out, pow10Rat(scale))
	if r.Sign() < 0 {
		out.Neg(out)
	}
	return out
}

func pow10Rat(k int) *big.Rat {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(k))), nil)
	if k < 0 {
		return new(big.Rat).SetFrac(big.NewInt(1), p)
	}
	return new(big.Rat).SetInt(p)
}

func abs(k int) int {
	if k < 0 {
		return -k
	}
	return k
}

// decimalParts writes a terminating decimal r as c × 10^e with c not a
// multiple of 10 (c = 0, e = 0 for zero); ok is false when r does not
// terminate.
func decimalParts(r *big.Rat) (c *big.Int, e int, ok bool) {
	if r.Sign() == 0 {
		return new(big.Int), 0, true
	}
	d := new(big.Int).Set(r.Denom())
	two, five := 0, 0
	zero := new(big.Int)
	m := new(big.Int)
	for {
		q, rem := new(big.Int).QuoRem(d, big.NewInt(2), m)
		if rem.Cmp(zero) != 0 {
			break
		}
		d, two = q, two+1
	}
	for {
		q, rem := new(big.Int).QuoRem(d, big.NewInt(5), m)
		if rem.Cmp(zero) != 0 {
			break
		}
		d, five = q, five+1
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return nil, 0, false
	}
	k := max(two, five)
	c = new(big.Int).Mul(r.Num(), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil))
	c.Quo(c, r.Denom())
	e = -k
	ten := big.NewInt(10)
	for {
		q, rem := new(big.Int).QuoRem(c, ten, m)
		if rem.Sign() != 0 {
			break
		}
		c, e = q, e+1
	}
	return c, e, true
}

// checkNumLimits is ErrLimit for a number beyond value.MaxDigits
// significant digits or an exponent beyond value.MaxExponent.
func checkNumLimits(r *big.Rat) error {
	c, e, ok := decimalParts(r)
	if !ok {
		return value.ErrLimit
	}
	if len(new(big.Int).Abs(c).String()) > value.MaxDigits || e > value.MaxExponent || e < -value.MaxExponent {
		return value.ErrLimit
	}
	return nil
}

// ShowRat shows a terminating decimal by D3: plain notation, no exponent,
// no trailing zeros, -0 as 0.
func ShowRat(r *big.Rat) string {
	c, e, ok := decimalParts(r)
	if !ok {
		return r.FloatString(40)
	}
	neg := c.Sign() < 0
	digits := new(big.Int).Abs(c).String()
	var s string
	switch {
	case c.Sign() == 0:
		return "0"
	case e >= 0:
		s = digits + strings.Repeat("0", e)
	case len(digits) > -e:
		s = digits[:len(digits)+e] + "." + digits[len(digits)+e:]
	default:
		s = "0." + strings.Repeat("0", -e-len(digits)) + digits
	}
	if neg {
		s = "-" + s
	}
	return s
}
