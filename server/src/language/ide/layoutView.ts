// What the layout view pictures: the declaration at the cursor or by name, and the layouts that get a code lens;
// for a kernel tile, the names its coordinate reads that the view steps, and its picture under the view's own bindings.
import * as core from '../../core';
import { declarationSpan, statementAt } from '../analysis';
import type { Declaration, DocumentAnalysis } from '../analysis';
import { CppAnalyzer, integerOf, loopOf } from '../cpp';
import type { CppAnalysis } from '../cpp';
import { Bindings, mergeBindings } from '../syntax';
import type { PictureStepper } from '../../../../shared/protocol';
import { PictureResult } from './layoutPicture';
import { declaredTile, pictureOf } from './render';
import { runtimeNames } from './hover';
import { printValue } from '../eval';
import { literalDefault, templateParameterOf } from './templateParameters';

import type { Span } from './span';

export type { PictureStepper };

export interface PictureTarget {
  name: string | null;
  picture: PictureResult | null;
  /** The declaring statement. */
  statement: Span | null;
  /** The runtime names the declared tile's coordinate reads (a kernel's, or a `.tla` file's `uint32_t kIdx;`). */
  steppers?: PictureStepper[];
  /** No picture because its sizes are known only at run time: the names to bind to draw it (`m`, `params.k`). */
  bind?: string[];
  /** No picture of a declared layout (a tensor's): its value, printed, symbolic or too large to draw. */
  value?: string;
  /** The kernel's template parameters drawn at their default (no instantiation read): `TILE_K = 64`. */
  defaults?: string[];
  /** Of the names to bind, the kernel's template parameters (no default, no instantiation read): compile-time values, not run-time ones. */
  templateParameters?: string[];
}

/** What a kernel's picture is drawn under besides its analysis: the view's bindings, the instantiation it was analysed in. */
export interface ViewBindings {
  bindings: Bindings;
  instantiation?: CppAnalyzer['instantiation'];
}

/**
 * The picture of a declared name, or of the declaration at an offset (in C++: the variable a TLA
 * expression initialises). With `view` bindings, the text is analysed again under them (over its
 * `// tla:` comments and the setting's): the document's own analysis, and its text, stay as they are.
 */
export function pictureAt(a: DocumentAnalysis, target: { name?: string; offset?: number }, cpp = false, view?: ViewBindings): PictureTarget {
  let name = target.name;
  // C++: the declaration at the cursor, not the last of its name (a later function's `tensorUbC`)
  let at: Declaration | undefined;
  if (!name && target.offset !== undefined) {
    const offset = target.offset;
    const s = statementAt(a, offset);
    name = s?.declaredName ?? printedName(s);
    // C++: the variable a TLA expression initialises (`auto tileC = GetTileLayout(…)`), cursor on either
    if (!name && cpp) {
      for (const d of a.declarations.values()) {
        const span = declarationSpan(a, d);
        if ((span.start <= offset && offset <= span.end) || (s && d.statement === s)) {
          name = d.name;
          at = d;
        }
      }
    }
  }
  if (!name) return { name: null, picture: null, statement: null };
  const decl = at ?? a.declarations.get(name);
  const nameStart = decl && declarationSpan(a, decl).start;
  /** The same declaration in another analysis of the same text (the unbound one, the one under the view's bindings). */
  const sameIn = (b: DocumentAnalysis): Declaration | undefined => {
    if (!at) return b.declarations.get(name);
    for (const d of b.declarations.values()) if (d.name === name && declarationSpan(b, d).start === nameStart) return d;
    return undefined;
  };
  const statement = decl ? { start: a.startOf(decl.statement), end: a.endOf(decl.statement) } : null;
  // the names the tile's coordinate reads, bound or not (read from the analysis without bindings),
  // each at the view's value, else the one the file or the setting binds it to
  const twin = a as DocumentAnalysis & { unbound?: () => DocumentAnalysis; bindings?: Bindings; rebound?: (over: Bindings) => DocumentAnalysis };
  const unbound = twin.unbound?.() ?? a;
  const fileBound = twin.bindings ?? new Map<string, bigint>();
  const steppers = tileSteppers(unbound, name, mergeBindings(fileBound, view?.bindings ?? new Map()), sameIn(unbound)).map((st) => {
    const f = fileBound.get(st.name);
    return { ...st, fileValue: f === undefined ? null : Number(f) };
  });
  const drawOf = (v: ViewBindings | undefined) => {
    const drawn = !v?.bindings.size ? a : cpp ? reanalysed(a as CppAnalysis, v) : (twin.rebound?.(v.bindings) ?? a);
    const drawnDecl = sameIn(drawn);
    const picture = at && !drawnDecl ? { ok: false as const, reason: `no declaration named '${name}'` } : pictureOf(drawn, name, drawnDecl);
    return { picture, decl: drawnDecl, bind: picture.ok ? [] : namesToBind(drawnDecl) };
  };
  let drawn = drawOf(view);
  // a kernel's template parameter is a compile-time value: without an instantiation, its default
  const params = cpp && decl ? drawn.bind.map((n) => ({ n, p: templateParameterOf(a.text, n, nameStart ?? a.startOf(decl.statement)) })) : [];
  const defaults = new Map(params.flatMap(({ n, p }) => (p && literalDefault(p) !== undefined ? [[n, literalDefault(p)!]] : [])));
  if (defaults.size) drawn = drawOf({ ...view, bindings: mergeBindings(defaults, view?.bindings ?? new Map()) });
  const { picture, bind } = drawn;
  const value = picture.ok ? undefined : drawnLayout(drawn.decl);
  const templateParameters = bind.filter((n) => params.some((x) => x.n === n && x.p));
  return {
    name,
    picture,
    statement,
    ...(steppers.length ? { steppers } : {}),
    ...(bind.length ? { bind } : {}),
    ...(value ? { value: printValue(value) } : {}),
    ...(defaults.size ? { defaults: [...defaults].map(([n, v]) => `${n} = ${v}`) } : {}),
    ...(templateParameters.length ? { templateParameters } : {}),
  };
}

