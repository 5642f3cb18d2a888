#!/usr/bin/env bash
# Grammar and language-configuration tests for the .tla language.
#
#   test/grammar/run.sh            (from anywhere; exits non-zero on any failure)
#
# 1. vscode-tmgrammar-test on test/grammar/*.tla (assertion-comment format,
#    header `// SYNTAX TEST "source.tla-layout"`), grammar registered through
#    test/grammar/grammars.json so the result does not depend on package.json.
# 2. Sanity checks of language-configuration.json (valid JSON, regexes compile,
#    wordPattern keeps `_16` and identifiers whole, region folding markers).
# 3. Every expression in test/fixtures/golden/*.jsonl tokenizes with no unscoped
#    or invalid characters (skipped when the goldens are not present).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

TOOL="node_modules/vscode-tmgrammar-test/dist/unit.js"
if [[ ! -f "$TOOL" ]]; then
  echo "run.sh: $TOOL not found; run npm install first" >&2
  exit 2
fi

# vscode-tmgrammar-test parses assertion lines with a backtracking regex that
# hangs (exponential time) when a line has more than one ' - ' exclusion
# separator. Exclusions must all follow a single '-':  ^^ a.scope - b.scope c.scope
bad=$(grep -nE '^//\s*(\^|<~*-).* - .* - ' test/grammar/*.tla || true)
if [[ -n "$bad" ]]; then
  echo "run.sh: assertion lines with more than one ' - ' (list all excluded scopes after one '-'):" >&2
  echo "$bad" >&2
  exit 1
fi

TIMEOUT=()
if command -v timeout >/dev/null 2>&1; then TIMEOUT=(timeout 300); fi

echo "== grammar assertions (vscode-tmgrammar-test)"
"${TIMEOUT[@]}" node "$TOOL" --config test/grammar/grammars.json 'test/grammar/*.tla'

echo "== language-configuration.json and golden tokenization"
"${TIMEOUT[@]}" node - "$ROOT" <<'NODE'
const fs = require('fs');
const path = require('path');
const { createRequire } = require('module');
const assert = require('assert/strict');

const root = process.argv[2];
let failures = 0;
function check(name, fn) {
  try { fn(); console.log('  ok   ' + name); }
  catch (e) { failures++; console.log('  FAIL ' + name + '\n       ' + String(e.message).split('\n').join('\n       ')); }
}

// ---- language-configuration.json
const conf = JSON.parse(fs.readFileSync(path.join(root, 'language-configuration.json'), 'utf8'));
const pairs = (xs) => xs.map((p) => Array.isArray(p) ? p.join('') : p.open + p.close);
check('comments', () => {
  assert.equal(conf.comments.lineComment, '//');
  assert.deepEqual(conf.comments.blockComment, ['/*', '*/']);
});
check('brackets include (), [], {}, <>', () => {
  for (const b of ['()', '[]', '{}', '<>']) assert.ok(pairs(conf.brackets).includes(b), b);
});
check('auto-closing pairs: (), [], {}, "" but never <', () => {
  const ac = pairs(conf.autoClosingPairs);
  for (const b of ['()', '[]', '{}', '""']) assert.ok(ac.includes(b), b);
  assert.ok(!conf.autoClosingPairs.some((p) => (Array.isArray(p) ? p[0] : p.open) === '<'));
});
check('surrounding pairs', () => {
  const sp = pairs(conf.surroundingPairs);
  for (const b of ['()', '[]', '{}', '""']) assert.ok(sp.includes(b), b);
});
check('folding markers for // #region and // #endregion', () => {
  const start = new RegExp(conf.folding.markers.start), end = new RegExp(conf.folding.markers.end);
  assert.ok(start.test('// #region layouts') && start.test('  //#region') && start.test('// region'));
  assert.ok(end.test('// #endregion') && end.test('    // endregion x'));
  assert.ok(!start.test('// #endregion') && !end.test('// #region'));
  assert.ok(!start.test('auto x = 1; // #region'));
});
check('wordPattern keeps _16, identifiers and suffixed numbers whole', () => {
  const words = (s) => s.match(new RegExp(conf.wordPattern, 'g'));
  assert.deepEqual(words('MakeShape(_16, 7)'), ['MakeShape', '_16', '7']);
  assert.deepEqual(words('auto a_16 = tla::Int<16>{};'), ['auto', 'a_16', 'tla', 'Int', '16']);
  assert.deepEqual(words('((_16,7),(_16,7)):((_16,_256),(_1,1792))'),
    ['_16', '7', '_16', '7', '_16', '_256', '_1', '1792']);
  assert.deepEqual(words('0x10ull + 8u + int4b_t'), ['0x10ull', '8u', 'int4b_t']);
});
for (const k of ['increaseIndentPattern', 'decreaseIndentPattern']) {
  check('indentationRules.' + k + ' compiles', () => new RegExp(conf.indentationRules[k]));
}
check('onEnterRules compile', () => {
  for (const r of conf.onEnterRules || []) for (const k of ['beforeText', 'afterText', 'previousLineText']) if (r[k]) new RegExp(r[k]);
});

