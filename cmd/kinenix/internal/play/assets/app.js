// The playground page: two editors (flow, data), checked by the server of
// `kinenix play` 150 ms after the last keystroke. Everything shown is built
// with DOM calls and textContent, never from HTML strings.
'use strict';

(function () {
  const DEBOUNCE_MS = 150;
  const MAX_FILE = 2 << 20; // the server's body cap

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

    setMarks(problems) {
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

  let seq = 0;          // number of the latest check sent
  let inflight = null;  // its AbortController
  let timer = 0;
  let lastInput = 0;    // performance.now() of the last edit

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

  async function check() {
    const my = ++seq;
    if (inflight) inflight.abort();
    inflight = new AbortController();
    const since = lastInput;
    const t0 = performance.now();
    status('checking…');
    let res, body;
    try {
      res = await fetch('/api/check', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ flow: flow.value, data: data.value, format: format.value,
          row: parseInt($('row').value, 10) || 0 }),
        signal: inflight.signal,
      });
      body = await res.json();
    } catch (e) {
      if (e.name === 'AbortError') return;
      if (my === seq) status('the playground server does not answer: is kinenix play still running?', true);
      return;
    }
    if (my !== seq) return; // a newer check is on its way
    if (!res.ok) {
      status(body.error || res.statusText, true);
      return;
    }
    show(body);
    const now = performance.now();
    document.body.dataset.checks = String(my);
    if (since) document.body.dataset.latency = String(Math.round(now - since));
    status(`checked in ${Math.round(now - t0)} ms`);
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

  function show(r) {
    flow.setMarks(r.problems);

    // A sheet: which of its rows is `row`.
    const sheet = format.value === 'csv' || r.rows > 0;
    $('row-pick').hidden = !sheet;
    $('rows-of').textContent = `of ${r.rows}`;

    // The data's problem, marked on its line when the message names one.
    const de = $('data-error');
    const why = (r.dataError || '').replace(/^data in [^:]*: /, '');
    de.hidden = !why;
    de.textContent = why ? `The data cannot be read, so the flow is shown without it: ${why}` : '';
    const at = /\bline (\d+)(?:, column (\d+))?/.exec(why);
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
      return li;
    }));
  }

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
      list = await (await fetch('/api/functions')).json();
    } catch (e) {
      return;
    }
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

  function formatOf(name) {
    const n = name.toLowerCase();
    if (n.endsWith('.yaml') || n.endsWith('.yml')) return 'yaml';
    if (n.endsWith('.csv')) return 'csv';
    if (n.endsWith('.json')) return 'json';
    return '';
  }

  // openFile reads a file the author picked, in the browser; the server
  // never sees its name or path.
  function openFile(input, editor, nameEl, isData) {
    input.addEventListener('change', () => {
      const file = input.files && input.files[0];
      if (!file) return;
      if (isData && /\.xlsx$/i.test(file.name)) {
        status(`${file.name} is a spreadsheet: save it as CSV to edit its data here`, true);
        input.value = '';
        return;
      }
      if (file.size > MAX_FILE) {
        status(`${file.name} is larger than 2 MiB; the playground checks smaller files`, true);
        input.value = '';
        return;
      }
      const reader = new FileReader();
      reader.onload = () => {
        editor.value = String(reader.result);
        nameEl.textContent = file.name;
        if (isData) {
          format.value = formatOf(file.name) || 'auto';
        }
        input.value = '';
        edited();
      };
      reader.onerror = () => status(`${file.name} could not be read`, true);
      reader.readAsText(file);
    });
  }

  async function start() {
    flow.ta.addEventListener('input', () => { flow.redraw(); edited(); });
    data.ta.addEventListener('input', () => { data.redraw(); edited(); });
    format.addEventListener('change', edited);
    $('row').addEventListener('input', edited);
    openFile($('flow-file'), flow, $('flow-name'), false);
    openFile($('data-file'), data, $('data-name'), true);
    loadFunctions();
    try {
      const s = await (await fetch('/api/start')).json();
      flow.value = s.flow;
      data.value = s.data;
      format.value = s.dataFormat || 'auto';
      $('flow-name').textContent = s.flowName || '';
      $('data-name').textContent = s.dataName || '';
    } catch (e) {
      status('the playground server does not answer: is kinenix play still running?', true);
      return;
    }
    check();
  }

  start();
})();
