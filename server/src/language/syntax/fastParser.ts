// A hand-written parser for the grammar of grammar.ohm.ts, for speed: ohm-js takes about
// half a millisecond per statement, too slow for 10,000-statement files. It follows the
// PEG rule by rule (same alternatives, same order, same spans) and builds the same AST;
// test/language/fastParser.test.ts checks that on the goldens, the examples and fuzzed
// statements. When it fails, ohm parses the statement again to report the error.
import type * as Ast from './ast';
import { BUFFER_SETUP_CALLS, DECL_QUALIFIERS as VOCABULARY_DECL_QUALIFIERS, INTEGER_TYPES, KEYWORDS as VOCABULARY_KEYWORDS } from './vocabulary';
import { Lexer, TLA_LEXER, TokenKind } from './lexer';
import { namespaceOf, unqualified } from './qualifiers';

/** A token; every one has all the fields (one shape: the parser's reads of them stay monomorphic). */
type Tok = { t: 'id' | 'static' | 'num' | 'str' | 'p'; v: string; s: number; e: number; value: bigint | undefined; suffix: string | undefined };
const tok = (t: Tok['t'], v: string, s: number, e: number, value?: bigint, suffix?: string): Tok => ({ t, v, s, e, value, suffix });

const KEYWORDS = new Set(VOCABULARY_KEYWORDS);
const CAST_TYPES = new Set(INTEGER_TYPES);
const DECL_QUALIFIERS = new Set(VOCABULARY_DECL_QUALIFIERS);
const SETUP_CALLS = new Set(BUFFER_SETUP_CALLS);
/** The punctuation a buffer set-up call's arguments may hold besides parentheses (the grammar's setupPunct). */
const SETUP_PUNCT = new Set(',*&.:+-<>=![]{}?|^~%/');
const isDigit = (c: number) => c >= 48 && c <= 57;
/** u, U, l, L: the letters of an integer suffix. */
const isSuffix = (c: number) => (c | 32) === 117 || (c | 32) === 108;
const lexer = new Lexer(TLA_LEXER);

/**
 * One string per identifier, one bigint per small literal and one frozen object per name or
 * bracket span, shared by every tree that holds them: a 10,000-statement document names the
 * same few thousand things a hundred thousand times, and the trees are half of an analysis's
 * memory (the garbage collector walks them all). A pool is emptied when it passes MAX_SHARED
 * (trees keep what they hold).
 */
const SHARED_NAMES = new Map<string, string>();
const SHARED_INTS = new Map<string, bigint>();
/** The spans of names and brackets (offsets in their statement: the same few recur in every statement), frozen. */
const SHARED_SPANS = new Map<number, Ast.Span>();
const MAX_SHARED = 100_000;

/** The pool's value for a key, made and kept on first use. */
function pooled<K, V>(pool: Map<K, V>, key: K, make: (key: K) => V): V {
  const known = pool.get(key);
  if (known !== undefined) return known;
  if (pool.size >= MAX_SHARED) pool.clear();
  const v = make(key);
  pool.set(key, v);
  return v;
}
// (a name is kept as a copy, not a slice of its statement's text: the pool outlives the statement)
const sharedName = (v: string): string => SHARED_NAMES.get(v) ?? pooled(SHARED_NAMES, v.length < 13 ? v : (' ' + v).slice(1), (own) => own);
const sharedInt = (digits: string): bigint => (digits.length > 6 ? BigInt(digits) : pooled(SHARED_INTS, digits, BigInt));
const sharedSpan = (start: number, end: number): Ast.Span =>
  start >= 4096 || end >= 4096 ? { start, end } : pooled(SHARED_SPANS, start * 4096 + end, () => Object.freeze({ start, end }));

/** One string per ASCII punctuation character. */
const PUNCT: string[] = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));

/**
 * The pooled name of src[s, e), found without slicing it when it was met recently: a table by
 * a hash of the characters in front of the pool (a slice and a map look-up per identifier were
 * a tenth of a cold parse).
 */
const RECENT_BITS = 12;
const RECENT: (string | undefined)[] = new Array<string | undefined>(1 << RECENT_BITS).fill(undefined);
function nameAt(src: string, s: number, e: number): string {
  let h = e - s;
  for (let j = s; j < e; j++) h = (Math.imul(h, 31) + src.charCodeAt(j)) | 0;
  const slot = (h ^ (h >>> RECENT_BITS)) & ((1 << RECENT_BITS) - 1);
  const known = RECENT[slot];
  if (known !== undefined && known.length === e - s && src.startsWith(known, s)) return known;
  const v = sharedName(src.slice(s, e));
  RECENT[slot] = v;
  return v;
}

