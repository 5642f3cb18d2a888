// Inlay hints: the value after a constructor, the tile and its valid extent after GetTileLayout, the offset after a call.
import * as core from '../../core';
import { MAX_HINT_LABEL_CHARS } from '../../core/limits';
import { statementDetails } from '../analysis';
import type { Declaration, DocumentAnalysis } from '../analysis';
import { Ast } from '../syntax';
import { BUILTIN_FUNCTIONS } from '../syntax';
import { code, summarize } from './describeValue';
import { printValue } from '../eval';
import type { Value } from '../eval';
import { explainOffset } from './inspect';

import { boundedMarkdown } from './hover';
import { firstFitting, layoutHint, offsetHint, opaqueTileHint, repeatsCall, tagName, tileHint } from './hintLabels';

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
    // the nodes that carry a hint of their own: a print(…) of one of them gets no second hint
    const hinted = new Set<Ast.Expr>(tileNodes);
    const prints: { node: Ast.Call; value: Value }[] = [];
    if (options.offsets) {
      for (const o of r.offsets) {
        hinted.add(o.node);
        const label = offsetHint(o.result);
        if (label) push(base + o.node.end, label, '```\n' + explainOffset(o.coord, o.shape, o.stride, o.result) + '\n```');
      }
    }
    for (const nv of r.nodeValues) {
      const n = nv.node;
      if (options.offsets && n.type === 'call' && n.callee === 'print') {
        prints.push({ node: n, value: nv.value });
        continue;
      }
      const bound = (written: string | undefined) => boundTag(s, written);
      const tag = () => layoutArgTag(a, s, n);
      if (valueHint(nv.value, n, options, tileNodes, (label, tooltip) => push(base + n.end, label, tooltip, callWords(a, s, n)), tag, bound))
        hinted.add(n);
    }
    for (const p of prints) {
      const arg = p.node.args[0];
      if (arg && hinted.has(arg)) continue; // its argument's own hint says it
      const v = p.value;
      const shown = v.kind === 'layout' ? layoutHint(v, arg && namedTagOf(a, arg), '= ') : firstFitting([`= ${printValue(v)}`, '= …']);
      if (shown !== '= …') push(base + p.node.end, shown, `print → ${code(printValue(v))}`, callOf(p.node));
    }
  }
  // stable: hints at the same offset keep the order they were found in
  hints.sort((x, y) => x.at - y.at);
  return hints;
}

/**
 * The words a node's hint may repeat without telling anything: the call's text and the text of the
 * statements, before it, that declare the names it reads (as scripts/corpus-judge.mjs callWords) — a tensor over `layoutBias`
 * showing `(params.problemShape.n())` repeats `layoutBias = MakeLayout(params.problemShape.n())`.
 */
function callWords(a: DocumentAnalysis, s: DocumentAnalysis['statements'][number], n: Ast.Expr): string {
  const own = s.chunk.text.slice(n.start, n.end);
  if (n.type !== 'call') return own;
  // every name the call reads, an argument or inside one (`base` of `MakeLayout(base.shape(), …)`)
  const declared = [...new Set(own.match(/[A-Za-z_]\w*/g) ?? [])].flatMap((name) => {
    const d = declarationBefore(a, s, name);
    return d ? [d.statement.chunk.text] : [];
  });
  return [own, ...declared].join('\n');
}

/** The declaration of `name` a statement reads: the last one before it. */
function declarationBefore(a: DocumentAnalysis, s: DocumentAnalysis['statements'][number], name: string): Declaration | undefined {
  const d = a.declarations.get(name);
  if (d && d.statement.index < s.index) return d;
  // the table keys a name by its last declaration, an earlier one under `name\0offset` (kernelAnalysis.ts):
  // a later function's `layoutUbScale` must not hide the one this statement reads
  let before: Declaration | undefined;
  for (const e of earlierDeclarations(a.declarations).get(name) ?? [])
    if (e.statement.index < s.index && (!before || e.statement.index > before.statement.index)) before = e;
  return before;
}

const EARLIER = new WeakMap<DocumentAnalysis['declarations'], Map<string, Declaration[]>>();
/**
 * The declarations a table keys under another key than their name (the earlier ones), by name: made
 * once per analysis (a table is not changed once an analysis holds it), where each hint's words
 * walked the whole table (10,000 declarations per name in a viewport of a large document).
 */
function earlierDeclarations(table: DocumentAnalysis['declarations']): Map<string, Declaration[]> {
  let m = EARLIER.get(table);
  if (m) return m;
  m = new Map();
  for (const [key, d] of table) {
    if (key === d.name) continue;
    const list = m.get(d.name);
    if (list) list.push(d);
    else m.set(d.name, [d]);
  }
  EARLIER.set(table, m);
  return m;
}

/** The tag a tensor's layout argument was made with: `MakeTensor(x, layoutInL0C, …)` over `layoutInL0C = MakeLayoutL0C(…)` is L0C. */
function layoutArgTag(a: DocumentAnalysis, s: DocumentAnalysis['statements'][number], n: Ast.Expr): string | undefined {
  const arg = n.type === 'call' ? n.args[1] : undefined;
  if (!arg) return undefined;
  if (arg.type === 'call') return boundTag(s, constructorTag(arg));
  if (arg.type !== 'name') return undefined;
  // (a tag the declaration names through an alias is the type that statement read for it)
  const d = declarationBefore(a, s, arg.name)?.statement;
  const st = d?.statement;
  return st?.type === 'decl' || st?.type === 'expr' ? boundTag(d!, constructorTag(st.expr)) : undefined;
}

