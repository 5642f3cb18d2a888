// Runtime names bound to numbers (issue 24, Deliver 2): `m`, `params.k`, `blockCoord.m()`, a loop
// index, from a `// tla: …` comment or the analyzer's bindings (the setting, the CLI's --bind).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hover } from '../../server/src/features/hover';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { Analyzer, CppAnalyzer, bindingsForPath, parseBindings, pictureOf, printValue } from '../../server/src/language';
import { analysedDocument, hoverAtText } from '../language/fixture';
import { analyzeFully, cppDoc } from './cppTestKit';

const valueOf = (text: string, name: string, analyzer = new CppAnalyzer()) => {
  const d = analyzeFully(analyzer, text).declarations.get(name);
  return d?.value ? printValue(d.value) : undefined;
};

const KERNEL = `#include "tla/layout.hpp"
struct Params { uint32_t k; };
void f(Params const &params, GemmCoord blockCoord, uint32_t m) {
  auto layoutA = tla::MakeLayout<half, Catlass::layout::RowMajor>(m, params.k);
  auto tileA = tla::GetTileLayout(layoutA, tla::MakeShape(128, 64), tla::MakeCoord(blockCoord.m() * 128, 0));
}
`;

describe('bindings', () => {
  test('parseBindings: name=integer pieces, blanks around = allowed, member paths and accessors; the rest rejected', () => {
    const { bindings, rejected } = parseBindings('m = 1000, params.k=512 blockCoord.m()=2 kIdx=3 x params->n=7');
    assert.deepEqual(
      [...bindings],
      [
        ['m', 1000n],
        ['params.k', 512n],
        ['blockCoord.m()', 2n],
        ['kIdx', 3n],
        ['params.n', 7n],
      ],
    );
    assert.deepEqual(rejected, ['x']);
  });

  test('a // tla: comment makes a kernel tile concrete: m, params.k and blockCoord.m() as numbers (runtime ones: no _)', () => {
    // unbound: symbols
    assert.equal(valueOf(KERNEL, 'layoutA'), '(m,params.k):(params.k,_1):(m,params.k)');
    const bound = `// tla: m=300 params.k=200 blockCoord.m()=2\n${KERNEL}`;
    // RowMajor (300, 200): stride (200, _1)
    assert.equal(valueOf(bound, 'layoutA'), '(300,200):(200,_1):(300,200)');
    // block row 2 of 128: rows 256..383 of 300 → valid rows 300 − 256 = 44; columns 0..63 of 200: all 64
    const tile = valueOf(bound, 'tileA');
    assert.ok(tile?.endsWith(':(44,64)'), tile);
    assert.ok(tile?.startsWith('(128,64):(200,_1)'), tile);
  });

  test("the analyzer's bindings (a setting) under the file's comment; a compile-time constant is never rebound", () => {
    const setting = new Map([
      ['m', 40n],
      ['params.k', 24n],
    ]);
    assert.equal(valueOf(KERNEL, 'layoutA', new CppAnalyzer(undefined, setting)), '(40,24):(24,_1):(40,24)');
    // the comment says k = 8: it wins over the setting's 24
    assert.equal(valueOf(`// tla: params.k=8\n${KERNEL}`, 'layoutA', new CppAnalyzer(undefined, setting)), '(40,8):(8,_1):(40,8)');
    const constant = `#include "tla/layout.hpp"\nconstexpr uint32_t M = 300;\nauto layoutA = tla::MakeLayout<half, Catlass::layout::RowMajor>(M, 16);\n`;
    assert.equal(valueOf(`// tla: M=5\n${constant}`, 'layoutA'), '(300,16):(16,_1):(300,16)');
  });

  test('editing the comment evaluates anew (the incremental analyzer does not keep the old numbers)', () => {
    const analyzer = new CppAnalyzer();
    assert.equal(valueOf(`// tla: m=2 params.k=3\n${KERNEL}`, 'layoutA', analyzer), '(2,3):(3,_1):(2,3)');
    assert.equal(valueOf(`// tla: m=4 params.k=3\n${KERNEL}`, 'layoutA', analyzer), '(4,3):(3,_1):(4,3)');
    assert.equal(valueOf(KERNEL, 'layoutA', analyzer), '(m,params.k):(params.k,_1):(m,params.k)');
  });
});

