// The vocabulary: everything the language knows by name, in one place. Functions (their
// signatures, which give the arity and the template parameters, one line of doc, and
// what the editor does with them), type forms, tags, element and integer types,
// positions, predicates, Catlass constants, and the words of the syntax (keywords,
// declaration qualifiers, cast types). Every other list is derived from these: the ohm
// grammar's alternatives (grammar.ohm.ts), the fast parser's, the statement splitter's,
// the C++ scanner's (cppSource.ts), completion, signature help, semantic tokens and inlay
// hints; test/grammar/vocabulary.test.ts checks that, and that the TextMate grammar scopes
// every name here. Adding a builtin = its entry here + its name in the TextMate grammar + its
// implementation in eval/builtins/ (tsc rejects a name without one; ARCHITECTURE.md, "Add a
// builtin function").
import { ELEMENT_BITS, LAYOUT_TAGS, MX_PREDICATES, POSITION_TPOSITION, PREDICATES, TAG_CLASSES, elementsPerC0 } from '../../core';

/** What the editor does with a function beyond naming it. */
export interface FunctionTraits {
  /** A constructor: the inlay hint after its call shows the layout or tensor it built. */
  builds?: 'layout' | 'tensor';
  /** The C++ scanner (cppSource.ts) starts a TLA expression at a call of it. */
  inCpp?: boolean;
  /** Its `<…>` may be left out (`shape(l)`, `shape<0>(l)`): completion inserts the name alone. */
  optionalTemplate?: boolean;
}

export interface BuiltinFunction<N extends string = string> extends FunctionTraits {
  name: N;
  /** Signatures as a user writes them; the first is the main one. */
  signatures: { label: string; params: string[] }[];
  doc: string;
  /** true when it takes `<…>` template arguments. */
  template?: boolean;
}

const fn = <N extends string>(name: N, traits: FunctionTraits, doc: string, ...sigs: string[]): BuiltinFunction<N> => ({
  name,
  ...traits,
  doc,
  signatures: sigs.map((label) => {
    const inner = label.slice(label.lastIndexOf('(') + 1, label.lastIndexOf(')'));
    return { label, params: inner ? inner.split(',').map((p) => p.trim()) : [] };
  }),
  template: sigs.some((s) => s.includes('<')),
});

const LAYOUT: FunctionTraits = { builds: 'layout', inCpp: true };
const TENSOR: FunctionTraits = { builds: 'tensor', inCpp: true };
const IN_CPP: FunctionTraits = { inCpp: true };
const OPTIONAL_TEMPLATE: FunctionTraits = { optionalTemplate: true };

