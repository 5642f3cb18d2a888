// Language diagnostics → LSP diagnostics (code, range, related information).
import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver';
import { forEachDiagnosticStatement, pausedDiagnostic, pointsElsewhere, statementDiagnostics } from '../language';
import type { Diagnostic as LanguageDiagnostic, DocumentAnalysis, LineIndex, StatementAnalysis } from '../language';
import { toRange } from './convert';

const SEVERITY = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
} as const;

/**
 * The LSP diagnostics of a statement's record, converted when its statement started at that
 * line and column: the same record (the same text) at the same position has the same ones, so
 * an edit converts only the statements it moved across lines or changed.
 */
const CONVERTED = new WeakMap<StatementAnalysis, { uri: string; line: number; character: number; lsp: Diagnostic[] }>();

/** One statement's converted diagnostics, at its index and start position. */
interface Group {
  index: number;
  line: number;
  character: number;
  /** They point at other statements (related locations), which an edit may move: converted again each version. */
  related: boolean;
  lsp: Diagnostic[];
}

/** A complete `.tla` analysis's conversion: its groups (by statement index) and the list they make. */
interface Converted {
  uri: string;
  lineCount: number;
  groups: Group[];
  items: Diagnostic[];
}

/** How many conversions were brought up to date from the version before (afterEdit) and how many were made whole: for tests and the bench. */
export const conversions = { afterEdit: 0, whole: 0 };

/** By analysis (weakly: the server keeps only the latest), for the next version's edit to start from. */
const CONVERSION_OF = new WeakMap<DocumentAnalysis, Converted>();

export function toLspDiagnostics(uri: string, analysis: DocumentAnalysis, lines: LineIndex, extra: readonly LanguageDiagnostic[] = []): Diagnostic[] {
  // (extra: a kernel's instantiation warnings, computed apart from its analysis: see kernelWarnings.ts)
  if (extra.length) return [...extra.map((d) => toLsp(uri, lines, d)), ...toLspDiagnostics(uri, analysis, lines)];
  const kept = CONVERSION_OF.get(analysis);
  if (kept && kept.uri === uri && kept.lineCount === lines.lineCount) return kept.items;
  let converted = afterEdit(uri, analysis, lines);
  if (converted) conversions.afterEdit++;
  else if ((converted = convertAll(uri, analysis, lines))) conversions.whole++;
  if (!converted) return analysis.diagnostics.map((d) => toLsp(uri, lines, d));
  if (analysis.complete !== false) CONVERSION_OF.set(analysis, converted);
  return converted.items;
}

/** Every statement's diagnostics, each kept by record where its position did not change; undefined for a C++ analysis. */
function convertAll(uri: string, analysis: DocumentAnalysis, lines: LineIndex): Converted | undefined {
  const groups: Group[] = [];
  const isTla = forEachDiagnosticStatement(analysis, (sa, start, related) => groups.push(group(uri, analysis, lines, sa, start, related)));
  if (!isTla) return undefined;
  const items = itemsOf(groups);
  const paused = pausedDiagnostic(analysis);
  if (paused) items.push(toLsp(uri, lines, paused));
  return { uri, lineCount: lines.lineCount, groups, items };
}

/**
 * The conversion of the analysis before the edits, brought up to date by what they changed
 * (analysis.edit: one keystroke's, or a burst's analysed at once): the statements they changed
 * are converted, and those that may have moved within a line — on a line where an edited
 * region ends — are looked at; every other group stands (same record, same position: no
 * region added or removed a line). Undefined when that does not apply (no edit known, lines
 * added or removed, the previous conversion gone).
 */
function afterEdit(uri: string, analysis: DocumentAnalysis, lines: LineIndex): Converted | undefined {
  const edit = analysis.edit;
  const before = edit?.since.deref();
  const was = before && CONVERSION_OF.get(before);
  if (!edit || !edit.sameLines || !was || was.uri !== uri || was.lineCount !== lines.lineCount || analysis.complete === false) return undefined;
  const statements = analysis.statements;
  const endLines = edit.regions.map((r) => lines.position(r.to).line);
  const changed = edit.changed;
  const groups: Group[] = [];
  const fresh = (index: number) => {
    const sa = statements[index];
    if (sa.local.length) groups.push(group(uri, analysis, lines, sa, analysis.startOf(sa), pointsElsewhere(sa)));
  };
  let c = 0;
  for (const g of was.groups) {
    while (c < changed.length && changed[c] < g.index) fresh(changed[c++]);
    if (c < changed.length && changed[c] === g.index) {
      fresh(changed[c++]);
      continue;
    }
    if (!g.related && !endLines.includes(g.line)) {
      groups.push(g);
      continue;
    }
    const sa = statements[g.index];
    groups.push(group(uri, analysis, lines, sa, analysis.startOf(sa), g.related));
  }
  while (c < changed.length) fresh(changed[c++]);
  return { uri, lineCount: was.lineCount, groups, items: itemsOf(groups) };
}

/** A statement's group at `start`: as converted before when the record started at the same position, unless related. */
function group(uri: string, analysis: DocumentAnalysis, lines: LineIndex, sa: StatementAnalysis, start: number, related: boolean): Group {
  const at = lines.position(start);
  const base = { index: sa.index, line: at.line, character: at.character, related };
  if (related) return { ...base, lsp: statementDiagnostics(analysis, sa, start).map((d) => toLsp(uri, lines, d)) };
  const kept = CONVERTED.get(sa);
  if (kept && kept.uri === uri && kept.line === at.line && kept.character === at.character) return { ...base, lsp: kept.lsp };
  const lsp = statementDiagnostics(analysis, sa, start).map((d) => toLsp(uri, lines, d));
  CONVERTED.set(sa, { uri, line: at.line, character: at.character, lsp });
  return { ...base, lsp };
}

function itemsOf(groups: readonly Group[]): Diagnostic[] {
  const items: Diagnostic[] = [];
  for (const g of groups) for (const d of g.lsp) items.push(d);
  return items;
}

/** One diagnostic in LSP terms (an absent field is left out: thousands of diagnostics go out with every version). */
function toLsp(uri: string, lines: LineIndex, d: LanguageDiagnostic): Diagnostic {
  return {
    range: toRange(lines, d.start, d.end),
    severity: SEVERITY[d.severity],
    code: d.code,
    source: 'tla-layout',
    message: d.message,
    relatedInformation: d.related.length
      ? d.related.map((r) => ({ location: { uri, range: toRange(lines, r.start, r.end) }, message: r.message }))
      : undefined,
    data: d.data,
  };
}
