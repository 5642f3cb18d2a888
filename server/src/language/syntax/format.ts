// Normalised spacing, line by line (on the tokens of lexer.ts): line breaks, indentation and comments are kept;
// within a line, one space after commas of calls and around `=`, `==`, binary
// operators; none inside brackets, around `:` of compact literals, `::`, template
// `<…>`, or after the commas of bare tuples — `((_16,7),(_16,7))` stays as printed.

import { INTEGER_TYPES } from './vocabulary';
import { Lexer, TokenKind } from './lexer';

type Tok = { kind: TokenKind; text: string };

/** The formatter's tokens: C++ numbers (`1.5` stays one token), its compound operators, and the comments it keeps. */
const lexer = new Lexer({
  operators: ['<<=', '>>=', '::', '->', '==', '!=', '<=', '>=', '&&', '||', '+=', '-=', '*=', '/='],
  numbers: 'pp',
  comments: true,
});

/** A line's tokens, or null to leave it alone: a block comment runs on, or a control character (a lone `\r` ends a line for the analysis). */
function tokenizeLine(line: string): Tok[] | null {
  if (hasControl(line)) return null;
  const toks: Tok[] = [];
  const lx = lexer.reset(line);
  for (let k = lx.next(); k !== TokenKind.End; k = lx.next()) {
    if (k === TokenKind.Comment && lx.malformed) return null; // a block comment runs on: leave the line alone
    toks.push({ kind: k, text: k === TokenKind.Comment ? lx.value.trimEnd() : lx.value });
  }
  return toks;
}
/** A control character other than a tab: one below 32, or DEL. */
const hasControl = (line: string): boolean => {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if ((c < 32 && c !== 9) || c === 127) return true;
  }
  return false;
};

const BINARY = new Set(['+', '-', '*', '/', '%', '=', '==', '!=']);

function formatTokens(toks: Tok[]): string {
  let out = '';
  let angle = 0; // inside template <…>
  let prev: Tok | undefined;
  let prevUnary = false;
  const groups: ('call' | 'tuple')[] = [];
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k];
    let space = false;
    if (prev) {
      const p = prev.text;
      if (t.kind === TokenKind.Comment) space = true;
      else if (p === '(' || p === '[' || p === '{' || p === '::' || p === ':' || p === '#' || p === '.' || p === '->') space = false;
      else if (t.text === '.' || t.text === '->')
        space = false; // member access: t.layout(), p->x
      else if (t.text === ')' || t.text === ']' || t.text === '}' || t.text === ',' || t.text === ';' || t.text === '::' || t.text === ':')
        space = false;
      else if (p === ',') space = groups[groups.length - 1] !== 'tuple';
      else if (t.text === '(')
        space =
          prev.kind === TokenKind.Punct && BINARY.has(p)
            ? true
            : prev.kind === TokenKind.Ident && ['return', 'static_assert'].includes(p)
              ? false
              : prev.kind !== TokenKind.Ident && p !== ')' && p !== '>' && p !== '}'
                ? true
                : false;
      else if (t.text === '<') space = prev.kind !== TokenKind.Ident;
      else if (t.text === '>') space = angle === 0;
      else if (p === '<' && angle > 0) space = false;
      else if (p === '>' && angle === 0 && prev.kind === TokenKind.Punct) space = true;
      else if (t.text === '{') space = prev.kind === TokenKind.Ident && p !== 'Product' && !isTypeFormEnd(toks, k);
      else if (BINARY.has(t.text) && t.kind === TokenKind.Punct) space = true;
      else if (prev.kind === TokenKind.Punct && BINARY.has(p)) space = !prevUnary;
      else if (prev.kind === TokenKind.Punct && p === ')' && (t.kind === TokenKind.Ident || t.kind === TokenKind.Number))
        space = !isCastClose(toks, k - 1);
      else space = prev.kind !== TokenKind.Punct || p === '>' || p === ')';
      if (p === '>' && angle === 0 && (t.text === '{' || t.text === '(' || t.text === ',' || t.text === ')' || t.text === '>')) space = false;
    }
    if (t.text === '(')
      groups.push(prev && (prev.kind === TokenKind.Ident || prev.text === '>' || prev.text === '}' || prev.text === ')') ? 'call' : 'tuple');
    else if (t.text === ')') groups.pop();
    if (t.text === '<' && prev?.kind === TokenKind.Ident) angle++;
    else if (t.text === '>' && angle > 0) angle--;
    prevUnary = BINARY.has(t.text) && t.kind === TokenKind.Punct && isUnary(toks, k);
    out += (space ? ' ' : '') + t.text;
    prev = t;
  }
  return out;
}

function isUnary(toks: Tok[], k: number): boolean {
  if (toks[k].text !== '-' && toks[k].text !== '+') return false;
  const p = toks[k - 1];
  return !p || (p.kind === TokenKind.Punct && p.text !== ')' && p.text !== ']' && p.text !== '}' && p.text !== '>') || p.text === 'return';
}

/** `)` closing a C-style cast like `(int64_t)x`. */
function isCastClose(toks: Tok[], k: number): boolean {
  return toks[k - 2]?.text === '(' && INTEGER_TYPES.includes(toks[k - 1]?.text ?? '');
}

/** `Layout<…>{}`: the `{` after the closing `>` of a type form. */
function isTypeFormEnd(toks: Tok[], k: number): boolean {
  return toks[k - 1]?.text === '>';
}

/** The formatted text of a whole document. */
export function formatText(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let inBlock = false;
  let blank = 0;
  for (const raw of lines) {
    const cr = raw.endsWith('\r') ? '\r' : '';
    const line = cr ? raw.slice(0, -1) : raw;
    if (inBlock) {
      out.push(line.trimEnd() + cr);
      if (line.includes('*/')) inBlock = false;
      continue;
    }
    const indent = /^[ \t]*/.exec(line)![0];
    const body = line.slice(indent.length);
    if (!body.trim()) {
      if (++blank <= 2) out.push(cr ? '\r' : '');
      continue;
    }
    blank = 0;
    if (body.startsWith('#')) {
      out.push(indent + body.trimEnd() + cr);
      continue;
    }
    const toks = tokenizeLine(body);
    if (!toks) {
      out.push(line.trimEnd() + cr);
      const open = line.lastIndexOf('/*');
      if (open >= 0 && line.indexOf('*/', open) < 0) inBlock = true;
      continue;
    }
    out.push(indent + formatTokens(toks) + cr);
  }
  return out.join('\n');
}
