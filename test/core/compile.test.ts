// compileLayout must agree with the core's recursive crd2offset everywhere it answers:
// on random layouts (fast-check), on every layout of the goldens, and on the golden
// crd2offset cases computed by the real Catlass headers.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import * as core from '../../server/src/core';
import { IntTuple, Layout, LayoutError } from '../../server/src/core';
import { compileLayout } from '../../server/src/core/compile';
import { statementDetails } from '../../server/src/language';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';
import { isLayout } from '../../server/src/language/eval/values';
import { buildPicture } from '../../server/src/language/ide/layoutPicture';
import { modeOffset, modeSplit } from '../../shared/picture';
import { GOLDEN_FILES, readGolden } from '../helpers';

const naive = (l: Pick<Layout, 'shape' | 'stride'>, i: number) => Number(core.crd2offset(core.int(i), l.shape, l.stride).value);
const naiveCoord = (l: Pick<Layout, 'shape' | 'stride'>, c: number[]) => {
  const coord = l.shape.kind === 'tuple' ? core.tuple(...c.map((x) => core.int(x))) : core.int(c[0]);
  return Number(core.crd2offset(coord, l.shape, l.stride).value);
};

/** Every index when the layout is small, else both ends and a deterministic sample. */
function indices(size: number, max = 4096): number[] {
  if (size <= max) return Array.from({ length: size }, (_, i) => i);
  const out = new Set<number>([0, 1, size - 2, size - 1]);
  // Park–Miller: products stay below 2^53, so the sequence is exact (and long)
  let x = 12345;
  for (let tries = 0; out.size < max && tries < 20 * max; tries++) {
    x = (x * 48271) % 2147483647;
    out.add(x % size);
  }
  return [...out];
}

/** Checks offsetAt, fillOffsets (three array kinds, a sub-range) and offsetAtCoord against crd2offset. */
function checkAgainstNaive(l: Pick<Layout, 'shape' | 'stride'>, label: string, sample = 4096): void {
  const c = compileLayout(l);
  assert.equal(c.size, Number(core.arith.product(l.shape).value), `${label}: size`);
  assert.equal(c.cosize, Number(core.cosize({ kind: 'layout', shape: l.shape, stride: l.stride, originShape: l.shape })), `${label}: cosize`);
  const idx = indices(c.size, sample);
  for (const i of idx) assert.equal(c.offsetAt(i), naive(l, i), `${label}: offsetAt(${i})`);
  if (c.size <= 1 << 16) {
    const f64 = c.fillOffsets(new Float64Array(c.size));
    const arr = c.fillOffsets(new Array<number>(c.size));
    for (const i of idx) {
      const want = naive(l, i);
      assert.equal(f64[i], want, `${label}: Float64Array[${i}]`);
      assert.equal(arr[i], want, `${label}: number[][${i}]`);
    }
    if (c.fits('int32')) {
      const i32 = c.fillOffsets(new Int32Array(c.size));
      for (const i of idx) assert.equal(i32[i], naive(l, i), `${label}: Int32Array[${i}]`);
    }
    if (c.size > 2) {
      const start = Math.floor(c.size / 3);
      const count = Math.max(1, Math.floor(c.size / 2) - start);
      const part = c.fillOffsets(new Float64Array(count), start, count);
      for (let j = 0; j < count; j++) assert.equal(part[j], f64[start + j], `${label}: fill from ${start}, [${j}]`);
    }
  }
  // the logical grid: one index per top-level mode
  if (c.size > 0) {
    let x = 7;
    for (let n = 0; n < 50; n++) {
      const coord = c.modeSizes.map((m) => ((x = (x * 48271) % 2147483647), x % m));
      assert.equal(c.offsetAtCoord(coord), naiveCoord(l, coord), `${label}: offsetAtCoord(${coord})`);
    }
  }
}

// ------------------------------------------------------------ random layouts

/** A random shape and a congruent stride: depth up to 3, extents 0..6, strides -40..300. */
const shapeStride: fc.Arbitrary<{ shape: IntTuple; stride: IntTuple }> = fc
  .letrec<{ node: { shape: IntTuple; stride: IntTuple } }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc
        .record({
          e: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 6 }) }, { weight: 1, arbitrary: fc.constant(0) }),
          s: fc.oneof(fc.integer({ min: -40, max: 300 }), fc.constantFrom(0, 1)),
          st: fc.boolean(),
        })
        .map(({ e, s, st }) => ({ shape: core.int(e, st) as IntTuple, stride: core.int(s, st) as IntTuple })),
      fc.array(tie('node'), { minLength: 0, maxLength: 3 }).map((items) => ({
        shape: core.tuple(...items.map((i) => i.shape)) as IntTuple,
        stride: core.tuple(...items.map((i) => i.stride)) as IntTuple,
      })),
    ),
  }))
  .node.filter(({ shape }) => Number(core.arith.product(shape).value) <= 5000);

