// Which branches of a C++ file's `#if`/`#ifdef`/`#elif`/`#else` chains the compiler reads, as far
// as the file itself says: a condition over macros the file defines is decided (`#if 0`, `#define
// MODE 1` … `#if MODE == 0`); one over a configuration macro's default (`#ifndef M #define M 0
// #endif`) is decided only under that default; one over what the build may define (`-DCATLASS_ARCH`,
// `defined(X)` of an X the file never defines) is open. Reading every branch in turn, the last
// declaration of a name would win — a wrong value whenever the compiler takes another branch.

/** A branch's body (from the end of its directive's line to the next directive of its chain). */
export interface PreprocessorBranch {
  start: number;
  end: number;
  /**
   * dead: the compiler never reads it (the file decides); default: read only while the build leaves
   * `defaultOf` undefined (the configuration macro's default); open: read or not depending on the
   * build, in a chain with another branch (a name declared here may have another value elsewhere).
   */
  state: 'dead' | 'default' | 'open';
  /** The configuration macro whose default decides it (state 'default', or 'open' beside a default). */
  defaultOf?: string;
  /** Which chain it belongs to (the branches of one `#if … #endif` share it). */
  chain: number;
}

/** Macros the device build always defines (the resolver reads headers the same way). */
const DEVICE_MACROS: ReadonlyMap<string, bigint> = new Map([['__CCE__', 1n]]);

/** A macro the file defines (or undefines); conditional: only in a branch the build decides. */
type MacroState = { defined: boolean; value: bigint | undefined; defaultOf?: string } | 'conditional';
/** A condition's value: a number, or null when the build decides it; `via` the defaults it read. */
type Tri = { v: bigint | null; via: string[] };

interface Frame {
  /** Whether a branch of this chain was taken certainly (or under a default: its macro). */
  taken: false | 'certain' | { defaultOf: string };
  /** Whether an earlier branch was open (so this one is not certain either). */
  open: boolean;
  /** The first configuration default an earlier branch's condition read (then a later take is under it). */
  dependsOn?: string;
  /** The enclosing frame's branch is dead: everything inside is. */
  deadAround: boolean;
  /** The current branch. */
  state: 'live' | PreprocessorBranch['state'];
  defaultOf?: string;
  start: number;
  /** How many branches the chain has had so far. */
  count: number;
  /** `#ifndef M`: its macro (a `#define M v` directly inside is M's default). */
  ifndef?: string;
  branches: PreprocessorBranch[];
  chain: number;
}

const DIRECTIVE = /^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif|define|undef)\b(.*)$/gm;

