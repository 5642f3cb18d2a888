// What the resolver knows without reading a header: the fundamental and element types, the
// standard traits Catlass uses (std::conditional_t, is_same_v, is_void_v, enable_if_t, …), the
// AscendC types a kernel names (GlobalTensor, LocalTensor, TPosition) that are not in Catlass's
// include/, and the TLA traits whose C++ is metaprogramming over overloads (tla::is_tuple,
// tla::is_static, the layout predicates of tla::detail, which core decides as the headers do).
import * as core from '../../core';
/** What the natives read of the resolver: the arch. */
type Resolver = { readonly arch: core.Arch };
import { SubstitutionFailure, Ty, Unknown, boolVal, canonicalInteger, cls, sameTy, val } from './types';

const FUNDAMENTAL = new Set(['void', 'bool', 'float', 'double', 'char', 'size_t', 'auto']);
const TPOSITIONS = ['GM', 'A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'CO1', 'CO2', 'VECIN', 'VECOUT', 'VECCALC', 'LCM', 'SPM', 'SHM', 'TSCM', 'MAX'];

/** `std::X` however it is written (`AscendC::Std::X`, `::std::X`). */
export const normalizeQ = (q: string) => q.replace(/^::/, '').replace(/^AscendC::Std::/, 'std::');

/** A name that is a type or value by itself: fundamentals, element types, TPosition enumerators, true_type. */
/** `written`: the name was written qualified (`AscendC::mx_fp8_e4m3_t`), not found through a using-directive. */
export function nativeName(q0: string, _r: Resolver, written = true): Ty | undefined {
  const q = normalizeQ(q0);
  const bare = q.replace(/^std::/, '');
  if (FUNDAMENTAL.has(q) || canonicalInteger(q) || (q.startsWith('std::') && canonicalInteger(bare))) return cls(q.startsWith('std::') ? bare : q);
  if (q === 'int4b_t' || q === 'AscendC::int4b_t') return cls('AscendC::int4b_t');
  if (q in core.ELEMENT_BITS) return cls(q);
  // AscendC's float32_t is float, as every toolchain that names it spells it (`using float32_t = float;`)
  if (q === 'float32_t' || q === 'AscendC::float32_t') return cls('float');
  const pos = /^AscendC::TPosition::(\w+)$/.exec(q);
  if (pos && TPOSITIONS.includes(pos[1])) return { k: 'enum', q, v: BigInt(TPOSITIONS.indexOf(pos[1])) };
  if (q === 'std::true_type' || q === 'std::false_type') return integralBool(q === 'std::true_type');
  // AscendC's own types (mx_fp8_e4m3_t, …) are not in Catlass's include/: distinct types by their names
  if (written && /^AscendC::\w+$/.test(q) && !NATIVE_TEMPLATES.has(q) && q !== 'AscendC::TPosition' && q !== 'AscendC::Std') return cls(q);
  return undefined;
}

const STD_TEMPLATES = [
  'conditional_t',
  'conditional',
  'enable_if_t',
  'enable_if',
  'is_same_v',
  'is_same',
  'is_void_v',
  'is_void',
  'remove_cv_t',
  'remove_cvref_t',
  'remove_reference_t',
  'remove_const_t',
  'decay_t',
  'integral_constant',
  'bool_constant',
  'is_one_of_v',
  'is_one_of',
];
const TLA_TEMPLATES = ['tla::is_tuple', 'tla::is_static', 'tla::detail::MakeOriginShapeType', 'tla::remove_cvref_t'];
const PREDICATE_TEMPLATES = [...core.PREDICATES, ...core.MX_PREDICATES].map((p) => `tla::detail::is${p}`);
const NATIVE_TEMPLATES = new Set([
  ...STD_TEMPLATES.map((s) => `std::${s}`),
  ...TLA_TEMPLATES,
  ...PREDICATE_TEMPLATES,
  'AscendC::GlobalTensor',
  'AscendC::LocalTensor',
  'AscendC::SizeOfBits',
]);

/** Native templates that are classes (deduced from in a partial specialisation's pattern). */
export const NATIVE_CLASS_TEMPLATES = new Set(['AscendC::GlobalTensor', 'AscendC::LocalTensor', 'std::integral_constant']);

export const isNativeTemplate = (q: string) => NATIVE_TEMPLATES.has(normalizeQ(q));

const integralBool = (b: boolean): Ty => cls('std::integral_constant', [cls('bool'), boolVal(b)]);
const truth = (t: Ty | undefined): boolean => {
  if (t?.k !== 'val') throw new Unknown('a condition that is not a constant');
  return t.v !== 0n;
};
const strip = (t: Ty): Ty => (t.k === 'const' ? t.x : t);

/** `Q<args>` for a native template. */
export function applyNative(q0: string, args: Ty[], r: Resolver): Ty {
  const q = normalizeQ(q0);
  switch (q) {
    case 'std::conditional_t':
      return truth(args[0]) ? args[1] : args[2];
    case 'std::conditional':
      return cls('std::type_identity', [truth(args[0]) ? args[1] : args[2]]);
    case 'std::enable_if_t':
      if (!truth(args[0])) throw new SubstitutionFailure('enable_if is false');
      return args[1] ?? cls('void');
    case 'std::enable_if':
      return truth(args[0]) ? cls('std::type_identity', [args[1] ?? cls('void')]) : cls('std::enable_if', [boolVal(false)]);
    case 'std::is_same_v':
      return boolVal(sameTy(args[0], args[1]));
    case 'std::is_same':
      return integralBool(sameTy(args[0], args[1]));
    case 'std::is_void_v':
    case 'std::is_void':
      return q.endsWith('_v') ? boolVal(isVoid(args[0])) : integralBool(isVoid(args[0]));
    case 'std::remove_cv_t':
    case 'std::remove_cvref_t':
    case 'std::remove_reference_t':
    case 'std::remove_const_t':
    case 'std::decay_t':
    case 'tla::remove_cvref_t':
      return strip(args[0]);
    case 'std::integral_constant':
      return cls(q, args);
    case 'std::is_one_of_v':
    case 'std::is_one_of': {
      const b = args.slice(1).some((a) => sameTy(a, args[0]));
      return q.endsWith('_v') ? boolVal(b) : integralBool(b);
    }
    case 'std::bool_constant':
      return integralBool(truth(args[0]));
    case 'tla::is_tuple': {
      const t = strip(args[0]);
      return integralBool(t.k === 'class' && t.q === 'tla::tuple');
    }
    case 'tla::is_static':
      return integralBool(isStatic(strip(args[0])));
    case 'tla::detail::MakeOriginShapeType': {
      const s = strip(args[0]);
      const n = s.k === 'class' && s.q === 'tla::tuple' ? s.args.length : 1;
      return cls(
        'tla::tuple',
        Array.from({ length: n }, () => cls('uint32_t')),
      );
    }
    case 'AscendC::GlobalTensor':
    case 'AscendC::LocalTensor':
      return cls(q, args);
    case 'AscendC::SizeOfBits':
      return cls('std::integral_constant', [cls('size_t'), val(BigInt(logicalBits(args[0], r)))]);
  }
  if (q.startsWith('tla::detail::is')) return integralBool(predicate(q.slice('tla::detail::is'.length), args, r));
  throw new Unknown(`the template ${q}`);
}

const isVoid = (t: Ty) => t.k === 'class' && t.q === 'void';

/** tla::is_static: an Int, a tuple of static things, a layout of static parts. */
function isStatic(t: Ty): boolean {
  if (t.k !== 'class') throw new Unknown('is_static of a value');
  if (t.q === 'tla::C') return true;
  if (t.q === 'tla::tuple' || t.q === 'tla::Layout') return t.args.every((a) => isStatic(strip(a)));
  if (canonicalInteger(t.q) || t.q === '‹integer›') return false;
  throw new Unknown(`is_static of ${t.q}`);
}

/** A tla layout type as core's Layout with its dynamic leaves 0 (what `Layout{}` holds: the predicates read that). */
export function typeLayout(t: Ty): core.Layout | undefined {
  if (t.k !== 'class' || t.q !== 'tla::Layout' || t.args.length !== 3) return undefined;
  const [s, d, o] = t.args.map(typeTuple);
  return s && d && o ? core.layout(s, d, o) : undefined;
}
function typeTuple(t: Ty): core.IntTuple | undefined {
  if (t.k !== 'class') return undefined;
  if (t.q === 'tla::C' && t.args[0]?.k === 'val') return core.staticInt(t.args[0].v);
  if (t.q === 'tla::tuple') {
    const items = t.args.map(typeTuple);
    return items.every((x) => x) ? core.tuple(...(items as core.IntTuple[])) : undefined;
  }
  if (canonicalInteger(t.q) || t.q === '‹integer›') return core.dynamicInt(0);
  return undefined;
}

/** `tla::detail::isP<[Element, ]Layout>::value`, decided by core from the layout type (anything not a tla::Layout: false). */
function predicate(name: string, args: Ty[], r: Resolver): boolean {
  const withElement = core.ELEMENT_PREDICATES.has(name);
  const layoutTy = strip(args[withElement ? 1 : 0]);
  const l = typeLayout(layoutTy);
  if (!l) {
    if (layoutTy.k === 'class' && layoutTy.q !== 'tla::Layout' && !layoutTy.q.startsWith('$')) return false;
    throw new Unknown(`is${name} of a type not known here`);
  }
  const e = withElement ? strip(args[0]) : undefined;
  const element = e?.k === 'class' ? e.q.replace(/^AscendC::/, '') : undefined;
  if (withElement && (!element || !(element in core.ELEMENT_BITS))) throw new Unknown(`is${name} of an element not known here`);
  let v: boolean | undefined;
  try {
    v = core.layoutPredicate(name, l, element, r.arch);
  } catch (e) {
    if (e instanceof core.LayoutError) throw new SubstitutionFailure(e.message);
    throw e;
  }
  if (v === undefined) throw new Unknown(`is${name} depends on a constant not known here`);
  return v;
}

/** Members the natives answer (undefined: read the class from the headers). */
export function nativeMember(t: Extract<Ty, { k: 'class' }>, name: string, r: Resolver): Ty | undefined {
  switch (t.q) {
    case 'std::integral_constant':
      if (name === 'value') return t.args[1];
      if (name === 'type') return t;
      if (name === 'value_type') return t.args[0];
      break;
    case 'std::type_identity':
      if (name === 'type') return t.args[0];
      break;
    case 'std::enable_if':
      throw new SubstitutionFailure('enable_if is false: it has no type');
    case 'tla::C':
      if (name === 'value') return t.args[0];
      break;
    case 'AscendC::GlobalTensor':
    case 'AscendC::LocalTensor':
      if (name === 'PrimType') return t.args[0];
      break;
    case 'tla::Tensor': {
      const i = ['BuiltinTensor', 'Layout', 'Coord', 'position'].indexOf(name);
      if (i >= 0) return t.args[i];
      if (name === 'Element') return nativeMember(t.args[0] as Extract<Ty, { k: 'class' }>, 'PrimType', r);
      break;
    }
    case 'tla::Layout': {
      const stride = t.args[1];
      if (name === 'rank' && stride?.k === 'class' && stride.q === 'tla::tuple') return val(BigInt(stride.args.length));
      break;
    }
    default:
      if (!t.q.startsWith('tla::') && !t.q.startsWith('std::') && !t.q.startsWith('AscendC::')) return undefined;
  }
  throw new Unknown(`${t.q}::${name} is not known here`);
}

/**
 * `AscendC::SizeOfBits<T>::value`: AscendC's logical width of an element, which is not in Catlass's
 * include/ (a fixed AscendC fact). Catlass's device build takes it (`using AscendC::SizeOfBits;` in
 * catlass/numeric_size.hpp, whose comment says why: sub-byte types such as int4b_t count their logical
 * bits, where sizeof(T) * 8 would not match the device layout): int4b_t is 4 bits, the rest their bits.
 * AscendC's MX fp8 types (what catlass/gemm/helper.hpp's GetL0Element makes of float8_e4m3_t and
 * float8_e5m2_t at 3510) are the same 8-bit elements read with a scale.
 */
function logicalBits(t: Ty, r: Resolver): number {
  const s = strip(t);
  const q = s.k === 'class' && !s.args.length ? (canonicalInteger(s.q) ?? s.q).replace(/^AscendC::(?=int4b_t$)/, '') : undefined;
  if (q !== undefined && MX_FP8.has(q)) return 8;
  const bits = q !== undefined ? core.elementBitsAt(q, r.arch) : undefined;
  return bits ?? sizeOfType(t, r) * 8;
}

const MX_FP8 = new Set(['AscendC::mx_fp8_e4m3_t', 'AscendC::mx_fp8_e5m2_t']);

/** sizeof(T) of a fundamental or element type. */
export function sizeOfType(t: Ty, r: Resolver): number {
  const s = strip(t);
  if (s.k !== 'class' || s.args.length) throw new Unknown('sizeof of a class');
  const q = canonicalInteger(s.q) ?? s.q;
  const bytes: Record<string, number> = {
    bool: 1,
    char: 1,
    float: 4,
    double: 8,
    int8_t: 1,
    uint8_t: 1,
    int16_t: 2,
    uint16_t: 2,
    int32_t: 4,
    uint32_t: 4,
    int64_t: 8,
    uint64_t: 8,
  };
  if (bytes[q] !== undefined) return bytes[q];
  const bits = core.elementBitsAt(q, r.arch);
  if (bits === undefined || q === 'int4b_t') throw new Unknown(`sizeof(${q})`);
  return Math.ceil(bits / 8);
}
