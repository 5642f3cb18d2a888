// Layout = (shape, stride, originShape) and the operations of include/tla/layout.hpp.
import * as A from './arith';
import * as S from './symbolic';
import { Arch, DEFAULT_ARCH, ELEMENT_BITS, elementBitsAt, isFp4 } from './arch';
import { LayoutError } from './errors';
import {
  ConcreteInt,
  IntTuple,
  concreteValue,
  IntValue,
  TupleValue,
  depth,
  equalValues,
  firstIncongruence,
  getMode,
  int,
  isConcreteInt,
  isInt,
  isSymbolic,
  leaves,
  printIntTuple,
  rank,
  staticInt,
  tuple,
} from './inttuple';

export interface Layout {
  readonly kind: 'layout';
  readonly shape: IntTuple;
  readonly stride: IntTuple;
  readonly originShape: IntTuple;
}

export function layout(shape: IntTuple, stride: IntTuple, originShape: IntTuple): Layout {
  return { kind: 'layout', shape, stride, originShape };
}

/** `shape:stride:originShape`, the notation the tools print and the language reads back. */
export function printLayout(l: Layout): string {
  return `${printIntTuple(l.shape)}:${printIntTuple(l.stride)}:${printIntTuple(l.originShape)}`;
}

const path = (p: number[]) => (p.length ? ` at mode <${p.join(',')}>` : '');

/** Shape and stride must have the same nesting, else every offset is meaningless. */
export function checkCongruent(shape: IntTuple, stride: IntTuple, strideArg = 1): void {
  const d = firstIncongruence(shape, stride);
  if (!d) return;
  if (!d.aIsInt && !d.bIsInt) {
    throw new LayoutError('rank-mismatch', `shape and stride ranks differ${path(d.path)}: shape rank ${d.aRank} vs stride rank ${d.bRank}`, {
      argIndex: strideArg,
      ranks: { shape: d.aRank, stride: d.bRank },
      path: d.path,
    });
  }
  throw new LayoutError(
    'depth-mismatch',
    `shape and stride nest differently${path(d.path)}: shape has ${d.aIsInt ? 'an integer' : `a rank-${d.aRank} tuple`}, ` +
      `stride has ${d.bIsInt ? 'an integer' : `a rank-${d.bRank} tuple`}`,
    { argIndex: strideArg, depths: { shape: d.aIsInt ? 0 : 1, stride: d.bIsInt ? 0 : 1 }, path: d.path },
  );
}

// ---------------------------------------------------------------- crd2offset

/**
 * crd2offset(coord, shape, stride) exactly as tla: modes summed for a tuple coord;
 * an integer coord over a tuple shape splits colexicographically, the last mode
 * taking the rest without a modulo. Nothing is bounds-checked (as in C++).
 */
export function crd2offset(coord: IntTuple, shape: IntTuple, stride: IntTuple, at: number[] = []): IntValue {
  if (coord.kind === 'tuple') {
    if (shape.kind === 'int') {
      throw new LayoutError(
        'depth-mismatch',
        `coord is deeper than the shape${path(at)}: a rank-${coord.items.length} coord on an integer shape ` + `(C++: "Invalid parameters")`,
        { argIndex: 0, depths: { coord: depth(coord), shape: 0 }, path: at.slice() },
      );
    }
    if (stride.kind === 'int' || coord.items.length !== shape.items.length || stride.items.length !== shape.items.length) {
      const sr = rank(stride);
      const bad = coord.items.length !== shape.items.length ? 'coord' : 'stride';
      throw new LayoutError(
        'rank-mismatch',
        bad === 'coord'
          ? `coord rank ${coord.items.length} differs from shape rank ${shape.items.length}${path(at)}`
          : `stride rank ${sr} differs from shape rank ${shape.items.length}${path(at)}`,
        {
          argIndex: bad === 'coord' ? 0 : 2,
          ranks: { coord: coord.items.length, shape: shape.items.length, stride: sr },
          expectedRank: bad === 'coord' && at.length === 0 ? shape.items.length : undefined,
          path: at.slice(),
        },
      );
    }
    let acc: IntValue | undefined;
    for (let i = 0; i < coord.items.length; i++) {
      at.push(i);
      const term = crd2offset(coord.items[i], shape.items[i], stride.items[i], at);
      at.pop();
      acc = acc ? A.add(acc, term) : term;
    }
    return acc ?? staticInt(0);
  }
  if (shape.kind === 'tuple') {
    if (stride.kind === 'int' || stride.items.length !== shape.items.length) {
      throw new LayoutError('rank-mismatch', `stride rank ${rank(stride)} differs from shape rank ${shape.items.length}${path(at)}`, {
        argIndex: 2,
        ranks: { shape: shape.items.length, stride: rank(stride) },
        path: at.slice(),
      });
    }
    // Colexicographic split: mode i gets coord % Product(shape_i), the rest moves on.
    const n = shape.items.length;
    let rest = coord;
    let acc: IntValue | undefined;
    for (let i = 0; i < n; i++) {
      let here: IntValue;
      if (i === n - 1) {
        here = rest;
      } else {
        const p = A.product(shape.items[i]);
        if (!p.sym && p.value === 0n) {
          throw new LayoutError('division-by-zero', `integer coord split over a mode of size 0${path([...at, i])}`, {
            argIndex: 1,
            path: [...at, i],
          });
        }
        here = A.mod(rest, p);
        rest = A.div(rest, p);
      }
      at.push(i);
      const term = crd2offset(here, shape.items[i], stride.items[i], at);
      at.pop();
      acc = acc ? A.add(acc, term) : term;
    }
    return acc ?? staticInt(0);
  }
  if (stride.kind === 'tuple') {
    throw new LayoutError('depth-mismatch', `stride is deeper than the shape${path(at)}: integer shape with a rank-${stride.items.length} stride`, {
      argIndex: 2,
      path: at.slice(),
    });
  }
  return A.mul(coord, stride);
}

