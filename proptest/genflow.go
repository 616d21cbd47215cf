package proptest

import (
	"encoding/json"
	"math/rand"
	"reflect"
	"strings"

	"github.com/leanovate/gopter"
)

// A small flow over a small sheet, as an author writes them and a
// spreadsheet saves them (D41-D45): fields whose placeholders look up
// columns that are there, missing or blank, read them as numbers, count,
// join and divide by them; condition lines with ==, <, >, in, and / or /
// not and the traps of D44; and a CSV sheet with odd header names, blank
// and missing cells, number text with commas, spaces and currencies, Thai
// text and a key column. The pieces are text: a flow is lines, a sheet
// is cells, and each shrinks by dropping lines, rows and columns.

// FlowLine is one field of a generated flow: its label and value.
type FlowLine struct {
	Label string // "condition" for a condition line; "" for a line as it is
	Value string
}

// RawLines are lines of a flow that are no field, or fields that are
// wrong whatever the data: prose and a line under a field (which Validate
// reads and warns about), a fenced block (skipped), a label meant as a
// condition, an environment variable not let in, a method call, and
// problems known without data (an unknown function, a syntax error, a ${
// not closed), and placeholders that are always empty.
var RawLines = [][]string{
	{"Total: ${number(row.Amount) * 2} THB"},
	{"  ${row.Status}"},
	{"```", "- **x:** ${1/0}", "```"},
	{"- condition: ${row.Status} == Active"},
	{"- **home:** ${env.HOME}"},
	{"- **m:** ${row.len(x)}"},
	{"- **bad:** ${lenght(row.id)}"},
	{"- **condition:** ${row.Status} =="},
	{"- **open:** ${row.id"},
	{"- **condition:** ${row.Status} == 'Active' or"},
	{"- **empty:** Thanks ${} ${.status}"},
	{"- **condition:** ${.Status} == Active"},
}

// FlowSheet is a generated flow and the sheet it runs over.
type FlowSheet struct {
	Lines  []FlowLine
	Header []string   // Header[0] is the key column, "id"
	Rows   [][]string // a row may have fewer cells than the header
	// Blank are the rows (by index) a blank line comes before in the
	// CSV text: a spreadsheet skips it, and names the rows after it by
	// their place in the file (D41).
	Blank map[int]bool
}

// SheetColumns are the columns a generated sheet may have besides its key
// column "id": header names with spaces, signs and Thai.
var SheetColumns = []string{"Amount", "Status", "Unit Price (THB)", "ชื่อ", "First Name", "a.b", "Due Date", "n", "Customer", "Role in Company", "a-b"}

// MissingColumns are lookups of keys that no generated sheet has.
var MissingColumns = []string{"Amout", "Missing", "status"}

// SheetCells are the cells of a generated sheet besides WrittenNumbers:
// blank, words a condition compares with, Thai, and number text that
// number() reads, refuses as not clear (D34, D39) or finds none in.
var SheetCells = []string{
	"", "", " ", "Active", "active", "Due", "Lapsed", "n/a", "สมชาย", "บาท", "0", "00", "12", "-4", "(3)",
	"1,200", "฿ 9 800", "12,5", "1.234,56", "15,434.75 บาท/ปี", "abc", "Johnson and Johnson", "a, b", "2026-01-31",
	"=1+1", "true", "${row.id}",
}

var flowSheetType = reflect.TypeOf(FlowSheet{})

// FlowSheets generates a flow of one to six fields over a sheet of up to
// six rows.
func FlowSheets() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		r := p.Rng
		fs := FlowSheet{Header: []string{"id"}, Blank: map[int]bool{}}
		perm := r.Perm(len(SheetColumns))
		for _, i := range perm[:1+r.Intn(5)] {
			fs.Header = append(fs.Header, SheetColumns[i])
		}
		nrows := 1 + r.Intn(6)
		for i := range nrows {
			row := []string{"INV-" + string(rune('A'+i))}
			if r.Intn(8) == 0 {
				row[0] = pick(r, []string{"", "INV-A", "=cmd", "INV\u202e1", "A\tB", " 7 "}) // a blank, repeated or odd key
			}
			n := len(fs.Header)
			if r.Intn(6) == 0 {
				n = 1 + r.Intn(n) // missing trailing cells
			}
			for range n - 1 {
				row = append(row, sheetCell(r))
			}
			fs.Rows = append(fs.Rows, row)
			if r.Intn(10) == 0 {
				fs.Blank[i] = true
			}
		}
		g := flowGen{r: r, cols: fs.Header[1:]}
		for range 1 + r.Intn(6) {
			if r.Intn(8) == 0 {
				for _, l := range pick(r, RawLines) {
					fs.Lines = append(fs.Lines, FlowLine{Value: l})
				}
				continue
			}
			if r.Intn(5) < 2 {
				fs.Lines = append(fs.Lines, FlowLine{"condition", g.condition()})
			} else {
				fs.Lines = append(fs.Lines, FlowLine{pick(r, []string{"subject", "note", "amount", "to", "ยอด"}), g.template()})
			}
		}
		return &gopter.GenResult{Result: fs, ResultType: flowSheetType, Shrinker: ShrinkFlowSheet}
	}
}

