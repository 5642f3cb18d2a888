// Facts shown about a value (hover, CLI, previews), computed once in one place.
import * as core from '../core';
import { Value, exactProduct, printValue } from './evaluate';

export interface ValueSummary {
  kind: 'int' | 'tuple' | 'layout';
  text: string;
  shape?: string;
  stride?: string;
  originShape?: string;
  rank?: number;
  depth?: number;
  size?: number | string;
  cosize?: number | string;
}

/** JSON-friendly integer: a number while exact, else its decimal string. */
export function jsonInt(v: bigint): number | string {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
}

export function summarize(v: Value): ValueSummary {
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
