// Symbolic tensors and tiles agree with the numbers: a tile of a tensor over a symbolic layout,
// and a tile of a tensor whose layout is not known at all (a kernel parameter), substituted
// with random numbers, equal what the same calls give on those numbers (issue 12's property).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import * as core from '../../server/src/core';

const n = (v: number) => core.int(v);
const s = (name: string) => core.symbolicInt(name);
const buf = core.bufferView('GlobalTensor', 'half', 'gm');
const printed = (x: core.IntTuple) => core.printIntTuple(x);

const arb = fc.record({
  m: fc.integer({ min: 1, max: 5000 }),
  k: fc.integer({ min: 1, max: 5000 }),
  c0: fc.integer({ min: 0, max: 6000 }),
  c1: fc.integer({ min: 0, max: 6000 }),
  t0: fc.integer({ min: 1, max: 512 }),
  t1: fc.integer({ min: 1, max: 512 }),
  tag: fc.constantFrom('RowMajor', 'ColumnMajor', 'zN', 'nZ', 'zZ', 'L0C'),
});

test('GetTile and TileView of a tensor over a symbolic layout: substituted, the numeric tile (shape, stride, originShape, coord)', () => {
  fc.assert(
    fc.property(arb, ({ m, k, c0, c1, t0, t1, tag }) => {
      const bindings = new Map<string, bigint>([
        ['m', BigInt(m)],
        ['k', BigInt(k)],
        ['c0', BigInt(c0)],
        ['c1', BigInt(c1)],
        ['t0', BigInt(t0)],
        ['t1', BigInt(t1)],
      ]);
      const symT = core.makeTensor(buf, core.makeLayoutFromTag('half', tag, s('m'), s('k')), 'GM');
      const numT = core.makeTensor(buf, core.makeLayoutFromTag('half', tag, n(m), n(k)), 'GM');
      for (const [sym, num] of [
        [
          core.getTile(symT, core.tuple(s('c0'), s('c1')), core.tuple(s('t0'), s('t1'))),
          core.getTile(numT, core.tuple(n(c0), n(c1)), core.tuple(n(t0), n(t1))),
        ],
        [
          core.tileView(symT, core.tuple(s('c0'), s('c1')), core.tuple(s('t0'), s('t1'))),
          core.tileView(numT, core.tuple(n(c0), n(c1)), core.tuple(n(t0), n(t1))),
        ],
      ] as const) {
        for (const part of ['shape', 'stride', 'originShape'] as const) {
          assert.equal(printed(core.substitute(sym.layout[part], bindings)), printed(num.layout[part]), part);
        }
        assert.equal(printed(core.substitute(sym.coord, bindings)), printed(num.coord), 'coord');
      }
    }),
    { numRuns: 300 },
  );
});

test("a tile of a tensor whose layout is not known: its valid extent, substituted with the root's originShape, is the numeric one", () => {
  fc.assert(
    fc.property(arb, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), ({ m, k, c0, c1, t0, t1, tag }, v0, v1) => {
      const root = core.opaqueTensor('tensorA', 2);
      const numT = core.makeTensor(buf, core.makeLayoutFromTag('half', tag, n(m), n(k)), 'GM');
      const bindings = new Map<string, bigint>([
        ['tensorA.originShape<0>', BigInt(m)],
        ['tensorA.originShape<1>', BigInt(k)],
        ['c0', BigInt(c0)],
        ['c1', BigInt(c1)],
      ]);
      const tile = core.getOpaqueTile(root, core.tuple(s('c0'), s('c1')), core.tuple(n(t0), n(t1)));
      const numTile = core.getTile(numT, core.tuple(n(c0), n(c1)), core.tuple(n(t0), n(t1)));
      assert.equal(printed(core.substitute(tile.originShape!, bindings)), printed(numTile.layout.originShape));
      assert.equal(printed(core.substitute(tile.offset!, bindings)), printed(core.substitute(numTile.coord, bindings)));
      // a TileView of that tile: the same again
      const sub = core.opaqueTileView(tile, core.tuple(n(v0), n(v1)), core.tuple(n(16), n(16)));
      const numSub = core.tileView(numTile, core.tuple(n(v0), n(v1)), core.tuple(n(16), n(16)));
      assert.equal(printed(core.substitute(sub.originShape!, bindings)), printed(numSub.layout.originShape));
      assert.equal(printed(core.substitute(sub.offset!, bindings)), printed(numSub.coord));
    }),
    { numRuns: 300 },
  );
});
