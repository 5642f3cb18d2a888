// A layout evaluator's value (a scratchpad's `decltype(tensorA)`) as the C++ type the resolver matches.
import * as core from '../../core';
import { Value } from '../eval';
import { Ty, Unknown, cls, val } from './types';

/** A dynamic leaf of a layout whose C++ integer type the value does not tell. */
export const DYNAMIC_LEAF = cls('‹integer›');

function tupleType(x: core.IntTuple, leaf: Ty = DYNAMIC_LEAF): Ty {
  if (x.kind === 'tuple')
    return cls(
      'tla::tuple',
      x.items.map((i) => tupleType(i, leaf)),
    );
  if (x.isStatic && x.value !== undefined) return cls('tla::C', [val(x.value)]);
  if (x.isStatic) throw new Unknown('a static leaf whose value is not known');
  return leaf;
}

/** A layout's type; `leaf`: its dynamic leaves' integer type when known (else each is DYNAMIC_LEAF). */
export function layoutType(l: core.Layout, leaf?: string): Ty {
  const t = leaf ? cls(leaf) : DYNAMIC_LEAF;
  return cls('tla::Layout', [tupleType(l.shape, t), tupleType(l.stride, t), tupleType(l.originShape, t)]);
}

/** The C++ type of a `.tla` value (`decltype(tensorA)`) or of a `.tla` type alias; `leaf` as in layoutType. */
export function typeOfValue(v: Value, leaf?: string): Ty {
  switch (v.kind) {
    case 'tensor':
      return cls('tla::Tensor', [
        cls(`AscendC::${v.data.storage}`, [elementType(v.data.element)]),
        layoutType(v.layout),
        tupleType(v.coord),
        { k: 'enum', q: `AscendC::TPosition::${v.position}`, v: 0n },
      ]);
    case 'layout':
      return layoutType(v, leaf);
    case 'int':
    case 'tuple':
      return tupleType(v);
    case 'tagObject':
      return cls(`Catlass::layout::${v.tag}`);
    case 'type': {
      const t = v.type;
      if (t.t === 'element' || t.t === 'integer') return elementType(t.name);
      if (t.t === 'tag') return cls(`Catlass::layout::${t.name}`);
      if (t.t === 'buffer') return cls(`AscendC::${t.storage}`, [elementType(t.element)]);
      if (t.t === 'bool') return cls('bool');
      if (t.t === 'value') return typeOfValue(t.value);
      break;
    }
  }
  throw new Unknown(`the type of a ${v.kind}`);
}

const elementType = (e: string): Ty => {
  // a buffer the code does not declare: its type is not known, so neither is the tensor's (no copy is matched on it)
  if (e === core.UNKNOWN_ELEMENT) throw new Unknown('the element of a buffer not declared here');
  return cls(e === 'int4b_t' ? 'AscendC::int4b_t' : e);
};
