// The older Catlass layout classes used as objects (include/catlass/layout/matrix.hpp, vector.hpp,
// tensor.hpp): a class name and the runtime Coords it holds — shape_ (uint32_t Index), stride_
// (int64_t LongIndex) and, for the classes with ORG_SHAPE_RANK, orgShape_. Each function below is
// one member of the headers, named in its comment, written from its formula: Index arithmetic is
// uint32_t (it wraps), LongIndex arithmetic int64_t.
import * as A from './arith';
import { Arch, DEFAULT_ARCH, isFp4 } from './arch';
import { CatlassCoord, catlassCoord, coordTypeName, fitIndex, indexArith, indexOf } from './catlassCoord';
import { LayoutError } from './errors';
import { IntValue, int, printIntTuple, tuple } from './inttuple';
import { Layout, checkElement, elementsPerC0, elementsPerFractal, layout } from './layout';

/** A `Catlass::layout::X` object. `shape`/`stride` null: a class whose entries are not known here. */
export interface TagObject {
  readonly kind: 'tagObject';
  readonly tag: string;
  readonly shape: readonly IntValue[] | null;
  readonly stride: readonly IntValue[] | null;
  /** orgShape_ of the classes with ORG_SHAPE_RANK, else null. */
  readonly orgShape: readonly IntValue[] | null;
}

/** What the headers declare of each class: RANK, ORG_SHAPE_RANK (0: none), which members exist. */
interface ClassInfo {
  readonly rank: number;
  readonly orgShapeRank: number;
  /** The rank of the coord GetOffset takes (MatrixCoord 2, TensorCoord 1, the conv coords). */
  readonly offsetRank: number;
  /** The rank of the coord GetTileLayout takes, 0 when the class has no GetTileLayout (zZ, nN). */
  readonly tileRank: number;
  /** Whether the class has Capacity(). */
  readonly capacity: boolean;
  /** Constructors of integers: the most parameters (all defaulted to 0). */
  readonly maxIntArgs: number;
}

const FRACTAL: ClassInfo = { rank: 4, orgShapeRank: 2, offsetRank: 2, tileRank: 2, capacity: true, maxIntArgs: 10 };
export const LAYOUT_CLASSES: Readonly<Record<string, ClassInfo>> = {
  RowMajor: { rank: 2, orgShapeRank: 0, offsetRank: 2, tileRank: 2, capacity: true, maxIntArgs: 3 },
  ColumnMajor: { rank: 2, orgShapeRank: 0, offsetRank: 2, tileRank: 2, capacity: true, maxIntArgs: 3 },
  zN: FRACTAL,
  nZ: FRACTAL,
  L0C: FRACTAL,
  Weight4BitnZ: FRACTAL,
  zZ: { ...FRACTAL, tileRank: 0, capacity: false },
  nN: { ...FRACTAL, tileRank: 0, capacity: false },
  PaddingRowMajor: { rank: 4, orgShapeRank: 2, offsetRank: 2, tileRank: 2, capacity: false, maxIntArgs: 4 },
  PaddingColumnMajor: { rank: 4, orgShapeRank: 2, offsetRank: 2, tileRank: 2, capacity: false, maxIntArgs: 4 },
  VectorLayout: { rank: 1, orgShapeRank: 0, offsetRank: 1, tileRank: 1, capacity: false, maxIntArgs: 1 },
  NC1HWC0: { rank: 5, orgShapeRank: 0, offsetRank: 5, tileRank: 5, capacity: true, maxIntArgs: 10 },
  CI1KHKWCOCI0: { rank: 5, orgShapeRank: 0, offsetRank: 5, tileRank: 5, capacity: true, maxIntArgs: 10 },
  NDC1HWC0: { rank: 5, orgShapeRank: 6, offsetRank: 4, tileRank: 6, capacity: false, maxIntArgs: 15 },
  KDC1KHKWN1N0C0: { rank: 4, orgShapeRank: 4, offsetRank: 2, tileRank: 4, capacity: false, maxIntArgs: 12 },
};
export const LAYOUT_CLASS_NAMES = Object.keys(LAYOUT_CLASSES);

function classInfo(tag: string): ClassInfo {
  const info = LAYOUT_CLASSES[tag];
  if (!info) throw new LayoutError('unsupported-tag', `Catlass::layout has no class ${tag} (it has ${LAYOUT_CLASS_NAMES.join(', ')})`);
  return info;
}

