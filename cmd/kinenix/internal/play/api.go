package play

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/kinenix/expressions/cmd/kinenix/internal/lsp"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/scope"
)

// The page asks for its work by name, with a JSON request, and gets JSON
// back: from the server of `kinenix play` (POST /api/NAME) or from the
// library compiled to WebAssembly (kinenix.call(NAME, JSON) in the page).
// Both run Call, so the page is the same page either way.
//
//	check     Request in, Result out
//	table     TableRequest in, TableResult out
//	complete  CursorRequest in, []lsp.Completion out
//	hover     CursorRequest in, lsp.Hover out (null when none)
//	functions nothing in, the function reference out
//	start     nothing in, the example the page starts with (Start) out

// Methods are the names Call answers.
var Methods = []string{"check", "table", "complete", "hover", "functions", "start"}

// BadRequest is the error of a request Call cannot read: its text says
// what a request of that name is.
type BadRequest struct{ What string }

func (e *BadRequest) Error() string { return e.What }

// CursorRequest is a cursor in the flow: the check's flow and data (the
// data is the sample completion and hover read), and the line of the flow
// (1-based) and the offset in it (UTF-16 code units, as the page counts).
type CursorRequest struct {
	Request
	Line   int `json:"line"`
	Column int `json:"column"`
}

// Call answers the request named name with body as JSON. An error is a
// *BadRequest, or ctx's error when ctx is done before the answer is.
func Call(ctx context.Context, name string, body []byte) ([]byte, error) {
	var out any
	switch name {
	case "check":
		var req Request
		if err := readRequest(body, &req, "check", "format (text) and row (a whole number)"); err != nil {
			return nil, err
		}
		res, err := Check(ctx, req)
		if err != nil {
			return nil, err
		}
		out = res
	case "table":
		var req TableRequest
		if err := readRequest(body, &req, "table", "format (text), offset and limit (whole numbers)"); err != nil {
			return nil, err
		}
		res, err := Table(ctx, req)
		if err != nil {
			return nil, err
		}
		out = res
	case "complete", "hover":
		var req CursorRequest
		if err := readRequest(body, &req, "cursor", "format (text), line and column (whole numbers)"); err != nil {
			return nil, err
		}
		line, sample := cursorLine(req), sampleOf(req.Request)
		if name == "complete" {
			out = lsp.Complete(line, req.Column, sample)
		} else if h, ok := lsp.HoverAt(line, req.Column, sample); ok {
			out = h
		}
	case "functions":
		out = functions()
	case "start":
		out = Starter()
	default:
		return nil, &BadRequest{"no such request: ask for one of " + strings.Join(Methods, ", ")}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil, errors.New("the answer could not be written") // the types above always marshal
	}
	return b, nil
}

// readRequest reads body, a request of kind what, into req: it must be
// one JSON object whose fields have their kinds. Anything else (null, a
// list, a text, a field of another kind) is a *BadRequest that says what
// to send, the same for every request: flow and data (text), then the
// request's own fields. The decoder's own words name Go types; the page
// and a person writing a request by hand need what a request is.
func readRequest(body []byte, req any, what, fields string) error {
	t := bytes.TrimLeft(body, " \t\r\n")
	var err error
	if len(t) > 0 && t[0] == '{' {
		err = json.Unmarshal(body, req)
	}
	var corrupt base64.CorruptInputError
	var kind *json.UnmarshalTypeError
	switch {
	case errors.As(err, &corrupt), errors.As(err, &kind) && (kind.Field == "bytes" || strings.HasSuffix(kind.Field, ".bytes")):
		// A workbook's bytes: say which field and what it takes, not
		// the decoder's words.
		return &BadRequest{"the request's bytes are not base64: send a workbook's bytes in bytes as base64 text (A-Z, a-z, 0-9, + and /, ended with = as needed), as JavaScript's btoa writes them"}
	case len(t) == 0 || t[0] != '{' || err != nil:
		return &BadRequest{"the request is not a " + what + ": send a JSON object with flow and data (text), " + fields}
	}
	if r, ok := req.(interface{ request() *Request }); ok && !slices.Contains(Formats, r.request().Format) {
		return &BadRequest{"the data format \"" + echo.Text(r.request().Format) + "\" is not one the playground reads: send format as " + formatList()}
	}
	return nil
}

// Formats are the data formats a request may name: "" and "auto" read
// JSON when the text starts with `{` and YAML otherwise.
var Formats = []string{"", "auto", "json", "yaml", "csv", "xlsx"}

// formatList is Formats in words, for a message.
func formatList() string {
	var qs []string
	for _, f := range Formats[1:] {
		qs = append(qs, strconv.Quote(f))
	}
	return strings.Join(qs[:len(qs)-1], ", ") + " or " + qs[len(qs)-1] + " (or leave it out)"
}

func (r *Request) request() *Request { return r }

// cursorLine is line req.Line of the flow, without its line end; "" past
// the end.
func cursorLine(req CursorRequest) string {
	if req.Line < 1 {
		return ""
	}
	rest := req.Flow
	for range req.Line - 1 {
		i := strings.IndexByte(rest, '\n')
		if i < 0 {
			return ""
		}
		rest = rest[i+1:]
	}
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimSuffix(rest, "\r")
}

// sampleOf is the data of req as sample data for completion and hover,
// nil when it has none or it cannot be read.
func sampleOf(req Request) *scope.Scope {
	if !hasData(req) {
		return nil
	}
	vars, _, err := decode(req)
	if err != nil {
		return nil
	}
	return newScope(vars)
}

// function is one entry of the function reference: the table's own
// record (funcs.Func, whose JSON is the docs' fields) and its signature.
type function struct {
	*funcs.Func
	Signature string `json:"signature"`
}

// functions is the function reference, from the one function table.
func functions() []function {
	all := funcs.All()
	out := make([]function, len(all))
	for i, f := range all {
		out[i] = function{Func: f, Signature: f.Signature()}
	}
	return out
}

// Start is what the page starts with: a flow, its data and their names.
// A workbook (DataFormat "xlsx") is in Bytes, with the sheet to read.
type Start struct {
	Flow       string `json:"flow"`
	FlowName   string `json:"flowName"`
	Data       string `json:"data"`
	Bytes      []byte `json:"bytes,omitempty"`
	Sheet      string `json:"sheet,omitempty"`
	DataName   string `json:"dataName"`
	DataFormat string `json:"dataFormat"`
}

// Starter is the example the page starts with when it is given no flow.
func Starter() Start {
	return Start{Flow: starterFlow, FlowName: "example.md", Data: starterData, DataName: "example.json", DataFormat: "json"}
}
