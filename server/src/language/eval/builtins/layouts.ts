// The layout builtins: MakeLayout (shape/stride, vector, tag), L0C, Fmap, Filter, from a tag object, MX scale, GetTileLayout, crd2offset.
import * as core from '../../../core';
import type { Ast, BuiltinName } from '../../syntax';
import type { Builtin, BuiltinContext } from '../context';
import { Value, kindName } from '../values';
import { POSITIONS, SUPPORTED_TAGS, closest } from '../../syntax';

function makeLayoutFromTag(ev: BuiltinContext, e: Ast.Call): Value {
  ev.noTemplate(e);
  ev.arity(e, [1]);
  const t = ev.eval(e.args[0]);
  if (t.kind !== 'tagObject')
    ev.fail(
      e.args[0],
      'argument-kind',
      `MakeLayoutFromTag takes a Catlass::layout tag object, not ${kindName(t)}${t.kind === 'layout' ? ' (it is a tla layout already)' : ''}`,
    );
  if (ev.env.free && !(core.TAG_CLASSES as readonly string[]).includes(t.tag) && t.orgShape) {
    // a tag object of a template-parameter class: the layout's originShape is its orgShape
    return { kind: 'opaqueLayout', label: `MakeLayoutFromTag(${t.tag})`, originShape: core.tuple(...t.orgShape) };
  }
  return ev.coreCall(e, e.args, () => core.makeLayoutFromTagObject(t));
}

function makeMxScaleLayout(ev: BuiltinContext, e: Ast.Call): Value {
  const el = ev.typeName(e, 0, 'Element');
  const tag = ev.typeName(e, 1, 'Element, Tag');
  const isB = e.templateArgs?.[2];
  if (!isB)
    ev.fail(
      e.calleeSpan,
      'argument-count',
      'MakeMxScaleLayout: the isB template argument (A or B side) is missing: MakeMxScaleLayout<float8_e8m0_t, Tag, isB>(rows, cols)',
    );
  if (ev.env.free && !(core.TAG_CLASSES as readonly string[]).includes(tag.name) && e.args.length === 2) {
    // a template-parameter tag: the scale layout's originShape is (rows, cols) whatever the tag
    const [r, c] = e.args.map((a, i) => ev.integer(a, i ? 'cols' : 'rows'));
    return { kind: 'opaqueLayout', label: `MakeMxScaleLayout<${el.name}, ${tag.name}>`, originShape: core.tuple(r, c) };
  }
  const b =
    isB.type === 'typeArg' && (isB.name === 'true' || isB.name === 'false')
      ? isB.name === 'true'
      : isB.type === 'int'
        ? isB.value !== 0n
        : ev.boolConstant(isB);
  if (ev.arch() === 3510 && el.name !== 'float8_e8m0_t') {
    ev.fail(
      el.span,
      'unsupported-element',
      `MakeMxScaleLayout: the element must be float8_e8m0_t (got ${el.name}); C++: "only support RowMajor, ColumnMajor, zZ, nN in fp8_e8m0_t dtype"`,
    );
  }
  if (ev.arch() === 3510 && !(core.MX_SCALE_TAGS as readonly string[]).includes(tag.name)) {
    ev.fail(tag.span, 'unsupported-tag', `MakeMxScaleLayout: ${tag.name} is not a scale layout (${core.MX_SCALE_TAGS.join(', ')} only)`);
  }
  ev.arity(e, [2], 'MakeMxScaleLayout<float8_e8m0_t, Tag, isB>(rows, cols)');
  const [r, c] = e.args.map((a, i) => ev.integer(a, i ? 'cols' : 'rows'));
  const arch = ev.arch();
  return ev.coreCall(e, e.args, () => core.makeMxScaleLayout(el.name, tag.name, b, r, c, arch));
}

