// The one tokenizer of the language and of the C++ around it. Its readers: the statement
// splitter (statements.ts), the fast parser (fastParser.ts), the nesting guard (below), the
// formatter (format.ts) and the C++ scanner (cppSource.ts). They differ only in what the
// options say: which operators of several characters are one token (in the language `>>`
// closes two template lists, in C++ `&&` is one operator, in the formatter `+=` is), how a
// number ends (the grammar's integer literal, or C++'s preprocessing number), whether
// comments come out as tokens, how a `#` line is read, and whether a lone `\r` ends a line.
//
// It is a cursor, for speed: `next()` moves to the next token and sets `kind`, `start`,
// `end`, `bol` and `malformed` on the lexer itself. No object is made per token; a reader
// that keeps tokens builds its own records (the fast parser and the C++ scanner do, as they
// did before). Only ASCII counts as letters; every other character is one punctuation token.
import { MAX_NESTING, limitMessages } from '../../core/limits';
import { INTEGER_TYPES } from './vocabulary';

export enum TokenKind {
  /** No more tokens. */
  End,
  /** `[A-Za-z_][A-Za-z0-9_]*` (`_16` too: a reader tells static integers apart). */
  Ident,
  Number,
  /** `"…"`. */
  String,
  /** `'…'`. */
  Char,
  Punct,
  /** Only with `comments: true`. */
  Comment,
  /** A `#` line, first on its line (only with `preprocessor`). */
  Preprocessor,
}

export interface LexerOptions {
  /** Operators of two or three characters, each read as one token. */
  operators: readonly string[];
  /**
   * How a number ends. 'integer': as the grammar's integer literal: decimal digits, or `0x`
   * and hex digits, then a suffix ull, ul, ll, u or l (any case); when a character of a name
   * follows, the token is `malformed`. 'pp': as C++'s preprocessing number: a digit, then
   * letters, digits, `_`, `.` and `'` (`1.5f`, `1'000`, `12u` are one token).
   */
  numbers: 'integer' | 'pp';
  /** Comments come out as tokens (the formatter keeps them); otherwise they are skipped. */
  comments?: boolean;
  /** A `#` first on its line: to the line's end ('line'), or also over backslash continuations ('continued', C++). Otherwise `#` is punctuation. */
  preprocessor?: 'line' | 'continued';
  /**
   * A lone `\r` ends a line (as LSP and C++ count lines). Otherwise it is a blank and only `\n`
   * ends a `//` comment, as in the ohm grammar; the `.tla` analysis turns lone `\r`s into `\n`s first.
   */
  crEndsLine?: boolean;
}

/** The language's tokens, as the ohm grammar reads characters (the fast parser, the nesting guard). */
export const TLA_LEXER: LexerOptions = { operators: ['::', '->', '==', '!='], numbers: 'integer' };

// character classes (ASCII); every other character is punctuation
const PUNCT = 0;
const ID_START = 1;
const DIGIT = 2;
const BLANK = 3;
const LF = 4;
const CR = 5;
const SLASH = 6;
const QUOTE = 7;
const HASH = 8;
const CLASS = new Uint8Array(128);
/** 1 for the characters that may continue a name: letters, digits, `_`. */
const ID_PART = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) CLASS[c] = ID_START;
  else if (c >= 48 && c <= 57) CLASS[c] = DIGIT;
  else if (c === 10) CLASS[c] = LF;
  else if (c === 13) CLASS[c] = CR;
  else if (c <= 32) CLASS[c] = BLANK;
  else if (c === 47) CLASS[c] = SLASH;
  else if (c === 34 || c === 39) CLASS[c] = QUOTE;
  else if (c === 35) CLASS[c] = HASH;
  ID_PART[c] = CLASS[c] === ID_START || CLASS[c] === DIGIT ? 1 : 0;
}
/** A character that may continue a name: letter, digit or `_` (NaN, past the end: no). */
export const isIdPart = (c: number): boolean => c < 128 && ID_PART[c] === 1;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

export class Lexer {
  text = '';
  /** The current token (after `next()`): its kind, offsets and state. */
  kind: TokenKind = TokenKind.End;
  start = 0;
  end = 0;
  /** The token is the first of its line (comments and preprocessor lines aside). */
  bol = false;
  /** An unclosed string, char or block comment (it runs to the line's or the text's end), or an integer literal followed by a name character. */
  malformed = false;
  /** A block comment was left open (it ran to the end), also when comments are skipped. */
  unclosedComment = false;

  private pos = 0;
  private limit = 0;
  private lineStart = true;
  /** pairs[c * 128 + d]: `cd` is an operator; triples[…]: the third character of an operator starting `cd` (0: none). */
  private readonly pairs = new Uint8Array(128 * 128);
  private readonly triples = new Uint8Array(128 * 128);
  private readonly pp: boolean;
  private readonly comments: boolean;
  private readonly preprocessor: 0 | 1 | 2;
  private readonly cr: boolean;

