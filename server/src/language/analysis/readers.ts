// Which statements read each name: after an edit binds a few names otherwise ("dirty"), the
// analysis walks on to the next statement that reads one of them instead of looking at every
// statement after the edit (the others read exactly what they read before: their records
// stand). Kept from analysis to analysis while edits declare the same names at the same
// places, so typing costs what it changes, not the length of the file.
import type { Binding } from '../eval';

type Reads = readonly (readonly [string, Binding | undefined])[] | null | undefined;

export class ReadersIndex {
  /** Per name: the indices of the statements that read it, ascending. */
  private byName = new Map<string, number[]>();
  /** Statements whose reads are not recorded (they listed every name): each is visited. */
  private unrecorded: number[] = [];

  /** The index of an analysis's statements (in order). */
  static of(statements: readonly { reads?: Reads }[]): ReadersIndex {
    const r = new ReadersIndex();
    for (let i = 0; i < statements.length; i++) {
      const reads = statements[i].reads;
      if (!reads) {
        if (reads === null) r.unrecorded.push(i);
        continue;
      }
      for (let k = 0; k < reads.length; k++) {
        const name = reads[k][0];
        const list = r.byName.get(name);
        if (list) list.push(i);
        else r.byName.set(name, [i]);
      }
    }
    // each list at its size: one grown by push keeps room for 16 more (about a megabyte over a
    // 10,000-statement document's names); an edit's replace() grows only the lists it changes
    for (const [name, list] of r.byName) r.byName.set(name, list.slice());
    return r;
  }

  /** The first statement at or after `from` that reads one of `names` or has no recorded reads; `end` when there is none before it. */
  next(names: Iterable<string>, from: number, end: number): number {
    let best = firstAtOrAfter(this.unrecorded, from, end);
    for (const name of names) {
      const list = this.byName.get(name);
      if (list) best = Math.min(best, firstAtOrAfter(list, from, best));
    }
    return best;
  }

  /** Statement `index` was analysed again: it read `was`, it reads `now`. */
  replace(index: number, was: Reads, now: Reads): void {
    if (was === now || (was && now && sameNames(was, now))) return;
    if (was === null) remove(this.unrecorded, index);
    else if (was) for (const [name] of was) remove(this.byName.get(name), index);
    if (now === null) insert(this.unrecorded, index);
    else if (now)
      for (const [name] of now) {
        const list = this.byName.get(name);
        if (list) insert(list, index);
        else this.byName.set(name, [index]);
      }
  }
}

function sameNames(a: NonNullable<Reads>, b: NonNullable<Reads>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i][0] !== b[i][0]) return false;
  return true;
}

/** Where `from` belongs in an ascending list: the position of its first entry ≥ from. */
function positionOf(list: readonly number[], from: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first entry ≥ from in an ascending list, or `none` when there is none below it. */
function firstAtOrAfter(list: readonly number[], from: number, none: number): number {
  const at = positionOf(list, from);
  return at < list.length && list[at] < none ? list[at] : none;
}

function remove(list: number[] | undefined, index: number): void {
  if (!list) return;
  const at = positionOf(list, index);
  if (list[at] === index) list.splice(at, 1);
}

function insert(list: number[], index: number): void {
  const at = positionOf(list, index);
  if (list[at] !== index) list.splice(at, 0, index);
}
