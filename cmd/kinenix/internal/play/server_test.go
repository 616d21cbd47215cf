//go:build !js || !wasm

package play

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/scope"
	"github.com/stretchr/testify/require"
)

// post sends a check to h as the page does.
func post(t *testing.T, h http.Handler, body string, edit ...func(*http.Request)) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest("POST", "http://127.0.0.1:8080/api/check", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Origin", "http://127.0.0.1:8080")
	for _, e := range edit {
		e(r)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func checkOK(t *testing.T, h http.Handler, req Request) Result {
	t.Helper()
	b, err := json.Marshal(req)
	require.NoError(t, err)
	w := post(t, h, string(b))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.Equal(t, "application/json; charset=utf-8", w.Header().Get("Content-Type"))
	var res Result
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &res))
	return res
}

// The page's main loop: a typo shows validate's message on its line and
// column (D16 wording, D32 checks); fixed, the field renders.
func TestCheckTypoThenFix(t *testing.T) {
	h := New(Options{})
	data := `{"packages":[1,2,3]}`
	res := checkOK(t, h, Request{Flow: "# Report\n\n- **subject:** ${lenght(packages)}\n", Data: data, Format: "json"})
	require.Equal(t, []Problem{{Finding: record.Finding{Place: record.Place{File: "flow.md", Line: 3, Column: 18},
		Expression: "lenght(packages)", Kind: "unknown-function",
		Message: "${lenght(packages)}: unknown function lenght; did you mean len?"}, EndLine: 3, EndColumn: 24}}, res.Problems)
	require.Len(t, res.Fields, 1)
	require.Equal(t, "subject", res.Fields[0].Label)
	require.Equal(t, 3, res.Fields[0].Line)
	require.Equal(t, "${lenght(packages)}: unknown function lenght; did you mean len?", res.Fields[0].Error)

	res = checkOK(t, h, Request{Flow: "# Report\n\n- **subject:** ${len(packages)}\n", Data: data, Format: "json"})
	require.Empty(t, res.Problems)
	require.Equal(t, []Field{{Line: 3, Column: 16, Label: "subject", Text: "${len(packages)}", Result: "3"}}, res.Fields)
	require.Empty(t, res.Conditions)
}

// A problem is the record validate -json writes for the same finding,
// cleaned as every message is (D37): a bidi control in the flow comes
// back as an escape, never as itself.
func TestCheckProblemIsValidateRecord(t *testing.T) {
	src := "- **a:** ${lenght('\u202e')}\n"
	res := checkOK(t, New(Options{}), Request{Flow: src})
	found := flow.Validate(fileName, []byte(src), nil)
	require.Len(t, res.Problems, len(found))
	for i, f := range found {
		require.Equal(t, record.FindingOf(f), res.Problems[i].Finding)
		require.Equal(t, f.EndColumn, res.Problems[i].EndColumn)
	}
	require.NotContains(t, res.Problems[0].Message, "\u202e")
	require.Contains(t, res.Problems[0].Message, `\u202e`)
}

// The problems are exactly validate's, warnings from the sample data
// included (D38-style warnings come from the same call).
func TestCheckWarningsFromData(t *testing.T) {
	res := checkOK(t, New(Options{}), Request{
		Flow: "- **to:** ${row.Frist Name}\n", Data: `{"row":{"First Name":"Ann"}}`})
	require.Len(t, res.Problems, 1)
	require.True(t, res.Problems[0].Warning)
	require.Equal(t, "row.Frist Name: no key 'Frist Name' in row; did you mean 'First Name'?", res.Problems[0].Message)
	require.Equal(t, 1, res.Problems[0].Line)
}

