// Syntax tree of one statement. Offsets are relative to the statement's own text,
// so a parse can be cached by text and reused wherever that statement moves.

export interface Span {
  start: number;
  end: number;
}

export interface IntLiteral extends Span {
  type: 'int';
  value: bigint;
  isStatic: boolean;
  /** The C++ suffix of a literal, lower case (`u`, `ull`; `` for none and for `_N`): it is the literal's type. */
  suffix: string;
}

export interface NameRef extends Span {
  type: 'name';
  /** The name without namespace qualifiers. */
  name: string;
}

export interface TypeArg extends Span {
  type: 'typeArg';
  name: string;
  nameSpan: Span;
  args: TemplateArg[] | null;
}

/** `decltype(x)`: the type of an expression's value (a template argument or an alias target). */
export interface Decltype extends Span {
  type: 'decltype';
  expr: Expr;
}

/** `Int<L1_TILE_K / MX_SCALE_GROUP_NUM * 4>`: an integer expression as a template argument. */
export interface ConstExpr extends Span {
  type: 'constExpr';
  expr: Expr;
}

export type TemplateArg = TypeArg | IntLiteral | Decltype | ConstExpr;

/** A call of a named function: `MakeLayout<half, zN>(r, c)`, `shape<0>(l)`, `Product{}(t)`. */
export interface Call extends Span {
  type: 'call';
  callee: string;
  /** The namespace the callee was written with (`tla`, `Catlass`, `` for none): `MakeCoord` and `tla::MakeCoord` differ under `using namespace Catlass;`. */
  ns: string;
  calleeSpan: Span;
  templateArgs: TemplateArg[] | null;
  braces: boolean;
  args: Expr[];
  /** The `( … )` of the arguments, for signature help. */
  argsSpan: Span;
}

/** `Int<4>{}`, `Shape<_4, _2>{}`, `Layout<…>{}`, `MatrixCoord{r, c}`, and the `T name(a, b);` of a declaration. */
export interface TypeInstance extends Span {
  type: 'typeInstance';
  typeArg: TypeArg;
  /** The constructor's arguments (none for `{}`). */
  args: Expr[];
}

/** `tla::detail::iszN<half, decltype(l)>::value`: a member of a template type. */
export interface TypeMember extends Span {
  type: 'typeMember';
  typeArg: TypeArg;
  member: string;
  memberSpan: Span;
}

/** `t.layout`, `params.m`, `p->m` (a call of a method is an Apply of a Member). */
export interface Member extends Span {
  type: 'member';
  target: Expr;
  op: '.' | '->';
  name: string;
  nameSpan: Span;
  /** `c.GetCoordByAxis<0, 2>`: a member template's arguments. */
  templateArgs?: TemplateArg[];
}

/** `buf[offset]`. */
export interface Index extends Span {
  type: 'index';
  target: Expr;
  index: Expr;
}

/** Calling a value: `layout(coord)`, `GetTileLayout(…)(MakeCoord(1, 2))`. */
export interface Apply extends Span {
  type: 'apply';
  target: Expr;
  args: Expr[];
  argsSpan: Span;
}

export interface TupleExpr extends Span {
  type: 'tuple';
  items: Expr[];
}

export interface CompactLayout extends Span {
  type: 'compact';
  shape: Expr;
  stride: Expr;
  origin: Expr | null;
}

export interface Binary extends Span {
  type: 'binary';
  op: '+' | '-' | '*' | '/' | '%';
  left: Expr;
  right: Expr;
}

export interface Unary extends Span {
  type: 'unary';
  op: '-' | '+';
  operand: Expr;
}

export interface Cast extends Span {
  type: 'cast';
  castType: string;
  operand: Expr;
}

export interface Paren extends Span {
  type: 'paren';
  inner: Expr;
}

export type Expr =
  IntLiteral | NameRef | Call | TypeInstance | TypeMember | Member | Index | Apply | TupleExpr | CompactLayout | Binary | Unary | Cast | Paren;

export interface UsingStatement extends Span {
  type: 'using';
  /** The namespace, qualifiers as written (`Catlass`, `tla`, `AscendC`). */
  namespace: string;
}

/** `using NAME = TYPE;` and `typedef TYPE NAME;`. */
export interface AliasStatement extends Span {
  type: 'alias';
  name: string;
  nameSpan: Span;
  target: TypeArg | Decltype;
}

/** A declaration without an initializer: `AscendC::GlobalTensor<half> gmA;`, `uint32_t m;`. */
export interface BareDeclaration extends Span {
  type: 'declare';
  declType: string;
  declTypeArg: TypeArg;
  isConst: boolean;
  name: string;
  nameSpan: Span;
}