/**
 * The hint of a value-bearing node — a tile of a tensor whose layout is not known here, a tensor
 * or layout constructor — given to `emit`; true when the node is one that has its own hint.
 */
function valueHint(
  value: Value,
  n: Ast.Expr,
  options: InlayHintOptions,
  tileNodes: ReadonlySet<Ast.Expr>,
  emit: (label: string, tooltip: string) => void,
  /** The tag the tensor's layout argument was made with (its kind word when the value alone does not say it). */
  layoutTag: () => string | undefined = () => undefined,
  /** The tag a name written as a template argument stands for here (an instantiation's `LayoutTagL1A` → `zN`). */
  bound: (written: string | undefined) => string | undefined = (w) => w,
): boolean {
  if (
    options.tileLayouts &&
    value.kind === 'opaqueTensor' &&
    value.tileShape &&
    n.type === 'call' &&
    (n.callee === 'GetTile' || n.callee === 'TileView')
  ) {
    // a tile of a tensor whose layout is not known here: what is still known of it
    const t = value;
    emit(
      opaqueTileHint(t.tileShape!, t.originShape!, t.root, t.offset!),
      `**tile of ${code(t.root)}** (its layout is not known here)\n\ntile shape ${code(core.printIntTuple(t.tileShape!))} · valid extent ${code(core.printIntTuple(t.originShape!))} · at ${code(core.printIntTuple(t.offset!))} from where ${code(t.root)} starts`,
    );
    return true;
  }
  // a kernel's layout or tensor of a tag or layout not known here (`‹?›:‹?›:(m,k)`, `Tensor<half, GM>
  // over layoutA`): what is known is the call's own arguments again, so no hint (the hover has it)
  if (value.kind === 'opaqueLayout' || value.kind === 'opaqueTensor') return false;
  if (options.layouts && value.kind === 'tensor' && n.type === 'call' && TENSOR_CONSTRUCTORS.has(n.callee)) {
    const t = value;
    // the tag the call names (MakeTensorLike<layout::zN>), else the one its layout's value fits
    const layout = layoutHint(t.layout, n.templateArgs?.[0]?.type === 'typeArg' ? bound(n.templateArgs[0].name) : layoutTag());
    const origin = core.leaves(t.coord).every((c) => c.kind === 'int' && c.sym === undefined && c.value === 0n);
    emit(firstFitting([origin ? layout : `${layout} @ ${core.printIntTuple(t.coord)}`, layout]), describeTensorTooltip(t));
    return true;
  }
  if (!options.layouts || value.kind !== 'layout' || tileNodes.has(n)) return false;
  const isConstructor = (n.type === 'call' && LAYOUT_CONSTRUCTORS.has(n.callee)) || n.type === 'typeInstance'; // Layout<…>{} or a kernel's layout alias Alias{}
  if (!isConstructor) return false;
  const facts = summarize(value);
  emit(
    layoutHint(value, bound(constructorTag(n))),
    `${code(core.printLayout(value))}\n\nrank ${facts.rank} · depth ${facts.depth} · size ${facts.size} · cosize ${facts.cosize}`,
  );
  return true;
}

/**
 * The tag a template argument names where it is not a tag's own name: the type the statement read
 * for it (a member alias or template parameter an instantiation binds, `LayoutTagL1A` → `zN`).
 */
function boundTag(s: DocumentAnalysis['statements'][number], written: string | undefined): string | undefined {
  if (written === undefined || tagName(written)) return written;
  const v = s.reads?.find(([name]) => name === written)?.[1]?.value;
  return v?.kind === 'type' && v.type.t === 'tag' ? v.type.name : written;
}

/** The tag a layout constructor names: MakeLayout<half, zN>, MakeLayoutL0C. */
function constructorTag(n: Ast.Expr): string | undefined {
  if (n.type !== 'call') return undefined;
  const namedTag = n.templateArgs?.[1];
  return namedTag?.type === 'typeArg' ? namedTag.name : n.callee === 'MakeLayoutL0C' ? 'L0C' : undefined;
}

/** The tag behind print(…)'s argument: the constructor's, or the one of the declaration a name reads. */
function namedTagOf(a: DocumentAnalysis, arg: Ast.Expr): string | undefined {
  if (arg.type === 'call') return constructorTag(arg);
  if (arg.type !== 'name') return undefined;
  const st = a.declarations.get(arg.name)?.statement.statement;
  return st?.type === 'decl' ? constructorTag(st.expr) : undefined;
}

function describeTensorTooltip(t: core.Tensor): string {
  return `**tensor** of ${code(t.data.element)} in ${code(t.position)}\n\nlayout ${code(core.printLayout(t.layout))} · coord ${code(core.printIntTuple(t.coord))} · data ${code(t.data.name)} + ${code(core.printIntTuple(t.data.offset))}`;
}
