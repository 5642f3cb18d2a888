// Open documents and their analyses: one Analyzer per document (its caches follow
// that document's edits), analysis computed on demand for the current version.
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Analyzer, DocumentAnalysis, LineIndex } from './language';

export interface AnalysedDocument {
  uri: string;
  version: number;
  text: string;
  analysis: DocumentAnalysis;
  lines: LineIndex;
}

export class DocumentAnalyses {
  private analyzers = new Map<string, Analyzer>();
  private latest = new Map<string, AnalysedDocument>();

  get(doc: TextDocument): AnalysedDocument {
    const cached = this.latest.get(doc.uri);
    if (cached && cached.version === doc.version) return cached;
    let analyzer = this.analyzers.get(doc.uri);
    if (!analyzer) this.analyzers.set(doc.uri, (analyzer = new Analyzer()));
    const text = doc.getText();
    const result: AnalysedDocument = {
      uri: doc.uri,
      version: doc.version,
      text,
      analysis: analyzer.analyze(text),
      lines: new LineIndex(text),
    };
    this.latest.set(doc.uri, result);
    return result;
  }

  forget(uri: string): void {
    this.analyzers.delete(uri);
    this.latest.delete(uri);
  }
}
