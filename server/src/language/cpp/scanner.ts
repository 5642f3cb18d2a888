// Finds the TLA inside C++ (Catlass kernels): integer constants, `using` aliases of
// layout types, and the outermost TLA expressions, by a bracket-aware scan of the
// tokens. Each expression's text is then parsed by the language's own grammar.
//
// Why a scanner and not a C++ parser: tree-sitter-cpp (WebAssembly, 3.6 MB) parsed a
// 5,000-line kernel file in 280 ms warm / 2 s cold plus 117 ms to query calls on our
// 2-core machine, over the 300 ms budget; the TLA we need is call syntax that a
// bracket-aware scan delimits exactly, in one linear pass.
import { BUILTIN_FUNCTIONS, CPP_CONSTANT_TYPES, LAYOUT_TYPE_FORMS } from '../syntax';
import { Lexer, TokenKind } from '../syntax';
import { layoutClassEnd, objectDeclaration, objectMemberCallEnd } from './objectDeclarations';
import { BEFORE_BLOCK_DECLARATION, CppClass, CppTypedName, classAt, typedNameAt } from './typedNames';

export interface CppToken {
  kind: 'ident' | 'number' | 'punct' | 'string';
  text: string;
  start: number;
  end: number;
  /** True when the token is the first of its line (the tokenizer's state there: a `#` would start a preprocessor line). */
  bol: boolean;
}

const TLA_INCLUDE = /^#\s*include\s*[<"](?:tla\/|catlass\/)/;

/** C++ as the scanner reads it: the operators it tells apart, preprocessing numbers, `#` lines with their continuations. */
const CPP_LEXER = new Lexer({
  operators: ['::', '->', '==', '!=', '<=', '>=', '&&', '||'],
  numbers: 'pp',
  preprocessor: 'continued',
  crEndsLine: true,
});
/** By TokenKind. */
const KIND: CppToken['kind'][] = [];
KIND[TokenKind.Ident] = 'ident';
KIND[TokenKind.Number] = 'number';
KIND[TokenKind.String] = 'string';
KIND[TokenKind.Char] = 'string';
KIND[TokenKind.Punct] = 'punct';

/** Tokens of one stretch of C++ source, and the offsets of its `#include "tla/…"` lines. */
export interface CppTokens {
  tokens: CppToken[];
  /** Start offsets of the preprocessor lines that include a tla/ or catlass/ header. */
  includes: number[];
}

/**
 * Tokenizes text from offset `from` (a token start, or 0) in the state `lineStart`, until
 * the end, or until `stop` returns true for a token (that token is not kept). Line ends
 * are `\n`, `\r\n` and a lone `\r`, as LSP counts them.
 */
export function tokenizeFrom(
  text: string,
  from: number,
  lineStart: boolean,
  out: CppTokens,
  stop?: (t: CppToken) => boolean,
): { end: number; stopped: boolean } {
  const { tokens, includes } = out;
  const lx = CPP_LEXER.reset(text, from, text.length, lineStart);
  for (let k = lx.next(); k !== TokenKind.End; k = lx.next()) {
    if (k === TokenKind.Preprocessor) {
      if (TLA_INCLUDE.test(text.slice(lx.start, Math.min(lx.end, lx.start + 200)))) includes.push(lx.start);
      continue;
    }
    const t: CppToken = { kind: KIND[k]!, text: text.slice(lx.start, lx.end), start: lx.start, end: lx.end, bol: lx.bol };
    if (stop && stop(t)) return { end: t.start, stopped: true };
    tokens.push(t);
  }
  return { end: text.length, stopped: false };
}

/** Tokens of C++ source, without comments and preprocessor lines. */
export function tokenizeCpp(text: string): { tokens: CppToken[]; includesTla: boolean; includes: number[] } {
  const out: CppTokens = { tokens: [], includes: [] };
  tokenizeFrom(text, 0, true, out);
  return { tokens: out.tokens, includesTla: out.includes.length > 0, includes: out.includes };
}

/**
 * The tokens of `text` from those of `prev` (the tokens of `prevText`): only the region the
 * edit touched is tokenized again, from the last token that starts before the first changed
 * character to the first token after the last changed one that is the same token in the
 * same state as before; the tokens after it are the previous ones, shifted (in place: the
 * previous tokens are given up). Returns how many characters were tokenized again.
 */
export function retokenize(prevText: string, prev: CppTokens, text: string): { tokens: CppTokens; tokenized: number } {
  const old = prev.tokens;
  const min = Math.min(prevText.length, text.length);
  let p = 0;
  while (p < min && prevText.charCodeAt(p) === text.charCodeAt(p)) p++;
  if (p === prevText.length && p === text.length) return { tokens: prev, tokenized: 0 };
  let q = 0;
  while (q < min - p && prevText.charCodeAt(prevText.length - 1 - q) === text.charCodeAt(text.length - 1 - q)) q++;
  const delta = text.length - prevText.length;
  const newEditEnd = text.length - q;
  // the last token starting before p (binary search); restart there, in its state
  let lo = 0;
  let hi = old.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (old[mid].start < p) lo = mid + 1;
    else hi = mid;
  }
  const k = lo - 1; // old[k].start < p, or k = -1
  // a preprocessor line or comment between the tokens k-1 and k is before k: unchanged
  const from = k >= 0 ? old[k].start : 0;
  const lineStart = k >= 0 ? old[k].bol : true;
  // the new tokens of the region go to a small array; the old array is then spliced in place
  const region: CppTokens = { tokens: [], includes: prev.includes.filter((o) => o < from) };
  const first = Math.max(0, k);
  // the old tokens after the edit, by start: a pointer that follows the new tokens
  let j = first;
  let resync = -1;
  const r = tokenizeFrom(text, from, lineStart, region, (t) => {
    if (t.start < newEditEnd) return false;
    const oldStart = t.start - delta;
    while (j < old.length && old[j].start < oldStart) j++;
    const o = old[j];
    if (o && o.start === oldStart && o.bol === t.bol && o.text === t.text && o.end === t.end - delta) {
      resync = j;
      return true;
    }
    return false;
  });
  const resumed = r.stopped && resync >= 0;
  const resumeOld = resumed ? old[resync].start : Infinity;
  if (resumed) {
    for (let i = resync; i < old.length; i++) {
      const t = old[i];
      t.start += delta;
      t.end += delta;
    }
  }
  // old[first, resync) (or to the end) is replaced by the region's tokens
  const cut = (resumed ? resync : old.length) - first;
  let tokens = old;
  if (region.tokens.length === cut) for (let i = 0; i < cut; i++) old[first + i] = region.tokens[i];
  else if (region.tokens.length < 10_000) old.splice(first, cut, ...region.tokens);
  else tokens = old.slice(0, first).concat(region.tokens, old.slice(first + cut)); // too many to pass as arguments
  const out: CppTokens = { tokens, includes: region.includes };
  for (const o of prev.includes) if (o >= resumeOld) out.includes.push(o + delta);
  return { tokens: out, tokenized: r.end - from };
}