  constructor(options: LexerOptions) {
    for (const op of options.operators) {
      const key = op.charCodeAt(0) * 128 + op.charCodeAt(1);
      if (op.length === 2) this.pairs[key] = 1;
      else if (op.length === 3 && !this.triples[key]) this.triples[key] = op.charCodeAt(2);
      else throw new Error(`lexer: operator ${op} is not of 2 characters, or of 3 with a first two of its own`);
    }
    this.pp = options.numbers === 'pp';
    this.comments = !!options.comments;
    this.preprocessor = options.preprocessor === 'continued' ? 2 : options.preprocessor === 'line' ? 1 : 0;
    this.cr = !!options.crEndsLine;
  }

  /** Reads text[from, to), starting in the state `lineStart` (true at the top, or after a line end). */
  reset(text: string, from = 0, to = text.length, lineStart = true): this {
    this.text = text;
    this.pos = from;
    this.limit = to;
    this.lineStart = lineStart;
    this.kind = TokenKind.End;
    this.start = this.end = from;
    this.malformed = false;
    this.unclosedComment = false;
    return this;
  }

  /** The current token's text. */
  get value(): string {
    return this.text.slice(this.start, this.end);
  }

  /** Whether the current token is the punctuation `p`. */
  is(p: string): boolean {
    return this.kind === TokenKind.Punct && this.end - this.start === p.length && this.text.startsWith(p, this.start);
  }

  /** Moves to the next token and returns its kind (End at the end). */
  next(): TokenKind {
    const text = this.text;
    const n = this.limit;
    let i = this.pos;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32) {
        i++; // the most common character first
        continue;
      }
      switch (c < 128 ? CLASS[c] : PUNCT) {
        case BLANK:
          i++;
          continue;
        case LF:
          this.lineStart = true;
          i++;
          continue;
        case CR:
          if (this.cr) this.lineStart = true;
          i++;
          continue;
        case ID_START: {
          let j = i + 1;
          while (j < n) {
            const d = text.charCodeAt(j);
            if (d >= 128 || ID_PART[d] === 0) break;
            j++;
          }
          return this.token(TokenKind.Ident, i, j, false, true);
        }
        case DIGIT:
          return this.number(i);
        case QUOTE:
          return this.quoted(i, c);
        case SLASH: {
          const d = i + 1 < n ? text.charCodeAt(i + 1) : 0;
          if (d === 47) {
            const e = this.lineEnd(i + 2);
            if (this.comments) return this.token(TokenKind.Comment, i, e, false, false);
            i = e;
            continue;
          }
          if (d === 42) {
            const close = text.indexOf('*/', i + 2);
            const open = close < 0 || close + 2 > n;
            if (open) this.unclosedComment = true;
            const e = open ? n : close + 2;
            if (this.comments) return this.token(TokenKind.Comment, i, e, open, false);
            i = e;
            continue;
          }
          break;
        }
        case HASH:
          if (this.preprocessor && this.lineStart) return this.token(TokenKind.Preprocessor, i, this.directiveEnd(i), false, false);
          break;
      }
      // punctuation: the longest operator, else one character
      let len = 1;
      if (c < 128 && i + 1 < n) {
        const d = text.charCodeAt(i + 1);
        if (d < 128) {
          const key = c * 128 + d;
          const third = this.triples[key];
          if (third && i + 2 < n && text.charCodeAt(i + 2) === third) len = 3;
          else if (this.pairs[key]) len = 2;
        }
      }
      return this.token(TokenKind.Punct, i, i + len, false, true);
    }
    this.pos = n;
    this.kind = TokenKind.End;
    this.start = this.end = n;
    this.malformed = false;
    this.bol = this.lineStart;
    return TokenKind.End;
  }

  private token(kind: TokenKind, start: number, end: number, malformed: boolean, code: boolean): TokenKind {
    this.kind = kind;
    this.start = start;
    this.end = end;
    this.malformed = malformed;
    this.bol = this.lineStart;
    if (code) this.lineStart = false;
    this.pos = end;
    return kind;
  }

  private number(i: number): TokenKind {
    const text = this.text;
    const n = this.limit;
    let j = i + 1;
    if (this.pp) {
      for (; j < n; j++) {
        const c = text.charCodeAt(j);
        if (!isIdPart(c) && c !== 46 && c !== 39) break;
      }
      return this.token(TokenKind.Number, i, j, false, true);
    }
    const x = text.charCodeAt(i + 1);
    if (text.charCodeAt(i) === 48 && (x === 120 || x === 88) && i + 2 < n && isHex(text.charCodeAt(i + 2))) {
      j = i + 3;
      while (j < n && isHex(text.charCodeAt(j))) j++;
    } else while (j < n && isDigit(text.charCodeAt(j))) j++;
    // the suffix: ull | ul | ll | u | l, any case (the grammar's order)
    const s0 = j < n ? text.charCodeAt(j) | 32 : 0;
    if (s0 === 117 /* u */ || s0 === 108 /* l */) {
      const s1 = j + 1 < n ? text.charCodeAt(j + 1) | 32 : 0;
      if (s0 === 117) j += s1 === 108 ? (j + 2 < n && (text.charCodeAt(j + 2) | 32) === 108 ? 3 : 2) : 1;
      else j += s1 === 108 ? 2 : 1;
    }
    return this.token(TokenKind.Number, i, j, j < n && isIdPart(text.charCodeAt(j)), true);
  }

  /** A string or char literal: to its closing quote, or (malformed) to the line's end. A backslash escapes the next character. */
  private quoted(i: number, quote: number): TokenKind {
    const text = this.text;
    const n = this.limit;
    let j = i + 1;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === quote) return this.token(quote === 34 ? TokenKind.String : TokenKind.Char, i, j + 1, false, true);
      if (c === 10 || (c === 13 && this.cr)) break;
      j += c === 92 ? 2 : 1;
    }
    return this.token(quote === 34 ? TokenKind.String : TokenKind.Char, i, Math.min(j, n), true, true);
  }

  /** The offset of the line end at or after i (`\n`, or `\r` too with crEndsLine), or the limit. */
  private lineEnd(i: number): number {
    const text = this.text;
    const n = this.limit;
    if (!this.cr) {
      const e = text.indexOf('\n', i);
      return e < 0 || e > n ? n : e;
    }
    for (let j = i; j < n; j++) {
      const c = text.charCodeAt(j);
      if (c === 10 || c === 13) return j;
    }
    return n;
  }

  /** Where the `#` line at i ends: its line end, past backslash continuations in 'continued' mode. */
  private directiveEnd(i: number): number {
    const text = this.text;
    const n = this.limit;
    let e = this.lineEnd(i);
    while (this.preprocessor === 2 && e < n && text.charCodeAt(e - 1) === 92) {
      e = this.lineEnd(e + (text.charCodeAt(e) === 13 && text.charCodeAt(e + 1) === 10 ? 2 : 1));
    }
    return e;
  }
}