// Conditions come back decided, with the parts `kinenix cond -explain`
// prints, short-circuited parts marked as not evaluated.
func TestCheckConditionExplained(t *testing.T) {
	cond := "${len(packages)} > 2 and ${x} == 1 and ${y} == 2"
	res := checkOK(t, New(Options{}), Request{
		Flow: "- **Condition:** " + cond + "\n", Data: `{"packages":[1,2,3]}`})
	require.Len(t, res.Conditions, 1)
	c := res.Conditions[0]
	require.Equal(t, cond, c.Text)
	require.False(t, c.Verdict)
	require.Empty(t, c.Error)
	require.Equal(t, []Step{
		{Step: record.Step{Part: "${len(packages)} > 2", Values: "3", Result: true, Evaluated: true}, Shown: "${len(packages)} > 2: 3 -> true"},
		{Step: record.Step{Part: "${x} == 1", Values: "'' (empty)", Result: false, Evaluated: true}, Shown: "${x} == 1: '' (empty) -> false"},
		{Step: record.Step{Part: "${y} == 2"}, Shown: "${y} == 2: not needed"},
	}, c.Steps)
	require.Empty(t, res.Fields)

	// The same as the library says.
	cc, err := eval.CompileCondition(cond)
	require.NoError(t, err)
	_, steps, err := cc.Explain(scope.New(map[string]any{"packages": []any{1, 2, 3}}))
	require.NoError(t, err)
	for i, st := range steps {
		require.Equal(t, st.String(), c.Steps[i].Shown)
	}

	// A malformed condition is an error on its field and a problem.
	res = checkOK(t, New(Options{}), Request{Flow: "- **condition:** ${a} ==\n"})
	require.Len(t, res.Conditions, 1)
	require.True(t, strings.HasPrefix(res.Conditions[0].Error, "condition: "), res.Conditions[0].Error)
	require.NotEmpty(t, res.Problems)
	require.True(t, strings.HasPrefix(res.Problems[0].Message, "condition: "))
}

// Data that cannot be read is reported and the flow is still checked,
// without data.
func TestCheckBadData(t *testing.T) {
	res := checkOK(t, New(Options{}), Request{Flow: "- **n:** ${len(packages)}\n", Data: `{"packages": [1,`})
	require.NotEmpty(t, res.DataError)
	require.Len(t, res.Fields, 1)
	require.Equal(t, "0", res.Fields[0].Result)
}

// The data is read by data.Decode in the format chosen: a CSV's rows are
// rows and its first row row; YAML keeps a zip code's leading zero (D36);
// without a format, JSON or YAML as the text reads.
func TestCheckDataFormats(t *testing.T) {
	h := New(Options{})
	md := "- **n:** ${len(rows)} ${row.name} ${rows[-1].age}\n"
	res := checkOK(t, h, Request{Flow: md, Data: "name,age\nAnn,3\nBob,4\n", Format: "csv"})
	require.Empty(t, res.DataError)
	require.Equal(t, "2 Ann 4", res.Fields[0].Result)

	require.Equal(t, 2, res.Rows)
	// Row picks the sheet's row that is row, as -row does (D11: -1 is the
	// last); one past the end is an error that names the rows.
	for row, want := range map[int]string{0: "2 Ann 4", 1: "2 Bob 4", -1: "2 Bob 4", -2: "2 Ann 4"} {
		res = checkOK(t, h, Request{Flow: md, Data: "name,age\nAnn,3\nBob,4\n", Format: "csv", Row: row})
		require.Empty(t, res.DataError, row)
		require.Equal(t, want, res.Fields[0].Result, row)
	}
	res = checkOK(t, h, Request{Flow: md, Data: "name,age\nAnn,3\nBob,4\n", Format: "csv", Row: 2})
	require.Contains(t, res.DataError, "2 rows")
	require.Equal(t, 2, res.Rows)
	res = checkOK(t, h, Request{Flow: md, Data: "name,age\n", Format: "csv"})
	require.Empty(t, res.DataError)
	require.Equal(t, 0, res.Rows)
	require.Equal(t, "0  ", res.Fields[0].Result)

	for _, format := range []string{"yaml", "auto", ""} {
		res = checkOK(t, h, Request{Flow: "- **zip:** ${zip}\n", Data: "zip: 01234\n", Format: format})
		require.Empty(t, res.DataError, format)
		require.Equal(t, "01234", res.Fields[0].Result, format)
	}
	// Numbers stay exact decimals (D2).
	res = checkOK(t, h, Request{Flow: "- **a:** ${a + 0.2}\n", Data: `{"a": 0.1}`})
	require.Equal(t, "0.3", res.Fields[0].Result)

	// The same text as JSON is refused, with the decoder's message.
	res = checkOK(t, h, Request{Flow: "- **zip:** ${zip}\n", Data: "zip: 01234\n", Format: "json"})
	require.True(t, strings.HasPrefix(res.DataError, "data in data.json: "), res.DataError)
}

