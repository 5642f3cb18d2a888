// Catlass::layout tag objects (include/catlass/layout/*.hpp): runtime shape/stride vectors of
// uint32 / int64 entries, and tla::MakeLayoutFromTag, which reads them into a TLA layout
// whose every leaf read from the tag is dynamic.
import * as A from './arith';
import { Arch, DEFAULT_ARCH, isFp4 } from './arch';
import { LayoutError } from './errors';
import { IntValue, int, printIntTuple, staticInt, tuple } from './inttuple';
import { Layout, checkElement, elementsPerC0, elementsPerFractal, layout } from './layout';

export interface TagObject {
  readonly kind: 'tagObject';
  readonly tag: string;
  /** The tag's shape() entries (2 for RowMajor, 4 for zN…), or null where the class is not modelled. */
  readonly shape: readonly IntValue[] | null;
  readonly stride: readonly IntValue[] | null;
  /** orgShape() of the fractal tags (rows, cols); for RowMajor/ColumnMajor/VectorLayout the shape. */
  readonly orgShape: readonly IntValue[] | null;
}

/** `MatrixCoord{r, c}`, and a `Catlass::Coord` made by Catlass::MakeCoord: not a tla tuple. */
export interface CatlassCoord {
  readonly kind: 'catlassCoord';
  readonly type: 'MatrixCoord' | 'GemmCoord' | 'Coord';
  readonly items: readonly IntValue[];
}

/** Tag classes of Catlass::layout; the first group is what MakeLayoutFromTag accepts. */
export const FROM_TAG_TAGS = ['RowMajor', 'ColumnMajor', 'VectorLayout', 'zN', 'nZ', 'L0C'] as const;
export const TAG_CLASSES = [
  ...FROM_TAG_TAGS,
  'zZ',
  'nN',
  'Weight4BitnZ',
  'PaddingRowMajor',
  'PaddingColumnMajor',
  'NDC1HWC0',
  'KDC1KHKWN1N0C0',
] as const;
const FRACTAL_TAGS = new Set(['zN', 'nZ', 'zZ', 'nN', 'L0C', 'Weight4BitnZ']);

const d = (x: IntValue) => A.cast(x); // every entry of a tag is a runtime uint32/int64
const n = (v: number) => int(v);

function tagObject(tag: string, shape: IntValue[] | null, stride: IntValue[] | null, orgShape: IntValue[] | null): TagObject {
  return { kind: 'tagObject', tag, shape: shape?.map(d) ?? null, stride: stride?.map(d) ?? null, orgShape: orgShape?.map(d) ?? null };
}

/** The constructors kernels call: `RowMajor(r, c[, ld])`, `VectorLayout(n)`, default ones. */
export function constructTag(tag: string, args: readonly IntValue[]): TagObject {
  const a = args.map(d);
  const arity = (...counts: number[]) => {
    if (!counts.includes(a.length)) {
      throw new LayoutError(
        'argument-kind',
        `Catlass::layout::${tag} has no constructor of ${a.length} integer argument${a.length === 1 ? '' : 's'} (it takes ${counts.join(' or ')})`,
      );
    }
  };
  switch (tag) {
    case 'RowMajor':
    case 'ColumnMajor': {
      arity(0, 2, 3);
      const [r, c, ld] = a.length ? a : [n(0), n(0)];
      const lead = ld ?? (tag === 'RowMajor' ? c : r);
      const stride = tag === 'RowMajor' ? [lead, n(1)] : [n(1), lead];
      return tagObject(tag, [r, c], stride, [r, c]);
    }
    case 'VectorLayout': {
      arity(0, 1);
      const len = a[0] ?? n(0);
      return tagObject(tag, [len], [n(1)], [len]);
    }
    case 'zN':
    case 'nZ':
    case 'zZ':
    case 'nN':
    case 'L0C':
    case 'Weight4BitnZ': {
      arity(0, 10);
      const [r, c, ...rest] = a.length ? a : Array.from({ length: 10 }, () => n(0));
      return tagObject(tag, rest.slice(0, 4), rest.slice(4, 8), [r, c]);
    }
    default:
      // PaddingRowMajor and the convolution tags: kept by name, their entries not modelled
      return tagObject(tag, null, null, null);
  }
}

/** `Tag::MakeLayout<E>(rows, cols)` of a tag class. */
export function tagMakeLayout(tag: string, element: string, rows: IntValue, cols: IntValue, arch: Arch = DEFAULT_ARCH): TagObject {
  checkElement(element, 0, arch);
  const r = d(rows);
  const c = d(cols);
  const c0 = n(elementsPerC0(element, arch));
  const frac = n(elementsPerFractal(element, arch));
  const fp4 = arch === 3510 && isFp4(element);
  const ru = (x: IntValue, m: IntValue) => A.roundUp(x, m);
  const s16 = n(16);
  switch (tag) {
    case 'RowMajor':
      return tagObject(tag, [r, c], [fp4 ? ru(c, n(2)) : c, n(1)], [r, c]);
    case 'ColumnMajor':
      return tagObject(tag, [r, c], [n(1), fp4 ? ru(r, n(2)) : r], [r, c]);
    case 'zN':
      return tagObject(tag, [s16, A.div(ru(r, s16), s16), c0, A.div(ru(c, c0), c0)], [c0, frac, n(1), A.mul(ru(r, s16), c0)], [r, c]);
    case 'nZ':
      return tagObject(tag, [c0, A.div(ru(r, c0), c0), s16, A.div(ru(c, s16), s16)], [n(1), A.mul(ru(c, s16), c0), c0, frac], [r, c]);
    case 'zZ':
      return tagObject(tag, [s16, A.div(ru(r, s16), s16), c0, A.div(ru(c, c0), c0)], [c0, A.mul(ru(c, c0), s16), n(1), frac], [r, c]);
    case 'nN':
      return tagObject(tag, [c0, A.div(ru(r, c0), c0), s16, A.div(ru(c, s16), s16)], [n(1), frac, c0, A.mul(ru(r, c0), s16)], [r, c]);
    case 'L0C':
      return tagObject(tag, [s16, A.ceilDiv(r, s16), s16, A.ceilDiv(c, s16)], [s16, n(256), n(1), A.mul(ru(r, s16), s16)], [r, c]);
    case 'Weight4BitnZ':
      // the tag class uses 16 rows per fractal; TLA's MakeLayout<E, Weight4BitnZ> uses 32
      return tagObject(tag, [s16, A.ceilDiv(r, s16), s16, A.ceilDiv(c, s16)], [n(1), A.mul(ru(c, s16), s16), s16, n(512)], [r, c]);
    case 'VectorLayout':
      throw new LayoutError('argument-kind', 'Catlass::layout::VectorLayout::MakeLayout<E> takes one length: VectorLayout::MakeLayout<E>(n)');
    default:
      throw new LayoutError('unsupported-tag', `Catlass::layout::${tag}::MakeLayout<E>(rows, cols) is not modelled here`);
  }
}