// ---------------------------------------------------------------- idx2crd, crd2idx (exact, concrete)
//
// The colexicographic split crd2offset makes of an integer coordinate over a tuple mode,
// and its inverse, in exact BigInt arithmetic with no int64 check (a warning or a grid must
// not fail on a huge mode). For concrete integers only: a symbolic one answers undefined.

/** Product of the leaves, exactly. */
function exactSize(x: IntTuple): bigint {
  return leaves(x).reduce((acc, l) => acc * concreteValue(l), 1n);
}

/**
 * `idx` split over `extents` as crd2offset splits it: part i is idx % extent_i, the rest moves
 * on, the last part takes the rest without a modulo. undefined when an extent before the
 * last is 0 (crd2offset: division by zero).
 */
export function splitIndex(idx: bigint, extents: readonly bigint[]): bigint[] | undefined {
  const out: bigint[] = [];
  let rest = idx;
  for (let i = 0; i < extents.length; i++) {
    if (i === extents.length - 1) out.push(rest);
    else {
      const p = extents[i];
      if (p === 0n) return undefined;
      out.push(rest % p);
      rest = rest / p;
    }
  }
  return out;
}

/**
 * idx2crd(idx, shape): the hierarchical coordinate of a flat index, as crd2offset reads an
 * integer coordinate over the shape (so that crd2offset(idx2crd(i, s), s, d) = crd2offset(i, s, d)).
 */
export function idx2crd(idx: bigint, shape: IntTuple): IntTuple | undefined {
  if (isSymbolic(shape)) return undefined;
  if (shape.kind === 'int') return int(idx);
  const parts = splitIndex(
    idx,
    shape.items.map((m) => exactSize(m)),
  );
  if (!parts) return undefined;
  const items: IntTuple[] = [];
  for (let i = 0; i < parts.length; i++) {
    const c = idx2crd(parts[i], shape.items[i]);
    if (!c) return undefined;
    items.push(c);
  }
  return tuple(...items);
}

/** crd2idx(coord, shape): the colexicographic flat index of a (hierarchical) coordinate. */
export function crd2idx(coord: IntTuple, shape: IntTuple): bigint {
  if (coord.kind === 'int') return concreteValue(coord);
  if (shape.kind !== 'tuple') return 0n;
  let idx = 0n;
  let mult = 1n;
  for (let i = 0; i < coord.items.length; i++) {
    idx += crd2idx(coord.items[i], shape.items[i]) * mult;
    mult *= exactSize(shape.items[i]);
  }
  return idx;
}

/**
 * The logical coordinate: one index per top-level mode (an integer coordinate split over the
 * modes as crd2offset splits it, a tuple coordinate's modes each flattened by crd2idx).
 */
export function logicalCoord(coord: IntTuple, shape: IntTuple): bigint[] | undefined {
  if (isSymbolic(coord) || isSymbolic(shape)) return undefined;
  if (shape.kind !== 'tuple') return coord.kind === 'int' ? [concreteValue(coord)] : undefined;
  if (coord.kind === 'int') {
    return splitIndex(
      concreteValue(coord),
      shape.items.map((m) => exactSize(m)),
    );
  }
  return coord.items.map((c, i) => crd2idx(c, shape.items[i]));
}

/**
 * The terms of crd2offset leaf by leaf: each leaf's coordinate (integer coordinates over a
 * tuple mode split as crd2offset splits them) with the leaf's stride and its mode path.
 * Their sum Σ coord·stride is crd2offset exactly (test/core/layout.test.ts); [] when the
 * coordinate, shape or stride is symbolic or they do not nest alike.
 */