const u = (x: IntValue) => fitIndex(x, 'uint32_t');
const l = (x: IntValue) => fitIndex(x, 'int64_t');
const n = (v: number | bigint) => int(v);
const zero = n(0);
// Index (uint32_t) arithmetic of the headers
const uAdd = (a: IntValue, b: IntValue) => indexArith('+', a, b);
const uMul = (a: IntValue, b: IntValue) => indexArith('*', a, b);
const uDiv = (a: IntValue, b: IntValue) => indexArith('/', a, b);
const symbolic = (a: IntValue, b: IntValue) => a.sym !== undefined || b.sym !== undefined;
/** RoundUp<ALIGN>(val) / RoundUp(val, align) on uint32_t: (val + align - 1) / align * align (a symbol: printed ⌈val/align⌉·align). */
const uRoundUp = (v: IntValue, align: IntValue) =>
  symbolic(v, align) ? A.cast(A.roundUp(v, align)) : uMul(uDiv(indexArith('-', uAdd(v, align), n(1)), align), align);
/** CeilDiv<DIVISOR>(x) / CeilDiv(x, d) on uint32_t: (x + d - 1) / d (a symbol: ⌈x/d⌉). */
const uCeilDiv = (v: IntValue, d: IntValue) => (symbolic(v, d) ? A.cast(A.ceilDiv(v, d)) : uDiv(indexArith('-', uAdd(v, d), n(1)), d));

export function layoutObject(tag: string, shape: readonly IntValue[], stride: readonly IntValue[], orgShape: readonly IntValue[] | null): TagObject {
  return { kind: 'tagObject', tag, shape: shape.map(u), stride: stride.map(l), orgShape: orgShape?.map(u) ?? null };
}

/** The fractal classes' ten-integer constructor (zN(orgRows, orgCols, rowsInFractal, …, strideColsByFractal)). */
const fractal = (tag: string, a: readonly IntValue[]) => layoutObject(tag, a.slice(2, 6), a.slice(6, 10), a.slice(0, 2));

/**
 * The constructors of integers, as kernels write them (`RowMajor{m, k}`, `RowMajor(m, k, lda)`,
 * `VectorLayout(n)`, `PaddingRowMajor(m, k, blockRows, blockCols)`, `NC1HWC0(b, c1, h, w, c0)`…);
 * every parameter defaults to 0.
 */
export function constructLayoutObject(tag: string, args: readonly IntValue[]): TagObject {
  const info = classInfo(tag);
  if (args.length > info.maxIntArgs)
    throw new LayoutError('argument-kind', `Catlass::layout::${tag} has no constructor of ${args.length} integers (at most ${info.maxIntArgs})`);
  const width = tag === 'NC1HWC0' || tag === 'CI1KHKWCOCI0' ? (args.length > 5 ? 10 : 5) : info.maxIntArgs;
  if ((tag === 'NC1HWC0' || tag === 'CI1KHKWCOCI0') && args.length > 5 && args.length < 10)
    throw new LayoutError('argument-kind', `Catlass::layout::${tag} takes 5 extents, or 5 extents and 5 strides (not ${args.length} integers)`);
  const a = [...args, ...Array.from({ length: width - args.length }, () => zero)];
  // the parameters' own types: Index (uint32_t) for extents, LongIndex (int64_t) for strides
  switch (tag) {
    case 'RowMajor': // RowMajor(rows, cols) : stride (cols, 1); RowMajor(rows, cols, ldm) : stride (ldm, 1)
      return layoutObject(tag, [a[0], a[1]], [args.length === 3 ? a[2] : u(a[1]), n(1)], null);
    case 'ColumnMajor': // ColumnMajor(rows, cols) : stride (1, rows); (rows, cols, ldm) : stride (1, ldm)
      return layoutObject(tag, [a[0], a[1]], [n(1), args.length === 3 ? a[2] : u(a[0])], null);
    case 'VectorLayout': // VectorLayout(size) : stride (1)
      return layoutObject(tag, [a[0]], [n(1)], null);
    case 'PaddingRowMajor':
    case 'PaddingColumnMajor':
      return paddingLayout(tag, a[0], a[1], a[2], a[3]);
    case 'NC1HWC0':
    case 'CI1KHKWCOCI0':
      return args.length === 10 ? layoutObject(tag, a.slice(0, 5), a.slice(5, 10), null) : denseFiveD(tag, a.slice(0, 5));
    case 'NDC1HWC0': // orgShape (batch, D, C1, H, W, C0), shape (batch, rowsInFractal…), stride (strideC0…StrideN)
      return layoutObject(tag, [a[0], ...a.slice(6, 10)], a.slice(10, 15), a.slice(0, 6));
    case 'KDC1KHKWN1N0C0': // orgShape (KdC1KhKw, N1, N0, C0), stride_ (strideC0, strideN0, strideN1, StrideDC1HW)
      return layoutObject(tag, a.slice(4, 8), [a[8], a[10], a[11], a[9]], a.slice(0, 4));
    default:
      return fractal(tag, a);
  }
}

