// The TLA inside a C++ document, analysed with the same evaluator as `.tla` files:
// constants are evaluated first, then `using` aliases, then every TLA expression in
// order; names that are not compile-time constants become symbolic integers. The result
// has the shape of a DocumentAnalysis, so hover and inlay hints serve both kinds of file.
//
// Incremental and bounded (limits.ts), as the `.tla` analysis is:
//   - an edit tokenizes again only the region it touched (cppSource.ts's retokenize);
//   - parses and evaluations are cached by their text (and, for an evaluation, the
//     bindings it read), in caches bounded by bytes, released with the analyzer;
//   - an expression nested too deep, too long, or deeper than the stack gets a
//     `limit-exceeded` diagnostic at its place; the rest of the file is still served;
//   - one call works at most `budgetMs` (ANALYSIS_BUDGET_MS): then it yields a partial
//     analysis (`complete: false`), and the next call continues where it stopped, reusing
//     everything already done.
import * as core from '../../core';
import type { Arch } from '../../core';
import type { DocumentAnalysis, StatementAnalysis, Declaration } from '../analysis';
import { ARCH_MACRO, EvaluationMemo, USING_BINDING, archBinding, entryBytes, evaluateRecording, placedAnalysis, readsHold } from '../analysis';
import type { Ast } from '../syntax';
import { Diagnostic } from '../syntax';
import { Binding, EvalResult, LocalDiagnostic, Value, printValue, unqualifiedName } from '../eval';
import { LOOKED_UP, unqualifiedLookup } from './nameLookup';
import { branchAt, conditionTokens, configurationMacros, evaluateCondition, preprocessorBranches } from './conditionals';
import { parseValidStatement } from '../syntax';
import { declaredValue, tagObjectOf } from './declaredValues';
import { FileFunctionSite, fileFunctions } from './fileFunctions';
import {
  ArchRegion,
  ConstexprIf,
  CppClass,
  CppScope,
  CppTokens,
  CppTypedName,
  archRegions,
  configurationDefaults,
  retokenize,
  scanTokens,
  tokenizeFrom,
} from './scanner';
import { CACHE_SLACK_BYTES, MAX_CPP_EXPRESSION_CHARS, limitMessages, normalizeLineEnds } from '../../core/limits';
import { Bindings, NO_BINDINGS, bindingsInComments, mergeBindings, nestingLimit } from '../syntax';

/** Only these are certain in C++ (structure, not values), and they are warnings there. */
const CERTAIN_CODES = new Set(['rank-mismatch', 'depth-mismatch', 'catlass-coord', 'ambiguous']);

export interface CppAnalysis extends DocumentAnalysis {
  /** false when the file neither includes a tla/ header nor mentions tla:: — then nothing is shown. */
  usesTla: boolean;
  /** The runtime names bound to numbers for this text (the analyzer's and the file's `// tla:` comments). */
  bindings: Bindings;
  /** false when the analysis yielded before the end of the file (call analyze again to continue). */
  complete: boolean;
  /** The file's `#if CATLASS_ARCH == …` regions (a scratchpad of a site in one says so). */
  archs: readonly ArchRegion[];
  /** With runtime names bound to numbers: the same text analysed without them (made when first asked), for the symbolic form beside the numbers. */
  unbound?: () => CppAnalysis;
}

/** One piece of TLA to evaluate: a constant's initialiser, an alias's type, an expression. */
interface Item {
  /** constant: `constexpr uint32_t M = …`; type: `using E = half;`, `using X = Layout<…>;` (the type);
   * buffer: `AscendC::GlobalTensor<E> gm`; using: `using namespace Catlass;`;
   * typed: `LayoutA layoutA;`, `TensorDst const &dst` (a name of the value its type gives, declaredValues.ts). */
  kind: 'constant' | 'type' | 'buffer' | 'using' | 'unknownName' | 'typed' | 'expression';
  /** A typed name's declaration (start and end are its type's). */
  typed?: CppTypedName;
  /** A buffer declared as an array (`LocalTensor<E> bufs[N]`). */
  isArray?: boolean;
  /** A non-static data member's initialiser (scanner.ts): member functions read a value of its type, not it. */
  dataMember?: true;
  /** Declared in a configuration macro's default branch (`#else` of `#ifdef M`): M. */
  defaultUnless?: string;
  /** Declared in a branch the build decides (`#if CATLASS_ARCH == 3510 … #else …`): its body, where alone it holds. */
  branch?: { start: number; end: number };
  /** The block where what it binds is visible (C++ scoping: nothing leaks from another function). */
  scopeStart: number;
  scopeEnd: number;
  start: number;
  end: number;
  /** The name it binds (an expression's: `auto NAME = …`). */
  name?: string;
  nameStart?: number;
  nameEnd?: number;
}

interface Progress {
  text: string;
  /** `if constexpr` statements: a branch the instantiation may discard (its warnings are not certain). */
  constexprIfs: readonly ConstexprIf[];
  items: Item[];
  /** The next item to evaluate. */
  next: number;
  statements: StatementAnalysis[];
  /** Constants and aliases beyond a limit (listed for their diagnostic). */
  limited: StatementAnalysis[];
  /** Every binding of a name, with the block it is visible in; a lookup takes the innermost around the reader. */
  scoped: Map<string, ScopedBinding[]>;
  made: Map<string, Binding[]>;
  /** `#if CATLASS_ARCH == 3510` regions: their TLA is evaluated at that arch. */
  archs: ArchRegion[];
  declarations: Map<string, Declaration>;
  symbols: Map<string, Value>;
  /** Where each statement made so far is: from the start of its wrapped text to the end of its source. */
  places: Map<StatementAnalysis, Ast.Span>;
  /** The runtime names bound to numbers: the analyzer's, under (a setting) or over (the CLI) the file's `// tla: m=1000`. */
  bound: Bindings;
  /** What an unqualified MakeCoord, Coord or detail finds at an offset (nameLookup.ts). */
  lookupName: (key: string, at: number) => Binding | undefined;
  /** The classes of the file (`struct Params { … }`), for a name declared of one (`Params const &params`). */
  classes: readonly CppClass[];
  /** What each typed name's type is, once evaluated: a TLA type's value, or the class of the file it names. */
  typeOf: Map<Item, Value | CppClass>;
  /** Whether the file has a configuration default (a macro's, or a declaration's under `#ifdef`): else no binding of it rests on one. */
  mayRestOnDefaults: boolean;
}

/** The keys the evaluator reads an unqualified Catlass/tla name's lookup by, and the name of each. */
const LOOKUP_KEYS: ReadonlyMap<string, string> = new Map(LOOKED_UP.map((n) => [unqualifiedName(n), n]));

/** One call's work on a progress: when it started, whether it did new work (then it may yield), its counts. */
interface Pass {
  pr: Progress;
  t0: number;
  stats: CppAnalyzer['stats'];
  work: boolean;
  free: (name: string) => Value;
}

interface ScopedBinding {
  /** undefined: the name is unknown in this block (a template parameter hides an outer one). */
  binding: Binding | undefined;
  scopeStart: number;
  scopeEnd: number;
  /** A macro's: the preprocessor replaces it before any name lookup (no class scope hides it). */
  macro?: true;
}

/** Makes `binding` (undefined: none, the name is unknown there) what `name` reads in the block of `it`. */
function bindIn(scoped: Map<string, ScopedBinding[]>, name: string, binding: Binding | undefined, it: CppScope): void {
  let visible = scoped.get(name);
  if (!visible) scoped.set(name, (visible = []));
  visible.push({ binding, scopeStart: it.scopeStart, scopeEnd: it.scopeEnd });
}

