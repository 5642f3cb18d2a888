// When the diagnostics of an open document are analysed, converted and sent: clangd's
// TUScheduler in small. Pushed (publishDiagnostics) after a debounce that gathers a burst of
// keystrokes; prepared in the quiet time before the debounce ends; a version replaced by an
// edit is never sent (cancellation: its timers go). Pulled (textDocument/diagnostic) when the
// client asks, answered `unchanged` when the report it holds is still the one it would get.
import { isDeepStrictEqual } from 'node:util';
import type { Diagnostic } from 'vscode-languageserver';
import { DocumentAnalyses } from './documents';
import { EditedDocument } from './textDocument';
import { toLspDiagnostics } from './features/diagnostics';
import { idle, released } from './memory';
import { DEBOUNCE_MS, PREPARE_MS } from './debounce';

/** What the scheduler needs of the server: the open documents, their analyses, the wire. */
export interface SchedulerHost {
  document(uri: string): EditedDocument | undefined;
  analyses: DocumentAnalyses;
  send(uri: string, version: number | undefined, diagnostics: Diagnostic[]): void;
  /** Asks a pulling client to pull again (workspace/diagnostic/refresh). */
  refresh(): void;
  log(message: string): void;
}

/** A pulled report as the protocol has it: the whole list, or "what you hold is current". */
export type PulledReport = { kind: 'full'; resultId: string; items: Diagnostic[] } | { kind: 'unchanged'; resultId: string };

export class DiagnosticsScheduler {
  /** The client pulls (textDocument/diagnostic): nothing is pushed. */
  pull = false;
  /** Per document: the publish that ends its debounce. */
  private pending = new Map<string, NodeJS.Timeout>();
  /** Per document: the quiet-time preparation (see PREPARE_MS). */
  private preparing = new Map<string, NodeJS.Timeout>();
  /** Per document: the diagnostics of one version, converted before they were asked for. */
  private prepared = new Map<string, { version: number; diagnostics: Diagnostic[] }>();
  /** Documents whose yielded analysis continues on a later turn of the event loop. */
  private continuing = new Set<string>();
  /** TextDocuments fires a content change right after each open: not an edit to debounce. */
  private justOpened = new Set<string>();
  /** Per document: the last report pulled, under the id the client holds it by. */
  private reported = new Map<string, { resultId: string; items: Diagnostic[] }>();
  /** Result ids are never reused, across documents and reopenings. */
  private nextResultId = 1;
  /** Per document: one more for every edit and request: a preparation that sees it move was overtaken (see prepare). */
  private activity = new Map<string, number>();

  constructor(private host: SchedulerHost) {}

  /** didOpen: whatever was known of that URI goes (even under the same version); published at once. */
  opened(uri: string): void {
    this.host.analyses.forget(uri);
    this.prepared.delete(uri);
    this.reported.delete(uri);
    this.justOpened.add(uri);
    this.schedule(uri, 0);
  }

  /** A content change: published when the edits pause for DEBOUNCE_MS. */
  changed(uri: string): void {
    if (this.justOpened.delete(uri)) return;
    this.schedule(uri, DEBOUNCE_MS);
  }

  /** didClose: its timers, its caches and (pushed) its diagnostics in the editor go. */
  closed(uri: string, length: number): void {
    this.justOpened.delete(uri);
    this.cancel(uri);
    this.prepared.delete(uri);
    this.reported.delete(uri);
    this.activity.delete(uri);
    this.host.analyses.forget(uri);
    released(length);
    if (!this.pull) this.host.send(uri, undefined, []);
  }

  /** The analyses were dropped (a setting changed): every open document is published (or pulled) again at once. */
  invalidated(uris: Iterable<string>): void {
    this.prepared.clear();
    if (this.pull) return this.host.refresh();
    for (const uri of uris) this.schedule(uri, 0);
  }

  /** A request on a document that has diagnostics to prepare: they wait until it is quiet again (no edit, no request) for PREPARE_MS. */
  quiet(uri: string): void {
    this.bump(uri);
    this.preparing.get(uri)?.refresh();
  }

  /**
   * The diagnostics of the document's version, analysed and converted (or prepared during
   * the debounce). Undefined while the analysis of that version has yielded (its time budget
   * spent): it continues on a later call.
   */
  diagnostics(doc: EditedDocument): Diagnostic[] | undefined {
    const ready = this.prepared.get(doc.uri);
    if (ready && ready.version === doc.version) return ready.diagnostics;
    const analyses = this.host.analyses;
    const a = analyses.get(doc);
    if (!analyses.complete(a)) return undefined;
    const diagnostics = toLspDiagnostics(doc.uri, a.analysis, a.lines, analyses.warningsOf(a));
    this.prepared.set(doc.uri, { version: doc.version, diagnostics });
    return diagnostics;
  }

