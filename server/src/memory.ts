// Keeps the server's memory close to what it uses, without pausing the work an editor waits
// for. While the server is busy (edits, requests) V8 collects on its own, incrementally and
// with its marking on another thread — with its old generation allowed to grow by
// HEAP_GROWING_PERCENT over what its last collection left live, not the default that may
// double it, and compacted at every full collection (V8_FLAGS) — but with V8's defaults while
// a document's first analysis grows the heap (GROWING_FLAGS). A full collection forced by the
// server (which also returns unused heap to the system) pauses a 10,000-statement document's
// server for 40 ms or more, all at once: it runs only at quiet moments — QUIET_MS after
// diagnostics were published with nothing analysed since, when the garbage passed a quarter
// of its allowance (GARBAGE_BYTES) — and when closed documents leave a megabyte behind.
// (Forcing one whenever the garbage passed its allowance, as this file did, put that pause
// into one request in twenty at 10,000 statements.)
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

/**
 * How much V8 lets the old generation grow beyond what its last collection left live before
 * it collects again (its default grows it by up to 100% and more): 25% keeps a 10,000-statement
 * document's server under 150 MB through a thousand edits with no pause of its own
 * (docs/performance.md). V8 reads it at every collection, so setting it at run time works.
 */
export const HEAP_GROWING_PERCENT = 25;
/**
 * And every full collection compacts the old generation: without it V8 kept the pages its
 * collections freed half-empty, and a 10,000-statement document's server held 35 MB more
 * old-generation pages than it used (RSS 148–155 MB against 123–135 MB with it, the
 * edit → hover p95 within the runs' noise: docs/performance.md).
 */
export const V8_FLAGS = [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`, '--compact-on-every-full-gc'];
/**
 * V8's defaults, while a document's first analysis runs (`growing`): the heap then grows by
 * what the analysis keeps (a 10,000-statement document's 30–40 MB of trees and values), so
 * there is no garbage between live pages to compact — compacting only moves the new objects.
 * Opening generate-cross 10k (plain; a tenth unknown) through the client at load 14–15, the
 * server spent 2.74 s; 2.68 s of CPU on all its threads with V8_FLAGS, 2.22 s; 1.94 s with
 * these (medians of 5), most of the difference on V8's helper threads, which a busy core
 * leaves no room for; in process the full collections paused the main thread 167–417 ms with compaction, 54–149 ms without.
 */
export const GROWING_FLAGS = ['--heap-growing-percent=0', '--no-compact-on-every-full-gc'];
setFlags(V8_FLAGS);

function setFlags(flags: readonly string[]): void {
  for (const flag of flags)
    try {
      v8.setFlagsFromString(flag);
    } catch {
      /* not this V8: its default applies */
    }
}

/** Whether V8's own collections run with V8_FLAGS now (not GROWING_FLAGS). */
let steady = true;

/** Whether full collections compact now (false while a document's first analysis grows the heap). */
export function compacting(): boolean {
  return steady;
}

/** A document's first analysis starts: V8 collects with its defaults until an analysis completes (`analysed`). */
export function growing(): void {
  if (!steady) return;
  steady = false;
  setFlags(GROWING_FLAGS);
}

function settle(): void {
  if (steady) return;
  steady = true;
  setFlags(V8_FLAGS);
}

/**
 * Old-generation garbage (beyond what the last collection left live) that a quiet moment
 * collects from a quarter of: 60% of the live heap, between 4 and 24 MB.
 */
export const GARBAGE_BYTES = { min: 4e6, max: 24e6, share: 0.6 };
const allowance = () => Math.min(GARBAGE_BYTES.max, Math.max(GARBAGE_BYTES.min, live * GARBAGE_BYTES.share));
/** A quiet moment: this long without an analysis after diagnostics were published. */
export const QUIET_MS = 100;

// (The young generation is not set here: V8 fixes its size when the process starts, and
// `v8.setFlagsFromString('--max-semi-space-size=…')` at run time has no effect — its
// semi-spaces grow to 16 MB all the same. To make them smaller, the process that starts the
// server must pass the flag to node: shared/serverProcess.ts.)

let collect: (() => void) | undefined;
let live = 0;
let analyses = 0;
let quiet: NodeJS.Timeout | undefined;

function collector(): (() => void) | undefined {
  if (collect !== undefined) return collect;
  try {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  } catch {
    collect = () => undefined; // not available here: V8 decides alone
  }
  return collect;
}

/** The old generation in use: what only a full collection frees (the young one empties itself). */
const used = () => {
  let n = 0;
  for (const s of v8.getHeapSpaceStatistics()) if (!s.space_name.startsWith('new_')) n += s.space_used_size;
  return n;
};

function collectNow(): void {
  clearTimeout(quiet);
  quiet = undefined;
  settle(); // the server's own collections always compact
  collector()?.();
  live = used();
}

/** Records an analysis (of `statements` statements): the first one's heap is the base until a collection measures it. */
export function analysed(statements: number): void {
  void statements;
  analyses++;
  settle();
  if (live === 0) live = used();
}

/**
 * Called when the server has answered what it was asked (diagnostics published): collects
 * the garbage beyond a quarter of its allowance once nothing else was analysed for QUIET_MS.
 */
export function idle(): void {
  if (quiet || used() <= live + allowance() / 4) return;
  const seen = analyses;
  quiet = setTimeout(() => {
    quiet = undefined;
    if (analyses === seen) collectNow();
  }, QUIET_MS);
  quiet.unref?.();
}

/** Characters of closed documents since the last collection that their closing caused. */
let closed = 0;

/**
 * A document of `chars` characters was closed: its analyzer and caches are garbage now.
 * Once closed documents add up to a megabyte, a full collection returns their memory.
 */
export function released(chars: number): void {
  closed += chars;
  if (closed < 1 << 20) return;
  closed = 0;
  collectNow();
}