/** The operators of a compound assignment (`+=` …), each followed by `=`. */
const COMPOUND_OPS = ['+', '-', '*', '/', '%'];

/** Tokens, or null where ohm's lexical rules would not accept the text. */
function tokenize(src: string): Tok[] | null {
  const out: Tok[] = [];
  const lx = lexer.reset(src);
  for (let k = lx.next(); k !== TokenKind.End; k = lx.next()) {
    const s = lx.start;
    const e = lx.end;
    if (k === TokenKind.Ident) {
      const v = nameAt(src, s, e);
      let digitsOnly = src.charCodeAt(s) === 95 && e > s + 1;
      for (let j = s + 1; digitsOnly && j < e; j++) digitsOnly = isDigit(src.charCodeAt(j));
      const n = out.length;
      // `tla::_128` is one static integer (ohm's staticQualifier), as `_128` is
      const qualified = digitsOnly && n >= 2 && out[n - 1].v === '::' && out[n - 1].t === 'p' && out[n - 2].t === 'id' && out[n - 2].v === 'tla';
      if (qualified) out.splice(n - 2, 2, tok('static', v, out[n - 2].s, e, sharedInt(v.slice(1))));
      else if (digitsOnly) out.push(tok('static', v, s, e, sharedInt(v.slice(1))));
      else out.push(tok('id', v, s, e));
    } else if (k === TokenKind.Number) {
      if (lx.malformed) return null; // `12abc`: ohm's number needs ~identPart
      let digitsEnd = e;
      while (isSuffix(src.charCodeAt(digitsEnd - 1))) digitsEnd--;
      out.push(tok('num', src.slice(s, e), s, e, sharedInt(src.slice(s, digitsEnd)), digitsEnd === e ? '' : src.slice(digitsEnd, e).toLowerCase()));
    } else if (k === TokenKind.String) {
      if (lx.malformed) return null; // unclosed, or a line break inside
      out.push(tok('str', src.slice(s + 1, e - 1), s, e));
    } else if (k === TokenKind.Punct) out.push(tok('p', e === s + 1 ? (PUNCT[src.charCodeAt(s)] ?? src[s]) : src.slice(s, e), s, e));
    else return null; // a `'`: no rule of ohm reads one
  }
  return lx.unclosedComment ? null : out;
}

/** The memoised rules. The memo key is `token index * MEMO_RULES + rule`: distinct for every pair by construction. */
enum Memo {
  Expr,
  CompactTuple,
  Unary,
  /** How many there are: keep it last. */
  Count,
}
const MEMO_RULES: number = Memo.Count;

/**
 * The packrat memo of every parse, in tables reused from one statement to the next (a map and an
 * entry object per memoised rule and token were a fifth of a cold parse): entry `key` holds the
 * rule's node (null: it failed) and the token after it, valid when its stamp is the parse's own.
 */
let memoStamp = new Int32Array(1024);
let memoEnd = new Int32Array(1024);
let memoNode: (Ast.Expr | null)[] = new Array<Ast.Expr | null>(1024).fill(null);
let memoStamps = 0;

/** A new parse's stamp, with tables of at least `size` entries. */
function memoFor(size: number): number {
  if (size > memoStamp.length) {
    const n = Math.max(size, memoStamp.length * 2);
    memoStamp = new Int32Array(n);
    memoEnd = new Int32Array(n);
    memoNode = new Array<Ast.Expr | null>(n).fill(null);
    memoStamps = 0;
  }
  if (memoStamps >= 0x7fffffff) {
    memoStamp.fill(0);
    memoStamps = 0;
  }
  return ++memoStamps;
}

type QualifiedName = { text: string; start: number; end: number };

// Every rule returns its node, or null after restoring the position (PEG failure);
// no exceptions on the hot path.
type R<T> = T | null;

class Parser {
  private i = 0;
  /** This parse's mark in the memo's tables (an entry with another mark is empty). */
  private readonly stamp: number;
  constructor(
    private readonly toks: Tok[],
    private readonly src: string,
  ) {
    this.stamp = memoFor(toks.length * MEMO_RULES);
  }

