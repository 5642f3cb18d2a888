// The site scanner and the judging of `npm run corpus` (scripts/corpus-scan.mjs,
// scripts/corpus-judge.mjs) on small hand-written C++ snippets; every expected value
// is counted by hand from the snippet.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  assignHints,
  callWords,
  echoesCall,
  hintValue,
  hoverValue,
  hoverWhy,
  isSymbolic,
  judgeInformative,
  percentile,
} from '../../scripts/corpus-judge.mjs';
import { scanSites, tokenize } from '../../scripts/corpus-scan.mjs';

/** [construct, source text of the site, assigned name or ''] of every site. */
const sitesOf = (src: string) => scanSites(src).sites.map((s) => [s.construct, src.slice(s.start, s.end), s.assigned ?? '']);

test('comments, strings, character literals and preprocessor lines hold no sites', () => {
  const src = [
    '#include "tla/layout.hpp"',
    '// auto a = tla::MakeLayout(1, 2);',
    '/* GetTile(t, c, s); MakeTensor(',
    '   crd2offset(c, s, d); */',
    'const char* s = "MakeLayout(1, 2)";',
    "char q = '(';",
    'const char* r = R"x(GetTile(a, b, c) )" still raw)x";',
    '#define TILE(t) GetTile(t, c, s)',
    '#define LONG(t) \\',
    '    MakeTensor(t, l, p)',
    'auto ok = MakeLayout(3, 4);',
  ].join('\n');
  assert.deepEqual(sitesOf(src), [['MakeLayout', 'MakeLayout(3, 4)', 'ok']]);
});

test('qualified and unqualified free calls are sites; member calls and other qualifiers are not', () => {
  const src = [
    'void f() {',
    '  auto a = tla::MakeLayout<half, layout::RowMajor>(m, k);',
    '  auto b = ::tla::GetTile(t, tla::MakeCoord(0, 0), tla::MakeShape(16, 16));',
    '  auto c = MakeTensor(gm, a, Arch::PositionGM{});',
    '  auto d = tag.GetTileLayout(MakeCoord(m, n));',
    '  auto e = p->GetTile(x);',
    '  auto g = LayoutTagA::MakeLayout<ElementA>(m, k);',
    '  auto h = LayoutTagB::template MakeLayout<ElementB>(k, n);',
    '  auto i = detail::MakeLayout(s, d);',
    '  auto j = Catlass::tla::TileView(t, c, s);',
    '}',
  ].join('\n');
  assert.deepEqual(sitesOf(src), [
    ['MakeLayout', 'tla::MakeLayout<half, layout::RowMajor>(m, k)', 'a'],
    ['GetTile', '::tla::GetTile(t, tla::MakeCoord(0, 0), tla::MakeShape(16, 16))', 'b'],
    ['MakeTensor', 'MakeTensor(gm, a, Arch::PositionGM{})', 'c'],
    ['TileView', 'Catlass::tla::TileView(t, c, s)', 'j'],
  ]);
  const ex = scanSites(src).excluded.map((x) => [x.construct, x.why]);
  assert.deepEqual(ex, [
    ['GetTileLayout', 'member'],
    ['GetTile', 'member'],
    ['MakeLayout', 'qualified'],
    ['MakeLayout', 'qualified'],
    ['MakeLayout', 'qualified'],
  ]);
});

test('declarations and definitions are not calls; calls after return, in arguments and in decltype are', () => {
  const src = [
    'template <class T, class C, class S>',
    'CATLASS_DEVICE constexpr auto GetTile(T const& t, C const& c, S const& s)',
    '{',
    '    return detail::GetTileImpl(t, c, s);',
    '}',
    'template <class S> Layout<S, S> MakeLayoutL0C(S const& s);',
    'decltype(auto) TileView(int a) { return MakeTensor(x, MakeLayout(a), p); }',
    'using L = decltype(tla::MakeLayout(tla::MakeShape(1), tla::MakeStride(1)));',
    'int64_t o = base + crd2offset(c, s, d) * 2;',
    'auto k = MakeLayoutFromTag(tag), n = 1;',
  ].join('\n');
  assert.deepEqual(sitesOf(src), [
    ['MakeTensor', 'MakeTensor(x, MakeLayout(a), p)', ''],
    ['MakeLayout', 'MakeLayout(a)', ''],
    ['MakeLayout', 'tla::MakeLayout(tla::MakeShape(1), tla::MakeStride(1))', ''],
    ['crd2offset', 'crd2offset(c, s, d)', ''],
    // assigned only when the site is the whole right-hand side up to `;`
    ['MakeLayoutFromTag', 'MakeLayoutFromTag(tag)', ''],
  ]);
});

