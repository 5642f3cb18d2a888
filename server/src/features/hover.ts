// Hover: the markdown language's hoverAt says about the offset, and the sections the Catlass
// headers add (ide/templateValues.ts: a scratchpad statement's resolution, a template body's
// instantiation), as an LSP Hover.
import type { Hover, Position } from 'vscode-languageserver';
import { hoverAt, instancesSectionsAt, pendingInstancesSection, scratchValueAt } from '../language';
import type { AnalysedDocument } from '../documents';
import { toRange } from './convert';
import type { Settings } from './settings';

export function hover(doc: AnalysedDocument, position: Position, settings: Settings): Hover | null {
  const offset = doc.lines.offset(position.line, position.character);
  const h = hoverAt(doc.analysis, offset, { gridSize: settings.hover.gridSize, cpp: doc.kind === 'cpp' });
  const fromHeaders = scratchValueAt(doc.scratch, offset);
  // (doc.text joins a big document's pieces: read only where a template body is instantiated)
  const instanceSections = doc.instances?.length ? instancesSectionsAt(doc.instances, doc.text, offset) : [];
  const sections = [...(fromHeaders ? [fromHeaders] : []), ...instanceSections, ...(h ? pendingSectionsAt(doc, offset) : [])];
  // the instantiation's line closes the hover; the other sections are parts of their own
  const parts = sections.filter((s) => s.kind !== 'instantiation').map((s) => s.markdown);
  const under = sections.find((s) => s.kind === 'instantiation')?.markdown;
  const body = [...(h ? [h.markdown] : []), ...parts].join('\n\n---\n\n');
  // (the instantiation alone says nothing of the offset: no hover)
  if (!body) return null;
  const value = under ? `${body}\n\n${under}` : body;
  return { contents: { kind: 'markdown', value }, ...(h ? { range: toRange(doc.lines, h.start, h.end) } : {}) };
}

/** While the workspace's instantiations of the file's templates are being found: said where no instantiation's values are shown yet. */
function pendingSectionsAt(doc: AnalysedDocument, offset: number) {
  if (!doc.instancesPending || doc.instances?.some((v) => v.start <= offset && offset < v.end)) return [];
  return [pendingInstancesSection];
}
