// Language diagnostics → LSP diagnostics (code, range, related information).
import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver';
import { forEachDiagnosticStatement, pausedDiagnostic, pointsElsewhere, relatedSpans, statementDiagnostics } from '../language';
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
const CONVERTED = new WeakMap<
  StatementAnalysis,
  { uri: string; line: number; character: number; targets: number[] | undefined; lsp: Diagnostic[] }
>();

/** One statement's converted diagnostics, at its index and start position. */
interface Group {
  index: number;
  line: number;
  character: number;
  /** They point at other statements (related locations), which an edit may move: looked at again each version. */
  related: boolean;
  lsp: Diagnostic[];
}

/**
 * A complete `.tla` analysis's conversion: its groups (by statement index), the list they make
 * (a paused analysis's note last), where each group's items begin in it (`starts`, one more
 * than the groups: the end), and the statement indices of the related groups (ascending).
 */
interface Converted {
  uri: string;
  lineCount: number;
  groups: Group[];
  items: Diagnostic[];
  starts: Int32Array;
  related: number[];
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
  const out = new Builder();
  const isTla = forEachDiagnosticStatement(analysis, (sa, start, related) => out.add(group(uri, analysis, lines, sa, start, related)));
  if (!isTla) return undefined;
  const paused = pausedDiagnostic(analysis);
  return out.done(uri, lines.lineCount, paused && toLsp(uri, lines, paused));
}

/** Groups and their items, in statement order. */
class Builder {
  groups: Group[] = [];
  items: Diagnostic[] = [];
  starts: number[] = [];
  related: number[] = [];
  add(g: Group): void {
    this.groups.push(g);
    this.starts.push(this.items.length);
    for (const d of g.lsp) this.items.push(d);
    if (g.related) this.related.push(g.index);
  }
  /** The groups [from, to) of a conversion, as they are (their items one run of its list). */
  copy(was: Converted, from: number, to: number): void {
    const delta = this.items.length - was.starts[from];
    for (let i = from; i < to; i++) {
      this.groups.push(was.groups[i]);
      this.starts.push(was.starts[i] + delta);
    }
    for (let j = was.starts[from], end = was.starts[to]; j < end; j++) this.items.push(was.items[j]);
  }
  done(uri: string, lineCount: number, paused: Diagnostic | undefined): Converted {
    this.starts.push(this.items.length);
    if (paused) this.items.push(paused);
    return { uri, lineCount, groups: this.groups, items: this.items, starts: Int32Array.from(this.starts), related: this.related };
  }
}

/** The first group at or after position `from` whose statement index is ≥ index. */
function groupAt(groups: readonly Group[], index: number, from: number): number {
  let lo = from;
  let hi = groups.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (groups[mid].index < index) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The statement indices of the groups that start on `line` (the groups are in line order). */
function groupsOnLine(groups: readonly Group[], line: number, into: number[]): void {
  let lo = 0;
  let hi = groups.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (groups[mid].line < line) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < groups.length && groups[i].line === line; i++) into.push(groups[i].index);
}

/**
 * The conversion of the analysis before the edits, brought up to date by what they changed
 * (analysis.edit: one keystroke's, or a burst's analysed at once): the statements they changed
 * are converted, and those that may have moved within a line — on a line where an edited
 * region ends — and those pointing elsewhere are looked at; every other group stands (same
 * record, same position: no region added or removed a line), copied in runs, so the work
 * follows what changed (the runs are copies of references). Undefined when that does not
 * apply (no edit known, lines added or removed, the previous conversion gone).
 */
function afterEdit(uri: string, analysis: DocumentAnalysis, lines: LineIndex): Converted | undefined {
  const edit = analysis.edit;
  const before = edit?.since.deref();
  const was = before && CONVERSION_OF.get(before);
  if (!edit || !edit.sameLines || !was || was.uri !== uri || was.lineCount !== lines.lineCount || analysis.complete === false) return undefined;
  const statements = analysis.statements;
  // the statements to look at: changed, on a line where a region ends, pointing elsewhere
  const look: number[] = [...edit.changed, ...was.related];
  for (const r of edit.regions) groupsOnLine(was.groups, lines.position(r.to).line, look);
  look.sort((a, b) => a - b);
  const out = new Builder();
  let at = 0; // the next group of `was` not yet placed
  for (let k = 0; k < look.length; k++) {
    const index = look[k];
    if (k > 0 && look[k - 1] === index) continue;
    const pos = groupAt(was.groups, index, at);
    out.copy(was, at, pos);
    at = pos < was.groups.length && was.groups[pos].index === index ? pos + 1 : pos;
    const sa = statements[index];
    if (sa.local.length) out.add(group(uri, analysis, lines, sa, analysis.startOf(sa), pointsElsewhere(sa)));
  }
  out.copy(was, at, was.groups.length);
  return out.done(uri, was.lineCount, undefined);
}

/**
 * A statement's group at `start`: as converted before when the record started at the same
 * position — and, when its diagnostics point at other statements (related), those are where
 * they were (the same declarations' spans at the same positions).
 */
function group(uri: string, analysis: DocumentAnalysis, lines: LineIndex, sa: StatementAnalysis, start: number, related: boolean): Group {
  const at = lines.position(start);
  const base = { index: sa.index, line: at.line, character: at.character, related };
  const targets = related ? placesOf(lines, relatedSpans(analysis, sa)) : undefined;
  const kept = CONVERTED.get(sa);
  if (kept && kept.uri === uri && kept.line === at.line && kept.character === at.character && samePlaces(kept.targets, targets))
    return { ...base, lsp: kept.lsp };
  const lsp = statementDiagnostics(analysis, sa, start).map((d) => toLsp(uri, lines, d));
  CONVERTED.set(sa, { uri, line: at.line, character: at.character, targets, lsp });
  return { ...base, lsp };
}

/** Line and column of each offset (-1 -1 stays). */
function placesOf(lines: LineIndex, offsets: number[]): number[] {
  const out: number[] = [];
  for (const o of offsets) {
    if (o < 0) out.push(-1, -1);
    else {
      const p = lines.position(o);
      out.push(p.line, p.character);
    }
  }
  return out;
}

function samePlaces(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
