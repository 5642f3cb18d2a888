// Evaluates one parsed statement against an environment of names, with the layout core.
// Every node's value is recorded (for hovers and hints); errors become diagnostics
// pointing at the offending argument.
import * as core from '../core';
import { IntTuple, IntValue, Layout, LayoutError } from '../core';
import type * as Ast from './ast';
import { BUILTIN_BY_NAME, INTEGER_TYPES, POSITIONS, SUPPORTED_TAGS, closest } from './builtins';
import { DiagnosticCode, Severity, severityOf } from './diagnostics';

export type Value = IntTuple | Layout;

export const isLayout = (v: Value): v is Layout => v.kind === 'layout';

export function printValue(v: Value): string {
  return v.kind === 'layout' ? core.printLayout(v) : core.printIntTuple(v);
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
}

export interface Environment {
  lookup(name: string): Binding | undefined;
  names(): Iterable<string>;
  /** A value for a name that is not declared (C++ kernels: a symbolic integer); undefined makes it an error. */
  free?(name: string): Value | undefined;
}

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
  tiles: { node: Ast.Expr; parent: Layout; tileShape: IntTuple; coord: IntTuple; result: Layout }[];
  /** layout(coord)/crd2offset calls: for hovers that explain the sum. */
  offsets: { node: Ast.Expr; coordNode: Ast.Expr; coord: IntTuple; shape: IntTuple; stride: IntTuple; layout?: Layout; result: IntValue }[];
}

class Abort extends Error {
  constructor(readonly silent: boolean) {
    super('abort');
  }
}

const kindName = (v: Value) => (v.kind === 'layout' ? 'a layout' : v.kind === 'tuple' ? 'a tuple' : 'an integer');

export class StatementEvaluator {
  private diagnostics: LocalDiagnostic[] = [];
  private nodeValues: NodeValue[] = [];
  private deps = new Set<string>();
  private tiles: EvalResult['tiles'] = [];
  private offsets: EvalResult['offsets'] = [];

  constructor(private readonly env: Environment) {}

  run(statement: Ast.Statement): EvalResult {
    let value: Value | null = null;
    try {
      switch (statement.type) {
        case 'decl':
          value = this.eval(statement.expr);
          this.checkDeclaredType(statement, value);
          break;
        case 'expr':
          value = this.eval(statement.expr);
          break;
        case 'assert':
          this.staticAssert(statement);
          break;
        default:
          break;
      }
    } catch (e) {
      if (!(e instanceof Abort)) throw e;
      value = null;
    }
    return {
      value,
      diagnostics: this.diagnostics,
      nodeValues: this.nodeValues,
      dependencies: [...this.deps],
      tiles: this.tiles,
      offsets: this.offsets,
    };
  }

  // ------------------------------------------------------------ reporting

  private report(span: Ast.Span, code: DiagnosticCode, message: string, extra: Partial<LocalDiagnostic> = {}): void {
    this.diagnostics.push({ start: span.start, end: span.end, severity: severityOf(code), code, message, ...extra });
  }

  private fail(span: Ast.Span, code: DiagnosticCode, message: string, extra: Partial<LocalDiagnostic> = {}): never {
    this.report(span, code, message, extra);
    throw new Abort(false);
  }

  /** Runs a core operation; a LayoutError becomes a diagnostic on the argument it names. */
  private core<T>(node: Ast.Expr, args: Ast.Expr[], op: () => T, relatedNames?: LocalDiagnostic['relatedNames']): T {
    try {
      return op();
    } catch (e) {
      if (!(e instanceof LayoutError)) throw e;
      const at = e.details.argIndex !== undefined && args[e.details.argIndex] ? args[e.details.argIndex] : node;
      const expectedRank = e.details.expectedRank;
      this.fail(at, e.code, e.message, { relatedNames, data: expectedRank !== undefined ? { expectedRank } : undefined });
    }
  }

  // ------------------------------------------------------------ statements

