// Inlay hints: the value after a constructor, the tile and its valid extent after GetTileLayout, the offset after a call.
import * as core from '../../core';
import { MAX_HINT_LABEL_CHARS } from '../../core/limits';
import { statementDetails } from '../analysis';
import type { DocumentAnalysis, StatementDetails } from '../analysis';
import { Ast } from '../syntax';
import { BUILTIN_FUNCTIONS } from '../syntax';
import { code, summarize } from './describeValue';
import { printValue } from '../eval';
import { explainOffset } from './inspect';

import { boundedMarkdown } from './hover';
import { elided, firstFitting, layoutHint, repeatsCall, tileHint } from './hintLabels';

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
