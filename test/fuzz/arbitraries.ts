// Input generators for the robustness fuzzing (fast-check): token soups from the
// grammar's vocabulary, grammar-directed programs, mutations of every example and
// golden expression, random values, and edit sequences for the document sync.
// Shared by test/fuzz/*.test.ts (modest counts) and scripts/fuzz.mjs (the big run).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import * as core from '../../server/src/core';
import { BUILTIN_FUNCTIONS, ELEMENT_TYPES, INTEGER_TYPES, POSITIONS, SUPPORTED_TAGS, TYPE_FORMS } from '../../server/src/language/syntax/vocabulary';
import { grammarSource } from '../../server/src/language/syntax/grammar.ohm';
import { GOLDEN_DIR, ROOT } from '../helpers';

// ------------------------------------------------------------------ vocabulary

/** Every quoted terminal of the ohm grammar: keywords, punctuation, cast types. */
export const GRAMMAR_TERMINALS: string[] = [
  ...new Set([...grammarSource.matchAll(/"((?:[^"\\\n]|\\.)+)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string)),
];

const NAMES = ['a', 'b', 'c', 'l', 't', 'x', 'zn', 'a0', 'shape', 'stride', 'layout', 'coord', 'tile'];
const QUALIFIERS = ['tla::', 'Catlass::', 'Catlass::layout::', 'layout::', 'AscendC::', 'Catlass::Arch::'];
const EDGE_NUMBERS = [
  '0',
  '1',
  '2',
  '3',
  '4',
  '7',
  '8',
  '16',
  '32',
  '48',
  '64',
  '100',
  '128',
  '256',
  '-1',
  '0x10',
  '0X1f',
  '4u',
  '8ull',
  '16l',
  '32LL',
  '4294967295',
  '4294967296',
  '2147483648',
  '9223372036854775807',
  '9223372036854775808',
  '1000000000000000',
  '99999999999999999999999',
];
const EDGE_STATICS = ['_0', '_1', '_2', '_4', '_8', '_16', '_32', '_64', '_256', '_4294967296', '_9223372036854775807', '_99999999999999999999999'];
const SEPARATORS = ['', ' ', ' ', ' ', '\n', '\r\n', '\t', '  '];
const ODD = ['\0', '\r', '\u2028', '\uFEFF', '\uD800', '\uDC00', '😀', 'é', '\\', "'", '"', '`', '@', '$', '?', '!', '&', '|', '[', ']', '~', '^'];
const COMMENTS = ['// c', '/* c */', '/*', '*/', '//', '/* a\nb */'];

/** The vocabulary token soups are drawn from. */
export const VOCABULARY: string[] = [
  ...new Set([
    ...GRAMMAR_TERMINALS,
    ...BUILTIN_FUNCTIONS.map((f) => f.name),
    ...Object.keys(TYPE_FORMS),
    ...SUPPORTED_TAGS,
    'nN',
    'PaddingRowMajor',
    ...ELEMENT_TYPES,
    'halff',
    ...POSITIONS,
    ...INTEGER_TYPES,
    ...QUALIFIERS,
    ...NAMES,
    ...EDGE_NUMBERS,
    ...EDGE_STATICS,
    'Layout',
    'auto',
    'print',
    'static_assert',
    'using namespace tla;',
    '#include "tla/layout.hpp"',
    '"msg"',
    // what kernels write besides the guide (v2)
    'using namespace Catlass;',
    '#define CATLASS_ARCH 3510',
    'using E = half;',
    'typedef',
    'decltype',
    'AscendC::GlobalTensor<half> gm;',
    'AscendC::LocalTensor<float> ub;',
    'MatrixCoord{16u, 16u}',
    'GemmCoord',
    '::value',
    'tla::detail::iszN',
    'tla::_',
    '.layout()',
    '.coord()',
    '.shape()',
    '[',
    ']',
    'true',
    'false',
    'Weight4BitnZ',
    'float8_e8m0_t',
    'float4_e2m1x2_t',
    'PositionL0A',
    'Arch::PositionUB{}',
    ...COMMENTS,
  ]),
];

const token = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...VOCABULARY) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 2 }) },
);

