// A layout compiled into a fast offset function over plain JS numbers.
//
// crd2offset (layout.ts) is exact and general: BigInt values, static marks, a
// recursion over the nesting. Enumerating every element of a large layout that
// way costs microseconds per element. compileLayout flattens the layout once
// into its leaves, colexicographic order — (extent, stride) pairs — and answers
// with number arithmetic:
//
//   - offsetAt(i):        crd2offset(i, shape, stride) for a flat index i;
//   - offsetAtCoord(c):   crd2offset((c0, c1, …), shape, stride) for one logical
//                         index per top-level mode (the (row, col) grid of a rank-2 layout);
//   - fillOffsets(out):   every offset, flat index 0..size-1 in order, by an
//                         odometer over the leaves (additions only, no division).
//
// Why flattening is exact: crd2offset splits an integer over a tuple
// colexicographically (mode i gets i % size(mode), the last mode the rest), and
// nested splits compose into the same mixed-radix split over the leaves.
// Numbers are exact below 2^53, so compiling checks that every offset and index
// the layout can produce is a safe integer and throws LayoutError('overflow')
// otherwise (crd2offset stays the tool for those layouts).
import { LayoutError } from './errors';
import { IntTuple, concreteValue, isConcreteInt, leaves } from './inttuple';
import { Layout, checkCongruent } from './layout';

/** Anything offsets can be written into. Int32Array/Uint32Array only when the offsets fit them. */
export type OffsetArray = Float64Array | Int32Array | Uint32Array | number[];

export interface CompiledLayout {
  /** Number of elements: the product of the shape. */
  readonly size: number;
  /** Largest offset + 1 (0 for an empty layout), as core.cosize. */
  readonly cosize: number;
  /** Smallest and largest offset over the elements (negative strides make minOffset < 0). */
  readonly minOffset: number;
  readonly maxOffset: number;
  /** Leaf extents and strides, colexicographic order (the innermost leaf first). */
  readonly extents: readonly number[];
  readonly strides: readonly number[];
  /** Extent (product) of each top-level mode: the logical grid, e.g. (rows, cols). */
  readonly modeSizes: readonly number[];
  /** crd2offset(index, shape, stride) for 0 <= index < size. */
  offsetAt(index: number): number;
  /** crd2offset((c0, c1, …), shape, stride): one logical index per top-level mode, each within its mode. */
  offsetAtCoord(coord: readonly number[]): number;
  /**
   * Writes the offsets of flat indices start, start+1, … (count of them; default: to the
   * end) into out[0..count). Returns out. An Int32Array must hold every offset (see fits()).
   */
  fillOffsets<T extends OffsetArray>(out: T, start?: number, count?: number): T;
  /** True when every offset fits the element type of `out`-style arrays of this kind. */
  fits(kind: 'int32' | 'uint32' | 'float64'): boolean;
}

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Compiles a layout for fast offsets. Throws LayoutError 'rank-mismatch'/'depth-mismatch'
 * when shape and stride are not congruent (as crd2offset would), 'overflow' when an
 * offset or the size does not fit 2^53, and 'argument-kind' for a negative extent.
 */
export function compileLayout(l: Pick<Layout, 'shape' | 'stride'>): CompiledLayout {
  checkCongruent(l.shape, l.stride, 0);
  const shapeLeaves = leaves(l.shape);
  const strideLeaves = leaves(l.stride);
  // a symbolic integer (a runtime value known only by name) has no number to compile
  if (!shapeLeaves.every(isConcreteInt) || !strideLeaves.every(isConcreteInt)) {
    throw new LayoutError('argument-kind', 'compileLayout: the layout has symbolic extents or strides; offsets need concrete integers', {
      argIndex: 0,
    });
  }
  const range = offsetRange(
    shapeLeaves.map((x) => x.value),
    strideLeaves.map((x) => x.value),
  );
  return new Compiled(
    shapeLeaves.map((x) => Number(x.value)),
    strideLeaves.map((x) => Number(x.value)),
    range,
    l.shape.kind === 'tuple' ? l.shape.items : [l.shape],
  );
}

