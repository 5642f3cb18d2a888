// The layout view inside the webview: a zoomable, virtualised canvas of the offset grid
// (aggregated into blocks aligned to the layout's own blocks when cells are too small to
// read), the memory view (addresses wrapped into rows, readable from 16 to 16 M addresses,
// holes and collisions visible at every zoom), a tile drawn as itself over its parent.
// Every user string goes through textContent, never innerHTML.
import {
  ADDRESS_DATA,
  ADDRESS_PADDING,
  GridView,
  MemoryBlocks,
  MemoryView,
  Picture,
  alignedStep,
  buildMemory,
  defaultView,
  describeGridCell,
  describeMemoryCell,
  memoryBlocks,
  memoryColumns,
  modeOffsets,
  offsetHue,
  tileLegend,
  unflatten,
} from '../../../shared/picture';
import type { FromWebview, PictureAnswer, PictureStepper, ToWebview } from '../../../shared/protocol';

declare function acquireVsCodeApi(): { postMessage(m: FromWebview): void; getState(): unknown; setState(s: unknown): void };
const vscode = acquireVsCodeApi();

const MIN_CELL_PX = 3; // below this, grid elements are aggregated into blocks
const MIN_MEMORY_PX = 2; // below this, addresses are aggregated into blocks
const LABEL_PX = 24; // cells at least this wide show their offset
const TILE_RED = '#e51400';

/** The view's state, in one object: what is shown, how (view, zoom, tab, focus), and what was computed for it. */
const state = {
  picture: null as Picture | null,
  name: '',
  view: { rowMode: 0, colMode: 1, fixed: [] } as GridView,
  tables: [] as Float64Array[],
  zoom: 16, // px per element (grid) or per address (memory)
  tab: 'grid' as 'grid' | 'memory',
  focus: { r: 0, c: 0 },
  memory: null as MemoryView | null,
  memCols: 32,
  memCache: null as MemoryBlocks | null,
  padPattern: null as CanvasPattern | null,
  holePattern: null as CanvasPattern | null,
  tailPattern: null as CanvasPattern | null,
  /** The zoom is Fit's (not the user's): a resized panel is fitted again. */
  fitted: true,
};

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) => {
  const e = document.createElement(tag);
  Object.assign(e, props);
  for (const c of children) e.append(c);
  return e;
};

const app = document.getElementById('app')!;
const title = el('h1', { id: 'title' });
const facts = el('div', { id: 'facts' });
const steppers = el('div', { id: 'steppers' });
const toolbar = el('div', { className: 'toolbar' });
const stage = el('div', { id: 'stage' });
const spacer = el('div');
const canvas = el('canvas', { tabIndex: 0, id: 'grid' });
canvas.setAttribute('aria-label', 'layout cells; arrow keys move, Enter reveals the statement, + and - zoom');
const tooltip = el('div', { id: 'tooltip' });
const legend = el('div', { id: 'legend' });
const live = el('div', { id: 'live' });
live.setAttribute('aria-live', 'polite');
live.style.position = 'absolute';
live.style.left = '-9999px';
// The canvas only covers the visible part and sticks to the top-left of the scrolling
// stage; the spacer under it gives the scrollbars the size of the whole grid.
canvas.style.position = 'sticky';
canvas.style.top = '0';
canvas.style.left = '0';

function rows(): number {
  return state.picture && state.view.rowMode >= 0 ? state.picture.modes[state.view.rowMode].extent : 1;
}
function cols(): number {
  return state.picture ? (state.picture.modes[state.view.colMode]?.extent ?? 1) : 1;
}
function validRows(): number {
  return state.picture && state.view.rowMode >= 0 ? state.picture.modes[state.view.rowMode].origin : 1;
}
function validCols(): number {
  return state.picture ? (state.picture.modes[state.view.colMode]?.origin ?? 1) : 1;
}
/** Elements per drawn cell along rows and columns: enough for MIN_CELL_PX, aligned to the blocks. */
function steps(): { rs: number; cs: number } {
  const min = Math.max(1, Math.ceil(MIN_CELL_PX / state.zoom));
  if (!state.picture || min === 1) return { rs: 1, cs: 1 };
  return {
    rs: state.view.rowMode >= 0 ? alignedStep(state.picture.modes[state.view.rowMode], min) : 1,
    cs: alignedStep(state.picture.modes[state.view.colMode], min),
  };
}
/** Addresses per side of a drawn block: a power of two, so blocks line up with the power-of-two rows. */
function memoryStep(): number {
  const min = Math.ceil(MIN_MEMORY_PX / state.zoom);
  let s = 1;
  while (s < min) s *= 2;
  return s;
}
function memoryRows(): number {
  return state.memory ? Math.ceil(state.memory.shown / state.memCols) : 0;
}
function base(): number {
  if (!state.picture) return 0;
  let b = 0;
  state.picture.modes.forEach((m, i) => {
    if (i !== state.view.rowMode && i !== state.view.colMode) b += state.tables[i][Math.min(state.view.fixed[i] ?? 0, m.extent - 1)] ?? 0;
  });
  return b;
}
function offsetAt(r: number, c: number): number {
  return base() + (state.view.rowMode >= 0 ? state.tables[state.view.rowMode][r] : 0) + state.tables[state.view.colMode][c];
}

