// Hover: the markdown language's hoverAt says about the offset, as an LSP Hover.
import type { Hover, Position } from 'vscode-languageserver';
import { hoverAt } from '../language';
import type { AnalysedDocument } from '../documents';
import { toRange } from './convert';
import type { Settings } from './settings';

export function hover(doc: AnalysedDocument, position: Position, settings: Settings): Hover | null {
  const offset = doc.lines.offset(position.line, position.character);
  const h = hoverAt(doc.analysis, offset, { gridSize: settings.hover.gridSize, cpp: doc.kind === 'cpp' });
  return h && { contents: { kind: 'markdown', value: h.markdown }, range: toRange(doc.lines, h.start, h.end) };
}
