// Pictures of layouts without a browser: a text table (like CuTe's print_layout,
// padding marked) and a standalone SVG of the same grid the webview draws.
import type { DocumentAnalysis } from './analysis';
import * as core from '../core';
import { IntValue, Layout } from '../core';
import { Picture, PictureResult, PictureTile, buildGrid, buildPicture, defaultView, offsetHue } from './picture';
import { printValue } from './evaluate';

/** The picture of a declared layout; a tile shows its parent with every tile of that parent. */
export function pictureOf(a: DocumentAnalysis, name: string): PictureResult {
  const d = a.declarations.get(name);
  if (!d) return { ok: false, reason: `no declaration named '${name}'` };
  // a tensor is drawn as its layout; a tile of a tensor inside the tensor it was cut from
  const v = d.value?.kind === 'tensor' ? d.value.layout : d.value;
  if (!v) return { ok: false, reason: `'${name}' has no value (see its diagnostics)` };
  if (v.kind !== 'layout') return { ok: false, reason: `'${name}' is ${printValue(v)}, not a layout` };
  const expr = d.statement.statement?.type === 'decl' ? d.statement.statement.expr : undefined;
  const own = d.statement.result?.tiles.find((t) => t.node === expr || (expr?.type === 'paren' && t.node === expr.inner));
  const parent: Layout = own ? own.parent : v;
  const parentText = core.printLayout(parent);
  const tiles: PictureTile[] = [];
  for (const s of a.statements) {
    for (const t of s.result?.tiles ?? []) {
      if (core.printLayout(t.parent) !== parentText || core.isSymbolic(t.result) || core.isSymbolic(t.coord)) continue;
      const nums = (x: core.IntTuple) => (x.kind === 'tuple' ? (x.items as IntValue[]).map((i) => Number(i.value)) : [Number(x.value)]);
      const tile: PictureTile = {
        coord: nums(t.coord),
        tileShape: nums(t.tileShape),
        valid: nums(t.result.originShape),
        label: s.declaredName ?? `line of offset ${s.chunk.start}`,
      };
      if (t === own) tiles.unshift(tile);
      else tiles.push(tile);
    }
  }
  return buildPicture(parent, tiles);
}

