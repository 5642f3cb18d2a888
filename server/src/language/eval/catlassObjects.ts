// The older Catlass API in the evaluator: layout objects (`layout::RowMajor tagA{m, k}`, their
// GetOffset, GetTileLayout, Capacity, shape/stride/orgShape), Catlass's coords (MatrixCoord,
// GemmCoord, Coord<N>: + - * / %, [i], m() row()…, GetCoordMN(), GetCoordByAxis<…>(), Min,
// Argmax), GemmShape / MatrixShape members, and what C++ rejects of them (the ambiguous
// constructors and names), each said with its fix. The evaluator calls in here; the values
// come from the core (catlassLayout.ts, catlassCoord.ts).
import * as core from '../../core';
import { CatlassCoord, CoordIndex, IntValue, TagObject } from '../../core';
import type { Ast } from '../syntax';
import type { DiagnosticCode } from '../syntax';

/** A value of the evaluator as this module sees it (evaluator.ts's Value; this module is imported by it). */
type Value =
  | core.IntTuple
  | CatlassCoord
  | TagObject
  | {
      readonly kind:
        'layout' | 'tensor' | 'opaqueTensor' | 'opaqueLayout' | 'buffer' | 'bool' | 'position' | 'underscore' | 'slice' | 'values' | 'type';
    };
/** What the members of objects and coords give. */
type ObjectResult = IntValue | CatlassCoord | TagObject;

/** What this module needs of the evaluator. */
export interface ObjectEvaluator {
  eval(e: Ast.Expr): Value;
  /** An operand: a kernel's `params.m()` as a symbol, else its value. */
  operand(e: Ast.Expr): Value;
  integer(e: Ast.Expr, role: string): IntValue;
  fail(span: Ast.Span, code: DiagnosticCode, message: string): never;
  core<T>(node: Ast.Expr, args: Ast.Expr[], op: () => T): T;
  /** The C++ type of an integer expression where it is evident (`unsigned`, `int`, `long`…). */
  cppTypeOf(e: Ast.Expr): string | undefined;
  /** Whether an unqualified `name` (Coord, detail) finds both Catlass's and tla's. */
  ambiguous(name: string): boolean;
  kindName(v: Value): string;
}

/** A GemmShape<M, N, K> / MatrixShape<R, C> type: its template arguments. */
export interface CatlassShapeType {
  readonly t: 'catlassShape';
  readonly template: 'GemmShape' | 'MatrixShape';
  readonly dims: readonly bigint[];
}

/** The Catlass coord types a kernel names. */
export const CATLASS_COORD_TYPES = ['MatrixCoord', 'GemmCoord'] as const;

/** The C++ integer type (as cppTypeOf spells it) as a Coord's Index. */
function indexOfCpp(t: string | undefined): CoordIndex | undefined {
  if (t === 'unsigned') return 'uint32_t';
  if (t === 'int') return 'int';
  if (t === 'long' || t === 'long long') return 'int64_t';
  return undefined;
}

/** The C++ type of an expression the evaluator does not know but this module does: a coord's entry (`c.m()`, `c[0]`) is its Index. */
export function objectCppType(e: Ast.Expr): string | undefined {
  if (e.type === 'apply' && e.target.type === 'member' && !e.args.length && ['m', 'n', 'k', 'row', 'column'].includes(e.target.name)) {
    return 'unsigned';
  }
  if (e.type === 'apply' && e.target.type === 'member' && ['shape', 'orgShape'].includes(e.target.name) && e.args.length === 1) return 'unsigned';
  if (e.type === 'apply' && e.target.type === 'member' && e.target.name === 'stride' && e.args.length === 1) return 'long';
  return undefined;
}

// ------------------------------------------------------------------ construction

/**
 * `MatrixCoord{r, c}` / `MatrixCoord(r, c)` / `GemmCoord{m, n, k}`, and the conversion of a
 * `Coord<N>` (`MatrixCoord(problemShape.GetCoordMN())`). MatrixCoord has two constructors of two
 * integers, (uint32_t, uint32_t) and (int64_t, int64_t): two `int` arguments convert equally
 * well to both, and C++ rejects the call as ambiguous.
 */
