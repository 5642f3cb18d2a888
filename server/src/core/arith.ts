// C++ integer arithmetic on IntValues: exact (BigInt), checked against the C++ type,
// static only when every operand is static (as with tla's Int<N> operators).
import { LayoutError } from './errors';
import { IntTuple, IntValue, int, leaves, staticInt } from './inttuple';

export const INT64_MIN = -(1n << 63n);
export const INT64_MAX = (1n << 63n) - 1n;
export const UINT32_MAX = (1n << 32n) - 1n;

/** Fails with an overflow error when v does not fit int64 (offsets, strides, products). */
export function checkInt64(v: bigint, what: string): bigint {
  if (v < INT64_MIN || v > INT64_MAX) {
    throw new LayoutError('overflow', `${what} = ${v} does not fit in int64 (C++ would overflow)`);
  }
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

export function add(a: IntValue, b: IntValue): IntValue {
  return int(checkInt64(a.value + b.value, `${a.value} + ${b.value}`), both(a, b));
}

export function sub(a: IntValue, b: IntValue): IntValue {
  return int(checkInt64(a.value - b.value, `${a.value} - ${b.value}`), both(a, b));
}

export function mul(a: IntValue, b: IntValue): IntValue {
  return int(checkInt64(a.value * b.value, `${a.value} * ${b.value}`), both(a, b));
}

/** C++ division truncates toward zero, as BigInt's does. */
export function div(a: IntValue, b: IntValue): IntValue {
  if (b.value === 0n) throw new LayoutError('division-by-zero', `division by zero: ${a.value} / 0`, { argIndex: 1 });
  return int(checkInt64(a.value / b.value, `${a.value} / ${b.value}`), both(a, b));
}

/** C++ remainder takes the sign of the dividend, as BigInt's does. */
export function mod(a: IntValue, b: IntValue): IntValue {
  if (b.value === 0n) throw new LayoutError('division-by-zero', `division by zero: ${a.value} % 0`, { argIndex: 1 });
  return int(a.value % b.value, both(a, b));
}

export function neg(a: IntValue): IntValue {
  return int(checkInt64(-a.value, `-${a.value}`), a.isStatic);
}

/** tla::CeilDiv(a, b) = (a + b - 1) / b. */
export function ceilDiv(a: IntValue, b: IntValue): IntValue {
  if (b.value === 0n) throw new LayoutError('division-by-zero', `CeilDiv by zero: CeilDiv(${a.value}, 0)`, { argIndex: 1 });
  return int(checkInt64((a.value + b.value - 1n) / b.value, `CeilDiv(${a.value}, ${b.value})`), both(a, b));
}

/** tla::RoundUp(a, b) = CeilDiv(a, b) * b. */
export function roundUp(a: IntValue, b: IntValue): IntValue {
  if (b.value === 0n) throw new LayoutError('division-by-zero', `RoundUp to zero: RoundUp(${a.value}, 0)`, { argIndex: 1 });
  const v = ((a.value + b.value - 1n) / b.value) * b.value;
  return int(checkInt64(v, `RoundUp(${a.value}, ${b.value})`), both(a, b));
}

export function min(a: IntValue, b: IntValue): IntValue {
  return int(a.value < b.value ? a.value : b.value, both(a, b));
}

export function max(a: IntValue, b: IntValue): IntValue {
  return int(a.value > b.value ? a.value : b.value, both(a, b));
}

/** A cast (`(int64_t)x`, `static_cast<uint32_t>(x)`) keeps the value and makes it dynamic. */
export function cast(a: IntValue): IntValue {
  return a.isStatic ? int(a.value, false) : a;
}

/** Product{}(t): product of all leaves; the empty tuple gives _1. */
export function product(x: IntTuple): IntValue {
  let acc = staticInt(1);
  for (const leaf of leaves(x)) acc = mul(acc, leaf);
  return acc;
}
