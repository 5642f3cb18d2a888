// Catlass's own coords (catlass/coord.hpp, matrix_coord.hpp, gemm_coord.hpp): fixed-rank arrays
// of one C++ integer type (`Index`, uint32_t unless written otherwise), not tla tuples. Their
// arithmetic is C++'s on that type: uint32_t wraps modulo 2^32 (`blockOffset - subblockOffset`
// can be 4294967269), int64_t must not overflow. A symbolic entry stays symbolic (its value is
// not known, so neither is whether it wraps: the expression is the in-range one, as tla's own
// arithmetic on runtime integers is).
import * as A from './arith';
import { LayoutError } from './errors';
import { IntValue, int, printIntTuple } from './inttuple';

/** The `Index` of a `Catlass::Coord<RANK, Index>`: uint32_t (the default), int64_t (a layout's Stride), int. */
export type CoordIndex = 'uint32_t' | 'int64_t' | 'int';

/** `MatrixCoord{r, c}`, `GemmCoord{m, n, k}`, a `Catlass::Coord<N, Index>` (Catlass::MakeCoord, GetCoordMN()…). */
export interface CatlassCoord {
  readonly kind: 'catlassCoord';
  readonly type: 'MatrixCoord' | 'GemmCoord' | 'Coord';
  /** Absent: uint32_t (MatrixCoord and GemmCoord always). */
  readonly index?: CoordIndex;
  readonly items: readonly IntValue[];
}

export const indexOf = (c: CatlassCoord): CoordIndex => c.index ?? 'uint32_t';

/** A value of the C++ type `index`: uint32_t and int wrap (int as g++ does), int64_t must fit. */
export function fitIndex(x: IntValue, index: CoordIndex): IntValue {
  if (x.sym !== undefined) return A.cast(x);
  if (index === 'uint32_t') return int(BigInt.asUintN(32, x.value));
  if (index === 'int') return int(BigInt.asIntN(32, x.value));
  return int(A.checkInt64(x.value, `${x.value}`));
}

export function catlassCoord(type: CatlassCoord['type'], items: readonly IntValue[], index: CoordIndex = 'uint32_t'): CatlassCoord {
  const fitted = items.map((x) => fitIndex(x, index));
  return index === 'uint32_t' ? { kind: 'catlassCoord', type, items: fitted } : { kind: 'catlassCoord', type, index, items: fitted };
}

/** What a coord's C++ type is called: `MatrixCoord`, `Coord<2>`, `Coord<2, int64_t>`. */
export function coordTypeName(c: CatlassCoord): string {
  if (c.type !== 'Coord') return c.type;
  return `Coord<${c.items.length}${indexOf(c) === 'uint32_t' ? '' : `, ${indexOf(c)}`}>`;
}

/** The golden notation of a coord: `(v0,v1)`, no spaces. */
export const printCatlassCoord = (c: CatlassCoord): string => `(${c.items.map((x) => printIntTuple(x)).join(',')})`;

/** As a kernel writes it: `MatrixCoord{3, 4}`, `Catlass::Coord<2>{…}`. */
export function printCatlassCoordCpp(c: CatlassCoord): string {
  const name = c.type === 'Coord' ? `Catlass::${coordTypeName(c)}` : c.type;
  return `${name}{${c.items.map((x) => printIntTuple(x)).join(', ')}}`;
}

type Raw = (a: bigint, b: bigint) => bigint;

/** One C++ operation on two entries of type `index` (both concrete: exact, then wrapped; else symbolic). */
export function indexArith(op: '+' | '-' | '*' | '/' | '%', a: IntValue, b: IntValue, index: CoordIndex = 'uint32_t'): IntValue {
  const [raw, symbolic] = OPS[op];
  return entryOp(index, fitIndex(a, index), fitIndex(b, index), raw, symbolic, op);
}