/**
 * `this->x` read as `x` (blanked with offsets kept) where `x` reads the member: what `x` finds there is
 * declared in a class's body, or not declared in the file at all (a member of a base class: unknown
 * either way). Where a local or a parameter of that name hides the member, `this->x` stays as written.
 */
function thisMembers(source: string, start: number, scoped: Map<string, ScopedBinding[]>, classes: readonly CppClass[]): string {
  if (!source.includes('this')) return source;
  return source.replace(/\bthis\s*->\s*(?=([A-Za-z_]\w*))/g, (m, name: string, offset: number) => {
    const best = visibleAt(scoped, name, start + offset, classes);
    const member = !best || classes.some((c) => c.scopeStart === best.scopeStart && c.scopeEnd === best.scopeEnd);
    return member ? ' '.repeat(m.length) : m;
  });
}

/**
 * `LayoutA::template MakeLayout<E>(m, k)` read as `LayoutA::MakeLayout<E>(m, k)` (the keyword blanked,
 * offsets kept): `template` there only tells the compiler a dependent name is a template.
 */
function withoutDisambiguators(source: string): string {
  if (source.includes('template')) source = source.replace(/(::\s*)template\b/g, (_m, p: string) => `${p}        `);
  // `MakeLayout<typename BlockMmad1::ElementC, …>`: a template argument's `typename` before a qualified name says only that it is a type
  if (source.includes('typename')) source = source.replace(/([<,]\s*)typename(?=\s+[A-Za-z_]\w*\s*::)/g, (_m, p: string) => `${p}        `);
  return source;
}

/**
 * The configuration macros' defaults (`#ifndef CATLASS_JIT_TILE #define CATLASS_JIT_TILE 64 #endif`) as
 * names bound from their `#define` on, each marked as resting on its default: an integer, an element
 * type or a layout tag; another value is left unknown.
 */
function macroDefaults(text: string): Map<string, ScopedBinding[]> {
  const scoped = new Map<string, ScopedBinding[]>();
  for (const m of configurationMacros(text)) {
    const n = /^(\d+)[uUlL]*$/.exec(m.value);
    const value: Value | undefined = n
      ? core.int(BigInt(n[1]))
      : m.value in core.ELEMENT_BITS
        ? { kind: 'type', type: { t: 'element', name: m.value } }
        : (core.TAG_CLASSES as readonly string[]).includes(m.value)
          ? { kind: 'type', type: { t: 'tag', name: m.value } }
          : undefined;
    if (value) {
      bindIn(scoped, m.name, { value, defaults: [`${m.name} = ${m.value}`] }, { scopeStart: m.at, scopeEnd: Infinity });
      scoped.get(m.name)!.at(-1)!.macro = true;
    }
  }
  return scoped;
}

/** The defaults the names a piece of source reads rest on (each binding carries those of its own value). */
function defaultsRead(source: string, lookup: (name: string) => Binding | undefined): readonly string[] | undefined {
  let out: string[] | undefined;
  for (const w of new Set(source.match(/[A-Za-z_]\w*/g) ?? [])) {
    for (const d of lookup(w)?.defaults ?? []) if (!out?.includes(d)) (out ??= []).push(d);
  }
  return out;
}

/** The binding of `name` visible at `at` (visibleAt). */
function lookupAt(scoped: Map<string, ScopedBinding[]>, name: string, at: number, classes?: readonly CppClass[]): Binding | undefined {
  return visibleAt(scoped, name, at, classes)?.binding;
}

/** A name C++'s unqualified lookup may find in a class (not a macro's, a member path or a using-directive's key). */
const IDENTIFIER = /^[A-Za-z_]\w*$/;

/**
 * The declaration `name` finds at `at` as C++'s unqualified lookup does: the innermost block around
 * it (the last bound of equals), except that a class's scope is its members, then its
 * non-dependent bases' members, before the scopes around the class. A non-dependent base the file
 * does not declare (a header's class, a template's specialisation) may declare the name: then it
 * is unknown there (binding undefined), never the outer name. `known`: the body of a class
 * whose bases' members the caller has already read (an instantiation's region). Its binding may be
 * undefined: a name that hides.
 */
function visibleAt(
  scoped: Map<string, ScopedBinding[]>,
  name: string,
  at: number,
  classes?: readonly CppClass[],
  known?: InstanceRegion,
): ScopedBinding | undefined {
  const list = scoped.get(name);
  let best: ScopedBinding | undefined;
  if (list)
    for (let k = 0; k < list.length; k++) {
      const b = list[k];
      if (b.scopeStart <= at && at < b.scopeEnd && (!best || b.scopeStart >= best.scopeStart)) best = b;
    }
  // (only a class with bases finds anything but `best`: a file of none has nothing more to look up)
  if (!classes?.length || best?.macro || !anyBases(classes) || !IDENTIFIER.test(name)) return best;
  // the classes around `at`, innermost first: each one's own members and inner blocks come before its bases
  for (const c of classesAround(classes, at)) {
    if (best && best.scopeStart >= c.scopeStart) return best;
    if (!c.bases || c.scopeStart === known?.start) continue;
    const found = inBases(c, list ?? [], classes, 0);
    if (found) return found;
  }
  return best;
}

/** The classes of a file by where their scopes start, each with the innermost one around it (-1: none). */
interface ClassNesting {
  byStart: readonly CppClass[];
  parent: Int32Array;
}
const NESTINGS = new WeakMap<readonly CppClass[], ClassNesting | null>();

/**
 * How the classes nest, made once per list; null when their scopes do not nest as blocks do (two
 * overlap, or two start together), and then every lookup filters the list.
 */
function nestingOf(classes: readonly CppClass[]): ClassNesting | null {
  let n = NESTINGS.get(classes);
  if (n !== undefined) return n;
  const byStart = [...classes].sort((x, y) => x.scopeStart - y.scopeStart);
  const parent = new Int32Array(byStart.length);
  const open: number[] = [];
  n = { byStart, parent };
  for (let i = 0; i < byStart.length && n; i++) {
    const c = byStart[i];
    while (open.length && byStart[open[open.length - 1]].scopeEnd <= c.scopeStart) open.pop();
    const p = open.length ? open[open.length - 1] : -1;
    if (p >= 0 && (byStart[p].scopeEnd < c.scopeEnd || byStart[p].scopeStart === c.scopeStart)) n = null;
    else if (i > 0 && byStart[i - 1].scopeStart === c.scopeStart) n = null;
    else {
      parent[i] = p;
      open.push(i);
    }
  }
  NESTINGS.set(classes, n);
  return n;
}

const ANY_BASES = new WeakMap<readonly CppClass[], boolean>();
/** Whether any of the file's classes has bases (made once per list). */
function anyBases(classes: readonly CppClass[]): boolean {
  let any = ANY_BASES.get(classes);
  if (any === undefined) ANY_BASES.set(classes, (any = classes.some((c) => c.bases !== undefined)));
  return any;
}

/**
 * The classes whose scope holds `at`, innermost first: the last class starting at or before it and
 * the classes around that one (a lookup asked the whole list each time: quadratic in a kernel of
 * many classes).
 */
function classesAround(classes: readonly CppClass[], at: number): readonly CppClass[] {
  const n = nestingOf(classes);
  if (!n) return classes.filter((c) => c.scopeStart <= at && at < c.scopeEnd).sort((x, y) => y.scopeStart - x.scopeStart);
  const { byStart, parent } = n;
  let lo = 0;
  let hi = byStart.length; // the first class starting after `at`
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (byStart[mid].scopeStart <= at) lo = mid + 1;
    else hi = mid;
  }
  const out: CppClass[] = [];
  for (let i = lo - 1; i >= 0; i = parent[i]) if (at < byStart[i].scopeEnd) out.push(byStart[i]);
  return out;
}

