// C++ integer arithmetic on IntValues: exact (BigInt), checked against the C++ type,
// static only when every operand is static (as with tla's Int<N> operators).
// A symbolic operand (inttuple.ts's `sym`) makes the result symbolic, simplified by
// symbolic.ts, unless it folds to a constant (then a concrete int). Symbolic results are
// never bounds-checked, and only a concrete 0 divisor is a division by zero.
import { LayoutError } from './errors';
import { IntTuple, IntValue, fromSym, int, leaves, staticInt, symOf } from './inttuple';
import * as S from './symbolic';
import type { Sym } from './symbolic';

export const INT64_MIN = -(1n << 63n);
export const INT64_MAX = (1n << 63n) - 1n;
export const UINT32_MAX = (1n << 32n) - 1n;

/** Fails with an overflow error when v does not fit int64 (offsets, strides, products). */
export function checkInt64(v: bigint, what: string): bigint {
  if (v < INT64_MIN || v > INT64_MAX) overflow64(what, v);
  return v;
}

/** The overflow error of a value outside int64; `what` is the operation that made it. */
function overflow64(what: string, v: bigint): never {
  throw new LayoutError('overflow', `${what} = ${v} does not fit in int64 (C++ would overflow)`);
}

/** v, checked against int64; the operation's text `a op b` is made only for the error (not on every call). */
function fit64(v: bigint, a: bigint, op: string, b: bigint): bigint {
  if (v < INT64_MIN || v > INT64_MAX) overflow64(`${a} ${op} ${b}`, v);
  return v;
}

/** Fails when v does not fit uint32 (originShape extents are uint32 in tla). */
export function checkUint32(v: bigint, what: string): bigint {
  if (v < 0n || v > UINT32_MAX) {
    throw new LayoutError('overflow', `${what} = ${v} does not fit in uint32 (originShape is uint32 in C++)`);
  }
  return v;
}

const both = (a: IntValue, b: IntValue) => a.isStatic && b.isStatic;

/** The symbolic form of a binary operation; the static mark as for concrete operands. */
const lift = (op: (x: Sym, y: Sym) => Sym, a: IntValue, b: IntValue) => fromSym(op(symOf(a), symOf(b)), both(a, b));

/** Text of an operand for messages (a symbolic one by its expression). */
const text = (a: IntValue) => (a.sym ? S.print(a.sym) : a.value.toString());

/** A concrete zero divisor; a symbolic divisor is assumed non-zero. */
const isZero = (b: IntValue) => b.sym === undefined && b.value === 0n;

export function add(a: IntValue, b: IntValue): IntValue {
  if (a.sym !== undefined || b.sym !== undefined) return lift(S.add, a, b);
  return int(fit64(a.value + b.value, a.value, '+', b.value), both(a, b));
}

export function sub(a: IntValue, b: IntValue): IntValue {
  if (a.sym !== undefined || b.sym !== undefined) return lift(S.sub, a, b);
  return int(fit64(a.value - b.value, a.value, '-', b.value), both(a, b));
}

export function mul(a: IntValue, b: IntValue): IntValue {
  if (a.sym !== undefined || b.sym !== undefined) return lift(S.mul, a, b);
  return int(fit64(a.value * b.value, a.value, '*', b.value), both(a, b));
}

/** C++ division truncates toward zero, as BigInt's does. */
export function div(a: IntValue, b: IntValue): IntValue {
  if (isZero(b)) throw new LayoutError('division-by-zero', `division by zero: ${text(a)} / 0`, { argIndex: 1 });
  if (a.sym !== undefined || b.sym !== undefined) return lift(S.div, a, b);
  return int(fit64(a.value / b.value, a.value, '/', b.value), both(a, b));
}

/** C++ remainder takes the sign of the dividend, as BigInt's does. */
export function mod(a: IntValue, b: IntValue): IntValue {
  if (isZero(b)) throw new LayoutError('division-by-zero', `division by zero: ${text(a)} % 0`, { argIndex: 1 });
  if (a.sym !== undefined || b.sym !== undefined) return lift(S.mod, a, b);
  // INT64_MIN % -1 is undefined in C++ (the division overflows; it traps on most CPUs)
  if (a.value === INT64_MIN && b.value === -1n) throw new LayoutError('overflow', `${a.value} % -1 overflows int64 (undefined behaviour in C++)`);
  return int(a.value % b.value, both(a, b));
}

export function neg(a: IntValue): IntValue {
  if (a.sym) return fromSym(S.neg(a.sym), a.isStatic);
  const v = -a.value;
  if (v > INT64_MAX) overflow64(`-${a.value}`, v);
  return int(v, a.isStatic);
}

/** tla::CeilDiv(a, b) = (a + b - 1) / b. */
export function ceilDiv(a: IntValue, b: IntValue): IntValue {
  if (isZero(b)) throw new LayoutError('division-by-zero', `CeilDiv by zero: CeilDiv(${text(a)}, 0)`, { argIndex: 1 });
  if (a.sym !== undefined || b.sym !== undefined) return lift(S.ceilDiv, a, b);
  const v = (a.value + b.value - 1n) / b.value;
  if (v < INT64_MIN || v > INT64_MAX) overflow64(`CeilDiv(${a.value}, ${b.value})`, v);
  return int(v, both(a, b));
}

/** tla::RoundUp(a, b) = CeilDiv(a, b) * b. */
export function roundUp(a: IntValue, b: IntValue): IntValue {
  if (isZero(b)) throw new LayoutError('division-by-zero', `RoundUp to zero: RoundUp(${text(a)}, 0)`, { argIndex: 1 });
  if (a.sym !== undefined || b.sym !== undefined) return lift(S.roundUp, a, b);
  const v = ((a.value + b.value - 1n) / b.value) * b.value;
  if (v < INT64_MIN || v > INT64_MAX) overflow64(`RoundUp(${a.value}, ${b.value})`, v);
  return int(v, both(a, b));
}

export function min(a: IntValue, b: IntValue): IntValue {
  if (a.sym !== undefined || b.sym !== undefined) return lift(S.min, a, b);
  return int(a.value < b.value ? a.value : b.value, both(a, b));
}

export function max(a: IntValue, b: IntValue): IntValue {
  if (a.sym !== undefined || b.sym !== undefined) return lift(S.max, a, b);
  return int(a.value > b.value ? a.value : b.value, both(a, b));
}

/** A cast (`(int64_t)x`, `static_cast<uint32_t>(x)`) keeps the value and makes it dynamic. */
export function cast(a: IntValue): IntValue {
  if (!a.isStatic) return a;
  return a.sym ? fromSym(a.sym, false) : int(a.value, false);
}

/** Product{}(t): product of all leaves; the empty tuple gives _1. */
export function product(x: IntTuple): IntValue {
  let acc: IntValue = staticInt(1);
  for (const leaf of leaves(x)) acc = mul(acc, leaf);
  return acc;
}
