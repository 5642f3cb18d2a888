// Evaluates one parsed statement against an environment of names, with the layout core.
// Every node's value is recorded (for hovers and hints); errors become diagnostics
// pointing at the offending argument.
import * as core from '../../core';
import { Arch, CatlassCoord, IntTuple, IntValue, Layout, LayoutError, Tensor } from '../../core';
import type { Ast, BuiltinName } from '../syntax';
import { memberPath, memberRoot } from '../syntax';
import { BUILTIN_BY_NAME, CATLASS_CONSTANTS, INTEGER_TYPES, INTEGER_TYPE_CPP, TAG_MEMBER_FUNCTIONS, TUPLE_TYPE_FORMS, closest } from '../syntax';

import { DiagnosticCode, severityOf } from '../syntax';
import { BUILTINS } from './builtins';
import * as Objects from './catlassObjects';
import { decltypeForm, typeForm, valueInitialised } from './typeForm';
import type { BuiltinContext } from './context';
import {
  Binding,
  Environment,
  FileFunction,
  EvalResult,
  LocalDiagnostic,
  NodeValue,
  TypeDesc,
  Value,
  isIntTuple,
  kindName,
  printType,
  printValue,
  valuesEqual,
  ARCH_MACRO,
  exactProduct,
  usingNamespaceName,
  unqualifiedName,
  FOUND_IN,
} from './values';

/** `Tag::MakeLayout` and the other tag member functions, after any namespace. */
const TAG_MEMBER_CALL = new RegExp(`(?:^|::)(\\w+)::(${TAG_MEMBER_FUNCTIONS.join('|')})$`);

/**
 * A statement's evaluation stopped where it failed (its diagnostic reported, or silent: a value
 * not known here). Thrown thousands of times in an error-heavy document, so it is no Error: an
 * Error records its stack trace when made (in a profile of a 10,000-statement cold analysis,
 * 3% of the time went to making them), and nothing reads this one's.
 */
/** The core's operation of each binary operator, and the role of its right operand (in a diagnostic). */
const ARITH = { '+': core.arith.add, '-': core.arith.sub, '*': core.arith.mul, '/': core.arith.div, '%': core.arith.mod } as const;
const RIGHT_OPERAND = {
  '+': 'right operand of +',
  '-': 'right operand of -',
  '*': 'right operand of *',
  '/': 'right operand of /',
  '%': 'right operand of %',
} as const;

class Abort {
  constructor(readonly silent: boolean) {}
}

/** The details a result omitted (see EvalResult.omitted), and its empty lists: one frozen empty list for all of them. */
const NOTHING_KEPT = Object.freeze([]) as unknown as never[];
/**
 * A kept result's list at its size. An array that grew by push keeps room for 16 more elements,
 * and a `.tla` analysis keeps every statement's result (with one diagnostic, 184 bytes instead of
 * 56); most lists are empty (32 bytes each, tens of thousands): the shared one.
 */
const atSize = <T>(list: T[]): T[] => (list.length ? list.slice() : NOTHING_KEPT);

export class StatementEvaluator implements BuiltinContext {
  private diagnostics: LocalDiagnostic[] = [];
  private nodeValues: NodeValue[] = [];
  private deps = new Set<string>();
  private tiles: EvalResult['tiles'] = [];
  private offsets: EvalResult['offsets'] = [];

  /** `omit`: the details are not kept in the result (see EvalResult.omitted). */
  constructor(
    readonly env: Environment,
    private readonly omit?: EvalResult['omitted'],
  ) {}