/**
 * What `name` (its bindings `list`) finds in the bases of `c`: a base's own member, else in that base's
 * bases; `unknown` (a ScopedBinding of no value over c's body) where a base may declare it unseen,
 * or two bases declare it (ambiguous); undefined where no base declares it.
 */
function inBases(c: CppClass, list: readonly ScopedBinding[], classes: readonly CppClass[], depth: number): ScopedBinding | undefined {
  const unknown: ScopedBinding = { binding: undefined, scopeStart: c.scopeStart, scopeEnd: c.scopeEnd };
  if (depth > 8) return unknown; // a chain of bases this long: not followed
  let hit: ScopedBinding | undefined;
  for (const b of c.bases ?? []) {
    // C++ never reads a base that depends on a template parameter for an unqualified name (two-phase
    // lookup: not at the definition, not at the instantiation); another is read where the file declares
    // it (before c, outside any other class, written as one identifier), else it may declare the name
    if (b.dependent) continue;
    // (a base's name is looked up where the class head stands, outside its body)
    const decl = b.name === undefined ? [] : classNamed(classes, b.name, c.scopeStart - 1);
    if (decl.length !== 1) return unknown;
    const base = decl[0];
    const own = list.filter((x) => x.scopeStart === base.scopeStart && x.scopeEnd === base.scopeEnd && !x.macro).at(-1);
    const r = own ?? inBases(base, list, classes, depth + 1);
    if (!r) continue;
    if (hit && hit.binding !== r.binding) return unknown;
    hit = r;
  }
  return hit;
}

/**
 * `name` at `at` in a class template's body read under an instantiation: what the instantiation gives
 * the class's parameters and members, unless a declaration in a block inside the body hides it (a
 * member function's parameter, local, loop variable or block-scope `using`: C++ looks there first).
 */
function lookupUnder(
  region: InstanceRegion | undefined,
  scoped: Map<string, ScopedBinding[]>,
  name: string,
  at: number,
  classes: readonly CppClass[],
): Binding | undefined {
  const local = visibleAt(scoped, name, at, classes, region);
  const given = region?.bindings.get(name);
  if (!given) return local?.binding;
  const innerScope = (b: ScopedBinding | undefined) => b !== undefined && b.scopeStart > region!.start && b.scopeEnd < region!.end;
  // `Traits::LayoutA` where a block declares its own `Traits`: that one's member, not known here
  const q = name.indexOf('::');
  if (q > 0 && innerScope(visibleAt(scoped, name.slice(0, q), at))) return undefined;
  // a type the instantiation only names (no value): the file's own value of it, where it has one, is no less true
  if (!given.value && given.typeName && local?.binding?.value) return local.binding;
  return innerScope(local) ? local!.binding : given;
}

/**
 * The items the compiler reads, as far as the file's #if chains say (conditionals.ts): none of a dead
 * branch; one of a configuration default's branch is that default; one of a branch the build decides
 * holds only inside it. `given`: macros known from elsewhere (the arch of a file that compiles only at 3510).
 */
function inLiveBranches(text: string, items: Item[], given?: ReadonlyMap<string, bigint>): Item[] {
  const branches = preprocessorBranches(text, given);
  if (!branches.length) return items;
  const live = items.filter((it) => !branches.some((b) => b.state === 'dead' && b.start <= it.start && it.start < b.end));
  for (const it of live) {
    const b = branchAt(branches, it.start);
    if (b?.state === 'default' && (it.kind === 'type' || it.kind === 'constant')) it.defaultUnless ??= b.defaultOf;
    else if (b?.state === 'open') it.branch = { start: b.start, end: b.end };
  }
  return live;
}

/**
 * Whether `at` lies in a branch of an `if constexpr` inside the region that its instantiation
 * discards: the condition decided from what the instantiation binds (`HAS_BIAS`, `!ENABLE_UNIT_FLAG`,
 * `A && B`, comparisons of integers; conditionals.ts's evaluator), else not (a condition not read
 * keeps both branches).
 */
function discardedUnder(
  region: InstanceRegion,
  ifs: readonly ConstexprIf[],
  text: string,
  at: number,
  lookup: (name: string, at: number) => Binding | undefined,
): boolean {
  for (const c of ifs) {
    if (!(c.start <= at && at < c.end) || c.start < region.start || c.end > region.end) continue;
    const inThen = c.then.start <= at && at < c.then.end;
    const inElse = c.else !== undefined && c.else.start <= at && at < c.else.end;
    if (!inThen && !inElse) continue;
    const toks = conditionTokens(text.slice(c.cond.start, c.cond.end));
    // arithmetic is C++'s, which wraps and converts (uint32_t `M - 256 > 0`): only logic and comparisons of values are read
    if (toks.some((x) => ARITHMETIC.has(x))) continue;
    const { v, complete } = evaluateCondition(toks, {
      defined: () => null,
      value: (name) => {
        if (name === 'true') return 1n;
        if (name === 'false') return 0n;
        const b = lookup(name, c.cond.start)?.value;
        if (b?.kind === 'bool') return b.value ? 1n : 0n;
        return b?.kind === 'int' && b.value !== undefined ? b.value : null;
      },
      missing: null,
    });
    if (!complete || v === null) continue;
    if ((inThen && v === 0n) || (inElse && v !== 0n)) return true;
  }
  return false;
}

const ARITHMETIC = new Set(['+', '-', '*', '/', '%']);

/** A class template's body and what its instantiation binds inside it. */
export interface InstanceRegion {
  start: number;
  end: number;
  bindings: ReadonlyMap<string, Binding>;
  /** Regions inside it read with more bindings (a member function template's parameters: operatorCalls.ts). */
  inner?: readonly InstanceRegion[];
}

/**
 * A constant declared with an integer type (`static constexpr uint32_t C0 = tla::get<2>(Shape{});`)
 * holds a `uint32_t`, whatever its initialiser's type: `MakeShape(C0, 8)` is `(16,8)`, never
 * `(_16,8)` (C++ converts the `Int<16>`; only `Int<C0>{}` is static again).
 */
function declaredInteger(v: Value & { kind: 'int' }): Value {
  if (!v.isStatic) return v;
  return v.value !== undefined ? core.dynamicInt(v.value) : core.fromSym(v.sym, false);
}

/** The innermost region around `at` (a nested class's body inside its enclosing one's). */
function regionAt(regions: readonly InstanceRegion[] | undefined, at: number): InstanceRegion | undefined {
  let best: InstanceRegion | undefined;
  for (const r of regions ?? []) if (r.start <= at && at < r.end && (!best || r.start >= best.start)) best = r;
  return best?.inner ? (regionAt(best.inner, at) ?? best) : best;
}

type ByName<T> = WeakMap<readonly T[], Map<string, readonly T[]>>;
const CLASSES_BY_NAME: ByName<CppClass> = new WeakMap();
const ALIASES_BY_NAME: ByName<Item> = new WeakMap();
/**
 * A list's elements by the name `nameOf` gives them (undefined: none), in the list's order, made
 * once per list (`made`: one table per `nameOf`): a kernel of many classes asks by name at every
 * declaration typed with a class.
 */
function byName<T extends object>(made: ByName<T>, list: readonly T[], nameOf: (x: T) => string | undefined): Map<string, readonly T[]> {
  const had = made.get(list);
  if (had) return had;
  const m = new Map<string, T[]>();
  for (const x of list) {
    const n = nameOf(x);
    if (n === undefined) continue;
    const l = m.get(n);
    if (l) l.push(x);
    else m.set(n, [x]);
  }
  made.set(list, m);
  return m;
}

/**
 * The classes named `name` that a type written at `at` may mean: those inside the innermost class
 * around it (`Params` of its kernel), else those of the file no class holds; the caller takes only one.
 */