/** A text table of offsets (rank 1 and 2; other ranks show modes 0 and 1 with the rest at 0). */
export function renderText(p: Picture, maxCells = 64): string {
  const view = defaultView(p);
  const g = buildGrid(p, view, maxCells);
  const width = Math.max(3, String(Math.max(0, p.cosize - 1)).length + 2);
  const pad = (s: string) => s.padStart(width);
  const out: string[] = [p.text];
  if (g.rowStep > 1 || g.colStep > 1) out.push(`(aggregated: each cell is ${g.rowStep}×${g.colStep} elements, showing the offset of its first)`);
  const header = ' '.repeat(6) + Array.from({ length: g.drawnCols }, (_, c) => pad(String(c * g.colStep))).join('');
  out.push(header);
  const rule = (r: number) => (g.rowBorders.includes(r) ? '      ' + '-'.repeat(g.drawnCols * width) : undefined);
  for (let r = 0; r < g.drawnRows; r++) {
    const line = rule(r);
    if (line) out.push(line);
    let row = String(r * g.rowStep).padStart(5) + ' ';
    for (let c = 0; c < g.drawnCols; c++) {
      const sep = g.colBorders.includes(c) ? '|' : '';
      const o = g.offsets[r * g.drawnCols + c];
      const cell = g.padding[r * g.drawnCols + c] === 1 ? `(${o})` : String(o);
      row += sep + pad(cell).slice(sep.length ? 1 : 0);
    }
    out.push(row);
  }
  out.push(`valid ${g.validRows}×${g.validCols} of ${g.rows}×${g.cols}; (n) marks padding beyond originShape; size ${p.size}, cosize ${p.cosize}`);
  return out.join('\n');
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A standalone SVG of the offset grid: exact up to 256×256 cells, aggregated into blocks beyond. */
export function renderSvg(p: Picture, title: string): string {
  const view = defaultView(p);
  const exact = buildGrid(p, view, 256);
  const aggregated = exact.rowStep > 1 || exact.colStep > 1;
  const g = aggregated ? buildGrid(p, view, 128) : exact;
  const labels = !aggregated && g.drawnRows <= 64 && g.drawnCols <= 64;
  const cell = labels ? Math.max(22, 7 * String(p.cosize).length + 6) : aggregated ? 6 : Math.max(3, Math.floor(1024 / Math.max(g.drawnRows, g.drawnCols)));
  const left = 48;
  const top = 56;
  // tiles may reach past the parent's shape: make room for them
  const tileRows = Math.max(0, ...p.tiles.map((t) => (p.rank >= 2 ? t.coord[0] + t.tileShape[0] : 1)));
  const tileCols = Math.max(0, ...p.tiles.map((t) => (p.rank >= 2 ? t.coord[1] + t.tileShape[1] : t.coord[0] + t.tileShape[0])));
  const w = left + Math.max(g.drawnCols, Math.ceil(tileCols / g.colStep)) * cell + 16;
  const h = top + Math.max(g.drawnRows, Math.ceil(tileRows / g.rowStep)) * cell + 40;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="monospace" font-size="${labels ? 10 : 9}">`);
  parts.push(`<title>${esc(title)}</title>`);
  parts.push('<defs><pattern id="pad" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#d0d0d0"/><line x1="0" y1="0" x2="0" y2="6" stroke="#888" stroke-width="2"/></pattern></defs>');
  parts.push(`<rect width="${w}" height="${h}" fill="#fff"/>`);
  parts.push(`<text x="8" y="18" font-size="12">${esc(title)}: ${esc(p.text)}</text>`);
  const note = aggregated
    ? `${g.rows}×${g.cols} cells, each block ${g.rowStep}×${g.colStep}; colour = offset of its first element; valid ${g.validRows}×${g.validCols}`
    : `${g.rows}×${g.cols} cells, valid ${g.validRows}×${g.validCols}; hatched = padding beyond originShape`;
  parts.push(`<text x="8" y="34" fill="#444">${esc(note)}</text>`);
  // one <g> per row keeps the file small: rects carry only x, fill and (for labels) text
  for (let r = 0; r < g.drawnRows; r++) {
    parts.push(`<g transform="translate(${left},${top + r * cell})">`);
    for (let c = 0; c < g.drawnCols; c++) {
      const i = r * g.drawnCols + c;
      const o = g.offsets[i];
      const padded = g.padding[i] === 1;
      const fill = padded ? 'url(#pad)' : `hsl(${offsetHue(o, p.cosize)},70%,${g.padding[i] === 2 ? 80 : 72}%)`;
      parts.push(`<rect x="${c * cell}" width="${cell}" height="${cell}" fill="${fill}"/>`);
      if (labels) parts.push(`<text x="${c * cell + cell / 2}" y="${cell / 2 + 3}" text-anchor="middle"${padded ? ' fill="#555"' : ''}>${o}</text>`);
    }
    parts.push('</g>');
  }
  const x0 = left;
  const y0 = top;
  const W = g.drawnCols * cell;
  const H = g.drawnRows * cell;
  for (const b of g.rowBorders) parts.push(`<line x1="${x0}" x2="${x0 + W}" y1="${y0 + b * cell}" y2="${y0 + b * cell}" stroke="#000" stroke-width="1.5"/>`);
  for (const b of g.colBorders) parts.push(`<line y1="${y0}" y2="${y0 + H}" x1="${x0 + b * cell}" x2="${x0 + b * cell}" stroke="#000" stroke-width="1.5"/>`);
  // valid region outline
  const vw = Math.min(W, (g.validCols / g.colStep) * cell);
  const vh = Math.min(H, (g.validRows / g.rowStep) * cell);
  parts.push(`<rect x="${x0}" y="${y0}" width="${vw}" height="${vh}" fill="none" stroke="#0a0" stroke-width="2"/>`);
  // tiles: the whole tile dashed, its valid part solid
  for (const t of p.tiles) {
    if (t.coord.length < 2 && p.rank >= 2) continue;
    const [tr, tc] = p.rank >= 2 ? [t.coord[0], t.coord[1]] : [0, t.coord[0]];
    const [sr, sc] = p.rank >= 2 ? [t.tileShape[0], t.tileShape[1]] : [1, t.tileShape[0]];
    const [vr, vc] = p.rank >= 2 ? [t.valid[0], t.valid[1]] : [1, t.valid[0]];
    const X = x0 + (tc / g.colStep) * cell;
    const Y = y0 + (tr / g.rowStep) * cell;
    parts.push(`<rect x="${X}" y="${Y}" width="${(sc / g.colStep) * cell}" height="${(sr / g.rowStep) * cell}" fill="none" stroke="#c00" stroke-width="2" stroke-dasharray="6 3"><title>${esc(t.label)}</title></rect>`);
    if (vr > 0 && vc > 0) parts.push(`<rect x="${X}" y="${Y}" width="${(vc / g.colStep) * cell}" height="${(vr / g.rowStep) * cell}" fill="none" stroke="#c00" stroke-width="2.5"/>`);
  }
  // axis labels every few cells
  const every = Math.max(1, Math.ceil(g.drawnCols / 16));
  for (let c = 0; c < g.drawnCols; c += every) parts.push(`<text x="${x0 + c * cell + 1}" y="${y0 - 4}" fill="#444">${c * g.colStep}</text>`);
  const everyR = Math.max(1, Math.ceil(g.drawnRows / 32));
  for (let r = 0; r < g.drawnRows; r += everyR) parts.push(`<text x="4" y="${y0 + r * cell + Math.min(cell, 12)}" fill="#444">${r * g.rowStep}</text>`);
  parts.push('</svg>');
  return parts.join('\n');
}