  run(statement: Ast.Statement): EvalResult {
    let value: Value | null = null;
    let ctype: string | undefined;
    try {
      switch (statement.type) {
        case 'decl': {
          // the short form after a declaration of its name is C++'s assignment (`a += b;`, `a = b;`)
          const assigned = statement.declType === null ? this.env.lookup(statement.name) : undefined;
          if (assigned) {
            ({ value, ctype } = this.assignment(statement, assigned));
            break;
          }
          value = this.checkDeclaredType(statement, this.eval(statement.expr));
          ctype = isIntegerType(statement.declType)
            ? statement.declType!
            : statement.declType === 'auto'
              ? this.cppTypeOf(statement.expr)
              : undefined;
          break;
        }
        case 'alias':
          value = { kind: 'type', type: this.resolveType(statement.target, 'the aliased type') };
          break;
        case 'declare':
          value = this.declareWithoutInit(statement);
          ctype = isIntegerType(statement.declType) ? statement.declType : undefined;
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
      // a core operation outside coreCall (a default-constructed layout object, …): its error
      // on the statement, never a throw out of the analysis
      // (on the declared name where there is one: a statement without its `;` ends past the text)
      if (e instanceof LayoutError) this.report('nameSpan' in statement ? statement.nameSpan : statement, e.code, e.message);
      else if (!(e instanceof Abort)) throw e;
      value = null;
    }
    if (this.omit)
      return {
        value,
        diagnostics: atSize(this.diagnostics),
        nodeValues: NOTHING_KEPT,
        dependencies: this.deps.size ? [...this.deps] : NOTHING_KEPT,
        tiles: atSize(this.tiles),
        offsets: NOTHING_KEPT,
        ctype,
        omitted: this.omit,
      };
    return {
      value,
      diagnostics: this.diagnostics,
      nodeValues: this.nodeValues,
      dependencies: [...this.deps],
      tiles: this.tiles,
      offsets: this.offsets,
      ctype,
    };
  }

  // ------------------------------------------------------------ reporting

  private objectsAdapter?: Objects.ObjectEvaluator;
  /** What catlassObjects.ts needs of this evaluator. */
  get objects(): Objects.ObjectEvaluator {
    return (this.objectsAdapter ??= {
      eval: (e) => this.eval(e),
      operand: (e) => this.freeAccessor(e, true) ?? this.eval(e),
      integer: (e, role) => this.integer(e, role),
      fail: (span, code, message) => this.fail(span, code, message),
      core: (node, args, op) => this.coreCall(node, args, op),
      cppTypeOf: (e) => this.cppTypeOf(e),
      ambiguous: (name) => this.ambiguousHere(name),
      kindName,
    });
  }

  report(span: Ast.Span, code: DiagnosticCode, message: string, extra: Partial<LocalDiagnostic> = {}): void {
    this.diagnostics.push({ start: span.start, end: span.end, severity: severityOf(code), code, message, ...extra });
  }

  fail(span: Ast.Span, code: DiagnosticCode, message: string, extra: Partial<LocalDiagnostic> = {}): never {
    this.report(span, code, message, extra);
    throw new Abort(false);
  }

  /**
   * Runs a core operation; a LayoutError becomes a diagnostic on the argument it names, with
   * the related names `related` gives (asked only then: printing a layout costs more than most operations).
   */
  coreCall<T>(node: Ast.Expr, args: Ast.Expr[], op: () => T, related?: () => LocalDiagnostic['relatedNames']): T {
    try {
      return op();
    } catch (e) {
      return this.coreFailed(e, node, args, related);
    }
  }

  /** What a core operation threw: a LayoutError is reported on the argument it names (see coreCall), anything else goes on. */
  private coreFailed(e: unknown, node: Ast.Expr, args: Ast.Expr[], related?: () => LocalDiagnostic['relatedNames']): never {
    if (!(e instanceof LayoutError)) throw e;
    const at = e.details.argIndex !== undefined && args[e.details.argIndex] ? args[e.details.argIndex] : node;
    const expectedRank = e.details.expectedRank;
    this.fail(at, e.code, e.message, { relatedNames: related?.(), data: expectedRank !== undefined ? { expectedRank } : undefined });
  }

  // ------------------------------------------------------------ statements

  /** The declared type converts the value: an integer type makes it a runtime integer (as C++'s conversion does). */
  private checkDeclaredType(s: Ast.Declaration, v: Value): Value {
    const t = s.declType;
    if (!t || t === 'auto' || !s.declTypeArg) return v;
    if (s.expr.type === 'typeInstance' && s.expr.typeArg === s.declTypeArg) return v; // `T name(a, b);`: constructed as T
    const declared = this.resolveTypeIfKnown(s.declTypeArg);
    const want =
      t === 'Layout'
        ? 'layout'
        : ['Shape', 'Stride', 'Coord', 'tuple'].includes(t)
          ? 'tuple'
          : INTEGER_TYPES.includes(t)
            ? 'int'
            : declared?.t === 'tag'
              ? 'tagObject'
              : null;
    if (want && v.kind !== want) {
      this.fail(s.expr, 'argument-kind', `cannot initialise ${t} '${s.name}' with ${kindName(v)}`);
    }
    if (declared?.t === 'catlassCoord' && v.kind === 'catlassCoord' && v.type !== declared.name) {
      // `MatrixCoord actualShape = blockShape.GetCoordMN();`: MatrixCoord(Coord<2> const&)
      if (v.items.length !== (declared.name === 'GemmCoord' ? 3 : 2) || core.indexOf(v) !== 'uint32_t')
        this.fail(s.expr, 'argument-kind', `cannot initialise ${declared.name} '${s.name}' with a ${core.coordTypeName(v)}`);
      return core.catlassCoord(declared.name, v.items);
    }
    if (declared?.t === 'tag' && v.kind === 'tagObject' && v.tag !== declared.name) {
      this.fail(s.expr, 'argument-kind', `cannot initialise layout::${declared.name} '${s.name}' with a layout::${v.tag} tag object`);
    }
    return want === 'int' && v.kind === 'int' ? core.arith.cast(v) : v;
  }

  /**
   * `NAME = EXPR;` or `NAME op= EXPR;` after NAME's declaration: its new value, of the same kind
   * and C++ type (an integer converted to that type as C++ converts: modulo its width).
   */
  private assignment(s: Ast.Declaration, target: Binding): { value: Value; ctype?: string } {
    this.deps.add(s.name);
    const was = target.value;
    const ctype = target.ctype;
    if (ctype && /^(Int|C)</.test(ctype)) this.fail(s.nameSpan, 'argument-kind', `'${s.name}' is a compile-time ${ctype}: C++ cannot assign to it`);
    const v = this.eval(s.expr);
    if (was === null) throw new Abort(true); // its declaration failed (reported there)
    const same =
      v.kind === was.kind &&
      (v.kind !== 'catlassCoord' || (was.kind === 'catlassCoord' && v.type === was.type && v.items.length === was.items.length));
    if (!same) this.fail(s.expr, 'argument-kind', `cannot assign ${kindName(v)} to '${s.name}', ${kindName(was)}`);
    return { value: v.kind === 'int' ? convertInteger(core.arith.cast(v), ctype) : v, ctype };
  }

  /** `AscendC::GlobalTensor<half> gmA;`, `uint32_t m;` (a runtime value: a symbol), `layout::RowMajor tag;`. */
  private declareWithoutInit(s: Ast.BareDeclaration): Value {
    const t = this.resolveType(s.declTypeArg, 'the declared type');
    switch (t.t) {
      case 'buffer':
        return core.bufferView(t.storage, t.element, s.name);
      case 'integer':
        return this.boundInt(s.name) ?? core.symbolicInt(s.name);
      case 'tag':
        return core.constructTag(t.name, []);
      case 'catlassCoord':
        return { kind: 'catlassCoord', type: t.name, items: Array.from({ length: t.name === 'GemmCoord' ? 3 : 2 }, () => core.int(0)) };
      case 'value':
        return t.value;
      case 'element':
        // `uint32_t m;`: uint32_t is an element type too (a tensor of uint32_t), here the integer
        if (INTEGER_TYPES.includes(t.name)) return this.boundInt(s.name) ?? core.symbolicInt(s.name);
        break;
      default:
        break;
    }
    this.fail(s.declTypeArg, 'argument-kind', `a ${printType(t)} declared without a value has nothing to show; give it one`);
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
    if (!this.omit) this.nodeValues.push({ node: e, value: v });
    return v;
  }

  /** A node's value for the result (not made when the result omits them: most evaluations of an analysis). */
  private keepNode(node: Ast.Expr, value: Value): void {
    if (!this.omit) this.nodeValues.push({ node, value });
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
        return core.tuple(...e.items.map((x) => this.intTuple(x, 'a tuple element', true)));
      case 'compact': {
        const args = [e.shape, e.stride, ...(e.origin ? [e.origin] : [])];
        const [shape, stride, origin] = args.map((a) => this.intTuple(a, 'a side of shape:stride:originShape', true));
        return this.coreCall(e, args, () => core.makeLayout(shape, stride, origin));
      }
      case 'binary':
        return this.binary(e);
      case 'unary': {
        // -9223372036854775808: the one literal that only fits int64 negated (as printed)
        if (e.op === '-' && e.operand.type === 'int' && e.operand.value === -core.arith.INT64_MIN) {
          const v = core.int(core.arith.INT64_MIN, e.operand.isStatic);
          this.keepNode(e.operand, v);
          return v;
        }
        const v = this.integer(e.operand, `operand of unary ${e.op}`);
        return e.op === '-' ? this.coreCall(e, [], () => core.arith.neg(v)) : v;
      }
      case 'cast':
        return core.arith.cast(this.integer(e.operand, `operand of the cast to ${e.castType}`));
      case 'typeInstance':
        return this.typeInstance(e);
      case 'apply':
        if (e.target.type === 'member') return this.method(e, e.target);
        if (e.target.type === 'typeMember' && e.target.typeArg.name === 'Coord' && e.target.member === 'Min') {
          // `Catlass::Coord<2>::Min(a, b)`
          this.unqualifiedCoord(e.target.typeArg);
          return Objects.coordFunction(this.objects, e, 'Min', e.args);
        }
        return this.apply(e, this.eval(e.target), e.target);
      case 'call':
        return this.call(e);
      case 'member':
        return this.member(e);
      case 'index': {
        const target = this.eval(e.target);
        if (target.kind === 'catlassCoord') return Objects.coordIndex(this.objects, e, target, e.index);
        if (target.kind !== 'buffer')
          this.fail(e.target, 'not-callable', `only an AscendC buffer can be indexed with [offset]; this is ${kindName(target)}`);
        return core.bufferAt(target, this.integer(e.index, 'the offset'));
      }
      case 'typeMember':
        return this.typeMember(e);
    }
  }

  /** A name the user bound to a number: that runtime integer (dynamic, as the kernel's value is). */
  private boundInt(name: string): IntValue | undefined {
    // `params->m` is bound as `params.m` (bindings.ts reads `->` as `.`)
    const v = this.env.bound?.(name) ?? (name.includes('->') ? this.env.bound?.(name.replace(/->/g, '.')) : undefined);
    if (v === undefined) return undefined;
    this.deps.add(name);
    return core.int(v);
  }

  private lookup(e: Ast.NameRef): Value {
    this.deps.add(e.name);
    const b = this.env.lookup(e.name);
    if (b) {
      if (b.value === null) throw new Abort(true);
      // a runtime integer (`uint32_t m = params.m;`) the user bound to a number; a known value stays
      if (b.value.kind === 'int' && b.value.sym !== undefined) return this.boundInt(e.name) ?? b.value;
      return b.value;
    }
    const bound = this.boundInt(e.name);
    if (bound) return bound;
    const free = this.env.free?.(e.name);
    if (free) return free;
    if (e.name === '_') return { kind: 'underscore' };
    if (e.name === 'true' || e.name === 'false') return { kind: 'bool', value: e.name === 'true' };
    const constant = CATLASS_CONSTANTS[e.name];
    if (constant !== undefined) return core.int(constant);
    const shapeMember = this.shapeMember(e.name, e);
    if (shapeMember) return shapeMember;
    if (BUILTIN_BY_NAME.has(e.name)) {
      this.fail(e, 'argument-kind', `'${e.name}' is a function; call it, e.g. ${BUILTIN_BY_NAME.get(e.name)!.signatures[0].label}`);
    }
    // no "did you mean" here: it would read every name in scope (and make the statement
    // depend on all of them); suggestFor (analysis.ts) finds it when a quick fix asks
    this.fail(e, 'unknown-name', `unknown name '${e.name}'`);
  }

  /** `L1TileShape::M`, `L1TileShape::ToCoordMN` of a `using L1TileShape = GemmShape<…>;`. */
  private shapeMember(name: string, node?: Ast.Span): IntValue | CatlassCoord | undefined {
    const i = name.lastIndexOf('::');
    if (i < 0) return undefined;
    const b = this.env.lookup(name.slice(0, i));
    if (b?.value?.kind !== 'type' || b.value.type.t !== 'catlassShape') return undefined;
    this.deps.add(name.slice(0, i));
    const t = b.value.type;
    // without a node (a template argument's constant), an unknown member is simply not a constant
    return node ? Objects.shapeMember(this.objects, t, name.slice(i + 2), node) : core.shapeTemplateMember(t.template, t.dims, name.slice(i + 2));
  }