// ---- the nesting guard

const CASTS: ReadonlySet<string> = new Set(INTEGER_TYPES);
const guardLexer = new Lexer(TLA_LEXER);
const peekLexer = new Lexer(TLA_LEXER);

/**
 * How deep the parser would recurse on a statement's text: brackets (`(`, `[`, `{`, `<`),
 * and runs of prefix operators (`-`, `+`, casts `(int64_t)`). Read on the tokens, so
 * comments and strings do not count.
 */
export function maxNesting(text: string): { brackets: number; prefix: number } {
  const lx = guardLexer.reset(text);
  let d = 0;
  let max = 0;
  let prefixMax = 0;
  let prefixRun = 0;
  for (let k = lx.next(); k !== TokenKind.End; k = lx.next()) {
    if (k === TokenKind.Punct && lx.end - lx.start === 1) {
      const c = text.charCodeAt(lx.start);
      if (c === 45 || c === 43 || (c === 40 && isCast(text, lx.end))) {
        // '-', '+' or a cast: a run of them nests prefix operators
        prefixMax = Math.max(prefixMax, ++prefixRun);
        if (c === 40) {
          lx.next(); // the cast's type
          lx.next(); // `)`
        }
        continue;
      }
      if (c === 40 || c === 91 || c === 123 || c === 60) max = Math.max(max, ++d);
      else if (c === 41 || c === 93 || c === 125 || c === 62) d = Math.max(0, d - 1);
    }
    prefixRun = 0;
  }
  return { brackets: max, prefix: prefixMax };
}

/**
 * Whether text may nest deeper than MAX_NESTING: false when it holds no more than MAX_NESTING of the
 * characters that open a bracket or a prefix operator (`(`, `[`, `{`, `<`, `-`, `+`), so that most
 * statements need no look at their tokens.
 */
export function mayNestBeyond(text: string): boolean {
  if (text.length <= MAX_NESTING) return false;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c === 40 || c === 91 || c === 123 || c === 60 || c === 45 || c === 43) && ++n > MAX_NESTING) return true;
  }
  return false;
}

/** The first characters of the cast types: a cheap test before a look at the tokens after a `(`. */
const CAST_START = new Uint8Array(128);
for (const t of INTEGER_TYPES) CAST_START[t.charCodeAt(0)] = 1;

/** After a `(` that ends at `from`: one of the vocabulary's cast types, then `)`. */
function isCast(text: string, from: number): boolean {
  const c = text.charCodeAt(from);
  if (c < 128 && CLASS[c] !== BLANK && CLASS[c] !== LF && CLASS[c] !== SLASH && !CAST_START[c]) return false;
  const lx = peekLexer.reset(text, from, text.length, false);
  if (lx.next() !== TokenKind.Ident || !CAST_START[text.charCodeAt(lx.start)] || !CASTS.has(lx.value)) return false;
  return lx.next() === TokenKind.Punct && lx.is(')');
}

/** The limit-exceeded message for a text nested beyond MAX_NESTING, or undefined when it is within. */
export function nestingLimit(text: string): string | undefined {
  if (!mayNestBeyond(text)) return undefined;
  const deep = maxNesting(text);
  if (deep.brackets > MAX_NESTING) return limitMessages.brackets(deep.brackets);
  if (deep.prefix > MAX_NESTING) return limitMessages.prefix(deep.prefix);
  return undefined;
}