/** `print(tileA);` (a scratchpad's last line): the declared name it prints. */
function printedName(s: ReturnType<typeof statementAt>): string | undefined {
  const e = s?.statement?.type === 'expr' ? s.statement.expr : undefined;
  const arg = e?.type === 'call' && e.callee === 'print' && e.args.length === 1 ? e.args[0] : undefined;
  return arg?.type === 'name' ? arg.name : undefined;
}

/** The layout a declaration is drawn as: its own, a tensor's. */
function drawnLayout(d: Declaration | undefined): core.Layout | undefined {
  const v = d?.value;
  return v?.kind === 'tensor' ? v.layout : v?.kind === 'layout' ? v : undefined;
}

/** The runtime names a declared layout (a tensor's) is made of, when it is symbolic: binding them draws it. */
function namesToBind(d: Declaration | undefined): string[] {
  const layout = drawnLayout(d);
  return layout && core.isSymbolic(layout) ? [...runtimeNames(layout)] : [];
}

/** The kernel again, under the view's bindings over those it was analysed with (the setting's and the file's). */
function reanalysed(a: CppAnalysis, view: ViewBindings): DocumentAnalysis {
  const analyzer = new CppAnalyzer(undefined, mergeBindings(a.bindings ?? new Map(), view.bindings), true);
  analyzer.instantiation = view.instantiation;
  return analyzer.analyze(a.text);
}

/**
 * The runtime names a declared tile's coordinate reads (`MakeCoord(blockCoord.m() * 128, kIdx * 64)`),
 * in the order of their names, each with its loop's start, bound and step where the file's `for`
 * declares it and they are known as numbers (under `bound`); the value is the view's binding of it, if any.
 */
export function tileSteppers(a: DocumentAnalysis, name: string, bound: Bindings = new Map(), declaration?: Declaration): PictureStepper[] {
  const d = declaration ?? a.declarations.get(name);
  const tile = d && declaredTile(d);
  if (!d || !tile) return [];
  const names = new Set<string>();
  for (const coord of [tile.coord, tile.tensorCoord])
    for (const leaf of coord ? core.leaves(coord) : []) if (leaf.sym) core.symbolic.variables(leaf.sym, names);
  const at = a.startOf(d.statement);
  return [...names].sort().map((n) => {
    const loop = loopOf(a.text, n);
    // the bound under the bindings in force (`kTiles = (k + 127) / 128` with k=512: 4); an unbound name leaves it unknown
    const start = loop ? integerOf(loop.start, a, a.text, at, 0, bound) : undefined;
    const end = loop ? integerOf(loop.end, a, a.text, at, 0, bound) : undefined;
    const step = loop ? integerOf(loop.step, a, a.text, at, 0, bound) : undefined;
    const value = bound.get(n);
    // no loop says it: a block coordinate (`blockCoord.m() * 128`) ends where its tile would start past the parent
    const blocks = loop ? undefined : blockBound(tile, n, bound);
    return {
      name: n,
      value: value === undefined ? null : Number(value),
      start: Number(start ?? 0n),
      end: end !== undefined ? Number(end) + (loop!.inclusive ? 1 : 0) : blocks ? blocks.end : null,
      step: step !== undefined && step > 0n ? Number(step) : 1,
      bound: loop && end !== undefined ? `${n} ${loop.inclusive ? '<=' : '<'} ${loop.end}` : (blocks?.text ?? null),
    };
  });
}

/**
 * The values of `n` for which the tile starts inside its parent, where a mode of its coordinate
 * grows with `n` by a constant step (`blockCoord.m() * 128` in a parent of 300 rows: 0…2, the third
 * the tail) and the parent's extent there is a number under `bound`; the least over such modes.
 */
function blockBound(tile: NonNullable<ReturnType<typeof declaredTile>>, n: string, bound: Bindings): { end: number; text: string } | undefined {
  const { coord, parent } = tile;
  if (coord.kind !== 'tuple' || parent.originShape.kind !== 'tuple') return undefined;
  let best: { end: number; text: string } | undefined;
  coord.items.forEach((c, i) => {
    const extent = parent.originShape.kind === 'tuple' ? parent.originShape.items[i] : undefined;
    if (c.kind !== 'int' || !c.sym || !extent || extent.kind !== 'int' || !core.symbolic.variables(c.sym).has(n)) return;
    const at = (v: bigint) => evaluateOr(c.sym!, mergeBindings(bound, new Map([[n, v]])));
    const [f0, f1, f2] = [at(0n), at(1n), at(2n)];
    const e = extent.sym ? evaluateOr(extent.sym, bound) : extent.value;
    if (f0 === undefined || f1 === undefined || f2 === undefined || e === undefined || f1 <= f0 || f2 - f1 !== f1 - f0 || f0 >= e) return;
    const step = f1 - f0;
    const end = Number((e - f0 + step - 1n) / step);
    const text = `${f0 ? `${f0} + ` : ''}${n}·${step} < ${e}: the tile starts inside its parent`;
    if (!best || end < best.end) best = { end, text };
  });
  return best;
}

/** A symbolic extent's value under `bound`, or undefined where a name of it is unbound. */
function evaluateOr(s: core.Sym, bound: Bindings): bigint | undefined {
  try {
    return core.symbolic.evaluate(s, bound);
  } catch {
    return undefined;
  }
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
