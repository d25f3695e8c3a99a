// Tokenizes files with VS Code's own TextMate engine (vscode-textmate + vscode-oniguruma), for
// tests/editors/test_textmate.py. Reads {"grammar": PATH, "texts": {NAME: TEXT}} on stdin;
// writes {NAME: [{"tokens": [[start, end, [scope...]]...], "depth": N}, ...]} on stdout, one
// entry per line of each text (offsets in UTF-16 code units, as VS Code counts them); `depth`
// is the rule stack's depth after the line (1: nothing is left open).
"use strict";

const fs = require("fs");
const path = require("path");
const oniguruma = require("vscode-oniguruma");
const textmate = require("vscode-textmate");

async function main() {
  const request = JSON.parse(fs.readFileSync(0, "utf8"));
  const wasm = fs.readFileSync(
    path.join(path.dirname(require.resolve("vscode-oniguruma")), "onig.wasm"),
  );
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.length));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async () =>
      textmate.parseRawGrammar(fs.readFileSync(request.grammar, "utf8"), request.grammar),
  });
  const grammar = await registry.loadGrammar("source.mjc");
  const result = {};
  for (const [name, text] of Object.entries(request.texts)) {
    const lines = text.split("\n");
    let stack = textmate.INITIAL;
    result[name] = lines.map((line) => {
      const { tokens, ruleStack } = grammar.tokenizeLine(line, stack);
      stack = ruleStack;
      return {
        tokens: tokens.map((t) => [t.startIndex, Math.min(t.endIndex, line.length), t.scopes]),
        depth: stack.depth,
      };
    });
  }
  process.stdout.write(JSON.stringify(result));
}

main().catch((err) => {
  process.stderr.write(String(err && err.stack ? err.stack : err) + "\n");
  process.exit(1);
});