/** Size and offset range, checked in BigInt before anything becomes a number. */
function offsetRange(extents: readonly bigint[], strides: readonly bigint[]): { size: number; minOffset: number; maxOffset: number } {
  let sizeB = 1n;
  let minB = 0n;
  let maxB = 0n;
  let maxAbsStride = 0n;
  for (let i = 0; i < extents.length; i++) {
    const e = extents[i];
    const s = strides[i];
    if (e < 0n) {
      throw new LayoutError('argument-kind', `compileLayout: shape extent ${e} (leaf ${i}) is negative`, { argIndex: 0 });
    }
    sizeB *= e;
    if ((s < 0n ? -s : s) > maxAbsStride) maxAbsStride = s < 0n ? -s : s;
    if (e > 0n) {
      const span = (e - 1n) * s;
      if (span > 0n) maxB += span;
      else minB += span;
    }
  }
  if (sizeB === 0n) {
    minB = 0n;
    maxB = -1n;
  }
  if (sizeB > MAX) {
    throw new LayoutError('overflow', `compileLayout: size ${sizeB} does not fit 2^53 (JS numbers); use crd2offset`);
  }
  // The odometer steps one stride past an offset before wrapping a digit back, so the
  // largest magnitude it holds is the largest offset's plus one stride.
  const bound = (maxB > -minB ? maxB : -minB) + maxAbsStride;
  if (bound > MAX) {
    throw new LayoutError('overflow', `compileLayout: offsets up to ${bound} do not fit 2^53 (JS numbers); use crd2offset`);
  }
  return { size: Number(sizeB), minOffset: Number(minB), maxOffset: Number(maxB) };
}

/**
 * Coalesced leaves for flat indices: extent-1 leaves dropped, and a leaf merged into the
 * previous one when it continues it (stride = previous extent × previous stride), so a
 * zN fractal's rows (16 at stride 16, then 256 at stride 256) become one run of 4096.
 */
function coalesced(extents: readonly number[], strides: readonly number[], size: number): { cext: number[]; cstr: number[] } {
  const cext: number[] = [];
  const cstr: number[] = [];
  for (let i = 0; i < extents.length; i++) {
    const e = extents[i];
    const s = strides[i];
    if (e === 1 && size > 0) continue;
    const n = cext.length;
    if (n > 0 && size > 0 && cstr[n - 1] * cext[n - 1] === s) cext[n - 1] *= e;
    else {
      cext.push(e);
      cstr.push(s);
    }
  }
  return { cext, cstr };
}

class Compiled implements CompiledLayout {
  readonly size: number;
  readonly cosize: number;
  readonly minOffset: number;
  readonly maxOffset: number;
  readonly modeSizes: readonly number[];
  /** Top-level modes: the first leaf of each (a contiguous run) and how many leaves it has. */
  private readonly modeFirst: number[] = [];
  private readonly modeCount: number[] = [];
  private readonly cext: number[];
  private readonly cstr: number[];
  /** The offset range before the empty layout's is reported as 0..0 (the Int32/Uint32 checks read it). */
  private readonly range: { minOffset: number; maxOffset: number };

  constructor(
    readonly extents: readonly number[],
    readonly strides: readonly number[],
    range: { size: number; minOffset: number; maxOffset: number },
    modes: readonly IntTuple[],
  ) {
    const { size } = range;
    this.size = size;
    this.range = range;
    this.cosize = size === 0 ? 0 : range.maxOffset + 1;
    this.minOffset = size === 0 ? 0 : range.minOffset;
    this.maxOffset = size === 0 ? 0 : range.maxOffset;
    const modeSizes: number[] = [];
    let at = 0;
    for (const m of modes) {
      const me = leaves(m);
      this.modeFirst.push(at);
      this.modeCount.push(me.length);
      modeSizes.push(Number(me.reduce((p, x) => p * concreteValue(x), 1n)));
      at += me.length;
    }
    this.modeSizes = modeSizes;
    ({ cext: this.cext, cstr: this.cstr } = coalesced(extents, strides, size));
  }

