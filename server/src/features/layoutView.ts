// The layout picture for the webview (custom request `tlaLayout/picture`) and the
// "Show layout" code lens above every layout-valued declaration.
import type { CodeLens } from 'vscode-languageserver';
import { layoutDeclarations, pictureAt } from '../language';
import type { AnalysedDocument } from '../documents';
import { PictureAnswer, PictureParams, PictureRequest, SHOW_LAYOUT_COMMAND } from '../../../shared/protocol';
import { toRange } from './convert';

export type { PictureAnswer, PictureParams };
export { SHOW_LAYOUT_COMMAND };
export const PICTURE_REQUEST = PictureRequest.method;

export function picture(doc: AnalysedDocument, params: PictureParams): PictureAnswer {
  const offset = !params.name && params.position ? doc.lines.offset(params.position.line, params.position.character) : undefined;
  const t = pictureAt(doc.analysis, { name: params.name, offset }, doc.kind === 'cpp');
  const range = t.statement ? toRange(doc.lines, t.statement.start, t.statement.end) : null;
  if (!t.name || !t.picture)
    return { name: null, picture: null, reason: 'place the cursor on a layout declaration', range: null, version: doc.version };
  return t.picture.ok
    ? { name: t.name, picture: t.picture.picture, reason: null, range, version: doc.version }
    : { name: t.name, picture: null, reason: t.picture.reason, range, version: doc.version };
}

export function codeLenses(doc: AnalysedDocument): CodeLens[] {
  return layoutDeclarations(doc.analysis).map((d) => {
    const start = doc.lines.position(d.at);
    return { range: { start, end: start }, command: { title: 'Show layout', command: SHOW_LAYOUT_COMMAND, arguments: [doc.uri, d.name] } };
  });
}
