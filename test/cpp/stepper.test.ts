// The layout view's stepper (issue 24, Deliver 2): a kernel tile whose coordinate reads a loop
// index or a block coordinate gets a control per name, within the loop's bound where the file
// says it; a step is a binding of the view only, sent with the picture request, never written
// to the file. Expected values by hand in the comments.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { picture } from '../../server/src/features/layoutView';
import { CppAnalyzer } from '../../server/src/language';
import { loopOf } from '../../server/src/language/cpp/loops';
import { analyzeFully, cppDoc } from './cppTestKit';
import { analysedDocument } from '../language/fixture';
import { adoptFileValues } from '../../shared/steppers';

const KERNEL = `#include "tla/layout.hpp"
constexpr uint32_t K = 200;
constexpr uint32_t TILE_K = 64;
void f(GemmCoord blockCoord) {
  auto layoutA = tla::MakeLayout<half, Catlass::layout::RowMajor>(300, K);
  uint32_t kTiles = (K + TILE_K - 1) / TILE_K;
  for (uint32_t kIdx = 0; kIdx < kTiles; kIdx++) {
    auto tileA = tla::GetTileLayout(layoutA, tla::MakeShape(128, 64), tla::MakeCoord(blockCoord.m() * 128, kIdx * 64));
  }
}
`;

const docOf = (text: string) => cppDoc(text, analyzeFully(new CppAnalyzer(), text));

describe('the layout view steps a kernel tile', () => {
  test("the tile's coordinate reads blockCoord.m() and kIdx: one stepper each, kIdx within its loop's bound", () => {
    const answer = picture(docOf(KERNEL), { textDocument: { uri: 'file:///k.cpp' }, name: 'tileA' });
    // unbound, the tile's place and valid extent are symbolic: no picture (never the parent under the
    // tile's name, cd4b5ac), the view offers to bind both names, and both can be stepped
    assert.equal(answer.picture, null);
    assert.deepEqual(answer.bind, ['blockCoord.m()', 'kIdx']);
    assert.deepEqual(answer.steppers, [
      // no loop: the block rows whose tile starts inside layoutA's 300 rows, ⌈300/128⌉ = 3 (0, 128, 256)
      {
        name: 'blockCoord.m()',
        value: null,
        start: 0,
        end: 3,
        step: 1,
        bound: 'blockCoord.m()·128 < 300: the tile starts inside its parent',
        fileValue: null,
      },
      // kTiles = (200 + 64 − 1) / 64 = 263 / 64 = 4 (integer division): kIdx in 0..3
      { name: 'kIdx', value: null, start: 0, end: 4, step: 1, bound: 'kIdx < kTiles', fileValue: null },
    ]);
  });

  test('a step is a binding of the view: the tile moves, its tail appears; the document is not touched', () => {
    const doc = docOf(KERNEL);
    const before = doc.text;
    const at = (k: number) =>
      picture(doc, { textDocument: { uri: 'file:///k.cpp' }, name: 'tileA', bindings: { 'blockCoord.m()': '2', kIdx: String(k) } });
    const first = at(0);
    assert.ok(first.picture, first.reason ?? '');
    // block row 2 of 128 rows: row 256, valid 300 − 256 = 44; kIdx 0: column 0, all 64 valid
    assert.deepEqual(first.picture.tiles[0], { coord: [256, 0], tileShape: [128, 64], valid: [44, 64], label: 'tileA' });
    assert.equal(first.steppers?.find((s) => s.name === 'kIdx')?.value, 0);
    // kIdx 3: column 3·64 = 192, valid min(64, 200 − 192) = 8 — the tail
    const last = at(3);
    assert.deepEqual(last.picture?.tiles[0], { coord: [256, 192], tileShape: [128, 64], valid: [44, 8], label: 'tileA' });
    assert.equal(last.picture?.subject?.tile?.tail, true);
    assert.equal(doc.text, before);
  });

  test("the view's binding wins over the file's // tla: comment", () => {
    const text = `// tla: blockCoord.m()=0\n${KERNEL}`;
    const answer = picture(docOf(text), { textDocument: { uri: 'file:///k.cpp' }, name: 'tileA', bindings: { 'blockCoord.m()': '1', kIdx: '1' } });
    // block row 1: row 128, valid min(128, 300 − 128) = 128; kIdx 1: column 64, valid 64
    assert.deepEqual(answer.picture?.tiles[0].coord, [128, 64]);
    // the name the comment binds keeps its stepper (at the view's value; without one, at the comment's)
    assert.equal(answer.steppers?.find((s) => s.name === 'blockCoord.m()')?.value, 1);
    const plain = picture(docOf(text), { textDocument: { uri: 'file:///k.cpp' }, name: 'tileA' });
    assert.equal(plain.steppers?.find((s) => s.name === 'blockCoord.m()')?.value, 0);
  });

  test('loopOf reads the loop that declares an index: its start, its bound and its step', () => {
    const text =
      'for (uint32_t i = 2; i <= n; i += 2) {}\nfor (uint32_t loopIdx = AscendC::GetBlockIdx(); loopIdx < coreLoops; loopIdx += AscendC::GetBlockNum()) {}';
    assert.deepEqual(loopOf(text, 'i'), { start: '2', end: 'n', inclusive: true, step: '2' });
    assert.deepEqual(loopOf(text, 'loopIdx'), {
      start: 'AscendC::GetBlockIdx()',
      end: 'coreLoops',
      inclusive: false,
      step: 'AscendC::GetBlockNum()',
    });
    assert.equal(loopOf(text, 'j'), undefined);
  });
});