  private peek(k = 0): Tok | undefined {
    return this.toks[this.i + k];
  }
  private is(v: string, k = 0): boolean {
    const t = this.toks[this.i + k];
    return !!t && t.t === 'p' && t.v === v;
  }
  /** Consumes punctuation v, or returns null without moving. */
  private accept(v: string): Tok | null {
    const t = this.toks[this.i];
    if (!t || t.t !== 'p' || t.v !== v) return null;
    this.i++;
    return t;
  }
  private word(v: string): boolean {
    const t = this.toks[this.i];
    return !!t && t.t === 'id' && t.v === v;
  }
  private get last(): Tok {
    return this.toks[this.i - 1];
  }
  /**
   * PEG's `("," elem)*`: appends elements while a comma is followed by one; stops before a comma
   * that is not. Returns the list at its size: an array that grew by push keeps room for 16 more
   * elements (a 10,000-statement document's call arguments held 6 MB so, 4 of it empty room),
   * and a tree lives as long as its statement.
   */
  private moreAfterCommas<T>(items: T[], elem: () => T | null): T[] {
    const n = items.length;
    while (this.is(',')) {
      const save = this.i;
      this.i++;
      const next = elem();
      if (!next) {
        this.i = save;
        break;
      }
      items.push(next);
    }
    return items.length === n ? items : items.slice();
  }

  /** Fails a rule: back to where it started. */
  private fail<T>(start: number): R<T> {
    this.i = start;
    return null;
  }
  private memoized(rule: Memo): R<Ast.Expr> {
    const key = this.i * MEMO_RULES + rule;
    if (memoStamp[key] === this.stamp) {
      const node = memoNode[key];
      if (node !== null) this.i = memoEnd[key];
      return node;
    }
    const start = this.i;
    const node = rule === Memo.Expr ? this.exprRule() : rule === Memo.CompactTuple ? this.compactTupleRule() : this.unaryRule();
    if (!node) this.i = start;
    memoStamp[key] = this.stamp;
    memoNode[key] = node;
    memoEnd[key] = this.i;
    return node;
  }

  // ---- statements

  statement(): R<Ast.Statement> {
    for (let alt = 0; alt < 9; alt++) {
      const s = this.alternative(alt);
      if (s) return this.i === this.toks.length ? s : null;
      this.i = 0;
    }
    return null;
  }

  /** The grammar's Statement alternatives, in its order. */
  private alternative(alt: number): R<Ast.Statement> {
    switch (alt) {
      case 0:
        return this.usingNamespace();
      case 1:
        return this.aliasDecl();
      case 2:
        return this.typedefDecl();
      case 3:
        return this.staticAssert();
      case 4:
        return this.declarationTyped();
      case 5:
        return this.declarationShort();
      case 6:
        return this.compoundAssignment();
      case 7:
        return this.bufferSetup();
      default:
        return this.expressionStatement();
    }
  }

  private usingNamespace(): R<Ast.Statement> {
    const t0 = this.i;
    const start = this.peek()?.s ?? 0;
    if (!this.word('using')) return null;
    this.i++;
    if (!this.word('namespace')) return this.fail(t0);
    this.i++;
    const q = this.qualifiedName();
    if (!q) return this.fail(t0);
    const semi = this.accept(';');
    if (!semi) return this.fail(t0);
    return { type: 'using', namespace: q.text, start, end: semi.e };
  }

  /** `using NAME = TYPE;` */
  private aliasDecl(): R<Ast.Statement> {
    const t0 = this.i;
    const start = this.peek()?.s ?? 0;
    if (!this.word('using')) return null;
    this.i++;
    const name = this.ident();
    if (!name || !this.accept('=')) return this.fail(t0);
    const target = this.typeExpr();
    const semi = target && this.accept(';');
    if (!target || !semi) return this.fail(t0);
    return { type: 'alias', name: name.v, nameSpan: sharedSpan(name.s, name.e), target, start, end: semi.e };
  }

  /** `typedef TYPE NAME;` */
  private typedefDecl(): R<Ast.Statement> {
    const t0 = this.i;
    const start = this.peek()?.s ?? 0;
    if (!this.word('typedef')) return null;
    this.i++;
    const target = this.typeExpr();
    const name = target && this.ident();
    const semi = name && this.accept(';');
    if (!target || !name || !semi) return this.fail(t0);
    return { type: 'alias', name: name.v, nameSpan: sharedSpan(name.s, name.e), target, start, end: semi.e };
  }