function button(label: string, onClick: () => void, pressed?: boolean, aria?: string): HTMLButtonElement {
  const b = el('button', { textContent: label });
  if (pressed !== undefined) b.setAttribute('aria-pressed', String(pressed));
  if (aria) b.setAttribute('aria-label', aria);
  b.addEventListener('click', onClick);
  return b;
}

function buildToolbar(): void {
  toolbar.replaceChildren();
  toolbar.append(
    button('Grid', () => setTab('grid'), state.tab === 'grid'),
    button('Memory', () => setTab('memory'), state.tab === 'memory'),
    button('−', () => setZoom(state.zoom / 1.5), undefined, 'zoom out'),
    button('+', () => setZoom(state.zoom * 1.5), undefined, 'zoom in'),
    button('Fit', fit),
  );
  if (state.picture && state.picture.rank > 2 && state.tab === 'grid') {
    const modeSelect = (which: 'rowMode' | 'colMode') => {
      const s = el('select');
      s.setAttribute('aria-label', which === 'rowMode' ? 'mode shown as rows' : 'mode shown as columns');
      state.picture!.modes.forEach((m, i) =>
        s.append(el('option', { value: String(i), textContent: `mode ${i} (${m.extent})`, selected: state.view[which] === i })),
      );
      s.addEventListener('change', () => {
        const v = Number(s.value);
        const other = which === 'rowMode' ? 'colMode' : 'rowMode';
        if (state.view[other] === v) state.view[other] = state.view[which];
        state.view[which] = v;
        buildToolbar();
        fit();
      });
      return s;
    };
    toolbar.append('rows', modeSelect('rowMode'), 'cols', modeSelect('colMode'));
    state.picture.modes.forEach((m, i) => {
      if (i === state.view.rowMode || i === state.view.colMode) return;
      const input = el('input', { type: 'number', min: '0', max: String(m.extent - 1), value: String(state.view.fixed[i] ?? 0) });
      input.setAttribute('aria-label', `index of mode ${i}`);
      input.addEventListener('change', () => {
        state.view.fixed[i] = Math.max(0, Math.min(m.extent - 1, Math.floor(Number(input.value) || 0)));
        draw();
      });
      toolbar.append(`mode ${i}:`, input);
    });
  }
  const zoomText = el('span', { id: 'zoom' });
  toolbar.append(zoomText);
}

function ensureMemory(): void {
  if (!state.picture || state.memory) return;
  state.memory = buildMemory(state.picture);
  state.memCache = null;
}

function setTab(t: 'grid' | 'memory'): void {
  state.tab = t;
  if (t === 'memory') ensureMemory();
  buildToolbar();
  fit();
  buildLegend();
}

function setZoom(z: number): void {
  // keep the point at the centre of the stage where it is
  const cx = (stage.scrollLeft + stage.clientWidth / 2) / state.zoom;
  const cy = (stage.scrollTop + stage.clientHeight / 2) / state.zoom;
  state.zoom = Math.max(0.005, Math.min(96, z));
  state.fitted = false;
  layoutStage();
  stage.scrollLeft = Math.max(0, cx * state.zoom - stage.clientWidth / 2);
  stage.scrollTop = Math.max(0, cy * state.zoom - stage.clientHeight / 2);
  draw();
}

/** Rows and columns drawn: the grid, and the tiles where they reach past it. */
function extent(): { r: number; c: number } {
  let r = rows();
  let c = cols();
  for (const t of state.picture?.tiles ?? []) {
    if (state.view.rowMode >= 0) r = Math.max(r, (t.coord[state.view.rowMode] ?? 0) + (t.tileShape[state.view.rowMode] ?? 0));
    c = Math.max(c, (t.coord[state.view.colMode] ?? 0) + (t.tileShape[state.view.colMode] ?? 0));
  }
  return { r, c };
}

function contentSize(): { w: number; h: number } {
  if (state.tab === 'memory' && state.memory) return { w: state.memCols * state.zoom, h: memoryRows() * state.zoom };
  const e = extent();
  return { w: e.c * state.zoom + 3, h: e.r * state.zoom + 3 };
}

function stageSize(): { w: number; h: number } {
  return { w: Math.max(120, stage.clientWidth - 4), h: Math.max(120, stage.clientHeight - 4) };
}

