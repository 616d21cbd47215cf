// How the extension starts `kinenix lsp`, from the settings. This module
// imports nothing from `vscode` at run time, so that the node test
// (test/server.test.ts) runs the very command it builds against a real
// kinenix binary without VS Code.

import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Executable } from "vscode-languageclient/node";

/** The extension's settings (`kinenix.path`, `kinenix.data`). */
export interface Settings {
  /** The kinenix program: a name looked up on PATH, or a path. */
  path: string;
  /** The sample data file, relative to the workspace folder; "" for none. */
  data: string;
}

/** The defaults of package.json's contributes.configuration. */
export const defaultSettings: Settings = { path: "kinenix", data: "" };

/**
 * serverExecutable is the command the language client runs: the kinenix
 * program of the settings with the argument `lsp`, in the workspace folder
 * (root, when there is one). A leading `~/` is the home directory; a
 * relative path with a directory in it (`bin/kinenix`) is taken from the
 * workspace folder; a bare name is looked up on PATH when it is started.
 * No transport is named: the client then talks to the server over its
 * standard input and output without adding an argument (naming stdio would
 * add `--stdio`, which `kinenix lsp` refuses).
 */
export function serverExecutable(settings: Settings, root?: string, home: string = os.homedir()): Executable {
  const exec: Executable = { command: programPath(settings.path, root, home), args: ["lsp"] };
  if (root) {
    exec.options = { cwd: root };
  }
  return exec;
}

/**
 * initializationOptions are what the server reads at initialize:
 * `{"data": FILE}` when a sample data file is set (the server takes a
 * relative FILE from the workspace root), or nothing.
 */
export function initializationOptions(settings: Settings, home: string = os.homedir()): { data: string } | undefined {
  const data = settings.data.trim();
  if (data === "") {
    return undefined;
  }
  return { data: expandHome(data, home) };
}

/**
 * programPath resolves the `kinenix.path` setting (see serverExecutable);
 * an empty setting is the default, `kinenix`.
 */
export function programPath(setting: string, root: string | undefined, home: string): string {
  let p = setting.trim();
  if (p === "") {
    p = defaultSettings.path;
  }
  p = expandHome(p, home);
  if (!path.isAbsolute(p) && /[\\/]/.test(p) && root) {
    p = path.join(root, p);
  }
  return p;
}

function expandHome(p: string, home: string): string {
  if (p === "~") {
    return home;
  }
  if (p.startsWith("~/") || p.startsWith("~\\")) {
    return path.join(home, p.slice(2));
  }
  return p;
}

/**
 * findProgram says where a command would be found: the path itself when it
 * names a directory, else the first match on PATH (with PATHEXT on
 * Windows); undefined when there is none, so that the extension can say
 * what to do instead of failing to start.
 */
export function findProgram(command: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string | undefined {
  const exts = platform === "win32" ? ["", ...(env.PATHEXT ?? ".EXE;.CMD;.BAT;.COM").split(";").filter((e) => e !== "")] : [""];
  const candidates = (dir: string) => exts.map((e) => path.join(dir, command + e));
  const sep = platform === "win32" ? ";" : ":";
  const dirs = /[\\/]/.test(command) ? [""] : (env.PATH ?? env.Path ?? "").split(sep).filter((d) => d !== "");
  for (const dir of dirs) {
    for (const c of dir === "" ? exts.map((e) => command + e) : candidates(dir)) {
      if (isProgram(c, platform)) {
        return c;
      }
    }
  }
  return undefined;
}

function isProgram(file: string, platform: NodeJS.Platform): boolean {
  try {
    if (!fs.statSync(file).isFile()) {
      return false;
    }
    if (platform !== "win32") {
      fs.accessSync(file, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

/** notFoundMessage is what the extension shows when the program is missing. */
export function notFoundMessage(setting: string, command: string): string {
  const where = setting.trim() === "" || setting.trim() === defaultSettings.path ? `"${defaultSettings.path}" is not on PATH` : `${command} is not a program`;
  return `kinenix: cannot start the language server: ${where}. Download kinenix from the project's release page (or go install it) and put it on PATH, or set "kinenix.path" to the kinenix program.`;
}
