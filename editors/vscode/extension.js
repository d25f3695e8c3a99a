// The mjc rulebook extension: TextMate highlighting comes from package.json's `grammars`; this
// file starts the language server (`mjc lsp`, over stdio) for every `.mjr` file, so diagnostics,
// hovers, completion, go to definition, rename and the outline come from mjc itself.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

/** @type {LanguageClient | undefined} */
let client;

/** The `mjc` command from the `mjc.path` setting (a name on PATH or a path). */
function mjcCommand() {
  const configured = vscode.workspace.getConfiguration("mjc").get("path");
  return typeof configured === "string" && configured.trim() ? configured.trim() : "mjc";
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  const command = mjcCommand();
  const serverOptions = {
    run: { command, args: ["lsp"], transport: TransportKind.stdio },
    debug: { command, args: ["lsp"], transport: TransportKind.stdio },
  };
  const clientOptions = {
    documentSelector: [
      { scheme: "file", language: "mjc" },
      { scheme: "untitled", language: "mjc" },
    ],
    synchronize: {
      // A parent rulebook named by `extends` may change on disk.
      fileEvents: vscode.workspace.createFileSystemWatcher("**/*.mjr"),
    },
  };
  client = new LanguageClient("mjc", "mjc language server", serverOptions, clientOptions);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("mjc.path") && client) {
        await client.stop();
        await activate(context);
      }
    }),
  );
  try {
    await client.start();
  } catch (err) {
    vscode.window.showErrorMessage(
      `mjc: could not start \`${command} lsp\` (${err && err.message ? err.message : err}). ` +
        "Install mjc (pip install mjc) or set `mjc.path` to the mjc command.",
    );
  }
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