function fit(): void {
  const { w, h } = stageSize();
  if (state.tab === 'memory' && state.memory) {
    state.memCols = memoryColumns(state.memory.shown, w, h);
    state.memCache = null;
  }
  const n = state.tab === 'memory' && state.memory ? { c: state.memCols, r: memoryRows() } : extent();
  // a tile is fitted as itself, with a margin of its parent around it
  const region = state.tab === 'grid' ? tileRegion(n) : undefined;
  const r = region ?? { r0: 0, c0: 0, r: n.r, c: n.c };
  state.zoom = Math.max(0.005, Math.min(48, Math.min(w / Math.max(1, r.c), h / Math.max(1, r.r))));
  state.fitted = true;
  layoutStage();
  stage.scrollLeft = r.c0 * state.zoom;
  stage.scrollTop = r.r0 * state.zoom;
  draw();
}

/** The declared tile and a margin around it, when the parent is much larger than the tile. */
function tileRegion(n: { r: number; c: number }): { r0: number; c0: number; r: number; c: number } | undefined {
  const t = state.picture?.subject?.tile ? state.picture.tiles[0] : undefined;
  if (!t) return undefined;
  const tr = state.view.rowMode >= 0 ? (t.coord[state.view.rowMode] ?? 0) : 0;
  const tc = t.coord[state.view.colMode] ?? 0;
  const hr = state.view.rowMode >= 0 ? (t.tileShape[state.view.rowMode] ?? 1) : 1;
  const hc = t.tileShape[state.view.colMode] ?? 1;
  const mr = Math.max(4, Math.ceil(hr / 2));
  const mc = Math.max(4, Math.ceil(hc / 2));
  const r0 = Math.max(0, tr - mr);
  const c0 = Math.max(0, tc - mc);
  const r1 = Math.min(n.r, tr + hr + mr);
  const c1 = Math.min(n.c, tc + hc + mc);
  // the whole parent when it is not much larger than that
  if ((r1 - r0) * 2 > n.r && (c1 - c0) * 2 > n.c) return undefined;
  return { r0, c0, r: r1 - r0, c: c1 - c0 };
}

function layoutStage(): void {
  const { w, h } = contentSize();
  spacer.style.width = `${Math.ceil(w)}px`;
  spacer.style.height = `${Math.ceil(h)}px`;
}

function hatch(ctx: CanvasRenderingContext2D, fill: string, strokeColour: string): CanvasPattern | string {
  const p = document.createElement('canvas');
  p.width = p.height = 6;
  const g = p.getContext('2d')!;
  g.fillStyle = fill;
  g.fillRect(0, 0, 6, 6);
  g.strokeStyle = strokeColour;
  g.lineWidth = 1.5;
  g.beginPath();
  g.moveTo(0, 6);
  g.lineTo(6, 0);
  g.stroke();
  return ctx.createPattern(p, 'repeat') ?? fill;
}
function padding(ctx: CanvasRenderingContext2D): CanvasPattern | string {
  return (state.padPattern ??= hatch(ctx, '#8888', '#5558') as CanvasPattern);
}
/** A hole: no coordinate lands there (lines only, over the background). */
function hole(ctx: CanvasRenderingContext2D): CanvasPattern | string {
  return (state.holePattern ??= hatch(ctx, 'rgba(0,0,0,0)', '#8889') as CanvasPattern);
}
function tail(ctx: CanvasRenderingContext2D): CanvasPattern | string {
  return (state.tailPattern ??= hatch(ctx, 'rgba(229,20,0,0.18)', 'rgba(229,20,0,0.85)') as CanvasPattern);
}

function draw(): void {
  if (!state.picture) return;
  const size = contentSize();
  const vw = Math.max(1, Math.min(stage.clientWidth, Math.ceil(size.w)));
  const vh = Math.max(1, Math.min(stage.clientHeight || 600, Math.ceil(size.h)));
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.floor(vw * dpr);
  canvas.height = Math.floor(vh * dpr);
  canvas.style.width = `${vw}px`;
  canvas.style.height = `${vh}px`;
  spacer.style.marginTop = `-${vh}px`;
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, vw, vh);
  const sx = stage.scrollLeft;
  const sy = stage.scrollTop;
  if (state.tab === 'memory') drawMemory(ctx, sx, sy, vw, vh);
  else drawGrid(ctx, sx, sy, vw, vh);
  canvas.dataset.tab = state.tab;
  canvas.dataset.rows = String(state.tab === 'memory' ? memoryRows() : rows());
  canvas.dataset.cols = String(state.tab === 'memory' ? state.memCols : cols());
  canvas.dataset.zoom = String(state.zoom);
  const st = state.tab === 'memory' ? { rs: memoryStep(), cs: memoryStep() } : steps();
  canvas.dataset.rowStep = String(st.rs);
  canvas.dataset.colStep = String(st.cs);
  if (state.tab === 'memory' && state.memory) {
    canvas.dataset.inTile = String(state.memory.inTile);
    canvas.dataset.padding = String(state.memory.padding);
  } else {
    delete canvas.dataset.inTile;
    delete canvas.dataset.padding;
  }
  const zt = document.getElementById('zoom');
  if (zt) {
    zt.textContent =
      state.tab === 'memory'
        ? `${state.memCols} addresses a row${st.rs > 1 ? `, each square ${st.rs}×${st.rs} addresses` : ''}`
        : st.rs > 1 || st.cs > 1
          ? `each cell ${st.rs}×${st.cs} elements (aligned to the blocks)`
          : `${state.zoom >= 1 ? Math.round(state.zoom) : state.zoom.toFixed(2)} px an element`;
  }
}