  private binary(e: Ast.Binary): Value {
    const left = this.freeAccessor(e.left, true) ?? this.eval(e.left);
    if (left.kind === 'catlassCoord') return Objects.coordBinary(this.objects, e, left, this.objects.operand(e.right));
    if (left.kind !== 'int') this.fail(e.left, 'argument-kind', `left operand of ${e.op} must be an integer, not ${kindName(left)}`);
    const b = this.integer(e.right, RIGHT_OPERAND[e.op]);
    // (coreCall's work without its closure and argument list: sums of dozens of names are common)
    try {
      return ARITH[e.op](left, b);
    } catch (err) {
      return this.coreFailed(err, e, [e.left, e.right]);
    }
  }

  // ------------------------------------------------------------ argument kinds

  /**
   * A kernel's name that is not known here (a function parameter, `params.layoutA`): free()
   * gives it as a symbolic integer, but it may as well be a tuple or a layout. Where a tuple's
   * structure matters, such a name stops the evaluation silently: never an invented structure.
   */
  isFreeNode(e: Ast.Expr): boolean {
    if (!this.env.free) return false;
    if (e.type === 'paren') return this.isFreeNode(e.inner);
    if (e.type === 'name')
      return (
        !this.env.lookup(e.name) &&
        !this.env.bound?.(e.name) &&
        e.name !== '_' &&
        CATLASS_CONSTANTS[e.name] === undefined &&
        e.name !== 'true' &&
        e.name !== 'false'
      );
    if (e.type === 'member') {
      const root = memberRoot(e);
      const path = memberPath(e);
      return root !== undefined && !this.env.lookup(root) && !(path && (this.env.bound?.(path) !== undefined || this.env.lookup(path)?.value));
    }
    return false;
  }

  /** Where a tuple's structure matters, a free kernel value stops the evaluation silently (its node still recorded). */
  stopIfFree(e: Ast.Expr): void {
    if (!this.isFreeNode(e)) return;
    this.eval(e);
    throw new Abort(true);
  }

  /** A named integer constant: a declaration of the file, else one of Catlass's constants (a dependency either way). */
  private namedConstant(name: string): IntValue | undefined {
    this.deps.add(name);
    const v =
      this.env.lookup(name)?.value ??
      (CATLASS_CONSTANTS[name] !== undefined ? core.int(CATLASS_CONSTANTS[name]) : undefined) ??
      (name.includes('::') ? this.shapeMember(name) : undefined);
    return v?.kind === 'int' ? v : undefined;
  }

  intTuple(e: Ast.Expr, role: string, allowFreeInteger = false): IntTuple {
    if (!allowFreeInteger) this.stopIfFree(e);
    const v = this.eval(e);
    if (v.kind === 'catlassCoord') this.catlassCoordTrap(e, v, role);
    if (!isIntTuple(v)) this.fail(e, 'argument-kind', `${role} must be an integer or a tuple, not ${kindName(v)}`);
    return v;
  }

  /** A Catlass::Coord where a tla tuple belongs: the `using namespace Catlass;` + MakeCoord trap. */
  private catlassCoordTrap(e: Ast.Expr, v: CatlassCoord, role: string): never {
    const call = e.type === 'call' && e.callee === 'MakeCoord' ? e : undefined;
    if (call && call.ns === '') {
      this.fail(
        call.calleeSpan,
        'catlass-coord',
        `${role}: ${this.whyCatlassMakeCoord(call.args.map(() => '…').join(', '))} and makes a Catlass::Coord, not a tla tuple (C++ then fails far away); write tla::MakeCoord`,
        { data: { suggestion: 'tla::MakeCoord' } },
      );
    }
    this.fail(e, 'catlass-coord', `${role} must be a tla tuple, not ${printValue(v)} (a Catlass coord); build it with tla::MakeCoord`);
  }

  /**
   * `blockCoord.m()`, `params.problemShape.n()` of a kernel object not known here. Where C++
   * needs an integer (an operand, rows and cols), or for the accessors of Catlass's coords
   * (m, n, k, row, column), it is a runtime integer: a symbol named by the call. Where C++ needs
   * an integer, a call with integer literals (`layout.shape(0)`, a Catlass layout's extent) is one too.
   */
  private freeAccessor(e: Ast.Expr, integerContext: boolean): IntValue | undefined {
    if (!this.env.free || e.type !== 'apply' || e.target.type !== 'member') return undefined;
    if (e.args.length && (!integerContext || !e.args.every((a) => a.type === 'int' && !a.isStatic))) return undefined;
    const path = memberPath(e.target);
    const root = memberRoot(e.target);
    if (!path || !root || this.env.lookup(root)) return undefined;
    if (!integerContext && !COORD_ACCESSORS.has(e.target.name)) return undefined;
    const args = e.args.map((a) => String((a as Ast.IntLiteral).value) + (a as Ast.IntLiteral).suffix).join(', ');
    const v = this.boundInt(`${path}(${args})`) ?? this.env.free(`${path}(${args})`);
    if (v?.kind !== 'int') return undefined;
    this.keepNode(e, v);
    return v;
  }

  integer(e: Ast.Expr, role: string): IntValue {
    const accessor = this.freeAccessor(e, true);
    if (accessor) return accessor;
    const v = this.eval(e);
    if (v.kind !== 'int') this.fail(e, 'argument-kind', `${role} must be an integer, not ${kindName(v)}`);
    return v;
  }

  tupleArg(e: Ast.Expr, role: string): IntTuple {
    return this.intTuple(e, role);
  }

  /** A layout or an IntTuple; a tensor stands for its layout (rank(t), size(t) in kernels). */
  layoutOrTuple(e: Ast.Expr, role: string): Layout | IntTuple {
    this.stopIfFree(e); // rank, size or a mode of a kernel value not known here
    const v = this.eval(e);
    if (v.kind === 'tensor') return v.layout;
    if (v.kind !== 'layout' && !isIntTuple(v)) this.fail(e, 'argument-kind', `${role} takes a layout or a tuple, not ${kindName(v)}`);
    return v;
  }

  tensorArg(e: Ast.Expr, role: string): Tensor;
  tensorArg(e: Ast.Expr, role: string, opaque: true): Tensor | core.OpaqueTensor;
  tensorArg(e: Ast.Expr, role: string, opaque = false): Tensor | core.OpaqueTensor {
    // a kernel's tensor not known here (a parameter): its tiles are still known in part
    if (opaque && this.isFreeNode(e) && memberPath(e)) {
      this.eval(e);
      return { kind: 'opaqueTensor', root: memberPath(e)! };
    }
    const v = this.eval(e);
    if (opaque && v.kind === 'opaqueTensor') return v;
    if (v.kind !== 'tensor') this.fail(e, 'argument-kind', `${role} must be a tensor (tla::MakeTensor), not ${kindName(v)}`);
    return v;
  }

  /** `Arch::PositionGM{}` (as MakeTensor takes it): the AscendC::TPosition it names. */
  position(e: Ast.Expr): string {
    const v = this.eval(e);
    if (v.kind !== 'position')
      this.fail(e, 'argument-kind', `a position is expected here (Catlass::Arch::PositionGM{}, PositionL1{}, …), not ${kindName(v)}`);
    return core.POSITION_TPOSITION[v.name];
  }

  /** A flat or nested tuple of MakeShape/MakeCoord arguments; `tla::_` makes a slicing coordinate. */
  tupleOf(e: Ast.Call): Value {
    this.noTemplate(e);
    const vals = e.args.map((a) => this.freeAccessor(a, false) ?? this.eval(a));
    if (vals.some((v) => v.kind === 'underscore' || v.kind === 'slice')) {
      return {
        kind: 'slice',
        items: vals.map((v, i) => {
          if (v.kind === 'underscore') return null;
          if (v.kind !== 'int')
            this.fail(e.args[i], 'depth-mismatch', `a coordinate with _ must be flat: argument ${i + 1} of ${e.callee} is ${kindName(v)}`);
          return v;
        }),
      };
    }
    return core.tuple(
      ...vals.map((v, i) => {
        if (v.kind === 'catlassCoord') this.catlassCoordTrap(e.args[i], v, `argument ${i + 1} of ${e.callee}`);
        if (!isIntTuple(v))
          this.fail(e.args[i], 'argument-kind', `argument ${i + 1} of ${e.callee} must be an integer or a tuple, not ${kindName(v)}`);
        return v;
      }),
    );
  }

  /** True when every argument's C++ type is evident and the same (then Catlass::MakeCoord<T> wins). */
  sameKnownType(args: Ast.Expr[]): boolean {
    const types = args.map((a) => this.cppTypeOf(a));
    return types.every((t) => t !== undefined && t === types[0]);
  }