test('every MakeLayout… name, MakeMxScaleLayout, MakeTensorLike; GetTileA is not GetTile', () => {
  const src = [
    'x = MakeLayoutL0C(m, n);',
    'y = MakeLayoutInL0C(m, n);',
    'z = tla::MakeMxScaleLayout<E, Tag, true>(m, k);',
    'w = MakeTensorLike<Tag>(t, like, p);',
    'v = GetTileA(t, 0, 0, 16, 16);',
    'u = MakeLayoutish;',
  ].join('\n');
  assert.deepEqual(sitesOf(src), [
    ['MakeLayoutL0C', 'MakeLayoutL0C(m, n)', 'x'],
    ['MakeLayoutInL0C', 'MakeLayoutInL0C(m, n)', 'y'],
    ['MakeMxScaleLayout', 'tla::MakeMxScaleLayout<E, Tag, true>(m, k)', 'z'],
    ['MakeTensorLike', 'MakeTensorLike<Tag>(t, like, p)', 'w'],
  ]);
});

test('using X = Layout<…>; and Layout<…>{}, but not Layout<…> as a type', () => {
  const src = [
    'using LayoutL0C = tla::Layout<',
    '    tla::Shape<tla::Shape<tla::Int<16>, uint32_t>, uint32_t>,',
    '    tla::Stride<tla::Stride<tla::Int<16>, tla::Int<256>>, int64_t>>;',
    'struct S { using type = Layout<Shape<_4>, Stride<_1>>; };',
    'using TagToLayout_t = typename TagToLayout<E, Tag>::type;',
    'auto v = Layout<Shape<_4, _8>, Stride<_8, _1>>{};',
    'auto rk(Layout<S, D> const& layout) { return rank(layout); }',
    'template <> struct Layout<int> { int x; };',
    'bool b = Layout<(1 > 0)>{};',
  ].join('\n');
  const got = sitesOf(src);
  assert.deepEqual(
    got.map(([c, , n]) => [c, n]),
    [
      ['using X = Layout<…>', 'LayoutL0C'],
      ['using X = Layout<…>', 'type'],
      ['Layout<…>{}', 'v'],
      ['Layout<…>{}', 'b'],
    ],
  );
  // the alias's site ends at its closing `>` (before the `;`), its start is the qualifier
  assert.ok(got[0][1].startsWith('tla::Layout<') && got[0][1].endsWith('int64_t>>'), got[0][1]);
  assert.equal(got[2][1], 'Layout<Shape<_4, _8>, Stride<_8, _1>>{}');
});

test('uses TLA: a tla/ include or tla:: in code, not in a comment or a string', () => {
  assert.equal(scanSites('#include "tla/tensor.hpp"\n').usesTla, true);
  assert.equal(scanSites('#include <tla/layout.hpp>\n').usesTla, true);
  assert.equal(scanSites('#include "catlass/catlass.hpp"\nauto x = tla::get<0>(s);\n').usesTla, true);
  assert.equal(scanSites('#include "catlass/catlass.hpp"\n// tla::MakeLayout\nconst char* s = "tla::x";\n').usesTla, false);
  assert.equal(scanSites('#include "atla/x.hpp"\n').usesTla, false);
});

test('the tokenizer: digit separators, pp-numbers, prefixed and raw strings, line splices', () => {
  const texts = (src: string) => tokenize(src).tokens.map((t) => t.text);
  assert.deepEqual(texts("x = 1'000'000 + 0x1e+2 + 1.5e-3f;"), ['x', '=', "1'000'000", '+', '0x1e+2', '+', '1.5e-3f', ';']);
  assert.deepEqual(texts('a = u8"x(" + L\'(\' + uR"d(")d" + R"(x)";'), ['a', '=', '+', '+', '+', ';']);
  // `>>` stays two `>` (it closes two template argument lists); `>>=` and `::` are whole
  assert.deepEqual(texts('a >>= b >> c; d::e->f'), ['a', '>>=', 'b', '>', '>', 'c', ';', 'd', '::', 'e', '->', 'f']);
  assert.deepEqual(tokenize('  #include "tla/a.hpp"\n#  include <tla/b.hpp> // x\n#define X \\\n  tla::y\nz').includes, ['tla/a.hpp', 'tla/b.hpp']);
  assert.deepEqual(texts('#define X \\\n  tla::y\nz'), ['z']);
});

