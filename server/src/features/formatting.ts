// Formatting: normalised spacing (language/format.ts), sent as per-line edits.
import { Range, TextEdit } from 'vscode-languageserver';
import { formatText } from '../language';
import type { AnalysedDocument } from '../documents';

export function formatting(doc: AnalysedDocument, range?: Range): TextEdit[] {
  const formatted = formatText(doc.text).split('\n');
  const original = doc.text.split('\n');
  if (formatted.length !== original.length) {
    // blank lines were collapsed: replace the whole document in one edit
    if (range) return [];
    return [{ range: { start: { line: 0, character: 0 }, end: doc.lines.position(doc.text.length) }, newText: formatted.join('\n') }];
  }
  const edits: TextEdit[] = [];
  for (let i = 0; i < original.length; i++) {
    if (range && (i < range.start.line || i > range.end.line)) continue;
    if (original[i] !== formatted[i]) {
      edits.push({ range: { start: { line: i, character: 0 }, end: { line: i, character: original[i].length } }, newText: formatted[i] });
    }
  }
  return edits;
}
