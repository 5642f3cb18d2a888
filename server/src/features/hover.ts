// Hover: the markdown language's hoverAt says about the offset, as an LSP Hover.
import type { Hover, Position } from 'vscode-languageserver';
import { hoverAt } from '../language';
import type { AnalysedDocument } from '../documents';
import { toRange } from './convert';
import type { Settings } from './settings';
import { WorkspaceHeaders, headerValueAt } from './headerValues';

export function hover(doc: AnalysedDocument, position: Position, settings: Settings, headers?: WorkspaceHeaders): Hover | null {
  const offset = doc.lines.offset(position.line, position.character);
  const h = hoverAt(doc.analysis, offset, { gridSize: settings.hover.gridSize, cpp: doc.kind === 'cpp' });
  // a scratchpad that includes Catlass headers: what the workspace's index resolves, under the document's own value
  const fromHeaders = headerValueAt(doc, offset, headers, settings.arch);
  if (!h) return fromHeaders ? { contents: { kind: 'markdown', value: fromHeaders } } : null;
  const value = fromHeaders ? `${h.markdown}\n\n---\n\n${fromHeaders}` : h.markdown;
  return { contents: { kind: 'markdown', value }, range: toRange(doc.lines, h.start, h.end) };
}
