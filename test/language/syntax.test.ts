import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineIndex, printValue } from '../../server/src/language';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';
import { splitStatements } from '../../server/src/language/syntax/statements';

const valueOf = (a: ReturnType<typeof analyze>, name: string) => {
  const v = a.declarations.get(name)?.value;
  return v ? printValue(v) : null;
};

test('three separate syntax errors are all reported, and the statements between them evaluate', () => {
  const text = [
    'auto a = MakeShape(4, 8);',
    'auto b = MakeShape(4,, 8);', // error 1: line 2
    'auto c = MakeStride(_1, 4);',
    'auto d = MakeLayout(a c);', // error 2: line 4
    'auto e = MakeLayout(a, c);',
    'auto f = crd2offset(MakeCoord(1 2), a, c);', // error 3: line 6
    'auto g = e(MakeCoord(1, 2));',
  ].join('\n');
  const a = analyze(text);
  const lines = new LineIndex(text);
  const syntax = a.diagnostics.filter((d) => d.code === 'syntax-error');
  assert.deepEqual(
    syntax.map((d) => lines.position(d.start).line + 1),
    [2, 4, 6],
  );
  // exact columns: the second ',' of line 2, the 'c' of line 4, the '2' of line 6 (1-based)
  assert.deepEqual(
    syntax.map((d) => lines.position(d.start).character + 1),
    [22, 23, 33],
  );
  for (const d of syntax) assert.match(d.message, /expected/);
  assert.equal(valueOf(a, 'a'), '(4,8)');
  assert.equal(valueOf(a, 'c'), '(_1,4)');
  assert.equal(valueOf(a, 'e'), '(4,8):(_1,4):(4,8)');
  // (1,2) on (4,8):(_1,4) = 1*1 + 2*4 = 9
  assert.equal(valueOf(a, 'g'), '9');
  assert.equal(a.diagnostics.length, 3, JSON.stringify(a.diagnostics.map((d) => d.message)));
});

test('statements that use a broken declaration are not reported again', () => {
  const a = analyze('auto x = MakeShape(4,;\nauto y = MakeLayout(x, x);\nauto z = y(0);');
  assert.equal(a.diagnostics.length, 1);
  assert.equal(a.diagnostics[0].code, 'syntax-error');
});

test('a missing semicolon is its own error at the end of the statement, and the value is still computed', () => {
  const text = 'auto a = MakeShape(4, 8)\nauto b = MakeStride(1, 4);';
  const a = analyze(text);
  assert.equal(a.diagnostics.length, 1);
  const [d] = a.diagnostics;
  assert.equal(d.code, 'missing-semicolon');
  assert.equal(d.end, 'auto a = MakeShape(4, 8)'.length);
  assert.deepEqual(d.data, { insert: ';' });
  assert.equal(valueOf(a, 'a'), '(4,8)');
  assert.equal(valueOf(a, 'b'), '(1,4)');
});

test('an unclosed bracket stays inside its own statement', () => {
  const a = analyze('auto a = MakeShape(4, 8;\nauto b = MakeStride(1, 4);');
  assert.equal(a.diagnostics.length, 1);
  assert.equal(valueOf(a, 'b'), '(1,4)');
});

test('comments, #include and using namespace are accepted', () => {
  const a = analyze('#include "tla/layout.hpp"\nusing namespace tla; // ok\n/* block; with ; inside */ auto a = _4 * 2; // 8\n');
  assert.equal(a.diagnostics.length, 0, JSON.stringify(a.diagnostics));
  assert.equal(valueOf(a, 'a'), '8');
});

test('the splitter respects comments and strings', () => {
  const chunks = splitStatements('a = 1; // x; y;\nstatic_assert(a == 1, "a; b");\n/* ; */ b = 2;');
  assert.deepEqual(
    chunks.map((c) => c.text),
    ['a = 1;', 'static_assert(a == 1, "a; b");', 'b = 2;'],
  );
});

test('declaration forms of the spec', () => {
  const a = analyze(
    [
      'auto a = 1;',
      'const auto b = 2;',
      'Layout c = MakeLayout(8);',
      'Shape<int, int> d = MakeShape(3, 4);',
      'uint32_t e = 7u;',
      'int64_t f = 0x10ull;',
      'g = 5;',
      'constexpr auto h = Int<4>{};',
      'auto i = tla::MakeShape(Catlass::layout::RowMajor == 0 ? 1 : 2);',
    ].join('\n'),
  );
  for (const [n, v] of [
    ['a', '1'],
    ['b', '2'],
    ['c', '(8):(_1):(8)'],
    ['d', '(3,4)'],
    ['e', '7'],
    ['f', '16'],
    ['g', '5'],
    ['h', '_4'],
  ]) {
    assert.equal(valueOf(a, n), v, n);
  }
  // the last line is not the language (no ?:): one syntax error, nothing else
  assert.deepEqual(
    a.diagnostics.map((d) => d.code),
    ['syntax-error'],
  );
});

test('qualifiers and casts', () => {
  const a = analyze(
    [
      'auto a = tla::MakeLayout<half, Catlass::layout::RowMajor>(Int<4>{}, tla::Int<8>{});',
      'auto b = (int64_t)_8;',
      'auto c = static_cast<uint32_t>(_8);',
      'auto d = uint32_t(_8);',
      'auto e = C<3>{};',
    ].join('\n'),
  );
  assert.equal(a.diagnostics.length, 0, JSON.stringify(a.diagnostics));
  // RowMajor: (r, c):((int64)c, _1)
  assert.equal(valueOf(a, 'a'), '(_4,_8):(8,_1):(_4,_8)');
  assert.equal(valueOf(a, 'b'), '8');
  assert.equal(valueOf(a, 'c'), '8');
  assert.equal(valueOf(a, 'd'), '8');
  assert.equal(valueOf(a, 'e'), '_3');
});

test('tla::_128 is the static integer the header aliases (using _128 = Int<128>), written qualified', () => {
  const a = analyze(
    [
      'auto l = tla::MakeLayout(tla::MakeShape(tla::Int<8>{}, 4), tla::MakeStride(tla::_128{}, 1));',
      'using L = tla::Layout<tla::Shape<tla::Int<8>, int64_t>, tla::Stride<tla::_128, int64_t>>;',
      'auto z = tla::_0{};',
    ].join('\n'),
  );
  assert.equal(a.diagnostics.length, 0, JSON.stringify(a.diagnostics));
  // by hand: shape (_8,4), stride (_128,1); originShape the shape's values
  assert.equal(valueOf(a, 'l'), '(_8,4):(_128,1):(8,4)');
  assert.equal(valueOf(a, 'z'), '_0');
});