// The page never shows the server's environment.
func TestCheckNoEnvironment(t *testing.T) {
	t.Setenv("KINENIX_PLAY_SECRET", "hunter2")
	res := checkOK(t, New(Options{}), Request{Flow: "- **s:** [${env.KINENIX_PLAY_SECRET}]\n"})
	require.Equal(t, "[]", res.Fields[0].Result)
}

// At most MaxFields fields are rendered; the rest are counted.
func TestCheckFieldCap(t *testing.T) {
	md := strings.Repeat("- **f:** ${1 + 1}\n", MaxFields+5)
	res := checkOK(t, New(Options{}), Request{Flow: md})
	require.Len(t, res.Fields, MaxFields)
	require.Equal(t, 5, res.Omitted)
	require.Equal(t, "2", res.Fields[MaxFields-1].Result)
}

// A text built while rendering is capped at MaxValueSize (D17).
func TestCheckValueCap(t *testing.T) {
	res := checkOK(t, New(Options{}), Request{
		Flow: "- **big:** ${join(xs, '')}\n",
		Data: `{"xs":["` + strings.Repeat("a", MaxValueSize) + `", "b"]}`})
	require.Len(t, res.Fields, 1)
	require.Empty(t, res.Fields[0].Result)
	require.Contains(t, res.Fields[0].Error, "${join(xs, '')}: ")
}

// A long result is sent cut at MaxShown bytes, on a character boundary,
// with the number of bytes left out.
func TestCheckResultCut(t *testing.T) {
	res := checkOK(t, New(Options{}), Request{
		Flow: "- **long:** ab${s}\n", Data: `{"s":"` + strings.Repeat("ก", MaxShown) + `"}`})
	f := res.Fields[0]
	require.Empty(t, f.Error)
	require.True(t, utf8.ValidString(f.Result))
	require.Equal(t, 2+3*((MaxShown-2)/3), len(f.Result)) // "ab" and whole 3-byte letters
	require.Less(t, len(f.Result), MaxShown)              // MaxShown falls inside a letter
	require.Equal(t, 2+3*MaxShown, len(f.Result)+f.Cut)
	short := checkOK(t, New(Options{}), Request{Flow: "- **short:** ${s}\n", Data: `{"s":"abc"}`})
	require.Equal(t, Field{Line: 1, Column: 14, Label: "short", Text: "${s}", Result: "abc"}, short.Fields[0])
}

// The steps of one condition are cut at MaxShown bytes as a field's
// result is, so that many long conditions keep the answer bounded.
func TestCheckStepsCut(t *testing.T) {
	line := "- **condition:** " + strings.TrimSuffix(strings.Repeat("${x} == ${y} or ", 120), " or ") + "\n"
	long := strings.Repeat("v", 2000)
	res := checkOK(t, New(Options{}), Request{Flow: line, Data: `{"x":"` + long + `","y":"w` + long + `"}`})
	c := res.Conditions[0]
	require.Empty(t, c.Error)
	require.Positive(t, c.StepsCut)
	require.Equal(t, 120, len(c.Steps)+c.StepsCut)
	size := 0
	for _, st := range c.Steps[:len(c.Steps)-1] {
		size += len(st.Part) + len(st.Values) + len(st.Shown)
	}
	require.LessOrEqual(t, size, MaxShown)
	small := checkOK(t, New(Options{}), Request{Flow: "- **condition:** ${x} == a or ${x} == b\n", Data: `{"x":"b"}`})
	require.Zero(t, small.Conditions[0].StepsCut)
	require.Len(t, small.Conditions[0].Steps, 2)
}

// A cancelled request stops the check before the next field.
func TestCheckCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Check(ctx, Request{Flow: "- **a:** b\n"})
	require.ErrorIs(t, err, context.Canceled)
}

func TestCheckBodyTooLarge(t *testing.T) {
	body := `{"flow":"` + strings.Repeat("x", MaxBody) + `"}`
	w := post(t, New(Options{}), body)
	require.Equal(t, http.StatusRequestEntityTooLarge, w.Code)
	require.Contains(t, w.Body.String(), "larger than 2 MiB")
}

