// Folding ranges: multi-line statements, block comments, `// #region` … `// #endregion`.
import { FoldingRange, FoldingRangeKind } from 'vscode-languageserver';
import { statementSpans } from '../language';
import type { AnalysedDocument } from '../documents';

export function foldingRanges(doc: AnalysedDocument): FoldingRange[] {
  const out: FoldingRange[] = [];
  for (const s of statementSpans(doc.analysis)) {
    const a = doc.lines.position(s.start).line;
    const b = doc.lines.position(s.end).line;
    if (b > a) out.push({ startLine: a, endLine: b });
  }
  const text = doc.text;
  const block = /\/\*[\s\S]*?\*\//g;
  for (let m = block.exec(text); m; m = block.exec(text)) {
    const a = doc.lines.position(m.index).line;
    const b = doc.lines.position(m.index + m[0].length).line;
    if (b > a) out.push({ startLine: a, endLine: b, kind: FoldingRangeKind.Comment });
  }
  const regions: number[] = [];
  const lines = text.split('\n');
  lines.forEach((l, i) => {
    if (/^\s*\/\/\s*#region\b/.test(l)) regions.push(i);
    else if (/^\s*\/\/\s*#endregion\b/.test(l) && regions.length) out.push({ startLine: regions.pop()!, endLine: i, kind: FoldingRangeKind.Region });
  });
  return out;
}
