// Signature help: language's signatureAt (the innermost open call before the cursor, found
// in the text so that it works while the statement is half-typed), as an LSP SignatureHelp.
import { Position, SignatureHelp } from 'vscode-languageserver';
import { signatureAt } from '../language';
import type { AnalysedDocument } from '../documents';

export function signatureHelp(doc: AnalysedDocument, position: Position): SignatureHelp | null {
  const s = signatureAt(doc.text, doc.lines.offset(position.line, position.character));
  return (
    s && {
      signatures: s.signatures.map((x) => ({ label: x.label, documentation: x.documentation, parameters: x.parameters.map((p) => ({ label: p })) })),
      activeSignature: s.activeSignature,
      activeParameter: s.activeParameter,
    }
  );
}
