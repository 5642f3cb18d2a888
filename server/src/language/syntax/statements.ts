// Splits a `.tla` file into statements at `;`, respecting comments and strings,
// so each statement is parsed (and cached) on its own. The language has no
// construct with `;` inside brackets, so every `;` ends a statement: an unclosed
// bracket then stays inside its own statement instead of swallowing the file. It reads
// the text's tokens (lexer.ts): comments, strings and `#` lines are as the parser sees them.
import { DECL_QUALIFIERS, INTEGER_TYPES, LAYOUT_TYPE_FORMS, STATEMENT_KEYWORDS } from './vocabulary';
import { Lexer, LexerOptions, TLA_LEXER, TokenKind } from './lexer';

/**
 * A statement's text as the splitter cut it. It holds no offset: where it is depends on the
 * analysis (`DocumentAnalysis.startOf`), so an edit before it moves it without a new record.
 */
export interface StatementChunk {
  text: string;
  /** false when the statement ran into the next one or the end of file without `;`. */
  terminated: boolean;
  /** `#include …` and other preprocessor lines: accepted, no effect. */
  preprocessor: boolean;
}

/** A chunk where the splitter found it. */
export interface PlacedChunk extends StatementChunk {
  /** Offset of the statement's first non-blank character in the file. */
  start: number;
  /** Offset just past the statement's last character (its `;` when terminated): start + text.length. */
  end: number;
}

/** The statement splitter's tokens: the language's, with `#` lines (each one statement of its own). */
const SPLIT_LEXER: LexerOptions = { ...TLA_LEXER, preprocessor: 'line' };
const lexer = new Lexer(SPLIT_LEXER);
const peek = new Lexer(TLA_LEXER);
const STARTS = new Set(STATEMENT_KEYWORDS);
const QUALIFIERS = new Set(DECL_QUALIFIERS);
/** A declaration whose type is one of these may start a line: `Layout l = …`, `uint32_t n = …`. */
const DECLARATION_TYPES = new Set([...LAYOUT_TYPE_FORMS, ...INTEGER_TYPES]);

/**
 * Whether the tokens from `at` (the first of a line) begin a new statement even though
 * the one before lacks its `;` (the quick fix then inserts it): a statement keyword,
 * `print(`, `NAME =`, or a declaration `TYPE … NAME =` on that line with a type of
 * DECLARATION_TYPES.
 */
function startsStatement(text: string, at: number, to: number): boolean {
  const lx = peek.reset(text, at, to, true);
  if (lx.next() !== TokenKind.Ident) return false;
  const first = lx.value;
  if (STARTS.has(first)) return true;
  lx.next();
  if (first === 'print' && lx.is('(')) return true;
  if (lx.is('=')) return true;
  if (!DECLARATION_TYPES.has(first)) return false;
  // TYPE …: up to `NAME =` on this line, before any `=`, `;` or `(`
  for (let prevIdent = false; lx.kind !== TokenKind.End && !lx.bol; lx.next()) {
    if (lx.kind === TokenKind.Punct) {
      if (lx.is('=')) return prevIdent;
      if (lx.is(';') || lx.is('(') || lx.value.includes('=')) return false;
    }
    prevIdent = lx.kind === TokenKind.Ident;
  }
  return false;
}

/**
 * The statements of text[from, to). A caller re-splitting a region of an edited document
 * starts it right after a `;` (lineStart false) or at the top (lineStart true): the state
 * the whole-file scan has there.
 */
const copyOf = (s: string): string => (s.length < 13 ? s : (' ' + s).slice(1));

export function splitStatements(text: string, from = 0, to = text.length, lineStart = true): PlacedChunk[] {
  const chunks: StatementChunk[] = [];
  const starts: number[] = [];
  splitInto(text, from, to, lineStart, chunks, starts);
  return chunks.map((c, i) => ({ start: starts[i], end: starts[i] + c.text.length, ...c }));
}

/**
 * The statements of text[from, to), appended to `chunks`, where each starts to `starts` (the
 * analysis keeps the two apart: see StatementChunk).
 */
export function splitInto(text: string, from: number, to: number, lineStart: boolean, chunks: StatementChunk[], starts: number[]): void {
  let start = -1; // first token of the current statement
  let lastEnd = -1; // end of its last token

  const push = (end: number, terminated: boolean, preprocessor = false) => {
    // a copy, not a slice: a slice would keep this whole version of the document alive for
    // as long as the statement is reused by later analyses
    if (start >= 0) {
      chunks.push({ text: copyOf(text.slice(start, end)), terminated, preprocessor });
      starts.push(start);
    }
    start = -1;
    lastEnd = -1;
  };

  const lx = lexer.reset(text, from, to, lineStart);
  for (let k = lx.next(); k !== TokenKind.End; k = lx.next()) {
    if (k === TokenKind.Preprocessor) {
      // A preprocessor line closes any open statement and stands alone.
      if (start >= 0) push(lastEnd, false);
      start = lx.start;
      push(text.slice(lx.start, lx.end).trimEnd().length + lx.start, true, true);
      continue;
    }
    if (lx.bol && start >= 0 && startsStatement(text, lx.start, to)) push(lastEnd, false);
    if (start < 0) start = lx.start;
    lastEnd = lx.end;
    if (k === TokenKind.Punct && lx.end - lx.start === 1 && text.charCodeAt(lx.start) === 59 /* ; */) push(lx.end, true);
  }
  if (start >= 0) push(lastEnd, false);
}

/**
 * The name a statement declares, read from its first tokens when it does not parse:
 * `[qualifiers] [auto | TYPE[<…>]] NAME =` (so that what follows can still use NAME).
 */
export function declaredNameOf(text: string): { name: string; start: number; end: number } | undefined {
  const lx = peek.reset(text);
  let k = lx.next();
  while (k === TokenKind.Ident && QUALIFIERS.has(lx.value)) k = lx.next();
  if (k !== TokenKind.Ident) return undefined;
  let name = { name: lx.value, start: lx.start, end: lx.end };
  if (lx.next() === TokenKind.Punct && lx.is('=')) return name;
  if (name.name !== 'auto') {
    // a type: a qualified name, then its template arguments
    while (lx.is('::') && lx.next() === TokenKind.Ident) lx.next();
    if (lx.is('<')) {
      for (let depth = 0; lx.kind !== TokenKind.End; lx.next()) {
        if (lx.is('<')) depth++;
        else if (lx.is('>') && --depth === 0) break;
        else if (lx.is(';') || lx.value.includes('=')) return undefined;
      }
      lx.next();
    }
  }
  if (lx.kind !== TokenKind.Ident) return undefined;
  name = { name: lx.value, start: lx.start, end: lx.end };
  return lx.next() === TokenKind.Punct && lx.is('=') ? name : undefined;
}
