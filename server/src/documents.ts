// Open documents and their analyses: one analyzer per document (its caches follow
// that document's edits), analysis computed on demand for the current version.
// `.tla` documents get the whole language; C++ documents (Catlass kernels) get the TLA
// found inside them.
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  Analyzer,
  ChangeHint,
  ChangedRange,
  CppAnalyzer,
  Diagnostic,
  DocumentAnalysis,
  HeaderIndex,
  InstanceGroup,
  LineIndex,
  ScratchResult,
  TextSource,
  bindingsForPath,
  emptyAnalysis,
  evaluateScratch,
  headerNameUnder,
  includesOfText,
  isCppPath,
  withHeaders,
} from './language';
import { EditedDocument } from './textDocument';
import type { HeaderAnswer, HeaderInstance } from './templateInstances';

export type DocumentKind = 'tla' | 'cpp';

export interface AnalysedDocument {
  uri: string;
  version: number;
  /** What the document is (absent: a .tla document). */
  kind?: DocumentKind;
  /** The whole text of this version (made when first read: see TextSource). */
  readonly text: string;
  /** The version's text as the server's document gives it, read in parts. */
  source?: TextSource;
  analysis: DocumentAnalysis;
  lines: LineIndex;
  /** A header's template bodies each read under an instantiation of its own (templateInstances.ts): the only one, the chosen one, or the first. */
  instances?: readonly HeaderInstance[];
  /** A header's templates that have instantiation sites (the code lens over each). */
  instanceGroups?: readonly InstanceGroup[];
  /** The workspace's instantiation sites of this file's templates are still being found or resolved. */
  instancesPending?: true;
  /** A `.tla` scratchpad that includes Catlass headers: what the template resolver made of it (once per version). */
  scratch?: ScratchResult;
  /** A `.tla` scratchpad that includes Catlass headers: the state of the workspace's header index it was evaluated with. */
  headerState?: string;
}

/**
 * The workspace's Catlass headers as a `.tla` scratchpad's `#include "catlass/…"` reads them
 * (workspaceServer.ts): the one header index the workspace's worker feeds, the include root, whether
 * its first indexing is complete, and its generation (one more for every run that changed it).
 */
export interface ScratchHeaders {
  index: HeaderIndex;
  root: string;
  ready: boolean;
  generation: number;
}

/**
 * How far the analysis of a version has gone: the end of the last statement analysed, or
 * Infinity when it is complete. A statement reads only the statements before it, so what a
 * paused `.tla` analysis holds up to there is what the complete one will hold.
 */
export function analysedUpTo(a: AnalysedDocument): number {
  if (a.analysis.complete !== false) return Infinity;
  const list = a.analysis.statements;
  return list.length ? a.analysis.endOf(list[list.length - 1]) : 0;
}

const CPP_LANGUAGES = new Set(['cpp', 'c', 'cuda-cpp', 'ascendc', 'asc']);

export function documentKind(doc: { languageId: string; uri: string }): DocumentKind {
  if (doc.languageId === 'tla-layout') return 'tla';
  if (CPP_LANGUAGES.has(doc.languageId) || isCppPath(doc.uri)) return 'cpp';
  return 'tla';
}

/**
 * Lines and columns of one version, answered by the TextDocument itself: it keeps its line
 * starts up to date edit by edit, where a LineIndex would scan the whole text again for
 * every version. Same answers as `new LineIndex(text)` (both count \n, \r\n and a lone \r
 * and clamp a column to its line); valid while the document is at that version, which is
 * every use: requests and publishing run synchronously on the current version.
 */
export function documentLines(doc: TextDocument, text: string | TextSource): LineIndex {
  const length = text.length;
  const lines = {
    get text() {
      return typeof text === 'string' ? text : text.text();
    },
    position: (offset: number) => {
      // the document's line, and the column counted from its start (positionAt would move
      // an offset between \r and \n back before the line break; a LineIndex does not)
      const o = Math.max(0, Math.min(offset, length));
      const line = doc.positionAt(o).line;
      return { line, character: o - doc.offsetAt({ line, character: 0 }) };
    },
    offset: (line: number, character: number) => (line < 0 ? 0 : doc.offsetAt({ line, character: Math.max(0, character) })),
    get lineCount() {
      return doc.lineCount;
    },
  };
  return lines as unknown as LineIndex;
}