function makeLayout(ev: BuiltinContext, e: Ast.Call): Value {
  if (e.templateArgs) {
    const el = ev.typeName(e, 0, 'Element');
    const tag = ev.typeName(e, 1, 'Element, Tag');
    // In a kernel, an element type that is a template parameter is not known here; the
    // layouts that do not depend on the element are still shown. RowMajor and ColumnMajor
    // depend on it at 3510 (fp4 pads the contiguous extent: RoundUp(x, 2)), and a template's
    // arch is its instantiation's (a C++ file's CATLASS_ARCH is the setting's, not the
    // code's): their padded stride is marked.
    const elementFree = ['VectorLayout', 'L0C', 'Weight4BitnZ'];
    const freeElement = ev.env.free && !(el.name in core.ELEMENT_BITS);
    if (freeElement && (tag.name === 'RowMajor' || tag.name === 'ColumnMajor') && e.args.length === 2) {
      const [r, c] = e.args.map((a, i) => ev.integer(a, i ? 'cols' : 'rows'));
      return ev.coreCall(e, e.args, () => elementDependentMajor(el.name, tag.name, r, c));
    }
    if (ev.env.free && !(core.TAG_CLASSES as readonly string[]).includes(tag.name) && e.args.length === 2) {
      // a tag that is a template parameter: the layout's structure is not known, its originShape is (rows, cols)
      const [r, c] = e.args.map((a, i) => ev.integer(a, i ? 'cols' : 'rows'));
      return { kind: 'opaqueLayout', label: `MakeLayout<${el.name}, ${tag.name}>`, originShape: core.tuple(r, c) };
    }
    if (ev.env.free && !(el.name in core.ELEMENT_BITS) && elementFree.includes(tag.name)) el.name = 'half';
    ev.element(el);
    if (!SUPPORTED_TAGS.includes(tag.name)) {
      const s = closest(tag.name, SUPPORTED_TAGS);
      ev.fail(
        tag.span,
        'unsupported-tag',
        `MakeLayout<Element, Tag> does not support tag '${tag.name}'; supported tags: ${SUPPORTED_TAGS.join(', ')}`,
        {
          data: s ? { suggestion: s } : undefined,
        },
      );
    }
    ev.arity(e, [2], 'MakeLayout<Element, Tag>(rows, cols)');
    const [r, c] = e.args.map((a, i) => ev.integer(a, i ? 'cols' : 'rows'));
    const arch = ev.arch();
    return ev.coreCall(e, e.args, () => core.makeLayoutFromTag(el.name, tag.name, r, c, arch));
  }
  ev.arity(e, [1, 2, 3]);
  if (e.args.length === 1) {
    const len = ev.integer(e.args[0], 'the vector length');
    return core.makeVectorLayout(len);
  }
  const parts = e.args.map((a, i) => ev.tupleArg(a, ['shape', 'stride', 'originShape'][i]));
  return ev.coreCall(
    e,
    e.args,
    () => core.makeLayout(parts[0], parts[1], parts[2]),
    () => ev.relatedFor(e.args),
  );
}

/**
 * `MakeLayout<E, RowMajor|ColumnMajor>(r, c)` for an element not known here: the 2201 layout
 * with its padded stride a symbol `x‹?E›` — x for every element but fp4 at 3510, RoundUp(x, 2)
 * for fp4 — never the plain x (which would be wrong for fp4).
 */
function elementDependentMajor(element: string, tag: string, rows: core.IntValue, cols: core.IntValue): Value {
  const l = core.makeLayoutFromTag('half', tag, rows, cols, 2201);
  const [s0, s1] = (l.stride as core.TupleValue).items;
  const padded = tag === 'RowMajor' ? s0 : s1;
  const mark = core.symbolicInt(`${core.printIntTuple(padded)}‹?${element}›`);
  return core.layout(l.shape, core.tuple(...(tag === 'RowMajor' ? [mark, s1] : [s0, mark])), l.originShape);
}

function makeLayoutL0C(ev: BuiltinContext, e: Ast.Call): Value {
  ev.arity(e, [2]);
  const [r, c] = e.args.map((a, i) => ev.integer(a, i ? 'cols' : 'rows'));
  return ev.coreCall(e, e.args, () => core.makeLayoutL0C(r, c));
}

