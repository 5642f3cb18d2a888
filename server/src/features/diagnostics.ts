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

/** The related information of most diagnostics: none (one shared, frozen list). */
const NONE: Diagnostic['relatedInformation'] = Object.freeze([]) as unknown as Diagnostic['relatedInformation'];

export function toLspDiagnostics(uri: string, analysis: DocumentAnalysis, lines: LineIndex): Diagnostic[] {
  return analysis.diagnostics.map((d) => ({
    range: toRange(lines, d.start, d.end),
    severity: SEVERITY[d.severity],
    code: d.code,
    source: 'tla-layout',
    message: d.message,
    relatedInformation: d.related.length
      ? d.related.map((r) => ({ location: { uri, range: toRange(lines, r.start, r.end) }, message: r.message }))
      : NONE,
    data: d.data,
  }));
}