/** `X(Shape shape, Stride stride)` / `X(OrgShape orgShape, Shape shape, Stride stride)`: the coords as they are. */
export function layoutObjectFromCoords(tag: string, coords: readonly CatlassCoord[]): TagObject {
  const info = classInfo(tag);
  const want = info.orgShapeRank ? [info.orgShapeRank, info.rank, info.rank] : [info.rank, info.rank];
  const names = info.orgShapeRank ? ['OrgShape', 'Shape', 'Stride'] : ['Shape', 'Stride'];
  if (coords.length !== want.length || coords.some((c, i) => c.items.length !== want[i]))
    throw new LayoutError(
      'argument-kind',
      `Catlass::layout::${tag}(${names.join(', ')}) takes ${want.map((r, i) => `a Coord<${r}> ${names[i]}`).join(', ')}; given ${coords.map(coordTypeName).join(', ') || 'none'}`,
    );
  const [org, shape, stride] = info.orgShapeRank ? coords : [null, ...coords];
  return layoutObject(tag, shape!.items, stride!.items, org ? org.items : null);
}

/** PaddingRowMajor / PaddingColumnMajor(orgRows, orgCols, blockRows, blockCols): blocks of blockRows × blockCols. */
function paddingLayout(tag: string, rows: IntValue, cols: IntValue, blockRows: IntValue, blockCols: IntValue): TagObject {
  const [r, c, br, bc] = [rows, cols, blockRows, blockCols].map(u);
  const shape = [br, uCeilDiv(r, br), bc, uCeilDiv(c, bc)];
  const stride =
    tag === 'PaddingRowMajor'
      ? [bc, A.mul(l(br), l(uRoundUp(c, bc))), n(1), A.mul(l(br), l(bc))] // (blockCols, blockRows*RoundUp(orgCols, blockCols), 1, blockRows*blockCols)
      : [n(1), A.mul(l(br), l(bc)), br, A.mul(l(uRoundUp(r, br)), l(bc))]; // (1, blockRows*blockCols, blockRows, RoundUp(orgRows, blockRows)*blockCols)
  return layoutObject(tag, shape, stride, [r, c]);
}

/** NC1HWC0(batch, c1, h, w, c0) and CI1KHKWCOCI0(cin1, kh, kw, cout, c0): dense, the products in uint32_t. */
function denseFiveD(tag: string, extents: readonly IntValue[]): TagObject {
  const e = extents.map(u);
  const stride = e.map((_, i) => e.slice(i + 1).reduce((p, x) => uMul(p, x), n(1)));
  return layoutObject(tag, e, stride, null);
}

const C0_NUM_PER_FRACTAL = n(16);

/**
 * `X::MakeLayout<Element>(rows, cols)` of the matrix classes (and `NC1HWC0 / CI1KHKWCOCI0::MakeLayout<E>`,
 * `NDC1HWC0 / KDC1KHKWN1N0C0::MakeLayout(…)` without an element). ELE_NUM_PER_C0 and
 * ELE_NUM_PER_FRACTAL are 32 and 512 bytes of the element (fp4 is 4 bits at 3510).
 */
