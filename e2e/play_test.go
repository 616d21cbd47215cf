package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// chromium finds the browser: $KINENIX_CHROMIUM, or chromium (Debian's
// package), chromium-browser or google-chrome on PATH.
func chromium() string {
	if p := os.Getenv("KINENIX_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// artifacts is where the screenshots go: $KINENIX_ARTIFACTS, or
// e2e/artifacts (ignored by git).
func artifacts(t *testing.T) string {
	dir := os.Getenv("KINENIX_ARTIFACTS")
	if dir == "" {
		dir = "artifacts"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// startPlay builds the kinenix binary from this checkout and starts
// `kinenix play` on a free loopback port. It returns the page's URL.
func startPlay(t *testing.T, args ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "kinenix")
	build := exec.Command("go", "build", "-o", bin, "./cmd/kinenix")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/kinenix: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, append([]string{"play", "-addr", "127.0.0.1:0"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Ctrl-C stops the server cleanly: exit status 0, within a few seconds.
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("kinenix play after Ctrl-C: %v, want exit status 0", err)
			}
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Error("kinenix play did not stop within 5s of Ctrl-C")
		}
	})
	lines := bufio.NewScanner(stderr)
	url := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`open (http://127\.0\.0\.1:\d+/)`)
		for lines.Scan() {
			if m := re.FindStringSubmatch(lines.Text()); m != nil {
				url <- m[1]
			}
			t.Logf("server: %s", lines.Text())
		}
	}()
	select {
	case u := <-url:
		return u
	case <-time.After(30 * time.Second):
		t.Fatal("kinenix play did not print its address within 30s")
		return ""
	}
}

// browser starts headless Chromium with the flags that work as root in a
// container, and a fresh profile.
func browser(t *testing.T, path string) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1000),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil { // starts the browser, with no deadline
		t.Fatalf("starting %s: %v", path, err)
	}
	return ctx
}

