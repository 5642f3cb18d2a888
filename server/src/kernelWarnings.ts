// Selector and static_assert failures at a kernel's instantiation sites, in the server (issue
// 21, item 6; cpp/siteWarnings.ts is the CLI's `check --include`): a C++ file that includes
// Catlass headers has its `using X = …<…>;` sites instantiated over the workspace's header
// index, off the request path, and the warnings are published when done. A file's sites cost
// ~0.3–0.5 s in all (one site 50–200 ms): the work goes in slices of about SLICE_MS, one a turn
// of the event loop (a request waits for one slice at most, not for a site), and starts only
// once what the server is sending has been written (afterWrites: the first diagnostics of a
// kernel are not held by its warnings). Only certain failures (the resolver says nothing when
// anything is unknown).
import { Diagnostic, headerNameUnder, includesOfText, instantiationWarningSteps } from './language';
import type { SiteHeaders } from './templateInstances';

/** The work of one turn: a slice ends at the first step past this (one resolution of a statement is one step). */
export const SLICE_MS = 8;

/** A file's warnings being worked out: its text, the index generation they are of, and the steps left. */
interface Job {
  uri: string;
  text: string;
  generation: number;
  steps: Generator<void, Diagnostic[], void>;
}

export class KernelWarnings {
  private answers = new Map<string, { text: string; generation: number; warnings: Diagnostic[] }>();
  private pending = new Map<string, string>();
  private job: Job | undefined;
  private running = false;
  private generation = 0;
  /** Told when a file's warnings are ready and differ from what it had. */
  changed: ((uri: string) => void) | undefined;

  constructor(
    private headers: () => SiteHeaders | undefined,
    private later: (run: () => void) => void = (run) => void setTimeout(run, 0),
    private now: () => number = () => performance.now(),
  ) {}

  /** The header index changed: every file's warnings are computed again when next asked. */
  invalidate(): void {
    this.generation++;
  }

  /** The warnings of this text if known (none meanwhile: they are computed and `changed` is told). */
  warningsOf(uri: string, text: string): readonly Diagnostic[] {
    const a = this.answers.get(uri);
    if (a && a.text === text && a.generation === this.generation) return a.warnings;
    if (!includesOfText(text).some((i) => /^(catlass|tla)\//.test(i))) return [];
    const j = this.job;
    if (!(j && j.uri === uri && j.text === text && j.generation === this.generation)) this.pending.set(uri, text);
    if (!this.running) {
      this.running = true;
      this.later(() => this.next());
    }
    // an older generation's warnings of the same text stand until the new ones are known
    return a && a.text === text ? a.warnings : [];
  }

  /** True while some file's warnings are being computed (its `changed` may still be told). */
  get busy(): boolean {
    return this.running || this.pending.size > 0;
  }

  /** Forgets a closed file. */
  forget(uri: string): void {
    this.answers.delete(uri);
    this.pending.delete(uri);
    if (this.job?.uri === uri) this.job = undefined;
  }

  /** One slice: steps of the current file's job until SLICE_MS is spent, then the next slice on a later turn. */
  private next(): void {
    const start = this.now();
    for (;;) {
      const job = this.current();
      if (!job) {
        this.running = false;
        return;
      }
      let r: IteratorResult<void, Diagnostic[]>;
      try {
        r = job.steps.next();
      } catch {
        r = { done: true, value: [] }; // the resolver's own errors are caught inside; this is the last guard
      }
      if (r.done) this.finish(job, r.value);
      if (this.now() - start >= SLICE_MS) break;
    }
    this.later(() => this.next());
  }

  /** The job to work on: the current one while its text and the index are still those it started with, else the next file's. */
  private current(): Job | undefined {
    const j = this.job;
    if (j && j.generation === this.generation && !this.pending.has(j.uri)) return j;
    // a newer text of the file (pending now), or a changed index (the same text again, from the start)
    if (j && !this.pending.has(j.uri)) this.pending.set(j.uri, j.text);
    this.job = undefined;
    const first = this.pending.entries().next();
    if (first.done) return undefined;
    const [uri, text] = first.value;
    this.pending.delete(uri);
    const h = this.headers();
    // the workspace's index is the only reader of headers: nothing is read here
    const steps = h ? instantiationWarningSteps(text, h.index, h.root, headerNameUnder(h.root), () => undefined, h.arch, SLICE_MS) : noSteps();
    return (this.job = { uri, text, generation: this.generation, steps });
  }

  private finish(job: Job, warnings: Diagnostic[]): void {
    this.job = undefined;
    const before = this.answers.get(job.uri);
    this.answers.set(job.uri, { text: job.text, generation: job.generation, warnings });
    if (JSON.stringify(before?.warnings ?? []) !== JSON.stringify(warnings)) this.changed?.(job.uri);
  }
}

/**
 * A `later` for KernelWarnings that runs after what the server is sending has been written:
 * `written()` is the promise of the last message sent (a publish of diagnostics). The timer
 * first lets the turn that asked for the warnings send its diagnostics (the warnings are asked
 * while they are made), then the work waits for that write: the protocol library writes a
 * message on a later turn, which a slice of warnings would otherwise take first.
 */
export function afterWrites(written: () => Promise<unknown>): (run: () => void) => void {
  return (run) => void setTimeout(() => void written().then(run, run), 0);
}

/** No index: no warnings (one empty step). */
function* noSteps(): Generator<void, Diagnostic[], void> {
  yield;
  return [];
}