export function layoutObjectMakeLayout(tag: string, element: string | undefined, args: readonly IntValue[], arch: Arch = DEFAULT_ARCH): TagObject {
  classInfo(tag);
  const arity = (k: number) => {
    if (args.length !== k) throw new LayoutError('argument-kind', `Catlass::layout::${tag}::MakeLayout takes ${k} integers, not ${args.length}`);
  };
  const a = args.map(u);
  if (tag === 'NDC1HWC0') {
    arity(6); // MakeLayout(Batch, D, C1, H, W, C0): shape (Batch, W, H, C0, D*C1), strides 1, C0, H*W*C0, …*C1, …*D
    const [b, d, c1, h, w, c0] = a;
    const hwc0 = uMul(uMul(h, w), c0);
    return constructLayoutObject(tag, [b, d, c1, h, w, c0, w, h, c0, uMul(d, c1), n(1), c0, hwc0, uMul(hwc0, c1), uMul(uMul(hwc0, c1), d)]);
  }
  if (tag === 'KDC1KHKWN1N0C0') {
    arity(4); // MakeLayout(KdC1KhKw, N1, N0, C0): shape (C0, KdC1KhKw, N0, N1), strides 1, C0*N0*N1, C0, C0*N0
    const [k, n1, n0, c0] = a;
    return constructLayoutObject(tag, [k, n1, n0, c0, c0, k, n0, n1, n(1), uMul(uMul(c0, n0), n1), c0, uMul(c0, n0)]);
  }
  if (element === undefined)
    throw new LayoutError('argument-kind', `Catlass::layout::${tag}::MakeLayout needs its element type: ${tag}::MakeLayout<half>(…)`);
  checkElement(element, 0, arch);
  if (tag === 'NC1HWC0' || tag === 'CI1KHKWCOCI0') {
    arity(5);
    return denseFiveD(tag, a);
  }
  if (tag === 'VectorLayout' || tag.startsWith('Padding'))
    throw new LayoutError('argument-kind', `Catlass::layout::${tag} has no MakeLayout; construct it: layout::${tag}{…}`);
  arity(2);
  const [r, c] = a;
  const c0 = n(elementsPerC0(element, arch));
  const frac = n(elementsPerFractal(element, arch));
  const fp4 = arch === 3510 && isFp4(element);
  switch (tag) {
    case 'RowMajor': // RowMajor(rows, cols[, RoundUp<2>(cols) for fp4 at 3510])
      return fp4 ? constructLayoutObject(tag, [r, c, uRoundUp(c, n(2))]) : constructLayoutObject(tag, [r, c]);
    case 'ColumnMajor':
      return fp4 ? constructLayoutObject(tag, [r, c, uRoundUp(r, n(2))]) : constructLayoutObject(tag, [r, c]);
    case 'zN': {
      // rowsRound = RoundUp<16>(rows), colsRound = RoundUp<C0>(cols): (16, rowsRound/16, C0, colsRound/C0) : (C0, FRACTAL, 1, rowsRound*C0)
      const rr = uRoundUp(r, C0_NUM_PER_FRACTAL);
      const cr = uRoundUp(c, c0);
      return fractal(tag, [r, c, C0_NUM_PER_FRACTAL, uDiv(rr, C0_NUM_PER_FRACTAL), c0, uDiv(cr, c0), c0, frac, n(1), uMul(rr, c0)]);
    }
    case 'zZ': {
      // (16, rowsRound/16, C0, colsRound/C0) : (C0, colsRound*16, 1, FRACTAL)
      const rr = uRoundUp(r, C0_NUM_PER_FRACTAL);
      const cr = uRoundUp(c, c0);
      return fractal(tag, [r, c, C0_NUM_PER_FRACTAL, uDiv(rr, C0_NUM_PER_FRACTAL), c0, uDiv(cr, c0), c0, uMul(cr, C0_NUM_PER_FRACTAL), n(1), frac]);
    }
    case 'nZ': {
      // rowsRound = RoundUp<C0>(rows), colsRound = RoundUp<16>(cols): (C0, rowsRound/C0, 16, colsRound/16) : (1, colsRound*C0, C0, FRACTAL)
      const rr = uRoundUp(r, c0);
      const cr = uRoundUp(c, C0_NUM_PER_FRACTAL);
      return fractal(tag, [r, c, c0, uDiv(rr, c0), C0_NUM_PER_FRACTAL, uDiv(cr, C0_NUM_PER_FRACTAL), n(1), uMul(cr, c0), c0, frac]);
    }
    case 'nN': {
      // (C0, rowsRound/C0, 16, colsRound/16) : (1, FRACTAL, C0, rowsRound*16)
      const rr = uRoundUp(r, c0);
      const cr = uRoundUp(c, C0_NUM_PER_FRACTAL);
      return fractal(tag, [r, c, c0, uDiv(rr, c0), C0_NUM_PER_FRACTAL, uDiv(cr, C0_NUM_PER_FRACTAL), n(1), frac, c0, uMul(rr, C0_NUM_PER_FRACTAL)]);
    }
    case 'L0C': {
      // whatever the element: (16, rowsRound/16, 16, colsRound/16) : (16, 256, 1, rowsRound*16)
      const rr = uRoundUp(r, C0_NUM_PER_FRACTAL);
      const cr = uRoundUp(c, C0_NUM_PER_FRACTAL);
      return fractal(tag, [
        r,
        c,
        C0_NUM_PER_FRACTAL,
        uDiv(rr, C0_NUM_PER_FRACTAL),
        C0_NUM_PER_FRACTAL,
        uDiv(cr, C0_NUM_PER_FRACTAL),
        C0_NUM_PER_FRACTAL,
        n(256),
        n(1),
        uMul(rr, C0_NUM_PER_FRACTAL),
      ]);
    }
    default: {
      // Weight4BitnZ, whatever the element: ELE_NUM_PER_C0 16, ELE_NUM_PER_FRACTAL 512 — (16, rowsRound/16, 16, colsRound/16) : (1, colsRound*16, 16, 512)
      const rr = uRoundUp(r, n(16));
      const cr = uRoundUp(c, C0_NUM_PER_FRACTAL);
      return fractal(tag, [r, c, n(16), uDiv(rr, n(16)), C0_NUM_PER_FRACTAL, uDiv(cr, C0_NUM_PER_FRACTAL), n(1), uMul(cr, n(16)), n(16), n(512)]);
    }
  }
}