// issue 24 leftover 9: the stepper in a .tla file too (Deliver 2: a loop index or block coordinate, bound or not)
describe('the layout view steps a .tla tile', () => {
  const TLA = `uint32_t kIdx;
auto layoutA = MakeLayout<half, RowMajor>(300, 200);
auto tileA = GetTileLayout(layoutA, MakeShape(128, 64), MakeCoord(256, kIdx * 64));
`;
  const tlaDoc = (text: string) => analysedDocument(text);
  const ask = (text: string, bindings?: Record<string, string>) =>
    picture(tlaDoc(text), { textDocument: { uri: 'file:///fixture.tla' }, name: 'tileA', ...(bindings ? { bindings } : {}) });

  test('a runtime name in the coordinate gets a stepper; a step draws the tile where it moves, the tail at kIdx 3', () => {
    const unbound = ask(TLA);
    // no loop: the columns whose tile starts inside layoutA's 200, ⌈200/64⌉ = 4 (0, 64, 128, 192)
    assert.deepEqual(unbound.steppers, [
      { name: 'kIdx', value: null, start: 0, end: 4, step: 1, bound: 'kIdx·64 < 200: the tile starts inside its parent', fileValue: null },
    ]);
    // row 256 of 300: valid 44; kIdx 3: column 192, valid min(64, 200 − 192) = 8 — the tail
    const last = ask(TLA, { kIdx: '3' });
    assert.deepEqual(last.picture?.tiles[0], { coord: [256, 192], tileShape: [128, 64], valid: [44, 8], label: 'tileA' });
    assert.equal(last.steppers?.[0].value, 3);
  });

  test('a name the file binds (// tla: kIdx=1) keeps its stepper, at the bound value; a step goes over the comment', () => {
    const text = `// tla: kIdx=1\n${TLA}`;
    const bound = ask(text);
    assert.deepEqual(
      bound.steppers?.map((s) => [s.name, s.value]),
      [['kIdx', 1]],
    );
    // kIdx 1: column 64, all 64 valid
    assert.deepEqual(bound.picture?.tiles[0].coord, [256, 64]);
    assert.deepEqual(ask(text, { kIdx: '2' }).picture?.tiles[0].coord, [256, 128]);
  });
});

