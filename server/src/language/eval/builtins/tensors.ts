// The tensor builtins (include/tla/tensor.hpp): MakeTensor, GetTile, TileView, MakeTensorLike, slice_and_offset.
import * as core from '../../../core';
import type { Ast, BuiltinName } from '../../syntax';
import type { Builtin, BuiltinContext } from '../context';
import { Value, kindName, printValue } from '../values';
import { IntValue, Tensor } from '../../../core';
import { memberPath } from '../../syntax';

const A = core.arith;

/**
 * The buffer of MakeTensor / MakeTensorLike (its first argument); one the code does not declare here
 * (a base class's member, what a call returned) is a buffer whose element is not known: the tensor's
 * layout still is.
 */
function bufferArg(ev: BuiltinContext, e: Ast.Call): Value {
  const arg = e.args[0];
  const storage = () => (ev.position(e.args[e.args.length - 1]) === 'GM' ? 'GlobalTensor' : 'LocalTensor');
  // `bufs[i]` of an undeclared name: the i-th of an array of buffers or a view i elements on, the
  // data at `bufs[i]` either way (named so, never an offset that would be wrong for an array)
  const indexed = arg.type === 'index' && ev.isFreeNode(arg.target) ? memberPath(arg.target) : undefined;
  if (arg.type === 'index' && indexed) {
    const n = ev.integer(arg.index, 'the offset');
    return core.bufferAt({ ...core.bufferView(storage(), core.UNKNOWN_ELEMENT, indexed), array: true }, n);
  }
  const undeclared = ev.isFreeNode(arg) ? memberPath(arg) : undefined;
  const value = ev.eval(arg);
  if (!undeclared) return value;
  return core.bufferView(storage(), core.UNKNOWN_ELEMENT, undeclared);
}

function makeTensor(ev: BuiltinContext, e: Ast.Call): Value {
  ev.noTemplate(e);
  ev.arity(e, [3, 4]);
  const buf = bufferArg(ev, e);
  if (buf.kind !== 'buffer')
    ev.fail(e.args[0], 'argument-kind', `MakeTensor's first argument is an AscendC buffer (GlobalTensor/LocalTensor), not ${kindName(buf)}`);
  if (ev.isFreeNode(e.args[1]) && e.args.length === 3) {
    // MakeTensor over a kernel's layout not known here (params.layoutA): its tiles' extents are still known
    ev.eval(e.args[1]);
    const pos = ev.position(e.args[2]);
    return { kind: 'opaqueTensor', root: memberPath(e.args[1])!, element: buf.element, position: pos };
  }
  const lv = ev.eval(e.args[1]);
  if (lv.kind === 'opaqueLayout' && e.args.length === 3) {
    const pos = ev.position(e.args[2]);
    const zero = core.tuple(...(lv.originShape as core.TupleValue).items.map(() => core.staticInt(0)));
    return {
      kind: 'opaqueTensor',
      root: `${buf.name} (${lv.label})`,
      offset: zero,
      originShape: lv.originShape,
      element: buf.element,
      position: pos,
    };
  }
  if (lv.kind !== 'layout') ev.fail(e.args[1], 'argument-kind', `the layout of MakeTensor must be a layout, not ${kindName(lv)}`);
  const l = lv;
  const coord = e.args.length === 4 ? ev.intTuple(e.args[2], 'the coord of MakeTensor') : undefined;
  const pos = ev.position(e.args[e.args.length - 1]);
  return ev.coreCall(e, e.args, () => core.makeTensor(buf, l, pos, coord));
}

function tileOfTensor(ev: BuiltinContext, e: Ast.Call): Value {
  ev.noTemplate(e);
  ev.arity(e, [3]);
  const t = ev.tensorArg(e.args[0], `the tensor of ${e.callee}`, true);
  const c = ev.intTuple(e.args[1], e.callee === 'TileView' ? 'the tile coord' : 'the coord');
  const sh = ev.intTuple(e.args[2], 'the tile shape');
  if (t.kind === 'opaqueTensor') {
    return ev.coreCall(e, e.args, () => (e.callee === 'TileView' ? core.opaqueTileView(t, c, sh) : core.getOpaqueTile(t, c, sh)));
  }
  const r = ev.coreCall(e, e.args, () => (e.callee === 'TileView' ? core.tileView(t, c, sh) : core.getTile(t, c, sh)));
  ev.recordTile({
    node: e,
    parent: t.layout,
    tileShape: sh,
    coord: core.tuple(...(r.coord as core.TupleValue).items.map((x, d) => A.sub(x as IntValue, (t.coord as core.TupleValue).items[d] as IntValue))),
    result: r.layout,
    tensorCoord: r.coord,
  });
  return r;
}

