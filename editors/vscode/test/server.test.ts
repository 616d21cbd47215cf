// The language client's server options against the real server: the test
// builds the command exactly as the extension does (serverExecutable and
// initializationOptions from the settings), spawns it as
// vscode-languageclient does for an Executable without a transport
// (child_process.spawn(command, args, options)), and speaks the Language
// Server Protocol to it over standard input and output, framed by hand.
// KINENIX_BIN names the kinenix binary (`make vscode-test` builds one).

import { ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, it } from "node:test";
import { defaultSettings, findProgram, initializationOptions, notFoundMessage, programPath, serverExecutable } from "../src/server";

const home = path.join(path.sep, "home", "author");
const root = path.join(path.sep, "work", "flows");

describe("serverExecutable", () => {
  const cases: { name: string; setting: string; want: string }[] = [
    { name: "the default is looked up on PATH", setting: defaultSettings.path, want: "kinenix" },
    { name: "an empty setting is the default", setting: "  ", want: "kinenix" },
    { name: "an absolute path is kept", setting: path.join(path.sep, "opt", "kinenix"), want: path.join(path.sep, "opt", "kinenix") },
    { name: "~/ is the home directory", setting: "~/bin/kinenix", want: path.join(home, "bin", "kinenix") },
    { name: "a relative path is in the workspace folder", setting: "bin/kinenix", want: path.join(root, "bin", "kinenix") },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const exec = serverExecutable({ path: c.setting, data: "" }, root, home);
      assert.equal(exec.command, c.want);
      assert.deepEqual(exec.args, ["lsp"]);
      assert.equal(exec.options?.cwd, root);
      // A transport would make the client add an argument (--stdio) that
      // kinenix lsp refuses; without one it uses standard input and output.
      assert.equal(exec.transport, undefined);
    });
  }
  it("has no working directory without a workspace folder", () => {
    const exec = serverExecutable({ path: "bin/kinenix", data: "" }, undefined, home);
    assert.equal(exec.command, "bin/kinenix");
    assert.equal(exec.options, undefined);
  });
});

describe("initializationOptions", () => {
  it("is nothing without sample data", () => {
    assert.equal(initializationOptions({ path: "kinenix", data: "" }, home), undefined);
    assert.equal(initializationOptions({ path: "kinenix", data: " " }, home), undefined);
  });
  it("names the data file as written (the server takes it from the workspace root)", () => {
    assert.deepEqual(initializationOptions({ path: "kinenix", data: "data/sample.json" }, home), { data: "data/sample.json" });
    assert.deepEqual(initializationOptions({ path: "kinenix", data: "~/sample.yaml" }, home), { data: path.join(home, "sample.yaml") });
  });
});