/** The block a declaration is visible in: offsets of its `{` and `}` (the whole file: 0 and Infinity). */
export type { CppClass, CppTypedName } from './typedNames';

export interface CppScope {
  scopeStart: number;
  scopeEnd: number;
}

export interface CppConstant extends CppScope {
  name: string;
  /** Offsets of the initialiser expression. */
  start: number;
  end: number;
  nameStart: number;
  nameEnd: number;
}

export interface CppAlias extends CppScope {
  name: string;
  /** Offsets of the aliased type (`Layout<…>`, `half`, `layout::RowMajor`, `tla::Shape<…>`). */
  start: number;
  end: number;
  nameStart: number;
  nameEnd: number;
  /** An alias of a TLA type (`Layout<…>`, `Shape<…>`): bound to its value; others to the type they name. */
  layoutType: boolean;
}

/** `AscendC::GlobalTensor<E> gmA` (a member, a parameter, a local): a buffer the tensors are made on. */
export interface CppBuffer extends CppScope {
  name: string;
  /** `LocalTensor<E> bufs[N]`: an array of buffers (`bufs[i]` is one of them, not a view i elements on). */
  isArray: boolean;
  /** Offsets of the type (`AscendC::GlobalTensor<half>`). */
  start: number;
  end: number;
  nameStart: number;
  nameEnd: number;
}

/** `using namespace Catlass;`: read by what follows in its block (unqualified MakeCoord). */
export interface CppUsing extends CppScope {
  namespace: string;
  start: number;
  end: number;
}

/** `namespace Catlass::Gemm::Block { … }`: its body, and the namespace's full name (enclosing blocks' too), outermost first. */
export interface CppNamespace extends CppScope {
  path: string[];
}

/** `using tla::MakeCoord;`: the name it declares in its block (from its place on), and the namespace it is taken from. */
export interface CppUsingDeclaration extends CppScope {
  namespace: string;
  name: string;
  start: number;
  end: number;
  /** Its block is a namespace's body (that namespace's full name) or the file's (''): it adds to that namespace's names; undefined in any other block. */
  inNamespace: string | undefined;
}

/**
 * A name whose value the file does not determine where it is visible, so that it hides a name of
 * the same spelling from outside (a wrong number otherwise): a template parameter (`uint32_t
 * TILE_K = 64` — an instantiation may pass another value; `class ElementA`), a function parameter
 * (`uint32_t m`), a runtime local (`uint32_t kIdx = …`).
 */
export interface CppUnknownName extends CppScope {
  name: string;
  start: number;
  end: number;
}

export interface CppExpression extends CppScope {
  start: number;
  end: number;
  /** Set when the expression initialises `auto NAME = …` (a layout variable). */
  boundName?: string;
  nameStart?: number;
  nameEnd?: number;
  /** A non-static data member's default initialiser (`layout::RowMajor tagB{16, 32};` in a class body): it only seeds construction. */
  dataMember?: true;
}

/** `if constexpr (COND) THEN [else ELSE]`: the whole statement, its condition's text and its two branches. */
export interface ConstexprIf {
  start: number;
  end: number;
  cond: { start: number; end: number };
  then: { start: number; end: number };
  else?: { start: number; end: number };
}

export interface CppScan {
  includesTla: boolean;
  mentionsTla: boolean;
  constants: CppConstant[];
  aliases: CppAlias[];
  buffers: CppBuffer[];
  usings: CppUsing[];
  unknownNames: CppUnknownName[];
  expressions: CppExpression[];
  /** The namespace blocks and the using-declarations: what C++'s name lookup reads (cpp/nameLookup.ts). */
  namespaces: CppNamespace[];
  usingDeclarations: CppUsingDeclaration[];
  /** Names declared with a type and no initialiser (`LayoutA layoutA;`, `TensorDst const &dst`), and the classes of the file (typedNames.ts). */
  typedNames: CppTypedName[];
  classes: CppClass[];
  /** The `if constexpr (…) … [else …]` statements: a branch there may be discarded by the instantiation, so nothing in them is certain. */
  constexprIfs: ConstexprIf[];
}

/** The types of the integer constants it reads (`constexpr uint32_t N = …`, `constexpr auto N = …`). */
const INT_TYPES = new Set([...CPP_CONSTANT_TYPES, 'auto']);
/** The types of a runtime integer local that hides an outer constant (not `auto`: that may be TLA). */
const RUNTIME_INT_TYPES = new Set(CPP_CONSTANT_TYPES);
/** The calls that start a TLA expression: the vocabulary's functions marked inCpp. */
const TLA_CALLS: ReadonlySet<string> = new Set(BUILTIN_FUNCTIONS.filter((f) => f.inCpp).map((f) => f.name));
/** Words before `NAME = EXPR` that are not a declared type. */
const NOT_A_TYPE = new Set(['return', 'case', 'else', 'do', 'throw', 'co_return', 'goto', 'operator']);
const TLA_TYPES = new Set(LAYOUT_TYPE_FORMS);
const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);

/** Index of the token closing the bracket opened at `i` (or tokens.length). */
function matchBracket(t: CppToken[], i: number): number {
  let depth = 0;
  for (let k = i; k < t.length; k++) {
    if (OPEN.has(t[k].text)) depth++;
    else if (CLOSE.has(t[k].text) && --depth === 0) return k;
    else if (t[k].text === ';' && depth <= 1 && t[i].text !== '{') return k - 1;
  }
  return t.length - 1;
}

/** Index of the `>` closing template arguments opened at `i` (a `<`), or -1 when it is not one. */
function matchAngle(t: CppToken[], i: number): number {
  let depth = 0;
  for (let k = i; k < t.length && k < i + 400; k++) {
    const s = t[k].text;
    if (s === '<') depth++;
    else if (s === '>') {
      if (--depth === 0) return k;
    } else if (s === ';' || s === '{' || s === '}' || s === '&&' || s === '||') return -1;
    else if (s === '(') k = matchBracket(t, k);
  }
  return -1;
}

