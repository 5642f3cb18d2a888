// One evaluation memo for both analyzers (.tla documents and the TLA inside C++): a statement
// is evaluated in an environment that records what it read, and its result is reused while
// every name it read still has the same binding (by identity). What is shared: the recording
// environment, the reads check, the stack guard, the `using namespace` binding and the arch
// macro's bindings.
import type { Arch, IntValue } from '../../core';
import * as core from '../../core';
import { ARCH_MACRO, Binding, Environment, EvalResult, StatementEvaluator } from '../eval';
import type { Ast } from '../syntax';

/** The names a statement read and the bindings it saw: reused while each still has that binding. */
export type Reads = [string, Binding | undefined][];

/** A cached evaluation: its result and what it read. */
export interface EvaluationMemo {
  reads: Reads;
  result: EvalResult;
}

/** True when every name of `reads` still has the binding it had (a plain loop: it runs for every statement after an edit). */
export function readsHold(reads: Reads, scope: { get(name: string): Binding | undefined }): boolean {
  for (let i = 0; i < reads.length; i++) if (scope.get(reads[i][0]) !== reads[i][1]) return false;
  return true;
}

/** `using namespace X;` is read by what follows (unqualified MakeCoord under Catlass): one binding, never a declaration. */
export const USING_BINDING: Binding = { value: { kind: 'bool', value: true } };

const ARCH_BINDINGS = new Map<number, Binding>();
/** CATLASS_ARCH as a binding, one object per arch, so a memo is reused only at the same arch. */
export function archBinding(arch: Arch): Binding {
  let b = ARCH_BINDINGS.get(arch);
  if (!b) ARCH_BINDINGS.set(arch, (b = { value: core.int(arch) as IntValue }));
  return b;
}
export { ARCH_MACRO };

/**
 * One pair per name and binding, shared by every statement that read the name bound so: a
 * 10,000-statement document's statements read 37,858 names, each its own two-element array (64
 * bytes), of about 8,000 different name–binding pairs. Keyed by the binding (weakly: a
 * pair lives as long as its binding); a name with no binding (not declared) by its name.
 */
const PAIRS = new WeakMap<Binding, readonly [string, Binding]>();
const UNBOUND = new Map<string, readonly [string, undefined]>();
/** Unbound names kept at most (typing makes new ones): beyond it the table starts again. */
const MAX_UNBOUND = 4096;

function pairOf(name: string, b: Binding | undefined): [string, Binding | undefined] {
  let pair: readonly [string, Binding | undefined] | undefined = b ? PAIRS.get(b) : UNBOUND.get(name);
  if (pair && pair[0] === name) return pair as [string, Binding | undefined];
  pair = Object.freeze([name, b] as const);
  if (!b) {
    if (UNBOUND.size >= MAX_UNBOUND) UNBOUND.clear();
    UNBOUND.set(name, pair as readonly [string, undefined]);
  } else if (!PAIRS.has(b)) PAIRS.set(b, pair as readonly [string, Binding]); // (one binding read under two names: the first keeps it)
  return pair as [string, Binding | undefined];
}

/** What an evaluation read, as a list at its size of shared pairs (never changed: frozen). */
function readsOf(reads: Map<string, Binding | undefined>): Reads {
  const out = new Array<[string, Binding | undefined]>(reads.size);
  let i = 0;
  for (const [name, b] of reads) out[i++] = pairOf(name, b);
  return out;
}

export interface RecordedEvaluation {
  result: EvalResult;
  /** What it read; null when it listed every name (completion-like reads: not reusable). */
  reads: Reads | null;
}

/**
 * Evaluates a statement in an environment that records its reads. Returns 'too-deep' when the
 * evaluation ran out of stack (a left-nested chain too long to evaluate recursively).
 */
export function evaluateRecording(
  statement: Ast.Statement,
  scope: {
    lookup(name: string): Binding | undefined;
    names(): Iterable<string>;
    free?: Environment['free'];
    defaultArch?: Arch;
    bound?: Environment['bound'];
  },
  omit?: EvalResult['omitted'],
): RecordedEvaluation | 'too-deep' {
  const reads = new Map<string, Binding | undefined>();
  let usedNames = false;
  const recording: Environment = {
    lookup: (n) => {
      const b = scope.lookup(n);
      reads.set(n, b);
      return b;
    },
    names: () => {
      usedNames = true;
      return scope.names();
    },
    free: scope.free,
    defaultArch: scope.defaultArch,
    bound: scope.bound,
  };
  try {
    const result = new StatementEvaluator(recording, omit).run(statement);
    return { result, reads: usedNames ? null : readsOf(reads) };
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return 'too-deep';
  }
}
