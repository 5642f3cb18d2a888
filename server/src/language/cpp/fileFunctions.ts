// The functions of a kernel file whose body is one `return EXPR;` of TLA, with integer parameters:
// `static CATLASS_HOST_DEVICE auto RmLayout(uint32_t rows, uint32_t cols, uint32_t ld) { return
// tla::MakeLayout(…); }` (matrix_inverse.hpp builds its tensors on one). A call of it evaluates EXPR
// with the parameters bound to the call's arguments (eval/evaluator.ts's fileFunctionCall).
import { BUILTIN_BY_NAME, INTEGER_TYPES } from '../syntax';
import type { CppClass } from './typedNames';
import type { CppExpression, CppScope, CppToken } from './scanner';

export interface FileFunctionSite extends CppScope {
  name: string;
  params: { name: string; type: string }[];
  /** Offsets of the `return`'s expression. */
  start: number;
  end: number;
}

/** Words that take `(` after them and are no function's name. */
const NOT_A_FUNCTION = new Set(['if', 'for', 'while', 'switch', 'return', 'sizeof', 'decltype', 'alignof', 'static_assert', 'catch']);

/** The token index of the `(` matching the `)` at k (-1 when none). */
function openingOf(t: readonly CppToken[], k: number): number {
  let depth = 0;
  for (let i = k; i >= 0; i--) {
    if (t[i].text === ')') depth++;
    else if (t[i].text === '(' && --depth === 0) return i;
    else if (t[i].text === '{' || t[i].text === '}' || t[i].text === ';') return -1;
  }
  return -1;
}

/** `uint32_t rows, const int64_t &ld`: each parameter's name and integer type; undefined when one is not such a parameter. */
function integerParams(t: readonly CppToken[], open: number, close: number): { name: string; type: string }[] | undefined {
  const out: { name: string; type: string }[] = [];
  let words: string[] = [];
  for (let k = open + 1; k <= close; k++) {
    const s = t[k].text;
    if (k === close || s === ',') {
      if (k === close && !words.length && !out.length) return out;
      const name = words.pop();
      const type = words.filter((w) => w !== 'const' && w !== '&').join(' ');
      if (!name || !/^[A-Za-z_]\w*$/.test(name) || !INTEGER_TYPES.includes(type)) return undefined;
      out.push({ name, type });
      words = [];
    } else if (t[k].kind === 'ident' || s === '&') words.push(s);
    else return undefined; // a default, a pointer, a template type: not read
  }
  return out;
}

/** How many times the file defines or declares a function `name` (`name(…) {`, `name(…);` after a type word). */
function definitions(t: readonly CppToken[], name: string): number {
  let n = 0;
  for (let k = 1; k + 1 < t.length; k++) {
    if (t[k].text !== name || t[k + 1].text !== '(' || t[k - 1].kind !== 'ident' || t[k - 1].text === 'return') continue;
    n++;
  }
  return n;
}

/**
 * The file's one-return TLA functions of integer parameters, each visible in the class that declares
 * it (a member, also before its definition), or from its name to the end of the file. A name the file
 * declares more than once (overloads, a declaration and a definition) or a TLA builtin's is left out.
 */
export function fileFunctions(t: readonly CppToken[], expressions: readonly CppExpression[], classes: readonly CppClass[]): FileFunctionSite[] {
  const at = new Map<number, number>();
  t.forEach((x, k) => at.set(x.start, k));
  const out: FileFunctionSite[] = [];
  for (const e of expressions) {
    if (e.boundName !== undefined) continue;
    const i = at.get(e.start);
    if (i === undefined || t[i - 1]?.text !== 'return' || t[i - 2]?.text !== '{') continue;
    let j = i;
    while (j < t.length && t[j].end < e.end) j++;
    if (t[j]?.end !== e.end || t[j + 1]?.text !== ';' || t[j + 2]?.text !== '}') continue;
    const close = t[i - 3]?.text === 'const' ? i - 4 : i - 3;
    if (t[close]?.text !== ')') continue;
    const open = openingOf(t, close);
    const nameTok = t[open - 1];
    if (open < 2 || nameTok.kind !== 'ident' || NOT_A_FUNCTION.has(nameTok.text) || t[open - 2].text !== 'auto') continue;
    if (BUILTIN_BY_NAME.has(nameTok.text) || definitions(t, nameTok.text) !== 1) continue;
    const params = integerParams(t, open, close);
    if (!params) continue;
    const cls = classes.filter((c) => c.scopeStart <= nameTok.start && nameTok.start < c.scopeEnd).sort((x, y) => y.scopeStart - x.scopeStart)[0];
    out.push({
      name: nameTok.text,
      params,
      start: e.start,
      end: e.end,
      scopeStart: cls ? cls.scopeStart : nameTok.start,
      scopeEnd: cls ? cls.scopeEnd : Infinity,
    });
  }
  return out;
}
