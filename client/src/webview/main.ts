// The layout view inside the webview: a zoomable, virtualised canvas of the offset
// grid (aggregated into blocks when cells are too small to read), the memory view
// with holes and collisions, tiles drawn over their parent. Every user string goes
// through textContent, never innerHTML.
import {
  GridView,
  MemoryView,
  Picture,
  buildMemory,
  cellIsPadding,
  defaultView,
  explainCell,
  modeOffsets,
  offsetHue,
  unflatten,
} from '../../../server/src/language/picture';

interface Answer {
  name: string | null;
  picture: Picture | null;
  reason: string | null;
}

declare function acquireVsCodeApi(): { postMessage(m: unknown): void; getState(): unknown; setState(s: unknown): void };
const vscode = acquireVsCodeApi();

const MIN_CELL_PX = 3; // below this, elements are aggregated into blocks
const LABEL_PX = 24; // cells at least this wide show their offset
const MEMORY_COLS = 32;

let picture: Picture | null = null;
let name = '';
let view: GridView = { rowMode: 0, colMode: 1, fixed: [] };
let tables: Float64Array[] = [];
let zoom = 16; // px per element
let tab: 'grid' | 'memory' = 'grid';
let focus = { r: 0, c: 0 };
let memory: MemoryView | null = null;
let lastText = '';

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) => {
  const e = document.createElement(tag);
  Object.assign(e, props);
  for (const c of children) e.append(c);
  return e;
};

const app = document.getElementById('app')!;
const title = el('h1');
const facts = el('div', { id: 'facts' });
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
  return picture && view.rowMode >= 0 ? picture.modes[view.rowMode].extent : 1;
}
function cols(): number {
  return picture ? picture.modes[view.colMode]?.extent ?? 1 : 1;
}
function validRows(): number {
  return picture && view.rowMode >= 0 ? picture.modes[view.rowMode].origin : 1;
}
function validCols(): number {
  return picture ? picture.modes[view.colMode]?.origin ?? 1 : 1;
}
function step(): number {
  return Math.max(1, Math.ceil(MIN_CELL_PX / zoom));
}
function base(): number {
  if (!picture) return 0;
  let b = 0;
  picture.modes.forEach((m, i) => {
    if (i !== view.rowMode && i !== view.colMode) b += tables[i][Math.min(view.fixed[i] ?? 0, m.extent - 1)] ?? 0;
  });
  return b;
}
function offsetAt(r: number, c: number): number {
  return base() + (view.rowMode >= 0 ? tables[view.rowMode][r] : 0) + tables[view.colMode][c];
}
function indexOf(r: number, c: number): number[] {
  return picture!.modes.map((_, i) => (i === view.rowMode ? r : i === view.colMode ? c : view.fixed[i] ?? 0));
}

function button(label: string, onClick: () => void, pressed?: boolean): HTMLButtonElement {
  const b = el('button', { textContent: label });
  if (pressed !== undefined) b.setAttribute('aria-pressed', String(pressed));
  b.addEventListener('click', onClick);
  return b;
}

function buildToolbar(): void {
  toolbar.replaceChildren();
  toolbar.append(
    button('Grid', () => setTab('grid'), tab === 'grid'),
    button('Memory', () => setTab('memory'), tab === 'memory'),
    button('−', () => setZoom(zoom / 1.5)),
    button('+', () => setZoom(zoom * 1.5)),
    button('Fit', fit),
  );
  if (picture && picture.rank > 2) {
    const modeSelect = (which: 'rowMode' | 'colMode') => {
      const s = el('select');
      s.setAttribute('aria-label', which === 'rowMode' ? 'mode shown as rows' : 'mode shown as columns');
      picture!.modes.forEach((m, i) => s.append(el('option', { value: String(i), textContent: `mode ${i} (${m.extent})`, selected: view[which] === i })));
      s.addEventListener('change', () => {
        const v = Number(s.value);
        const other = which === 'rowMode' ? 'colMode' : 'rowMode';
        if (view[other] === v) view[other] = view[which];
        view[which] = v;
        buildToolbar();
        fit();
      });
      return s;
    };
    toolbar.append('rows', modeSelect('rowMode'), 'cols', modeSelect('colMode'));
    picture.modes.forEach((m, i) => {
      if (i === view.rowMode || i === view.colMode) return;
      const input = el('input', { type: 'number', min: '0', max: String(m.extent - 1), value: String(view.fixed[i] ?? 0) });
      input.setAttribute('aria-label', `index of mode ${i}`);
      input.addEventListener('change', () => {
        view.fixed[i] = Math.max(0, Math.min(m.extent - 1, Math.floor(Number(input.value) || 0)));
        draw();
      });
      toolbar.append(`mode ${i}:`, input);
    });
  }
}