/** From token i (an identifier), skip a qualified name `a::b::c`; returns the index after it. */
function skipQualified(t: CppToken[], i: number): number {
  let k = i;
  for (;;) {
    if (t[k + 1]?.text !== '::' || t[k + 2]?.kind !== 'ident') break;
    // `LayoutA::template MakeLayout<E>(…)`: the disambiguator of a dependent member template
    if (t[k + 2].text === 'template' && t[k + 3]?.kind === 'ident') k++;
    k += 2;
  }
  return k + 1;
}

/** The end (token index, inclusive) of a TLA expression starting at identifier i, or -1. */
function expressionEnd(t: CppToken[], i: number, aliases: Set<string>, layoutVars: Set<string>): number {
  const after = skipQualified(t, i);
  const name = t[after - 1].text;
  let k = after;
  if (TLA_CALLS.has(name) || TLA_TYPES.has(name) || aliases.has(name)) {
    if (t[k]?.text === '<') {
      const close = matchAngle(t, k);
      if (close < 0) return -1;
      k = close + 1;
    }
    if (TLA_CALLS.has(name)) {
      if (t[k]?.text !== '(') return -1;
      k = matchBracket(t, k);
    } else {
      // a type form: Layout<…>{} or Alias{}
      if (t[k]?.text !== '{' || t[k + 1]?.text !== '}') return -1;
      if (!aliases.has(name) && name !== 'Layout' && t[after]?.text !== '<') return -1;
      k = k + 1;
    }
  } else if (layoutVars.has(name) && t[k]?.text === '(' && after === i + 1) {
    k = matchBracket(t, k);
  } else return -1;
  // a layout result called with a coordinate: GetTileLayout(…)(MakeCoord(…))
  while (t[k + 1]?.text === '(') k = matchBracket(t, k + 1);
  return k;
}

export function scanCpp(text: string): CppScan {
  const { tokens, includesTla } = tokenizeCpp(text);
  return scanTokens(tokens, includesTla);
}

/** The tokens before a `{` that opens a block of code (a function's or a statement's body), not a class's or a namespace's. */
const CODE_BLOCK_AFTER = new Set([')', 'else', 'do', 'try', '{', ';', '}', 'const', 'override', 'noexcept', 'mutable', 'final', ']']);

/** The operators of a compound assignment (`+=` is `+` then `=` in the scanner's tokens). */
const COMPOUND_OPS = new Set(['+', '-', '*', '/', '%', '&', '|', '^']);

/** The constants, aliases and TLA expressions of a file's tokens. */
const FILE_SCOPE: CppScope = { scopeStart: 0, scopeEnd: Infinity };

/**
 * Where each token sits: its innermost enclosing `{` block and `(`, and where each of those
 * closes (token indices; -1 for none). A declaration is visible in its block (C++ scoping:
 * nothing leaks from another function); a parameter in the function body that follows.
 */
function nesting(t: CppToken[]) {
  const block = new Int32Array(t.length).fill(-1);
  const paren = new Int32Array(t.length).fill(-1);
  const closing = new Map<number, number>();
  const blocks: { at: number; parens: number }[] = [];
  const parens: number[] = [];
  for (let k = 0; k < t.length; k++) {
    block[k] = blocks.length ? blocks[blocks.length - 1].at : -1;
    paren[k] = parens.length ? parens[parens.length - 1] : -1;
    const x = t[k].text;
    if (t[k].kind !== 'punct') continue;
    if (x === '{') blocks.push({ at: k, parens: parens.length });
    else if (x === '}') {
      const b = blocks.pop();
      if (b) {
        closing.set(b.at, k);
        parens.length = Math.min(parens.length, b.parens); // parentheses left open inside the block end with it
      }
    } else if (x === '(') parens.push(k);
    else if (x === ')') {
      const p = parens.pop();
      if (p !== undefined) closing.set(p, k);
    }
  }
  return { block, paren, closing };
}

export function scanTokens(t: CppToken[], includesTla: boolean): CppScan {
  return new TokenScan(t, includesTla).run();
}

/** The words that start a declaration reader, by the readers they start: every other identifier goes to the general readers only. */
const enum Starts {
  Tla,
  Namespace,
  Class,
  Using,
  Typedef,
  Buffer,
  Constant,
  If,
  Template,
}
const STARTS = new Map<string, Starts>([
  ['tla', Starts.Tla],
  ['namespace', Starts.Namespace],
  ['struct', Starts.Class],
  ['class', Starts.Class],
  ['using', Starts.Using],
  ['typedef', Starts.Typedef],
  ['GlobalTensor', Starts.Buffer],
  ['LocalTensor', Starts.Buffer],
  ['constexpr', Starts.Constant],
  ['const', Starts.Constant],
  ['if', Starts.If],
  ['template', Starts.Template],
]);

/** The scan of one file's tokens: what TLA it declares and uses, in source order. */
export class TokenScan {
  readonly constants: CppConstant[] = [];
  readonly aliases: CppAlias[] = [];
  readonly buffers: CppBuffer[] = [];
  readonly usings: CppUsing[] = [];
  readonly unknownNames: CppUnknownName[] = [];
  readonly expressions: CppExpression[] = [];
  readonly namespaces: CppNamespace[] = [];
  /** Names assigned after their declaration, where their earlier value may not hold (see assignment). */
  private readonly assigned: CppUnknownName[] = [];
  /** `auto NAME = BUF[i];` / `auto NAME = BUF;`: a buffer's alias when BUF is a buffer where it stands (known after the scan). */
  private readonly aliasCandidates: { alias: CppExpression; unknown: CppUnknownName; buffer: string }[] = [];
  readonly usingDeclarations: CppUsingDeclaration[] = [];
  readonly typedNames: CppTypedName[] = [];
  readonly constexprIfs: ConstexprIf[] = [];
  readonly classes: CppClass[] = [];
  /** The `{` of each class body. */
  private readonly classBodies = new Set<number>();
  readonly aliasNames = new Set<string>();
  readonly layoutVars = new Set<string>();
  /** Aliases of a layout class (`using LayoutTagA = layout::RowMajor;`, or of another such alias): `LayoutTagA tagA{m, k};` declares an object. */
  readonly classAliases = new Set<string>();
  mentionsTla: boolean;
  readonly nest: ReturnType<typeof nesting>;

  constructor(
    readonly t: CppToken[],
    readonly includesTla: boolean,
  ) {
    this.mentionsTla = includesTla;
    this.nest = nesting(t);
  }

