// Normalised spacing, line by line: line breaks, indentation and comments are kept;
// within a line, one space after commas of calls and around `=`, `==`, binary
// operators; none inside brackets, around `:` of compact literals, `::`, template
// `<…>`, or after the commas of bare tuples — `((_16,7),(_16,7))` stays as printed.

type Tok = { kind: 'word' | 'num' | 'punct' | 'comment' | 'string'; text: string };

const PUNCT3 = ['<<=', '>>='];
const PUNCT2 = ['::', '==', '!=', '<=', '>=', '&&', '||', '+=', '-=', '*=', '/='];

function tokenizeLine(line: string): Tok[] | null {
  const toks: Tok[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (line.startsWith('//', i)) {
      toks.push({ kind: 'comment', text: line.slice(i).trimEnd() });
      break;
    }
    if (line.startsWith('/*', i)) {
      const close = line.indexOf('*/', i + 2);
      if (close < 0) return null; // a block comment runs on: leave the line alone
      toks.push({ kind: 'comment', text: line.slice(i, close + 2) });
      i = close + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < line.length && line[j] !== c) j += line[j] === '\\' ? 2 : 1;
      toks.push({ kind: 'string', text: line.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    const w = /^[A-Za-z_]\w*/.exec(line.slice(i));
    if (w) {
      toks.push({ kind: 'word', text: w[0] });
      i += w[0].length;
      continue;
    }
    const n = /^(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*/.exec(line.slice(i));
    if (n) {
      toks.push({ kind: 'num', text: n[0] });
      i += n[0].length;
      continue;
    }
    const p = PUNCT3.find((x) => line.startsWith(x, i)) ?? PUNCT2.find((x) => line.startsWith(x, i)) ?? c;
    toks.push({ kind: 'punct', text: p });
    i += p.length;
  }
  return toks;
}

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
      if (t.kind === 'comment') space = true;
      else if (p === '(' || p === '[' || p === '{' || p === '::' || p === ':' || p === '#') space = false;
      else if (t.text === ')' || t.text === ']' || t.text === '}' || t.text === ',' || t.text === ';' || t.text === '::' || t.text === ':')
        space = false;
      else if (p === ',') space = groups[groups.length - 1] !== 'tuple';
      else if (t.text === '(')
        space =
          prev.kind === 'punct' && BINARY.has(p)
            ? true
            : prev.kind === 'word' && ['return', 'static_assert'].includes(p)
              ? false
              : prev.kind !== 'word' && p !== ')' && p !== '>' && p !== '}'
                ? true
                : false;
      else if (t.text === '<') space = prev.kind !== 'word';
      else if (t.text === '>') space = angle === 0;
      else if (p === '<' && angle > 0) space = false;
      else if (p === '>' && angle === 0 && prev.kind === 'punct') space = true;
      else if (t.text === '{') space = prev.kind === 'word' && p !== 'Product' && !isTypeFormEnd(toks, k);
      else if (BINARY.has(t.text) && t.kind === 'punct') space = true;
      else if (prev.kind === 'punct' && BINARY.has(p)) space = !prevUnary;
      else if (prev.kind === 'punct' && p === ')' && (t.kind === 'word' || t.kind === 'num')) space = !isCastClose(toks, k - 1);
      else space = prev.kind !== 'punct' || p === '>' || p === ')';
      if (p === '>' && angle === 0 && (t.text === '{' || t.text === '(' || t.text === ',' || t.text === ')' || t.text === '>')) space = false;
    }
    if (t.text === '(') groups.push(prev && (prev.kind === 'word' || prev.text === '>' || prev.text === '}' || prev.text === ')') ? 'call' : 'tuple');
    else if (t.text === ')') groups.pop();
    if (t.text === '<' && prev?.kind === 'word') angle++;
    else if (t.text === '>' && angle > 0) angle--;
    prevUnary = BINARY.has(t.text) && t.kind === 'punct' && isUnary(toks, k);
    out += (space ? ' ' : '') + t.text;
    prev = t;
  }
  return out;
}

function isUnary(toks: Tok[], k: number): boolean {
  if (toks[k].text !== '-' && toks[k].text !== '+') return false;
  const p = toks[k - 1];
  return !p || (p.kind === 'punct' && p.text !== ')' && p.text !== ']' && p.text !== '}' && p.text !== '>') || p.text === 'return';
}

/** `)` closing a C-style cast like `(int64_t)x`. */
function isCastClose(toks: Tok[], k: number): boolean {
  return toks[k - 2]?.text === '(' && /^(?:u?int(?:32|64)_t|size_t|int|long|unsigned)$/.test(toks[k - 1]?.text ?? '');
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