func TestCheckRefusals(t *testing.T) {
	h := New(Options{})
	w := post(t, h, `{}`, func(r *http.Request) { r.Header.Set("Content-Type", "text/plain") })
	require.Equal(t, http.StatusUnsupportedMediaType, w.Code)
	w = post(t, h, `{}`, func(r *http.Request) { r.Header.Set("Origin", "http://evil.example") })
	require.Equal(t, http.StatusForbidden, w.Code)
	for _, body := range []string{`{"flow": 3}`, `[1,2]`, `{"row":1e100}`} {
		w = post(t, h, body)
		require.Equal(t, http.StatusBadRequest, w.Code)
		require.NotContains(t, w.Body.String(), "Go ", "no Go type names for a person: %s", w.Body.String())
		require.Contains(t, w.Body.String(), "the request is not a check: send a JSON object")
	}
	w = post(t, h, `{}`, func(r *http.Request) { r.Method = "GET" })
	require.Equal(t, http.StatusMethodNotAllowed, w.Code)
}

func get(h http.Handler, url string) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", url, nil))
	return w
}

// DNS rebinding: a page of evil.example that resolves to 127.0.0.1 sends
// Host: evil.example, and is refused.
func TestHostMustBeLoopback(t *testing.T) {
	h := New(Options{})
	for _, host := range []string{"evil.example", "evil.example:8080", "127.0.0.1.evil.example", "10.0.0.5:8080", "localhost.evil.example"} {
		w := get(h, "http://"+host+"/")
		require.Equal(t, http.StatusForbidden, w.Code, host)
		w = post(t, h, `{}`, func(r *http.Request) { r.Host = host; r.Header.Del("Origin") })
		require.Equal(t, http.StatusForbidden, w.Code, host)
	}
	for _, host := range []string{"127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "127.0.0.2"} {
		require.Equal(t, http.StatusOK, get(h, "http://"+host+"/").Code, host)
	}
	require.Equal(t, http.StatusOK, get(New(Options{Public: true}), "http://10.0.0.5:8080/").Code)
}

func TestLoopbackHost(t *testing.T) {
	for host, want := range map[string]bool{
		"127.0.0.1": true, "127.0.0.1:0": true, "localhost:8080": true, "[::1]:80": true, "::1": true,
		"": false, "0.0.0.0": false, "[::]:8080": false, "192.168.1.2:8080": false, "example.com": false,
	} {
		require.Equal(t, want, LoopbackHost(host), host)
	}
}

func TestAssets(t *testing.T) {
	h := New(Options{})
	types := map[string]string{".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}
	paths := map[string]string{"/": "text/html; charset=utf-8"}
	for _, name := range pageFiles {
		paths["/"+name] = types[path.Ext(name)]
	}
	// Every file of the page is served (make site copies them all).
	files, err := fs.ReadDir(assets, "assets")
	require.NoError(t, err)
	require.Len(t, files, len(pageFiles)+1) // and index.html
	for path, ctype := range paths {
		w := get(h, "http://127.0.0.1:8080"+path)
		require.Equal(t, http.StatusOK, w.Code, path)
		require.Equal(t, ctype, w.Header().Get("Content-Type"), path)
		// The page asks the server, not WebAssembly, when it sees this.
		require.Equal(t, "api", w.Header().Get("X-Kinenix-Play"), path)
		require.Equal(t, "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
			w.Header().Get("Content-Security-Policy"), path)
		require.Equal(t, "nosniff", w.Header().Get("X-Content-Type-Options"), path)
		require.NotEmpty(t, w.Body.String(), path)
	}
	page := get(h, "http://127.0.0.1:8080/").Body.String()
	// CSP allows no inline script or style: the page has none, and loads
	// nothing from elsewhere.
	require.Equal(t, 1, strings.Count(page, "<script"))
	// Relative: the same page works from any folder of a static host.
	require.Contains(t, page, `<script src="app.js" defer></script>`)
	require.NotContains(t, page, "style=")
	require.NotContains(t, page, "http")
	require.NotRegexp(t, `\son[a-z]+=`, page) // no onclick= and the like
	// Only the assets are served, nothing else of the binary.
	for _, path := range []string{"/server.go", "/starter.md", "/assets/app.js", "/favicon.ico", "/api/"} {
		require.Equal(t, http.StatusNotFound, get(h, "http://127.0.0.1:8080"+path).Code, path)
	}
}

// The reference is the one function table.
func TestFunctions(t *testing.T) {
	w := get(New(Options{}), "http://127.0.0.1:8080/api/functions")
	require.Equal(t, http.StatusOK, w.Code)
	var got []function
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &got))
	all := funcs.All()
	require.Len(t, got, len(all))
	for i, f := range all {
		require.Equal(t, f.Name, got[i].Name)
		require.Equal(t, f.Signature(), got[i].Signature)
		require.Equal(t, f.Doc, got[i].Doc)
		require.Equal(t, f.Empty, got[i].Empty)
		require.Len(t, got[i].Params, len(f.Params))
		require.Len(t, got[i].Examples, len(f.Examples))
	}
}

