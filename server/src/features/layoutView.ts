// The layout picture for the webview (custom request `tlaLayout/picture`) and the
// "Show layout" code lens above every layout-valued declaration.
import type { CodeLens } from 'vscode-languageserver';
import { layoutDeclarations, parseBindings, pictureAt } from '../language';
import type { AnalysedDocument } from '../documents';
import { PictureAnswer, PictureParams, PictureRequest, SHOW_LAYOUT_COMMAND } from '../../../shared/protocol';
import { toRange } from './convert';

export type { PictureAnswer, PictureParams };
export { SHOW_LAYOUT_COMMAND };
export const PICTURE_REQUEST = PictureRequest.method;

export function picture(doc: AnalysedDocument, params: PictureParams): PictureAnswer {
  const offset = !params.name && params.position ? doc.lines.offset(params.position.line, params.position.character) : undefined;
  const { bindings } = parseBindings(
    Object.entries(params.bindings ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
  );
  const view = { bindings, instantiation: doc.instances };
  const t = pictureAt(doc.analysis, { name: params.name, offset }, doc.kind === 'cpp', view);
  const range = t.statement ? toRange(doc.lines, t.statement.start, t.statement.end) : null;
  if (!t.name || !t.picture)
    return { name: null, picture: null, reason: 'place the cursor on a layout declaration', range: null, version: doc.version };
  const steppers = t.steppers ? { steppers: t.steppers } : {};
  const defaults = t.defaults ? { defaults: t.defaults } : {};
  if (t.picture.ok) return { name: t.name, picture: t.picture.picture, reason: null, range, version: doc.version, ...steppers, ...defaults };
  // a symbolic layout: the view offers to bind its names (a // tla: comment), as the hover does
  const reason = t.bind ? notDrawn(t.bind, t.templateParameters ?? []) : t.picture.reason;
  return {
    name: t.name,
    picture: null,
    reason,
    range,
    version: doc.version,
    ...steppers,
    ...(t.bind ? { bind: t.bind } : {}),
    ...(t.value ? { value: t.value } : {}),
    ...defaults,
  };
}

/** Why a symbolic layout is not drawn: its run-time names, its template parameters (compile-time values no instantiation read here gives). */
function notDrawn(bind: readonly string[], templateParameters: readonly string[]): string {
  const runtime = bind.filter((n) => !templateParameters.includes(n));
  const parts = [
    ...(runtime.length ? [`its sizes are known only at run time: bind ${runtime.join(', ')} to numbers`] : []),
    ...(templateParameters.length
      ? [
          `${templateParameters.join(', ')} ${templateParameters.length > 1 ? 'are template parameters' : 'is a template parameter'} without a default and no instantiation is read here: bind ${templateParameters.length > 1 ? 'them' : 'it'}`,
        ]
      : []),
  ];
  return `${parts.join('; ')} to draw it`;
}

export function codeLenses(doc: AnalysedDocument): CodeLens[] {
  return layoutDeclarations(doc.analysis).map((d) => {
    const start = doc.lines.position(d.at);
    return { range: { start, end: start }, command: { title: 'Show layout', command: SHOW_LAYOUT_COMMAND, arguments: [doc.uri, d.name] } };
  });
}
