// The fp4 case (issue 21): `MakeLayout<ElementIn, layout::ColumnMajor>(shapeK, shapeN)` in a
// template whose ElementIn is a parameter. At 3510 an fp4 element pads the column stride to
// RoundUp(shapeK, 2) (catlass numeric_size / tla MakeLayout: 4-bit elements in whole bytes), so
// without an instantiation the stride is marked as depending on ElementIn, never the plain
// shapeK; under the fixture's only instantiation (fp4, Ascend950) it is the padded stride.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT, SHARED_DIR } from '../helpers';

const CLI = path.join(ROOT, 'dist', 'cli.js');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'budgets');
const INCLUDE = path.join(FIXTURES, 'include');
const HEADER = path.join(INCLUDE, 'catlass', 'cast_prologue.hpp');
const KERNEL = path.join(FIXTURES, 'kernel', 'cast_kernel.cpp');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
type Site = { line: number; text: string; value: string | null };
const castIn = (sites: Site[]) => sites.find((s) => s.text.startsWith('tla::MakeLayout<ElementIn, layout::ColumnMajor>'));

test('no instantiation: the column stride is marked as depending on ElementIn (shapeK‹?ElementIn›), never plain shapeK', () => {
  const r = run('eval', '--json', HEADER);
  assert.equal(r.status, 0, r.stderr + r.stdout);
  const site = castIn((JSON.parse(r.stdout) as { sites: Site[] }).sites);
  assert.ok(site?.value, JSON.stringify(site));
  assert.ok(site.value.startsWith('(shapeK,shapeN):(_1,shapeK‹?ElementIn›)'), site.value);
});

test('under its only instantiation (float4_e2m1x2_t at 3510): the stride is RoundUp(shapeK, 2)', () => {
  const r = run('eval', '--json', '--include', INCLUDE, '--instance', `${KERNEL}:8`, 'catlass/cast_prologue.hpp');
  assert.equal(r.status, 0, r.stderr + r.stdout);
  const site = castIn((JSON.parse(r.stdout) as { sites: Site[] }).sites);
  assert.ok(site?.value, JSON.stringify(site));
  // fp4 is 4 bits: a column of shapeK elements takes ⌈shapeK/2⌉ bytes, i.e. RoundUp(shapeK, 2) elements
  assert.match(site.value, /^\(shapeK,shapeN\):\(_1,[^)]*shapeK[^)]*2[^)]*\)/);
  assert.ok(!site.value.startsWith('(shapeK,shapeN):(_1,shapeK)'), site.value);
  assert.ok(!site.value.includes('‹?'), site.value);
});

const CORPUS_HEADER = path.join(SHARED_DIR, 'corpus', 'catlass', 'include', 'catlass', 'gemm', 'block', 'block_mx_a8w4_prologue.hpp');
test(
  'Catlass block_mx_a8w4_prologue.hpp:234 without an instantiation: marked, not (_1,shapeK)',
  { skip: existsSync(CORPUS_HEADER) ? false : `no corpus header ${CORPUS_HEADER}` },
  () => {
    const r = run('eval', '--json', CORPUS_HEADER);
    const site = (JSON.parse(r.stdout) as { sites: Site[] }).sites.find((s) => s.line === 234);
    assert.ok(site?.value, JSON.stringify(site));
    assert.ok(site.value.startsWith('(shapeK,shapeN):(_1,shapeK‹?ElementIn›)'), site.value);
  },
);
