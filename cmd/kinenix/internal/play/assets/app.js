// The playground page: two editors (flow, data), checked 150 ms after the
// last keystroke, for the row picked and for every row at once. The work
// is play.Call's, asked of one of two engines: the server of `kinenix
// play` (POST api/NAME), or, on a static site (`make site`), the library
// compiled to WebAssembly in a worker (worker.js). The page knows which by
// the header X-Kinenix-Play that only the server sends. Everything shown
// is built with DOM calls and textContent, never from HTML strings.
'use strict';

(function () {
  const DEBOUNCE_MS = 150;
  const MAX_FILE = 1536 << 10; // under the server's 2 MiB body cap, base64 included
  const PAGE = 50; // rows of the table shown at once
  // The table of every row is asked for in PARTS parts, each a share of
  // the rows (play.TableRequest.Part), run side by side: one a core, two
  // at most (a worker each, beside the one of the keystroke's check).
  const PARTS = Math.max(1, Math.min(2, navigator.hardwareConcurrency || 1));
  const FIRST_ROWS = 3; // play.MaxFirstRows: the rows a summary names for a field that fails

  const $ = (id) => document.getElementById(id);

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Editor draws line numbers and marks for a textarea.
  class Editor {
    constructor(root) {
      this.ta = root.querySelector('textarea');
      this.gutter = root.querySelector('.gutter-inner');
      this.back = root.querySelector('.backdrop-inner');
      this.marks = new Map(); // line -> [{column, warning, message}]
      this.ta.addEventListener('scroll', () => this.sync());
    }

    get value() { return this.ta.value; }
    set value(v) { this.ta.value = v; this.draw(); }

    // setMarks marks the problems; the same marks as the last ones are
    // not drawn again (every check sets them, and an edit of the text
    // draws it already), which over a long flow or a long sheet is most
    // of the time a check takes to draw.
    setMarks(problems) {
      const key = JSON.stringify(problems);
      if (key === this.marksKey) return;
      this.marksKey = key;
      this.marks = new Map();
      for (const p of problems) {
        if (!this.marks.has(p.line)) this.marks.set(p.line, []);
        this.marks.get(p.line).push(p);
      }
      this.draw();
    }

    // draw redraws the gutter and the backdrop. Lines without a mark are
    // drawn in runs, one element per run, so a long flow costs a few
    // elements, not one per line.
    draw() {
      const lines = this.ta.value.split('\n');
      const gut = document.createDocumentFragment();
      const back = document.createDocumentFragment();
      let run = 0; // first line of the current run of unmarked lines
      const flush = (end) => {
        if (end > run) {
          const nums = [];
          for (let i = run; i < end; i++) nums.push(i + 1);
          gut.appendChild(el('div', 'run', nums.join('\n')));
          back.appendChild(el('div', 'run', lines.slice(run, end).map((l) => l || ' ').join('\n')));
        }
      };
      lines.forEach((text, i) => {
        const marks = this.marks.get(i + 1);
        if (!marks) return;
        flush(i);
        run = i + 1;
        const level = marks.some((m) => !m.warning) ? 'err' : 'warn';
        const g = el('div', level, String(i + 1));
        g.title = marks.map((m) => m.message).join('\n');
        gut.appendChild(g);
        back.appendChild(this.line(text, marks, level));
      });
      flush(lines.length);
      this.gutter.replaceChildren(gut);
      this.back.replaceChildren(back);
      this.sync();
    }

    // redraw draws once per frame, however many keys arrive in it.
    redraw() {
      if (this.pending) return;
      this.pending = true;
      requestAnimationFrame(() => { this.pending = false; this.draw(); });
    }

    // line draws one line of the backdrop: its text (invisible, under the
    // textarea's), each problem underlined over its range, and the
    // messages after the line.
    line(text, marks, level) {
      const d = el('div', level);
      const chars = Array.from(text); // columns count characters, not UTF-16 units
      // A mark runs from its column to its end column on the same line,
      // or to the end of the line; at least one character is marked.
      const clamp = (c) => Math.max(0, Math.min(c - 1, chars.length));
      const spans = marks
        .map((m) => {
          const start = clamp(m.column);
          const end = m.endLine === m.line && m.endColumn > m.column ? clamp(m.endColumn) : chars.length;
          return { start, end: Math.max(end, Math.min(start + 1, chars.length)), warning: m.warning };
        })
        .sort((a, b) => a.start - b.start);
      let at = 0;
      for (const s of spans) {
        const start = Math.max(s.start, at);
        const end = s.end;
        if (end <= start) continue;
        d.appendChild(document.createTextNode(chars.slice(at, start).join('')));
        d.appendChild(el('mark', s.warning ? 'warn' : '', chars.slice(start, end).join('')));
        at = end;
      }
      d.appendChild(document.createTextNode(chars.slice(at).join('')));
      d.appendChild(el('span', 'lens' + (level === 'warn' ? ' warn' : ''),
        marks.map((m) => m.message).join('  ·  ')));
      return d;
    }

    sync() {
      const x = this.ta.scrollLeft, y = this.ta.scrollTop;
      this.back.style.transform = `translate(${-x}px, ${-y}px)`;
      this.gutter.style.transform = `translateY(${-y}px)`;
    }

    // goTo puts the cursor at a line and column and scrolls it into view.
    goTo(line, column) {
      const lines = this.ta.value.split('\n');
      let off = 0;
      for (let i = 0; i < line - 1 && i < lines.length; i++) off += lines[i].length + 1;
      const chars = Array.from(lines[line - 1] || '');
      off += chars.slice(0, Math.max(0, (column || 1) - 1)).join('').length;
      this.ta.focus();
      this.ta.setSelectionRange(off, off);
      const lh = parseFloat(getComputedStyle(this.ta).lineHeight) || 20;
      this.ta.scrollTop = Math.max(0, (line - 3) * lh);
      this.sync();
    }
  }

  const flow = new Editor($('flow-editor'));
  const data = new Editor($('data-editor'));
  const format = $('format');

  // ---- engines: the same requests, answered by the server or by Go in
  // WebAssembly.

  function serverEngine() {
    return {
      where: 'Served by kinenix play on this machine only: nothing you type leaves it or is saved.',
      async call(name, body, signal) {
        const get = name === 'functions' || name === 'start';
        const res = await fetch('api/' + name, get ? { signal } : {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          signal,
        });
        const out = await res.json();
        if (!res.ok) throw new Error((out && out.error) || res.statusText);
        return out;
      },
    };
  }

  // worker starts a worker that runs the library in WebAssembly and
  // returns its call.
  function worker() {
    const w = new Worker('worker.js');
    const waiting = new Map();
    let next = 0;
    w.onmessage = (ev) => {
      const p = waiting.get(ev.data.id);
      if (!p) return;
      waiting.delete(ev.data.id);
      if (ev.data.error !== undefined) p.reject(new Error(ev.data.error));
      else p.resolve(JSON.parse(ev.data.out));
    };
    w.onerror = (ev) => {
      ev.preventDefault();
      for (const p of waiting.values()) p.reject(new Error('the WebAssembly worker stopped: ' + (ev.message || 'unknown error')));
      waiting.clear();
    };
    return (name, body) => new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      w.postMessage({ id, name, body: JSON.stringify(body || {}) });
    });
  }

  // wasmEngine runs a worker for the check of a keystroke, completion and
  // hover, and one for each part of the table of every row, so that a long
  // table does not hold up a keystroke and its parts run side by side.
  function wasmEngine() {
    const quick = worker();
    const rows = Array.from({ length: PARTS }, () => worker());
    return {
      where: 'Runs in your browser (the library compiled to WebAssembly): nothing you type or open leaves this page.',
      call(name, body) {
        return (name === 'table' ? rows[body.part || 0] : quick)(name, body);
      },
    };
  }

  async function pickEngine() {
    if (location.protocol === 'file:') {
      throw new Error('browsers do not run WebAssembly workers from a file: serve this folder, e.g. python3 -m http.server, and open it there');
    }
    try {
      const r = await fetch(location.pathname, { method: 'HEAD', cache: 'no-store' });
      if (r.headers.get('X-Kinenix-Play') === 'api') return serverEngine();
    } catch (e) { /* no answer: a static copy */ }
    return wasmEngine();
  }

  let engine = null;

  // ---- the data: text in the editor, or a workbook's bytes.

  let workbook = null; // {name, bytes: Uint8Array, b64}

  function base64(bytes) {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s);
  }

  function setWorkbook(name, bytes, sheet) {
    workbook = { name, bytes, b64: base64(bytes), sheet: sheet || '' };
    $('format-xlsx').hidden = false;
    format.value = 'xlsx';
    data.ta.readOnly = true;
    data.value = `${name}: a workbook of ${Math.max(1, Math.round(bytes.length / 1024))} KB, read by the same XLSX reader as kinenix -data ${name}` +
      (sheet ? `#${sheet}.\n\n` : ` (its first sheet).\n\n`) +
      'Its rows are `rows`, the row picked is `row`, and every row is in the table below.\n\n' +
      'To edit data as text, open a JSON, YAML or CSV file, or choose another format.';
    data.setMarks([]);
    $('data-name').textContent = name;
  }

  function dropWorkbook() {
    if (!workbook) return;
    workbook = null;
    $('format-xlsx').hidden = true;
    data.ta.readOnly = false;
    data.value = '';
    $('data-name').textContent = '';
  }

  function request() {
    const r = { flow: flow.value, data: data.value, format: format.value, row: parseInt($('row').value, 10) || 0 };
    if (workbook) {
      r.data = '';
      r.bytes = workbook.b64;
      r.sheet = workbook.sheet;
      r.format = 'xlsx';
    }
    return r;
  }

  // ---- checking

  let seq = 0;          // number of the latest check sent
  let inflight = null;  // its AbortController (the server's requests)
  let timer = 0;
  let lastInput = 0;    // performance.now() of the last edit
  let offset = 0;       // the first row of the table shown
  let lastTable = null;

  function status(text, bad) {
    const s = $('status');
    s.textContent = text;
    s.classList.toggle('bad', !!bad);
  }

  function edited() {
    lastInput = performance.now();
    clearTimeout(timer);
    timer = setTimeout(check, DEBOUNCE_MS);
  }

  // check checks the flow for the row picked and shows it, then asks for
  // the table of every row, which may take longer: a table is asked for
  // only when the last one is done, with the text as it is then.
  async function check() {
    const my = ++seq;
    if (inflight) inflight.abort();
    if (tableCtl) tableCtl.abort(); // the server stops it; a worker finishes it, unseen
    inflight = new AbortController();
    const since = lastInput;
    const t0 = performance.now();
    status('checking…');
    let res;
    try {
      res = await engine.call('check', request(), inflight.signal);
    } catch (e) {
      if (e.name === 'AbortError') return;
      if (my === seq) status(e instanceof TypeError ? 'the playground server does not answer: is kinenix play still running?' : e.message, true);
      return;
    }
    if (my !== seq) return; // a newer check is on its way
    const t1 = performance.now();
    show(res);
    const now = performance.now();
    document.body.dataset.checks = String(my);
    if (since) document.body.dataset.latency = String(Math.round(now - since));
    document.body.dataset.checkMs = String(Math.round(t1 - t0));
    document.body.dataset.checkDrawMs = String(Math.round(now - t1));
    // Every row at once, for a sheet; other data is one row, shown above.
    const sheet = format.value === 'csv' || format.value === 'xlsx' || res.rows > 0;
    $('rows-card').hidden = $('summary-card').hidden = !sheet;
    if (!sheet) {
      status(`checked in ${Math.round(now - t0)} ms`);
      return;
    }
    status(`checked in ${Math.round(now - t0)} ms; running every row…`);
    tables();
  }

  let tableBusy = false;
  let tableAgain = false;
  let tableCtl = null; // the AbortController of the table asked for

  async function tables() {
    if (tableBusy) { tableAgain = true; return; }
    tableBusy = true;
    try {
      do {
        tableAgain = false;
        const my = seq;
        const t0 = performance.now();
        let t;
        try {
          tableCtl = new AbortController();
          // Quick first: when the summary needs many fields run anew (a
          // new flow or new data), the rows shown come at once and the
          // summary with a second answer.
          const req = Object.assign({ offset, limit: PAGE, quick: true }, request());
          t = await table(req, tableCtl.signal);
          if (my !== seq) continue; // the text changed meanwhile: a newer table follows
          if (t.partial) {
            showTable(t);
            document.body.dataset.rowsMs = String(Math.round(performance.now() - t0));
            status(`${t.rows.length} of ${t.total} rows shown; running every row for the summary…`);
            req.quick = false;
            t = await table(req, tableCtl.signal);
            if (my !== seq) continue;
          } else {
            delete document.body.dataset.rowsMs;
          }
        } catch (e) {
          if (e.name !== 'AbortError') status(e instanceof TypeError ? 'the playground server does not answer: is kinenix play still running?' : e.message, true);
          continue;
        }
        const t1 = performance.now();
        showTable(t);
        const now = performance.now();
        document.body.dataset.tables = String(my);
        document.body.dataset.tableMs = String(Math.round(t1 - t0));
        document.body.dataset.drawMs = String(Math.round(now - t1));
        if (my === seq && !tableAgain) status(`checked ${t.total} ${t.total === 1 ? 'row' : 'rows'} in ${Math.round(now - t0)} ms`);
      } while (tableAgain);
    } finally {
      tableBusy = false;
    }
  }

  // table asks for the table of req in its parts, side by side, and adds
  // them up.
  async function table(req, signal) {
    const parts = await Promise.all(Array.from({ length: PARTS },
      (_, part) => engine.call('table', Object.assign({}, req, { part, parts: PARTS }), signal)));
    return addTables(parts);
  }

  // addTables adds up the tables of a table's parts, in order: their rows
  // one after the other, and their summaries, the record of `preview
  // -summary -json` (rows, and per field and condition: kind, true and
  // false for a condition, fail, failRows and failSheetRows, left out
  // when empty): their counts, and the first rows a field fails on.
  function addTables(parts) {
    const t = Object.assign({}, parts[0], { rows: [], total: 0, rowsLeft: 0, partial: false, stopped: '' });
    t.summary = {
      rows: 0,
      fields: parts[0].summary.fields.map((f) => Object.assign({}, f, { fail: 0, failRows: [], failSheetRows: [] },
        f.kind === 'condition' ? { true: 0, false: 0 } : {})),
    };
    for (const p of parts) {
      t.rows.push(...p.rows);
      t.total += p.total;
      t.rowsLeft += p.rowsLeft || 0;
      t.partial = t.partial || !!p.partial;
      t.stopped = t.stopped || p.stopped || '';
      t.summary.rows += p.summary.rows;
      p.summary.fields.forEach((f, i) => {
        const s = t.summary.fields[i];
        if (f.kind === 'condition') {
          s.true += f.true;
          s.false += f.false;
        }
        s.fail += f.fail;
        s.failRows = s.failRows.concat(f.failRows || []).slice(0, FIRST_ROWS);
        s.failSheetRows = s.failSheetRows.concat(f.failSheetRows || []).slice(0, FIRST_ROWS);
      });
    }
    return t;
  }

  function lineLink(line, column) {
    const a = el('a', 'ln', column ? `${line}:${column}` : String(line));
    a.href = '#';
    a.title = 'go to the line in the flow';
    a.addEventListener('click', (ev) => { ev.preventDefault(); flow.goTo(line, column); });
    return a;
  }

  function none(list, text) {
    list.replaceChildren(el('li', 'none', text));
  }

  // rowName names a row as the sheet shows it (D41).
  function rowName(r) {
    return r.row < 0 ? 'the data' : `rows[${r.row}] (sheet row ${r.sheetRow})`;
  }

  function show(r) {
    flow.setMarks(r.problems);
    lineMessages();

    // A workbook of several sheets: which one is read.
    const sheets = workbook && r.sheets ? r.sheets : [];
    $('sheet-pick').hidden = sheets.length < 2;
    const pick = $('sheet');
    if (pick.dataset.names !== JSON.stringify(sheets)) {
      pick.dataset.names = JSON.stringify(sheets);
      pick.replaceChildren(...sheets.map((n) => el('option', '', n)));
    }
    if (sheets.length) pick.value = workbook.sheet || sheets[0];

    // A sheet: which of its rows is `row`.
    const sheet = format.value === 'csv' || format.value === 'xlsx' || r.rows > 0;
    $('row-pick').hidden = !sheet;
    $('rows-of').textContent = `of ${r.rows}`;
    const picked = parseInt($('row').value, 10) || 0;
    const rowText = sheet && r.rows > 0 ? `for rows[${picked}]` : '';
    $('fields-row').textContent = rowText;
    $('conditions-row').textContent = rowText;

    // The data's problem, marked on its line when the message names one.
    const de = $('data-error');
    const why = (r.dataError || '').replace(/^data in [^:]*: /, '');
    de.hidden = !why;
    de.textContent = why ? `The data cannot be read, so the flow is shown without it: ${why}` : '';
    const at = workbook ? null : /\bline (\d+)(?:, column (\d+))?/.exec(why);
    data.setMarks(at ? [{ line: +at[1], column: at[2] ? +at[2] : 1, message: why, warning: false }] : []);

    // Problems
    const pl = $('problems');
    const errors = r.problems.filter((p) => !p.warning).length;
    const warnings = r.problems.length - errors;
    $('problems-count').textContent = String(r.problems.length);
    const card = $('problems-card');
    card.classList.toggle('has-errors', errors > 0);
    card.classList.toggle('has-warnings', errors === 0 && warnings > 0);
    if (!r.problems.length) {
      none(pl, why ? 'No problems in the flow itself (checked without data, since the data cannot be read).'
        : 'No problems: kinenix validate accepts this flow with this data.');
    } else {
      pl.replaceChildren(...r.problems.map((p) => {
        const li = el('li', p.warning ? 'warn' : 'err');
        li.append(lineLink(p.line, p.column), ' ', el('span', 'tag', p.warning ? 'warning' : 'error'),
          el('span', 'msg', p.message));
        return li;
      }));
    }

    // Fields: LINE: LABEL: RESULT
    const fl = $('fields');
    $('fields-count').textContent = String(r.fields.length);
    if (!r.fields.length) {
      none(fl, 'No fields. A field is a line like - **subject:** ${len(packages)} packages');
    } else {
      fl.replaceChildren(...r.fields.map((f) => {
        const li = el('li');
        li.dataset.line = String(f.line);
        li.append(lineLink(f.line), ': ', el('span', 'label', f.label), ': ');
        if (f.error) {
          li.append(el('span', 'error', f.error));
        } else if (f.result === '') {
          li.append(el('span', 'result empty', '(empty)'));
        } else {
          li.append(el('span', 'result', f.result));
          if (f.cut) li.append(el('span', 'cut', ` … and ${f.cut} more bytes`));
        }
        li.title = f.text;
        return li;
      }));
    }
    if (r.omitted) fl.append(el('li', 'none', `${r.omitted} more fields were not rendered (a check renders at most 2000).`));

    // Conditions, part by part
    const cl = $('conditions');
    $('conditions-count').textContent = String(r.conditions.length);
    if (!r.conditions.length) {
      none(cl, 'No conditions. A condition is a line like - **condition:** ${row.status} == Active');
    } else {
      cl.replaceChildren(...r.conditions.map((c) => {
        const li = el('li');
        li.dataset.line = String(c.line);
        li.append(lineLink(c.line), ': ', el('span', 'text', c.text), ' ');
        if (c.error) {
          li.append(el('span', 'verdict broken', 'error'), el('div', 'error', c.error));
        } else {
          li.append(el('span', 'verdict ' + c.verdict, String(c.verdict)));
        }
        if (c.steps.length) {
          const ol = el('ol', 'steps');
          for (const s of c.steps) {
            const sl = el('li', s.evaluated ? '' : 'skipped');
            sl.title = s.shown;
            sl.append(s.part, ': ');
            if (!s.evaluated) {
              sl.append('not needed');
            } else {
              if (s.values) sl.append(s.values, el('span', 'arrow', ' → '));
              sl.append(el('span', s.result ? 't' : 'f', String(s.result)));
            }
            ol.append(sl);
          }
          if (c.stepsCut) ol.append(el('li', 'cut', `… and ${c.stepsCut} more parts`));
          li.append(ol);
        }
        return li;
      }));
    }

    // With a sheet, what each column the flow reads holds (D45).
    const cols = r.columns || [];
    $('columns-card').hidden = !cols.length;
    $('columns-count').textContent = String(cols.length);
    $('columns').replaceChildren(...cols.map((c) => {
      const li = el('li');
      li.dataset.line = String(c.line);
      li.append(lineLink(c.line), ': ', el('span', 'label', c.numeric ? `${c.name} (read as a number)` : c.name), ': ',
        el('span', 'result', c.facts));
      for (const w of c.warnings || []) li.append(el('div', 'warn', w));
      return li;
    }));
  }

  // showTable draws every row (a page of them) by every field and
  // condition, the failing cells marked, and the summary.
  function showTable(t) {
    lastTable = t;
    const picked = parseInt($('row').value, 10) || 0;
    $('rows-count').textContent = String(t.total);
    const first = t.rows.length ? t.offset + 1 : 0;
    $('rows-range').textContent = t.sheet ? `rows ${first}–${t.offset + t.rows.length} of ${t.total}` : '';
    $('rows-prev').disabled = t.offset <= 0;
    $('rows-next').disabled = t.offset + t.rows.length >= t.total;
    $('rows-prev').hidden = $('rows-next').hidden = !t.sheet;
    const note = $('rows-note');
    const notes = [];
    if (t.dataError) notes.push('The data cannot be read, so there are no rows: see under the data.');
    if (t.rowsLeft) notes.push(`${t.rowsLeft} more rows were not run` + (t.stopped ? `: ${t.stopped}` : ` (a table runs at most ${1 << 20} fields and conditions).`));
    note.hidden = !notes.length;
    note.textContent = notes.join(' ');

    // The rows shown, drawn again only when they change: a keystroke
    // seldom changes them, and a quick table's rows come twice.
    const drawn = JSON.stringify([t.columns, t.rows, t.sheet, picked]);
    if (drawn !== lastRows) {
      lastRows = drawn;
      drawRows(t, picked);
    }

    // The summary of every row (of the rows shown alone, while a quick
    // table's summary is on its way).
    $('summary-card').classList.toggle('pending', !!t.partial);
    const s = t.summary;
    $('summary-hint').textContent = t.partial ? `counting ${t.total} rows…` : `over ${t.total} ${t.total === 1 ? 'row' : 'rows'}`;
    if (t.partial) return;
    drawSummary(s, t.columns);
  }

  let lastRows = '';

  // A flow of many fields has a table of many columns, of which a few
  // are in view: past WIDE columns, each is COL_W pixels wide and only
  // those in view (and a few beside) are drawn, again as the table is
  // scrolled sideways; 50 rows by 405 fields would be 20,000 cells.
  const WIDE = 40;
  const COL_W = 180;
  const ROWNAME_W = 56;
  let rowsView = null; // {t, picked, from, to}: the rows drawn, and their columns

  // drawRows draws the table of the rows of t, the row picked marked.
  function drawRows(t, picked) {
    rowsView = { t, picked, from: -1, to: -1 };
    const table = $('rows-table');
    const wide = t.columns.length > WIDE;
    table.classList.toggle('wide', wide);
    table.style.width = wide ? `${ROWNAME_W + t.columns.length * COL_W}px` : '';
    drawColumns();
  }

  // columnsInView are the columns [from, to) of n to draw.
  function columnsInView(n) {
    if (n <= WIDE) return [0, n];
    const wrap = $('rows-wrap');
    const from = Math.max(0, Math.floor(wrap.scrollLeft / COL_W) - 1);
    return [Math.min(from, n), Math.min(n, from + Math.ceil(wrap.clientWidth / COL_W) + 2)];
  }

  // drawColumns draws the columns of the rows in view, with a spacer for
  // those before and after.
  function drawColumns() {
    const v = rowsView;
    if (!v) return;
    const t = v.t;
    const [from, to] = columnsInView(t.columns.length);
    if (from === v.from && to === v.to) return;
    v.from = from;
    v.to = to;
    const spacer = (tag, n) => {
      const c = el(tag, 'spacer');
      c.style.width = `${n * COL_W}px`;
      return c;
    };
    const table = $('rows-table');
    const head = el('tr');
    const rowname = el('th', 'rowname', t.sheet ? 'row' : '');
    if (t.columns.length > WIDE) rowname.style.width = `${ROWNAME_W}px`;
    head.append(rowname);
    if (from > 0) head.append(spacer('th', from));
    for (let i = from; i < to; i++) {
      const c = t.columns[i];
      const th = el('th', c.condition ? 'cond' : '');
      th.append(el('span', 'label', c.condition ? 'condition' : c.label), el('span', 'ln', ` ${c.line}`));
      th.title = `line ${c.line}: ${c.text}`;
      if (t.columns.length > WIDE) th.style.width = `${COL_W}px`;
      head.append(th);
    }
    if (to < t.columns.length) head.append(spacer('th', t.columns.length - to));
    const body = document.createDocumentFragment();
    for (const r of t.rows) {
      const tr = el('tr', r.fails ? 'fails' : '');
      tr.dataset.row = String(r.row);
      if (t.sheet && (r.row === v.picked || (v.picked < 0 && r.row === t.total + v.picked))) tr.classList.add('picked');
      const name = el('th', 'rowname', r.row < 0 ? 'data' : String(r.row));
      name.title = rowName(r) + (r.fails ? `: ${r.fails} failed` : '');
      tr.append(name);
      if (from > 0) tr.append(el('td', 'spacer'));
      for (let i = from; i < to && i < r.cells.length; i++) {
        const c = r.cells[i];
        const col = t.columns[i];
        let td;
        if (c.error) {
          td = el('td', 'fail', '✗ error');
          td.title = c.error;
        } else if (col.condition) {
          td = el('td', 'verdict-cell ' + c.text, c.text);
        } else {
          td = el('td', c.text === '' ? 'empty' : '', c.text === '' ? '(empty)' : c.text + (c.cut ? ' …' : ''));
          td.title = c.text + (c.cut ? ` … and ${c.cut} more bytes` : '');
        }
        tr.append(td);
      }
      if (to < t.columns.length) tr.append(el('td', 'spacer'));
      body.append(tr);
    }
    table.replaceChildren(el('thead'), el('tbody'));
    table.tHead.append(head);
    table.tBodies[0].append(body);
  }

  let scrolled = false;
  function scrollColumns() {
    if (scrolled) return;
    scrolled = true;
    requestAnimationFrame(() => { scrolled = false; drawColumns(); });
  }

  // drawSummary draws the summary of every row: its fields are the
  // table's columns, in the same order, a condition's text its column's.
  function drawSummary(s, columns) {
    const ct = $('summary-conditions');
    const conditions = s.fields.map((f, i) => Object.assign({ text: columns[i] ? columns[i].text : '' }, f)).filter((f) => f.kind === 'condition');
    const fields = s.fields.filter((f) => f.kind !== 'condition');
    if (!conditions.length) {
      ct.replaceChildren(el('tr', 'none', 'No conditions.'));
    } else {
      const hr = el('tr');
      hr.append(el('th', '', 'line'), el('th', '', 'condition'), el('th', 'n t', 'true'), el('th', 'n f', 'false'), el('th', 'n x', 'fail'));
      ct.replaceChildren(hr, ...conditions.map((c) => {
        const tr = el('tr');
        const ln = el('td');
        ln.append(lineLink(c.line));
        tr.append(ln, el('td', 'text', c.text), el('td', 'n t', String(c.true)), el('td', 'n f', String(c.false)),
          el('td', 'n x' + (c.fail ? ' some' : ''), String(c.fail)));
        return tr;
      }));
    }
    const fl = $('summary-fields');
    const failing = fields.filter((f) => f.fail);
    if (!failing.length) {
      none(fl, fields.length ? `All ${fields.length} fields render on every row.` : 'No fields.');
    } else {
      fl.replaceChildren(...failing.map((f) => {
        const li = el('li');
        const rows = (f.failRows || []).map((r, i) => (r < 0 ? 'the data' : `rows[${r}] (sheet row ${f.failSheetRows[i]})`));
        const more = f.fail - rows.length;
        li.append(lineLink(f.line), ': ', el('span', 'label', f.label), ': ',
          el('span', 'error', `fails on ${f.fail} ${f.fail === 1 ? 'row' : 'rows'}: ${rows.join(', ')}${more > 0 ? ` and ${more} more` : ''}`));
        return li;
      }));
      if (failing.length < fields.length) fl.append(el('li', 'none', `The other ${fields.length - failing.length} fields render on every row.`));
    }
  }

  // pickRow shows row i's fields and each condition's parts.
  function pickRow(i) {
    $('row').value = String(i);
    edited();
  }

  // ---- the messages of the line under the cursor, wrapped in full under
  // the editor (the line's lens in the editor is cut at its edge).

  function caretLine() {
    const ta = flow.ta;
    return ta.value.slice(0, ta.selectionStart).split('\n').length;
  }

  function lineMessages() {
    const box = $('flow-msgs');
    const marks = flow.marks.get(caretLine()) || [];
    box.replaceChildren(...marks.map((m) => el('div', m.warning ? 'warn' : 'err', m.message)));
    box.hidden = !marks.length;
  }

  // ---- completion and hover, as in the editor (the same Go functions as
  // kinenix lsp).

  const popup = $('complete');
  const tip = $('hover');
  let items = [];
  let active = 0;
  let completing = null; // {line, from, caret}

  function charWidth() {
    const probe = el('span', '', 'M'.repeat(100));
    probe.style.font = getComputedStyle(flow.ta).font;
    probe.style.position = 'absolute';
    probe.style.visibility = 'hidden';
    probe.style.whiteSpace = 'pre';
    document.body.append(probe);
    const w = probe.getBoundingClientRect().width / 100;
    probe.remove();
    return w || 8;
  }
  let cw = 0;

  // caretBox is where line li (1-based), column col (UTF-16, from 0) of the
  // flow is drawn on the page.
  function caretBox(li, col) {
    const ta = flow.ta;
    const r = ta.getBoundingClientRect();
    const lh = parseFloat(getComputedStyle(ta).lineHeight) || 20;
    cw = cw || charWidth();
    return {
      x: r.left + 10 + col * cw - ta.scrollLeft + window.scrollX,
      y: r.top + 8 + li * lh - ta.scrollTop + window.scrollY,
    };
  }

  function closeCompletion() {
    popup.hidden = true;
    completing = null;
  }

  async function complete() {
    const ta = flow.ta;
    const caret = ta.selectionStart;
    const before = ta.value.slice(0, caret);
    const line = before.split('\n').length;
    const col = caret - before.lastIndexOf('\n') - 1;
    const text = ta.value.split('\n')[line - 1] || '';
    const my = ++completeSeq;
    let list;
    try {
      list = await engine.call('complete', Object.assign(request(), { line, column: col }));
    } catch (e) {
      return;
    }
    if (my !== completeSeq || ta.selectionStart !== caret) return;
    const typed = (from) => text.slice(from, col).toLowerCase();
    items = list.filter((c) => (c.filter || c.label).toLowerCase().startsWith(typed(c.from)));
    if (!items.length) { closeCompletion(); return; }
    completing = { line, caret };
    active = 0;
    drawCompletion();
    const at = caretBox(line, col);
    popup.style.left = `${at.x}px`;
    popup.style.top = `${at.y + 2}px`;
    popup.hidden = false;
  }
  let completeSeq = 0;

  function drawCompletion() {
    popup.replaceChildren(...items.slice(0, 200).map((c, i) => {
      const d = el('div', 'item' + (i === active ? ' active' : ''));
      d.setAttribute('role', 'option');
      d.append(el('span', 'kind ' + c.kind, c.kind === 'function' ? 'ƒ' : c.kind === 'variable' ? 'x' : '.'),
        el('span', 'label', c.label), el('span', 'detail', c.detail));
      d.addEventListener('mousedown', (ev) => { ev.preventDefault(); accept(i); });
      return d;
    }));
    const a = popup.children[active];
    if (a) a.scrollIntoView({ block: 'nearest' });
  }

  function accept(i) {
    const c = items[i];
    const ta = flow.ta;
    const caret = ta.selectionStart;
    const lineStart = ta.value.lastIndexOf('\n', caret - 1) + 1;
    ta.setRangeText(c.insert, lineStart + c.from, caret, 'end');
    closeCompletion();
    flow.redraw();
    edited();
  }

  function wantsCompletion(ev) {
    if (ev.inputType && !ev.inputType.startsWith('insert')) return false;
    const ta = flow.ta;
    const before = ta.value.slice(0, ta.selectionStart);
    const line = before.slice(before.lastIndexOf('\n') + 1);
    const open = line.lastIndexOf('${');
    return open >= 0 && line.indexOf('}', open) < 0 && /[\p{L}\p{N}_.[(]$/u.test(line);
  }

  function md(text) {
    // A hover is Markdown: ``` blocks as code, `spans` as code, the rest as text.
    const box = el('div');
    text.split('```').forEach((part, i) => {
      if (i % 2) {
        box.append(el('pre', '', part.replace(/^\w*\n/, '').replace(/\n$/, '')));
      } else {
        for (const para of part.split(/\n\n+/)) if (para.trim()) box.append(prose('p', '', para.trim()));
      }
    });
    return box;
  }

  let hoverTimer = 0;
  let hoverSeq = 0;
  function hoverAt(ev) {
    clearTimeout(hoverTimer);
    tip.hidden = true;
    hoverTimer = setTimeout(async () => {
      const ta = flow.ta;
      const r = ta.getBoundingClientRect();
      const lh = parseFloat(getComputedStyle(ta).lineHeight) || 20;
      cw = cw || charWidth();
      const line = Math.floor((ev.clientY - r.top - 8 + ta.scrollTop) / lh) + 1;
      const column = Math.floor((ev.clientX - r.left - 10 + ta.scrollLeft) / cw);
      const text = ta.value.split('\n')[line - 1];
      if (text === undefined || column < 0 || column > text.length) return;
      const my = ++hoverSeq;
      let h;
      try {
        h = await engine.call('hover', Object.assign(request(), { line, column }));
      } catch (e) {
        return;
      }
      if (!h || my !== hoverSeq) return;
      tip.replaceChildren(md(h.text));
      const at = caretBox(line, h.from);
      tip.style.left = `${at.x}px`;
      tip.style.top = `${at.y + 2}px`;
      tip.hidden = false;
    }, 300);
  }

  // ---- the function reference

  // prose builds an element from reference text, with `code` as code.
  function prose(tag, cls, text) {
    const e = el(tag, cls);
    text.split('`').forEach((part, i) => {
      if (part) e.append(i % 2 ? el('code', '', part) : part);
    });
    return e;
  }

  async function loadFunctions() {
    let list;
    try {
      list = await engine.call('functions');
    } catch (e) {
      return;
    }
    // How many, from the function table itself: never a number written
    // into the page by hand.
    $('funcs-count').textContent = list.length + ' ';
    $('funcs').replaceChildren(...list.map((f) => {
      const d = el('div', 'func');
      d.id = 'func-' + f.name;
      d.append(el('h3', '', f.signature), prose('p', '', f.doc));
      if (f.params.length) {
        const dl = el('dl');
        for (const p of f.params) dl.append(el('dt', '', p.name + (p.optional ? '?' : '')), prose('dd', '', p.doc));
        d.append(dl);
      }
      if (f.empty) d.append(prose('p', 'empty', 'Empty input: ' + f.empty));
      for (const e of f.examples) {
        const p = el('p', 'ex', `${e.expr} → `);
        p.append(e.want === '' ? el('span', 'nothing', '(empty)') : e.want);
        d.append(p);
      }
      return d;
    }));
  }

  // ---- files: opened, dropped, saved

  function formatOf(name) {
    const n = name.toLowerCase();
    if (n.endsWith('.yaml') || n.endsWith('.yml')) return 'yaml';
    if (n.endsWith('.csv')) return 'csv';
    if (n.endsWith('.json')) return 'json';
    if (n.endsWith('.xlsx')) return 'xlsx';
    return '';
  }

  // openFile reads a file the author picked or dropped, in the browser;
  // the server, when there is one, never sees its name or path.
  function openFile(file, isData) {
    if (file.size > MAX_FILE) {
      status(`${file.name} is larger than ${MAX_FILE >> 10} KiB; the playground checks smaller files`, true);
      return;
    }
    const reader = new FileReader();
    const fmt = formatOf(file.name);
    reader.onload = () => {
      if (isData && fmt === 'xlsx') {
        setWorkbook(file.name, new Uint8Array(reader.result));
      } else if (isData) {
        dropWorkbook();
        data.value = String(reader.result);
        $('data-name').textContent = file.name;
        format.value = fmt || 'auto';
      } else {
        flow.value = String(reader.result);
        $('flow-name').textContent = file.name;
      }
      offset = 0;
      if (isData) $('row').value = '0';
      edited();
    };
    reader.onerror = () => status(`${file.name} could not be read`, true);
    if (isData && fmt === 'xlsx') reader.readAsArrayBuffer(file);
    else reader.readAsText(file);
  }

  function opener(input, isData) {
    input.addEventListener('change', () => {
      const file = input.files && input.files[0];
      if (file) openFile(file, isData);
      input.value = '';
    });
  }

  function download(name, blob) {
    const a = el('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }

  async function pipe(bytes, stream) {
    const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
    return new Uint8Array(await out.arrayBuffer());
  }

  // The flow travels in the fragment: deflated, in base64url. Browsers
  // never send the fragment to a server.
  async function linkTo(text) {
    const z = await pipe(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
    return location.href.split('#')[0] + '#flow=' + base64(z).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  async function fromLink() {
    const m = /^#flow=([A-Za-z0-9_-]*)$/.exec(location.hash);
    if (!m) return null;
    const b = atob(m[1].replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(b, (c) => c.charCodeAt(0));
    return new TextDecoder().decode(await pipe(bytes, new DecompressionStream('deflate-raw')));
  }

  // ---- start

  async function start() {
    flow.ta.addEventListener('input', (ev) => {
      flow.redraw();
      edited();
      if (wantsCompletion(ev)) complete(); else closeCompletion();
    });
    flow.ta.addEventListener('keydown', (ev) => {
      tip.hidden = true;
      if (ev.key === ' ' && ev.ctrlKey) { ev.preventDefault(); complete(); return; }
      if (popup.hidden) return;
      if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
        ev.preventDefault();
        active = (active + (ev.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
        drawCompletion();
      } else if (ev.key === 'Enter' || ev.key === 'Tab') {
        ev.preventDefault();
        accept(active);
      } else if (ev.key === 'Escape') {
        closeCompletion();
      }
    });
    flow.ta.addEventListener('blur', () => setTimeout(closeCompletion, 100));
    flow.ta.addEventListener('mousemove', hoverAt);
    flow.ta.addEventListener('mouseleave', () => { clearTimeout(hoverTimer); tip.hidden = true; });
    flow.ta.addEventListener('scroll', () => { closeCompletion(); tip.hidden = true; });
    for (const e of ['keyup', 'click', 'focus']) flow.ta.addEventListener(e, lineMessages);
    data.ta.addEventListener('input', () => { data.redraw(); edited(); });
    format.addEventListener('change', () => {
      if (format.value !== 'xlsx') dropWorkbook();
      edited();
    });
    $('row').addEventListener('input', edited);
    $('sheet').addEventListener('change', () => {
      if (!workbook) return;
      setWorkbook(workbook.name, workbook.bytes, $('sheet').value);
      offset = 0;
      $('row').value = '0';
      edited();
    });
    opener($('flow-file'), false);
    opener($('data-file'), true);
    $('rows-prev').addEventListener('click', () => { offset = Math.max(0, offset - PAGE); edited(); });
    $('rows-next').addEventListener('click', () => { offset += PAGE; edited(); });
    $('rows-wrap').addEventListener('scroll', scrollColumns);
    window.addEventListener('resize', scrollColumns);
    $('rows-table').addEventListener('click', (ev) => {
      const tr = ev.target.closest('tbody tr');
      if (tr && lastTable && lastTable.sheet) pickRow(+tr.dataset.row);
    });
    document.addEventListener('dragover', (ev) => { ev.preventDefault(); document.body.classList.add('dropping'); });
    document.addEventListener('dragleave', () => document.body.classList.remove('dropping'));
    document.addEventListener('drop', (ev) => {
      ev.preventDefault();
      document.body.classList.remove('dropping');
      for (const f of ev.dataTransfer.files) openFile(f, !/\.(md|markdown|txt)$/i.test(f.name));
    });
    $('save-flow').addEventListener('click', () =>
      download($('flow-name').textContent || 'flow.md', new Blob([flow.value], { type: 'text/markdown' })));
    $('save-data').addEventListener('click', () => {
      if (workbook) download(workbook.name, new Blob([workbook.bytes]));
      else download($('data-name').textContent || `data.${format.value === 'auto' ? 'yaml' : format.value}`, new Blob([data.value]));
    });
    $('share').addEventListener('click', async () => {
      const link = await linkTo(flow.value);
      history.replaceState(null, '', link);
      const box = $('share-link');
      box.value = link;
      box.hidden = false;
      box.select();
      if (navigator.clipboard) navigator.clipboard.writeText(link).then(() => status('link copied: it carries the flow, not the data'), () => {});
    });

    try {
      engine = await pickEngine();
    } catch (e) {
      status(e.message, true);
      return;
    }
    $('where').textContent = engine.where;
    document.body.dataset.engine = engine.where.startsWith('Served') ? 'server' : 'wasm';
    loadFunctions();
    let s;
    try {
      s = await engine.call('start');
    } catch (e) {
      status(e instanceof TypeError ? 'the playground server does not answer: is kinenix play still running?' : e.message, true);
      return;
    }
    let linked = null;
    try {
      linked = await fromLink();
    } catch (e) {
      status('the link does not hold a flow this page can read', true);
    }
    flow.value = linked !== null ? linked : s.flow;
    $('flow-name').textContent = linked !== null ? 'linked.md' : s.flowName || '';
    if (s.dataFormat === 'xlsx' && s.bytes) {
      setWorkbook(s.dataName, Uint8Array.from(atob(s.bytes), (c) => c.charCodeAt(0)), s.sheet);
    } else {
      data.value = s.data;
      format.value = s.dataFormat || 'auto';
      $('data-name').textContent = s.dataName || '';
    }
    check();
  }

  start();
})();
