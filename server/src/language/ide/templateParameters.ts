// A kernel's integer template parameter (`template <class ElementA, uint32_t TILE_K = 64>`) at a
// place of its declaration: a compile-time value an instantiation gives, else its default — never a
// run-time one. Read from the text: the scratchpad and the layout view say which it is.
import { INTEGER_TYPES } from '../syntax';

export interface TemplateParameter {
  /** Its integer type, as declared. */
  type: string;
  /** Its default's text, when it has one. */
  default?: string;
}

/** A default that is a number (`64`, `64u`): its value. */
export function literalDefault(p: TemplateParameter): bigint | undefined {
  return p.default !== undefined && /^\d+[uU]?$/.test(p.default) ? BigInt(p.default.replace(/[uU]$/, '')) : undefined;
}

/** A template parameter of the kernel whose declaration the offset is in (the innermost): its integer type and its default, if any. */
export function templateParameterOf(cpp: string, name: string, offset: number): TemplateParameter | undefined {
  if (!/^\w+$/.test(name)) return undefined;
  const param = new RegExp(`(?:^|,)\\s*(${INTEGER_TYPES.join('|')}|int|unsigned|bool)\\s+${name}\\s*(?:=\\s*([^,]+?))?\\s*$`);
  let found: TemplateParameter | undefined;
  for (const m of cpp.matchAll(/\btemplate\s*</g)) {
    if (m.index >= offset) break;
    const open = m.index + m[0].length - 1;
    const close = closing(cpp, open, '<', '>');
    if (close < 0 || !declarationHolds(cpp, close + 1, offset)) continue;
    const p = splitTopLevel(cpp.slice(open + 1, close))
      .map((x) => param.exec(`,${x}`))
      .find((x) => x);
    if (p) found = { type: p[1], ...(p[2] !== undefined ? { default: p[2].trim() } : {}) };
  }
  return found;
}

/** The index of the bracket closing the one at `open` (nested ones counted), or -1. */
function closing(text: string, open: number, o: string, c: string): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === o) depth++;
    else if (text[i] === c && --depth === 0) return i;
  }
  return -1;
}

/** Whether the declaration starting at `from` (a template's, ended by its `{…}` body or its `;`) holds `offset`. */
function declarationHolds(text: string, from: number, offset: number): boolean {
  const end = /[{;]/.exec(text.slice(from));
  if (!end) return false;
  const at = from + end.index;
  return text[at] === '{' ? offset < closing(text, at, '{', '}') : offset < at;
}

/** A template parameter list's parameters, split at its own commas (not those inside `<…>` or `(…)`). */
function splitTopLevel(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if ('<(['.includes(list[i])) depth++;
    else if ('>)]'.includes(list[i])) depth--;
    else if (list[i] === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out;
}
