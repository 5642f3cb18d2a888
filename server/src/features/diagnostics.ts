// Language diagnostics → LSP diagnostics (code, range, related information).
import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver';
import { forEachDiagnosticGroup } from '../language';
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

export function toLspDiagnostics(uri: string, analysis: DocumentAnalysis, lines: LineIndex, extra: readonly LanguageDiagnostic[] = []): Diagnostic[] {
  // (extra: a kernel's instantiation warnings, computed apart from its analysis: see kernelWarnings.ts)
  const out: Diagnostic[] = extra.map((d) => toLsp(uri, lines, d));
  forEachDiagnosticGroup(analysis, (owner, start, make) => {
    if (!owner) {
      for (const d of make()) out.push(toLsp(uri, lines, d));
      return;
    }
    const at = lines.position(start);
    const kept = CONVERTED.get(owner);
    if (kept && kept.uri === uri && kept.line === at.line && kept.character === at.character) {
      for (const d of kept.lsp) out.push(d);
      return;
    }
    const lsp = make().map((d) => toLsp(uri, lines, d));
    CONVERTED.set(owner, { uri, line: at.line, character: at.character, lsp });
    for (const d of lsp) out.push(d);
  });
  return out;
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
