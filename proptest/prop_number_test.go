package proptest

import (
	"fmt"
	"math/big"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/leanovate/gopter/prop"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// Property 7: number(...) reads back a number as a sheet or a form writes
// it (D21): in any script of decimal digits, with "," between thousands, a
// fraction (".5" too), a "-", "−", "－" or parentheses (full-width too),
// after a label and any white space, before a unit, it gives the number;
// a "-" right after a word (INV-2026, ปี-2026, a Thai word ending in a
// vowel mark) is a hyphen, not a minus. Written in another convention
// (1.234,56; 2 285,81; 1'049,95; 12,5), it is refused, never read in part
// (D34, D39), and the rewrite the message gives is plain number text that
// number(...) reads as the number that was written (D49).
func TestProp7NumberReadsBack(t *testing.T) {
	t.Parallel()
	tpl := eval.MustCompile("${number(x)}")
	var read, refused atomic.Int64
	check(t, "7 number reads back what was written", 3000, prop.ForAll(func(w WrittenNumber) string {
		text := w.Text()
		want := ratOf(w.Plain())
		v, err := tpl.Value(scope.New(map[string]any{"x": text}))
		if !w.Unclear() {
			read.Add(1)
			if err != nil {
				return fmt.Sprintf("number(%q): want %s, got %v", text, w.Plain(), err)
			}
			if v.Kind() != value.Number || ratOf(v.Num().String()).Cmp(want) != 0 {
				return fmt.Sprintf("number(%q): want %s, got %s %q", text, w.Plain(), v.Kind(), v.String())
			}
			return ""
		}
		refused.Add(1)
		if err == nil {
			return fmt.Sprintf("number(%q): want it refused as not clear, got %q", text, v.String())
		}
		_, hint, ok := strings.Cut(err.Error(), " is not clear: write ")
		if !ok {
			return fmt.Sprintf("number(%q): want a rewrite, got %v", text, err)
		}
		form, _, _ := strings.Cut(hint, " or ")
		if _, plain := value.ParseNum(form); !plain {
			return fmt.Sprintf("number(%q): the rewrite %q is not plain number text (%v)", text, form, err)
		}
		back, err2 := tpl.Value(scope.New(map[string]any{"x": form}))
		if err2 != nil || back.Kind() != value.Number || ratOf(back.Num().String()).Cmp(want) != 0 {
			return fmt.Sprintf("number(%q) says write %q, which reads %v %v; %s was written", text, form, back, err2, w.Plain())
		}
		return ""
	}, WrittenNumbers()))
	t.Logf("%d writings read, %d refused with their rewrite", read.Load(), refused.Load())
	if read.Load() == 0 || refused.Load() == 0 {
		t.Errorf("the generator drew %d writings to read and %d to refuse; want both", read.Load(), refused.Load())
	}
}

// ratOf is plain number text as a big.Rat (it panics on anything else:
// only the generator's own text is given).
func ratOf(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("not a number: " + s)
	}
	return r
}
