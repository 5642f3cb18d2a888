// Quick fixes for diagnostics ("did you mean", fit a coordinate's rank) and the refactors at the cursor.
import { statementAt } from '../analysis';
import type { DocumentAnalysis } from '../analysis';
import { Ast } from '../syntax';
import { BUILTIN_BY_NAME, closest } from '../syntax';
import { nodeAt } from './inspect';
import { valueToCompact, valueToCpp } from './toCpp';

import type { Span } from './span';

/** A diagnostic as a quick fix sees it: its code, its span, the data the analysis attached. */
export interface DiagnosticRef extends Span {
  code: string;
  data?: unknown;
}

/** A quick fix: replace the diagnostic's span (or insert at its end) with `newText`, or edit `edit` when set. */
export interface QuickFix {
  title: string;
  newText: string;
  /** Insert at the diagnostic's end instead of replacing it. */
  insert?: boolean;
  /** The span to replace when it is not the diagnostic's own (offsets). */
  edit?: Span;
}

const TUPLE_MAKERS = new Set(['MakeCoord', 'MakeShape', 'MakeStride', 'make_tuple', 'MakeTuple']);
const DATA_SUGGESTIONS = new Set(['unsupported-tag', 'unsupported-element', 'catlass-coord']);

/**
 * The quick fixes of one diagnostic: the main one (quickFixFor) first; for an unknown name in a
 * `.tla` file (kernel code pasted in: `m` is the kernel's), its declaration as a runtime value
 * (`uint32_t m;`, a symbol) and as a constant to fill in, before the statement that reads it.
 */
export function quickFixesFor(a: DocumentAnalysis, d: DiagnosticRef, text: string): QuickFix[] {
  const fixes: QuickFix[] = [];
  const main = quickFixFor(a, d);
  if (main) fixes.push(main);
  const name = d.code === 'unknown-name' ? text.slice(d.start, d.end) : '';
  if (/^[A-Za-z_]\w*$/.test(name)) {
    const s = statementAt(a, d.start);
    const lineStart = s ? text.lastIndexOf('\n', a.startOf(s) - 1) + 1 : 0;
    const at = { start: lineStart, end: lineStart };
    fixes.push(
      { title: `Declare '${name}' as a runtime value: uint32_t ${name};`, newText: `uint32_t ${name};\n`, edit: at },
      {
        title: `Declare '${name}' as a constant: constexpr uint32_t ${name} = …;`,
        newText: `constexpr uint32_t ${name} = 0; // ${name}'s value\n`,
        edit: at,
      },
    );
  }
  return fixes;
}

/** The quick fix of one diagnostic of this analysis, if it has one. */
export function quickFixFor(a: DocumentAnalysis, d: DiagnosticRef): QuickFix | undefined {
  const data = d.data as { suggestion?: string; insert?: string; expectedRank?: number } | undefined;
  if (d.code === 'missing-semicolon') return { title: "Insert ';'", newText: ';', insert: true };
  if (SUGGESTED_CODES.has(d.code)) {
    // "did you mean" is found now, when the fix is asked for (not in every analysis)
    const suggestion = suggestFor(a, d);
    return suggestion ? { title: `Change to '${suggestion}'`, newText: suggestion } : undefined;
  }
  if (data?.suggestion && DATA_SUGGESTIONS.has(d.code)) return { title: `Change to '${data.suggestion}'`, newText: data.suggestion };
  if (d.code === 'rank-mismatch' && data?.expectedRank) return fitCoordinate(a, d, data.expectedRank);
  return undefined;
}

/**
 * `MakeCoord(1, 2, 3)` on a rank-2 layout → `MakeCoord(1, 2)`; too few → pad with 0. The
 * coordinate is the expression the diagnostic spans, inside any parentheses around it.
 */
function fitCoordinate(a: DocumentAnalysis, d: Span, rank: number): QuickFix | undefined {
  const s = statementAt(a, d.start);
  if (!s?.statement) return undefined;
  let found: Ast.Expr | undefined;
  for (const root of Ast.statementExprs(s.statement)) {
    Ast.walkExpr(root, (e) => {
      if (a.startOf(s) + e.start === d.start && a.startOf(s) + e.end === d.end) found = e;
    });
  }
  let e = found;
  while (e?.type === 'paren') e = e.inner;
  if (!e) return undefined;
  const items = e.type === 'call' && TUPLE_MAKERS.has(e.callee) ? e.args : e.type === 'tuple' ? e.items : undefined;
  if (!items || items.length === rank) return undefined;
  const texts = items.map((x) => s.chunk.text.slice(x.start, x.end));
  const fitted = texts.length > rank ? texts.slice(0, rank) : [...texts, ...Array(rank - texts.length).fill('0')];
  const maker = e.type === 'call' ? e.callee : '';
  const newText = maker ? `${maker}(${fitted.join(', ')})` : `(${fitted.join(', ')})`;
  const edit = e === found ? undefined : { start: a.startOf(s) + e.start, end: a.startOf(s) + e.end };
  return { title: `Make it rank ${rank}: ${newText}`, newText, edit };
}

/** The refactors at an offset: the value under the cursor as C++, and a layout in compact notation. */
export interface Refactors {
  /** Copy as C++: the text to put on the clipboard. */
  copyCpp?: string;
  /** Convert to compact notation: the edit. */
  compact?: Span & { newText: string };
}

export function refactorsAt(a: DocumentAnalysis, offset: number): Refactors {
  const s = statementAt(a, offset);
  const value = s?.result?.value;
  const n = nodeAt(a, offset);
  const target = n && (n.value.kind !== 'int' || n.node.type !== 'int') ? n : undefined;
  if (target) {
    const out: Refactors = { copyCpp: valueToCpp(target.value) };
    if (target.value.kind === 'layout' && target.node.type !== 'compact') {
      out.compact = { start: target.start, end: target.end, newText: valueToCompact(target.value) };
    }
    return out;
  }
  return s && value ? { copyCpp: valueToCpp(value) } : {};
}

/** Codes whose "did you mean" is found on demand by suggestFor. */
export const SUGGESTED_CODES: ReadonlySet<string> = new Set(['unknown-name', 'unknown-function']);

/**
 * "Did you mean": the closest name to an unknown name or function, among the names
 * declared before its statement (in declaration order; builtins first for a function).
 * Computed when a quick fix asks, not by the analysis: an unknown name then depends on
 * that one name only, so its statement is reused across edits like any other, and a
 * document with a thousand unknown names does not compare each with every name in scope
 * on every edit. Other codes keep their suggestion in the diagnostic's data.
 */
export function suggestFor(a: DocumentAnalysis, d: { code: string; start: number; end: number }): string | undefined {
  if (!SUGGESTED_CODES.has(d.code)) return undefined;
  const at = statementAt(a, d.start);
  if (!at) return undefined;
  const index = at.index;
  const name = a.text.slice(d.start, d.end);
  function* inScope(): Iterable<string> {
    if (d.code === 'unknown-function') yield* BUILTIN_BY_NAME.keys();
    // declarations are recorded in statement order: stop at the first one at or after the statement
    for (const decl of a.declarations.values()) {
      if (decl.statement.index >= index) return;
      yield decl.name;
    }
  }
  return closest(name, inScope());
}
