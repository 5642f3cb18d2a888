// The older Catlass::layout objects and Catlass coords in `.tla` documents: values, and the
// errors for what C++ rejects (each names the fix).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { summarize } from '../../server/src/language';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';

function run(text: string) {
  const a = analyze(text);
  const errors = a.diagnostics.filter((d) => d.severity === 'error');
  const v = a.declarations.get('r')?.value;
  return { errors, value: v ? summarize(v) : undefined, text };
}

const both = 'using namespace tla;\nusing namespace Catlass;\n';

describe('Catlass layout objects and coords in .tla', () => {
  test('a RowMajor object: class, shape, stride; no orgShape (the class has no ORG_SHAPE_RANK)', () => {
    const { value, errors } = run('uint32_t m = 6;\nCatlass::layout::RowMajor r{m, 10u};');
    assert.deepEqual(errors, []);
    assert.equal(value?.class, 'RowMajor');
    assert.equal(value?.shape, '(6,10)');
    assert.equal(value?.stride, '(10,1)'); // RowMajor(rows, cols): stride (cols, 1)
    assert.equal(value?.orgShape, undefined);
    assert.equal(value?.text, 'layout::RowMajor (6,10):(10,1)');
  });
  test('GetOffset of a coord sum; Capacity; shape()', () => {
    const doc = 'Catlass::layout::RowMajor a{6u, 10u};\nCatlass::MatrixCoord o{1u, 2u};\nCatlass::MatrixCoord p{1u, 1u};\n';
    assert.equal(run(`${doc}auto r = a.GetOffset(o + p);`).value?.text, '23'); // (1+1) * 10 + (2+1)
    assert.equal(run(`${doc}auto r = a.Capacity();`).value?.text, '60'); // 6 * 10
    assert.equal(run(`${doc}auto r = a.shape();`).value?.text, '(6,10)');
  });
  test('GemmShape members and GemmCoord parts', () => {
    const doc = 'using L1TileShape = Catlass::GemmShape<128, 256, 64>;\nCatlass::GemmCoord c{2u, 3u, 4u};\n';
    assert.equal(run(`${doc}auto r = c.GetCoordMN() * L1TileShape::ToCoordMN();`).value?.text, '(256,768)'); // (2*128, 3*256)
    assert.equal(run(`${doc}auto r = L1TileShape::MK;`).value?.text, '8192'); // 128 * 64
    assert.equal(run(`${doc}auto r = c.GetCoordByAxis<2, 0>();`).value?.text, '(4,2)');
  });
  test('LayoutA::template MakeLayout<E>(…) reads as LayoutA::MakeLayout<E>(…)', () => {
    const { value, errors } = run('using LayoutA = Catlass::layout::ColumnMajor;\nauto r = LayoutA::template MakeLayout<half>(8u, 4u);');
    assert.deepEqual(errors, []);
    assert.equal(value?.stride, '(1,8)');
  });
});

describe('what C++ rejects, said with the fix', () => {
  test('MatrixCoord{3, 4} of two ints is ambiguous: write 3u', () => {
    const { errors, value } = run('using namespace tla;\nauto r = Catlass::MatrixCoord{3, 4};');
    assert.equal(value, undefined);
    assert.equal(errors.length, 1);
    assert.equal(errors[0].code, 'ambiguous');
    assert.match(errors[0].message, /3u/);
  });
  test('MatrixCoord{3u, 4} and MatrixCoord{int64, int64} are not ambiguous', () => {
    assert.equal(run('auto r = Catlass::MatrixCoord{3u, 4};').value?.text, '(3,4)');
    assert.equal(run('int64_t a = 3;\nint64_t b = 4;\nauto r = Catlass::MatrixCoord{a, b};').value?.text, '(3,4)');
  });
  test('detail:: is ambiguous with both using namespaces: write Catlass::detail:: or tla::detail::', () => {
    const { errors } = run(`${both}auto l = MakeLayout<half, layout::RowMajor>(16, 16);\nauto r = detail::isRowMajor<decltype(l)>::value;`);
    assert.equal(errors[0]?.code, 'ambiguous');
    assert.match(errors[0].message, /Catlass::detail or tla::detail/);
    assert.equal(
      run(`${both}auto l = MakeLayout<half, layout::RowMajor>(16, 16);\nauto r = tla::detail::isRowMajor<decltype(l)>::value;`).errors.length,
      0,
    );
  });
  test('Coord<2> is ambiguous with both using namespaces; Catlass::Coord<2> is not', () => {
    const doc = `${both}MatrixCoord a{1u, 5u};\nMatrixCoord b{2u, 3u};\n`;
    const { errors } = run(`${doc}auto r = Coord<2>::Min(a, b);`);
    assert.equal(errors[0]?.code, 'ambiguous');
    assert.match(errors[0].message, /Catlass::Coord or tla::Coord/);
    assert.equal(run(`${doc}auto r = Catlass::Coord<2>::Min(a, b);`).value?.text, '(1,3)');
  });
  test('MakeCoord(m, 4) of mixed types is tla::MakeCoord: GetOffset of it does not compile', () => {
    const doc = `${both}uint32_t m = 3;\nlayout::RowMajor a{6u, 10u};\n`;
    const { errors, value } = run(`${doc}auto r = a.GetOffset(MakeCoord(m, 4));`);
    assert.equal(value, undefined);
    assert.equal(errors[0]?.code, 'argument-kind');
    assert.match(errors[0].message, /tla::MakeCoord/);
    assert.match(errors[0].message, /uint32_t/);
    // written Catlass::MakeCoord, mixed types do not deduce its T
    assert.match(run(`${doc}auto r = a.GetOffset(Catlass::MakeCoord(m, 4));`).errors[0]?.message ?? '', /one type/);
    // of one type it is Catlass::MakeCoord, which converts to MatrixCoord: 3 * 10 + 4
    assert.equal(run(`${doc}auto r = a.GetOffset(MakeCoord(m, 4u));`).value?.text, '34');
  });
  test('zZ has no GetTileLayout; its GetOffset is the fractal block only (the hover note)', () => {
    const { errors } = run('auto z = Catlass::layout::zZ::MakeLayout<half>(32u, 32u);\nauto r = z.GetTileLayout(Catlass::MatrixCoord{16u, 16u});');
    assert.match(errors[0]?.message ?? '', /no member GetTileLayout/);
  });
});
