// Open documents and their analyses: one analyzer per document (its caches follow
// that document's edits), analysis computed on demand for the current version.
// `.tla` documents get the whole language; C++ documents (Catlass kernels) get the TLA
// found inside them.
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Analyzer, ChangeHint, CppAnalyzer, DocumentAnalysis, LineIndex } from './language';

export type DocumentKind = 'tla' | 'cpp';

export interface AnalysedDocument {
  uri: string;
  version: number;
  /** What the document is (absent: a .tla document). */
  kind?: DocumentKind;
  text: string;
  analysis: DocumentAnalysis;
  lines: LineIndex;
}

const CPP_LANGUAGES = new Set(['cpp', 'c', 'cuda-cpp', 'ascendc', 'asc']);

export function documentKind(doc: { languageId: string; uri: string }): DocumentKind {
  if (doc.languageId === 'tla-layout') return 'tla';
  if (CPP_LANGUAGES.has(doc.languageId) || /\.(asc|cpp|cc|cxx|hpp|hh|hxx|h)$/i.test(doc.uri)) return 'cpp';
  return 'tla';
}

/**
 * Lines and columns of one version, answered by the TextDocument itself: it keeps its line
 * starts up to date edit by edit, where a LineIndex would scan the whole text again for
 * every version. Same answers as `new LineIndex(text)` (both count \n, \r\n and a lone \r
 * and clamp a column to its line); valid while the document is at that version, which is
 * every use: requests and publishing run synchronously on the current version.
 */
export function documentLines(doc: TextDocument, text: string): LineIndex {
  const lines = {
    text,
    position: (offset: number) => {
      // the document's line, and the column counted from its start (positionAt would move
      // an offset between \r and \n back before the line break; a LineIndex does not)
      const o = Math.max(0, Math.min(offset, text.length));
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
  /** Offset of the first changed character (before and after the edit). */
  start: number;
  /** Length of the inserted text. */
  inserted: number;
  /** Length of the document after the edit. */
  length: number;
}

export class DocumentAnalyses {
  private analyzers = new Map<string, Analyzer | CppAnalyzer>();
  private latest = new Map<string, AnalysedDocument>();
  /** Per document: where its text changed since its analyzer last ran (see ChangeHint). */
  private hints = new Map<string, ChangeHint>();
  /** C++ support can be switched off (setting tlaLayout.cpp.enabled). */
  cppEnabled = true;
  /** Told the size of every analysis actually run (for the memory housekeeping). */
  onAnalysed: ((statements: number) => void) | undefined;

  /**
   * Records an edit of an open document (each content change of a didChange, in order;
   * undefined: the whole text replaced), so the next analysis knows what did not change.
   */
  changed(uri: string, change: AppliedChange | undefined): void {
    const h = this.hints.get(uri) ?? { prefix: Infinity, suffix: Infinity };
    if (!change) {
      h.prefix = 0;
      h.suffix = 0;
    } else {
      // text before the first changed character is unchanged, so is the text after the
      // inserted text: the hint is the smallest of each over the edits since the analysis
      h.prefix = Math.min(h.prefix, change.start);
      h.suffix = Math.min(h.suffix, Math.max(0, change.length - change.start - change.inserted));
    }
    this.hints.set(uri, h);
  }

  get(doc: TextDocument): AnalysedDocument {
    const cached = this.latest.get(doc.uri);
    if (cached && cached.version === doc.version) return cached;
    const kind = documentKind(doc);
    let analyzer = this.analyzers.get(doc.uri);
    if (!analyzer || (kind === 'cpp') !== analyzer instanceof CppAnalyzer) {
      analyzer = kind === 'cpp' ? new CppAnalyzer() : new Analyzer();
      this.analyzers.set(doc.uri, analyzer);
    }
    const text = doc.getText();
    const hint = this.hints.get(doc.uri);
    this.hints.delete(doc.uri);
    const analysis: DocumentAnalysis =
      kind === 'cpp' && !this.cppEnabled
        ? { text, statements: [], diagnostics: [], declarations: new Map() }
        : analyzer instanceof Analyzer
          ? analyzer.analyze(text, hint && { prefix: Math.min(hint.prefix, text.length), suffix: Math.min(hint.suffix, text.length) })
          : analyzer.analyze(text);
    this.onAnalysed?.(analysis.statements.length);
    const result: AnalysedDocument = { uri: doc.uri, version: doc.version, kind, text, analysis, lines: documentLines(doc, text) };
    this.latest.set(doc.uri, result);
    return result;
  }

  /** Drops cached analyses (after a settings change). */
  invalidate(): void {
    this.latest.clear();
  }

  forget(uri: string): void {
    this.analyzers.delete(uri);
    this.latest.delete(uri);
    this.hints.delete(uri);
  }
}
