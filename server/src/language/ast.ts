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

export type TemplateArg = TypeArg | IntLiteral;

/** A call of a named function: `MakeLayout<half, zN>(r, c)`, `shape<0>(l)`, `Product{}(t)`. */
export interface Call extends Span {
  type: 'call';
  callee: string;
  calleeSpan: Span;
  templateArgs: TemplateArg[] | null;
  braces: boolean;
  args: Expr[];
  /** The `( … )` of the arguments, for signature help. */
  argsSpan: Span;
}

/** `Int<4>{}`, `Shape<_4, _2>{}`, `Layout<…>{}`. */
export interface TypeInstance extends Span {
  type: 'typeInstance';
  typeArg: TypeArg;
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

export type Expr = IntLiteral | NameRef | Call | TypeInstance | Apply | TupleExpr | CompactLayout | Binary | Unary | Cast | Paren;

export interface UsingStatement extends Span {
  type: 'using';
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

export type Statement = UsingStatement | PreprocessorStatement | Declaration | ExpressionStatement | StaticAssert;

/** Calls `visit` on every expression node below `e`, parents before children. */
export function walkExpr(e: Expr, visit: (e: Expr) => void): void {
  visit(e);
  switch (e.type) {
    case 'call':
      e.args.forEach((a) => walkExpr(a, visit));
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

/** Every top-level expression of a statement. */
export function statementExprs(s: Statement): Expr[] {
  switch (s.type) {
    case 'decl':
      return [s.expr];
    case 'expr':
      return [s.expr];
    case 'assert':
      return [s.left, s.right];
    default:
      return [];
  }
}
