// The picture of a layout, as data: per-mode offset tables, the grid of any two
// modes (aggregated into blocks when too large to draw cell by cell), block borders
// from the nested structure, the memory view with holes and collisions, and tiles.
// Shared by the webview, the SVG/text renderers and the tests.
import * as core from '../core';
import { IntTuple, Layout } from '../core';

/** A mode longer than this is not drawn (its offset table would not fit). */
export const MAX_MODE_EXTENT = 1 << 22;

export interface PictureMode {
  /** Number of logical indices of this top-level mode (product of its shape). */
  extent: number;
  /** Valid extent (originShape of this mode); indices at or beyond it are padding. */
  origin: number;
  /** Leaves of this mode, inner first: extent and stride, for the mode-by-mode sum. */
  leaves: { extent: number; stride: number }[];
  /** Block sizes from the nesting: every `b` indices a border (e.g. [16] for (16,7)). */
  blocks: number[];
}

export interface PictureTile {
  /** Upper-left logical coordinate per top-level mode. */
  coord: number[];
  tileShape: number[];
  /** Valid extent per mode (the tile's originShape). */
  valid: number[];
  label: string;
}

export interface Picture {
  text: string;
  rank: number;
  size: number;
  cosize: number;
  modes: PictureMode[];
  tiles: PictureTile[];
}

export type PictureResult = { ok: true; picture: Picture } | { ok: false; reason: string };

const num = (v: bigint) => Number(v);

function modeLeaves(shape: IntTuple, stride: IntTuple): { extent: number; stride: number }[] {
  const sh = core.leaves(shape);
  const st = core.leaves(stride);
  return sh.map((s, i) => ({ extent: num(s.value), stride: num(st[i]?.value ?? 0n) }));
}

export function buildPicture(l: Layout, tiles: PictureTile[] = []): PictureResult {
  if (core.isSymbolic(l)) return { ok: false, reason: 'its sizes are known only at run time; open it in a layout scratchpad with values to see a picture' };
  const shapeModes = l.shape.kind === 'tuple' ? l.shape.items : [l.shape];
  const strideModes = l.stride.kind === 'tuple' ? l.stride.items : [l.stride];
  const originModes = l.originShape.kind === 'tuple' ? l.originShape.items : [l.originShape];
  const cosize = core.cosize(l);
  if (cosize > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, reason: `cosize ${cosize} is beyond what can be drawn exactly` };
  const modes: PictureMode[] = [];
  for (let m = 0; m < shapeModes.length; m++) {
    const extent = core.arith.product(shapeModes[m]).value;
    if (extent > BigInt(MAX_MODE_EXTENT)) {
      return { ok: false, reason: `mode ${m} has ${extent} indices; at most ${MAX_MODE_EXTENT} per mode are drawn` };
    }
    if (extent < 0n) return { ok: false, reason: `mode ${m} has a negative extent` };
    const leaves = modeLeaves(shapeModes[m], strideModes[m] ?? core.int(0));
    const blocks: number[] = [];
    let acc = 1;
    for (let i = 0; i < leaves.length - 1; i++) {
      acc *= leaves[i].extent;
      if (acc > 1 && acc < Number(extent)) blocks.push(acc);
    }
    const o = originModes[m];
    const origin = o && o.kind === 'int' ? Math.max(0, Math.min(Number(extent), num(o.value))) : Number(extent);
    modes.push({ extent: Number(extent), origin, leaves, blocks });
  }
  return {
    ok: true,
    picture: {
      text: core.printLayout(l),
      rank: modes.length,
      size: modes.reduce((a, m) => a * m.extent, 1),
      cosize: Number(cosize),
      modes,
      tiles,
    },
  };
}

/** Offset of index i of a mode: its leaves split colexicographically, the last taking the rest. */
export function modeOffset(mode: PictureMode, index: number): number {
  let rest = index;
  let off = 0;
  const n = mode.leaves.length;
  for (let k = 0; k < n; k++) {
    const leaf = mode.leaves[k];
    if (k === n - 1 || leaf.extent === 0) {
      off += rest * leaf.stride;
      break;
    }
    off += (rest % leaf.extent) * leaf.stride;
    rest = Math.floor(rest / leaf.extent);
  }
  return off;
}

