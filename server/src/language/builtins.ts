// What the language knows by name: functions, type forms, tags and element types,
// with the signature and the one line a hover or completion shows.
import { ELEMENT_BITS, LAYOUT_TAGS, elementsPerC0 } from '../core';

export interface BuiltinFunction {
  name: string;
  /** Signatures as a user writes them; the first is the main one. */
  signatures: { label: string; params: string[] }[];
  doc: string;
  /** true when it takes `<…>` template arguments. */
  template?: boolean;
}

const fn = (name: string, doc: string, ...sigs: string[]): BuiltinFunction => ({
  name,
  doc,
  signatures: sigs.map((label) => {
    const inner = label.slice(label.lastIndexOf('(') + 1, label.lastIndexOf(')'));
    return { label, params: inner ? inner.split(',').map((p) => p.trim()) : [] };
  }),
  template: sigs.some((s) => s.includes('<')),
});

export const BUILTIN_FUNCTIONS: BuiltinFunction[] = [
  fn('MakeShape', 'Makes a Shape tuple of integers and tuples.', 'MakeShape(x0, x1, …)'),
  fn('MakeStride', 'Makes a Stride tuple of integers and tuples.', 'MakeStride(x0, x1, …)'),
  fn('MakeCoord', 'Makes a logical coordinate tuple (in elements, from 0).', 'MakeCoord(c0, c1, …)'),
  fn('make_tuple', 'Makes a tla::tuple.', 'make_tuple(x0, x1, …)'),
  fn('MakeTuple', 'Makes a tla::tuple.', 'MakeTuple(x0, x1, …)'),
  fn(
    'MakeLayout',
    'Makes a Layout: from shape and stride (originShape = product of each top-level mode), with an explicit originShape, a vector of length len, or from a Catlass layout tag.',
    'MakeLayout(shape, stride)',
    'MakeLayout(shape, stride, originShape)',
    'MakeLayout(len)',
    'MakeLayout<Element, Tag>(rows, cols)',
  ),
  fn('MakeLayoutL0C', 'L0C layout: 16×16 fractals of 256 elements, whatever the element type.', 'MakeLayoutL0C(rows, cols)'),
  fn('MakeLayoutFmap', 'NC1HWC0 feature-map layout, C0 = 32 bytes / sizeof(Element).', 'MakeLayoutFmap<Element>(batch, cin1, h, w)'),
  fn(
    'MakeLayoutFilter',
    'C1HWNC0 filter layout; cout is rounded up to 16 when Position is PositionL1.',
    'MakeLayoutFilter<Element, Position>(cin1, kh, kw, cout)',
  ),
  fn(
    'GetTileLayout',
    'Layout of the tile of tileShape whose upper-left element is coord: stride kept, shape nested like the parent, originShape cropped to what stays valid.',
    'GetTileLayout(layout, tileShape, coord)',
  ),
  fn('crd2offset', 'Linear offset of a coordinate: Σ coord_i · stride_i, an integer coord split colexicographically.', 'crd2offset(coord, shape, stride)'),
  fn('shape', 'The Shape of a layout, or its sub-shape shape<I, J…>.', 'shape<I…>(layout)'),
  fn('stride', 'The Stride of a layout, or its sub-stride stride<I, J…>.', 'stride<I…>(layout)'),
  fn('originShape', 'The logically valid extent of a layout, or its mode originShape<I>.', 'originShape<I…>(layout)'),
  fn('get', 'The I-th element of a tuple; get<I, J…> recurses.', 'get<I…>(tuple)'),
  fn('rank', 'Number of top-level modes (an integer has rank 1); rank<I…> of a sub-unit. Static.', 'rank<I…>(x)'),
  fn('depth', 'Nesting depth (an integer has depth 0); depth<I…> of a sub-unit. Static.', 'depth<I…>(x)'),
  fn('Product', 'Product of all leaves of an IntTuple (the empty tuple gives _1).', 'Product{}(tuple)'),
  fn('size', 'Number of elements: the product of all leaves of the shape.', 'size(x)'),
  fn('CeilDiv', 'Integer division rounding up: (a + b − 1) / b.', 'CeilDiv(a, b)'),
  fn('RoundUp', 'Rounds a up to a multiple of b.', 'RoundUp(a, b)'),
  fn('min', 'The smaller of two integers.', 'min(a, b)'),
  fn('max', 'The larger of two integers.', 'max(a, b)'),
  fn('print', 'Shows a value (inlay hint, hover, CLI output).', 'print(x)'),
];

export const BUILTIN_BY_NAME = new Map(BUILTIN_FUNCTIONS.map((f) => [f.name, f]));

/** Type forms written `T<…>{}`. */
export const TYPE_FORMS: Record<string, string> = {
  Int: 'Int<N>{} — the static integer N (also written _N).',
  C: 'C<N>{} — the static integer N (also written _N).',
  Shape: 'Shape<…>{} — a Shape tuple type with static leaves.',
  Stride: 'Stride<…>{} — a Stride tuple type with static leaves.',
  Coord: 'Coord<…>{} — a coordinate tuple type with static leaves.',
  tuple: 'tuple<…>{} — a tla::tuple type.',
  Layout: 'Layout<Shape, Stride[, OriginShape]>{} — a layout type with static parts; without OriginShape it is all zeros.',
};

/** Integer types accepted in casts and declarations; a cast makes the value dynamic. */
export const INTEGER_TYPES = ['int64_t', 'uint64_t', 'int32_t', 'uint32_t', 'size_t', 'int', 'long', 'unsigned'];

export const ELEMENT_TYPES = Object.keys(ELEMENT_BITS);

export const TAG_DOCS: Record<string, string> = {
  RowMajor: 'RowMajor: (rows, cols):(cols, _1) — rows are contiguous.',
  ColumnMajor: 'ColumnMajor: (rows, cols):(_1, rows) — columns are contiguous.',
  VectorLayout: 'VectorLayout: (cols):(_1) — one-dimensional.',
  zN: 'zN: 16×C0 fractals stored row by row inside, fractals column by column (N order of Z blocks).',
  nZ: 'nZ: C0×16 fractals stored column by column inside, fractals row by row.',
  zZ: 'zZ: 16×C0 fractals, row by row inside and row by row across.',
  L0C: 'L0C: 16×16 fractals of 256 elements (the cube unit output), whatever the element.',
};

export const SUPPORTED_TAGS: readonly string[] = LAYOUT_TAGS;
export const POSITIONS = ['PositionL1', 'PositionGM'];

export function elementDoc(e: string): string {
  return `${e}: ${ELEMENT_BITS[e]} bits, ${elementsPerC0(e)} elements per C0 (32 bytes)`;
}

/** Damerau-free Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[n];
}

/** The closest candidate within a distance that scales with the name's length. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  const limit = Math.max(1, Math.floor(name.length / 3));
  for (const c of candidates) {
    if (Math.abs(c.length - name.length) > limit) continue;
    const d = editDistance(name.toLowerCase(), c.toLowerCase());
    if (d < bestD && d <= limit) {
      best = c;
      bestD = d;
    }
  }
  return best;
}