  private typeExpr(): Ast.TypeArg | Ast.Decltype | null {
    return this.decltype() ?? this.typeArg();
  }

  private decltype(): Ast.Decltype | null {
    const t0 = this.i;
    if (!this.word('decltype') || !this.is('(', 1)) return null;
    const start = this.peek()!.s;
    this.i += 2;
    const expr = this.expr();
    const close = expr && this.accept(')');
    if (!expr || !close) return this.fail(t0);
    return { type: 'decltype', expr, start, end: close.e };
  }

  private staticAssert(): R<Ast.Statement> {
    const t0 = this.i;
    const start = this.peek()?.s ?? 0;
    if (!this.word('static_assert')) return null;
    this.i++;
    if (!this.accept('(')) return this.fail(t0);
    const left = this.expr();
    if (!left) return this.fail(t0);
    const opTok = this.peek();
    if (!opTok || opTok.t !== 'p' || (opTok.v !== '==' && opTok.v !== '!=')) return this.fail(t0);
    this.i++;
    const right = this.expr();
    if (!right) return this.fail(t0);
    let message: string | null = null;
    if (this.is(',') && this.peek(1)?.t === 'str') {
      message = this.peek(1)!.v;
      this.i += 2;
    }
    if (!this.accept(')')) return this.fail(t0);
    const semi = this.accept(';');
    if (!semi) return this.fail(t0);
    return { type: 'assert', left, op: opTok.v as '==' | '!=', right, message, start, end: semi.e };
  }

  private declarationTyped(): R<Ast.Statement> {
    const t0 = this.i;
    const start = this.peek()?.s ?? 0;
    let isConst = false;
    while (this.peek()?.t === 'id' && DECL_QUALIFIERS.has(this.peek()!.v)) {
      if (this.peek()!.v.startsWith('const')) isConst = true;
      this.i++;
    }
    let declType: string;
    let declTypeArg: Ast.TypeArg | null = null;
    if (this.word('auto')) {
      this.i++;
      declType = 'auto';
    } else {
      declTypeArg = this.typeArg();
      if (!declTypeArg) return this.fail(t0);
      declType = declTypeArg.name;
    }
    const name = this.ident();
    if (!name) return this.fail(t0);
    const nameSpan = sharedSpan(name.s, name.e);
    if (this.accept('=')) {
      const expr = this.expr();
      const semi = expr && this.accept(';');
      if (!expr || !semi) return this.fail(t0);
      return { type: 'decl', declType, declTypeArg, isConst, name: name.v, nameSpan, expr, start, end: semi.e };
    }
    if (!declTypeArg) return this.fail(t0); // `auto x;` and `auto x(…)` are not declarations here
    // `T name(a, b);`, `T name{a, b};`: a constructed value
    const open = this.is('(') ? '(' : this.is('{') ? '{' : null;
    if (open) {
      const o = this.peek()!;
      this.i++;
      const args = this.exprList();
      const close = args && this.accept(open === '(' ? ')' : '}');
      const semi = close && this.accept(';');
      if (!args || !close || !semi) return this.fail(t0);
      const expr: Ast.TypeInstance = { type: 'typeInstance', typeArg: declTypeArg, args, start: declTypeArg.start, end: close.e };
      void o;
      return { type: 'decl', declType, declTypeArg, isConst, name: name.v, nameSpan, expr, start, end: semi.e };
    }
    const semi = this.accept(';');
    if (!semi) return this.fail(t0);
    return { type: 'declare', declType, declTypeArg, isConst, name: name.v, nameSpan, start, end: semi.e };
  }

  private declarationShort(): R<Ast.Statement> {
    const t0 = this.i;
    const name = this.ident();
    if (!name || !this.accept('=')) return this.fail(t0);
    const expr = this.expr();
    const semi = expr && this.accept(';');
    if (!expr || !semi) return this.fail(t0);
    return {
      type: 'decl',
      declType: null,
      declTypeArg: null,
      isConst: false,
      name: name.v,
      nameSpan: sharedSpan(name.s, name.e),
      expr,
      start: name.s,
      end: semi.e,
    };
  }

