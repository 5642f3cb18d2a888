// Catlass::layout tag objects (include/catlass/layout/*.hpp): runtime shape/stride vectors of
// uint32 / int64 entries, and tla::MakeLayoutFromTag, which reads them into a TLA layout
// whose every leaf read from the tag is dynamic.
import { Arch, DEFAULT_ARCH } from './arch';
import { TagObject, constructLayoutObject, layoutObjectMakeLayout, layoutObjectTile } from './catlassLayout';
import { LayoutError } from './errors';
import { IntValue, staticInt, tuple } from './inttuple';
import { Layout, layout } from './layout';

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
  'NC1HWC0',
  'CI1KHKWCOCI0',
] as const;
/** The evaluator's names for the layout-object constructors (catlassLayout.ts). */
export const constructTag = constructLayoutObject;
export const tagMakeLayout = (tag: string, element: string, rows: IntValue, cols: IntValue, arch: Arch = DEFAULT_ARCH): TagObject =>
  layoutObjectMakeLayout(tag, element, [rows, cols], arch);
export const tagGetTileLayout = layoutObjectTile;

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
