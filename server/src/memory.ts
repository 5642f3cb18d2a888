// Keeps the server's memory close to what it uses. Analyses of big documents leave much
// short-lived garbage; V8 collects it but keeps the grown heap committed, so resident
// memory climbs to several times the live heap. The server therefore runs a full
// collection (which also returns unused heap to the system) once the old generation holds
// more garbage than its allowance (GARBAGE_BYTES) beyond what the last collection left
// live — sooner, at a quiet moment, when it can. A full collection of a 10,000-statement
// document's heap pauses the server for tens of ms, so it never runs inside the work an
// editor waits for: an analysis that finds the allowance passed makes the collection due,
// and it runs once that work is out — after the request's answer (answered) or the
// diagnostics it was analysing for (idle); at once only when the garbage is twice its allowance.
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

/**
 * Old-generation heap beyond what the last collection left live that triggers a
 * collection at once: 60% of the live heap, between 4 and 24 MB (a small document's heap is
 * collected in a few ms, so more often; a big one's pause is tens of ms, so rarely). What
 * grows between two collections is mostly the document's text — each edit leaves the
 * previous version behind, a large object — so the share sets how many edits pass between
 * two pauses: about 20 with a 10,000-statement document (docs/performance.md).
 */
export const GARBAGE_BYTES = { min: 4e6, max: 24e6, share: 0.6 };
const allowance = () => Math.min(GARBAGE_BYTES.max, Math.max(GARBAGE_BYTES.min, live * GARBAGE_BYTES.share));
/** A quiet moment: this long without an analysis after diagnostics were published. */
export const QUIET_MS = 100;

// (The young generation is not set here: V8 fixes its size when the process starts, and
// `v8.setFlagsFromString('--max-semi-space-size=…')` at run time, which this file used to
// do, has no effect — its semi-spaces grow to 16 MB all the same. To make them smaller,
// the process that starts the server must pass the flag to node.)

let collect: (() => void) | undefined;
let live = 0;
let analyses = 0;
let quiet: NodeJS.Timeout | undefined;
/** The garbage passed its allowance: a collection runs when the current work is out. */
let due = false;
let soon: NodeJS.Timeout | undefined;

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
  clearTimeout(soon);
  soon = undefined;
  due = false;
  collector()?.();
  live = used();
}

/** Records an analysis (of `statements` statements); a collection is due when the garbage passed its allowance. */
export function analysed(statements: number): void {
  void statements;
  analyses++;
  const now = used();
  // before the first collection: the heap as it is is the base (the first analysis of a big
  // document is not followed by a pause before its diagnostics go out; a quiet moment collects it)
  if (live === 0) live = now;
  else if (now > live + 2 * allowance()) collectNow();
  else if (now > live + allowance()) due = true;
}

/**
 * A request was answered: a collection that is due runs on a later turn of the event loop,
 * once the answer has been written (vscode-jsonrpc writes on an immediate of its own).
 */
export function answered(): void {
  if (!due || soon) return;
  soon = setTimeout(() => {
    soon = undefined;
    if (due) collectNow();
  }, 0);
}

/**
 * Called when the server has answered what it was asked (diagnostics published): collects
 * the garbage beyond a quarter of its allowance once nothing else was analysed for QUIET_MS.
 */
export function idle(): void {
  if (due) return answered();
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