describe('the layout view of a symbolic layout offers to bind its names (issue 24, the third try)', () => {
  const text = `#include "tla/layout.hpp"
void f(uint32_t m, uint32_t k, AscendC::GlobalTensor<half> gmA) {
  auto layoutA = tla::MakeLayout<half, Catlass::layout::RowMajor>(m, k);
  auto tensorA = tla::MakeTensor(gmA, layoutA, Arch::PositionGM{});
}
`;
  test('no picture, and the names a // tla: comment would bind: m and k, for the layout and its tensor', () => {
    for (const name of ['layoutA', 'tensorA']) {
      const answer = picture(docOf(text), { textDocument: { uri: 'file:///k.cpp' }, name });
      assert.equal(answer.picture, null);
      assert.deepEqual(answer.bind, ['m', 'k'], name);
      assert.match(answer.reason ?? '', /bind/, name);
      // firstday7: the view shows what it is, though not drawn — RowMajor (m, k): stride (k, _1), originShape (m, k)
      assert.equal(answer.value, '(m,k):(k,_1):(m,k)', name);
    }
    // bound, it is drawn: nothing more to bind
    const bound = picture(docOf(`// tla: m=4 k=8\n${text}`), { textDocument: { uri: 'file:///k.cpp' }, name: 'layoutA' });
    assert.ok(bound.picture);
    assert.equal(bound.bind, undefined);
  });
});

// firstday6 C: "Bind kIdx" writes the file's // tla: comment; the view had stepped kIdx, and kept its old step
describe('after the file binds a stepped name, the view shows the bound value', () => {
  test('the view stepped kIdx to 1; the comment binds kIdx=3: the next picture is at kIdx 3 (the tail), a later step still goes over it', () => {
    const stepped = new Map<string, number>([
      ['blockCoord.m()', 2],
      ['kIdx', 1],
    ]);
    const seen = new Map<string, number | null>();
    const ask = (text: string) =>
      picture(docOf(text), {
        textDocument: { uri: 'file:///k.cpp' },
        name: 'tileA',
        bindings: Object.fromEntries([...stepped].map(([k, v]) => [k, String(v)])),
      });
    const before = ask(KERNEL);
    assert.equal(adoptFileValues(stepped, seen, before.steppers ?? []), false);
    // kIdx 1: column 64
    assert.deepEqual(before.picture?.tiles[0].coord, [256, 64]);
    const commented = `// tla: kIdx=3\n${KERNEL}`;
    const stale = ask(commented);
    assert.equal(stale.steppers?.find((s) => s.name === 'kIdx')?.fileValue, 3);
    assert.equal(adoptFileValues(stepped, seen, stale.steppers ?? []), true);
    // kIdx 3: column 3·64 = 192, valid min(64, 200 − 192) = 8
    const after = ask(commented);
    assert.deepEqual(after.picture?.tiles[0], { coord: [256, 192], tileShape: [128, 64], valid: [44, 8], label: 'tileA' });
    // the user steps again (kIdx 2): the comment has not changed, so the step stands
    stepped.set('kIdx', 2);
    assert.equal(adoptFileValues(stepped, seen, ask(commented).steppers ?? []), false);
    assert.equal(stepped.get('kIdx'), 2);
  });
});

// firstday6 A (optest symm_impl.cpp:137): sizes read through a pointer, `params->m`, were neither offered to bind nor bound
describe('a layout made of params->m is offered and drawn as params.m', () => {
  const text = `#include "tla/layout.hpp"
struct SymmParams { uint32_t m; uint32_t k; };
void run(const SymmParams* params) {
  auto layoutSymQ = tla::MakeLayout<half, Catlass::layout::ColumnMajor>(params->m, params->k);
}
`;
  test('the names to bind are params.m and params.k; bound in a // tla: comment, the column-major 4×8 is drawn', () => {
    const answer = picture(docOf(text), { textDocument: { uri: 'file:///k.cpp' }, name: 'layoutSymQ' });
    assert.equal(answer.picture, null);
    assert.deepEqual(answer.bind, ['params.m', 'params.k']);
    const bound = picture(docOf(`// tla: params.m=4 params.k=8\n${text}`), { textDocument: { uri: 'file:///k.cpp' }, name: 'layoutSymQ' });
    // ColumnMajor (4, 8): stride (1, 4)
    assert.match(bound.picture?.subject?.text ?? bound.picture?.text ?? '', /^\(4,8\):\(_1,4\)/, JSON.stringify(bound.reason));
  });
});

