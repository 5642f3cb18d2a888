// Diagnostic values of the language layer (no LSP types here).

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** Stable codes; docs/diagnostics.md documents each with an example. */
export const DIAGNOSTIC_CODES = {
  'syntax-error': 'error',
  'missing-semicolon': 'error',
  'unknown-name': 'error',
  'unknown-function': 'error',
  'argument-count': 'error',
  'argument-kind': 'error',
  'not-callable': 'error',
  'unsupported-tag': 'error',
  'unsupported-element': 'error',
  'rank-mismatch': 'error',
  'depth-mismatch': 'error',
  'index-out-of-range': 'error',
  'duplicate-declaration': 'error',
  'static-assert-failed': 'error',
  'division-by-zero': 'error',
  overflow: 'error',
  'limit-exceeded': 'error',
  'unsupported-arch': 'error',
  'catlass-coord': 'error',
  ambiguous: 'error',
  'coord-out-of-shape': 'warning',
  'coord-in-padding': 'warning',
  'empty-tile': 'warning',
  'tile-misaligned': 'hint',
  'zero-origin-shape': 'warning',
} as const satisfies Record<string, Severity>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export interface RelatedLocation {
  start: number;
  end: number;
  message: string;
}

export interface Diagnostic {
  /** Offsets into the document text. */
  start: number;
  end: number;
  severity: Severity;
  code: DiagnosticCode;
  message: string;
  related: RelatedLocation[];
  /** Extra facts for quick fixes (e.g. the name to suggest, the text to insert). */
  data?: { suggestion?: string; insert?: string; expectedRank?: number; replace?: string };
}

export function severityOf(code: DiagnosticCode): Severity {
  return DIAGNOSTIC_CODES[code];
}