export function constructCoord(x: ObjectEvaluator, e: Ast.Expr, name: 'MatrixCoord' | 'GemmCoord', args: readonly Ast.Expr[]): CatlassCoord {
  const n = name === 'GemmCoord' ? 3 : 2;
  if (args.length === 0)
    return core.catlassCoord(
      name,
      Array.from({ length: n }, () => core.int(0)),
    );
  if (args.length === 1) {
    const c = x.eval(args[0]);
    if (c.kind !== 'catlassCoord' || c.items.length !== n || core.indexOf(c) !== 'uint32_t')
      x.fail(
        args[0],
        'argument-kind',
        `${name}(…) of one argument converts a Coord<${n}> (of uint32_t), not ${c.kind === 'catlassCoord' ? core.coordTypeName(c) : x.kindName(c)}`,
      );
    return core.catlassCoord(name, c.items);
  }
  if (args.length !== n) x.fail(e, 'argument-count', `${name} takes ${n === 3 ? '(m, n, k)' : '(row, column)'}, ${args.length} given`);
  if (name === 'MatrixCoord') {
    const types = args.map((a) => indexOfCpp(x.cppTypeOf(a)));
    const fits = (want: CoordIndex) => types.map((t) => t === want);
    const [u0, u1] = fits('uint32_t');
    const [l0, l1] = fits('int64_t');
    // a candidate is better when it is exact in one argument and no worse in the other
    const uBetter = (u0 || u1) && !(l0 || l1);
    const lBetter = (l0 || l1) && !(u0 || u1);
    if (types.every((t) => t !== undefined) && !uBetter && !lBetter && !(u0 && u1) && !(l0 && l1)) {
      x.fail(
        e,
        'ambiguous',
        `MatrixCoord{${types.join(', ')}} is ambiguous in C++: MatrixCoord(uint32_t, uint32_t) and MatrixCoord(int64_t, int64_t) fit equally well; write the entries as uint32_t (3u, or (uint32_t)x)`,
      );
    }
  }
  const roles = n === 3 ? ['m', 'n', 'k'] : ['row', 'column'];
  return core.catlassCoord(
    name,
    args.map((a, i) => x.integer(a, roles[i])),
  );
}

/** `Catlass::MakeCoord(a, b…)`: a Coord<N, T> of the arguments' one type T (uint32_t for `3u`, int for `3`). */
export function catlassMakeCoord(x: ObjectEvaluator, e: Ast.Call): CatlassCoord {
  const cpp = e.args.map((a) => x.cppTypeOf(a));
  if (cpp.every((t) => t !== undefined) && cpp.some((t) => t !== cpp[0]))
    x.fail(
      e,
      'argument-kind',
      `Catlass::MakeCoord(${cpp.join(', ')}) does not compile: its one template parameter T is deduced from every argument; give them one type (3u for uint32_t)`,
    );
  const types = cpp.map(indexOfCpp);
  const index = types[0] && types.every((t) => t === types[0]) ? types[0] : 'uint32_t';
  return core.catlassCoord(
    'Coord',
    e.args.map((a, i) => x.integer(a, `argument ${i + 1} of Catlass::MakeCoord`)),
    index,
  );
}

/** `layout::X{…}` / `layout::X(…)`: of integers, or of the coords (Shape, Stride) / (OrgShape, Shape, Stride). */
export function constructObject(x: ObjectEvaluator, e: Ast.Expr, tag: string, args: readonly Ast.Expr[]): TagObject {
  const values = args.map((a) => x.operand(a));
  if (values.length && values.every((v) => v.kind === 'catlassCoord')) {
    return x.core(e, [...args], () => core.layoutObjectFromCoords(tag, values as CatlassCoord[]));
  }
  const ints = values.map((v, i) => {
    if (v.kind !== 'int') x.fail(args[i], 'argument-kind', `argument ${i + 1} of layout::${tag} must be an integer, not ${x.kindName(v)}`);
    return v;
  });
  return x.core(e, [...args], () => core.constructLayoutObject(tag, ints));
}

// ------------------------------------------------------------------ members

function coordArg(x: ObjectEvaluator, a: Ast.Expr, what: string): CatlassCoord {
  const v = x.eval(a);
  if (v.kind === 'catlassCoord') return v;
  if (v.kind === 'tuple' && a.type === 'call' && a.callee === 'MakeCoord')
    x.fail(
      a,
      'argument-kind',
      `${what} takes a Catlass coord; this MakeCoord is tla::MakeCoord (a tla tuple: its arguments are not all of one integer type, so Catlass::MakeCoord does not apply) and does not convert to MatrixCoord — write the arguments as uint32_t (3u) or MatrixCoord{…}`,
    );
  x.fail(a, 'argument-kind', `${what} takes a Catlass coord (MatrixCoord{r, c}, Catlass::MakeCoord(…)), not ${x.kindName(v)}`);
}

