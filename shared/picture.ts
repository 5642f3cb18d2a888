// The picture of a layout, as plain data and plain arithmetic on it: per-mode offset
// tables, the grid of any two modes (aggregated into blocks, aligned to the layout's
// own blocks, when too large to draw cell by cell), block borders from the nested
// structure, the memory view with holes and collisions, tiles. No import: the webview
// (a browser), the server's SVG/text renderers and the tests all use this one module;
// server/src/language/picture.ts builds a Picture from a Layout.

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

/** What the picture is of: the declared value itself (for a tile, the tile — drawn inside its parent). */
export interface PictureSubject {
  /** The declared name. */
  name: string;
  /** Its own value, printed: for a tile the tile's layout, not the parent's. */
  text: string;
  /** Set when the declaration is a tile: it is `tiles[0]`, drawn over its parent (the picture). */
  tile?: {
    /** The parent's declared name, when the tile was taken of a name. */
    parent: string | null;
    /** The tile's own modes: offsets relative to the tile's first element. */
    modes: PictureMode[];
    /** Part of the tile lies beyond the parent's originShape (valid < tileShape). */
    tail: boolean;
  };
}

export interface Picture {
  text: string;
  rank: number;
  size: number;
  cosize: number;
  modes: PictureMode[];
  tiles: PictureTile[];
  /** The declaration drawn (absent for a bare layout). */
  subject?: PictureSubject;
}

export type PictureResult = { ok: true; picture: Picture } | { ok: false; reason: string };

/**
 * The legend's words for the tiles drawn (null: none): the dashed whole tile and its solid valid
 * part, and the hatched tail only when the tile the picture is of has one (only its own tail is
 * hatched: a full tile's legend names no tail, whatever the parent's other tiles are).
 */
export function tileLegend(p: Picture): { whole: string; valid: string; tail: string | null } | null {
  if (!p.tiles.length) return null;
  const own = p.subject?.tile ? p.subject.name : undefined;
  const others = p.tiles.length - (own ? 1 : 0);
  const whole = own
    ? `the whole tile ${own}${others ? ` (and ${others} other${others > 1 ? 's' : ''} of this parent)` : ''}`
    : `a whole tile (${p.tiles.length} of this parent)`;
  return { whole, valid: own ? 'its valid part' : 'their valid parts', tail: own && p.subject?.tile?.tail ? `${own}'s tail` : null };
}

/**
 * Index i of a mode split into its leaves as crd2offset splits an integer coordinate
 * (colexicographic, the last leaf taking the rest), written into `out`; returns how many
 * leaves it filled. The one split of the picture: modeSplit, modeOffset and modeTerms read
 * it (test/core/compile.test.ts proves them equal to core's idx2crd and crd2offset).
 */
function splitInto(mode: PictureMode, index: number, out: number[]): number {
  let rest = index;
  const n = mode.leaves.length;
  for (let k = 0; k < n; k++) {
    const leaf = mode.leaves[k];
    if (k === n - 1 || leaf.extent === 0) {
      out[k] = rest;
      return k + 1;
    }
    out[k] = rest % leaf.extent;
    rest = Math.floor(rest / leaf.extent);
  }
  return 0;
}

/** Index i of a mode split into its leaves: 99 of (16,7) → [3, 6]. */
export function modeSplit(mode: PictureMode, index: number): number[] {
  const out: number[] = [];
  out.length = splitInto(mode, index, out);
  return out;
}

/** Reused by modeOffset, which runs once per index of a mode of up to MAX_MODE_EXTENT (no allocation). */
const scratch: number[] = [];

/** Offset of index i of a mode: Σ leaf coordinate · leaf stride over its split. */
export function modeOffset(mode: PictureMode, index: number): number {
  const n = splitInto(mode, index, scratch);
  let off = 0;
  for (let k = 0; k < n; k++) off += scratch[k] * mode.leaves[k].stride;
  return off;
}

/** `1·4 + 0·16` — the terms of one mode's offset, for the cell tooltip. */
export function modeTerms(mode: PictureMode, index: number): string[] {
  return modeSplit(mode, index).map((c, k) => `${c}·${mode.leaves[k].stride}`);
}

