// Tensors of include/tla/tensor.hpp: a buffer view, a layout, the coord where the tensor sits
// in the tensor it was cut from, and the AscendC position of its buffer.
import * as A from './arith';
import { LayoutError } from './errors';
import { IntTuple, IntValue, TupleValue, depth, int, printIntTuple, rank, staticInt, symbolicInt, tuple } from './inttuple';
import { Layout, crd2offset, cropExtent, getTileLayout, layout, makeLayoutFromTag, printLayout } from './layout';
import type { Arch } from './arch';

/** `AscendC::GlobalTensor<E> gm;`, `AscendC::LocalTensor<E> l1;`, or a view `gm[offset]` of one. */
export interface BufferView {
  readonly kind: 'buffer';
  /** GlobalTensor or LocalTensor. */
  readonly storage: 'GlobalTensor' | 'LocalTensor';
  readonly element: string;
  /** The declared buffer's name: offsets count from its start. */
  readonly name: string;
  /** Elements from the declared buffer's start to this view (buf[n] moves it n further on). */
  readonly offset: IntValue;
  /** A kernel's array of buffers (`LocalTensor<E> bufs[N]`): `bufs[i]` is one of them. */
  readonly array?: boolean;
}

export interface Tensor {
  readonly kind: 'tensor';
  readonly data: BufferView;
  readonly layout: Layout;
  readonly coord: IntTuple;
  /** The AscendC::TPosition: GM, A1, A2, B2, CO1, C2, VECCALC. */
  readonly position: string;
}

/** Catlass::Arch positions and the AscendC::TPosition each names. */
export const POSITION_TPOSITION: Readonly<Record<string, string>> = {
  PositionGM: 'GM',
  PositionL1: 'A1',
  PositionL0A: 'A2',
  PositionL0B: 'B2',
  PositionL0C: 'CO1',
  PositionBias: 'C2',
  PositionUB: 'VECCALC',
};

/** The element of a buffer the code does not declare where it is read (a base class's member, a value a call returned). */
export const UNKNOWN_ELEMENT = '‹?›';

export function bufferView(storage: BufferView['storage'], element: string, name: string, offset: IntValue = int(0)): BufferView {
  return { kind: 'buffer', storage, element, name, offset };
}

/** `buf[n]`: a view n elements further on. */
export function bufferAt(b: BufferView, n: IntValue): BufferView {
  // an array of buffers: the n-th buffer, at its own start
  if (b.array) return { kind: 'buffer', storage: b.storage, element: b.element, name: `${b.name}[${printIntTuple(n)}]`, offset: int(0) };
  return { ...b, offset: A.add(A.cast(b.offset), A.cast(n)) };
}

const zeros = (n: number) => tuple(...Array.from({ length: n }, () => staticInt(0)));

/** MakeTensor(buf, layout[, coord], pos): coord `(_0,…)` when not given. */
export function makeTensor(data: BufferView, l: Layout, position: string, coord?: IntTuple): Tensor {
  const r = rank(l.shape);
  if (coord !== undefined && rank(coord) !== r) {
    throw new LayoutError('rank-mismatch', `MakeTensor: coord has rank ${rank(coord)}, the layout rank ${r}`, {
      argIndex: 2,
      ranks: { coord: rank(coord), layout: r },
      expectedRank: r,
    });
  }
  return { kind: 'tensor', data, layout: l, coord: coord ?? zeros(r), position };
}

function flat(x: IntTuple, role: string, fn: string, argIndex: number, tensorRank: number): TupleValue {
  if (x.kind === 'int') {
    throw new LayoutError('depth-mismatch', `${fn}: ${role} must be a flat tuple of rank ${tensorRank}, not an integer`, { argIndex });
  }
  const nested = x.items.findIndex((i) => i.kind === 'tuple');
  if (nested >= 0) {
    throw new LayoutError('depth-mismatch', `${fn}: ${role} is not flat (a nested tuple in mode ${nested}); tiles take one-level coords and shapes`, {
      argIndex,
      depths: { [role]: depth(x) },
    });
  }
  if (x.items.length !== tensorRank) {
    throw new LayoutError('rank-mismatch', `${fn}: ${role} has rank ${x.items.length}, the tensor rank ${tensorRank} (they must be equal)`, {
      argIndex,
      ranks: { [role]: x.items.length, tensor: tensorRank },
      expectedRank: tensorRank,
    });
  }
  return x;
}

