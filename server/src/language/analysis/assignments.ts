// C++ assignments of a declared name (`a += b;`, `a -= b;`, `a = b;` after `a`'s declaration):
// each is a new binding of the name, visible from the next statement on, while the statements
// before it keep reading the earlier one. A declaration holds its assignments in statement
// order (`writes`); a table's entries are never changed in place, only replaced.
import type { Binding } from '../eval';
import type { Ast } from '../syntax';

/** What this reads of a declaration (documentAnalysis.ts's Declaration): its statement's place, its binding, its assignments. */
interface Declaration {
  name: string;
  statement: { index: number };
  binding?: Binding;
  writes?: readonly Declaration[];
}
/** What this reads of a statement and an analysis. */
type Statement = { index: number; declaredName?: string };
type Analysis<D> = { declarations: ReadonlyMap<string, D> };

/** The short form `NAME = EXPR;` or `NAME op= EXPR;`: an assignment when NAME is declared before it. */
export function isAssignmentForm(st: Ast.Statement | null | undefined): boolean {
  return !!st && st.type === 'decl' && st.declType === null;
}

/** The position of the first assignment at or after statement `index` (ascending by index). */
function firstAtOrAfter(writes: readonly Declaration[], index: number): number {
  let lo = 0;
  let hi = writes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (writes[mid].statement.index < index) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** What a declared name is bound to just before statement `at`: its last assignment before it, else its declaration. */
export function bindingBefore(d: Declaration, at: number): Binding | undefined {
  const w = d.writes;
  if (!w || !w.length) return d.binding;
  const k = firstAtOrAfter(w, at);
  return k > 0 ? w[k - 1].binding : d.binding;
}

/** The assignment of `d`'s name made by statement `index`, if any. */
export function writeAt<D extends Declaration>(d: D, index: number): D | undefined {
  const w = d.writes as readonly D[] | undefined;
  if (!w) return undefined;
  const k = firstAtOrAfter(w, index);
  return k < w.length && w[k].statement.index === index ? w[k] : undefined;
}

/** The declaration with only its assignments before statement `index`. */
export function writesBefore<D extends Declaration>(d: D, index: number): D {
  const w = d.writes;
  if (!w || !w.length || w[w.length - 1].statement.index < index) return d;
  return { ...d, writes: w.slice(0, firstAtOrAfter(w, index)) };
}

/**
 * The declaration with assignment `write` in its place (replacing one made by the same
 * statement). `keepLater`: the assignments after it stand (an analysis that kept the previous
 * declarations); else they are dropped (a walk in order makes them again).
 */
export function withWrite<D extends Declaration>(d: D, write: D, keepLater: boolean): D {
  const w = d.writes ?? [];
  const k = firstAtOrAfter(w, write.statement.index);
  const replaces = k < w.length && w[k].statement.index === write.statement.index;
  const later = keepLater ? w.slice(replaces ? k + 1 : k) : [];
  return { ...d, writes: [...w.slice(0, k), write, ...later] };
}

/** The assignments of `prev`'s declarations made at or after statement `index`, added to the table's (the rest of an analysis copied). */
export function copyWritesFrom<D extends Declaration>(
  prev: Iterable<D>,
  index: number,
  table: { get(n: string): D | undefined; declare(n: string, d: D): void },
): void {
  for (const d of prev) {
    const w = d.writes;
    if (!w || !w.length || d.statement.index >= index || w[w.length - 1].statement.index < index) continue;
    const now = table.get(d.name);
    if (!now) continue;
    const kept = writesBefore(now, index).writes ?? [];
    table.declare(d.name, { ...now, writes: [...kept, ...w.slice(firstAtOrAfter(w, index))] });
  }
}

/** Whether statement `s` assigns to a name declared before it (a write of that name, not a declaration). */
export function isAssignment<D extends Declaration>(a: Analysis<D>, s: Statement): boolean {
  const d = s.declaredName !== undefined ? a.declarations.get(s.declaredName) : undefined;
  return !!d && d.statement !== s && writeAt(d, s.index)?.statement === s;
}

/** The declaration or assignment that statement `s` makes (its value is the name's from the next statement on). */
export function bindingOf<D extends Declaration>(a: Analysis<D>, s: Statement): D | undefined {
  const d = s.declaredName !== undefined ? a.declarations.get(s.declaredName) : undefined;
  if (!d) return undefined;
  if (d.statement === s) return d;
  const w = writeAt(d, s.index);
  return w?.statement === s ? w : undefined;
}
