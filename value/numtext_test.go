package value

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// D7, D21, D28, D49: number(...) is suggested only for text it reads as
// shown; a number written with an exponent, in hexadecimal or with `_` is
// given in plain digits; a number too long to hold, or more than one
// number, is told as such.
func TestNumberText(t *testing.T) {
	for _, c := range []struct {
		s     string
		what  NumberInText
		plain string
	}{
		{"abc", NoNumber, ""},
		{"", NoNumber, ""},
		{"1,200 THB", OneNumber, ""},
		{"15,434.75 บาท/ปี", OneNumber, ""},
		{"(1,200)", OneNumber, ""},
		{"฿ -3.5", OneNumber, ""},
		{"INV-2026", OneNumber, ""},
		{"๑๒๓", OneNumber, ""},
		{"12.", OneNumber, ""},
		{"1e3", WrittenNumber, "1000"},
		{" 2.5E-3 ", WrittenNumber, "0.0025"},
		{"-1e2", WrittenNumber, "-100"},
		{"0x10", WrittenNumber, "16"},
		{"1_000", WrittenNumber, "1000"},
		{"1e500", WrittenNumber, ""},
		{"1e3 kg", NotOneNumber, ""},
		{"1, 2, 3", NotOneNumber, ""},
		{"2026-04-15", NotOneNumber, ""},
		{"1.234,56", NotOneNumber, ""},
		{"1,2345", NotOneNumber, ""},
		{"Total: 12 items, 3 boxes", NotOneNumber, ""},
		{strings.Repeat("9", 2000), LongNumber, ""},
		{"x " + strings.Repeat("9", 1001) + " y", LongNumber, ""},
		{strings.Repeat("0", 2000) + "1", OneNumber, ""},
		{"#DIV/0!", SheetError, ""}, // an XLSX error cell reads as its text
		{" #div/0! ", SheetError, ""},
		{"#N/A", NoNumber, ""},
		{"#DIV/0! 5", NotOneNumber, ""},
	} {
		what, plain := NumberText(c.s)
		require.Equal(t, c.what, what, "%q", c.s)
		require.Equal(t, c.plain, plain, "%q", c.s)
	}
}
