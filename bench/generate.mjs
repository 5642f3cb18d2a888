#!/usr/bin/env node
// Generates realistic `.tla` inputs for the benchmarks: the statement kinds of
// examples/ and of the goldens (test/fixtures/golden/*.jsonl), deterministic for a seed.
//
//   node bench/generate.mjs 10000 [seed] [unknowns] > big.tla   one file on stdout (unknowns: 0.1 = error-heavy)
//   node bench/generate.mjs --all [dir]                 bench-100.tla, bench-1000.tla, bench-10000.tla
//
// As a module: `generateDocument(statements, seed)` returns { text, statements, names }.
//
// What a file holds (each a separate `;`-terminated statement, a few spanning lines):
//   - matmul-style blocks as in examples/matmul-kernel.tla: uint32_t extents, tile sizes,
//     CeilDiv/RoundUp arithmetic, MakeLayout<Element, Tag> (zN, nZ, zZ, RowMajor,
//     ColumnMajor, L0C), MakeLayoutL0C, GetTileLayout with interior and tail tiles,
//     layout(coord), crd2offset, print, static_asserts that hold (values computed here);
//   - nested MakeLayout(MakeShape(MakeShape(…)), MakeStride(…)[, originShape]), the
//     compact literal shape:stride:originShape, Layout<Shape<…>, Stride<…>>{} type forms;
//   - golden expressions verbatim (`auto gN = EXPR;`), half of them followed by a
//     static_assert of the value the real headers printed;
//   - names depending on earlier names, also across blocks (tiles of an earlier block's
//     layout), so an edit to an extent re-evaluates a chain of dependents.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.dirname(HERE);
export const GOLDEN_DIR = path.join(ROOT, 'test', 'fixtures', 'golden');
export const SIZES = [100, 1000, 10000];

/** Small deterministic PRNG (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    chance: (p) => next() < p,
  };
}

// ------------------------------------------------------------ a tiny number model of the layouts
// (independent of the TypeScript core: it only has to get the static_asserts right)

const BITS = { half: 16, bfloat16_t: 16, float: 32, int8_t: 8, uint8_t: 8, int32_t: 32 };
const cdiv = (a, b) => Math.floor((a + b - 1) / b);
const rup = (a, b) => cdiv(a, b) * b;

function tagLayout(el, tag, r, c) {
  const c0 = 256 / BITS[el];
  const frac = 4096 / BITS[el];
  switch (tag) {
    case 'RowMajor':
      return { shape: [r, c], stride: [c, 1], origin: [r, c] };
    case 'ColumnMajor':
      return { shape: [r, c], stride: [1, r], origin: [r, c] };
    case 'zN':
      return {
        shape: [
          [16, cdiv(r, 16)],
          [c0, cdiv(c, c0)],
        ],
        stride: [
          [c0, frac],
          [1, rup(r, 16) * c0],
        ],
        origin: [r, c],
      };
    case 'zZ':
      return {
        shape: [
          [16, cdiv(r, 16)],
          [c0, cdiv(c, c0)],
        ],
        stride: [
          [c0, rup(c, c0) * 16],
          [1, frac],
        ],
        origin: [r, c],
      };
    case 'nZ':
      return {
        shape: [
          [c0, cdiv(r, c0)],
          [16, cdiv(c, 16)],
        ],
        stride: [
          [1, rup(c, 16) * c0],
          [c0, frac],
        ],
        origin: [r, c],
      };
    case 'L0C':
      return {
        shape: [
          [16, cdiv(r, 16)],
          [16, cdiv(c, 16)],
        ],
        stride: [
          [16, 256],
          [1, rup(r, 16) * 16],
        ],
        origin: [r, c],
      };
    default:
      throw new Error(tag);
  }
}

const product = (s) => (Array.isArray(s) ? s.reduce((p, x) => p * product(x), 1) : s);

/** crd2offset as tla: tuple coords mode by mode, an integer split colexicographically. */
function offset(coord, shape, stride) {
  if (Array.isArray(coord)) return coord.reduce((acc, c, i) => acc + offset(c, shape[i], stride[i]), 0);
  if (!Array.isArray(shape)) return coord * stride;
  let rest = coord;
  let acc = 0;
  for (let i = 0; i < shape.length; i++) {
    let here = rest;
    if (i < shape.length - 1) {
      const p = product(shape[i]);
      here = rest % p;
      rest = Math.floor(rest / p);
    }
    acc += offset(here, shape[i], stride[i]);
  }
  return acc;
}

function tile(parent, tr, tc, r, c) {
  const nest = (mode, t) => (Array.isArray(mode) ? [mode[0], cdiv(t, mode[0])] : t);
  const crop = (o, x, t) => Math.min(t, x < o ? o - x : 0);
  return {
    shape: [nest(parent.shape[0], tr), nest(parent.shape[1], tc)],
    stride: parent.stride,
    origin: [crop(parent.origin[0], r, tr), crop(parent.origin[1], c, tc)],
  };
}

