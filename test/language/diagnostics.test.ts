import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analyzer, LineIndex, printValue } from '../../server/src/language';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';
import { suggestFor } from '../../server/src/language/ide/codeActions';

const codes = (text: string) => analyze(text).diagnostics.map((d) => d.code);

test('unknown name suggests the closest declared name (on demand)', () => {
  const a = analyze('auto layoutA = MakeLayout(8);\nauto x = layoutB(1);\nauto y = crd2offset(1, shap, MakeStride(1));');
  const [d1, d2] = a.diagnostics;
  assert.equal(d1.code, 'unknown-function');
  assert.equal(d1.message, "unknown function 'layoutB'");
  assert.equal(suggestFor(a, d1), 'layoutA');
  assert.equal(d2.code, 'unknown-name');
  // 'shap' is one letter from the builtin 'shape', but a name is suggested only among names
  assert.equal(suggestFor(a, d2), undefined);
  assert.equal(a.diagnostics.length, 2);
});

test('unknown function suggests the builtin', () => {
  const a = analyze('auto l = MakeLayot(8);');
  assert.equal(a.diagnostics[0].code, 'unknown-function');
  assert.equal(suggestFor(a, a.diagnostics[0]), 'MakeLayout');
  assert.equal(a.diagnostics[0].start, 'auto l = '.length);
  assert.equal(a.diagnostics[0].end, 'auto l = MakeLayot'.length);
});

test('a suggestion comes from the names declared before the statement, the first of the closest', () => {
  const text = 'auto tileN = 4;\nauto tileK = 8;\nauto a = tileM + 1;\nauto tileX = 2;\nauto b = tilX;';
  const a = analyze(text);
  const [dM, dX] = a.diagnostics;
  assert.deepEqual([dM.code, text.slice(dM.start, dM.end), dX.code, text.slice(dX.start, dX.end)], ['unknown-name', 'tileM', 'unknown-name', 'tilX']);
  assert.equal(suggestFor(a, dM), 'tileN'); // tileN and tileK are both one edit away: the first declared wins
  assert.equal(suggestFor(a, dX), 'tileX'); // declared after 'a', before 'b'
  const early = analyze('auto b = tilX;\nauto tileX = 2;');
  assert.equal(suggestFor(early, early.diagnostics[0]), undefined); // not yet declared there
  // other codes are not looked up
  assert.equal(suggestFor(a, { ...dM, code: 'syntax-error' }), undefined);
});

test('a statement with an unknown name is reused after an edit elsewhere, like any other', () => {
  const an = new Analyzer();
  const lines = ['auto m = 16;', 'auto n = 32;', 'auto x = AscendC::GetBlockIdx();', 'auto y = blockIdx * m;', 'auto z = n + 1;'];
  const first = an.analyze(lines.join('\n'));
  assert.deepEqual(
    first.diagnostics.map((d) => d.code),
    ['unknown-function', 'unknown-name'],
  );
  lines[1] = 'auto n = 33;';
  const second = an.analyze(lines.join('\n'));
  // only 'n' and its dependent 'z' are evaluated again; the erroneous statements are reused
  assert.equal(an.stats.evaluated, 2);
  assert.deepEqual(second.diagnostics, first.diagnostics);
  // declaring the unknown name re-evaluates the statement that read it
  lines.splice(0, 0, 'auto blockIdx = 3;');
  const third = an.analyze(lines.join('\n'));
  assert.ok(!third.diagnostics.some((d) => d.code === 'unknown-name'));
  assert.equal(third.declarations.get('y')!.value && printValue(third.declarations.get('y')!.value!), '48');
});

test('duplicate declaration points at the first', () => {
  const text = 'auto a = 1;\nauto a = 2;';
  const a = analyze(text);
  assert.equal(a.diagnostics.length, 1);
  const [d] = a.diagnostics;
  assert.equal(d.code, 'duplicate-declaration');
  assert.equal(text.slice(d.start, d.end), 'a');
  assert.equal(d.start, 'auto a = 1;\nauto '.length);
  assert.deepEqual(
    d.related.map((r) => [r.start, r.end]),
    [[5, 6]],
  );
  assert.equal(printValue(a.declarations.get('a')!.value!), '1');
});