/** `layoutA.GetOffset(c)`, `.GetTileLayout(c)`, `.Capacity()`, `.shape()`, `.shape(i)`, `.stride(i)`, `.orgShape(i)`. */
export function objectMethod(x: ObjectEvaluator, e: Ast.Apply, m: Ast.Member, base: TagObject): ObjectResult {
  const arity = (...counts: number[]) => {
    if (!counts.includes(e.args.length))
      x.fail(
        e.argsSpan,
        'argument-count',
        `${base.tag}::${m.name} takes ${counts.map((c) => (c ? `${c} argument` : 'no arguments')).join(' or ')}, ${e.args.length} given`,
      );
  };
  switch (m.name) {
    case 'GetOffset': {
      arity(1);
      const c = coordArg(x, e.args[0], `${base.tag}::GetOffset`);
      return x.core(e, [...e.args], () => core.layoutObjectOffset(base, c));
    }
    case 'GetTileLayout': {
      arity(1);
      const c = coordArg(x, e.args[0], `${base.tag}::GetTileLayout`);
      return x.core(e, [...e.args], () => core.layoutObjectTile(base, c));
    }
    case 'Capacity':
      arity(0);
      return x.core(e, [], () => core.layoutObjectCapacity(base));
    case 'shape':
    case 'stride':
    case 'orgShape': {
      arity(0, 1);
      const part = m.name;
      if (!e.args.length) return x.core(e, [], () => core.layoutObjectPart(base, part));
      const i = x.integer(e.args[0], `the index of ${m.name}(i)`);
      if (i.sym !== undefined) throw new core.LayoutError('argument-kind', `${m.name}(${core.printIntTuple(i)}): the index is not known here`);
      return x.core(e, [...e.args], () => core.layoutObjectPart(base, part, Number(i.value)));
    }
    default:
      x.fail(m.nameSpan, 'unknown-function', `Catlass::layout::${base.tag} has no member function '${m.name}'`);
  }
}

/** `c.row()`, `c.m()`, `c.GetCoordMN()`, `c.GetCoordByAxis<0, 2>()`, `c.Argmax()`, `c.At(i)`. */
export function coordMethod(x: ObjectEvaluator, e: Ast.Apply, m: Ast.Member, base: CatlassCoord, axes: () => number[]): ObjectResult {
  const entries = core.COORD_ENTRY_MEMBERS[base.type];
  if (entries && m.name in entries && !e.args.length) return core.coordAt(base, entries[m.name]);
  if (base.type === 'GemmCoord' && m.name in core.GEMM_COORD_PARTS && !e.args.length) return core.coordByAxis(base, core.GEMM_COORD_PARTS[m.name]);
  if (m.name === 'GetCoordByAxis' && !e.args.length) {
    const is = axes();
    return x.core(e, [], () => core.coordByAxis(base, is));
  }
  if ((m.name === 'Argmax' || m.name === 'Argmin') && !e.args.length) {
    const r = core.coordArgExtreme(base, m.name);
    if (!r) throw new core.LayoutError('argument-kind', `${m.name}(): the entries are not all known here`);
    return r;
  }
  if (m.name === 'At' && e.args.length === 1) {
    const i = x.integer(e.args[0], 'the index');
    if (i.sym !== undefined) throw new core.LayoutError('argument-kind', 'At(i): the index is not known here');
    return x.core(e, [...e.args], () => core.coordAt(base, Number(i.value)));
  }
  x.fail(
    m.nameSpan,
    'unknown-function',
    `a ${core.coordTypeName(base)} has no member function '${m.name}'${e.args.length ? ' of these arguments' : ''}`,
  );
}

/** `c[i]` (Coord::operator[]). */
export function coordIndex(x: ObjectEvaluator, e: Ast.Expr, target: CatlassCoord, index: Ast.Expr): IntValue {
  const i = x.integer(index, 'the index');
  if (i.sym !== undefined) throw new core.LayoutError('argument-kind', `${core.coordTypeName(target)}[i]: the index is not known here`);
  return x.core(e, [index], () => core.coordAt(target, Number(i.value)));
}

