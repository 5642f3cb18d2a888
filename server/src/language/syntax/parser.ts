// Parses one statement's text with ohm-js into the AST of ast.ts.
import type * as ohm from 'ohm-js';
import type * as Ast from './ast';
import { grammarSource } from './grammar.ohm';

import { IGNORED_QUALIFIERS, namespaceOf, unqualified } from './qualifiers';
import { fastParseOrThrow, fastParseStatement } from './fastParser';
export { IGNORED_QUALIFIERS };

let grammar: ohm.Grammar | undefined;
let semantics: ohm.Semantics | undefined;

/** The helpers every action uses: spans, lists, optional nodes, names without ohm's blanks. */
interface AstHelpers {
  span(n: ohm.Node): Ast.Span;
  list(n: ohm.Node): any[];
  opt(n: ohm.Node): any;
  clean(text: string): string;
  bareName(text: string): string;
}

function astHelpers(): AstHelpers {
  const span = (n: ohm.Node) => ({ start: n.source.startIdx, end: n.source.endIdx });
  const list = (n: ohm.Node): any[] => n.asIteration().children.map((c: ohm.Node) => c.ast());
  const opt = (n: ohm.Node): any => (n.numChildren ? n.children[0].ast() : null);
  // a qualified name's text without the blanks and comments ohm's `space` lets in (`:: /* c */ tla::X`)
  // eslint-disable-next-line no-control-regex -- ohm counts \x00 as space
  const clean = (text: string) => text.replace(/::\s*template\b\s*/g, '::').replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|[\x00-\x20]+/g, ''); // ohm's space is \x00..' '
  const bareName = (text: string) => unqualified(clean(text));

  return { span, list, opt, clean, bareName };
}

/** Statements: declarations, aliases, using, static_assert, expression statements. */
function statementActions(h: AstHelpers): ohm.ActionDict<unknown> {
  const { span, list, opt, clean } = h;
  return {
    UsingNamespace(_u, _n, q, _semi) {
      return { type: 'using', namespace: clean(q.sourceString), ...span(this) };
    },
    AliasDecl(_u, name, _eq, t, _semi) {
      return { type: 'alias', name: name.sourceString, nameSpan: span(name), target: t.ast(), ...span(this) };
    },
    TypedefDecl(_t, t, name, _semi) {
      return { type: 'alias', name: name.sourceString, nameSpan: span(name), target: t.ast(), ...span(this) };
    },
    StaticAssert(_kw, _open, left, op, right, msg, _close, _semi) {
      return { type: 'assert', left: left.ast(), op: op.sourceString, right: right.ast(), message: opt(msg), ...span(this) };
    },
    AssertMessage(_comma, str) {
      return str.ast();
    },
    Declaration_typed(spec, name, _eq, expr, _semi) {
      const d = spec.ast() as { declType: string; declTypeArg: Ast.TypeArg | null; isConst: boolean };
      return { type: 'decl', ...d, name: name.sourceString, nameSpan: span(name), expr: expr.ast(), ...span(this) };
    },
    Declaration_short(name, _eq, expr, _semi) {
      return { ...shortDeclaration(name.sourceString, span(name)), expr: expr.ast(), ...span(this) };
    },
    Declaration_compound(name, op, expr, _semi) {
      // `a += b` as `a = a + b` (Ast.Declaration.compound)
      const compound = op.sourceString.slice(0, -1);
      const nameSpan = span(name);
      const right = expr.ast() as Ast.Expr;
      const left = { type: 'name', name: name.sourceString, ...nameSpan };
      const sum = { type: 'binary', op: compound, left, right, start: nameSpan.start, end: right.end };
      return { ...shortDeclaration(name.sourceString, nameSpan), compound, expr: sum, ...span(this) };
    },
    Declaration_ctor(spec, name, args, _semi) {
      const d = spec.ast() as { declType: string; declTypeArg: Ast.TypeArg | null; isConst: boolean };
      const a = args.ast() as { args: Ast.Expr[]; span: Ast.Span };
      const expr: Ast.TypeInstance = { type: 'typeInstance', typeArg: d.declTypeArg!, args: a.args, start: d.declTypeArg!.start, end: a.span.end };
      return { type: 'decl', ...d, name: name.sourceString, nameSpan: span(name), expr, ...span(this) };
    },
    Declaration_bare(spec, name, _semi) {
      const d = spec.ast() as { declType: string; declTypeArg: Ast.TypeArg | null; isConst: boolean };
      return { type: 'declare', ...d, name: name.sourceString, nameSpan: span(name), ...span(this) };
    },
    CtorArgs_paren(_o, args, _c) {
      return { args: list(args), span: span(this) };
    },
    CtorArgs_brace(_o, args, _c) {
      return { args: list(args), span: span(this) };
    },
    DeclSpecifiers(quals, type) {
      const isConst = quals.children.some((q: ohm.Node) => q.sourceString.startsWith('const'));
      const t = type.ast();
      return typeof t === 'string' ? { declType: t, declTypeArg: null, isConst } : { declType: (t as Ast.TypeArg).name, declTypeArg: t, isConst };
    },
    TypedSpecifiers(quals, type) {
      const isConst = quals.children.some((q: ohm.Node) => q.sourceString.startsWith('const'));
      const t = type.ast() as Ast.TypeArg;
      return { declType: t.name, declTypeArg: t, isConst };
    },
    DeclType(t) {
      return t.ctorName === 'auto' ? 'auto' : t.ast();
    },
    ExpressionStatement(expr, _semi) {
      return { type: 'expr', expr: expr.ast(), ...span(this) };
    },
    BufferSetup(_target, method, _args, _semi) {
      return { type: 'bufferSetup', method: clean(method.sourceString), methodSpan: span(method), ...span(this) };
    },
  };
}