  run(): CppScan {
    const t = this.t;
    for (let i = 0; i < t.length; i++) {
      const tok = t[i];
      if (tok.kind !== 'ident') continue;
      // each declaration reader starts at one or two words: the word says which to ask
      const starts = STARTS.get(tok.text);
      if (starts !== undefined) {
        let next: number | undefined;
        switch (starts) {
          case Starts.Tla:
            if (t[i + 1]?.text === '::' || t[i - 1]?.text === 'namespace') this.mentionsTla = true;
            break;
          case Starts.Namespace:
            this.namespaceBlock(i);
            break;
          case Starts.Class:
            this.classHead(i);
            break;
          case Starts.Using:
            next = this.usingNamespace(i) ?? this.usingDeclaration(i) ?? this.alias(i);
            break;
          case Starts.Typedef:
            next = this.alias(i);
            break;
          case Starts.Buffer:
            next = this.buffer(i);
            break;
          case Starts.Constant:
            next = this.constant(i);
            break;
          case Starts.If:
            if (t[i + 1]?.text === 'constexpr') this.constexprIf(i);
            break;
          case Starts.Template:
            this.templateParameters(i);
            break;
        }
        if (next !== undefined) {
          i = next;
          continue;
        }
      }
      this.runtimeName(i);
      const typed = typedNameAt(this, i, this.classBodies);
      if (typed) this.typedNames.push(typed);
      this.assignment(i);
      i = this.expression(i);
    }
    return this.result();
  }

  /** What the scan found, once every token is read. */
  private result(): CppScan {
    // an alias of a buffer (a member may be declared after the function that reads it): that buffer, else unknown
    for (const c of this.aliasCandidates) {
      const at = c.alias.start;
      if (this.buffers.some((b) => b.name === c.buffer && b.scopeStart <= at && at < b.scopeEnd)) this.expressions.push(c.alias);
      else this.unknownNames.push(c.unknown);
    }
    // a buffer assigned (`l0CTensor = resource.l0CBuf.GetBufferByByte<E>(0);`) is still a buffer of its type: what the analysis knows of it
    const bufferNames = new Set(this.buffers.map((b) => b.name));
    for (const a of this.assigned) if (!bufferNames.has(a.name)) this.unknownNames.push(a);
    const { includesTla, mentionsTla, constants, aliases, buffers, usings, unknownNames, expressions, namespaces, usingDeclarations } = this;
    const { typedNames, classes, constexprIfs } = this;
    return {
      includesTla,
      mentionsTla,
      constants,
      aliases,
      buffers,
      usings,
      unknownNames,
      expressions,
      namespaces,
      usingDeclarations,
      typedNames,
      classes,
      constexprIfs,
    };
  }

  /** `if constexpr (…) STATEMENT [else STATEMENT]` from `if` to the end of its last branch (a block or up to its `;`). */
  private constexprIf(i: number): void {
    const { t, nest } = this;
    let k = i + 2;
    if (t[k]?.text !== '(') return;
    const paren = k;
    k = nest.closing.get(k) ?? matchBracket(t, k);
    const cond = { start: t[paren].end, end: t[k]?.start ?? t[paren].end };
    let end = k;
    let thenEnd: number | undefined;
    let elseAt: number | undefined;
    for (;;) {
      const open = end + 1;
      if (t[open]?.text === '{') end = nest.closing.get(open) ?? matchBracket(t, open);
      else {
        end = open;
        while (end < t.length && t[end].text !== ';')
          end = t[end].text === '(' || t[end].text === '{' ? (nest.closing.get(end) ?? matchBracket(t, end)) + 1 : end + 1;
      }
      thenEnd ??= end;
      if (t[end + 1]?.text !== 'else') break;
      end++;
      elseAt ??= end;
      // `else if (…)`: past its condition to its statement
      if (t[end + 1]?.text === 'if') {
        end += 2;
        if (t[end]?.text === 'constexpr') end++;
        if (t[end]?.text !== '(') break;
        end = nest.closing.get(end) ?? matchBracket(t, end);
      }
    }
    if (end >= t.length) end = t.length - 1;
    const last = (x: number) => t[Math.min(x, t.length - 1)].end;
    this.constexprIfs.push({
      start: t[i].start,
      end: t[end].end,
      cond,
      then: { start: t[k + 1]?.start ?? t[k].end, end: last(thenEnd ?? end) },
      ...(elseAt !== undefined ? { else: { start: t[elseAt].end, end: t[end].end } } : {}),
    });
  }

  /** `struct Params {`: a class whose body's declarations are data members. Consumes nothing. */
  private classHead(i: number): void {
    const c = classAt(this, i);
    if (!c) return;
    // a base naming a template parameter visible here (the class's or an enclosing template's) is dependent
    if (c.bases.length) {
      const at = this.t[i].start;
      const params = new Set(this.unknownNames.filter((u) => u.scopeStart <= at && at < u.scopeEnd).map((u) => u.name));
      c.cls.bases = c.bases.map((b) => ({
        text: b.text,
        ...(b.name !== undefined ? { name: b.name } : {}),
        dependent: b.tokens.some((x) => x.kind === 'ident' && params.has(x.text)),
      }));
    }
    this.classes.push(c.cls);
    this.classBodies.add(c.open);
  }

  /** The qualified name from token k (`A::B::C`): its parts and its last token, or undefined. */
  private qualifiedAt(k: number): { parts: string[]; last: number } | undefined {
    const { t } = this;
    if (t[k]?.kind !== 'ident') return undefined;
    const parts = [t[k].text];
    while (t[k + 1]?.text === '::' && t[k + 2]?.kind === 'ident') {
      parts.push(t[k + 2].text);
      k += 2;
    }
    return { parts, last: k };
  }

  /** The namespace block whose body holds token k, innermost (blocks are recorded in source order). */
  private namespaceAround(k: number): CppNamespace | undefined {
    const at = this.t[k].start;
    for (let j = this.namespaces.length - 1; j >= 0; j--) {
      const n = this.namespaces[j];
      if (n.scopeStart <= at && at < n.scopeEnd) return n;
    }
    return undefined;
  }