/** GetTile(t, c, s): the tile's layout is GetTileLayout(t.layout(), s, c); its coord t.coord() + c. */
export function getTile(t: Tensor, coord: IntTuple, shape: IntTuple, fn = 'GetTile'): Tensor {
  const r = rank(t.layout.shape);
  if (fn === 'GetTile' && rank(coord) === rank(shape) && rank(coord) !== r && depth(coord) <= 1 && depth(shape) <= 1) {
    throw new LayoutError('rank-mismatch', `GetTile: coord and tile shape have rank ${rank(coord)}, the tensor rank ${r} (they must be equal)`, {
      argIndex: 1,
      ranks: { coord: rank(coord), shape: rank(shape), tensor: r },
      expectedRank: r,
    });
  }
  const c = flat(coord, fn === 'TileView' ? 'tile coord' : 'coord', fn, 1, r);
  const s = flat(shape, 'tile shape', fn, 2, r);
  let tileLayout: Layout;
  try {
    tileLayout = getTileLayout(t.layout, s, c);
  } catch (e) {
    // GetTileLayout's arguments are (layout, shape, coord): report on GetTile's own
    if (e instanceof LayoutError) {
      const idx = e.details.argIndex === 1 ? 2 : e.details.argIndex === 2 ? 1 : e.details.argIndex;
      throw new LayoutError(e.code, e.message.replace(/^GetTileLayout/, fn), { ...e.details, argIndex: idx });
    }
    throw e;
  }
  const base = t.coord.kind === 'tuple' ? t.coord.items : [t.coord];
  const sum = tuple(...c.items.map((ci, d) => A.add(base[d] as IntValue, ci as IntValue)));
  return { kind: 'tensor', data: t.data, layout: tileLayout, coord: sum, position: t.position };
}

/** TileView(t, tc, ts) = GetTile(t, tc ⊙ ts, ts), the product taken as uint32 (dynamic). */
export function tileView(t: Tensor, tileCoord: IntTuple, tileShape: IntTuple): Tensor {
  const r = rank(t.layout.shape);
  const tc = flat(tileCoord, 'tile coord', 'TileView', 1, r);
  const ts = flat(tileShape, 'tile shape', 'TileView', 2, r);
  const c = tuple(...tc.items.map((x, d) => A.cast(A.mul(x as IntValue, ts.items[d] as IntValue))));
  return getTile(t, c, ts, 'TileView');
}

/** The coordinate `t.coord() + c` of an element or slice, `_` read as 0. */
function absolute(t: Tensor, c: readonly (IntValue | null)[]): IntTuple {
  const base = t.coord.kind === 'tuple' ? t.coord.items : [t.coord];
  return tuple(...c.map((x, d) => (x ? A.add(base[d] as IntValue, x) : (base[d] as IntValue))));
}

function checkIndexRank(t: Tensor, n: number, what: string): void {
  const r = rank(t.layout.shape);
  if (n !== r) {
    throw new LayoutError('rank-mismatch', `${what}: coord has rank ${n}, the tensor rank ${r}`, {
      argIndex: 0,
      ranks: { coord: n, tensor: r },
      expectedRank: r,
    });
  }
}

/** t(c): the element's index in the buffer, data() + layout(t.coord() + c) (a plain number). */
export function elementIndex(t: Tensor, coord: readonly IntValue[], what = 'tensor(coord)'): IntValue {
  checkIndexRank(t, coord.length, what);
  const off = crd2offset(absolute(t, coord), t.layout.shape, t.layout.stride);
  return A.cast(A.add(A.cast(t.data.offset), A.cast(off)));
}

/**
 * t(c) with at least one `_` (null here): a tensor over the `_` modes, in order, coord zeros;
 * data() moves by layout(t.coord() + c with _ → 0).
 */
export function sliceTensor(t: Tensor, coord: readonly (IntValue | null)[], what = 'slice'): Tensor {
  checkIndexRank(t, coord.length, what);
  const { projected, offset } = sliceAndOffset(
    coord,
    t.layout,
    absolute(
      t,
      coord.map(() => int(0)),
    ),
  );
  const data = { ...t.data, offset: A.add(A.cast(t.data.offset), offset) };
  return { kind: 'tensor', data, layout: projected, coord: zeros(rank(projected.shape)), position: t.position };
}

