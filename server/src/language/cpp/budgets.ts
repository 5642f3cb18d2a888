// Buffer budgets of an instantiation (issue 21): a block's own static_asserts that bound what it
// puts in a buffer — `L1A_TILE_SIZE * L1A_STAGES + L1B_TILE_SIZE * L1B_STAGES <= ArchTag::L1_SIZE`,
// the L0A/L0B/L0C ones, the EVENT_ID limits `(!HAS_BIAS && (L1A_STAGES + L1B_STAGES) <= 8) || …`
// — evaluated under the instantiation as records: what is used, the capacity, the assert's message,
// whether it holds. Read from the selected body's asserts, never from a table of blocks: a budget
// is an assert comparing with an arch's `…_SIZE` (bytes) or one whose message names EVENT (ids).
import type { Node } from './cppExpr';
import { simpleName } from './cppExpr';
import { conditionHolds } from './headerIndex';
import { Frame, Inst, NeedsLayoutEvaluator, Resolver } from './resolver';
import type { ScratchResult } from './scratch';
import { AssertFailure, SubstitutionFailure, Unknown } from './types';

/** One term of what a budget uses: `L1A_TILE_SIZE * L1A_STAGES` is A, its tile's size, its stages. */
export interface BudgetPart {
  /** What the term's names say beyond the budget's own name (`A` of `L1A_TILE_SIZE` in L1); '' when nothing. */
  label: string;
  /** A tile's size (bytes) or, for an ids budget, undefined. */
  size?: bigint;
  /** How many (stages); undefined when the term has no count. */
  count?: bigint;
}

export interface Budget {
  /** `L1`, `L0A`, … (the capacity `ArchTag::L1_SIZE` without `_SIZE`); `L1 EVENT_ID` for an ids limit. */
  name: string;
  unit: 'bytes' | 'ids';
  /** The assert's two sides as written, and its comparison. */
  usedText: string;
  op: '<=' | '<';
  capacityText: string;
  /** Their values under the instantiation; undefined when not known (shown as ‹?›). */
  used?: bigint;
  capacity?: bigint;
  parts: BudgetPart[];
  /** Undefined when either side is not known. */
  pass?: boolean;
  message: string;
  /** Where the assert is (header relative to include/, 1-based line). */
  header: string;
  line: number;
}

/** The budgets of an instantiated class's selected body, in the order of its asserts. */
export function instanceBudgets(r: Resolver, inst: Inst): Budget[] {
  try {
    r.complete(inst);
  } catch (e) {
    // a failing assert still leaves the body instantiated past it (as the compiler reads it)
    if (!(e instanceof AssertFailure || e instanceof Unknown || e instanceof SubstitutionFailure || e instanceof NeedsLayoutEvaluator)) throw e;
  }
  const out: Budget[] = [];
  for (const m of inst.decl.members) {
    if (m.kind !== 'assert' || !conditionHolds(m.cond, r.macros)) continue;
    const ids = /EVENT/.test(m.message);
    const cmp = comparisonOf(m.expr, r, inst.frame);
    if (!cmp) continue;
    const capName = capacityName(cmp.b);
    if (!capName && !ids) continue;
    const used = known(() => r.integer(r.value(cmp.a, inst.frame)));
    const capacity = known(() => r.integer(r.value(cmp.b, inst.frame)));
    const name = capName ?? `${commonPrefix(namesIn(cmp.a)) || 'buffer'} EVENT_ID`;
    out.push({
      name,
      unit: capName ? 'bytes' : 'ids',
      usedText: nodeText(cmp.a),
      op: cmp.op,
      capacityText: nodeText(cmp.b),
      used,
      capacity,
      parts: terms(cmp.a).map((t) => part(t, capName ?? commonPrefix(namesIn(cmp.a)), r, inst.frame)),
      pass: used !== undefined && capacity !== undefined ? (cmp.op === '<=' ? used <= capacity : used < capacity) : undefined,
      message: m.message,
      header: r.headerName(inst.file),
      line: m.line,
    });
  }
  return out;
}

/** The budgets of the class a scratchpad's alias names (none when it does not resolve to a class). */
export function budgetsOf(res: ScratchResult, alias: string): Budget[] {
  const t = res.frame.bind?.get(alias);
  if (!t || t.k !== 'class') return [];
  try {
    return instanceBudgets(res.resolver, res.resolver.instance(t));
  } catch (e) {
    if (e instanceof Unknown || e instanceof SubstitutionFailure || e instanceof NeedsLayoutEvaluator || e instanceof AssertFailure) return [];
    throw e;
  }
}

const known = (f: () => bigint): bigint | undefined => {
  try {
    return f();
  } catch (e) {
    if (e instanceof Unknown || e instanceof SubstitutionFailure || e instanceof NeedsLayoutEvaluator || e instanceof AssertFailure) return undefined;
    throw e;
  }
};

type Comparison = { op: '<=' | '<'; a: Node; b: Node };

/**
 * The comparison an assert checks: the assert itself (`X <= Y`), or in a disjunction of guarded
 * cases (`(!HAS_BIAS && X <= 8) || (HAS_BIAS && X <= 7)`) the one whose guards hold. Guards not
 * known: no comparison (nothing is shown rather than the wrong case).
 */
function comparisonOf(x: Node, r: Resolver, f: Frame): Comparison | undefined {
  if (x.n === 'binary' && (x.op === '<=' || x.op === '<')) return { op: x.op, a: x.a, b: x.b };
  if (x.n === 'binary' && x.op === '>=') return { op: '<=', a: x.b, b: x.a };
  if (x.n === 'binary' && x.op === '||') {
    for (const side of [x.a, x.b]) {
      const c = guarded(side, r, f);
      if (c === 'unknown') return undefined;
      if (c) return c;
    }
  }
  return undefined;
}