  /** A template argument that must be an integer constant: `32`, `_32`, or a constant's name. */
  constantArg(t: Ast.TemplateArg): IntValue {
    if (t.type === 'int') return core.int(this.inInt64(t));
    if (t.type === 'constExpr') return core.arith.cast(this.integer(t.expr, 'the template argument'));
    if (t.type === 'typeArg' && !t.args) {
      const v = this.namedConstant(t.name);
      if (v) return core.arith.cast(v);
    }
    this.fail(t, 'argument-kind', 'an integer constant is expected here');
  }

  boolConstant(t: Ast.TemplateArg): boolean {
    if (t.type === 'typeArg' && !t.args) {
      const v = this.env.lookup(t.name)?.value;
      this.deps.add(t.name);
      if (v?.kind === 'bool') return v.value;
      if (v?.kind === 'int' && !v.sym) return v.value !== 0n;
    }
    this.fail(t, 'argument-kind', 'isB must be true or false');
  }

  /** `Tag::MakeLayout<E>(r, c)`, `RowMajor::MakeLayoutInUb<E>(MatrixCoord{r, c})`, `zN::MakeLayoutInL0C(…)`. */
  private tagStatic(e: Ast.Call, tag: string, fn: string): Value {
    if (this.env.free && fn === 'MakeLayout' && !(core.TAG_CLASSES as readonly string[]).includes(tag) && e.args.length === 2) {
      // a kernel's `LayoutTagA::MakeLayout<E>(r, c)` with a template-parameter tag: its entries are not
      // known, its orgShape is (r, c) for every tag class that has MakeLayout<E>(rows, cols)
      const [r, c] = e.args.map((a, i) => core.arith.cast(this.integer(a, i ? 'cols' : 'rows')));
      return { kind: 'tagObject', tag, shape: null, stride: null, orgShape: [r, c] };
    }
    if (!(core.TAG_CLASSES as readonly string[]).includes(tag)) {
      this.fail(e.calleeSpan, 'unsupported-tag', `'${tag}' is not a Catlass::layout tag class (${core.TAG_CLASSES.slice(0, 9).join(', ')}, …)`);
    }
    const arch = this.arch();
    if (fn === 'MakeLayout') {
      // NDC1HWC0 and KDC1KHKWN1N0C0 have MakeLayout(…) without an element; the others MakeLayout<Element>(…)
      const el = tag === 'NDC1HWC0' || tag === 'KDC1KHKWN1N0C0' ? undefined : this.typeName(e, 0, 'Element');
      if (el) this.element(el);
      const ints = e.args.map((a, i) => this.integer(a, `argument ${i + 1} of ${tag}::MakeLayout`));
      return this.coreCall(e, e.args, () => core.layoutObjectMakeLayout(tag, el?.name, ints, arch));
    }
    this.arity(e, [1], `${tag}::${fn}(MatrixCoord{rows, cols})`);
    const c = this.eval(e.args[0]);
    if (c.kind !== 'catlassCoord') this.fail(e.args[0], 'argument-kind', `${tag}::${fn} takes a MatrixCoord{rows, cols}, not ${kindName(c)}`);
    if (fn === 'MakeLayoutInUb') {
      if (tag !== 'RowMajor' && tag !== 'VectorLayout')
        this.fail(e.calleeSpan, 'unknown-function', `${tag} has no MakeLayoutInUb (RowMajor and VectorLayout have)`);
      const el = this.typeName(e, 0, 'Element');
      this.element(el);
      return this.coreCall(e, e.args, () => core.makeLayoutInUb(tag, el.name, c, arch));
    }
    if (tag !== 'zN') this.fail(e.calleeSpan, 'unknown-function', `${tag} has no MakeLayoutInL0C (zN has)`);
    return this.coreCall(e, e.args, () => core.makeLayoutInL0C(c));
  }

  layoutArg(e: Ast.Expr, role: string): Layout {
    const v = this.eval(e);
    if (v.kind !== 'layout') this.fail(e, 'argument-kind', `${role} must be a layout, not ${kindName(v)}`);
    return v;
  }

  arity(e: Ast.Call, counts: number[], label?: string): void {
    if (!counts.includes(e.args.length)) {
      const want = counts.length === 1 ? `${counts[0]}` : `${counts.slice(0, -1).join(', ')} or ${counts[counts.length - 1]}`;
      const sig =
        label ??
        BUILTIN_BY_NAME.get(e.callee)
          ?.signatures.map((s) => s.label)
          .join(' | ');
      this.fail(
        e.args.length > Math.max(...counts) ? e.args[Math.max(...counts)] : e.argsSpan,
        'argument-count',
        `${e.callee} takes ${want} argument${want === '1' ? '' : 's'}, ${e.args.length} given${sig ? ` (${sig})` : ''}`,
      );
    }
  }

  noTemplate(e: Ast.Call): void {
    if (e.templateArgs) this.fail(e.calleeSpan, 'argument-count', `${e.callee} takes no template arguments`);
  }

  /** `<I, J…>` indices of shape/stride/get/rank/depth: integer constants. */
  indices(e: Ast.Call): number[] {
    return (e.templateArgs ?? []).map((t) => {
      if (t.type === 'int') {
        if (t.value > 1_000_000n) this.fail(t, 'index-out-of-range', `index ${t.value} is out of range for ${e.callee}<…>`);
        return Number(t.value);
      }
      this.fail(
        t,
        'argument-kind',
        `${e.callee}<…> takes integer indices, not '${t.type === 'typeArg' ? t.name : t.type === 'decltype' ? 'decltype(…)' : 'an expression'}'`,
      );
    });
  }

  /** A literal integer that must fit int64 (as `_N` and `Int<N>` are int64 in C++). */
  private inInt64(t: Ast.IntLiteral): bigint {
    if (t.value > core.arith.INT64_MAX) this.fail(t, 'overflow', `integer literal ${t.value} does not fit in int64`);
    return t.value;
  }

  /** A template argument naming an element type or a tag, through `using` aliases. */
  typeName(e: Ast.Call, i: number, role: string): { name: string; span: Ast.Span } {
    const t = e.templateArgs?.[i];
    if (!t) this.fail(e.calleeSpan, 'argument-count', `${e.callee} needs <${role}> template arguments`);
    if (t.type !== 'typeArg' || t.args) this.fail(t, 'argument-kind', `${role} must be a type name`);
    return { name: this.aliasedName(t.name), span: t };
  }

  /** A name through `using X = Y;` aliases of element types, tags and positions; other names as written. */
  private aliasedName(name: string): string {
    const b = this.env.lookup(name);
    if (b) this.deps.add(name);
    if (b?.value?.kind === 'type') {
      const t = b.value.type;
      if (t.t === 'element' || t.t === 'tag' || t.t === 'position' || t.t === 'integer') return t.name;
    }
    return name;
  }

  /** The architecture: `#define CATLASS_ARCH 3510` in the file, else the setting, else 2201. */
  arch(): Arch {
    this.deps.add(ARCH_MACRO);
    const b = this.env.lookup(ARCH_MACRO);
    const v = b?.value;
    if (v && v.kind === 'int' && !v.sym) return v.value === 3510n ? 3510 : 2201;
    return this.env.defaultArch ?? core.DEFAULT_ARCH;
  }

  usingCatlass(): boolean {
    return this.usingNamespace('Catlass');
  }

  /**
   * Whether an unqualified Catlass/tla name (Coord, detail) finds both namespaces' declarations:
   * where the C++ file's lookup stops at one (inside `namespace Catlass…`, whatever `using
   * namespace tla;` says: a directive's names count at the file's scope), that one; else both
   * `using namespace` directives make it ambiguous.
   */
  private ambiguousHere(name: string): boolean {
    const key = unqualifiedName(name);
    this.deps.add(key);
    const b = this.env.lookup(key);
    if (b) return b === FOUND_IN.both;
    return this.usingCatlass() && this.usingNamespace('tla');
  }

  /** Why an unqualified MakeCoord(args) is Catlass's here, in the words of C++'s lookup (see makeCoordOf). */
  private whyCatlassMakeCoord(args: string): string {
    const b = this.env.lookup(unqualifiedName('MakeCoord'));
    if (b === FOUND_IN.Catlass)
      return `inside namespace Catlass, MakeCoord(${args}) resolves to Catlass::MakeCoord (the lookup stops at namespace Catlass, which declares it, before any 'using namespace tla;')`;
    if (b === FOUND_IN.CatlassDeclared)
      return `after the using-declaration 'using Catlass::MakeCoord;', MakeCoord(${args}) resolves to Catlass::MakeCoord`;
    if (b === FOUND_IN.both)
      return `where both Catlass::MakeCoord and tla::MakeCoord are visible, MakeCoord(${args}) of arguments of one type resolves to Catlass::MakeCoord (the more specialised)`;
    return `with 'using namespace Catlass;', MakeCoord(${args}) of arguments of one type resolves to Catlass::MakeCoord`;
  }

