// Go to definition, references, document highlights and rename of declared names: the
// spans of language's definitionAt / referencesAt / renameAt, as LSP locations and edits.
import { DocumentHighlight, DocumentHighlightKind, Location, Position, Range, ResponseError, ErrorCodes, WorkspaceEdit } from 'vscode-languageserver';
import { definitionAt, occurrenceAt, referencesAt, renameAt } from '../language';
import type { AnalysedDocument } from '../documents';
import { toRange } from './convert';

const offsetOf = (doc: AnalysedDocument, p: Position) => doc.lines.offset(p.line, p.character);

export function definition(doc: AnalysedDocument, p: Position): Location | null {
  const d = definitionAt(doc.analysis, offsetOf(doc, p));
  return d ? { uri: doc.uri, range: toRange(doc.lines, d.start, d.end) } : null;
}

export function references(doc: AnalysedDocument, p: Position, includeDeclaration: boolean): Location[] {
  return referencesAt(doc.analysis, offsetOf(doc, p), includeDeclaration).map((x) => ({ uri: doc.uri, range: toRange(doc.lines, x.start, x.end) }));
}

export function highlights(doc: AnalysedDocument, p: Position): DocumentHighlight[] {
  return referencesAt(doc.analysis, offsetOf(doc, p)).map((x) => ({
    range: toRange(doc.lines, x.start, x.end),
    kind: x.isDeclaration ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
  }));
}

export function prepareRename(doc: AnalysedDocument, p: Position): Range | null {
  const o = occurrenceAt(doc.analysis, offsetOf(doc, p));
  return o ? toRange(doc.lines, o.start, o.end) : null;
}

export function rename(doc: AnalysedDocument, p: Position, newName: string): WorkspaceEdit | ResponseError<void> {
  const r = renameAt(doc.analysis, offsetOf(doc, p), newName);
  if ('error' in r) return new ResponseError(r.error === 'nothing-here' ? ErrorCodes.InvalidRequest : ErrorCodes.InvalidParams, r.message);
  return { changes: { [doc.uri]: r.edits.map((x) => ({ range: toRange(doc.lines, x.start, x.end), newText: newName })) } };
}
