package value

import (
	"encoding/json"
	"testing"
)

var (
	sinkNum   Num
	sinkVal   Value
	sinkBool  bool
	sinkBytes []byte
	sinkStr   string
	sinkErr   error
)

// Performance (research/performance.md): the warm path allocates nothing
// for typical business numbers and texts.

func BenchmarkAddSmall(b *testing.B) {
	x, y := num(b, "0.1"), num(b, "0.2")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkNum, sinkErr = x.Add(y)
	}
}

func BenchmarkMulSmall(b *testing.B) {
	x, y := num(b, "15434.75"), Int(12)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkNum, sinkErr = x.Mul(y)
	}
}

func BenchmarkQuoExact(b *testing.B) {
	x, y := num(b, "185217"), Int(12)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkNum, sinkErr = x.Quo(y)
	}
}

// BenchmarkQuoRounded is 1/3: 34 digits do not fit the fast path, so the
// result holds an apd.Decimal.
func BenchmarkQuoRounded(b *testing.B) {
	x, y := Int(1), Int(3)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkNum, sinkErr = x.Quo(y)
	}
}

func BenchmarkAddHuge(b *testing.B) {
	x, y := num(b, "123456789012345678901234567890.5"), num(b, "0.25")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkNum, sinkErr = x.Add(y)
	}
}

func BenchmarkRound(b *testing.B) {
	x := num(b, "2.675")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkNum, sinkErr = x.Round(2)
	}
}

func BenchmarkParseNum(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkNum, sinkBool = ParseNum(" 15434.75 ")
	}
}

func BenchmarkFromFloat(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkNum, sinkErr = FromFloat(0.07)
	}
}

func BenchmarkFromFloatWhole(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkNum, sinkErr = FromFloat(1200)
	}
}

func BenchmarkFromHostJSONNumber(b *testing.B) {
	x := any(json.Number("15434.75"))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkVal, sinkErr = FromHost(x)
	}
}

func BenchmarkEqualText(b *testing.B) {
	x, y := TextValue("  Active "), TextValue("active")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkBool = Equal(x, y)
	}
}

func BenchmarkEqualUnicode(b *testing.B) {
	x, y := TextValue("ÉCOLE"), TextValue("école")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkBool = Equal(x, y)
	}
}

func BenchmarkEqualNumeric(b *testing.B) {
	x, y := TextValue("12"), NumberValue(num(b, "12.0"))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkBool = Equal(x, y)
	}
}

func BenchmarkOrder(b *testing.B) {
	x, y := TextValue("15434.75"), NumberValue(Int(0))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_, sinkBool, sinkErr = Order(x, y)
	}
}

func BenchmarkMemberText(b *testing.B) {
	x, y := TextValue("pending"), TextValue("Active, Pending, Closed")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkBool = Member(x, y)
	}
}

func BenchmarkContainsText(b *testing.B) {
	x, y := TextValue("Please SKIP this row"), TextValue("skip")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkBool = Contains(x, y)
	}
}

func BenchmarkShowNumber(b *testing.B) {
	v := NumberValue(num(b, "185217.25"))
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkBytes, sinkErr = v.Show(buf[:0], DefaultMaxSize)
	}
}

// BenchmarkNumString allocates the returned string.
func BenchmarkNumString(b *testing.B) {
	n := num(b, "185217.25")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkStr = n.String()
	}
}

func BenchmarkShowList(b *testing.B) {
	v := host(b, []any{"a1", "b2", json.Number("3.5"), true})
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkBytes, sinkErr = v.Show(buf[:0], DefaultMaxSize)
	}
}

func BenchmarkIndexKey(b *testing.B) {
	rows := host(b, []any{map[string]any{"request_id": "R-1", "premium": json.Number("15434.75")}})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r, _ := rows.Index(0)
		sinkVal, sinkBool, sinkErr = r.Key("premium")
	}
}

func BenchmarkRemSmall(b *testing.B) {
	x, y := Int(7), Int(3)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkNum, sinkErr = x.Rem(y)
	}
}