  private checkDeclaredType(s: Ast.Declaration, v: Value): void {
    const t = s.declType;
    if (!t || t === 'auto' || !s.declTypeArg) return;
    const want =
      t === 'Layout' ? 'layout' : ['Shape', 'Stride', 'Coord', 'tuple'].includes(t) ? 'tuple' : INTEGER_TYPES.includes(t) ? 'int' : null;
    if (want && v.kind !== want) {
      this.fail(s.expr, 'argument-kind', `cannot initialise ${t} '${s.name}' with ${kindName(v)}`);
    }
  }

  private staticAssert(s: Ast.StaticAssert): void {
    const l = this.eval(s.left);
    const r = this.eval(s.right);
    const equal = valuesEqual(l, r);
    if (equal !== (s.op === '==')) {
      const msg = s.message ? `static_assert failed: "${s.message}": ` : 'static_assert failed: ';
      this.report(
        { start: s.left.start, end: s.right.end },
        'static-assert-failed',
        `${msg}${printValue(l)} ${s.op === '==' ? '!=' : '=='} ${printValue(r)}`,
      );
    }
  }

  // ------------------------------------------------------------ expressions

  eval(e: Ast.Expr): Value {
    const v = this.evalInner(e);
    this.nodeValues.push({ node: e, value: v });
    return v;
  }

  private evalInner(e: Ast.Expr): Value {
    switch (e.type) {
      case 'int':
        if (e.value > core.arith.INT64_MAX) this.fail(e, 'overflow', `integer literal ${e.value} does not fit in int64`);
        return core.int(e.value, e.isStatic);
      case 'name':
        return this.lookup(e);
      case 'paren':
        return this.eval(e.inner);
      case 'tuple':
        return core.tuple(...e.items.map((x) => this.intTuple(x, 'a tuple element')));
      case 'compact': {
        const args = [e.shape, e.stride, ...(e.origin ? [e.origin] : [])];
        const [shape, stride, origin] = args.map((a) => this.intTuple(a, 'a side of shape:stride:originShape'));
        return this.core(e, args, () => core.makeLayout(shape, stride, origin));
      }
      case 'binary':
        return this.binary(e);
      case 'unary': {
        // -9223372036854775808: the one literal that only fits int64 negated (as printed)
        if (e.op === '-' && e.operand.type === 'int' && e.operand.value === -core.arith.INT64_MIN) {
          const v = core.int(core.arith.INT64_MIN, e.operand.isStatic);
          this.nodeValues.push({ node: e.operand, value: v });
          return v;
        }
        const v = this.integer(e.operand, `operand of unary ${e.op}`);
        return e.op === '-' ? this.core(e, [], () => core.arith.neg(v)) : v;
      }
      case 'cast':
        return core.arith.cast(this.integer(e.operand, `operand of the cast to ${e.castType}`));
      case 'typeInstance':
        return this.typeInstance(e);
      case 'apply':
        return this.apply(e, this.eval(e.target), e.target);
      case 'call':
        return this.call(e);
    }
  }

  private lookup(e: Ast.NameRef): Value {
    this.deps.add(e.name);
    const b = this.env.lookup(e.name);
    if (b) {
      if (b.value === null) throw new Abort(true);
      return b.value;
    }
    const free = this.env.free?.(e.name);
    if (free) return free;
    if (BUILTIN_BY_NAME.has(e.name)) {
      this.fail(e, 'argument-kind', `'${e.name}' is a function; call it, e.g. ${BUILTIN_BY_NAME.get(e.name)!.signatures[0].label}`);
    }
    // no "did you mean" here: it would read every name in scope (and make the statement
    // depend on all of them); suggestFor (analysis.ts) finds it when a quick fix asks
    this.fail(e, 'unknown-name', `unknown name '${e.name}'`);
  }

  private binary(e: Ast.Binary): Value {
    const a = this.integer(e.left, `left operand of ${e.op}`);
    const b = this.integer(e.right, `right operand of ${e.op}`);
    const A = core.arith;
    const op = { '+': A.add, '-': A.sub, '*': A.mul, '/': A.div, '%': A.mod }[e.op];
    return this.core(e, [e.left, e.right], () => op(a, b));
  }

  // ------------------------------------------------------------ argument kinds

  private intTuple(e: Ast.Expr, role: string): IntTuple {
    const v = this.eval(e);
    if (v.kind === 'layout') this.fail(e, 'argument-kind', `${role} must be an integer or a tuple, not a layout`);
    return v;
  }

