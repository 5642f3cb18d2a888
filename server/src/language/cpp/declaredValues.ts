// The value of a name declared with a TLA type and no value of its own (issue 21): a data member
// `LayoutA layoutA;`, a parameter `TensorDst const &dstTensor`. Its type fixes the static leaves
// (`_1`) and the structure; every run-time leaf is a value of the running program, so it is a
// symbol named by what it is (`params.layoutA.stride<0>`), never a number — not even the zero a
// value-initialised `LayoutA{}` would hold.
//
// Names of the leaves: a layout's `NAME.shape<i>`, `NAME.stride<i>`, `NAME.originShape<i>`
// (`<i,j>` in a nested mode), a tuple's `NAME<i>`, a tensor's layout as its own (`NAME.shape<i>`),
// its coord `NAME.coord<i>` and its data `NAME.data()`; a Catlass layout tag object's every field
// (`NAME.shape(i)`, `NAME.stride(i)`, `NAME.orgShape(i)`: run-time members, whatever the class).
import * as core from '../../core';
import type { IntTuple, Layout } from '../../core';
import { SHORT_INTEGER, type Value } from '../eval';
import { Ty, canonicalInteger } from './types';
import { DYNAMIC_LEAF } from './valueTypes';

interface Form<V> {
  /** Its value-initialised value: static leaves as they are, run-time leaves 0 (a type, never shown as a value). */
  value: V;
  /** The type written out: `(u32,u32):(i64,_1)`. */
  form: string;
}

/** A tuple type (`tla::tuple<uint32_t, tla::C<1>>`) or a leaf's, or undefined when it is not one. */
function tupleForm(t: Ty): Form<IntTuple> | undefined {
  if (t.k !== 'class') return undefined;
  if (t.q === 'tla::C') {
    const v = t.args[0];
    return v?.k === 'val' ? { value: core.staticInt(v.v), form: `_${v.v}` } : undefined;
  }
  if (t.q === 'tla::tuple') {
    const items = t.args.map(tupleForm);
    if (items.some((x) => !x)) return undefined;
    const forms = items as Form<IntTuple>[];
    return { value: core.tuple(...forms.map((x) => x.value)), form: `(${forms.map((x) => x.form).join(',')})` };
  }
  if (t.args.length || t.outer) return undefined;
  if (DYNAMIC_LEAF.k === 'class' && t.q === DYNAMIC_LEAF.q) return { value: core.int(0), form: '‹int›' };
  const integer = canonicalInteger(t.q);
  if (!integer || integer === 'char') return undefined;
  return { value: core.int(0), form: SHORT_INTEGER[integer] ?? integer };
}

/** `tla::Layout<Shape, Stride, OriginShape>`. */
function layoutForm(t: Ty): Form<Layout> | undefined {
  if (t.k !== 'class' || t.q !== 'tla::Layout' || t.args.length < 2 || t.args.length > 3) return undefined;
  const parts = t.args.map(tupleForm);
  if (parts.some((x) => !x)) return undefined;
  const [shape, stride, origin] = parts as Form<IntTuple>[];
  try {
    const value = core.makeLayout(shape.value, stride.value, origin?.value);
    return { value, form: parts.map((p) => p!.form).join(':') };
  } catch (e) {
    if (e instanceof core.LayoutError) return undefined; // not a layout C++ would compile
    throw e;
  }
}

/** `tla::Tensor<AscendC::GlobalTensor<half>, Layout, Coord, AscendC::TPosition::GM>`: its value-initialised value. */
function tensorForm(t: Ty): core.Tensor | undefined {
  if (t.k !== 'class' || t.q !== 'tla::Tensor' || t.args.length !== 4) return undefined;
  const [buffer, layoutTy, coordTy, position] = t.args;
  if (buffer.k !== 'class' || (buffer.q !== 'AscendC::GlobalTensor' && buffer.q !== 'AscendC::LocalTensor') || buffer.args.length !== 1)
    return undefined;
  const e = buffer.args[0];
  const element = e.k === 'class' && !e.args.length ? e.q.replace(/^AscendC::(?=int4b_t$)/, '') : undefined;
  if (!element || !(element in core.ELEMENT_BITS)) return undefined;
  const layout = layoutForm(layoutTy);
  const coord = tupleForm(coordTy);
  const pos = position.k === 'enum' ? /^AscendC::TPosition::(\w+)$/.exec(position.q)?.[1] : undefined;
  if (!layout || !coord || !pos) return undefined;
  if (core.rank(coord.value) !== core.rank(layout.value.shape)) return undefined;
  const storage = buffer.q === 'AscendC::GlobalTensor' ? 'GlobalTensor' : 'LocalTensor';
  return { kind: 'tensor', data: core.bufferView(storage, element, '‹data›'), layout: layout.value, coord: coord.value, position: pos };
}