export interface OffsetTerm {
  coord: bigint;
  stride: bigint;
  /** Mode path of this leaf in the shape. */
  path: number[];
}

export function offsetTerms(coord: IntTuple, shape: IntTuple, stride: IntTuple, path: number[] = []): OffsetTerm[] {
  if (isSymbolic(coord) || isSymbolic(shape) || isSymbolic(stride)) return [];
  if (coord.kind === 'tuple') {
    if (shape.kind !== 'tuple' || stride.kind !== 'tuple') return [];
    return coord.items.flatMap((c, i) => offsetTerms(c, shape.items[i], stride.items[i], [...path, i]));
  }
  if (shape.kind === 'int') return stride.kind === 'int' ? [{ coord: concreteValue(coord), stride: concreteValue(stride), path }] : [];
  if (stride.kind !== 'tuple') return [];
  const parts = splitIndex(
    concreteValue(coord),
    shape.items.map((m) => exactSize(m)),
  );
  if (!parts) return [];
  return parts.flatMap((c, i) => offsetTerms(int(c), shape.items[i], stride.items[i], [...path, i]));
}

/** crd2offset of concrete values in exact BigInt arithmetic, no int64 check: Σ coord·stride of offsetTerms. */
export function exactOffset(coord: IntTuple, shape: IntTuple, stride: IntTuple): bigint {
  return offsetTerms(coord, shape, stride).reduce((acc, t) => acc + t.coord * t.stride, 0n);
}

/** layout(coord) */
export function layoutOffset(l: Layout, coord: IntTuple): IntValue {
  return crd2offset(coord, l.shape, l.stride);
}

// ---------------------------------------------------------------- constructors

/**
 * Each top-level mode's product, cast to uint32: MakeLayout(shape, stride)'s default originShape.
 * A symbolic product stays symbolic (dynamic, unchecked).
 */
export function defaultOriginShape(shape: IntTuple): IntTuple {
  const modeProduct = (m: IntTuple, i: number) => {
    const p = A.product(m);
    return p.sym ? A.cast(p) : int(A.checkUint32(p.value, `originShape<${i}> (product of shape<${i}>)`), false);
  };
  if (shape.kind === 'int') return modeProduct(shape, 0);
  return tuple(...shape.items.map(modeProduct));
}

function checkOriginRank(shape: IntTuple, originShape: IntTuple, argIndex: number): void {
  if (rank(originShape) !== rank(shape)) {
    throw new LayoutError('rank-mismatch', `originShape rank ${rank(originShape)} differs from layout rank ${rank(shape)}`, {
      argIndex,
      ranks: { originShape: rank(originShape), layout: rank(shape) },
    });
  }
  if (depth(originShape) > 1) {
    throw new LayoutError('depth-mismatch', `originShape must be flat (depth ${depth(originShape)} given)`, {
      argIndex,
      depths: { originShape: depth(originShape) },
    });
  }
}

/** MakeLayout(shape, stride[, originShape]) */
export function makeLayout(shape: IntTuple, stride: IntTuple, originShape?: IntTuple): Layout {
  checkCongruent(shape, stride, 1);
  if (originShape === undefined) return layout(shape, stride, defaultOriginShape(shape));
  checkOriginRank(shape, originShape, 2);
  return layout(shape, stride, originShape);
}

/** MakeLayout(len): a vector layout (len):(_1):(len). */
export function makeVectorLayout(len: IntValue): Layout {
  return layout(tuple(len), tuple(staticInt(1)), tuple(len));
}

/** `Layout<S, D[, O]>{}`: the type form; without O the originShape is value-initialised to zeros. */
export function makeTypeLayout(shape: IntTuple, stride: IntTuple, originShape?: IntTuple): Layout {
  checkCongruent(shape, stride, 1);
  if (originShape === undefined) {
    const zeros = shape.kind === 'int' ? int(0) : tuple(...shape.items.map(() => int(0)));
    return layout(shape, stride, zeros);
  }
  checkOriginRank(shape, originShape, 2);
  return layout(shape, stride, originShape);
}

// ---------------------------------------------------------------- element types and tags

/** sizeof(Element) in bytes, as MakeLayoutFmap/Filter use it (int4b_t storage is one byte). */
export function elementBytes(element: string): number {
  return Math.max(1, ELEMENT_BITS[element] / 8);
}

export const C0_NUM_PER_FRACTAL = 16;
export const BYTE_PER_C0 = 32;
export const BYTE_PER_FRACTAL = 512;