  private integer(e: Ast.Expr, role: string): IntValue {
    const v = this.eval(e);
    if (v.kind !== 'int') this.fail(e, 'argument-kind', `${role} must be an integer, not ${kindName(v)}`);
    return v;
  }

  private tupleArg(e: Ast.Expr, role: string): IntTuple {
    return this.intTuple(e, role);
  }

  private layoutArg(e: Ast.Expr, role: string): Layout {
    const v = this.eval(e);
    if (v.kind !== 'layout') this.fail(e, 'argument-kind', `${role} must be a layout, not ${kindName(v)}`);
    return v;
  }

  private arity(e: Ast.Call, counts: number[], label?: string): void {
    if (!counts.includes(e.args.length)) {
      const want = counts.length === 1 ? `${counts[0]}` : `${counts.slice(0, -1).join(', ')} or ${counts[counts.length - 1]}`;
      const sig = label ?? BUILTIN_BY_NAME.get(e.callee)?.signatures.map((s) => s.label).join(' | ');
      this.fail(e.args.length > Math.max(...counts) ? e.args[Math.max(...counts)] : e.argsSpan, 'argument-count',
        `${e.callee} takes ${want} argument${want === '1' ? '' : 's'}, ${e.args.length} given${sig ? ` (${sig})` : ''}`);
    }
  }

  private noTemplate(e: Ast.Call): void {
    if (e.templateArgs) this.fail(e.calleeSpan, 'argument-count', `${e.callee} takes no template arguments`);
  }

  /** `<I, J…>` indices of shape/stride/get/rank/depth: integer constants. */
  private indices(e: Ast.Call): number[] {
    return (e.templateArgs ?? []).map((t) => {
      if (t.type === 'int') {
        if (t.value > 1_000_000n) this.fail(t, 'index-out-of-range', `index ${t.value} is out of range for ${e.callee}<…>`);
        return Number(t.value);
      }
      this.fail(t, 'argument-kind', `${e.callee}<…> takes integer indices, not '${t.name}'`);
    });
  }

  /** A literal integer that must fit int64 (as `_N` and `Int<N>` are int64 in C++). */
  private inInt64(t: Ast.IntLiteral): bigint {
    if (t.value > core.arith.INT64_MAX) this.fail(t, 'overflow', `integer literal ${t.value} does not fit in int64`);
    return t.value;
  }

  private typeName(e: Ast.Call, i: number, role: string): { name: string; span: Ast.Span } {
    const t = e.templateArgs?.[i];
    if (!t) this.fail(e.calleeSpan, 'argument-count', `${e.callee} needs <${role}> template arguments`);
    if (t.type !== 'typeArg' || t.args) this.fail(t, 'argument-kind', `${role} must be a type name`);
    return { name: t.name, span: t };
  }

  // ------------------------------------------------------------ type forms

  /** A template argument as a static IntTuple: Int<N>, _N, C<N>, Shape<…>, or a plain integer type (value 0). */
  private typeValue(t: Ast.TemplateArg): IntTuple {
    if (t.type === 'int') {
      if (t.isStatic) return core.staticInt(this.inInt64(t));
      this.fail(t, 'argument-kind', `a type is expected here; write Int<${t.value}> or _${t.value}`);
    }
    const args = t.args ?? [];
    switch (t.name) {
      case 'Int':
      case 'C': {
        const a = args[0];
        if (args.length !== 1 || a.type !== 'int') this.fail(t, 'argument-kind', `${t.name}<N> takes one integer`);
        return core.staticInt(this.inInt64(a));
      }
      case 'Shape':
      case 'Stride':
      case 'Coord':
      case 'tuple':
        return core.tuple(...args.map((a) => this.typeValue(a)));
      default:
        if (INTEGER_TYPES.includes(t.name) && !t.args) return core.int(0); // value-initialised runtime integer
        this.fail(t, 'unknown-name', `unknown type '${t.name}' in a type form; expected Int<N>, _N, Shape<…>, Stride<…>`);
    }
  }

