package e2e

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// siteDir is the static site of `make site`, built here when it is not
// there (`make e2e` builds it first, so the test runs today's).
func siteDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../site/dist")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "kinenix.wasm")); err != nil {
		t.Logf("building the site: make site")
		cmd := exec.Command("make", "site")
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("make site: %v\n%s", err, out)
		}
	} else {
		t.Logf("using the site in %s (make e2e builds it first)", dir)
	}
	return dir
}

// startSite serves dir with python3 -m http.server on a free loopback
// port, nothing else running: the page must work from any static host.
func startSite(t *testing.T, dir string) string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("SKIPPED: the static site test serves site/dist with python3 -m http.server, and python3 was not found")
	}
	cmd := exec.Command(py, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	url := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`port (\d+)`)
		lines := bufio.NewScanner(out)
		for lines.Scan() {
			if m := re.FindStringSubmatch(lines.Text()); m != nil {
				select {
				case url <- "http://127.0.0.1:" + m[1] + "/":
				default:
				}
			}
		}
	}()
	select {
	case u := <-url:
		return u
	case <-time.After(30 * time.Second):
		t.Fatal("python3 -m http.server did not print its port within 30s")
		return ""
	}
}

// consoleErrors collects what the page writes to the console; the test
// fails on any at its end.
func consoleErrors(t *testing.T, ctx context.Context) {
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
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range console {
			t.Errorf("console: %s", c)
		}
	})
}

func poll(t *testing.T, ctx context.Context, what, js string) string {
	t.Helper()
	var err error
	for try := 0; try < 5; try++ {
		var got string
		got, err = chromedp.Run(ctx, chromedp.Poll[string](js,
			chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(60*time.Second)))
		if err == nil {
			return got
		}
		// Right after a navigation the page's old script context may be
		// gone before the new one is known; poll again in the new one.
		if !strings.Contains(err.Error(), "Cannot find context") {
			break
		}
	}
	t.Fatalf("%s: %v", what, err)
	return ""
}

func do(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(artifacts(t), name), shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", filepath.Join(artifacts(t), name))
}

// setValue puts text in a textarea as typing would end: an input event.
func setValue(id, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](`(() => { const e = document.getElementById(` + jsString(id) + `);
		e.value = ` + jsString(text) + `; e.dispatchEvent(new Event('input')); })()`)
}