function drawGrid(ctx: CanvasRenderingContext2D, sx: number, sy: number, vw: number, vh: number): void {
  const p = state.picture!;
  const { rs, cs } = steps();
  const R = rows();
  const C = cols();
  const r0 = Math.floor(sy / state.zoom / rs) * rs;
  const c0 = Math.floor(sx / state.zoom / cs) * cs;
  const r1 = Math.min(R, Math.ceil((sy + vh) / state.zoom));
  const c1 = Math.min(C, Math.ceil((sx + vw) / state.zoom));
  const VR = validRows();
  const VC = validCols();
  const labels = rs === 1 && cs === 1 && state.zoom >= LABEL_PX;
  const gap = labels ? 1 : 0;
  ctx.font = `${Math.min(13, Math.floor(state.zoom / 2.4))}px var(--vscode-editor-font-family, monospace)`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let r = r0; r < r1; r += rs) {
    for (let c = c0; c < c1; c += cs) {
      // snapped to whole pixels: no seams between cells smaller than a label
      const x = Math.round(c * state.zoom - sx);
      const y = Math.round(r * state.zoom - sy);
      const x2 = Math.round(Math.min(C, c + cs) * state.zoom - sx);
      const y2 = Math.round(Math.min(R, r + rs) * state.zoom - sy);
      const off = offsetAt(r, c);
      const pad = r >= VR || c >= VC;
      ctx.fillStyle = pad ? padding(ctx) : `hsl(${offsetHue(off, p.cosize)}, 60%, 52%)`;
      ctx.fillRect(x, y, x2 - x - gap, y2 - y - gap);
      if (labels) {
        ctx.fillStyle = pad ? '#ddd' : '#000';
        ctx.fillText(String(off), x + state.zoom / 2, y + state.zoom / 2);
      }
    }
  }
  // block borders of the nested structure
  ctx.strokeStyle = getComputedStyle(document.body).getPropertyValue('--vscode-editor-foreground') || '#000';
  ctx.lineWidth = 1.5;
  const line = (x1: number, y1: number, x2: number, y2: number) => {
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
    ctx.stroke();
  };
  const rowMode = state.view.rowMode >= 0 ? p.modes[state.view.rowMode] : undefined;
  const colMode = p.modes[state.view.colMode];
  for (const b of rowMode?.blocks ?? []) {
    if (b * state.zoom < 6) continue;
    for (let i = Math.ceil(r0 / b) * b; i < r1; i += b)
      if (i > 0) line(c0 * state.zoom - sx, i * state.zoom - sy, c1 * state.zoom - sx, i * state.zoom - sy);
  }
  for (const b of colMode?.blocks ?? []) {
    if (b * state.zoom < 6) continue;
    for (let i = Math.ceil(c0 / b) * b; i < c1; i += b)
      if (i > 0) line(i * state.zoom - sx, r0 * state.zoom - sy, i * state.zoom - sx, r1 * state.zoom - sy);
  }
  // the valid region of the parent
  ctx.strokeStyle = '#16a34a';
  ctx.lineWidth = 2;
  ctx.strokeRect(-sx, -sy, VC * state.zoom, VR * state.zoom);
  // tiles: the whole tile dashed, its tail hatched red, its valid part solid; the declared tile first and thicker
  const own = !!p.subject?.tile;
  p.tiles.forEach((t, k) => {
    const rm = state.view.rowMode;
    const cm = state.view.colMode;
    const tr = rm >= 0 ? (t.coord[rm] ?? 0) : 0;
    const tc = t.coord[cm] ?? 0;
    const hr = rm >= 0 ? (t.tileShape[rm] ?? 1) : 1;
    const hc = t.tileShape[cm] ?? 1;
    const vr = Math.max(0, rm >= 0 ? (t.valid[rm] ?? 0) : 1);
    const vc = Math.max(0, t.valid[cm] ?? 0);
    const X = tc * state.zoom - sx;
    const Y = tr * state.zoom - sy;
    const mine = own && k === 0;
    if (mine) {
      ctx.fillStyle = tail(ctx);
      if (vc < hc) ctx.fillRect(X + vc * state.zoom, Y, (hc - vc) * state.zoom, hr * state.zoom);
      if (vr < hr) ctx.fillRect(X, Y + vr * state.zoom, Math.min(vc, hc) * state.zoom, (hr - vr) * state.zoom);
    }
    ctx.strokeStyle = TILE_RED;
    ctx.setLineDash([6, 3]);
    ctx.lineWidth = mine ? 2.5 : 1.5;
    ctx.strokeRect(X, Y, hc * state.zoom, hr * state.zoom);
    ctx.setLineDash([]);
    ctx.lineWidth = mine ? 3.5 : 2;
    if (vr > 0 && vc > 0) ctx.strokeRect(X, Y, vc * state.zoom, vr * state.zoom);
  });
  // focused cell
  ctx.strokeStyle = getComputedStyle(document.body).getPropertyValue('--vscode-focusBorder') || '#007fd4';
  ctx.lineWidth = 2;
  ctx.strokeRect(
    state.focus.c * state.zoom - sx,
    state.focus.r * state.zoom - sy,
    Math.max(state.zoom, cs * state.zoom),
    Math.max(state.zoom, rs * state.zoom),
  );
}