  /** `gmA.SetGlobalBuffer((__gm__ ElementA *)params.ptrA);`: the grammar's BufferSetup (any tokens, parentheses balanced). */
  private bufferSetup(): R<Ast.Statement> {
    const t0 = this.i;
    const start = this.peek()?.s ?? 0;
    // SetupTarget?: (qualifiedName ("." | "->"))+, each repetition kept only when whole
    for (;;) {
      const save = this.i;
      if (this.qualifiedName() && (this.accept('.') || this.accept('->'))) continue;
      this.i = save;
      break;
    }
    const method = this.peek();
    if (!method || method.t !== 'id' || !SETUP_CALLS.has(method.v)) return this.fail(t0);
    this.i++;
    if (!this.accept('(')) return this.fail(t0);
    for (let depth = 1; depth > 0; this.i++) {
      const t = this.peek();
      if (!t) return this.fail(t0);
      if (t.t !== 'p') continue;
      if (t.v === '(') depth++;
      else if (t.v === ')') depth--;
      else if (![...t.v].every((c) => SETUP_PUNCT.has(c))) return this.fail(t0);
    }
    const semi = this.accept(';');
    if (!semi) return this.fail(t0);
    return { type: 'bufferSetup', method: method.v, methodSpan: sharedSpan(method.s, method.e), start, end: semi.e };
  }

  /** `NAME op= EXPR;` as `NAME = NAME op EXPR;` (Ast.Declaration.compound): `op` and `=` adjacent, as C++'s one token. */
  private compoundAssignment(): R<Ast.Statement> {
    const t0 = this.i;
    const name = this.ident();
    const op = name && this.toks[this.i];
    if (!op || op.t !== 'p' || !COMPOUND_OPS.includes(op.v)) return this.fail(t0);
    this.i++;
    const eq = this.accept('=');
    if (!eq || eq.s !== op.e) return this.fail(t0);
    const right = this.expr();
    const semi = right && this.accept(';');
    if (!right || !semi) return this.fail(t0);
    const nameSpan = sharedSpan(name.s, name.e);
    const compound = op.v as Ast.Binary['op'];
    const left: Ast.NameRef = { type: 'name', name: name.v, start: name.s, end: name.e };
    const expr: Ast.Binary = { type: 'binary', op: compound, left, right, start: name.s, end: right.end };
    return { type: 'decl', declType: null, declTypeArg: null, isConst: false, name: name.v, nameSpan, compound, expr, start: name.s, end: semi.e };
  }

  private expressionStatement(): R<Ast.Statement> {
    const t0 = this.i;
    const expr = this.expr();
    const semi = expr && this.accept(';');
    if (!expr || !semi) return this.fail(t0);
    return { type: 'expr', expr, start: expr.start, end: semi.e };
  }

  // ---- lexical helpers

  private ident(): Tok | null {
    const t = this.peek();
    if (!t || t.t !== 'id' || KEYWORDS.has(t.v)) return null;
    this.i++;
    return t;
  }

  /** qualifiedName: `a::b::c` (a leading `::` allowed). */
  private qualifiedName(): QualifiedName | null {
    const t0 = this.i;
    const start = this.peek()?.s ?? 0;
    const parts: string[] = [];
    if (this.is('::')) {
      this.i++;
      parts.push('');
    }
    const first = this.ident();
    if (!first) return this.fail(t0);
    parts.push(first.v);
    while (this.is('::')) {
      // as ohm's `(ident "::")* ident`: a `::` must be followed by a name
      // `LayoutA::template MakeLayout`: the disambiguator is read and dropped (ohm's templateKw)
      const skip = this.peek(1)?.v === 'template' && this.peek(2)?.t === 'id' ? 1 : 0;
      const next = this.peek(1 + skip);
      if (!next || next.t !== 'id' || KEYWORDS.has(next.v)) return this.fail(t0);
      this.i += 2 + skip;
      parts.push(next.v);
    }
    return { text: parts.join('::'), start, end: this.last.e };
  }

  private bare(text: string): string {
    return unqualified(text);
  }

  // ---- expressions

  // Memoised (Memo): expr, compactTuple and unary are the rules PEG alternatives re-enter.
  private expr(): R<Ast.Expr> {
    return this.memoized(Memo.Expr);
  }

  private exprRule(): R<Ast.Expr> {
    return this.compact() ?? this.additive();
  }

