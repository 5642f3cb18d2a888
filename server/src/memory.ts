// Keeps the server's memory close to what it uses. Analyses of big documents leave much
// short-lived garbage; V8 collects it but keeps the grown heap committed, so resident
// memory climbs to several times the live heap. After every so much analysis work the
// server runs a full collection, which also returns unused heap to the system.
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

/** Statements analysed between two full collections (about 10 edits of a 10,000-statement file). */
export const STATEMENTS_PER_COLLECTION = 100_000;

// A smaller young generation: analyses allocate in bursts and most of it dies young; V8
// otherwise grows each semi-space to 16 MB and keeps them.
try {
  v8.setFlagsFromString('--max-semi-space-size=4');
} catch {
  /* not available: V8's default */
}

let collect: (() => void) | undefined;
let work = 0;

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

/** Records an analysis of `statements` statements; collects when enough work was done. */
export function analysed(statements: number): void {
  work += statements;
  if (work < STATEMENTS_PER_COLLECTION) return;
  work = 0;
  collector()?.();
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
  work = 0;
  collector()?.();
}
