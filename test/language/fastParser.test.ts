// The fast parser must build exactly the AST of the ohm grammar (the reference), or
// decline so that ohm decides: checked on the goldens, the examples, and fuzzed text.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseStatementWithOhm } from '../../server/src/language/syntax/parser';
import { splitStatements } from '../../server/src/language/syntax/statements';
import { fastParseStatement } from '../../server/src/language/syntax/fastParser';
import { GOLDEN_FILES, ROOT, readGolden } from '../helpers';

const json = (x: unknown) => JSON.stringify(x, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));

/**
 * Both ways: what the fast parser accepts ohm accepts with the same AST, and what ohm accepts
 * the fast parser accepts too (declining it would silently make the file ~70× slower).
 */
function agree(text: string): void {
  const fast = fastParseStatement(text);
  const ohm = parseStatementWithOhm(text);
  if (fast) {
    assert.ok(ohm.ok, `fast parser accepted what ohm rejects: ${JSON.stringify(text)}`);
    assert.equal(json(fast), json(ohm.statement), `different ASTs for ${JSON.stringify(text)}`);
  } else {
    assert.ok(!ohm.ok, `fast parser declined what ohm accepts: ${JSON.stringify(text)}`);
  }
}

/** Every statement of the v2 goldens: setups (aliases, buffers, tag objects) and expressions. */
const v2Statements = [...readGolden('catlass-v2-1.jsonl'), ...readGolden('reject-v2.jsonl')].flatMap((c) => [
  ...(c.setup ?? []),
  `auto r = ${c.expr};`,
]);

test('goldens and reject cases: the same AST as ohm, and the fast path takes them all', () => {
  let fastCount = 0;
  const all = [...GOLDEN_FILES.flatMap(readGolden), ...readGolden('reject.jsonl')];
  for (const c of all) {
    const text = `auto r = ${c.expr};`;
    agree(text);
    if (fastParseStatement(text)) fastCount++;
  }
  assert.equal(fastCount, all.length);
});

test('v2 goldens (setups and expressions): the same AST as ohm, and the fast path takes them all', () => {
  for (const text of v2Statements) {
    agree(text);
    assert.ok(fastParseStatement(text), `the fast path declined ${text}`);
  }
});

