// Go to definition, references, document highlights and rename of declared names.
import { DocumentHighlight, DocumentHighlightKind, Location, Position, Range, ResponseError, ErrorCodes, WorkspaceEdit } from 'vscode-languageserver';
import { nameOccurrences, occurrenceAt } from '../language';
import type { AnalysedDocument } from '../documents';
import { toRange } from './convert';

const IDENT = /^[A-Za-z_]\w*$/;
const RESERVED = new Set(['auto', 'const', 'constexpr', 'static', 'static_assert', 'static_cast', 'using', 'namespace', 'inline']);

function at(doc: AnalysedDocument, p: Position) {
  return occurrenceAt(doc.analysis, doc.lines.offset(p.line, p.character));
}

export function definition(doc: AnalysedDocument, p: Position): Location | null {
  const o = at(doc, p);
  const d = o && doc.analysis.declarations.get(o.name);
  return d ? { uri: doc.uri, range: toRange(doc.lines, d.start, d.end) } : null;
}

export function references(doc: AnalysedDocument, p: Position, includeDeclaration: boolean): Location[] {
  const o = at(doc, p);
  if (!o) return [];
  return nameOccurrences(doc.analysis)
    .filter((x) => x.name === o.name && (includeDeclaration || !x.isDeclaration))
    .map((x) => ({ uri: doc.uri, range: toRange(doc.lines, x.start, x.end) }));
}

export function highlights(doc: AnalysedDocument, p: Position): DocumentHighlight[] {
  const o = at(doc, p);
  if (!o) return [];
  return nameOccurrences(doc.analysis)
    .filter((x) => x.name === o.name)
    .map((x) => ({ range: toRange(doc.lines, x.start, x.end), kind: x.isDeclaration ? DocumentHighlightKind.Write : DocumentHighlightKind.Read }));
}

export function prepareRename(doc: AnalysedDocument, p: Position): Range | null {
  const o = at(doc, p);
  return o ? toRange(doc.lines, o.start, o.end) : null;
}

export function rename(doc: AnalysedDocument, p: Position, newName: string): WorkspaceEdit | ResponseError<void> {
  const o = at(doc, p);
  if (!o) return new ResponseError(ErrorCodes.InvalidRequest, 'nothing to rename here: place the cursor on a declared name');
  if (!IDENT.test(newName) || RESERVED.has(newName) || /^_\d+$/.test(newName)) {
    return new ResponseError(ErrorCodes.InvalidParams, `'${newName}' is not a valid name`);
  }
  if (newName !== o.name && doc.analysis.declarations.has(newName)) {
    return new ResponseError(ErrorCodes.InvalidParams, `'${newName}' is already declared`);
  }
  const edits = nameOccurrences(doc.analysis)
    .filter((x) => x.name === o.name)
    .map((x) => ({ range: toRange(doc.lines, x.start, x.end), newText: newName }));
  return { changes: { [doc.uri]: edits } };
}