/** The editor's background, mostly opaque: laid over an address outside the tile, it dims it. */
function dimColour(): string {
  const bg = getComputedStyle(document.body).backgroundColor;
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(bg);
  return m ? `rgba(${m[1]},${m[2]},${m[3]},0.72)` : 'rgba(128,128,128,0.72)';
}

function blocksFor(step: number): MemoryBlocks {
  if (!state.memCache || state.memCache.step !== step || state.memCache.cols !== Math.ceil(state.memCols / step))
    state.memCache = memoryBlocks(state.memory!, state.memCols, step);
  return state.memCache;
}

function drawMemory(ctx: CanvasRenderingContext2D, sx: number, sy: number, vw: number, vh: number): void {
  const m = state.memory!;
  const p = state.picture!;
  if (!m.exact) {
    ctx.fillStyle = getComputedStyle(document.body).color;
    ctx.fillText(`${p.size} elements: too many to map every address`, 10, 20);
    return;
  }
  const s = memoryStep();
  const px = s * state.zoom;
  const labels = s === 1 && state.zoom >= 40;
  const frames = s === 1 && state.zoom >= 6;
  ctx.font = `${Math.min(11, Math.floor(state.zoom / 4))}px monospace`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const b = s > 1 ? blocksFor(s) : undefined;
  const br0 = Math.floor(sy / px);
  const br1 = Math.min(Math.ceil(memoryRows() / s), Math.ceil((sy + vh) / px));
  const bc0 = Math.floor(sx / px);
  const bc1 = Math.min(Math.ceil(state.memCols / s), Math.ceil((sx + vw) / px));
  const gap = frames ? 1 : 0;
  const dimming = dimColour();
  for (let r = br0; r < br1; r++) {
    for (let c = bc0; c < bc1; c++) {
      const x = Math.round(c * px - sx);
      const y = Math.round(r * px - sy);
      const w = Math.round((c + 1) * px - sx) - x - gap;
      const h = Math.round((r + 1) * px - sy) - y - gap;
      let first: number;
      let holes: number;
      let collisions: number;
      let role: number;
      if (b) {
        const i = r * b.cols + c;
        first = b.first[i];
        holes = b.holes[i] + b.padding[i];
        collisions = b.collisions[i];
        role = b.role[i];
        if (first < 0 && holes === 0) continue; // beyond the last address
      } else {
        const a = r * state.memCols + c;
        if (a >= m.shown) continue;
        first = m.first[a];
        holes = m.hits[a] === 0 ? 1 : 0;
        collisions = m.hits[a] > 1 ? 1 : 0;
        role = m.role[a];
      }
      if (role === ADDRESS_PADDING || first < 0) {
        // padding as the grid draws it; a hole only lined
        ctx.fillStyle = role === ADDRESS_PADDING ? padding(ctx) : hole(ctx);
        ctx.fillRect(x, y, w, h);
      } else {
        ctx.fillStyle = `hsl(${offsetHue(first, p.size)}, 60%, 52%)`;
        ctx.fillRect(x, y, w, h);
        // a block with some holes or padding: hatched over its colour, so neither disappears when zoomed out
        if (holes > 0) {
          ctx.fillStyle = padding(ctx);
          ctx.fillRect(x, y, w, h);
        }
        // the picture of a tile: the parent's addresses outside the tile dimmed
        if (m.tile && role === ADDRESS_DATA) {
          ctx.fillStyle = dimming;
          ctx.fillRect(x, y, w, h);
        }
      }
      if (collisions > 0) {
        if (frames) {
          ctx.strokeStyle = TILE_RED;
          ctx.lineWidth = 2;
          ctx.strokeRect(x + 1, y + 1, state.zoom - 3, state.zoom - 3);
        } else {
          ctx.fillStyle = TILE_RED;
          ctx.fillRect(x, y, w, h);
        }
      }
      if (labels && first >= 0) {
        ctx.fillStyle = '#000';
        ctx.fillText(`(${unflatten(p, first).join(',')})${collisions ? '+' : ''}`, x + state.zoom / 2, y + state.zoom / 2);
      }
    }
  }
}