describe('bindings in the editor', () => {
  test('the tlaLayout.bindings setting: patterns against the end of the path, later ones over earlier ones', () => {
    const patterns = { '*.hpp': 'm=1 k=2', 'kernels/**/*.hpp': 'm=3', '*.cpp': 'n=9' };
    assert.deepEqual(
      [...bindingsForPath(patterns, '/w/kernels/gemm/block.hpp')],
      [
        ['m', 3n],
        ['k', 2n],
      ],
    );
    assert.deepEqual(
      [...bindingsForPath(patterns, '/w/other/block.hpp')],
      [
        ['m', 1n],
        ['k', 2n],
      ],
    );
    assert.deepEqual([...bindingsForPath(patterns, '/w/a.cu')], []);
  });

  test("a hover on a runtime-sized value offers to bind its names ('Bind m…' runs tlaLayout.bind with the name)", () => {
    const d = cppDoc(KERNEL);
    const at = d.lines.position(KERNEL.indexOf('layoutA =') + 2);
    const h = hover(d, at, DEFAULT_SETTINGS);
    const text = h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    assert.ok(text.includes(`[Bind m…](command:tlaLayout.bind?${encodeURIComponent('["m"]')}`), text);
    assert.ok(text.includes(`[Bind params.k…](command:tlaLayout.bind?${encodeURIComponent('["params.k"]')}`), text);
    // bound: numbers, nothing to bind
    const bound = `// tla: m=300 params.k=200\n${KERNEL}`;
    const b = cppDoc(bound);
    const hb = hover(b, b.lines.position(bound.indexOf('layoutA =') + 2), DEFAULT_SETTINGS);
    const tb = hb && typeof hb.contents === 'object' && 'value' in hb.contents ? hb.contents.value : '';
    assert.ok(tb.includes('(300,200):(200,_1):(300,200)') && !tb.includes('Bind '), tb);
  });
});

describe('bindings in a .tla file', () => {
  const TLA = 'uint32_t m;\nauto l = MakeLayout<half, RowMajor>(m, 64);\n';
  const tlaValue = (text: string, analyzer = new Analyzer()) => {
    const d = analyzer.analyze(text).declarations.get('l');
    return d?.value ? printValue(d.value) : undefined;
  };

  test('a // tla: comment binds m as in C++: the hover shows the numbers and offers no Bind link', () => {
    const text = `// tla: m=1000\n${TLA}`;
    // RowMajor (1000, 64): stride (64, _1), a runtime m (no _)
    const h = hoverAtText(analysedDocument(text), 'l =', 0);
    assert.ok(h.includes('(1000,64):(64,_1)') && !h.includes('Bind '), h);
    // unbound: the symbol, and the link
    const u = hoverAtText(analysedDocument(TLA), 'l =', 0);
    assert.ok(u.includes('(m,64):(64,_1)') && u.includes('[Bind m…]'), u);
  });

  test('a bound .tla hover has the "symbolically …" line a C++ hover has (issue 24 leftover 6)', () => {
    // RowMajor (1000, 64) = (1000,64):(64,_1):(1000,64); without the binding (m,64):(64,_1):(m,64)
    const h = hoverAtText(analysedDocument(`// tla: m=1000\n${TLA}`), 'l =', 0);
    assert.match(h, /\(1000,64\):\(64,_1\):\(1000,64\)\n```\n\nsymbolically `\(m,64\):\(64,_1\):\(m,64\)` \(without m=1000\)/, h);
    // the setting's bindings too
    const set = hoverAtText(analysedDocument(TLA, { analysis: new Analyzer(undefined, new Map([['m', 8n]])).analyze(TLA) }), 'l =', 0);
    assert.match(set, /symbolically `\(m,64\):\(64,_1\):\(m,64\)` \(without m=8\)/, set);
    assert.doesNotMatch(hoverAtText(analysedDocument(TLA), 'l =', 0), /symbolically/);
  });

  test('the layout view draws the bound layout: RowMajor (3, 4) is (3,4):(4,_1)', () => {
    const drawn = pictureOf(new Analyzer().analyze('// tla: m=3\nuint32_t m;\nauto l = MakeLayout<half, RowMajor>(m, 4);\n'), 'l');
    assert.ok(drawn.ok, drawn.ok ? '' : drawn.reason);
    assert.equal(drawn.picture.subject?.text, '(3,4):(4,_1):(3,4)');
    // without the comment m is a symbol: nothing to draw
    assert.equal(pictureOf(new Analyzer().analyze('uint32_t m;\nauto l = MakeLayout<half, RowMajor>(m, 4);\n'), 'l').ok, false);
  });

  test("the analyzer's bindings (the setting) under the comment, over it with overComments (the CLI's --bind); an edit of the comment evaluates anew", () => {
    const setting = new Map([['m', 40n]]);
    assert.equal(tlaValue(TLA, new Analyzer(undefined, setting)), '(40,64):(64,_1):(40,64)');
    assert.equal(tlaValue(`// tla: m=8\n${TLA}`, new Analyzer(undefined, setting)), '(8,64):(64,_1):(8,64)');
    assert.equal(tlaValue(`// tla: m=8\n${TLA}`, new Analyzer(undefined, setting, true)), '(40,64):(64,_1):(40,64)');
    const analyzer = new Analyzer();
    assert.equal(tlaValue(`// tla: m=2\n${TLA}`, analyzer), '(2,64):(64,_1):(2,64)');
    assert.equal(tlaValue(`// tla: m=4\n${TLA}`, analyzer), '(4,64):(64,_1):(4,64)');
    assert.equal(tlaValue(`// tl: m=4\n${TLA}`, analyzer), '(m,64):(64,_1):(m,64)');
    // a comment typed into a file that had none
    assert.equal(tlaValue(`${TLA}// tla: m=3\n`, analyzer), '(3,64):(64,_1):(3,64)');
  });
});
