// C++ type and constant expressions as Catlass's headers write them (template arguments,
// alias targets, static constexpr initializers, static_assert conditions), parsed from the
// C++ tokens into one small tree. A template argument may be a type or a value, so both are
// one tree: the resolver decides what a name is when it meets it.
import { Signal } from '../../core';
import { Lexer, TokenKind } from '../syntax';

export interface Tok {
  /** 'id' | 'num' | 'str' | 'p' (punctuation). */
  k: 'id' | 'num' | 'str' | 'p';
  t: string;
  /** Offset in the file. */
  at: number;
  end: number;
}

/** C++ as the header scanner reads it (the operators it tells apart, `#` lines with their continuations). */
export const HEADER_LEXER = new Lexer({
  operators: ['::', '->', '==', '!=', '<=', '>=', '&&', '||', '<<', '...'],
  numbers: 'pp',
  preprocessor: 'continued',
  crEndsLine: true,
});

export interface Directive {
  at: number;
  text: string;
}

/**
 * Tokens and preprocessor lines of a C++ text (comments skipped). `>>` stays two tokens: it
 * closes two template lists. An object-like macro the text itself defines is expanded where it
 * is used after its `#define` (the tokens of its body, at the place of the use).
 */
export function tokenizeHeader(text: string): { toks: Tok[]; directives: Directive[] } {
  const toks: Tok[] = [];
  const directives: Directive[] = [];
  const macros = new Map<string, Tok[]>();
  const lx = HEADER_LEXER.reset(text);
  for (let k = lx.next(); k !== TokenKind.End; k = lx.next()) {
    const t = text.slice(lx.start, lx.end);
    if (k === TokenKind.Preprocessor) {
      const d = { at: lx.start, text: t.replace(/\\\r?\n/g, ' ') };
      directives.push(d);
      const m = /^#\s*define\s+(\w+)(?![\w(])(.*)$/s.exec(d.text);
      if (m && m[2].trim()) macros.set(m[1], bodyTokens(m[2]));
      const u = /^#\s*undef\s+(\w+)/.exec(d.text);
      if (u) macros.delete(u[1]);
      continue;
    }
    const tok: Tok = { k: kindOf(k), t, at: lx.start, end: lx.end };
    const body = tok.k === 'id' ? macros.get(t) : undefined;
    if (body) for (const b of body) toks.push({ ...b, at: tok.at, end: tok.end });
    else toks.push(tok);
  }
  return { toks, directives };
}

const kindOf = (k: TokenKind): Tok['k'] =>
  k === TokenKind.Ident ? 'id' : k === TokenKind.Number ? 'num' : k === TokenKind.String || k === TokenKind.Char ? 'str' : 'p';

/** A macro body's tokens (its own macros not expanded: a body naming itself stays). */
function bodyTokens(body: string): Tok[] {
  const out: Tok[] = [];
  const lx = new Lexer({ operators: ['::', '->', '==', '!=', '<=', '>=', '&&', '||', '<<', '...'], numbers: 'pp' }).reset(body);
  for (let k = lx.next(); k !== TokenKind.End; k = lx.next()) out.push({ k: kindOf(k), t: body.slice(lx.start, lx.end), at: 0, end: 0 });
  return out;
}

/** One segment of a qualified name: `TileCopy`, `CopyGmToL1A<TensorA>` (after `template`). */
export interface Seg {
  name: string;
  args?: Node[];
}

