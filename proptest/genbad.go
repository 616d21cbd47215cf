package proptest

import (
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"

	"github.com/kinenix/expressions/ast"
)

// Malformed input: a valid tree or condition line, printed, with one token
// cut, doubled or swapped with the next; and text made of random pieces and
// bytes: invalid UTF-8, NUL, bidirectional overrides, Thai combining marks
// without a base, and the language's own signs and words.

// The mutations of Mutate.
const (
	MutCut    = iota // drop the token
	MutDouble        // write it twice
	MutSwap          // swap it with the next token
	mutCount
)

// Tokens splits text into rough tokens: runs of white space, runs of
// letters, marks, digits and `_`, the two-character signs `${` `==` `!=`
// `<=` `>=` `**`, and any other single character (each quote alone, so a
// cut can leave text unclosed). A byte that is not UTF-8 is a token.
func Tokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		j := i + n
		switch {
		case unicode.IsSpace(r):
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsSpace(r2) {
					break
				}
				j += n2
			}
		case isWordRune(r):
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if !isWordRune(r2) || r2 == utf8.RuneError && n2 == 1 {
					break
				}
				j += n2
			}
		case j < len(s):
			switch s[i : j+1] {
			case "${", "==", "!=", "<=", ">=", "**":
				j++
			}
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

func isWordRune(r rune) bool { return ast.IsIdentCont(r) }

// Mutate applies one mutation (MutCut, MutDouble, MutSwap) to token
// at % len(tokens) of s.
func Mutate(s string, op, at int) string {
	toks := Tokens(s)
	if len(toks) == 0 {
		return s
	}
	if at < 0 {
		at = -at
	}
	k := at % len(toks)
	switch op % mutCount {
	case MutCut:
		toks = append(toks[:k:k], toks[k+1:]...)
	case MutDouble:
		toks = append(toks[:k+1:k+1], toks[k:]...)
	default:
		if k+1 < len(toks) {
			toks[k], toks[k+1] = toks[k+1], toks[k]
		} else if k > 0 {
			toks[k-1], toks[k] = toks[k], toks[k-1]
		}
	}
	return strings.Join(toks, "")
}

// Mutant is a printed tree with one mutation.
type Mutant struct {
	Tree ast.Expr
	Op   int
	At   int
}

// String is the mutated text.
func (m Mutant) String() string { return Mutate(ast.Print(m.Tree), m.Op, m.At) }

// Mutants generates Mutant values from trees of Expr(o); they shrink
// through the tree and the two numbers.
func Mutants(o ExprOptions) gopter.Gen {
	return gen.Struct(reflect.TypeOf(Mutant{}), map[string]gopter.Gen{
		"Tree": Expr(o),
		"Op":   gen.IntRange(0, mutCount-1),
		"At":   gen.IntRange(0, 300),
	})
}

// CondMutant is a printed condition line with one mutation.
type CondMutant struct {
	Line CondLine
	Op   int
	At   int
}

// String is the mutated line.
func (m CondMutant) String() string { return Mutate(m.Line.String(), m.Op, m.At) }

// CondMutants generates CondMutant values from Cond lines.
func CondMutants() gopter.Gen {
	return gen.Struct(reflect.TypeOf(CondMutant{}), map[string]gopter.Gen{
		"Line": Cond(),
		"Op":   gen.IntRange(0, mutCount-1),
		"At":   gen.IntRange(0, 300),
	})
}

// NoisePieces are what Noise strings are made of.
var NoisePieces = []string{
	// bytes that are not UTF-8, NUL and other controls
	"\xff", "\xfe", "\xc3", "\xe0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x00", "\x01", "\x7f", "\r", "\n", "\t",
	// bidirectional and invisible characters
	"\u202e", "\u202d", "\u2066", "\u200b", "\u200d", "\ufeff", "\u00a0", "\u3000",
	// Thai, with combining marks alone and stacked
	"ก", "บาท", "\u0e31", "\u0e48", "\u0e49", "\u0e4c", "\u0e31\u0e48\u0e49", "๑", "ลูกค้า",
	// other scripts and look-alikes
	"é", "e\u0301", "а", "＿", "１", "K", "😀", "\U0010ffff",
	// the language's signs
	"${", "$", "{", "}", "(", ")", "[", "]", "'", `"`, `\`, ".", ",", ":", "+", "-", "*", "/", "%",
	"**", "//", "=", "==", "!=", "<", ">", "<=", "!", "&", "|", "^", "~", "@", "_", " ", " ", " ",
	// its words and names
	"a", "row", "x", "len", "join", "replace", "upper", "number", "round", "substring", "part",
	"and", "or", "not", "in", "is", "empty", "contains", "lambda", "if", "else", "for", "env", "__class__",
	// numbers
	"0", "1", "12", "1.5", "e3", "1e400", "NaN", "Inf", "0x1F", "1_000", "99999999999999999999",
}

// Noise generates text of random NoisePieces; it shrinks by dropping pieces.
func Noise() gopter.Gen {
	return gen.SliceOf(gen.OneConstOf(toAny(NoisePieces)...), reflect.TypeOf(""))
}

// Bytes generates random byte strings; they shrink by dropping bytes.
func Bytes() gopter.Gen { return gen.SliceOf(gen.UInt8()) }

func toAny(xs []string) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}