  /** `namespace A::B {` (not `using namespace`, not `namespace X = Y;`): its body and full name. Consumes nothing. */
  private namespaceBlock(i: number): void {
    const { t } = this;
    if (t[i].text !== 'namespace' || t[i - 1]?.text === 'using') return;
    const q = this.qualifiedAt(i + 1);
    const open = q ? q.last + 1 : i + 1; // (an anonymous namespace: no name of its own)
    if (t[open]?.text !== '{') return;
    const outer = this.namespaceAround(i);
    const close = this.nest.closing.get(open);
    this.namespaces.push({
      path: [...(outer?.path ?? []), ...(q?.parts ?? ['(anonymous)'])],
      scopeStart: t[open].start,
      scopeEnd: close === undefined ? Infinity : t[close].end,
    });
  }

  /**
   * True when the declaration whose type ends at token i stands directly in a class body (as a
   * typed name's `member`) and is not `static`: a data member, whose initialiser a constructor or
   * any member function may replace before another member function reads it.
   */
  private isDataMember(i: number): boolean {
    if (!this.classBodies.has(this.nest.block[i])) return false;
    const { t } = this;
    for (let k = i - 1; k >= 0 && !BEFORE_BLOCK_DECLARATION.has(t[k].text); k--) if (t[k].text === 'static') return false;
    return true;
  }

  /** `using tla::MakeCoord;` (`using ::Catlass::MakeCoord;`): visible from its end to its block's. */
  private usingDeclaration(i: number): number | undefined {
    const { t } = this;
    if (t[i].text !== 'using' || t[i + 1]?.text === 'namespace') return undefined;
    const from = t[i + 1]?.text === '::' ? i + 2 : i + 1;
    const q = this.qualifiedAt(from);
    if (!q || q.parts.length < 2 || t[q.last + 1]?.text !== ';') return undefined;
    const scope = this.scopeOf(i);
    const b = this.nest.block[i];
    const around = this.namespaceAround(i);
    this.usingDeclarations.push({
      namespace: q.parts.slice(0, -1).join('::'),
      name: q.parts[q.parts.length - 1],
      start: t[i].start,
      end: t[q.last + 1].end,
      scopeStart: t[q.last + 1].end,
      scopeEnd: scope.scopeEnd,
      inNamespace: b < 0 ? '' : around && around.scopeStart === t[b].start ? around.path.join('::') : undefined,
    });
    return q.last + 1;
  }

  private blockScope(b: number): CppScope {
    if (b < 0) return FILE_SCOPE;
    const c = this.nest.closing.get(b);
    return { scopeStart: this.t[b].start, scopeEnd: c === undefined ? Infinity : this.t[c].end };
  }

  scopeOf(k: number): CppScope {
    const { t, nest } = this;
    let b = nest.block[k];
    // an unnamed namespace's or an `extern "C"` block's names are its enclosing scope's (C++ [namespace.unnamed])
    while (b >= 0 && ((t[b - 1]?.text === 'namespace' && t[b - 2]?.text !== 'using') || (t[b - 1]?.kind === 'string' && t[b - 2]?.text === 'extern')))
      b = nest.block[b];
    return this.blockScope(b);
  }

  /** A declaration inside `( … )`: a parameter, visible in the function body after `)`, or undefined (a call's argument). */
  parameterScope(k: number): CppScope | undefined {
    const { t, nest } = this;
    const p = nest.paren[k];
    const q = nest.closing.get(p);
    if (q === undefined) return undefined;
    for (let j = q + 1; j < t.length && j < q + 200; j++) {
      const x = t[j].text;
      if (x === '{' && t[j].kind === 'punct') {
        const c = nest.closing.get(j);
        return { scopeStart: t[p].start, scopeEnd: c === undefined ? Infinity : t[c].end };
      }
      if (x === ';' || x === '}') return undefined;
      if (x === '(') j = nest.closing.get(j) ?? j; // a constructor's initializer list: a(b), c(d)
    }
    return undefined;
  }

  /**
   * using namespace Catlass;  (read by what follows in its block)
   */
  private usingNamespace(i: number): number | undefined {
    const { t } = this;
    const tok = t[i];
    const { usings } = this;
    if (tok.text === 'using' && t[i + 1]?.text === 'namespace' && t[i + 2]?.kind === 'ident') {
      let k = i + 2;
      const parts = [t[k].text];
      while (t[k + 1]?.text === '::' && t[k + 2]?.kind === 'ident') {
        parts.push(t[k + 2].text);
        k += 2;
      }
      if (parts[0] === 'tla') this.mentionsTla = true;
      if (t[k + 1]?.text === ';') usings.push({ namespace: parts.join('::'), start: tok.start, end: t[k + 1].end, ...this.scopeOf(i) });
      return k;
    }
    return undefined;
  }

  /**
   * using NAME = TYPE;  typedef TYPE NAME;  (TLA types, element types, tags, …)
   */
  private alias(i: number): number | undefined {
    const { t } = this;
    const tok = t[i];
    const { nest } = this;
    const { aliases, aliasNames } = this;
    const isUsing = tok.text === 'using' && t[i + 1]?.kind === 'ident' && t[i + 2]?.text === '=';
    if (isUsing || tok.text === 'typedef') {
      const startTok = isUsing ? i + 3 : i + 1;
      let k = startTok;
      while (k < t.length && t[k].text !== ';' && t[k].text !== '{' && t[k].text !== '}') {
        if (t[k].text === '<') {
          const c = matchAngle(t, k);
          if (c < 0) break;
          k = c;
        } else if (t[k].text === '(') k = nest.closing.get(k) ?? k;
        k++;
      }
      if (k < t.length && t[k].text === ';') {
        const nameTok = isUsing ? t[i + 1] : t[k - 1];
        const typeEnd = isUsing ? k - 1 : k - 2;
        if (nameTok.kind === 'ident' && typeEnd >= startTok) {
          const typeName = t[skipQualified(t, startTok) - 1]?.text;
          const layoutType = TLA_TYPES.has(typeName) || aliasNames.has(typeName);
          aliases.push({
            name: nameTok.text,
            start: t[startTok].start,
            end: t[typeEnd].end,
            nameStart: nameTok.start,
            nameEnd: nameTok.end,
            layoutType,
            ...this.scopeOf(i),
          });
          if (layoutType) aliasNames.add(nameTok.text);
          const cls = t[startTok].kind === 'ident' ? layoutClassEnd(t, startTok) : -1;
          if (cls === typeEnd + 1 || (startTok === typeEnd && this.classAliases.has(t[startTok].text))) this.classAliases.add(nameTok.text);
        }
      }
      return k;
    }
    return undefined;
  }

