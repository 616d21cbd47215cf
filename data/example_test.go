package data_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kinenix/expressions/data"
	"github.com/kinenix/expressions/value"
)

// A YAML file: the zip code keeps its leading zero, the phone number its
// plus sign, the amount is an exact number, and the merge key fills in what
// the customer does not set.
func ExampleDecode() {
	src := `
defaults: &defaults
  country: TH
  status: new
customer:
  <<: *defaults
  status: renewed
  zip: 01234
  phone: +66812345678
  amount: 1250.50
`
	d, err := data.Decode("order.yaml", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	c := d.Vars()["customer"].(map[string]any)
	fmt.Println(c["country"], c["status"], c["zip"], c["phone"], c["amount"])
	// Output: TH renewed 01234 +66812345678 1250.50
}

// A CSV sheet gives rows and row; RowVars picks another row, counting from
// the end when negative.
func ExampleData_RowVars() {
	src := "policy_no,customer,premium\nP-001,\"Somchai, K.\",1200\nP-002,Anna,980.5\n"
	d, err := data.Decode("renewals.csv", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.IsSheet(), d.Len())
	last, err := d.RowVars(-1)
	if err != nil {
		fmt.Println(err)
		return
	}
	row := last["row"].(map[string]any)
	fmt.Println(row["policy_no"], row["customer"], row["premium"])
	_, err = d.RowVars(2)
	fmt.Println(err)
	// Output:
	// true 2
	// P-002 Anna 980.5
	// row 2 is out of range: the sheet in renewals.csv has 2 rows
}

// A sheet's rows are a *value.Table: the header once, each row its values.
// value.FromHost reads it as the list of dictionaries it stands for, and
// Row gives one row as a map.
func ExampleData_Row() {
	src := "policy_no,premium\nP-001,1200\nP-002,980.5\n"
	d, err := data.Decode("renewals.csv", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	rows := d.Vars()["rows"].(*value.Table)
	fmt.Println(rows.Keys(), rows.Len(), d.Row(-1))
	v, _ := value.FromHost(rows)
	first, _ := v.Index(0)
	fmt.Println(first.String())
	// Output:
	// [policy_no premium] 2 map[policy_no:P-002 premium:980.5]
	// {"policy_no":"P-001","premium":1200}
}

// Duplicate keys are refused with their line, in JSON as in YAML.
func ExampleDecode_duplicateKey() {
	_, err := data.Decode("order.json", []byte("{\"amount\": 1,\n \"amount\": 1000000}"))
	fmt.Println(err)
	// Output: data in order.json: line 2: the key "amount" is given twice in one mapping
}

// OpenRows reads a sheet one row at a time: Index is what an expression
// uses (rows[Index]), SheetRow the row the spreadsheet shows (the blank
// line and the line break inside the quoted note count as the sheet does).
func ExampleOpenRows() {
	src := "policy_no,note\n0042,\"two\nlines\"\n\n0043,renewed\n"
	r, err := data.OpenRows("renewals.csv", strings.NewReader(src), int64(len(src)))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Header())
	for {
		row, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("rows[%d] (sheet row %d): %s\n", row.Index, row.SheetRow, row.Values["policy_no"])
	}
	// Output:
	// [policy_no note]
	// rows[0] (sheet row 2): 0042
	// rows[1] (sheet row 4): 0043
}

// A host that is done with each row before it reads the next gives its
// map back to NextInto, which reads the next row into it: the sheet is
// read with one map, whatever its length.
func ExampleRowReader_NextInto() {
	src := "policy_no,status\n0042,Due\n0043,Paid\n"
	r, err := data.OpenRows("renewals.csv", strings.NewReader(src), int64(len(src)))
	if err != nil {
		fmt.Println(err)
		return
	}
	var values map[string]any // nil: the first row gets a map of its own
	for {
		row, err := r.NextInto(values)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("rows[%d]: %s %s\n", row.Index, row.Values["policy_no"], row.Values["status"])
		values = row.Values // done with it: the next row is read into it
	}
	// Output:
	// rows[0]: 0042 Due
	// rows[1]: 0043 Paid
}

// Sheets lists a workbook's sheets, the names the option Sheet takes
// (the command line's FILE.xlsx#Sheet); Decode reads the first by default.
func ExampleSheets() {
	b, err := os.ReadFile("../examples/renewals.xlsx")
	if err != nil {
		fmt.Println(err)
		return
	}
	names, err := data.Sheets("renewals.xlsx", b)
	if err != nil {
		fmt.Println(err)
		return
	}
	d, err := data.Decode("renewals.xlsx", b, data.Sheet(names[0]))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(names, d.Len())
	_, err = data.Sheets("renewals.xlsx", []byte("policy_no\nP-001\n"))
	fmt.Println(err)
	// Output:
	// [Renewals] 4
	// data in renewals.xlsx: this is not an XLSX workbook but text; name it for what it holds (.csv, .json or .yaml)
}
