// Selector and static_assert failures at a kernel's instantiation sites, in the server (issue
// 21, item 6; cpp/siteWarnings.ts is the CLI's `check --include`): a C++ file that includes
// Catlass headers has its `using X = …<…>;` sites instantiated over the workspace's header
// index, off the request path (~0.3 s a file: one file a turn), and the warnings are published
// when done. Only certain failures (the resolver says nothing when anything is unknown).
import { Diagnostic, headerNameUnder, includesOfText, instantiationWarnings } from './language';
import type { SiteHeaders } from './templateInstances';

export class KernelWarnings {
  private answers = new Map<string, { text: string; generation: number; warnings: Diagnostic[] }>();
  private pending = new Map<string, string>();
  private running = false;
  private generation = 0;
  /** Told when a file's warnings are ready and differ from what it had. */
  changed: ((uri: string) => void) | undefined;

  constructor(
    private headers: () => SiteHeaders | undefined,
    private later: (run: () => void) => void = (run) => void setTimeout(run, 0),
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
    this.pending.set(uri, text);
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
  }

  private next(): void {
    const first = this.pending.entries().next();
    if (first.done) {
      this.running = false;
      return;
    }
    const [uri, text] = first.value;
    this.pending.delete(uri);
    const h = this.headers();
    let warnings: Diagnostic[] = [];
    if (h) {
      try {
        // the workspace's index is the only reader of headers: nothing is read here
        warnings = instantiationWarnings(text, h.index, h.root, headerNameUnder(h.root), () => undefined, h.arch);
      } catch {
        warnings = []; // the resolver's own errors are caught inside; this is the last guard
      }
    }
    const before = this.answers.get(uri);
    this.answers.set(uri, { text, generation: this.generation, warnings });
    if (JSON.stringify(before?.warnings ?? []) !== JSON.stringify(warnings)) this.changed?.(uri);
    this.later(() => this.next());
  }
}