/** A random sequence of vocabulary tokens, with random blanks between them. */
export const tokenSoup: fc.Arbitrary<string> = fc
  .array(fc.tuple(token, fc.constantFrom(...SEPARATORS)), { minLength: 0, maxLength: 60 })
  .map((parts) => parts.map(([t, s]) => t + s).join(''));

// ------------------------------------------------------------------ grammar-directed programs

const smallInt = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 130 }).map(String) },
  { weight: 2, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(1n << 64n), max: 1n << 64n }).map(String) },
);
const staticLit = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 130 }).map((n) => `_${n}`) },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_STATICS) },
);
const intLit = fc.oneof(
  smallInt,
  staticLit,
  staticLit.map((s) => `Int<${s.slice(1)}>{}`),
  staticLit.map((s) => `C<${s.slice(1)}>{}`),
);
const name = fc.constantFrom(...NAMES);
const qual = fc.oneof({ weight: 5, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(...QUALIFIERS) });
const element = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...ELEMENT_TYPES) },
  { weight: 1, arbitrary: fc.constantFrom('halff', 'double', '_16', 'zN') },
);
const tag = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...SUPPORTED_TAGS) },
  { weight: 1, arbitrary: fc.constantFrom('nN', 'PaddingRowMajor', 'half', '_1') },
);

/** A static type form: `_4`, `Int<4>`, `Shape<_4, Shape<_2, _8>>`. */
const typeForm: fc.Arbitrary<string> = fc.letrec<{ t: string }>((tie) => ({
  t: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    staticLit,
    staticLit.map((s) => `Int<${s.slice(1)}>`),
    fc
      .tuple(fc.constantFrom('Shape', 'Stride', 'Coord', 'tuple'), fc.array(tie('t'), { minLength: 0, maxLength: 4 }))
      .map(([k, xs]) => `${k}<${xs.join(', ')}>`),
  ),
})).t;

const joinArgs = (xs: string[]) => xs.join(', ');

