// The outline: every declaration with its kind and value.
import type { DocumentAnalysis } from '../analysis';
import { isAssignment } from '../analysis';
import { printValue } from '../eval';

import type { Span } from './span';

export type SymbolKindName = 'layout' | 'tuple' | 'number' | 'variable';

export interface SymbolRecord {
  name: string;
  detail: string;
  kind: SymbolKindName;
  /** The statement, and the declared name in it. */
  span: Span;
  nameSpan: Span;
}

/** The outline: each first declaration with its value. */
export function symbols(a: DocumentAnalysis): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  for (const s of a.statements) {
    if (!s.declaredName || !s.declaredNameSpan || s.duplicate || isAssignment(a, s)) continue;
    const v = s.result?.value ?? null;
    const kind: SymbolKindName = !v ? 'variable' : v.kind === 'layout' ? 'layout' : v.kind === 'tuple' ? 'tuple' : 'number';
    out.push({
      name: s.declaredName,
      detail: v ? printValue(v) : 'no value (see problems)',
      kind,
      span: { start: a.startOf(s), end: a.endOf(s) },
      nameSpan: { start: a.startOf(s) + s.declaredNameSpan.start, end: a.startOf(s) + s.declaredNameSpan.end },
    });
  }
  return out;
}

/** The declaration of the name at an offset. */
