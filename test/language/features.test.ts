// The editor features in process, one fixture a test: $0 is the cursor, [| … |] a range
// (test/language/fixture.ts). Every expected number is hand arithmetic, noted beside it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  checkCodeActions,
  checkCompletion,
  checkDefinition,
  checkFix,
  checkHover,
  checkInlayHints,
  checkReferences,
  checkSignature,
} from './fixture';
import { Analyzer, foldingRegions } from '../../server/src/language';

const L48 = 'auto a = MakeLayout(MakeShape(4,8), MakeStride(8,1));\n';

describe('hover', () => {
  test('an offset: its sum and whether the element is valid', () => {
    // (1,2) on (4,8):(8,1): 1·8 + 2·1 = 10
    checkHover(`${L48}auto o = a([|MakeCoord($01, 2)|]);`, ['**offset 10**', '(1,2) → 1·8 + 2·1 = 10', 'element: **valid**']);
  });

  test('a nested layout: each mode split into its leaves (the guide)', () => {
    // (1,5) on ((4,2),(4,3)):((4,16),(1,32)): 1 = (1,0) in (4,2), 5 = (1,1) in (4,3);
    // 1·4 + 0·16 + 1·1 + 1·32 = 37
    checkHover('auto l = ((4,2),(4,3)):((4,16),(1,32));\nauto o = l(MakeCoord(1, $05));', [
      '**offset 37**',
      'mode 0: 1 in (4,2) → (1,0)   1 = 1 + 0·4',
      'mode 1: 5 in (4,3) → (1,1)   5 = 1 + 1·4',
      '(1,5) → 1·4 + 0·16 + 1·1 + 1·32 = 37',
    ]);
  });

  test('a coordinate beyond originShape is padding', () => {
    // (3,0) on (4,8):(8,1) with originShape (3,8): row 3 ≥ 3; offset 3·8 = 24
    checkHover('auto l = (4,8):(8,1):(3,8);\nauto o = l(MakeCoord($03, 0));', ['**offset 24**', 'element: **padding** (beyond originShape)']);
  });

  test('a tile origin: its offset in the parent and its valid extent', () => {
    // corner (4,4) of (8,8):(8,1): 4·8 + 4·1 = 36; rows 4..7 and cols 4..7 all valid
    checkHover('auto l = MakeLayout(MakeShape(8,8), MakeStride(8,1));\nauto t = GetTileLayout(l, MakeShape(4,4), [|MakeCoord(4, $04)|]);', [
      '**tile origin at offset 36** of the parent',
      '(4,4) → 4·8 + 4·1 = 36',
      'valid extent `(4,4)` of tileShape `(4,4)`',
    ]);
  });

  test('a declared layout: its offset grid', () => {
    // (2,3):(1,2): offset(r,c) = r + 2c
    checkHover('auto [|$0l|] = (2,3):(1,2);', ['**l**', '| **0** | 0 | 2 | 4 |', '| **1** | 1 | 3 | 5 |', 'rank 2 · depth 1 · size 6 · cosize 6']);
  });

  test('a function name: its signatures', () => {
    checkHover(`auto a = [|Make$0Layout|](MakeShape(4,8), MakeStride(8,1));`, [
      '```cpp\nMakeLayout(shape, stride)\n',
      'MakeLayout<Element, Tag>(rows, cols)',
    ]);
  });

  test('nothing in a comment', () => {
    checkHover('// a $0comment\nauto a = 1;', null);
  });
});

describe('inlay hints', () => {
  test('a layout constructor and an offset', () => {
    // (1,2) → 1·8 + 2·1 = 10; originShape = the product of each mode, (4,8)
    checkInlayHints(
      `${L48}auto o = a(MakeCoord(1, 2));`,
      'auto a = MakeLayout(MakeShape(4,8), MakeStride(8,1))⟨▸ (4,8):(8,1):(4,8)⟩;\nauto o = a(MakeCoord(1, 2))⟨= 10⟩;',
    );
  });

  test('a tail tile and an empty one', () => {
    // rows 8..11 of 10 rows: 10 − 8 = 2 valid; rows 12.. of 10: none valid (max(0, 10 − 12) = 0)
    checkInlayHints(
      'auto l = MakeLayout(MakeShape(10,8), MakeStride(8,1));\nauto t = GetTileLayout(l, MakeShape(4,4), MakeCoord(8,4));\nauto e = GetTileLayout(l, MakeShape(4,4), MakeCoord(12,0));',
      'auto l = MakeLayout(MakeShape(10,8), MakeStride(8,1))⟨▸ (10,8):(8,1):(10,8)⟩;\n' +
        'auto t = GetTileLayout(l, MakeShape(4,4), MakeCoord(8,4))⟨▸ (4,4) valid (2,4) tail⟩;\n' +
        'auto e = GetTileLayout(l, MakeShape(4,4), MakeCoord(12,0))⟨▸ (4,4) empty (0,4)⟩;',
    );
  });

  test('print of a value', () => {
    // 3 + 4 = 7
    checkInlayHints('print(3 + 4);', 'print(3 + 4)⟨= 7⟩;');
  });
});