function entryOp(index: CoordIndex, a: IntValue, b: IntValue, raw: Raw, symbolic: (a: IntValue, b: IntValue) => IntValue, what: string): IntValue {
  if (a.sym === undefined && b.sym === undefined) {
    if ((what === '/' || what === '%') && b.value === 0n) throw new LayoutError('division-by-zero', `division by zero: ${a.value} ${what} 0`);
    return fitIndex(int(raw(a.value, b.value)), index);
  }
  return A.cast(symbolic(a, b));
}

const OPS: Readonly<Record<string, [Raw, (a: IntValue, b: IntValue) => IntValue]>> = {
  '+': [(a, b) => a + b, A.add],
  '-': [(a, b) => a - b, A.sub],
  '*': [(a, b) => a * b, A.mul],
  '/': [(a, b) => a / b, A.div],
  '%': [(a, b) => a % b, A.mod],
};

function sameShape(a: CatlassCoord, b: CatlassCoord, what: string): void {
  if (a.items.length !== b.items.length)
    throw new LayoutError(
      'rank-mismatch',
      `${coordTypeName(a)} ${what} ${coordTypeName(b)}: the coords have ${a.items.length} and ${b.items.length} entries`,
    );
  if (indexOf(a) !== indexOf(b))
    throw new LayoutError(
      'argument-kind',
      `${coordTypeName(a)} ${what} ${coordTypeName(b)} does not compile: Coord's operator${what} takes a Coord of the same Index type`,
    );
}

/**
 * `a OP b` of two coords (Coord::operator+ - * / %, element-wise) and `a OP s` of a coord and an
 * Index (operator+(Index), operator-(Index)). MatrixCoord's own operator+ gives a MatrixCoord;
 * every other result is the base `Coord<N>` (GemmCoord has no operator of its own).
 */
export function coordArith(op: '+' | '-' | '*' | '/' | '%', a: CatlassCoord, b: CatlassCoord | IntValue): CatlassCoord {
  const [raw, symbolic] = OPS[op];
  const index = indexOf(a);
  let items: IntValue[];
  if (b.kind === 'catlassCoord') {
    sameShape(a, b, op);
    items = a.items.map((x, i) => entryOp(index, x, b.items[i], raw, symbolic, op));
  } else {
    if (op !== '+' && op !== '-')
      throw new LayoutError('argument-kind', `${coordTypeName(a)} ${op} an integer does not compile (Coord has only + and - of an Index)`);
    const s = fitIndex(b, index);
    items = a.items.map((x) => entryOp(index, x, s, raw, symbolic, op));
  }
  return catlassCoord(a.type === 'MatrixCoord' && op === '+' && b.kind === 'catlassCoord' ? 'MatrixCoord' : 'Coord', items, index);
}

/** `a += b` (Coord::operator+=, MatrixCoord::operator+=): a's own type. */
export function coordPlusEqual(a: CatlassCoord, b: CatlassCoord): CatlassCoord {
  const sum = coordArith('+', a, b);
  return catlassCoord(a.type, sum.items, indexOf(a));
}

/** `Coord<N>::Min(a, b)`: entry by entry the smaller. */
export function coordMin(a: CatlassCoord, b: CatlassCoord): CatlassCoord {
  sameShape(a, b, 'Min');
  return catlassCoord(
    'Coord',
    a.items.map((x, i) => A.min(x, b.items[i])),
    indexOf(a),
  );
}

/** `Argmax()` / `Argmin()` (ArgmaxImpl): the first index of the greatest (least) entry; undefined when a symbol decides. */
export function coordArgExtreme(c: CatlassCoord, which: 'Argmax' | 'Argmin'): IntValue | undefined {
  let best = 0;
  for (let i = 1; i < c.items.length; i++) {
    const x = c.items[i];
    const y = c.items[best];
    if (x.sym !== undefined || y.sym !== undefined) return undefined;
    if (which === 'Argmax' ? x.value > y.value : x.value < y.value) best = i;
  }
  return int(best);
}

