// Instantiation sites inside function templates (issue 21): a kernel's entry function often
// builds its block and kernel types from its own template parameters (`template
// <SvdQuantTilingTag TilingTag> void Run(…) { using TilingConfig = TilingTag2Config<TilingTag>; …
// using BlockMmad = …; }`), so a site there names nothing certain by itself. Its calls with
// explicit template arguments (`Run<SvdQuantTilingTag::Common>(options)`,
// `FAInferTla<half, true, false><<<…>>>(…)`) each give an instantiation: the arguments are resolved
// where the call is written (under the bindings of the function around the call, when it is a
// template too: a nesting of at most MAX_CALL_DEPTH), and become statements at the start of the
// function's body, so the site reads as any other site does. Pure functions of texts.
import { Tok, tokenizeHeader } from './cppExpr';
import { HeaderIndex } from './headerIndex';
import { headerFacts } from './headerFacts';
import { evaluateScratch } from './scratch';
import { siteScratchText } from './instanceSite';
import { Ty } from './types';
import type { Arch } from '../../core';

/** A function template's parameter as written. */
export interface FunctionParam {
  kind: 'type' | 'value' | 'template';
  name: string;
  /** A non-type parameter's type as written (`SvdQuantTilingTag`, `bool`). */
  valueType?: string;
  /** Its default as written. */
  def?: string;
  pack: boolean;
}

/** A function template (or a member function template of a class that is not a template) with a body. */
export interface FunctionTemplate {
  name: string;
  params: FunctionParam[];
  /** Offsets of the body's `{` and `}`. */
  start: number;
  end: number;
  /** 1-based line of its `template` keyword. */
  line: number;
  /** Another function template of the text has its name: a call is not told which one it calls (not resolved). */
  overloaded?: boolean;
}

/** A call with explicit template arguments (`Run<A, B>(…)`, `Kernel<half><<<…>>>(…)`) on one line. */
export interface FunctionCall {
  name: string;
  /** The template arguments as written, in order. */
  args: string[];
  /** 1-based line. */
  line: number;
  /** Offset of the name in the text. */
  at: number;
}

/** Functions nested in calls at most (a function template called from another, called from a third). */
export const MAX_CALL_DEPTH = 3;

