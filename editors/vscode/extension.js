// The smersh extension: starts `smersh lsp` (the `smersh.command` setting) for .smersh
// files and restarts it when the setting changes. Highlighting is the TextMate grammar.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function serverOptions() {
  const command = vscode.workspace.getConfiguration("smersh").get("command", ["smersh", "lsp"]);
  const [program, ...args] = Array.isArray(command) && command.length ? command : ["smersh", "lsp"];
  return { command: program, args, options: { env: process.env } };
}

async function start() {
  client = new LanguageClient("smersh", "smersh", serverOptions(), {
    documentSelector: [{ language: "smersh" }, { scheme: "untitled", language: "smersh" }],
  });
  try {
    await client.start();
  } catch (error) {
    vscode.window.showErrorMessage(
      `smersh: could not start \`${serverOptions().command}\` (${error.message}); ` +
      "install smersh-dsl (pip install smersh-dsl) or set smersh.command");
  }
}

async function activate(context) {
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration(async (event) => {
    if (event.affectsConfiguration("smersh.command")) {
      if (client) await client.stop();
      await start();
    }
  }));
  await start();
}

async function deactivate() {
  if (client) await client.stop();
}

module.exports = { activate, deactivate };
