// Keeps the server's memory close to what it uses. Analyses of big documents leave much
// short-lived garbage; V8 collects it but keeps the grown heap committed, so resident
// memory climbs to several times the live heap. The server therefore runs a full
// collection (which also returns unused heap to the system) once the heap holds more than
// GARBAGE_BYTES beyond what the last collection left live — sooner, at a quiet moment,
// when it can: a full collection of a 10,000-statement document's heap pauses the server
// for tens of ms, which a request or an edit arriving meanwhile waits for.
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

/** Old-generation heap beyond what the last collection left live that triggers a collection at once. */
export const GARBAGE_BYTES = 16e6;
/** At a quiet moment, a collection is run beyond this much. */
export const QUIET_GARBAGE_BYTES = GARBAGE_BYTES / 4;
/** A quiet moment: this long without an analysis after diagnostics were published. */
export const QUIET_MS = 100;

// The young generation: analyses allocate in bursts and most of it dies before the next
// edit; a young generation that holds an edit's worth of allocation lets it die there
// instead of being promoted to the old generation (which only a full collection frees).
try {
  v8.setFlagsFromString('--max-semi-space-size=8');
} catch {
  /* not available: V8's default */
}

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
  collector()?.();
  live = used();
}

/** Records an analysis (of `statements` statements); collects when the garbage passed GARBAGE_BYTES. */
export function analysed(statements: number): void {
  void statements;
  analyses++;
  if (used() > live + GARBAGE_BYTES) collectNow();
}

/**
 * Called when the server has answered what it was asked (diagnostics published): collects
 * the garbage beyond QUIET_GARBAGE_BYTES once nothing else was analysed for QUIET_MS.
 */
export function idle(): void {
  if (quiet || used() <= live + QUIET_GARBAGE_BYTES) return;
  const seen = analyses;
  quiet = setTimeout(() => {
    quiet = undefined;
    if (analyses === seen) collectNow();
  }, QUIET_MS);
  quiet.unref?.();
}
