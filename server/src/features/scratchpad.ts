// "TLA: Open in layout scratchpad" (tlaLayout/scratchpad): language's scratchpadAt for the
// position, as the request's answer.
import { scratchpadAt } from '../language';
import type { AnalysedDocument } from '../documents';
import { ScratchpadAnswer, ScratchpadParams, ScratchpadRequest } from '../../../shared/protocol';

export type { ScratchpadAnswer, ScratchpadParams };
export { scratchpadErrors } from '../language';
export const SCRATCHPAD_REQUEST = ScratchpadRequest.method;

export function scratchpad(doc: AnalysedDocument, p: ScratchpadParams): ScratchpadAnswer {
  const offset = doc.lines.offset(p.position.line, p.position.character);
  // the innermost body around the offset read under an instantiation
  const instance = doc.instances?.filter((v) => v.start <= offset && offset < v.end).pop();
  const source = {
    analysis: doc.analysis,
    text: doc.text,
    uri: doc.uri,
    cpp: doc.kind === 'cpp',
    instance,
    instancesPending: !!doc.instancesPending,
  };
  return scratchpadAt(source, offset, p.position.line);
}