/** The fields of `NAME = …;` (and `NAME op= …;`) but its expression and span: no type, not const. */
function shortDeclaration(name: string, nameSpan: Ast.Span) {
  return { type: 'decl', declType: null, declTypeArg: null, isConst: false, name, nameSpan } as const;
}

/** Expressions: compact notation, arithmetic, casts, calls, members, literals. */
function expressionActions(h: AstHelpers): ohm.ActionDict<unknown> {
  const { span, list, opt, clean, bareName } = h;
  return {
    Compact(shape, _c1, stride, _c2, origin) {
      return { type: 'compact', shape: shape.ast(), stride: stride.ast(), origin: opt(origin), ...span(this) };
    },
    CompactTuple(_open, elems, _close) {
      return { type: 'tuple', items: list(elems), ...span(this) };
    },
    Additive_binary(l, op, r) {
      return { type: 'binary', op: op.sourceString, left: l.ast(), right: r.ast(), ...span(this) };
    },
    Multiplicative_binary(l, op, r) {
      return { type: 'binary', op: op.sourceString, left: l.ast(), right: r.ast(), ...span(this) };
    },
    Unary_neg(_op, e) {
      return { type: 'unary', op: '-', operand: e.ast(), ...span(this) };
    },
    Unary_pos(_op, e) {
      return { type: 'unary', op: '+', operand: e.ast(), ...span(this) };
    },
    Unary_cast(_open, t, _close, e) {
      return { type: 'cast', castType: t.sourceString, operand: e.ast(), ...span(this) };
    },
    Unary_staticCast(_kw, _lt, t, _gt, _open, e, _close) {
      return { type: 'cast', castType: t.sourceString, operand: e.ast(), ...span(this) };
    },
    Postfix_apply(target, open, args, close) {
      return {
        type: 'apply',
        target: target.ast(),
        args: list(args),
        argsSpan: { start: open.source.startIdx, end: close.source.endIdx },
        ...span(this),
      };
    },
    LiteralTuple(_open, elems, _close) {
      return { type: 'tuple', items: list(elems), ...span(this) };
    },
    literalInt(minus, _sp, lit) {
      const v = lit.ast() as Ast.IntLiteral;
      return minus.numChildren ? { type: 'unary', op: '-', operand: v, ...span(this) } : v;
    },
    Primary_tuple(_open, first, _comma, rest, _close) {
      return { type: 'tuple', items: [first.ast(), ...list(rest)], ...span(this) };
    },
    Primary_staticBraces(lit, _open, _close) {
      // `_128{}`: the static integer, constructed
      return { ...(lit.ast() as Ast.IntLiteral), ...span(this) };
    },
    Primary_paren(_open, e, _close) {
      return { type: 'paren', inner: e.ast(), ...span(this) };
    },
    Postfix_memberTemplate(target, op, field, targs) {
      return {
        type: 'member',
        target: target.ast(),
        op: op.sourceString,
        name: field.sourceString,
        nameSpan: span(field),
        templateArgs: targs.ast(),
        ...span(this),
      };
    },
    Postfix_member(target, op, field) {
      return { type: 'member', target: target.ast(), op: op.sourceString, name: field.sourceString, nameSpan: span(field), ...span(this) };
    },
    Postfix_index(target, _open, index, _close) {
      return { type: 'index', target: target.ast(), index: index.ast(), ...span(this) };
    },
    Primary_name(q) {
      return { type: 'name', name: bareName(q.sourceString), ...span(this) };
    },
    FunctionCall(name, targs, braces, open, args, close) {
      return {
        type: 'call',
        callee: bareName(name.sourceString),
        ns: namespaceOf(clean(name.sourceString)),
        calleeSpan: span(name),
        templateArgs: opt(targs),
        braces: braces.numChildren > 0,
        args: list(args),
        argsSpan: { start: open.source.startIdx, end: close.source.endIdx },
        ...span(this),
      };
    },
    staticInt(_qualifier, _u, digits) {
      return { type: 'int', value: BigInt(digits.sourceString), isStatic: true, suffix: '', ...span(this) };
    },
    number(n, suffix) {
      return { type: 'int', value: BigInt(n.sourceString), isStatic: false, suffix: suffix.sourceString.toLowerCase(), ...span(this) };
    },
    stringLiteral(_o, chars, _c) {
      return chars.sourceString;
    },
  };
}

