// The older Catlass::layout classes as objects, member by member, on values derived by hand
// from the formulas of include/catlass/layout/{matrix,vector,tensor}.hpp (arithmetic in comments).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as core from '../../server/src/core';

const i = (v: number) => core.int(v);
const mc = (r: number, c: number) => core.catlassCoord('MatrixCoord', [i(r), i(c)]);
const co = (...xs: number[]) => core.catlassCoord('Coord', xs.map(i));
const parts = (t: core.TagObject) => core.layoutObjectParts(t);
const val = (x: core.IntValue | core.CatlassCoord) => (x.kind === 'int' ? core.printIntTuple(x) : core.printCatlassCoord(x));
const offset = (t: core.TagObject, r: number, c: number) => val(core.layoutObjectOffset(t, mc(r, c)));

describe('RowMajor and ColumnMajor objects', () => {
  test('RowMajor{rows, cols}: stride (cols, 1); GetOffset row * cols + column; Capacity rows * cols', () => {
    const a = core.constructLayoutObject('RowMajor', [i(6), i(10)]);
    assert.deepEqual(parts(a), { class: 'RowMajor', shape: '(6,10)', stride: '(10,1)' });
    assert.equal(offset(a, 2, 3), '23'); // 2 * 10 + 3
    assert.equal(val(core.layoutObjectCapacity(a)), '60'); // shape_[0] * stride_[0] = 6 * 10
  });
  test('RowMajor{rows, cols, ldm}: stride (ldm, 1); GetTileLayout keeps the stride', () => {
    const a = core.constructLayoutObject('RowMajor', [i(6), i(10), i(16)]);
    assert.equal(offset(a, 2, 3), '35'); // 2 * 16 + 3
    const t = core.layoutObjectTile(a, mc(4, 5));
    assert.deepEqual(parts(t), { class: 'RowMajor', shape: '(4,5)', stride: '(16,1)' });
    assert.equal(val(core.layoutObjectCapacity(t)), '64'); // 4 * 16
  });
  test('ColumnMajor{rows, cols}: stride (1, rows); GetOffset row + column * rows; Capacity cols * rows', () => {
    const a = core.constructLayoutObject('ColumnMajor', [i(6), i(10)]);
    assert.deepEqual(parts(a), { class: 'ColumnMajor', shape: '(6,10)', stride: '(1,6)' });
    assert.equal(offset(a, 2, 3), '20'); // 2 + 3 * 6
    assert.equal(val(core.layoutObjectCapacity(a)), '60'); // shape_[1] * stride_[1] = 10 * 6
  });
  test('MakeLayout<E>: fp4 at 3510 pads the leading dimension to RoundUp<2>', () => {
    // RowMajor(7, 9, RoundUp<2>(9) = 10); ColumnMajor(7, 9, RoundUp<2>(7) = 8)
    assert.equal(parts(core.layoutObjectMakeLayout('RowMajor', 'float4_e2m1x2_t', [i(7), i(9)], 3510))!.stride, '(10,1)');
    assert.equal(parts(core.layoutObjectMakeLayout('ColumnMajor', 'float4_e2m1x2_t', [i(7), i(9)], 3510))!.stride, '(1,8)');
    assert.equal(parts(core.layoutObjectMakeLayout('RowMajor', 'half', [i(7), i(9)]))!.stride, '(9,1)');
  });
  test('RowMajor::MakeLayoutInUb<E>: the row padded to a 32-byte block', () => {
    // half: 16 per block, RoundUp<16>(20) = 32
    assert.deepEqual(parts(core.makeLayoutInUb('RowMajor', 'half', mc(3, 20))), { class: 'RowMajor', shape: '(3,20)', stride: '(32,1)' });
  });
  test('shape(), stride() are Coords, shape(i) / stride(i) their entries; no orgShape', () => {
    const a = core.constructLayoutObject('RowMajor', [i(6), i(10)]);
    assert.equal(val(core.layoutObjectPart(a, 'shape')), '(6,10)');
    assert.equal(val(core.layoutObjectPart(a, 'stride', 0)), '10');
    assert.throws(() => core.layoutObjectPart(a, 'orgShape', 0), /no orgShape/);
    assert.throws(() => core.layoutObjectPart(a, 'shape', 2), /out of range/);
  });
});

