// Pictures of layouts without a browser: a text table (like CuTe's print_layout,
// padding marked) and a standalone SVG of the same grid the webview draws.
import { statementDetails } from '../analysis';
import type { Declaration, DocumentAnalysis, StatementDetails } from '../analysis';
import * as core from '../../core';
import { IntValue, Layout } from '../../core';
import { Picture, PictureResult, PictureSubject, PictureTile, buildGrid, buildPicture, defaultView, offsetHue } from './layoutPicture';
import { printValue } from '../eval';

/** The tile a declaration is (`auto t = GetTileLayout(…)`, `TileView(…)`): the record of its own expression, if it is one. */
export function declaredTile(d: Declaration): StatementDetails['tiles'][number] | undefined {
  const st = d.statement.statement;
  // a .tla declaration, or the expression a C++ variable is initialised with
  const expr = st?.type === 'decl' || st?.type === 'expr' ? st.expr : undefined;
  return statementDetails(d.statement).tiles.find((t) => t.node === expr || (expr?.type === 'paren' && t.node === expr.inner));
}

/**
 * The picture of a declared layout; a tile is pictured as itself: its own value in
 * `subject`, drawn first (tiles[0]) over its parent with every other tile of that parent.
 */
export function pictureOf(a: DocumentAnalysis, name: string, declaration?: Declaration): PictureResult {
  // `declaration`: the one at the cursor (a name declared again in a later function keeps the last under its name)
  const d = declaration ?? a.declarations.get(name);
  if (!d) return { ok: false, reason: `no declaration named '${name}'` };
  // a tensor is drawn as its layout; a tile of a tensor inside the tensor it was cut from
  // a Catlass layout object (RowMajor, zN, …) is drawn as the tla layout of the same offsets
  const v = d.value?.kind === 'tensor' ? d.value.layout : d.value?.kind === 'tagObject' ? (core.layoutObjectAsLayout(d.value) ?? d.value) : d.value;
  if (!v) return { ok: false, reason: `'${name}' has no value (see its diagnostics)` };
  if (v.kind === 'opaqueTensor') return { ok: false, reason: opaqueReason(name, v) };
  if (v.kind !== 'layout') return { ok: false, reason: `'${name}' is ${printValue(v)}, not a layout` };
  const own = declaredTile(d);
  const parent: Layout = own ? own.parent : v;
  const parentText = core.printLayout(parent);
  const tiles: PictureTile[] = [];
  // in C++ the declared name is not part of the statement: take it from the declarations
  const nameOf = new Map<unknown, string>();
  for (const x of a.declarations.values()) nameOf.set(x.statement, x.name);
  let ownFirst = false;
  for (const s of a.statements) {
    for (const t of statementDetails(s).tiles) {
      if (core.printLayout(t.parent) !== parentText || core.isSymbolic(t.result) || core.isSymbolic(t.coord)) continue;
      const nums = (x: core.IntTuple) =>
        x.kind === 'tuple' ? (x.items as IntValue[]).map((i) => Number(core.concreteValue(i))) : [Number(core.concreteValue(x))];
      const tile: PictureTile = {
        coord: nums(t.coord),
        tileShape: nums(t.tileShape),
        valid: nums(t.result.originShape),
        label: s.declaredName ?? nameOf.get(s) ?? `line of offset ${a.startOf(s)}`,
      };
      if (t === own) {
        tiles.unshift(tile);
        ownFirst = true;
      } else tiles.push(tile);
    }
  }
  const subject: PictureSubject = { name, text: core.printLayout(v) };
  // a tile of unknown extent has no picture (binding its names draws it); one of known extent whose
  // place in the parent is not known is drawn alone: never the parent's grid under the tile's name
  if (core.isSymbolic(v)) return buildPicture(v);
  if (own && !ownFirst) {
    const alone = buildPicture(v);
    if (alone.ok) alone.picture.subject = subject;
    return alone;
  }
  const r = buildPicture(parent, tiles);
  if (!r.ok) return r;
  if (own && ownFirst) {
    const self = buildPicture(v);
    const call = own.node.type === 'call' ? own.node : undefined;
    const first = call?.args[0];
    if (self.ok) {
      subject.tile = {
        parent: first?.type === 'name' ? first.name : null,
        modes: self.picture.modes,
        tail: tiles[0].valid.some((x, i) => x < tiles[0].tileShape[i]),
      };
    }
  }
  r.picture.subject = subject;
  return r;
}