describe('compileLayout equals crd2offset', () => {
  test('on random nested layouts (offsetAt, fillOffsets, offsetAtCoord)', () => {
    fc.assert(
      fc.property(shapeStride, ({ shape, stride }) => {
        checkAgainstNaive({ shape, stride }, `${core.printIntTuple(shape)}:${core.printIntTuple(stride)}`);
      }),
      { numRuns: 400 },
    );
  });

  test('on random sub-ranges of fillOffsets', () => {
    fc.assert(
      fc.property(shapeStride, fc.nat(), fc.nat(), ({ shape, stride }, a, b) => {
        const c = compileLayout({ shape, stride });
        if (c.size === 0) return;
        const start = a % c.size;
        const count = b % (c.size - start + 1);
        const got = c.fillOffsets(new Float64Array(count), start, count);
        for (let j = 0; j < count; j++) assert.equal(got[j], naive({ shape, stride }, start + j));
      }),
      { numRuns: 300 },
    );
  });

  // Every layout the goldens build (tags, tiles with tails, type forms, fmap/filter…).
  for (const file of GOLDEN_FILES) {
    test(`on every golden layout of ${file}`, () => {
      let checked = 0;
      for (const c of readGolden(file)) {
        if (c.expect.shape === undefined) continue;
        const v = analyze(`auto r = ${c.expr};`).statements[0].result?.value;
        assert.ok(v && isLayout(v), `${c.id}: no layout`);
        checkAgainstNaive(v, c.id, 96); // every offset of small layouts, a sample of large ones
        checked++;
      }
      assert.ok(checked > 0);
    });
  }

  // The golden offsets computed by the real headers, answered by the compiled function
  // wherever the coordinate is a flat index or one integer per top-level mode.
  test('on the golden offset cases (values printed by the Catlass headers)', () => {
    let checked = 0;
    for (const c of GOLDEN_FILES.flatMap(readGolden)) {
      if (c.expect.value === undefined || !/offset/.test(c.kind)) continue;
      const s = analyze(`auto r = ${c.expr};`).statements[0];
      const r = s.result;
      const offsets = statementDetails(s).offsets;
      const o = offsets.length === 1 ? offsets[0] : undefined;
      // only a top-level call whose value is the offset itself
      if (!o || r!.value?.kind !== 'int' || r!.value.value !== o.result.value) continue;
      const want = Number(c.expect.value.replace(/^_/, ''));
      const comp = compileLayout({ shape: o.shape, stride: o.stride });
      let got: number | undefined;
      if (o.coord.kind === 'int') {
        const i = Number(o.coord.value);
        if (i >= 0 && i < comp.size) got = comp.offsetAt(i);
      } else if (o.shape.kind === 'tuple' && o.coord.items.every((x) => x.kind === 'int')) {
        const crd = o.coord.items.map((x) => Number((x as core.IntValue).value));
        if (crd.every((x, m) => x >= 0 && x < comp.modeSizes[m])) got = comp.offsetAtCoord(crd);
      }
      if (got === undefined) continue;
      assert.equal(got, want, `${c.id}: ${c.expr}`);
      checked++;
    }
    assert.ok(checked >= 300, `only ${checked} golden offsets checked`);
  });
});

describe('compileLayout on the benchmark layout', () => {
  test('4096 x 4096 zN half: coalesced, every offset fits int32, spot checks and a full-fill checksum', () => {
    const l = core.makeLayoutFromTag('half', 'zN', core.int(4096), core.int(4096));
    const c = compileLayout(l);
    assert.equal(c.size, 4096 * 4096);
    assert.equal(c.cosize, Number(core.cosize(l)));
    assert.deepEqual(c.modeSizes, [4096, 4096]);
    assert.ok(c.fits('int32'));
    const out = c.fillOffsets(new Int32Array(c.size));
    for (const i of indices(c.size, 2000)) assert.equal(out[i], naive(l, i), `index ${i}`);
    for (const [r, col] of [
      [0, 0],
      [17, 33],
      [4095, 4095],
      [1234, 2345],
    ]) {
      assert.equal(c.offsetAtCoord([r, col]), naiveCoord(l, [r, col]));
      // the flat index of (r, col) is r + 4096 col (colexicographic)
      assert.equal(out[r + 4096 * col], naiveCoord(l, [r, col]));
    }
    // a zN layout is a permutation of 0..size-1 when rows and cols are multiples of 16
    const seen = new Uint8Array(c.size);
    for (let i = 0; i < out.length; i++) seen[out[i]] = 1;
    assert.equal(
      seen.reduce((a, b) => a + b, 0),
      c.size,
    );
  });
});

