// IntTuple values: integers carrying C++'s static/dynamic distinction, and tuples of them.
// Integers are BigInt so that int64 arithmetic is exact; see arith.ts for the checks.
// An integer may also be symbolic (`m`, `⌈m/16⌉·256`): its `sym` holds the expression
// (symbolic.ts) and its value is unknown.
import { LayoutError } from './errors';
import * as S from './symbolic';
import type { Sym } from './symbolic';

/**
 * An integer: concrete (its value known) or symbolic (an expression over unknowns). Both have
 * both fields, so the compiler makes every reader of `value` say what it does with a symbol:
 * narrow first (`x.sym === undefined`, `x.value !== undefined`, `isSymbolicInt(x)`), or call
 * `concreteValue(x)`, which fails with LayoutError('argument-kind') where a number is needed.
 */
export type IntValue = ConcreteInt | SymbolicInt;

export interface ConcreteInt {
  readonly kind: 'int';
  readonly value: bigint;
  /** true for a compile-time integer (`_N`, `Int<N>{}`), false for a runtime one. */
  readonly isStatic: boolean;
  readonly sym?: undefined;
}

export interface SymbolicInt {
  readonly kind: 'int';
  /** Unknown: a symbolic integer never has a value (never a made-up one). */
  readonly value?: undefined;
  /** true for a template constant whose value is unknown, false for a runtime one. */
  readonly isStatic: boolean;
  /** Its expression, never a constant (those are concrete ints). */
  readonly sym: Sym;
}

export interface TupleValue {
  readonly kind: 'tuple';
  readonly items: readonly IntTuple[];
}

export type IntTuple = IntValue | TupleValue;

const staticCache = new Map<bigint, ConcreteInt>();

// Every integer object has the same four fields in the same order (one hidden class in V8).
export function int(value: bigint | number, isStatic = false): ConcreteInt {
  const v = typeof value === 'bigint' ? value : BigInt(value);
  if (isStatic && v >= 0n && v < 1024n) {
    let cached = staticCache.get(v);
    if (!cached) staticCache.set(v, (cached = { kind: 'int', value: v, isStatic: true, sym: undefined }));
    return cached;
  }
  return { kind: 'int', value: v, isStatic, sym: undefined };
}

export const staticInt = (value: bigint | number): ConcreteInt => int(value, true);
export const dynamicInt = (value: bigint | number): ConcreteInt => int(value, false);

/**
 * The integer whose value is the expression `s`: a concrete int when s is a constant,
 * else a symbolic one. Symbolic integers are dynamic unless `isStatic` (a template
 * constant whose value is unknown).
 */
export function fromSym(s: Sym, isStatic = false): IntValue {
  const c = S.constantValue(s);
  if (c !== undefined) return int(c, isStatic);
  return { kind: 'int', value: undefined, isStatic, sym: s };
}

/**
 * The value of an integer where a number is required. A symbolic one fails with
 * LayoutError('argument-kind') (the language layer reports it on the argument at fault).
 */
export function concreteValue(x: IntValue): bigint {
  if (x.value !== undefined) return x.value;
  throw new LayoutError('argument-kind', `${S.print(x.sym)} is not a compile-time constant; its value is unknown here`);
}

/** A runtime integer known only by name: `symbolicInt('m')`, `symbolicInt('params.m')`. */
export const symbolicInt = (name: string, isStatic = false): IntValue => fromSym(S.variable(name), isStatic);

/** True for an integer whose value is known. */
export const isConcreteInt = (x: IntTuple): x is ConcreteInt => x.kind === 'int' && x.sym === undefined;

/** True for an integer whose value is an expression over unknowns. */
export const isSymbolicInt = (x: IntTuple): x is SymbolicInt => x.kind === 'int' && x.sym !== undefined;

/** The parts of a Layout (layout.ts) that isSymbolic looks at. */
interface LayoutLike {
  readonly kind: 'layout';
  readonly shape: IntTuple;
  readonly stride: IntTuple;
  readonly originShape: IntTuple;
}

/** True when any leaf of x (of a layout: of its shape, stride or originShape) is symbolic. */
export function isSymbolic(x: IntTuple | LayoutLike): boolean {
  if (x.kind === 'layout') return isSymbolic(x.shape) || isSymbolic(x.stride) || isSymbolic(x.originShape);
  if (x.kind === 'int') return x.sym !== undefined;
  return x.items.some((i) => isSymbolic(i));
}

/** The expression of an integer: its `sym`, or the constant for a concrete one. */
export const symOf = (x: IntValue): Sym => (x.sym === undefined ? S.constant(x.value) : x.sym);

/**
 * x with every symbolic leaf evaluated for the given variable values (static marks kept);
 * concrete leaves unchanged. Fails (LayoutError) when a variable has no value or a divisor is 0.
 */
export function substitute(x: IntTuple, bindings: ReadonlyMap<string, bigint>): IntTuple {
  if (x.kind === 'int') return x.sym ? int(S.evaluate(x.sym, bindings), x.isStatic) : x;
  return tuple(...x.items.map((i) => substitute(i, bindings)));
}

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
    throw new LayoutError('index-out-of-range', `index ${index} is out of range for a tuple of rank ${x.items.length}`, {
      ranks: { value: x.items.length },
    });
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

/** Same value: concrete ints by value, symbolic ones by their normal forms (never a concrete and a symbolic). */
function sameInt(a: IntValue, b: IntValue): boolean {
  if (a.sym || b.sym) return a.sym !== undefined && b.sym !== undefined && S.equals(a.sym, b.sym);
  return a.value === b.value;
}

/** Structural equality by value (static marks are not compared: C++ compares values). Symbolic leaves compare structurally. */
export function equalValues(a: IntTuple, b: IntTuple): boolean {
  if (a.kind === 'int' && b.kind === 'int') return sameInt(a, b);
  if (a.kind === 'tuple' && b.kind === 'tuple') {
    if (a.items.length !== b.items.length) return false;
    for (let i = 0; i < a.items.length; i++) if (!equalValues(a.items[i], b.items[i])) return false;
    return true;
  }
  return false;
}

/** Identity including static marks: what round-tripping the printed text must preserve. */
export function identical(a: IntTuple, b: IntTuple): boolean {
  if (a.kind === 'int' && b.kind === 'int') return sameInt(a, b) && a.isStatic === b.isStatic;
  if (a.kind === 'tuple' && b.kind === 'tuple') {
    if (a.items.length !== b.items.length) return false;
    for (let i = 0; i < a.items.length; i++) if (!identical(a.items[i], b.items[i])) return false;
    return true;
  }
  return false;
}

/**
 * Print in the guide's notation: `_` on static leaves, no spaces: `((_4,2),(_4,3))`.
 * A symbolic leaf prints as its canonical expression, without `_`: `(_16,⌈m/16⌉)`.
 */
export function printIntTuple(x: IntTuple): string {
  if (x.kind === 'int' && x.sym) return S.print(x.sym);
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