function cellAt(ev: MouseEvent): { r: number; c: number } | null {
  const rect = canvas.getBoundingClientRect();
  const x = ev.clientX - rect.left + stage.scrollLeft;
  const y = ev.clientY - rect.top + stage.scrollTop;
  if (state.tab === 'memory') {
    const r = Math.floor(y / state.zoom);
    const c = Math.floor(x / state.zoom);
    return state.memory && c < state.memCols && r * state.memCols + c < state.memory.shown ? { r, c } : null;
  }
  const r = Math.floor(y / state.zoom);
  const c = Math.floor(x / state.zoom);
  return r >= 0 && c >= 0 && r < rows() && c < cols() ? { r, c } : null;
}

function describe(r: number, c: number): string {
  const p = state.picture!;
  if (state.tab === 'memory') {
    const step = memoryStep();
    return describeMemoryCell(p, state.memory!, state.memCols, step, step > 1 ? blocksFor(step) : undefined, r, c);
  }
  return describeGridCell(p, state.view, steps(), r, c);
}

function showTooltip(text: string, x: number, y: number): void {
  tooltip.textContent = text;
  tooltip.style.display = 'block';
  tooltip.style.left = `${Math.max(4, Math.min(x + 14, window.innerWidth - tooltip.offsetWidth - 8))}px`;
  tooltip.style.top = `${Math.min(y + 14, window.innerHeight - tooltip.offsetHeight - 4)}px`;
}

canvas.addEventListener('mousemove', (ev) => {
  const cell = cellAt(ev);
  if (!cell || !state.picture) {
    tooltip.style.display = 'none';
    return;
  }
  showTooltip(describe(cell.r, cell.c), ev.clientX, ev.clientY);
});
canvas.addEventListener('mouseleave', () => (tooltip.style.display = 'none'));
canvas.addEventListener('click', (ev) => {
  const cell = cellAt(ev);
  if (cell && state.tab === 'grid') state.focus = cell;
  draw();
  vscode.postMessage({ type: 'reveal' });
});
canvas.addEventListener('keydown', (ev) => {
  if (!state.picture) return;
  if (ev.key === '+' || ev.key === '=') return setZoom(state.zoom * 1.5);
  if (ev.key === '-') return setZoom(state.zoom / 1.5);
  if (state.tab !== 'grid') return;
  const { rs, cs } = steps();
  const moves: Record<string, [number, number]> = { ArrowUp: [-rs, 0], ArrowDown: [rs, 0], ArrowLeft: [0, -cs], ArrowRight: [0, cs] };
  if (moves[ev.key]) {
    state.focus = {
      r: Math.max(0, Math.min(rows() - 1, state.focus.r + moves[ev.key][0])),
      c: Math.max(0, Math.min(cols() - 1, state.focus.c + moves[ev.key][1])),
    };
    const text = describe(state.focus.r, state.focus.c);
    live.textContent = text;
    const rect = canvas.getBoundingClientRect();
    showTooltip(text, rect.left + state.focus.c * state.zoom - stage.scrollLeft, rect.top + state.focus.r * state.zoom - stage.scrollTop);
    draw();
    ev.preventDefault();
  } else if (ev.key === 'Enter') vscode.postMessage({ type: 'reveal' });
});
stage.addEventListener('scroll', () => draw());
// the picture fills its panel as soon as the panel has its size, and again when it is resized
// (unless the user zoomed: then only drawn again)
let lastStage = { w: 0, h: 0 };
new ResizeObserver(() => {
  const now = { w: stage.clientWidth, h: stage.clientHeight };
  if (now.w === lastStage.w && now.h === lastStage.h) return;
  lastStage = now;
  if (state.picture && state.fitted) fit();
  else draw();
}).observe(stage);

function swatch(fill: (ctx: CanvasRenderingContext2D, w: number, h: number) => void, w = 14): HTMLCanvasElement {
  const c = el('canvas', { width: w, height: 14, className: 'swatch' });
  c.style.width = `${w}px`;
  const ctx = c.getContext('2d')!;
  fill(ctx, w, 14);
  return c;
}
function key(sw: HTMLElement, text: string): HTMLElement {
  return el('span', { className: 'key' }, sw, text);
}
const gradient = (ctx: CanvasRenderingContext2D, w: number, h: number) => {
  for (let x = 0; x < w; x++) {
    ctx.fillStyle = `hsl(${Math.round((240 * x) / (w - 1))}, 60%, 52%)`;
    ctx.fillRect(x, 0, 1, h);
  }
};