function setTab(t: 'grid' | 'memory'): void {
  tab = t;
  if (t === 'memory' && picture && !memory) memory = buildMemory(picture, 1 << 22);
  buildToolbar();
  fit();
}

function setZoom(z: number): void {
  zoom = Math.max(0.02, Math.min(96, z));
  layoutStage();
  draw();
}

function contentSize(): { w: number; h: number } {
  if (tab === 'memory' && memory) return { w: MEMORY_COLS * zoom, h: Math.ceil(memory.shown / MEMORY_COLS) * zoom };
  return { w: cols() * zoom, h: rows() * zoom };
}

function fit(): void {
  const w = Math.max(200, stage.clientWidth - 4);
  const h = Math.max(200, window.innerHeight - 170);
  const n = tab === 'memory' && memory ? { c: MEMORY_COLS, r: Math.ceil(memory.shown / MEMORY_COLS) } : { c: cols(), r: rows() };
  zoom = Math.max(0.02, Math.min(48, Math.min(w / Math.max(1, n.c), h / Math.max(1, n.r))));
  layoutStage();
  draw();
}

function layoutStage(): void {
  const { w, h } = contentSize();
  spacer.style.width = `${Math.ceil(w)}px`;
  spacer.style.height = `${Math.ceil(h)}px`;
}

let padPattern: CanvasPattern | null = null;
function pattern(ctx: CanvasRenderingContext2D): CanvasPattern | string {
  if (padPattern) return padPattern;
  const p = document.createElement('canvas');
  p.width = p.height = 6;
  const g = p.getContext('2d')!;
  g.fillStyle = '#8888';
  g.fillRect(0, 0, 6, 6);
  g.strokeStyle = '#5558';
  g.beginPath();
  g.moveTo(0, 6);
  g.lineTo(6, 0);
  g.stroke();
  padPattern = ctx.createPattern(p, 'repeat');
  return padPattern ?? '#888';
}

function draw(): void {
  if (!picture) return;
  const vw = Math.max(1, Math.min(stage.clientWidth, Math.ceil(contentSize().w)));
  const vh = Math.max(1, Math.min(stage.clientHeight || 600, Math.ceil(contentSize().h)));
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
  if (tab === 'memory') drawMemory(ctx, sx, sy, vw, vh);
  else drawGrid(ctx, sx, sy, vw, vh);
  canvas.dataset.rows = String(rows());
  canvas.dataset.cols = String(cols());
  canvas.dataset.zoom = String(zoom);
  canvas.dataset.step = String(step());
}

