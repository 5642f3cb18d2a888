// The rendered model of the layout view, checked exactly on the guide's examples.
// Expected numbers are hand arithmetic from the guide and tla-semantics.md.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze, buildGrid, buildMemory, buildPicture, defaultView, explainCell, pictureOf, renderSvg, renderText } from '../../server/src/language';
import type { Picture } from '../../server/src/language';

function pic(text: string, name = 'l'): Picture {
  const r = pictureOf(analyze(text), name);
  assert.ok(r.ok, r.ok ? '' : r.reason);
  return r.picture;
}
const count = (a: Uint8Array, v: number) => a.reduce((n, x) => n + (x === v ? 1 : 0), 0);

test('guide: ((4,2),(4,3)):((4,16),(1,32)) shows 37 at (1,5), blocks of 4, no holes', () => {
  const p = pic('auto l = ((4,2),(4,3)):((4,16),(1,32));');
  const g = buildGrid(p, defaultView(p), 256);
  assert.deepEqual([g.rows, g.cols, g.drawnRows, g.drawnCols, g.rowStep, g.colStep], [8, 12, 8, 12, 1, 1]);
  assert.equal(g.offsets.length, 96);
  assert.equal(g.offsets[1 * 12 + 5], 37);
  assert.equal(count(g.padding, 0), 96);
  assert.deepEqual(g.rowBorders, [4]);
  assert.deepEqual(g.colBorders, [4, 8]);
  assert.equal(explainCell(p, defaultView(p), 1, 5), '(1,5) → 1·4 + 0·16 + 1·1 + 1·32 = 37');
  // 96 elements onto cosize 3·4 + 1·16 + 3·1 + 2·32 + 1 = 96 addresses: a bijection
  const m = buildMemory(p);
  assert.deepEqual([m.cosize, m.holes, m.collisions, m.exact], [96, 0, 0, true]);
  // address 37 holds coordinate (1,5): flat colex index 1 + 5·8 = 41
  assert.equal(m.first[37], 41);
});

test('zN 100×100 for half: 112×112 cells, 100×100 valid, fractal borders every 16', () => {
  const p = pic('auto l = MakeLayout<half, zN>(100, 100);');
  const g = buildGrid(p, defaultView(p), 256);
  assert.deepEqual([g.rows, g.cols, g.validRows, g.validCols], [112, 112, 100, 100]);
  assert.equal(g.offsets.length, 112 * 112);
  assert.equal(count(g.padding, 1), 112 * 112 - 100 * 100);
  assert.equal(g.padding[99 * 112 + 99], 0);
  assert.equal(g.padding[100 * 112 + 5], 1);
  assert.deepEqual(g.rowBorders, [16, 32, 48, 64, 80, 96]);
  assert.deepEqual(g.colBorders, [16, 32, 48, 64, 80, 96]);
  // (99,99) = (3·16 + 6·256) + (3·1 + 6·1792) = 1584 + 10755 = 12339
  assert.equal(g.offsets[99 * 112 + 99], 12339);
  const m = buildMemory(p);
  assert.deepEqual([m.cosize, m.holes, m.collisions], [12544, 0, 0]);
});

test('the tile at (96, 64) of size (32, 48) shows a (4, 36) valid region over its parent', () => {
  const text = 'auto z = MakeLayout<half, zN>(100, 100);\nauto l = GetTileLayout(z, MakeShape(32, 48), MakeCoord(96, 64));';
  const p = pic(text);
  // the picture of a tile is its parent, with the tile drawn at its coordinate
  assert.equal(p.text, '((_16,7),(_16,7)):((_16,_256),(_1,1792)):(100,100)');
  // valid: min(32, 100 − 96) = 4 rows, min(48, 100 − 64) = 36 cols
  assert.deepEqual(p.tiles, [{ coord: [96, 64], tileShape: [32, 48], valid: [4, 36], label: 'l' }]);
  // the tile's own layout: 32×48 cells of which 4×36 valid
  const own = buildPicture(analyze(text).declarations.get('l')!.value as never);
  assert.ok(own.ok);
  const g = buildGrid(own.picture, defaultView(own.picture), 256);
  assert.deepEqual([g.rows, g.cols, g.validRows, g.validCols], [32, 48, 4, 36]);
  assert.equal(count(g.padding, 0), 4 * 36);
});

test('every tile of the same parent is drawn', () => {
  const p = pic('auto z = MakeLayout<half, zN>(100, 100);\nauto l = z;\nauto t0 = GetTileLayout(z, MakeShape(64, 64), MakeCoord(0, 0));\nauto t1 = GetTileLayout(z, MakeShape(64, 64), MakeCoord(64, 0));\nauto t2 = GetTileLayout(z, MakeShape(64, 64), MakeCoord(64, 64));');
  assert.deepEqual(p.tiles.map((t) => [t.label, t.valid]), [['t0', [64, 64]], ['t1', [36, 64]], ['t2', [36, 36]]]);
});