export const BUILTIN_FUNCTIONS = [
  fn('MakeShape', IN_CPP, 'Makes a Shape tuple of integers and tuples.', 'MakeShape(x0, x1, …)'),
  fn('MakeStride', IN_CPP, 'Makes a Stride tuple of integers and tuples.', 'MakeStride(x0, x1, …)'),
  fn('MakeCoord', IN_CPP, 'Makes a logical coordinate tuple (in elements, from 0).', 'MakeCoord(c0, c1, …)'),
  fn('make_tuple', {}, 'Makes a tla::tuple.', 'make_tuple(x0, x1, …)'),
  fn('MakeTuple', {}, 'Makes a tla::tuple.', 'MakeTuple(x0, x1, …)'),
  fn(
    'MakeLayout',
    LAYOUT,
    'Makes a Layout: from shape and stride (originShape = product of each top-level mode), with an explicit originShape, a vector of length len, or from a Catlass layout tag.',
    'MakeLayout(shape, stride)',
    'MakeLayout(shape, stride, originShape)',
    'MakeLayout(len)',
    'MakeLayout<Element, Tag>(rows, cols)',
  ),
  fn('MakeLayoutL0C', LAYOUT, 'L0C layout: 16×16 fractals of 256 elements, whatever the element type.', 'MakeLayoutL0C(rows, cols)'),
  fn('MakeLayoutFmap', LAYOUT, 'NC1HWC0 feature-map layout, C0 = 32 bytes / sizeof(Element).', 'MakeLayoutFmap<Element>(batch, cin1, h, w)'),
  fn(
    'MakeLayoutFilter',
    LAYOUT,
    'C1HWNC0 filter layout; cout is rounded up to 16 when Position is PositionL1.',
    'MakeLayoutFilter<Element, Position>(cin1, kh, kw, cout)',
  ),
  fn(
    'GetTileLayout',
    IN_CPP,
    'Layout of the tile of tileShape whose upper-left element is coord: stride kept, shape nested like the parent, originShape cropped to what stays valid.',
    'GetTileLayout(layout, tileShape, coord)',
  ),
  fn(
    'crd2offset',
    IN_CPP,
    'Linear offset of a coordinate: Σ coord_i · stride_i, an integer coord split colexicographically.',
    'crd2offset(coord, shape, stride)',
  ),
  fn('shape', OPTIONAL_TEMPLATE, 'The Shape of a layout, or its sub-shape shape<I, J…>.', 'shape<I…>(layout)'),
  fn('stride', OPTIONAL_TEMPLATE, 'The Stride of a layout, or its sub-stride stride<I, J…>.', 'stride<I…>(layout)'),
  fn('originShape', OPTIONAL_TEMPLATE, 'The logically valid extent of a layout, or its mode originShape<I>.', 'originShape<I…>(layout)'),
  fn('get', OPTIONAL_TEMPLATE, 'The I-th element of a tuple; get<I, J…> recurses.', 'get<I…>(tuple)'),
  fn('rank', OPTIONAL_TEMPLATE, 'Number of top-level modes (an integer has rank 1); rank<I…> of a sub-unit. Static.', 'rank<I…>(x)'),
  fn('depth', OPTIONAL_TEMPLATE, 'Nesting depth (an integer has depth 0); depth<I…> of a sub-unit. Static.', 'depth<I…>(x)'),
  fn('Product', {}, 'Product of all leaves of an IntTuple (the empty tuple gives _1).', 'Product{}(tuple)'),
  fn('size', {}, 'Number of elements: the product of all leaves of the shape.', 'size(x)'),
  fn('CeilDiv', {}, 'Integer division rounding up: (a + b − 1) / b.', 'CeilDiv(a, b)'),
  fn('RoundUp', {}, 'Rounds a up to a multiple of b.', 'RoundUp(a, b)'),
  fn('min', {}, 'The smaller of two integers.', 'min(a, b)'),
  fn('max', {}, 'The larger of two integers.', 'max(a, b)'),
  fn('print', {}, 'Shows a value (inlay hint, hover, CLI output).', 'print(x)'),
  // tensors (include/tla/tensor.hpp)
  fn(
    'MakeTensor',
    TENSOR,
    'A tensor: a buffer view, a layout, the coord where it sits (zeros when not given) and the position of its buffer.',
    'MakeTensor(buffer, layout, position)',
    'MakeTensor(buffer, layout, coord, position)',
  ),
  fn(
    'GetTile',
    IN_CPP,
    'The tile of a tensor at coord (in elements) of tileShape: its layout is GetTileLayout(t.layout(), shape, coord), its coord t.coord() + coord.',
    'GetTile(tensor, coord, shape)',
  ),
  fn(
    'TileView',
    IN_CPP,
    'GetTile at tile index tileCoord: the element coord is tileCoord ⊙ tileShape (uint32, dynamic).',
    'TileView(tensor, tileCoord, tileShape)',
  ),
  fn(
    'MakeTensorLike',
    TENSOR,
    "A tensor on another buffer shaped like a tensor: MakeLayout<Element, Tag>(like's originShape), or layoutBase's shape and stride over like's originShape.",
    'MakeTensorLike<Tag[, ElementDst]>(buffer, like, position)',
    'MakeTensorLike<Tag[, ElementDst]>(buffer, like, position, layoutBase)',
  ),
  fn(
    'slice_and_offset',
    IN_CPP,
    "The layout over coord's `_` modes and the offset of coord with `_` read as 0 (plus base).",
    'slice_and_offset(coord, layout)',
    'slice_and_offset(coord, layout, base)',
  ),
  // Catlass::layout tag objects and Ascend 950 layouts
  fn(
    'MakeLayoutFromTag',
    LAYOUT,
    'The TLA layout of a Catlass::layout tag object (RowMajor, ColumnMajor, VectorLayout, zN, nZ, L0C); every leaf read from the tag is dynamic.',
    'MakeLayoutFromTag(tag)',
  ),
  fn(
    'MakeMxScaleLayout',
    LAYOUT,
    'MX-scale layout of float8_e8m0_t (CATLASS_ARCH 3510): RowMajor, ColumnMajor, zZ or nN, for the A (isB false) or B side.',
    'MakeMxScaleLayout<float8_e8m0_t, Tag, isB>(rows, cols)',
  ),
] as const;

