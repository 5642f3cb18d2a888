// Configuration macros (issue 21): both JIT idioms — `#ifndef M #define M V #endif` and `#ifdef M … #else
// using X = …; #endif` — are read under their default, and what rests on a default is marked so.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { CppAnalyzer, printValue } from '../../server/src/language';
import { ROOT } from '../helpers';

const KERNEL = `#include "tla/layout.hpp"
#ifndef CATLASS_JIT_LAYOUT_A
#define CATLASS_JIT_LAYOUT_A RowMajor
#endif
#ifndef CATLASS_JIT_TILE
#define CATLASS_JIT_TILE 64
#endif
#ifdef CATLASS_JIT_LAYOUT_B
using LayoutTagB = Catlass::layout::CATLASS_JIT_LAYOUT_B;
#else
using LayoutTagB = Catlass::layout::ColumnMajor;
#endif
using LayoutTagA = Catlass::layout::CATLASS_JIT_LAYOUT_A;
constexpr uint32_t tile = CATLASS_JIT_TILE;
void f(uint32_t m, uint32_t k) {
    auto la = tla::MakeLayout<half, LayoutTagA>(m, k);
    auto lb = tla::MakeLayout<half, LayoutTagB>(m, k);
    auto lc = tla::MakeLayout<half, Catlass::layout::RowMajor>(tile, k);
    auto ld = tla::MakeLayout<half, Catlass::layout::RowMajor>(m, k);
    auto le = tla::MakeShape(la.shape(), 2);
}
`;

function site(needle: string): { value?: string; defaults?: readonly string[] } {
  const a = new CppAnalyzer().analyze(KERNEL);
  const at = KERNEL.indexOf(needle);
  assert.ok(at >= 0, `no ${needle}`);
  const s = a.statements.find((x) => a.startOf(x) === at);
  return { value: s?.result?.value ? printValue(s.result.value) : undefined, defaults: s?.defaults };
}

test('#ifndef M #define M V: read as V, marked as resting on that default', () => {
  // RowMajor (m,k) of half: stride (k,_1)
  assert.deepEqual(site('tla::MakeLayout<half, LayoutTagA>'), { value: '(m,k):(k,_1):(m,k)', defaults: ['CATLASS_JIT_LAYOUT_A = RowMajor'] });
  assert.deepEqual(site('tla::MakeLayout<half, Catlass::layout::RowMajor>(tile'), {
    value: '(64,k):(k,_1):(64,k)',
    defaults: ['CATLASS_JIT_TILE = 64'],
  });
});

test('#ifdef M … #else: the #else is the default, marked; what reads no default is not', () => {
  // ColumnMajor (m,k): stride (_1,m)
  assert.deepEqual(site('tla::MakeLayout<half, LayoutTagB>'), {
    value: '(m,k):(_1,m):(m,k)',
    defaults: ['LayoutTagB = Catlass::layout::ColumnMajor'],
  });
  assert.deepEqual(site('tla::MakeLayout<half, Catlass::layout::RowMajor>(m'), { value: '(m,k):(k,_1):(m,k)', defaults: undefined });
  // through a name: la rests on the default, so does what reads la
  assert.deepEqual(site('tla::MakeShape(la.shape()').defaults, ['CATLASS_JIT_LAYOUT_A = RowMajor']);
});

test('eval --json: a site resting on a default has a `defaults` field; one that does not has none', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tla-defaults-'));
  const file = path.join(dir, 'kernel.cpp');
  writeFileSync(file, KERNEL);
  const r = spawnSync(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), 'eval', '--json', file], { encoding: 'utf8' });
  const sites = (JSON.parse(r.stdout) as { sites: { text: string; defaults?: string[] }[] }).sites;
  assert.deepEqual(sites.find((s) => s.text.includes('(tile, k)'))?.defaults, ['CATLASS_JIT_TILE = 64']);
  assert.equal(
    sites.find((s) => s.text === 'tla::MakeLayout<half, Catlass::layout::RowMajor>(m, k)'),
    sites.find((s) => s.text === 'tla::MakeLayout<half, Catlass::layout::RowMajor>(m, k)' && !('defaults' in s)),
  );
});

test('no certain warning on a default: a rank mismatch under the default is not reported', () => {
  const text = `#include "tla/layout.hpp"
#ifndef CATLASS_JIT_RANK2
#define CATLASS_JIT_RANK2 RowMajor
#endif
void f(uint32_t m, uint32_t k) {
    auto la = tla::MakeLayout<half, Catlass::layout::CATLASS_JIT_RANK2>(m, k);
    auto bad = tla::GetTileLayout(la, tla::MakeShape(16), tla::MakeCoord(0, 0));
    auto lb = tla::MakeLayout<half, Catlass::layout::RowMajor>(m, k);
    auto bad2 = tla::GetTileLayout(lb, tla::MakeShape(16), tla::MakeCoord(0, 0));
}
`;
  const a = new CppAnalyzer().analyze(text);
  const lines = a.diagnostics.map((d) => text.slice(0, d.start).split('\n').length);
  // only line 9's (bad2, on no default) — line 7's rests on the default
  assert.ok(lines.includes(9), JSON.stringify(a.diagnostics));
  assert.ok(!lines.includes(7), JSON.stringify(a.diagnostics));
});

test('#undef M before #ifdef M … #else: the file decides, the #else is read and is no default', () => {
  const text = `#include "tla/layout.hpp"
#undef CATLASS_JIT_LAYOUT_B
#ifdef CATLASS_JIT_LAYOUT_B
using LayoutTagB = Catlass::layout::CATLASS_JIT_LAYOUT_B;
#else
using LayoutTagB = Catlass::layout::ColumnMajor;
#endif
void f(uint32_t m, uint32_t k) {
    auto lb = tla::MakeLayout<half, LayoutTagB>(m, k);
}
`;
  const a = new CppAnalyzer().analyze(text);
  const s = a.statements.find((x) => a.startOf(x) === text.indexOf('tla::MakeLayout<half, LayoutTagB>'));
  // after the #undef, `#ifdef CATLASS_JIT_LAYOUT_B` is false whatever the build defines: ColumnMajor (m,k), stride (_1,m), certain
  assert.deepEqual(
    { value: s?.result?.value ? printValue(s.result.value) : undefined, defaults: s?.defaults },
    {
      value: '(m,k):(_1,m):(m,k)',
      defaults: undefined,
    },
  );
});