describe('completion', () => {
  test('element types first inside MakeLayout<', () => {
    checkCompletion('auto l = MakeLayout<$0', { includes: ['half', 'float'], excludes: ['RowMajor', 'MakeShape'] });
  });
  test('tags as the second template argument', () => {
    checkCompletion('auto l = MakeLayout<half, $0', { includes: ['RowMajor', 'zN'], excludes: ['half'] });
  });
  test('names declared before, and functions', () => {
    checkCompletion('auto a = 1;\nauto b = $0;', { includes: ['a', 'MakeLayout', 'crd2offset'], excludes: ['b'] });
  });
  test('nothing where a new name is typed', () => {
    checkCompletion('auto x$0', null);
  });
});

describe('signature help', () => {
  test('the active parameter of crd2offset', () => {
    checkSignature('auto o = crd2offset(MakeCoord(1,2), $0', { label: 'crd2offset(coord, shape, stride)', parameter: 'shape' });
  });
  test('nothing outside a call', () => {
    checkSignature('auto o = $0', null);
  });
});

describe('definition and references', () => {
  test('a layout called as a function', () => {
    checkDefinition('auto [|l|] = (4,8):(8,1);\nauto o = $0l(MakeCoord(1,2));');
  });
  test('a name in an expression', () => {
    checkDefinition('auto [|a|] = 4;\nauto b = a$0 + 1;');
  });
  test('a builtin has no definition here', () => {
    checkDefinition('auto a = Make$0Shape(4, 8);');
  });
  test('every use and the declaration', () => {
    checkReferences('auto [|a|] = 4;\nauto b = [|a|] + [|a$0|];\nauto c = b;');
  });
});

describe('code actions', () => {
  test('a coordinate of rank 3 on a rank-2 layout is cut to rank 2', () => {
    checkFix(`${L48}auto o = a(MakeCoord($01,2,3));`, 'Make it rank 2', `${L48}auto o = a(MakeCoord(1, 2));`);
  });
  test('… also inside parentheses', () => {
    checkFix(`${L48}auto o = a((MakeCoord($01,2,3)));`, 'Make it rank 2', `${L48}auto o = a((MakeCoord(1, 2)));`);
    checkFix(`${L48}auto o = a(((MakeCoord($01,2,3))));`, 'Make it rank 2', `${L48}auto o = a(((MakeCoord(1, 2))));`);
  });
  test('a coordinate of rank 1 is padded with 0', () => {
    checkFix(`${L48}auto o = a(MakeCoord($01));`, 'Make it rank 2', `${L48}auto o = a(MakeCoord(1, 0));`);
  });
  test('a misspelt name: the closest one declared before', () => {
    checkFix('auto layout = 4;\nauto b = layuot$0 + 1;', "Change to 'layout'", 'auto layout = 4;\nauto b = layout + 1;');
  });
  test('a missing semicolon', () => {
    checkFix('auto a = 4$0\nauto b = 5;', "Insert ';'", 'auto a = 4;\nauto b = 5;');
  });
  test('the refactors on a layout', () => {
    const actions = checkCodeActions('auto l = MakeLayout(Make$0Shape(4,8), MakeStride(8,1));', ['Copy as C++']);
    assert.equal(actions[0].command?.arguments?.[0], 'MakeShape(4, 8)');
    checkCodeActions('auto l = Make$0Layout(MakeShape(4,8), MakeStride(8,1));', ['Copy as C++', 'Convert to compact notation']);
  });
});

describe('folding', () => {
  test('statements, block comments and #region pairs, by offsets', () => {
    // offsets by hand: "// #region a\n" is 0–12 (13 characters with the newline), "auto x =\n  1;\n"
    // 13–26, "  // #endregion\n" starts at 27 (the marker at 29), "/* c\n*/" at 43
    const text = '// #region a\nauto x =\n  1;\n  // #endregion\n/* c\n*/';
    const got = foldingRegions(new Analyzer().analyze(text)).map((r) => [r.kind, r.start, r.end]);
    assert.deepEqual(got, [
      ['statement', 13, 26],
      ['region', 0, 29],
      ['comment', 43, 50],
    ]);
    // a marker after code on its line and an unclosed block comment fold nothing
    const none = foldingRegions(new Analyzer().analyze('auto y = 1; // #region\n/* open'));
    assert.deepEqual(
      none.filter((r) => r.kind !== 'statement'),
      [],
    );
  });
});

describe('a builtin is shadowed only by a name declared before it', () => {
  test('hover on shape(…) before `auto shape = …` is the builtin (the viewport-first property found the later declaration shown)', () => {
    checkHover('static_assert(_0 == sh$0ape(_0));\nauto shape = MakeLayout(MakeShape(2), MakeStride(1));', ['shape<I…>(layout)']);
  });
});