function classNamed(classes: readonly CppClass[], name: string, at: number, depth = 0): CppClass[] {
  const all = byName(CLASSES_BY_NAME, classes, (c) => c.name).get(name);
  if (!all) return []; // (every answer below is a class of this name)
  // declared before the type is written (a parameter's type is looked up where it stands)
  const named = all.filter((c) => c.scopeStart < at);
  const within = (c: CppClass, o: CppClass) => o !== c && o.scopeStart < c.scopeStart && c.scopeEnd <= o.scopeEnd;
  const directlyIn = (c: CppClass, o: CppClass) => within(c, o) && !classes.some((m) => m !== o && within(c, m) && within(m, o));
  // the classes around `at`, innermost first: each one's nested classes, then its non-dependent bases'
  // (C++'s class scope), before the scopes around it
  for (const o of classesAround(classes, at)) {
    const inside = named.filter((c) => within(c, o));
    if (inside.length) return inside;
    for (const b of o.bases ?? []) {
      if (b.dependent) continue; // never read for an unqualified name (two-phase lookup)
      const base = b.name !== undefined && depth < 8 ? classNamed(classes, b.name, o.scopeStart - 1, depth + 1) : [];
      if (base.length !== 1) return []; // a base the file does not declare may declare it: not known which
      const nested = all.filter((c) => directlyIn(c, base[0]));
      if (nested.length) return nested;
    }
  }
  // else one no class holds (another class's nested Params is not visible here)
  return named.filter((c) => !classes.some((o) => within(c, o)));
}

/**
 * The class a type's name written at `at` names: a class of the file, else (no class of that name)
 * what an alias of the file in scope there names (`using BlockMmadParams = BlockMmadArguments;`),
 * the alias being the innermost of that name declared before `at`.
 */
function classOfType(pr: Pick<Progress, 'classes' | 'items' | 'text'>, word: string, at: number): { classes: CppClass[]; qualifier?: string } {
  const classes = classNamed(pr.classes, word, at);
  if (classes.length) return { classes };
  let alias: Item | undefined;
  const aliases = byName(ALIASES_BY_NAME, pr.items, (x) => (x.kind === 'type' ? x.name : undefined)).get(word) ?? [];
  for (const x of aliases) if (x.start < at && x.scopeStart <= at && at < x.scopeEnd && (!alias || x.scopeStart >= alias.scopeStart)) alias = x;
  const aliased = alias && pr.text.slice(alias.start, alias.end).trim();
  if (!aliased) return { classes: [] };
  if (/^[A-Za-z_]\w*$/.test(aliased)) return { classes: aliased !== word ? classNamed(pr.classes, aliased, alias!.start) : [] };
  return nestedOfAlias(pr, aliased, alias!.start);
}

/**
 * `typename Base::Params` (an alias's text, written at `at`): the class `Params` directly inside the
 * class of the file that `Base` names, itself or through an alias in scope there naming a class
 * template of the file (`using Base = MxMatmulTlaBase<…>;`); none when either is not one class of the file.
 */
function nestedOfAlias(pr: Pick<Progress, 'classes' | 'items' | 'text'>, aliased: string, at: number): { classes: CppClass[]; qualifier?: string } {
  const m = /^(?:typename\s+)?([A-Za-z_]\w*)\s*::\s*([A-Za-z_]\w*)$/.exec(aliased);
  if (!m) return { classes: [] };
  let outer = classNamed(pr.classes, m[1], at);
  if (!outer.length) {
    let alias: Item | undefined;
    for (const x of pr.items)
      if (x.kind === 'type' && x.name === m[1] && x.start < at && x.scopeStart <= at && at < x.scopeEnd)
        if (!alias || x.scopeStart >= alias.scopeStart) alias = x;
    const template = alias && /^(?:typename\s+)?([A-Za-z_]\w*)\s*(?:<[^;]*>)?$/.exec(pr.text.slice(alias.start, alias.end).trim())?.[1];
    outer = template && template !== m[1] ? classNamed(pr.classes, template, alias!.start) : [];
  }
  if (outer.length !== 1) return { classes: [] };
  const o = outer[0];
  const within = (c: CppClass, x: CppClass) => x !== c && x.scopeStart < c.scopeStart && c.scopeEnd <= x.scopeEnd;
  const classes = pr.classes.filter((c) => c.name === m[2] && within(c, o) && !pr.classes.some((x) => x !== o && within(c, x) && within(x, o)));
  return { classes, qualifier: m[1] };
}

/** Names that exist only when CATLASS_ARCH == 3510. */
const ARCH_3510_NAMES = new Set(['MakeMxScaleLayout', 'float4_e2m1x2_t', 'float4_e1m2x2_t', ...core.MX_PREDICATES.map((p) => `is${p}`)]);

/** What is cached of one piece of TLA text: its parse and, when reusable, its evaluation. */
interface CacheEntry {
  /** The source wrapped into a statement (`auto __c = …;`), as parsed. */
  wrapped: string;
  /** Its AST; null where it is not TLA (C++ the language does not read). */
  parsed: Ast.Statement | null;
  evaluation?: EvaluationMemo;
  bytes: number;
  /** The analysis (generation) that last used it. */
  used: number;
}

/**
 * A map bounded by the bytes of its entries. When it outgrows its bound, the entries the
 * current analysis has not used go first, oldest first; then the oldest of the rest.
 */
class ByteCache {
  /** By kind of item, then by its source text (a lookup by a slice of the document builds no string). */
  private maps: Record<Item['kind'], Map<string, CacheEntry>> = {
    constant: new Map(),
    type: new Map(),
    buffer: new Map(),
    using: new Map(),
    unknownName: new Map(),
    typed: new Map(),
    expression: new Map(),
  };
  bytes = 0;
  generation = 0;
  constructor(public maxBytes: number) {}
  get(kind: Item['kind'], src: string): CacheEntry | undefined {
    const e = this.maps[kind].get(src);
    if (e) e.used = this.generation;
    return e;
  }
  add(kind: Item['kind'], src: string, wrapped: string, parsed: Ast.Statement | null): CacheEntry {
    this.delete(kind, src);
    const e: CacheEntry = { wrapped, parsed, bytes: entryBytes(wrapped), used: this.generation };
    // a fresh copy: a slice would keep the whole document text alive
    this.maps[kind].set(src.length < 13 ? src : (' ' + src).slice(1), e);
    this.bytes += e.bytes;
    if (this.bytes > this.maxBytes) this.trim();
    return e;
  }
  delete(kind: Item['kind'], src: string): void {
    const old = this.maps[kind].get(src);
    if (old) {
      this.bytes -= old.bytes;
      this.maps[kind].delete(src);
    }
  }
  trim(): void {
    for (const pass of [0, 1]) {
      for (const map of Object.values(this.maps)) {
        for (const [k, e] of map) {
          if (this.bytes <= this.maxBytes) return;
          if (pass === 0 && e.used === this.generation) continue;
          map.delete(k);
          this.bytes -= e.bytes;
        }
      }
    }
  }
}

const limitDiagnostic = (message: string, length: number): LocalDiagnostic => ({
  start: 0,
  end: Math.min(length, 1),
  severity: 'information',
  code: 'limit-exceeded',
  message,
});