// The page starts with the files given on the command line, or with the
// example, which itself checks clean.
func TestStart(t *testing.T) {
	var s Start
	w := get(New(Options{Flow: "- **a:** b\n", FlowName: "f.md", Data: "x: 1\n", DataName: "d.yaml", DataFormat: "yaml"}),
		"http://127.0.0.1:8080/api/start")
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &s))
	require.Equal(t, Start{Flow: "- **a:** b\n", FlowName: "f.md", Data: "x: 1\n", DataName: "d.yaml", DataFormat: "yaml"}, s)

	// A workbook starts as its bytes (base64 in JSON), with its sheet.
	s = Start{}
	require.NoError(t, json.Unmarshal(get(New(Options{Flow: "x\n", FlowName: "f.md", Data: "PK\x03\x04\xff", DataName: "w.xlsx",
		DataFormat: "xlsx", DataSheet: "Sheet 2"}), "http://127.0.0.1:8080/api/start").Body.Bytes(), &s))
	require.Equal(t, Start{Flow: "x\n", FlowName: "f.md", Bytes: []byte("PK\x03\x04\xff"), Sheet: "Sheet 2", DataName: "w.xlsx", DataFormat: "xlsx"}, s)

	// A flow without data starts with no data, not the example's.
	s = Start{}
	require.NoError(t, json.Unmarshal(get(New(Options{Flow: "x\n", FlowName: "f.md"}), "http://127.0.0.1:8080/api/start").Body.Bytes(), &s))
	require.Equal(t, Start{Flow: "x\n", FlowName: "f.md"}, s)

	h := New(Options{})
	require.NoError(t, json.Unmarshal(get(h, "http://127.0.0.1:8080/api/start").Body.Bytes(), &s))
	require.Equal(t, "example.md", s.FlowName)
	res := checkOK(t, h, Request{Flow: s.Flow, Data: s.Data, Format: s.DataFormat})
	require.Empty(t, res.Problems)
	require.Empty(t, res.DataError)
	require.NotEmpty(t, res.Fields)
	for _, f := range res.Fields {
		require.Empty(t, f.Error, f.Label)
	}
	require.Len(t, res.Conditions, 1)
	require.True(t, res.Conditions[0].Verdict)
}

// With MaxConcurrent checks running, another waits for a turn until its
// deadline and is told the server is busy; a check past its deadline is
// stopped (503 either way, never a hang).
func TestCheckBusyAndDeadline(t *testing.T) {
	s := newServer(Options{})
	s.timeout = 50 * time.Millisecond
	h := s.handler()
	for range MaxConcurrent {
		s.turns <- struct{}{}
	}
	// Not timed: a request that waited forever would never get its 503
	// (go test's -timeout ends a hang), and the time a loaded machine takes
	// is no property of the server.
	w := post(t, h, `{"flow":"- **a:** b"}`)
	require.Equal(t, http.StatusServiceUnavailable, w.Code)
	require.Contains(t, w.Body.String(), "the server is busy")
	// Completion and hover do not wait for a turn: with every turn taken
	// they are answered, with the whole timeout (a loaded machine may take
	// more than 50 ms for them; one that waited for a turn would get the
	// busy 503 however long it waited).
	s.timeout = CheckTimeout
	for _, name := range []string{"complete", "hover"} {
		r := httptest.NewRequest("POST", "http://127.0.0.1:8080/api/"+name, strings.NewReader(`{"flow":"${le","line":1,"column":4}`))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		require.Equal(t, http.StatusOK, w.Code, name)
	}
	for range MaxConcurrent {
		<-s.turns
	}
	// With a turn free, a check is answered: with the whole timeout, as a
	// loaded machine (-race, other builds) may take more than 50 ms for it.
	require.Equal(t, http.StatusOK, post(t, h, `{"flow":"- **a:** b"}`).Code)

	// A deadline past before the check starts (with 1 ns, it is past only
	// when the clock has moved between two readings).
	s.timeout = -time.Second
	w = post(t, h, `{"flow":"- **a:** b"}`)
	require.Equal(t, http.StatusServiceUnavailable, w.Code)
}