/** `RowMajor::MakeLayoutInUb<E>(MatrixCoord{r, c})`: the row padded to a 32-byte block. */
export function makeLayoutInUb(element: string, shape: CatlassCoord, arch: Arch = DEFAULT_ARCH): TagObject {
  checkElement(element, 0, arch);
  const [r, c] = matrix(shape);
  return tagObject('RowMajor', [r, c], [A.roundUp(c, n(elementsPerC0(element, arch))), n(1)], [r, c]);
}

/** `zN::MakeLayoutInL0C(MatrixCoord{r, c})`: 16×16 fractals of 256 elements. */
export function makeLayoutInL0C(shape: CatlassCoord): TagObject {
  const [r, c] = matrix(shape);
  const s16 = n(16);
  return tagObject('zN', [s16, A.ceilDiv(r, s16), s16, A.ceilDiv(c, s16)], [s16, n(256), n(1), A.mul(A.roundUp(r, s16), s16)], [r, c]);
}

function matrix(c: CatlassCoord): [IntValue, IntValue] {
  if (c.items.length !== 2)
    throw new LayoutError('rank-mismatch', `a MatrixCoord has 2 entries (row, column), this coord ${c.items.length}`, { argIndex: 0 });
  return [d(c.items[0]), d(c.items[1])];
}

/** `tag.GetTileLayout(MatrixCoord{r, c})`. */
export function tagGetTileLayout(t: TagObject, tileShape: CatlassCoord): TagObject {
  const [r, c] = matrix(tileShape);
  if (!t.shape || !t.stride) return tagObject(t.tag, null, null, null);
  if (FRACTAL_TAGS.has(t.tag)) {
    const [s0, , s2] = t.shape;
    return tagObject(t.tag, [s0, A.ceilDiv(r, s0), s2, A.ceilDiv(c, s2)], [...t.stride], [r, c]);
  }
  if (t.tag === 'VectorLayout') throw new LayoutError('argument-kind', 'VectorLayout::GetTileLayout takes a vector shape, not a MatrixCoord');
  return tagObject(t.tag, [r, c], [...t.stride], [r, c]);
}

/** tla::MakeLayoutFromTag(tag): RowMajor, ColumnMajor, VectorLayout, zN, nZ, L0C only. */
export function makeLayoutFromTagObject(t: TagObject): Layout {
  if (!(FROM_TAG_TAGS as readonly string[]).includes(t.tag)) {
    const hint = t.tag === 'zZ' ? ', although MakeLayout<E, zZ> is' : t.tag === 'Weight4BitnZ' ? ' (use MakeLayout<E, Weight4BitnZ>)' : '';
    throw new LayoutError('unsupported-tag', `MakeLayoutFromTag: ${t.tag} tag objects are not supported (only ${FROM_TAG_TAGS.join(', ')})${hint}`, {
      argIndex: 0,
    });
  }
  const s = t.shape!;
  const st = t.stride!;
  switch (t.tag) {
    case 'VectorLayout':
      return layout(tuple(s[0]), tuple(st[0]), tuple(s[0]));
    case 'RowMajor':
      return layout(tuple(s[0], s[1]), tuple(st[0], staticInt(1)), tuple(s[0], s[1]));
    case 'ColumnMajor':
      return layout(tuple(s[0], s[1]), tuple(staticInt(1), st[1]), tuple(s[0], s[1]));
    default: {
      const o = t.orgShape!;
      return layout(tuple(tuple(s[0], s[1]), tuple(s[2], s[3])), tuple(tuple(st[0], st[1]), tuple(st[2], st[3])), tuple(o[0], o[1]));
    }
  }
}

export function printTagObject(t: TagObject): string {
  if (!t.shape || !t.stride)
    return t.orgShape ? `${t.tag}{orgShape ${printIntTuple(tuple(...t.orgShape))}; its class is not known here}` : `layout::${t.tag}{…}`;
  const org = t.orgShape && FRACTAL_TAGS.has(t.tag) ? ` orgShape ${printIntTuple(tuple(...t.orgShape))}` : '';
  return `layout::${t.tag}{shape ${printIntTuple(tuple(...t.shape))}, stride ${printIntTuple(tuple(...t.stride))}${org}}`;
}

export function printCatlassCoord(c: CatlassCoord): string {
  return `${c.type !== 'Coord' ? c.type : `Catlass::Coord<${c.items.length}>`}{${c.items.map((x) => printIntTuple(x)).join(', ')}}`;
}