/**
 * `RowMajor::MakeLayoutInUb<E>(MatrixCoord shape)`: RowMajor(rows, cols, RoundUp<ELE_NUM_PER_BLK>(cols));
 * `VectorLayout::MakeLayoutInUb<E>(Coord<1> tileShape)`: `VectorLayout{ELE_NUM_PER_BLK > tileShape[0]}` —
 * a layout of size 1 or 0 (the comparison, a bool, is the size), whatever the tile's length.
 */
export function makeLayoutInUb(tag: string, element: string, shape: CatlassCoord, arch: Arch = DEFAULT_ARCH): TagObject {
  checkElement(element, 0, arch);
  const blk = n(elementsPerC0(element, arch)); // BytesToBits(BYTE_PER_BLK = 32) / SizeOfBits<E>
  if (tag === 'VectorLayout') {
    const [len] = coordArgument(shape, 1, 'VectorLayout::MakeLayoutInUb');
    if (len.sym !== undefined) return layoutObject(tag, [A.cast(A.min(n(1), A.ceilDiv(A.max(A.sub(blk, len), zero), blk)))], [n(1)], null);
    return layoutObject(tag, [n(blk.value > len.value ? 1 : 0)], [n(1)], null);
  }
  if (tag !== 'RowMajor') throw new LayoutError('argument-kind', `Catlass::layout::${tag} has no MakeLayoutInUb (RowMajor and VectorLayout have)`);
  const [r, c] = coordArgument(shape, 2, 'RowMajor::MakeLayoutInUb');
  return constructLayoutObject(tag, [r, c, uRoundUp(c, blk)]);
}

/** `zN::MakeLayoutInL0C(MatrixCoord shape)`: 16 × 16 fractals, (16, CeilDiv<16>(r), 16, CeilDiv<16>(c)) : (16, 256, 1, RoundUp<16>(r)*16). */
export function makeLayoutInL0C(shape: CatlassCoord): TagObject {
  const [r, c] = coordArgument(shape, 2, 'zN::MakeLayoutInL0C');
  const s = C0_NUM_PER_FRACTAL;
  return fractal('zN', [r, c, s, uCeilDiv(r, s), s, uCeilDiv(c, s), s, n(256), n(1), uMul(uRoundUp(r, s), s)]);
}

/** A coord argument of the rank a member takes (a MatrixCoord, or a Coord<2> that converts to one). */
function coordArgument(c: CatlassCoord, rank: number, what: string): IntValue[] {
  if (c.items.length !== rank)
    throw new LayoutError('rank-mismatch', `${what} takes a coord of ${rank} entr${rank === 1 ? 'y' : 'ies'}, not a ${coordTypeName(c)}`, {
      argIndex: 0,
    });
  if (indexOf(c) !== 'uint32_t')
    throw new LayoutError(
      'argument-kind',
      `${what} takes a ${rank === 2 ? 'MatrixCoord' : `Coord<${rank}>`}; a ${coordTypeName(c)} does not convert to it (write its entries as uint32_t: 3u)`,
      { argIndex: 0 },
    );
  return [...c.items];
}