// The browser test (#14): type a mistake into the flow editor, see
// its message; fix it, see the field render; keep a screenshot. It also
// measures the time from the last keystroke to the message on the page,
// which must be under a second.
func TestPlayInBrowser(t *testing.T) {
	path := chromium()
	if path == "" {
		t.Skip("SKIPPED: the browser test of kinenix play needs Chromium, and none was found " +
			"(install Debian's chromium: apt-get install -y chromium, or set KINENIX_CHROMIUM)")
	}
	url := startPlay(t)
	ctx := browser(t, path)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()

	// Everything the page writes to the console, uncaught exceptions and
	// the browser's log (a refused inline script, a failed request) too.
	var mu sync.Mutex
	var console []string
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			mu.Lock()
			console = append(console, fmt.Sprintf("%s: %s", m.Type, m))
			mu.Unlock()
		}
	}()

	must := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	must("open the page", chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS("#fields li")), // the example flow is checked
	))

	// Replace the example with the data and the flow, typed.
	must("type the data", chromedp.Do(ctx,
		clearValue("data"),
		chromedp.SendKeys(chromedp.ID("data"), `{"packages":[1,2,3]}`),
	))
	must("type the flow", chromedp.Do(ctx,
		clearValue("flow"),
		chromedp.SendKeys(chromedp.ID("flow"), "# Packages report\n\n- **condition:** ${len(packages)} >= 3 and ${packages[0]} == 1\n"),
		chromedp.SendKeys(chromedp.ID("flow"), "- **subject:** ${lenght(packages)}"),
	))
	typed := time.Now()
	const want = "${lenght(packages)}: unknown function lenght; did you mean len?"
	msg, err := chromedp.Run(ctx, chromedp.Poll[string](
		`[...document.querySelectorAll('#problems li.err .msg')].map(e => e.textContent).find(m => m === `+jsString(want)+`)`,
		chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second)))
	must("wait for the typo's message", err)
	seen := time.Since(typed)
	if msg != want {
		t.Fatalf("message %q, want %q", msg, want)
	}
	inPage, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.latency`))
	must("read the page's latency", err)
	t.Logf("last keystroke to message: %v measured from Go (polling every 5 ms), %s ms measured in the page (input event to results drawn, 150 ms debounce included)", seen.Round(time.Millisecond), inPage)
	// Measured by the page itself (the input event to the results
	// drawn): Go's adds the round trips of chromedp's polling, which a
	// loaded machine stretches (1.5 s from Go for 643 ms in the page, at a
	// load of 30 on 2 cores).
	took := seen
	if ms, err := strconv.ParseFloat(inPage, 64); err == nil {
		took = time.Duration(ms * float64(time.Millisecond))
	}
	// Reported, never asserted: no test depends on wall time or on the
	// machine's load; the budget is checked by reading this line.
	verdict := "within"
	if took > time.Second {
		verdict = "OVER"
	}
	t.Logf("budget: the message appeared %v after the last keystroke (%v from Go): %s the 1 s budget", took, seen.Round(time.Millisecond), verdict)

	// The mistake is marked on its line: the gutter number and an underline
	// under the placeholder, with the message after the line.
	marked, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const g = document.querySelector('#flow-editor .gutter-inner div.err');
		const m = document.querySelector('#flow-editor .backdrop-inner div.err mark');
		const l = document.querySelector('#flow-editor .backdrop-inner div.err .lens');
		return [g && g.textContent, m && m.textContent, l && l.textContent].join('|');
	})()`))
	must("read the marks", err)
	if marked != "4|lenght|"+want { // the range of the finding: the unknown name
		t.Errorf("marks on the line: %q", marked)
	}
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	must("screenshot with the typo", err)
	dir := artifacts(t)
	must("save the screenshot", os.WriteFile(filepath.Join(dir, "play-typo.png"), shot, 0o644))

	// Fix it: select "ght" of "lenght" and delete it with one keystroke.
	must("fix the typo", chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`(() => {
			const ta = document.getElementById('flow');
			const at = ta.value.indexOf('lenght') + 3;
			ta.focus();
			ta.setSelectionRange(at, at + 3);
		})()`),
		chromedp.KeyEvent(kb.Backspace),
	))
	fixed := time.Now()
	field, err := chromedp.Run(ctx, chromedp.Poll[string](
		`(() => {
			const li = document.querySelector('#fields li[data-line="4"]');
			const ok = li && li.querySelector('.result') && document.querySelector('#problems li.none');
			return ok ? li.textContent : '';
		})()`,
		chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second)))
	must("wait for the field to render", err)
	t.Logf("last keystroke to rendered field: %v", time.Since(fixed).Round(time.Millisecond))
	if field != "4: subject: 3" {
		t.Errorf("field line %q, want %q", field, "4: subject: 3")
	}
	flow, err := chromedp.Run(ctx, chromedp.Value(chromedp.ID("flow")))
	must("read the flow", err)
	if !strings.HasSuffix(flow, "- **subject:** ${len(packages)}") {
		t.Errorf("the flow editor holds %q", flow)
	}

	// The condition is decided part by part.
	cond, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`[...document.querySelectorAll('#conditions > li')].map(li => li.textContent).join('\n')`))
	must("read the conditions", err)
	wantCond := "3: ${len(packages)} >= 3 and ${packages[0]} == 1 true" +
		"${len(packages)} >= 3: 3 → true${packages[0]} == 1: 1 → true"
	if cond != wantCond {
		t.Errorf("conditions %q, want %q", cond, wantCond)
	}

	// The function reference opens and lists the functions of the table
	// (the page's own request for them), saying how many it lists.
	must("open the function reference", chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#reference summary"))))
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#funcs .func').length`))
	must("count the functions", err)
	if want := len(apiFunctions(t, url)); n != want || n == 0 {
		t.Errorf("the reference lists %d functions, want the table's %d", n, want)
	}
	said, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#reference .hint").textContent`))
	must("read the reference's count", err)
	if want := fmt.Sprintf("the %d functions a ${…} may call", n); said != want {
		t.Errorf("the reference says %q, want %q", said, want)
	}
	shot, err = chromedp.Run(ctx, chromedp.FullScreenshot(100))
	must("screenshot", err)
	must("save the screenshot", os.WriteFile(filepath.Join(dir, "play.png"), shot, 0o644))
	t.Logf("screenshots in %s: play.png (fixed, reference open), play-typo.png, play-data-error.png", dir)

	// Data that cannot be read is said so under the data editor and marked
	// on its line there; the flow is shown without data.
	must("type bad data", chromedp.Do(ctx,
		clearValue("data"),
		chromedp.SendKeys(chromedp.ID("data"), "{\"packages\": [1, 2, 3],\n\"packages\": 4}"),
	))
	// A check of the text half typed may be shown first: wait for the
	// check of all of it.
	const wantErr = `2|The data cannot be read, so the flow is shown without it: line 2: the key "packages" is given twice in one mapping`
	dataErr, err := chromedp.Run(ctx, chromedp.Poll[string](
		`(() => {
			const e = document.getElementById('data-error');
			const g = document.querySelector('#data-editor .gutter-inner div.err');
			const f = document.querySelector('#fields li[data-line="4"] .result');
			const got = !e.hidden && g && f && f.textContent === '0' ? g.textContent + '|' + e.textContent : '';
			return got === `+jsString(wantErr)+` ? got : '';
		})()`,
		chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second)))
	must("wait for the data's problem", err)
	if dataErr != wantErr {
		t.Errorf("data problem %q, want %q", dataErr, wantErr)
	}
	must("fold the function reference", chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#reference summary"))))
	shot, err = chromedp.Run(ctx, chromedp.FullScreenshot(100))
	must("screenshot with bad data", err)
	must("save the screenshot", os.WriteFile(filepath.Join(dir, "play-data-error.png"), shot, 0o644))

	// A CSV sheet: row is the row picked (0 first), rows all of them.
	must("choose CSV and type a sheet", chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`(() => {
			const f = document.getElementById('format');
			f.value = 'csv';
			f.dispatchEvent(new Event('change'));
		})()`),
		clearValue("data"),
		chromedp.SendKeys(chromedp.ID("data"), "name,amount\nAnn,3\nBob,4\n"),
		clearValue("flow"),
		chromedp.SendKeys(chromedp.ID("flow"), "- **who:** ${row.name} of ${len(rows)}"),
	))
	waitField := func(want string) {
		t.Helper()
		got, err := chromedp.Run(ctx, chromedp.Poll[string](
			`(() => { const r = document.querySelector('#fields li[data-line="1"] .result');
				return r && r.textContent === `+jsString(want)+` ? r.textContent : ''; })()`,
			chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second)))
		must("wait for "+want, err)
		if got != want {
			t.Errorf("field %q, want %q", got, want)
		}
	}
	waitField("Ann of 2")
	must("pick row 1", chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById('row').select()`),
		chromedp.SendKeys(chromedp.ID("row"), "1"),
	))
	waitField("Bob of 2")
	picker, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`(() => { const p = document.getElementById('row-pick'); return p.hidden ? 'hidden' : p.textContent; })()`))
	must("read the row picker", err)
	if picker != "row  of 2" {
		t.Errorf("row picker %q", picker)
	}

	mu.Lock()
	defer mu.Unlock()
	for _, c := range console {
		t.Errorf("console: %s", c)
	}
}

// The flow and data named on the command line are what the page starts
// with, and a 1,000-line flow still answers a keystroke well within a
// second.
func TestPlayLargeFlowInBrowser(t *testing.T) {
	path := chromium()
	if path == "" {
		t.Skip("SKIPPED: the browser test of kinenix play needs Chromium, and none was found " +
			"(install Debian's chromium: apt-get install -y chromium, or set KINENIX_CHROMIUM)")
	}
	md, err := os.ReadFile("../examples/premium-report.md")
	if err != nil {
		t.Fatal(err)
	}
	var big strings.Builder
	for strings.Count(big.String(), "\n") < 1000 {
		big.Write(md)
	}
	flowFile := filepath.Join(t.TempDir(), "big.md")
	if err := os.WriteFile(flowFile, []byte(big.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := filepath.Abs("../examples/premium-report.json")
	if err != nil {
		t.Fatal(err)
	}
	url := startPlay(t, "-data", data, flowFile)
	ctx := browser(t, path)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#fields li"))); err != nil {
		t.Fatal(err)
	}
	names, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`[document.getElementById('flow-name').textContent, document.getElementById('data-name').textContent,
		  document.getElementById('fields-count').textContent, String(document.getElementById('flow').value.length)].join('|')`))
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Count(big.String(), "\n- **") - strings.Count(big.String(), "**condition:**")
	if want := fmt.Sprintf("big.md|premium-report.json|%d|%d", fields, len([]rune(big.String()))); names != want {
		t.Fatalf("page starts with %q, want %q", names, want)
	}
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`(() => {
			const ta = document.getElementById('flow');
			ta.focus();
			ta.setSelectionRange(ta.value.length, ta.value.length);
		})()`),
		chromedp.SendKeys(chromedp.ID("flow"), "\n- **subject:** ${lenght(packages)}"),
	); err != nil {
		t.Fatal(err)
	}
	typed := time.Now()
	line, err := chromedp.Run(ctx, chromedp.Poll[string](
		`(() => { const p = [...document.querySelectorAll('#problems li.err')].find(li =>
			li.querySelector('.msg').textContent === '${lenght(packages)}: unknown function lenght; did you mean len?');
			return p ? p.querySelector('.ln').textContent : ''; })()`,
		chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second)))
	if err != nil {
		t.Fatal(err)
	}
	seen := time.Since(typed)
	inPage, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.latency`))
	lines := strings.Count(big.String(), "\n") // the file ends with a line end
	t.Logf("%d-line flow: last keystroke to message %v from Go, %s ms in the page", lines, seen.Round(time.Millisecond), inPage)
	// After the last line end is an empty line; the typed line end makes
	// the new field the line after it.
	if want := fmt.Sprintf("%d:18", lines+2); line != want {
		t.Errorf("the message is on %s, want %s", line, want)
	}
	// Measured by the page itself (the input event to the results
	// drawn): Go's adds the round trips of chromedp's polling, which a
	// loaded machine stretches (1.5 s from Go for 643 ms in the page, at a
	// load of 30 on 2 cores).
	took := seen
	if ms, err := strconv.ParseFloat(inPage, 64); err == nil {
		took = time.Duration(ms * float64(time.Millisecond))
	}
	// Reported, never asserted: no test depends on wall time or on the
	// machine's load; the budget is checked by reading this line.
	verdict := "within"
	if took > time.Second {
		verdict = "OVER"
	}
	t.Logf("budget: the message appeared %v after the last keystroke (%v from Go): %s the 1 s budget", took, seen.Round(time.Millisecond), verdict)
	// The mark is drawn under its line at the bottom of the long flow: the
	// backdrop's marked line sits where the textarea's line is.
	off, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`(() => {
		const ta = document.getElementById('flow');
		const d = document.querySelector('#flow-editor .backdrop-inner div.err');
		const lh = parseFloat(getComputedStyle(ta).lineHeight);
		const want = ta.getBoundingClientRect().top + 8 + (`+fmt.Sprint(lines+1)+`) * lh - ta.scrollTop;
		return d.getBoundingClientRect().top - want;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if off > 0.5 || off < -0.5 {
		t.Errorf("the marked line is drawn %.1f px away from its text", off)
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(artifacts(t), "play-large.png"), shot, 0o644); err != nil {
		t.Fatal(err)
	}
}

// clearValue empties a textarea, as selecting all and deleting would.
func clearValue(id string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](`document.getElementById(` + jsString(id) + `).value = ''`)
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`)
	return "'" + r.Replace(s) + "'"
}