/** Elements per C0 (32 bytes) for an element type: 256 / bits. */
export const elementsPerC0 = (element: string, arch: Arch = DEFAULT_ARCH) => 256 / (elementBitsAt(element, arch) ?? ELEMENT_BITS[element]);
/** Elements per fractal (512 bytes): 4096 / bits. */
export const elementsPerFractal = (element: string, arch: Arch = DEFAULT_ARCH) => 4096 / (elementBitsAt(element, arch) ?? ELEMENT_BITS[element]);

export const LAYOUT_TAGS = ['RowMajor', 'ColumnMajor', 'VectorLayout', 'zN', 'nZ', 'zZ', 'L0C', 'Weight4BitnZ'] as const;
export type LayoutTag = (typeof LAYOUT_TAGS)[number];

/** Tags that exist in Catlass::layout but that MakeLayout<Element, Tag> refuses. */
export const KNOWN_UNSUPPORTED_TAGS = ['nN', 'PaddingRowMajor', 'PaddingColumnMajor', 'NDC1HWC0', 'KDC1KHKWN1N0C0'];

export function checkElement(element: string, argIndex = 0, arch: Arch = DEFAULT_ARCH): void {
  if (elementBitsAt(element, arch) !== undefined) return;
  if (element in ELEMENT_BITS) {
    throw new LayoutError(
      'unsupported-arch',
      `element type '${element}' exists only when CATLASS_ARCH == 3510 (Ascend 950); write #define CATLASS_ARCH 3510 or set tlaLayout.arch`,
      { argIndex },
    );
  }
  throw new LayoutError('unsupported-element', `unsupported element type '${element}'; supported: ${Object.keys(ELEMENT_BITS).join(', ')}`, {
    argIndex,
  });
}

const toInt64 = (x: IntValue) => A.cast(x);

/** MakeLayout<Element, Tag>(rows, cols). originShape is (rows, cols) as given. */
export function makeLayoutFromTag(element: string, tag: string, rows: IntValue, cols: IntValue, arch: Arch = DEFAULT_ARCH): Layout {
  checkElement(element, 0, arch);
  const c0 = staticInt(elementsPerC0(element, arch));
  const frac = staticInt(elementsPerFractal(element, arch));
  const s16 = staticInt(16);
  const s1 = staticInt(1);
  const origin = tuple(rows, cols);
  // fp4 on Ascend 950 pads the contiguous extent to whole bytes: RoundUp(x, 2), dynamic
  const fp4 = arch === 3510 && isFp4(element);
  switch (tag) {
    case 'RowMajor':
      return layout(tuple(rows, cols), tuple(fp4 ? toInt64(A.roundUp(cols, int(2))) : toInt64(cols), s1), origin);
    case 'ColumnMajor':
      return layout(tuple(rows, cols), tuple(s1, fp4 ? toInt64(A.roundUp(rows, int(2))) : toInt64(rows)), origin);
    case 'Weight4BitnZ': {
      // an nZ with a fixed C0 of 32 and fractal of 512, whatever the element
      const s32 = staticInt(32);
      return layout(
        tuple(tuple(s32, A.ceilDiv(rows, s32)), tuple(s16, A.ceilDiv(cols, s16))),
        tuple(tuple(s1, A.mul(A.roundUp(toInt64(cols), s16), s32)), tuple(s32, staticInt(512))),
        origin,
      );
    }
    case 'VectorLayout':
      return layout(tuple(cols), tuple(s1), tuple(cols));
    case 'zN':
      return layout(
        tuple(tuple(s16, A.ceilDiv(rows, s16)), tuple(c0, A.ceilDiv(cols, c0))),
        tuple(tuple(c0, frac), tuple(s1, A.mul(A.roundUp(toInt64(rows), s16), c0))),
        origin,
      );
    case 'zZ':
      return layout(
        tuple(tuple(s16, A.ceilDiv(rows, s16)), tuple(c0, A.ceilDiv(cols, c0))),
        tuple(tuple(c0, A.mul(A.roundUp(toInt64(cols), c0), s16)), tuple(s1, frac)),
        origin,
      );
    case 'nZ':
      return layout(
        tuple(tuple(c0, A.ceilDiv(rows, c0)), tuple(s16, A.ceilDiv(cols, s16))),
        tuple(tuple(s1, A.mul(A.roundUp(toInt64(cols), s16), c0)), tuple(c0, frac)),
        origin,
      );
    case 'L0C':
      return makeLayoutL0C(rows, cols);
    default:
      throw new LayoutError(
        'unsupported-tag',
        `MakeLayout<Element, Tag> does not support layout tag '${tag}'; supported tags: ${LAYOUT_TAGS.join(', ')}`,
        { argIndex: 1 },
      );
  }
}