  /**
   * AscendC::GlobalTensor<E> [const] [&] NAME  — a member, a local, a parameter
   */
  private buffer(i: number): number | undefined {
    const { t } = this;
    const tok = t[i];
    const { nest } = this;
    const { buffers } = this;
    if ((tok.text === 'GlobalTensor' || tok.text === 'LocalTensor') && t[i + 1]?.text === '<') {
      const close = matchAngle(t, i + 1);
      let k = close + 1;
      while (close > 0 && (t[k]?.text === 'const' || t[k]?.text === '&' || t[k]?.text === '&&' || t[k]?.text === '__gm__')) k++;
      const nameTok = t[k];
      const after = t[k + 1]?.text;
      if (
        close > 0 &&
        nameTok?.kind === 'ident' &&
        (after === ';' || after === ',' || after === ')' || after === '=' || after === '{' || after === '[')
      ) {
        const first = t[i - 1]?.text === '::' && t[i - 2]?.text === 'AscendC' ? i - 2 : i;
        const scope = nest.paren[i] >= 0 && (nest.block[i] < 0 || nest.paren[i] > nest.block[i]) ? this.parameterScope(i) : this.scopeOf(i);
        if (scope)
          buffers.push({
            name: nameTok.text,
            isArray: after === '[',
            start: t[first].start,
            end: t[close].end,
            nameStart: nameTok.start,
            nameEnd: nameTok.end,
            ...scope,
          });
        return k;
      }
    }
    return undefined;
  }

  /**
   * [static] constexpr|const INTTYPE NAME = EXPR;  (not `template <uint32_t NAME = 128>`: an
   * instantiation may pass another value, so NAME stays a symbol)
   */
  private constant(i: number): number | undefined {
    const { t } = this;
    const tok = t[i];
    const { constants, aliasNames, layoutVars } = this;
    if ((tok.text === 'constexpr' || tok.text === 'const') && t[i + 1]?.kind === 'ident') {
      let k = i + 1;
      // (`unsigned int`, `unsigned long`: the type is the word after; `unsigned` alone is the type)
      const skip = (x: string | undefined) =>
        x === 'static' || x === 'inline' || x === 'constexpr' || x === 'const' || (x === 'unsigned' && INT_TYPES.has(t[k + 1]?.text ?? ''));
      while (skip(t[k]?.text)) k++;
      if (t[k]?.text === 'std' && t[k + 1]?.text === '::') k += 2;
      if (INT_TYPES.has(t[k]?.text ?? '') && t[k + 1]?.kind === 'ident' && (t[k + 2]?.text === '=' || t[k + 2]?.text === '{')) {
        const nameTok = t[k + 1];
        const braced = t[k + 2].text === '{';
        const s = k + 3;
        let e = s;
        let depth = 0;
        for (; e < t.length; e++) {
          const x = t[e].text;
          if (OPEN.has(x)) depth++;
          else if (CLOSE.has(x)) {
            if (depth === 0) break;
            depth--;
          } else if ((x === ';' || x === ',') && depth === 0) break;
        }
        if (e > s) {
          // an initialiser that is itself a TLA layout makes a layout variable, not a constant
          const first = t[s];
          const isTla = first.kind === 'ident' && expressionEnd(t, s, aliasNames, layoutVars) >= 0;
          if (!isTla) {
            constants.push({
              name: nameTok.text,
              start: t[s].start,
              end: t[e - 1].end,
              nameStart: nameTok.start,
              nameEnd: nameTok.end,
              ...this.scopeOf(i),
            });
          }
        }
        return braced ? i : k + 1;
      }
    }
    return undefined;
  }

  /**
   * template <class E, uint32_t N = 64, …> DECLARATION: each parameter's name, visible to the
   * end of the declaration (its `{…}` body or its `;`)
   */
  private templateParameters(i: number): void {
    const { t } = this;
    const tok = t[i];
    const { nest } = this;
    const { unknownNames } = this;
    if (tok.text === 'template' && t[i + 1]?.text === '<') {
      const close = matchAngle(t, i + 1);
      if (close > 0) {
        let e = close + 1;
        while (e < t.length && !(nest.block[e] === nest.block[i] && (t[e].text === ';' || t[e].text === '{'))) e++;
        const last = t[e]?.text === '{' ? nest.closing.get(e) : e < t.length ? e : undefined;
        const scope = { scopeStart: t[close].end, scopeEnd: last === undefined ? Infinity : t[last].end };
        for (let k = i + 2; k < close; k++) {
          // a parameter's name: the identifier before `=`, `,` or the closing `>` at the list's own depth
          const next = t[k + 1]?.text;
          if (
            t[k].kind === 'ident' &&
            t[k - 1]?.kind === 'ident' &&
            (next === '=' || next === ',' || k + 1 === close) &&
            nest.paren[k] === nest.paren[i]
          )
            unknownNames.push({ name: t[k].text, start: t[k].start, end: t[k].end, ...scope });
        }
      }
    }
  }

  /**
   * TYPE NAME in a function's parameters (or a for's init), and INTTYPE NAME = … as a runtime
   * local: unknown in its block, hiding an outer NAME (constants and buffers were taken above)
   */
  private runtimeName(i: number): void {
    const { t } = this;
    const tok = t[i];
    const { nest } = this;
    const { unknownNames } = this;
    if (tok.kind === 'ident') {
      const before = t[i - 1];
      const after = t[i + 1]?.text;
      const inParens = nest.paren[i] >= 0 && nest.paren[i] > nest.block[i];
      if (
        inParens &&
        before &&
        (before.kind === 'ident' || before.text === '&' || before.text === '*' || before.text === '&&') &&
        !NOT_A_TYPE.has(before.text) &&
        (after === ',' || after === ')' || after === '=')
      ) {
        const scope = this.parameterScope(i);
        if (scope) unknownNames.push({ name: tok.text, start: tok.start, end: tok.end, ...scope });
      } else if (
        !inParens &&
        nest.block[i] >= 0 &&
        before &&
        RUNTIME_INT_TYPES.has(before.text) &&
        t[i - 2]?.text !== 'constexpr' &&
        t[i - 2]?.text !== 'const' &&
        (after === '=' || after === ';' || after === '{' || after === ',')
      ) {
        unknownNames.push({ name: tok.text, start: tok.start, end: tok.end, scopeStart: tok.start, scopeEnd: this.scopeOf(i).scopeEnd });
      } else if (
        !inParens &&
        nest.block[i] >= 0 &&
        before &&
        ((before.kind === 'ident' && !NOT_A_TYPE.has(before.text)) || before.text === '>' || before.text === '&' || before.text === '*') &&
        after === '=' &&
        t[i + 2]?.text !== '=' &&
        !this.tlaInitializer(i + 2)
      ) {
        // `auto a = foo(i);` hides an outer `a` from here to its block's end: its value is not known (never the outer's)
        const unknown = { name: tok.text, start: tok.start, end: tok.end, scopeStart: tok.start, scopeEnd: this.scopeOf(i).scopeEnd };
        const buffer = this.bufferAlias(i);
        if (buffer) this.aliasCandidates.push({ ...buffer, unknown });
        else unknownNames.push(unknown);
      }
    }
  }