/**
 * slice_and_offset(c, layout[, base]): the layout projected on c's `_` modes, and
 * (int64) layout(base + c with _ → 0).
 */
export function sliceAndOffset(coord: readonly (IntValue | null)[], l: Layout, base?: IntTuple): { projected: Layout; offset: IntValue } {
  const r = rank(l.shape);
  if (coord.length !== r) {
    throw new LayoutError('rank-mismatch', `slice_and_offset: coord has rank ${coord.length}, the layout rank ${r}`, {
      argIndex: 0,
      ranks: { coord: coord.length, layout: r },
      expectedRank: r,
    });
  }
  if (base !== undefined && rank(base) !== r) {
    throw new LayoutError('rank-mismatch', `slice_and_offset: base coord has rank ${rank(base)}, the layout rank ${r}`, {
      argIndex: 2,
      ranks: { base: rank(base), layout: r },
      expectedRank: r,
    });
  }
  const keep = coord.map((c, d) => (c === null ? d : -1)).filter((d) => d >= 0);
  const mode = (x: IntTuple, d: number) => (x.kind === 'tuple' ? x.items[d] : x);
  const projected = layout(
    tuple(...keep.map((d) => mode(l.shape, d))),
    tuple(...keep.map((d) => mode(l.stride, d))),
    tuple(...keep.map((d) => mode(l.originShape, d))),
  );
  const b = base ?? tuple(...coord.map(() => staticInt(0)));
  const full = tuple(
    ...coord.map((c, d) => {
      const bd = mode(b, d) as IntValue;
      return c === null ? bd : A.add(bd, c);
    }),
  );
  return { projected, offset: A.cast(crd2offset(full, l.shape, l.stride)) };
}

/**
 * MakeTensorLike<Tag[, E]>(buf, like, pos): layout MakeLayout<E, Tag>(like.originShape()),
 * coord zeros. The buffer must hold E (E defaults to like's element).
 */
export function makeTensorLike(tag: string, element: string | undefined, data: BufferView, like: Tensor, position: string, arch: Arch): Tensor {
  const e = checkLikeElement(element, data, like);
  const r = rank(like.layout.shape);
  if (r === 1) {
    throw new LayoutError(
      'rank-mismatch',
      `MakeTensorLike without a layoutBase on a rank-1 tensor never compiles: its rank-1 branch calls MakeLayout<Element, Tag>(len), which does not exist (pass a layoutBase)`,
      { argIndex: 1, ranks: { like: 1 } },
    );
  }
  if (r !== 2) {
    throw new LayoutError('rank-mismatch', `MakeTensorLike: the like-tensor has rank ${r}; only rank 1 or 2 is accepted`, {
      argIndex: 1,
      ranks: { like: r },
    });
  }
  const o = like.layout.originShape as TupleValue;
  let l: Layout;
  try {
    l = makeLayoutFromTag(e, tag, o.items[0] as IntValue, o.items[1] as IntValue, arch);
  } catch (err) {
    if (err instanceof LayoutError && err.code === 'unsupported-tag') {
      throw new LayoutError('unsupported-tag', `MakeTensorLike: ${tag} is not a tag MakeLayout<Element, Tag> supports`, {});
    }
    throw err;
  }
  return makeTensor(data, l, position);
}

/** MakeTensorLike<Tag[, E]>(buf, like, pos, base): layout (base.shape, base.stride, like.originShape). */
export function makeTensorLikeOn(element: string | undefined, data: BufferView, like: Tensor, position: string, base: Layout): Tensor {
  checkLikeElement(element, data, like);
  const r = rank(like.layout.shape);
  if (r !== 1 && r !== 2) {
    throw new LayoutError('rank-mismatch', `MakeTensorLike with layoutBase: the like-tensor has rank ${r}; only rank 1 or 2 is accepted`, {
      argIndex: 1,
      ranks: { like: r },
    });
  }
  return makeTensor(data, layout(base.shape, base.stride, like.layout.originShape), position);
}

