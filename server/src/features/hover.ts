// Hover: the markdown language's hoverAt says about the offset, as an LSP Hover.
import type { Hover, Position } from 'vscode-languageserver';
import { hoverAt } from '../language';
import type { AnalysedDocument } from '../documents';
import { toRange } from './convert';
import type { Settings } from './settings';
import { WorkspaceHeaders, headerValueAt } from './headerValues';
import { memberTypeAt } from '../templateInstances';

export function hover(doc: AnalysedDocument, position: Position, settings: Settings, headers?: WorkspaceHeaders): Hover | null {
  const offset = doc.lines.offset(position.line, position.character);
  const h = hoverAt(doc.analysis, offset, { gridSize: settings.hover.gridSize, cpp: doc.kind === 'cpp' });
  // a scratchpad that includes Catlass headers: what the workspace's index resolves, under the document's own value
  const fromHeaders = headerValueAt(doc, offset, headers, settings.arch);
  // a template body read under the workspace's one instantiation: a member type's resolution, and the hover says which instantiation
  const i = doc.instance;
  const memberType = i ? memberTypeAt(i, doc.text, offset) : undefined;
  const under = i && i.start <= offset && offset < i.end ? `\n\n*as instantiated at ${i.where}* (\`${i.selected}\`)` : '';
  if (!h) {
    const alone = fromHeaders ?? (memberType && memberType + under);
    return alone ? { contents: { kind: 'markdown', value: alone } } : null;
  }
  const value = [h.markdown, memberType, fromHeaders].filter(Boolean).join('\n\n---\n\n') + under;
  return { contents: { kind: 'markdown', value }, range: toRange(doc.lines, h.start, h.end) };
}
