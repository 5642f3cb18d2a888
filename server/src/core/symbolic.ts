// Symbolic integers: the values of arguments that are not compile-time constants
// (`m`, `params.m`, `L1TileShape::M`), kept in a normal form that simplifies.
//
// A Sym is a polynomial with BigInt coefficients over atoms. An atom is
//   - a variable, named by any string;
//   - ⌈P/Q⌉, tla::CeilDiv(P, Q) = (P + Q - 1) / Q in C++;
//   - ⌊P/Q⌋, C++ division P / Q (it truncates; the floor for the non-negative values layouts use);
//   - min(P, Q), max(P, Q).
//
// Normal form (what makes structural equality mean equality):
//   - like terms are collected, zero terms dropped; the zero polynomial has no terms;
//   - a term is a coefficient times a monomial, a monomial a list of (atom, exponent)
//     sorted by atom order (variables by name, then ⌈⌉, ⌊⌋, min, max, each by key);
//   - terms are sorted by total degree, highest first, then lexicographically by their
//     monomials (a higher exponent of the same atom first); the constant term comes last;
//   - every atom's operands are themselves normal; min/max operands are ordered.
// Every Sym has a `key` string: equal keys ⇔ structurally equal ⇔ (in normal form) equal.
//
// Canonical text (print): variables by name; `⌈m/16⌉`, `⌊m/16⌋`, `min(m,16)`; a term is its
// factors joined by `·` with the coefficient LAST (`⌈m/16⌉·256`, `m·k·2`, `m^2`), a
// coefficient of 1 omitted; terms joined by `+`/`-` with no spaces, in the order above,
// except that when the first term is negative the first positive term is printed first
// (`x·2+2`, `k-m`, `100-i`, `m^2-k^2`, `-k-m`); parentheses only around a multi-term
// operand of ⌈⌉/⌊⌋ and a denominator that is not a single constant or atom
// (`⌈(k+m)/16⌉`, `⌊m/(k·2)⌋`).
//
// Simplification rules and the assumptions they rest on (the layout world's):
//   - every VARIABLE stands for a non-negative integer (sizes, extents, coordinates);
//   - a non-constant divisor Q is assumed non-zero and is only simplified against in
//     ⌊0/Q⌋ = 0 and ⌊Q/Q⌋ = 1 (and the same for ⌈⌉ when Q is provably non-negative);
//     otherwise ⌊P/Q⌋ with Q symbolic stays an atom;
//   - with a constant divisor c > 0: ⌊P/c⌋ is exact when c divides every coefficient;
//     when P is provably non-negative, terms whose coefficients c divides are taken out
//     (⌈(m+16)/16⌉ = ⌈m/16⌉+1, ⌈16·x/16⌉ = x), the rest is reduced by its gcd with c, and
//     nested constant divisions merge (⌈⌈m/2⌉/8⌉ = ⌈m/16⌉). C++'s truncating CeilDiv and
//     division equal the mathematical ceiling and floor there, so these are exact.
//   - min/max fold when the difference of their operands is a constant or provably of one sign.
// "Provably non-negative": every coefficient >= 0 and every atom non-negative (variables are;
// ⌈P/Q⌉ and ⌊P/Q⌋ when P and Q are; min when both operands are; max when either is).
// Under those assumptions evaluate(op(a, b)) equals the C++ operation on the evaluated operands.
//
// Size bound (limits.ts): a result of more than MAX_SYMBOLIC_TERMS terms, or whose key is
// longer than MAX_SYMBOLIC_CHARS, is not kept expanded: it becomes an OPAQUE variable
// `‹…#h›` (h: a hash of the operation and its operands' normal forms), which remembers the
// operation and its (bounded) operands, so evaluate and substitute still give the exact
// value, and which is non-negative only when the expanded result provably was. Two opaque
// symbols are equal only when they come from the same operation on equal operands (an
// equal value reached another way compares unequal: a simplification missed, never a
// wrong one). Without the bound `(a+1)·(a+1)` squared twelve times has 4,097 terms.
import { MAX_SYMBOLIC_CHARS, MAX_SYMBOLIC_TERMS } from './limits';
import { LayoutError } from './errors';