function makeLayoutFmap(ev: BuiltinContext, e: Ast.Call): Value {
  const el = ev.typeName(e, 0, 'Element');
  ev.arity(e, [4]);
  const [b, c1, h, w] = e.args.map((a, i) => ev.integer(a, ['batch', 'cin1', 'h', 'w'][i]));
  ev.element(el);
  return ev.coreCall(e, e.args, () => core.makeLayoutFmap(el.name, b, c1, h, w));
}

function makeLayoutFilter(ev: BuiltinContext, e: Ast.Call): Value {
  const el = ev.typeName(e, 0, 'Element');
  const pos = ev.typeName(e, 1, 'Position');
  ev.arity(e, [4]);
  ev.element(el);
  if (!POSITIONS.includes(pos.name)) ev.fail(pos.span, 'argument-kind', `Position must be ${POSITIONS.join(' or ')}, not '${pos.name}'`);
  const [c1, kh, kw, n] = e.args.map((a, i) => ev.integer(a, ['cin1', 'kh', 'kw', 'cout'][i]));
  return ev.coreCall(e, e.args, () => core.makeLayoutFilter(el.name, pos.name, c1, kh, kw, n));
}

function getTileLayout(ev: BuiltinContext, e: Ast.Call): Value {
  ev.noTemplate(e);
  ev.arity(e, [3]);
  const parent = ev.layoutArg(e.args[0], 'the first argument of GetTileLayout');
  const tileShape = ev.intTuple(e.args[1], 'tileShape');
  const coord = ev.intTuple(e.args[2], 'coord');
  const result = ev.coreCall(
    e,
    e.args,
    () => core.getTileLayout(parent, tileShape, coord),
    () => ev.relatedFor(e.args),
  );
  ev.recordTile({ node: e, parent, tileShape, coord, result });
  // warnings need values: a kernel's symbolic tile is shown, not judged
  if (core.isSymbolic(result) || core.isSymbolic(tileShape) || core.isSymbolic(coord)) return result;
  const origin = result.originShape;
  if (core.tileKind(result, tileShape) === 'empty') {
    ev.report(
      e,
      'empty-tile',
      `empty tile: its originShape ${core.printIntTuple(origin)} has an extent of 0 — coord ${core.printIntTuple(coord)} starts beyond the layout's originShape ${core.printIntTuple(parent.originShape)}`,
    );
  } else {
    const t = (tileShape as core.TupleValue).items as core.ConcreteInt[];
    const c = (coord as core.TupleValue).items as core.ConcreteInt[];
    const off = c.findIndex((x, d) => t[d].value !== 0n && x.value % t[d].value !== 0n);
    if (off >= 0) {
      ev.report(
        e.args[2],
        'tile-misaligned',
        `tile origin ${core.printIntTuple(coord)} is not a multiple of tileShape ${core.printIntTuple(tileShape)} (mode ${off}); coord is in elements, not a tile index`,
      );
    }
  }
  return result;
}

function crd2offset(ev: BuiltinContext, e: Ast.Call): Value {
  ev.noTemplate(e);
  ev.arity(e, [3]);
  const [coord, shape, stride] = e.args.map((a, i) => ev.intTuple(a, ['coord', 'shape', 'stride'][i]));
  const result = ev.coreCall(
    e,
    e.args,
    () => core.crd2offset(coord, shape, stride),
    () => ev.relatedFor(e.args),
  );
  ev.recordOffset({ node: e, coordNode: e.args[0], coord, shape, stride, result });
  ev.checkCoord(e.args[0], coord, shape, undefined);
  return result;
}

export const LAYOUTS_BUILTINS = {
  MakeLayoutFromTag: makeLayoutFromTag,
  MakeMxScaleLayout: makeMxScaleLayout,
  MakeLayout: makeLayout,
  MakeLayoutL0C: makeLayoutL0C,
  MakeLayoutFmap: makeLayoutFmap,
  MakeLayoutFilter: makeLayoutFilter,
  GetTileLayout: getTileLayout,
  crd2offset: crd2offset,
} satisfies Partial<Record<BuiltinName, Builtin>>;
