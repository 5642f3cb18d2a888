// Facts shown about a value (hover, CLI, previews), computed once in one place.
import * as core from '../core';
import { Value, exactProduct, printValue } from './evaluate';

export interface ValueSummary {
  kind: Value['kind'];
  text: string;
  shape?: string;
  stride?: string;
  originShape?: string;
  rank?: number;
  depth?: number;
  size?: number | string;
  cosize?: number | string;
  /** A tensor's: where it sits in the tensor it was cut from, its data offset in the buffer, position and element. */
  coord?: string;
  offset?: string;
  position?: string;
  element?: string;
}

/** JSON-friendly integer: a number while exact, else its decimal string. */
export function jsonInt(v: bigint): number | string {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
}

export function summarize(v: Value): ValueSummary {
  if (v.kind === 'tensor') {
    return {
      ...summarize(v.layout),
      kind: 'tensor',
      text: printValue(v),
      coord: core.printIntTuple(v.coord),
      offset: core.printIntTuple(v.data.offset),
      position: v.position,
      element: v.data.element,
    };
  }
  if (v.kind !== 'layout') return { kind: v.kind, text: printValue(v) };
  return {
    kind: 'layout',
    text: printValue(v),
    shape: core.printIntTuple(v.shape),
    stride: core.printIntTuple(v.stride),
    originShape: core.printIntTuple(v.originShape),
    rank: core.rank(v.shape),
    depth: core.depth(v.shape),
    size: core.isSymbolic(v.shape) ? core.printIntTuple(core.size(v)) : jsonInt(exactProduct(v.shape)),
    cosize: core.isSymbolic(v) ? 'unknown' : jsonInt(core.cosize(v)),
  };
}

/**
 * The Catlass layout predicates that hold for a layout and an element type (as the type sees
 * it), and those that the values alone would satisfy but the type does not (a dynamic leaf).
 */
export function layoutKinds(l: core.Layout, element: string, arch: core.Arch): { hold: string[]; byValueOnly: string[] } {
  const names = [...core.PREDICATES, ...(arch === 3510 ? core.MX_PREDICATES : [])];
  const asStatic = (x: core.IntTuple): core.IntTuple =>
    x.kind === 'int' ? (x.sym ? x : core.staticInt(x.value)) : core.tuple(...x.items.map(asStatic));
  const valueView = core.layout(asStatic(l.shape), asStatic(l.stride), l.originShape);
  const hold: string[] = [];
  const byValueOnly: string[] = [];
  for (const p of names) {
    const el = core.ELEMENT_PREDICATES.has(p) ? element : undefined;
    let typed: boolean | undefined;
    let byValue: boolean | undefined;
    try {
      typed = core.layoutPredicate(p, l, el, arch);
      byValue = core.layoutPredicate(p, valueView, el, arch);
    } catch {
      continue; // does not compile for this layout type
    }
    if (typed) hold.push(p);
    else if (typed === false && byValue) byValueOnly.push(p);
  }
  return { hold, byValueOnly };
}

/**
 * For a hover: the predicates that hold, written as C++ does (`isRowMajor`, `iszN<half>`), and
 * those the values satisfy but the type does not. With no element known, the element predicates
 * are tried for every element type (at 3510 for fp4).
 */
export function layoutPredicateNote(l: core.Layout, element?: string): { hold: string[]; trap: string[] } {
  const elements = element ? [element] : Object.keys(core.ELEMENT_BITS);
  const hold = new Set<string>();
  const trap = new Set<string>();
  for (const el of elements) {
    const arch: core.Arch = core.isFp4(el) ? 3510 : 2201;
    const k = layoutKinds(l, el, arch);
    for (const p of k.hold) hold.add(core.ELEMENT_PREDICATES.has(p) ? `is${p}<${el}>` : `is${p}`);
    for (const p of k.byValueOnly) trap.add(core.ELEMENT_PREDICATES.has(p) ? `is${p}<${el}>` : `is${p}`);
  }
  return { hold: [...hold], trap: [...trap] };
}
