// Go to definition, references and rename of declared names.
import { declarationSpan } from '../analysis';
import type { DocumentAnalysis } from '../analysis';
import { NOT_A_NAME } from '../syntax';
import { nameOccurrences, occurrenceAt } from './inspect';

import type { Span } from './span';

export function definitionAt(a: DocumentAnalysis, offset: number): Span | undefined {
  const o = occurrenceAt(a, offset);
  const d = o && a.declarations.get(o.name);
  return d ? declarationSpan(a, d) : undefined;
}

/** Every occurrence of the name at an offset (the declaration too, marked). */
export function referencesAt(a: DocumentAnalysis, offset: number, includeDeclaration = true): (Span & { isDeclaration: boolean })[] {
  const o = occurrenceAt(a, offset);
  if (!o) return [];
  return nameOccurrences(a)
    .filter((x) => x.name === o.name && (includeDeclaration || !x.isDeclaration))
    .map((x) => ({ start: x.start, end: x.end, isDeclaration: x.isDeclaration }));
}

const IDENT = /^[A-Za-z_]\w*$/;

/** A rename of the name at an offset: its edits, or why not ('nothing-here': no name; 'invalid-name': the new one). */
export function renameAt(
  a: DocumentAnalysis,
  offset: number,
  newName: string,
): { edits: Span[] } | { error: 'nothing-here' | 'invalid-name'; message: string } {
  const o = occurrenceAt(a, offset);
  if (!o) return { error: 'nothing-here', message: 'nothing to rename here: place the cursor on a declared name' };
  if (!IDENT.test(newName) || NOT_A_NAME.has(newName) || /^_\d+$/.test(newName))
    return { error: 'invalid-name', message: `'${newName}' is not a valid name` };
  if (newName !== o.name && a.declarations.has(newName)) return { error: 'invalid-name', message: `'${newName}' is already declared` };
  return { edits: nameOccurrences(a).filter((x) => x.name === o.name) };
}
