// Code actions: quick fixes (insert a missing `;`, use the closest known name,
// fit a coordinate to the layout's rank) and refactors (copy as C++, convert to
// compact notation).
import { CodeAction, CodeActionKind, CodeActionParams, Diagnostic, TextEdit } from 'vscode-languageserver';
import { Ast, SUGGESTED_CODES, nodeAt, statementAt, suggestFor, valueToCompact, valueToCpp } from '../language';
import type { AnalysedDocument } from '../documents';
import { toRange } from './convert';

/** The command the client runs to put text on the clipboard. */
export const COPY_COMMAND = 'tlaLayout.copyToClipboard';

const TUPLE_MAKERS = new Set(['MakeCoord', 'MakeShape', 'MakeStride', 'make_tuple', 'MakeTuple']);

export function codeActions(doc: AnalysedDocument, params: CodeActionParams): CodeAction[] {
  const actions: CodeAction[] = [];
  const uri = doc.uri;
  const edit = (title: string, diagnostic: Diagnostic, edits: TextEdit[], preferred = true): CodeAction => ({
    title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    isPreferred: preferred,
    edit: { changes: { [uri]: edits } },
  });

  for (const d of params.context.diagnostics) {
    const data = d.data as { suggestion?: string; insert?: string; expectedRank?: number } | undefined;
    if (d.source !== 'tla-layout') continue;
    if (d.code === 'missing-semicolon') {
      actions.push(edit("Insert ';'", d, [{ range: { start: d.range.end, end: d.range.end }, newText: ';' }]));
    } else if (SUGGESTED_CODES.has(String(d.code))) {
      // "did you mean" is found now, when the fix is asked for (not in every analysis)
      const start = doc.lines.offset(d.range.start.line, d.range.start.character);
      const end = doc.lines.offset(d.range.end.line, d.range.end.character);
      const suggestion = suggestFor(doc.analysis, { code: String(d.code), start, end });
      if (suggestion) actions.push(edit(`Change to '${suggestion}'`, d, [{ range: d.range, newText: suggestion }]));
    } else if (data?.suggestion && ['unsupported-tag', 'unsupported-element', 'catlass-coord'].includes(String(d.code))) {
      actions.push(edit(`Change to '${data.suggestion}'`, d, [{ range: d.range, newText: data.suggestion }]));
    } else if (d.code === 'rank-mismatch' && data?.expectedRank) {
      const fix = fitCoordinate(doc, d, data.expectedRank);
      if (fix) actions.push(edit(fix.title, d, [fix.edit]));
    }
  }

  // Refactors on the statement under the cursor.
  const offset = doc.lines.offset(params.range.start.line, params.range.start.character);
  const s = statementAt(doc.analysis, offset);
  const value = s?.result?.value;
  const n = nodeAt(doc.analysis, offset);
  const target = n && (n.value.kind !== 'int' || n.node.type !== 'int') ? n : undefined;
  if (target) {
    actions.push({
      title: 'Copy as C++',
      kind: CodeActionKind.Refactor + '.copyCpp',
      command: { title: 'Copy as C++', command: COPY_COMMAND, arguments: [valueToCpp(target.value)] },
    });
    if (target.value.kind === 'layout' && target.node.type !== 'compact') {
      actions.push({
        title: 'Convert to compact notation',
        kind: CodeActionKind.RefactorRewrite + '.compact',
        edit: { changes: { [uri]: [{ range: toRange(doc.lines, target.start, target.end), newText: valueToCompact(target.value) }] } },
      });
    }
  } else if (s && value) {
    actions.push({
      title: 'Copy as C++',
      kind: CodeActionKind.Refactor + '.copyCpp',
      command: { title: 'Copy as C++', command: COPY_COMMAND, arguments: [valueToCpp(value)] },
    });
  }
  const only = params.context.only;
  return only ? actions.filter((a) => only.some((k) => a.kind === k || a.kind?.startsWith(k + '.'))) : actions;
}

/** `MakeCoord(1, 2, 3)` on a rank-2 layout → `MakeCoord(1, 2)`; too few → pad with 0. */
function fitCoordinate(doc: AnalysedDocument, d: Diagnostic, rank: number): { title: string; edit: TextEdit } | undefined {
  const start = doc.lines.offset(d.range.start.line, d.range.start.character);
  const end = doc.lines.offset(d.range.end.line, d.range.end.character);
  const s = statementAt(doc.analysis, start);
  if (!s?.statement) return undefined;
  let found: Ast.Expr | undefined;
  const visit = (e: Ast.Expr): void => {
    if (s.chunk.start + e.start === start && s.chunk.start + e.end === end) found = e;
  };
  const walk = (e: Ast.Expr) => {
    visit(e);
    if (e.type === 'call' || e.type === 'apply') e.args.forEach(walk);
    if (e.type === 'apply') walk(e.target);
    if (e.type === 'tuple') e.items.forEach(walk);
  };
  if (s.statement.type === 'decl' || s.statement.type === 'expr') walk(s.statement.expr);
  if (s.statement.type === 'assert') [s.statement.left, s.statement.right].forEach(walk);
  const e = found;
  if (!e) return undefined;
  const items = e.type === 'call' && TUPLE_MAKERS.has(e.callee) ? e.args : e.type === 'tuple' ? e.items : undefined;
  if (!items || items.length === rank) return undefined;
  const texts = items.map((x) => s.chunk.text.slice(x.start, x.end));
  const fitted = texts.length > rank ? texts.slice(0, rank) : [...texts, ...Array(rank - texts.length).fill('0')];
  const maker = e.type === 'call' ? e.callee : '';
  const newText = maker ? `${maker}(${fitted.join(', ')})` : `(${fitted.join(', ')})`;
  return { title: `Make it rank ${rank}: ${newText}`, edit: { range: d.range, newText } };
}