describe('compileLayout refuses what numbers cannot hold', () => {
  const errorCode = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      assert.ok(e instanceof LayoutError, `not a LayoutError: ${e}`);
      return e.code;
    }
    return undefined;
  };

  test('offsets beyond 2^53 are an overflow error', () => {
    const l = core.makeLayout(core.tuple(core.int(4), core.int(4)), core.tuple(core.int(1), core.int(1n << 52n)));
    assert.equal(
      errorCode(() => compileLayout(l)),
      'overflow',
    );
    // just below: (4-1) * 2^50 + 3 fits
    const ok = core.makeLayout(core.tuple(core.int(4), core.int(4)), core.tuple(core.int(1), core.int(1n << 50n)));
    assert.equal(compileLayout(ok).offsetAt(15), naive(ok, 15));
  });

  test('a size beyond 2^53 is an overflow error', () => {
    const big = core.int(1n << 27n);
    assert.equal(
      errorCode(() => compileLayout({ shape: core.tuple(big, big), stride: core.tuple(core.int(0), core.int(0)) })),
      'overflow',
    );
  });

  test('an Int32Array that cannot hold the offsets is refused, a Float64Array is fine', () => {
    const l = core.makeLayout(core.tuple(core.int(2), core.int(2)), core.tuple(core.int(1), core.int(1n << 40n)));
    const c = compileLayout(l);
    assert.equal(c.fits('int32'), false);
    assert.equal(
      errorCode(() => c.fillOffsets(new Int32Array(4))),
      'overflow',
    );
    assert.deepEqual([...c.fillOffsets(new Float64Array(4))], [0, 1, 2 ** 40, 2 ** 40 + 1]);
  });

  test('shape and stride that do not nest alike fail as crd2offset does', () => {
    const shape = core.tuple(core.tuple(core.int(4), core.int(2)), core.int(4));
    assert.equal(
      errorCode(() => compileLayout({ shape, stride: core.tuple(core.int(1), core.int(8)) })),
      'depth-mismatch',
    );
    assert.equal(
      errorCode(() => compileLayout({ shape, stride: core.tuple(core.tuple(core.int(1), core.int(4)), core.int(8), core.int(1)) })),
      'rank-mismatch',
    );
  });

  test('indices and coordinates outside the layout are refused', () => {
    const c = compileLayout(core.makeLayout(core.tuple(core.int(4), core.int(3)), core.tuple(core.int(1), core.int(4))));
    assert.equal(
      errorCode(() => c.offsetAt(12)),
      'index-out-of-range',
    );
    assert.equal(
      errorCode(() => c.offsetAt(-1)),
      'index-out-of-range',
    );
    assert.equal(
      errorCode(() => c.offsetAt(1.5)),
      'index-out-of-range',
    );
    assert.equal(
      errorCode(() => c.offsetAtCoord([4, 0])),
      'index-out-of-range',
    );
    assert.equal(
      errorCode(() => c.offsetAtCoord([1])),
      'rank-mismatch',
    );
    assert.equal(
      errorCode(() => c.fillOffsets(new Float64Array(5), 10, 5)),
      'index-out-of-range',
    );
    assert.equal(
      errorCode(() => c.fillOffsets(new Float64Array(5))),
      'index-out-of-range',
    );
  });

  test('an empty layout has nothing to fill; an all-ones shape has one offset 0', () => {
    const empty = compileLayout(core.makeLayout(core.tuple(core.int(4), core.int(0)), core.tuple(core.int(1), core.int(4))));
    assert.equal(empty.size, 0);
    assert.equal(empty.cosize, 0);
    assert.equal(empty.fillOffsets(new Float64Array(0)).length, 0);
    const ones = compileLayout(core.makeLayout(core.tuple(core.int(1), core.tuple(core.int(1))), core.tuple(core.int(7), core.tuple(core.int(9)))));
    assert.deepEqual([...ones.fillOffsets(new Float64Array(1))], [0]);
    assert.equal(ones.offsetAtCoord([0, 0]), 0);
    const unit = compileLayout({ shape: core.tuple(), stride: core.tuple() });
    assert.equal(unit.size, 1);
    assert.equal(unit.offsetAt(0), 0);
  });
});

// ------------------------------------------------------------ the one split