function known(t: TagObject): { shape: readonly IntValue[]; stride: readonly IntValue[]; orgShape: readonly IntValue[] | null } {
  if (!t.shape || !t.stride) throw new LayoutError('argument-kind', `this layout::${t.tag} is not known here (its shape and stride are not given)`);
  return { shape: t.shape, stride: t.stride, orgShape: t.orgShape };
}

/** `layout.GetOffset(coord)`: the LongIndex (int64_t) offset each class's GetOffset computes. */
export function layoutObjectOffset(t: TagObject, coord: CatlassCoord): IntValue {
  const info = classInfo(t.tag);
  const c = coordArgument(coord, info.offsetRank, `${t.tag}::GetOffset`).map(l);
  const { shape, stride: st } = known(t);
  const s = shape.map(l);
  const sum = (...xs: IntValue[]) => xs.reduce((p, x) => A.add(p, x), zero);
  const [r, col] = c;
  switch (t.tag) {
    case 'RowMajor': // row * stride_[0] + column
      return sum(A.mul(r, st[0]), col);
    case 'ColumnMajor': // row + column * stride_[1]
      return sum(r, A.mul(col, st[1]));
    case 'zZ':
    case 'nN': // the fractal block's offset only: row / shape_[0] * stride_[1] + column / shape_[2] * stride_[3]
      return sum(A.mul(A.div(r, s[0]), st[1]), A.mul(A.div(col, s[2]), st[3]));
    case 'PaddingRowMajor': // … + row % blockRows * stride_[0] + column % blockCols
      return sum(A.mul(A.div(r, s[0]), st[1]), A.mul(A.div(col, s[2]), st[3]), A.mul(A.mod(r, s[0]), st[0]), A.mod(col, s[2]));
    case 'PaddingColumnMajor': // … + row % blockRows + column % blockCols * stride_[2]
      return sum(A.mul(A.div(r, s[0]), st[1]), A.mul(A.div(col, s[2]), st[3]), A.mod(r, s[0]), A.mul(A.mod(col, s[2]), st[2]));
    case 'VectorLayout': // stride_[0] * coord[0]
      return A.mul(st[0], c[0]);
    case 'NC1HWC0':
    case 'CI1KHKWCOCI0': // the sum of coord[i] * stride_[i]
      return sum(...c.map((x, i) => A.mul(x, st[i])));
    case 'NDC1HWC0': // Conv3d6HdCoord (n, d, c1, hw): n * stride_[4] + d * stride_[3] + c1 * stride_[2] + hw * stride_[1]
      return sum(A.mul(c[0], st[4]), A.mul(c[1], st[3]), A.mul(c[2], st[2]), A.mul(c[3], st[1]));
    case 'KDC1KHKWN1N0C0': // Conv3dFracZ3dCoord (kdc1khkw, n1): kdc1khkw * stride_[3] + n1 * stride_[1]
      return sum(A.mul(c[0], st[3]), A.mul(c[1], st[1]));
    default: // zN nZ L0C Weight4BitnZ: the fractal block's offset plus the position inside it
      return sum(A.mul(A.div(r, s[0]), st[1]), A.mul(A.div(col, s[2]), st[3]), A.mul(A.mod(r, s[0]), st[0]), A.mul(A.mod(col, s[2]), st[2]));
  }
}