func sheetCell(r *rand.Rand) string {
	if r.Intn(3) == 0 {
		w := WrittenNumber{Whole: uint64(r.Intn(20000)), Frac: uint64(r.Intn(100)), FracN: r.Intn(3),
			Style: r.Intn(3), Space: r.Intn(len(GroupSpaces)), Sign: r.Intn(7), Unit: r.Intn(len(NumberUnits)),
			European: r.Intn(4) == 0}
		if r.Intn(4) == 0 {
			w.Label = r.Intn(len(NumberLabels))
		}
		if r.Intn(8) == 0 {
			for i, z := range DigitZeros {
				if z == '\u0e50' {
					w.Script = i
				}
			}
		}
		return w.Text()
	}
	return pick(r, SheetCells)
}

type flowGen struct {
	r    *rand.Rand
	cols []string
}

// col is a column the sheet has, or now and then one it lacks.
func (g *flowGen) col() string {
	if len(g.cols) == 0 || g.r.Intn(6) == 0 {
		return pick(g.r, MissingColumns)
	}
	return pick(g.r, g.cols)
}

// lookup is a lookup of a column as an author writes it.
func (g *flowGen) lookup() string {
	c := g.col()
	switch {
	case g.r.Intn(10) == 0:
		return "rows[" + pick(g.r, []string{"0", "-1", "1"}) + "]." + pick(g.r, []string{"id", "Amount", "Status"})
	case strings.ContainsAny(c, " -") && g.r.Intn(2) == 0:
		return "row." + c // a key with spaces or signs written as a path (D12)
	case strings.ContainsAny(c, " .()-") || g.r.Intn(4) == 0:
		return "row['" + c + "']"
	}
	return "row." + c
}

// expr is the text of one placeholder's expression.
func (g *flowGen) expr() string {
	r := g.r
	l := g.lookup
	switch r.Intn(17) {
	case 0, 1:
		return l()
	case 2:
		return "number(" + l() + ")"
	case 3:
		return "len(" + l() + ")"
	case 4:
		return "join(" + pick(r, []string{l(), "rows", "[" + l() + ", " + l() + "]"}) + pick(r, []string{"", ", '-'", ", ''"}) + ")"
	case 5:
		return "default(" + l() + ", " + pick(r, []string{"'none'", "none", "0", "number(" + l() + ")", "1 / " + l()}) + ")"
	case 6:
		return "number(" + l() + ") " + pick(r, []string{"+", "-", "*", "%"}) + " " + pick(r, []string{"2", "number(" + l() + ")", "1.07"})
	case 7:
		return pick(r, []string{"100", "number(" + l() + ")"}) + " / number(" + l() + ")"
	case 8:
		return "100 / " + l()
	case 9:
		return l() + " * 2"
	case 10:
		return "round(number(" + l() + ")" + pick(r, []string{"", ", 2", ", " + l()}) + ")"
	case 11:
		return "format(" + pick(r, []string{"number(" + l() + ")", l()}) + pick(r, []string{"", ", 0", ", 2, ''"}) + ")"
	case 12:
		return pick(r, []string{"upper", "lower", "trim"}) + "(" + l() + ")"
	case 13:
		return "default(number(" + l() + "), 0) + 1"
	case 14:
		return g.col() // a bare column name (D44: did you mean row.X?)
	case 15:
		return "len(rows)"
	}
	return "substring(" + l() + ", 0, " + pick(r, []string{"2", "number(" + l() + ")"}) + ")"
}

// template is a field's value: text and placeholders.
func (g *flowGen) template() string {
	r := g.r
	var b strings.Builder
	for range 1 + r.Intn(3) {
		switch weighted(r, 3, 8, 1) {
		case 0:
			b.WriteString(pick(r, []string{"Dear ", " THB", " บาท ", ", ", "100% ", "$ {x} "}))
		case 1:
			b.WriteString("${" + g.expr() + "}")
		default:
			b.WriteString(pick(r, []string{"{{ row.id }}", "$row.id ", "${row.id} + ' THB'"})) // D44 traps
		}
	}
	return b.String()
}