/** `1·4 + 0·16` — the terms of one mode's offset, for the cell tooltip. */
export function modeTerms(mode: PictureMode, index: number): string[] {
  let rest = index;
  const terms: string[] = [];
  const n = mode.leaves.length;
  for (let k = 0; k < n; k++) {
    const leaf = mode.leaves[k];
    const here = k === n - 1 || leaf.extent === 0 ? rest : rest % leaf.extent;
    terms.push(`${here}·${leaf.stride}`);
    if (k === n - 1 || leaf.extent === 0) break;
    rest = Math.floor(rest / leaf.extent);
  }
  return terms;
}

export function modeOffsets(mode: PictureMode): Float64Array {
  const out = new Float64Array(mode.extent);
  for (let i = 0; i < mode.extent; i++) out[i] = modeOffset(mode, i);
  return out;
}

export interface GridView {
  /** Which modes are rows and columns (rank 1: a strip, rowMode = -1). */
  rowMode: number;
  colMode: number;
  /** Index of every other mode (selectors for rank > 2). */
  fixed: number[];
}

export function defaultView(p: Picture): GridView {
  if (p.rank <= 1) return { rowMode: -1, colMode: 0, fixed: [] };
  return { rowMode: 0, colMode: 1, fixed: p.modes.map(() => 0) };
}

export interface Grid {
  rows: number;
  cols: number;
  /** Logical rows/cols per drawn cell (1 when every cell is drawn). */
  rowStep: number;
  colStep: number;
  drawnRows: number;
  drawnCols: number;
  /** Offset of the first logical cell of each drawn cell (row-major over drawn cells). */
  offsets: Float64Array;
  /** 0 valid, 1 padding, 2 partly padding (an aggregated block across the originShape edge). */
  padding: Uint8Array;
  /** Drawn row/col indices where a block border starts (from the nested structure). */
  rowBorders: number[];
  colBorders: number[];
  validRows: number;
  validCols: number;
  /** Offset added by the fixed (non-shown) modes. */
  base: number;
}

/** The grid of two modes, at most maxCells × maxCells drawn cells (blocks beyond). */
export function buildGrid(p: Picture, view: GridView, maxCells: number): Grid {
  const rowM = view.rowMode >= 0 ? p.modes[view.rowMode] : undefined;
  const colM = p.modes[view.colMode];
  let base = 0;
  p.modes.forEach((m, i) => {
    if (i !== view.rowMode && i !== view.colMode) base += modeOffset(m, Math.min(view.fixed[i] ?? 0, Math.max(0, m.extent - 1)));
  });
  const rows = rowM ? rowM.extent : 1;
  const cols = colM ? colM.extent : 1;
  const rowStep = Math.max(1, Math.ceil(rows / maxCells));
  const colStep = Math.max(1, Math.ceil(cols / maxCells));
  const drawnRows = Math.ceil(rows / rowStep);
  const drawnCols = Math.ceil(cols / colStep);
  const validRows = rowM ? rowM.origin : 1;
  const validCols = colM ? colM.origin : 1;
  const rowOff = new Float64Array(drawnRows);
  for (let r = 0; r < drawnRows; r++) rowOff[r] = rowM ? modeOffset(rowM, r * rowStep) : 0;
  const colOff = new Float64Array(drawnCols);
  for (let c = 0; c < drawnCols; c++) colOff[c] = colM ? modeOffset(colM, c * colStep) : 0;
  const offsets = new Float64Array(drawnRows * drawnCols);
  const padding = new Uint8Array(drawnRows * drawnCols);
  for (let r = 0; r < drawnRows; r++) {
    const r0 = r * rowStep;
    const r1 = Math.min(rows, r0 + rowStep);
    const rowPad = r0 >= validRows ? 1 : r1 > validRows ? 2 : 0;
    for (let c = 0; c < drawnCols; c++) {
      const c0 = c * colStep;
      const c1 = Math.min(cols, c0 + colStep);
      const colPad = c0 >= validCols ? 1 : c1 > validCols ? 2 : 0;
      offsets[r * drawnCols + c] = base + rowOff[r] + colOff[c];
      padding[r * drawnCols + c] = rowPad === 1 || colPad === 1 ? 1 : rowPad || colPad ? 2 : 0;
    }
  }
  const borders = (m: PictureMode | undefined, step: number, drawn: number) => {
    if (!m) return [];
    const out = new Set<number>();
    for (const b of m.blocks) {
      if (b < step) continue; // finer than a drawn cell
      for (let i = b; i < m.extent; i += b) {
        if (i % step === 0) out.add(i / step);
      }
    }
    return [...out].filter((x) => x > 0 && x < drawn).sort((a, b) => a - b);
  };
  return {
    rows,
    cols,
    rowStep,
    colStep,
    drawnRows,
    drawnCols,
    offsets,
    padding,
    rowBorders: borders(rowM, rowStep, drawnRows),
    colBorders: borders(colM, colStep, drawnCols),
    validRows,
    validCols,
    base,
  };
}