/** `layout.GetTileLayout(tileShape)`: the layout of a tile of that shape, with the parent's strides (as each class computes it). */
export function layoutObjectTile(t: TagObject, tileShape: CatlassCoord): TagObject {
  const info = classInfo(t.tag);
  if (!info.tileRank) throw new LayoutError('argument-kind', `Catlass::layout::${t.tag} has no member GetTileLayout (the kernel would not compile)`);
  const c = coordArgument(tileShape, info.tileRank, `${t.tag}::GetTileLayout`);
  const { shape: s, stride: st } = known(t);
  switch (t.tag) {
    case 'RowMajor':
    case 'ColumnMajor':
    case 'VectorLayout':
    case 'NC1HWC0':
    case 'CI1KHKWCOCI0': // X(tileShape, stride())
      return layoutObject(t.tag, c, st, null);
    case 'PaddingRowMajor':
    case 'PaddingColumnMajor': // X(tileShape.row(), tileShape.column(), shape_[0], shape_[2])
      return paddingLayout(t.tag, c[0], c[1], s[0], s[2]);
    case 'NDC1HWC0': {
      // shape (t0, t4, t3, shape(3), t1*t2); stride (stride(0), stride(1), t3*t4*shape(3), t2*t3*t4*shape(3), t1*t2*t3*t4*shape(3))
      const t34 = uMul(uMul(c[3], c[4]), s[3]);
      const t234 = uMul(c[2], t34);
      return layoutObject(t.tag, [c[0], c[4], c[3], s[3], uMul(c[1], c[2])], [st[0], st[1], t34, t234, uMul(c[1], t234)], c);
    }
    case 'KDC1KHKWN1N0C0':
      // shape (shape(0), t0, shape(2), t1); stride (stride(0), stride(2)*t1*t2, shape(0), stride(2)*t2)
      return layoutObject(t.tag, [s[0], c[0], s[2], c[1]], [st[0], A.mul(A.mul(st[2], l(c[1])), l(c[2])), l(s[0]), A.mul(st[2], l(c[2]))], c);
    default: // zN nZ L0C Weight4BitnZ: (shape(0), CeilDiv(rows, shape(0)), shape(2), CeilDiv(cols, shape(2))), stride(), orgShape = the tile
      return layoutObject(t.tag, [s[0], uCeilDiv(c[0], s[0]), s[2], uCeilDiv(c[1], s[2])], st, c);
  }
}

/** `layout.Capacity()`: how many elements the layout spans, as each class computes it. */
export function layoutObjectCapacity(t: TagObject): IntValue {
  if (!classInfo(t.tag).capacity)
    throw new LayoutError('argument-kind', `Catlass::layout::${t.tag} has no member Capacity (the kernel would not compile)`);
  const { shape: s, stride: st } = known(t);
  switch (t.tag) {
    case 'ColumnMajor': // shape_[1] * stride_[1]
      return A.mul(l(s[1]), st[1]);
    case 'nZ':
    case 'Weight4BitnZ': // stride_[1] * shape_[1]
      return A.mul(st[1], l(s[1]));
    case 'zN':
    case 'L0C': // stride_[3] * shape_[3]
      return A.mul(st[3], l(s[3]));
    default: // RowMajor, NC1HWC0, CI1KHKWCOCI0: shape_[0] * stride_[0]
      return A.mul(l(s[0]), st[0]);
  }
}

/** `shape()`, `stride()` (Coord<RANK>, Coord<RANK, int64_t>) and `shape(i)`, `stride(i)`, `orgShape(i)`. */
export function layoutObjectPart(t: TagObject, part: 'shape' | 'stride' | 'orgShape', index?: number): IntValue | CatlassCoord {
  const info = classInfo(t.tag);
  if (part === 'orgShape' && !info.orgShapeRank)
    throw new LayoutError('argument-kind', `Catlass::layout::${t.tag} has no orgShape (only the classes with ORG_SHAPE_RANK have)`);
  if (part === 'orgShape' && index === undefined)
    throw new LayoutError('argument-kind', `Catlass::layout::${t.tag} has only orgShape(int idx), no orgShape() of the whole`);
  const k = known(t);
  const items = (part === 'shape' ? k.shape : part === 'stride' ? k.stride : k.orgShape)!;
  if (index === undefined) return catlassCoord('Coord', items, part === 'stride' ? 'int64_t' : 'uint32_t');
  if (!Number.isInteger(index) || index < 0 || index >= items.length)
    throw new LayoutError(
      'index-out-of-range',
      `${t.tag}::${part}(${index}): the ${part} has ${items.length} entries (out of range: undefined behaviour)`,
    );
  return items[index];
}

/** The golden notation of an object's parts: `(v0,v1,...)`; orgShape only for the classes with ORG_SHAPE_RANK. */
export function layoutObjectParts(t: TagObject): { class: string; shape: string; stride: string; orgShape?: string } | undefined {
  if (!t.shape || !t.stride) return undefined;
  const p = (xs: readonly IntValue[]) => printIntTuple(tuple(...xs));
  const parts = { class: t.tag, shape: p(t.shape), stride: p(t.stride) };
  return t.orgShape && LAYOUT_CLASSES[t.tag]?.orgShapeRank ? { ...parts, orgShape: p(t.orgShape) } : parts;
}