// A flow over flow.MaxSize is reported as Validate reports it and not
// rendered.
func TestCheckFlowTooLarge(t *testing.T) {
	src := strings.Repeat("- **f:** ${x}\n", flow.MaxSize/14+1)
	res, err := Check(context.Background(), Request{Flow: src})
	require.NoError(t, err)
	require.Len(t, res.Problems, 1)
	require.Equal(t, "limit", res.Problems[0].Kind)
	require.Contains(t, res.Problems[0].Message, "larger than 1 MiB")
	require.Empty(t, res.Fields)
}

func TestCutAtLine(t *testing.T) {
	src := []byte("a\nb\r\nc\nd")
	require.Equal(t, "", string(cutAtLine(src, 1)))
	require.Equal(t, "a\n", string(cutAtLine(src, 2)))
	require.Equal(t, "a\nb\r\n", string(cutAtLine(src, 3)))
	require.Equal(t, "a\nb\r\nc\n", string(cutAtLine(src, 4)))
	require.Equal(t, "a\nb\r\nc\nd", string(cutAtLine(src, 9)))
}

// BenchmarkCheck is one check of a 1,000-line flow (the premium report
// example, repeated) with its data: the server's work for one keystroke.
func BenchmarkCheck(b *testing.B) {
	md, err := os.ReadFile("../../../../examples/premium-report.md")
	require.NoError(b, err)
	js, err := os.ReadFile("../../../../examples/premium-report.json")
	require.NoError(b, err)
	var src strings.Builder
	for strings.Count(src.String(), "\n") < 1000 {
		src.Write(md)
	}
	req := Request{Flow: src.String(), Data: string(js), Format: "json"}
	b.ReportAllocs()
	for b.Loop() {
		res, err := Check(context.Background(), req)
		if err != nil || len(res.Fields) == 0 {
			b.Fatal(err)
		}
	}
}