// The test of the static site: served by a plain static file
// server with nothing else running, the page shows the starter flow
// rendered (by the library in WebAssembly), then a typo underlined after
// typing; completion offers the functions; a link carries the flow.
func TestSiteInBrowser(t *testing.T) {
	path := chromium()
	if path == "" {
		t.Skip("SKIPPED: the browser test of the static site needs Chromium, and none was found " +
			"(install Debian's chromium: apt-get install -y chromium, or set KINENIX_CHROMIUM)")
	}
	url := startSite(t, siteDir(t))
	ctx := browser(t, path)
	ctx, cancel := context.WithTimeout(ctx, 8*time.Minute)
	defer cancel()
	consoleErrors(t, ctx)

	do(t, ctx, "open the page", chromedp.Navigate(url))
	subject := poll(t, ctx, "the starter flow rendered", `(() => {
		const li = [...document.querySelectorAll('#fields li')].find(li => li.querySelector('.label').textContent === 'subject');
		return li && document.body.dataset.engine === 'wasm' ? li.querySelector('.result').textContent : '';
	})()`)
	if subject != "3 packages for Somchai Jaidee" {
		t.Errorf("subject %q", subject)
	}

	// Type the typo the starter flow suggests: len -> lenght.
	do(t, ctx, "type a typo",
		chromedp.Evaluate[chromedp.Void](`(() => {
			const ta = document.getElementById('flow');
			const at = ta.value.indexOf('${len(packages)} packages') + 2;
			ta.focus();
			ta.setSelectionRange(at, at + 3);
		})()`),
		chromedp.SendKeys(chromedp.ID("flow"), "lenght"),
	)
	const want = "${lenght(packages)}: unknown function lenght; did you mean len?"
	marked := poll(t, ctx, "the typo underlined", `(() => {
		const m = document.querySelector('#flow-editor .backdrop-inner div.err mark');
		const l = document.querySelector('#flow-editor .backdrop-inner div.err .lens');
		return m && l ? m.textContent + '|' + l.textContent : '';
	})()`)
	if marked != "lenght|"+want {
		t.Errorf("marks %q", marked)
	}
	// The message of the line under the cursor is shown in full, wrapped.
	strip := poll(t, ctx, "the line's message", `(() => {
		const b = document.getElementById('flow-msgs');
		return !b.hidden && b.textContent ? b.textContent + '|' + (b.scrollWidth <= b.clientWidth) : '';
	})()`)
	if strip != want+"|true" {
		t.Errorf("message under the editor %q", strip)
	}
	screenshot(t, ctx, "site-typo.png")

	// Completion, as in the editor: after `${le`, len.
	do(t, ctx, "type for completion",
		chromedp.Evaluate[chromedp.Void](`(() => { const ta = document.getElementById('flow');
			ta.focus(); ta.setSelectionRange(ta.value.length, ta.value.length); })()`),
		chromedp.SendKeys(chromedp.ID("flow"), "\n- **n:** ${le"),
	)
	// Polled until it is the list for all of `${le`: while the keys are
	// typed, the list for `${l` (len, lower) may show first.
	items := poll(t, ctx, "the completion list for ${le", `(() => { const p = document.getElementById('complete');
		const l = p.hidden ? '' : [...p.querySelectorAll('.label')].map(e => e.textContent).join(',');
		return l === 'len' ? l : ''; })()`)
	if items != "len" {
		t.Errorf("completion after ${le: %q, want len", items)
	}
	do(t, ctx, "accept it", chromedp.SendKeys(chromedp.ID("flow"), "\t"))
	line, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('flow').value.split('\n').pop()`))
	if err != nil || line != "- **n:** ${len(" {
		t.Errorf("the line after completion: %q, %v", line, err)
	}

	// Hover, as in the editor: over `len` of the condition, its description.
	at, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const ta = document.getElementById('flow');
		const lines = ta.value.split('\n');
		const li = lines.findIndex(l => l.includes('**condition:**'));
		const col = lines[li].indexOf('len(') + 1;
		const probe = document.createElement('span');
		probe.textContent = 'M'.repeat(100);
		probe.style.font = getComputedStyle(ta).font;
		probe.style.whiteSpace = 'pre';
		document.body.append(probe);
		const cw = probe.getBoundingClientRect().width / 100;
		probe.remove();
		ta.scrollTop = 0; ta.scrollLeft = 0;
		const r = ta.getBoundingClientRect();
		const lh = parseFloat(getComputedStyle(ta).lineHeight);
		return (r.left + 10 + (col + 0.5) * cw) + ',' + (r.top + 8 + (li + 0.5) * lh);
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	var x, y float64
	fmt.Sscanf(at, "%g,%g", &x, &y)
	do(t, ctx, "hover len", chromedp.MouseEvent(chromedp.MouseMoved, x, y))
	tip := poll(t, ctx, "the hover", `(() => { const h = document.getElementById('hover');
		return h.hidden ? '' : h.textContent; })()`)
	if !strings.Contains(tip, "len(x)") {
		t.Errorf("hover over len: %q", tip)
	}

	// A link carries the flow in its fragment; opened, it gives the flow back.
	do(t, ctx, "make a link", chromedp.Click(chromedp.ID("share")))
	link := poll(t, ctx, "the link", `document.getElementById('share-link').value`)
	if !strings.HasPrefix(link, url+"#flow=") {
		t.Fatalf("link %q", link)
	}
	before, _ := chromedp.Run(ctx, chromedp.Value(chromedp.ID("flow")))
	do(t, ctx, "open the link", chromedp.Navigate("about:blank"), chromedp.Navigate(link))
	after := poll(t, ctx, "the linked flow", `document.body.dataset.checks ? document.getElementById('flow').value : ''`)
	if after != before {
		t.Errorf("the link gave back %q, want %q", after, before)
	}

	sheetInBrowser(t, ctx, "site")
	sheetPicker(t, ctx, "site")
	measureLarge(t, ctx)
}

// sheetInBrowser opens examples/renewals.md and renewals.xlsx in the page,
// as an author would, and checks the table of every row, its failing
// cells, a row picked and the summary; with screenshots NAME-xlsx.png and
// NAME-table.png.
func sheetInBrowser(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	md, _ := filepath.Abs("../examples/renewals.md")
	xlsx, _ := filepath.Abs("../examples/renewals.xlsx")
	do(t, ctx, "open renewals.md and renewals.xlsx",
		chromedp.SetUploadFiles(chromedp.CSS(`#flow-file`), []string{md}),
		chromedp.SetUploadFiles(chromedp.CSS(`#data-file`), []string{xlsx}),
	)
	table := poll(t, ctx, "the table of the workbook", `(() => {
		const rows = [...document.querySelectorAll('#rows-table tbody tr')];
		return document.getElementById('format').value === 'xlsx' && rows.length === 4 ?
			rows.map(r => r.children[3].textContent).join('|') : '';
	})()`)
	if table != "Dear Somchai Jaidee,|Dear Johnson & Johnson Co., Ltd.,|Dear Anna Schmidt,|Dear Niran Wongsa," {
		t.Errorf("greetings of the workbook's rows %q", table)
	}
	summary := poll(t, ctx, "the summary", `[...document.querySelectorAll('#summary-conditions tr')].slice(1)
		.map(r => [...r.children].slice(2).map(c => c.textContent).join('/')).join(' ')`)
	if summary != "2/2/0 2/2/0 1/3/0 1/3/0" { // Due (and > 0), Due and >= 10000, Paid, Lapsed
		t.Errorf("summary (true/false/fail per condition) %q", summary)
	}
	screenshot(t, ctx, name+"-xlsx.png")

	// A sheet with a premium that is no number: its cells fail, marked.
	do(t, ctx, "type a CSV with a bad premium",
		chromedp.Evaluate[chromedp.Void](`(() => { const f = document.getElementById('format');
			f.value = 'csv'; f.dispatchEvent(new Event('change')); })()`),
		setValue("data", "policy_no,customer,status,premium,renewal_date\n"+
			"POL-1,Somchai Jaidee,Due,12500.00,2026-01-15\nPOL-2,Anna Schmidt,Due,call me,2026-02-28\nPOL-3,Niran Wongsa,Paid,980.50,2026-03-10\n"),
	)
	fails := poll(t, ctx, "the failing cells", `(() => {
		const r = document.querySelector('#rows-table tbody tr[data-row="1"]');
		const n = document.querySelectorAll('#rows-table td.fail').length;
		return r && r.classList.contains('fails') && n ? String(n) : '';
	})()`)
	t.Logf("%s: %s failing cells marked", name, fails)
	failing := poll(t, ctx, "the fields that fail in the summary", `document.getElementById('summary-fields').textContent`)
	if !strings.Contains(failing, "fails on 1 row: rows[1] (sheet row 3)") {
		t.Errorf("summary of fields %q", failing)
	}
	// Pick the row: its fields and the parts of its conditions.
	do(t, ctx, "pick row 1", chromedp.Click(chromedp.CSS(`#rows-table tbody tr[data-row="1"] th`)))
	cond := poll(t, ctx, "the picked row explained", `(() => {
		const li = document.querySelector('#conditions > li');
		return document.getElementById('row').value === '1' && li && li.querySelector('.error') &&
			document.querySelector('#rows-table tr.picked[data-row="1"]') ? li.textContent : '';
	})()`)
	if !strings.Contains(cond, "no number in 'call me'") {
		t.Errorf("the explanation of row 1: %q", cond)
	}
	screenshot(t, ctx, name+"-table.png")
}