/** MakeLayoutL0C(rows, cols): 16×16 fractals of 256 elements, whatever the element. */
export function makeLayoutL0C(rows: IntValue, cols: IntValue): Layout {
  const s16 = staticInt(16);
  return layout(
    tuple(tuple(s16, A.ceilDiv(rows, s16)), tuple(s16, A.ceilDiv(cols, s16))),
    tuple(tuple(s16, staticInt(256)), tuple(staticInt(1), A.mul(A.roundUp(toInt64(rows), s16), s16))),
    tuple(rows, cols),
  );
}

export const MX_SCALE_TAGS = ['RowMajor', 'ColumnMajor', 'zZ', 'nN'] as const;

/** MakeMxScaleLayout<float8_e8m0_t, Tag, isB>(rows, cols) (CATLASS_ARCH 3510 only): C0 = 2, fractal 32. */
export function makeMxScaleLayout(element: string, tag: string, isB: boolean, rows: IntValue, cols: IntValue, arch: Arch): Layout {
  if (arch !== 3510) {
    throw new LayoutError(
      'unsupported-arch',
      'MakeMxScaleLayout exists only when CATLASS_ARCH == 3510 (Ascend 950); write #define CATLASS_ARCH 3510 or set tlaLayout.arch',
    );
  }
  if (element !== 'float8_e8m0_t') {
    throw new LayoutError(
      'unsupported-element',
      `MakeMxScaleLayout: the element must be float8_e8m0_t, not '${element}' (C++: "only support RowMajor, ColumnMajor, zZ, nN in fp8_e8m0_t dtype")`,
      { argIndex: 0 },
    );
  }
  const c0 = staticInt(2);
  const s1 = staticInt(1);
  const s16 = staticInt(16);
  const origin = tuple(rows, cols);
  const times2 = (x: IntValue) => A.mul(x, int(2)); // `x * ELE_NUM_PER_C0` with a uint32 constant: dynamic
  switch (tag) {
    case 'RowMajor':
      return isB
        ? layout(tuple(tuple(c0, A.ceilDiv(rows, c0)), cols), tuple(tuple(s1, times2(cols)), c0), origin)
        : layout(tuple(rows, tuple(c0, A.ceilDiv(cols, c0))), tuple(A.roundUp(cols, c0), tuple(s1, c0)), origin);
    case 'ColumnMajor':
      return isB
        ? layout(tuple(tuple(c0, A.ceilDiv(rows, c0)), cols), tuple(tuple(s1, c0), A.roundUp(rows, c0)), origin)
        : layout(tuple(rows, tuple(c0, A.ceilDiv(cols, c0))), tuple(c0, tuple(s1, times2(rows))), origin);
    case 'zZ':
      return layout(
        tuple(tuple(s16, A.ceilDiv(rows, s16)), tuple(c0, A.ceilDiv(cols, c0))),
        tuple(tuple(c0, A.mul(A.roundUp(toInt64(cols), c0), s16)), tuple(s1, staticInt(32))),
        origin,
      );
    case 'nN':
      return layout(
        tuple(tuple(c0, A.ceilDiv(rows, c0)), tuple(s16, A.ceilDiv(cols, s16))),
        tuple(tuple(s1, staticInt(32)), tuple(c0, A.mul(A.roundUp(toInt64(rows), c0), s16))),
        origin,
      );
    default:
      throw new LayoutError('unsupported-tag', `MakeMxScaleLayout: ${tag} is not a scale layout; supported tags: ${MX_SCALE_TAGS.join(', ')}`, {
        argIndex: 1,
      });
  }
}

/** A uint32 originShape extent: checked when concrete, a symbolic one kept (dynamic). */
const u32 = (x: IntValue, what: string) => (x.sym ? A.cast(x) : int(A.checkUint32(x.value, what), false));

/** MakeLayoutFmap<Element>(batch, cin1, h, w): NC1HWC0 with C0 = 32 / sizeof(Element). */
export function makeLayoutFmap(element: string, b: IntValue, c1: IntValue, h: IntValue, w: IntValue): Layout {
  checkElement(element);
  const c0 = staticInt(BYTE_PER_C0 / elementBytes(element));
  const wc0 = A.mul(toInt64(w), c0);
  const hwc0 = A.mul(toInt64(h), wc0);
  const c1hwc0 = A.mul(toInt64(c1), hwc0);
  return layout(
    tuple(b, c1, h, w, c0),
    tuple(c1hwc0, hwc0, wc0, c0, staticInt(1)),
    tuple(u32(b, 'batch'), u32(c1, 'cin1'), u32(h, 'h'), u32(w, 'w'), u32(c0, 'C0')),
  );
}

export const FILTER_POSITIONS = ['PositionL1', 'PositionGM'] as const;