  /**
   * `auto NAME = BUF[…];` or `auto NAME = BUF;` (NAME at token i): the site binding NAME to BUF's value
   * (an element of an array of buffers is one of them), and BUF's name; whether BUF is a buffer is
   * known only after the scan (a class's members may follow its functions).
   */
  private bufferAlias(i: number): { alias: CppExpression; buffer: string } | undefined {
    const { t } = this;
    if (t[i - 1]?.text !== 'auto' && t[i - 1]?.text !== '&') return undefined;
    const b = i + 2;
    if (t[b]?.kind !== 'ident' || t[b - 1]?.text !== '=') return undefined;
    const end = t[b + 1]?.text === '[' ? matchBracket(t, b + 1) : b;
    if (t[end]?.text !== ']' && end !== b) return undefined;
    if (t[end + 1]?.text !== ';') return undefined;
    const alias: CppExpression = {
      start: t[b].start,
      end: t[end].end,
      ...this.scopeOf(i),
      boundName: t[i].text,
      nameStart: t[i].start,
      nameEnd: t[i].end,
    };
    alias.scopeStart = t[i].start; // from its declaration on
    return { alias, buffer: t[b].text };
  }

  /** Whether the initializer starting at token k is a TLA expression the analysis evaluates (expression() takes it). */
  private tlaInitializer(k: number): boolean {
    return this.t[k]?.kind === 'ident' && this.tlaExpressionEnd(k) >= 0;
  }

  /** The last token of the TLA expression starting at identifier i (a layout object's member call, a TLA call), or -1. */
  private tlaExpressionEnd(i: number): number {
    const { t } = this;
    const member = objectMemberCallEnd(t, i, this.layoutVars, (k) => matchBracket(t, k));
    return member >= 0 ? member : expressionEnd(t, i, this.aliasNames, this.layoutVars);
  }

  /**
   * `name = …;`, `name += …;` (a statement of its own): what the name held is not known from
   * there to the end of the function — nor, inside a loop, from the loop's start (a later
   * iteration reads it) — so it is an unknown name there, never the earlier value.
   */
  /** Whether token i starts `name = …` as a statement of its own (not `==`, not a declaration, inside a block). */
  private isAssignment(i: number): boolean {
    const { t, nest } = this;
    const before = t[i - 1]?.text;
    return (
      (before === ';' || before === '{' || before === '}') &&
      t[i]?.kind === 'ident' &&
      t[i + 1]?.text === '=' &&
      t[i + 2]?.text !== '=' &&
      nest.block[i] >= 0 &&
      !this.isSwitchBody(nest.block[i])
    );
  }

  /** Whether the block opened at b is a switch's body (a case's assignment does not hold in the next case). */
  private isSwitchBody(b: number): boolean {
    const { t, nest } = this;
    const close = b - 1;
    if (t[close]?.text !== ')') return false;
    for (let k = close - 1; k >= 0 && k > close - 400; k--)
      if (t[k].text === '(' && nest.closing.get(k) === close) return t[k - 1]?.text === 'switch';
    return false;
  }

  private assignment(i: number): void {
    const { t, nest } = this;
    const before = t[i - 1]?.text;
    if (before !== ';' && before !== '{' && before !== '}') return;
    const op = t[i + 1]?.text;
    const eq = op === '=' ? i + 1 : op && COMPOUND_OPS.has(op) && t[i + 2]?.text === '=' && t[i + 2].start === t[i + 1].end ? i + 2 : -1;
    if (eq < 0 || t[eq + 1]?.text === '=' || nest.block[i] < 0) return;
    // the outermost block of code around it: the function's body (not its class's, nor a namespace's)
    let fn = nest.block[i];
    while (nest.block[fn] >= 0 && CODE_BLOCK_AFTER.has(t[nest.block[fn] - 1]?.text ?? '')) fn = nest.block[fn];
    const close = nest.closing.get(fn);
    const scopeEnd = close === undefined ? Infinity : t[close].end;
    const { name, start, end } = { name: t[i].text, start: t[i].start, end: t[i].end };
    this.assigned.push({ name, start, end, scopeStart: t[eq].end, scopeEnd });
    const loop = this.loopAround(nest.block[i], fn);
    if (loop !== undefined) this.assigned.push({ name, start, end, scopeStart: loop, scopeEnd });
  }

  /** The start of the outermost `for`/`while`/`do` whose body is block b or holds it (up to block `fn`), or undefined. */
  private loopAround(b: number, fn: number): number | undefined {
    const { t, nest } = this;
    let found: number | undefined;
    for (let k = b; k >= 0 && k !== fn; k = nest.block[k]) {
      let j = k - 1;
      if (t[j]?.text === ')' && nest.paren[j] >= 0) j = nest.paren[j]; // (a `)`'s paren is its own `(`)
      const head = t[j - 1]?.text === 'for' || t[j - 1]?.text === 'while' ? j - 1 : t[k - 1]?.text === 'do' ? k - 1 : -1;
      if (head >= 0) found = t[head].start;
    }
    return found;
  }