  private compact(): R<Ast.Expr> {
    const t0 = this.i;
    const start = this.peek()?.s ?? 0;
    const shape = this.compactSide();
    if (!shape || !this.accept(':')) return this.fail(t0);
    const stride = this.compactSide();
    if (!stride) return this.fail(t0);
    let origin: Ast.Expr | null = null;
    const t1 = this.i;
    if (this.accept(':')) {
      origin = this.compactSide();
      if (!origin) this.i = t1;
    }
    return { type: 'compact', shape, stride, origin, start, end: this.last.e };
  }

  private compactSide(): R<Ast.Expr> {
    return this.compactTuple() ?? this.unary();
  }

  private compactTuple(): R<Ast.Expr> {
    return this.memoized(Memo.CompactTuple);
  }

  private compactTupleRule(): R<Ast.Expr> {
    const t0 = this.i;
    const open = this.accept('(');
    if (!open) return null;
    let items: Ast.Expr[] = [];
    if (!this.is(')')) {
      const first = this.compactElem();
      if (!first) return this.fail(t0);
      items = this.moreAfterCommas([first], () => this.compactElem());
    }
    const close = this.accept(')');
    if (!close) return this.fail(t0);
    return { type: 'tuple', items, start: open.s, end: close.e };
  }

  private compactElem(): R<Ast.Expr> {
    return this.compactTuple() ?? this.additive();
  }