  makeCoordOf(args: Ast.Expr[]): 'Catlass' | 'tla' {
    const key = unqualifiedName('MakeCoord');
    this.deps.add(key);
    const b = this.env.lookup(key);
    if (b === FOUND_IN.tla) return 'tla';
    // the lookup stops at Catlass: its MakeCoord only — unless an argument of a tla type (`_0`,
    // `Int<4>{}`) adds tla's by argument-dependent lookup
    if ((b === FOUND_IN.Catlass || b === FOUND_IN.CatlassDeclared) && !args.some((a) => this.cppTypeOf(a)?.startsWith('Int<'))) return 'Catlass';
    // both visible: Catlass's MakeCoord(T, T…) is the more specialised where every argument has one type
    const catlass = b !== undefined || this.usingCatlass();
    return catlass && this.sameKnownType(args) ? 'Catlass' : 'tla';
  }

  /** `Coord<N>` written without a namespace: ambiguous (Catlass::Coord, tla::Coord) under both using namespaces. */
  private unqualifiedCoord(t: Ast.TypeArg): void {
    if (t.nameSpan.end - t.nameSpan.start === 'Coord'.length) Objects.ambiguousName(this.objects, 'Coord', t.nameSpan);
  }

  private usingNamespace(ns: string): boolean {
    const name = usingNamespaceName(ns);
    this.deps.add(name);
    return this.env.lookup(name) !== undefined;
  }

  /** The C++ type of an integer expression where it is evident (literals, declared names, casts). */
  private cppTypeOf(e: Ast.Expr): string | undefined {
    switch (e.type) {
      case 'int':
        return e.isStatic ? `Int<${e.value}>` : LITERAL_TYPES[e.suffix];
      case 'typeInstance':
        return (e.typeArg.name === 'Int' || e.typeArg.name === 'C') && e.typeArg.args?.[0]?.type === 'int' && !e.args.length
          ? `Int<${e.typeArg.args[0].value}>`
          : undefined;
      case 'name': {
        const c = this.env.lookup(e.name)?.ctype;
        return c ? (INTEGER_TYPE_CPP[c] ?? c) : undefined;
      }
      case 'cast':
        return INTEGER_TYPE_CPP[e.castType] ?? e.castType;
      case 'paren':
        return this.cppTypeOf(e.inner);
      default:
        return Objects.objectCppType(e);
    }
  }

  /** What a type names, or undefined when it names nothing the language knows. */
  private resolveTypeIfKnown(t: Ast.TypeArg): TypeDesc | undefined {
    try {
      return this.resolveType(t, 'the type');
    } catch (e) {
      if (e instanceof Abort) {
        this.diagnostics.pop();
        return undefined;
      }
      throw e;
    }
  }

  /** What a type names: an element type, a tag class, a position, a buffer type, or a TLA type's value. */
  private resolveType(t: Ast.TemplateArg, role: string): TypeDesc {
    if (t.type === 'decltype') {
      const value = this.eval(t.expr);
      return isIntTuple(value) || value.kind === 'layout' ? { t: 'value', value, form: decltypeForm(value) } : { t: 'value', value };
    }
    if (t.type === 'constExpr') this.fail(t, 'argument-kind', `${role} must be a type, not an integer expression`);
    if (t.type === 'int') this.fail(t, 'argument-kind', `${role} must be a type, not the integer ${t.value}`);
    if (!t.args) {
      const b = this.env.lookup(t.name);
      if (b) {
        this.deps.add(t.name);
        if (b.value === null) throw new Abort(true);
        if (b.value.kind === 'type') return b.value.type;
        return { t: 'value', value: b.value }; // a kernel's `using X = Layout<…>` bound to its value
      }
      if (t.name in core.ELEMENT_BITS) return { t: 'element', name: t.name };
      if ((core.TAG_CLASSES as readonly string[]).includes(t.name)) return { t: 'tag', name: t.name };
      if (t.name in core.POSITION_TPOSITION) return { t: 'position', name: t.name };
      if (INTEGER_TYPES.includes(t.name) || t.name === 'int64_t' || t.name === 'bool')
        return t.name === 'bool' ? { t: 'bool' } : { t: 'integer', name: t.name };
      if (t.name === 'MatrixCoord' || t.name === 'GemmCoord') return { t: 'catlassCoord', name: t.name };
    }
    if ((t.name === 'GemmShape' || t.name === 'MatrixShape') && t.args) {
      return Objects.shapeType(
        t.name,
        t.args.map((a) => this.constantArg(a)),
        t,
        this.objects,
      );
    }
    if (t.name.startsWith('detail::')) Objects.ambiguousName(this.objects, 'detail', t.nameSpan);
    if ((t.name === 'GlobalTensor' || t.name === 'LocalTensor') && t.args?.length === 1) {
      const el = t.args[0];
      const written = el.type === 'typeArg' && !el.args ? el.name : undefined;
      const named = written !== undefined ? this.env.lookup(written) : undefined;
      if (named) this.deps.add(written!);
      // a type the language does not model (an instantiation's `AscendC::mx_fp8_e4m3_t`): by its own name
      const name = written === undefined ? undefined : !named?.value && named?.typeName ? named.typeName : this.aliasedName(written);
      // in a kernel the element may be a template parameter: the buffer is still a buffer of it
      if (!name || (!(name in core.ELEMENT_BITS) && !this.env.free))
        this.fail(el, 'unsupported-element', `${t.name}<…> holds an element type (half, float, int8_t, …)`);
      return { t: 'buffer', storage: t.name, element: name };
    }
    if (t.name === 'Tensor' && t.args?.length === 4 && this.env.free) {
      const tensor = this.tensorType(t.args as [Ast.TemplateArg, Ast.TemplateArg, Ast.TemplateArg, Ast.TemplateArg]);
      if (tensor) return { t: 'value', value: tensor };
    }
    if (TUPLE_TYPE_FORMS.includes(t.name) || t.name === 'Layout' || /^_\d+$/.test(t.name)) {
      // (a type names no object: `using L = Layout<S, D>;` is not the value-initialised `L{}` the warning is about)
      const value = t.name === 'Layout' ? this.layoutType(t) : this.typeValue(t);
      return { t: 'value', value, form: this.typeForm(t) };
    }
    this.fail(t, 'unknown-name', `unknown type '${t.name}'`);
  }

  // ------------------------------------------------------------ type forms

  /**
   * A kernel's `tla::Tensor<AscendC::GlobalTensor<E>, Layout, Coord, AscendC::TPosition::GM>` (a data
   * member's type, `using AGmTensor = …;`): its value-initialised tensor, as tla/tensor.hpp's members hold
   * it (the engine's buffer, the layout type's value, the static coord); undefined when a part is not
   * one of those (never a guess at the others).
   */
  private tensorType([engine, layoutArg, coordArg, positionArg]: [Ast.TemplateArg, Ast.TemplateArg, Ast.TemplateArg, Ast.TemplateArg]):
    core.Tensor | undefined {
    const position = tensorTypePosition(positionArg);
    if (!position || engine.type !== 'typeArg' || (layoutArg.type !== 'typeArg' && layoutArg.type !== 'decltype')) return undefined;
    const e = this.resolveTypeIfKnown(engine);
    const l = layoutArg.type === 'typeArg' ? this.resolveTypeIfKnown(layoutArg) : this.resolveType(layoutArg, 'the layout');
    if (e?.t !== 'buffer' || l?.t !== 'value' || l.value.kind !== 'layout') return undefined;
    const coord = this.typeValue(coordArg);
    if (core.rank(coord) !== core.rank(l.value.shape)) return undefined; // not a tensor C++ would compile
    return core.makeTensor(core.bufferView(e.storage, e.element, '‹data›'), l.value, position, coord);
  }

  /** A TLA type written out as a type (`(u32,u32):(i64,_1)`), see typeForm.ts. */
  private typeForm(t: Ast.TemplateArg): string {
    return typeForm(t, {
      integerTypes: INTEGER_TYPES,
      aliasForm: (name) => {
        const b = this.env.lookup(name);
        return b?.value?.kind === 'type' && b.value.type.t === 'value' ? b.value.type.form : undefined;
      },
      staticValue: (a) => this.typeValue(a),
      decltypeValue: (d) => {
        const v = this.eval(d.expr);
        return isIntTuple(v) || v.kind === 'layout' ? v : undefined;
      },
    });
  }