const tupleText = (t) => (Array.isArray(t) ? `(${t.map(tupleText).join(', ')})` : String(t));
const makeShape = (t, fn = 'MakeShape') => (Array.isArray(t) ? `${fn}(${t.map((x) => makeShape(x, fn)).join(', ')})` : String(t));

// ------------------------------------------------------------ goldens

let goldenCache;
function goldens() {
  if (goldenCache) return goldenCache;
  goldenCache = [];
  for (const f of ['catlass-1.jsonl', 'catlass-2.jsonl', 'catlass-edge.jsonl']) {
    const file = path.join(GOLDEN_DIR, f);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const c = JSON.parse(line);
      if (c.expect.error) continue;
      goldenCache.push(c);
    }
  }
  return goldenCache;
}

function goldenExpected(c) {
  const e = c.expect;
  if (e.value !== undefined) return e.value;
  return `${e.shape}:${e.stride}:${e.originShape}`;
}

// ------------------------------------------------------------ kernel code pasted in (the error-heavy variants)

/**
 * Kernel code pasted into a .tla file: statements the language does not know. `i` keeps
 * declared names unique; `near` is an earlier name to mix in (so they read real names too).
 */
export function unknownStatement(R, i, near) {
  switch (R.int(0, 5)) {
    case 0:
      return `auto blockIdx${i} = AscendC::GetBlockIdx();`;
    case 1:
      return `uint32_t coreNum${i} = AscendC::GetBlockNum() * GetTaskRation();`;
    case 2:
      return `auto gmOffset${i} = blockOffset${i} * ${near} + coreIdx;`;
    case 3:
      return `auto tileX${i} = ComputeTileShape(${near}, L1TileM);`;
    case 4:
      return `print(aivIdx + ${near});`;
    default:
      return `int64_t loops${i} = CeilDiv(kActual${i}, ${near});`;
  }
}

// ------------------------------------------------------------ the document

/**
 * A document of exactly `count` statements. Returns { text, statements } where
 * statements[i] = { line (0-based first line), text, name? } in file order.
 * With `unknowns` (0.1: the error-heavy variant) that share of the statements is kernel
 * code the language does not know (unknownStatement), drawn from a separate stream so
 * the rest of the document is the same.
 */