export interface VarAtom {
  readonly kind: 'var';
  readonly name: string;
  readonly key: string;
  /** Set on an opaque symbol: the operation it stands for (never expanded). */
  readonly opaque?: OpaqueDef;
}
export type OpaqueOp = 'add' | 'mul' | 'div' | 'ceilDiv' | 'min' | 'max';
export interface OpaqueDef {
  readonly op: OpaqueOp;
  readonly a: Sym;
  readonly b: Sym;
  /** Provably non-negative (as the expanded result was). */
  readonly nonNegative: boolean;
}
export interface DivAtom {
  /** ceil: tla::CeilDiv(num, den); floor: C++ num / den. */
  readonly kind: 'ceil' | 'floor';
  readonly num: Sym;
  readonly den: Sym;
  readonly key: string;
}
export interface MinMaxAtom {
  readonly kind: 'min' | 'max';
  readonly a: Sym;
  readonly b: Sym;
  readonly key: string;
}
export type Atom = VarAtom | DivAtom | MinMaxAtom;

export interface Factor {
  readonly atom: Atom;
  readonly exp: number;
}

export interface Term {
  readonly coef: bigint;
  /** Sorted by atom order; empty for the constant term. */
  readonly factors: readonly Factor[];
  /** Key of the monomial (without the coefficient); '' for the constant term. */
  readonly key: string;
}

/** A symbolic integer in normal form. Treat as immutable; build only with this module's functions. */
export interface Sym {
  readonly terms: readonly Term[];
  readonly key: string;
}

// ---------------------------------------------------------------- ordering and keys

const KIND_RANK: Record<Atom['kind'], number> = { var: 0, ceil: 1, floor: 2, min: 3, max: 4 };

const cmpStr = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareAtoms(a: Atom, b: Atom): number {
  if (a.kind !== b.kind) return KIND_RANK[a.kind] - KIND_RANK[b.kind];
  if (a.kind === 'var') return cmpStr(a.name, (b as VarAtom).name);
  return cmpStr(a.key, b.key);
}

const degree = (fs: readonly Factor[]) => fs.reduce((d, f) => d + f.exp, 0);

/** Monomial order: higher degree first, then lexicographic by atom (higher exponent first). */
function compareMonomials(a: readonly Factor[], b: readonly Factor[]): number {
  const da = degree(a);
  const db = degree(b);
  if (da !== db) return db - da;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareAtoms(a[i].atom, b[i].atom);
    if (c !== 0) return c;
    if (a[i].exp !== b[i].exp) return b[i].exp - a[i].exp;
  }
  return a.length - b.length;
}

/** A total order on normal forms (monomials first, then coefficients): orders min/max operands. */
export function compare(a: Sym, b: Sym): number {
  const n = Math.min(a.terms.length, b.terms.length);
  for (let i = 0; i < n; i++) {
    const c = compareMonomials(a.terms[i].factors, b.terms[i].factors);
    if (c !== 0) return c;
    if (a.terms[i].coef !== b.terms[i].coef) return a.terms[i].coef < b.terms[i].coef ? -1 : 1;
  }
  return b.terms.length - a.terms.length; // a prefix sorts after: 0 and constants come last
}

const monoKey = (fs: readonly Factor[]) => fs.map((f) => (f.exp === 1 ? f.atom.key : `${f.atom.key}^${f.exp}`)).join('*');

function term(coef: bigint, factors: readonly Factor[]): Term {
  return { coef, factors, key: monoKey(factors) };
}

/** Builds the normal form from terms with distinct monomials (zero coefficients dropped). */
function fromTerms(terms: Iterable<Term>): Sym {
  const list = [...terms].filter((t) => t.coef !== 0n);
  list.sort((a, b) => compareMonomials(a.factors, b.factors));
  return { terms: list, key: list.map((t) => (t.key ? `${t.coef}*${t.key}` : `${t.coef}`)).join('+') };
}

// ---------------------------------------------------------------- construction

