// The rendered model of the layout view, checked exactly on the guide's examples.
// Expected numbers are hand arithmetic from the guide and tla-semantics.md.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pictureOf, printValue, renderSvg, renderText } from '../../server/src/language';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';
import { buildPicture } from '../../server/src/language/ide/layoutPicture';
import {
  ADDRESS_DATA,
  ADDRESS_IN_TILE,
  ADDRESS_PADDING,
  alignedStep,
  buildGrid,
  buildMemory,
  defaultView,
  describeGridCell,
  describeMemoryCell,
  explainCell,
  memoryBlocks,
  memoryColumns,
  splitCell,
  tileCell,
  tileLegend,
} from '../../shared/picture';
import type { Picture } from '../../shared/picture';

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
  // 99 in (_16,7) is (3,6): 3 + 6·16
  assert.equal(splitCell(p, [99, 99]), '(99,99) = ((3,6),(3,6))');
  assert.equal(splitCell(pic('auto l = (4,8):(1,4);'), [1, 2]), undefined);
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
  const p = pic(
    'auto z = MakeLayout<half, zN>(100, 100);\nauto l = z;\nauto t0 = GetTileLayout(z, MakeShape(64, 64), MakeCoord(0, 0));\nauto t1 = GetTileLayout(z, MakeShape(64, 64), MakeCoord(64, 0));\nauto t2 = GetTileLayout(z, MakeShape(64, 64), MakeCoord(64, 64));',
  );
  assert.deepEqual(
    p.tiles.map((t) => [t.label, t.valid]),
    [
      ['t0', [64, 64]],
      ['t1', [36, 64]],
      ['t2', [36, 36]],
    ],
  );
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
  const t = renderText(pic('auto l = MakeLayout<half, zN>(20, 20);'));
  // zN 20×20 for half: ((_16,2),(_16,2)) = 32×32 cells, rows 20.. are padding, in parentheses
  assert.match(t, /valid 20×20 of 32×32/);
  // row 20 = (4, 1): 4·16 + 1·256 = 320; col 0 → 0; padding → (320)
  assert.match(t, /\n {3}20 +\(320\)/);
  assert.ok(t.includes('|'), 'column block edge at 16');
});

test('a tile is pictured as itself: its value, tile-relative coordinates, its tail marked (issue 14)', () => {
  const text = 'auto z = MakeLayout<half, zN>(20, 20);\nauto l = GetTileLayout(z, MakeShape(4, 4), MakeCoord(18, 0));';
  const p = pic(text);
  // drawn over its parent, but the subject is the tile itself
  assert.equal(p.text, '((_16,2),(_16,2)):((_16,_256),(_1,512)):(20,20)');
  assert.equal(p.subject?.name, 'l');
  // tile (4,4) at (18,0): valid min(4, 20−18) = 2 rows, min(4, 20) = 4 cols; stride kept
  assert.equal(p.subject?.text, printValue(analyze(text).declarations.get('l')!.value!));
  assert.match(p.subject!.text, /:\(2,4\)$/);
  assert.deepEqual([p.subject?.tile?.parent, p.subject?.tile?.tail], ['z', true]);
  const t = renderText(p);
  assert.ok(t.startsWith(`l = ${p.subject!.text}\ntile (4,4) of z at (18,0), valid (2,4): a tail tile`), t);
  // its shape is nested like the parent's, ((_16,1),(_16,1)) — 16×16 of which (2,4) valid:
  // tile-relative offset r·16 + c; columns 4.. and rows 2.. are its tail, in parentheses
  assert.match(p.subject!.text, /^\(\(_16,1\),\(_16,1\)\):\(\(_16,_256\),\(_1,512\)\):\(2,4\)$/);
  assert.match(t, /\n {4}1 +16 +17 +18 +19 +\(20\)/);
  assert.match(t, /\n {4}2 +\(32\) +\(33\) +\(34\) +\(35\)/);
  assert.match(t, /valid 2×4 of 16×16/);
  // a cell of the parent inside the tile: parent (19, 2) is tile (1, 2), offset 1·16 + 2·1 = 18, valid;
  // (20, 3) is tile (2, 3), in its tail; (17, 0) is outside
  assert.deepEqual(tileCell(p, [19, 2]), { rel: [1, 2], offset: 18, sum: '(1,2) → 1·16 + 0·256 + 2·1 + 0·512 = 18', valid: true });
  assert.equal(tileCell(p, [20, 3])?.valid, false);
  assert.equal(tileCell(p, [17, 0]), undefined);
  // the SVG's title is the tile's value, and it says what the tile is
  const svg = renderSvg(p, 'l');
  assert.ok(svg.includes(`<title>l: ${p.subject!.text}</title>`), svg.slice(0, 400));
  assert.ok(svg.includes('tile (4,4) of z at (18,0), valid (2,4): a tail tile'));
  assert.ok(svg.includes('fill="url(#tail)"'), 'the tail is drawn distinct from the valid part');
  // a layout that is not a tile has no tile part
  assert.equal(pic(text, 'z').subject?.tile, undefined);
});

