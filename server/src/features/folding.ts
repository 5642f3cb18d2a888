// Folding ranges: multi-line statements, block comments, `// #region` … `// #endregion`
// (language's foldingRegions), as line ranges.
import { FoldingRange, FoldingRangeKind } from 'vscode-languageserver';
import { foldingRegions } from '../language';
import type { AnalysedDocument } from '../documents';

const KIND = { statement: undefined, comment: FoldingRangeKind.Comment, region: FoldingRangeKind.Region } as const;

export function foldingRanges(doc: AnalysedDocument): FoldingRange[] {
  const out: FoldingRange[] = [];
  for (const r of foldingRegions(doc.analysis)) {
    const startLine = doc.lines.position(r.start).line;
    const endLine = doc.lines.position(r.end).line;
    if (endLine > startLine) out.push(KIND[r.kind] ? { startLine, endLine, kind: KIND[r.kind] } : { startLine, endLine });
  }
  return out;
}
