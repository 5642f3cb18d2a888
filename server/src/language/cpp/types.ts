// What the template resolver computes: C++ types and the values of template arguments and
// static constexpr members, and their canonical spelling (the goldens README's, from g++'s
// fully qualified spelling with every default written out).
import { Signal } from '../../core';
import type { Value } from '../eval';

export type Ty =
  /** A class, a class template's specialisation or a fundamental type: its qualified name and (complete) arguments. */
  | { readonly k: 'class'; readonly q: string; readonly args: readonly Ty[]; readonly outer?: Ty }
  /** An integer or bool value; `t` is its C++ type ('bool', 'uint32_t', 'int', …). */
  | { readonly k: 'val'; readonly v: bigint; readonly t: string }
  /** An enumerator, by its qualified name. */
  | { readonly k: 'enum'; readonly q: string; readonly v: bigint }
  /** A value the layout evaluator computed (`L1A_LAYOUT`); `leaf`: the C++ integer type of its dynamic leaves, where its statement tells it. */
  | { readonly k: 'tla'; readonly value: Value; readonly leaf?: string }
  /** A class template's name (a template template argument). */
  | { readonly k: 'template'; readonly q: string }
  /** `const T`. */
  | { readonly k: 'const'; readonly x: Ty }
  /** The arguments a template parameter pack was given. */
  | { readonly k: 'pack'; readonly items: readonly Ty[] };

/** A local name whose declaration was not resolved: it hides outer names, its uses are unknown. */
export const UNRESOLVED: Ty = { k: 'class', q: '‹unresolved›', args: [] };

export const cls = (q: string, args: readonly Ty[] = []): Ty => ({ k: 'class', q, args });
export const val = (v: bigint, t = 'int'): Ty => ({ k: 'val', v, t });
export const boolVal = (b: boolean): Ty => ({ k: 'val', v: b ? 1n : 0n, t: 'bool' });

/** What stays unknown: the resolver answers nothing for it (never a guess). */
export class Unknown extends Signal {
  constructor(readonly why: string) {
    super(why);
  }
}
/** A substitution failure (SFINAE): the specialisation does not match; elsewhere it is unknown. */
export class SubstitutionFailure extends Signal {}
/** A static_assert the compiler would stop at: its message and where it is (header relative to include/, 1-based line). */
export class AssertFailure extends Signal {
  constructor(
    readonly text: string,
    readonly header: string,
    readonly line: number,
    /** The specialisation selected when the failing assert is in something it instantiates. */
    readonly selected?: { copy: string; header: string; line: number },
  ) {
    super(text);
  }
}

/** `int` → `int32_t` and the other fundamental integer types by their <cstdint> names. */
const CANONICAL_INTEGERS: Record<string, string> = {
  'signed char': 'int8_t',
  char: 'char',
  'unsigned char': 'uint8_t',
  short: 'int16_t',
  'short int': 'int16_t',
  'unsigned short': 'uint16_t',
  'unsigned short int': 'uint16_t',
  int: 'int32_t',
  signed: 'int32_t',
  unsigned: 'uint32_t',
  'unsigned int': 'uint32_t',
  long: 'int64_t',
  'long int': 'int64_t',
  'unsigned long': 'uint64_t',
  'long unsigned int': 'uint64_t',
  'unsigned long int': 'uint64_t',
  'long long': 'int64_t',
  'unsigned long long': 'uint64_t',
  size_t: 'uint64_t',
  int8_t: 'int8_t',
  uint8_t: 'uint8_t',
  int16_t: 'int16_t',
  uint16_t: 'uint16_t',
  int32_t: 'int32_t',
  uint32_t: 'uint32_t',
  int64_t: 'int64_t',
  uint64_t: 'uint64_t',
};
export const canonicalInteger = (name: string): string | undefined => CANONICAL_INTEGERS[name];

/** The canonical spelling (goldens README, "Canonical type spelling"). */
export function canonical(t: Ty): string {
  switch (t.k) {
    case 'val':
      return t.t === 'bool' ? (t.v ? 'true' : 'false') : t.v.toString();
    case 'enum':
    case 'template':
      return t.q;
    case 'const':
      return `const ${canonical(t.x)}`;
    case 'pack':
      return t.items.map(canonical).join(', ');
    case 'tla':
      return `‹value›`;
    case 'class': {
      if (t.outer) return `${canonical(t.outer)}::${t.q.slice(t.q.lastIndexOf('::') + 2)}`;
      if (t.q === 'tla::C') return `_${canonical(t.args[0])}`;
      if (t.q === 'tla::tuple') return `(${t.args.map(canonical).join(',')})`;
      if (t.q === 'tla::Layout') return t.args.map(canonical).join(':');
      if (!t.args.length) return CANONICAL_INTEGERS[t.q] ?? t.q;
      return `${t.q}<${t.args.map(canonical).join(', ')}>`;
    }
  }
}

/** Two types or values are the same entity. */
export const sameTy = (a: Ty, b: Ty): boolean => keyOf(a) === keyOf(b);

/** A key of a type or value: its canonical spelling (values compare by value, whatever their integer type). */
export function keyOf(t: Ty): string {
  if (t.k === 'val') return t.v.toString();
  if (t.k === 'class' && t.outer) return `${keyOf(t.outer)}::${t.q}`;
  if (t.k === 'class' && !t.args.length) return CANONICAL_INTEGERS[t.q] ?? t.q;
  if (t.k === 'class') return `${t.q}<${t.args.map(keyOf).join(',')}>`;
  if (t.k === 'const') return `const ${keyOf(t.x)}`;
  if (t.k === 'pack') return `[${t.items.map(keyOf).join(',')}]`;
  return canonical(t);
}
