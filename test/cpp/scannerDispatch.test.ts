// The scanner's pass asks a declaration reader only at the words that start it (scanner.ts
// STARTS). Its sites must equal those of the straightforward pass that asks every reader at
// every identifier: on random token soups of the words the readers look for, on the
// project's own C++ fixtures, and on the corpus files (skipped when absent).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { type CppScan, type CppToken, TokenScan, scanTokens, tokenizeCpp } from '../../server/src/language/cpp/scanner';
import { typedNameAt } from '../../server/src/language/cpp/typedNames';
import { CORPUS_DIR, cppCorpus } from '../fuzz/cppFuzz';
import { ROOT } from '../helpers';

/** The scan as every reader is asked at every identifier, in the pass's order. */
function referenceScan(t: CppToken[], includesTla: boolean): CppScan {
  const s = new TokenScan(t, includesTla);
  // the readers are private to the pass; the reference calls them as the pass did before it dispatched
  const r = s as unknown as Record<string, (i: number) => number | undefined> & {
    mentionsTla: boolean;
    typedNames: unknown[];
    classBodies: ReadonlySet<number>;
    result(): CppScan;
  };
  for (let i = 0; i < t.length; i++) {
    const tok = t[i];
    if (tok.kind !== 'ident') continue;
    if (tok.text === 'tla' && (t[i + 1]?.text === '::' || t[i - 1]?.text === 'namespace')) r.mentionsTla = true;
    r.namespaceBlock(i);
    r.classHead(i);
    const next = r.usingNamespace(i) ?? r.usingDeclaration(i) ?? r.alias(i) ?? r.buffer(i) ?? r.constant(i);
    if (next !== undefined) {
      i = next;
      continue;
    }
    if (tok.text === 'if' && t[i + 1]?.text === 'constexpr') r.constexprIf(i);
    r.templateParameters(i);
    r.runtimeName(i);
    const typed = typedNameAt(s, i, r.classBodies);
    if (typed) r.typedNames.push(typed);
    r.assignment(i);
    i = r.expression(i)!;
  }
  return r.result();
}

function sameScan(text: string, what: string): void {
  const a = tokenizeCpp(text);
  const b = tokenizeCpp(text);
  assert.deepEqual(scanTokens(a.tokens, a.includesTla), referenceScan(b.tokens, b.includesTla), what);
}

/** Words the readers start at or look for, near misses, and the punctuation around them. */
const WORDS = [
  'tla',
  'namespace',
  'struct',
  'class',
  'using',
  'typedef',
  'GlobalTensor',
  'LocalTensor',
  'constexpr',
  'const',
  'static',
  'if',
  'else',
  'template',
  'typename',
  'auto',
  'uint32_t',
  'int64_t',
  'unsigned',
  'int',
  'std',
  'AscendC',
  'Catlass',
  'layout',
  'RowMajor',
  'MakeLayout',
  'MakeShape',
  'MakeCoord',
  'MakeStride',
  'Layout',
  'Shape',
  'Int',
  'GetTile',
  'half',
  'return',
  'for',
  'while',
  'do',
  'switch',
  'case',
  'operator',
  'final',
  'public',
  'enum',
  'friend',
  'a',
  'b',
  'N',
  'M',
  'x',
  'layoutA',
  'tagA',
  'Params',
  'Base',
  'usingx',
  'Const',
  'templates',
  '__gm__',
  '0',
  '1',
  '64',
  '128',
];
const PUNCT = ['::', '<', '>', '(', ')', '{', '}', '[', ']', ';', ',', '=', '==', '&', '&&', '*', '+', '-', '.', '->', ':'];

function soup(seed: number, n: number): string {
  let x = seed >>> 0 || 1;
  const rand = (k: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % k;
  };
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const pick = rand(3) === 0 ? PUNCT[rand(PUNCT.length)] : WORDS[rand(WORDS.length)];
    out.push(pick, rand(8) === 0 ? '\n' : ' ');
  }
  return out.join('');
}

test('random token soups: the dispatching pass finds what asking every reader finds', () => {
  for (let seed = 1; seed <= 400; seed++) sameScan(soup(seed, 20 + (seed % 7) * 40), `seed ${seed}`);
});

test('the project C++ fixtures: the same sites as asking every reader', () => {
  const root = path.join(ROOT, 'test', 'fixtures');
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f);
      else if (/\.(cpp|hpp|h|cc)$/.test(e.name)) files.push(f);
    }
  };
  walk(root);
  assert.ok(files.length >= 5, `${files.length} fixture files under ${root}`);
  for (const f of files) sameScan(readFileSync(f, 'utf8'), f);
});

test(
  'the corpus files: the same sites as asking every reader',
  { skip: existsSync(CORPUS_DIR) ? false : `${CORPUS_DIR} is absent (a bare clone): nothing to check` },
  () => {
    const files = cppCorpus();
    assert.ok(files.length > 100, `${files.length} files`);
    for (const f of files) sameScan(f.text, f.name);
  },
);