test('declared names may reuse builtin names (the guide does)', () => {
  const a = analyze(
    'auto shape = Shape<Shape<_4, _2>, Shape<_4, _3>>{};\nauto stride = Stride<Stride<_4, _16>, Stride<_1, _32>>{};\nauto o = crd2offset(tla::MakeCoord(1, 5), shape, stride);',
  );
  assert.equal(a.diagnostics.length, 0, JSON.stringify(a.diagnostics));
  // the guide: 37; the coord is dynamic, so the offset is dynamic
  assert.equal(printValue(a.declarations.get('o')!.value!), '37');
});

test('rank mismatch names both ranks and points at the layout declaration', () => {
  const text =
    'auto l = MakeLayout(MakeShape(4, 4), MakeStride(1, 4));\nauto o = l(MakeCoord(1, 2, 3));\nauto t = GetTileLayout(l, MakeShape(2, 2, 2), MakeCoord(0, 0, 0));';
  const a = analyze(text);
  const [d1, d2] = a.diagnostics;
  assert.equal(d1.code, 'rank-mismatch');
  assert.match(d1.message, /coord rank 3 differs from shape rank 2/);
  assert.equal(text.slice(d1.start, d1.end), 'MakeCoord(1, 2, 3)');
  assert.equal(d2.code, 'rank-mismatch');
  assert.match(d2.message, /tileShape rank 3 differs from layout rank 2/);
  assert.equal(text.slice(d2.start, d2.end), 'MakeShape(2, 2, 2)');
  assert.deepEqual(
    d2.related.map((r) => text.slice(r.start, r.end)),
    ['l'],
  );
});

test('shape and stride must be congruent', () => {
  const a = analyze('auto l = MakeLayout(MakeShape(MakeShape(4, 2), 4), MakeStride(1, 8));');
  assert.equal(a.diagnostics[0].code, 'depth-mismatch');
  assert.match(a.diagnostics[0].message, /mode <0>: shape has a rank-2 tuple, stride has an integer/);
  const b = analyze('auto l = MakeLayout(MakeShape(4, 2), MakeStride(1, 8, 16));');
  assert.match(b.diagnostics[0].message, /shape rank 2 vs stride rank 3/);
  const c = analyze('auto l = MakeLayout(MakeShape(4, 2), MakeStride(1, 8), MakeShape(4));');
  assert.match(c.diagnostics[0].message, /originShape rank 1 differs from layout rank 2/);
});

test('static_assert: holds silently, fails showing both sides', () => {
  assert.deepEqual(codes('static_assert(CeilDiv(100, 16) == 7);'), []);
  const a = analyze('static_assert(MakeShape(1, 2) == MakeShape(1, 3), "shapes");');
  assert.equal(a.diagnostics[0].code, 'static-assert-failed');
  assert.match(a.diagnostics[0].message, /"shapes".*\(1,2\) != \(1,3\)/);
  assert.deepEqual(codes('static_assert(1 != 2);'), []);
  // layouts compare by shape, stride and originShape values; static marks are not compared
  assert.deepEqual(codes('static_assert(MakeLayout<half, zN>(100, 100) == ((16,7),(16,7)):((16,256),(1,1792)):(100,100));'), []);
});

