// Catlass's layout predicates (tla::detail::isRowMajor, iszN<E, L>, …): they decide which tile
// copy a kernel gets. They see the layout's *type* through `Layout{}`, so a dynamic leaf reads
// as 0 whatever its value: MakeLayoutFromTag of a zN tag is not zN to iszN.
import { Arch, DEFAULT_ARCH, elementBitsAt } from './arch';
import { LayoutError } from './errors';
import { IntTuple, depth, rank } from './inttuple';
import type { Layout } from './layout';

export const PREDICATES = ['RowMajor', 'ColumnMajor', 'Vector', 'zN', 'nZ', 'zZ', 'zNUnAlign'] as const;
export const MX_PREDICATES = [
  'MxScaleForRowMajorA',
  'MxScaleForColumnMajorA',
  'MxScaleForRowMajorB',
  'MxScaleForColumnMajorB',
  'MxScaleForzZ',
  'MxScaleFornN',
] as const;
/** Predicates that take `<Element, Layout>`; the others take `<Layout>`. */
export const ELEMENT_PREDICATES = new Set<string>(['zN', 'nZ', 'zZ', 'zNUnAlign', ...MX_PREDICATES]);

/** What `Layout{}` holds at a leaf: a static value, 0 for a dynamic leaf, undefined for a static symbol. */
function typeLeaf(x: IntTuple): bigint | undefined {
  if (x.kind !== 'int') return undefined;
  if (!x.isStatic) return 0n;
  return x.sym ? undefined : x.value;
}

/** get<i, j…> as C++ compiles it: get<0> of an integer is the integer; anything else does not compile. */
function at(x: IntTuple, path: number[], what: string): IntTuple {
  let cur = x;
  for (const i of path) {
    if (cur.kind === 'int') {
      if (i === 0) continue;
      throw new LayoutError(
        'argument-kind',
        `${what}<${path.join(', ')}> does not exist: that mode is an integer, so the predicate does not compile for this layout type`,
      );
    }
    if (i >= cur.items.length)
      throw new LayoutError('argument-kind', `${what}<${path.join(', ')}> is out of range, so the predicate does not compile for this layout type`);
    cur = cur.items[i];
  }
  return cur;
}

/** Three-valued ==: undefined when a static leaf is not known here. */
function eq(x: IntTuple, v: bigint): boolean | undefined {
  const l = typeLeaf(x);
  return l === undefined ? undefined : l === v;
}

function all(...xs: (boolean | undefined)[]): boolean | undefined {
  if (xs.some((x) => x === false)) return false;
  return xs.some((x) => x === undefined) ? undefined : true;
}

/**
 * tla::detail::isP<[Element, ]decltype(layout)>::value; undefined when it depends on a template
 * constant not known here. Throws LayoutError where the C++ predicate does not compile.
 */
export function layoutPredicate(name: string, l: Layout, element?: string, arch: Arch = DEFAULT_ARCH): boolean | undefined {
  try {
    return predicate(name, l, element, arch);
  } catch (e) {
    if (e instanceof LayoutError) throw new LayoutError(e.code, `is${name}<${element ? `${element}, ` : ''}Layout>: ${e.message}`, e.details);
    throw e;
  }
}