const ZERO: Sym = fromTerms([]);

export function constant(c: bigint | number): Sym {
  const v = typeof c === 'bigint' ? c : BigInt(c);
  return v === 0n ? ZERO : fromTerms([term(v, [])]);
}

export function variable(name: string): Sym {
  return atomSym({ kind: 'var', name, key: JSON.stringify(name) });
}

function atomSym(atom: Atom): Sym {
  return fromTerms([term(1n, [{ atom, exp: 1 }])]);
}

function divAtom(kind: 'ceil' | 'floor', num: Sym, den: Sym): Sym {
  return atomSym({ kind, num, den, key: `${kind === 'ceil' ? 'C' : 'F'}(${num.key}/${den.key})` });
}

function minMaxAtom(kind: 'min' | 'max', p: Sym, q: Sym): Sym {
  const [a, b] = compare(p, q) <= 0 ? [p, q] : [q, p];
  return atomSym({ kind, a, b, key: `${kind}(${a.key},${b.key})` });
}

/** The value when the expression is a constant, else undefined. */
export function constantValue(s: Sym): bigint | undefined {
  if (s.terms.length === 0) return 0n;
  if (s.terms.length === 1 && s.terms[0].factors.length === 0) return s.terms[0].coef;
  return undefined;
}

export const isConstant = (s: Sym) => constantValue(s) !== undefined;

/** Structural equality of normal forms, i.e. equality of the expressions. */
export const equals = (a: Sym, b: Sym) => a.key === b.key;