/** The name of a builtin function: eval/builtins/ implements each (a `Record<BuiltinName, …>`). */
export type BuiltinName = (typeof BUILTIN_FUNCTIONS)[number]['name'];

/**
 * The AscendC buffer set-up calls a kernel makes before its TLA (`gmA.SetGlobalBuffer((__gm__ half *)p);`,
 * `pipe.InitBuffer(queue, 2, bytes);`): a `.tla` file accepts and ignores them, so pasted kernel code reads.
 */
export const BUFFER_SETUP_CALLS: readonly string[] = ['SetGlobalBuffer', 'SetL2CacheHint', 'InitBuffer', 'InitBufPool', 'FreeTensor', 'EnQue'];

/** Member functions of tag classes (`Tag::MakeLayout<E>(r, c)`) and of values (`t.layout()`). */
export const MEMBER_FUNCTIONS: Record<string, string> = {
  MakeLayout: 'Tag::MakeLayout<Element>(rows, cols) — a tag object of that class.',
  MakeLayoutInUb: 'RowMajor::MakeLayoutInUb<Element>(MatrixCoord{r, c}) — rows padded to a 32-byte block.',
  MakeLayoutInL0C: 'zN::MakeLayoutInL0C(MatrixCoord{r, c}) — 16×16 fractals of 256 elements.',
  layout: "tensor.layout() — the tensor's layout.",
  coord: 'tensor.coord() — where the tensor starts in the tensor it was cut from.',
  data: 'tensor.data() — the buffer view (its offset from the declared buffer).',
};

export const BUILTIN_BY_NAME: ReadonlyMap<string, BuiltinFunction> = new Map(BUILTIN_FUNCTIONS.map((f) => [f.name, f]));

/**
 * Catlass::MakeCoord (catlass/coord.hpp), which an unqualified MakeCoord is inside namespace
 * Catlass or under `using namespace Catlass;`: its own words in the hover of a call that made a
 * Catlass coord, not tla's.
 */
export const CATLASS_MAKE_COORD: BuiltinFunction = fn(
  'Catlass::MakeCoord',
  {},
  "Makes a Catlass::Coord<N, T> (catlass/coord.hpp) of its N arguments, which have one type T (its Index: uint32_t for unsigned arguments): Catlass's coordinate (a block's m, n, k; a matrix's row, column), not a tla tuple — a tla layout or tile takes tla::MakeCoord's.",
  'MakeCoord(T dim0, T dim1, …)',
);

/** Type forms written `T<…>{}`. */
export const TYPE_FORMS: Record<string, string> = {
  Int: 'Int<N>{} — the static integer N (also written _N).',
  C: 'C<N>{} — the static integer N (also written _N).',
  Shape: 'Shape<…>{} — a Shape tuple type with static leaves.',
  Stride: 'Stride<…>{} — a Stride tuple type with static leaves.',
  Coord: 'Coord<…>{} — a coordinate tuple type with static leaves.',
  tuple: 'tuple<…>{} — a tla::tuple type.',
  Layout: 'Layout<Shape, Stride[, OriginShape]>{} — a layout type with static parts; without OriginShape it is all zeros.',
  GlobalTensor: 'AscendC::GlobalTensor<Element> — a buffer in global memory (declare it: AscendC::GlobalTensor<half> gmA;).',
  LocalTensor: 'AscendC::LocalTensor<Element> — a buffer in L1, L0A/B/C, UB or Bias.',
  MatrixCoord: 'Catlass::MatrixCoord{rows, cols} — a (row, column) pair of Catlass (not a tla tuple).',
  GemmCoord: 'Catlass::GemmCoord{m, n, k} — a GEMM shape of Catlass (not a tla tuple).',
};