/** Expressions of the language, as text: mostly well-formed, often ill-typed. */
export const expression: fc.Arbitrary<string> = fc.letrec<{ e: string; tup: string; lay: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', maxDepth: 5, withCrossShrink: true },
    { weight: 4, arbitrary: intLit },
    { weight: 3, arbitrary: name },
    { weight: 4, arbitrary: tie('tup') },
    { weight: 4, arbitrary: tie('lay') },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          qual,
          fc.constantFrom(...BUILTIN_FUNCTIONS.map((f) => f.name), 'Foo', 'uint32_t', 'int64_t', 'a', 'l'),
          fc.option(fc.array(fc.oneof(staticLit, smallInt, element, tag, fc.constantFrom(...POSITIONS)), { maxLength: 3 })),
          fc.array(tie('e'), { maxLength: 4 }),
        )
        .map(([q, f, targs, args]) => `${q}${f}${targs ? `<${joinArgs(targs)}>` : ''}${f === 'Product' ? '{}' : ''}(${joinArgs(args)})`),
    },
    { weight: 2, arbitrary: fc.tuple(tie('e'), fc.constantFrom('+', '-', '*', '/', '%'), tie('e')).map(([x, op, y]) => `${x} ${op} ${y}`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('-', '+', '(int64_t)', '(uint32_t)', 'static_cast<int>'), tie('e'))
        .map(([op, x]) => (op.startsWith('static') ? `${op}(${x})` : `${op}${x}`)),
    },
    { weight: 1, arbitrary: tie('e').map((x) => `(${x})`) },
    { weight: 2, arbitrary: fc.tuple(tie('lay'), tie('tup')).map(([l, c]) => `${l}(${c})`) },
    { weight: 2, arbitrary: fc.tuple(name, tie('tup')).map(([l, c]) => `${l}(${c})`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('shape', 'stride', 'originShape', 'get', 'rank', 'depth'),
          fc.array(fc.integer({ min: -1, max: 3 }), { maxLength: 3 }),
          tie('e'),
        )
        .map(([f, idx, x]) => `${f}${idx.length ? `<${joinArgs(idx.map(String))}>` : ''}(${x})`),
    },
  ),
  tup: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    fc
      .tuple(
        fc.constantFrom('MakeShape', 'MakeStride', 'MakeCoord', 'make_tuple', 'MakeTuple'),
        fc.array(fc.oneof(intLit, tie('tup')), { maxLength: 4 }),
      )
      .map(([f, xs]) => `${f}(${joinArgs(xs)})`),
    fc.array(fc.oneof(smallInt, staticLit, tie('tup')), { minLength: 1, maxLength: 4 }).map((xs) => `(${xs.join(',')})`),
    fc.tuple(fc.constantFrom('Shape', 'Stride', 'Coord'), fc.array(typeForm, { maxLength: 4 })).map(([k, xs]) => `${k}<${joinArgs(xs)}>{}`),
  ),
  lay: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    fc
      .tuple(qual, element, tag, fc.oneof(smallInt, staticLit), fc.oneof(smallInt, staticLit))
      .map(([q, el, tg, r, c]) => `MakeLayout<${el}, ${q}${tg}>(${r}, ${c})`),
    fc.tuple(tie('tup'), tie('tup'), fc.option(tie('tup'))).map(([s, d, o]) => `MakeLayout(${s}, ${d}${o ? `, ${o}` : ''})`),
    fc.tuple(tie('tup'), tie('tup'), fc.option(tie('tup'))).map(([s, d, o]) => `${s}:${d}${o ? `:${o}` : ''}`),
    fc.oneof(smallInt, staticLit).map((n) => `MakeLayout(${n})`),
    fc.tuple(smallInt, smallInt).map(([r, c]) => `MakeLayoutL0C(${r}, ${c})`),
    fc.tuple(element, fc.array(smallInt, { minLength: 4, maxLength: 4 })).map(([el, xs]) => `MakeLayoutFmap<${el}>(${joinArgs(xs)})`),
    fc
      .tuple(element, fc.constantFrom(...POSITIONS), fc.array(smallInt, { minLength: 4, maxLength: 4 }))
      .map(([el, p, xs]) => `MakeLayoutFilter<${el}, ${p}>(${joinArgs(xs)})`),
    fc.tuple(typeForm, typeForm, fc.option(typeForm)).map(([s, d, o]) => `Layout<${s}, ${d}${o ? `, ${o}` : ''}>{}`),
    fc
      .tuple(tie('lay'), fc.array(smallInt, { minLength: 1, maxLength: 3 }), fc.array(smallInt, { minLength: 1, maxLength: 3 }))
      .map(([l, t, c]) => `GetTileLayout(${l}, MakeShape(${joinArgs(t)}), MakeCoord(${joinArgs(c)}))`),
    fc
      .tuple(name, fc.array(smallInt, { minLength: 2, maxLength: 2 }), fc.array(smallInt, { minLength: 2, maxLength: 2 }))
      .map(([l, t, c]) => `GetTileLayout(${l}, MakeShape(${joinArgs(t)}), MakeCoord(${joinArgs(c)}))`),
  ),
})).e;

const statement: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.constantFrom('auto ', 'Layout ', 'const auto ', '', 'auto ', 'Shape<_1> ', 'int64_t ', 'constexpr auto '), name, expression)
      .map(([t, n, e]) => `${t}${n} = ${e};`),
  },
  // an assignment of a declared name (`a += b;`): a new binding from the next statement on
  { weight: 1, arbitrary: fc.tuple(name, fc.constantFrom('+=', '-=', '*=', '='), expression).map(([n, op, e]) => `${n} ${op} ${e};`) },
  { weight: 2, arbitrary: expression.map((e) => `print(${e});`) },
  { weight: 1, arbitrary: expression.map((e) => `${e};`) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(expression, fc.constantFrom('==', '!='), expression, fc.boolean())
      .map(([x, op, y, m]) => `static_assert(${x} ${op} ${y}${m ? ', "msg"' : ''});`),
  },
  { weight: 1, arbitrary: fc.constantFrom('using namespace tla;', '#include "tla/layout.hpp"', '// note', '/* block */') },
  // half-typed: the statement as it looks mid-typing
  {
    weight: 1,
    arbitrary: fc.tuple(name, expression, fc.nat()).map(([n, e, k]) => {
      const s = `auto ${n} = ${e};`;
      return s.slice(0, k % (s.length + 1));
    }),
  },
);