/** The sum behind one cell: `(1,5) → 1·4 + 0·16 + 1·1 + 1·32 = 37`. */
export function explainCell(p: Picture, view: GridView, row: number, col: number): string {
  const idx = p.modes.map((_, i) => (i === view.rowMode ? row : i === view.colMode ? col : view.fixed[i] ?? 0));
  const terms = p.modes.flatMap((m, i) => modeTerms(m, idx[i]));
  const offset = p.modes.reduce((a, m, i) => a + modeOffset(m, idx[i]), 0);
  return `(${idx.join(',')}) → ${terms.join(' + ')} = ${offset}`;
}

/** Whether a logical coordinate is valid data or padding. */
export function cellIsPadding(p: Picture, idx: number[]): boolean {
  return idx.some((x, i) => x >= p.modes[i].origin);
}

export interface MemoryView {
  cosize: number;
  /** Addresses shown: min(cosize, limit). */
  shown: number;
  /** For each shown address, the number of coordinates mapped to it. */
  hits: Uint32Array;
  /** For each shown address, the first coordinate stored there (flat colex index), or -1. */
  first: Float64Array;
  holes: number;
  collisions: number;
  /** true when every element was visited (size within the limit). */
  exact: boolean;
}

/** Linear addresses 0…cosize−1 with the coordinates that reach each: holes and collisions. */
export function buildMemory(p: Picture, limit = 1 << 20): MemoryView {
  const shown = Math.min(p.cosize, limit);
  const hits = new Uint32Array(shown);
  const first = new Float64Array(shown).fill(-1);
  const exact = p.size <= limit * 4;
  if (exact && p.size > 0) {
    // odometer over all modes, colexicographic (mode 0 fastest)
    const tables = p.modes.map(modeOffsets);
    const idx = new Array(p.modes.length).fill(0);
    for (let flat = 0; flat < p.size; flat++) {
      let off = 0;
      for (let m = 0; m < tables.length; m++) off += tables[m][idx[m]];
      if (off >= 0 && off < shown) {
        if (hits[off] === 0) first[off] = flat;
        hits[off]++;
      }
      for (let m = 0; m < idx.length; m++) {
        if (++idx[m] < p.modes[m].extent) break;
        idx[m] = 0;
      }
    }
  }
  let holes = 0;
  let collisions = 0;
  if (exact) {
    for (let a = 0; a < shown; a++) {
      if (hits[a] === 0) holes++;
      else if (hits[a] > 1) collisions++;
    }
  }
  return { cosize: p.cosize, shown, hits, first, holes, collisions, exact };
}

/** Flat colexicographic index → per-mode logical indices. */
export function unflatten(p: Picture, flat: number): number[] {
  const out: number[] = [];
  let rest = flat;
  for (const m of p.modes) {
    out.push(m.extent ? rest % m.extent : 0);
    rest = m.extent ? Math.floor(rest / m.extent) : 0;
  }
  return out;
}

/** Colour of an offset: hue along the cosize, the same in the webview and the SVG. */
export function offsetHue(offset: number, cosize: number): number {
  return cosize > 1 ? Math.round((240 * offset) / (cosize - 1)) : 0;
}
