// Semantic tokens: declared names, layout-valued names, functions, tags, element types, static integers.
import { SemanticTokens, SemanticTokensBuilder, SemanticTokensLegend } from 'vscode-languageserver';
import { Ast, BUILTIN_BY_NAME, ELEMENT_TYPES, POSITIONS, SUPPORTED_TAGS, statementExprs, walkExpr } from '../language';
import type { AnalysedDocument } from '../documents';

export const TOKEN_TYPES = ['variable', 'function', 'type', 'enumMember', 'number', 'class'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly', 'defaultLibrary', 'static'] as const;
export const LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

const T = Object.fromEntries(TOKEN_TYPES.map((t, i) => [t, i])) as Record<(typeof TOKEN_TYPES)[number], number>;
const M = Object.fromEntries(TOKEN_MODIFIERS.map((t, i) => [t, 1 << i])) as Record<(typeof TOKEN_MODIFIERS)[number], number>;

export function semanticTokens(doc: AnalysedDocument): SemanticTokens {
  const tokens: { start: number; end: number; type: number; mods: number }[] = [];
  const add = (start: number, end: number, type: number, mods = 0) => tokens.push({ start, end, type, mods });
  const typeArgs = (base: number, args: Ast.TemplateArg[] | null) => {
    for (const t of args ?? []) {
      if (t.type === 'int') add(base + t.start, base + t.end, T.number, t.isStatic ? M.static | M.readonly : 0);
      else if (t.type === 'typeArg') {
        const n = t.name;
        const type = SUPPORTED_TAGS.includes(n) || POSITIONS.includes(n) ? T.enumMember : ELEMENT_TYPES.includes(n) ? T.type : T.class;
        add(base + t.nameSpan.start, base + t.nameSpan.end, type, M.defaultLibrary);
        typeArgs(base, t.args);
      }
    }
  };
  for (const s of doc.analysis.statements) {
    const base = s.chunk.start;
    if (s.declaredName && s.declaredNameSpan) add(base + s.declaredNameSpan.start, base + s.declaredNameSpan.end, T.variable, M.declaration);
    if (!s.statement) continue;
    if (s.statement.type === 'decl' && s.statement.declTypeArg) typeArgs(base, [s.statement.declTypeArg]);
    for (const e of statementExprs(s.statement)) {
      walkExpr(e, (n) => {
        if (n.type === 'name') add(base + n.start, base + n.end, T.variable);
        else if (n.type === 'int' && n.isStatic) add(base + n.start, base + n.end, T.number, M.static | M.readonly);
        else if (n.type === 'call') {
          const declared = doc.analysis.declarations.has(n.callee) && !n.templateArgs && !n.braces;
          add(
            base + n.calleeSpan.start,
            base + n.calleeSpan.end,
            declared ? T.variable : T.function,
            declared || !BUILTIN_BY_NAME.has(n.callee) ? 0 : M.defaultLibrary,
          );
          typeArgs(base, n.templateArgs);
        } else if (n.type === 'typeInstance') typeArgs(base, [n.typeArg]);
      });
    }
  }
  tokens.sort((a, b) => a.start - b.start);
  const builder = new SemanticTokensBuilder();
  let lastEnd = -1;
  for (const t of tokens) {
    if (t.start < lastEnd) continue; // overlapping (a callee inside a type form): keep the first
    const p = doc.lines.position(t.start);
    const e = doc.lines.position(t.end);
    if (e.line !== p.line) continue;
    builder.push(p.line, p.character, e.character - p.character, t.type, t.mods);
    lastEnd = t.end;
  }
  return builder.build();
}