describe("findProgram", () => {
  it("finds a program on PATH and says when there is none", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinenix-find-"));
    try {
      const prog = path.join(dir, "kinenix");
      fs.writeFileSync(prog, "#!/bin/sh\n", { mode: 0o755 });
      fs.writeFileSync(path.join(dir, "notexec"), "", { mode: 0o644 });
      assert.equal(findProgram("kinenix", { PATH: dir }, "linux"), prog);
      assert.equal(findProgram(prog, { PATH: "" }, "linux"), prog);
      assert.equal(findProgram("notexec", { PATH: dir }, "linux"), undefined);
      assert.equal(findProgram("kinenix", { PATH: "" }, "linux"), undefined);
      assert.match(notFoundMessage("kinenix", "kinenix"), /"kinenix" is not on PATH.*kinenix\.path/);
      assert.match(notFoundMessage("/opt/k", "/opt/k"), /\/opt\/k is not a program/);
      assert.equal(programPath("", undefined, home), "kinenix");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Conn frames JSON-RPC messages with Content-Length headers, both ways.
class Conn {
  private buf = Buffer.alloc(0);
  private waiters: { match: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  readonly seen: any[] = [];
  private nextId = 1;

  constructor(private proc: ChildProcessWithoutNullStreams) {
    proc.stdout.on("data", (chunk: Buffer) => {
      this.buf = Buffer.concat([this.buf, chunk]);
      this.drain();
    });
  }

  private drain(): void {
    for (;;) {
      const end = this.buf.indexOf("\r\n\r\n");
      if (end < 0) {
        return;
      }
      const header = this.buf.subarray(0, end).toString("ascii");
      const m = /Content-Length: *(\d+)/i.exec(header);
      assert.ok(m, `a message without Content-Length: ${header}`);
      const len = Number(m[1]);
      if (this.buf.length < end + 4 + len) {
        return;
      }
      const msg = JSON.parse(this.buf.subarray(end + 4, end + 4 + len).toString("utf8"));
      this.buf = this.buf.subarray(end + 4 + len);
      this.seen.push(msg);
      this.waiters = this.waiters.filter((w) => {
        if (w.match(msg)) {
          w.resolve(msg);
          return false;
        }
        return true;
      });
    }
  }

  send(msg: object): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...msg }), "utf8");
    this.proc.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.proc.stdin.write(body);
  }

  /** waitFor resolves with the first message (seen or to come) that matches. */
  waitFor(match: (m: any) => boolean): Promise<any> {
    const had = this.seen.find(match);
    if (had) {
      return Promise.resolve(had);
    }
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  request(method: string, params: object): Promise<any> {
    const id = this.nextId++;
    this.send({ id, method, params });
    return this.waitFor((m) => m.id === id && m.method === undefined);
  }
}

describe("kinenix lsp, started as the extension starts it", () => {
  it("reports a typo in a flow and a key missing from the sample data", { timeout: 60_000 }, async () => {
    const bin = process.env.KINENIX_BIN;
    assert.ok(bin, "set KINENIX_BIN to a kinenix binary (make vscode-test builds one)");
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "kinenix-vscode-")));
    const stderr: Buffer[] = [];
    try {
      fs.writeFileSync(path.join(dir, "sample.json"), JSON.stringify({ row: { status: "Active", amount: 3 }, packages: ["Motor 1"] }));
      const settings = { path: path.resolve(bin), data: "sample.json" };
      const exec = serverExecutable(settings, dir);
      const proc = spawn(exec.command, exec.args ?? [], exec.options ?? {});
      proc.stderr.on("data", (b: Buffer) => stderr.push(b));
      const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
      const conn = new Conn(proc);

      const init = await conn.request("initialize", {
        processId: process.pid,
        rootUri: pathToFileURL(dir).href,
        capabilities: {},
        initializationOptions: initializationOptions(settings),
      });
      assert.equal(init.error, undefined, JSON.stringify(init.error));
      assert.equal(init.result.serverInfo.name, "kinenix");
      assert.ok(init.result.capabilities.hoverProvider);
      conn.send({ method: "initialized", params: {} });

      const uri = pathToFileURL(path.join(dir, "flow.md")).href;
      const flow = [
        "# Report",
        "",
        "- **subject:** ${lenght(packages)} packages",
        "- **condition:** ${row.stauts} == Active",
        "",
      ].join("\n");
      conn.send({ method: "textDocument/didOpen", params: { textDocument: { uri, languageId: "markdown", version: 1, text: flow } } });
      const diag = await conn.waitFor((m) => m.method === "textDocument/publishDiagnostics" && m.params.uri === uri && m.params.diagnostics.length > 0);
      const ds: any[] = diag.params.diagnostics;

      const typo = ds.find((d) => /unknown function lenght; did you mean len\?/.test(d.message));
      assert.ok(typo, `no diagnostic for the typo in ${JSON.stringify(ds)}`);
      assert.equal(typo.severity, 1); // error
      assert.equal(typo.range.start.line, 2);
      assert.equal(flow.split("\n")[2].slice(typo.range.start.character, typo.range.end.character).includes("lenght"), true);

      // Only with the sample data of the settings: row has no key stauts.
      const missing = ds.find((d) => d.range.start.line === 3 && /stauts/.test(d.message) && /status/.test(d.message));
      assert.ok(missing, `no warning for the missing key in ${JSON.stringify(ds)}`);
      assert.equal(missing.severity, 2); // warning

      const down = await conn.request("shutdown", {});
      assert.equal(down.error, undefined);
      conn.send({ method: "exit" });
      assert.equal(await exited, 0, Buffer.concat(stderr).toString());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