  /** Mixed-radix split of v over leaves [first, first+count): the last leaf takes the rest. */
  private split(v: number, first: number, count: number): number {
    const { extents, strides } = this;
    let acc = 0;
    let rest = v;
    const last = first + count - 1;
    for (let i = first; i < last; i++) {
      const e = extents[i];
      const here = rest % e;
      rest = (rest - here) / e;
      acc += here * strides[i];
    }
    if (count > 0) acc += rest * strides[last];
    return acc;
  }

  offsetAt(index: number): number {
    const { size, cext, cstr } = this;
    const CL = cext.length;
    if (!Number.isInteger(index) || index < 0 || index >= size) {
      throw new LayoutError('index-out-of-range', `compileLayout: index ${index} is outside 0..${size - 1}`);
    }
    let acc = 0;
    let rest = index;
    for (let i = 0; i < CL - 1; i++) {
      const here = rest % cext[i];
      rest = (rest - here) / cext[i];
      acc += here * cstr[i];
    }
    if (CL > 0) acc += rest * cstr[CL - 1];
    // + 0 turns a -0 (a 0 times a negative stride) into 0
    return acc + 0;
  }

  offsetAtCoord(coord: readonly number[]): number {
    const { modeSizes } = this;
    if (coord.length !== modeSizes.length) {
      throw new LayoutError('rank-mismatch', `compileLayout: coord rank ${coord.length} differs from shape rank ${modeSizes.length}`, {
        ranks: { coord: coord.length, shape: modeSizes.length },
        expectedRank: modeSizes.length,
      });
    }
    let acc = 0;
    for (let m = 0; m < coord.length; m++) {
      const c = coord[m];
      if (!Number.isInteger(c) || c < 0 || c >= modeSizes[m]) {
        throw new LayoutError('index-out-of-range', `compileLayout: coordinate ${c} of mode ${m} is outside 0..${modeSizes[m] - 1}`, {
          path: [m],
        });
      }
      acc += this.split(c, this.modeFirst[m], this.modeCount[m]);
    }
    return acc + 0;
  }

  fillOffsets<T extends OffsetArray>(out: T, start = 0, count = this.size - start): T {
    const { size, cext, cstr } = this;
    const { minOffset, maxOffset } = this.range;
    const CL = cext.length;
    if (!Number.isInteger(start) || !Number.isInteger(count) || start < 0 || count < 0 || start + count > size) {
      throw new LayoutError('index-out-of-range', `compileLayout: range ${start}..${start + count - 1} is outside 0..${size - 1}`);
    }
    if (count === 0) return out;
    if (out.length < count && !Array.isArray(out)) {
      throw new LayoutError('index-out-of-range', `compileLayout: the output holds ${out.length} offsets, ${count} are written`);
    }
    if (out instanceof Int32Array && (minOffset < -0x80000000 || maxOffset > 0x7fffffff)) {
      throw new LayoutError('overflow', `compileLayout: offsets ${minOffset}..${maxOffset} do not fit an Int32Array`);
    }
    if (out instanceof Uint32Array && (minOffset < 0 || maxOffset > 0xffffffff)) {
      throw new LayoutError('overflow', `compileLayout: offsets ${minOffset}..${maxOffset} do not fit a Uint32Array`);
    }
    if (CL === 0) {
      out[0] = 0; // every leaf has extent 1 (or there are none): one element at offset 0
      return out;
    }
    // The odometer starts at start's (coalesced) leaf coordinates.
    const crd = new Float64Array(CL);
    let rest = start;
    let off = 0;
    for (let i = 0; i < CL - 1; i++) {
      const here = rest % cext[i];
      rest = (rest - here) / cext[i];
      crd[i] = here;
      off += here * cstr[i];
    }
    crd[CL - 1] = rest;
    off += rest * cstr[CL - 1];
    // Monomorphic loops per array kind: a store into a known typed array is what makes it fast.
    if (out instanceof Int32Array) odometerI32(out, count, crd, off, cext, cstr);
    else if (out instanceof Float64Array) odometerF64(out, count, crd, off, cext, cstr);
    else odometerAny(out, count, crd, off, cext, cstr);
    return out;
  }