/**
 * A resolved TLA type (a layout, a tuple with a run-time leaf, a tensor) as the type value a
 * name of the body is bound to (`using LayoutA = typename BlockMmad::LayoutA;` under the
 * instantiation); undefined for any other type.
 */
export function tlaTypeValue(t: Ty): Value | undefined {
  const layout = layoutForm(t);
  if (layout) return { kind: 'type', type: { t: 'value', value: layout.value, form: layout.form } };
  const tensor = tensorForm(t);
  if (tensor) return { kind: 'type', type: { t: 'value', value: tensor } };
  const tuple = tupleForm(t);
  if (tuple && tuple.value.kind === 'tuple') return { kind: 'type', type: { t: 'value', value: tuple.value, form: tuple.form } };
  return undefined;
}

/** The leaves of a tuple of type `x` named `base<i,j>` (`base` alone for a leaf at the top): static ones stay. */
function namedLeaves(x: IntTuple, base: string, path: readonly number[] = []): IntTuple {
  if (x.kind === 'int') return x.isStatic ? x : core.symbolicInt(path.length ? `${base}<${path.join(',')}>` : base);
  return core.tuple(...x.items.map((item, i) => namedLeaves(item, base, [...path, i])));
}

function namedLayout(l: Layout, name: string): Layout {
  return core.layout(
    namedLeaves(l.shape, `${name}.shape`),
    namedLeaves(l.stride, `${name}.stride`),
    namedLeaves(l.originShape, `${name}.originShape`),
  );
}

const tagObjects = new Map<string, core.TagObject | null>();

/** A Catlass layout tag class's object as a type value gives it (its fields' count), or undefined when core does not know the class. */
export function tagObjectOf(tag: string): core.TagObject | undefined {
  let o = tagObjects.get(tag);
  if (o === undefined) {
    try {
      o = core.constructTag(tag, []);
    } catch (e) {
      if (!(e instanceof core.LayoutError)) throw e;
      o = null;
    }
    tagObjects.set(tag, o);
  }
  return o ?? undefined;
}

const namedFields = (xs: readonly core.IntValue[] | null, base: string) => xs && xs.map((_, i) => core.symbolicInt(`${base}(${i})`));

/** The same value for the same type and name (so what reads it stays cached across analyses). */
const made = new WeakMap<object, Map<string, Value>>();

/**
 * The value of `NAME` declared with the type whose value is `type` (a type value's, see
 * tlaTypeValue and `using L = tla::Layout<…>;`): its run-time leaves symbols named after NAME;
 * undefined when the type is not a TLA layout, tuple or tensor.
 */
export function declaredValue(type: Value, name: string): Value | undefined {
  let byName = made.get(type);
  const known = byName?.get(name);
  if (known) return known;
  let v: Value | undefined;
  if (type.kind === 'layout') v = namedLayout(type, name);
  else if (type.kind === 'tuple') v = namedLeaves(type, name);
  else if (type.kind === 'tensor')
    v = {
      kind: 'tensor',
      data: core.bufferView(type.data.storage, type.data.element, `${name}.data()`),
      layout: namedLayout(type.layout, name),
      coord: namedLeaves(type.coord, `${name}.coord`),
      position: type.position,
    };
  else if (type.kind === 'tagObject')
    v = {
      kind: 'tagObject',
      tag: type.tag,
      shape: namedFields(type.shape, `${name}.shape`),
      stride: namedFields(type.stride, `${name}.stride`),
      orgShape: namedFields(type.orgShape, `${name}.orgShape`),
    };
  if (!v) return undefined;
  if (!byName) made.set(type, (byName = new Map()));
  byName.set(name, v);
  return v;
}