/** An edit as the server's TextDocuments applies it: where, in offsets. */
export interface AppliedChange {
  /** Offset of the first replaced character. */
  start: number;
  /** Length of the replaced text. */
  removed: number;
  /** Length of the inserted text. */
  inserted: number;
}

/** The edits of a document since its analyzer last ran: merged changed ranges (see ChangeHint). */
interface PendingChanges {
  ranges: ChangedRange[];
  /** Document length now. */
  length: number;
  /** Set when the whole text was replaced, or a change could not be placed. */
  whole: boolean;
}

export class DocumentAnalyses {
  private analyzers = new Map<string, Analyzer | CppAnalyzer>();
  private latest = new Map<string, AnalysedDocument>();
  /** Per document: where its text changed since its analyzer last ran. */
  private pending = new Map<string, PendingChanges>();
  /**
   * The time budget of each analyzer this creates (see Analyzer.budgetMs): unbounded by
   * default, as the analyzers are; the server sets ANALYSIS_BUDGET_MS, so that it serves
   * other documents between slices of a long analysis.
   */
  budgetMs = Infinity;
  /** C++ support can be switched off (setting tlaLayout.cpp.enabled). */
  cppEnabled = true;
  /** CATLASS_ARCH of .tla files that do not #define it (setting tlaLayout.arch). */
  private arch: 2201 | 3510 = 2201;

  /** The tlaLayout.bindings setting: file pattern → `m=1000 n=2000`. */
  private bindingPatterns: Readonly<Record<string, string>> = {};

  /** New binding patterns: every analyzer starts afresh (each evaluated with the old numbers). */
  setBindingPatterns(patterns: Readonly<Record<string, string>>): boolean {
    if (JSON.stringify(patterns) === JSON.stringify(this.bindingPatterns)) return false;
    this.bindingPatterns = patterns;
    this.analyzers.clear();
    this.latest.clear();
    return true;
  }

  /** The workspace's header index (unset, or undefined: no Catlass tree known, the includes resolve nothing). */
  headersOf: (() => ScratchHeaders | undefined) | undefined;

  /**
   * A `.tla` analysis with what the included Catlass headers resolve (their templates, members and
   * static_asserts), from the workspace's index. Until its first indexing is complete the analysis
   * is the file's own (a header not read yet could hide the specialization C++ would choose); the
   * state it was made in is kept, so that a later index is a new analysis.
   */
  private withCatlassHeaders(analysis: DocumentAnalysis): { analysis: DocumentAnalysis; headerState?: string; scratch?: ScratchResult } {
    if (analysis.complete === false) return { analysis };
    const h = this.headersOf?.();
    const headerState = this.headerStateOf(h);
    // no Catlass tree known: the includes resolve nothing, and the text is not scanned for them
    // (a keystroke in a big document would join and scan all of it); a tree that comes is another state
    if (!h) return { analysis, headerState };
    // the includes are the analysis's own preprocessor statements: the text is not scanned (nor joined) for them
    if (!catlassIncluded(analysis)) return { analysis };
    if (!h?.ready) return { analysis, headerState };
    const scratch = evaluateScratch(analysis.text, h.index, headerNameUnder(h.root), this.arch, h.root, analysis);
    return { analysis: withHeaders(analysis, scratch), headerState, scratch };
  }

  private headerStateOf(h: ScratchHeaders | undefined): string {
    return h ? `${h.root}\0${h.ready}\0${h.generation}` : '';
  }

  /** A new default arch: every .tla analyzer starts afresh (their caches assumed the old one). */
  setArch(arch: 2201 | 3510): boolean {
    if (arch === this.arch) return false;
    this.arch = arch;
    for (const uri of this.analyzers.keys()) this.analyzers.delete(uri);
    this.latest.clear();
    return true;
  }
  /** A kernel's instantiation warnings known now (kernelWarnings.ts; unset: none). */
  siteWarnings: ((uri: string, text: string) => readonly Diagnostic[]) | undefined;