// part is one part of a condition line.
func (g *flowGen) part() string {
	r := g.r
	h := func() string { return "${" + g.lookup() + "}" }
	var s string
	switch r.Intn(14) {
	case 0:
		s = h() + " == 'Active'"
	case 1:
		s = h() + " == Active" // a bare word: fine, text
	case 2:
		s = h() + " == Active or Due" // D44 trap
	case 3:
		s = h() + " " + pick(r, []string{">", "<", ">=", "<="}) + " " + pick(r, []string{"5", "1,000", "0", "9 800"})
	case 4:
		s = "${number(" + g.lookup() + ")} " + pick(r, []string{">", "<"}) + " " + pick(r, []string{"100", "${number(" + g.lookup() + ")}"})
	case 5:
		s = h() + " in Active, Due"
	case 6:
		s = h() + " " + pick(r, []string{"is empty", "is not empty", "contains 'a'", "!= Lapsed", "!= a, b"})
	case 7:
		s = h() // a lone placeholder
	case 8:
		s = h() + " == 'Active'and " + h() + " > 3" // D44: a word glued to a quote
	case 9:
		s = pick(r, []string{"Active", "yes", "true"}) // a bare word as a whole condition
	case 10:
		s = h() + " == ${" + g.lookup() + "}"
	case 11:
		s = "${" + g.expr() + "} > " + pick(r, []string{"0", "10"})
	case 12:
		s = h() + " == 'Active' && " + h() + " == Due" // D44: &&
	default:
		s = h() + " in " + pick(r, []string{"'Active', 'Due'", "Active", "${rows}"})
	}
	if r.Intn(6) == 0 {
		s = "not " + s
	}
	return s
}

// condition is a condition line: parts joined by and / or, and now and
// then a trap of D44 around it.
func (g *flowGen) condition() string {
	r := g.r
	s := g.part()
	for range r.Intn(3) {
		s += pick(r, []string{" and ", " or ", " AND "}) + g.part()
	}
	switch r.Intn(10) {
	case 0:
		s = "if " + s
	case 1:
		s += ";"
	}
	return s
}

// FlowText is the flow as Markdown: a heading, then one field a line.
func (fs FlowSheet) FlowText() string {
	var b strings.Builder
	b.WriteString("# Generated\n\n")
	for _, l := range fs.Lines {
		if l.Label == "" {
			b.WriteString(l.Value + "\n")
			continue
		}
		b.WriteString("- **" + l.Label + ":** " + l.Value + "\n")
	}
	return b.String()
}

// CSV is the sheet as CSV text, every cell quoted.
func (fs FlowSheet) CSV() string {
	var b strings.Builder
	line := func(cells []string) {
		for i, c := range cells {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"` + strings.ReplaceAll(c, `"`, `""`) + `"`)
		}
		b.WriteByte('\n')
	}
	line(fs.Header)
	for i, row := range fs.Rows {
		if fs.Blank[i] {
			b.WriteByte('\n')
		}
		line(row)
	}
	return b.String()
}

// JSONL is the sheet as JSON lines: an object a row, with the keys of
// the cells it has (a missing trailing cell is a missing key) and its
// cells as text; a blank line stands where the CSV has one.
func (fs FlowSheet) JSONL() string {
	var b strings.Builder
	for i, row := range fs.Rows {
		if fs.Blank[i] {
			b.WriteByte('\n')
		}
		m := map[string]string{}
		for j, c := range row {
			m[fs.Header[j]] = c
		}
		line, _ := json.Marshal(m)
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// String shows a case as the two files.
func (fs FlowSheet) String() string {
	return "flow:\n" + fs.FlowText() + "sheet:\n" + fs.CSV()
}

// ShrinkFlowSheet drops a line, a row or a column (not the key column).
func ShrinkFlowSheet(v any) gopter.Shrink {
	fs := v.(FlowSheet)
	var out []FlowSheet
	for i := range fs.Lines {
		c := fs
		c.Lines = append(append([]FlowLine{}, fs.Lines[:i]...), fs.Lines[i+1:]...)
		if len(c.Lines) > 0 {
			out = append(out, c)
		}
	}
	for i := range fs.Rows {
		if len(fs.Rows) == 1 {
			break
		}
		c := fs
		c.Rows = append(append([][]string{}, fs.Rows[:i]...), fs.Rows[i+1:]...)
		c.Blank = map[int]bool{}
		for k := range fs.Blank {
			switch {
			case k < i:
				c.Blank[k] = true
			case k > i:
				c.Blank[k-1] = true
			}
		}
		out = append(out, c)
	}
	for j := 1; j < len(fs.Header); j++ {
		c := fs
		c.Header = append(append([]string{}, fs.Header[:j]...), fs.Header[j+1:]...)
		c.Rows = make([][]string, len(fs.Rows))
		for i, row := range fs.Rows {
			if j < len(row) {
				row = append(append([]string{}, row[:j]...), row[j+1:]...)
			}
			c.Rows[i] = row
		}
		out = append(out, c)
	}
	return sliceShrink(out)
}