export function generateDocument(count, seed = 1, { unknowns = 0 } = {}) {
  const R = rng(seed);
  const U = rng(seed + 104729);
  let unknownCount = 0;
  let lastName = '1';
  const out = []; // lines
  const stmts = [];
  const blocks = []; // { id, layouts: [{ name, model }] }
  const G = goldens();
  let g = 0;

  const emit = (text, name) => {
    if (unknowns > 0 && stmts.length < count && U.chance(unknowns)) {
      const u = unknownStatement(U, unknownCount++, lastName);
      stmts.push({ line: out.length, text: u });
      out.push(u);
    }
    if (stmts.length >= count) return false;
    if (name && /^[mnk]_/.test(name)) lastName = name;
    stmts.push({ line: out.length, text, name });
    out.push(...text.split('\n'));
    return true;
  };
  const comment = (text) => out.push(`// ${text}`);

  out.push('using namespace tla;');
  stmts.push({ line: 0, text: 'using namespace tla;' });

  const tags = ['zN', 'zN', 'nZ', 'zZ', 'RowMajor', 'ColumnMajor'];
  const elements = ['half', 'half', 'bfloat16_t', 'float', 'int8_t'];

  for (let b = 0; stmts.length < count; b++) {
    out.push('');
    const m = R.pick([64, 96, 128, 200, 256, 300, 333, 512, 640, 1000, 1024, 2048]);
    const n = R.pick([64, 100, 128, 256, 500, 512, 777, 1024, 4096]);
    const k = R.pick([32, 64, 128, 200, 256, 320]);
    const tM = R.pick([16, 32, 64, 128]);
    const tN = R.pick([16, 32, 64, 128, 256]);
    comment(`---- block ${b}: M x N x K = ${m} x ${n} x ${k}, tiles ${tM} x ${tN}`);
    const s = `_${b}`;
    emit(`uint32_t m${s} = ${m};`, `m${s}`);
    emit(`uint32_t n${s} = ${n};`, `n${s}`);
    emit(`uint32_t k${s} = ${k};`, `k${s}`);
    emit(`uint32_t tileM${s} = ${tM};`, `tileM${s}`);
    emit(`uint32_t tileN${s} = ${tN};`, `tileN${s}`);
    const lastM = (cdiv(m, tM) - 1) * tM;
    const lastN = (cdiv(n, tN) - 1) * tN;
    emit(`auto lastM${s} = (CeilDiv(m${s}, tileM${s}) - 1) * tileM${s};`, `lastM${s}`);
    emit(`auto lastN${s} = (CeilDiv(n${s}, tileN${s}) - 1) * tileN${s};`, `lastN${s}`);
    emit(`static_assert(RoundUp(m${s}, 16) == ${rup(m, 16)});`);

    const el = R.pick(elements);
    const tag = R.pick(tags);
    const A = tagLayout(el, tag, m, k);
    const block = { id: b, layouts: [] };
    blocks.push(block);
    emit(`auto layoutA${s} = MakeLayout<${el}, Catlass::layout::${tag}>(m${s}, k${s});`, `layoutA${s}`);
    block.layouts.push({ name: `layoutA${s}`, model: A });
    emit(`static_assert(originShape(layoutA${s}) == MakeShape(${m}, ${k}));`);
    const C = tagLayout('float', 'L0C', m, n);
    emit(
      R.chance(0.5) ? `auto layoutC${s} = MakeLayoutL0C(m${s}, n${s});` : `auto layoutC${s} = MakeLayout<float, Catlass::layout::L0C>(m${s}, n${s});`,
      `layoutC${s}`,
    );
    block.layouts.push({ name: `layoutC${s}`, model: C });
    emit(`static_assert(stride(layoutC${s}) == MakeStride(MakeStride(16, 256), MakeStride(1, ${rup(m, 16) * 16})));`);

    // tiles: interior and tail, one of them misaligned now and then
    const cT = tile(C, tM, tN, lastM, lastN);
    emit(`auto cTail${s} = GetTileLayout(layoutC${s}, MakeShape(tileM${s}, tileN${s}), MakeCoord(lastM${s}, lastN${s}));`, `cTail${s}`);
    block.layouts.push({ name: `cTail${s}`, model: cT });
    emit(`static_assert(originShape(cTail${s}) == MakeShape(${cT.origin[0]}, ${cT.origin[1]}));`);
    const ir = R.int(0, cdiv(m, tM) - 1) * tM;
    const ic = R.int(0, cdiv(n, tN) - 1) * tN;
    const cI = tile(C, tM, tN, ir, ic);
    emit(
      `auto cTile${s} = GetTileLayout(layoutC${s},\n                         MakeShape(tileM${s}, tileN${s}),\n                         MakeCoord(${ir}, ${ic}));`,
      `cTile${s}`,
    );
    block.layouts.push({ name: `cTile${s}`, model: cI });
    emit(`static_assert(shape(cTile${s}) == MakeShape(MakeShape(16, ${cdiv(tM, 16)}), MakeShape(16, ${cdiv(tN, 16)})));`);

    // offsets
    const r = R.int(0, m - 1);
    const c = R.int(0, k - 1);
    emit(`static_assert(layoutA${s}(MakeCoord(${r}, ${c})) == ${offset([r, c], A.shape, A.stride)});`);
    const r2 = R.int(0, m - 1);
    const c2 = R.int(0, n - 1);
    emit(`print(crd2offset(MakeCoord(${r2}, ${c2}), shape(layoutC${s}), stride(layoutC${s})));`);
    const flat = R.int(0, product(C.shape) - 1);
    emit(`auto off${s} = layoutC${s}(${flat});`, `off${s}`);
    emit(`static_assert(off${s} == ${offset(flat, C.shape, C.stride)});`);

    // a few statements of the other kinds
    const extra = R.int(2, 6);
    for (let e = 0; e < extra; e++) {
      const kind = R.int(0, 9);
      const name = `x${s}_${e}`;
      if (kind <= 2 && G.length) {
        const gc = G[(g = (g + 1 + R.int(0, 40)) % G.length)];
        emit(`auto ${name} = ${gc.expr};`, name);
        if (R.chance(0.5)) emit(`static_assert(${name} == ${goldenExpected(gc)});`);
      } else if (kind === 3) {
        const i0 = R.pick([2, 4, 8, 16]);
        const i1 = R.int(1, 8);
        const j0 = R.pick([2, 4, 8, 16]);
        const j1 = R.int(1, 8);
        const st = [
          [j0, j0 * i0],
          [1, i0 * i1 * j0],
        ];
        const explicit = R.chance(0.4);
        emit(
          `Layout ${name} = MakeLayout(MakeShape(MakeShape(${i0}, ${i1}), MakeShape(${j0}, ${j1})),\n` +
            `                      MakeStride(MakeStride(${st[0][0]}, ${st[0][1]}), MakeStride(${st[1][0]}, ${st[1][1]}))` +
            (explicit ? `,\n                      MakeShape(${i0 * i1}, ${j0 * j1}));` : ');'),
          name,
        );
        block.layouts.push({
          name,
          model: {
            shape: [
              [i0, i1],
              [j0, j1],
            ],
            stride: st,
            origin: [i0 * i1, j0 * j1],
          },
        });
        emit(
          `static_assert(${name}(MakeCoord(${i0 * i1 - 1}, ${j0 * j1 - 1})) == ${offset(
            [i0 * i1 - 1, j0 * j1 - 1],
            [
              [i0, i1],
              [j0, j1],
            ],
            st,
          )});`,
        );
      } else if (kind === 4) {
        const rows = R.pick([16, 32, 100, 128]);
        const cols = R.pick([16, 48, 100, 256]);
        const L = tagLayout('half', 'zN', rows, cols);
        const sh = `((_16,${L.shape[0][1]}),(_16,${L.shape[1][1]}))`;
        const sd = `((_16,_256),(_1,${L.stride[1][1]}))`;
        emit(`auto ${name} = ${sh}:${sd}:(${rows},${cols});`, name);
        emit(`static_assert(${name} == MakeLayout<half, Catlass::layout::zN>(${rows}, ${cols}));`);
        block.layouts.push({ name, model: L });
      } else if (kind === 5) {
        const a = R.pick([2, 4, 8]);
        const bb = R.pick([2, 3, 4]);
        emit(
          `Layout ${name} = Layout<Shape<Shape<_4, _${a}>, Shape<_4, _${bb}>>,\n` +
            `                        Stride<Stride<_4, _16>, Stride<_1, _${16 * a}>>,\n` +
            `                        Shape<_${4 * a}, _${4 * bb}>>{};`,
          name,
        );
        block.layouts.push({
          name,
          model: {
            shape: [
              [4, a],
              [4, bb],
            ],
            stride: [
              [4, 16],
              [1, 16 * a],
            ],
            origin: [4 * a, 4 * bb],
          },
        });
      } else if (kind === 6 && blocks.length > 1) {
        // a tile of an earlier block's layout: a dependency across blocks
        const ob = blocks[R.int(Math.max(0, blocks.length - 20), blocks.length - 2)];
        const src = R.pick(ob.layouts.filter((l) => Array.isArray(l.model.shape[0])) ?? []) ?? ob.layouts[0];
        const tr = R.pick([16, 32, 64]);
        const tc = R.pick([16, 32, 48, 64]);
        const rr = R.int(0, Math.max(0, cdiv(src.model.origin[0], tr) - 1)) * tr;
        const cc = R.int(0, Math.max(0, cdiv(src.model.origin[1], tc) - 1)) * tc;
        const T = tile(src.model, tr, tc, rr, cc);
        emit(`auto ${name} = GetTileLayout(${src.name}, MakeShape(${tr}, ${tc}), MakeCoord(${rr}, ${cc}));`, name);
        emit(`static_assert(originShape(${name}) == MakeShape(${T.origin[0]}, ${T.origin[1]}));`);
      } else if (kind === 7) {
        const src = R.pick(block.layouts);
        emit(`static_assert(rank(${src.name}) == 2);`);
        emit(`static_assert(depth(${src.name}) == ${Array.isArray(src.model.shape[0]) ? 2 : 1});`);
      } else if (kind === 8) {
        const src = R.pick(block.layouts);
        const rr = R.int(0, src.model.origin[0] ? src.model.origin[0] - 1 : 0);
        const cc = R.int(0, src.model.origin[1] ? src.model.origin[1] - 1 : 0);
        emit(`print(${src.name}(MakeCoord(${rr}, ${cc})));`);
      } else {
        const fmap = R.chance(0.5);
        emit(
          fmap
            ? `auto ${name} = MakeLayoutFmap<half>(${R.int(1, 4)}, ${R.int(1, 8)}, ${R.int(4, 64)}, ${R.int(4, 64)});`
            : `auto ${name} = MakeLayoutFilter<half, Catlass::Arch::PositionL1>(${R.int(1, 8)}, ${R.int(1, 5)}, ${R.int(1, 5)}, ${R.int(8, 300)});`,
          name,
        );
        emit(`static_assert(rank(${name}) == 5);`);
      }
    }
  }
  return { text: out.join('\n') + '\n', statements: stmts, unknowns: unknownCount };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === '--all') {
    const dir = path.resolve(args[1] ?? path.join(ROOT, 'out', 'bench', 'inputs'));
    mkdirSync(dir, { recursive: true });
    for (const n of SIZES) {
      const file = path.join(dir, `bench-${n}.tla`);
      writeFileSync(file, generateDocument(n, n).text);
      console.log(file);
    }
  } else {
    const n = Number(args[0] ?? 1000);
    if (!Number.isInteger(n) || n < 1) {
      console.error('usage: node bench/generate.mjs STATEMENTS [SEED] | --all [DIR]');
      process.exit(2);
    }
    process.stdout.write(generateDocument(n, Number(args[1] ?? n), { unknowns: Number(args[2] ?? 0) }).text);
  }
}
