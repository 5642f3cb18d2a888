#!/usr/bin/env node
// The second generator of the benchmarks, written differently from bench/generate.mjs:
// where that one writes self-contained matmul blocks whose static_asserts hold, this one
// writes a document that keeps referring back to itself and is full of findings:
//
//   - a pool of base layouts (every tag and element, odd extents so tiles have tails and
//     padding), declared once and used from anywhere later in the file;
//   - tiles of tiles: GetTileLayout of a tile of a tile (three levels), across the file;
//   - layouts passed through several names (`auto viewB = viewA;` chains of 2–5 aliases),
//     and the aliases used again further down;
//   - long lines: sums of 20–40 earlier names on one line, compact layout literals and
//     static_asserts of 300–900 characters;
//   - about three diagnostics in ten statements, of every severity: failed static_asserts,
//     rank mismatches, wrong argument kinds, division by zero (errors); coordinates outside
//     the shape or in padding, empty tiles, Layout<…>{} without OriginShape (warnings);
//     misaligned tile origins (information).
//
// With `unknowns` (0.1 = the error-heavy variant) that share of the statements is kernel
// code the language does not know, as when a C++ kernel is pasted in: unknown functions
// (AscendC::GetBlockIdx(), GetTaskRation()) and unknown names (blockOffset, coreIdx).
//
//   node bench/generate-cross.mjs 10000 [seed] [unknowns] > cross.tla
//
// As a module: `generateCross(statements, seed, { unknowns })` returns { text, statements }.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rng, unknownStatement } from './generate.mjs';

const TAGS = ['zN', 'nZ', 'zZ', 'RowMajor', 'ColumnMajor', 'L0C'];
const ELEMENTS = ['half', 'bfloat16_t', 'float', 'int8_t'];
const EXTENTS = [17, 33, 63, 100, 129, 200, 255, 333, 500, 1000, 1023, 2047];

