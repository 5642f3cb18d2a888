// The values the evaluator computes (layouts, tuples, tensors, tag objects, Catlass coords, types),
// how they print, and the records an evaluation returns. No evaluation here.
import * as core from '../../core';
import { Arch, BufferView, CatlassCoord, IntTuple, IntValue, Layout, TagObject, Tensor } from '../../core';
import type { Ast } from '../syntax';
import { DiagnosticCode, Severity } from '../syntax';
import type { CatlassShapeType } from './catlassObjects';

/** `true`/`false`: a layout predicate's `::value`, a template argument. */
export interface BoolValue {
  readonly kind: 'bool';
  readonly value: boolean;
}
/** `Catlass::Arch::PositionGM{}` and the other positions. */
export interface PositionValue {
  readonly kind: 'position';
  readonly name: string;
}
/** `tla::_`, the slicing placeholder. */
export interface Underscore {
  readonly kind: 'underscore';
}
/** `MakeCoord(12, tla::_)`: a flat coordinate with `_` (null) in some modes, for slicing. */
export interface SliceCoord {
  readonly kind: 'slice';
  readonly items: readonly (IntValue | null)[];
}
/** A tla::tuple of values that are not all integers: slice_and_offset's (layout, offset). */
export interface ValueTuple {
  readonly kind: 'values';
  readonly items: readonly Value[];
}
/**
 * In a kernel, `MakeLayout<E, Tag>(r, c)` whose Tag is a template parameter: its shape and
 * stride depend on the tag and are not known, its originShape is (r, c) whatever the tag.
 */
export interface OpaqueLayout {
  readonly kind: 'opaqueLayout';
  /** How the code builds it: `MakeLayout<ElementA, LayoutTagA>`. */
  readonly label: string;
  readonly originShape: IntTuple;
}

/** What a type names: the value of `using X = …;`, `decltype(x)`. */
export type TypeDesc =
  | { readonly t: 'element'; readonly name: string }
  | { readonly t: 'tag'; readonly name: string }
  | { readonly t: 'position'; readonly name: string }
  | { readonly t: 'integer'; readonly name: string }
  | { readonly t: 'buffer'; readonly storage: 'GlobalTensor' | 'LocalTensor'; readonly element: string }
  | { readonly t: 'catlassCoord'; readonly name: 'MatrixCoord' | 'GemmCoord' }
  | { readonly t: 'bool' }
  /** `GemmShape<128, 256, 64>`, `MatrixShape<16, 32>`: types whose members are constants and coords. */
  | CatlassShapeType
  /**
   * A TLA type (`Shape<_128, _256>`, `Layout<…>`, `decltype(layout)`): its value-initialised or
   * known value, and the type written out (`(u32,u32):(i64,_1)`, typeForm.ts) where it is a type form.
   */
  | { readonly t: 'value'; readonly value: Value; readonly form?: string };
export interface TypeValue {
  readonly kind: 'type';
  readonly type: TypeDesc;
  /** A kernel's `#else` default of a configuration macro (`CATLASS_JIT_LAYOUT_A`): the type when the macro is not defined. */
  readonly defaultUnless?: string;
}

export type Value =
  | IntTuple
  | Layout
  | OpaqueLayout
  | Tensor
  | core.OpaqueTensor
  | BufferView
  | TagObject
  | CatlassCoord
  | BoolValue
  | PositionValue
  | Underscore
  | SliceCoord
  | ValueTuple
  | TypeValue;

export const isLayout = (v: Value): v is Layout => v.kind === 'layout';
export const isIntTuple = (v: Value): v is IntTuple => v.kind === 'int' || v.kind === 'tuple';

export function printType(t: TypeDesc): string {
  switch (t.t) {
    case 'element':
    case 'tag':
    case 'position':
    case 'integer':
      return t.t === 'tag' ? `layout::${t.name}` : t.t === 'position' ? `Arch::${t.name}` : t.name;
    case 'buffer':
      return `AscendC::${t.storage}<${t.element}>`;
    case 'catlassCoord':
      return t.name;
    case 'bool':
      return 'bool';
    case 'catlassShape':
      return `Catlass::${t.template}<${t.dims.join(', ')}>`;
    case 'value':
      // a type's form, never the zeros of its value-initialised object
      return t.value.kind === 'layout'
        ? `Layout type ${t.form ?? printValue(t.value)}`
        : t.value.kind === 'tuple'
          ? `tuple type ${t.form ?? printValue(t.value)}`
          : `decltype(${printValue(t.value)})`;
  }
}