export type Node =
  | { n: 'name'; segs: Seg[]; global?: boolean }
  | { n: 'num'; v: bigint; unsigned: boolean; long: boolean }
  | { n: 'str'; v: string }
  | { n: 'unary'; op: string; x: Node }
  | { n: 'binary'; op: string; a: Node; b: Node }
  | { n: 'cond'; c: Node; a: Node; b: Node }
  /** `f(args)`, `T(args)`, `T{args}` (brace: a value-initialised or constructed object). */
  | { n: 'call'; f: Node; args: Node[]; brace?: boolean }
  | { n: 'sizeof'; x: Node }
  | { n: 'cast'; t: Node; x: Node }
  | { n: 'decltype'; x: Node }
  /** `x.f` / `x->f`. */
  | { n: 'member'; x: Node; name: string }
  /** `X...` (a pack expansion). */
  | { n: 'pack'; x: Node }
  /** `const T`, `T&`, `T*`: `c` says const (references are dropped; a pointer is unknown). */
  | { n: 'qual'; x: Node; c: boolean; ptr: boolean }
  /** The text could not be read as an expression. */
  | { n: 'bad' };

const PRECEDENCE: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '|': 3,
  '^': 4,
  '&': 5,
  '==': 6,
  '!=': 6,
  '<': 7,
  '>': 7,
  '<=': 7,
  '>=': 7,
  '<<': 8,
  '>>': 8,
  '+': 9,
  '-': 9,
  '*': 10,
  '/': 10,
  '%': 10,
};

const TYPE_WORDS = new Set(['unsigned', 'signed', 'short', 'long', 'int', 'char']);
/** The one-word integer types a C-style cast names. */
const CAST_TYPES = /^(?:bool|u?int(?:8|16|32|64)_t|size_t)$/;

/** A parser over a token slice; `inArgs` > 0 while inside a template argument list, where `>` closes it. */
export class ExprParser {
  private i: number;
  constructor(
    private readonly toks: readonly Tok[],
    from = 0,
    private readonly to = toks.length,
  ) {
    this.i = from;
  }
  private inArgs = 0;
  get pos(): number {
    return this.i;
  }
  atEnd(): boolean {
    return this.i >= this.to;
  }
  private peek(o = 0): Tok | undefined {
    return this.i + o < this.to ? this.toks[this.i + o] : undefined;
  }
  private is(t: string, o = 0): boolean {
    const x = this.peek(o);
    return !!x && x.k !== 'str' && x.t === t;
  }
  private eat(t: string): boolean {
    if (this.is(t)) {
      this.i++;
      return true;
    }
    return false;
  }
  private expect(t: string): void {
    if (!this.eat(t)) throw new BadExpr();
  }

  /** The whole slice as one expression, or `bad`. */
  static parse(toks: readonly Tok[], from = 0, to = toks.length): Node {
    const p = new ExprParser(toks, from, to);
    try {
      const e = p.expr();
      return p.atEnd() ? e : { n: 'bad' };
    } catch (e) {
      if (e instanceof BadExpr) return { n: 'bad' };
      throw e;
    }
  }

  /** A template argument written between `a` and `b` (inside `<…>`, where `>` closes). */
  static parseArg(toks: readonly Tok[], from: number, to: number): Node {
    const p = new ExprParser(toks, from, to);
    p.inArgs = 1;
    try {
      const e = p.typeOrExpr();
      return p.atEnd() ? e : { n: 'bad' };
    } catch (e) {
      if (e instanceof BadExpr) return { n: 'bad' };
      throw e;
    }
  }

  expr(): Node {
    const c = this.binary(0);
    if (this.eat('?')) {
      const a = this.expr();
      this.expect(':');
      const b = this.expr();
      return { n: 'cond', c, a, b };
    }
    return c;
  }

  private binaryOp(): string | undefined {
    const t = this.peek();
    if (!t || t.k !== 'p') return undefined;
    if (t.t === '>' && this.inArgs) return undefined;
    if (t.t === '>' && this.is('>', 1) && this.peek(1)!.at === t.end) return '>>';
    return PRECEDENCE[t.t] !== undefined ? t.t : undefined;
  }

  private binary(min: number): Node {
    let a = this.unary();
    for (let op = this.binaryOp(); op && PRECEDENCE[op] > min; op = this.binaryOp()) {
      this.i += op === '>>' ? 2 : 1;
      const b = this.binary(PRECEDENCE[op]);
      a = { n: 'binary', op, a, b };
    }
    return a;
  }

