// IntTuple values: integers carrying C++'s static/dynamic distinction, and tuples of them.
// Integers are BigInt so that int64 arithmetic is exact; see arith.ts for the checks.
import { LayoutError } from './errors';

export interface IntValue {
  readonly kind: 'int';
  readonly value: bigint;
  /** true for a compile-time integer (`_N`, `Int<N>{}`), false for a runtime one. */
  readonly isStatic: boolean;
}

export interface TupleValue {
  readonly kind: 'tuple';
  readonly items: readonly IntTuple[];
}

export type IntTuple = IntValue | TupleValue;

const staticCache = new Map<bigint, IntValue>();

export function int(value: bigint | number, isStatic = false): IntValue {
  const v = typeof value === 'bigint' ? value : BigInt(value);
  if (isStatic && v >= 0n && v < 1024n) {
    let cached = staticCache.get(v);
    if (!cached) staticCache.set(v, (cached = { kind: 'int', value: v, isStatic: true }));
    return cached;
  }
  return { kind: 'int', value: v, isStatic };
}

export const staticInt = (value: bigint | number): IntValue => int(value, true);
export const dynamicInt = (value: bigint | number): IntValue => int(value, false);

export function tuple(...items: IntTuple[]): TupleValue {
  return { kind: 'tuple', items };
}

export const isInt = (x: IntTuple): x is IntValue => x.kind === 'int';
export const isTuple = (x: IntTuple): x is TupleValue => x.kind === 'tuple';

/** rank: an integer has rank 1, a tuple its length. */
export function rank(x: IntTuple): number {
  return x.kind === 'int' ? 1 : x.items.length;
}

/** depth: an integer has depth 0, a tuple 1 + the largest depth of its elements. */
export function depth(x: IntTuple): number {
  if (x.kind === 'int') return 0;
  let d = 0;
  for (const item of x.items) d = Math.max(d, depth(item));
  return 1 + d;
}

/** get<I>: the I-th element of a tuple; get<0> of an integer is the integer itself. */
export function getMode(x: IntTuple, index: number): IntTuple {
  if (x.kind === 'int') {
    if (index === 0) return x;
    throw new LayoutError('index-out-of-range', `index ${index} is out of range for an integer (rank 1)`, {
      ranks: { value: 1 },
    });
  }
  if (index < 0 || index >= x.items.length) {
    throw new LayoutError(
      'index-out-of-range',
      `index ${index} is out of range for a tuple of rank ${x.items.length}`,
      { ranks: { value: x.items.length } },
    );
  }
  return x.items[index];
}

/** get<I0, I1, …>: recursive get. */
export function getPath(x: IntTuple, path: readonly number[]): IntTuple {
  let cur = x;
  for (let i = 0; i < path.length; i++) {
    try {
      cur = getMode(cur, path[i]);
    } catch (e) {
      if (e instanceof LayoutError) {
        throw new LayoutError(e.code, `get<${path.slice(0, i + 1).join(', ')}>: ${e.message}`, {
          ...e.details,
          path: path.slice(0, i + 1),
        });
      }
      throw e;
    }
  }
  return cur;
}

/** All integer leaves in order. */
export function leaves(x: IntTuple, out: IntValue[] = []): IntValue[] {
  if (x.kind === 'int') out.push(x);
  else for (const item of x.items) leaves(item, out);
  return out;
}

/** Two IntTuples have the same nesting structure (CuTe's "congruent"). */
export function congruent(a: IntTuple, b: IntTuple): boolean {
  if (a.kind === 'int' || b.kind === 'int') return a.kind === b.kind;
  if (a.items.length !== b.items.length) return false;
  for (let i = 0; i < a.items.length; i++) if (!congruent(a.items[i], b.items[i])) return false;
  return true;
}

/**
 * Where two IntTuples stop being congruent: the mode path and a description,
 * or undefined when they are congruent. Used for precise depth/rank messages.
 */
export function firstIncongruence(
  a: IntTuple,
  b: IntTuple,
  path: number[] = [],
): { path: number[]; aRank: number; bRank: number; aIsInt: boolean; bIsInt: boolean } | undefined {
  if (a.kind === 'int' && b.kind === 'int') return undefined;
  if (a.kind === 'int' || b.kind === 'int' || a.items.length !== b.items.length) {
    return { path, aRank: rank(a), bRank: rank(b), aIsInt: a.kind === 'int', bIsInt: b.kind === 'int' };
  }
  for (let i = 0; i < a.items.length; i++) {
    const r = firstIncongruence(a.items[i], b.items[i], [...path, i]);
    if (r) return r;
  }
  return undefined;
}

/** Structural equality by value (static marks are not compared: C++ compares values). */
export function equalValues(a: IntTuple, b: IntTuple): boolean {
  if (a.kind === 'int' && b.kind === 'int') return a.value === b.value;
  if (a.kind === 'tuple' && b.kind === 'tuple') {
    if (a.items.length !== b.items.length) return false;
    for (let i = 0; i < a.items.length; i++) if (!equalValues(a.items[i], b.items[i])) return false;
    return true;
  }
  return false;
}

/** Identity including static marks: what round-tripping the printed text must preserve. */
export function identical(a: IntTuple, b: IntTuple): boolean {
  if (a.kind === 'int' && b.kind === 'int') return a.value === b.value && a.isStatic === b.isStatic;
  if (a.kind === 'tuple' && b.kind === 'tuple') {
    if (a.items.length !== b.items.length) return false;
    for (let i = 0; i < a.items.length; i++) if (!identical(a.items[i], b.items[i])) return false;
    return true;
  }
  return false;
}

/** Print in the guide's notation: `_` on static leaves, no spaces: `((_4,2),(_4,3))`. */
export function printIntTuple(x: IntTuple): string {
  // A negative static prints as -_N so that it reads back as the static it is.
  if (x.kind === 'int') return x.isStatic ? (x.value < 0n ? `-_${-x.value}` : `_${x.value}`) : x.value.toString();
  return '(' + x.items.map(printIntTuple).join(',') + ')';
}

/** Count of leaves: used to bound work before materialising anything. */
export function leafCount(x: IntTuple): number {
  if (x.kind === 'int') return 1;
  let n = 0;
  for (const item of x.items) n += leafCount(item);
  return n;
}