/** `c[i]`, `c.At(i)`, `c.At<I>()`. */
export function coordAt(c: CatlassCoord, i: number): IntValue {
  if (!Number.isInteger(i) || i < 0 || i >= c.items.length)
    throw new LayoutError(
      'index-out-of-range',
      `${coordTypeName(c)} has ${c.items.length} entries; index ${i} is out of range (undefined behaviour in C++)`,
    );
  return c.items[i];
}

/** `GetCoordByAxis<Is...>()`: a `Coord<sizeof...(Is)>` of the entries Is. */
export function coordByAxis(c: CatlassCoord, axes: readonly number[]): CatlassCoord {
  return catlassCoord(
    'Coord',
    axes.map((i) => coordAt(c, i)),
    indexOf(c),
  );
}

/** The named members: MatrixCoord row() column(), GemmCoord m() n() k() (ROW_INDEX…, M_INDEX…). */
export const COORD_ENTRY_MEMBERS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  MatrixCoord: { row: 0, column: 1 },
  GemmCoord: { m: 0, n: 1, k: 2 },
};

/** GemmCoord's GetCoordMN() / GetCoordMK() / GetCoordKN() (GetCoordByAxis<M_INDEX, N_INDEX>…). */
export const GEMM_COORD_PARTS: Readonly<Record<string, readonly number[]>> = { GetCoordMN: [0, 1], GetCoordMK: [0, 2], GetCoordKN: [2, 1] };

/**
 * A static member of `GemmShape<M, N, K>` (gemm_coord.hpp) or `MatrixShape<ROW, COLUMN>`
 * (matrix_coord.hpp): M N K ROW COLUMN (uint32_t), MN MK KN MNK COUNT (int64_t, products of the
 * uint32_t values), ToCoord() ToCoordMN() ToCoordMK() ToCoordKN() (a `Coord<N>` of them).
 */
export function shapeTemplateMember(
  template: 'GemmShape' | 'MatrixShape',
  dims: readonly bigint[],
  member: string,
): IntValue | CatlassCoord | undefined {
  const v = (...xs: bigint[]) => int(xs.reduce((p, x) => BigInt.asUintN(32, p * x), 1n)); // M * N is uint32_t arithmetic
  const coord = (...xs: bigint[]) =>
    catlassCoord(
      'Coord',
      xs.map((x) => int(x)),
    );
  if (template === 'MatrixShape') {
    const [R, C] = dims;
    const members: Record<string, () => IntValue | CatlassCoord> = {
      ROW: () => v(R),
      COLUMN: () => v(C),
      COUNT: () => v(R, C),
      ToCoord: () => coord(R, C),
    };
    return members[member]?.();
  }
  const [M, N, K] = dims;
  const members: Record<string, () => IntValue | CatlassCoord> = {
    M: () => v(M),
    N: () => v(N),
    K: () => v(K),
    MN: () => v(M, N),
    MK: () => v(M, K),
    KN: () => v(N, K),
    MNK: () => v(M, N, K),
    COUNT: () => v(M, N, K),
    ToCoord: () => coord(M, N, K),
    ToCoordMN: () => coord(M, N),
    ToCoordMK: () => coord(M, K),
    ToCoordKN: () => coord(K, N),
  };
  return members[member]?.();
}

/** The template arguments GemmShape and MatrixShape default to (`GemmShape<>` is 1, 1, 1). */
export const SHAPE_TEMPLATE_RANK = { GemmShape: 3, MatrixShape: 2 } as const;

/**
 * `CeilDiv(a, b)` / `RoundUp(a, b)` of two coords (detail/alignment.hpp, its int-int branch):
 * `(a + b - 1) / b` and `(a + b - 1) / b * b`, in the coords' own arithmetic.
 */
export function coordCeilDiv(a: CatlassCoord, b: CatlassCoord, roundUp = false): CatlassCoord {
  const q = coordArith('/', coordArith('-', coordArith('+', a, b), int(1)), b);
  return roundUp ? coordArith('*', q, b) : q;
}
