// The layout picture for the webview (custom request `tlaLayout/picture`) and the
// "Show layout" code lens above every layout-valued declaration.
import type { CodeLens } from 'vscode-languageserver';
import { pictureOf, statementAt } from '../language';
import type { AnalysedDocument } from '../documents';
import { PictureAnswer, PictureParams, PictureRequest, SHOW_LAYOUT_COMMAND } from '../../../shared/protocol';
import { toRange } from './convert';

export type { PictureAnswer, PictureParams };
export { SHOW_LAYOUT_COMMAND };
export const PICTURE_REQUEST = PictureRequest.method;

export function picture(doc: AnalysedDocument, params: PictureParams): PictureAnswer {
  let name = params.name;
  if (!name && params.position) {
    const offset = doc.lines.offset(params.position.line, params.position.character);
    const s = statementAt(doc.analysis, offset);
    name = s?.declaredName;
    // C++: the variable a TLA expression initialises (`auto tileC = GetTileLayout(…)`), cursor on either
    if (!name && doc.kind === 'cpp') {
      for (const d of doc.analysis.declarations.values()) {
        if ((d.start <= offset && offset <= d.end) || (s && d.statement === s)) name = d.name;
      }
    }
  }
  if (!name) return { name: null, picture: null, reason: 'place the cursor on a layout declaration', range: null, version: doc.version };
  const decl = doc.analysis.declarations.get(name);
  const range = decl ? toRange(doc.lines, decl.statement.chunk.start, decl.statement.chunk.end) : null;
  const p = pictureOf(doc.analysis, name);
  return p.ok
    ? { name, picture: p.picture, reason: null, range, version: doc.version }
    : { name, picture: null, reason: p.reason, range, version: doc.version };
}

export function codeLenses(doc: AnalysedDocument): CodeLens[] {
  const out: CodeLens[] = [];
  for (const d of doc.analysis.declarations.values()) {
    if (d.value?.kind !== 'layout') continue;
    const start = doc.lines.position(d.statement.chunk.start);
    out.push({
      range: { start, end: start },
      command: { title: 'Show layout', command: SHOW_LAYOUT_COMMAND, arguments: [doc.uri, d.name] },
    });
  }
  return out;
}
