// The page's worker on a static site: it runs the library compiled to
// WebAssembly (kinenix.wasm, with Go's wasm_exec.js), so that a check of
// a large flow over a large sheet does not stop the page. The page posts
// {id, name, body} and gets {id, out} or {id, error} back; the names are
// those of play.Call.
'use strict';
importScripts('wasm_exec.js');

const ready = (async () => {
  const go = new Go();
  const res = await fetch('kinenix.wasm');
  if (!res.ok) throw new Error(`kinenix.wasm: ${res.status} ${res.statusText}`);
  const { instance } = await WebAssembly.instantiateStreaming(res, go.importObject);
  go.run(instance); // sets self.kinenix and keeps running
})();

self.onmessage = async (ev) => {
  const { id, name, body } = ev.data;
  try {
    await ready;
    const r = self.kinenix.call(name, body);
    if (r.error) self.postMessage({ id, error: r.error, bad: !!r.bad });
    else self.postMessage({ id, out: r.out });
  } catch (e) {
    self.postMessage({ id, error: String(e && e.message || e) });
  }
};
