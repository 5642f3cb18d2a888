// A `.tla` document's analysis with what the headers resolved folded in: a statement the
// resolver answered loses the layout evaluator's "unknown type" errors, a layout member
// (`auto l = BlockMmad::L1A_LAYOUT;`) gets its value, and a static_assert the instantiation
// stops at is an error on its statement with the assert's message. A new record: the
// analyzer's own (which it reuses on the next edit) is not changed.
import type { DocumentAnalysis, Declaration, StatementAnalysis } from '../analysis';
import type { Diagnostic } from '../syntax';
import type { ScratchResult } from './scratch';

export function withHeaders(a: DocumentAnalysis, res: ScratchResult): DocumentAnalysis {
  const byStart = new Map([...res.resolved.values()].map((s) => [s.start, s]));
  const statements: StatementAnalysis[] = [];
  const covered: { start: number; end: number }[] = [];
  const added: Diagnostic[] = [];
  const declarations = new Map<string, Declaration>(a.declarations);
  for (const s of a.statements) {
    const start = a.startOf(s);
    const r = byStart.get(start);
    if (!r || 'unknown' in r.outcome) {
      statements.push(s);
      continue;
    }
    covered.push({ start, end: a.endOf(s) });
    if ('error' in r.outcome) {
      const e = r.outcome.error;
      const where = e.selected ? ` (in ${e.selected.copy}, ${e.selected.header}:${e.selected.line}, the specialisation selected)` : '';
      const message = `static_assert failed: ${e.text} (${e.header}:${e.line})${where}`;
      const local = [{ start: 0, end: r.end - r.start, severity: 'error' as const, code: 'static-assert-failed' as const, message }];
      added.push({ start, end: r.end, severity: 'error', code: 'static-assert-failed', message, related: [] });
      statements.push({ ...s, local, result: s.result && { ...s.result, value: null, diagnostics: local } });
      continue;
    }
    const value = r.outcome.ok.k === 'tla' ? r.outcome.ok.value : null;
    const patched: StatementAnalysis = { ...s, local: [], result: s.result && { ...s.result, value: value ?? s.result.value, diagnostics: [] } };
    statements.push(patched);
    const d = s.declaredName ? declarations.get(s.declaredName) : undefined;
    if (d && d.statement === s) declarations.set(d.name, { ...d, statement: patched, value: value ?? d.value });
  }
  const inside = (d: Diagnostic) => covered.some((c) => d.start >= c.start && d.start <= c.end);
  const diagnostics = [...a.diagnostics.filter((d) => !inside(d)), ...added].sort((x, y) => x.start - y.start);
  return {
    get text() {
      return a.text;
    },
    complete: a.complete,
    statements,
    diagnostics,
    declarations,
    startOf: (s) => a.startOf(s),
    endOf: (s) => a.endOf(s),
  };
}