/** MakeLayoutFilter<Element, Position>(cin1, kh, kw, cout): n rounded up to 16 in L1. */
export function makeLayoutFilter(element: string, position: string, c1: IntValue, kh: IntValue, kw: IntValue, n: IntValue): Layout {
  checkElement(element);
  if (!(FILTER_POSITIONS as readonly string[]).includes(position)) {
    throw new LayoutError('argument-kind', `unknown position '${position}' for MakeLayoutFilter; expected ${FILTER_POSITIONS.join(' or ')}`, {
      argIndex: 1,
    });
  }
  const c0 = staticInt(BYTE_PER_C0 / elementBytes(element));
  const n1 = position === 'PositionL1' ? A.cast(A.roundUp(n, staticInt(16))) : n;
  const nc0 = A.mul(toInt64(n1), c0);
  const kwnc0 = A.mul(toInt64(kw), nc0);
  const khkwnc0 = A.mul(toInt64(kh), kwnc0);
  return layout(
    tuple(c1, kh, kw, n1, c0),
    tuple(khkwnc0, kwnc0, nc0, c0, staticInt(1)),
    tuple(u32(c1, 'cin1'), u32(kh, 'kh'), u32(kw, 'kw'), u32(n1, 'cout'), u32(c0, 'C0')),
  );
}

// ---------------------------------------------------------------- GetTileLayout

function checkFlatTuple(x: IntTuple, what: 'tileShape' | 'coord', argIndex: number): TupleValue {
  if (x.kind === 'int' || x.items.length === 0 || depth(x) !== 1) {
    const msg =
      what === 'tileShape'
        ? `GetTileLayout: tileShape must be a flat tuple with rank >= 1; ` +
          (x.kind === 'int' ? 'an integer was given' : x.items.length === 0 ? 'it is empty' : `it has depth ${depth(x)}`)
        : `GetTileLayout: coord must be a flat tuple of the tileShape's rank; ` +
          (x.kind === 'int' ? 'an integer was given' : `it has depth ${depth(x)}`);
    throw new LayoutError('depth-mismatch', msg, { argIndex, depths: { [what]: depth(x) } });
  }
  return x;
}

/** One mode of a tile's originShape: min(tile, coord < origin ? origin − coord : 0), a dynamic uint32. */
export function cropExtent(o: IntValue, c: IntValue, t: IntValue, d: number): IntValue {
  if (o.sym || c.sym || t.sym) {
    // coord < origin ? origin - coord : 0 is max(origin - coord, 0)
    return A.cast(A.min(t, A.max(A.sub(o, c), int(0))));
  }
  const left = c.value < o.value ? o.value - c.value : 0n;
  const v = t.value < left ? t.value : left;
  return int(A.checkUint32(v, `tile originShape<${d}>`), false);
}

/**
 * The tile shape of a depth-2 layout, by GetTileLayout's four branches: rows and cols are
 * read as uint32 (dynamic); a one-sided layout (rank 2, one mode flat) nests only the other
 * mode by its static inner size; else both modes nest by shape<0,0> and shape<1,0>, static
 * when both are (CeilDiv<N>), otherwise read at run time (every leaf dynamic).
 */
function fractalTileShape(parent: IntTuple, tileRows: IntValue, tileCols: IntValue): IntTuple {
  const rows = A.cast(tileRows);
  const cols = A.cast(tileCols);
  const m0 = getMode(parent, 0);
  const m1 = getMode(parent, 1);
  const inner = (m: IntTuple) => (m.kind === 'int' ? m : getMode(m, 0));
  const needStatic = (c: IntTuple, mode: number): IntValue => {
    if (c.kind !== 'int') {
      throw new LayoutError('depth-mismatch', `GetTileLayout: depth-3 layouts are not supported (the inner size of mode ${mode} is itself a tuple)`, {
        argIndex: 0,
      });
    }
    if (!c.isStatic) {
      throw new LayoutError(
        'argument-kind',
        `GetTileLayout: a one-sided two-level layout needs a static inner size (here the ${printIntTuple(c)} in ${printIntTuple(mode === 0 ? m0 : m1)} is dynamic)`,
        { argIndex: 0 },
      );
    }
    return c;
  };
  if (rank(parent) === 2 && rank(m0) === 1 && rank(m1) === 2) {
    const c = needStatic(inner(m1), 1);
    return tuple(rows, tuple(c, A.ceilDiv(cols, c)));
  }
  if (rank(parent) === 2 && rank(m0) === 2 && rank(m1) === 1) {
    const c = needStatic(inner(m0), 0);
    return tuple(tuple(c, A.ceilDiv(rows, c)), cols);
  }
  const ir = inner(m0);
  const ic = inner(m1);
  if (ir.kind !== 'int' || ic.kind !== 'int') {
    throw new LayoutError(
      'depth-mismatch',
      `GetTileLayout: depth-3 layouts are not supported (the inner size of mode ${ir.kind !== 'int' ? 0 : 1} is itself a tuple)`,
      { argIndex: 0 },
    );
  }
  if (ir.isStatic && ic.isStatic) return tuple(tuple(ir, A.ceilDiv(rows, ir)), tuple(ic, A.ceilDiv(cols, ic)));
  const r = A.cast(ir);
  const c = A.cast(ic);
  return tuple(tuple(r, A.ceilDiv(rows, r)), tuple(c, A.ceilDiv(cols, c)));
}

