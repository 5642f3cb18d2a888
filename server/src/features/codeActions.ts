// Code actions: the quick fixes language's quickFixFor finds for the diagnostics (insert a
// missing `;`, use the closest known name, fit a coordinate to the layout's rank) and the
// refactors of refactorsAt (copy as C++, convert to compact notation), as LSP CodeActions.
import { CodeAction, CodeActionKind, CodeActionParams, TextEdit } from 'vscode-languageserver';
import { quickFixesFor, refactorsAt } from '../language';
import type { AnalysedDocument } from '../documents';
import { toRange } from './convert';

/** The command the client runs to put text on the clipboard. */
export const COPY_COMMAND = 'tlaLayout.copyToClipboard';

export function codeActions(doc: AnalysedDocument, params: CodeActionParams): CodeAction[] {
  const actions: CodeAction[] = [];
  const uri = doc.uri;

  for (const d of params.context.diagnostics) {
    if (d.source !== 'tla-layout') continue;
    const start = doc.lines.offset(d.range.start.line, d.range.start.character);
    const end = doc.lines.offset(d.range.end.line, d.range.end.character);
    const fixes = quickFixesFor(doc.analysis, { code: String(d.code), start, end, data: d.data }, doc.text);
    fixes.forEach((fix, k) => {
      const edit: TextEdit = fix.insert
        ? { range: { start: d.range.end, end: d.range.end }, newText: fix.newText }
        : { range: fix.edit ? toRange(doc.lines, fix.edit.start, fix.edit.end) : d.range, newText: fix.newText };
      // the first is the one to take (a "did you mean"); the declarations are offered after it
      actions.push({ title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: k === 0, edit: { changes: { [uri]: [edit] } } });
    });
  }

  // Refactors on the statement under the cursor.
  const offset = doc.lines.offset(params.range.start.line, params.range.start.character);
  const r = refactorsAt(doc.analysis, offset);
  if (r.copyCpp !== undefined) {
    actions.push({
      title: 'Copy as C++',
      kind: CodeActionKind.Refactor + '.copyCpp',
      command: { title: 'Copy as C++', command: COPY_COMMAND, arguments: [r.copyCpp] },
    });
  }
  if (r.compact) {
    actions.push({
      title: 'Convert to compact notation',
      kind: CodeActionKind.RefactorRewrite + '.compact',
      edit: { changes: { [uri]: [{ range: toRange(doc.lines, r.compact.start, r.compact.end), newText: r.compact.newText }] } },
    });
  }
  const only = params.context.only;
  return only ? actions.filter((a) => only.some((k) => a.kind === k || a.kind?.startsWith(k + '.'))) : actions;
}