// firstday7 (issue 24): a loop bound computed from a runtime name, `kTiles = (k + 127) / 128`, under the binding k=512
describe("a loop's bound computed from a bound runtime name", () => {
  const text = `#include "tla/layout.hpp"
void f(uint32_t m, uint32_t k, AscendC::GlobalTensor<half> gmA) {
  auto layoutA = tla::MakeLayout<half, Catlass::layout::RowMajor>(m, k);
  uint32_t kTiles = (k + 127) / 128;
  for (uint32_t kIdx = 0; kIdx < kTiles; ++kIdx) {
    auto tileA = tla::GetTileLayout(layoutA, tla::MakeShape(64, 128), tla::MakeCoord(0, kIdx * 128));
  }
}
`;
  const ask = (src: string, bindings?: Record<string, string>) =>
    picture(docOf(src), { textDocument: { uri: 'file:///k.cpp' }, name: 'tileA', ...(bindings ? { bindings } : {}) });

  test('k=512 in a // tla: comment: kTiles = (512 + 127) / 128 = 639 / 128 = 4, kIdx in 0..3', () => {
    const kIdx = ask(`// tla: m=100 k=512\n${text}`).steppers?.find((s) => s.name === 'kIdx');
    assert.equal(kIdx?.end, 4);
    assert.equal(kIdx?.bound, 'kIdx < kTiles');
  });

  test("k=500 from the view's own bindings: (500 + 127) / 128 = 627 / 128 = 4 (unsigned division); k=513: 640 / 128 = 5", () => {
    assert.equal(ask(text, { m: '100', k: '500', kIdx: '0' }).steppers?.find((s) => s.name === 'kIdx')?.end, 4);
    assert.equal(ask(text, { m: '100', k: '513', kIdx: '0' }).steppers?.find((s) => s.name === 'kIdx')?.end, 5);
  });

  test('a member read through a pointer, params->k, bound as params.k=256: (256 + 127) / 128 = 2', () => {
    const src = text.replace('uint32_t m, uint32_t k,', 'const Params* params, uint32_t m, uint32_t k,').replace('(k + 127)', '(params->k + 127)');
    assert.equal(ask(`// tla: m=100 k=512 params.k=256\n${src}`).steppers?.find((s) => s.name === 'kIdx')?.end, 2);
  });

  test('k not bound: the bound stays symbolic (no end), never a guess', () => {
    const kIdx = ask(`// tla: m=100\n${text}`).steppers?.find((s) => s.name === 'kIdx');
    assert.ok(kIdx);
    assert.equal(kIdx.end, null);
  });
});

// firstday7 (issue 24): a layout too large to draw keeps its value in the view, with why it is not drawn
describe('a layout too large to draw', () => {
  test('RowMajor (5000000, 2): mode 0 has more indices than are drawn; its value is given, nothing to bind', () => {
    const text = `#include "tla/layout.hpp"\nvoid f() {\n  auto big = tla::MakeLayout<half, Catlass::layout::RowMajor>(5000000, 2);\n}\n`;
    const answer = picture(docOf(text), { textDocument: { uri: 'file:///k.cpp' }, name: 'big' });
    assert.equal(answer.picture, null);
    assert.match(answer.reason ?? '', /mode 0 has 5000000 indices/);
    // RowMajor (5000000, 2): stride (2, _1)
    assert.match(answer.value ?? '', /^\(5000000,2\):\(2,_1\)/);
    assert.equal(answer.bind, undefined);
  });
});
