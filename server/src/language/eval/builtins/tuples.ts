// The tuple builtins: MakeShape/MakeStride/MakeCoord (and Catlass::MakeCoord), get, shape/stride/originShape, rank, depth, size.
import * as core from '../../../core';
import type { Ast, BuiltinName } from '../../syntax';
import * as Objects from '../catlassObjects';
import type { Builtin, BuiltinContext } from '../context';
import { Value, kindName, isIntTuple } from '../values';
import { IntTuple } from '../../../core';

const A = core.arith;

function makeCoord(ev: BuiltinContext, e: Ast.Call): Value {
  if (e.ns === 'Catlass' || (e.ns === '' && e.args.length > 0 && ev.makeCoordOf(e.args) === 'Catlass')) {
    // Catlass::MakeCoord(T, T…): a Catlass::Coord (the namespace trap when it was meant as tla's)
    return Objects.catlassMakeCoord(ev.objects, e);
  }
  return ev.tupleOf(e);
}

function tupleBuiltin(ev: BuiltinContext, e: Ast.Call): Value {
  return ev.tupleOf(e);
}

function layoutPart(ev: BuiltinContext, e: Ast.Call): Value {
  ev.arity(e, [1]);
  const v = ev.layoutOrTuple(e.args[0], `${e.callee}(…)`);
  let part: IntTuple;
  if (v.kind === 'layout') part = v[e.callee as 'shape' | 'stride' | 'originShape'];
  else if (e.callee === 'shape')
    part = v; // shape(IntTuple) is the tuple itself
  else ev.fail(e.args[0], 'argument-kind', `${e.callee}(…) needs a layout, not ${kindName(v)}`);
  const idx = ev.indices(e);
  return ev.coreCall(e, e.args, () => core.getPath(part, idx));
}

function getElement(ev: BuiltinContext, e: Ast.Call): Value {
  ev.arity(e, [1]);
  const idx = ev.indices(e);
  if (!idx.length) ev.fail(e.calleeSpan, 'argument-count', 'get needs indices: get<I, J…>(x)');
  ev.stopIfFree(e.args[0]); // get<I> of a kernel value not known here is not the value itself
  const v = ev.eval(e.args[0]);
  if (v.kind === 'values') {
    const item = v.items[idx[0]];
    if (!item) ev.fail(e.calleeSpan, 'index-out-of-range', `get<${idx[0]}> is out of range for a tuple of ${v.items.length} values`);
    if (idx.length === 1) return item;
    if (!isIntTuple(item)) ev.fail(e.calleeSpan, 'index-out-of-range', `get<${idx.join(', ')}>: element ${idx[0]} is ${kindName(item)}`);
    return ev.coreCall(e, e.args, () => core.getPath(item, idx.slice(1)));
  }
  if (!isIntTuple(v) && v.kind !== 'layout') ev.fail(e.args[0], 'argument-kind', `get<…> takes a tuple or a layout, not ${kindName(v)}`);
  if (v.kind === 'layout') {
    const s = ev.coreCall(e, e.args, () => core.getPath(v.shape, idx));
    const d = ev.coreCall(e, e.args, () => core.getPath(v.stride, idx));
    // the sub-layout's valid extent: the parent's for that mode when it is an integer mode,
    // else each sub-mode's full extent (a nested mode has no finer originShape)
    const o = s.kind === 'int' ? ev.coreCall(e, e.args, () => core.getPath(v.originShape, idx.slice(0, 1))) : core.defaultOriginShape(s);
    return core.layout(s, d, o);
  }
  return ev.coreCall(e, e.args, () => core.getPath(v, idx));
}

function rankOrDepth(ev: BuiltinContext, e: Ast.Call): Value {
  ev.arity(e, [1]);
  const v = ev.layoutOrTuple(e.args[0], `${e.callee}(…)`);
  const t = v.kind === 'layout' ? v.shape : v;
  const idx = ev.indices(e);
  const sub = ev.coreCall(e, e.args, () => core.getPath(t, idx));
  return core.staticInt(e.callee === 'rank' ? core.rank(sub) : core.depth(sub));
}

function sizeOf(ev: BuiltinContext, e: Ast.Call): Value {
  if (e.callee === 'Product' && !e.braces) ev.fail(e.calleeSpan, 'argument-kind', 'Product is a function object: write Product{}(tuple)');
  ev.arity(e, [1]);
  const v = ev.layoutOrTuple(e.args[0], `${e.callee}(…)`);
  return ev.coreCall(e, e.args, () => A.product(v.kind === 'layout' ? v.shape : v));
}

export const TUPLES_BUILTINS = {
  MakeCoord: makeCoord,
  MakeShape: tupleBuiltin,
  MakeStride: tupleBuiltin,
  make_tuple: tupleBuiltin,
  MakeTuple: tupleBuiltin,
  shape: layoutPart,
  stride: layoutPart,
  originShape: layoutPart,
  get: getElement,
  rank: rankOrDepth,
  depth: rankOrDepth,
  Product: sizeOf,
  size: sizeOf,
} satisfies Partial<Record<BuiltinName, Builtin>>;
