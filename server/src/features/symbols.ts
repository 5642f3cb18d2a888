// Document symbols: the outline of declarations, with their kinds and values.
import { DocumentSymbol, SymbolKind } from 'vscode-languageserver';
import { printValue } from '../language';
import type { AnalysedDocument } from '../documents';
import { toRange } from './convert';

export function documentSymbols(doc: AnalysedDocument): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  for (const s of doc.analysis.statements) {
    if (!s.declaredName || !s.declaredNameSpan || s.duplicate) continue;
    const v = s.result?.value ?? null;
    const kind = !v ? SymbolKind.Variable : v.kind === 'layout' ? SymbolKind.Struct : v.kind === 'tuple' ? SymbolKind.Array : SymbolKind.Number;
    out.push({
      name: s.declaredName,
      detail: v ? printValue(v) : 'no value (see problems)',
      kind,
      range: toRange(doc.lines, s.chunk.start, s.chunk.end),
      selectionRange: toRange(doc.lines, s.chunk.start + s.declaredNameSpan.start, s.chunk.start + s.declaredNameSpan.end),
    });
  }
  return out;
}