/** `a + b`, `a * b`… with a coord on the left (Coord's operators; a coord on the right only with a coord on the left). */
export function coordBinary(x: ObjectEvaluator, e: Ast.Binary, a: Value, b: Value): CatlassCoord {
  if (a.kind !== 'catlassCoord')
    x.fail(e.left, 'argument-kind', `${x.kindName(a)} ${e.op} a Catlass coord does not compile (Coord's operators take the coord on the left)`);
  if (b.kind !== 'catlassCoord' && b.kind !== 'int') x.fail(e.right, 'argument-kind', `a Catlass coord ${e.op} ${x.kindName(b)} does not compile`);
  return x.core(e, [e.left, e.right], () => core.coordArith(e.op, a, b));
}

/** `CeilDiv(a, b)`, `RoundUp(a, b)` of two coords; `Coord<N>::Min(a, b)`. */
export function coordFunction(x: ObjectEvaluator, e: Ast.Expr, fn: 'CeilDiv' | 'RoundUp' | 'Min', args: readonly Ast.Expr[]): CatlassCoord {
  if (args.length !== 2) x.fail(e, 'argument-count', `${fn} of coords takes two coords, ${args.length} given`);
  const [a, b] = args.map((arg) => coordArg(x, arg, `${fn}`));
  return x.core(e, [...args], () => (fn === 'Min' ? core.coordMin(a, b) : core.coordCeilDiv(a, b, fn === 'RoundUp')));
}

/** Whether an argument is evidently a Catlass coord, without evaluating it (a coord name, a coord constructor, a GetCoord…() call). */
export function isCoordExpr(lookup: (name: string) => { readonly kind: string } | null | undefined, e: Ast.Expr): boolean {
  switch (e.type) {
    case 'name':
      return lookup(e.name)?.kind === 'catlassCoord';
    case 'paren':
      return isCoordExpr(lookup, e.inner);
    case 'call':
    case 'typeInstance': {
      const name = e.type === 'call' ? e.callee : e.typeArg.name;
      return (CATLASS_COORD_TYPES as readonly string[]).includes(name) || /::ToCoord(MN|MK|KN)?$/.test(name);
    }
    case 'apply':
      return e.target.type === 'member' && /^GetCoord/.test(e.target.name);
    case 'binary':
      return isCoordExpr(lookup, e.left);
    default:
      return false;
  }
}

// ------------------------------------------------------------------ GemmShape / MatrixShape

/** `GemmShape<128, 256, 64>` / `MatrixShape<16, 32>` as a type: its template arguments (defaults 1). */
export function shapeType(template: 'GemmShape' | 'MatrixShape', dims: readonly IntValue[], node: Ast.Span, x: ObjectEvaluator): CatlassShapeType {
  const rank = core.SHAPE_TEMPLATE_RANK[template];
  if (dims.length > rank) x.fail(node, 'argument-count', `${template} takes ${rank} template arguments, ${dims.length} given`);
  const known = dims.map((d) => {
    if (d.sym !== undefined) x.fail(node, 'argument-kind', `${template}<…>: its arguments must be constants known here`);
    return BigInt.asUintN(32, d.value);
  });
  return { t: 'catlassShape', template, dims: [...known, ...Array.from({ length: rank - known.length }, () => 1n)] };
}

/** `L1TileShape::M`, `L1TileShape::ToCoordMN()`: a member of a GemmShape / MatrixShape type. */
export function shapeMember(x: ObjectEvaluator, t: CatlassShapeType, member: string, node: Ast.Span): IntValue | CatlassCoord {
  const v = core.shapeTemplateMember(t.template, t.dims, member);
  if (!v) x.fail(node, 'unknown-name', `${t.template}<${t.dims.join(', ')}> has no member '${member}'`);
  return v;
}

/** What C++ says of `detail::` and `Coord<N>` when both `using namespace Catlass;` and `using namespace tla;` are in force. */
export function ambiguousName(x: ObjectEvaluator, name: string, node: Ast.Span): void {
  if (!x.ambiguous(name)) return;
  x.fail(
    node,
    'ambiguous',
    `'${name}' is ambiguous: with both 'using namespace Catlass;' and 'using namespace tla;', Catlass::${name} and tla::${name} are both visible; write Catlass::${name} or tla::${name}`,
  );
}
