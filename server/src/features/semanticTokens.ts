// Semantic tokens: language's semanticTokensOf (declared names, layout-valued names, functions,
// tags, element types, static integers), encoded for LSP.
import { SemanticTokens, SemanticTokensBuilder, SemanticTokensLegend } from 'vscode-languageserver';
import { TokenModifierName, TokenTypeName, semanticTokensOf } from '../language';
import type { AnalysedDocument } from '../documents';

export const TOKEN_TYPES: readonly TokenTypeName[] = ['variable', 'function', 'type', 'enumMember', 'number', 'class'];
export const TOKEN_MODIFIERS: readonly TokenModifierName[] = ['declaration', 'readonly', 'defaultLibrary', 'static'];
export const LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

const T = Object.fromEntries(TOKEN_TYPES.map((t, i) => [t, i])) as Record<TokenTypeName, number>;
const M = Object.fromEntries(TOKEN_MODIFIERS.map((t, i) => [t, 1 << i])) as Record<TokenModifierName, number>;

export function semanticTokens(doc: AnalysedDocument): SemanticTokens {
  const builder = new SemanticTokensBuilder();
  let lastEnd = -1;
  for (const t of semanticTokensOf(doc.analysis)) {
    if (t.start < lastEnd) continue; // overlapping (a callee inside a type form): keep the first, as LSP needs
    const p = doc.lines.position(t.start);
    const e = doc.lines.position(t.end);
    if (e.line !== p.line) continue;
    builder.push(
      p.line,
      p.character,
      e.character - p.character,
      T[t.type],
      t.modifiers.reduce((m, x) => m | M[x], 0),
    );
    lastEnd = t.end;
  }
  return builder.build();
}