/** As hovers and hints show it: `RowMajor (m,k):(k,1)`, the fractal classes with `orgShape (m,k)`. */
export function printTagObject(t: TagObject): string {
  const parts = layoutObjectParts(t);
  if (!parts)
    return t.orgShape ? `layout::${t.tag}{orgShape ${printIntTuple(tuple(...t.orgShape))}; its class is not known here}` : `layout::${t.tag}{…}`;
  return `layout::${t.tag} ${parts.shape}:${parts.stride}${parts.orgShape ? ` orgShape ${parts.orgShape}` : ''}`;
}

/** What a reader would not expect of a class's members (for hovers). */
export function layoutObjectNote(tag: string): string | undefined {
  if (tag === 'zZ' || tag === 'nN')
    return `${tag}::GetOffset returns the offset of the fractal block holding the element only (row / shape(0) * stride(1) + column / shape(2) * stride(3)): the position inside the fractal is ignored`;
  if (tag === 'VectorLayout')
    return 'VectorLayout::MakeLayoutInUb<E>(tileShape) is VectorLayout{ELE_NUM_PER_BLK > tileShape[0]}: a layout of size 1 when the tile is shorter than a 32-byte block, else 0';
  return undefined;
}

/**
 * The offsets `GetOffset(MatrixCoord{i, j})` of the first rows × cols elements of a matrix
 * class (its orgShape, or the shape of RowMajor / ColumnMajor; a VectorLayout is one row), for
 * a hover's grid; undefined when an extent or offset is not a known number.
 */
export function layoutObjectGrid(t: TagObject, maxRows: number, maxCols: number): { rows: number; cols: number; offsets: bigint[][] } | undefined {
  const info = LAYOUT_CLASSES[t.tag];
  if (!info || !t.shape || !t.stride || (info.offsetRank !== 2 && info.offsetRank !== 1) || info.orgShapeRank > 2) return undefined;
  const extents = info.offsetRank === 1 ? [int(1), t.shape[0]] : info.orgShapeRank ? t.orgShape! : t.shape.slice(0, 2);
  if (extents.some((x) => x.sym !== undefined)) return undefined;
  const [rows, cols] = extents.map((x) => Number(x.value));
  const offsets: bigint[][] = [];
  try {
    for (let i = 0; i < Math.min(rows, maxRows); i++) {
      const row: bigint[] = [];
      for (let j = 0; j < Math.min(cols, maxCols); j++) {
        const c = info.offsetRank === 1 ? catlassCoord('Coord', [int(j)]) : catlassCoord('MatrixCoord', [int(i), int(j)]);
        const o = layoutObjectOffset(t, c);
        if (o.sym !== undefined) return undefined;
        row.push(o.value);
      }
      offsets.push(row);
    }
  } catch {
    return undefined; // a zero extent in a division: no grid
  }
  return { rows, cols, offsets };
}

/**
 * The tla layout whose offsets are the object's GetOffset, for drawing: RowMajor / ColumnMajor
 * `(r,c):(s0,s1)`, VectorLayout `(n):(1)`, and the classes whose GetOffset is
 * `Σ (coord / shape) * stride + (coord % shape) * stride` — zN nZ L0C Weight4BitnZ and the padding
 * classes (stride(2) = 1, stride(0) = 1) — as `((s0,s1),(s2,s3)):((t0,t1),(t2,t3))` with
 * originShape the orgShape. Undefined for zZ and nN (their GetOffset is not an element's offset)
 * and the convolution classes.
 */
export function layoutObjectAsLayout(t: TagObject): Layout | undefined {
  if (!t.shape || !t.stride) return undefined;
  const s = t.shape;
  const st = t.stride;
  switch (t.tag) {
    case 'RowMajor':
    case 'ColumnMajor':
      return layout(tuple(s[0], s[1]), tuple(st[0], st[1]), tuple(s[0], s[1]));
    case 'VectorLayout':
      return layout(tuple(s[0]), tuple(st[0]), tuple(s[0]));
    case 'zN':
    case 'nZ':
    case 'L0C':
    case 'Weight4BitnZ':
    case 'PaddingRowMajor':
    case 'PaddingColumnMajor':
      return layout(tuple(tuple(s[0], s[1]), tuple(s[2], s[3])), tuple(tuple(st[0], st[1]), tuple(st[2], st[3])), tuple(...t.orgShape!));
    default:
      return undefined;
  }
}