function buildLegend(): void {
  const p = state.picture;
  if (!p) return;
  const items: (HTMLElement | string)[] = [];
  if (state.tab === 'memory') {
    const m = state.memory;
    items.push(key(swatch(gradient, 80), 'the coordinate stored at the address (colexicographic order, first → last)'));
    items.push(
      key(
        swatch((ctx, w, h) => ((ctx.fillStyle = hole(ctx)), ctx.fillRect(0, 0, w, h))),
        'a hole: no coordinate maps there',
      ),
    );
    items.push(
      key(
        swatch((ctx, w, h) => ((ctx.fillStyle = padding(ctx)), ctx.fillRect(0, 0, w, h))),
        'padding: only coordinates beyond originShape land there (hatched over a block that has some)',
      ),
    );
    if (m?.tile)
      items.push(
        key(
          swatch(
            (ctx, w, h) => (
              (ctx.fillStyle = 'hsl(120, 60%, 52%)'),
              ctx.fillRect(0, 0, w, h),
              (ctx.fillStyle = dimColour()),
              ctx.fillRect(w / 2, 0, w / 2, h)
            ),
            28,
          ),
          `bright: ${p.subject!.name}'s addresses in ${p.subject!.tile!.parent ?? 'its parent'}'s buffer; dimmed: the rest`,
        ),
      );
    items.push(
      key(
        swatch((ctx, w, h) => ((ctx.fillStyle = TILE_RED), ctx.fillRect(0, 0, w, h))),
        'a collision: several coordinates map there',
      ),
    );
    if (m) {
      items.push(
        m.exact
          ? `${m.shown.toLocaleString('en')} addresses${m.shown < m.cosize ? ` of ${m.cosize}` : ''}: ${m.holes.toLocaleString('en')} holes, ${m.collisions.toLocaleString('en')} collisions, ${m.tile ? `${m.inTile.toLocaleString('en')} in the tile, ` : ''}${m.padding.toLocaleString('en')} padding. Rows of ${state.memCols} addresses: address = row × ${state.memCols} + column.`
          : `${p.size} elements: too many to map`,
      );
    }
  } else {
    items.push(key(swatch(gradient, 80), `offset 0 → ${p.cosize - 1}`));
    items.push(
      key(
        swatch((ctx, w, h) => ((ctx.fillStyle = padding(ctx)), ctx.fillRect(0, 0, w, h))),
        'padding beyond originShape',
      ),
    );
    items.push(
      key(
        swatch((ctx, w, h) => ((ctx.strokeStyle = '#16a34a'), (ctx.lineWidth = 3), ctx.strokeRect(1, 1, w - 2, h - 2))),
        'valid part (originShape)',
      ),
    );
    items.push('lines: the nested blocks');
    const tiles = tileLegend(p);
    if (tiles) {
      items.push(
        key(
          swatch((ctx, w, h) => ((ctx.strokeStyle = TILE_RED), ctx.setLineDash([3, 2]), (ctx.lineWidth = 2), ctx.strokeRect(1, 1, w - 2, h - 2))),
          tiles.whole,
        ),
      );
      items.push(
        key(
          swatch((ctx, w, h) => ((ctx.strokeStyle = TILE_RED), (ctx.lineWidth = 3), ctx.strokeRect(1, 1, w - 2, h - 2))),
          tiles.valid,
        ),
      );
      if (tiles.tail)
        items.push(
          key(
            swatch((ctx, w, h) => ((ctx.fillStyle = tail(ctx)), ctx.fillRect(0, 0, w, h))),
            tiles.tail,
          ),
        );
    }
  }
  items.push('Hover a cell for its offset; click or Enter reveals the statement; arrow keys move; + and − zoom.');
  legend.replaceChildren(...items.map((i) => (typeof i === 'string' ? el('span', { textContent: i }) : i)));
}

/**
 * A control per runtime name the tile's coordinate reads: − and + step it within its loop's
 * bound (where the file says it); the value is the view's own binding, sent with the next request.
 */
function buildSteppers(list: readonly PictureStepper[]): void {
  steppers.replaceChildren(
    ...list.map((st) => {
      const value = st.value;
      const set = (v: number) => vscode.postMessage({ type: 'step', name: st.name, value: v });
      const down = button('−', () => value !== null && set(value - st.step), undefined, `step ${st.name} down`);
      const up = button('+', () => set(value === null ? st.start : value + st.step), undefined, `step ${st.name} up`);
      down.disabled = value === null || value - st.step < st.start;
      up.disabled = value !== null && st.end !== null && value + st.step >= st.end;
      const range =
        st.end !== null
          ? `${st.start}…${st.end - 1} (${st.bound ?? 'its loop'})`
          : `from ${st.start}${st.bound ? ` (${st.bound})` : ': the file gives no bound'}`;
      const box = el(
        'span',
        { className: 'stepper' },
        el('code', { textContent: st.name }),
        down,
        el('span', { className: 'value', textContent: value === null ? '‹?›' : String(value) }),
        up,
        el('span', { className: 'range', textContent: range }),
      );
      box.dataset.stepper = st.name;
      return box;
    }),
  );
  if (list.length) steppers.append(el('span', { className: 'range', textContent: 'stepped in this view only: the file is not changed' }));
  steppers.style.display = list.length ? '' : 'none';
}