/** What a tile is: interior (originShape = tileShape), a tail (cropped), empty (an extent 0); unknown when symbolic. */
export type TileKind = 'interior' | 'tail' | 'empty' | 'unknown';

/** The kind of the tile `result` = GetTileLayout(parent, tileShape, coord): what the preview marks and the empty-tile warning reads. */
export function tileKind(result: Layout, tileShape: IntTuple): TileKind {
  if (isSymbolic(result.originShape) || isSymbolic(tileShape)) return 'unknown';
  const origin = result.originShape.kind === 'tuple' ? (result.originShape.items as ConcreteInt[]) : [];
  const tile = tileShape.kind === 'tuple' ? (tileShape.items as ConcreteInt[]) : [];
  if (origin.some((o) => o.value === 0n)) return 'empty';
  return origin.some((o, d) => tile[d] && o.value < tile[d].value) ? 'tail' : 'interior';
}

/**
 * GetTileLayout(layout, tileShape, coord): stride kept; shape from tileShape,
 * nested like the parent for fractal (depth-2) layouts; originShape cropped by
 * min(tile[d], coord[d] < origin[d] ? origin[d] - coord[d] : 0) as uint32.
 */
export function getTileLayout(parent: Layout, tileShape: IntTuple, coord: IntTuple): Layout {
  const tile = checkFlatTuple(tileShape, 'tileShape', 1);
  const crd = checkFlatTuple(coord, 'coord', 2);
  if (crd.items.length !== tile.items.length) {
    throw new LayoutError('rank-mismatch', `GetTileLayout: coord rank ${crd.items.length} differs from tileShape rank ${tile.items.length}`, {
      argIndex: 2,
      ranks: { coord: crd.items.length, tileShape: tile.items.length },
      expectedRank: tile.items.length,
    });
  }
  const parentRank = rank(parent.shape);
  const parentDepth = depth(parent.shape);
  let shape: IntTuple;
  if (parentDepth <= 1) {
    if (tile.items.length !== parentRank) {
      throw new LayoutError('rank-mismatch', `GetTileLayout: tileShape rank ${tile.items.length} differs from layout rank ${parentRank}`, {
        argIndex: 1,
        ranks: { tileShape: tile.items.length, layout: parentRank },
        expectedRank: parentRank,
      });
    }
    // an integer-shaped parent (`8:1`) keeps an integer shape, congruent with its stride
    shape = parent.shape.kind === 'int' ? tile.items[0] : tile;
  } else {
    if (tile.items.length !== 2) {
      throw new LayoutError(
        'rank-mismatch',
        `GetTileLayout: a nested (fractal) layout takes a rank-2 (rows, cols) tileShape; this one has rank ${tile.items.length}`,
        { argIndex: 1, ranks: { tileShape: tile.items.length, expected: 2 }, expectedRank: 2 },
      );
    }
    if (parentDepth > 2) {
      const modes = parent.shape.kind === 'tuple' ? parent.shape.items : [];
      const bad = modes.findIndex((m) => m.kind === 'tuple' && m.items.some((x) => x.kind === 'tuple'));
      throw new LayoutError(
        'depth-mismatch',
        `GetTileLayout: depth-${parentDepth} layouts are not supported (${bad >= 0 ? `the inner size of mode ${bad} is itself a tuple` : 'a fractal layout is depth 2'})`,
        { argIndex: 0, depths: { layout: parentDepth } },
      );
    }
    shape = fractalTileShape(parent.shape, tile.items[0] as IntValue, tile.items[1] as IntValue);
  }
  if (rank(parent.originShape) !== tile.items.length) {
    throw new LayoutError(
      'rank-mismatch',
      `GetTileLayout: the layout's originShape rank ${rank(parent.originShape)} differs from tileShape rank ${tile.items.length}`,
      { argIndex: 0, ranks: { originShape: rank(parent.originShape), tileShape: tile.items.length } },
    );
  }
  const origin = tuple(
    ...tile.items.map((t, d) => {
      const o = getMode(parent.originShape, d);
      const c = crd.items[d] as IntValue;
      if (o.kind !== 'int') {
        throw new LayoutError('depth-mismatch', `GetTileLayout: originShape<${d}> must be an integer`, { argIndex: 0 });
      }
      return cropExtent(o, c, t as IntValue, d);
    }),
  );
  return layout(shape, parent.stride, origin);
}

