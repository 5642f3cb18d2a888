// Markdown shared by hover and inlay-hint tooltips.
import * as core from '../core';
import { Layout } from '../core';
import { Value, layoutPredicateNote, offsetGrid, printValue, summarize } from '../language';

export const code = (s: string) => '`' + s.replace(/`/g, "'") + '`';

/** Which Catlass constructor builds this layout (for the hover). */
export function catlassKind(l: Layout): string | undefined {
  const found = core.recognise(l);
  if (!found.length) return undefined;
  return found.map((f) => (f.elements.includes('any') ? f.tag : `${f.tag} (${f.elements.join(', ')})`)).join('; ');
}

/** A Markdown table of the offset grid of a rank-2 layout; padding cells in italics with a ° mark. */
export function gridTable(l: Layout, max: number): string | undefined {
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

export function describeValue(v: Value, gridSize: number, element?: string): string {
  if (v.kind === 'tensor') return describeTensor(v, gridSize);
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
            : v.kind === 'opaqueTensor'
              ? "a tensor whose layout is not known here (a kernel parameter): its tiles' shapes and valid extents still are"
              : v.kind;
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

/** A tensor: its element, position, layout, where it sits in the tensor it was cut from, and its data offset. */
function describeTensor(t: core.Tensor, gridSize: number): string {
  const s = summarize(t);
  const lines = [
    `**tensor** of \`${s.element}\` in \`${s.position}\``,
    '',
    `- layout ${code(core.printLayout(t.layout))}`,
    `- coord ${code(s.coord!)} (where it starts in the tensor it was cut from)`,
    `- valid extent (originShape) ${code(s.originShape!)} of tile shape ${code(core.printIntTuple(t.layout.shape))}`,
    `- data: ${code(t.data.name)} + ${code(s.offset!)} elements`,
  ];
  return `${lines.join('\n')}\n\n${describeValue(t.layout, gridSize, t.data.element)}`;
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