function checkLikeElement(element: string | undefined, data: BufferView, like: Tensor): string {
  const e = element ?? like.data.element;
  // an element not known on either side: C++ checks it, the code here does not say
  if (data.element !== e && data.element !== UNKNOWN_ELEMENT && e !== UNKNOWN_ELEMENT) {
    throw new LayoutError(
      'argument-kind',
      element
        ? `MakeTensorLike<Tag, ${element}>: the buffer holds ${data.element}, not the ElementDst ${element}`
        : `MakeTensorLike<Tag>: the buffer holds ${data.element}, the like-tensor ${like.data.element} (give ElementDst to change it)`,
      { argIndex: 0 },
    );
  }
  return e === UNKNOWN_ELEMENT ? data.element : e;
}

/** `element, position, layout, coord, data offset`, as a hover and the CLI show a tensor. */
export function printTensor(t: Tensor): string {
  return `Tensor<${t.data.element}, ${t.position}> ${printLayout(t.layout)} @ coord ${printIntTuple(t.coord)}, data ${t.data.name}+${printIntTuple(t.data.offset)}`;
}

/**
 * A tensor whose layout is not known here (a kernel's parameter `tensorA`, or MakeTensor over
 * `params.layoutA`), and the tiles cut from it. What GetTile and TileView still determine is
 * kept: each tile's shape, where it starts relative to the root, and its valid extent
 * min(tile, origin − coord), the root's originShape being symbols. Its layout (shape, stride)
 * is never invented.
 */
export interface OpaqueTensor {
  readonly kind: 'opaqueTensor';
  /** How the code names the root: `tensorA`, `params.layoutA`. */
  readonly root: string;
  /** Where this tensor starts, relative to the root's own start (mode by mode); undefined until its rank is known. */
  readonly offset?: IntTuple;
  /** The valid extent: the root's as symbols, cropped by every tile since; undefined until its rank is known. */
  readonly originShape?: IntTuple;
  /** Set on a tile: its shape as GetTile/TileView was given it. */
  readonly tileShape?: IntTuple;
  readonly element?: string;
  readonly position?: string;
}

/** The root of an opaque tensor of a known rank: its originShape as symbols named after it. */
export function opaqueTensor(root: string, r: number, element?: string, position?: string): OpaqueTensor {
  const zeros = tuple(...Array.from({ length: r }, () => staticInt(0)));
  const origin = tuple(...Array.from({ length: r }, (_, d) => symbolicInt(`${root}.originShape<${d}>`)));
  return { kind: 'opaqueTensor', root, offset: zeros, originShape: origin, element, position };
}

/** GetTile (or TileView, with the coord computed as for a tensor) of an opaque tensor. */
export function getOpaqueTile(t0: OpaqueTensor, coord: IntTuple, shape: IntTuple, fn = 'GetTile'): OpaqueTensor {
  // a root of unknown rank (MakeTensor over a layout not known here) takes the coord's: the code compiles
  const t = t0.originShape ? t0 : opaqueTensor(t0.root, rank(coord), t0.element, t0.position);
  const r = rank(t.originShape!);
  const c = flat(coord, fn === 'TileView' ? 'tile coord' : 'coord', fn, 1, r);
  const s = flat(shape, 'tile shape', fn, 2, r);
  const origin = t.originShape as TupleValue;
  const base = t.offset as TupleValue;
  return {
    ...t,
    offset: tuple(...c.items.map((x, d) => A.add(base.items[d] as IntValue, x as IntValue))),
    originShape: tuple(...s.items.map((x, d) => cropExtent(origin.items[d] as IntValue, c.items[d] as IntValue, x as IntValue, d))),
    tileShape: s,
  };
}

/** TileView of an opaque tensor: GetTile at tileCoord ⊙ tileShape (uint32, dynamic). */
export function opaqueTileView(t: OpaqueTensor, tileCoord: IntTuple, tileShape: IntTuple): OpaqueTensor {
  const r = t.originShape ? rank(t.originShape) : rank(tileCoord);
  const tc = flat(tileCoord, 'tile coord', 'TileView', 1, r);
  const ts = flat(tileShape, 'tile shape', 'TileView', 2, r);
  return getOpaqueTile(t, tuple(...tc.items.map((x, d) => A.cast(A.mul(x as IntValue, ts.items[d] as IntValue)))), ts, 'TileView');
}

export function printOpaqueTensor(t: OpaqueTensor): string {
  if (!t.tileShape || !t.offset || !t.originShape) return `a tensor on ${t.root} (its layout is not known here)`;
  return `tile ${printIntTuple(t.tileShape)} of ${t.root} at ${printIntTuple(t.offset)}, valid ${printIntTuple(t.originShape)}`;
}
