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

  /** The first statement at or after `from` that reads `name`; `none` when there is none below it. */
  nextReader(name: string, from: number, none: number): number {
    const list = this.byName.get(name);
    return list ? firstAtOrAfter(list, from, none) : none;
  }

  /** The first statement at or after `from` whose reads are not recorded; `none` when there is none below it. */
  nextUnrecorded(from: number, none: number): number {
    return firstAtOrAfter(this.unrecorded, from, none);
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

/** A dirty name in the walk's queue: the first statement at or after some earlier `from` that reads it. */
interface Queued {
  name: string;
  at: number;
}

/**
 * The names an edit binds otherwise than the previous analysis did at the same place ("dirty"),
 * and, with a readers index, the next statement that reads one of them. A burst of edits can
 * make hundreds of names dirty: asking the index for each of them at every statement visited
 * cost the walk most of its time, so each dirty name waits in a queue by its next reader and
 * only the names whose readers the walk has reached are looked up again. The analysis visits
 * statements in order and changes an index's lists only at the statement it is at, so a name's
 * next reader found for an earlier `from` stays right until the walk reaches it.
 */
export class DirtyNames {
  readonly names = new Set<string>();
  /** A binary min-heap by `at`; an entry of a name no longer dirty goes when it comes first. */
  private heap: Queued[] = [];
  /** Names with an entry in the heap, or waiting in `added` for one. */
  private queued = new Set<string>();
  /** Names made dirty since the last `next`: their entries are made then (their `from` unknown before). */
  private added: string[] = [];

  constructor(private readers?: ReadersIndex) {}

  get size(): number {
    return this.names.size;
  }

  has(name: string): boolean {
    return this.names.has(name);
  }

  add(name: string): void {
    this.names.add(name);
    if (this.readers && !this.queued.has(name)) {
      this.queued.add(name);
      this.added.push(name);
    }
  }

  delete(name: string): void {
    this.names.delete(name);
  }

  /** The first statement at or after `from` that reads a dirty name or has no recorded reads; `end` when there is none before it. `from` never decreases from one call to the next. */
  next(from: number, end: number): number {
    const readers = this.readers!;
    const heap = this.heap;
    for (const name of this.added) {
      const at = readers.nextReader(name, from, Infinity);
      if (at === Infinity) this.queued.delete(name);
      else push(heap, { name, at });
    }
    this.added.length = 0;
    while (heap.length) {
      const top = heap[0];
      if (top.at >= from && this.names.has(top.name)) break;
      const at = this.names.has(top.name) ? readers.nextReader(top.name, from, Infinity) : Infinity;
      if (at === Infinity) {
        this.queued.delete(top.name);
        pop(heap);
      } else {
        top.at = at;
        down(heap, 0);
      }
    }
    const best = readers.nextUnrecorded(from, end);
    return heap.length && heap[0].at < best ? heap[0].at : best;
  }
}

function push(heap: Queued[], q: Queued): void {
  let i = heap.push(q) - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent].at <= q.at) break;
    heap[i] = heap[parent];
    i = parent;
  }
  heap[i] = q;
}

function pop(heap: Queued[]): void {
  const last = heap.pop()!;
  if (!heap.length) return;
  heap[0] = last;
  down(heap, 0);
}

function down(heap: Queued[], i: number): void {
  const q = heap[i];
  for (;;) {
    let c = 2 * i + 1;
    if (c >= heap.length) break;
    if (c + 1 < heap.length && heap[c + 1].at < heap[c].at) c++;
    if (heap[c].at >= q.at) break;
    heap[i] = heap[c];
    i = c;
  }
  heap[i] = q;
}
