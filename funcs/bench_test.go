package funcs

import (
	"testing"

	"github.com/kinenix/expressions/value"
)

// The cases of research/performance.md, calling the functions directly
// (what eval adds on top is measured there).

var (
	benchPackages = host([]any{"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10"})
	benchIDs      = host([]any{"REQ-1001", "REQ-1002", "REQ-1003", "REQ-1004", "REQ-1005"})
	benchMixed    = host([]any{"REQ-1001", 12, "3.5", true, nil, 1000, "REQ-1002", 7.25, "x", false, 3})
	benchPremium  = txt("15,434.75 บาท/ปี")
	benchBrand    = txt("  toyota  ")
	benchSep      = txt(", ")
	benchSink     value.Value
)

func BenchmarkLen(b *testing.B) {
	f, _ := Lookup("len")
	args := []value.Value{benchPackages}
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = f.Call(nil, args)
	}
}

func BenchmarkJoin(b *testing.B) {
	f, _ := Lookup("join")
	args := []value.Value{benchIDs, benchSep}
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = f.Call(nil, args)
	}
}

// BenchmarkJoinMixed joins a list of texts, numbers, booleans and an empty
// item, longer than the items join keeps between its two passes.
func BenchmarkJoinMixed(b *testing.B) {
	f, _ := Lookup("join")
	args := []value.Value{benchMixed, benchSep}
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = f.Call(nil, args)
	}
}

func BenchmarkNumber(b *testing.B) {
	f, _ := Lookup("number")
	args := []value.Value{benchPremium}
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = f.Call(nil, args)
	}
}

func BenchmarkTrimUpper(b *testing.B) {
	trim, _ := Lookup("trim")
	upper, _ := Lookup("upper")
	args := []value.Value{benchBrand}
	b.ReportAllocs()
	for b.Loop() {
		v, _ := upper.Call(nil, args)
		benchSink, _ = trim.Call(nil, []value.Value{v})
	}
}

func BenchmarkLookup(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, _ = Lookup("substring")
	}
}