/** The names of the variables the expression depends on. */
export function variables(s: Sym, out = new Set<string>(), seen = new Set<Atom>()): Set<string> {
  for (const t of s.terms) {
    for (const { atom } of t.factors) {
      if (seen.has(atom)) continue;
      seen.add(atom);
      if (atom.kind === 'var') {
        // an opaque symbol depends on the variables of its operands
        if (atom.opaque) {
          variables(atom.opaque.a, out, seen);
          variables(atom.opaque.b, out, seen);
        } else out.add(atom.name);
      } else if (atom.kind === 'min' || atom.kind === 'max') {
        variables(atom.a, out, seen);
        variables(atom.b, out, seen);
      } else if (atom.kind === 'ceil' || atom.kind === 'floor') {
        variables(atom.num, out, seen);
        variables(atom.den, out, seen);
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------- ring operations

// ---------------------------------------------------------------- the size bound

/** 53-bit hash (cyrb53) of a string, as hex. */
function hash(str: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** Prefix of the name of every opaque symbol (the hover explains it). */
export const OPAQUE_PREFIX = '‹…#';

/** A constant is never opaque: it is a value (checked against its C++ type by the caller). */
const tooBig = (s: Sym) => (s.terms.length > MAX_SYMBOLIC_TERMS || s.key.length > MAX_SYMBOLIC_CHARS) && constantValue(s) === undefined;

function opaque(op: OpaqueOp, a: Sym, b: Sym, nonNeg: boolean): Sym {
  const h = hash(`${op}(${a.key};${b.key})`);
  const name = `${OPAQUE_PREFIX}${h}›`;
  return atomSym({ kind: 'var', name, key: JSON.stringify(name), opaque: { op, a, b, nonNegative: nonNeg } });
}

/** The result when within the bound, else an opaque symbol for op(a, b). */
const bounded = (r: Sym, op: OpaqueOp, a: Sym, b: Sym): Sym => (tooBig(r) ? opaque(op, a, b, nonNegative(r)) : r);

/** True when s contains an opaque symbol (an expression past the size bound). */
export function hasOpaque(s: Sym): boolean {
  for (const t of s.terms) {
    for (const { atom } of t.factors) {
      if (atom.kind === 'var') {
        if (atom.opaque) return true;
      } else if (atom.kind === 'min' || atom.kind === 'max') {
        if (hasOpaque(atom.a) || hasOpaque(atom.b)) return true;
      } else if (atom.kind === 'ceil' || atom.kind === 'floor') {
        if (hasOpaque(atom.num) || hasOpaque(atom.den)) return true;
      }
    }
  }
  return false;
}

export function add(a: Sym, b: Sym): Sym {
  return bounded(addTerms(a, b), 'add', a, b);
}

function addTerms(a: Sym, b: Sym): Sym {
  if (a.terms.length === 0) return b;
  if (b.terms.length === 0) return a;
  const acc = new Map<string, Term>();
  for (const t of [...a.terms, ...b.terms]) {
    const prev = acc.get(t.key);
    acc.set(t.key, prev ? { ...prev, coef: prev.coef + t.coef } : t);
  }
  return fromTerms(acc.values());
}

export function scale(a: Sym, c: bigint): Sym {
  if (c === 0n) return ZERO;
  if (c === 1n) return a;
  return bounded(fromTerms(a.terms.map((t) => ({ ...t, coef: t.coef * c }))), 'mul', a, constant(c));
}

export const neg = (a: Sym) => scale(a, -1n);

export const sub = (a: Sym, b: Sym) => add(a, neg(b));

function mulMonomials(a: readonly Factor[], b: readonly Factor[]): Factor[] {
  const out: Factor[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length) out.push(a[i++]);
    else if (i >= a.length) out.push(b[j++]);
    else {
      const c = compareAtoms(a[i].atom, b[j].atom);
      if (c < 0) out.push(a[i++]);
      else if (c > 0) out.push(b[j++]);
      else out.push({ atom: a[i].atom, exp: a[i++].exp + b[j++].exp });
    }
  }
  return out;
}

export function mul(a: Sym, b: Sym): Sym {
  const ca = constantValue(a);
  if (ca !== undefined) return scale(b, ca);
  const cb = constantValue(b);
  if (cb !== undefined) return scale(a, cb);
  // more products than a bounded result could come from: not expanded at all
  if (a.terms.length * b.terms.length > 4 * MAX_SYMBOLIC_TERMS) return opaque('mul', a, b, nonNegative(a) && nonNegative(b));
  return bounded(mulTerms(a, b), 'mul', a, b);
}

function mulTerms(a: Sym, b: Sym): Sym {
  const acc = new Map<string, Term>();
  for (const x of a.terms) {
    for (const y of b.terms) {
      const t = term(x.coef * y.coef, mulMonomials(x.factors, y.factors));
      const prev = acc.get(t.key);
      acc.set(t.key, prev ? { ...prev, coef: prev.coef + t.coef } : t);
    }
  }
  return fromTerms(acc.values());
}

// ---------------------------------------------------------------- signs

function atomNonNegative(atom: Atom): boolean {
  switch (atom.kind) {
    case 'var':
      return atom.opaque ? atom.opaque.nonNegative : true;
    case 'ceil':
    case 'floor':
      return nonNegative(atom.num) && nonNegative(atom.den);
    case 'min':
      return nonNegative(atom.a) && nonNegative(atom.b);
    case 'max':
      return nonNegative(atom.a) || nonNegative(atom.b);
  }
}

/** Provably >= 0 when every variable is (every coefficient >= 0 and every atom non-negative). */
export function nonNegative(s: Sym): boolean {
  return s.terms.every((t) => t.coef >= 0n && t.factors.every((f) => atomNonNegative(f.atom)));
}

// ---------------------------------------------------------------- division

const abs = (v: bigint) => (v < 0n ? -v : v);
function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** gcd of the coefficients and c. */
const contentGcd = (s: Sym, c: bigint) => s.terms.reduce((g, t) => gcd(g, t.coef), c);

/** s / c for a c that divides every coefficient. */
const exactDiv = (s: Sym, c: bigint) => fromTerms(s.terms.map((t) => ({ ...t, coef: t.coef / c })));

/** s = c·whole + rest, whole from the terms whose coefficient c divides. */
function splitDivisible(s: Sym, c: bigint): { whole: Sym; rest: Sym } {
  const whole: Term[] = [];
  const rest: Term[] = [];
  for (const t of s.terms) {
    if (t.coef % c === 0n) whole.push({ ...t, coef: t.coef / c });
    else rest.push(t);
  }
  return { whole: fromTerms(whole), rest: fromTerms(rest) };
}

function divisionByZero(op: string, p: Sym): never {
  throw new LayoutError('division-by-zero', `division by zero: ${op}(${print(p)}, 0)`, { argIndex: 1 });
}

/** The single atom of `s` when s is exactly that atom (coefficient 1, exponent 1). */
function soleAtom(s: Sym): Atom | undefined {
  if (s.terms.length !== 1) return undefined;
  const t = s.terms[0];
  return t.coef === 1n && t.factors.length === 1 && t.factors[0].exp === 1 ? t.factors[0].atom : undefined;
}

/**
 * ⌈b/c⌉ or ⌊b/c⌋ for a provably non-negative b with no term divisible by c > 1:
 * reduced by the gcd of b's coefficients and c, nested constant divisions merged.
 */
function reducedDivAtom(kind: 'ceil' | 'floor', b: Sym, c: bigint): Sym {
  const g = contentGcd(b, c);
  const num = g === 1n ? b : exactDiv(b, g);
  const den = c / g;
  if (den === 1n) return num;
  const nc = constantValue(num);
  if (nc !== undefined) return constant(kind === 'ceil' ? (nc + den - 1n) / den : nc / den);
  const inner = soleAtom(num);
  if (inner && inner.kind === kind) {
    const d = constantValue(inner.den);
    // ⌈⌈X/d⌉/c⌉ = ⌈X/(d·c)⌉ and ⌊⌊X/d⌋/c⌋ = ⌊X/(d·c)⌋ for d, c > 0 and X >= 0.
    if (d !== undefined && d > 0n) return (kind === 'ceil' ? ceilDiv : div)(inner.num, constant(d * den));
  }
  return divAtom(kind, num, constant(den));
}

/** C++ division p / d (truncating; ⌊p/d⌋ for the non-negative values of layouts). */
export const div = (p: Sym, d: Sym): Sym => bounded(divRaw(p, d), 'div', p, d);

function divRaw(p: Sym, d: Sym): Sym {
  const c = constantValue(d);
  if (c === 0n) divisionByZero('div', p);
  const pc = constantValue(p);
  if (c !== undefined && pc !== undefined) return constant(pc / c);
  if (c === undefined) {
    // d is assumed non-zero: 0 / d = 0 and d / d = 1 in C++ for any such d.
    if (pc === 0n) return ZERO;
    if (equals(p, d)) return constant(1);
    return divAtom('floor', p, d);
  }
  if (c < 0n) return divAtom('floor', p, d);
  if (c === 1n) return p;
  const g = contentGcd(p, c);
  if (g === c) return exactDiv(p, c); // exact for any sign: (c·Q) / c = Q
  if (nonNegative(p)) {
    const { whole, rest } = splitDivisible(p, c);
    return add(whole, reducedDivAtom('floor', rest, c));
  }
  // Truncating division of (g·P') / (g·c') is P' / c' whatever the sign.
  return divAtom('floor', exactDiv(p, g), constant(c / g));
}

/** tla::CeilDiv(p, d) = (p + d - 1) / d; exact when d divides p, ⌈16·x/16⌉ = x. */
export const ceilDiv = (p: Sym, d: Sym): Sym => bounded(ceilDivRaw(p, d), 'ceilDiv', p, d);

function ceilDivRaw(p: Sym, d: Sym): Sym {
  const c = constantValue(d);
  if (c === 0n) divisionByZero('CeilDiv', p);
  const pc = constantValue(p);
  if (c !== undefined && pc !== undefined) return constant((pc + c - 1n) / c);
  if (c === undefined) {
    // For a non-negative (so, being a divisor, positive) d: CeilDiv(0, d) = 0, CeilDiv(d, d) = 1.
    if (nonNegative(d) && pc === 0n) return ZERO;
    if (nonNegative(d) && equals(p, d)) return constant(1);
    return divAtom('ceil', p, d);
  }
  if (c < 0n) return divAtom('ceil', p, d);
  if (c === 1n) return p;
  if (!nonNegative(p)) return divAtom('ceil', p, d);
  const { whole, rest } = splitDivisible(p, c);
  if (rest.terms.length === 0) return whole;
  return add(whole, reducedDivAtom('ceil', rest, c));
}

/** tla::RoundUp(p, d) = CeilDiv(p, d) · d. */
export const roundUp = (p: Sym, d: Sym) => mul(ceilDiv(p, d), d);

/** C++ p % d = p - d·(p / d). */
export const mod = (p: Sym, d: Sym) => sub(p, mul(d, div(p, d)));

function minMax(kind: 'min' | 'max', p: Sym, q: Sym): Sym {
  if (equals(p, q)) return p;
  const diff = sub(q, p); // q - p
  const dc = constantValue(diff);
  const qBigger = dc !== undefined ? dc >= 0n : nonNegative(diff) ? true : nonNegative(neg(diff)) ? false : undefined;
  if (qBigger === undefined) return minMaxAtom(kind, p, q);
  return (kind === 'min') === qBigger ? p : q;
}

export const min = (p: Sym, q: Sym) => bounded(minMax('min', p, q), 'min', p, q);
export const max = (p: Sym, q: Sym) => bounded(minMax('max', p, q), 'max', p, q);

// ---------------------------------------------------------------- evaluation and substitution

const OPS: Record<OpaqueOp, (a: Sym, b: Sym) => Sym> = {
  add: (a, b) => add(a, b),
  mul: (a, b) => mul(a, b),
  div: (a, b) => div(a, b),
  ceilDiv: (a, b) => ceilDiv(a, b),
  min: (a, b) => min(a, b),
  max: (a, b) => max(a, b),
};

/** C++ semantics of an opaque symbol's operation on values. */
function evalOp(op: OpaqueOp, a: bigint, b: bigint, atom: VarAtom): bigint {
  switch (op) {
    case 'add':
      return a + b;
    case 'mul':
      return a * b;
    case 'div':
    case 'ceilDiv':
      if (b === 0n) throw new LayoutError('division-by-zero', `division by zero: ${atom.name} with a divisor = 0`);
      return op === 'div' ? a / b : (a + b - 1n) / b;
    case 'min':
      return a < b ? a : b;
    case 'max':
      return a < b ? b : a;
  }
}

/** Values (or expressions) of opaque symbols already worked out in one evaluate/substitute: each is shared by many terms. */
type Memo<T> = Map<VarAtom, T>;

/** An opaque symbol's value (or expression), worked out the first time it is met in one evaluate/substitute. */
function memoised<T>(memo: Memo<T>, atom: VarAtom, work: () => T): T {
  let v = memo.get(atom);
  if (v === undefined) {
    v = work();
    memo.set(atom, v);
  }
  return v;
}

function evalAtom(atom: Atom, bindings: ReadonlyMap<string, bigint>, memo: Memo<bigint>): bigint {
  switch (atom.kind) {
    case 'var': {
      const o = atom.opaque;
      if (o) return memoised(memo, atom, () => evalOp(o.op, evaluate(o.a, bindings, memo), evaluate(o.b, bindings, memo), atom));
      const v = bindings.get(atom.name);
      if (v === undefined) throw new LayoutError('argument-kind', `no value given for '${atom.name}'`);
      return v;
    }
    case 'ceil':
    case 'floor': {
      const n = evaluate(atom.num, bindings, memo);
      const d = evaluate(atom.den, bindings, memo);
      if (d === 0n) {
        throw new LayoutError('division-by-zero', `division by zero: ${print(atomSym(atom))} with ${print(atom.den)} = 0`);
      }
      return atom.kind === 'ceil' ? (n + d - 1n) / d : n / d;
    }
    case 'min':
    case 'max': {
      const a = evaluate(atom.a, bindings, memo);
      const b = evaluate(atom.b, bindings, memo);
      return (atom.kind === 'min') === a < b ? a : b;
    }
  }
}

/** The value for given variable values, with C++ semantics (truncating /, tla::CeilDiv). */
export function evaluate(s: Sym, bindings: ReadonlyMap<string, bigint>, memo: Memo<bigint> = new Map()): bigint {
  let sum = 0n;
  for (const t of s.terms) {
    let v = t.coef;
    for (const f of t.factors) v *= evalAtom(f.atom, bindings, memo) ** BigInt(f.exp);
    sum += v;
  }
  return sum;
}

function substAtom(atom: Atom, bindings: ReadonlyMap<string, bigint | Sym>, memo: Memo<Sym>): Sym {
  switch (atom.kind) {
    case 'var': {
      const o = atom.opaque;
      if (o) return memoised(memo, atom, () => OPS[o.op](substitute(o.a, bindings, memo), substitute(o.b, bindings, memo)));
      const v = bindings.get(atom.name);
      return v === undefined ? atomSym(atom) : typeof v === 'bigint' ? constant(v) : v;
    }
    case 'ceil':
      return ceilDiv(substitute(atom.num, bindings, memo), substitute(atom.den, bindings, memo));
    case 'floor':
      return div(substitute(atom.num, bindings, memo), substitute(atom.den, bindings, memo));
    case 'min':
      return min(substitute(atom.a, bindings, memo), substitute(atom.b, bindings, memo));
    case 'max':
      return max(substitute(atom.a, bindings, memo), substitute(atom.b, bindings, memo));
  }
}

/** Replaces some variables by values or expressions and simplifies again. */
export function substitute(s: Sym, bindings: ReadonlyMap<string, bigint | Sym>, memo: Memo<Sym> = new Map()): Sym {
  let out = ZERO;
  for (const t of s.terms) {
    let v = constant(t.coef);
    for (const f of t.factors) {
      const a = substAtom(f.atom, bindings, memo);
      for (let i = 0; i < f.exp; i++) v = mul(v, a);
    }
    out = add(out, v);
  }
  return out;
}

// ---------------------------------------------------------------- printing

function printAtom(atom: Atom): string {
  switch (atom.kind) {
    case 'var':
      // a kernel's `_row`, `_blkCnt` must not read as the static integers `_16`: in ‹ ›
      return atom.name.startsWith('_') ? `‹${atom.name}›` : atom.name;
    case 'ceil':
    case 'floor': {
      const [l, r] = atom.kind === 'ceil' ? ['⌈', '⌉'] : ['⌊', '⌋'];
      const num = atom.num.terms.length > 1 ? `(${print(atom.num)})` : print(atom.num);
      const dc = constantValue(atom.den);
      const plain = (dc !== undefined && dc >= 0n) || soleAtom(atom.den) !== undefined;
      return `${l}${num}/${plain ? print(atom.den) : `(${print(atom.den)})`}${r}`;
    }
    case 'min':
    case 'max':
      return `${atom.kind}(${print(atom.a)},${print(atom.b)})`;
  }
}

function printTermMagnitude(t: Term): string {
  const c = abs(t.coef);
  if (t.factors.length === 0) return c.toString();
  const fs = t.factors.map((f) => (f.exp === 1 ? printAtom(f.atom) : `${printAtom(f.atom)}^${f.exp}`)).join('·');
  return c === 1n ? fs : `${fs}·${c}`;
}

/** Canonical text: `⌈m/16⌉·256`, `x·2+2`, `min(m,16)` (see the header of this file). */
export function print(s: Sym): string {
  if (s.terms.length === 0) return '0';
  // Canonical term order, except that a leading negative term gives way to the first
  // positive one: `100-i`, `m^2-k^2` rather than `-i+100`, `-k^2+m^2`.
  let terms = s.terms;
  const firstPositive = terms.findIndex((t) => t.coef > 0n);
  if (firstPositive > 0) terms = [terms[firstPositive], ...terms.slice(0, firstPositive), ...terms.slice(firstPositive + 1)];
  let out = '';
  terms.forEach((t, i) => {
    const sign = t.coef < 0n ? '-' : i === 0 ? '' : '+';
    out += sign + printTermMagnitude(t);
  });
  return out;
}
