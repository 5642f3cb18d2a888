// Document symbols: the outline of declarations (language's symbols), as LSP DocumentSymbols.
import { DocumentSymbol, SymbolKind } from 'vscode-languageserver';
import { SymbolKindName, symbols } from '../language';
import type { AnalysedDocument } from '../documents';
import { toRange } from './convert';

const KIND: Record<SymbolKindName, SymbolKind> = {
  layout: SymbolKind.Struct,
  tuple: SymbolKind.Array,
  number: SymbolKind.Number,
  variable: SymbolKind.Variable,
};

export function documentSymbols(doc: AnalysedDocument): DocumentSymbol[] {
  return symbols(doc.analysis).map((s) => ({
    name: s.name,
    detail: s.detail,
    kind: KIND[s.kind],
    range: toRange(doc.lines, s.span.start, s.span.end),
    selectionRange: toRange(doc.lines, s.nameSpan.start, s.nameSpan.end),
  }));
}