// The server answers every request the page posts with Call, and no other.
func TestServerCalls(t *testing.T) {
	h := New(Options{})
	body := `{"flow":"- **a:** ${row.name}\n","data":"name\nAnn\nBob\n","format":"csv","line":1,"column":15}`
	for _, name := range posted {
		require.Contains(t, Methods, name)
		r := httptest.NewRequest("POST", "http://127.0.0.1:8080/api/"+name, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		require.Equal(t, http.StatusOK, w.Code, name)
		want, err := Call(context.Background(), name, []byte(body))
		require.NoError(t, err)
		require.Equal(t, string(want), w.Body.String(), name)
	}
	r := httptest.NewRequest("POST", "http://127.0.0.1:8080/api/table", strings.NewReader(`{"offset":"x"}`))
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	require.Equal(t, http.StatusBadRequest, w.Code)
	require.Contains(t, w.Body.String(), "the request is not a table")
	for _, name := range []string{"start", "functions"} {
		r = httptest.NewRequest("POST", "http://127.0.0.1:8080/api/"+name, strings.NewReader(`{}`))
		r.Header.Set("Content-Type", "application/json")
		w = httptest.NewRecorder()
		h.ServeHTTP(w, r)
		require.Equal(t, http.StatusNotFound, w.Code)
		// The answer says how to ask for it, not only that no POST is.
		require.Contains(t, w.Body.String(), name+" is asked with GET /api/"+name)
	}
	r = httptest.NewRequest("POST", "http://127.0.0.1:8080/api/nosuch", strings.NewReader(`{}`))
	r.Header.Set("Content-Type", "application/json")
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	require.Equal(t, http.StatusNotFound, w.Code)
	require.Contains(t, w.Body.String(), "no such request: post one of check, table, complete, hover")
}

// A body that is not the JSON object a request is gets 400 and a plain
// message, the same way for every request the page posts (through the
// server and through Call, as the WebAssembly build answers): null, a
// list, a text, a number, nothing, a field of another kind.
func TestBadBodies(t *testing.T) {
	h := New(Options{})
	what := map[string]string{"check": "check", "table": "table", "complete": "cursor", "hover": "cursor"}
	for _, name := range posted {
		for _, body := range []string{`null`, ` null `, `[]`, `[1,2]`, `"x"`, `1`, `true`, ``, `{"flow": 3}`, `{"data": null, "flow": [1]}`, `{} {}`} {
			r := httptest.NewRequest("POST", "http://127.0.0.1:8080/api/"+name, strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			require.Equal(t, http.StatusBadRequest, w.Code, "%s %q", name, body)
			var e apiError
			require.NoError(t, json.Unmarshal(w.Body.Bytes(), &e), w.Body.String())
			require.True(t, strings.HasPrefix(e.Error, "the request is not a "+what[name]+": send a JSON object with flow and data (text), "), "%s %q: %s", name, body, e.Error)
			for _, jargon := range []string{"Go ", "unmarshal", "play.", "json:", "string"} {
				require.NotContains(t, e.Error, jargon, "%s %q", name, body)
			}
			_, err := Call(context.Background(), name, []byte(body))
			var bad *BadRequest
			require.ErrorAs(t, err, &bad, "%s %q", name, body)
			require.Equal(t, e.Error, bad.What)
		}
	}
}

// The page adds up a table's parts itself (app.js, addTables): it names
// as many first rows of a field as MaxFirstRows, and asks for no more
// parts than MaxParts (one a core, at most a few).
func TestPageParts(t *testing.T) {
	js, err := fs.ReadFile(assets, "assets/app.js")
	require.NoError(t, err)
	require.Contains(t, string(js), fmt.Sprintf("const FIRST_ROWS = %d;", MaxFirstRows))
	m := regexp.MustCompile(`const PARTS = Math.max\(1, Math.min\((\d+), navigator.hardwareConcurrency`).FindStringSubmatch(string(js))
	require.NotNil(t, m, "app.js says how many parts a table has")
	parts, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	require.True(t, parts >= 1 && parts <= MaxParts, "PARTS = %d", parts)
}

// The page reads a table's summary as the record preview -summary -json
// writes (record.Summary): it adds up and shows the record's own names,
// every one of them but failKeys (the playground has no -key column).
func TestPageSummaryRecord(t *testing.T) {
	js, err := fs.ReadFile(assets, "assets/app.js")
	require.NoError(t, err)
	one := 1
	b, err := json.Marshal(record.Summary{Rows: 1, Fields: []record.SummaryField{{Line: 1, Label: "a", Kind: "condition",
		True: &one, False: &one, Fail: 1, FailRows: []int{0}, FailSheetRows: []int{2}, FailKeys: []string{"k"}}}})
	require.NoError(t, err)
	var doc map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b, &doc))
	var fields []map[string]any
	require.NoError(t, json.Unmarshal(doc["fields"], &fields))
	names := []string{}
	for name := range doc {
		names = append(names, name)
	}
	for name := range fields[0] {
		names = append(names, name)
	}
	require.Len(t, names, 11, "the record's names: %v", names)
	for _, name := range names {
		if name != "failKeys" {
			require.Contains(t, string(js), "."+name, "app.js reads the summary's %s", name)
		}
	}
}