test('judging: hint to site, the value a hover shows, concrete or symbolic', () => {
  // MakeTensor(g, MakeLayout(a)) on line 3: MakeLayout ends at 30, MakeTensor at 31; a hint at 31 is MakeTensor's
  const ends = [
    { line: 3, character: 31 },
    { line: 3, character: 30 },
    { line: 5, character: 10 },
  ];
  const hints = [
    { position: { line: 3, character: 31 } },
    { position: { line: 5, character: 11 } },
    { position: { line: 4, character: 40 } },
    { position: { line: 5, character: 9 } },
  ];
  const by = assignHints(ends, hints);
  assert.deepEqual(
    [...by.entries()].map(([k, hs]) => [k, hs.map((h) => h.position.character)]),
    [
      [0, [31]],
      [2, [11]],
    ],
  );

  // a signature alone shows no value; the value after --- does
  const sig = '```cpp\nMakeLayout(shape, stride)\n```\n\nBuilds a layout.';
  assert.equal(hoverValue(sig), undefined);
  assert.equal(hoverValue(sig + '\n\n---\n\n```\n(4,8):(8,_1):(4,8)\n```\n\n**shape** `(4,8)`'), '(4,8):(8,_1):(4,8)');
  assert.equal(hoverValue('**layoutA**\n\nno value: its statement has an error (see Problems)'), undefined);
  assert.equal(hoverValue('**m**\n\n`m` — integer'), 'm');
  assert.equal(hoverValue('**offset 10001**\n\n```\n(17,33) → …\n```'), '10001');
  assert.equal(
    hoverValue('**tensor** of `half` in `GM`\n\n- layout `(4,8):(8,_1)`\n- coord `(0,0)` (where…)\n\n```\n(4,8):(8,_1)\n```'),
    '(4,8):(8,_1) @ (0,0)',
  );
  assert.equal(hoverValue('`half` — type'), undefined);
  assert.equal(hoverValue(''), undefined);

  assert.equal(hintValue('▸ ((_16,8),(_16,16)) valid (44,244) tail'), '((_16,8),(_16,16)) (44,244)');
  assert.equal(hintValue('= 10001'), '10001');
  assert.equal(hintValue([{ value: '▸ (4,8)' }, { value: ':(8,_1)' }]), '(4,8):(8,_1)');

  assert.equal(isSymbolic('((_16,8),(_16,16)) (44,244)'), false);
  assert.equal(isSymbolic('(4,8):(8,_1) @ (0,0)'), false);
  assert.equal(isSymbolic('(_row,_col):(_1,_16)'), true); // variables named like static ints are symbols
  assert.equal(isSymbolic('((_16,⌈m/16⌉),(_16,13))'), true);
  assert.equal(isSymbolic('(‹_row›,4)'), true);
  assert.equal(isSymbolic('(?,4)'), true);
});

test('the judge reads a C++ hover whose value comes before the signature; counts hints that only repeat their call; percentiles', () => {
  // C++: what clangd cannot say first, then `---` and the signature (issue 24: hover on the call served 0 before)
  assert.equal(
    hoverValue('```\n(300,200):(200,_1):(300,200)\n```\n\nrank 2\n\n---\n\n```cpp\nMakeLayout<E, L>(rows, cols)\n```\n\ndoc'),
    '(300,200):(200,_1):(300,200)',
  );
  assert.equal(isSymbolic('(…,…)'), true);
  // the two kinds of echo
  assert.equal(echoesCall('▸ ‹?›:‹?›:(m,k)', 'MakeLayout<ElementA, LayoutTagA>(m, k)'), true);
  assert.equal(echoesCall('▸ (blockShape.m(),n) valid (…,…)', 'GetTile(tensorA, coord, MakeShape(blockShape.m(), n))'), true);
  // a number or a ⌈…⌉ of its own says something
  assert.equal(echoesCall('▸ zN ((_16,⌈m/16⌉),(_16,⌈k/16⌉))', 'MakeLayout<half, zN>(m, k)'), false);
  assert.equal(echoesCall('▸ (_128,_64) valid (44,8) tail', 'TileView(tensorA, MakeCoord(2u, 3u), MakeShape(Int<128>{}, Int<64>{}))'), false);
  // a tensor's hint that repeats its layout's own call (basic_matmul_tla.hpp:153, the third try): the words of the call
  // include the site that declared its argument
  const src = [
    'auto layoutBias = tla::MakeLayout(params.problemShape.n());',
    'auto tensorBias = tla::MakeTensor(gmBias, layoutBias, Arch::PositionGM{});',
  ].join('\n');
  const sites = scanSites(src).sites;
  assert.equal(echoesCall('▸ (params.problemShape.n())', callWords(sites, 1, src)), true);
  // a name declared after the site is not its argument's declaration
  assert.equal(callWords(sites, 0, src), 'tla::MakeLayout(params.problemShape.n())');
  assert.equal(percentile([5, 1, 4, 2, 3], 0.5), 3);
  assert.equal(percentile([5, 1, 4, 2, 3, 6, 7, 8, 9, 10], 0.9), 9);
});

