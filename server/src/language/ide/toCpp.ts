// A value written back as the TLA C++ that builds it ("copy as C++").
import * as core from '../../core';
import { IntTuple } from '../../core';
import { Value, printValue } from '../eval';

function tupleCpp(t: IntTuple, maker: string): string {
  if (t.kind === 'int') {
    if (t.sym) return core.printIntTuple(t); // a kernel's runtime value, by its expression
    if (!t.isStatic) return t.value.toString();
    return t.value < 0n ? `-Int<${-t.value}>{}` : `Int<${t.value}>{}`;
  }
  return `${maker}(${t.items.map((x) => tupleCpp(x, maker)).join(', ')})`;
}

export function valueToCpp(v: Value, tupleMaker = 'MakeShape'): string {
  if (v.kind === 'layout') {
    return `MakeLayout(${tupleCpp(v.shape, 'MakeShape')}, ${tupleCpp(v.stride, 'MakeStride')}, ${tupleCpp(v.originShape, 'MakeShape')})`;
  }
  if (v.kind === 'int' || v.kind === 'tuple') return tupleCpp(v, tupleMaker);
  if (v.kind === 'tensor') return valueToCpp(v.layout);
  return printValue(v);
}

/** The compact notation of a value: exactly what the tools print. */
export function valueToCompact(v: Value): string {
  return v.kind === 'layout' ? core.printLayout(v) : printValue(v);
}
