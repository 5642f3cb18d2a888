// `eval --instance` prints the instantiation's buffer budgets (issue 21), on the self-written
// block of test/fixtures/budgets: FitBlock at budget_kernel.cpp:8 fits (hand arithmetic in
// test/cpp/budgets.test.ts), WideBlock at :9 exceeds L1.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers';

const CLI = path.join(ROOT, 'dist', 'cli.js');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'budgets');
const INCLUDE = path.join(FIXTURES, 'include');
const KERNEL = path.join(FIXTURES, 'kernel', 'budget_kernel.cpp');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

test('eval --json --instance: the budgets as records (L1 393216 of 524288 bytes, event ids 4 of 8)', () => {
  const r = run('eval', '--json', '--include', INCLUDE, '--instance', `${KERNEL}:8`, 'catlass/budget_block.hpp');
  assert.equal(r.status, 0, r.stderr + r.stdout);
  const j = JSON.parse(r.stdout) as {
    budgets: { name: string; used: number | null; capacity: number | null; pass: boolean | null; text: string; message: string }[];
  };
  const l1 = j.budgets.find((b) => b.name === 'L1');
  assert.deepEqual(
    { used: l1?.used, capacity: l1?.capacity, pass: l1?.pass, message: l1?.message },
    { used: 393216, capacity: 524288, pass: true, message: 'L1 tiles exceed the L1 buffer' },
  );
  assert.equal(l1?.text, 'L1: 384 KiB of 512 KiB (A 64 KiB ×2, B 128 KiB ×2)');
  assert.deepEqual(
    j.budgets.map((b) => b.name),
    ['L1', 'L0A', 'L1 EVENT_ID'],
  );
});

test('eval --instance (text): a failing budget is printed with the assert it fails', () => {
  const r = run('eval', '--include', INCLUDE, '--instance', `${KERNEL}:9`, 'catlass/budget_block.hpp');
  const line = r.stdout.split('\n').find((l) => / budget L1:/.test(l));
  // B: 256·512·2 = 256 KiB ×3; A 64 KiB ×2; 896 KiB > 512 KiB
  assert.match(
    line ?? r.stdout,
    /budget_block\.hpp:\d+: budget L1: 896 KiB of 512 KiB \(A 64 KiB ×2, B 256 KiB ×3\) — exceeds: static_assert fails: L1 tiles exceed the L1 buffer$/,
  );
});