export interface PreprocessorStatement extends Span {
  type: 'preprocessor';
}

export interface Declaration extends Span {
  type: 'decl';
  /** 'auto', a type spelling, or null for the short form `NAME = EXPR;`. */
  declType: string | null;
  declTypeArg: TypeArg | null;
  isConst: boolean;
  name: string;
  nameSpan: Span;
  /**
   * A compound assignment `NAME op= EXPR;` (declType null): `expr` is then `NAME op EXPR`, the
   * left operand a NameRef at `nameSpan`. With an earlier declaration of NAME, a statement of
   * the short form (`NAME = EXPR;`, compound or not) is a C++ assignment: a new value of that name.
   */
  compound?: Binary['op'];
  expr: Expr;
}

export interface ExpressionStatement extends Span {
  type: 'expr';
  expr: Expr;
}

export interface StaticAssert extends Span {
  type: 'assert';
  left: Expr;
  op: '==' | '!=';
  right: Expr;
  message: string | null;
}

export type Statement = UsingStatement | AliasStatement | BareDeclaration | PreprocessorStatement | Declaration | ExpressionStatement | StaticAssert;

/** Calls `visit` on every expression node below `e`, parents before children. */
export function walkExpr(e: Expr, visit: (e: Expr) => void): void {
  visit(e);
  switch (e.type) {
    case 'call':
      e.args.forEach((a) => walkExpr(a, visit));
      walkTemplateArgs(e.templateArgs, visit);
      break;
    case 'typeInstance':
      walkTemplateArgs(e.typeArg.args, visit);
      e.args.forEach((a) => walkExpr(a, visit));
      break;
    case 'typeMember':
      walkTemplateArgs(e.typeArg.args, visit);
      break;
    case 'member':
      walkExpr(e.target, visit);
      break;
    case 'index':
      walkExpr(e.target, visit);
      walkExpr(e.index, visit);
      break;
    case 'apply':
      walkExpr(e.target, visit);
      e.args.forEach((a) => walkExpr(a, visit));
      break;
    case 'tuple':
      e.items.forEach((a) => walkExpr(a, visit));
      break;
    case 'compact':
      walkExpr(e.shape, visit);
      walkExpr(e.stride, visit);
      if (e.origin) walkExpr(e.origin, visit);
      break;
    case 'binary':
      walkExpr(e.left, visit);
      walkExpr(e.right, visit);
      break;
    case 'unary':
    case 'cast':
      walkExpr(e.operand, visit);
      break;
    case 'paren':
      walkExpr(e.inner, visit);
      break;
    default:
      break;
  }
}

/** The expressions inside `decltype(…)` template arguments, at any depth. */
function walkTemplateArgs(args: TemplateArg[] | null, visit: (e: Expr) => void): void {
  for (const t of args ?? []) {
    if (t.type === 'decltype' || t.type === 'constExpr') walkExpr(t.expr, visit);
    else if (t.type === 'typeArg') walkTemplateArgs(t.args, visit);
  }
}

/** Every top-level expression of a statement. */
export function statementExprs(s: Statement): Expr[] {
  switch (s.type) {
    case 'decl':
      return [s.expr];
    case 'expr':
      return [s.expr];
    case 'assert':
      return [s.left, s.right];
    case 'alias':
      return s.target.type === 'decltype' ? [s.target.expr] : typeArgExprs(s.target);
    case 'declare':
      return typeArgExprs(s.declTypeArg);
    default:
      return [];
  }
}

/** The `decltype(…)` expressions of a type's template arguments. */
function typeArgExprs(t: TypeArg): Expr[] {
  const out: Expr[] = [];
  for (const a of t.args ?? []) {
    if (a.type === 'decltype' || a.type === 'constExpr') out.push(a.expr);
    else if (a.type === 'typeArg') out.push(...typeArgExprs(a));
  }
  return out;
}

/** `params.layoutA.m` as written (`.` or `->`), when the chain is names only; else undefined. */
export function memberPath(e: Expr): string | undefined {
  if (e.type === 'name') return e.name;
  if (e.type !== 'member') return undefined;
  const base = memberPath(e.target);
  return base === undefined ? undefined : `${base}${e.op}${e.name}`;
}

/** The name a member chain starts from (`params` of `params.layoutA.m`). */
export function memberRoot(e: Expr): string | undefined {
  if (e.type === 'name') return e.name;
  return e.type === 'member' ? memberRoot(e.target) : undefined;
}