  private typeInstance(e: Ast.TypeInstance): Value {
    const t = e.typeArg;
    // `Alias{}` of a `using Alias = Layout<…>;` in a kernel
    if (!t.args && t.name !== 'Layout') {
      this.deps.add(t.name);
      const b = this.env.lookup(t.name);
      if (b) {
        if (b.value === null) throw new Abort(true);
        return b.value;
      }
    }
    if (t.name === 'Layout') {
      const args = t.args ?? [];
      if (args.length < 2 || args.length > 3) this.fail(t, 'argument-count', `Layout<Shape, Stride[, OriginShape]> takes 2 or 3 type arguments, ${args.length} given`);
      const [s, d, o] = args.map((a) => this.typeValue(a));
      const l = this.core(e, args as unknown as Ast.Expr[], () => core.makeTypeLayout(s, d, o));
      if (!o) {
        this.report(t.nameSpan, 'zero-origin-shape',
          `Layout<Shape, Stride>{} without an OriginShape has originShape ${core.printIntTuple(l.originShape)} (value-initialised): every element counts as padding`);
      }
      return l;
    }
    if (t.name === 'Product') this.fail(e, 'argument-kind', 'Product{} is a function object: call it, Product{}(tuple)');
    if (BUILTIN_BY_NAME.has(t.name)) this.fail(e, 'argument-kind', `'${t.name}' is a function; call it with (…)`);
    return this.typeValue(t);
  }

  // ------------------------------------------------------------ calls

  private apply(e: Ast.Apply | Ast.Call, target: Value, targetNode: Ast.Span, targetName?: string): Value {
    if (target.kind !== 'layout') this.fail(targetNode, 'not-callable', `only a layout can be called with a coordinate; this is ${kindName(target)}`);
    if (e.args.length !== 1) this.fail(e.argsSpan, 'argument-count', `a layout is called with one coordinate, ${e.args.length} given`);
    const coordNode = e.args[0];
    const coord = this.intTuple(coordNode, 'the coordinate');
    const name = targetName ?? (e.type === 'apply' && e.target.type === 'name' ? e.target.name : undefined);
    const related = name ? [{ name, message: `'${name}' is ${printValue(target)}` }] : undefined;
    const result = this.core(e, [coordNode], () => core.layoutOffset(target, coord), related);
    this.offsets.push({ node: e as Ast.Expr, coordNode, coord, shape: target.shape, stride: target.stride, layout: target, result });
    this.checkCoord(coordNode, coord, target.shape, target.originShape);
    return result;
  }