/** The branches that are not simply read: dead ones, those read only under a default, open ones of a chain. */
export function preprocessorBranches(text: string, given: ReadonlyMap<string, bigint> = new Map()): PreprocessorBranch[] {
  if (!text.includes('#')) return [];
  const out: PreprocessorBranch[] = [];
  const macros = new Map<string, MacroState>([...given].map(([k, value]) => [k, { defined: true, value }]));
  let chains = 0;
  const stack: Frame[] = [];
  const dead = () => stack.some((f) => f.state === 'dead' || f.deadAround);
  const close = (f: Frame, at: number) => {
    if (f.state !== 'live') f.branches.push({ start: f.start, end: at, state: f.state, defaultOf: f.defaultOf, chain: f.chain });
  };
  DIRECTIVE.lastIndex = 0;
  for (let m = DIRECTIVE.exec(text); m; m = DIRECTIVE.exec(text)) {
    const kind = m[1];
    const rest = m[2].replace(/\/\/.*$|\/\*.*?\*\//g, '').trim();
    const lineEnd = m.index + m[0].length;
    if (kind === 'define' || kind === 'undef') {
      if (!dead()) define(kind, rest, stack, macros);
      continue;
    }
    if (kind === 'if' || kind === 'ifdef' || kind === 'ifndef') {
      const f: Frame = { taken: false, open: false, deadAround: dead(), state: 'live', start: lineEnd, count: 1, branches: [], chain: chains++ };
      if (kind === 'ifndef') f.ifndef = /^\w+/.exec(rest)?.[0];
      const cond = kind === 'if' ? rest : `${kind === 'ifndef' ? '!' : ''}defined(${rest})`;
      enter(f, f.deadAround ? { v: 0n, via: [] } : evaluate(cond, macros));
      stack.push(f);
    } else if (kind === 'elif' || kind === 'else') {
      const f = stack[stack.length - 1];
      if (!f) continue;
      close(f, m.index);
      f.start = lineEnd;
      f.count++;
      f.ifndef = undefined;
      enter(f, f.deadAround ? { v: 0n, via: [] } : kind === 'else' ? { v: 1n, via: [] } : evaluate(rest, macros));
    } else {
      const f = stack.pop();
      if (!f) continue;
      close(f, m.index);
      // an open branch with no alternative (`#ifndef GUARD`, `#ifdef FEATURE` alone) is read as before
      out.push(...f.branches.filter((b) => b.state !== 'open' || f.count > 1 || b.defaultOf));
    }
  }
  for (const f of stack) close(f, text.length);
  return out.sort((a, b) => a.start - b.start);
}

/** `#define M v` / `#undef M` in a branch that is read: certain, a default, or only conditional. */
function define(kind: string, rest: string, stack: readonly Frame[], macros: Map<string, MacroState>): void {
  const name = /^([A-Za-z_]\w*)(\()?/.exec(rest);
  if (!name || name[2]) return; // a function-like macro: not a configuration value
  const top = stack[stack.length - 1];
  const value = kind === 'undef' ? undefined : intOf(rest.slice(name[0].length));
  const defined = kind === 'define';
  const outerOpen = stack.slice(0, -1).some((f) => f.state === 'open');
  // `#ifndef M` / `#define M 0` / `#endif`: M's default (a build may define M)
  if (defined && top?.state === 'open' && top.ifndef === name[1] && !outerOpen) macros.set(name[1], { defined, value, defaultOf: name[1] });
  else if (stack.some((f) => f.state === 'open')) macros.set(name[1], 'conditional');
  else macros.set(name[1], { defined, value, defaultOf: stack.find((f) => f.state === 'default')?.defaultOf });
}

/** The state of the branch a condition opens in frame f (after the chain's earlier branches). */
function enter(f: Frame, c: Tri): void {
  f.defaultOf = undefined;
  const via = c.via[0] ?? f.dependsOn;
  if (f.deadAround || f.taken === 'certain' || (c.v === 0n && !via)) {
    f.state = 'dead';
  } else if (typeof f.taken === 'object') {
    // a default was taken before: this branch is read only when the build defines that macro
    f.state = 'open';
    f.defaultOf = f.taken.defaultOf;
  } else if (c.v === null || f.open) {
    f.state = 'open';
    f.open = true;
  } else if (c.v === 0n) {
    // false under a default: read when the build defines the macro otherwise
    f.state = 'open';
    f.defaultOf = via;
    f.dependsOn ??= via;
  } else if (via) {
    f.state = 'default';
    f.defaultOf = via;
    f.taken = { defaultOf: via! };
  } else {
    f.state = 'live';
    f.taken = 'certain';
  }
}

function intOf(body: string): bigint | undefined {
  const t = body
    .trim()
    .replace(/^\((.*)\)$/, '$1')
    .trim();
  if (/^(true)$/.test(t)) return 1n;
  if (/^(false)$/.test(t)) return 0n;
  const n = /^(-?)(0[xX][0-9a-fA-F]+|\d+)[uUlL]*$/.exec(t);
  return n ? (n[1] ? -1n : 1n) * BigInt(n[2]) : undefined;
}

/** A `#if` expression over the file's macros: null where it depends on what the build defines. */
function evaluate(text: string, macros: ReadonlyMap<string, MacroState>): Tri {
  const via: string[] = [];
  const known = (name: string): MacroState | undefined => {
    const s = macros.get(name);
    if (s && s !== 'conditional' && s.defaultOf && !via.includes(s.defaultOf)) via.push(s.defaultOf);
    return s;
  };
  const { v, complete } = evaluateCondition(conditionTokens(text), {
    defined: (name) => {
      if (DEVICE_MACROS.has(name)) return 1n;
      const s = known(name);
      if (!s || s === 'conditional') return null; // the build may define it
      return s.defined ? 1n : 0n;
    },
    value: (name) => {
      if (name === 'true') return 1n;
      if (name === 'false') return 0n;
      if (DEVICE_MACROS.has(name)) return DEVICE_MACROS.get(name)!;
      const s = known(name);
      if (s && s !== 'conditional' && !s.defined) return 0n; // #undef'd: 0, as in #if
      if (!s || s === 'conditional' || s.value === undefined) return null;
      return s.value;
    },
    missing: null,
  });
  return { v: complete ? v : null, via };
}

/** What the names of a `#if` expression read: a number, or null where the build decides it. */
export interface ConditionNames {
  /** `defined(X)` / `defined X`. */
  defined(name: string): bigint | null;
  /** A macro's value (`MODE`, `true`). */
  value(name: string): bigint | null;
  /** What an operand missing at the end reads (a malformed condition). */
  missing: bigint | null;
}

const TOKENS = new Map<string, string[]>();

/** The tokens of a `#if` expression (kept per text: a header's conditions are read at every lookup). */
export function conditionTokens(text: string): string[] {
  let toks = TOKENS.get(text);
  if (!toks) {
    if (TOKENS.size >= 10_000) TOKENS.clear();
    toks = text.match(/defined\s*\(\s*\w+\s*\)|defined\s+\w+|\w+|&&|\|\||==|!=|<=|>=|[!<>+\-*/%()]/g) ?? [];
    TOKENS.set(text, toks);
  }
  return toks;
}

/**
 * A `#if` expression: `defined(X)`, integers, `! && || == != < > <= >= + - * / % ( )`. Where a name
 * reads null the value is null, except that a certain 0 decides `&&` and a certain non-zero `||`.
 * `complete`: every token was read.
 */
export function evaluateCondition(toks: readonly string[], names: ConditionNames): { v: bigint | null; complete: boolean } {
  let i = 0;
  const prim = (): bigint | null => {
    const t = toks[i++];
    if (t === undefined) return names.missing;
    if (t === '(') {
      const v = or();
      if (toks[i] === ')') i++;
      return v;
    }
    if (t === '!') {
      const v = prim();
      return v === null ? null : v ? 0n : 1n;
    }
    if (t === '-') {
      const v = prim();
      return v === null ? null : -v;
    }
    if (t.startsWith('defined')) return names.defined(/(\w+)\s*\)?$/.exec(t)![1]);
    if (/^\d/.test(t)) return BigInt(t.replace(/[uUlL]+$/, ''));
    return names.value(t);
  };
  const bin = (next: () => bigint | null, ops: string[], apply: (op: string, a: bigint, b: bigint) => bigint) => (): bigint | null => {
    let a = next();
    while (ops.includes(toks[i])) {
      const op = toks[i++];
      const b = next();
      a = a === null || b === null ? null : apply(op, a, b);
    }
    return a;
  };
  const b2 = (x: boolean) => (x ? 1n : 0n);
  const mul = bin(prim, ['*', '/', '%'], (op, a, b) => (op === '*' ? a * b : b === 0n ? 0n : op === '/' ? a / b : a % b));
  const add = bin(mul, ['+', '-'], (op, a, b) => (op === '+' ? a + b : a - b));
  const rel = bin(add, ['<', '>', '<=', '>='], (op, a, b) => b2(op === '<' ? a < b : op === '>' ? a > b : op === '<=' ? a <= b : a >= b));
  const eq = bin(rel, ['==', '!='], (op, a, b) => b2(op === '==' ? a === b : a !== b));
  // a certain 0 decides `&&`, a certain non-zero `||`, whatever the other side
  const logic = (next: () => bigint | null, op: '&&' | '||') => (): bigint | null => {
    let a = next();
    while (toks[i] === op) {
      i++;
      const b = next();
      const decides = (x: bigint | null) => x !== null && (op === '&&' ? x === 0n : x !== 0n);
      if (decides(a) || decides(b)) a = op === '&&' ? 0n : 1n;
      else a = a === null || b === null ? null : op === '&&' ? 1n : 0n;
    }
    return a;
  };
  const and = logic(eq, '&&');
  const or = logic(and, '||');
  const v = or();
  return { v, complete: i >= toks.length };
}

/** The branch around `at` that is not simply read (the innermost), or undefined. */
export function branchAt(branches: readonly PreprocessorBranch[], at: number): PreprocessorBranch | undefined {
  let best: PreprocessorBranch | undefined;
  for (const b of branches) if (b.start <= at && at < b.end && (!best || b.start >= best.start)) best = b;
  return best;
}

/** A configuration macro's default: `#ifndef M` / `#define M V` / `#endif` (a JIT build defines M otherwise). */
export interface ConfigurationMacro {
  name: string;
  /** V as written. */
  value: string;
  /** The end of its `#define` line (it is read from there on). */
  at: number;
}

const MACRO_DEFAULT =
  /^[ \t]*#[ \t]*ifndef[ \t]+(\w+)[ \t]*(?:\/\/[^\r\n]*)?(?:\r\n?|\n)[ \t]*#[ \t]*define[ \t]+\1[ \t]+([^\s(][^\r\n]*?)[ \t]*(?:\r\n?|\n)[ \t]*#[ \t]*endif\b/gm;

/** The file's configuration macros and their defaults, outside the branches the compiler never reads. */
export function configurationMacros(text: string): ConfigurationMacro[] {
  if (!text.includes('#ifndef')) return [];
  const dead = preprocessorBranches(text).filter((b) => b.state === 'dead');
  const out: ConfigurationMacro[] = [];
  MACRO_DEFAULT.lastIndex = 0;
  for (let m = MACRO_DEFAULT.exec(text); m; m = MACRO_DEFAULT.exec(text)) {
    if (dead.some((b) => b.start <= m!.index && m!.index < b.end)) continue;
    const value = m[2].replace(/\/\/.*$|\/\*.*?\*\//g, '').trim();
    if (value) out.push({ name: m[1], value, at: m.index + m[0].length });
  }
  return out;
}
