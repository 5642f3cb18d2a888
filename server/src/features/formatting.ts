// Formatting: normalised spacing (language/format.ts), sent as per-line edits that keep
// each line's own line break (\n, \r\n or \r).
import { Range, TextEdit } from 'vscode-languageserver';
import { formatText } from '../language';
import type { AnalysedDocument } from '../documents';

export function formatting(doc: AnalysedDocument, range?: Range): TextEdit[] {
  const original = doc.text.split(/\r\n|\r|\n/);
  const formatted = formatText(original.join('\n')).split('\n');
  if (formatted.length !== original.length) {
    // blank lines were collapsed: replace the whole document in one edit, in its own line breaks
    if (range) return [];
    const eol = /\r\n/.test(doc.text) ? '\r\n' : /\r/.test(doc.text) ? '\r' : '\n';
    return [{ range: { start: { line: 0, character: 0 }, end: doc.lines.position(doc.text.length) }, newText: formatted.join(eol) }];
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
