// The site scanner of `npm run corpus`: finds the TLA sites of a C++ file by the
// definition of the real-kernels issue, independently of the server's own C++ scanner
// (server/src/language/cppSource.ts), so that the measurement checks the server rather
// than repeating it. A small tokenizer skips comments, string and character literals
// (raw strings too) and preprocessor lines; sites are then matched on tokens.
//
// A site is
//   - a call of a free function MakeLayout… (any name that starts with MakeLayout, so
//     MakeLayoutL0C, MakeLayoutFromTag, MakeLayoutInL0C…), MakeMxScaleLayout,
//     GetTileLayout, GetTile, TileView, MakeTensor, MakeTensorLike or crd2offset,
//     unqualified or qualified by `tla::` (`::tla::`, `Catlass::tla::` too), with or
//     without template arguments. Member calls (`tag.GetTileLayout(…)`, `p->GetTile(…)`)
//     and calls qualified by anything else (`LayoutTagA::MakeLayout<E>(…)`,
//     `detail::MakeLayout(…)`) are not sites (the issue's definition: "free function,
//     tla:: or unqualified"); they are counted apart as `excluded`.
//     Declarations and definitions (`CATLASS_DEVICE auto GetTile(Tensor const& t, …)`)
//     are not calls.
//   - `Layout<…>{…}` (tla:: or unqualified), brace-initialised;
//   - `using X = Layout<…>;` (tla:: or unqualified).
// Each site has the offsets of its construct, of the name to hover on (the callee, or
// `Layout`), of its end (after the closing `)`/`}`/`>`), and, when it is the whole
// right-hand side of `NAME = site;` (a declaration or an assignment) or of
// `using NAME = Layout<…>;`, the name it is assigned to.

/** @typedef {{ kind: 'ident' | 'number' | 'punct', text: string, start: number, end: number }} Token */

