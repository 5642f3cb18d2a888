// Semantic tokens: names, functions, types, tags, static integers, as the analysis resolved them.
import type { DocumentAnalysis } from '../analysis';
import { isAssignment } from '../analysis';
import { Ast } from '../syntax';
import { BUILTIN_BY_NAME, ELEMENT_TYPES, POSITIONS, SUPPORTED_TAGS } from '../syntax';

import type { Span } from './span';

export type TokenTypeName = 'variable' | 'function' | 'type' | 'enumMember' | 'number' | 'class';
export type TokenModifierName = 'declaration' | 'readonly' | 'defaultLibrary' | 'static';

export interface TokenRecord extends Span {
  type: TokenTypeName;
  modifiers: TokenModifierName[];
}

/** Declared names, layout-valued names, functions, tags, element types, static integers, sorted by start. */
export function semanticTokensOf(a: DocumentAnalysis): TokenRecord[] {
  const tokens: TokenRecord[] = [];
  const add = (start: number, end: number, type: TokenTypeName, modifiers: TokenModifierName[] = []) => tokens.push({ start, end, type, modifiers });
  const typeArgs = (base: number, args: Ast.TemplateArg[] | null) => {
    for (const t of args ?? []) {
      if (t.type === 'int') add(base + t.start, base + t.end, 'number', t.isStatic ? ['readonly', 'static'] : []);
      else if (t.type === 'typeArg') {
        const n = t.name;
        const type = SUPPORTED_TAGS.includes(n) || POSITIONS.includes(n) ? 'enumMember' : ELEMENT_TYPES.includes(n) ? 'type' : 'class';
        add(base + t.nameSpan.start, base + t.nameSpan.end, type, ['defaultLibrary']);
        typeArgs(base, t.args);
      }
    }
  };
  for (const s of a.statements) {
    const base = a.startOf(s);
    const assigns = isAssignment(a, s);
    if (s.declaredName && s.declaredNameSpan)
      add(base + s.declaredNameSpan.start, base + s.declaredNameSpan.end, 'variable', assigns ? [] : ['declaration']);
    if (!s.statement) continue;
    // (`a += b` reads `a` at the name's own place: one token there)
    const own = s.statement.type === 'decl' && s.statement.compound ? s.statement.expr : undefined;
    if (s.statement.type === 'decl' && s.statement.declTypeArg) typeArgs(base, [s.statement.declTypeArg]);
    for (const e of Ast.statementExprs(s.statement)) {
      Ast.walkExpr(e, (n) => {
        if (n.type === 'name') {
          if (!own || n !== (own as Ast.Binary).left) add(base + n.start, base + n.end, 'variable');
        } else if (n.type === 'int' && n.isStatic) add(base + n.start, base + n.end, 'number', ['readonly', 'static']);
        else if (n.type === 'call') {
          const declared = a.declarations.has(n.callee) && !n.templateArgs && !n.braces;
          add(
            base + n.calleeSpan.start,
            base + n.calleeSpan.end,
            declared ? 'variable' : 'function',
            declared || !BUILTIN_BY_NAME.has(n.callee) ? [] : ['defaultLibrary'],
          );
          typeArgs(base, n.templateArgs);
        } else if (n.type === 'typeInstance') typeArgs(base, [n.typeArg]);
      });
    }
  }
  // stable: tokens at the same offset keep their order (the feature drops overlaps and multi-line ones, as LSP requires)
  return tokens.sort((x, y) => x.start - y.start);
}