  private additive(): R<Ast.Expr> {
    let left = this.multiplicative();
    if (!left) return null;
    while (this.is('+') || this.is('-')) {
      const op = this.peek()!.v as '+' | '-';
      const save = this.i;
      this.i++;
      const right = this.multiplicative();
      if (!right) {
        this.i = save;
        break;
      }
      left = { type: 'binary', op, left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private multiplicative(): R<Ast.Expr> {
    let left = this.unary();
    if (!left) return null;
    while (this.is('*') || this.is('/') || this.is('%')) {
      const op = this.peek()!.v as '*' | '/' | '%';
      const save = this.i;
      this.i++;
      const right = this.unary();
      if (!right) {
        this.i = save;
        break;
      }
      left = { type: 'binary', op, left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private unary(): R<Ast.Expr> {
    return this.memoized(Memo.Unary);
  }

  private unaryRule(): R<Ast.Expr> {
    const t0 = this.i;
    const t = this.peek();
    if (!t) return null;
    if (t.t === 'p' && (t.v === '-' || t.v === '+')) {
      this.i++;
      const operand = this.unary();
      if (operand) return { type: 'unary', op: t.v, operand, start: t.s, end: operand.end };
      this.i = t0;
    }
    if (t.t === 'p' && t.v === '(') {
      const ct = this.peek(1);
      if (ct && ct.t === 'id' && CAST_TYPES.has(ct.v) && this.is(')', 2)) {
        this.i += 3;
        const operand = this.unary();
        if (operand) return { type: 'cast', castType: ct.v, operand, start: t.s, end: operand.end };
        this.i = t0;
      }
    }
    if (t.t === 'id' && t.v === 'static_cast' && this.is('<', 1)) {
      const ct = this.peek(2);
      if (ct && ct.t === 'id' && CAST_TYPES.has(ct.v) && this.is('>', 3) && this.is('(', 4)) {
        this.i += 5;
        const operand = this.expr();
        const close = operand && this.accept(')');
        if (operand && close) return { type: 'cast', castType: ct.v, operand, start: t.s, end: close.e };
        this.i = t0;
      }
    }
    return this.postfix();
  }

  private postfix(): R<Ast.Expr> {
    let e = this.primary();
    if (!e) return null;
    for (;;) {
      const save = this.i;
      const open = this.accept('(');
      if (open) {
        const args = this.exprList();
        const close = args && this.accept(')');
        if (args && close) {
          e = { type: 'apply', target: e, args, argsSpan: sharedSpan(open.s, close.e), start: e.start, end: close.e };
          continue;
        }
        this.i = save;
        return e;
      }
      if (this.is('[')) {
        this.i++;
        const index = this.expr();
        const close = index && this.accept(']');
        if (index && close) {
          e = { type: 'index', target: e, index, start: e.start, end: close.e };
          continue;
        }
        this.i = save;
        return e;
      }
      if (this.is('.') || this.is('->')) {
        const op = this.peek()!.v as '.' | '->';
        this.i++;
        const field = this.ident();
        if (field) {
          const templateArgs = this.is('<') ? this.templateArgs() : null; // ohm's -- memberTemplate: `c.GetCoordByAxis<0, 2>`
          e = templateArgs
            ? { type: 'member', target: e, op, name: field.v, nameSpan: sharedSpan(field.s, field.e), templateArgs, start: e.start, end: this.last.e }
            : { type: 'member', target: e, op, name: field.v, nameSpan: sharedSpan(field.s, field.e), start: e.start, end: field.e };
          continue;
        }
        this.i = save;
      }
      return e;
    }
  }

  /** ListOf<Expr, ",">: possibly empty; a trailing `,` is left for the caller (and fails there). */
  private exprList(): Ast.Expr[] | null {
    const first = this.expr();
    if (!first) return [];
    return this.moreAfterCommas([first], () => this.expr());
  }

  private primary(): R<Ast.Expr> {
    const t = this.peek();
    if (!t) return null;
    if (t.t === 'static' && this.is('{', 1) && this.is('}', 2)) {
      // `_128{}`: the static integer, constructed
      const lit = this.intLiteral()!;
      this.i += 2;
      return { ...lit, end: this.last.e };
    }
    if (t.t === 'static' || t.t === 'num') return this.intLiteral();
    if (t.t === 'p' && t.v === '(') {
      const r = this.literalTuple() ?? this.bareTuple() ?? this.paren();
      if (r) return r;
    }
    // functionCall | typeInstance | typeMember | qualifiedName: each begins with the same
    // qualifiedName and optional template arguments, read once here
    const q = this.qualifiedName();
    if (!q) return null;
    const afterName = this.i;
    const args = this.templateArgs();
    const afterArgs = this.i;
    const r = this.functionCall(q, args) ?? this.typeInstance(q, args, afterArgs) ?? this.typeMember(q, args, afterArgs);
    if (r) return r;
    this.i = afterName;
    return { type: 'name', name: this.bare(q.text), start: q.start, end: q.end };
  }

  private bareTuple(): R<Ast.Expr> {
    const t0 = this.i;
    const open = this.accept('(');
    if (!open) return null;
    const first = this.expr();
    if (!first || !this.accept(',')) return this.fail(t0);
    const second = this.expr();
    if (!second) return this.fail(t0);
    const items = this.moreAfterCommas([first, second], () => this.expr());
    const close = this.accept(')');
    if (!close) return this.fail(t0);
    return { type: 'tuple', items, start: open.s, end: close.e };
  }

  private paren(): R<Ast.Expr> {
    const t0 = this.i;
    const open = this.accept('(');
    if (!open) return null;
    const inner = this.expr();
    const close = inner && this.accept(')');
    if (!inner || !close) return this.fail(t0);
    return { type: 'paren', inner, start: open.s, end: close.e };
  }

  private intLiteral(): Ast.IntLiteral | null {
    const t = this.peek();
    if (!t || (t.t !== 'static' && t.t !== 'num')) return null;
    this.i++;
    return { type: 'int', value: t.value!, isStatic: t.t === 'static', suffix: t.suffix ?? '', start: t.s, end: t.e };
  }

  /** `<…>`, or null (position restored) when there is none. */
  private templateArgs(): Ast.TemplateArg[] | null {
    const t0 = this.i;
    if (!this.accept('<')) return null;
    const first = this.templateArg();
    const out = first ? this.moreAfterCommas([first], () => this.templateArg()) : [];
    if (!this.accept('>')) return this.fail(t0);
    return out;
  }

  private templateArg(): Ast.TemplateArg | null {
    return this.constExpr() ?? this.intLiteral() ?? this.decltype() ?? this.typeArg();
  }

  /** ohm's `&(TemplateTerm (addOp | mulOp)) Additive`: an integer expression as a template argument. */
  private constExpr(): Ast.ConstExpr | null {
    const t0 = this.i;
    const t = this.peek();
    if (!t) return null;
    if (t.t === 'static' || t.t === 'num') this.i++;
    else if (!this.qualifiedName()) return this.fail(t0);
    const op = this.peek();
    const isOp = !!op && op.t === 'p' && (op.v === '+' || op.v === '-' || op.v === '*' || op.v === '/' || op.v === '%');
    this.i = t0;
    if (!isOp) return null;
    const expr = this.additive();
    if (!expr) return this.fail(t0);
    return { type: 'constExpr', expr, start: expr.start, end: expr.end };
  }

  private typeArg(): Ast.TypeArg | null {
    const q = this.qualifiedName();
    if (!q) return null;
    const args = this.templateArgs();
    return { type: 'typeArg', name: this.bare(q.text), nameSpan: sharedSpan(q.start, q.end), args, start: q.start, end: this.last.e };
  }

  /** After `q` and its template arguments (`templateArgs`, at the current token). */
  private functionCall(q: QualifiedName, templateArgs: Ast.TemplateArg[] | null): R<Ast.Expr> {
    const t0 = this.i;
    let braces = false;
    if (this.is('{') && this.is('}', 1)) {
      this.i += 2;
      braces = true;
    }
    const open = this.accept('(');
    if (!open) return this.fail(t0);
    const args = this.exprList();
    const close = args && this.accept(')');
    if (!args || !close) return this.fail(t0);
    return {
      type: 'call',
      callee: this.bare(q.text),
      ns: namespaceOf(q.text),
      calleeSpan: sharedSpan(q.start, q.end),
      templateArgs,
      braces,
      args,
      argsSpan: sharedSpan(open.s, close.e),
      start: q.start,
      end: close.e,
    };
  }

  private typeInstance(q: QualifiedName, args: Ast.TemplateArg[] | null, afterArgs: number): R<Ast.Expr> {
    const t0 = (this.i = afterArgs);
    const targsEnd = this.last.e;
    if (!this.accept('{')) return this.fail(t0);
    const ctorArgs = this.exprList();
    const close = ctorArgs && this.accept('}');
    if (!ctorArgs || !close) return this.fail(t0);
    const typeArg = this.typeArgOf(q, args, args ? targsEnd : q.end);
    return { type: 'typeInstance', typeArg, args: ctorArgs, start: q.start, end: close.e };
  }

  /** The type `q<args>` of a `T<…>{…}` or a `T<…>::member`, ending at `end`. */
  private typeArgOf(q: QualifiedName, args: Ast.TypeArg['args'], end: number): Ast.TypeArg {
    return { type: 'typeArg', name: this.bare(q.text), nameSpan: sharedSpan(q.start, q.end), args, start: q.start, end };
  }

  /** `T<…>::member`, e.g. `tla::detail::iszN<half, decltype(l)>::value`. */
  private typeMember(q: QualifiedName, args: Ast.TemplateArg[] | null, afterArgs: number): R<Ast.Expr> {
    const t0 = (this.i = afterArgs);
    if (!args) return null;
    const targsEnd = this.last.e;
    if (!this.accept('::')) return this.fail(t0);
    const member = this.ident();
    if (!member) return this.fail(t0);
    const typeArg = this.typeArgOf(q, args, targsEnd);
    return { type: 'typeMember', typeArg, member: member.v, memberSpan: sharedSpan(member.s, member.e), start: q.start, end: member.e };
  }

  private literalTuple(): R<Ast.Expr> {
    const t0 = this.i;
    const open = this.accept('(');
    if (!open) return null;
    const first = this.literalElem();
    const items = first ? this.moreAfterCommas([first], () => this.literalElem()) : [];
    const close = this.accept(')');
    if (!close) return this.fail(t0);
    const next = this.peek();
    // ohm's lookahead is on characters: `->` starts with `-` too
    if (next && next.t === 'p' && (next.v === '*' || next.v === '/' || next.v === '%' || next.v === '+' || next.v === '-' || next.v === '->'))
      return this.fail(t0);
    return { type: 'tuple', items, start: open.s, end: close.e };
  }

  private literalElem(): R<Ast.Expr> {
    const nested = this.literalTuple();
    if (nested) return nested;
    const t = this.peek();
    if (t && t.t === 'p' && t.v === '-') {
      const lit = this.peek(1);
      if (lit && (lit.t === 'static' || lit.t === 'num')) {
        this.i++;
        const operand = this.intLiteral()!;
        return { type: 'unary', op: '-', operand, start: t.s, end: operand.end };
      }
      return null;
    }
    return this.intLiteral();
  }
}

/** The statement's AST, or null when the fast path cannot parse it (ohm then reports why). */
export function fastParseStatement(src: string): Ast.Statement | null {
  try {
    return fastParseOrThrow(src);
  } catch (e) {
    if (e instanceof RangeError) return null; // too deep for the stack: ohm decides
    throw e;
  }
}

/** The same, but a statement too deep for the stack throws its RangeError (the caller reports the limit). */
export function fastParseOrThrow(src: string): Ast.Statement | null {
  const toks = tokenize(src);
  return toks ? new Parser(toks, src).statement() : null;
}