/**
 * Why a tensor whose layout is not known here (a kernel parameter `TensorC& tensorBlockC`) has no
 * picture, and what is known of it: no number binds a layout, so the view says where one is made.
 */
function opaqueReason(name: string, t: core.OpaqueTensor): string {
  const root = t.root;
  const why = `the layout of '${root}' is not known here (a parameter whose type the caller gives)`;
  if (!t.tileShape) return `${why}: Show Layout draws it where the kernel makes it with MakeTensor over a known layout`;
  const at = t.offset ? ` at ${core.printIntTuple(t.offset)}` : '';
  return `'${name}' is a tile ${core.printIntTuple(t.tileShape)} of '${root}'${at}; ${why}: Show Layout draws ${root} where the kernel makes it with MakeTensor over a known layout`;
}

/** `tile (32,48) of zn at (96,64), valid (4,36): a tail tile` — for headers and the CLI. */
export function tileDescription(p: Picture): string | undefined {
  const own = p.subject?.tile;
  const t = p.tiles[0];
  if (!own || !t) return undefined;
  const tuple = (x: number[]) => `(${x.join(',')})`;
  const empty = t.valid.some((x) => x <= 0);
  const kind = empty ? 'an empty tile (nothing of it is valid)' : own.tail ? 'a tail tile' : 'a full tile';
  return `tile ${tuple(t.tileShape)} of ${own.parent ?? 'its parent'} at ${tuple(t.coord)}, valid ${tuple(t.valid)}: ${kind}`;
}

/** The tile's own picture (its modes, tile-relative), for the text table of a tile. */
function ownPicture(p: Picture): Picture | undefined {
  const own = p.subject?.tile;
  if (!own) return undefined;
  const size = own.modes.reduce((a, m) => a * m.extent, 1);
  let cosize = 1;
  for (const m of own.modes) cosize += m.leaves.reduce((a, l) => a + Math.max(0, l.extent - 1) * l.stride, 0);
  return { text: p.subject!.text, rank: own.modes.length, size, cosize, modes: own.modes, tiles: [] };
}

/**
 * A text table of offsets (rank 1 and 2; other ranks show modes 0 and 1 with the rest at 0).
 * A tile is drawn as itself: its own offsets at tile-relative coordinates, its tail in parentheses.
 */
