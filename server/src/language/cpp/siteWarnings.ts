// Selector failures before the device build: every `using X = …<…>;` of a kernel file that
// names a Catlass template is instantiated as the compiler would (instanceSite.ts); where a
// static_assert certainly fails (nothing in the chain unknown), a warning on the `using` with
// the message the compiler would print and where the assert is.
import type { Arch } from '../../core';
import type { Diagnostic } from '../syntax';
import { budgetLine, budgetsOf } from './budgets';
import { HeaderIndex } from './headerIndex';
import { ReadFile, includesOfText, indexIncludes } from './includes';
import { siteScratchText } from './instanceSite';
import { NeedsLayoutEvaluator } from './resolver';
import { ScratchResult, scratchSteps, toEnd } from './scratch';
import { AssertFailure, SubstitutionFailure, Unknown } from './types';

/** A `using NAME = A::B<…>;` whose template lives in a Catlass namespace (the sites the goldens list). */
const SITE = /^[ \t]*using[ \t]+(\w+)[ \t]*=[ \t]*(?:typename[ \t]+)?(?:::)?(?:Catlass::)?(?:Gemm|Epilogue|Conv|Gemv)::[\w:]*<[^;]*;/gm;

/** The static_assert the kernel's use of the alias's class stops at (the class is instantiated where the kernel uses it), if certain. */
function failureOf(res: ScratchResult, alias: string): AssertFailure | undefined {
  const r = res.resolved.get(alias);
  if (!r) return undefined;
  if ('error' in r.outcome) return r.outcome.error;
  if (!('ok' in r.outcome) || r.outcome.ok.k !== 'class') return undefined;
  try {
    res.resolver.complete(res.resolver.instance(r.outcome.ok));
  } catch (e) {
    if (e instanceof AssertFailure) return e;
    if (e instanceof Unknown || e instanceof SubstitutionFailure || e instanceof NeedsLayoutEvaluator) return undefined;
    throw e;
  }
  return undefined;
}

export function instantiationWarnings(
  text: string,
  index: HeaderIndex,
  includeDir: string,
  headerName: (file: string) => string,
  read: ReadFile,
  fallbackArch: Arch = 2201,
): Diagnostic[] {
  return toEnd(instantiationWarningSteps(text, index, includeDir, headerName, read, fallbackArch));
}

/**
 * instantiationWarnings in steps (see scratchSteps): it yields after each site's preparation, in
 * the resolution of its statements, and after its class is instantiated, so that a caller can
 * spread a file's sites (each ~50–200 ms) over turns of the event loop (kernelWarnings.ts).
 */
export function* instantiationWarningSteps(
  text: string,
  index: HeaderIndex,
  includeDir: string,
  headerName: (file: string) => string,
  read: ReadFile,
  fallbackArch: Arch = 2201,
  sliceMs = Infinity,
): Generator<void, Diagnostic[], void> {
  if (!includesOfText(text).some((i) => /^(catlass|tla)\//.test(i))) return [];
  const out: Diagnostic[] = [];
  let line = 1;
  let counted = 0;
  const sites = new RegExp(SITE.source, SITE.flags);
  for (let m = sites.exec(text); m; m = sites.exec(text)) {
    for (; counted < m.index; counted++) if (text.charCodeAt(counted) === 10) line++;
    const { text: scratch, alias, defaults } = siteScratchText(text, line);
    // an instantiation built on a configuration default: a JIT build may define it otherwise, nothing certain
    if (!alias || alias !== m[1] || defaults) continue;
    indexIncludes(index, includeDir, includesOfText(scratch), read);
    yield;
    const res = yield* scratchSteps(scratch, index, headerName, fallbackArch, includeDir, undefined, sliceMs);
    const e = failureOf(res, alias);
    yield;
    if (!e) continue;
    const start = m.index + m[0].length - m[0].trimStart().length;
    // a buffer budget's assert: what the instantiation puts there against the arch's size
    const budget = budgetsOf(res, alias).find((b) => b.pass === false && b.header === e.header && b.line === e.line);
    out.push({
      start,
      end: m.index + m[0].length,
      severity: 'warning',
      code: 'static-assert-failed',
      message: `this instantiation does not compile: static_assert failed: ${e.text} (${e.header}:${e.line})${budget ? ` — ${budgetLine(budget, false)}` : ''}`,
      related: [],
    });
  }
  return out;
}
