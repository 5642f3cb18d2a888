// Inlay hints: the tile preview after GetTileLayout(…), the value after layout
// constructors, `= offset` after crd2offset(…)/layout(coord)/print(…), as language's
// inlayHintsIn finds them. VS Code cuts labels at editor.inlayHints.maximumLength (43 by
// default), so a label leads with what matters; the whole value sits in the tooltip.
import { InlayHint, InlayHintKind, MarkupKind, Range } from 'vscode-languageserver';
import { inlayHintsIn } from '../language';
import type { AnalysedDocument } from '../documents';
import type { Settings } from './settings';

export function inlayHints(doc: AnalysedDocument, range: Range, settings: Settings): InlayHint[] {
  const start = doc.lines.offset(range.start.line, range.start.character);
  const end = doc.lines.offset(range.end.line, range.end.character);
  return inlayHintsIn(doc.analysis, start, end, settings.inlayHints).map((h) => ({
    position: doc.lines.position(h.at),
    label: h.label,
    kind: InlayHintKind.Type,
    paddingLeft: true,
    tooltip: { kind: MarkupKind.Markdown, value: h.tooltip },
  }));
}