export const CALL_NAMES = new Set(['MakeMxScaleLayout', 'GetTileLayout', 'GetTile', 'TileView', 'MakeTensor', 'MakeTensorLike', 'crd2offset']);
export const isSiteCallee = (name) => name.startsWith('MakeLayout') || CALL_NAMES.has(name);
/** Keywords that may stand right before a call (anything else that is a word makes it a declaration). */
const BEFORE_CALL = new Set(['return', 'co_return', 'co_yield', 'throw', 'case', 'else', 'do', 'and', 'or', 'not']);
/** Multi-character operators the matcher needs whole (`>>` stays two `>`: templates close with it). */
const OPERATORS = ['<<=', '>>=', '::', '->', '==', '!=', '<=', '>=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '&&', '||', '++', '--', '<<'];

/**
 * Tokens of C++ source without comments, literals and preprocessor directives.
 * Also reports the `#include`d paths (for "uses TLA").
 * @param {string} text
 * @returns {{ tokens: Token[], includes: string[] }}
 */
export function tokenize(text) {
  /** @type {Token[]} */
  const tokens = [];
  const includes = [];
  const n = text.length;
  let i = 0;
  let lineStart = true; // only whitespace since the last newline: a `#` starts a directive
  const isIdStart = (c) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '$';
  const isDigit = (c) => c >= '0' && c <= '9';
  const isIdChar = (c) => isIdStart(c) || isDigit(c);
  const skipQuoted = (q) => {
    // i is on the opening quote
    i++;
    while (i < n && text[i] !== q && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    i++;
  };
  while (i < n) {
    const c = text[i];
    if (c === '\n') {
      lineStart = true;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
      i++;
      continue;
    }
    if (c === '\\' && text[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i += text[i] === '\\' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const e = text.indexOf('*/', i + 2);
      i = e < 0 ? n : e + 2;
      continue;
    }
    if (c === '#' && lineStart) {
      // a directive, with its continuation lines; comments inside it end it early only at a newline
      const s = i;
      while (i < n && text[i] !== '\n') {
        if (text[i] === '\\' && text[i + 1] === '\n') i += 2;
        else if (text[i] === '/' && text[i + 1] === '*') {
          const e = text.indexOf('*/', i + 2);
          i = e < 0 ? n : e + 2;
        } else if (text[i] === '/' && text[i + 1] === '/') break;
        else i++;
      }
      const m = /^#\s*include\s*[<"]([^>"]*)[>"]/.exec(text.slice(s, i));
      if (m) includes.push(m[1]);
      continue;
    }
    lineStart = false;
    if (isIdStart(c)) {
      const s = i;
      while (i < n && isIdChar(text[i])) i++;
      const word = text.slice(s, i);
      // string literal prefixes: u8"…", L'…', R"d(…)d", u8R"(…)"
      if (text[i] === '"' && /^(u8|u|U|L)?R$/.test(word)) {
        const open = text.indexOf('(', i);
        const delim = text.slice(i + 1, open);
        const close = text.indexOf(')' + delim + '"', open);
        i = close < 0 ? n : close + delim.length + 2;
        continue;
      }
      if ((text[i] === '"' || text[i] === "'") && /^(u8|u|U|L)$/.test(word)) {
        skipQuoted(text[i]);
        continue;
      }
      tokens.push({ kind: 'ident', text: word, start: s, end: i });
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(text[i + 1] ?? ''))) {
      const s = i;
      i++;
      while (i < n) {
        const d = text[i];
        if (isIdChar(d) || d === '.') i++;
        else if (d === "'" && isIdChar(text[i + 1] ?? ''))
          i++; // digit separator 1'000
        else if ((d === '+' || d === '-') && /[eEpP]/.test(text[i - 1]))
          i++; // a pp-number: 1e+5 (0x1e+2 too, as in C++)
        else break;
      }
      tokens.push({ kind: 'number', text: text.slice(s, i), start: s, end: i });
      continue;
    }
    if (c === '"' || c === "'") {
      skipQuoted(c);
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    const len = op ? op.length : 1;
    tokens.push({ kind: 'punct', text: text.slice(i, i + len), start: i, end: i + len });
    i += len;
  }
  return { tokens, includes };
}

/** True when the file uses TLA: it includes a tla/ header or mentions `tla::` in code. */
export function usesTla(scan) {
  if (scan.includes.some((p) => /(^|\/)tla\//.test(p))) return true;
  const t = scan.tokens;
  for (let k = 0; k + 1 < t.length; k++) if (t[k].text === 'tla' && t[k].kind === 'ident' && t[k + 1].text === '::') return true;
  return false;
}

const OPEN = { '(': ')', '[': ']', '{': '}' };

/** Index of the token that closes the bracket at k, or -1. */
function matchBracket(t, k) {
  const stack = [];
  for (let j = k; j < t.length; j++) {
    const x = t[j].text;
    if (t[j].kind !== 'punct') continue;
    if (OPEN[x]) stack.push(OPEN[x]);
    else if (x === ')' || x === ']' || x === '}') {
      if (stack.pop() !== x) return -1;
      if (!stack.length) return j;
    }
  }
  return -1;
}

/** Index of the `>` that closes the template argument list opened at k (a `<`), or -1. */
function matchAngle(t, k) {
  let depth = 0;
  for (let j = k; j < t.length; j++) {
    const x = t[j].text;
    if (t[j].kind !== 'punct') continue;
    if (x === '<') depth++;
    else if (x === '>') {
      depth--;
      if (!depth) return j;
    } else if (x === '(' || x === '[' || x === '{') {
      const e = matchBracket(t, j);
      if (e < 0) return -1;
      j = e;
    } else if (x === ';' || x === ')' || x === ']' || x === '}') return -1;
  }
  return -1;
}

/**
 * Where the qualification of the name at k starts, and whether it is a free name
 * (unqualified, `::`, or qualified by tla::), a member (`.`/`->`), or qualified by
 * something else.
 */
function qualification(t, k) {
  let q = k;
  let kind = 'free';
  // X::template MakeLayout<E>(…), x.template GetTile<…>(…): the keyword belongs to the qualifier
  if (t[q - 1]?.text === 'template' && ['::', '.', '->'].includes(t[q - 2]?.text)) q -= 1;
  if (t[q - 1]?.text === '::') {
    const owner = t[q - 2];
    if (owner?.kind === 'ident') {
      if (owner.text !== 'tla') kind = 'qualified';
      q -= 2;
      // walk back over outer qualifiers (::tla::, Catlass::tla::)
      while (t[q - 1]?.text === '::') q -= t[q - 2]?.kind === 'ident' ? 2 : 1;
    } else q -= 1; // ::MakeLayout
  }
  const before = t[q - 1];
  if (before && (before.text === '.' || before.text === '->')) kind = 'member';
  return { q, kind };
}

/** True when the token before the name at q makes it a declaration, not a call or an expression. */
function declares(t, q) {
  const p = t[q - 1];
  if (!p) return true; // at the very start of a file: a declaration
  if (p.kind === 'ident') return !BEFORE_CALL.has(p.text);
  if (p.text === '>') return true; // a templated return type: Layout<S, D> MakeLayout(…)
  if (p.text === ')') {
    // decltype(auto) GetTile(…)
    return t[q - 2]?.text === 'auto' && t[q - 3]?.text === '(' && t[q - 4]?.text === 'decltype';
  }
  return false;
}

/** The name a site is assigned to: `NAME = site;`, with the site the whole right-hand side. */
function assignedName(t, q, endTok) {
  if (t[q - 1]?.text !== '=' || t[endTok + 1]?.text !== ';') return undefined;
  const name = t[q - 2];
  if (name?.kind !== 'ident' || name.text === 'operator') return undefined;
  return name;
}

/**
 * The sites of a C++ file (see the top of this file), in source order.
 * @param {string} text
 */
export function scanSites(text) {
  const scan = tokenize(text);
  const t = scan.tokens;
  const sites = [];
  const excluded = [];
  for (let k = 0; k < t.length; k++) {
    const tok = t[k];
    if (tok.kind !== 'ident') continue;
    if (isSiteCallee(tok.text)) {
      let a = k + 1;
      if (t[a]?.text === '<') {
        const close = matchAngle(t, a);
        if (close < 0) continue;
        a = close + 1;
      }
      if (t[a]?.text !== '(') continue; // not a call: &MakeLayout, using tla::MakeLayout;
      const close = matchBracket(t, a);
      if (close < 0) continue;
      const { q, kind } = qualification(t, k);
      if (declares(t, q)) continue;
      if (kind !== 'free') {
        excluded.push({ construct: tok.text, why: kind, start: t[q].start, nameStart: tok.start });
        continue;
      }
      const name = assignedName(t, q, close);
      sites.push({
        construct: tok.text,
        start: t[q].start,
        end: t[close].end,
        nameStart: tok.start,
        nameEnd: tok.end,
        ...(name ? { assigned: name.text, assignedStart: name.start, assignedEnd: name.end } : {}),
      });
      continue;
    }
    if (tok.text === 'Layout' && t[k + 1]?.text === '<') {
      const close = matchAngle(t, k + 1);
      if (close < 0) continue;
      const { q, kind } = qualification(t, k);
      const after = t[close + 1];
      if (after?.text === '{') {
        if (declares(t, q)) continue; // struct Layout<…> { … }
        const brace = matchBracket(t, close + 1);
        if (brace < 0) continue;
        if (kind !== 'free') {
          excluded.push({ construct: 'Layout<…>{}', why: kind, start: t[q].start, nameStart: tok.start });
          continue;
        }
        const name = assignedName(t, q, brace);
        sites.push({
          construct: 'Layout<…>{}',
          start: t[q].start,
          end: t[brace].end,
          nameStart: tok.start,
          nameEnd: tok.end,
          ...(name ? { assigned: name.text, assignedStart: name.start, assignedEnd: name.end } : {}),
        });
      } else if (after?.text === ';' && t[q - 1]?.text === '=' && t[q - 2]?.kind === 'ident' && t[q - 3]?.text === 'using') {
        if (kind !== 'free') {
          excluded.push({ construct: 'using X = Layout<…>', why: kind, start: t[q].start, nameStart: tok.start });
          continue;
        }
        const name = t[q - 2];
        sites.push({
          construct: 'using X = Layout<…>',
          start: t[q].start,
          end: t[close].end,
          nameStart: tok.start,
          nameEnd: tok.end,
          assigned: name.text,
          assignedStart: name.start,
          assignedEnd: name.end,
        });
      }
    }
  }
  return { usesTla: usesTla(scan), sites, excluded, objects: layoutObjects(t) };
}

/** The Catlass layout classes (include/catlass/layout/) whose objects a kernel declares. */
export const LAYOUT_CLASSES = new Set(['RowMajor', 'ColumnMajor', 'zN', 'nZ', 'zZ', 'nN', 'VectorLayout', 'PaddingRowMajor', 'PaddingColumnMajor']);

/**
 * Declarations of Catlass layout objects, `layout::RowMajor tagA{m, k};` (or `(m, k)`,
 * `Catlass::layout::…`): not TLA sites (issue 21's share counts those), measured on a line of
 * their own (issue 22 asks that they show values). The name declared is the one hovered.
 */
function layoutObjects(t) {
  const out = [];
  for (let k = 2; k + 2 < t.length; k++) {
    const cls = t[k];
    if (cls.kind !== 'ident' || !LAYOUT_CLASSES.has(cls.text) || t[k - 1].text !== '::' || t[k - 2].text !== 'layout') continue;
    if (t[k - 3]?.text === '::' && t[k - 4]?.text !== 'Catlass') continue;
    const name = t[k + 1];
    const open = t[k + 2];
    if (name.kind !== 'ident' || (open.text !== '{' && open.text !== '(')) continue;
    const close = matchBracket(t, k + 2);
    if (close < 0) continue;
    out.push({ construct: cls.text, start: t[k - 2].start, end: t[close].end, nameStart: name.start, nameEnd: name.end });
  }
  return out;
}
