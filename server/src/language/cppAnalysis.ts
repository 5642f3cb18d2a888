// The TLA inside a C++ document, analysed with the same evaluator as `.tla` files:
// constants are evaluated first, then `using` aliases, then every TLA expression in
// order; names that are not compile-time constants become symbolic integers. The result
// has the shape of a DocumentAnalysis, so hover and inlay hints serve both kinds of file.
import * as core from '../core';
import type { DocumentAnalysis, StatementAnalysis, Declaration } from './analysis';
import type * as Ast from './ast';
import { Diagnostic } from './diagnostics';
import { Binding, Environment, StatementEvaluator, Value } from './evaluate';
import { ParseResult, parseStatement } from './parser';
import { scanCpp } from './cppSource';

/** Only these are certain in C++ (structure, not values), and they are warnings there. */
const CERTAIN_CODES = new Set(['rank-mismatch', 'depth-mismatch']);

export interface CppAnalysis extends DocumentAnalysis {
  /** false when the file neither includes a tla/ header nor mentions tla:: — then nothing is shown. */
  usesTla: boolean;
}

export class CppAnalyzer {
  private parseCache = new Map<string, ParseResult>();

  private parse(text: string): ParseResult {
    let r = this.parseCache.get(text);
    if (!r) {
      r = parseStatement(text);
      if (this.parseCache.size > 20_000) this.parseCache.clear();
      this.parseCache.set(text, r);
    }
    return r;
  }

  analyze(text: string): CppAnalysis {
    const scan = scanCpp(text);
    const statements: StatementAnalysis[] = [];
    const declarations = new Map<string, Declaration>();
    const diagnostics: Diagnostic[] = [];
    const empty: CppAnalysis = { text, statements, diagnostics, declarations, usesTla: false };
    if (!scan.mentionsTla) return empty;

    const bindings = new Map<string, Binding>();
    const symbols = new Map<string, Value>();
    const env: Environment = {
      lookup: (n) => bindings.get(n),
      names: () => bindings.keys(),
      free: (n) => {
        let v = symbols.get(n);
        if (!v) symbols.set(n, (v = core.symbolicInt(n)));
        return v;
      },
    };

    const evaluate = (start: number, end: number, wrap: (src: string) => string, offsetInWrap: number): StatementAnalysis | undefined => {
      const src = text.slice(start, end);
      const parsed = this.parse(wrap(src));
      if (!parsed.ok) return undefined; // not TLA we understand: say nothing (clangd speaks for C++)
      const st = parsed.statement;
      // shift the statement so its offsets are relative to `start`
      const result = new StatementEvaluator(env).run(st);
      const sa: StatementAnalysis = {
        index: statements.length,
        chunk: { start: start - offsetInWrap, end, text: wrap(src), terminated: true, preprocessor: false },
        statement: st,
        result,
        local: result.diagnostics.filter((d) => CERTAIN_CODES.has(d.code)).map((d) => ({ ...d, severity: 'warning' as const })),
      };
      return sa;
    };

    const bind = (name: string, value: Value | null, sa: StatementAnalysis, nameStart: number, nameEnd: number) => {
      bindings.set(name, { value });
      declarations.set(name, { name, statement: sa, start: nameStart, end: nameEnd, value });
    };

    for (const c of scan.constants) {
      const prefix = 'auto __c = ';
      const sa = evaluate(c.start, c.end, (s) => `${prefix}${s};`, prefix.length);
      if (sa?.result?.value && sa.result.value.kind === 'int') bind(c.name, sa.result.value, sa, c.nameStart, c.nameEnd);
    }
    for (const a of scan.aliases) {
      const prefix = 'auto __a = ';
      // bound, not listed: the `{}` we add does not exist in the source, so no hint sits on it
      const sa = evaluate(a.start, a.end, (s) => `${prefix}${s}{};`, prefix.length);
      if (sa?.result?.value) bind(a.name, sa.result.value, sa, a.nameStart, a.nameEnd);
    }
    for (const e of scan.expressions) {
      const sa = evaluate(e.start, e.end, (s) => `${s};`, 0);
      if (!sa) continue;
      statements.push(sa);
      if (e.boundName && sa.result?.value) bind(e.boundName, sa.result.value, sa, e.nameStart!, e.nameEnd!);
    }
    statements.sort((x, y) => x.chunk.start - y.chunk.start);
    statements.forEach((s, i) => (s.index = i));
    for (const s of statements) {
      for (const d of s.local) {
        diagnostics.push({ start: s.chunk.start + d.start, end: s.chunk.start + d.end, severity: d.severity, code: d.code, message: d.message, related: [], data: d.data });
      }
    }
    // alias type forms are value-initialised: their zero originShape is the alias's business, not a warning here
    return { text, statements, diagnostics, declarations, usesTla: true };
  }
}