  fits(kind: 'int32' | 'uint32' | 'float64'): boolean {
    const { minOffset, maxOffset } = this.range;
    return kind === 'float64'
      ? true
      : kind === 'int32'
        ? minOffset >= -0x80000000 && maxOffset <= 0x7fffffff
        : minOffset >= 0 && maxOffset <= 0xffffffff;
  }
}

// The odometer: the innermost leaf runs as a plain strided loop (unrolled by four), the
// others carry like digits (one addition, and one subtraction on wrap-around). The three
// copies differ only in the type of `out` (and int32 arithmetic for Int32Array), so each
// stays monomorphic in V8: that, coalescing and the unrolling make it run near C speed.

function odometerI32(out: Int32Array, count: number, crd: Float64Array, off: number, ext: readonly number[], str: readonly number[]): void {
  const L = ext.length;
  const e0 = ext[0];
  const s0 = str[0] | 0;
  const s1 = (2 * s0) | 0;
  const s2 = (3 * s0) | 0;
  const s3 = (4 * s0) | 0;
  let k = 0;
  let c0 = crd[0];
  for (;;) {
    const end = k + Math.min(e0 - c0, count - k);
    // every offset fits int32 (checked by the caller), so this runs in int32 arithmetic
    let o = off | 0;
    let i = k;
    for (; i + 4 <= end; i += 4) {
      out[i] = o;
      out[i + 1] = (o + s0) | 0;
      out[i + 2] = (o + s1) | 0;
      out[i + 3] = (o + s2) | 0;
      o = (o + s3) | 0;
    }
    for (; i < end; i++) {
      out[i] = o;
      o = (o + s0) | 0;
    }
    k = end;
    if (k >= count) return;
    off -= c0 * s0;
    c0 = 0;
    for (let d = 1; ; d++) {
      if (d === L) return;
      off += str[d];
      if (++crd[d] < ext[d]) break;
      off -= ext[d] * str[d];
      crd[d] = 0;
    }
  }
}

function odometerF64(out: Float64Array, count: number, crd: Float64Array, off: number, ext: readonly number[], str: readonly number[]): void {
  const L = ext.length;
  const e0 = ext[0];
  const s0 = str[0];
  let k = 0;
  let c0 = crd[0];
  for (;;) {
    const end = k + Math.min(e0 - c0, count - k);
    let o = off + 0;
    let i = k;
    for (; i + 4 <= end; i += 4) {
      out[i] = o;
      out[i + 1] = o + s0;
      out[i + 2] = o + 2 * s0;
      out[i + 3] = o + 3 * s0;
      o += 4 * s0;
    }
    for (; i < end; i++) {
      out[i] = o;
      o += s0;
    }
    k = end;
    if (k >= count) return;
    off -= c0 * s0;
    c0 = 0;
    for (let d = 1; ; d++) {
      if (d === L) return;
      off += str[d];
      if (++crd[d] < ext[d]) break;
      off -= ext[d] * str[d];
      crd[d] = 0;
    }
  }
}

function odometerAny(
  out: Uint32Array | number[],
  count: number,
  crd: Float64Array,
  off: number,
  ext: readonly number[],
  str: readonly number[],
): void {
  const L = ext.length;
  const e0 = ext[0];
  const s0 = str[0];
  let k = 0;
  let c0 = crd[0];
  for (;;) {
    const end = k + Math.min(e0 - c0, count - k);
    let o = off + 0;
    for (let i = k; i < end; i++) {
      out[i] = o;
      o += s0;
    }
    k = end;
    if (k >= count) return;
    off -= c0 * s0;
    c0 = 0;
    for (let d = 1; ; d++) {
      if (d === L) return;
      off += str[d];
      if (++crd[d] < ext[d]) break;
      off -= ext[d] * str[d];
      crd[d] = 0;
    }
  }
}