  /** `Layout<Shape, Stride[, OriginShape]>` as the type's value-initialised layout. */
  private layoutType(t: Ast.TypeArg): Layout {
    const args = t.args ?? [];
    if (args.length < 2 || args.length > 3)
      this.fail(t, 'argument-count', `Layout<Shape, Stride[, OriginShape]> takes 2 or 3 type arguments, ${args.length} given`);
    const [s, d, o] = args.map((a) => this.typeValue(a));
    return this.coreCall(t as unknown as Ast.Expr, args as unknown as Ast.Expr[], () => core.makeTypeLayout(s, d, o));
  }

  /** A template argument as a static IntTuple: Int<N>, _N, C<N>, Shape<…>, or a plain integer type (value 0). */
  private typeValue(t: Ast.TemplateArg): IntTuple {
    if (t.type === 'int') {
      if (t.isStatic) return core.staticInt(this.inInt64(t));
      this.fail(t, 'argument-kind', `a type is expected here; write Int<${t.value}> or _${t.value}`);
    }
    if (t.type === 'constExpr') this.fail(t, 'argument-kind', 'a type is expected here; write Int<…>');
    if (t.type === 'decltype') {
      const v = this.eval(t.expr);
      if (!isIntTuple(v)) this.fail(t, 'argument-kind', `decltype(…) here must name a tuple type, not ${kindName(v)}`);
      return v;
    }
    const args = t.args ?? [];
    switch (t.name) {
      case 'Int':
      case 'C': {
        const a = args[0];
        if (args.length === 1 && a.type === 'constExpr') {
          const v = this.integer(a.expr, `the value of ${t.name}<…>`);
          return v.sym ? core.fromSym(v.sym, true) : core.staticInt(v.value);
        }
        if (args.length === 1 && a.type === 'typeArg' && !a.args) {
          // `Int<L1_TILE_M>`: a compile-time constant of the file
          const v = this.namedConstant(a.name);
          if (v) return v.sym ? core.fromSym(v.sym, true) : core.staticInt(v.value);
          this.fail(a, 'argument-kind', `${t.name}<${a.name}>: '${a.name}' is not an integer constant here`);
        }
        if (args.length !== 1 || a.type !== 'int') this.fail(t, 'argument-kind', `${t.name}<N> takes one integer`);
        return core.staticInt(this.inInt64(a));
      }
      case 'Coord':
        this.unqualifiedCoord(t);
        return core.tuple(...args.map((a) => this.typeValue(a)));
      case 'Shape':
      case 'Stride':
      case 'tuple':
        return core.tuple(...args.map((a) => this.typeValue(a)));
      default: {
        if (INTEGER_TYPES.includes(t.name) && !t.args) return core.int(0); // value-initialised runtime integer
        if (/^_\d+$/.test(t.name) && !t.args) return core.staticInt(BigInt(t.name.slice(1)));
        const b = !t.args ? this.env.lookup(t.name) : undefined;
        if (b) {
          this.deps.add(t.name);
          if (b.value === null) throw new Abort(true);
          const v = b.value.kind === 'type' && b.value.type.t === 'value' ? b.value.type.value : b.value;
          if (isIntTuple(v)) return v;
        }
        this.fail(t, 'unknown-name', `unknown type '${t.name}' in a type form; expected Int<N>, _N, Shape<…>, Stride<…>`);
      }
    }
  }

  private typeInstance(e: Ast.TypeInstance): Value {
    const t = e.typeArg;
    // `Alias{}` of a `using Alias = …;`
    if (!t.args && t.name !== 'Layout') {
      const b = this.env.lookup(t.name);
      if (b) {
        this.deps.add(t.name);
        if (b.value === null) throw new Abort(true);
        if (b.value.kind !== 'type') {
          if (e.args.length) this.fail(e, 'not-callable', `'${t.name}' is a value, not a type to construct`);
          return b.value; // a kernel's `using X = Layout<…>` bound to its value
        }
        return this.construct(e, b.value.type);
      }
    }
    if (t.name === 'Layout') {
      const l = this.layoutType(t);
      if ((t.args ?? []).length < 3) {
        this.report(
          t.nameSpan,
          'zero-origin-shape',
          `Layout<Shape, Stride>{} without an OriginShape has originShape ${core.printIntTuple(l.originShape)} (value-initialised): every element counts as padding`,
        );
      }
      return l;
    }
    if (t.name === 'Product') this.fail(e, 'argument-kind', 'Product{} is a function object: call it, Product{}(tuple)');
    if (BUILTIN_BY_NAME.has(t.name)) this.fail(e, 'argument-kind', `'${t.name}' is a function; call it with (…)`);
    if (TUPLE_TYPE_FORMS.includes(t.name) || /^_\d+$/.test(t.name)) {
      if (e.args.length) this.fail(e, 'argument-count', `${t.name}<…>{} takes no constructor arguments here`);
      return this.typeValue(t);
    }
    return this.construct(e, this.resolveType(t, 'the type'));
  }

  /** `T{…}`, `T(…)` and `T name(…);` of a type the language knows. */
  private construct(e: Ast.TypeInstance | Ast.Call, t: TypeDesc): Value {
    const args = e.args;
    switch (t.t) {
      case 'position':
        if (args.length) this.fail(e, 'argument-count', `Arch::${t.name}{} takes no arguments`);
        return { kind: 'position', name: t.name };
      case 'tag':
        return Objects.constructObject(this.objects, e, t.name, args);
      case 'catlassCoord':
        return Objects.constructCoord(this.objects, e, t.name, args);
      case 'integer': {
        if (args.length > 1) this.fail(e, 'argument-count', `${t.name}{…} takes one value`);
        return args.length ? core.arith.cast(this.integer(args[0], `the ${t.name}`)) : core.int(0);
      }
      case 'value':
        if (args.length) this.fail(e, 'argument-count', 'a TLA type is constructed with {} only');
        // a type form (`Layout<…>`, `decltype(layoutA)`): the value-initialised object, not the value decltype read
        return t.form !== undefined && (isIntTuple(t.value) || t.value.kind === 'layout') ? valueInitialised(t.value) : t.value;
      case 'bool':
        return { kind: 'bool', value: false };
      default:
        this.fail(e, 'argument-kind', `${printType(t)} cannot be constructed here`);
    }
  }

  /** `tla::detail::iszN<half, decltype(l)>::value`: a layout predicate, as C++ computes it on the type. */
  private typeMember(e: Ast.TypeMember): Value {
    const t = e.typeArg;
    if (t.name === 'GemmShape' || t.name === 'MatrixShape') {
      // `GemmShape<128, 256, 64>::M`
      const shape = this.resolveType(t, 'the shape type');
      if (shape.t === 'catlassShape') return Objects.shapeMember(this.objects, shape, e.member, e.memberSpan);
    }
    if (t.name.startsWith('detail::')) Objects.ambiguousName(this.objects, 'detail', t.nameSpan);
    const m = /(?:^|::)is(\w+)$/.exec(t.name);
    const pred = m?.[1];
    if (!pred || !([...core.PREDICATES, ...core.MX_PREDICATES] as string[]).includes(pred) || e.member !== 'value') {
      this.fail(
        e,
        'unknown-name',
        `unknown type member '${t.name}<…>::${e.member}'; the layout predicates are tla::detail::is${core.PREDICATES[0]}<decltype(l)>::value and the like`,
      );
    }
    const args = t.args ?? [];
    const needsElement = core.ELEMENT_PREDICATES.has(pred);
    if (args.length !== (needsElement ? 2 : 1)) {
      this.fail(
        t,
        'argument-count',
        `is${pred} takes <${needsElement ? 'Element, ' : ''}Layout>, ${args.length} template argument${args.length === 1 ? '' : 's'} given`,
      );
    }
    let element: string | undefined;
    if (needsElement) {
      const el = args[0];
      if (el.type !== 'typeArg' || el.args) this.fail(el, 'argument-kind', 'Element must be a type name');
      element = this.aliasedName(el.name);
      if (!(element in core.ELEMENT_BITS)) this.element({ name: element, span: el });
    }
    const lt = args[args.length - 1];
    const desc = this.resolveType(lt, 'the layout type');
    const l = desc.t === 'value' ? desc.value : undefined;
    if (!l || l.kind !== 'layout')
      this.fail(lt, 'argument-kind', `is${pred} takes a layout type (decltype(layout)), not ${l ? kindName(l) : printType(desc)}`);
    const arch = this.arch();
    const v = this.coreCall(e, [], () => core.layoutPredicate(pred, l, element, arch));
    if (v === undefined) throw new Abort(true); // depends on a template constant not known here
    return { kind: 'bool', value: v };
  }

  // ------------------------------------------------------------ calls