/** `(99,99) = ((3,6),(3,6))` — a cell's coordinate split mode by mode; undefined when no mode is nested. */
export function splitCell(p: Picture, idx: number[]): string | undefined {
  if (p.modes.every((m) => m.leaves.length <= 1)) return undefined;
  const parts = p.modes.map((m, i) => {
    const l = modeSplit(m, idx[i] ?? 0);
    return l.length > 1 ? `(${l.join(',')})` : String(l[0] ?? idx[i]);
  });
  return `(${idx.join(',')}) = (${parts.join(',')})`;
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

/**
 * The smallest number of indices per drawn cell, at least `min`, whose cells line up with
 * the mode's blocks: a divisor of its innermost block, else the block doubled until it is
 * large enough (a 4096-long mode of 16×16 fractals aggregates into 16 or 32, never 21).
 */
export function alignedStep(mode: PictureMode | undefined, min: number): number {
  if (min <= 1) return 1;
  const b = mode?.blocks[0];
  if (!b) return min;
  if (min <= b) {
    for (let d = min; d < b; d++) if (b % d === 0) return d;
    return b;
  }
  // doubling the block keeps cells on block edges (and on the power-of-two outer blocks)
  let step = b;
  while (step < min) step *= 2;
  return step;
}

/** The grid of two modes, at most maxCells × maxCells drawn cells (blocks beyond, aligned to the layout's blocks). */
export function buildGrid(p: Picture, view: GridView, maxCells: number): Grid {
  const rowM = view.rowMode >= 0 ? p.modes[view.rowMode] : undefined;
  const colM = p.modes[view.colMode];
  let base = 0;
  p.modes.forEach((m, i) => {
    if (i !== view.rowMode && i !== view.colMode) base += modeOffset(m, Math.min(view.fixed[i] ?? 0, Math.max(0, m.extent - 1)));
  });
  const rows = rowM ? rowM.extent : 1;
  const cols = colM ? colM.extent : 1;
  const rowStep = alignedStep(rowM, Math.ceil(rows / maxCells));
  const colStep = alignedStep(colM, Math.ceil(cols / maxCells));
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
  const idx = p.modes.map((_, i) => (i === view.rowMode ? row : i === view.colMode ? col : (view.fixed[i] ?? 0)));
  const terms = p.modes.flatMap((m, i) => modeTerms(m, idx[i]));
  const offset = p.modes.reduce((a, m, i) => a + modeOffset(m, idx[i]), 0);
  return `(${idx.join(',')}) → ${terms.join(' + ')} = ${offset}`;
}

/** Whether a logical coordinate is valid data or padding. */
export function cellIsPadding(p: Picture, idx: number[]): boolean {
  return idx.some((x, i) => x >= p.modes[i].origin);
}

export interface TileCell {
  /** The coordinate relative to the tile's upper-left element. */
  rel: number[];
  /** Its offset in the tile's own layout, and the sum behind it. */
  offset: number;
  sum: string;
  /** Inside the tile's valid part (its originShape), else in its tail. */
  valid: boolean;
}

/** Where a parent coordinate lies in the picture's own tile (the declared tile), if inside it. */
export function tileCell(p: Picture, idx: number[]): TileCell | undefined {
  const own = p.subject?.tile;
  const t = p.tiles[0];
  if (!own || !t || t.coord.length !== idx.length) return undefined;
  const rel = idx.map((x, i) => x - t.coord[i]);
  if (rel.some((x, i) => x < 0 || x >= t.tileShape[i])) return undefined;
  const terms = own.modes.flatMap((m, i) => modeTerms(m, rel[i]));
  const offset = own.modes.reduce((a, m, i) => a + modeOffset(m, rel[i]), 0);
  return { rel, offset, sum: `(${rel.join(',')}) → ${terms.join(' + ')} = ${offset}`, valid: rel.every((x, i) => x < t.valid[i]) };
}

/** What an address of the memory view holds (its best: a coordinate of the tile over one outside it over padding). */
export const ADDRESS_HOLE = 0; // no coordinate lands here
export const ADDRESS_PADDING = 1; // only coordinates beyond originShape land here: the layout does not address it
export const ADDRESS_DATA = 2; // a valid coordinate (outside the picture's own tile, when it has one)
export const ADDRESS_IN_TILE = 3; // a valid coordinate of the picture's own tile

export interface MemoryView {
  cosize: number;
  /** Addresses shown: min(cosize, limit). */
  shown: number;
  /** For each shown address, the number of coordinates mapped to it (saturating at 255). */
  hits: Uint8Array;
  /** For each shown address, the first coordinate of its role stored there (flat colex index), or -1. */
  first: Int32Array;
  /** For each shown address, ADDRESS_HOLE … ADDRESS_IN_TILE. */
  role: Uint8Array;
  holes: number;
  collisions: number;
  /** Addresses reached only by padding coordinates, and those of the tile's valid part. */
  padding: number;
  inTile: number;
  /** The picture is of a tile (tiles[0] over its parent's buffer): addresses outside it are dimmed. */
  tile: boolean;
  /** true when every element was visited (size within the limit). */
  exact: boolean;
}

/** At most this many addresses in the memory view (16 M: a 4096×4096 layout). */
export const MEMORY_LIMIT = 1 << 24;

/** The role of a coordinate: padding beyond originShape, in the declared tile's rectangle, or other data. */
function coordinateRole(p: Picture, idx: readonly number[]): number {
  for (let m = 0; m < idx.length; m++) if (idx[m] >= p.modes[m].origin) return ADDRESS_PADDING;
  const t = p.subject?.tile ? p.tiles[0] : undefined;
  if (!t || t.coord.length !== idx.length) return ADDRESS_DATA;
  for (let m = 0; m < idx.length; m++) if (idx[m] < t.coord[m] || idx[m] >= t.coord[m] + t.tileShape[m]) return ADDRESS_DATA;
  return ADDRESS_IN_TILE;
}

/** Linear addresses 0…cosize−1 with the coordinates that reach each: holes, collisions, padding, the tile. */
export function buildMemory(p: Picture, limit = MEMORY_LIMIT): MemoryView {
  const shown = Math.min(p.cosize, limit);
  const hits = new Uint8Array(shown);
  const first = new Int32Array(shown).fill(-1);
  const role = new Uint8Array(shown);
  const exact = p.size <= limit * 4 && p.size < 2 ** 31;
  if (exact && p.size > 0) {
    // odometer over all modes, colexicographic (mode 0 fastest); the role changes only when a mode does
    const tables = p.modes.map(modeOffsets);
    const idx = new Array(p.modes.length).fill(0);
    let r = coordinateRole(p, idx);
    for (let flat = 0; flat < p.size; flat++) {
      let off = 0;
      for (let m = 0; m < tables.length; m++) off += tables[m][idx[m]];
      if (off >= 0 && off < shown) {
        if (r > role[off]) {
          role[off] = r;
          first[off] = flat;
        }
        if (hits[off] < 255) hits[off]++;
      }
      for (let m = 0; m < idx.length; m++) {
        if (++idx[m] < p.modes[m].extent) break;
        idx[m] = 0;
      }
      r = coordinateRole(p, idx);
    }
  }
  let holes = 0;
  let collisions = 0;
  let padding = 0;
  let inTile = 0;
  if (exact) {
    for (let a = 0; a < shown; a++) {
      if (hits[a] === 0) holes++;
      else if (hits[a] > 1) collisions++;
      if (role[a] === ADDRESS_PADDING) padding++;
      else if (role[a] === ADDRESS_IN_TILE) inTile++;
    }
  }
  return { cosize: p.cosize, shown, hits, first, role, holes, collisions, padding, inTile, tile: !!p.subject?.tile, exact };
}

/**
 * How many addresses per row of the memory view: a power of two (at least 16) that gives
 * the rows × columns the aspect of the space it is drawn in (wide for a wide panel).
 */
export function memoryColumns(addresses: number, width = 4, height = 3): number {
  if (addresses <= 16) return 16;
  const ideal = Math.sqrt((addresses * Math.max(1, width)) / Math.max(1, height));
  // the power of two nearest the ideal width (in ratio), between 16 and 16384
  return 2 ** Math.max(4, Math.min(14, Math.round(Math.log2(ideal))));
}

export interface MemoryBlocks {
  /** Addresses per side of a drawn block (1: every address drawn). */
  step: number;
  cols: number;
  rows: number;
  /** Per block: the first coordinate of its best role stored in it (flat index, -1 if none), that role, and its counts. */
  first: Int32Array;
  role: Uint8Array;
  holes: Uint32Array;
  collisions: Uint32Array;
  padding: Uint32Array;
  inTile: Uint32Array;
}

/** The memory view in step × step blocks of `cols`-wide rows: every hole, collision, padding and tile address counted in its block. */
export function memoryBlocks(m: MemoryView, cols: number, step: number): MemoryBlocks {
  const rows = Math.ceil(m.shown / cols);
  const bc = Math.ceil(cols / step);
  const br = Math.ceil(rows / step);
  const first = new Int32Array(bc * br).fill(-1);
  const role = new Uint8Array(bc * br);
  const holes = new Uint32Array(bc * br);
  const collisions = new Uint32Array(bc * br);
  const padding = new Uint32Array(bc * br);
  const inTile = new Uint32Array(bc * br);
  for (let a = 0; a < m.shown; a++) {
    const r = Math.floor(a / cols);
    const c = a - r * cols;
    const b = Math.floor(r / step) * bc + Math.floor(c / step);
    const h = m.hits[a];
    const ar = m.role[a];
    if (h === 0) holes[b]++;
    else if (h > 1) collisions[b]++;
    if (ar === ADDRESS_PADDING) padding[b]++;
    else if (ar === ADDRESS_IN_TILE) inTile[b]++;
    if (ar > role[b]) {
      role[b] = ar;
      first[b] = m.first[a];
    }
  }
  return { step, cols: bc, rows: br, first, role, holes, collisions, padding, inTile };
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

/**
 * The tooltip of a grid cell (row r, column c of the drawn grid; `steps` its aggregation into
 * blocks): the sum behind its offset, its split mode by mode, valid or padding, and where it
 * lies in the picture's own tile (its tile-relative sum, valid part or tail).
 */
export function describeGridCell(p: Picture, view: GridView, steps: { rs: number; cs: number }, r: number, c: number): string {
  const idx = p.modes.map((_, i) => (i === view.rowMode ? r : i === view.colMode ? c : (view.fixed[i] ?? 0)));
  const parentName = p.subject?.tile ? (p.subject.tile.parent ?? 'the parent') : '';
  const status = cellIsPadding(p, idx) ? 'padding (beyond originShape)' : 'valid';
  const { rs, cs } = steps;
  const block = rs > 1 || cs > 1 ? `\nblock of ${rs}×${cs} elements from (${Math.floor(r / rs) * rs},${Math.floor(c / cs) * cs})` : '';
  const split = splitCell(p, idx);
  const lines = [
    `${parentName ? `in ${parentName}: ` : ''}${explainCell(p, view, r, c)}`,
    ...(split ? [`split mode by mode: ${split}`] : []),
    status + block,
  ];
  const t = tileCell(p, idx);
  if (t)
    lines.push(
      `in ${p.subject!.name}: ${t.sum}`,
      t.valid ? `inside ${p.subject!.name}'s valid part` : `in ${p.subject!.name}'s tail (beyond its originShape)`,
    );
  else if (p.subject?.tile) lines.push(`outside ${p.subject.name}`);
  return lines.join('\n');
}

/**
 * The tooltip of the memory view at row r, column c (rows of `cols` addresses): the address and
 * the coordinate stored there, a hole, a collision, padding (reached only beyond originShape), and
 * for the picture of a tile, "in the tile (i,j)" or "outside the tile"; at `step` > 1 (addresses
 * aggregated into step×step blocks, `blocks` their counts) the block's first coordinate and counts.
 */
export function describeMemoryCell(
  p: Picture,
  m: MemoryView,
  cols: number,
  step: number,
  blocks: MemoryBlocks | undefined,
  r: number,
  c: number,
): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (step > 1 && blocks) {
    const i = Math.floor(r / step) * blocks.cols + Math.floor(c / step);
    const a0 = Math.floor(r / step) * step * cols + Math.floor(c / step) * step;
    const parts = [`addresses from ${a0}: a block of ${step}×${step} (rows of ${cols} addresses)`];
    parts.push(blocks.first[i] >= 0 ? `first coordinate stored: (${unflatten(p, blocks.first[i]).join(',')})` : 'no coordinate stored here');
    parts.push(`${plural(blocks.holes[i], 'hole')}, ${plural(blocks.collisions[i], 'collision')}`);
    if (m.tile || m.padding) parts.push(`${m.tile ? `${blocks.inTile[i]} in the tile, ` : ''}${blocks.padding[i]} padding`);
    return parts.join('\n');
  }
  const a = r * cols + c;
  const hits = m.hits[a];
  const where = `address ${a} (row ${r}, column ${c} of ${cols} a row)`;
  if (hits === 0) return `${where}: a hole (no coordinate maps here)`;
  const idx = unflatten(p, m.first[a]);
  const more = hits > 1 ? ` and ${hits - 1}${hits === 255 ? '+' : ''} more: a collision` : '';
  if (m.role[a] === ADDRESS_PADDING) {
    const origin = `(${p.modes.map((x) => x.origin).join(',')})`;
    const who =
      hits > 1
        ? `${hits} coordinates beyond originShape ${origin} land here, the first (${idx.join(',')})`
        : `only (${idx.join(',')}), beyond originShape ${origin}, lands here`;
    return `${where}: padding (not addressed by the layout: ${who})`;
  }
  const t = p.tiles[0];
  const tile = !m.tile ? '' : m.role[a] === ADDRESS_IN_TILE ? `: in the tile (${idx.map((x, i) => x - t.coord[i]).join(',')})` : ': outside the tile';
  return `${where} ← (${idx.join(',')})${more}${tile}`;
}