  /** The instantiation warnings of a C++ document's version (published with its diagnostics). */
  warningsOf(a: AnalysedDocument): readonly Diagnostic[] {
    return a.kind === 'cpp' && this.cppEnabled ? (this.siteWarnings?.(a.uri, a.text) ?? []) : [];
  }

  /** A C++ header's instantiations in the workspace, if known now (templateInstances.ts; unset: none). */
  instanceOf: ((uri: string, text: string) => HeaderAnswer | undefined) | undefined;
  /** Told the size of every analysis actually run (for the memory housekeeping). */
  onAnalysed: ((statements: number) => void) | undefined;
  /** Told before a document's first analysis (a new analyzer: the heap grows by what it keeps). */
  onCold: (() => void) | undefined;

  /**
   * Records an edit of an open document (each content change of a didChange, in order, with
   * the length of the document before it; change undefined: the whole text replaced), so
   * the next analysis re-reads only the changed ranges.
   */
  changed(uri: string, lengthBefore: number, change: AppliedChange | undefined): void {
    let p = this.pending.get(uri);
    if (!p) {
      p = { ranges: [], length: lengthBefore, whole: false };
      this.pending.set(uri, p);
    }
    if (!change || p.length !== lengthBefore || p.whole) {
      p.whole = true;
      p.length = change ? lengthBefore - change.removed + change.inserted : lengthBefore;
      return;
    }
    // merge the ranges this change touches (or meets) into one, shift the ranges after it
    const a = change.start;
    const b = change.start + change.removed;
    const growth = change.inserted - change.removed;
    const out: ChangedRange[] = [];
    let start = a;
    let end = b;
    let oldLength = change.removed;
    let placed = false;
    for (const r of p.ranges) {
      if (r.end < a) out.push(r);
      else if (r.start > b) {
        if (!placed) {
          out.push({ start, end: end + growth, oldLength });
          placed = true;
        }
        out.push({ start: r.start + growth, end: r.end + growth, oldLength: r.oldLength });
      } else {
        // overlapping: the merged range covers both; its old length is what it replaced
        const s = Math.min(start, r.start);
        const e = Math.max(end, r.end);
        oldLength = e - s - (end - start - oldLength + (r.end - r.start - r.oldLength));
        start = s;
        end = e;
      }
    }
    if (!placed) out.push({ start, end: end + growth, oldLength });
    p.ranges = out;
    p.length = lengthBefore + growth;
  }

  /** The analyzer of an open document (tests look at its counters). */
  analyzer(uri: string): Analyzer | CppAnalyzer | undefined {
    return this.analyzers.get(uri);
  }

