// The TextMate grammar (syntaxes/tla-layout.tmLanguage.json) knows every name of the
// vocabulary (server/src/language/builtins.ts): each is tokenised, where a kernel writes it,
// with the scope of its kind, never as a plain identifier (variable.other) nor as an unknown
// call (entity.name.function.call). A builtin added to builtins.ts without its grammar entry
// fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import {
  ALL_POSITIONS,
  BUILTIN_FUNCTIONS,
  CATLASS_CONSTANTS,
  ELEMENT_TYPES,
  INTEGER_TYPES,
  MEMBER_FUNCTIONS,
  POSITIONS,
  PREDICATE_NAMES,
  SUPPORTED_TAGS,
  TAG_CLASS_NAMES,
  TAG_DOCS,
  TYPE_FORMS,
} from '../../server/src/language/syntax/vocabulary';
import { ROOT } from '../helpers';

interface Token {
  startIndex: number;
  endIndex: number;
  scopes: string[];
}
interface Grammar {
  tokenizeLine(line: string, state: unknown): { tokens: Token[] };
}

let tm: { INITIAL: unknown };
let grammar: Grammar;

before(async () => {
  // vscode-textmate and vscode-oniguruma come with vscode-tmgrammar-test (as in run.sh)
  const req = createRequire(require.resolve(path.join(ROOT, 'node_modules/vscode-tmgrammar-test/package.json')));
  const textmate = req('vscode-textmate');
  const onig = req('vscode-oniguruma');
  const wasm = readFileSync(path.join(path.dirname(req.resolve('vscode-oniguruma')), 'onig.wasm'));
  await onig.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const grammarPath = path.join(ROOT, 'syntaxes', 'tla-layout.tmLanguage.json');
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (p: string[]) => new onig.OnigScanner(p),
      createOnigString: (s: string) => new onig.OnigString(s),
    }),
    loadGrammar: async () => textmate.parseRawGrammar(readFileSync(grammarPath, 'utf8'), grammarPath),
  });
  tm = textmate;
  grammar = await registry.loadGrammar('source.tla-layout');
});

/** The innermost scope of the token that covers `name` in `line` (its first occurrence after `after`). */
function scopeOf(line: string, name: string, after = 0): string {
  const at = line.indexOf(name, after);
  assert.ok(at >= 0, `${name} not in ${line}`);
  const { tokens } = grammar.tokenizeLine(line, tm.INITIAL);
  const t = tokens.find((t) => t.startIndex <= at && at < t.endIndex);
  assert.ok(t, `no token at ${at} in ${line}`);
  assert.ok(
    t.startIndex === at && t.endIndex === at + name.length,
    `${name} is not one token in ${line}: ${JSON.stringify(line.slice(t.startIndex, t.endIndex))}`,
  );
  return t.scopes[t.scopes.length - 1];
}

/** Each name in the context where kernels write it (at the `$`), and the scope prefix it must get there. */
const KINDS: { kind: string; names: readonly string[]; line: string; expect: RegExp }[] = [
  { kind: 'builtin functions', names: BUILTIN_FUNCTIONS.map((f) => f.name), line: 'auto r = tla::$(x);', expect: /^support\.function\./ },
  { kind: 'builtin functions, unqualified', names: BUILTIN_FUNCTIONS.map((f) => f.name), line: 'auto r = $(x);', expect: /^support\.function\./ },
  {
    kind: 'builtin functions with template arguments',
    names: BUILTIN_FUNCTIONS.filter((f) => f.template).map((f) => f.name),
    line: 'auto r = $<0>(x);',
    expect: /^support\.function\./,
  },
  { kind: 'member functions', names: Object.keys(MEMBER_FUNCTIONS), line: 'auto r = t.$();', expect: /^support\.function\./ },
  { kind: 'predicates', names: PREDICATE_NAMES, line: 'static_assert(tla::detail::$<decltype(l)>::value);', expect: /^support\.function\./ },
  { kind: 'type forms', names: Object.keys(TYPE_FORMS), line: 'using T = $<1>;', expect: /^support\.type\./ },
  {
    kind: 'layout tags',
    names: [...Object.keys(TAG_DOCS), ...SUPPORTED_TAGS, ...TAG_CLASS_NAMES],
    line: 'auto r = MakeLayout<half, layout::$>(m, n);',
    expect: /^support\.type\.layout-tag\./,
  },
  { kind: 'tag objects', names: TAG_CLASS_NAMES, line: 'auto t = Catlass::layout::${m, n};', expect: /^support\.type\.layout-tag\./ },
  { kind: 'element types', names: ELEMENT_TYPES, line: 'auto r = MakeLayout<$, RowMajor>(m, n);', expect: /^storage\.type\./ },
  { kind: 'integer types', names: INTEGER_TYPES, line: 'auto r = static_cast<$>(m);', expect: /^storage\.type\./ },
  {
    kind: 'positions',
    names: [...ALL_POSITIONS, ...POSITIONS],
    line: 'auto r = MakeTensor(gmA, l, Arch::${});',
    expect: /^support\.type\.position\./,
  },
  { kind: 'Catlass constants', names: Object.keys(CATLASS_CONSTANTS), line: 'auto r = MakeShape($, m);', expect: /^support\.constant\./ },
];

describe('the TextMate grammar scopes every name of the vocabulary (builtins.ts)', () => {
  for (const { kind, names, line, expect } of KINDS) {
    test(`${kind} (${names.length})`, () => {
      assert.ok(names.length > 0, `no ${kind} in builtins.ts`);
      const wrong: string[] = [];
      for (const n of new Set(names)) {
        const l = line.replace('$', n);
        const scope = scopeOf(l, n, line.indexOf('$'));
        if (!expect.test(scope)) wrong.push(`${n} -> ${scope}   in ${l}`);
      }
      assert.deepEqual(wrong, [], `the grammar does not scope these ${kind} as ${expect}:\n${wrong.join('\n')}`);
    });
  }

  // the test can fail: a name the grammar does not know is a plain identifier
  test('an unknown name is variable.other (so the checks above can fail)', () => {
    assert.match(scopeOf('auto r = MakeShape(notABuiltin, m);', 'notABuiltin'), /^variable\.other\./);
    assert.match(scopeOf('auto r = notABuiltin(x);', 'notABuiltin'), /^entity\.name\.function\.call\./);
  });
});