test('every statement of the examples and of the test texts', () => {
  const dir = path.join(ROOT, 'examples');
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.tla'))) {
    for (const c of splitStatements(readFileSync(path.join(dir, f), 'utf8'))) if (!c.preprocessor) agree(c.text);
  }
  for (const t of [
    'using namespace tla;',
    'static_assert(a == b, "x; \\" y");',
    'const auto b = 2;',
    'constexpr auto h = Int<4>{};',
    'Shape<int, int> d = MakeShape(3, 4);',
    'uint32_t e = 7u;',
    'int64_t f = 0x10ull;',
    'g = 5;',
    'x = (8) * 2;',
    'x = (8)->y;',
    'x = ((_6),_1);',
    'x = (-3, - _4);',
    'x = (int64_t)a + static_cast<uint32_t>(5) * -3;',
    'x = params.m + p->k;',
    'x = L1TileShape::M;',
    'x = ::tla::MakeShape(1);',
    'x = a::b::;',
    'x = a::auto;',
    'x = 1 + ;',
    'x = (1, 2):(3, 4):(5, 6);',
    'x = 8:1;',
    'x = ():();',
    'x = Layout<Shape<_4, _2>, Stride<_1, _4>>{}(MakeCoord(1, 0));',
    'x = Product{}(MakeShape(1));',
    'x = 12abc;',
    'x = 0x;',
    'x = 10lu;',
    'x = _16x;',
    'x = a /* c */ + b // d\n;',
    'x = f()(1)(2);',
    'a == b;',
    'x = -(1);',
    'print(crd2offset(tla::MakeCoord(1, 5), shape, stride));',
    'x = MakeLayout<half, Catlass::layout::zN>(m, k);',
    'x = shape<0, 1>(l);',
    'using E = half;',
    'typedef layout::RowMajor T;',
    'using L = decltype(x);',
    'AscendC::GlobalTensor<half> g;',
    'layout::RowMajor t(1, 2);',
    'MatrixCoord c{1u, 2u};',
    'x = g[5];',
    'x = t.layout().shape();',
    'x = p->q.r;',
    'x = tla::detail::iszN<half, decltype(l)>::value;',
    'x = Int<A / 2 * B>{};',
    'x = _128{};',
    // tla::_128 is the header's alias of Int<128> (integral_constant.hpp), one static integer
    'x = tla::_128{};',
    'x = MakeStride(tla::_0{}, tla :: _64);',
    'using L = tla::Layout<tla::Shape<tla::Int<8>, int64_t>, tla::Stride<tla::_128, int64_t>>;',
    'x = ::tla::_1;',
    'x = a::tla::_1;',
    'x = tla::_1x;',
    'x = tla::_;',
    'x = M{};',
    'x = T<1>::v;',
    'auto x(1);',
    'auto x;',
    'x = a[1][2];',
    'x = f<1 + 2>(3);',
    // AscendC buffer set-up calls (issue 24 problem 6): any tokens inside balanced parentheses
    'gmA.SetGlobalBuffer((__gm__ ElementA*)params.ptrA);',
    'pipe.InitBuffer(inQueue, BUFFER_NUM, tileLength * sizeof(half));',
    'this->pipe.InitBuffer(q, 2, 1024);',
    'gmA.SetL2CacheHint(AscendC::CacheMode::CACHE_MODE_DISABLE);',
    'resource.l1Buf.InitBuffer(a[0], {1, 2}, x->y, -3, 0x10u, _16, "s)");',
    'InitBuffer(q, 2);',
    'x.SetGlobalBuffer(a / b /* c */ // d\n);',
    'x.SetGlobalBuffer(a /* c);',
    'x.SetGlobalBuffer((a);',
    'x.SetGlobalBuffer(a));',
    "x.SetGlobalBuffer('a');",
    'x.SetGlobalBuffer(1.5);',
    'x.SetGlobalBuffer(12abc);',
    'x.SetGlobalBuffer(a # b);',
    'x.SetGlobalBuffer(a) + 1;',
    'x.SetGlobalBufferX(a);',
    'x.y->SetGlobalBuffer();',
    'a::b.SetGlobalBuffer(1);',
    'x.SetGlobalBuffer<half>(1);',
  ])
    agree(t);
});

const vocabulary = [
  'auto',
  'const',
  'Layout',
  'x',
  'y',
  '=',
  ';',
  '(',
  ')',
  ',',
  ':',
  '::',
  '<',
  '>',
  '{',
  '}',
  '+',
  '-',
  '*',
  '/',
  '%',
  '==',
  '!=',
  '.',
  '->',
  '1',
  '_4',
  '0x10',
  '7u',
  'MakeShape',
  'MakeLayout',
  'half',
  'zN',
  'Int',
  'Shape',
  'Stride',
  'GetTileLayout',
  'static_assert',
  'static_cast',
  'int64_t',
  'uint32_t',
  'using',
  'namespace',
  'tla',
  '"s"',
  '/* c */',
  '// c\n',
  ' ',
  '\n',
  'typedef',
  'decltype',
  '[',
  ']',
  '_',
  'MakeTensor',
  'GetTile',
  'value',
  'GlobalTensor',
  'true',
  'SetGlobalBuffer',
  'InitBuffer',
  '->',
  '&',
  '#',
  "'",
];

test('property: on random token soups the fast parser agrees with ohm or declines', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...vocabulary), { maxLength: 24 }), (toks) => {
      agree(toks.join(' '));
      agree(toks.join(''));
    }),
    { numRuns: 1500 },
  );
});

test('property: mutated golden statements agree', () => {
  const exprs = [...GOLDEN_FILES.flatMap(readGolden).map((c) => `auto r = ${c.expr};`), ...v2Statements];
  fc.assert(
    fc.property(
      fc.constantFrom(...exprs),
      fc.nat(),
      fc.nat(),
      fc.constantFrom('', '(', ')', ',', ':', '-', '_', '<', '>', '{}', ' ', 'x', '[', ']', '.', '::', '+', '*', '{', '}'),
      (text, a, b, ins) => {
        const i = a % text.length;
        const j = Math.min(text.length, i + (b % 4));
        agree(text.slice(0, i) + ins + text.slice(j));
      },
    ),
    { numRuns: 1500 },
  );
});