function drawGrid(ctx: CanvasRenderingContext2D, sx: number, sy: number, vw: number, vh: number): void {
  const p = picture!;
  const s = step();
  const cellPx = s * zoom;
  const R = rows();
  const C = cols();
  const r0 = Math.floor(sy / cellPx) * s;
  const c0 = Math.floor(sx / cellPx) * s;
  const r1 = Math.min(R, Math.ceil((sy + vh) / zoom));
  const c1 = Math.min(C, Math.ceil((sx + vw) / zoom));
  const VR = validRows();
  const VC = validCols();
  const labels = s === 1 && zoom >= LABEL_PX;
  ctx.font = `${Math.min(13, Math.floor(zoom / 2.4))}px var(--vscode-editor-font-family, monospace)`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let r = r0; r < r1; r += s) {
    for (let c = c0; c < c1; c += s) {
      const x = c * zoom - sx;
      const y = r * zoom - sy;
      const off = offsetAt(r, c);
      const pad = r >= VR || c >= VC;
      ctx.fillStyle = pad ? pattern(ctx) : `hsl(${offsetHue(off, p.cosize)}, 60%, 52%)`;
      ctx.fillRect(x, y, cellPx - (labels ? 1 : 0), cellPx - (labels ? 1 : 0));
      if (labels) {
        ctx.fillStyle = pad ? '#ddd' : '#000';
        ctx.fillText(String(off), x + cellPx / 2, y + cellPx / 2);
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
  const rowMode = view.rowMode >= 0 ? p.modes[view.rowMode] : undefined;
  const colMode = p.modes[view.colMode];
  for (const b of rowMode?.blocks ?? []) {
    if (b * zoom < 6) continue;
    for (let i = Math.ceil(r0 / b) * b; i < r1; i += b) if (i > 0) line(c0 * zoom - sx, i * zoom - sy, c1 * zoom - sx, i * zoom - sy);
  }
  for (const b of colMode?.blocks ?? []) {
    if (b * zoom < 6) continue;
    for (let i = Math.ceil(c0 / b) * b; i < c1; i += b) if (i > 0) line(i * zoom - sx, r0 * zoom - sy, i * zoom - sx, r1 * zoom - sy);
  }
  // tiles: whole tile dashed, valid part solid
  ctx.strokeStyle = '#e51400';
  for (const t of p.tiles) {
    const rm = view.rowMode;
    const cm = view.colMode;
    const tr = rm >= 0 ? t.coord[rm] ?? 0 : 0;
    const tc = t.coord[cm] ?? 0;
    const hr = rm >= 0 ? t.tileShape[rm] ?? 1 : 1;
    const hc = t.tileShape[cm] ?? 1;
    ctx.setLineDash([6, 3]);
    ctx.lineWidth = 2;
    ctx.strokeRect(tc * zoom - sx, tr * zoom - sy, hc * zoom, hr * zoom);
    ctx.setLineDash([]);
    ctx.lineWidth = 3;
    const vr = rm >= 0 ? t.valid[rm] ?? 0 : 1;
    const vc = t.valid[cm] ?? 0;
    if (vr > 0 && vc > 0) ctx.strokeRect(tc * zoom - sx, tr * zoom - sy, vc * zoom, vr * zoom);
  }
  // focused cell
  ctx.strokeStyle = getComputedStyle(document.body).getPropertyValue('--vscode-focusBorder') || '#007fd4';
  ctx.lineWidth = 2;
  ctx.strokeRect(focus.c * zoom - sx, focus.r * zoom - sy, Math.max(zoom, cellPx), Math.max(zoom, cellPx));
}

function drawMemory(ctx: CanvasRenderingContext2D, sx: number, sy: number, vw: number, vh: number): void {
  const m = memory!;
  const p = picture!;
  if (!m.exact) {
    ctx.fillStyle = getComputedStyle(document.body).color;
    ctx.fillText(`${p.size} elements: too many to map every address`, 10, 20);
    return;
  }
  const r0 = Math.floor(sy / zoom);
  const r1 = Math.min(Math.ceil(m.shown / MEMORY_COLS), Math.ceil((sy + vh) / zoom));
  const labels = zoom >= 40;
  ctx.font = `${Math.min(11, Math.floor(zoom / 4))}px monospace`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let r = r0; r < r1; r++) {
    for (let c = 0; c < MEMORY_COLS; c++) {
      const a = r * MEMORY_COLS + c;
      if (a >= m.shown) break;
      const x = c * zoom - sx;
      const y = r * zoom - sy;
      if (x > vw) break;
      const hits = m.hits[a];
      ctx.fillStyle = hits === 0 ? pattern(ctx) : `hsl(${offsetHue(m.first[a], p.size)}, 60%, 52%)`;
      ctx.fillRect(x, y, zoom - 1, zoom - 1);
      if (hits > 1) {
        ctx.strokeStyle = '#e51400';
        ctx.lineWidth = 2;
        ctx.strokeRect(x + 1, y + 1, zoom - 3, zoom - 3);
      }
      if (labels && hits > 0) {
        ctx.fillStyle = '#000';
        ctx.fillText(`(${unflatten(p, m.first[a]).join(',')})${hits > 1 ? '+' : ''}`, x + zoom / 2, y + zoom / 2);
      }
    }
  }
}

function cellAt(ev: MouseEvent): { r: number; c: number } | null {
  const rect = canvas.getBoundingClientRect();
  const x = ev.clientX - rect.left + stage.scrollLeft;
  const y = ev.clientY - rect.top + stage.scrollTop;
  if (tab === 'memory') {
    const a = Math.floor(y / zoom) * MEMORY_COLS + Math.floor(x / zoom);
    return memory && a < memory.shown && x < MEMORY_COLS * zoom ? { r: a, c: -1 } : null;
  }
  const r = Math.floor(y / zoom);
  const c = Math.floor(x / zoom);
  return r >= 0 && c >= 0 && r < rows() && c < cols() ? { r, c } : null;
}

function describe(r: number, c: number): string {
  const p = picture!;
  if (tab === 'memory') {
    const m = memory!;
    const hits = m.hits[r];
    return hits === 0 ? `address ${r}: a hole (no coordinate maps here)` : `address ${r} ← (${unflatten(p, m.first[r]).join(',')})${hits > 1 ? ` and ${hits - 1} more: a collision` : ''}`;
  }
  const idx = indexOf(r, c);
  const status = cellIsPadding(p, idx) ? 'padding (beyond originShape)' : 'valid';
  const s = step();
  const block = s > 1 ? `\nblock of ${s}×${s} elements from (${Math.floor(r / s) * s},${Math.floor(c / s) * s})` : '';
  return `${explainCell(p, view, r, c)}\n${status}${block}`;
}

function showTooltip(text: string, x: number, y: number): void {
  tooltip.textContent = text;
  tooltip.style.display = 'block';
  tooltip.style.left = `${Math.max(4, Math.min(x + 14, window.innerWidth - tooltip.offsetWidth - 8))}px`;
  tooltip.style.top = `${y + 14}px`;
}

canvas.addEventListener('mousemove', (ev) => {
  const cell = cellAt(ev);
  if (!cell || !picture) {
    tooltip.style.display = 'none';
    return;
  }
  showTooltip(describe(cell.r, cell.c), ev.clientX, ev.clientY);
});
canvas.addEventListener('mouseleave', () => (tooltip.style.display = 'none'));
canvas.addEventListener('click', (ev) => {
  const cell = cellAt(ev);
  if (cell && tab === 'grid') focus = cell;
  draw();
  vscode.postMessage({ type: 'reveal' });
});
canvas.addEventListener('keydown', (ev) => {
  if (!picture || tab !== 'grid') return;
  const s = step();
  const moves: Record<string, [number, number]> = { ArrowUp: [-s, 0], ArrowDown: [s, 0], ArrowLeft: [0, -s], ArrowRight: [0, s] };
  if (moves[ev.key]) {
    focus = { r: Math.max(0, Math.min(rows() - 1, focus.r + moves[ev.key][0])), c: Math.max(0, Math.min(cols() - 1, focus.c + moves[ev.key][1])) };
    const text = describe(focus.r, focus.c);
    live.textContent = text;
    const rect = canvas.getBoundingClientRect();
    showTooltip(text, rect.left + focus.c * zoom - stage.scrollLeft, rect.top + focus.r * zoom - stage.scrollTop);
    draw();
    ev.preventDefault();
  } else if (ev.key === 'Enter') vscode.postMessage({ type: 'reveal' });
  else if (ev.key === '+' || ev.key === '=') setZoom(zoom * 1.5);
  else if (ev.key === '-') setZoom(zoom / 1.5);
});
stage.addEventListener('scroll', () => draw());
window.addEventListener('resize', () => draw());

function showAnswer(answer: Answer | null, declared: string): void {
  name = declared;
  if (!answer || !answer.picture) {
    picture = null;
    title.textContent = `Layout: ${declared}`;
    facts.textContent = '';
    const msg = el('p', { className: 'error', textContent: answer?.reason ?? 'no picture' });
    legend.replaceChildren(msg);
    stage.style.display = 'none';
    return;
  }
  const same = picture && answer.picture.text === picture.text && answer.picture.rank === picture.rank;
  picture = answer.picture;
  tables = picture.modes.map(modeOffsets);
  memory = null;
  if (!same) {
    view = defaultView(picture);
    focus = { r: 0, c: 0 };
  }
  stage.style.display = '';
  title.textContent = `Layout: ${name}`;
  facts.replaceChildren(
    el('code', { textContent: picture.text }),
    ` — rank ${picture.rank}, size ${picture.size}, cosize ${picture.cosize}`,
  );
  const tileNote = picture.tiles.length ? ` Red: tiles (dashed: the whole tile; solid: its valid part), ${picture.tiles.length} of this parent.` : '';
  legend.textContent = `Colour follows the offset; hatched cells are padding beyond originShape; lines mark the nested blocks.${tileNote} Hover a cell for its offset; click or Enter reveals the statement; arrow keys move; + and − zoom.`;
  buildToolbar();
  if (tab === 'memory') memory = buildMemory(picture, 1 << 22);
  if (!same) fit();
  else draw();
  lastText = picture.text;
  document.body.dataset.layout = lastText;
}

window.addEventListener('message', (ev: MessageEvent<{ type: string; name: string; answer: Answer | null }>) => {
  if (ev.data?.type === 'picture') showAnswer(ev.data.answer, ev.data.name);
});

app.replaceChildren(title, facts, toolbar, stage, legend, live);
stage.append(canvas, spacer);
document.body.append(tooltip);
vscode.postMessage({ type: 'ready' });
