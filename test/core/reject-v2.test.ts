// Inputs the C++ compiler rejects (v2: tensors, tag objects, MX scale): each case's setup
// evaluates cleanly, and its statement gets an error whose message says what `why` says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';
import { caseDocument, readGolden } from '../helpers';

// What each message must say, read off the case's `why` by hand.
const mustSay: Record<string, RegExp[]> = {
  'reject-v2-0': [/GetTile/, /coord has rank 3/, /tensor rank 2/],
  'reject-v2-1': [/GetTile/, /tile shape has rank 1/, /tensor rank 2/],
  'reject-v2-2': [/GetTile/, /coord and tile shape have rank 2/, /tensor rank 3/],
  'reject-v2-3': [/GetTile/, /coord and tile shape have rank 2/, /tensor rank 1/],
  'reject-v2-4': [/GetTile/, /coord is not flat/, /mode 0/],
  'reject-v2-5': [/GetTile/, /tile shape is not flat/, /mode 0/],
  'reject-v2-6': [/GetTile/, /rank 3/, /tensor rank 2/],
  'reject-v2-7': [/TileView/, /tile coord has rank 3/, /tensor rank 2/],
  'reject-v2-8': [/TileView/, /tile shape has rank 3/, /tensor rank 2/],
  'reject-v2-9': [/TileView/, /tile coord is not flat/],
  'reject-v2-10': [/TileView/, /tile shape is not flat/],
  'reject-v2-11': [/using namespace Catlass/, /Catlass::MakeCoord/, /Catlass::Coord/, /tla::MakeCoord/],
  'reject-v2-12': [/coord has rank 3/, /tensor rank 2/],
  'reject-v2-13': [/3 indices/, /rank-2 tensor/],
  'reject-v2-14': [/single index/, /rank-1 tensor/, /rank 2/],
  'reject-v2-15': [/coord is not flat/, /one-level coords only/],
  'reject-v2-16': [/slice/, /3 indices/, /rank-2 tensor/],
  'reject-v2-17': [/slice/, /coord has rank 2/, /tensor rank 3/],
  'reject-v2-18': [/bare _/, /does not slice/, /MakeCoord\(tla::_\)/],
  'reject-v2-19': [/slice_and_offset/, /no underscore/],
  'reject-v2-20': [/slice_and_offset/, /coord has rank 3/, /layout rank 2/],
  'reject-v2-21': [/slice_and_offset/, /base coord has rank 1/, /layout rank 2/],
  'reject-v2-22': [/must be flat/],
  'reject-v2-23': [/MakeTensorLike/, /rank 3/, /only rank 1 or 2/],
  'reject-v2-24': [/MakeTensorLike with layoutBase/, /rank 3/, /only rank 1 or 2/],
  'reject-v2-25': [/MakeTensorLike<Tag>/, /buffer holds float/, /like-tensor half/, /ElementDst/],
  'reject-v2-26': [/MakeTensorLike<Tag, float>/, /buffer holds half/, /ElementDst float/],
  'reject-v2-27': [/rank-1/, /MakeLayout<Element, Tag>\(len\)/, /never compiles/, /layoutBase/],
  'reject-v2-28': [/MakeTensorLike/, /nN is not a tag/],
  'reject-v2-29': [/MakeLayoutFromTag/, /zZ tag objects are not supported/, /MakeLayout<E, zZ> is/],
  'reject-v2-30': [/MakeLayoutFromTag/, /nN tag objects are not supported/],
  'reject-v2-31': [/MakeLayoutFromTag/, /PaddingRowMajor tag objects are not supported/],
  'reject-v2-32': [/MakeLayoutFromTag/, /Weight4BitnZ tag objects are not supported/, /MakeLayout<E, Weight4BitnZ>/],
  'reject-v2-33': [/MakeLayoutFromTag takes a Catlass::layout tag object/, /tla layout/],
  'reject-v2-34': [/MakeMxScaleLayout/, /float8_e8m0_t/, /got half/],
  'reject-v2-35': [/MakeMxScaleLayout/, /zN is not a scale layout/, /RowMajor, ColumnMajor, zZ, nN/],
  'reject-v2-36': [/MakeMxScaleLayout/, /nZ is not a scale layout/, /RowMajor, ColumnMajor, zZ, nN/],
  'reject-v2-37': [/MakeMxScaleLayout exists only when CATLASS_ARCH == 3510/],
  'reject-v2-38': [/MakeMxScaleLayout/, /isB template argument/, /missing/],
  'reject-v2-39': [/iszZ/, /stride<1, 1>/, /does not compile/],
  'reject-v2-40': [/GetTileLayout/, /one-sided two-level layout needs a static inner size/, /the 2 in \(2,50\) is dynamic/],
  'reject-v2-41': [/GetTileLayout/, /one-sided two-level layout needs a static inner size/, /the 16 in \(16,50\) is dynamic/],
  'reject-v2-42': [/GetTileLayout/, /depth-3 layouts are not supported/, /inner size of mode 0 is itself a tuple/],
};

const cases = readGolden('reject-v2.jsonl');

test('every v2 reject case is covered by an expectation here (43)', () => {
  assert.equal(cases.length, 43);
  assert.deepEqual(cases.map((c) => c.id).sort(), Object.keys(mustSay).sort());
});

for (const c of cases) {
  test(`${c.id}: ${c.why}`, () => {
    const { text, exprStart } = caseDocument(c);
    const a = analyze(text);
    const errors = a.diagnostics.filter((d) => d.severity === 'error');
    const inSetup = errors.filter((d) => d.start < exprStart);
    assert.deepEqual(
      inSetup.map((d) => d.message),
      [],
      'the setup evaluates cleanly',
    );
    assert.equal(errors.length, 1, `one error on the statement, got ${JSON.stringify(errors.map((e) => e.message))}`);
    const [err] = errors;
    assert.ok(err.end <= text.length, 'the error lies on the statement');
    for (const re of mustSay[c.id]) assert.match(err.message, re);
  });
}

test('reject-v2-11: the quick fix data is tla::MakeCoord, on the callee', () => {
  const c = cases.find((x) => x.id === 'reject-v2-11')!;
  const { text } = caseDocument(c);
  const [err] = analyze(text).diagnostics.filter((d) => d.severity === 'error');
  assert.equal(err.code, 'catlass-coord');
  assert.equal(text.slice(err.start, err.end), 'MakeCoord');
  assert.equal(err.data?.suggestion, 'tla::MakeCoord');
  // and the fixed text has no error
  const fixed = text.slice(0, err.start) + 'tla::MakeCoord' + text.slice(err.end);
  assert.deepEqual(
    analyze(fixed)
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => d.message),
    [],
  );
});