test('informative: more than the call’s own words; the reason a site is not', () => {
  const v = (value: string, via = 'hover') => ({ via, value });
  // RowMajor's stride (k,_1) is not written in the call
  assert.deepEqual(judgeInformative([v('(m,k):(k,_1):(m,k)')], 'MakeLayout<half, layout::RowMajor>(m, k)'), { informative: true });
  // zN's ⌈m/16⌉ blocks
  assert.deepEqual(judgeInformative([v('((_16,⌈m/16⌉),(_16,⌈k/16⌉))', 'inlay')], 'MakeLayout<half, zN>(m, k)'), { informative: true });
  // a tensor's layout taken from elsewhere says something; its coord (_0,_0) alone would not
  assert.deepEqual(judgeInformative([v('(m,k):(k,_1):(m,k) @ (_0,_0)')], 'MakeTensor(gmA, layoutA, Arch::PositionGM{})'), { informative: true });
  assert.deepEqual(judgeInformative([v('‹?› @ (_0,_0)')], 'MakeTensor(gmA, layoutA, Arch::PositionGM{})'), {
    informative: false,
    reason: 'a value not known here (‹?›)',
  });
  // the acceptance's forms: Tensor<E, POS> over X, ‹?›:‹?›:(…)
  assert.deepEqual(judgeInformative([v('Tensor<half, GM> over gmA', 'inlay')], 'MakeTensor(gmA, layoutA, Arch::PositionGM{})'), {
    informative: false,
    reason: 'a tensor shown as its element and position only (Tensor<E, POS> over X)',
  });
  assert.deepEqual(judgeInformative([v('‹?›:‹?›:(m,k)'), v('‹?›:‹?›:(m,k)', 'name')], 'MakeLayout<ElementA, LayoutTagA>(m, k)'), {
    informative: false,
    reason: 'a layout whose shape and stride are not known (‹?›:‹?›:(…))',
  });
  // a tile's shape written in the call
  assert.deepEqual(judgeInformative([v('(mActual,kActual)')], 'GetTile(tensorA, MakeCoord(0, 0), MakeShape(mActual, kActual))'), {
    informative: false,
    reason: "only the call's own words",
  });
  // one informative value among empty ones is enough
  assert.deepEqual(judgeInformative([v('‹?›', 'inlay'), v('(m,k):(k,_1):(m,k)', 'name')], 'MakeTensor(g, l, p)'), { informative: true });
  assert.deepEqual(judgeInformative([], 'MakeLayout(shape, stride)'), { informative: false, reason: 'no value shown' });
  // hoverWhy groups reasons: names and numbers made …
  assert.equal(hoverWhy("**layoutA**\n\nno value: 'layoutA' is a parameter of 3 kernels"), "no value: '…' is a parameter of N kernels");
  assert.equal(hoverWhy('```cpp\nMakeLayout(shape, stride)\n```\n\nMakes a Layout'), '');
});

test('Catlass layout objects declared: layout::X name{…} or (…), Catlass:: too; not TLA sites', () => {
  const src = [
    'void f(uint32_t m, uint32_t k) {',
    '  layout::RowMajor tagA{m, k};',
    '  Catlass::layout::zN tagB(k, m);',
    '  other::layout::RowMajor notOurs{m, k};',
    '  layout::RowMajor;',
    '  using L = layout::ColumnMajor;',
    '  auto c = layout::RowMajor{m, k};',
    '}',
  ].join('\n');
  const s = scanSites(src);
  assert.deepEqual(
    s.objects.map((o) => [o.construct, src.slice(o.start, o.end), src.slice(o.nameStart, o.nameEnd)]),
    [
      ['RowMajor', 'layout::RowMajor tagA{m, k}', 'tagA'],
      ['zN', 'layout::zN tagB(k, m)', 'tagB'],
    ],
  );
  assert.deepEqual(s.sites, []);
});