  private call(e: Ast.Call): Value {
    // `Layout<…>{}(coord)`: a type form constructed, then called with a coordinate.
    if (e.braces && e.callee !== 'Product') {
      const typeArg: Ast.TypeArg = {
        type: 'typeArg',
        name: e.callee,
        nameSpan: e.calleeSpan,
        args: e.templateArgs,
        start: e.start,
        end: e.argsSpan.start,
      };
      const instance: Ast.TypeInstance = { type: 'typeInstance', typeArg, start: e.start, end: e.argsSpan.start };
      const target = this.eval(instance);
      return this.apply(e, target, instance);
    }
    // A declared layout can be called; a declared name shadows a builtin only when used as a value.
    const bound = this.env.lookup(e.callee);
    if (bound && !e.templateArgs && !e.braces) {
      this.deps.add(e.callee);
      if (bound.value === null) throw new Abort(true);
      if (bound.value.kind === 'layout' || !BUILTIN_BY_NAME.has(e.callee)) {
        this.nodeValues.push({ node: { type: 'name', name: e.callee, ...e.calleeSpan }, value: bound.value });
        return this.apply(e, bound.value, e.calleeSpan, e.callee);
      }
    }
    const A = core.arith;
    switch (e.callee) {
      case 'MakeShape':
      case 'MakeStride':
      case 'MakeCoord':
      case 'make_tuple':
      case 'MakeTuple':
        this.noTemplate(e);
        return core.tuple(...e.args.map((a, i) => this.intTuple(a, `argument ${i + 1} of ${e.callee}`)));
      case 'MakeLayout':
        return this.makeLayout(e);
      case 'MakeLayoutL0C': {
        this.arity(e, [2]);
        const [r, c] = e.args.map((a, i) => this.integer(a, i ? 'cols' : 'rows'));
        return this.core(e, e.args, () => core.makeLayoutL0C(r, c));
      }
      case 'MakeLayoutFmap': {
        const el = this.typeName(e, 0, 'Element');
        this.arity(e, [4]);
        const [b, c1, h, w] = e.args.map((a, i) => this.integer(a, ['batch', 'cin1', 'h', 'w'][i]));
        this.element(el);
        return this.core(e, e.args, () => core.makeLayoutFmap(el.name, b, c1, h, w));
      }
      case 'MakeLayoutFilter': {
        const el = this.typeName(e, 0, 'Element');
        const pos = this.typeName(e, 1, 'Position');
        this.arity(e, [4]);
        this.element(el);
        if (!POSITIONS.includes(pos.name)) this.fail(pos.span, 'argument-kind', `Position must be ${POSITIONS.join(' or ')}, not '${pos.name}'`);
        const [c1, kh, kw, n] = e.args.map((a, i) => this.integer(a, ['cin1', 'kh', 'kw', 'cout'][i]));
        return this.core(e, e.args, () => core.makeLayoutFilter(el.name, pos.name, c1, kh, kw, n));
      }
      case 'GetTileLayout':
        return this.getTileLayout(e);
      case 'crd2offset': {
        this.noTemplate(e);
        this.arity(e, [3]);
        const [coord, shape, stride] = e.args.map((a, i) => this.intTuple(a, ['coord', 'shape', 'stride'][i]));
        const result = this.core(e, e.args, () => core.crd2offset(coord, shape, stride), this.relatedFor(e.args));
        this.offsets.push({ node: e, coordNode: e.args[0], coord, shape, stride, result });
        this.checkCoord(e.args[0], coord, shape, undefined);
        return result;
      }
      case 'shape':
      case 'stride':
      case 'originShape': {
        this.arity(e, [1]);
        const v = this.eval(e.args[0]);
        let part: IntTuple;
        if (v.kind === 'layout') part = v[e.callee];
        else if (e.callee === 'shape') part = v; // shape(IntTuple) is the tuple itself
        else this.fail(e.args[0], 'argument-kind', `${e.callee}(…) needs a layout, not ${kindName(v)}`);
        const idx = this.indices(e);
        return this.core(e, e.args, () => core.getPath(part, idx));
      }
      case 'get': {
        this.arity(e, [1]);
        const idx = this.indices(e);
        if (!idx.length) this.fail(e.calleeSpan, 'argument-count', 'get needs indices: get<I, J…>(x)');
        const v = this.eval(e.args[0]);
        if (v.kind === 'layout') {
          const s = this.core(e, e.args, () => core.getPath(v.shape, idx));
          const d = this.core(e, e.args, () => core.getPath(v.stride, idx));
          // the sub-layout's valid extent: the parent's for that mode when it is an integer mode,
          // else each sub-mode's full extent (a nested mode has no finer originShape)
          const o = s.kind === 'int' ? this.core(e, e.args, () => core.getPath(v.originShape, idx.slice(0, 1))) : core.defaultOriginShape(s);
          return core.layout(s, d, o);
        }
        return this.core(e, e.args, () => core.getPath(v, idx));
      }
      case 'rank':
      case 'depth': {
        this.arity(e, [1]);
        const v = this.eval(e.args[0]);
        const t = v.kind === 'layout' ? v.shape : v;
        const idx = this.indices(e);
        const sub = this.core(e, e.args, () => core.getPath(t, idx));
        return core.staticInt(e.callee === 'rank' ? core.rank(sub) : core.depth(sub));
      }
      case 'Product':
      case 'size': {
        if (e.callee === 'Product' && !e.braces) this.fail(e.calleeSpan, 'argument-kind', 'Product is a function object: write Product{}(tuple)');
        this.arity(e, [1]);
        const v = this.eval(e.args[0]);
        return this.core(e, e.args, () => A.product(v.kind === 'layout' ? v.shape : v));
      }
      case 'CeilDiv':
      case 'RoundUp':
      case 'min':
      case 'max': {
        this.arity(e, [2]);
        const [a, b] = e.args.map((x, i) => this.integer(x, `argument ${i + 1} of ${e.callee}`));
        const op = { CeilDiv: A.ceilDiv, RoundUp: A.roundUp, min: A.min, max: A.max }[e.callee];
        return this.core(e, e.args, () => op(a, b));
      }
      case 'print':
        this.arity(e, [1]);
        return this.eval(e.args[0]);
      default:
        if (INTEGER_TYPES.includes(e.callee)) {
          // functional cast: uint32_t(x)
          this.arity(e, [1], `${e.callee}(x)`);
          return A.cast(this.integer(e.args[0], `operand of ${e.callee}(…)`));
        }
        if (bound) {
          if (bound.value === null) throw new Abort(true);
          return this.apply(e, bound.value, e.calleeSpan);
        }
        // the suggestion is computed on demand (suggestFor in analysis.ts), as for names
        this.fail(e.calleeSpan, 'unknown-function', `unknown function '${e.callee}'`);
    }
  }

