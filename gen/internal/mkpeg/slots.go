package main

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/kinenix/expressions/ast"
)

// The slots a grammar template may use, each written {{name}} where it
// stands. A slot whose name ends in "Class" gives the inside of a
// character class, so that the template writes the brackets and the
// repetition itself ([{{wsClass}}]* or [^$ {{spaceClass}}]+); every other
// slot gives whole PEG expressions. Each is computed from the table it
// belongs to: the operators from ast's operator and comparison tables, the
// keywords from ast.Keywords, the identifier classes from Unicode's
// Other_ID_Start and Other_ID_Continue (D9), so that adding an operator is
// one table entry and the grammars follow at the next go generate.
func slots() map[string]string {
	identCont := identContClass()
	notIdent := "![" + identCont + "]"
	var bin, prefix []ast.Operator
	for _, o := range ast.Operators() {
		if o.Prefix {
			prefix = append(prefix, o)
		} else {
			bin = append(bin, o)
		}
	}
	var symCmp, wordCmp, binWordCmp []string
	for _, op := range ast.CmpOps() {
		text := op.String()
		if isWord(text) {
			wordCmp = append(wordCmp, text)
			if !op.Unary() {
				binWordCmp = append(binWordCmp, text)
			}
		} else {
			symCmp = append(symCmp, text)
		}
	}
	bools := []string{ast.And.String(), ast.Or.String()}
	return map[string]string{
		// Expression grammar (grammar/expr.peg).
		"wsClass":             classEscape(ast.Space),
		"identStartClass":     identStartClass(),
		"identContClass":      identCont,
		"binaryOps":           operatorChoice(texts(bin), notIdent),
		"binaryStartClass":    firstChars(texts(bin), false),
		"prefixOps":           prefixChoice(texts(prefix), notIdent),
		"prefixStartClass":    firstChars(texts(prefix), false),
		"prefixSymStartClass": firstChars(symbols(texts(prefix)), false),
		"keywords":            choice(ordered(ast.Keywords()), func(k string) string { return quote(k) }),
		"keywordStartClass":   firstChars(ast.Keywords(), false),

		// Condition grammar (grammar/cond.peg): words without regard to case.
		"spaceClass":        spaceClass,
		"cmpSymClass":       chars(symCmp),
		"cmpWordOps":        cmpWordChoice(wordCmp, binWordCmp),
		"cmpWordStartClass": firstChars(append(slices.Clone(wordCmp), notWord), true),
		"boolWords":         choice(bools, asciiFold),
		"boolStartClass":    firstChars(bools, true),
		"wordStartClass":    firstChars(append(append(slices.Clone(wordCmp), notWord), bools...), true),
	}
}

// notWord is the word that, before a binary word operator of a condition,
// makes the form the grammar reads whole to refuse it (not in, not
// contains).
const notWord = "not"

// spaceClass is white space as unicode.IsSpace has it: the condition
// grammar trims with it in Go, and the two must agree (a test checks it).
const spaceClass = ` \t\n\v\f\r\u0085\u2028\u2029\p{Zs}`

// identStartClass is what can start a name (D9): letters, letter numbers,
// _ and Unicode's Other_ID_Start.
func identStartClass() string {
	return `\pL\p{Nl}_` + runesOf(unicode.Other_ID_Start)
}

// identContClass is what can follow: those, marks, decimal digits,
// connector punctuation, and Unicode's Other_ID_Continue.
func identContClass() string {
	return `\pL\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}` + runesOf(unicode.Other_ID_Continue) + runesOf(unicode.Other_ID_Start)
}

