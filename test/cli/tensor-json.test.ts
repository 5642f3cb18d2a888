// `tla-layout eval --json` on tensors and predicates, and on several files (an array).
// Expected values from the v2 golden tensor-v2-2 (the real headers) and hand arithmetic.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers';

const cli = path.join(ROOT, 'dist', 'cli.js');
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: ROOT });
const tmp = mkdtempSync(path.join(tmpdir(), 'tla-cli-tensor-'));
const file = (name: string, text: string) => {
  const p = path.join(tmp, name);
  writeFileSync(p, text);
  return p;
};

const TENSOR = [
  'AscendC::GlobalTensor<bfloat16_t> gmA;',
  'uint32_t k = 3072;',
  'uint32_t n = 271;',
  'auto layoutA = tla::MakeLayout<bfloat16_t, Catlass::layout::RowMajor>(k, n);',
  'auto r = tla::MakeTensor(gmA, layoutA, tla::MakeCoord(Int<576>{}, 0), Catlass::Arch::PositionGM{});',
  'auto p = tla::detail::isRowMajor<decltype(layoutA)>::value;',
].join('\n');

test('eval --json: a tensor has the golden keys and spellings; a predicate is a bool', () => {
  const f = file('tensor.tla', TENSOR);
  const r = run('eval', f, '--json');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const j = JSON.parse(r.stdout);
  const t = j.statements.find((s: { name: string }) => s.name === 'r').value;
  // tensor-v2-2 in catlass-v2-1.jsonl
  for (const [k, v] of Object.entries({
    shape: '(3072,271)',
    stride: '(271,_1)',
    originShape: '(3072,271)',
    coord: '(_576,0)',
    offset: '0',
    position: 'GM',
    element: 'bfloat16_t',
  })) {
    assert.equal(t[k], v, k);
  }
  assert.equal(t.kind, 'tensor');
  assert.equal(typeof t.text, 'string');
  // RowMajor: depth 1, rank 2, stride<1> is the static _1
  assert.deepEqual(j.statements.find((s: { name: string }) => s.name === 'p').value, { kind: 'bool', text: 'true' });
});

test('eval --json A.tla B.tla prints an array, one object per file in order', () => {
  const a = file('a.tla', 'auto x = MakeShape(2, 3);');
  const b = file('b.tla', TENSOR);
  const r = run('eval', a, b, '--json');
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.ok(Array.isArray(j));
  assert.deepEqual(
    j.map((x: { file: string }) => x.file),
    [a, b],
  );
  assert.equal(j[0].statements[0].value.text, '(2,3)');
});

test('eval of several files without --json prints each, and exits 1 when any has an error', () => {
  const a = file('ok.tla', 'auto x = MakeShape(2, 3);');
  const b = file('bad.tla', 'auto y = nope;');
  const r = run('eval', a, b);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /ok\.tla:1: x = \(2,3\)/);
  assert.match(r.stdout, /bad\.tla:1:10: error unknown-name/);
});

test('render draws a tile of a tensor inside the tensor it was cut from (examples/10)', () => {
  const r = run('render', path.join(ROOT, 'examples', '10-tensor-block-loop.tla'), 'tileA', '--text');
  assert.equal(r.status, 0, r.stderr);
  // block (2,3) of 128×64 in 300×200: at (256,192), valid (300−256, 200−192) = (44,8)
  assert.match(r.stdout, /tile \(128,64\) of tensorA at \(256,192\), valid \(44,8\): a tail tile/);
});
