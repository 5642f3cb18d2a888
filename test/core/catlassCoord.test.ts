// Catlass's coords (catlass/coord.hpp, matrix_coord.hpp, gemm_coord.hpp), member by member, on
// hand-derived values.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as core from '../../server/src/core';

const i = (v: number) => core.int(v);
const mc = (r: number, c: number) => core.catlassCoord('MatrixCoord', [i(r), i(c)]);
const gc = (m: number, n: number, k: number) => core.catlassCoord('GemmCoord', [i(m), i(n), i(k)]);
const p = core.printCatlassCoord;
const val = (x: core.IntValue | core.CatlassCoord | undefined) => (!x ? undefined : x.kind === 'int' ? core.printIntTuple(x) : p(x));

describe('Catlass coords', () => {
  test('MatrixCoord + Coord is a MatrixCoord; - * / % are the base Coord<2>', () => {
    const s = core.coordArith('+', mc(3, 4), mc(10, 20));
    assert.equal(s.type, 'MatrixCoord');
    assert.equal(p(s), '(13,24)');
    const d = core.coordArith('*', mc(3, 4), mc(10, 20));
    assert.equal(d.type, 'Coord');
    assert.equal(p(d), '(30,80)');
    assert.equal(p(core.coordArith('/', mc(35, 47), mc(10, 20))), '(3,2)');
    assert.equal(p(core.coordArith('%', mc(35, 47), mc(10, 20))), '(5,7)');
  });
  test('uint32_t subtraction wraps: (3, 40) - (5, 20) = (2^32 - 2, 20)', () => {
    assert.equal(p(core.coordArith('-', mc(3, 40), mc(5, 20))), '(4294967294,20)');
  });
  test('+= keeps the left type; + of an Index adds to every entry', () => {
    assert.equal(core.coordPlusEqual(mc(1, 2), core.catlassCoord('Coord', [i(5), i(6)])).type, 'MatrixCoord');
    assert.equal(p(core.coordArith('+', mc(1, 2), i(5))), '(6,7)');
  });
  test('coords of other ranks or Index types do not combine', () => {
    assert.throws(() => core.coordArith('+', mc(1, 2), gc(1, 2, 3)), /2 and 3 entries/);
    assert.throws(() => core.coordArith('+', mc(1, 2), core.catlassCoord('Coord', [i(1), i(2)], 'int')), /same Index type/);
  });
  test('GemmCoord m() n() k(), GetCoordMN / MK / KN, GetCoordByAxis', () => {
    const g = gc(7, 8, 9);
    assert.equal(val(core.coordAt(g, core.COORD_ENTRY_MEMBERS.GemmCoord.k)), '9');
    assert.equal(p(core.coordByAxis(g, core.GEMM_COORD_PARTS.GetCoordMN)), '(7,8)');
    assert.equal(p(core.coordByAxis(g, core.GEMM_COORD_PARTS.GetCoordMK)), '(7,9)');
    assert.equal(p(core.coordByAxis(g, core.GEMM_COORD_PARTS.GetCoordKN)), '(9,8)');
    assert.equal(p(core.coordByAxis(g, [2])), '(9)');
    assert.equal(p(core.coordByAxis(g, [1, 0])), '(8,7)');
    assert.throws(() => core.coordAt(g, 3), /out of range/);
  });
  test('Min, Argmax, Argmin (the first of equal entries)', () => {
    assert.equal(p(core.coordMin(mc(3, 40), mc(5, 20))), '(3,20)');
    assert.equal(val(core.coordArgExtreme(core.catlassCoord('Coord', [i(4), i(9), i(9)]), 'Argmax')), '1');
    assert.equal(val(core.coordArgExtreme(core.catlassCoord('Coord', [i(4), i(2), i(2)]), 'Argmin')), '1');
    assert.equal(core.coordArgExtreme(core.catlassCoord('Coord', [i(4), core.symbolicInt('n')]), 'Argmax'), undefined);
  });
  test('CeilDiv and RoundUp of coords: (a + b - 1) / b', () => {
    // (100 + 64 - 1) / 64 = 2, (129 + 128 - 1) / 128 = 2
    assert.equal(p(core.coordCeilDiv(mc(100, 129), mc(64, 128))), '(2,2)');
    assert.equal(p(core.coordCeilDiv(mc(100, 129), mc(64, 128), true)), '(128,256)');
  });
  test('GemmShape<128, 256, 64> members: M N K, the products, ToCoord…', () => {
    const d = [128n, 256n, 64n];
    assert.equal(val(core.shapeTemplateMember('GemmShape', d, 'N')), '256');
    assert.equal(val(core.shapeTemplateMember('GemmShape', d, 'MN')), '32768'); // 128 * 256
    assert.equal(val(core.shapeTemplateMember('GemmShape', d, 'KN')), '16384'); // 256 * 64
    assert.equal(val(core.shapeTemplateMember('GemmShape', d, 'COUNT')), '2097152'); // 128 * 256 * 64
    assert.equal(val(core.shapeTemplateMember('GemmShape', d, 'ToCoordKN')), '(64,256)');
    assert.equal(val(core.shapeTemplateMember('GemmShape', d, 'ToCoord')), '(128,256,64)');
    assert.equal(core.shapeTemplateMember('GemmShape', d, 'ROW'), undefined);
    assert.equal(val(core.shapeTemplateMember('MatrixShape', [16n, 32n], 'COUNT')), '512');
  });
  test('printed as the goldens (tuple notation) and as kernels write them', () => {
    assert.equal(p(mc(3, 4)), '(3,4)');
    assert.equal(core.printCatlassCoordCpp(mc(3, 4)), 'MatrixCoord{3, 4}');
    assert.equal(core.printCatlassCoordCpp(core.catlassCoord('Coord', [i(1)], 'int64_t')), 'Catlass::Coord<1, int64_t>{1}');
  });
});