  get(doc: TextDocument): AnalysedDocument {
    const cached = this.latest.get(doc.uri);
    // the server's documents give each version's text as a source, read in parts (the whole
    // text is made only when something reads all of it)
    const source = doc instanceof EditedDocument ? doc.source() : undefined;
    // (a source is one version's text: the same object is the same text)
    const sameText = !!cached && (source ? cached.source === source : cached.text === doc.getText());
    // the same version of the same text (a second didOpen may bring another text under the same
    // version), analysed to the end (a C++ analysis may have yielded: then it continues)
    const kind = documentKind(doc);
    const instances = kind === 'cpp' && this.cppEnabled ? this.instanceOf?.(doc.uri, doc.getText()) : undefined;
    const views = instances?.views.length ? instances.views : undefined;
    // (a scratchpad evaluated with the header index is evaluated again when the index has changed)
    const headersSame = cached?.headerState === undefined || cached.headerState === this.headerStateOf(this.headersOf?.());
    if (cached && sameText && cached.version === doc.version && cached.instanceGroups === instances?.groups && headersSame && this.complete(cached))
      return cached;
    let analyzer = this.analyzers.get(doc.uri);
    // (an analyzer reads one set of instantiations for its life: another needs a new one)
    // (the same bodies under the same bindings are the same analysis: another site found for a body, or the lens's
    // counts, is not a new analysis)
    if (
      !analyzer ||
      (kind === 'cpp') !== analyzer instanceof CppAnalyzer ||
      (analyzer instanceof CppAnalyzer && !sameRegions(analyzer.instantiation, views))
    ) {
      const bound = bindingsForPath(this.bindingPatterns, uriPath(doc.uri));
      analyzer = kind === 'cpp' ? new CppAnalyzer(undefined, bound) : new Analyzer(this.arch, bound);
      if (analyzer instanceof CppAnalyzer) analyzer.instantiation = views;
      analyzer.budgetMs = this.budgetMs;
      this.analyzers.set(doc.uri, analyzer);
      this.onCold?.();
    }
    // a .tla document is read in parts; a C++ one whole (its scanner reads every token)
    const text: string | TextSource = source && kind === 'tla' ? source : doc.getText();
    const p = this.pending.get(doc.uri);
    this.pending.delete(doc.uri);
    // no record: unchanged since the last analysis, or edits not told (the texts are compared)
    const hint: ChangeHint | undefined = p && !p.whole && p.length === text.length ? { ranges: p.ranges } : p ? { prefix: 0, suffix: 0 } : undefined;
    let analysis: DocumentAnalysis =
      kind === 'cpp' && !this.cppEnabled
        ? emptyAnalysis(doc.getText())
        : analyzer instanceof Analyzer
          ? analyzer.analyze(text, hint)
          : analyzer.analyze(typeof text === 'string' ? text : text.text());
    let headerState: string | undefined;
    let scratch: ScratchResult | undefined;
    if (kind === 'tla') ({ analysis, headerState, scratch } = this.withCatlassHeaders(analysis));
    // a yielded analysis is counted once, when it is complete
    if (analysis.complete !== false) this.onAnalysed?.(analysis.statements.length);
    // the lines of the same text (an analysis continued) are the same
    const lines = cached && sameText ? cached.lines : documentLines(doc, text);
    const result: AnalysedDocument = {
      uri: doc.uri,
      version: doc.version,
      kind,
      source,
      get text() {
        return analysis.text;
      },
      analysis,
      lines,
      ...(views ? { instances: views } : {}),
      ...(instances ? { instanceGroups: instances.groups } : {}),
      ...(instances?.pending ? { instancesPending: true as const } : {}),
      ...(scratch ? { scratch } : {}),
      ...(headerState !== undefined ? { headerState } : {}),
    };
    this.latest.set(doc.uri, result);
    return result;
  }

  /** False while a C++ analysis has yielded before the end of its file (the next get() continues it). */
  complete(a: AnalysedDocument): boolean {
    return (a.analysis as { complete?: boolean }).complete !== false;
  }

  /** Drops cached analyses (after a settings change). */
  invalidate(): void {
    this.latest.clear();
  }

  /** didOpen and didClose: the document's analyzer, its caches and its last analysis go. */
  forget(uri: string): void {
    this.analyzers.delete(uri);
    this.latest.delete(uri);
    this.pending.delete(uri);
  }
}

/** Whether two sets of instantiated bodies bind the same bodies to the same bindings (the analyzer reads nothing else of them). */
function sameRegions(a: readonly HeaderInstance[] | CppAnalyzer['instantiation'], b: readonly HeaderInstance[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((r, i) => r.start === b[i].start && r.end === b[i].end && r.bindings === b[i].bindings && r.inner === b[i].inner);
}

/** Whether a `.tla` analysis's preprocessor statements include a Catlass header (`#include "catlass/…"` or `"tla/…"`). */
export function catlassIncluded(analysis: DocumentAnalysis): boolean {
  return analysis.statements.some((s) => s.chunk.preprocessor && includesOfText(s.chunk.text).some((i) => /^(catlass|tla)\//.test(i)));
}

/** The path of a document's uri (`file:///w/k.hpp` → `/w/k.hpp`), for the setting's file patterns. */
function uriPath(uri: string): string {
  const path = uri.replace(/^[A-Za-z][\w+.-]*:(\/\/[^/]*)?/, '');
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
