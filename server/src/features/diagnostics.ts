// Language diagnostics → LSP diagnostics (code, range, related information).
import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver';
import type { DocumentAnalysis, LineIndex } from '../language';
import { toRange } from './convert';

const SEVERITY = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
} as const;

export function toLspDiagnostics(uri: string, analysis: DocumentAnalysis, lines: LineIndex): Diagnostic[] {
  // (an absent field is left out: thousands of diagnostics go out with every version)
  return analysis.diagnostics.map((d) => ({
    range: toRange(lines, d.start, d.end),
    severity: SEVERITY[d.severity],
    code: d.code,
    source: 'tla-layout',
    message: d.message,
    relatedInformation: d.related.length
      ? d.related.map((r) => ({ location: { uri, range: toRange(lines, r.start, r.end) }, message: r.message }))
      : undefined,
    data: d.data,
  }));
}