/** `G && … && X <= Y`: the comparison when every guard holds, undefined when one does not. */
function guarded(x: Node, r: Resolver, f: Frame): Comparison | undefined | 'unknown' {
  const conj: Node[] = [];
  const flatten = (n: Node): void => void (n.n === 'binary' && n.op === '&&' ? (flatten(n.a), flatten(n.b)) : conj.push(n));
  flatten(x);
  const cmps = conj.map((c) => comparisonOf(c, r, f));
  if (cmps.filter((c) => c).length !== 1) return 'unknown';
  for (let i = 0; i < conj.length; i++) {
    if (cmps[i]) continue;
    const g = known(() => r.integer(r.value(conj[i], f)));
    if (g === undefined) return 'unknown';
    if (g === 0n) return undefined;
  }
  return cmps.find((c) => c);
}

/** `ArchTag::L1_SIZE` → `L1`. */
function capacityName(x: Node): string | undefined {
  if (x.n !== 'name') return undefined;
  const last = x.segs[x.segs.length - 1].name;
  const m = /^(\w+?)_SIZE$/.exec(last);
  return m ? m[1] : undefined;
}

/** The terms of a sum. */
function terms(x: Node): Node[] {
  return x.n === 'binary' && x.op === '+' ? [...terms(x.a), ...terms(x.b)] : [x];
}

/** `L1A_TILE_SIZE * L1A_STAGES` in L1: A, its size, its count; `L1A_STAGES` in an ids budget: A, its count. */
function part(t: Node, budget: string, r: Resolver, f: Frame): BudgetPart {
  const factors: Node[] = [];
  const flatten = (n: Node): void => void (n.n === 'binary' && n.op === '*' ? (flatten(n.a), flatten(n.b)) : factors.push(n));
  flatten(t);
  const names = factors.map(simpleName);
  const sizeAt = names.findIndex((n) => n && /_SIZE$/.test(n));
  const countAt = names.findIndex((n) => n && /_STAGES$/.test(n));
  const first = names[sizeAt >= 0 ? sizeAt : countAt] ?? '';
  const label = first.startsWith(budget) ? first.slice(budget.length).replace(/_?(TILE_SIZE|STAGES|SIZE)$/, '') : '';
  return {
    label,
    size: sizeAt >= 0 ? known(() => r.integer(r.value(factors[sizeAt], f))) : undefined,
    count: countAt >= 0 ? known(() => r.integer(r.value(factors[countAt], f))) : undefined,
  };
}

function namesIn(x: Node): string[] {
  const n = simpleName(x);
  if (n) return [n];
  if (x.n === 'binary') return [...namesIn(x.a), ...namesIn(x.b)];
  if (x.n === 'unary') return namesIn(x.x);
  return [];
}

/** `L1A_STAGES`, `L1B_STAGES` → `L1` (their common start, without the letter that tells them apart). */
function commonPrefix(names: readonly string[]): string {
  if (!names.length) return '';
  let p = names[0];
  for (const n of names) while (!n.startsWith(p)) p = p.slice(0, -1);
  return names.length > 1 ? p.replace(/_$/, '') : p.replace(/[A-Z]?_\w*$/, '');
}

/** An expression as written (spaces around binary operators). */
export function nodeText(x: Node): string {
  switch (x.n) {
    case 'name':
      return (x.global ? '::' : '') + x.segs.map((s) => s.name + (s.args ? `<${s.args.map(nodeText).join(', ')}>` : '')).join('::');
    case 'num':
      return String(x.v);
    case 'unary':
      return x.op + nodeText(x.x);
    case 'binary':
      return `${nodeText(x.a)} ${x.op} ${nodeText(x.b)}`;
    case 'call':
      return `${nodeText(x.f)}${x.brace ? '{' : '('}${x.args.map(nodeText).join(', ')}${x.brace ? '}' : ')'}`;
    case 'sizeof':
      return `sizeof(${nodeText(x.x)})`;
    default:
      return '…';
  }
}

/** Bytes as the hover writes them: whole KiB as KiB, else bytes. */
export function formatBytes(b: bigint): string {
  return b !== 0n && b % 1024n === 0n ? `${b / 1024n} KiB` : `${b} B`;
}

/** One budget in a line: `L1: 384 KiB of 512 KiB (A 64 KiB ×2, B 128 KiB ×2)`; ‹?› where a side is not known; a failing one says so (`verdict`). */
export function budgetLine(b: Budget, verdict = true): string {
  const q = (v: bigint | undefined) => (v === undefined ? '‹?›' : b.unit === 'bytes' ? formatBytes(v) : String(v));
  const parts = b.parts
    .filter((p) => p.size !== undefined || p.count !== undefined)
    .map((p) =>
      [p.label, p.size !== undefined ? q(p.size) : undefined, p.count !== undefined && p.size !== undefined ? `×${p.count}` : p.count]
        .filter((s) => s !== undefined && s !== '')
        .join(' '),
    );
  const fails = verdict && b.pass === false ? ` — exceeds: static_assert fails: ${b.message}` : '';
  return `${b.name}: ${q(b.used)} of ${q(b.capacity)}${parts.length > 1 || (parts.length === 1 && b.parts[0].label) ? ` (${parts.join(', ')})` : ''}${fails}`;
}