export function renderText(p: Picture, maxCells = 64): string {
  const tile = ownPicture(p);
  const q = tile ?? p;
  const view = defaultView(q);
  const g = buildGrid(q, view, maxCells);
  const width = Math.max(3, String(Math.max(0, q.cosize - 1)).length + 3);
  const pad = (s: string) => s.padStart(width);
  const out: string[] = [p.subject ? `${p.subject.name} = ${p.subject.text}` : p.text];
  if (tile) {
    const t = p.tiles[0];
    out.push(tileDescription(p)!);
    const parent = p.subject!.tile!.parent ?? 'the parent';
    out.push(
      q.rank >= 2
        ? `tile-relative coordinates: row r is row ${t.coord[0]}+r of ${parent}, column c is column ${t.coord[1]}+c; offsets from the tile's first element`
        : `tile-relative coordinates: index i is index ${t.coord[0]}+i of ${parent}; offsets from the tile's first element`,
    );
    out.push(`${parent} = ${p.text}`);
  }
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
  out.push(
    tile
      ? `valid ${g.validRows}×${g.validCols} of ${g.rows}×${g.cols}; (n) marks the tile's tail (beyond its originShape); size ${q.size}`
      : `valid ${g.validRows}×${g.validCols} of ${g.rows}×${g.cols}; (n) marks padding beyond originShape; size ${p.size}, cosize ${p.cosize}`,
  );
  return out.join('\n');
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Up to this many cells per mode the SVG draws (and labels) every cell; beyond, aligned blocks. */
export const SVG_EXACT_CELLS = 256;

/**
 * A standalone SVG of the offset grid: every cell drawn and labelled with its offset up to
 * 256×256 cells (legible when zoomed), aggregated beyond into blocks aligned to the layout's
 * own blocks. A tile is pictured as itself: its value in the title, drawn over its parent
 * with its valid part (solid) and its tail (hatched red) distinct.
 */
export function renderSvg(p: Picture, title: string): string {
  const view = defaultView(p);
  const exact = buildGrid(p, view, SVG_EXACT_CELLS);
  const aggregated = exact.rowStep > 1 || exact.colStep > 1;
  const g = aggregated ? buildGrid(p, view, 128) : exact;
  const labels = !aggregated;
  const digits = String(Math.max(0, p.cosize - 1)).length;
  // monospace at 9px is about 5.4px a digit: the widest offset fits with a margin
  const cell = labels ? Math.max(16, Math.ceil(5.6 * digits) + 6) : 6;
  const left = 48;
  const tileText = tileDescription(p);
  const heading = p.subject ? `${title}: ${p.subject.text}` : `${title}: ${p.text}`;
  const lines = [heading];
  if (tileText) lines.push(`${tileText}; drawn inside ${p.subject!.tile!.parent ?? 'its parent'} = ${p.text}`);
  const note = aggregated
    ? `${g.rows}×${g.cols} cells, each block ${g.rowStep}×${g.colStep} (aligned to the layout's blocks); colour = offset of its first element; valid ${g.validRows}×${g.validCols}`
    : `${g.rows}×${g.cols} cells, every cell labelled with its offset; valid ${g.validRows}×${g.validCols}; hatched = padding beyond originShape`;
  lines.push(note);
  if (p.tiles.length)
    lines.push("tiles in red: dashed = the whole tile, solid = its valid part, red hatching = its tail (beyond the parent's originShape)");
  const top = 24 + lines.length * 16 + 8;
  // tiles may reach past the parent's shape: make room for them
  const tileRows = Math.max(0, ...p.tiles.map((t) => (p.rank >= 2 ? t.coord[0] + t.tileShape[0] : 1)));
  const tileCols = Math.max(0, ...p.tiles.map((t) => (p.rank >= 2 ? t.coord[1] + t.tileShape[1] : t.coord[0] + t.tileShape[0])));
  const w = Math.max(left + Math.max(g.drawnCols, Math.ceil(tileCols / g.colStep)) * cell + 16, 8 + 7 * Math.max(...lines.map((l) => l.length)));
  const h = top + Math.max(g.drawnRows, Math.ceil(tileRows / g.rowStep)) * cell + 24;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="monospace" font-size="9">`);
  parts.push(`<title>${esc(heading)}</title>`);
  parts.push(
    '<defs><pattern id="pad" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#d0d0d0"/><line x1="0" y1="0" x2="0" y2="6" stroke="#888" stroke-width="2"/></pattern>' +
      '<pattern id="tail" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><line x1="0" y1="0" x2="0" y2="8" stroke="#c00" stroke-width="2" stroke-opacity="0.55"/></pattern></defs>',
  );
  parts.push(`<rect width="${w}" height="${h}" fill="#fff"/>`);
  lines.forEach((l, i) =>
    parts.push(`<text x="8" y="${18 + i * 16}"${i === 0 ? ' font-size="12"' : ' fill="#444" font-size="10"'}>${esc(l)}</text>`),
  );
  // one <g> per row for the cells and one for their labels keeps the file small: a rect carries
  // only x and fill, a label only x (the row's <g> places it and centres it)
  for (let r = 0; r < g.drawnRows; r++) {
    parts.push(`<g transform="translate(${left},${top + r * cell})">`);
    for (let c = 0; c < g.drawnCols; c++) {
      const i = r * g.drawnCols + c;
      const o = g.offsets[i];
      const padded = g.padding[i] === 1;
      const fill = padded ? 'url(#pad)' : `hsl(${offsetHue(o, p.cosize)},70%,${g.padding[i] === 2 ? 80 : 72}%)`;
      parts.push(`<rect x="${c * cell}" width="${cell}" height="${cell}" fill="${fill}"/>`);
    }
    parts.push('</g>');
    if (labels) {
      parts.push(`<g transform="translate(${left},${top + r * cell + cell / 2 + 3})" text-anchor="middle">`);
      for (let c = 0; c < g.drawnCols; c++) {
        const i = r * g.drawnCols + c;
        parts.push(`<text x="${c * cell + cell / 2}"${g.padding[i] === 1 ? ' fill="#555"' : ''}>${g.offsets[i]}</text>`);
      }
      parts.push('</g>');
    }
  }
  const x0 = left;
  const y0 = top;
  const W = g.drawnCols * cell;
  const H = g.drawnRows * cell;
  if (labels) {
    // thin cell edges so that neighbouring labels stay apart
    for (let r = 1; r < g.drawnRows; r++)
      parts.push(`<line x1="${x0}" x2="${x0 + W}" y1="${y0 + r * cell}" y2="${y0 + r * cell}" stroke="#fff" stroke-width="0.5"/>`);
    for (let c = 1; c < g.drawnCols; c++)
      parts.push(`<line y1="${y0}" y2="${y0 + H}" x1="${x0 + c * cell}" x2="${x0 + c * cell}" stroke="#fff" stroke-width="0.5"/>`);
  }
  for (const b of g.rowBorders)
    parts.push(`<line x1="${x0}" x2="${x0 + W}" y1="${y0 + b * cell}" y2="${y0 + b * cell}" stroke="#000" stroke-width="1.5"/>`);
  for (const b of g.colBorders)
    parts.push(`<line y1="${y0}" y2="${y0 + H}" x1="${x0 + b * cell}" x2="${x0 + b * cell}" stroke="#000" stroke-width="1.5"/>`);
  // valid region outline
  const vw = Math.min(W, (g.validCols / g.colStep) * cell);
  const vh = Math.min(H, (g.validRows / g.rowStep) * cell);
  parts.push(`<rect x="${x0}" y="${y0}" width="${vw}" height="${vh}" fill="none" stroke="#0a0" stroke-width="2"/>`);
  // tiles: the whole tile dashed, its tail hatched, its valid part solid (the declared tile first, thicker)
  p.tiles.forEach((t, k) => {
    if (t.coord.length < 2 && p.rank >= 2) return;
    const [tr, tc] = p.rank >= 2 ? [t.coord[0], t.coord[1]] : [0, t.coord[0]];
    const [sr, sc] = p.rank >= 2 ? [t.tileShape[0], t.tileShape[1]] : [1, t.tileShape[0]];
    const [vr, vc] = p.rank >= 2 ? [t.valid[0], t.valid[1]] : [1, t.valid[0]];
    const X = x0 + (tc / g.colStep) * cell;
    const Y = y0 + (tr / g.rowStep) * cell;
    const px = (n: number, step: number) => (Math.max(0, n) / step) * cell;
    const own = k === 0 && !!p.subject?.tile;
    // the tail: the tile's part beyond its valid extent (right of it, and below it)
    if (vc < sc)
      parts.push(`<rect x="${X + px(vc, g.colStep)}" y="${Y}" width="${px(sc - vc, g.colStep)}" height="${px(sr, g.rowStep)}" fill="url(#tail)"/>`);
    if (vr < sr && vc > 0)
      parts.push(
        `<rect x="${X}" y="${Y + px(vr, g.rowStep)}" width="${px(Math.min(vc, sc), g.colStep)}" height="${px(sr - vr, g.rowStep)}" fill="url(#tail)"/>`,
      );
    parts.push(
      `<rect x="${X}" y="${Y}" width="${px(sc, g.colStep)}" height="${px(sr, g.rowStep)}" fill="none" stroke="#c00" stroke-width="${own ? 2.5 : 1.5}" stroke-dasharray="6 3"><title>${esc(t.label)}</title></rect>`,
    );
    if (vr > 0 && vc > 0)
      parts.push(
        `<rect x="${X}" y="${Y}" width="${px(vc, g.colStep)}" height="${px(vr, g.rowStep)}" fill="none" stroke="#c00" stroke-width="${own ? 3 : 2}"/>`,
      );
    parts.push(`<text x="${X + 2}" y="${Y - 3}" fill="#c00" font-size="10">${esc(t.label)}</text>`);
  });
  // axis labels: every cell when labelled, else every few blocks
  const every = labels ? 1 : Math.max(1, Math.ceil(g.drawnCols / 16));
  for (let c = 0; c < g.drawnCols; c += every)
    parts.push(`<text x="${x0 + c * cell + cell / 2}" y="${y0 - 4}" fill="#444" text-anchor="middle">${c * g.colStep}</text>`);
  const everyR = labels ? 1 : Math.max(1, Math.ceil(g.drawnRows / 32));
  for (let r = 0; r < g.drawnRows; r += everyR)
    parts.push(
      `<text x="${left - 4}" y="${y0 + r * cell + Math.min(cell, 12) / 2 + 3 + (labels ? cell / 2 - Math.min(cell, 12) / 2 : 0)}" fill="#444" text-anchor="end">${r * g.rowStep}</text>`,
    );
  parts.push('</svg>');
  return parts.join('\n');
}