test('memory view: holes and collisions', () => {
  // (2,2):(1,4) reaches 0,1,4,5 of cosize 6: addresses 2 and 3 are holes
  const holes = buildMemory(pic('auto l = (2,2):(1,4);'));
  assert.deepEqual([holes.cosize, holes.holes, holes.collisions], [6, 2, 0]);
  assert.deepEqual([...holes.hits], [1, 1, 0, 0, 1, 1]);
  // (4,2):(1,0): both columns land on the same 4 addresses
  const coll = buildMemory(pic('auto l = (4,2):(1,0);'));
  assert.deepEqual([coll.cosize, coll.holes, coll.collisions], [4, 0, 4]);
  assert.deepEqual([...coll.hits], [2, 2, 2, 2]);
});

test('a 4096×4096 layout is aggregated into blocks', () => {
  const p = pic('auto l = MakeLayout<half, zN>(4096, 4096);');
  const g = buildGrid(p, defaultView(p), 128);
  assert.deepEqual([g.rows, g.cols, g.rowStep, g.colStep, g.drawnRows, g.drawnCols], [4096, 4096, 32, 32, 128, 128]);
  // fractal borders (every 16) are finer than a 32-element block: not drawn at this zoom
  assert.deepEqual([g.rowBorders, g.colBorders], [[], []]);
  // at 256 cells (step 16) every drawn row edge is a fractal edge: 255 borders
  assert.equal(buildGrid(p, defaultView(p), 256).rowBorders.length, 255);
});

test('rank 1 is a strip, rank 3 shows two modes with the others fixed', () => {
  const v = pic('auto l = MakeLayout(8);');
  const g = buildGrid(v, defaultView(v), 256);
  assert.deepEqual([g.rows, g.cols, [...g.offsets]], [1, 8, [0, 1, 2, 3, 4, 5, 6, 7]]);
  const r3 = pic('auto l = (2,3,4):(1,2,6);');
  const view = { rowMode: 0, colMode: 2, fixed: [0, 2, 0] };
  const g3 = buildGrid(r3, view, 256);
  // mode 1 fixed at 2 adds 2·2 = 4; cell (1, 3) = 4 + 1·1 + 3·6 = 23
  assert.deepEqual([g3.rows, g3.cols, g3.base, g3.offsets[1 * 4 + 3]], [2, 4, 4, 23]);
});

test('text rendering marks padding and block edges', () => {
  const t = renderText(pic('auto z = MakeLayout<half, zN>(20, 20);\nauto l = GetTileLayout(z, MakeShape(4, 4), MakeCoord(18, 0));'));
  // the picture of a tile is its parent: 32×32 cells, rows 20.. are padding, in parentheses
  assert.match(t, /valid 20×20 of 32×32/);
  // row 20 = (4, 1): 4·16 + 1·256 = 320; col 0 → 0; padding → (320)
  assert.match(t, /\n {3}20 +\(320\)/);
  assert.ok(t.includes('|'), 'column block edge at 16');
});

test('SVG: labelled cells for small layouts; under 5 MB for 4096×4096', () => {
  const small = renderSvg(pic('auto l = ((4,2),(4,3)):((4,16),(1,32));'), 'l');
  assert.match(small, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.equal((small.match(/<rect x="\d+" width/g) ?? []).length, 96);
  assert.ok(small.includes('>37</text>'));
  const big = renderSvg(pic('auto l = MakeLayout<half, zN>(4096, 4096);'), 'l');
  assert.ok(big.length < 5 * 1024 * 1024, `${big.length} bytes`);
  assert.equal((big.match(/<rect x="\d+" width/g) ?? []).length, 128 * 128);
  // user text is escaped
  const esc = renderSvg(pic('auto l = (2):(1);'), '<img src=x onerror=alert(1)>');
  assert.ok(!esc.includes('<img'));
  assert.ok(esc.includes('&lt;img src=x onerror=alert(1)&gt;'));
});

test('no picture for values that are not layouts or too large to draw', () => {
  const a = analyze('auto t = MakeShape(1, 2);\nauto huge = MakeLayout(MakeShape(100000000, 10000000), MakeStride(1, 100000000));');
  const r1 = pictureOf(a, 't');
  assert.ok(!r1.ok && /not a layout/.test(r1.reason));
  const r2 = pictureOf(a, 'huge');
  assert.ok(!r2.ok && /mode 0 has 100000000 indices/.test(r2.reason));
  assert.ok(!pictureOf(a, 'nope').ok);
});
