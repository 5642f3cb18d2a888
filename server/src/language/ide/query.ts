// The questions an editor asks of a DocumentAnalysis, answered in plain records: positions
// are document offsets, labels and markdown are strings, kinds are string names. The
// features (server/src/features) only turn these records into LSP types; every domain
// decision (what a hover says, which tile is a tail, which quick fix fits) is taken here.
// In the spirit of rust-analyzer's `ide` crate. Recorded sub-expression values, tiles and
// offsets are read only through statementDetails().
import * as core from '../../core';
import { MAX_HINT_LABEL_CHARS, MAX_HOVER_CHARS, MAX_SYMBOLIC_CHARS, MAX_SYMBOLIC_TERMS } from '../../core/limits';
import { declarationSpan, statementAt, statementDetails } from '../analysis';
import type { Declaration, DocumentAnalysis, StatementDetails } from '../analysis';
import { Ast } from '../syntax';
import { BUILTIN_BY_NAME, BUILTIN_FUNCTIONS, ELEMENT_TYPES, closest, POSITIONS, SUPPORTED_TAGS, TAG_DOCS, TYPE_FORMS, elementDoc } from '../syntax';
import { code, describeValue, summarize } from './describeValue';
import { printValue } from '../eval';
import { Lexer, TLA_LEXER, TokenKind } from '../syntax';
import { calleeAt, elementStatus, explainOffset, nameOccurrences, nodeAt, occurrenceAt, templateArgAt } from './inspect';
import { PictureResult } from './layoutPicture';
import { pictureOf } from './render';
import { valueToCompact, valueToCpp } from './toCpp';
import { elided, firstFitting, layoutHint, repeatsCall, tileHint } from './hintLabels';

/** A span of the document, in offsets. */
export interface Span {
  start: number;
  end: number;
}

// ---------------------------------------------------------------- hover

/** What an opaque symbol ‹…#h› is, said once in every hover that shows one. */
export const OPAQUE_NOTE = `\`‹…#…›\` stands for an expression of more than ${MAX_SYMBOLIC_TERMS} terms (or ${MAX_SYMBOLIC_CHARS} characters), not expanded`;