  private unary(): Node {
    const t = this.peek();
    if (!t) throw new BadExpr();
    if (t.k === 'p' && (t.t === '!' || t.t === '-' || t.t === '~' || t.t === '+')) {
      this.i++;
      return { n: 'unary', op: t.t, x: this.unary() };
    }
    if (t.k === 'p' && t.t === '(') {
      // a C-style cast to an integer type: `(bool)kvcacheType`, `(uint32_t)x`
      let k = 1;
      while (this.peek(k)?.k === 'id' && (TYPE_WORDS.has(this.peek(k)!.t) || CAST_TYPES.test(this.peek(k)!.t))) k++;
      const words = this.toks.slice(this.i + 1, this.i + k).map((w) => w.t);
      if (k > 1 && this.is(')', k) && (words.length === 1 || words.every((w) => TYPE_WORDS.has(w))) && this.peek(k + 1)) {
        this.i += k + 1;
        return { n: 'cast', t: { n: 'name', segs: [{ name: words.join(' ') }] }, x: this.unary() };
      }
      this.i++;
      const saved = this.inArgs;
      this.inArgs = 0;
      const e = this.expr();
      this.inArgs = saved;
      this.expect(')');
      return this.postfix(e);
    }
    return this.postfix(this.primary());
  }

  private primary(): Node {
    const t = this.peek();
    // (the text may end inside an expression: a header cut off after `typename`)
    if (!t) throw new BadExpr();
    if (t.k === 'num') {
      this.i++;
      return numberNode(t.t);
    }
    if (t.k === 'str') {
      this.i++;
      let v = t.t.slice(1, -1);
      while (this.peek()?.k === 'str') v += this.toks[this.i++].t.slice(1, -1);
      return { n: 'str', v };
    }
    if (t.k === 'id') {
      if (t.t === 'sizeof') {
        this.i++;
        this.expect('(');
        const x = this.typeOrExpr();
        this.expect(')');
        return { n: 'sizeof', x };
      }
      if (t.t === 'static_cast' || t.t === 'reinterpret_cast') {
        this.i++;
        this.expect('<');
        this.inArgs++;
        const ty = this.typeOrExpr();
        this.inArgs--;
        this.expect('>');
        this.expect('(');
        const x = this.expr();
        this.expect(')');
        return { n: 'cast', t: ty, x };
      }
      if (t.t === 'decltype') {
        this.i++;
        this.expect('(');
        const saved = this.inArgs;
        this.inArgs = 0;
        const x = this.expr();
        this.inArgs = saved;
        this.expect(')');
        return this.qualifiedAfter({ n: 'decltype', x });
      }
      if (t.t === 'typename' || t.t === 'class' || t.t === 'struct') {
        this.i++;
        return this.primary();
      }
      if (t.t === 'const' || t.t === 'volatile') {
        this.i++;
        const x = this.primary();
        return { n: 'qual', x, c: t.t === 'const', ptr: false };
      }
      if (TYPE_WORDS.has(t.t)) return this.fundamental();
    }
    if ((t.k === 'id' && t.t !== 'template') || (t.k === 'p' && t.t === '::')) return this.name();
    throw new BadExpr();
  }

  /** `unsigned int`, `long long` …: one name. */
  private fundamental(): Node {
    const words: string[] = [];
    while (this.peek()?.k === 'id' && TYPE_WORDS.has(this.peek()!.t)) words.push(this.toks[this.i++].t);
    return { n: 'name', segs: [{ name: words.join(' ') }] };
  }

  private name(): Node {
    const global = this.eat('::');
    const segs: Seg[] = [];
    for (;;) {
      this.eat('template');
      const t = this.peek();
      if (!t || t.k !== 'id') throw new BadExpr();
      this.i++;
      const seg: Seg = { name: t.t };
      if (this.is('<')) {
        const args = this.tryTemplateArgs();
        if (args) seg.args = args;
      }
      segs.push(seg);
      if (!this.is('::') || this.peek(1)?.k !== 'id') break;
      this.i++;
    }
    return { n: 'name', segs, global };
  }

