// Folding: multi-line statements, block comments, #region pairs.
import type { DocumentAnalysis } from '../analysis';
import { Lexer, TLA_LEXER, TokenKind } from '../syntax';

import type { Span } from './span';

/** The spans of the statements (folding: the multi-line ones fold). */
export function statementSpans(a: DocumentAnalysis): Span[] {
  return a.statements.map((s) => ({ start: a.startOf(s), end: a.endOf(s) }));
}

export interface FoldRecord extends Span {
  kind: 'statement' | 'comment' | 'region';
}

const COMMENT_LEXER = new Lexer({ ...TLA_LEXER, comments: true });

/**
 * What folds: each statement, each block comment, each `// #region` … `// #endregion` (the
 * markers first on their lines, nested as they pair). The feature keeps those over several lines.
 */
export function foldingRegions(a: DocumentAnalysis): FoldRecord[] {
  const out: FoldRecord[] = statementSpans(a).map((s) => ({ ...s, kind: 'statement' }));
  const text = a.text;
  const regions: number[] = [];
  const lx = COMMENT_LEXER.reset(text);
  while (lx.next() !== TokenKind.End) {
    if (lx.kind !== TokenKind.Comment || lx.malformed) continue;
    if (text.startsWith('/*', lx.start)) {
      out.push({ start: lx.start, end: lx.end, kind: 'comment' });
      continue;
    }
    const lineStart = text.lastIndexOf('\n', lx.start - 1) + 1;
    if (text.slice(lineStart, lx.start).trim()) continue;
    const marker = /^\/\/\s*#(end)?region\b/.exec(text.slice(lx.start, lx.end));
    if (!marker) continue;
    if (!marker[1]) regions.push(lx.start);
    else if (regions.length) out.push({ start: regions.pop()!, end: lx.start, kind: 'region' });
  }
  return out;
}