test("aggregated blocks line up with the layout's 16×16 fractals", () => {
  // 4096 = 16·256: 4096/256 = 16 per cell; 4096/200 = 20.5 → 32 (not 21); 4096/1000 → 8 (divides 16)
  const p = pic('auto l = MakeLayout<half, zN>(4096, 4096);');
  assert.deepEqual(
    [256, 200, 1000].map((n) => buildGrid(p, defaultView(p), n).rowStep),
    [16, 32, 8],
  );
  assert.equal(alignedStep(p.modes[0], 21), 32);
  assert.equal(alignedStep(p.modes[0], 3), 4);
  // 1000 rows of zN are (16, 63) = 1008: 1008/128 = 7.9 → 8
  const q = pic('auto l = MakeLayout<half, zN>(1000, 4096);');
  assert.equal(buildGrid(q, defaultView(q), 128).rowStep, 8);
  // a layout without blocks aggregates by the plain quotient
  const r = pic('auto l = MakeLayout(MakeShape(1000, 1000), MakeStride(1000, 1));');
  assert.equal(buildGrid(r, defaultView(r), 256).rowStep, 4);
});

test('SVG labels every cell up to 256×256 and aggregates beyond', () => {
  // 100×100 zN: 112×112 cells, each with its offset; (99,99) = 12339 (hand: 1584 + 10755)
  const z = renderSvg(pic('auto l = MakeLayout<half, zN>(100, 100);'), 'l');
  assert.equal((z.match(/<rect x="\d+" width/g) ?? []).length, 112 * 112);
  assert.equal((z.match(/<text x="[\d.]+"(?: fill="#555")?>\d+<\/text>/g) ?? []).length, 112 * 112);
  assert.ok(z.includes('>12339</text>'));
  // 256×256 exactly: still every cell; 257 columns: aggregated
  const full = renderSvg(pic('auto l = MakeLayout(MakeShape(256, 256), MakeStride(256, 1));'), 'l');
  assert.equal((full.match(/<rect x="\d+" width/g) ?? []).length, 256 * 256);
  assert.ok(full.includes('>65535</text>'));
  const beyond = renderSvg(pic('auto l = MakeLayout(MakeShape(257, 257), MakeStride(257, 1));'), 'l');
  assert.ok(!beyond.includes('>66048</text>'));
  assert.match(beyond, /each block 3×3/);
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

test('memory view in rows: from 16 to 16 M addresses, holes and collisions counted in every block', () => {
  // 16 addresses: one row of 16; 12544 (100×100 zN) in a 4:3 space: √(12544·4/3) ≈ 129 → 128 a row
  assert.equal(memoryColumns(16, 800, 600), 16);
  assert.equal(memoryColumns(12544, 800, 600), 128);
  // 4096×4096: 16 M addresses, square space → 4096 a row, 4096 rows
  assert.equal(memoryColumns(1 << 24, 500, 500), 4096);
  const big = buildMemory(pic('auto l = MakeLayout<half, zN>(4096, 4096);'));
  assert.deepEqual([big.shown, big.exact, big.holes, big.collisions], [1 << 24, true, 0, 0]);
  // zN: (1,0) is at offset 16 (row stride _16); its flat colexicographic index is 1
  assert.equal(big.first[16], 1);
  // (4,4):(1,8): addresses 0-3, 8-11, 16-19, 24-27 of cosize 28: 12 holes
  const h = buildMemory(pic('auto l = (4,4):(1,8);'));
  assert.deepEqual([h.cosize, h.holes, h.collisions], [28, 12, 0]);
  const b = memoryBlocks(h, 16, 4);
  // rows of 16: row 0 = addresses 0-15, row 1 = 16-27; blocks of 4×4 → 4 block columns, 1 block row
  assert.deepEqual([b.cols, b.rows], [4, 1]);
  // block columns: cols 0-3 = addresses 0-3 and 16-19, all hit: 0 holes; cols 4-7 = 4-7 and 20-23: 8 holes;
  // cols 8-11 = 8-11 and 24-27: 0 holes; cols 12-15 = 12-15 (28-31 are beyond the cosize): 4 holes
  assert.deepEqual([...b.holes], [0, 8, 0, 4]);
  assert.deepEqual(
    [...b.first].map((f) => f >= 0),
    [true, false, true, false],
  );
  const c = memoryBlocks(buildMemory(pic('auto l = (4,2):(1,0);')), 16, 4);
  // 4 addresses, each hit twice: 4 collisions, all in the first block of the 16-wide row
  assert.deepEqual([...c.collisions], [4, 0, 0, 0]);
});

// The layout view's tooltips (shared/picture.ts, the webview only shows them); expected by hand.
test("the grid tooltip: the cell's sum, its split mode by mode, valid or padding, its block", () => {
  const p = pic('auto l = ((4,2),(4,3)):((4,16),(1,32));');
  // (1,5): mode 0 splits 1 in (4,2) as (1,0), mode 1 splits 5 in (4,3) as (1,1); 1·4 + 0·16 + 1·1 + 1·32 = 37
  assert.equal(
    describeGridCell(p, defaultView(p), { rs: 1, cs: 1 }, 1, 5),
    '(1,5) → 1·4 + 0·16 + 1·1 + 1·32 = 37\nsplit mode by mode: (1,5) = ((1,0),(1,1))\nvalid',
  );
  // aggregated 2×2: the block holding (1,5) starts at (0,4)
  assert.ok(describeGridCell(p, defaultView(p), { rs: 2, cs: 2 }, 1, 5).endsWith('valid\nblock of 2×2 elements from (0,4)'));
  // RowMajor 3×5 of half: 16-element rows, so (1,2) is valid and the column 7 of row 0 is padding
  const rm = pic('auto l = MakeLayout(MakeShape(3, 16), MakeStride(16, 1), MakeShape(3, 5));');
  assert.equal(describeGridCell(rm, defaultView(rm), { rs: 1, cs: 1 }, 0, 7), '(0,7) → 0·16 + 7·1 = 7\npadding (beyond originShape)');
});

test('the memory tooltip: the address, the coordinate stored there, a hole, a collision, a block', () => {
  const p = pic('auto l = ((4,2),(4,3)):((4,16),(1,32));');
  const m = buildMemory(p);
  // address 37 = row 1, column 5 of rows of 32; it holds (1,5) (see the guide test above)
  assert.equal(describeMemoryCell(p, m, 32, 1, undefined, 1, 5), 'address 37 (row 1, column 5 of 32 a row) ← (1,5)');
  // (2):(2) stores 0 and 2: address 1 is a hole
  const holes = pic('auto l = (2):(2);');
  assert.equal(
    describeMemoryCell(holes, buildMemory(holes), 32, 1, undefined, 0, 1),
    'address 1 (row 0, column 1 of 32 a row): a hole (no coordinate maps here)',
  );
  // (2,2):(1,0): (0,0) and (0,1) both at address 0
  const twice = pic('auto l = (2,2):(1,0);');
  assert.equal(
    describeMemoryCell(twice, buildMemory(twice), 32, 1, undefined, 0, 0),
    'address 0 (row 0, column 0 of 32 a row) ← (0,0) and 1 more: a collision',
  );
  // blocks of 2×2 addresses over rows of 4: block (0,0) holds addresses 0, 1, 4, 5 — all stored, no hole
  const blocks = memoryBlocks(m, 4, 2);
  assert.equal(
    describeMemoryCell(p, m, 4, 2, blocks, 0, 1),
    'addresses from 0: a block of 2×2 (rows of 4 addresses)\nfirst coordinate stored: (0,0)\n0 holes, 0 collisions',
  );
});

// Problem 5 of issue 24: the memory view knows the picture's tile and the layout's padding.
test("a tail tile's memory view is the tile's: its addresses in the parent's buffer, the parent's padding as padding", () => {
  const p = pic('auto z = MakeLayout<half, zN>(100, 100);\nauto l = GetTileLayout(z, MakeShape(32, 48), MakeCoord(96, 64));');
  const m = buildMemory(p);
  // the parent's buffer: 112×112 addresses; the tile's valid part in it is rows 96..99 × columns 64..99 = 4·36
  assert.deepEqual([m.cosize, m.tile, m.inTile, m.padding], [12544, true, 4 * 36, 112 * 112 - 100 * 100]);
  // (97,66): row 97 = 1 + 6·16 → 1·16 + 6·256 = 1552, column 66 = 2 + 4·16 → 2·1 + 4·1792 = 7170; 1552 + 7170 = 8722
  assert.equal(m.role[8722], ADDRESS_IN_TILE);
  // rows of 128: address 8722 is row 68, column 18
  assert.equal(describeMemoryCell(p, m, 128, 1, undefined, 68, 18), 'address 8722 (row 68, column 18 of 128 a row) ← (97,66): in the tile (1,2)');
  // address 0 holds (0,0), far from the tile
  assert.equal(m.role[0], ADDRESS_DATA);
  assert.equal(describeMemoryCell(p, m, 128, 1, undefined, 0, 0), 'address 0 (row 0, column 0 of 128 a row) ← (0,0): outside the tile');
  // (100,5): row 100 = 4 + 6·16 → 64 + 1536 = 1600, column 5 → 5: address 1605 (row 12, column 69), beyond originShape (100,100)
  assert.equal(m.role[1605], ADDRESS_PADDING);
  assert.equal(
    describeMemoryCell(p, m, 128, 1, undefined, 12, 69),
    'address 1605 (row 12, column 69 of 128 a row): padding (not addressed by the layout: only (100,5), beyond originShape (100,100), lands here)',
  );
  // blocks of 16×16 over rows of 128: block 0 holds addresses 0..15 of rows 0..15, none in the tile;
  // the counts of every block add up to the whole view's
  const b = memoryBlocks(m, 128, 16);
  assert.equal(
    b.inTile.reduce((s, x) => s + x, 0),
    4 * 36,
  );
  assert.equal(
    b.padding.reduce((s, x) => s + x, 0),
    112 * 112 - 100 * 100,
  );
  // address 8722 is in block row ⌊68/16⌋ = 4, block column ⌊18/16⌋ = 1 of 8 block columns
  assert.ok(b.inTile[4 * 8 + 1] > 0);
  assert.match(describeMemoryCell(p, m, 128, 16, b, 68, 18), /\d+ in the tile, \d+ padding/);
});

test('PaddingRowMajor, PaddingColumnMajor and zN padding is padding in the memory view', () => {
  // PaddingRowMajor(3, 5, 2, 4): ((2,2),(4,2)):((4,16),(1,8)) over 4×8 coordinates, 3×5 valid
  const using = 'using namespace Catlass;\n';
  const rm = pic(`${using}layout::PaddingRowMajor l{3u, 5u, 2u, 4u};`);
  const m = buildMemory(rm);
  // 32 addresses, all reached; 15 by valid coordinates, 17 only by padding ones
  assert.deepEqual([m.cosize, m.holes, m.padding, m.inTile, m.tile], [32, 0, 32 - 15, 0, false]);
  // (3,0): row 3 = 1 + 1·2 → 1·4 + 1·16 = 20; (0,5): column 5 = 1 + 1·4 → 1 + 8 = 9; (2,4): 16 + 8 = 24
  assert.deepEqual([m.role[20], m.role[9], m.role[24]], [ADDRESS_PADDING, ADDRESS_PADDING, ADDRESS_DATA]);
  assert.equal(
    describeMemoryCell(rm, m, 16, 1, undefined, 1, 4),
    'address 20 (row 1, column 4 of 16 a row): padding (not addressed by the layout: only (3,0), beyond originShape (3,5), lands here)',
  );
  // a picture with no tile says nothing of tiles
  assert.equal(describeMemoryCell(rm, m, 16, 1, undefined, 1, 8), 'address 24 (row 1, column 8 of 16 a row) ← (2,4)');
  // PaddingColumnMajor(3, 5, 2, 4): stride (1, 2·4 = 8, 2, RoundUp(3, 2)·4 = 16): 4×8 addresses again, 15 valid
  const cm = buildMemory(pic(`${using}auto l = layout::PaddingColumnMajor(3u, 5u, 2u, 4u);`));
  assert.deepEqual([cm.cosize, cm.holes, cm.padding], [32, 0, 17]);
  // zN 100×100 of half: 112×112 addresses, 100·100 valid
  const zn = buildMemory(pic('auto l = MakeLayout<half, zN>(100, 100);'));
  assert.deepEqual([zn.cosize, zn.padding, zn.inTile], [12544, 12544 - 10000, 0]);
});

test("a tile whose extent is not known is not drawn as its parent (issue 24: tileA showed layoutA's 300×200, size 60000)", () => {
  // tile (128, tk) of RowMajor(300, 200) at (256, 0): its value is symbolic, so there is no picture of it
  const text =
    'uint32_t tk;\nauto layoutA = MakeLayout<half, Catlass::layout::RowMajor>(300, 200);\nauto tileA = GetTileLayout(layoutA, MakeShape(128, tk), MakeCoord(256, 0));';
  const r = pictureOf(analyze(text), 'tileA');
  assert.ok(!r.ok, r.ok ? `drawn as ${r.picture.text}, size ${r.picture.size}` : '');
  assert.match(r.reason, /known only at run time/);
  // the parent itself is still drawn: RowMajor (300, 200) is size 300·200 = 60000
  const parent = pictureOf(analyze(text), 'layoutA');
  assert.ok(parent.ok && parent.picture.size === 60000);
});

test('a tile of known extent whose coordinate is not known is drawn as itself, not as its parent', () => {
  // tile (4, 8) of RowMajor(300, 200) at (i·4, 0): its shape (4, 8) and strides (200, 1) are known, where it sits is not
  const text =
    'uint32_t i;\nauto layoutA = MakeLayout<half, Catlass::layout::RowMajor>(300, 200);\nauto tileA = GetTileLayout(layoutA, MakeShape(4, 8), MakeCoord(i * 4, 0));';
  const r = pictureOf(analyze(text), 'tileA');
  if (!r.ok) return assert.match(r.reason, /known only at run time/);
  // if drawn, it is the tile: 4·8 = 32 elements, never the parent's 60000
  assert.equal(r.picture.size, 32);
  assert.equal(r.picture.rank, 2);
  assert.equal(r.picture.subject?.name, 'tileA');
  assert.ok(!r.picture.text.startsWith('(300,200)'), r.picture.text);
});

// firstday7 (issue 24, the layout view): a full tile's legend named a tail ("tileFull's tail") that is not drawn
test("the legend of a full tile names no tail; a tail tile's names its own; the parent's other tiles are counted", () => {
  const text = `auto layoutA = MakeLayout<half, RowMajor>(300, 200);
auto tileFull = GetTileLayout(layoutA, MakeShape(128, 64), MakeCoord(0, 0));
auto tileTail = GetTileLayout(layoutA, MakeShape(128, 64), MakeCoord(256, 192));
`;
  // (0,0)+(128,64) lies inside 300×200: full; (256,192): valid (300−256, 200−192) = (44, 8) of (128, 64): a tail
  const full = pic(text, 'tileFull');
  assert.equal(full.subject?.tile?.tail, false);
  assert.deepEqual(tileLegend(full), { whole: 'the whole tile tileFull (and 1 other of this parent)', valid: 'its valid part', tail: null });
  const tail = pic(text, 'tileTail');
  assert.deepEqual(tail.tiles[0].valid, [44, 8]);
  assert.equal(tileLegend(tail)?.tail, "tileTail's tail");
  // the parent itself: its tiles, none of them its own
  assert.deepEqual(tileLegend(pic(text, 'layoutA')), { whole: 'a whole tile (2 of this parent)', valid: 'their valid parts', tail: null });
});