/** Types: template arguments, type instances T<…>{…}, T<…>::member, decltype. */
function typeActions(h: AstHelpers): ohm.ActionDict<unknown> {
  const { span, list, opt, bareName } = h;
  return {
    Decltype(_kw, _open, e, _close) {
      return { type: 'decltype', expr: e.ast(), ...span(this) };
    },
    TypeInstance(t, targs, _open, args, _close) {
      const typeArg: Ast.TypeArg = {
        type: 'typeArg',
        name: bareName(t.sourceString),
        nameSpan: span(t),
        args: opt(targs),
        start: t.source.startIdx,
        end: targs.numChildren ? targs.source.endIdx : t.source.endIdx,
      };
      return { type: 'typeInstance', typeArg, args: list(args), ...span(this) };
    },
    TypeMember(t, targs, _colons, member) {
      const typeArg: Ast.TypeArg = {
        type: 'typeArg',
        name: bareName(t.sourceString),
        nameSpan: span(t),
        args: targs.ast(),
        start: t.source.startIdx,
        end: targs.source.endIdx,
      };
      return { type: 'typeMember', typeArg, member: member.sourceString, memberSpan: span(member), ...span(this) };
    },
    ConstExpr(_term, _op, e) {
      return { type: 'constExpr', expr: e.ast(), ...span(this) };
    },
    TemplateArgs(_lt, args, _gt) {
      return list(args);
    },
    TypeArg(name, targs) {
      return { type: 'typeArg', name: bareName(name.sourceString), nameSpan: span(name), args: opt(targs), ...span(this) };
    },
  };
}

function setup(): { g: ohm.Grammar; s: ohm.Semantics } {
  if (grammar && semantics) return { g: grammar, s: semantics };
  // loaded on first use: the fast parser handles valid statements, ohm reports errors
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ohmLib: typeof import('ohm-js') = require('ohm-js');
  const g = ohmLib.grammar(grammarSource);
  const s = g.createSemantics();
  const h = astHelpers();
  s.addOperation('ast', {
    ...statementActions(h),
    ...expressionActions(h),
    ...typeActions(h),
    _iter(...children) {
      return children.map((c) => c.ast());
    },
  });
  grammar = g;
  semantics = s;
  return { g, s };
}

export interface SyntaxError {
  /** Offset in the statement text where the match failed. */
  offset: number;
  expected: string;
  message: string;
}

export type ParseResult = { ok: true; statement: Ast.Statement } | { ok: false; error: SyntaxError };

export function parseStatement(text: string): ParseResult {
  const fast = fastParseStatement(text);
  if (fast) return { ok: true, statement: fast };
  return parseStatementWithOhm(text);
}

/**
 * The AST of a valid statement, null for any other text: no error message, so no ohm grammar
 * (loading ohm-js and building it takes ~0.45 s of CPU before the first match). For callers
 * that only ask "is this TLA?" — the C++ path, where any other text is C++ for clangd. The
 * fast parser accepts exactly what ohm accepts (both ways: test/language/fastParser.test.ts;
 * on the corpus's C++ pieces: test/cpp/fastOnly.test.ts). Too deep: the RangeError propagates.
 */
export function parseValidStatement(text: string): Ast.Statement | null {
  return fastParseOrThrow(text);
}

/** The reference parse with the ohm grammar (also the source of every syntax error message). */
export function parseStatementWithOhm(text: string): ParseResult {
  const { g, s } = setup();
  const m = g.match(text, 'Statement');
  if (m.succeeded()) return { ok: true, statement: s(m).ast() as Ast.Statement };
  const failed = m as unknown as { getRightmostFailurePosition(): number; getExpectedText(): string };
  const offset = failed.getRightmostFailurePosition();
  const expected = failed.getExpectedText();
  return { ok: false, error: { offset, expected, message: `syntax error: expected ${expected}` } };
}

/** Parses a whole expression (used by tests and the round-trip check of printed values). */
export function parseExpression(text: string): ParseResult {
  return parseStatement(text.trimEnd().endsWith(';') ? text : text + ';');
}

/** The ohm grammar, for tools that want to inspect it (completion vocabulary, fuzzing). */
export function getGrammar(): ohm.Grammar {
  return setup().g;
}