  /** `t(i, j)`, `t(MakeCoord(i, j))`: an element's index in the buffer; with `tla::_`, a slice. */
  private tensorAccess(e: Ast.Apply | Ast.Call, t: Tensor): Value {
    const r = core.rank(t.layout.shape);
    let items: (IntValue | null)[];
    let what: string;
    if (e.args.length === 1) {
      const v = this.eval(e.args[0]);
      if (v.kind === 'underscore') {
        this.fail(e.args[0], 'argument-kind', `a bare _ as the single index does not slice (the scalar path takes it); write t(MakeCoord(tla::_))`);
      }
      if (v.kind === 'slice') items = [...v.items];
      else if (v.kind === 'tuple') {
        const nested = v.items.findIndex((x) => x.kind === 'tuple');
        if (nested >= 0)
          this.fail(
            e.args[0],
            'depth-mismatch',
            `tensor(coord): coord is not flat (a nested tuple in mode ${nested}); indexing and slicing take one-level coords only`,
          );
        items = v.items as IntValue[];
      } else if (v.kind === 'int') {
        if (r !== 1)
          this.fail(e.args[0], 'rank-mismatch', `tensor(i): a single index needs a rank-1 tensor, this one is rank ${r}`, {
            data: { expectedRank: r },
          });
        items = [v];
      } else if (v.kind === 'catlassCoord') this.catlassCoordTrap(e.args[0], v, 'the coordinate');
      else this.fail(e.args[0], 'argument-kind', `a tensor is indexed with a coordinate, not ${kindName(v)}`);
      what = e.args.length === 1 && v.kind !== 'int' ? (items.includes(null) ? 'slice' : 'tensor(coord)') : 'tensor(i)';
    } else {
      items = e.args.map((a, i) => {
        const v = this.eval(a);
        if (v.kind === 'underscore') return null;
        if (v.kind !== 'int') this.fail(a, 'argument-kind', `index ${i + 1} must be an integer or tla::_, not ${kindName(v)}`);
        return v;
      });
      what = items.includes(null) ? 'slice' : `tensor(${e.args.map((_, i) => 'ijklmn'[i] ?? 'x').join(', ')})`;
      if (items.length !== r)
        this.fail(e.argsSpan, 'rank-mismatch', `${what}: ${items.length} indices for a rank-${r} tensor`, { data: { expectedRank: r } });
    }
    if (items.includes(null)) return this.coreCall(e as Ast.Expr, e.args, () => core.sliceTensor(t, items, what));
    return this.coreCall(e as Ast.Expr, e.args, () => core.elementIndex(t, items as IntValue[], what));
  }

  /** `x.f(…)`: the accessors of tensors, layouts and tag objects. */
  private method(e: Ast.Apply, m: Ast.Member): Value {
    const base = this.memberBase(m.target);
    if (base === undefined) {
      // a kernel's `params.layoutA.shape()`: neither its value nor its structure (an integer?
      // a tuple of which rank?) is known here; show nothing rather than a guess
      throw new Abort(true);
    }
    const noArgs = () => {
      if (e.args.length) this.fail(e.argsSpan, 'argument-count', `${m.name}() takes no arguments`);
    };
    const unknown = (): never => this.fail(m.nameSpan, 'unknown-function', `${kindName(base)} has no member function '${m.name}'`);
    switch (base.kind) {
      case 'tensor':
        noArgs();
        switch (m.name) {
          case 'layout':
            return base.layout;
          case 'shape':
          case 'stride':
          case 'originShape':
            return base.layout[m.name];
          case 'coord':
            return base.coord;
          case 'data':
            return base.data;
          default:
            return unknown();
        }
      case 'layout':
        noArgs();
        if (m.name === 'shape' || m.name === 'stride' || m.name === 'originShape') return base[m.name];
        return unknown();
      case 'tagObject':
        return Objects.objectMethod(this.objects, e, m, base);
      case 'opaqueTensor':
        noArgs();
        if (m.name === 'originShape' && base.originShape) return base.originShape;
        throw new Abort(true); // its layout, shape, stride and coord are not known here
      case 'catlassCoord':
        return Objects.coordMethod(this.objects, e, m, base, () =>
          (m.templateArgs ?? []).map((a) => Number(core.concreteValue(this.constantArg(a)))),
        );
      default:
        return unknown();
    }
  }

  /** The value a member access starts from, or undefined for a kernel name not known here. */
  private memberBase(target: Ast.Expr): Value | undefined {
    if (target.type === 'name' && !this.env.lookup(target.name) && this.env.free) return undefined;
    if (target.type === 'member' && this.env.free && memberPath(target) !== undefined) {
      const root = memberRoot(target);
      if (root && !this.env.lookup(root)) return undefined;
    }
    return this.eval(target);
  }

  /** `params.m`, `p->m`: a kernel's runtime value, known only by name. */
  private member(e: Ast.Member): Value {
    const path = memberPath(e);
    const root = memberRoot(e);
    if (path && root && !this.env.lookup(root)) {
      // a data member of a kernel's parameter bound to the value its declared type gives (`params.layoutA`, cpp/kernelAnalysis.ts)
      const typed = this.env.lookup(path);
      if (typed?.value) {
        this.deps.add(path);
        return typed.value;
      }
      const free = this.boundInt(path) ?? this.env.free?.(path);
      if (free) return free;
    }
    const base = this.eval(e.target);
    this.fail(e.nameSpan, 'argument-kind', `'${e.name}' of ${kindName(base)}: call it as a member function, ${e.name}()`);
  }