// A data format the playground does not read is a 400 that names the
// formats it reads, for every request that carries data; it was read as
// YAML.
func TestUnknownFormat(t *testing.T) {
	h := New(Options{})
	for _, name := range posted {
		r := httptest.NewRequest("POST", "http://127.0.0.1:8080/api/"+name, strings.NewReader(`{"flow":"x","data":"a,b\n1,2","format":"xml"}`))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		require.Equal(t, http.StatusBadRequest, w.Code, name)
		var e apiError
		require.NoError(t, json.Unmarshal(w.Body.Bytes(), &e))
		require.Equal(t, `the data format "xml" is not one the playground reads: send format as "auto", "json", "yaml", "csv" or "xlsx" (or leave it out)`, e.Error, name)
	}
	// The format is echoed escaped once, as the CLI echoes it
	// (probe-bounds F4: strconv.Quote escaped echo.Text's escapes again).
	r := httptest.NewRequest("POST", "http://127.0.0.1:8080/api/check", strings.NewReader(`{"flow":"a","format":"\u001b[31mxml\u202e"}`))
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var e apiError
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &e))
	require.True(t, strings.HasPrefix(e.Error, `the data format "\u001b[31mxml\u202e" is not one`), e.Error)
	for _, f := range Formats {
		_, err := Call(context.Background(), "check", []byte(`{"flow":"x","data":"a: 1","format":"`+f+`"}`))
		require.NoError(t, err, f)
	}
}

// The API answers in JSON (spec section 17, the playground) also a
// request with the wrong method or under a name it does not have: what
// to ask instead, as a POST of start says to GET it. Before, GET
// /api/check was a plain-text "Method Not Allowed", and GET /api/nosuch
// said the same of a request that does not exist.
func TestWrongMethodInJSON(t *testing.T) {
	h := New(Options{})
	ask := func(method, path string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, "http://127.0.0.1:8080"+path, strings.NewReader(`{}`))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	for _, name := range posted {
		for _, method := range []string{"GET", "HEAD", "PUT", "DELETE", "PATCH"} {
			w := ask(method, "/api/"+name)
			require.Equal(t, http.StatusMethodNotAllowed, w.Code, method+" "+name)
			require.Equal(t, "POST", w.Header().Get("Allow"))
			require.Equal(t, "application/json; charset=utf-8", w.Header().Get("Content-Type"))
			require.Equal(t, "api", w.Header().Get("X-Kinenix-Play"))
			if method != "HEAD" {
				require.JSONEq(t, `{"error": "`+name+` is asked with POST /api/`+name+`, with a JSON body"}`, w.Body.String())
			}
		}
	}
	for _, name := range []string{"start", "functions"} {
		w := ask("PUT", "/api/"+name)
		require.Equal(t, http.StatusMethodNotAllowed, w.Code)
		require.Equal(t, "GET, HEAD", w.Header().Get("Allow"))
		require.Contains(t, w.Body.String(), name+" is asked with GET /api/"+name)
	}
	for _, path := range []string{"/api/nosuch", "/api/", "/api/check/more"} {
		for _, method := range []string{"GET", "POST"} {
			w := ask(method, path)
			require.Equal(t, http.StatusNotFound, w.Code, method+" "+path)
			require.Equal(t, "application/json; charset=utf-8", w.Header().Get("Content-Type"), method+" "+path)
			require.Contains(t, w.Body.String(), "no such request", method+" "+path)
		}
	}
}

// The API answers in JSON (spec section 17) also the refusal of a
// request for another Host (DNS rebinding): a request under /api/ gets
// 403 and {"error": ...}, as a wrong method gets 405 in JSON; before, it
// was net/http's plain text. The page and its files may stay plain text.
func TestHostRefusedInJSON(t *testing.T) {
	h := New(Options{})
	const msg = "kinenix play answers only requests for localhost, 127.0.0.1 or [::1]"
	for _, path := range []string{"/api/check", "/api/start", "/api/functions", "/api/nosuch", "/api/"} {
		for _, method := range []string{"GET", "POST"} {
			r := httptest.NewRequest(method, "http://evil.example:8080"+path, strings.NewReader(`{}`))
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			require.Equal(t, http.StatusForbidden, w.Code, method+" "+path)
			require.Equal(t, "application/json; charset=utf-8", w.Header().Get("Content-Type"), method+" "+path)
			require.JSONEq(t, `{"error": "`+msg+`"}`, w.Body.String(), method+" "+path)
			require.Equal(t, "api", w.Header().Get("X-Kinenix-Play"))
		}
	}
	w := get(h, "http://evil.example:8080/")
	require.Equal(t, http.StatusForbidden, w.Code)
	require.Equal(t, msg+"\n", w.Body.String())
}