/** The offsets at which each line starts. */
function lineOf(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function starts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

/** The index of the bracket closing the one at `i` (`(`, `[`, `{`, `<`), or `to` when not closed before it. */
function match(t: readonly Tok[], i: number, to: number): number {
  const open = t[i].t;
  const close = open === '(' ? ')' : open === '[' ? ']' : open === '{' ? '}' : '>';
  let depth = 0;
  for (let j = i; j < to; j++) {
    const x = t[j].t;
    if (t[j].k !== 'p') continue;
    if (open === '<') {
      // an angle list holds brackets of its own; it ends at a `;` or a brace (then it was a comparison)
      if (x === '(' || x === '[') {
        j = match(t, j, to);
        continue;
      }
      if (x === ';' || x === '{' || x === '}') return to;
    }
    if (x === open) depth++;
    else if (x === close && --depth === 0) return j;
  }
  return to;
}

/** The top-level comma-separated parts of tokens [from, to). */
function splitTop(t: readonly Tok[], from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  let a = from;
  for (let j = from; j < to; j++) {
    const x = t[j];
    if (x.k !== 'p') continue;
    if (x.t === '(' || x.t === '[' || x.t === '{' || x.t === '<') {
      const c = match(t, j, to);
      if (c < to) j = c;
    } else if (x.t === ',') {
      out.push([a, j]);
      a = j + 1;
    }
  }
  if (a < to) out.push([a, to]);
  return out;
}

const words = (t: readonly Tok[], a: number, b: number, text: string) => (a < b ? text.slice(t[a].at, t[b - 1].end).replace(/\s+/g, ' ') : '');

function templateParams(t: readonly Tok[], from: number, to: number, text: string): FunctionParam[] {
  return splitTop(t, from, to).map(([a, b]) => {
    let eq = b;
    for (let j = a; j < b; j++) {
      if (t[j].t === '<' || t[j].t === '(') j = Math.min(match(t, j, b), b - 1);
      else if (t[j].t === '=') {
        eq = j;
        break;
      }
    }
    const pack = t.slice(a, eq).some((x) => x.t === '...');
    const last = t[eq - 1];
    const named = last?.k === 'id' && eq - 1 > a && !['class', 'typename'].includes(last.t);
    const name = named ? last.t : '';
    const def = eq < b ? words(t, eq + 1, b, text) : undefined;
    const first = t[a].t;
    const kind = first === 'template' ? 'template' : first === 'class' || first === 'typename' ? 'type' : 'value';
    const valueType = kind === 'value' ? words(t, a, named ? eq - 1 : eq, text).replace(/\s*\.\.\.\s*/g, '') : undefined;
    return { kind, name, pack, ...(def !== undefined ? { def } : {}), ...(valueType !== undefined ? { valueType } : {}) };
  });
}

/**
 * The function templates a C++ text defines at namespace level or in a class that is not a
 * template (their bodies' offsets); a class template's members, declarations without a body and
 * operators are left out.
 */
export function functionTemplatesOf(text: string): FunctionTemplate[] {
  if (!text.includes('template')) return [];
  const t = tokenizeHeader(text).toks;
  const lines = starts(text);
  const out: FunctionTemplate[] = [];
  const level = (from: number, to: number) => {
    let i = from;
    while (i < to) {
      const x = t[i];
      if (x.t === 'namespace' || (x.t === 'extern' && t[i + 1]?.k === 'str' && t[i + 2]?.t === '{')) {
        let j = i + 1;
        while (j < to && t[j].t !== '{' && t[j].t !== ';') j++;
        if (t[j]?.t !== '{') {
          i = j + 1;
          continue;
        }
        const c = match(t, j, to);
        level(j + 1, c);
        i = c + 1;
        continue;
      }
      if (x.t === 'template' && t[i + 1]?.t === '<') {
        const c = match(t, i + 1, to);
        if (c >= to) return;
        i = templated(i, c, to);
        continue;
      }
      if ((x.t === 'struct' || x.t === 'class') && t[i - 1]?.t !== 'enum') {
        // a class that is not a template: its member function templates are found in its body
        let j = i + 1;
        while (j < to && t[j].t !== '{' && t[j].t !== ';' && t[j].t !== '(') j++;
        if (t[j]?.t === '{') {
          const c = match(t, j, to);
          level(j + 1, c);
          i = c + 1;
          continue;
        }
      }
      i = skipDeclaration(i, to);
    }
  };
  // `template <…>` at t[i], its `>` at c: a function's definition is recorded; anything else is skipped whole
  const templated = (i: number, c: number, to: number): number => {
    const params = templateParams(t, i + 2, c, text);
    const head = t[c + 1];
    if (!head || ['struct', 'class', 'union', 'using', 'template', 'friend'].includes(head.t)) return skipDeclaration(c + 1, to);
    let j = c + 1;
    for (; j < to; j++) {
      const y = t[j];
      if (y.t === '(' || y.t === '{' || y.t === ';' || y.t === '=') break;
      if (y.t === '<') j = Math.min(match(t, j, to), to - 1);
    }
    const name = t[j - 1];
    if (t[j]?.t !== '(' || name?.k !== 'id' || t[j - 2]?.t === 'operator') return skipDeclaration(c + 1, to);
    const close = match(t, j, to);
    let k = close + 1;
    while (k < to && t[k].t !== '{' && t[k].t !== ';') {
      if (t[k].t === '(' || t[k].t === '<') k = Math.min(match(t, k, to), to - 1);
      k++;
    }
    if (t[k]?.t !== '{') return k + 1;
    const end = match(t, k, to);
    if (params.every((p) => p.name))
      out.push({ name: name.t, params, start: t[k].at, end: t[end]?.end ?? text.length, line: lineOf(lines, t[i].at) });
    return end + 1;
  };
  // to the end of a declaration: its `;`, or the `}` of a function's body
  const skipDeclaration = (i: number, to: number): number => {
    for (let j = i; j < to; j++) {
      const y = t[j].t;
      if (y === ';') return j + 1;
      if (y === '(' || y === '[') j = match(t, j, to);
      else if (y === '{') {
        const c = match(t, j, to);
        // a body after `)` (or `) const`, `) override`…) ends the declaration; an initializer's braces do not
        if (t[c + 1]?.t !== ';' && t[c + 1]?.t !== ',') return c + 1;
        j = c;
      }
    }
    return to;
  };
  level(0, t.length);
  for (const f of out) if (out.some((g) => g !== f && g.name === f.name)) f.overloaded = true;
  return out;
}

// (arguments of at most 400 characters: a lazy match over lines unbounded is quadratic in a large file without `;`)
const CALL = /\b([A-Za-z_]\w*)[ \t]*<([^;{}]{0,400}?)>[ \t]*(?=\(|<<<)/g;
const NOT_CALLS = new Set(['static_cast', 'reinterpret_cast', 'const_cast', 'dynamic_cast', 'template', 'operator']);

/**
 * The calls with explicit template arguments (a superset: which function each calls is decided
 * later), their brackets balanced. Arguments over several lines (`FAInfer<⏎ half, float, …><<<…>>>(…)`)
 * are a call's only when no operator of a condition joins them (`a < b &&⏎ c > (d)`).
 */
export function callsOfText(text: string): FunctionCall[] {
  if (!text.includes('<')) return [];
  const lines = starts(text);
  const out: FunctionCall[] = [];
  CALL.lastIndex = 0;
  for (let m = CALL.exec(text); m; m = CALL.exec(text)) {
    if (NOT_CALLS.has(m[1])) continue;
    if (!balanced(m[2]) || (m[2].includes('\n') && /&&|\|\||\?|[^=!<>]=[^=]/.test(m[2]))) {
      CALL.lastIndex = m.index + m[1].length;
      continue;
    }
    const { toks } = tokenizeHeader(m[2]);
    if (toks.length === 0) continue;
    const args = splitTop(toks, 0, toks.length).map(([a, b]) => words(toks, a, b, m![2]));
    out.push({ name: m[1], args, line: lineOf(lines, m.index), at: m.index });
    CALL.lastIndex = m.index + m[1].length;
  }
  return out;
}

/** Brackets balanced: the arguments of one call (not `2>>` of `Run<Shape<Int<1>, Int<2>>>(…)`'s inner `Int<`). */
function balanced(args: string): boolean {
  let angle = 0;
  let paren = 0;
  for (const c of args) {
    if (c === '<') angle++;
    else if (c === '>' && --angle < 0) return false;
    else if (c === '(') paren++;
    else if (c === ')' && --paren < 0) return false;
  }
  return angle === 0 && paren === 0;
}

/** The innermost function template whose body holds the offset. */
export function functionAt(fns: readonly FunctionTemplate[], at: number): FunctionTemplate | undefined {
  let best: FunctionTemplate | undefined;
  for (const f of fns) if (f.start < at && at < f.end && (!best || f.start > best.start)) best = f;
  return best;
}

/** The offset of a 1-based line's start. */
export function offsetOfLine(text: string, line: number): number {
  let at = 0;
  for (let l = 1; l < line && at >= 0; l++) at = text.indexOf('\n', at) + 1 || -1;
  return Math.max(at, 0);
}

/**
 * A type or value as C++ text the resolver reads back as the same entity, or undefined (a
 * layout evaluator's value, a pack, a const type: the call is not resolved).
 */
export function spell(t: Ty): string | undefined {
  switch (t.k) {
    case 'val':
      return t.t === 'bool' ? (t.v ? 'true' : 'false') : t.v.toString();
    case 'enum':
    case 'template':
      return t.q;
    case 'class': {
      if (t.outer || t.q.includes('‹')) return undefined;
      if (!t.args.length) return t.q;
      const args = t.args.map(spell);
      return args.every((a) => a !== undefined) ? `${t.q}<${args.join(', ')}>` : undefined;
    }
    default:
      return undefined;
  }
}

/** What a call's template arguments bind in the function: one statement a parameter, or why not. */
export type CallBindings = { statements: string[]; text: string } | { why: string };

/** The headers a call's arguments are resolved over. */
export interface CallHeaders {
  index: HeaderIndex;
  root: string;
  arch: Arch;
  headerName: (file: string) => string;
  /** The include path of a file outside the root, for its own facts (`../examples/…`). */
  relative: (file: string) => string;
}

/**
 * The statements that bind a function template's parameters under one call of it: the call's
 * arguments (defaults for the ones left out) resolved in the scratch of the call's own file at
 * its line (`callerText`, already holding the bindings of the function around the call), each
 * spelled back as C++ (`using Dtype = half;`, `constexpr SvdQuantTilingTag TilingTag =
 * SvdQuantTilingTag::Common;`). An argument not resolved: the call is not (never a guess).
 */
export function callBindings(fn: FunctionTemplate, call: FunctionCall, callerFile: string, callerText: string, h: CallHeaders): CallBindings {
  if (fn.overloaded) return { why: `${fn.name} is overloaded` };
  if (call.args.length > fn.params.length && !fn.params.some((p) => p.pack))
    return { why: `${call.name} has ${fn.params.length} template parameters` };
  if (fn.params.some((p) => p.pack || p.kind === 'template')) return { why: 'a parameter pack or template template parameter' };
  const given: { p: FunctionParam; arg: string }[] = [];
  for (let i = 0; i < fn.params.length; i++) {
    const p = fn.params[i];
    const arg = call.args[i] ?? p.def;
    if (arg === undefined) return { why: `${p.name} is deduced (not written in the call)` };
    given.push({ p, arg });
  }
  let scratch: { text: string };
  try {
    scratch = siteScratchText(callerText, call.line);
  } catch {
    return { why: 'the call’s file is not read' };
  }
  // (a default may name an earlier parameter: those are bound first, in order)
  const lines = given.map(({ p, arg }, i) => (p.kind === 'type' ? `using __tla_arg${i} = ${arg};` : `constexpr auto __tla_arg${i} = ${arg};`));
  const own = h.index.has(callerFile) ? undefined : ownFacts(callerText);
  const text = `${own ? `#include "${h.relative(callerFile)}"\n` : ''}${scratch.text}${lines.join('\n')}\n`;
  const run = () => evaluateScratch(text, h.index, h.headerName, h.arch, h.root);
  let res: ReturnType<typeof evaluateScratch>;
  try {
    res = own ? h.index.withFile(callerFile, own, run) : run();
  } catch {
    return { why: 'the call’s arguments are not resolved' };
  }
  const statements: string[] = [];
  const shown: string[] = [];
  for (let i = 0; i < given.length; i++) {
    const { p } = given[i];
    const t = res.frame.bind?.get(`__tla_arg${i}`);
    const s = t && spell(t);
    if (!s) return { why: `${p.name} = ${given[i].arg} is not resolved` };
    if (p.kind === 'type' ? t.k !== 'class' : t.k !== 'val' && t.k !== 'enum') return { why: `${p.name} = ${given[i].arg} is not a ${p.kind}` };
    statements.push(p.kind === 'type' ? `using ${p.name} = ${s};` : `constexpr ${p.valueType} ${p.name} = ${s};`);
    shown.push(s);
  }
  return { statements, text: `${fn.name}<${shown.join(', ')}>` };
}

function ownFacts(text: string) {
  try {
    return headerFacts(text);
  } catch {
    return undefined;
  }
}

/**
 * The text with a function's parameter bindings at the start of its body: on the line of its
 * `{`, so every line keeps its number (the site's scratch reads the statements in order).
 */
export function withBindings(text: string, fn: FunctionTemplate, statements: readonly string[]): string {
  return `${text.slice(0, fn.start + 1)} ${statements.join(' ')} ${text.slice(fn.start + 1)}`;
}