/** A hover's markdown within MAX_HOVER_CHARS (a cut one says so), with the note on opaque symbols. */
export function boundedMarkdown(value: string): string {
  const note = value.includes(core.symbolic.OPAQUE_PREFIX) ? `\n\n${OPAQUE_NOTE}` : '';
  if (value.length + note.length <= MAX_HOVER_CHARS) return value + note;
  const cut = `\n\n… (hover cut at ${MAX_HOVER_CHARS} characters)`;
  let head = value.slice(0, MAX_HOVER_CHARS - cut.length - note.length);
  // an open code block is closed, so what follows still renders
  if ((head.match(/```/g) ?? []).length % 2 === 1) head += '\n```';
  return head + cut + note;
}

export interface HoverOptions {
  /** Rows and columns of the offset grid shown for a rank-2 layout (tlaLayout.hover.gridSize). */
  gridSize: number;
  /** A C++ document: the value comes before the generic doc, and declared names outside the TLA are hovered. */
  cpp?: boolean;
}

export interface HoverAnswer extends Span {
  /** Bounded markdown (boundedMarkdown). */
  markdown: string;
}

/** The hover at an offset: offsets on coordinates (with the mode-by-mode sum), values, signatures, tags. */
export function hoverAt(a: DocumentAnalysis, offset: number, options: HoverOptions): HoverAnswer | null {
  const gridSize = options.gridSize;
  const md = (value: string, start: number, end: number): HoverAnswer => ({ markdown: boundedMarkdown(value), start, end });
  const s = statementAt(a, offset);
  if (!s) {
    // in C++ the declared name (`auto layoutA = MakeLayout<…>(…)`) lies outside the TLA expression
    const d = options.cpp ? declarationNamedAt(a, offset) : undefined;
    if (!d) return null;
    const text = d.value ? describeValue(d.value, gridSize) : 'no value: its expression is not understood';
    const span = declarationSpan(a, d);
    return md(`**${d.name}**\n\n${text}`, span.start, span.end);
  }
  const rel = offset - a.startOf(s);

  // tags and element types inside <…>
  const targ = templateArgAt(s, rel);
  if (targ) {
    const n = targ.name;
    const text = TAG_DOCS[n] ?? (ELEMENT_TYPES.includes(n) ? elementDoc(n) : TYPE_FORMS[n]);
    if (text) return md(text, a.startOf(s) + targ.nameSpan.start, a.startOf(s) + targ.nameSpan.end);
  }

  // coordinates of crd2offset / layout(coord) / GetTileLayout
  const details = statementDetails(s);
  for (const o of details.offsets) {
    if (o.coordNode.start <= rel && rel <= o.coordNode.end) {
      const status = elementStatus(o.coord, o.layout, o.shape);
      const lines = [
        `**offset ${core.printIntTuple(o.result).replace(/^_/, '')}**`,
        '```\n' + [...coordinateSplit(o.coord, o.shape, o.stride), explainOffset(o.coord, o.shape, o.stride, o.result)].join('\n') + '\n```',
        status
          ? `element: **${status}**${status === 'padding' ? ' (beyond originShape)' : status === 'out of range' ? ' (outside the shape; C++ does not check)' : ''}`
          : 'element: depends on values known only at run time',
      ];
      return md(lines.join('\n\n'), a.startOf(s) + o.coordNode.start, a.startOf(s) + o.coordNode.end);
    }
  }
  for (const t of details.tiles) {
    const call = t.node.type === 'call' ? t.node : undefined;
    const coordNode = call?.args[2];
    if (coordNode && coordNode.start <= rel && rel <= coordNode.end) {
      let off: core.IntValue;
      try {
        off = core.crd2offset(t.coord, t.parent.shape, t.parent.stride);
      } catch {
        continue; // the corner has no offset in this parent (e.g. an integer-shaped parent): no hover here
      }
      const lines = [
        `**tile origin at offset ${core.printIntTuple(off).replace(/^_/, '')}** of the parent`,
        '```\n' +
          [...coordinateSplit(t.coord, t.parent.shape, t.parent.stride), explainOffset(t.coord, t.parent.shape, t.parent.stride, off)].join('\n') +
          '\n```',
        `valid extent ${code(core.printIntTuple(t.result.originShape))} of tileShape ${code(core.printIntTuple(t.tileShape))}`,
      ];
      return md(lines.join('\n\n'), a.startOf(s) + coordNode.start, a.startOf(s) + coordNode.end);
    }
  }

  // function names: signature and what it does (then the value of the call below it)
  const callee = calleeAt(s, rel);
  if (callee && !a.declarations.has(callee.callee)) {
    const f = BUILTIN_BY_NAME.get(callee.callee);
    if (f) {
      const sigs = f.signatures.map((x) => x.label).join('\n');
      const generic = '```cpp\n' + sigs + '\n```\n\n' + f.doc;
      const own = details.nodeValues.find((nv) => nv.node === callee);
      // in C++ the value is what clangd cannot say: it comes first, the generic doc after it
      let value = generic;
      if (own) {
        const v = describeValue(own.value, gridSize);
        value = options.cpp ? v + '\n\n---\n\n' + generic : generic + '\n\n---\n\n' + v;
      }
      return md(value, a.startOf(s) + callee.calleeSpan.start, a.startOf(s) + callee.calleeSpan.end);
    }
  }

  // declared names and any sub-expression: its value
  if (s.declaredName && s.declaredNameSpan && s.declaredNameSpan.start <= rel && rel <= s.declaredNameSpan.end) {
    const v = a.declarations.get(s.declaredName)?.statement === s ? s.result?.value : undefined;
    const text = v ? describeValue(v, gridSize) : 'no value: its statement has an error (see Problems)';
    return md(`**${s.declaredName}**\n\n${text}`, a.startOf(s) + s.declaredNameSpan.start, a.startOf(s) + s.declaredNameSpan.end);
  }
  const n = nodeAt(a, offset);
  if (n) {
    const title = n.node.type === 'name' ? `**${n.node.name}**\n\n` : '';
    return md(title + describeValue(n.value, gridSize), n.start, n.end);
  }
  return null;
}

/** The declaration whose name is at the offset (C++ documents: a handful of declarations). */
export function declarationNamedAt(a: DocumentAnalysis, offset: number): Declaration | undefined {
  for (const d of a.declarations.values()) {
    const span = declarationSpan(a, d);
    if (span.start <= offset && offset <= span.end) return d;
  }
  return undefined;
}

/**
 * How an integer coordinate of a nested mode splits into the mode's leaves, mode by mode:
 * `mode 0: 99 in (_16,7) → (3,6)   99 = 3 + 6·16` (colexicographic, the first leaf fastest).
 * Nothing for modes whose coordinate is already a tuple or whose shape is an integer.
 */
export function coordinateSplit(coord: core.IntTuple, shape: core.IntTuple, stride: core.IntTuple): string[] {
  const terms = core.offsetTerms(coord, shape, stride);
  if (!terms.length) return [];
  const modes: [core.IntTuple, core.IntTuple, number | undefined][] =
    coord.kind === 'tuple' && shape.kind === 'tuple' ? coord.items.map((c, i) => [c, shape.items[i], i]) : [[coord, shape, undefined]];
  const out: string[] = [];
  for (const [c, s, i] of modes) {
    if (c.kind !== 'int' || !s || s.kind !== 'tuple' || core.isSymbolic(s)) continue;
    const mine = terms.filter((t) => (i === undefined ? true : t.path[0] === i));
    // rebuild the nesting of the mode's shape around the leaf coordinates
    let k = 0;
    const nest = (x: core.IntTuple): string => (x.kind === 'int' ? String(mine[k++]?.coord ?? '?') : `(${x.items.map(nest).join(',')})`);
    const split = nest(s);
    if (k !== mine.length || split.includes('?')) continue;
    // 99 = 3 + 6·16: each leaf times the product of the extents before it
    const extents = core.leaves(s).map((l) => (l.kind === 'int' ? l.value : 0n));
    let scale = 1n;
    const sum = mine.map((t, j) => {
      const term = j === 0 ? `${t.coord}` : `${t.coord}·${scale}`;
      scale *= extents[j] ?? 1n;
      return term;
    });
    const label = i === undefined ? '' : `mode ${i}: `;
    out.push(`${label}${c.value} in ${core.printIntTuple(s)} → ${split}   ${c.value} = ${sum.join(' + ')}`);
  }
  return out;
}

// ---------------------------------------------------------------- inlay hints

export interface InlayHintOptions {
  /** The tile preview after GetTileLayout(…) and tiles of tensors. */
  tileLayouts: boolean;
  /** The value after layout and tensor constructors. */
  layouts: boolean;
  /** `= offset` after crd2offset(…), layout(coord) and print(…). */
  offsets: boolean;
}

export interface InlayHintRecord {
  /** Where the hint sits (the end of its expression). */
  at: number;
  /** At most MAX_HINT_LABEL_CHARS (a longer one is cut with an ellipsis). */
  label: string;
  /** Bounded markdown. */
  tooltip: string;
}

const LAYOUT_CONSTRUCTORS: ReadonlySet<string> = new Set(BUILTIN_FUNCTIONS.filter((f) => f.builds === 'layout').map((f) => f.name));
// (an opaque layout from MakeLayoutFromTag or MakeMxScaleLayout of a template-parameter tag is shown as ‹?›:‹?›:originShape)
const TENSOR_CONSTRUCTORS: ReadonlySet<string> = new Set(BUILTIN_FUNCTIONS.filter((f) => f.builds === 'tensor').map((f) => f.name));

/** What a tile is (core.tileKind): interior, a tail, empty; unknown when symbolic. */
export type TileKind = core.TileKind;
export const tileKind = core.tileKind;

/** The tile preview label: `▸ ((_4,1),(_4,1)) valid (2,2)`, or `… tail`/`… empty` marks. */
export function tileLabel(result: core.Layout, tileShape: core.IntTuple): { label: string; tail: boolean; empty: boolean } {
  const kind = tileKind(result, tileShape);
  const empty = kind === 'empty';
  const tail = kind === 'tail';
  const valid = core.printIntTuple(result.originShape);
  const label = `▸ ${core.printIntTuple(result.shape)} ${empty ? `empty ${valid}` : `valid ${valid}`}${tail ? ' tail' : ''}`;
  return { label, tail, empty };
}

/** The inlay hints of the statements that touch [start, end], in document order. */
export function inlayHintsIn(a: DocumentAnalysis, start: number, end: number, options: InlayHintOptions): InlayHintRecord[] {
  const hints: InlayHintRecord[] = [];
  const push = (at: number, label: string, tooltip: string, call?: string) => {
    if (at < start || at > end) return;
    if (call !== undefined && repeatsCall(label, call)) return; // the hover has it
    // bounded as a hover is (limits.ts): the label is cut with an ellipsis, the tooltip with a note
    const shown = label.length > MAX_HINT_LABEL_CHARS ? `${label.slice(0, MAX_HINT_LABEL_CHARS - 1)}…` : label;
    hints.push({ at, label: shown, tooltip: boundedMarkdown(tooltip) });
  };

  for (const s of a.statements) {
    if (a.endOf(s) < start) continue;
    if (a.startOf(s) > end) break;
    if (!s.result) continue;
    const r = statementDetails(s);
    const base = a.startOf(s);
    const callOf = (node: Ast.Expr) => s.chunk.text.slice(node.start, node.end);
    const tileNodes = new Set<Ast.Expr>();
    if (options.tileLayouts) {
      for (const t of r.tiles) {
        tileNodes.add(t.node);
        const { tail, empty } = tileLabel(t.result, t.tileShape);
        const label = tileHint(t.result, tileKind(t.result, t.tileShape), t.tensorCoord);
        const note = empty
          ? 'an **empty** tile: an originShape extent is 0'
          : tail
            ? 'a **tail** tile: originShape was cropped to what stays valid'
            : 'an interior tile: originShape equals tileShape';
        push(
          base + t.node.end,
          label,
          `**${t.tensorCoord ? 'tile of a tensor' : 'GetTileLayout'}** → ${code(core.printLayout(t.result))}${t.tensorCoord ? ` at coord ${code(core.printIntTuple(t.tensorCoord))}` : ''}\n\nshape ${code(core.printIntTuple(t.result.shape))} · stride ${code(core.printIntTuple(t.result.stride))} · originShape ${code(core.printIntTuple(t.result.originShape))}\n\n${note}`,
          callOf(t.node),
        );
      }
    }
    if (options.offsets) {
      for (const o of r.offsets) {
        push(base + o.node.end, `= ${core.printIntTuple(o.result)}`, '```\n' + explainOffset(o.coord, o.shape, o.stride, o.result) + '\n```');
      }
    }
    for (const nv of r.nodeValues) {
      const n = nv.node;
      if (options.offsets && n.type === 'call' && n.callee === 'print' && !showsOffset(n.args[0], r)) {
        const shown = nv.value.kind === 'layout' ? layoutHint(nv.value, undefined, '= ') : firstFitting([`= ${printValue(nv.value)}`, '= …']);
        push(base + n.end, shown, `print → ${code(printValue(nv.value))}`);
      }
      if (
        options.tileLayouts &&
        nv.value.kind === 'opaqueTensor' &&
        nv.value.tileShape &&
        n.type === 'call' &&
        (n.callee === 'GetTile' || n.callee === 'TileView')
      ) {
        // a tile of a tensor whose layout is not known here: what is still known of it
        const t = nv.value;
        const shape = core.printIntTuple(t.tileShape!);
        push(
          base + n.end,
          firstFitting([
            `▸ ${shape} valid ${core.printIntTuple(t.originShape!)} @ ${t.root}+${core.printIntTuple(t.offset!)}`,
            `▸ ${shape} valid ${core.printIntTuple(t.originShape!)}`,
            `▸ ${shape} valid ${elided(t.originShape!)}`,
            `▸ ${elided(t.tileShape!)} valid ${elided(t.originShape!)}`,
          ]),
          `**tile of ${code(t.root)}** (its layout is not known here)\n\ntile shape ${code(core.printIntTuple(t.tileShape!))} · valid extent ${code(core.printIntTuple(t.originShape!))} · at ${code(core.printIntTuple(t.offset!))} from where ${code(t.root)} starts`,
          callOf(n),
        );
        continue;
      }
      // a kernel's layout or tensor of a tag or layout not known here (`‹?›:‹?›:(m,k)`, `Tensor<half, GM>
      // over layoutA`): what is known is the call's own arguments again, so no hint (the hover has it)
      if (nv.value.kind === 'opaqueLayout' || nv.value.kind === 'opaqueTensor') continue;
      if (options.layouts && nv.value.kind === 'tensor' && n.type === 'call' && TENSOR_CONSTRUCTORS.has(n.callee)) {
        const t = nv.value;
        const layout = layoutHint(t.layout);
        const origin = core.leaves(t.coord).every((c) => c.kind === 'int' && c.sym === undefined && c.value === 0n);
        push(
          base + n.end,
          firstFitting([origin ? layout : `${layout} @ ${core.printIntTuple(t.coord)}`, layout]),
          describeTensorTooltip(t),
          callOf(n),
        );
        continue;
      }
      if (!options.layouts || nv.value.kind !== 'layout' || tileNodes.has(n)) continue;
      const isConstructor = (n.type === 'call' && LAYOUT_CONSTRUCTORS.has(n.callee)) || n.type === 'typeInstance'; // Layout<…>{} or a kernel's layout alias Alias{}
      if (isConstructor) {
        const text = core.printLayout(nv.value);
        const facts = summarize(nv.value);
        // the tag the call names: MakeLayout<half, zN>, MakeLayoutL0C
        const namedTag = n.type === 'call' ? n.templateArgs?.[1] : undefined;
        const tag = namedTag?.type === 'typeArg' ? namedTag.name : n.type === 'call' && n.callee === 'MakeLayoutL0C' ? 'L0C' : undefined;
        push(
          base + n.end,
          layoutHint(nv.value, tag),
          `${code(text)}\n\nrank ${facts.rank} · depth ${facts.depth} · size ${facts.size} · cosize ${facts.cosize}`,
          callOf(n),
        );
      }
    }
  }
  // stable: hints at the same offset keep the order they were found in
  hints.sort((x, y) => x.at - y.at);
  return hints;
}

/** print(crd2offset(…)) already has the offset hint of its argument. */
function showsOffset(arg: Ast.Expr | undefined, r: StatementDetails): boolean {
  return !!arg && r.offsets.some((o) => o.node === arg);
}

function describeTensorTooltip(t: core.Tensor): string {
  return `**tensor** of ${code(t.data.element)} in ${code(t.position)}\n\nlayout ${code(core.printLayout(t.layout))} · coord ${code(core.printIntTuple(t.coord))} · data ${code(t.data.name)} + ${code(core.printIntTuple(t.data.offset))}`;
}

// ---------------------------------------------------------------- code actions

/** A diagnostic as a quick fix sees it: its code, its span, the data the analysis attached. */
export interface DiagnosticRef extends Span {
  code: string;
  data?: unknown;
}

/** A quick fix: replace the diagnostic's span (or insert at its end) with `newText`, or edit `edit` when set. */
export interface QuickFix {
  title: string;
  newText: string;
  /** Insert at the diagnostic's end instead of replacing it. */
  insert?: boolean;
  /** The span to replace when it is not the diagnostic's own (offsets). */
  edit?: Span;
}

const TUPLE_MAKERS = new Set(['MakeCoord', 'MakeShape', 'MakeStride', 'make_tuple', 'MakeTuple']);
const DATA_SUGGESTIONS = new Set(['unsupported-tag', 'unsupported-element', 'catlass-coord']);

/** The quick fix of one diagnostic of this analysis, if it has one. */
export function quickFixFor(a: DocumentAnalysis, d: DiagnosticRef): QuickFix | undefined {
  const data = d.data as { suggestion?: string; insert?: string; expectedRank?: number } | undefined;
  if (d.code === 'missing-semicolon') return { title: "Insert ';'", newText: ';', insert: true };
  if (SUGGESTED_CODES.has(d.code)) {
    // "did you mean" is found now, when the fix is asked for (not in every analysis)
    const suggestion = suggestFor(a, d);
    return suggestion ? { title: `Change to '${suggestion}'`, newText: suggestion } : undefined;
  }
  if (data?.suggestion && DATA_SUGGESTIONS.has(d.code)) return { title: `Change to '${data.suggestion}'`, newText: data.suggestion };
  if (d.code === 'rank-mismatch' && data?.expectedRank) return fitCoordinate(a, d, data.expectedRank);
  return undefined;
}

/**
 * `MakeCoord(1, 2, 3)` on a rank-2 layout → `MakeCoord(1, 2)`; too few → pad with 0. The
 * coordinate is the expression the diagnostic spans, inside any parentheses around it.
 */
function fitCoordinate(a: DocumentAnalysis, d: Span, rank: number): QuickFix | undefined {
  const s = statementAt(a, d.start);
  if (!s?.statement) return undefined;
  let found: Ast.Expr | undefined;
  for (const root of Ast.statementExprs(s.statement)) {
    Ast.walkExpr(root, (e) => {
      if (a.startOf(s) + e.start === d.start && a.startOf(s) + e.end === d.end) found = e;
    });
  }
  let e = found;
  while (e?.type === 'paren') e = e.inner;
  if (!e) return undefined;
  const items = e.type === 'call' && TUPLE_MAKERS.has(e.callee) ? e.args : e.type === 'tuple' ? e.items : undefined;
  if (!items || items.length === rank) return undefined;
  const texts = items.map((x) => s.chunk.text.slice(x.start, x.end));
  const fitted = texts.length > rank ? texts.slice(0, rank) : [...texts, ...Array(rank - texts.length).fill('0')];
  const maker = e.type === 'call' ? e.callee : '';
  const newText = maker ? `${maker}(${fitted.join(', ')})` : `(${fitted.join(', ')})`;
  const edit = e === found ? undefined : { start: a.startOf(s) + e.start, end: a.startOf(s) + e.end };
  return { title: `Make it rank ${rank}: ${newText}`, newText, edit };
}

/** The refactors at an offset: the value under the cursor as C++, and a layout in compact notation. */
export interface Refactors {
  /** Copy as C++: the text to put on the clipboard. */
  copyCpp?: string;
  /** Convert to compact notation: the edit. */
  compact?: Span & { newText: string };
}

export function refactorsAt(a: DocumentAnalysis, offset: number): Refactors {
  const s = statementAt(a, offset);
  const value = s?.result?.value;
  const n = nodeAt(a, offset);
  const target = n && (n.value.kind !== 'int' || n.node.type !== 'int') ? n : undefined;
  if (target) {
    const out: Refactors = { copyCpp: valueToCpp(target.value) };
    if (target.value.kind === 'layout' && target.node.type !== 'compact') {
      out.compact = { start: target.start, end: target.end, newText: valueToCompact(target.value) };
    }
    return out;
  }
  return s && value ? { copyCpp: valueToCpp(value) } : {};
}

// ---------------------------------------------------------------- the layout picture and its code lenses

export interface PictureTarget {
  name: string | null;
  picture: PictureResult | null;
  /** The declaring statement. */
  statement: Span | null;
}

/** The picture of a declared name, or of the declaration at an offset (in C++: the variable a TLA expression initialises). */
export function pictureAt(a: DocumentAnalysis, target: { name?: string; offset?: number }, cpp = false): PictureTarget {
  let name = target.name;
  if (!name && target.offset !== undefined) {
    const offset = target.offset;
    const s = statementAt(a, offset);
    name = s?.declaredName;
    // C++: the variable a TLA expression initialises (`auto tileC = GetTileLayout(…)`), cursor on either
    if (!name && cpp) {
      for (const d of a.declarations.values()) {
        const span = declarationSpan(a, d);
        if ((span.start <= offset && offset <= span.end) || (s && d.statement === s)) name = d.name;
      }
    }
  }
  if (!name) return { name: null, picture: null, statement: null };
  const decl = a.declarations.get(name);
  const statement = decl ? { start: a.startOf(decl.statement), end: a.endOf(decl.statement) } : null;
  return { name, picture: pictureOf(a, name), statement };
}

/** The declarations a "Show layout" lens sits above: the layout-valued ones, at their statement's start. */
export function layoutDeclarations(a: DocumentAnalysis): { name: string; at: number }[] {
  const out: { name: string; at: number }[] = [];
  for (const d of a.declarations.values()) if (d.value?.kind === 'layout') out.push({ name: d.name, at: a.startOf(d.statement) });
  return out;
}

// ---------------------------------------------------------------- symbols, navigation, folding

export type SymbolKindName = 'layout' | 'tuple' | 'number' | 'variable';

export interface SymbolRecord {
  name: string;
  detail: string;
  kind: SymbolKindName;
  /** The statement, and the declared name in it. */
  span: Span;
  nameSpan: Span;
}

/** The outline: each first declaration with its value. */
export function symbols(a: DocumentAnalysis): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  for (const s of a.statements) {
    if (!s.declaredName || !s.declaredNameSpan || s.duplicate) continue;
    const v = s.result?.value ?? null;
    const kind: SymbolKindName = !v ? 'variable' : v.kind === 'layout' ? 'layout' : v.kind === 'tuple' ? 'tuple' : 'number';
    out.push({
      name: s.declaredName,
      detail: v ? printValue(v) : 'no value (see problems)',
      kind,
      span: { start: a.startOf(s), end: a.endOf(s) },
      nameSpan: { start: a.startOf(s) + s.declaredNameSpan.start, end: a.startOf(s) + s.declaredNameSpan.end },
    });
  }
  return out;
}

/** The declaration of the name at an offset. */
export function definitionAt(a: DocumentAnalysis, offset: number): Span | undefined {
  const o = occurrenceAt(a, offset);
  const d = o && a.declarations.get(o.name);
  return d ? declarationSpan(a, d) : undefined;
}

/** Every occurrence of the name at an offset (the declaration too, marked). */
export function referencesAt(a: DocumentAnalysis, offset: number, includeDeclaration = true): (Span & { isDeclaration: boolean })[] {
  const o = occurrenceAt(a, offset);
  if (!o) return [];
  return nameOccurrences(a)
    .filter((x) => x.name === o.name && (includeDeclaration || !x.isDeclaration))
    .map((x) => ({ start: x.start, end: x.end, isDeclaration: x.isDeclaration }));
}

const IDENT = /^[A-Za-z_]\w*$/;
const RESERVED = new Set(['auto', 'const', 'constexpr', 'static', 'static_assert', 'static_cast', 'using', 'namespace', 'inline']);

/** A rename of the name at an offset: its edits, or why not ('nothing-here': no name; 'invalid-name': the new one). */
export function renameAt(
  a: DocumentAnalysis,
  offset: number,
  newName: string,
): { edits: Span[] } | { error: 'nothing-here' | 'invalid-name'; message: string } {
  const o = occurrenceAt(a, offset);
  if (!o) return { error: 'nothing-here', message: 'nothing to rename here: place the cursor on a declared name' };
  if (!IDENT.test(newName) || RESERVED.has(newName) || /^_\d+$/.test(newName))
    return { error: 'invalid-name', message: `'${newName}' is not a valid name` };
  if (newName !== o.name && a.declarations.has(newName)) return { error: 'invalid-name', message: `'${newName}' is already declared` };
  return { edits: nameOccurrences(a).filter((x) => x.name === o.name) };
}

/** The spans of the statements (folding: the multi-line ones fold). */
export function statementSpans(a: DocumentAnalysis): Span[] {
  return a.statements.map((s) => ({ start: a.startOf(s), end: a.endOf(s) }));
}

export interface FoldRecord extends Span {
  kind: 'statement' | 'comment' | 'region';
}

const COMMENT_LEXER = new Lexer({ ...TLA_LEXER, comments: true });

/**
 * What folds: each statement, each block comment, each `// #region` … `// #endregion` (the
 * markers first on their lines, nested as they pair). The feature keeps those over several lines.
 */
export function foldingRegions(a: DocumentAnalysis): FoldRecord[] {
  const out: FoldRecord[] = statementSpans(a).map((s) => ({ ...s, kind: 'statement' }));
  const text = a.text;
  const regions: number[] = [];
  const lx = COMMENT_LEXER.reset(text);
  while (lx.next() !== TokenKind.End) {
    if (lx.kind !== TokenKind.Comment || lx.malformed) continue;
    if (text.startsWith('/*', lx.start)) {
      out.push({ start: lx.start, end: lx.end, kind: 'comment' });
      continue;
    }
    const lineStart = text.lastIndexOf('\n', lx.start - 1) + 1;
    if (text.slice(lineStart, lx.start).trim()) continue;
    const marker = /^\/\/\s*#(end)?region\b/.exec(text.slice(lx.start, lx.end));
    if (!marker) continue;
    if (!marker[1]) regions.push(lx.start);
    else if (regions.length) out.push({ start: regions.pop()!, end: lx.start, kind: 'region' });
  }
  return out;
}

// ---------------------------------------------------------------- semantic tokens

export type TokenTypeName = 'variable' | 'function' | 'type' | 'enumMember' | 'number' | 'class';
export type TokenModifierName = 'declaration' | 'readonly' | 'defaultLibrary' | 'static';

export interface TokenRecord extends Span {
  type: TokenTypeName;
  modifiers: TokenModifierName[];
}

/** Declared names, layout-valued names, functions, tags, element types, static integers, sorted by start. */
export function semanticTokensOf(a: DocumentAnalysis): TokenRecord[] {
  const tokens: TokenRecord[] = [];
  const add = (start: number, end: number, type: TokenTypeName, modifiers: TokenModifierName[] = []) => tokens.push({ start, end, type, modifiers });
  const typeArgs = (base: number, args: Ast.TemplateArg[] | null) => {
    for (const t of args ?? []) {
      if (t.type === 'int') add(base + t.start, base + t.end, 'number', t.isStatic ? ['readonly', 'static'] : []);
      else if (t.type === 'typeArg') {
        const n = t.name;
        const type = SUPPORTED_TAGS.includes(n) || POSITIONS.includes(n) ? 'enumMember' : ELEMENT_TYPES.includes(n) ? 'type' : 'class';
        add(base + t.nameSpan.start, base + t.nameSpan.end, type, ['defaultLibrary']);
        typeArgs(base, t.args);
      }
    }
  };
  for (const s of a.statements) {
    const base = a.startOf(s);
    if (s.declaredName && s.declaredNameSpan) add(base + s.declaredNameSpan.start, base + s.declaredNameSpan.end, 'variable', ['declaration']);
    if (!s.statement) continue;
    if (s.statement.type === 'decl' && s.statement.declTypeArg) typeArgs(base, [s.statement.declTypeArg]);
    for (const e of Ast.statementExprs(s.statement)) {
      Ast.walkExpr(e, (n) => {
        if (n.type === 'name') add(base + n.start, base + n.end, 'variable');
        else if (n.type === 'int' && n.isStatic) add(base + n.start, base + n.end, 'number', ['readonly', 'static']);
        else if (n.type === 'call') {
          const declared = a.declarations.has(n.callee) && !n.templateArgs && !n.braces;
          add(
            base + n.calleeSpan.start,
            base + n.calleeSpan.end,
            declared ? 'variable' : 'function',
            declared || !BUILTIN_BY_NAME.has(n.callee) ? [] : ['defaultLibrary'],
          );
          typeArgs(base, n.templateArgs);
        } else if (n.type === 'typeInstance') typeArgs(base, [n.typeArg]);
      });
    }
  }
  // stable: tokens at the same offset keep their order (the feature drops overlaps and multi-line ones, as LSP requires)
  return tokens.sort((x, y) => x.start - y.start);
}

/** Codes whose "did you mean" is found on demand by suggestFor. */
export const SUGGESTED_CODES: ReadonlySet<string> = new Set(['unknown-name', 'unknown-function']);

/**
 * "Did you mean": the closest name to an unknown name or function, among the names
 * declared before its statement (in declaration order; builtins first for a function).
 * Computed when a quick fix asks, not by the analysis: an unknown name then depends on
 * that one name only, so its statement is reused across edits like any other, and a
 * document with a thousand unknown names does not compare each with every name in scope
 * on every edit. Other codes keep their suggestion in the diagnostic's data.
 */
export function suggestFor(a: DocumentAnalysis, d: { code: string; start: number; end: number }): string | undefined {
  if (!SUGGESTED_CODES.has(d.code)) return undefined;
  const at = statementAt(a, d.start);
  if (!at) return undefined;
  const index = at.index;
  const name = a.text.slice(d.start, d.end);
  function* inScope(): Iterable<string> {
    if (d.code === 'unknown-function') yield* BUILTIN_BY_NAME.keys();
    // declarations are recorded in statement order: stop at the first one at or after the statement
    for (const decl of a.declarations.values()) {
      if (decl.statement.index >= index) return;
      yield decl.name;
    }
  }
  return closest(name, inScope());
}