// measureLarge logs how long the page takes to check a 1,000-line flow
// against 1,000 rows: the time from sending the check and the table to
// both answers (performance.now() in the page), for the renewals flow
// repeated (each field 25 times) and for the same flow with every field
// made different from the others (nothing shared), each first with new
// data and then after a keystroke that changes one field. It asserts the
// result, never the time.
func measureLarge(t *testing.T, ctx context.Context) {
	t.Helper()
	md, err := os.ReadFile("../examples/renewals.md")
	if err != nil {
		t.Fatal(err)
	}
	var csv strings.Builder
	csv.WriteString("policy_no,customer,status,premium,renewal_date\n")
	for i := range 1000 {
		fmt.Fprintf(&csv, "POL-%04d,Customer %d,%s,%d.50,2026-%02d-15\n", i, i, []string{"Due", "Paid", "Lapsed"}[i%3], 500+i*37, i%12+1)
	}
	// The measurements, each once its check and its table are drawn.
	measure := func(what string, set ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		checks, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.checks`))
		do(t, ctx, what, set...)
		got, err := chromedp.Run(ctx, chromedp.Poll[string](`(() => {
			const b = document.body.dataset;
			return b.checks !== `+jsString(checks)+` && b.tables === b.checks &&
				document.getElementById('rows-count').textContent === '1000' ? [b.latency, b.tableMs, b.drawMs, b.checkMs, b.checkDrawMs, b.rowsMs || ''].join('|') : '';
		})()`, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(4*time.Minute)))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		parts := strings.Split(got, "|")
		rows := ""
		if parts[5] != "" {
			rows = " (its first rows drawn after " + parts[5] + " ms, the summary following)"
		}
		t.Logf("1,000-line flow x 1,000 rows in WebAssembly, %s: the table of every row %s ms to compute, %s ms to draw%s; last keystroke to the row's check drawn %s ms (the check %s ms to compute, %s ms to draw) (performance.now() in the page; load average %s)",
			what, parts[1], parts[2], rows, parts[0], parts[3], parts[4], loadAverage())
	}
	edit := func(flow string) string {
		out := strings.Replace(flow, "Dear ${row.customer},", "Dear ${row.customer}!", 1)
		if out == flow {
			t.Fatal("the large flow has no greeting to edit")
		}
		return out
	}
	repeated, distinct := largeFlow(string(md), false), largeFlow(string(md), true)
	measure("the renewals flow repeated, new data",
		chromedp.Evaluate[chromedp.Void](`(() => { const f = document.getElementById('format');
			f.value = 'csv'; f.dispatchEvent(new Event('change')); })()`),
		setValue("data", csv.String()), setValue("flow", repeated))
	measure("the renewals flow repeated, a keystroke", setValue("flow", edit(repeated)))
	screenshot(t, ctx, "site-large.png")
	measure("every field different, new flow", setValue("flow", distinct))
	measure("every field different, a keystroke", setValue("flow", edit(distinct)))
	// Of 405 columns, those in view are drawn; scrolled to the end, the
	// last field's.
	last := 0
	for i, line := range strings.Split(distinct, "\n") {
		if strings.HasPrefix(line, "- **") {
			last = i + 1
		}
	}
	do(t, ctx, "scroll the table to its last column", chromedp.Evaluate[chromedp.Void](`(() => {
		const w = document.getElementById('rows-wrap'); w.scrollLeft = w.scrollWidth; })()`))
	end := poll(t, ctx, "the last columns drawn", `(() => {
		const ln = [...document.querySelectorAll('#rows-table thead th:not(.spacer) .ln')].map(e => e.textContent.trim());
		const cells = document.querySelector('#rows-table tbody tr').children.length;
		return ln.length && ln[ln.length - 1] === `+jsString(fmt.Sprint(last))+` ? ln.length + ' columns, ' + cells + ' cells a row' : '';
	})()`)
	t.Logf("the table of 405 columns scrolled to its end: %s drawn", end)
	var drawn int
	fmt.Sscanf(end, "%d", &drawn)
	if drawn == 0 || drawn > 30 {
		t.Errorf("the table scrolled to its end draws %q; want the few columns in view", end)
	}
	// The summary over the rows is the same for the two flows: the distinct
	// one's fields render the same text with ` #K` after it, and its
	// conditions hold when the repeated one's do.
	summary := poll(t, ctx, "the summary of the distinct flow", `[...document.querySelectorAll('#summary-conditions tr')].slice(1)
		.map(r => [...r.children].slice(2).map(c => c.textContent).join('/')).join(' ')`)
	counts := strings.Fields(summary)
	want := []string{"334/666/0", "248/752/0", "333/667/0", "333/667/0"} // Due (and > 0), Due and >= 10000, Paid, Lapsed
	if len(counts) < 100 {
		t.Errorf("the summary has %d conditions, want the ~100 of the large flow", len(counts))
	}
	for i, c := range counts {
		if c != want[i%4] {
			t.Errorf("summary of condition %d (true/false/fail): %s, want %s", i+1, c, want[i%4])
		}
	}
}

// largeFlow is the renewals flow md repeated to 1,000 lines, as
// cmd/kinenix/internal/play's large_bench_test.go makes it; distinct makes
// every field of each copy after the first differ from the others (a text
// field ends in ` #K`, a condition starts with `${K} >= 0 and `).
func largeFlow(md string, distinct bool) string {
	field := regexp.MustCompile(`(?m)^(- \*\*([a-z]+):\*\* )(.*)$`)
	var flow strings.Builder
	for k := 0; strings.Count(flow.String(), "\n") < 1000; k++ {
		if !distinct || k == 0 {
			flow.WriteString(md)
			continue
		}
		flow.WriteString(field.ReplaceAllStringFunc(md, func(line string) string {
			m := field.FindStringSubmatch(line)
			if m[2] == "condition" {
				return fmt.Sprintf("%s${%d} >= 0 and %s", m[1], k, m[3])
			}
			return fmt.Sprintf("%s%s #%d", m[1], m[3], k)
		}))
	}
	return flow.String()
}

// loadAverage is the machine's load over the last minute, as the budget
// lines are read with it ("?" where /proc/loadavg is not).
func loadAverage() string {
	b, _ := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return "?"
}