// ---------------------------------------------------------------- sizes

/** size(layout): product of the shape. */
export function size(l: Layout): IntValue {
  return A.product(l.shape);
}

/**
 * cosize: largest offset reached + 1 (0 for an empty layout). Exact for any strides.
 * Only for concrete layouts: a symbolic one throws LayoutError('argument-kind'); use
 * knownCosize where layouts may be symbolic.
 */
export function cosize(l: Layout): bigint {
  const c = knownCosize(l);
  if (c === undefined) {
    throw new LayoutError('argument-kind', `the cosize of ${printLayout(l)} depends on unknown values`, { argIndex: 0 });
  }
  return c;
}

/** cosize, or undefined when the layout's shape or stride is symbolic. */
export function knownCosize(l: Layout): bigint | undefined {
  const sh = leaves(l.shape);
  const st = leaves(l.stride);
  if (!sh.every(isConcreteInt) || !st.every(isConcreteInt)) return undefined;
  let maxOff = 0n;
  for (let i = 0; i < sh.length; i++) {
    if (sh[i].value <= 0n) return 0n;
    const span = (sh[i].value - 1n) * (st[i]?.value ?? 0n);
    if (span > 0n) maxOff += span;
  }
  return maxOff + 1n;
}

/**
 * The cosize of a layout with symbolic extents or strides, as an expression (`m·k` for RowMajor
 * (m,k):(k,_1)): 1 + Σ (extent − 1)·stride over the leaves, which is the cosize when every extent
 * is at least 1 (an empty layout has cosize 0). Undefined when a stride is not provably ≥ 0 (then
 * the largest offset is not the sum) or an extent may be negative.
 */
export function symbolicCosize(l: Layout): IntValue | undefined {
  const sh = leaves(l.shape);
  const st = leaves(l.stride);
  if (sh.some((x) => isConcreteInt(x) && x.value <= 0n)) return int(0);
  const nonNegative = (x: IntValue) => (isConcreteInt(x) ? x.value >= 0n : S.nonNegative(x.sym));
  if (sh.length !== st.length || !sh.every(nonNegative) || !st.every(nonNegative)) return undefined;
  let c: IntValue = int(1);
  for (let i = 0; i < sh.length; i++) c = A.add(c, A.mul(A.sub(sh[i], int(1)), st[i]));
  return c;
}

/** Which Catlass constructor a layout matches, for hovers: tags and element types. */
export function recognise(l: Layout): { tag: string; elements: string[] }[] {
  const found: { tag: string; elements: string[] }[] = [];
  const o = l.originShape;
  if (isSymbolic(l)) return found;
  if (o.kind !== 'tuple' || o.items.length !== 2 || !isInt(o.items[0]) || !isInt(o.items[1])) return found;
  const [r, c] = o.items as IntValue[];
  const same = (x: Layout) => sameValues(x, l);
  const groups = new Map<string, string[]>();
  for (const tag of LAYOUT_TAGS) {
    if (tag === 'VectorLayout') continue;
    // a tag's layout depends on the element only through its bits: one candidate per width (an element
    // that does not exist at the arch is no match, as its constructor throws)
    const byBits = new Map<number, boolean>();
    for (const el of Object.keys(ELEMENT_BITS)) {
      const bits = elementBitsAt(el, DEFAULT_ARCH);
      if (bits === undefined) continue;
      let matches = byBits.get(bits);
      if (matches === undefined) {
        try {
          matches = same(makeLayoutFromTag(el, tag, r, c));
        } catch {
          matches = false; // a constructor that cannot build this shape is simply not a match
        }
        byBits.set(bits, matches);
      }
      if (matches) {
        const list = groups.get(tag) ?? [];
        list.push(el);
        groups.set(tag, list);
      }
      if (tag === 'RowMajor' || tag === 'ColumnMajor' || tag === 'L0C' || tag === 'Weight4BitnZ') break; // element-independent
    }
  }
  for (const [tag, elements] of groups) {
    found.push({ tag, elements: tag === 'RowMajor' || tag === 'ColumnMajor' || tag === 'L0C' || tag === 'Weight4BitnZ' ? ['any'] : elements });
  }
  return found;
}

function sameValues(a: Layout, b: Layout): boolean {
  return equalValues(a.shape, b.shape) && equalValues(a.stride, b.stride);
}