  /** `::member` after a decltype. */
  private qualifiedAfter(x: Node): Node {
    if (!this.is('::')) return x;
    this.i++;
    const rest = this.name() as { n: 'name'; segs: Seg[] };
    return { n: 'name', segs: [{ name: '', args: [x] }, ...rest.segs] };
  }

  /** `<args>` when they read as a template argument list followed by what may follow one; otherwise nothing is consumed. */
  private tryTemplateArgs(): Node[] | undefined {
    const start = this.i;
    const saved = this.inArgs;
    try {
      this.i++; // <
      this.inArgs = 1;
      const args: Node[] = [];
      if (!this.is('>'))
        for (;;) {
          args.push(this.typeOrExpr());
          if (this.eat(',')) continue;
          break;
        }
      this.expect('>');
      this.inArgs = saved;
      const next = this.peek();
      if (next && (next.k === 'id' || next.k === 'num')) throw new BadExpr();
      return args;
    } catch (e) {
      if (!(e instanceof BadExpr)) throw e;
      this.i = start;
      this.inArgs = saved;
      return undefined;
    }
  }

  /** A template argument, a sizeof operand: a type (with cv, `&`, `*`) or an expression; `...` after it is a pack expansion. */
  typeOrExpr(): Node {
    const saved = this.inArgs;
    let x = this.expr();
    this.inArgs = saved;
    for (;;) {
      if (this.is('&') || this.is('&&')) this.i++;
      else if (this.is('*')) {
        this.i++;
        x = { n: 'qual', x, c: false, ptr: true };
      } else if (this.is('const')) {
        this.i++;
        x = { n: 'qual', x, c: true, ptr: false };
      } else break;
    }
    if (this.eat('...')) x = { n: 'pack', x };
    return x;
  }

  private postfix(x: Node): Node {
    for (;;) {
      if (this.is('(')) {
        this.i++;
        const args = this.callArgs(')');
        x = { n: 'call', f: x, args };
      } else if (this.is('{') && x.n === 'name') {
        this.i++;
        const args = this.callArgs('}');
        x = { n: 'call', f: x, args, brace: true };
      } else if ((this.is('.') || this.is('->')) && this.peek(1)?.k === 'id') {
        this.i++;
        x = { n: 'member', x, name: this.toks[this.i++].t };
      } else if (this.is('...') && this.inArgs) {
        return x;
      } else return x;
    }
  }

  private callArgs(close: string): Node[] {
    const saved = this.inArgs;
    this.inArgs = 0;
    const args: Node[] = [];
    if (!this.eat(close)) {
      for (;;) {
        let a = this.expr();
        if (this.eat('...')) a = { n: 'pack', x: a };
        args.push(a);
        if (this.eat(',')) continue;
        this.expect(close);
        break;
      }
    }
    this.inArgs = saved;
    return args;
  }
}

class BadExpr extends Signal {}

/** A C++ integer literal: decimal, hex, octal or binary, `'` separators, suffixes. */
export function numberNode(text: string): Node {
  const m = /^(0[xX][0-9a-fA-F']+|0[bB][01']+|[0-9']+)([uUlL]*)$/.exec(text);
  if (!m) return { n: 'bad' };
  const digits = m[1].replace(/'/g, '');
  const v = /^0[0-7]+$/.test(digits) ? BigInt('0o' + digits.slice(1)) : BigInt(digits);
  return { n: 'num', v, unsigned: /u/i.test(m[2]), long: /l/i.test(m[2]) };
}

/** The name of a one-segment name node without arguments, else undefined. */
export function simpleName(x: Node): string | undefined {
  return x.n === 'name' && x.segs.length === 1 && !x.segs[0].args && !x.global ? x.segs[0].name : undefined;
}