export function printValue(v: Value): string {
  switch (v.kind) {
    case 'layout':
      return core.printLayout(v);
    case 'int':
    case 'tuple':
      return core.printIntTuple(v);
    case 'tensor':
      return core.printTensor(v);
    case 'opaqueTensor':
      return core.printOpaqueTensor(v);
    case 'opaqueLayout':
      return `${v.label}: shape and stride not known here, originShape ${core.printIntTuple(v.originShape)}`;
    case 'buffer':
      return `AscendC::${v.storage}<${v.element}> ${v.name}${v.offset.sym || v.offset.value !== 0n ? `[${core.printIntTuple(v.offset)}]` : ''}`;
    case 'tagObject':
      return core.printTagObject(v);
    case 'catlassCoord':
      return core.printCatlassCoord(v);
    case 'bool':
      return v.value ? 'true' : 'false';
    case 'position':
      return `Arch::${v.name}{}`;
    case 'underscore':
      return '_';
    case 'slice':
      return '(' + v.items.map((x) => (x ? core.printIntTuple(x) : '_')).join(',') + ')';
    case 'values':
      return '(' + v.items.map(printValue).join(', ') + ')';
    case 'type':
      return printType(v.type);
  }
}

/** A diagnostic relative to the statement's own text. */
export interface LocalDiagnostic {
  start: number;
  end: number;
  severity: Severity;
  code: DiagnosticCode;
  message: string;
  /** Declarations to point at as related locations, by name. */
  relatedNames?: { name: string; message: string }[];
  data?: { suggestion?: string; insert?: string; expectedRank?: number };
}

export interface Binding {
  value: Value | null; // null: its statement failed (uses are not reported again)
  /** The C++ type of an integer binding (`unsigned`, `int`, `Int<4>`), where the declaration tells it. */
  ctype?: string;
  /** The configuration defaults the value rests on (`CATLASS_JIT_TILE = 64`): a JIT build may define them otherwise. */
  defaults?: readonly string[];
  /**
   * With no value: the type a name stands for, written out, where the language does not model it
   * (an instantiation's `ElementL0A = AscendC::mx_fp8_e4m3_t`): a buffer of it is named by it, never
   * by the parameter's own name.
   */
  typeName?: string;
  /**
   * A function of the file whose body is one `return EXPR;` (`static auto RmLayout(uint32_t rows, …)
   * { return tla::MakeLayout(…); }`): a call is EXPR with its parameters bound to the call's arguments.
   */
  fn?: FileFunction;
}

/** A function a call evaluates: its parameters (name, declared type as written) and its `return`'s expression. */
export interface FileFunction {
  readonly params: readonly { readonly name: string; readonly type: string }[];
  readonly body: Ast.Expr;
}

export interface Environment {
  lookup(name: string): Binding | undefined;
  names(): Iterable<string>;
  /** A value for a name that is not declared (C++ kernels: a symbolic integer); undefined makes it an error. */
  free?(name: string): Value | undefined;
  /** CATLASS_ARCH when the file does not #define it (the tlaLayout.arch setting). */
  defaultArch?: Arch;
  /** A runtime name the user bound to a number (`m`, `params.k`, `blockCoord.m()`; see syntax/bindings.ts). */
  bound?(name: string): bigint | undefined;
}

/** The binding `using namespace X;` leaves, so that what follows reads it as a dependency. */
export const usingNamespaceName = (ns: string) => `using namespace ${ns}`;
/**
 * Where C++'s lookup of an unqualified Catlass/tla name (`MakeCoord`, `Coord`, `detail`) stops
 * before the file's using-directives: a C++ file binds it (cpp/nameLookup.ts) inside
 * `namespace Catlass…` (Catlass's), `namespace tla` (tla's) or after a using-declaration
 * (`using tla::MakeCoord;`); unbound, the `using namespace` directives decide.
 */