/** Whole `.tla` files of grammar-directed statements. */
export const program: fc.Arbitrary<string> = fc
  .array(fc.tuple(statement, fc.constantFrom('\n', '\n', ' ', '\n\n', '\r\n')), { minLength: 1, maxLength: 8 })
  .map((xs) => xs.map(([s, sep]) => s + sep).join(''));

// ------------------------------------------------------------------ corpus and mutations

function readCorpus(): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  const dir = path.join(ROOT, 'examples');
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith('.tla'))
    .sort())
    out.push({ name: `examples/${f}`, text: readFileSync(path.join(dir, f), 'utf8') });
  for (const file of ['catlass-1.jsonl', 'catlass-2.jsonl', 'catlass-edge.jsonl', 'reject.jsonl', 'catlass-v2-1.jsonl', 'reject-v2.jsonl']) {
    const lines = readFileSync(path.join(GOLDEN_DIR, file), 'utf8')
      .split('\n')
      .filter((l) => l.trim());
    for (const l of lines) {
      // v2 cases are whole documents: the arch, the setup, then the statement
      const c = JSON.parse(l) as { id: string; expr: string; setup?: string[]; arch?: number };
      const head = [...(c.arch ? [`#define CATLASS_ARCH ${c.arch}`] : []), ...(c.setup ?? [])];
      out.push({ name: `${file}#${c.id}`, text: [...head, `auto r = ${c.expr};`].join('\n') });
    }
  }
  return out;
}

let corpusCache: { name: string; text: string }[] | undefined;
/** Every example file and every golden expression (as `auto r = EXPR;`). */
export function corpus(): { name: string; text: string }[] {
  return (corpusCache ??= readCorpus());
}

/** Any character: vocabulary, unicode, NUL, CR, lone surrogates. */
export const anyCharacter: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\0',
    '\r',
    '\n',
    '\r\n',
    '\t',
    '\u2028',
    '\u2029',
    '\uFEFF',
    '\uD800',
    '\uDFFF',
    '😀',
    'é',
    '€',
    ';',
    '(',
    ')',
    '<',
    '>',
    '{',
    '}',
    ',',
    ':',
    '_',
    '"',
    '/',
    '*',
    '#',
    '-',
    '0',
    '9',
    'a',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);

export type Mutation =
  | { kind: 'delete'; at: number; len: number }
  | { kind: 'duplicate'; at: number; len: number; to: number }
  | { kind: 'swap'; at: number; len: number; to: number }
  | { kind: 'insert'; at: number; text: string };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), len: fc.integer({ min: 1, max: 24 }) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), len: fc.integer({ min: 1, max: 40 }), to: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), len: fc.integer({ min: 1, max: 16 }), to: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: anyCharacter }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: token }),
);

/** Applies a mutation; positions are taken modulo the text length so any nat fits. */
export function applyMutation(text: string, m: Mutation): string {
  const n = text.length;
  const at = n ? m.at % (n + 1) : 0;
  switch (m.kind) {
    case 'delete':
      return text.slice(0, at) + text.slice(at + m.len);
    case 'duplicate': {
      const piece = text.slice(at, at + m.len);
      const to = m.to % (n + 1);
      return text.slice(0, to) + piece + text.slice(to);
    }
    case 'swap': {
      const to = m.to % (n + 1);
      const [p, q] = at <= to ? [at, to] : [to, at];
      const len = Math.min(m.len, q - p);
      if (len <= 0) return text;
      const a = text.slice(p, p + len);
      const b = text.slice(q, q + len);
      return text.slice(0, p) + b + text.slice(p + len, q) + a + text.slice(q + len);
    }
    case 'insert':
      return text.slice(0, at) + m.text + text.slice(at);
  }
}