  /**
   * the outermost TLA expressions
   */
  private expression(i: number): number {
    const { t } = this;
    const tok = t[i];
    // `layout.shape(0)`, `p->MakeShape(…)`: a member of another object, never a TLA call (nor a variable's)
    if (t[i - 1]?.text === '.' || t[i - 1]?.text === '->') return i;
    const { expressions, aliasNames, layoutVars } = this;
    // `layout::RowMajor tagA{m, k};`, `MatrixCoord c{r, col};`: the declaration is a site binding its name
    const object =
      tok.kind === 'ident' && t[i - 1]?.text !== '::' ? objectDeclaration(t, i, (k) => matchBracket(t, k), this.classAliases) : undefined;
    if (object) {
      const nameTok = t[object.name];
      expressions.push({
        start: tok.start,
        end: t[object.end].end,
        ...this.scopeOf(i),
        boundName: nameTok.text,
        nameStart: nameTok.start,
        nameEnd: nameTok.end,
        ...(this.isDataMember(i) ? { dataMember: true as const } : {}),
      });
      layoutVars.add(nameTok.text);
      while (i + 1 < t.length && t[i + 1].start < t[object.end].end) i++;
      return i;
    }
    const end = tok.kind === 'ident' ? this.tlaExpressionEnd(i) : expressionEnd(t, i, aliasNames, layoutVars);
    if (end >= 0) {
      const e: CppExpression = { start: tok.start, end: t[end].end, ...this.scopeOf(i) };
      // TYPE NAME = <expr> (auto, Layout, a tag class, …) makes NAME a variable of that value
      const before = t[i - 3];
      if (
        t[i - 1]?.text === '=' &&
        t[i - 2]?.kind === 'ident' &&
        before &&
        ((before.kind === 'ident' && !NOT_A_TYPE.has(before.text)) || before.text === '>')
      ) {
        e.boundName = t[i - 2].text;
        e.nameStart = t[i - 2].start;
        e.nameEnd = t[i - 2].end;
        if (this.isDataMember(i - 3)) e.dataMember = true;
        layoutVars.add(t[i - 2].text);
      } else if (this.isAssignment(i - 2) && t[end + 1]?.text === ';') {
        // `x = <expr>;` (a statement of its own): x is that value from the `;` to the end of its block
        // (after that block, and in a loop before it, x is unknown: assignment() below)
        e.boundName = t[i - 2].text;
        e.nameStart = t[i - 2].start;
        e.nameEnd = t[i - 2].end;
        e.scopeStart = t[end + 1].end;
      }
      expressions.push(e);
      // skip to the end: only outermost expressions
      while (i + 1 < t.length && t[i + 1].start < t[end].end) i++;
    }
    return i;
  }
}

/** A region of the source compiled only at one CATLASS_ARCH (`#if CATLASS_ARCH == 3510` … `#endif`). */
export interface ArchRegion {
  start: number;
  end: number;
  arch: 2201 | 3510;
}

/**
 * The `#if … CATLASS_ARCH == N …` regions of a file (`#elif`/`#else` end them; nesting kept).
 * Code inside one compiles only at that arch, so its TLA is evaluated with that arch's rules.
 */
export function archRegions(text: string): ArchRegion[] {
  const out: ArchRegion[] = [];
  const stack: { arch: 2201 | 3510 | undefined; start: number; wasEquals?: boolean }[] = [];
  const re = /^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b(.*)$/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const kind = m[1];
    const lineEnd = m.index + m[0].length;
    const close = (at: number) => {
      const top = stack[stack.length - 1];
      if (top?.arch) out.push({ start: top.start, end: at, arch: top.arch });
    };
    const archOf = (cond: string): 2201 | 3510 | undefined => {
      const c = /CATLASS_ARCH\s*(==|>=)\s*(\d+)/.exec(cond);
      if (!c || /!\s*\(|\|\|/.test(cond)) return undefined; // only plain conditions are certain
      return c[2] === '3510' ? 3510 : c[2] === '2201' && c[1] === '==' ? 2201 : undefined;
    };
    if (kind === 'if' || kind === 'ifdef' || kind === 'ifndef') {
      stack.push({ arch: kind === 'if' ? archOf(m[2]) : undefined, start: lineEnd, wasEquals: kind === 'if' && /CATLASS_ARCH\s*==/.test(m[2]) });
    } else if (kind === 'elif' || kind === 'else') {
      close(m.index);
      const top = stack[stack.length - 1];
      if (top) {
        // the #else of `CATLASS_ARCH == 3510` is every other arch: 2201 of the two known here
        top.arch = kind === 'elif' ? archOf(m[2]) : top.arch === 3510 && top.wasEquals ? 2201 : undefined;
        top.start = lineEnd;
      }
    } else {
      close(m.index);
      stack.pop();
    }
  }
  for (const f of stack) if (f.arch) out.push({ start: f.start, end: text.length, arch: f.arch });
  return out;
}

/** A branch that holds a configuration macro's default (configurationDefaults). */
export interface ConfigurationDefault {
  start: number;
  end: number;
  /** The macro whose absence selects the branch (`CATLASS_JIT_LAYOUT_A`). */
  macro: string;
}

/**
 * The branches of a file that hold what a configuration macro defaults to: the `#else` of
 * `#ifdef M` and the first branch of `#ifndef M … #else` (`#ifdef CATLASS_JIT_LAYOUT_A using
 * LayoutTagA = layout::CATLASS_JIT_LAYOUT_A; #else using LayoutTagA = layout::RowMajor; #endif`).
 * A build that defines M (the JIT build always does) compiles the other branch, so what is
 * declared there is a default, not the file's value. An `#ifndef` without `#else` (an include
 * guard, `#ifndef X #define X 0`) declares nothing of that kind.
 */
export function configurationDefaults(text: string): ConfigurationDefault[] {
  const out: ConfigurationDefault[] = [];
  const stack: { kind: string; macro?: string; start: number }[] = [];
  // a macro the file itself defines or undefines before the chain: the file decides it (conditionals.ts), no build's choice
  const touched = new Set<string>();
  const re = /^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif|define|undef)\b(.*)$/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const kind = m[1];
    const lineEnd = m.index + m[0].length;
    if (kind === 'define' || kind === 'undef') {
      const name = /^\s*([A-Za-z_]\w*)/.exec(m[2])?.[1];
      if (name) touched.add(name);
      continue;
    }
    const written = /^\s*([A-Za-z_]\w*)\s*(?:\/\/.*|\/\*.*)?$/.exec(m[2])?.[1];
    const macro = written !== undefined && !touched.has(written) ? written : undefined;
    const top = stack[stack.length - 1];
    if (kind === 'if' || kind === 'ifdef' || kind === 'ifndef') stack.push({ kind, macro: kind === 'if' ? undefined : macro, start: lineEnd });
    else if (kind === 'elif') {
      if (top) top.macro = undefined; // a chain of conditions: not a plain default
    } else if (kind === 'else') {
      if (top?.macro && top.kind === 'ifndef') out.push({ start: top.start, end: m.index, macro: top.macro });
      if (top) {
        top.kind = top.kind === 'ifdef' ? 'else-of-ifdef' : 'else';
        top.start = lineEnd;
      }
    } else {
      if (top?.macro && top.kind === 'else-of-ifdef') out.push({ start: top.start, end: m.index, macro: top.macro });
      stack.pop();
    }
  }
  return out;
}
