// A TLA type written as a type (issue 21: "types shown as types"): `using L =
// tla::Layout<tla::Shape<uint32_t, uint32_t>, tla::Stride<int64_t, tla::Int<1>>>;` is
// `(u32,u32):(i64,_1)` — its static leaves as `_N`, its run-time leaves as their integer types —
// never the zeros of a value-initialised `L{}`, which are no value of the program.
import * as core from '../../core';
import type { IntTuple, Layout } from '../../core';
import type { Ast } from '../syntax';

/** The fixed-width integer types by their short names; any other integer type keeps its own name. */
export const SHORT_INTEGER: Readonly<Record<string, string>> = {
  uint32_t: 'u32',
  int32_t: 'i32',
  uint64_t: 'u64',
  int64_t: 'i64',
  uint16_t: 'u16',
  int16_t: 'i16',
  uint8_t: 'u8',
  int8_t: 'i8',
};

/** A run-time leaf whose integer type is not written (a decltype of a value): a symbol, not a guess. */
export const UNTYPED_LEAF = '‹int›';

export interface TypeFormContext {
  /** The integer types of the language (uint32_t, int64_t, int, …). */
  integerTypes: readonly string[];
  /** The form of an alias of a TLA type (`using S = Shape<uint32_t, _16>;`), if the name is one. */
  aliasForm(name: string): string | undefined;
  /** The static value of a type argument that is neither a tuple form nor an integer type (`Int<N>`, `_16`, a constant's `Int<K>`). */
  staticValue(t: Ast.TemplateArg): IntTuple;
  /** The value of a `decltype(…)`. */
  decltypeValue(t: Ast.Decltype): IntTuple | Layout | undefined;
}

/** `(u32,u32)`, `_16`, `(u32,u32):(i64,_1)` of a tuple or layout type argument. */
export function typeForm(t: Ast.TemplateArg, c: TypeFormContext): string {
  if (t.type === 'decltype') {
    const v = c.decltypeValue(t);
    return v ? decltypeForm(v) : UNTYPED_LEAF;
  }
  if (t.type === 'typeArg') {
    const args = t.args ?? [];
    if (t.name === 'Layout' && args.length >= 2) return args.map((a) => typeForm(a, c)).join(':');
    if (t.name === 'Shape' || t.name === 'Stride' || t.name === 'tuple' || t.name === 'Coord')
      return `(${args.map((a) => typeForm(a, c)).join(',')})`;
    if (!t.args && c.integerTypes.includes(t.name)) return SHORT_INTEGER[t.name] ?? t.name;
    if (!t.args && SHORT_INTEGER[t.name]) return SHORT_INTEGER[t.name];
    const alias = !t.args ? c.aliasForm(t.name) : undefined;
    if (alias) return alias;
  }
  return core.printIntTuple(c.staticValue(t));
}

/** The type `decltype(v)` names: a layout's shape, stride and originShape types. */
export function decltypeForm(v: IntTuple | Layout): string {
  return v.kind === 'layout' ? [v.shape, v.stride, v.originShape].map(valueTypeForm).join(':') : valueTypeForm(v);
}

/** The type of a value's tuple: static leaves as they are, run-time leaves as `‹int›` (their integer type is not in the value). */
function valueTypeForm(v: IntTuple): string {
  if (v.kind === 'int') return v.isStatic ? core.printIntTuple(v) : UNTYPED_LEAF;
  return `(${v.items.map(valueTypeForm).join(',')})`;
}

/** `T{}` of a TLA type: C++ value-initialises its run-time leaves to 0 (`decltype(layoutA){}` is not layoutA); static leaves stay. */
export function valueInitialised<V extends IntTuple | Layout>(v: V): V {
  if (v.kind === 'layout') return core.layout(zeroed(v.shape), zeroed(v.stride), zeroed(v.originShape)) as V;
  return zeroed(v as IntTuple) as V;
}

function zeroed(v: IntTuple): IntTuple {
  if (v.kind === 'int') return v.isStatic ? v : core.int(0);
  return core.tuple(...v.items.map(zeroed));
}