// crd2offset's colexicographic split of an integer coordinate is written once in core
// (splitIndex): idx2crd, crd2idx, logicalCoord, offsetTerms (the hover's sum), exactOffset
// (grids past 2^53) read it. The picture model (shared/picture.ts, which imports nothing) has
// its own number version, modeSplit. All of them must give crd2offset's offsets.
describe('idx2crd, offsetTerms and the picture modes equal crd2offset', () => {
  const exact = (c: IntTuple, l: Pick<Layout, 'shape' | 'stride'>) => core.crd2offset(c, l.shape, l.stride).value;

  function checkSplit(l: Pick<Layout, 'shape' | 'stride'>, label: string, sample = 512): void {
    const size = Number(core.arith.product(l.shape).value);
    for (const i of indices(size, sample)) {
      const flat = core.int(i);
      const want = exact(flat, l);
      const crd = core.idx2crd(BigInt(i), l.shape);
      assert.ok(crd, `${label}: idx2crd(${i})`);
      assert.equal(exact(crd, l), want, `${label}: crd2offset(idx2crd(${i}))`);
      assert.equal(core.crd2idx(crd, l.shape), BigInt(i), `${label}: crd2idx(idx2crd(${i}))`);
      assert.equal(core.exactOffset(flat, l.shape, l.stride), want, `${label}: exactOffset(${i})`);
      assert.equal(core.exactOffset(crd, l.shape, l.stride), want, `${label}: exactOffset(idx2crd(${i}))`);
      const logical = core.logicalCoord(flat, l.shape);
      assert.ok(logical, `${label}: logicalCoord(${i})`);
      const modes = l.shape.kind === 'tuple' ? l.shape.items : [l.shape];
      const asModes = l.shape.kind === 'tuple' ? core.tuple(...logical.map((x) => core.int(x))) : core.int(logical[0]);
      if (logical.every((x, m) => x < core.concreteValue(core.arith.product(modes[m])) || m === modes.length - 1))
        assert.equal(exact(asModes, l), want, `${label}: crd2offset(logicalCoord(${i}))`);
    }
  }

  /** Every picture mode's modeOffset/modeSplit against crd2offset of that mode. */
  function checkPicture(l: Layout, label: string, sample = 256): void {
    const p = buildPicture(l);
    if (!p.ok) return;
    const shapes = l.shape.kind === 'tuple' ? l.shape.items : [l.shape];
    const strides = l.stride.kind === 'tuple' ? l.stride.items : [l.stride];
    p.picture.modes.forEach((mode, m) => {
      for (const i of indices(mode.extent, sample)) {
        const want = Number(core.crd2offset(core.int(i), shapes[m], strides[m]).value);
        assert.equal(modeOffset(mode, i), want, `${label}: modeOffset(mode ${m}, ${i})`);
        assert.deepEqual(
          modeSplit(mode, i).map(BigInt),
          core.leaves(core.idx2crd(BigInt(i), shapes[m])!).map((x) => x.value),
          `${label}: modeSplit(mode ${m}, ${i})`,
        );
      }
    });
  }

  test('on random nested layouts', () => {
    fc.assert(
      fc.property(shapeStride, ({ shape, stride }) => {
        const label = `${core.printIntTuple(shape)}:${core.printIntTuple(stride)}`;
        checkSplit({ shape, stride }, label);
        checkPicture(core.layout(shape, stride, shape), label);
      }),
      { numRuns: 300 },
    );
  });

  for (const file of GOLDEN_FILES) {
    test(`on every golden layout of ${file}`, () => {
      let checked = 0;
      for (const c of readGolden(file)) {
        if (c.expect.shape === undefined) continue;
        const v = analyze(`auto r = ${c.expr};`).statements[0].result?.value;
        if (!v || !isLayout(v) || core.isSymbolic(v)) continue;
        checkSplit(v, c.id, 64);
        checkPicture(v, c.id, 64);
        checked++;
      }
      assert.ok(checked > 0);
    });
  }

  test('the golden offsets (values printed by the Catlass headers) are the sums of offsetTerms', () => {
    let checked = 0;
    for (const c of GOLDEN_FILES.flatMap(readGolden)) {
      if (c.expect.value === undefined || !/offset/.test(c.kind)) continue;
      const r = analyze(`auto r = ${c.expr};`).statements[0];
      const o = statementDetails(r).offsets.length === 1 ? statementDetails(r).offsets[0] : undefined;
      if (!o || r.result?.value?.kind !== 'int' || r.result.value.value !== o.result.value || core.isSymbolic(o.coord)) continue;
      assert.equal(core.exactOffset(o.coord, o.shape, o.stride), BigInt(c.expect.value.replace(/^_/, '')), `${c.id}: ${c.expr}`);
      checked++;
    }
    assert.ok(checked >= 300, `only ${checked} golden offsets checked`);
  });
});
