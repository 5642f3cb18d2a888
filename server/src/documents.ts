// Open documents and their analyses: one analyzer per document (its caches follow
// that document's edits), analysis computed on demand for the current version.
// `.tla` documents get the whole language; C++ documents (Catlass kernels) get the TLA
// found inside them.
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ANALYSIS_BUDGET_MS, Analyzer, CppAnalyzer, DocumentAnalysis, LineIndex } from './language';

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

export class DocumentAnalyses {
  private analyzers = new Map<string, Analyzer | CppAnalyzer>();
  private latest = new Map<string, AnalysedDocument>();
  /** C++ support can be switched off (setting tlaLayout.cpp.enabled). */
  cppEnabled = true;
  /** Told the size of every analysis actually run (for the memory housekeeping). */
  onAnalysed: ((statements: number) => void) | undefined;

  get(doc: TextDocument): AnalysedDocument {
    const cached = this.latest.get(doc.uri);
    // the same version of the same text (a second didOpen may bring another text under the same
    // version), analysed to the end (a C++ analysis may have yielded: then it continues)
    if (cached && cached.version === doc.version && cached.text === doc.getText() && this.complete(cached)) return cached;
    const kind = documentKind(doc);
    let analyzer = this.analyzers.get(doc.uri);
    if (!analyzer || (kind === 'cpp') !== analyzer instanceof CppAnalyzer) {
      if (kind === 'cpp') {
        const cpp = new CppAnalyzer();
        // the server serves other documents between slices of a long analysis
        cpp.budgetMs = ANALYSIS_BUDGET_MS;
        analyzer = cpp;
      } else {
        const tla = new Analyzer();
        tla.budgetMs = ANALYSIS_BUDGET_MS;
        analyzer = tla;
      }
      this.analyzers.set(doc.uri, analyzer);
    }
    const text = doc.getText();
    const analysis: DocumentAnalysis =
      kind === 'cpp' && !this.cppEnabled ? { text, statements: [], diagnostics: [], declarations: new Map() } : analyzer.analyze(text);
    // a yielded analysis is counted once, when it is complete
    if (analysis.complete !== false) this.onAnalysed?.(analysis.statements.length);
    // the lines of the same text (an analysis continued) are the same
    const lines = cached && cached.text === text ? cached.lines : new LineIndex(text);
    const result: AnalysedDocument = { uri: doc.uri, version: doc.version, kind, text, analysis, lines };
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
  }
}