// ---- golden expressions tokenize cleanly
(async () => {
  const goldenDir = path.join(root, 'test', 'fixtures', 'golden');
  if (!fs.existsSync(goldenDir)) {
    console.log('  skip golden tokenization (' + goldenDir + ' not found)');
  } else {
    const req = createRequire(require.resolve(path.join(root, 'node_modules/vscode-tmgrammar-test/package.json')));
    const tm = req('vscode-textmate');
    const onig = req('vscode-oniguruma');
    const wasm = fs.readFileSync(path.join(path.dirname(req.resolve('vscode-oniguruma')), 'onig.wasm')).buffer;
    const onigLib = onig.loadWASM(wasm).then(() => ({
      createOnigScanner: (p) => new onig.OnigScanner(p),
      createOnigString: (s) => new onig.OnigString(s),
    }));
    const grammarPath = path.join(root, 'syntaxes', 'tla-layout.tmLanguage.json');
    const registry = new tm.Registry({
      onigLib,
      loadGrammar: async () => tm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath),
    });
    const grammar = await registry.loadGrammar('source.tla-layout');
    const lines = [];
    for (const f of fs.readdirSync(goldenDir).filter((f) => f.endsWith('.jsonl')).sort()) {
      for (const l of fs.readFileSync(path.join(goldenDir, f), 'utf8').split('\n')) {
        if (!l.trim()) continue;
        const c = JSON.parse(l);
        // v2 cases name what their setup declares (gmA, tensorA): variables are expected there
        const named = Array.isArray(c.setup);
        for (const st of c.setup || []) lines.push({ line: st, named });
        if (c.expr) lines.push({ line: `auto r = ${c.expr};`, named });
        const e = c.expect || {};
        if (e.shape && e.stride && e.originShape) lines.push({ line: `auto p = ${e.shape}:${e.stride}:${e.originShape};`, named: false });
      }
    }
    const bad = [];
    for (const { line, named } of lines) {
      const { tokens } = grammar.tokenizeLine(line, tm.INITIAL);
      for (const t of tokens) {
        const text = line.slice(t.startIndex, t.endIndex);
        if (!text.trim()) continue;
        const last = t.scopes[t.scopes.length - 1];
        if (t.scopes.length < 2 || /^invalid\./.test(last) || (!named && /^variable\.other\./.test(last))) {
          bad.push(`${JSON.stringify(text)} -> ${t.scopes.join(' ')}\n         in ${line}`);
        }
      }
    }
    check(`golden expressions (${lines.length} lines): every token scoped, none invalid, no unknown names`, () => {
      assert.ok(bad.length === 0, bad.slice(0, 10).join('\n') + (bad.length > 10 ? `\n... and ${bad.length - 10} more` : ''));
    });
  }
  if (failures) { console.log(`${failures} check(s) failed`); process.exit(1); }
  console.log('all checks passed');
})().catch((e) => { console.error(e); process.exit(1); });
NODE
