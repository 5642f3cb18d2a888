// Signature help: the builtin's signature and the active parameter, from the first argument to the last.
import { BUILTIN_BY_NAME } from '../syntax';

export interface SignatureAnswer {
  signatures: { label: string; documentation: string; parameters: string[] }[];
  activeSignature: number;
  activeParameter: number;
}

/**
 * Signature help: the innermost open call before the offset, found in the text so that it
 * works while the statement is still half-typed (and does not parse).
 */
export function signatureAt(source: string, offset: number): SignatureAnswer | null {
  const start = Math.max(0, offset - 2000);
  const text = source.slice(start, offset);
  let depth = 0;
  let commas = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text[i];
    if (c === ';') return null;
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') {
      if (depth === 0) {
        if (c !== '(') return null;
        // the name before `(`, skipping `<…>` template arguments and `{}`
        let j = i - 1;
        while (j >= 0 && /\s/.test(text[j])) j--;
        if (text[j] === '}' && text[j - 1] === '{') j -= 2;
        const hasTemplate = text[j] === '>';
        if (hasTemplate) {
          let d = 0;
          for (; j >= 0; j--) {
            if (text[j] === '>') d++;
            else if (text[j] === '<' && --d === 0) break;
          }
          j--;
        }
        const m = /([A-Za-z_]\w*)$/.exec(text.slice(0, j + 1));
        const f = m && BUILTIN_BY_NAME.get(m[1]);
        if (!f) return null;
        let active = f.signatures.findIndex((s) => s.params.length > commas && (s.label.includes('<') === hasTemplate || f.signatures.length === 1));
        if (active < 0) active = f.signatures.findIndex((s) => s.params.length > commas);
        if (active < 0) active = 0;
        return {
          signatures: f.signatures.map((s) => ({ label: s.label, documentation: f.doc, parameters: s.params })),
          activeSignature: active,
          activeParameter: Math.min(commas, Math.max(0, f.signatures[active].params.length - 1)),
        };
      }
      depth--;
    } else if (c === ',' && depth === 0) commas++;
  }
  return null;
}