  /**
   * The pulled report of the current diagnostics: `unchanged` when the client holds the last
   * report (previousResultId) and it equals them — an edit far from any diagnostic changes
   * nothing the client shows, so nothing is sent — else the full list under a new id.
   */
  report(uri: string, items: Diagnostic[], previousResultId: string | undefined): PulledReport {
    const last = this.reported.get(uri);
    if (last && last.resultId === previousResultId && sameDiagnostics(last.items, items)) return { kind: 'unchanged', resultId: last.resultId };
    const resultId = String(this.nextResultId++);
    this.reported.set(uri, { resultId, items });
    return { kind: 'full', resultId, items };
  }

  private bump(uri: string): void {
    this.activity.set(uri, (this.activity.get(uri) ?? 0) + 1);
  }

  private schedule(uri: string, delay: number): void {
    this.bump(uri);
    if (this.pull) return; // the client asks when it wants them
    clearTimeout(this.pending.get(uri));
    this.pending.set(
      uri,
      setTimeout(() => this.publish(uri), delay),
    );
    clearTimeout(this.preparing.get(uri));
    if (delay > PREPARE_MS)
      this.preparing.set(
        uri,
        setTimeout(() => this.prepare(uri), PREPARE_MS),
      );
  }

  private cancel(uri: string): void {
    clearTimeout(this.pending.get(uri));
    this.pending.delete(uri);
    clearTimeout(this.preparing.get(uri));
    this.preparing.delete(uri);
  }

  /**
   * Quiet time: the diagnostics of the version are analysed and converted while the
   * debounce still runs, so that when it ends only sending is left; while an editor keeps
   * asking (a hover, hints after each keystroke), the work would likely be for a version
   * about to be replaced (quiet() puts it off).
   */
  private prepare(uri: string): void {
    this.preparing.delete(uri);
    // messages that came while the server was not running (a busy machine) are read after the
    // timers, and each is handled on a turn of its own: two turns on, a burst's next edit (or a
    // request) has been seen, and the work would be for a version about to be replaced
    const seen = this.activity.get(uri);
    setImmediate(() =>
      setImmediate(() => {
        const doc = this.host.document(uri);
        if (seen !== this.activity.get(uri) || !doc || !this.pending.has(uri)) return;
        try {
          // a yielded analysis goes on when the debounce ends (publish continues it)
          this.diagnostics(doc);
        } catch {
          /* reported by publish */
        }
      }),
    );
  }

  /** Publishes diagnostics for the document's current version, never a stale one. */
  private publish(uri: string): void {
    this.cancel(uri);
    const doc = this.host.document(uri);
    if (!doc) return;
    try {
      const diagnostics = this.diagnostics(doc);
      if (!diagnostics) return this.continueAnalysis(uri); // published when complete
      this.prepared.delete(uri);
      this.host.send(uri, doc.version, diagnostics);
    } catch (e) {
      this.prepared.delete(uri);
      this.host.log(`analysis of ${uri} failed: ${(e as Error).stack ?? e}`);
    }
    idle();
  }

  /**
   * Publishing diagnostics (push mode) of an analysis that yielded (its time budget spent):
   * it continues on a later turn of the event loop, after the requests waiting meanwhile,
   * for this document or another; its diagnostics are published when it is complete. (A
   * pull, like every request, waits for the complete analysis.)
   */
  private continueAnalysis(uri: string): void {
    if (this.continuing.has(uri)) return;
    this.continuing.add(uri);
    setImmediate(() => {
      this.continuing.delete(uri);
      const doc = this.host.document(uri);
      if (!doc) return;
      try {
        const analyses = this.host.analyses;
        if (!analyses.complete(analyses.get(doc))) return this.continueAnalysis(uri);
        this.publish(uri);
      } catch (e) {
        this.host.log(`analysis of ${uri} failed: ${(e as Error).stack ?? e}`);
      }
    });
  }
}

/**
 * The same diagnostics, in order. A statement whose record and position did not change keeps
 * its converted diagnostic objects (features/diagnostics.ts), so most compare by identity.
 */
function sameDiagnostics(a: Diagnostic[], b: Diagnostic[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !isDeepStrictEqual(a[i], b[i])) return false;
  return true;
}