export class CppAnalyzer {
  /**
   * CATLASS_ARCH of the kernel (the tlaLayout.arch setting) and the bindings of runtime names
   * (the tlaLayout.bindings setting, the CLI's --bind), under the file's own `// tla: m=1000`
   * or, `overComments`, over them (the CLI); a change of either needs a new analyzer.
   */
  constructor(
    private readonly defaultArch?: Arch,
    private readonly bindings: Bindings = NO_BINDINGS,
    private readonly overComments = false,
    /** false: the file's `// tla: m=1000` comments are not read either (the analysis without any binding). */
    private readonly fileBindings = true,
  ) {}
  /** The bindings in force for the last text, to start afresh when they change. */
  private boundKey = '';
  private cache = new ByteCache(CACHE_SLACK_BYTES);
  /** The previous text (line ends normalised) and its tokens, for the next edit. */
  private previous: { text: string; tokens: CppTokens } | undefined;
  /** Every binding the previous analysis made, by name: a binding of the same value is reused, so its dependents stay cached. */
  private previousBindings = new Map<string, Binding[]>();
  /** Statement records some analysis has returned: never changed again (see analyze). */
  private published = new WeakSet<StatementAnalysis>();
  /**
   * Time one call may work before it yields (then `complete` is false and the next call
   * continues). Unbounded by default (one call, one whole analysis); the server sets
   * ANALYSIS_BUDGET_MS; tests set 0 (one new evaluation a call).
   */
  budgetMs = Infinity;
  /**
   * Parses one piece of TLA text: its AST, or null where it is not TLA. The fast parser alone
   * (no ohm grammar to build: no error message is wanted here); a test swaps in a recorder to
   * check, on the corpus, that ohm rejects every piece it declines.
   */
  parsePiece: (text: string) => Ast.Statement | null = parseValidStatement;
  private readonly fileFunctionBindings = new Map<string, Binding | null>();
  /** What the last analyze() did: characters tokenized again, expressions parsed and evaluated anew. */
  stats = { tokenized: 0, parsed: 0, evaluated: 0, expressions: 0 };
  /**
   * Class template bodies each read under one instantiation of its own: inside a region's
   * [start, end) the body's parameters and members are bound to what that instantiation gives
   * them (cpp/instanceSite.ts); where regions nest (a class inside a class), the innermost. Set
   * before the first analyze(); a change needs a new analyzer.
   */
  instantiation: readonly InstanceRegion[] | undefined;

  /** Bytes held by the caches. */
  get cacheBytes(): number {
    return this.cache.bytes;
  }

  private tokens(text: string): { tokens: CppTokens; tokenized: number } {
    const prev = this.previous;
    if (prev && prev.text === text) return { tokens: prev.tokens, tokenized: 0 };
    if (prev) {
      this.previous = undefined; // retokenize shifts the previous tokens: they are given up
      return retokenize(prev.text, prev.tokens, text);
    }
    const out: CppTokens = { tokens: [], includes: [] };
    tokenizeFrom(text, 0, true, out);
    return { tokens: out, tokenized: text.length };
  }

  analyze(original: string): CppAnalysis {
    try {
      return this.run(original);
    } catch (e) {
      // whatever went wrong, the next analysis starts afresh
      this.previous = undefined;
      this.progress = undefined;
      this.previousBindings.clear();
      throw e;
    }
  }

  /** An analysis that yielded: where it stopped and what it had done, for the next call on the same text. */
  private progress: Progress | undefined;

  private run(original: string): CppAnalysis {
    const t0 = performance.now();
    const text = normalizeLineEnds(original);
    let pr = this.progress;
    if (pr && pr.text !== text) {
      // a new text before the last one was done: what it bound so far may still be reused
      this.keepBindings(pr.made);
      pr = this.progress = undefined;
    }
    const stats = { tokenized: 0, parsed: 0, evaluated: 0, expressions: 0 };
    this.stats = stats;
    if (!pr) pr = this.begin(text, stats);
    if (!pr) {
      this.previousBindings.clear();
      return placedAnalysis(
        {
          text: original,
          statements: [],
          diagnostics: [],
          declarations: new Map(),
          usesTla: false,
          complete: true,
          bindings: NO_BINDINGS,
          archs: [],
        },
        new Map(),
      );
    }
    stats.expressions = pr.items.length;
    const { symbols } = pr;
    const free = (n: string) => {
      let v = symbols.get(n);
      if (!v) symbols.set(n, (v = core.symbolicInt(n)));
      return v;
    };
    const pass: Pass = { pr, t0, stats, work: false, free };
    this.evaluateItems(pass);
    return this.finish(pass, original);
  }

  /** Tokenizes and scans a new text into the items to evaluate; undefined when it does not use TLA. */
  private begin(text: string, stats: CppAnalyzer['stats']): Progress | undefined {
    const { tokens, tokenized } = this.tokens(text);
    stats.tokenized = tokenized;
    // the caches may hold what this text needs twice over, and some slack
    const max = 2 * entryBytes(text) + CACHE_SLACK_BYTES;
    this.cache.maxBytes = max;
    this.cache.generation++;
    this.cache.trim();
    const scan = scanTokens(tokens.tokens, tokens.includes.length > 0);
    this.previous = { text, tokens };
    if (!scan.mentionsTla) return undefined;
    const typeAliases = scan.aliases;
    const readsValues = (a: { start: number; end: number }) => text.slice(a.start, a.end).includes('decltype');
    // what names bind (constants, aliases, buffers, using-directives) in source order, then the expressions
    // a scanned declaration as an item: where it is, the name it binds, the block where that is visible
    const item = (
      kind: Item['kind'],
      x: { start: number; end: number; nameStart?: number; nameEnd?: number; scopeStart: number; scopeEnd: number },
      name: string | undefined,
    ): Item => ({
      kind,
      start: x.start,
      end: x.end,
      name,
      nameStart: x.nameStart,
      nameEnd: x.nameEnd,
      scopeStart: x.scopeStart,
      scopeEnd: x.scopeEnd,
    });
    const names: Item[] = [
      ...scan.constants.map((c) => item('constant', c, c.name)),
      ...typeAliases.filter((a) => !readsValues(a)).map((a) => item('type', a, a.name)),
      ...scan.buffers.map((b): Item => ({ ...item('buffer', b, b.name), isArray: b.isArray })),
      ...scan.usings.map((u) => item('using', u, `using namespace ${u.namespace}`)),
      ...scan.unknownNames.map((u) => item('unknownName', u, u.name)),
    ].sort((x, y) => x.start - y.start);
    // names declared with a type: after the names (a parameter's own unknownName is hidden by its value);
    // a member function template's parameter of its own type parameter: among the expressions, where
    // its function starts (the calls before it in the class have their arguments' values by then)
    const typedItem = (d: CppTypedName): Item => ({
      kind: 'typed',
      typed: d,
      start: d.typeStart,
      end: d.typeEnd,
      name: d.name,
      nameStart: d.nameStart,
      nameEnd: d.nameEnd,
      scopeStart: d.scopeStart,
      scopeEnd: d.scopeEnd,
    });
    for (const d of scan.typedNames) if (d.deduced === undefined) names.push(typedItem(d));
    // `using L = decltype(layoutA);` reads a variable: it is evaluated among the expressions, in source order
    const later = [
      ...typeAliases.filter(readsValues).map((a) => item('type', a, a.name)),
      ...scan.expressions.map((e): Item => ({ ...item('expression', e, e.boundName), dataMember: e.dataMember })),
    ];
    const order = new Map<Item, number>(later.map((x) => [x, x.start]));
    for (const d of scan.typedNames) {
      if (d.deduced === undefined) continue;
      const x = typedItem(d);
      later.push(x);
      order.set(x, d.scopeStart);
    }
    const archs = archRegions(text);
    const only3510 = tokens.tokens.some(
      (t) => t.kind === 'ident' && ARCH_3510_NAMES.has(t.text) && !archs.some((r) => r.start <= t.start && t.start < r.end),
    );
    const items: Item[] = inLiveBranches(
      text,
      [...names, ...later.sort((x, y) => order.get(x)! - order.get(y)!)],
      only3510 ? new Map([['CATLASS_ARCH', 3510n]]) : undefined,
    );
    // `#ifdef CATLASS_JIT_LAYOUT_A … #else using LayoutTagA = layout::RowMajor; #endif`: a default, not the file's value
    const defaults = configurationDefaults(text);
    if (defaults.length)
      for (const it of items) {
        if (it.kind !== 'type' && it.kind !== 'constant') continue;
        const d = defaults.find((r) => r.start <= it.start && it.start < r.end);
        if (!d) continue;
        // the default holds after the chain too (marked), not only inside its branch
        it.defaultUnless = d.macro;
        it.branch = undefined;
      }
    // A file that uses what exists only on Ascend 950 outside any #if on the arch compiles only
    // with CATLASS_ARCH 3510 (the examples set it on the command line): evaluate it so.
    if (only3510) archs.push({ start: 0, end: Infinity, arch: 3510 });
    const inFile = this.fileBindings ? bindingsInComments(text) : NO_BINDINGS;
    const bound = this.overComments ? mergeBindings(inFile, this.bindings) : mergeBindings(this.bindings, inFile);
    const key = [...bound].map(([k, v]) => `${k}=${v}`).join(' ');
    if (key !== this.boundKey) {
      // a cached evaluation does not record the bound names it read: other numbers, evaluate anew
      this.boundKey = key;
      this.cache = new ByteCache(this.cache.maxBytes);
      this.previousBindings.clear();
    }
    const scoped = macroDefaults(text);
    // (before the file's helpers are bound in it: they are no configuration default)
    const mayRestOnDefaults = scoped.size > 0 || items.some((it) => it.defaultUnless !== undefined);
    this.bindFileFunctions(scoped, fileFunctions(tokens.tokens, scan.expressions, scan.classes), text);
    return {
      bound,
      text,
      items,
      next: 0,
      statements: [],
      limited: [],
      scoped,
      mayRestOnDefaults,
      made: new Map(),
      archs,
      declarations: new Map(),
      symbols: new Map(),
      places: new Map(),
      lookupName: (key, at) => unqualifiedLookup(scan.namespaces, scan.usingDeclarations, scan.usings, LOOKUP_KEYS.get(key)!, at),
      classes: scan.classes,
      typeOf: new Map(),
      constexprIfs: scan.constexprIfs,
    };
  }