export const unqualifiedName = (name: string) => `unqualified ${name}`;
/**
 * The bindings of unqualifiedName: the namespaces whose declaration the lookup finds (both: an
 * overload set); Catlass's found because the place is inside `namespace Catlass…`, or through a
 * using-declaration (`using Catlass::MakeCoord;`): the catlass-coord warning says which.
 */
export const FOUND_IN = {
  Catlass: { value: { kind: 'bool', value: true } } as Binding,
  CatlassDeclared: { value: { kind: 'bool', value: true } } as Binding,
  tla: { value: { kind: 'bool', value: true } } as Binding,
  both: { value: { kind: 'bool', value: true } } as Binding,
} as const;

/** The macro that selects the architecture. */
export const ARCH_MACRO = 'CATLASS_ARCH';

export interface NodeValue {
  node: Ast.Expr;
  value: Value;
}

export interface EvalResult {
  value: Value | null;
  diagnostics: LocalDiagnostic[];
  nodeValues: NodeValue[];
  /** Names this statement read (for incremental re-evaluation). */
  dependencies: string[];
  /** GetTileLayout calls: the parent layout and the tile, for previews and the picture. */
  tiles: { node: Ast.Expr; parent: Layout; tileShape: IntTuple; coord: IntTuple; result: Layout; tensorCoord?: IntTuple }[];
  /** layout(coord)/crd2offset calls: for hovers that explain the sum. */
  offsets: { node: Ast.Expr; coordNode: Ast.Expr; coord: IntTuple; shape: IntTuple; stride: IntTuple; layout?: Layout; result: IntValue }[];
  /** The C++ type of the declared integer, where the statement tells it. */
  ctype?: string;
  /**
   * Set when the statement was evaluated without keeping its sub-expression values and
   * offset calls (nodeValues and offsets are then empty; tiles are kept): running it again on the same tree with the same reads and this
   * default arch gives them (language/analysis.ts `statementDetails`).
   */
  omitted?: { defaultArch?: Arch; bindings?: ReadonlyMap<string, bigint> };
}

const KIND_NAMES: Record<Value['kind'], string> = {
  layout: 'a layout',
  tuple: 'a tuple',
  int: 'an integer',
  tensor: 'a tensor',
  opaqueTensor: 'a tensor whose layout is not known here',
  opaqueLayout: 'a layout whose tag is not known here',
  buffer: 'a buffer (AscendC tensor)',
  tagObject: 'a Catlass::layout tag object',
  catlassCoord: 'a Catlass coord',
  bool: 'a bool',
  position: 'a position',
  underscore: 'the placeholder _',
  slice: 'a coordinate with _',
  values: 'a tuple of values',
  type: 'a type',
};
export const kindName = (v: Value) => KIND_NAMES[v.kind];

/** Product of the leaves, exactly (no int64 check: a warning must not fail on a huge mode). */
export function exactProduct(x: IntTuple): bigint {
  return core.leaves(x).reduce((acc, l) => acc * core.concreteValue(l), 1n);
}

/** static_assert equality: integers by value, tuples structurally, layouts by all three parts. */
export function valuesEqual(a: Value, b: Value): boolean {
  if (a.kind === 'layout' || b.kind === 'layout') {
    return (
      a.kind === 'layout' &&
      b.kind === 'layout' &&
      core.equalValues(a.shape, b.shape) &&
      core.equalValues(a.stride, b.stride) &&
      core.equalValues(a.originShape, b.originShape)
    );
  }
  if (isIntTuple(a) && isIntTuple(b)) return core.equalValues(a, b);
  if (a.kind === 'bool' && b.kind === 'bool') return a.value === b.value;
  if (a.kind === 'tensor' && b.kind === 'tensor') {
    return (
      valuesEqual(a.layout, b.layout) &&
      core.equalValues(a.coord, b.coord) &&
      a.position === b.position &&
      a.data.element === b.data.element &&
      core.equalValues(a.data.offset, b.data.offset)
    );
  }
  return printValue(a) === printValue(b);
}