/** `tla::detail::isP<…>::value` predicates (see core/predicates.ts). */
export const PREDICATE_NAMES = [...PREDICATES, ...MX_PREDICATES].map((p) => `is${p}`);

/** Every Catlass::Arch position and the AscendC::TPosition it names. */
export const ALL_POSITIONS = Object.keys(POSITION_TPOSITION);
export const TAG_CLASS_NAMES: readonly string[] = TAG_CLASSES;

/**
 * Integer types accepted in casts and declarations (a cast makes the value dynamic), each with
 * the C++ type it names on the targets (what hovers call the declared integer). The order is the
 * grammar's: a longer word before its prefix (`int64_t` before `int`).
 */
export const INTEGER_TYPE_CPP: Readonly<Record<string, string>> = {
  int64_t: 'long',
  uint64_t: 'unsigned long',
  int32_t: 'int',
  uint32_t: 'unsigned',
  size_t: 'unsigned long',
  int: 'int',
  long: 'long',
  unsigned: 'unsigned',
};
export const INTEGER_TYPES: readonly string[] = Object.keys(INTEGER_TYPE_CPP);

/** The integer types a C++ kernel declares its constants with (cppSource.ts): the language's and the narrower ones. */
export const CPP_CONSTANT_TYPES: readonly string[] = [...INTEGER_TYPES, 'int8_t', 'int16_t', 'uint8_t', 'uint16_t', 'short'];

/**
 * The type forms (of TYPE_FORMS) of TLA's own types: the C++ scanner finds `Layout<…>{}` and `using`
 * aliases of them as TLA expressions, and a line starting with one may start a declaration (statements.ts).
 */
export const LAYOUT_TYPE_FORMS: readonly string[] = ['Layout', 'Shape', 'Stride', 'Coord'];

/** The type forms whose value is a static integer or tuple (`_8`, `Shape<_2, _4>{}`): all but Layout of TLA's own. */
export const TUPLE_TYPE_FORMS: readonly string[] = ['Int', 'C', 'Shape', 'Stride', 'Coord', 'tuple'];

/** The member functions of a tag class (`RowMajor::MakeLayout<E>(…)`), of MEMBER_FUNCTIONS. */
export const TAG_MEMBER_FUNCTIONS: readonly string[] = ['MakeLayout', 'MakeLayoutInUb', 'MakeLayoutInL0C'];

/** The file extensions of C++ sources the server and the CLI read as C++ (kernels and headers). */
export const CPP_FILE_EXTENSIONS: readonly string[] = ['asc', 'cpp', 'cc', 'cxx', 'hpp', 'hh', 'hxx', 'h'];
/** True for a path or URI of a C++ file (CPP_FILE_EXTENSIONS, any case). */
export const isCppPath = (path: string): boolean => CPP_FILE_EXTENSIONS.includes(/\.(\w+)$/.exec(path)?.[1].toLowerCase() ?? '');

// ---- the words of the syntax

/** Reserved words: never a name (grammar.ohm.ts `keyword`, the fast parser's `ident`). */
export const KEYWORDS: readonly string[] = [
  'auto',
  'constexpr',
  'const',
  'static_assert',
  'static_cast',
  'static',
  'using',
  'namespace',
  'inline',
  'typedef',
  'decltype',
  // only in `LayoutA::template MakeLayout<E>` (read and dropped)
  'template',
];

/**
 * C++'s keywords and alternative tokens (C++17 [lex.key], [lex.digraph]): never a name in a
 * kernel, so never one in a .tla file either (it is copied back into one).
 */