  /** A one-return function as a binding: the same object while its parameters and expression are (its callers' evaluations stay cached). */
  /** The file's one-return helpers (fileFunctions.ts), each bound where it is visible. */
  private bindFileFunctions(scoped: Progress['scoped'], functions: readonly FileFunctionSite[], text: string): void {
    for (const f of functions) {
      const binding = this.fileFunctionBinding(f, text.slice(f.start, f.end));
      if (binding) bindIn(scoped, f.name, binding, f);
    }
  }

  private fileFunctionBinding(f: FileFunctionSite, body: string): Binding | undefined {
    const key = `${f.name}(${f.params.map((p) => `${p.type} ${p.name}`).join(',')}) ${body}`;
    const had = this.fileFunctionBindings.get(key);
    if (had !== undefined) return had ?? undefined;
    let st: Ast.Statement | null = null;
    try {
      st = body.length <= MAX_CPP_EXPRESSION_CHARS && !nestingLimit(body) ? this.parsePiece(`${withoutDisambiguators(body)};`) : null;
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
    const binding: Binding | null = st?.type === 'expr' ? { value: null, fn: { params: f.params, body: st.expr } } : null;
    if (this.fileFunctionBindings.size > 256) this.fileFunctionBindings.clear();
    this.fileFunctionBindings.set(key, binding);
    return binding ?? undefined;
  }

  /** Parses and evaluates one piece of the source; undefined when it is not TLA we understand. */
  private evaluatePiece(
    pass: Pass,
    kind: Item['kind'],
    start: number,
    end: number,
    wrap: (src: string) => string,
    offsetInWrap: number,
  ): StatementAnalysis | undefined {
    const { text, places, scoped } = pass.pr;
    const source = withoutDisambiguators(thisMembers(text.slice(start, end), start, scoped, pass.pr.classes));
    // a buffer's and a type alias's wrap holds the declared name: cache by the whole statement
    const src = kind === 'buffer' || kind === 'type' ? wrap(source) : source;
    // only what passed the limits is cached
    let entry = this.cache.get(kind, src);
    const wrapped = entry ? entry.wrapped : wrap(source);
    const chunk = { text: wrapped, terminated: true, preprocessor: false };
    // the record of this piece, at its place (from its wrapped text's start to its source's end)
    const place = { start: start - offsetInWrap, end };
    const placed = (
      statement: Ast.Statement | null,
      result: EvalResult | null,
      local: LocalDiagnostic[],
      defaults?: readonly string[],
      reads?: StatementAnalysis['reads'],
    ): StatementAnalysis => {
      const sa: StatementAnalysis = { index: 0, chunk, statement, result, local, defaults, ...(reads ? { reads } : {}) };
      places.set(sa, place);
      return sa;
    };
    const limited = (message: string): StatementAnalysis =>
      placed(null, null, [{ ...limitDiagnostic(message, wrapped.length), start: offsetInWrap, end: offsetInWrap + Math.min(1, source.length) }]);
    if (!entry) {
      if (source.length > MAX_CPP_EXPRESSION_CHARS) return limited(limitMessages.length(source.length));
      const deep = nestingLimit(wrapped);
      if (deep) return limited(deep);
      pass.work = true;
      let parsedNow: Ast.Statement | null;
      try {
        parsedNow = this.parsePiece(wrapped);
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        return limited(limitMessages.stack()); // deeper than the parser's stack
      }
      entry = this.cache.add(kind, src, wrapped, parsedNow);
      pass.stats.parsed++;
    }
    const st = entry.parsed;
    if (!st) return undefined; // not TLA we understand: say nothing (clangd speaks for C++)

    let result: EvalResult;
    // what it read (the ide layer names an instantiation's type by it: `LayoutTagL1A` → zN)
    let reads: StatementAnalysis['reads'];
    const cached = entry.evaluation;
    const archHere = pass.pr.archs.find((r) => r.start <= start && start < r.end)?.arch ?? this.defaultArch ?? core.DEFAULT_ARCH;
    const region = regionAt(this.instantiation, start);
    const lookupHere = (n: string) =>
      n === ARCH_MACRO
        ? archBinding(archHere)
        : LOOKUP_KEYS.has(n)
          ? pass.pr.lookupName(n, start)
          : lookupUnder(region, scoped, n, start, pass.pr.classes);
    // a branch of `if constexpr` the instantiation discards: the compiler does not instantiate it, nothing there has a value
    if (region && discardedUnder(region, pass.pr.constexprIfs, text, start, (n, at) => lookupUnder(region, scoped, n, at, pass.pr.classes)))
      return undefined;
    if (cached && readsHold(cached.reads, { get: lookupHere })) ({ result, reads } = cached);
    else {
      pass.work = true;
      const names = () => [...scoped.keys()].filter((n) => lookupAt(scoped, n, start, pass.pr.classes));
      const bound = pass.pr.bound;
      const done = evaluateRecording(st, { lookup: lookupHere, names, free: pass.free, bound: (n) => bound.get(n) });
      if (done === 'too-deep') {
        this.cache.delete(kind, src);
        return limited(limitMessages.stack()); // a chain too long to evaluate recursively
      }
      result = done.result;
      reads = done.reads ?? undefined;
      pass.stats.evaluated++;
      entry.evaluation = done.reads ? { reads: done.reads, result } : undefined;
    }
    // inside `if constexpr` the branch may be one the instantiation discards: nothing there is certain;
    // nor on a configuration default (a JIT build may define the macro otherwise)
    const defaults = region || pass.pr.mayRestOnDefaults ? defaultsRead(source, lookupHere) : undefined;
    const discardable = defaults !== undefined || pass.pr.constexprIfs.some((r) => r.start <= start && start < r.end);
    return placed(
      st,
      result,
      discardable ? [] : result.diagnostics.filter((d) => CERTAIN_CODES.has(d.code)).map((d) => ({ ...d, severity: 'warning' as const })),
      defaults,
      reads,
    );
  }

  /** Binds a name in the block of `it` and records its declaration. */
  private bind(pass: Pass, name: string, value: Value | null, sa: StatementAnalysis, nameStart: number, nameEnd: number, it: Item): void {
    const { scoped, made, places, declarations } = pass.pr;
    // a configuration default (the #else of `#ifdef M`, a branch a default takes): read as written, and
    // what reads it is marked as resting on it (a JIT build that defines the macro picks another)
    let defaults = sa.defaults;
    if (it.defaultUnless) {
      const own = `${name} = ${pass.pr.text.slice(it.start, it.end).replace(/\s+/g, ' ').trim()}`;
      defaults = [own, ...(defaults ?? []).filter((d) => d !== own)];
      if (value?.kind === 'type') value = { ...value, defaultUnless: it.defaultUnless };
    }
    // the same value as a binding of the previous analysis: that binding, so its dependents stay cached
    // (identity only: with scoped names, a binding of an equal-printing value from another scope
    // or another text may stand for another declaration — found by the C++ fuzz)
    const same = defaults ? undefined : this.previousBindings.get(name)?.find((b) => b.value === value && !b.defaults);
    const binding: Binding = same ?? (defaults ? { value, defaults } : { value });
    if (it.branch) {
      // the build picks the branch: the value holds inside it; after it, the name is not known (another branch may declare it otherwise)
      bindIn(scoped, name, undefined, it);
      bindIn(scoped, name, binding, { scopeStart: Math.max(it.scopeStart, it.branch.start), scopeEnd: Math.min(it.scopeEnd, it.branch.end) });
    } else bindIn(scoped, name, binding, it);
    let list = made.get(name);
    if (!list) made.set(name, (list = []));
    list.push(binding);
    const base = places.get(sa)!.start;
    // the same name declared again (another function, another struct's `using type = …;`): the last
    // is the name's, an earlier one stays under a key no name has, so a hover on it finds its own value
    const earlier = declarations.get(name);
    if (earlier && earlier.statement !== sa)
      declarations.set(`${name}\u0000${places.get(earlier.statement)!.start + earlier.nameSpan.start}`, earlier);
    declarations.set(name, { name, statement: sa, nameSpan: { start: nameStart - base, end: nameEnd - base }, value: binding.value });
  }

  /**
   * `LayoutA layoutA;`, `TensorDst const &dst`, `Params const &params`: a name of the value its type
   * gives (its run-time leaves named symbols, declaredValues.ts) where the type is a TLA type (written
   * out, an alias, what the instantiation resolves); of a class of the file, its data members are
   * bound as `params.layoutA`. Any other type: nothing (as before).
   */
  private declareTyped(pass: Pass, it: Item): void {
    const { pr } = pass;
    if (it.typed!.deduced !== undefined) return this.declareDeduced(pass, it);
    const prefix = 'using __declared = ';
    const sa = this.evaluatePiece(pass, 'typed', it.start, it.end, (s) => `${prefix}${s};`, prefix.length);
    const tv = sa?.result?.value;
    const type =
      tv?.kind !== 'type' ? undefined : tv.type.t === 'value' ? tv.type.value : tv.type.t === 'tag' ? tagObjectOf(tv.type.name) : undefined;
    if (sa && type) {
      const v = declaredValue(type, it.name!);
      if (!v) return;
      pr.typeOf.set(it, type);
      this.bind(pass, it.name!, v, sa, it.nameStart!, it.nameEnd!, it);
      const d = pr.declarations.get(it.name!);
      const under = regionAt(this.instantiation, it.start) ? ' under the instantiation' : '';
      if (d?.statement === sa)
        d.origin = `the value its declared type \`${pr.text.slice(it.start, it.end)}\` gives${under}: its static parts as the type fixes them, its run-time parts symbols (never a number)`;
      return;
    }
    if (!it.typed!.simple || tv) return;
    const word = pr.text.slice(it.start, it.end);
    const { classes, qualifier } = classOfType(pr, word, it.start);
    if (classes.length !== 1) return; // none, or several of that name: not known which
    pr.typeOf.set(it, classes[0]);
    const members = qualifier ? this.qualifiedMembersOf(pass, it, classes[0], qualifier) : this.membersOf(pr, classes[0], 0);
    for (const [path, type] of members) {
      const v = declaredValue(type, `${it.name}.${path}`);
      if (v) this.bindPath(pass, `${it.name}.${path}`, v, it);
    }
  }

  /**
   * `template <class TensorA> auto GetTileA(TensorA &tensorA, …)`: TensorA is what its calls in the
   * class pass (`GetTileA(tensorA, …)`), when every call passes a value of the same type (its static
   * leaves and structure); then the parameter is a value of that type, its run-time leaves its own.
   */
  private declareDeduced(pass: Pass, it: Item): void {
    const { pr } = pass;
    const calls = it.typed!.deduced?.calls;
    if (!calls?.length) return;
    let type: Value | undefined;
    let key: string | undefined;
    for (const c of calls) {
      // a call after the function: its argument's value is not bound yet (an outer one of that name would be wrong)
      if (c.at >= it.scopeStart) return;
      const v = lookupUnder(regionAt(this.instantiation, c.at), pr.scoped, c.arg, c.at, pr.classes)?.value;
      const typed = v ? declaredValue(v, '·') : undefined;
      if (!v || !typed) return; // not known, or no TLA value: the parameter is not known
      const k = printValue(typed);
      if (key !== undefined && k !== key) return; // calls of different types: not known which
      key = k;
      type ??= v;
    }
    const v = declaredValue(type!, it.name!);
    if (v) this.bindPath(pass, it.name!, v, it);
  }

  /** The data members of a class of the file whose types are TLA types (`layoutA`), and of its members of such classes (`epilogue.layoutC`), with their types' values. */
  private membersOf(pr: Progress, cls: CppClass, depth: number): [string, Value][] {
    const out: [string, Value][] = [];
    if (depth > 2) return out;
    for (const [it, type] of pr.typeOf) {
      if (!it.typed!.member || it.scopeStart !== cls.scopeStart) continue;
      if ('kind' in type) out.push([it.name!, type]);
      else if (type !== cls) for (const [p, t] of this.membersOf(pr, type, depth + 1)) out.push([`${it.name}.${p}`, t]);
    }
    return out;
  }

  /**
   * The TLA-typed data members of `cls`, a class of the file reached as `QUALIFIER::Params` from the
   * declaration `it` (`using Params = typename Base::Params;`, Base a base class template): a member of a
   * type its class does not fix (`LayoutA layoutA;`, LayoutA the base's alias of its parameter's member)
   * has the type `QUALIFIER::LayoutA` has where `it` is read (the instantiation's `Base::LayoutA`);
   * a name the struct declares itself, or a type other than one name: not read.
   */
  private qualifiedMembersOf(pass: Pass, it: Item, cls: CppClass, qualifier: string): [string, Value][] {
    const { pr } = pass;
    const out: [string, Value][] = [];
    const prefix = 'using __declared = ';
    for (const m of pr.items) {
      if (m.kind !== 'typed' || !m.typed!.member || m.scopeStart !== cls.scopeStart) continue;
      const known = pr.typeOf.get(m);
      if (known) {
        if ('kind' in known) out.push([m.name!, known]);
        continue;
      }
      const word = pr.text.slice(m.start, m.end);
      if (!m.typed!.simple || pr.items.some((x) => x.kind === 'type' && x.name === word && x.scopeStart === cls.scopeStart)) continue;
      const sa = this.evaluatePiece(pass, 'type', it.start, it.end, () => `${prefix}${qualifier}::${word};`, prefix.length);
      const tv = sa?.result?.value;
      const type =
        tv?.kind !== 'type' ? undefined : tv.type.t === 'value' ? tv.type.value : tv.type.t === 'tag' ? tagObjectOf(tv.type.name) : undefined;
      if (type) out.push([m.name!, type]);
    }
    return out;
  }

  /** Binds a member path (`params.layoutA`) in the block of `it`; no declaration of its own (the member's is in its class). */
  private bindPath(pass: Pass, path: string, value: Value, it: Item): void {
    const { scoped, made } = pass.pr;
    const binding = this.previousBindings.get(path)?.find((b) => b.value === value) ?? { value };
    bindIn(scoped, path, binding, it);
    let list = made.get(path);
    if (!list) made.set(path, (list = []));
    list.push(binding);
  }

  /** Constants first, then aliases, then the expressions, each in the order of the source, until the time budget. */
  private evaluateItems(pass: Pass): void {
    // constants first, then aliases, then the expressions, each in the order of the source
    const { pr } = pass;
    const items = pr.items;
    while (pr.next < items.length) {
      // a call that did new work and spent its time yields (each call does some)
      if (pass.work && this.budgetMs !== Infinity && performance.now() - pass.t0 > this.budgetMs) break;
      const it = items[pr.next++];
      if (it.kind === 'constant') {
        const prefix = 'auto __c = ';
        const sa = this.evaluatePiece(pass, it.kind, it.start, it.end, (s) => `${prefix}${s};`, prefix.length);
        if (sa && !sa.result) pr.limited.push(sa);
        if (sa?.result?.value && sa.result.value.kind === 'int')
          this.bind(pass, it.name!, declaredInteger(sa.result.value), sa, it.nameStart!, it.nameEnd!, it);
      } else if (it.kind === 'type') {
        // `using ElementA = half;`, `using LayoutL0C = tla::Layout<…>;`: the type it names (an element, a
        // tag, a TLA type written as a type, `(u32,u32):(i64,_1)`), never the zeros of a value-initialised `X{}`
        // (`typename Traits::LayoutA` names the type Traits::LayoutA: the keyword is blanked, the offsets kept)
        const prefix = `using ${it.name} = `;
        const sa = this.evaluatePiece(pass, it.kind, it.start, it.end, (s) => `${prefix}${s.replace(/^typename\b/, '        ')};`, prefix.length);
        if (sa && !sa.result) pr.limited.push(sa);
        if (sa?.result?.value) this.bind(pass, it.name!, sa.result.value, sa, it.nameStart!, it.nameEnd!, it);
        else {
          // one not read in a block of a body under an instantiation still hides the member of its name
          // (and a `Traits::X` of a local `Traits`): unknown there, never the instantiation's
          const region = regionAt(this.instantiation, it.start);
          if (region && it.scopeStart > region.start && it.scopeEnd < region.end) bindIn(pr.scoped, it.name!, undefined, it);
        }
      } else if (it.kind === 'buffer') {
        const sa = this.evaluatePiece(pass, it.kind, it.start, it.end, (s) => `${s} ${it.name};`, 0);
        const v = sa?.result?.value;
        if (sa && v?.kind === 'buffer') this.bind(pass, it.name!, it.isArray ? { ...v, array: true } : v, sa, it.nameStart!, it.nameEnd!, it);
      } else if (it.kind === 'typed') {
        this.declareTyped(pass, it);
      } else if (it.kind === 'unknownName') {
        bindIn(pr.scoped, it.name!, undefined, it);
      } else if (it.kind === 'using') {
        bindIn(pr.scoped, it.name!, USING_BINDING, it);
      } else {
        const sa = this.evaluatePiece(pass, it.kind, it.start, it.end, (s) => `${s};`, 0);
        if (sa) pr.statements.push(sa);
        if (it.name && sa?.result?.value) {
          this.bind(pass, it.name, sa.result.value, sa, it.nameStart!, it.nameEnd!, it);
          // a data member's initialiser is its hover's; a member function reads what the object holds
          // then (a constructor may have stored another): the type's static parts, its run-time parts symbols
          if (it.dataMember) {
            const held = declaredValue(sa.result.value, it.name);
            bindIn(pr.scoped, it.name, held ? { value: held } : undefined, it);
          }
        }
        // a declaration with no value hides an outer one of its name: unknown there, never the outer's value
        else if (it.name) bindIn(pr.scoped, it.name, undefined, it);
      }
    }
  }

  /** The analysis of what has been evaluated: statements in source order, their diagnostics, the budget's note. */
  private finish(pass: Pass, original: string): CppAnalysis {
    const { pr, t0 } = pass;
    const { items, places, declarations, made } = pr;
    const complete = pr.next >= items.length;
    this.progress = complete ? undefined : pr;

    // limits met by constants and aliases: their diagnostics are listed with the statements (no hint, no value)
    // each record gets its index in this analysis; one a paused analysis already returned is
    // copied instead (an analysis is an immutable snapshot), and its declaration follows the copy
    const moved = new Map<StatementAnalysis, StatementAnalysis>();
    const statements = [...pr.statements, ...pr.limited]
      .sort((x, y) => places.get(x)!.start - places.get(y)!.start)
      .map((s, i) => {
        if (s.index === i) return s;
        if (!this.published.has(s)) {
          s.index = i;
          return s;
        }
        const c = { ...s, index: i };
        moved.set(s, c);
        places.set(c, places.get(s)!);
        return c;
      });
    for (const s of statements) this.published.add(s);
    if (moved.size)
      for (const [n, d] of declarations) {
        const c = moved.get(d.statement);
        if (c) declarations.set(n, { ...d, statement: c });
      }
    const diagnostics: Diagnostic[] = [];
    for (const s of statements) {
      for (const d of s.local) {
        const base = places.get(s)!.start;
        diagnostics.push({
          start: base + d.start,
          end: base + d.end,
          severity: d.severity ?? 'warning',
          code: d.code,
          message: d.message,
          related: [],
          data: d.data,
        });
      }
    }
    if (!complete) {
      const at = Math.min(items[pr.next - 1]?.end ?? 0, original.length);
      diagnostics.push({
        start: Math.max(0, at - 1),
        end: at,
        severity: 'information',
        code: 'limit-exceeded',
        message: limitMessages.budget(Math.round(performance.now() - t0)),
        related: [],
      });
    } else {
      // the bindings of a complete analysis are the ones the next edit can reuse
      this.previousBindings = made;
    }
    // alias type forms are value-initialised: their zero originShape is the alias's business, not a warning here
    // a partial analysis goes on filling its maps: the answer gets a copy
    return placedAnalysis(
      {
        text: original,
        statements,
        diagnostics,
        declarations: complete ? declarations : new Map(declarations),
        usesTla: true,
        complete,
        bindings: pr.bound,
        archs: pr.archs,
        ...(pr.bound.size && complete ? { unbound: this.unboundTwin(original) } : {}),
      },
      places,
    );
  }

  /** The analysis of `text` without any binding, made once when first asked (a hover of a bound value). */
  private unboundTwin(text: string): () => CppAnalysis {
    const { defaultArch, instantiation } = this;
    let made: CppAnalysis | undefined;
    return () => {
      if (made) return made;
      const twin = new CppAnalyzer(defaultArch, NO_BINDINGS, false, false);
      twin.instantiation = instantiation;
      for (made = twin.analyze(text); !made.complete;) made = twin.analyze(text);
      return made;
    };
  }

  /** Adds bindings to those a later analysis may reuse. */
  private keepBindings(made: Map<string, Binding[]>): void {
    for (const [n, list] of made) {
      const old = this.previousBindings.get(n);
      this.previousBindings.set(n, old ? [...new Set([...old, ...list])] : list);
    }
  }
}