  private element(el: { name: string; span: Ast.Span }): void {
    if (!(el.name in core.ELEMENT_BITS)) {
      const s = closest(el.name, Object.keys(core.ELEMENT_BITS));
      this.fail(el.span, 'unsupported-element',
        `unsupported element type '${el.name}'; supported: ${Object.keys(core.ELEMENT_BITS).join(', ')}`, {
          data: s ? { suggestion: s } : undefined,
        });
    }
  }

  private makeLayout(e: Ast.Call): Value {
    if (e.templateArgs) {
      const el = this.typeName(e, 0, 'Element');
      const tag = this.typeName(e, 1, 'Element, Tag');
      this.element(el);
      if (!SUPPORTED_TAGS.includes(tag.name)) {
        const s = closest(tag.name, SUPPORTED_TAGS);
        this.fail(tag.span, 'unsupported-tag',
          `MakeLayout<Element, Tag> does not support tag '${tag.name}'; supported tags: ${SUPPORTED_TAGS.join(', ')}`, {
            data: s ? { suggestion: s } : undefined,
          });
      }
      this.arity(e, [2], 'MakeLayout<Element, Tag>(rows, cols)');
      const [r, c] = e.args.map((a, i) => this.integer(a, i ? 'cols' : 'rows'));
      return this.core(e, e.args, () => core.makeLayoutFromTag(el.name, tag.name, r, c));
    }
    this.arity(e, [1, 2, 3]);
    if (e.args.length === 1) {
      const len = this.integer(e.args[0], 'the vector length');
      return core.makeVectorLayout(len);
    }
    const parts = e.args.map((a, i) => this.tupleArg(a, ['shape', 'stride', 'originShape'][i]));
    return this.core(e, e.args, () => core.makeLayout(parts[0], parts[1], parts[2]), this.relatedFor(e.args));
  }

  private getTileLayout(e: Ast.Call): Value {
    this.noTemplate(e);
    this.arity(e, [3]);
    const parent = this.layoutArg(e.args[0], 'the first argument of GetTileLayout');
    const tileShape = this.intTuple(e.args[1], 'tileShape');
    const coord = this.intTuple(e.args[2], 'coord');
    const result = this.core(e, e.args, () => core.getTileLayout(parent, tileShape, coord), this.relatedFor(e.args));
    this.tiles.push({ node: e, parent, tileShape, coord, result });
    // warnings need values: a kernel's symbolic tile is shown, not judged
    if (core.isSymbolic(result) || core.isSymbolic(tileShape) || core.isSymbolic(coord)) return result;
    const origin = result.originShape as core.TupleValue;
    if (origin.items.some((x) => (x as IntValue).value === 0n)) {
      this.report(e, 'empty-tile',
        `empty tile: its originShape ${core.printIntTuple(origin)} has an extent of 0 — coord ${core.printIntTuple(coord)} starts beyond the layout's originShape ${core.printIntTuple(parent.originShape)}`);
    } else {
      const t = (tileShape as core.TupleValue).items as IntValue[];
      const c = (coord as core.TupleValue).items as IntValue[];
      const off = c.findIndex((x, d) => t[d].value !== 0n && x.value % t[d].value !== 0n);
      if (off >= 0) {
        this.report(e.args[2], 'tile-misaligned',
          `tile origin ${core.printIntTuple(coord)} is not a multiple of tileShape ${core.printIntTuple(tileShape)} (mode ${off}); coord is in elements, not a tile index`);
      }
    }
    return result;
  }

