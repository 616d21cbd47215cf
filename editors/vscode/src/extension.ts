// The VS Code extension: highlighting comes from the injection grammar in
// syntaxes/ (package.json); this starts `kinenix lsp` for Markdown files
// and restarts it when a kinenix setting changes.

import * as vscode from "vscode";
import { LanguageClient, LanguageClientOptions } from "vscode-languageclient/node";
import { Settings, defaultSettings, findProgram, initializationOptions, notFoundMessage, serverExecutable } from "./server";

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("kinenix");
  context.subscriptions.push(output);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("kinenix")) {
        await stop();
        await start();
      }
    }),
    vscode.commands.registerCommand("kinenix.restart", async () => {
      await stop();
      await start();
    }),
  );
  await start();
}

export function deactivate(): Thenable<void> | undefined {
  return stop();
}

function settings(folder: vscode.WorkspaceFolder | undefined): Settings {
  const c = vscode.workspace.getConfiguration("kinenix", folder);
  return {
    path: c.get<string>("path", defaultSettings.path),
    data: c.get<string>("data", defaultSettings.data),
  };
}

async function start(): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const s = settings(folder);
  const exec = serverExecutable(s, folder?.uri.fsPath);
  if (findProgram(exec.command) === undefined) {
    const msg = notFoundMessage(s.path, exec.command);
    output?.appendLine(msg);
    void vscode.window.showErrorMessage(msg);
    return;
  }
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "markdown" },
      { scheme: "untitled", language: "markdown" },
    ],
    initializationOptions: initializationOptions(s),
    outputChannel: output,
  };
  client = new LanguageClient("kinenix", "kinenix", { run: exec, debug: exec }, clientOptions);
  try {
    await client.start();
  } catch (err) {
    const msg = `kinenix: the language server (${exec.command} lsp) did not start: ${err instanceof Error ? err.message : String(err)}`;
    output?.appendLine(msg);
    void vscode.window.showErrorMessage(msg);
    client = undefined;
  }
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) {
    await c.stop();
  }
}