/** The kernel's template parameters the picture took at their default (no instantiation read), said as such. */
function defaultsSaid(answer: PictureAnswer | null): HTMLElement[] {
  const d = answer?.defaults ?? [];
  if (!d.length) return [];
  const line = el('div', {
    textContent: `drawn with ${d.join(', ')}: ${d.length > 1 ? 'template parameters, their defaults' : 'a template parameter, its default'} (no instantiation read here)`,
  });
  line.dataset.defaults = d.join(', ');
  return [line];
}

function showAnswer(answer: PictureAnswer | null, declared: string): void {
  state.name = declared;
  buildSteppers(answer?.steppers ?? []);
  if (!answer || !answer.picture) {
    state.picture = null;
    title.textContent = `Layout: ${declared}`;
    // a declared layout not drawn (symbolic, too large): its value still says what it is, and why on the same line
    const why = el('span', { className: 'error', textContent: answer?.reason ?? 'no picture' });
    facts.replaceChildren(
      answer?.value ? el('div', {}, el('code', { textContent: `${declared} = ${answer.value}` }), ' — not drawn: ', why) : el('div', {}, why),
      ...defaultsSaid(answer),
    );
    // a symbolic layout: "Bind m…" per name, as the hover offers (the extension asks for the number, writes `// tla:`)
    const binds = (answer?.bind ?? []).map((n) => {
      const b = button(`Bind ${n}…`, () => vscode.postMessage({ type: 'bind', name: n }), undefined, `bind ${n} to a number`);
      b.dataset.bind = n;
      return b;
    });
    legend.replaceChildren(...(binds.length ? [el('span', { className: 'toolbar' }, ...binds)] : []));
    // nothing drawn: no zoom, no tabs, no "each cell …" of the last picture
    toolbar.style.display = 'none';
    stage.style.display = 'none';
    delete document.body.dataset.layout;
    delete document.body.dataset.subject;
    return;
  }
  const same = state.picture && answer.picture.text === state.picture.text && answer.picture.rank === state.picture.rank;
  state.picture = answer.picture;
  state.tables = state.picture.modes.map(modeOffsets);
  state.memory = null;
  state.memCache = null;
  if (!same) {
    state.view = defaultView(state.picture);
    state.focus = { r: 0, c: 0 };
  }
  stage.style.display = '';
  toolbar.style.display = '';
  const subject = state.picture.subject;
  const tile = subject?.tile ? state.picture.tiles[0] : undefined;
  title.textContent = `Layout: ${state.name}`;
  const tuple = (x: number[]) => `(${x.join(',')})`;
  if (subject?.tile && tile) {
    // the tile as itself: its value first, then what it is and the parent drawn around it
    const kind = tile.valid.some((x) => x <= 0) ? 'an empty tile' : subject.tile.tail ? 'a tail tile' : 'a full tile';
    facts.replaceChildren(
      el('div', {}, el('code', { textContent: `${state.name} = ${subject.text}` })),
      el('div', {
        textContent: `tile ${tuple(tile.tileShape)} of ${subject.tile.parent ?? 'its parent'} at ${tuple(tile.coord)}, valid ${tuple(tile.valid)}: ${kind}`,
      }),
      el(
        'div',
        {},
        `drawn inside ${subject.tile.parent ?? 'its parent'} = `,
        el('code', { textContent: state.picture.text }),
        ` — rank ${state.picture.rank}, size ${state.picture.size}, cosize ${state.picture.cosize}`,
      ),
    );
  } else {
    facts.replaceChildren(
      el(
        'div',
        {},
        el('code', { textContent: state.picture.text }),
        ` — rank ${state.picture.rank}, size ${state.picture.size}, cosize ${state.picture.cosize}`,
      ),
    );
  }
  facts.append(...defaultsSaid(answer));
  document.body.dataset.layout = state.picture.text;
  document.body.dataset.subject = subject?.text ?? state.picture.text;
  buildToolbar();
  if (state.tab === 'memory') ensureMemory();
  // a stepped tile moves: fitted again, unless the user zoomed
  if (!same || state.fitted) fit();
  else draw();
  buildLegend();
}

window.addEventListener('message', (ev: MessageEvent<ToWebview>) => {
  if (ev.data?.type === 'picture') showAnswer(ev.data.answer, ev.data.name);
});

app.replaceChildren(title, facts, steppers, toolbar, stage, legend, live);
stage.append(canvas, spacer);
document.body.append(tooltip);
vscode.postMessage({ type: 'ready' });