// kinenix play serves the same page: a workbook opened in it is read by
// the same reader (on the server), with the table of every row and the
// summary; screenshots play-xlsx.png and play-table.png.
func TestPlaySheetInBrowser(t *testing.T) {
	path := chromium()
	if path == "" {
		t.Skip("SKIPPED: the browser test of kinenix play needs Chromium, and none was found " +
			"(install Debian's chromium: apt-get install -y chromium, or set KINENIX_CHROMIUM)")
	}
	url := startPlay(t)
	ctx := browser(t, path)
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	consoleErrors(t, ctx)
	do(t, ctx, "open the page", chromedp.Navigate(url))
	poll(t, ctx, "the starter flow checked by the server", `document.body.dataset.engine === 'server' && document.body.dataset.checks ? 'yes' : ''`)
	sheetInBrowser(t, ctx, "play")
	sheetPicker(t, ctx, "play")
}

// apiFunctions is the function reference `kinenix play` serves from the
// function table (GET /api/functions), which the page lists.
func apiFunctions(t *testing.T, page string) []json.RawMessage {
	t.Helper()
	resp, err := http.Get(strings.TrimSuffix(page, "/") + "/api/functions")
	if err != nil {
		t.Fatalf("GET /api/functions: %v", err)
	}
	defer resp.Body.Close()
	var list []json.RawMessage
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatalf("GET /api/functions: %v", err)
	}
	return list
}