export const CPP_KEYWORDS: readonly string[] = (
  'alignas alignof and and_eq asm auto bitand bitor bool break case catch char char16_t char32_t class compl const ' +
  'constexpr const_cast continue decltype default delete do double dynamic_cast else enum explicit export extern false ' +
  'float for friend goto if inline int long mutable namespace new noexcept not not_eq nullptr operator or or_eq private ' +
  'protected public register reinterpret_cast return short signed sizeof static static_assert static_cast struct switch ' +
  'template this thread_local throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t ' +
  'while xor xor_eq'
).split(' ');

/** Words a declared name can never be (rename refuses them): reserved words, C++ keywords, the integer types. */
export const NOT_A_NAME: ReadonlySet<string> = new Set([...KEYWORDS, ...CPP_KEYWORDS, ...INTEGER_TYPES]);

/** Qualifiers a declaration may start with; accepted and ignored, but `const`/`constexpr` mark the name constant. */
export const DECL_QUALIFIERS: readonly string[] = ['constexpr', 'const', 'static', 'inline'];

/** A line that starts with one of these starts a new statement even when the one before lacks its `;` (statements.ts). */
export const STATEMENT_KEYWORDS: readonly string[] = ['auto', 'const', 'constexpr', 'static_assert', 'using'];

/**
 * What completion offers at a statement's start besides names, functions and type forms.
 * `using namespace tla;` is filtered by `using` alone: once a space is typed the list closes,
 * so the `;` and the Enter that end the statement are the user's.
 */
export const STATEMENT_COMPLETIONS: readonly { label: string; filterText?: string }[] = [
  { label: 'auto' },
  { label: 'static_assert' },
  { label: 'using namespace tla;', filterText: 'using' },
];

export const ELEMENT_TYPES = Object.keys(ELEMENT_BITS);

export const TAG_DOCS: Record<string, string> = {
  RowMajor: 'RowMajor: (rows, cols):(cols, _1) — rows are contiguous.',
  ColumnMajor: 'ColumnMajor: (rows, cols):(_1, rows) — columns are contiguous.',
  VectorLayout: 'VectorLayout: (cols):(_1) — one-dimensional.',
  zN: 'zN: 16×C0 fractals stored row by row inside, fractals column by column (N order of Z blocks).',
  nZ: 'nZ: C0×16 fractals stored column by column inside, fractals row by row.',
  zZ: 'zZ: 16×C0 fractals, row by row inside and row by row across.',
  L0C: 'L0C: 16×16 fractals of 256 elements (the cube unit output), whatever the element.',
  Weight4BitnZ: 'Weight4BitnZ: an nZ with a fixed C0 of 32 and fractal of 512, whatever the element (TLA).',
};

export const SUPPORTED_TAGS: readonly string[] = LAYOUT_TAGS;

/** Catlass's integer constants (catlass/catlass.hpp) a kernel names; `constexpr uint32_t`, so runtime integers. */
export const CATLASS_CONSTANTS: Readonly<Record<string, number>> = {
  BYTE_PER_C0: 32,
  BYTE_PER_C2: 64,
  C0_NUM_PER_FRACTAL: 16,
  BYTE_PER_FRACTAL: 512,
  BYTE_PER_BLK: 32,
  BLK_NUM_PER_VECTOR_FRACTAL: 8,
  BYTE_PER_VECTOR_FRACTAL: 256,
  STRIDE_LIMIT: 65536,
  MX_SCALE_COPY_GROUP_NUM: 2,
  MX_SCALE_GROUP_NUM: 32,
  MX_BASEK_FACTOR: 64,
};
export const POSITIONS = ['PositionL1', 'PositionGM'];

export function elementDoc(e: string): string {
  const only = e.startsWith('float4_') ? ' (CATLASS_ARCH 3510 only)' : '';
  return `${e}: ${ELEMENT_BITS[e]} bits, ${elementsPerC0(e, e.startsWith('float4_') ? 3510 : 2201)} elements per C0 (32 bytes)${only}`;
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