function predicate(name: string, l: Layout, element: string | undefined, arch: Arch): boolean | undefined {
  const sh = l.shape;
  const st = l.stride;
  const r = rank(sh);
  const dp = depth(sh);
  const r2 = (x: IntTuple) => rank(x) === 2;
  const r1 = (x: IntTuple) => rank(x) === 1;
  const bits = () => {
    const b = element === undefined ? undefined : elementBitsAt(element, arch);
    if (b === undefined)
      throw new LayoutError(
        'unsupported-element',
        `is${name}<Element, Layout> needs an element type known at CATLASS_ARCH ${arch}, not '${element}'`,
      );
    return b;
  };
  const two = dp === 2 && r === 2;
  switch (name) {
    case 'Vector':
      return dp === 1 && r === 1 ? eq(at(st, [0], 'stride'), 1n) : false;
    case 'RowMajor':
      return dp === 1 && r === 2 ? eq(at(st, [1], 'stride'), 1n) : false;
    case 'ColumnMajor':
      return dp === 1 && r === 2 ? eq(at(st, [0], 'stride'), 1n) : false;
    case 'zN': {
      if (!(two && r2(at(sh, [0], 'shape')) && r2(at(sh, [1], 'shape')) && r2(at(st, [0], 'stride')) && r2(at(st, [1], 'stride')))) return false;
      const b = BigInt(bits());
      return all(
        eq(at(sh, [0, 0], 'shape'), 16n),
        eq(at(sh, [1, 0], 'shape'), 256n / b),
        eq(at(st, [1, 0], 'stride'), 1n),
        eq(at(st, [0, 1], 'stride'), 4096n / b),
      );
    }
    case 'zNUnAlign': {
      if (!(two && r2(at(sh, [0], 'shape')) && r2(at(sh, [1], 'shape')))) return false;
      const b = BigInt(bits());
      return all(
        eq(at(sh, [0, 1], 'shape'), 1n),
        eq(at(sh, [1, 0], 'shape'), 256n / b),
        eq(at(st, [0, 0], 'stride'), 256n / b),
        eq(at(st, [1, 0], 'stride'), 1n),
      );
    }
    case 'zZ': {
      if (!two) return false;
      const b = BigInt(bits());
      // no rank guard in C++: stride<1, 1> must exist for the body to compile
      return all(
        eq(at(sh, [0, 0], 'shape'), 16n),
        eq(at(sh, [1, 0], 'shape'), 256n / b),
        eq(at(st, [1, 0], 'stride'), 1n),
        eq(at(st, [1, 1], 'stride'), 4096n / b),
      );
    }
    case 'nZ': {
      if (!(two && r2(at(st, [0], 'stride')) && r2(at(st, [1], 'stride')))) return false;
      const b = BigInt(bits());
      return all(
        eq(at(sh, [0, 0], 'shape'), 256n / b),
        eq(at(sh, [1, 0], 'shape'), 16n),
        eq(at(st, [0, 0], 'stride'), 1n),
        eq(at(st, [1, 1], 'stride'), 4096n / b),
      );
    }
  }
  if ((MX_PREDICATES as readonly string[]).includes(name)) {
    if (arch !== 3510) throw new LayoutError('unsupported-arch', `is${name} exists only when CATLASS_ARCH == 3510 (Ascend 950)`);
    if (element !== 'float8_e8m0_t' || !two) return false;
    const s0 = at(sh, [0], 'shape');
    const s1 = at(sh, [1], 'shape');
    const d0 = at(st, [0], 'stride');
    const d1 = at(st, [1], 'stride');
    const isStatic2 = (x: IntTuple) => x.kind === 'int' && x.isStatic && !x.sym && x.value === 2n;
    const staticUnknown = (x: IntTuple) => x.kind === 'int' && x.isStatic && x.sym !== undefined;
    switch (name) {
      case 'MxScaleForRowMajorA':
      case 'MxScaleForColumnMajorA': {
        if (!(r1(d0) && r2(d1) && ((r1(s0) && r2(s1)) || (r2(s0) && r2(s1))))) return false;
        if (staticUnknown(d0)) return undefined;
        return name === 'MxScaleForColumnMajorA' ? isStatic2(d0) : !isStatic2(d0);
      }
      case 'MxScaleForRowMajorB':
      case 'MxScaleForColumnMajorB': {
        if (!(r2(d0) && r1(d1) && ((r2(s0) && r1(s1)) || (r2(s0) && r2(s1))))) return false;
        const d01 = at(st, [0, 1], 'stride');
        if (staticUnknown(d01)) return undefined;
        return name === 'MxScaleForColumnMajorB' ? isStatic2(d01) : !isStatic2(d01);
      }
      default: // zZ and nN: both modes of shape and stride rank-2 tuples
        return r2(s0) && r2(s1) && r2(d0) && r2(d1);
    }
  }
  throw new LayoutError('argument-kind', `unknown layout predicate is${name}`);
}
