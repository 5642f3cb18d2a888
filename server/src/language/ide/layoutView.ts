// What the layout view pictures: the declaration at the cursor or by name, and the layouts that get a code lens.
import * as core from '../../core';
import { declarationSpan, statementAt } from '../analysis';
import type { DocumentAnalysis } from '../analysis';
import { PictureResult } from './layoutPicture';
import { pictureOf } from './render';

import type { Span } from './span';

export interface PictureTarget {
  name: string | null;
  picture: PictureResult | null;
  /** The declaring statement. */
  statement: Span | null;
}

/** The picture of a declared name, or of the declaration at an offset (in C++: the variable a TLA expression initialises). */
export function pictureAt(a: DocumentAnalysis, target: { name?: string; offset?: number }, cpp = false): PictureTarget {
  let name = target.name;
  if (!name && target.offset !== undefined) {
    const offset = target.offset;
    const s = statementAt(a, offset);
    name = s?.declaredName;
    // C++: the variable a TLA expression initialises (`auto tileC = GetTileLayout(…)`), cursor on either
    if (!name && cpp) {
      for (const d of a.declarations.values()) {
        const span = declarationSpan(a, d);
        if ((span.start <= offset && offset <= span.end) || (s && d.statement === s)) name = d.name;
      }
    }
  }
  if (!name) return { name: null, picture: null, statement: null };
  const decl = a.declarations.get(name);
  const statement = decl ? { start: a.startOf(decl.statement), end: a.endOf(decl.statement) } : null;
  return { name, picture: pictureOf(a, name), statement };
}

/** The declarations a "Show layout" lens sits above: the layout-valued ones, at their statement's start. */
export function layoutDeclarations(a: DocumentAnalysis): { name: string; at: number }[] {
  const out: { name: string; at: number }[] = [];
  for (const d of a.declarations.values()) {
    const drawn = d.value?.kind === 'layout' || (d.value?.kind === 'tagObject' && core.layoutObjectAsLayout(d.value) !== undefined);
    if (drawn) out.push({ name: d.name, at: a.startOf(d.statement) });
  }
  return out;
}