export function generateCross(count, seed = 1, { unknowns = 0 } = {}) {
  const R = rng(seed * 7919 + 17);
  const out = [];
  const stmts = [];
  let unknownCount = 0;
  const emitRaw = (text, name) => {
    if (stmts.length >= count) return false;
    stmts.push({ line: out.length, text, name });
    out.push(...text.split('\n'));
    return true;
  };
  /** Integers and layouts declared so far: { name, rows, cols } for layouts. */
  const ints = [];
  const layouts = [];
  const emit = (text, name) => {
    if (unknowns > 0 && stmts.length > 0 && R.chance(unknowns)) {
      const near = ints.length ? R.pick(ints) : '1';
      emitRaw(unknownStatement(R, unknownCount++, near));
    }
    return emitRaw(text, name);
  };
  let id = 0;
  const fresh = (p) => `${p}${id++}`;
  const anyLayout = () => layouts[R.int(0, layouts.length - 1)];
  const recentLayout = () => layouts[R.int(Math.max(0, layouts.length - 60), layouts.length - 1)];

  out.push('// cross-referencing document: tiles of tiles, aliases, long lines, findings of every severity');
  emitRaw('using namespace tla;');

  while (stmts.length < count) {
    const kind = R.int(0, 19);
    if (kind <= 2 || layouts.length < 8) {
      // extents and a base layout
      const r = fresh('rows');
      const c = fresh('cols');
      const rv = R.pick(EXTENTS);
      const cv = R.pick(EXTENTS);
      emit(`uint32_t ${r} = ${rv};`, r);
      emit(`uint32_t ${c} = ${cv};`, c);
      ints.push(r, c);
      const L = fresh('base');
      const tag = R.pick(TAGS);
      emit(
        tag === 'L0C' && R.chance(0.5)
          ? `auto ${L} = MakeLayoutL0C(${r}, ${c});`
          : `auto ${L} = MakeLayout<${R.pick(ELEMENTS)}, Catlass::layout::${tag}>(${r}, ${c});`,
        L,
      );
      layouts.push({ name: L, rows: rv, cols: cv, tag });
    } else if (kind <= 5) {
      // tiles of tiles: three levels, each a tile of the one before (the first of any earlier layout)
      let parent = anyLayout();
      let rows = parent.rows;
      let cols = parent.cols;
      for (let level = 0; level < 3; level++) {
        const t = fresh(level === 0 ? 'tile' : level === 1 ? 'sub' : 'frag');
        const tr = R.pick([16, 32, 64, 128]) >> level;
        const tc = R.pick([16, 32, 64, 128]) >> level;
        // now and then an origin off the tile grid (information: tile-misaligned)
        const rr = R.int(0, Math.max(0, Math.ceil(rows / tr) - 1)) * tr + (R.chance(0.4) ? 1 : 0);
        const cc = R.int(0, Math.max(0, Math.ceil(cols / tc) - 1)) * tc;
        emit(`auto ${t} = GetTileLayout(${parent.name}, MakeShape(${tr}, ${tc}), MakeCoord(${rr}, ${cc}));`, t);
        const next = { name: t, rows: Math.max(1, Math.min(tr, rows - rr)), cols: Math.max(1, Math.min(tc, cols - cc)), tag: parent.tag };
        layouts.push(next);
        parent = next;
        rows = next.rows;
        cols = next.cols;
      }
    } else if (kind <= 7) {
      // a layout passed through several names, then used
      let src = anyLayout();
      const hops = R.int(2, 5);
      for (let h = 0; h < hops; h++) {
        const v = fresh(['view', 'ref', 'alias', 'lay', 'cur'][h]);
        emit(R.chance(0.5) ? `auto ${v} = ${src.name};` : `Layout ${v} = ${src.name};`, v);
        src = { ...src, name: v };
        layouts.push(src);
      }
      // the last name used: inside, or outside the shape (warning)
      emit(`print(${src.name}(MakeCoord(${R.chance(0.5) ? R.int(0, src.rows - 1) : src.rows + 4096}, ${R.int(0, src.cols - 1)})));`);
    } else if (kind === 8) {
      // a long line: a sum of many earlier integers
      const n = R.int(20, 40);
      const terms = Array.from({ length: n }, () => R.pick(ints));
      const s = fresh('sum');
      emit(`auto ${s} = ${terms.join(' + ')};`, s);
      ints.push(s);
    } else if (kind === 9) {
      // a long line: a deep compact literal, and a long static_assert about it
      const a = R.int(2, 8);
      const b = R.int(2, 8);
      const l = fresh('lit');
      emit(`auto ${l} = ((_16,${a}),(_16,${b}),(_2,_2,_2,_2,_2,_2)):((_16,_256),(_1,${256 * a}),(_1,_2,_4,_8,_16,_32)):(${16 * a},${16 * b},64);`, l);
      const parts = Array.from({ length: R.int(10, 24) }, (_, i) => `${l}(MakeCoord(${i % (16 * a)}, ${(i * 7) % (16 * b)}, ${i % 64}))`);
      emit(`static_assert(${parts.join(' + ')} == ${parts.join(' + ')});`);
    } else if (kind === 10) {
      // offsets of earlier layouts, some outside the shape (warning) or in padding (warning)
      const L = recentLayout();
      const where = R.int(0, 2);
      const r = where === 0 ? R.int(0, L.rows - 1) : where === 1 ? L.rows + 4096 : L.rows;
      emit(`print(${L.name}(MakeCoord(${r}, ${R.int(0, L.cols - 1)})));`);
    } else if (kind === 11) {
      // a tile past the end (empty-tile warning) or misaligned (information)
      const L = recentLayout();
      const t = fresh('edge');
      emit(
        R.chance(0.5)
          ? `auto ${t} = GetTileLayout(${L.name}, MakeShape(16, 16), MakeCoord(${L.rows + 16 * R.int(1, 8)}, 0));`
          : `auto ${t} = GetTileLayout(${L.name}, MakeShape(16, 16), MakeCoord(${1 + R.int(0, 14)}, ${16 * R.int(0, 2)}));`,
        t,
      );
    } else if (kind === 12) {
      // a type form without OriginShape (warning)
      const t = fresh('typed');
      emit(`Layout ${t} = Layout<Shape<_${R.pick([2, 4, 8])}, _${R.pick([2, 4, 8])}>, Stride<_1, _${R.pick([2, 4, 8])}>>{};`, t);
    } else if (kind === 13) {
      // errors of several codes
      const L = recentLayout();
      switch (R.int(0, 4)) {
        case 0:
          emit(`static_assert(rank(${L.name}) == 3);`); // static-assert-failed
          break;
        case 1:
          emit(`print(${L.name}(MakeCoord(1, 2, 3)));`); // rank-mismatch
          break;
        case 2: {
          const x = fresh('bad');
          emit(`auto ${x} = MakeShape(${L.name}, 4);`, x); // argument-kind
          break;
        }
        case 3: {
          const x = fresh('zero');
          emit(`auto ${x} = CeilDiv(${R.pick(ints)}, 0);`, x); // division-by-zero
          break;
        }
        default: {
          const x = fresh('dep');
          // a division by zero inside a sum
          emit(`auto ${x} = CeilDiv(${R.pick(ints)}, 0) + ${R.pick(ints)};`, x);
        }
      }
    } else if (kind <= 16) {
      // integer arithmetic on earlier names, and checks that hold
      const x = fresh('n');
      const a = R.pick(ints);
      const b = R.pick(ints);
      emit(`auto ${x} = CeilDiv(${a}, 16) * 16 + RoundUp(${b}, 32) - min(${a}, ${b});`, x);
      ints.push(x);
      const L = anyLayout();
      emit(R.chance(0.5) ? `static_assert(rank(${L.name}) == 2);` : `print(${L.name}(MakeCoord(${L.rows}, 0)));`);
    } else {
      // crd2offset with the parts of a far earlier layout
      const L = anyLayout();
      emit(`print(crd2offset(MakeCoord(${R.int(0, L.rows - 1)}, ${R.int(0, L.cols - 1)}), shape(${L.name}), stride(${L.name})));`);
    }
  }
  return { text: out.join('\n') + '\n', statements: stmts, unknowns: unknownCount };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [n = '1000', seed, unknowns] = process.argv.slice(2);
  if (!Number.isInteger(Number(n)) || Number(n) < 1) {
    console.error('usage: node bench/generate-cross.mjs STATEMENTS [SEED] [UNKNOWN_SHARE]');
    process.exit(2);
  }
  process.stdout.write(generateCross(Number(n), Number(seed ?? n), { unknowns: Number(unknowns ?? 0) }).text);
}