test('division by zero and overflow are errors, not wrong numbers', () => {
  assert.deepEqual(codes('auto a = 4 / 0;'), ['division-by-zero']);
  assert.deepEqual(codes('auto a = CeilDiv(4, 0);'), ['division-by-zero']);
  assert.deepEqual(codes('auto a = 9223372036854775807 + 1;'), ['overflow']);
  assert.deepEqual(codes('auto a = 99999999999999999999;'), ['overflow']);
  // originShape is uint32: 65536 * 65536 = 2^32 does not fit
  assert.deepEqual(codes('auto l = MakeLayout(MakeShape(MakeShape(65536, 65536)), MakeStride(MakeStride(1, 65536)));'), ['overflow']);
  // C++ truncating division and remainder
  const a = analyze('auto q = -7 / 2;\nauto r = -7 % 2;');
  assert.equal(printValue(a.declarations.get('q')!.value!), '-3');
  assert.equal(printValue(a.declarations.get('r')!.value!), '-1');
});

test('warnings: coordinate outside the shape, in padding, empty tile, misaligned tile', () => {
  const l = 'auto l = MakeLayout<half, zN>(100, 100);\n';
  const a = analyze(l + 'auto o = l(MakeCoord(MakeCoord(3, 7), 0));');
  assert.deepEqual(
    a.diagnostics.map((d) => d.code),
    ['coord-out-of-shape'],
  );
  assert.match(a.diagnostics[0].message, /coordinate 7 is outside mode <0,1> of extent 7/);
  // row 105 = (9, 6) in ((16,7)): inside the 112 rows of the shape, beyond the 100 valid rows
  const b = analyze(l + 'auto o = l(MakeCoord(MakeCoord(9, 6), 0));');
  assert.deepEqual(
    b.diagnostics.map((d) => d.code),
    ['coord-in-padding'],
  );
  assert.match(b.diagnostics[0].message, /logical index 105 of mode 0 is beyond originShape<0> = 100/);
  const c = analyze(l + 'auto t = GetTileLayout(l, MakeShape(32, 32), MakeCoord(128, 0));');
  assert.deepEqual(
    c.diagnostics.map((d) => d.code),
    ['empty-tile'],
  );
  const d = analyze(l + 'auto t = GetTileLayout(l, MakeShape(32, 32), MakeCoord(16, 0));');
  assert.deepEqual(
    d.diagnostics.map((x) => x.code),
    ['tile-misaligned'],
  );
  assert.equal(d.diagnostics[0].severity, 'hint'); // issue 14: information nobody asked for, no squiggle
  const e = analyze('auto l = Layout<Shape<_4, _2>, Stride<_1, _4>>{};');
  assert.deepEqual(
    e.diagnostics.map((x) => x.code),
    ['zero-origin-shape'],
  );
  assert.equal(printValue(e.declarations.get('l')!.value!), '(_4,_2):(_1,_4):(0,0)');
});

test('wrong argument count and kind', () => {
  const a = analyze(
    'auto l = MakeLayout(8);\nauto x = CeilDiv(1);\nauto y = MakeShape(l);\nauto z = GetTileLayout(MakeShape(1), MakeShape(1), MakeCoord(0));',
  );
  assert.deepEqual(
    a.diagnostics.map((d) => d.code),
    ['argument-count', 'argument-kind', 'argument-kind'],
  );
  assert.match(a.diagnostics[0].message, /CeilDiv takes 2 arguments, 1 given/);
  assert.match(a.diagnostics[1].message, /argument 1 of MakeShape must be an integer or a tuple, not a layout/);
  assert.match(a.diagnostics[2].message, /must be a layout, not a tuple/);
});

test('unsupported element type and tag suggest supported ones', () => {
  const a = analyze('auto l = MakeLayout<halff, zN>(16, 16);\nauto m = MakeLayout<half, ZN>(16, 16);');
  assert.deepEqual(
    a.diagnostics.map((d) => [d.code, d.data?.suggestion]),
    [
      ['unsupported-element', 'half'],
      ['unsupported-tag', 'zN'],
    ],
  );
});

test('diagnostic positions convert to 1-based line:column for the CLI', () => {
  const text = 'auto a = 1;\n  auto b = nope;';
  const a = analyze(text);
  const p = new LineIndex(text).position(a.diagnostics[0].start);
  assert.deepEqual([p.line + 1, p.character + 1], [2, 12]);
});