describe('the fractal classes', () => {
  test('zN::MakeLayout<half>(20, 40): (16, 2, 16, 3) : (16, 256, 1, 512), orgShape (20, 40)', () => {
    // rowsRound = RoundUp<16>(20) = 32, colsRound = RoundUp<16>(40) = 48; stride_[3] = 32 * 16 = 512
    const z = core.layoutObjectMakeLayout('zN', 'half', [i(20), i(40)]);
    assert.deepEqual(parts(z), { class: 'zN', shape: '(16,2,16,3)', stride: '(16,256,1,512)', orgShape: '(20,40)' });
    // (17, 33): 17/16*256 + 33/16*512 + 17%16*16 + 33%16*1 = 256 + 1024 + 16 + 1 = 1297
    assert.equal(offset(z, 17, 33), '1297');
    assert.equal(val(core.layoutObjectCapacity(z)), '1536'); // stride_[3] * shape_[3] = 512 * 3
    // GetTileLayout(MatrixCoord{33, 5}): (16, CeilDiv(33, 16) = 3, 16, CeilDiv(5, 16) = 1), the parent's strides
    assert.deepEqual(parts(core.layoutObjectTile(z, mc(33, 5))), { class: 'zN', shape: '(16,3,16,1)', stride: '(16,256,1,512)', orgShape: '(33,5)' });
    assert.equal(val(core.layoutObjectPart(z, 'orgShape', 1)), '40');
  });
  test('nZ::MakeLayout<float>(20, 40): (8, 3, 16, 3) : (1, 384, 8, 128)', () => {
    // C0 = 8, fractal 128; rowsRound = RoundUp<8>(20) = 24, colsRound = RoundUp<16>(40) = 48, stride_[1] = 48 * 8 = 384
    const z = core.layoutObjectMakeLayout('nZ', 'float', [i(20), i(40)]);
    assert.deepEqual(parts(z), { class: 'nZ', shape: '(8,3,16,3)', stride: '(1,384,8,128)', orgShape: '(20,40)' });
    // (9, 17): 9/8*384 + 17/16*128 + 9%8*1 + 17%16*8 = 384 + 128 + 1 + 8 = 521
    assert.equal(offset(z, 9, 17), '521');
    assert.equal(val(core.layoutObjectCapacity(z)), '1152'); // stride_[1] * shape_[1] = 384 * 3
  });
  test('zZ: GetOffset is the fractal block only; no GetTileLayout, no Capacity', () => {
    // int8: C0 32, fractal 512; (40, 70): rowsRound 48, colsRound 96 → (16, 3, 32, 3) : (32, 96*16 = 1536, 1, 512)
    const z = core.layoutObjectMakeLayout('zZ', 'int8_t', [i(40), i(70)]);
    assert.deepEqual(parts(z), { class: 'zZ', shape: '(16,3,32,3)', stride: '(32,1536,1,512)', orgShape: '(40,70)' });
    // (17, 33): 17/16*1536 + 33/32*512 = 1536 + 512 = 2048 — not + 1*32 + 1 inside the fractal
    assert.equal(offset(z, 17, 33), '2048');
    assert.throws(() => core.layoutObjectTile(z, mc(16, 16)), /no member GetTileLayout/);
    assert.throws(() => core.layoutObjectCapacity(z), /no member Capacity/);
    assert.match(core.layoutObjectNote('zZ')!, /fractal/);
  });
  test('nN::MakeLayout<half>(20, 40): (16, 2, 16, 3) : (1, 256, 16, 512); GetOffset the block only', () => {
    // rowsRound = RoundUp<16>(20) = 32 (C0 = 16), colsRound = 48; stride_[3] = rowsRound * 16 = 512
    const z = core.layoutObjectMakeLayout('nN', 'half', [i(20), i(40)]);
    assert.deepEqual(parts(z), { class: 'nN', shape: '(16,2,16,3)', stride: '(1,256,16,512)', orgShape: '(20,40)' });
    assert.equal(offset(z, 17, 33), '1280'); // 17/16*256 + 33/16*512 = 256 + 1024
  });
  test('L0C::MakeLayout<float>(20, 40): 16 × 16 fractals whatever the element', () => {
    const z = core.layoutObjectMakeLayout('L0C', 'float', [i(20), i(40)]);
    // (16, 2, 16, 3) : (16, 256, 1, 32*16 = 512)
    assert.deepEqual(parts(z), { class: 'L0C', shape: '(16,2,16,3)', stride: '(16,256,1,512)', orgShape: '(20,40)' });
    assert.equal(val(core.layoutObjectCapacity(z)), '1536'); // 512 * 3
  });
  test('zN::MakeLayoutInL0C(MatrixCoord{20, 40}): the same 16 × 16 fractals as a zN', () => {
    assert.deepEqual(parts(core.makeLayoutInL0C(mc(20, 40))), { class: 'zN', shape: '(16,2,16,3)', stride: '(16,256,1,512)', orgShape: '(20,40)' });
  });
  test('Weight4BitnZ::MakeLayout<E>(20, 40): C0 16 and fractal 512 whatever the element', () => {
    // rowsRound = 32, colsRound = 48: (16, 2, 16, 3) : (1, 48*16 = 768, 16, 512); Capacity stride_[1] * shape_[1] = 1536
    const w = core.layoutObjectMakeLayout('Weight4BitnZ', 'int8_t', [i(20), i(40)]);
    assert.deepEqual(parts(w), { class: 'Weight4BitnZ', shape: '(16,2,16,3)', stride: '(1,768,16,512)', orgShape: '(20,40)' });
    assert.equal(val(core.layoutObjectCapacity(w)), '1536');
  });
  test('the ten-integer constructor and the (OrgShape, Shape, Stride) one', () => {
    const a = core.constructLayoutObject('zN', [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(i));
    assert.deepEqual(parts(a), { class: 'zN', shape: '(4,5,6,7)', stride: '(8,9,10,11)', orgShape: '(2,3)' });
    const b = core.layoutObjectFromCoords('zN', [co(2, 3), co(4, 5, 6, 7), core.catlassCoord('Coord', [8, 9, 10, 11].map(i), 'int64_t')]);
    assert.deepEqual(parts(b), parts(a));
  });
});

describe('the padding classes', () => {
  test('PaddingRowMajor(20, 40, 16, 32): blocks of 16 × 32', () => {
    // shape (16, CeilDiv(20,16) = 2, 32, CeilDiv(40,32) = 2); stride (32, 16 * RoundUp(40, 32) = 1024, 1, 16 * 32 = 512)
    const p = core.constructLayoutObject('PaddingRowMajor', [i(20), i(40), i(16), i(32)]);
    assert.deepEqual(parts(p), { class: 'PaddingRowMajor', shape: '(16,2,32,2)', stride: '(32,1024,1,512)', orgShape: '(20,40)' });
    // (17, 33): 17/16*1024 + 33/32*512 + 17%16*32 + 33%32 = 1024 + 512 + 32 + 1 = 1569
    assert.equal(offset(p, 17, 33), '1569');
    // GetTileLayout(MatrixCoord{5, 70}) = PaddingRowMajor(5, 70, 16, 32): (16, 1, 32, 3) : (32, 16*96 = 1536, 1, 512)
    assert.deepEqual(parts(core.layoutObjectTile(p, mc(5, 70))), {
      class: 'PaddingRowMajor',
      shape: '(16,1,32,3)',
      stride: '(32,1536,1,512)',
      orgShape: '(5,70)',
    });
  });
  test('PaddingColumnMajor(20, 40, 16, 32)', () => {
    // stride (1, 16 * 32 = 512, 16, RoundUp(20, 16) * 32 = 1024)
    const p = core.constructLayoutObject('PaddingColumnMajor', [i(20), i(40), i(16), i(32)]);
    assert.deepEqual(parts(p), { class: 'PaddingColumnMajor', shape: '(16,2,32,2)', stride: '(1,512,16,1024)', orgShape: '(20,40)' });
    // (17, 33): 17/16*512 + 33/32*1024 + 17%16 + 33%32*16 = 512 + 1024 + 1 + 16 = 1553
    assert.equal(offset(p, 17, 33), '1553');
  });
});

describe('VectorLayout', () => {
  test('VectorLayout{n}: (n):(1); GetOffset stride * i; GetTileLayout of a Coord<1>', () => {
    const v = core.constructLayoutObject('VectorLayout', [i(100)]);
    assert.deepEqual(parts(v), { class: 'VectorLayout', shape: '(100)', stride: '(1)' });
    assert.equal(val(core.layoutObjectOffset(v, co(7))), '7');
    assert.deepEqual(parts(core.layoutObjectTile(v, co(512))), { class: 'VectorLayout', shape: '(512)', stride: '(1)' });
    assert.throws(() => core.layoutObjectOffset(v, mc(1, 2)), /1 entry/);
  });
  test('MakeLayoutInUb<E>(MakeCoord(n)) is VectorLayout{ELE_NUM_PER_BLK > n}: size 1 or 0', () => {
    // half: 16 elements per 32-byte block; 16 > 10 → 1, 16 > 100 → 0
    assert.equal(parts(core.makeLayoutInUb('VectorLayout', 'half', co(10)))!.shape, '(1)');
    assert.equal(parts(core.makeLayoutInUb('VectorLayout', 'half', co(100)))!.shape, '(0)');
    assert.match(core.layoutObjectNote('VectorLayout')!, /size 1/);
  });
});

describe('the convolution classes', () => {
  test('NC1HWC0(2, 3, 4, 5, 16): dense strides; GetOffset Σ coord * stride; Capacity', () => {
    // strides: 3*4*5*16 = 960, 4*5*16 = 320, 5*16 = 80, 16, 1
    const a = core.constructLayoutObject('NC1HWC0', [2, 3, 4, 5, 16].map(i));
    assert.deepEqual(parts(a), { class: 'NC1HWC0', shape: '(2,3,4,5,16)', stride: '(960,320,80,16,1)' });
    assert.equal(val(core.layoutObjectOffset(a, co(1, 1, 1, 1, 1))), '1377'); // 960 + 320 + 80 + 16 + 1
    assert.equal(val(core.layoutObjectCapacity(a)), '1920'); // 2 * 960
    assert.deepEqual(parts(core.layoutObjectMakeLayout('NC1HWC0', 'half', [2, 3, 4, 5, 16].map(i))), parts(a));
  });
  test('CI1KHKWCOCI0(2, 3, 3, 8, 16): dense', () => {
    // strides: 3*3*8*16 = 1152, 3*8*16 = 384, 8*16 = 128, 16, 1
    assert.equal(parts(core.constructLayoutObject('CI1KHKWCOCI0', [2, 3, 3, 8, 16].map(i)))!.stride, '(1152,384,128,16,1)');
  });
  test('NDC1HWC0::MakeLayout(2, 3, 4, 5, 6, 16)', () => {
    // (Batch, D, C1, H, W, C0) → shape (2, W 6, H 5, C0 16, D*C1 12); strides (1, 16, H*W*C0 = 480, 480*4 = 1920, 1920*3 = 5760)
    const a = core.layoutObjectMakeLayout('NDC1HWC0', undefined, [2, 3, 4, 5, 6, 16].map(i));
    assert.deepEqual(parts(a), { class: 'NDC1HWC0', shape: '(2,6,5,16,12)', stride: '(1,16,480,1920,5760)', orgShape: '(2,3,4,5,6,16)' });
    // Conv3d6HdCoord (n 1, d 1, c1 1, hw 1): 5760 + 1920 + 480 + 16
    assert.equal(val(core.layoutObjectOffset(a, co(1, 1, 1, 1))), '8176');
  });
  test('KDC1KHKWN1N0C0::MakeLayout(10, 3, 16, 8)', () => {
    // shape (C0 8, 10, N0 16, N1 3); stride_ (1, C0 = 8, C0*N0 = 128, C0*N0*N1 = 384)
    const a = core.layoutObjectMakeLayout('KDC1KHKWN1N0C0', undefined, [10, 3, 16, 8].map(i));
    assert.deepEqual(parts(a), { class: 'KDC1KHKWN1N0C0', shape: '(8,10,16,3)', stride: '(1,8,128,384)', orgShape: '(10,3,16,8)' });
    assert.equal(val(core.layoutObjectOffset(a, co(2, 1))), '776'); // 2 * 384 + 1 * 8
  });
});

describe('arithmetic of the headers (uint32_t Index, int64_t LongIndex) and symbols', () => {
  test('NC1HWC0 strides are uint32_t products: they wrap', () => {
    // 65536 * 65536 * 1 * 1 = 2^32 wraps to 0 (LongIndex strideBatch = c1 * h * w * c0 is computed in uint32_t)
    assert.equal(parts(core.constructLayoutObject('NC1HWC0', [1, 65536, 65536, 1, 1].map(i)))!.stride, '(0,65536,1,1,1)');
  });
  test('a symbolic RowMajor{m, k} is (m,k):(k,1) and GetOffset is the expression', () => {
    const m = core.symbolicInt('m');
    const k = core.symbolicInt('k');
    const a = core.constructLayoutObject('RowMajor', [m, k]);
    assert.equal(core.printTagObject(a), 'layout::RowMajor (m,k):(k,1)');
    assert.equal(val(core.layoutObjectOffset(a, mc(2, 3))), core.printIntTuple(core.arith.add(core.arith.mul(i(2), k), i(3))));
  });
  test('a coord of another Index type does not convert to MatrixCoord', () => {
    const a = core.constructLayoutObject('RowMajor', [i(6), i(10)]);
    assert.throws(() => core.layoutObjectOffset(a, core.catlassCoord('Coord', [i(1), i(2)], 'int')), /does not convert/);
  });
});

describe('the layout view draws an object as the tla layout of the same offsets', () => {
  test('zN, nZ, PaddingRowMajor, RowMajor: every GetOffset inside the orgShape equals the drawn layout’s offset', () => {
    const objects = [
      core.layoutObjectMakeLayout('zN', 'half', [i(20), i(40)]),
      core.layoutObjectMakeLayout('nZ', 'float', [i(20), i(40)]),
      core.constructLayoutObject('PaddingRowMajor', [i(20), i(40), i(16), i(32)]),
      core.constructLayoutObject('PaddingColumnMajor', [i(20), i(40), i(16), i(32)]),
      core.constructLayoutObject('RowMajor', [i(6), i(10), i(16)]),
    ];
    for (const t of objects) {
      const l = core.layoutObjectAsLayout(t)!;
      const [rows, cols] = (t.orgShape ?? t.shape!).map((x) => Number(core.concreteValue(x)));
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) {
          const want = core.concreteValue(core.layoutObjectOffset(t, mc(r, c)));
          const got = core.concreteValue(core.layoutOffset(l, core.tuple(i(r), i(c))));
          assert.equal(got, want, `${t.tag} (${r}, ${c})`);
        }
    }
  });
  test('zZ and nN are not drawn (their GetOffset is the block’s)', () => {
    assert.equal(core.layoutObjectAsLayout(core.layoutObjectMakeLayout('zZ', 'half', [i(20), i(40)])), undefined);
  });
});