  private apply(e: Ast.Apply | Ast.Call, target: Value, targetNode: Ast.Span, targetName?: string): Value {
    if (target.kind === 'tensor') return this.tensorAccess(e, target);
    if (target.kind !== 'layout') this.fail(targetNode, 'not-callable', `only a layout can be called with a coordinate; this is ${kindName(target)}`);
    if (e.args.length !== 1) this.fail(e.argsSpan, 'argument-count', `a layout is called with one coordinate, ${e.args.length} given`);
    const coordNode = e.args[0];
    const coord = this.intTuple(coordNode, 'the coordinate');
    const name = targetName ?? (e.type === 'apply' && e.target.type === 'name' ? e.target.name : undefined);
    const related = () => (name ? [{ name, message: `'${name}' is ${printValue(target)}` }] : undefined);
    const result = this.coreCall(e, [coordNode], () => core.layoutOffset(target, coord), related);
    if (!this.omit) this.offsets.push({ node: e as Ast.Expr, coordNode, coord, shape: target.shape, stride: target.stride, layout: target, result });
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
      const instance: Ast.TypeInstance = { type: 'typeInstance', typeArg, args: [], start: e.start, end: e.argsSpan.start };
      const target = this.eval(instance);
      return this.apply(e, target, instance);
    }
    // A declared layout can be called; a declared name shadows a builtin only when used as a value.
    const bound = this.env.lookup(e.callee);
    if (bound?.fn && !e.templateArgs && !e.braces) return this.fileFunctionCall(e, bound.fn);
    if (bound && !e.templateArgs && !e.braces) {
      this.deps.add(e.callee);
      if (bound.value === null) throw new Abort(true);
      if (bound.value.kind === 'layout' || !BUILTIN_BY_NAME.has(e.callee)) {
        if (!this.omit) this.keepNode({ type: 'name', name: e.callee, ...e.calleeSpan }, bound.value);
        return this.apply(e, bound.value, e.calleeSpan, e.callee);
      }
    }
    const shapeCall = !e.templateArgs && !e.args.length ? this.shapeMember(e.callee, e.calleeSpan) : undefined;
    if (shapeCall) return shapeCall; // `L1TileShape::ToCoordMN()`
    const tagCall = TAG_MEMBER_CALL.exec(e.callee);
    if (tagCall) return this.tagStatic(e, this.aliasedName(tagCall[1]), tagCall[2]);
    const ctorType = !e.templateArgs && !e.braces ? this.aliasedName(e.callee) : '';
    if ((core.TAG_CLASSES as readonly string[]).includes(ctorType) || ctorType === 'MatrixCoord' || ctorType === 'GemmCoord') {
      return this.construct(
        e,
        ctorType === 'MatrixCoord' || ctorType === 'GemmCoord' ? { t: 'catlassCoord', name: ctorType } : { t: 'tag', name: ctorType },
      );
    }
    if (Object.hasOwn(BUILTINS, e.callee)) return BUILTINS[e.callee as BuiltinName](this, e);
    return this.notABuiltin(e, bound);
  }

  /**
   * A call of a function of the file whose body is one `return EXPR;`: EXPR evaluated with only its
   * parameters bound (an integer parameter holds the argument converted, a run-time value, as a
   * declaration of its type does); any other name there is not known, so the call has no value.
   */
  private fileFunctionCall(e: Ast.Call, fn: FileFunction): Value {
    this.deps.add(e.callee);
    if (e.args.length !== fn.params.length) this.fail(e.calleeSpan, 'unknown-function', `no '${e.callee}' of ${e.args.length} arguments`);
    const params = new Map<string, Binding>();
    fn.params.forEach((p, i) => {
      const v = this.eval(e.args[i]);
      if (!INTEGER_TYPES.includes(p.type)) params.set(p.name, { value: v });
      else if (v.kind === 'int') params.set(p.name, { value: core.arith.cast(v), ctype: p.type });
      else this.fail(e.args[i], 'argument-kind', `'${e.callee}' takes ${p.type} ${p.name}, not ${kindName(v)}`);
    });
    const outer = this.env;
    // (the arch and where unqualified names resolve are the file's, as at the call)
    const passed = (n: string) => n === ARCH_MACRO || n.startsWith(unqualifiedName('')) || n.startsWith(usingNamespaceName(''));
    const env: Environment = {
      lookup: (n) => params.get(n) ?? (passed(n) ? outer.lookup(n) : undefined),
      names: () => params.keys(),
      defaultArch: outer.defaultArch,
    };
    const r = new StatementEvaluator(env, { defaultArch: outer.defaultArch }).run({
      type: 'expr',
      expr: fn.body,
      start: fn.body.start,
      end: fn.body.end,
    });
    if (!r.value) this.fail(e.calleeSpan, 'unknown-function', `'${e.callee}' has no value for these arguments here`);
    return r.value;
  }

  /** A call of something that is not a builtin: a functional cast, a declared value, or an unknown function. */
  private notABuiltin(e: Ast.Call, bound: Binding | undefined): Value {
    if (INTEGER_TYPES.includes(e.callee)) {
      // functional cast: uint32_t(x)
      this.arity(e, [1], `${e.callee}(x)`);
      return core.arith.cast(this.integer(e.args[0], `operand of ${e.callee}(…)`));
    }
    if (bound) {
      if (bound.value === null) throw new Abort(true);
      return this.apply(e, bound.value, e.calleeSpan);
    }
    // `AscendC::GetSubBlockIdx()` in a kernel: AscendC's block and sub-block indices and counts are
    // int64_t known only at run time, a symbol named by the call
    if (this.env.free && e.ns === 'AscendC' && !e.templateArgs && !e.args.length && ASCENDC_RUNTIME_INTEGERS.has(e.callee)) {
      const v = this.boundInt(`${e.callee}()`) ?? this.env.free(`${e.callee}()`);
      if (v?.kind === 'int') return v;
    }
    // the suggestion is computed on demand (suggestFor in ide/query.ts), as for names
    this.fail(e.calleeSpan, 'unknown-function', `unknown function '${e.callee}'`);
  }

  recordTile(tile: EvalResult['tiles'][number]): void {
    this.tiles.push(tile);
  }

  recordOffset(offset: EvalResult['offsets'][number]): void {
    if (!this.omit) this.offsets.push(offset);
  }

  element(el: { name: string; span: Ast.Span }): void {
    if (!(el.name in core.ELEMENT_BITS)) {
      const s = closest(el.name, Object.keys(core.ELEMENT_BITS));
      this.fail(el.span, 'unsupported-element', `unsupported element type '${el.name}'; supported: ${Object.keys(core.ELEMENT_BITS).join(', ')}`, {
        data: s ? { suggestion: s } : undefined,
      });
    }
  }

  /** Arguments that are names point back at their declarations in rank/depth errors. */
  relatedFor(args: Ast.Expr[]): LocalDiagnostic['relatedNames'] {
    const out: { name: string; message: string }[] = [];
    for (const a of args) {
      if (a.type === 'name' && this.env.lookup(a.name)?.value) {
        out.push({ name: a.name, message: `'${a.name}' is ${printValue(this.env.lookup(a.name)!.value!)}` });
      }
    }
    return out.length ? out : undefined;
  }

  // ------------------------------------------------------------ coordinate checks (warnings, as C++ does not check)

  checkCoord(node: Ast.Expr, coord: IntTuple, shape: IntTuple, origin: IntTuple | undefined): void {
    if (core.isSymbolic(coord) || core.isSymbolic(shape) || (origin && core.isSymbolic(origin))) return;
    const outside = findOutside(coord, shape, []);
    if (outside) {
      this.report(
        node,
        'coord-out-of-shape',
        `coordinate ${outside.value} is outside ${outside.path.length ? `mode <${outside.path.join(',')}>` : 'the shape'} of extent ${outside.extent} (C++ does not check; the offset runs on)`,
      );
      return;
    }
    if (!origin) return;
    const logical = core.logicalCoord(coord, shape);
    if (!logical) return;
    const o = origin.kind === 'tuple' ? origin.items : [origin];
    for (let d = 0; d < logical.length && d < o.length; d++) {
      const od = o[d];
      if (od.kind === 'int' && logical[d] >= core.concreteValue(od)) {
        this.report(
          node,
          'coord-in-padding',
          `coordinate is in padding: logical index ${logical[d]} of mode ${d} is beyond originShape<${d}> = ${od.value}`,
        );
        return;
      }
    }
  }
}

/** The position of a tensor type, `AscendC::TPosition::GM`: the TPosition it names (the parameter is a TPosition value). */
function tensorTypePosition(a: Ast.TemplateArg): string | undefined {
  const m = a.type === 'typeArg' && !a.args ? /(?:^|::)TPosition::(\w+)$/.exec(a.name) : null;
  return m && Object.values(core.POSITION_TPOSITION).includes(m[1]) ? m[1] : undefined;
}

/** AscendC's functions of the core a kernel runs on (kernel_operator.h): each returns an int64_t known only at run time. */
const ASCENDC_RUNTIME_INTEGERS = new Set(['GetBlockIdx', 'GetBlockNum', 'GetSubBlockIdx', 'GetSubBlockNum', 'GetTaskRation']);

/**
 * Accessors of Catlass's coords that return an integer: GemmCoord and MatrixCoord; Conv2dCoord,
 * Conv2dFmapCoord, Conv2dFilterCoord and the conv problem's Conv2dParams/Conv2dFilterParams (conv_coord.hpp,
 * each `Index const& batch() const`, …).
 */
const COORD_ACCESSORS = new Set([
  ...['m', 'n', 'k', 'row', 'column'],
  ...['batch', 'h', 'w', 'cout', 'cin1', 'c0', 'c1', 'hi', 'wi', 'ho', 'wo', 'kh', 'kw', 'cout1'],
]);

/** C++ types of integer literals by suffix. */
/** The bits and signedness of a C++ integer type (its spelling or the C++ type it names), or undefined. */
function integerWidth(ctype: string | undefined): { bits: bigint; signed: boolean } | undefined {
  const c = ctype && (INTEGER_TYPE_CPP[ctype] ?? ctype);
  if (c === 'int') return { bits: 32n, signed: true };
  if (c === 'unsigned') return { bits: 32n, signed: false };
  if (c === 'long') return { bits: 64n, signed: true };
  if (c === 'unsigned long') return { bits: 64n, signed: false };
  return undefined;
}

/** A known integer converted to a C++ integer type as C++ converts it (modulo 2^bits); a symbolic one as it is. */
function convertInteger(v: IntValue, ctype: string | undefined): IntValue {
  const w = integerWidth(ctype);
  if (!w || v.sym) return v;
  const m = 1n << w.bits;
  let x = ((v.value % m) + m) % m;
  if (w.signed && x >= m >> 1n) x -= m;
  return x === v.value ? v : core.int(x, v.isStatic);
}

const LITERAL_TYPES: Record<string, string> = {
  '': 'int',
  u: 'unsigned',
  l: 'long',
  ul: 'unsigned long',
  ll: 'long long',
  ull: 'unsigned long long',
};
/** Integer type spellings as the C++ types they name (for the same-type test of Catlass::MakeCoord). */
const isIntegerType = (t: string | null | undefined): boolean => !!t && (INTEGER_TYPES.includes(t) || t === 'int64_t');

/** The first coordinate leaf outside its mode's extent, if any. */
function findOutside(coord: IntTuple, shape: IntTuple, path: number[]): { value: bigint; extent: bigint; path: number[] } | undefined {
  if (coord.kind === 'int') {
    const extent = exactProduct(shape);
    const value = core.concreteValue(coord);
    if (value < 0n || value >= extent) return { value, extent, path };
    return undefined;
  }
  if (shape.kind !== 'tuple') return undefined;
  for (let i = 0; i < coord.items.length && i < shape.items.length; i++) {
    const r = findOutside(coord.items[i], shape.items[i], [...path, i]);
    if (r) return r;
  }
  return undefined;
}
