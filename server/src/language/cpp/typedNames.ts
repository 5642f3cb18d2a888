// The names a C++ file declares with a type and no value of their own (issue 21): a data member
// `LayoutA layoutA;`, a parameter `TensorDst const &dstTensor`, a local `LayoutB layoutB;`, and the
// classes whose bodies hold data members (`struct Params { … };`). What the type is, and so what
// value the name has, is the kernel analysis's business (kernelAnalysis.ts, declaredValues.ts):
// here only where each is and where it is visible.
import { CPP_CONSTANT_TYPES } from '../syntax';

/** A C++ token as the scanner makes it (scanner.ts imports this file). */
interface Token {
  readonly kind: string;
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** The block a declaration is visible in (scanner.ts's CppScope). */
interface Scope {
  scopeStart: number;
  scopeEnd: number;
}

/** `TYPE NAME` without an initialiser: where its type's text and its name are, and where it is visible. */
export interface CppTypedName extends Scope {
  name: string;
  nameStart: number;
  nameEnd: number;
  /** Offsets of the type (`LayoutA`, `tla::Layout<…>`, `decltype(x)`), without cv-qualifiers and declarators. */
  typeStart: number;
  typeEnd: number;
  /** The type is one identifier (`Params`): it may name a class of the file. */
  simple: boolean;
  /** A non-static data member of a class (its scope is the class's body). */
  member: boolean;
  /**
   * A parameter whose type is its member function template's own parameter (`template <class
   * TensorA> auto GetTileA(TensorA &tensorA, …)`): the calls in the class's body, each with its
   * argument for this parameter (a name) and where it is; null when some call is not one this
   * reads (an argument that is not a name, explicit template arguments, another object's member).
   */
  deduced?: { calls: { arg: string; at: number }[] } | null;
}

/** `struct Params { … }`: its name and its body. */
export interface CppClass extends Scope {
  name: string;
  /**
   * Its base classes (`struct D : public Base2, B {`), as written: an unqualified name lookup in
   * the body reads their members before the scopes around the class. `name` is set only for a
   * base written as one identifier (the only kind the file may declare); `dependent`: it names a
   * template parameter (C++ reads no member of it before instantiation). Set by the scanner.
   */
  bases?: { text: string; name?: string; dependent: boolean }[];
}

/** What the scan knows of the token at k: its brackets and the scope of a declaration there. */
export interface TypedNameContext {
  readonly t: readonly Token[];
  /** The innermost `{` and `(` around each token (-1: none) and the closing bracket of each opening one. */
  readonly nest: { block: Int32Array; paren: Int32Array; closing: Map<number, number> };
  scopeOf(k: number): Scope;
  parameterScope(k: number): Scope | undefined;
}

/** Words that are no declared type (keywords and the scan's other declarations' types). */
const NOT_A_TYPE = new Set([
  'return',
  'case',
  'else',
  'do',
  'throw',
  'co_return',
  'goto',
  'operator',
  'class',
  'struct',
  'union',
  'enum',
  'typename',
  'template',
  'using',
  'namespace',
  'auto',
  'void',
  'bool',
  'new',
  'delete',
  'friend',
  'virtual',
  'extern',
  'static',
  'inline',
  'constexpr',
  'public',
  'private',
  'protected',
  'sizeof',
  'GlobalTensor',
  'LocalTensor',
  // an integer's name is a runtime integer already (scanner.ts's runtimeName)
  ...CPP_CONSTANT_TYPES,
]);

/** What may stand before a declaration's type: the start of a statement, of a member, or of a parameter. */
export const BEFORE_BLOCK_DECLARATION: ReadonlySet<string> = new Set([';', '{', '}', ':']);
const BEFORE_PARAMETER = new Set(['(', ',']);
const DECLARATOR = new Set(['&', '&&', '*', 'const', '__gm__']);

/** The index of the `<` that the `>` at i closes, or -1. */
function openingAngle(t: readonly Token[], i: number): number {
  let depth = 0;
  for (let k = i; k >= 0 && k > i - 400; k--) {
    const s = t[k].text;
    if (s === '>') depth++;
    else if (s === '<') {
      if (--depth === 0) return k;
    } else if (s === ';' || s === '{' || s === '}') return -1;
  }
  return -1;
}

/** The index of the `(` that the `)` at i closes, or -1. */
function openingParen(t: readonly Token[], i: number): number {
  let depth = 0;
  for (let k = i; k >= 0 && k > i - 400; k--) {
    const s = t[k].text;
    if (s === ')') depth++;
    else if (s === '(' && --depth === 0) return k;
  }
  return -1;
}

/** The first token of the type whose last token is k (`A::B`, `tla::Layout<…>`, `decltype(…)`), or -1. */
function typeStartAt(t: readonly Token[], k: number): number {
  if (t[k]?.text === ')') {
    const open = openingParen(t, k);
    return open > 0 && t[open - 1].text === 'decltype' ? open - 1 : -1;
  }
  if (t[k]?.text === '>') {
    k = openingAngle(t, k) - 1;
    if (k < 0) return -1;
  }
  if (t[k]?.kind !== 'ident') return -1;
  while (t[k - 1]?.text === '::' && t[k - 2]?.kind === 'ident') k -= 2;
  return k;
}

/** When the identifier at i is the name of `TYPE NAME` without an initialiser: that declaration. */
export function typedNameAt(c: TypedNameContext, i: number, classBodies: ReadonlySet<number>): CppTypedName | undefined {
  const { t, nest } = c;
  const after = t[i + 1]?.text;
  const inParens = nest.paren[i] >= 0 && nest.paren[i] > nest.block[i];
  // a data member value-initialised (`LayoutSrc layoutSrc{};`) holds what a member function finds there: as `LayoutSrc layoutSrc;`
  const emptyBraces = !inParens && after === '{' && t[i + 2]?.text === '}' && t[i + 3]?.text === ';' && classBodies.has(nest.block[i]);
  if (inParens ? after !== ',' && after !== ')' && after !== '=' : after !== ';' && !emptyBraces) return undefined;
  let k = i - 1;
  while (k >= 0 && DECLARATOR.has(t[k].text)) k--;
  const typeEnd = k;
  const start = typeStartAt(t, typeEnd);
  if (start < 0 || NOT_A_TYPE.has(t[start].text) || NOT_A_TYPE.has(t[i].text)) return undefined;
  let b = start - 1;
  while (b >= 0 && (t[b].text === 'const' || t[b].text === 'typename')) b--;
  const before = t[b]?.text;
  if (before !== undefined && !(inParens ? BEFORE_PARAMETER : BEFORE_BLOCK_DECLARATION).has(before)) return undefined;
  const block = nest.block[i];
  const member = !inParens && classBodies.has(block);
  let scope: Scope | undefined;
  if (inParens) scope = c.parameterScope(i);
  else if (member) scope = c.scopeOf(i);
  else scope = { scopeStart: t[i].start, scopeEnd: c.scopeOf(i).scopeEnd };
  if (!scope) return undefined;
  const deduced = inParens && start === typeEnd ? deducedFrom(c, i, t[start].text) : undefined;
  return {
    name: t[i].text,
    nameStart: t[i].start,
    nameEnd: t[i].end,
    typeStart: t[start].start,
    typeEnd: t[typeEnd].end,
    simple: start === typeEnd,
    member,
    ...(deduced !== undefined ? { deduced } : {}),
    ...scope,
  };
}

/** The type parameters (`class T`, `typename T`) of the `template <…>` heading the function whose parameter list opens at p, or undefined. */
function functionTemplateParameters(t: readonly Token[], p: number): Set<string> | undefined {
  for (let k = p - 2; k >= 0 && k > p - 40; k--) {
    const x = t[k].text;
    if (x === ';' || x === '{' || x === '}' || x === ')') return undefined;
    if (x !== '>') continue;
    const open = openingAngle(t, k);
    if (open < 1 || t[open - 1].text !== 'template') {
      if (open < 0) return undefined;
      k = open;
      continue;
    }
    const names = new Set<string>();
    for (let j = open + 1; j < k; j++)
      if ((t[j].text === 'class' || t[j].text === 'typename') && t[j + 1]?.kind === 'ident' && t[j + 2] && [',', '>', '='].includes(t[j + 2].text))
        names.add(t[j + 1].text);
    return names;
  }
  return undefined;
}

/** The arguments of the call whose `(` is at open: each one's first and last token. */
function callArguments(c: TypedNameContext, open: number): [number, number][] {
  const { t, nest } = c;
  const close = nest.closing.get(open);
  if (close === undefined) return [];
  const out: [number, number][] = [];
  let from = open + 1;
  let angle = 0;
  for (let k = open + 1; k <= close; k++) {
    const x = t[k].text;
    if (x === '(' || x === '[' || x === '{') k = nest.closing.get(k) ?? k;
    else if (x === '<') angle++;
    else if (x === '>' && angle > 0) angle--;
    else if ((x === ',' && angle === 0) || k === close) {
      if (k > from) out.push([from, k - 1]);
      from = k + 1;
    }
  }
  return out;
}

/**
 * For the parameter at i of a member function template, of the template's own type parameter
 * `type`: its calls in the enclosing class's body (see CppTypedName.deduced); undefined when
 * the parameter is of no such function.
 */
function deducedFrom(c: TypedNameContext, i: number, type: string): CppTypedName['deduced'] {
  const { t, nest } = c;
  const p = nest.paren[i];
  const fn = t[p - 1];
  if (fn?.kind !== 'ident' || !functionTemplateParameters(t, p)?.has(type)) return undefined;
  // which parameter: the commas before it at the list's own depth
  const index = callArguments(c, p).findIndex(([a, b]) => a <= i && i <= b);
  const body = nest.block[p];
  const close = body < 0 ? undefined : nest.closing.get(body);
  if (index < 0 || close === undefined) return null;
  const calls: { arg: string; at: number }[] = [];
  for (let k = body + 1; k < close; k++) {
    if (t[k].text !== fn.text || k === p - 1) continue;
    const prev = t[k - 1]?.text;
    const through = prev === '.' || prev === '->' || prev === '::';
    if ((through && !(prev === '->' && t[k - 2]?.text === 'this')) || t[k + 1]?.text !== '(') return null;
    const open = k + 1;
    const end = nest.closing.get(open);
    if (end !== undefined && t[end + 1]?.text === '{') return null; // another definition (an overload)
    const arg = callArguments(c, open)[index];
    if (!arg || arg[0] !== arg[1] || t[arg[0]].kind !== 'ident') return null;
    calls.push({ arg: t[arg[0]].text, at: t[k].start });
  }
  return { calls };
}

/** When `struct`/`class` at i opens a class's definition (`struct Params {`, `class X : public B<T> {`): its name and the index of its `{`. */
export function classAt(
  c: TypedNameContext,
  i: number,
): { cls: CppClass; open: number; bases: { text: string; name?: string; tokens: readonly Token[] }[] } | undefined {
  const { t, nest } = c;
  const word = t[i].text;
  if ((word !== 'struct' && word !== 'class') || t[i + 1]?.kind !== 'ident') return undefined;
  const prev = t[i - 1]?.text;
  if (prev === '<' || prev === ',' || prev === 'enum' || prev === 'friend') return undefined;
  for (let j = i + 2; j < t.length && j < i + 400; j++) {
    const x = t[j].text;
    if (x === ';' || x === '(' || x === ')' || x === '}' || x === '=') return undefined;
    if (x === '{') {
      const close = nest.closing.get(j);
      const cls: CppClass = { name: t[i + 1].text, scopeStart: t[j].start, scopeEnd: close === undefined ? Infinity : t[close].end };
      return { cls, open: j, bases: baseClause(t, i + 2, j) };
    }
  }
  return undefined;
}

/** The base-specifiers between a class's name (at `from`, after a specialisation's `<…>` and `final`) and its `{` at `open`. */
function baseClause(t: readonly Token[], from: number, open: number): { text: string; name?: string; tokens: readonly Token[] }[] {
  let k = from;
  if (t[k]?.text === '<') {
    // a specialisation's arguments: to the matching `>`
    for (let depth = 0; k < open; k++) {
      const x = t[k].text;
      if (x === '<' || x === '(') depth++;
      else if (x === '>' || x === ')') depth--;
      else if (x === '>>') depth -= 2;
      if (depth <= 0) break;
    }
    k++;
  }
  if (t[k]?.text === 'final') k++;
  if (t[k]?.text !== ':') return [];
  const out: { text: string; name?: string; tokens: readonly Token[] }[] = [];
  let part: Token[] = [];
  const push = () => {
    const words = part.filter((x) => !BASE_SPECIFIER_WORDS.has(x.text));
    if (words.length) {
      const text = words.map((x) => x.text).join(words.length > 1 ? ' ' : '');
      out.push({ text, name: words.length === 1 && words[0].kind === 'ident' ? words[0].text : undefined, tokens: words });
    }
    part = [];
  };
  for (let depth = 0, j = k + 1; j < open; j++) {
    const x = t[j].text;
    if (x === '<' || x === '(') depth++;
    else if (x === '>' || x === ')') depth--;
    else if (x === '>>') depth -= 2;
    if (x === ',' && depth === 0) push();
    else part.push(t[j]);
  }
  push();
  return out;
}

/** Words of a base-specifier that are not its type. */
const BASE_SPECIFIER_WORDS = new Set(['public', 'private', 'protected', 'virtual']);