// runesOf writes the runes of t as class items: \uXXXX, a run of three or
// more as a range.
func runesOf(t *unicode.RangeTable) string {
	var b strings.Builder
	esc := func(r rune) string {
		if r > 0xFFFF {
			return fmt.Sprintf(`\U%08X`, r)
		}
		return fmt.Sprintf(`\u%04X`, r)
	}
	each := func(lo, hi, stride rune) {
		if stride == 1 && hi-lo >= 2 {
			b.WriteString(esc(lo) + "-" + esc(hi))
			return
		}
		for r := lo; r <= hi; r += stride {
			b.WriteString(esc(r))
		}
	}
	for _, r := range t.R16 {
		each(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	for _, r := range t.R32 {
		each(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	return b.String()
}

func texts(ops []ast.Operator) []string {
	out := make([]string, len(ops))
	for i, o := range ops {
		out[i] = o.Text
	}
	return out
}

// isWord reports whether an operator is written with letters.
func isWord(text string) bool { return text != "" && unicode.IsLetter(rune(text[0])) }

func symbols(ts []string) []string {
	var out []string
	for _, t := range ts {
		if !isWord(t) {
			out = append(out, t)
		}
	}
	return out
}

// ordered returns ts in their order, except that a text comes before any
// text that is a prefix of it (** before *, <= before <, is not before
// is): an ordered choice takes its first alternative that matches, so a
// longer operator would never be read after its prefix.
func ordered(ts []string) []string {
	var out []string
	for _, t := range ts {
		at := len(out)
		for i, u := range out {
			if strings.HasPrefix(t, u) {
				at = i
				break
			}
		}
		out = slices.Insert(out, at, t)
	}
	return out
}

// operatorChoice writes the binary operators as one ordered choice: a
// symbol as its literal, a word as its words separated by white space
// (__) and not followed by a character of a name.
func operatorChoice(ts []string, notIdent string) string {
	return choice(ordered(ts), func(t string) string {
		if !isWord(t) {
			return quote(t)
		}
		return strings.Join(quoteAll(strings.Fields(t), ""), " __ ") + " " + notIdent
	})
}

// prefixChoice writes the prefix operators: symbols of two or more
// characters as literals, the one-character ones as one class, then the
// words.
func prefixChoice(ts []string, notIdent string) string {
	var long, short, words []string
	for _, t := range ordered(ts) {
		switch {
		case isWord(t):
			words = append(words, strings.Join(quoteAll(strings.Fields(t), ""), " __ ")+" "+notIdent)
		case len(t) == 1:
			short = append(short, t)
		default:
			long = append(long, quote(t))
		}
	}
	alts := long
	if len(short) > 0 {
		alts = append(alts, "["+chars(short)+"]")
	}
	return strings.Join(append(alts, words...), " / ")
}

// cmpWordChoice writes the word operators of a condition, each word
// without regard to case and separated by white space, and the refused
// forms `not` + a binary word operator, read whole for their message.
func cmpWordChoice(words, binary []string) string {
	sp := " [" + spaceClass + "]+ "
	alt := func(t string) string { return strings.Join(foldAll(strings.Fields(t)), sp) }
	alts := []string{choice(ordered(words), alt)}
	if len(binary) > 0 {
		alts = append(alts, asciiFold(notWord)+sp+"( "+choice(ordered(binary), alt)+" )")
	}
	return strings.Join(alts, " / ")
}

func choice(ts []string, f func(string) string) string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = f(t)
	}
	return strings.Join(out, " / ")
}

func quote(s string) string { return `"` + s + `"` }

// asciiFold matches the word w, of ASCII letters, in any case, and
// nothing else: pigeon's "w"i lower-cases the input with unicode.ToLower,
// which makes the Turkish İ an i (and the Kelvin sign a k), so `İN` and
// `contaİns` read as operators, where D33's full case mapping makes
// lower('İ') i̇, no i. Each letter is a class of its two cases.
func asciiFold(w string) string {
	var b strings.Builder
	for i, r := range w {
		if i > 0 {
			b.WriteByte(' ')
		}
		if lo, up := unicode.ToLower(r), unicode.ToUpper(r); lo != up && r < unicode.MaxASCII {
			b.WriteString("[" + string(lo) + string(up) + "]")
			continue
		}
		b.WriteString(quote(string(r)))
	}
	return b.String()
}

func foldAll(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = asciiFold(w)
	}
	return out
}

func quoteAll(ws []string, suffix string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = quote(w) + suffix
	}
	return out
}

// firstChars is the class of the first characters of ts, each once, in
// the order met (lower-cased for a class matched without regard to case),
// with - first so that it is not read as a range.
func firstChars(ts []string, fold bool) string {
	var first []string
	for _, t := range ts {
		c := t[:1]
		if fold {
			c = strings.ToLower(c)
		}
		first = append(first, c)
	}
	return chars(first)
}

// chars is the class of every character of ts, each once, in the order
// met, - first and ], \ and ^ escaped.
func chars(ts []string) string {
	seen := map[rune]bool{}
	var b strings.Builder
	dash := false
	for _, t := range ts {
		for _, r := range t {
			if seen[r] {
				continue
			}
			seen[r] = true
			switch r {
			case '-':
				dash = true
			case ']', '\\', '^':
				if r == '^' && b.Len() > 0 {
					b.WriteRune(r)
				} else {
					b.WriteString(`\` + string(r))
				}
			default:
				b.WriteRune(r)
			}
		}
	}
	if dash {
		return "-" + b.String()
	}
	return b.String()
}

// classEscape writes the characters of s as a PEG character class holds
// them: a tab, a carriage return and a line feed as escapes.
func classEscape(s string) string {
	return strings.NewReplacer("\t", `\t`, "\r", `\r`, "\n", `\n`).Replace(s)
}
