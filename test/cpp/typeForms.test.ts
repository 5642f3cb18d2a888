// Issue 21, "types shown as types": a C++ `using X = tla::Layout<…>;` (and `decltype(…)`) hovers as
// its type form — static leaves `_N`, run-time leaves their integer types — with the type-level
// Catlass predicates, never as the zeros of a value-initialised `X{}`. On a self-written header
// (test/fixtures/cpp-types/tag_layouts.hpp) that mirrors the idioms; expectations written by hand.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers';
import { hover } from '../../server/src/features/hover';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { analysedDocument, hoverAtText } from '../language/fixture';
import { cppDoc, hoverAt, hoverText } from './cppTestKit';

const text = readFileSync(path.join(ROOT, 'test', 'fixtures', 'cpp-types', 'tag_layouts.hpp'), 'utf8');
const d = cppDoc(text);
/** The hover on the n-th (0-based) occurrence of needle. */
const hoverNth = (needle: string, n: number): string => {
  let at = -1;
  for (let k = 0; k <= n; k++) at = text.indexOf(needle, at + 1);
  assert.ok(at >= 0, needle);
  return hoverText(hover(d, d.lines.position(at + 1), DEFAULT_SETTINGS));
};
/** The fenced block of a hover (its value or type form). */
const fence = (h: string) => /```\n([\s\S]*?)\n```/.exec(h)?.[1];

test('a Layout type alias hovers as its type form with its predicates, never the zeros of X{}', () => {
  // Shape<uint32_t, uint32_t>, Stride<int64_t, Int<1>>: run-time u32 extents, i64 row stride, static unit column stride
  const row = hoverNth('type = tla', 0);
  assert.equal(fence(row), '(u32,u32):(i64,_1)');
  // isRowMajor reads stride<1> == 1 (static _1) on the type: holds
  assert.match(row, /`isRowMajor`/);
  assert.doesNotMatch(row, /\(0,0\)/);
  // the second struct's own `using type` (the same name in another struct): its own form
  const col = hoverNth('type = tla', 1);
  assert.equal(fence(col), '(u32,u32):(_1,i64)');
  assert.match(col, /`isColumnMajor`/);
});

test('nested shapes and a tuple type: the static leaves as _N, the run-time ones by type', () => {
  const l0c = hoverAt(d, 'FractalL0C =', 1);
  assert.equal(fence(l0c), '((_16,u32),(_16,u32)):((_16,_256),(_1,i64))');
  assert.match(l0c, /layout type/);
  const tile = hoverAt(d, 'TileShape =', 1);
  assert.equal(fence(tile), '(_128,u32)');
  assert.match(tile, /tuple type/);
  // tla::_128 is Int<128>: the static stride _128 (the header's alias), not a failed site
  assert.equal(fence(hoverAt(d, 'IndexNZ =', 1)), '((_8,i64),(_16,i64)):((_1,i64),(_8,_128))');
});

test('decltype(value): a type whose run-time leaves are integers of a type not written here (‹int›); X{} is the value-initialised object', () => {
  // MakeShape(m, k), MakeStride(k, Int<1>{}): two run-time extents, a run-time stride and a static _1;
  // the originShape of MakeLayout(shape, stride) is the shape (m, k): run-time too
  const la = hoverAt(d, 'LayoutA =', 1);
  assert.equal(fence(la), '(‹int›,‹int›):(‹int›,_1):(‹int›,‹int›)');
  assert.doesNotMatch(la, /\bm\b|\bk\b/);
  // LayoutA{}: C++ value-initialises the run-time leaves to 0, the static _1 stays (in a .tla, where `LayoutA{}` evaluates)
  const tla = analysedDocument(
    'auto m = 7;\nauto layoutA = MakeLayout(MakeShape(m, 5), MakeStride(5, Int<1>{}));\nusing LayoutA = decltype(layoutA);\nauto zeroA = LayoutA{};\n',
  );
  assert.equal(fence(hoverAtText(tla, 'zeroA', 1)), '(0,0):(0,_1):(0,0)');
  assert.equal(fence(hoverAtText(tla, 'layoutA =', 1)), '(7,5):(5,_1):(7,5)');
});

test("a configuration macro's #else default is marked as a default; what reads it is read under it, and says so", () => {
  const src = readFileSync(path.join(ROOT, 'test', 'fixtures', 'cpp-types', 'jit_defaults.cpp'), 'utf8');
  const k = cppDoc(src);
  // the #else of #ifdef DEMO_JIT_LAYOUT_A: RowMajor only when the build does not define the macro
  const a = hoverAt(k, 'LayoutTagA = layout::RowMajor', 1);
  assert.match(a, /`layout::RowMajor` — \*\*default\*\* when `DEMO_JIT_LAYOUT_A` is not defined/);
  // the first branch of #ifndef DEMO_JIT_LAYOUT_B … #else: ColumnMajor is its default
  assert.match(hoverAt(k, 'LayoutTagB = layout::ColumnMajor', 1), /`layout::ColumnMajor` — \*\*default\*\* when `DEMO_JIT_LAYOUT_B` is not defined/);
  // the layouts of the defaulted tags, under the default: RowMajor (m, k) has stride (k, _1), ColumnMajor (k, m) (_1, k)
  assert.equal(fence(hoverAt(k, 'layoutA =', 1)), '(m,k):(k,_1):(m,k)');
  assert.match(hoverAt(k, 'layoutA =', 1), /with the default `LayoutTagA = layout::RowMajor` — a JIT build may define it otherwise/);
  assert.equal(fence(hoverAt(k, 'layoutB =', 1)), '(k,m):(_1,k):(k,m)');
  assert.match(hoverAt(k, 'layoutB =', 1), /with the default `LayoutTagB = layout::ColumnMajor`/);
  assert.doesNotMatch(hoverAt(k, 'layoutC =', 1), /with the default/);
  // an #ifndef without #else (a guard) declares no default: RowMajor (m, k) has stride (k, _1)
  assert.equal(fence(hoverAt(k, 'layoutC =', 1)), '(m,k):(k,_1):(m,k)');
});
