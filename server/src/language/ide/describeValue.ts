// Facts shown about a value (hover, CLI, previews), computed once in one place.
import * as core from '../../core';
import { Value, exactProduct, kindName, printValue } from '../eval';
import { offsetGrid } from './inspect';

export interface ValueSummary {
  kind: Value['kind'];
  text: string;
  /** A Catlass::layout object's class (`RowMajor`, `zN`…), its orgShape when the class has ORG_SHAPE_RANK. */
  class?: string;
  orgShape?: string;
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
  if (v.kind === 'tagObject') return { kind: v.kind, text: printValue(v), ...core.layoutObjectParts(v) };
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
    cosize: cosizeOf(v),
  };
}

/** A layout's cosize: its number, or its expression where extents or strides are symbols (`m·k`), else 'unknown'. */
function cosizeOf(l: core.Layout): number | string {
  const known = core.knownCosize(l);
  if (known !== undefined) return jsonInt(known);
  const c = core.symbolicCosize(l);
  if (!c) return 'unknown';
  // 1 + Σ (extent − 1)·stride is the cosize when no extent is 0 (an empty layout's is 0)
  const symbolicExtent = core.leaves(l.shape).some((x) => core.isSymbolic(x));
  return `${core.printIntTuple(c)}${symbolicExtent ? ' (for extents ≥ 1)' : ''}`;
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

// ---------------------------------------------------------------- markdown of a value (hover, tooltips)

/** Inline code in markdown. */
export const code = (s: string) => '`' + s.replace(/`/g, "'") + '`';

/** Which Catlass constructor builds this layout (for the hover). */
export function catlassKind(l: core.Layout): string | undefined {
  const found = core.recognise(l);
  if (!found.length) return undefined;
  return found.map((f) => (f.elements.includes('any') ? f.tag : `${f.tag} (${f.elements.join(', ')})`)).join('; ');
}

/** A Markdown table of the offset grid of a rank-2 layout; padding cells in italics with a ° mark. */
export function gridTable(l: core.Layout, max: number): string | undefined {
  const g = offsetGrid(l, max, max);
  if (!g) return undefined;
  const head = ['', ...Array.from({ length: g.shownCols }, (_, c) => `**${c}**`)];
  if (g.shownCols < g.cols) head.push('…');
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---:').join('|')}|`];
  for (let r = 0; r < g.shownRows; r++) {
    const cells = g.offsets[r].map((o, c) => (g.padding[r][c] ? `_${o}°_` : `${o}`));
    if (g.shownCols < g.cols) cells.push('…');
    lines.push(`| **${r}** | ${cells.join(' | ')} |`);
  }
  if (g.shownRows < g.rows) lines.push(`| … |${' |'.repeat(head.length - 1)}`);
  const truncated = g.shownRows < g.rows || g.shownCols < g.cols;
  const note = `${g.rows}×${g.cols} offsets${truncated ? `, first ${g.shownRows}×${g.shownCols} shown` : ''}; ° marks padding (beyond originShape)`;
  return `${lines.join('\n')}\n\n${note}`;
}

/** A value in markdown: its text, kind and facts; a layout with its Catlass kind, predicates and offset grid. */
export function describeValue(v: Value, gridSize: number, element?: string): string {
  if (v.kind === 'tensor') return describeTensor(v, gridSize);
  if (v.kind === 'opaqueTensor') return describeOpaqueTensor(v);
  if (v.kind === 'opaqueLayout')
    return [
      '```\n‹?›:‹?›:' + core.printIntTuple(v.originShape) + '\n```',
      `${code(v.label)}: its tag is not known here (a template parameter, or a default a build may override), so are its shape and stride; **originShape** ${code(core.printIntTuple(v.originShape))}`,
    ].join('\n\n');
  if (v.kind === 'tagObject') return describeLayoutObject(v, gridSize);
  if (v.kind === 'type' && v.defaultUnless)
    return [
      `${code(printValue(v))} — **default** when ${code(v.defaultUnless)} is not defined (the branch its \`#ifdef\`/\`#ifndef\` takes without it)`,
      `A build that defines ${code(v.defaultUnless)} (a JIT build does) compiles the other branch: what reads this name is read under this default, and says so.`,
    ].join('\n\n');
  if (v.kind === 'type' && v.type.t === 'value' && v.type.form) return describeTypeForm(v.type.value, v.type.form, element);
  if (v.kind === 'catlassCoord')
    return `${code(core.printCatlassCoordCpp(v))} — a Catlass coord (${core.coordTypeName(v)}, entries of ${core.indexOf(v)})`;
  if (v.kind !== 'layout') {
    const kind =
      v.kind === 'int'
        ? v.isStatic
          ? 'static integer'
          : 'integer'
        : v.kind === 'tuple'
          ? `tuple, rank ${core.rank(v)}, depth ${core.depth(v)}`
          : v.kind === 'type'
            ? 'type'
            : kindName(v).replace(/^an? /, ''); // in words, not the evaluator's kind ("tagObject")
    return `${code(printValue(v))} — ${kind}`;
  }
  const s = summarize(v);
  const parts = [
    '```\n' + s.text + '\n```',
    `**shape** ${code(s.shape!)} · **stride** ${code(s.stride!)} · **originShape** ${code(s.originShape!)}`,
    `rank ${s.rank} · depth ${s.depth} · size ${s.size} · cosize ${s.cosize}`,
  ];
  const kind = catlassKind(v);
  if (kind) parts.push(`Catlass layout: ${kind}`);
  const preds = predicateNote(v, element);
  if (preds) parts.push(preds);
  const grid = gridTable(v, gridSize);
  if (grid) parts.push(grid);
  return parts.join('\n\n');
}

/**
 * A TLA type (`using L = tla::Layout<…>;`, `decltype(l)`) as a type: its form (`(u32,u32):(i64,_1)`:
 * static leaves `_N`, run-time leaves their integer types), what the type-level predicates say
 * (they read the value-initialised `L{}`, whose run-time leaves are 0), never those zeros as a value.
 */
function describeTypeForm(value: Value, form: string, element?: string): string {
  const parts = ['```\n' + form + '\n```'];
  if (value.kind === 'layout') {
    parts.push(
      `a **layout type**: its shape, stride${form.split(':').length > 2 ? ' and originShape' : ''} as types (\`_N\` static; \`u32\`, \`i64\`, … run-time integers of that type)`,
    );
    const preds = predicateNote(value, element);
    if (preds) parts.push(preds);
  } else parts.push(`a **tuple type** (\`_N\` static; \`u32\`, \`i64\`, … run-time integers of that type)`);
  return parts.join('\n\n');
}

/** A Catlass::layout object: its class, Coords, capacity, what its members do that a reader would not expect, and its offset grid. */
function describeLayoutObject(t: core.TagObject, gridSize: number): string {
  const parts = core.layoutObjectParts(t);
  if (!parts) return `${code(printValue(t))} — a Catlass::layout object whose class is not known here`;
  const lines = [
    '```\n' + printValue(t) + '\n```',
    `**layout::${parts.class}** · **shape** ${code(parts.shape)} · **stride** ${code(parts.stride)}${parts.orgShape ? ` · **orgShape** ${code(parts.orgShape)}` : ''}`,
  ];
  if (core.LAYOUT_CLASSES[t.tag]?.capacity) lines.push(`Capacity() ${code(core.printIntTuple(core.layoutObjectCapacity(t)))}`);
  const note = core.layoutObjectNote(t.tag);
  if (note) lines.push(`Note: ${note}.`);
  const g = core.layoutObjectGrid(t, gridSize, gridSize);
  if (g && g.offsets.length && g.offsets[0].length) {
    const shownCols = g.offsets[0].length;
    const head = ['', ...Array.from({ length: shownCols }, (_, c) => `**${c}**`), ...(shownCols < g.cols ? ['…'] : [])];
    const rows = g.offsets.map((r, i) => `| **${i}** | ${r.join(' | ')}${shownCols < g.cols ? ' | …' : ''} |`);
    if (g.offsets.length < g.rows) rows.push(`| … |${' |'.repeat(head.length - 1)}`);
    lines.push(
      [`| ${head.join(' | ')} |`, `|${head.map(() => '---:').join('|')}|`, ...rows].join('\n'),
      `GetOffset(MatrixCoord{row, column}) of ${g.rows}×${g.cols} elements`,
    );
  }
  return lines.join('\n\n');
}

/**
 * A tensor, each fact once: its element, position and data (the offset into it when not 0; a tile:
 * where it sits in the tensor it was cut from, its valid extent of its tile shape), then its layout
 * as a layout is described (tensorA's hover said its layout three times).
 */
function describeTensor(t: core.Tensor, gridSize: number): string {
  const s = summarize(t);
  const atStart = core.leaves(t.coord).every((c) => c.kind === 'int' && c.sym === undefined && c.value === 0n);
  const data = s.offset === '0' || s.offset === '_0' ? code(t.data.name) : `${code(t.data.name)} + ${code(s.offset!)} elements`;
  // a tile: where it was cut, and what of it is valid — what matters first
  const at = atStart
    ? ''
    : `, at coord ${code(s.coord!)} of the tensor it was cut from: valid extent ${code(s.originShape!)} of tile shape ${code(core.printIntTuple(t.layout.shape))}`;
  return `**tensor** of \`${s.element}\` in \`${s.position}\` on ${data}${at}\n\n${describeValue(t.layout, gridSize, t.data.element === core.UNKNOWN_ELEMENT ? undefined : t.data.element)}`;
}

/** Which tla::detail predicates hold (they pick the tile copy), and the dynamic-leaf trap. */
function predicateNote(l: core.Layout, element?: string): string | undefined {
  const n = layoutPredicateNote(l, element);
  if (!n.hold.length && !n.trap.length) return undefined;
  const out: string[] = [];
  if (n.hold.length) out.push(`Catlass predicates: ${n.hold.map((p) => code(p)).join(', ')}`);
  for (const t of n.trap)
    out.push(
      `⚠ the values look like ${code(t)} but the type-level predicate is **false**: a leaf it reads is dynamic (as after MakeLayoutFromTag), so Layout{} reads it as 0`,
    );
  return out.join('\n\n');
}

/** A kernel's tensor whose layout is not known here (a parameter): what is known of it, said once. */
function describeOpaqueTensor(t: core.OpaqueTensor): string {
  const of = [t.element && `of ${code(t.element)}`, t.position && `in ${code(t.position)}`].filter(Boolean).join(' ');
  if (!t.tileShape || !t.offset || !t.originShape)
    return `**tensor**${of ? ` ${of}` : ''} on ${code(t.root)}: layout ${code('‹?›')}, not known here (given by a parameter or a template argument); its tiles' shapes and valid extents are known where GetTile cuts them (hover the tile)`;
  return [
    `**tile of ${code(t.root)}**${of ? ` ${of}` : ''}; ${code(t.root)}'s layout is not known here (given by a parameter or a template argument)`,
    `**shape** ${code(core.printIntTuple(t.tileShape))} · valid extent ${code(core.printIntTuple(t.originShape))} · at ${code(core.printIntTuple(t.offset))} from where ${code(t.root)} starts`,
  ].join('\n\n');
}