/** A corpus entry (example file or golden expression) with 1–6 mutations. */
export const mutatedCorpus: fc.Arbitrary<{ source: string; text: string }> = fc
  .tuple(fc.nat(), fc.array(mutation, { minLength: 1, maxLength: 6 }))
  .map(([i, ms]) => {
    const all = corpus();
    const c = all[i % all.length];
    return { source: c.name, text: ms.reduce(applyMutation, c.text) };
  });

/** Only the example files, mutated (larger documents, many statements). */
export const mutatedExample: fc.Arbitrary<{ source: string; text: string }> = fc
  .tuple(fc.nat(), fc.array(mutation, { minLength: 1, maxLength: 6 }))
  .map(([i, ms]) => {
    const all = corpus().filter((c) => c.name.startsWith('examples/'));
    const c = all[i % all.length];
    return { source: c.name, text: ms.reduce(applyMutation, c.text) };
  });

/** Any fuzzed document: soups, programs, mutated examples and goldens. */
export const anyDocument: fc.Arbitrary<string> = fc.oneof(
  tokenSoup,
  program,
  mutatedCorpus.map((m) => m.text),
  mutatedExample.map((m) => m.text),
);

// ------------------------------------------------------------------ values

const EDGE_VALUES = [
  0n,
  1n,
  -1n,
  core.arith.INT64_MAX,
  core.arith.INT64_MIN,
  core.arith.INT64_MIN + 1n,
  core.arith.UINT32_MAX,
  core.arith.UINT32_MAX + 1n,
  10n ** 15n,
];
const leaf = fc
  .record({
    value: fc.oneof(fc.bigInt({ min: -(1n << 40n), max: 1n << 40n }), fc.constantFrom(...EDGE_VALUES)),
    isStatic: fc.boolean(),
  })
  .map(({ value, isStatic }) => core.int(value, isStatic));

/** IntTuples of any nesting, the empty tuple and rank-1 tuples included. */
export const intTuple: fc.Arbitrary<core.IntTuple> = fc.letrec<{ t: core.IntTuple }>((tie) => ({
  t: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('t'), { minLength: 0, maxLength: 4 }).map((items) => core.tuple(...items)),
  ),
})).t;

const congruentWith = (shape: core.IntTuple): fc.Arbitrary<core.IntTuple> =>
  shape.kind === 'int' ? leaf : fc.tuple(...shape.items.map(congruentWith)).map((items) => core.tuple(...items));

/** Layouts whose stride is congruent with the shape and whose originShape is flat, of the shape's rank. */
export const layoutValue: fc.Arbitrary<core.Layout> = intTuple
  .chain((shape) => {
    const r = core.rank(shape);
    const origin = shape.kind === 'int' ? leaf : fc.array(leaf, { minLength: r, maxLength: r }).map((xs) => core.tuple(...xs));
    return fc.tuple(fc.constant(shape), congruentWith(shape), origin);
  })
  .map(([shape, stride, origin]) => core.layout(shape, stride, origin));

// ------------------------------------------------------------------ edit sequences (document sync)

/** One edit, in fractions of the current text so that it applies to any text. */
export interface Edit {
  /** Where the edit starts, as a fraction of the length. */
  at: number;
  /** How many characters it replaces. */
  len: number;
  text: string;
  /** Sent as a full-document change (no range) instead. */
  full: boolean;
}

export const edit: fc.Arbitrary<Edit> = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  len: fc.oneof(
    { weight: 3, arbitrary: fc.constant(0) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 5 }) },
    { weight: 1, arbitrary: fc.integer({ min: 6, max: 200 }) },
  ),
  text: fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 4, arbitrary: token },
    { weight: 3, arbitrary: anyCharacter },
    { weight: 2, arbitrary: statement },
    { weight: 1, arbitrary: fc.array(token, { maxLength: 8 }).map((xs) => xs.join(' ')) },
  ),
  full: fc.oneof({ weight: 15, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

/** A starting document and a batch-structured edit sequence: each inner array is one didChange. */
export const editSession: fc.Arbitrary<{ initial: string; batches: Edit[][]; probes: number[] }> = fc.record({
  initial: fc.oneof(
    program,
    mutatedExample.map((m) => m.text),
    fc.constant(''),
  ),
  batches: fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }),
  probes: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }),
});