/** The originShape of an opaque tensor's root of rank `r` (symbols named after it), or undefined where r is not known. */
function opaqueOrigin(t: core.OpaqueTensor, r: number | undefined): core.IntTuple | undefined {
  return r === undefined ? undefined : core.opaqueTensor(t.root, r, t.element, t.position).originShape;
}

function makeTensorLike(ev: BuiltinContext, e: Ast.Call): Value {
  const tag = ev.typeName(e, 0, 'Tag');
  const el = e.templateArgs && e.templateArgs.length > 1 ? ev.typeName(e, 1, 'Tag, ElementDst') : undefined;
  if (el) ev.element(el);
  ev.arity(e, [3, 4]);
  const buf = bufferArg(ev, e);
  if (buf.kind !== 'buffer') ev.fail(e.args[0], 'argument-kind', `MakeTensorLike's first argument is an AscendC buffer, not ${kindName(buf)}`);
  const like0 = ev.tensorArg(e.args[1], 'the like-tensor of MakeTensorLike', true);
  const pos = ev.position(e.args[2]);
  const base = e.args.length === 4 ? ev.layoutArg(e.args[3], 'the layoutBase of MakeTensorLike') : undefined;
  // a like-tensor whose layout is not known here: only its originShape is used (and the buffer holds E).
  // Of a rank not known either (a parameter `TensorC &tensorC`), the overload fixes it where the code
  // compiles at all: rank 2 without a layoutBase (a rank-1 like never compiles there), else the
  // layoutBase's, whose shape the originShape must match; its originShape is then symbols named after it.
  const rankOf = (): number | undefined => {
    if (!base) return 2;
    const r = core.rank(base.shape);
    return r === 1 || r === 2 ? r : undefined;
  };
  const origin = like0.kind === 'opaqueTensor' ? (like0.originShape ?? opaqueOrigin(like0, rankOf())) : undefined;
  const like: Tensor =
    like0.kind === 'opaqueTensor'
      ? origin
        ? core.makeTensor(buf, core.layout(origin, origin, origin), pos)
        : ev.fail(e.args[1], 'argument-kind', "MakeTensorLike: the like-tensor's rank is not known here")
      : like0;
  if (base) return ev.coreCall(e, e.args, () => core.makeTensorLikeOn(el?.name, buf, like, pos, base));
  const arch = ev.arch();
  return ev.coreCall(e, e.args, () => core.makeTensorLike(tag.name, el?.name, buf, like, pos, arch));
}

function slice_and_offset(ev: BuiltinContext, e: Ast.Call): Value {
  ev.noTemplate(e);
  ev.arity(e, [2, 3]);
  const c = ev.eval(e.args[0]);
  if (c.kind !== 'slice') {
    if (c.kind === 'tuple' && c.items.some((x) => x.kind === 'tuple')) ev.fail(e.args[0], 'depth-mismatch', 'slice_and_offset: coord is not flat');
    ev.fail(e.args[0], 'argument-kind', `slice_and_offset: the coord has no underscore (${printValue(c)}); slice with tla::_ in the modes to keep`);
  }
  const l = ev.layoutArg(e.args[1], 'the layout of slice_and_offset');
  const base = e.args.length === 3 ? ev.intTuple(e.args[2], 'the base coord') : undefined;
  const r = ev.coreCall(e, e.args, () => core.sliceAndOffset(c.items, l, base));
  return { kind: 'values', items: [r.projected, r.offset] };
}

export const TENSORS_BUILTINS = {
  MakeTensor: makeTensor,
  GetTile: tileOfTensor,
  TileView: tileOfTensor,
  MakeTensorLike: makeTensorLike,
  slice_and_offset: slice_and_offset,
} satisfies Partial<Record<BuiltinName, Builtin>>;