  /** Arguments that are names point back at their declarations in rank/depth errors. */
  private relatedFor(args: Ast.Expr[]): LocalDiagnostic['relatedNames'] {
    const out: { name: string; message: string }[] = [];
    for (const a of args) {
      if (a.type === 'name' && this.env.lookup(a.name)?.value) {
        out.push({ name: a.name, message: `'${a.name}' is ${printValue(this.env.lookup(a.name)!.value!)}` });
      }
    }
    return out.length ? out : undefined;
  }

  // ------------------------------------------------------------ coordinate checks (warnings, as C++ does not check)

  private checkCoord(node: Ast.Expr, coord: IntTuple, shape: IntTuple, origin: IntTuple | undefined): void {
    if (core.isSymbolic(coord) || core.isSymbolic(shape) || (origin && core.isSymbolic(origin))) return;
    const outside = findOutside(coord, shape, []);
    if (outside) {
      this.report(node, 'coord-out-of-shape',
        `coordinate ${outside.value} is outside ${outside.path.length ? `mode <${outside.path.join(',')}>` : 'the shape'} of extent ${outside.extent} (C++ does not check; the offset runs on)`);
      return;
    }
    if (!origin) return;
    const logical = logicalCoord(coord, shape);
    if (!logical) return;
    const o = origin.kind === 'tuple' ? origin.items : [origin];
    for (let d = 0; d < logical.length && d < o.length; d++) {
      const od = o[d];
      if (od.kind === 'int' && logical[d] >= od.value) {
        this.report(node, 'coord-in-padding',
          `coordinate is in padding: logical index ${logical[d]} of mode ${d} is beyond originShape<${d}> = ${od.value}`);
        return;
      }
    }
  }
}

/** Product of the leaves, exactly (no int64 check: a warning must not fail on a huge mode). */
export function exactProduct(x: IntTuple): bigint {
  return core.leaves(x).reduce((acc, l) => acc * l.value, 1n);
}

/** The first coordinate leaf outside its mode's extent, if any. */
function findOutside(coord: IntTuple, shape: IntTuple, path: number[]): { value: bigint; extent: bigint; path: number[] } | undefined {
  if (coord.kind === 'int') {
    const extent = exactProduct(shape);
    if (coord.value < 0n || coord.value >= extent) return { value: coord.value, extent, path };
    return undefined;
  }
  if (shape.kind !== 'tuple') return undefined;
  for (let i = 0; i < coord.items.length && i < shape.items.length; i++) {
    const r = findOutside(coord.items[i], shape.items[i], [...path, i]);
    if (r) return r;
  }
  return undefined;
}

/** Colexicographic index of a (hierarchical) coordinate inside an IntTuple shape. */
export function crd2idx(coord: IntTuple, shape: IntTuple): bigint {
  if (coord.kind === 'int') return coord.value;
  if (shape.kind !== 'tuple') return 0n;
  let idx = 0n;
  let mult = 1n;
  for (let i = 0; i < coord.items.length; i++) {
    idx += crd2idx(coord.items[i], shape.items[i]) * mult;
    mult *= exactProduct(shape.items[i]);
  }
  return idx;
}

/** Per top-level mode logical index of a coordinate (integer coords split colexicographically). */
export function logicalCoord(coord: IntTuple, shape: IntTuple): bigint[] | undefined {
  if (shape.kind !== 'tuple') return coord.kind === 'int' ? [coord.value] : undefined;
  if (coord.kind === 'int') {
    let rest = coord.value;
    return shape.items.map((m, i) => {
      if (i === shape.items.length - 1) return rest;
      const p = exactProduct(m);
      const here = p ? rest % p : 0n;
      rest = p ? rest / p : 0n;
      return here;
    });
  }
  return coord.items.map((c, i) => crd2idx(c, shape.items[i]));
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
  return core.equalValues(a, b);
}
