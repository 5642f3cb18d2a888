// The workspace index in process, fed to a small real header index (FactsIndex): it works in
// slices and lets other work run between them, an edit settles before it is read and a header
// that changes again is read once at its newest, churn (created, changed, deleted, renamed, a
// folder, a checkout of 800 headers with events lost) ends equal to a cold index of the new tree,
// limits are told once however often they are met, and memory follows the tree, not the edits.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { WatchedChange } from '../../server/src/workspaceIndex';
import { coldIndex, indexOf, policyHeader, seeded, tempTree } from './workspaceKit';

/** Writes n policy headers in folders of 50: catlass/gemm/gN/policy_i.hpp. */
function writePolicies(write: (rel: string, text: string) => string, n: number, salt = ''): string[] {
  return Array.from({ length: n }, (_, i) => write(`catlass/gemm/g${Math.floor(i / 50)}/policy_${i}.hpp`, policyHeader(i, salt)));
}

async function assertEqualsCold(t: { root: string }, live: ReturnType<typeof indexOf>, what: string) {
  await live.index.whenIdle();
  const cold = await coldIndex([t.root]);
  assert.deepEqual(live.facts.snapshot(), cold.facts.snapshot(), `${what}: the facts differ from a cold index's`);
  assert.equal(live.index.digest(), cold.index.digest(), `${what}: the digest differs from a cold index's`);
  assert.deepEqual(live.index.status().bytes, cold.index.status().bytes, `${what}: the bytes differ`);
  cold.index.dispose();
}

describe('indexing off the request path', () => {
  const t = tempTree();
  after(t.remove);
  writePolicies(t.write, 1500);

  test('works in slices, and other work runs between them', async () => {
    const live = indexOf([t.root], { sliceMs: 2 });
    // a chain of turns standing for requests: each runs when the index lets the loop go on
    let turns = 0;
    let stop = false;
    const other = () => {
      turns++;
      if (!stop) setImmediate(other);
    };
    setImmediate(other);
    await live.index.whenIdle();
    stop = true;
    assert.equal(live.facts.files.size, 1500);
    // 1,500 headers do not fit in one 2 ms slice: several slices, with other turns in between
    assert.ok(live.slices() >= 3, `${live.slices()} slices`);
    assert.ok(turns >= live.slices() - 1, `${turns} other turns for ${live.slices()} slices`);
    live.index.dispose();
  });

  test('a header edited again before it settled is read once, at its newest; closing goes back to the disk', async () => {
    const live = indexOf([t.root], { settleMs: 200 });
    await live.index.whenIdle();
    const p = path.join(t.root, 'catlass/gemm/g0/policy_3.hpp');
    live.facts.calls.length = 0;
    let text = policyHeader(3);
    live.index.opened(p, () => text);
    await live.index.whenIdle();
    assert.equal(live.facts.calls.length, 0, 'opening with the same text changes nothing');
    for (let i = 0; i < 20; i++) {
      text = policyHeader(3) + `using Edit${i} = int;\n`;
      live.index.edited(p, () => text);
      await new Promise((r) => setImmediate(r)); // a turn between keystrokes, as in an editor
    }
    await live.index.whenIdle();
    assert.deepEqual(
      live.facts.calls.map((c) => [c.op, c.path, c.text]),
      [['set', p, policyHeader(3) + 'using Edit19 = int;\n']],
    );
    // a change on disk while open: the editor's text stays the index's
    live.index.watched([{ path: p, type: 'changed' }]);
    await live.index.whenIdle();
    assert.ok(live.facts.files.get(p)!.includes('using Edit19 = int'));
    live.index.closed(p);
    await live.index.whenIdle();
    assert.ok(!live.facts.files.get(p)!.includes('using Edit19 = int'));
    await assertEqualsCold(t, live, 'after close');
    live.index.dispose();
  });

  test('a header that changes on disk several times before its turn is read once', async () => {
    const live = indexOf([t.root]);
    await live.index.whenIdle();
    const p = path.join(t.root, 'catlass/gemm/g1/policy_60.hpp');
    live.facts.calls.length = 0;
    for (let i = 0; i < 5; i++) {
      fs.writeFileSync(p, policyHeader(60, `V${i}`));
      live.index.watched([{ path: p, type: 'changed' }]);
    }
    await live.index.whenIdle();
    assert.deepEqual(
      live.facts.calls.map((c) => c.text),
      [policyHeader(60, 'V4')],
    );
    fs.writeFileSync(p, policyHeader(60));
    live.index.dispose();
  });
});

describe('churn keeps the index equal to a cold index of the tree', () => {
  const t = tempTree();
  after(t.remove);
  const files = writePolicies(t.write, 200);

  test('created, changed, deleted, renamed, a folder removed and one renamed', async () => {
    const live = indexOf([t.root]);
    await live.index.whenIdle();
    await assertEqualsCold(t, live, 'cold');
    const created = t.write('tla/new_layout.hpp', 'struct NewLayout {};\n');
    live.index.watched([{ path: created, type: 'created' }]);
    await assertEqualsCold(t, live, 'created');
    fs.writeFileSync(files[7], policyHeader(7, 'Changed'));
    live.index.watched([{ path: files[7], type: 'changed' }]);
    await assertEqualsCold(t, live, 'changed');
    fs.rmSync(files[8]);
    live.index.watched([{ path: files[8], type: 'deleted' }]);
    await assertEqualsCold(t, live, 'deleted');
    const renamed = files[9].replace('policy_9', 'policy_9_renamed');
    fs.renameSync(files[9], renamed);
    live.index.watched([
      { path: files[9], type: 'deleted' },
      { path: renamed, type: 'created' },
    ]);
    await assertEqualsCold(t, live, 'renamed');
    // a folder removed: the watcher reports the folder alone
    const g1 = path.join(t.root, 'catlass/gemm/g1');
    fs.rmSync(g1, { recursive: true });
    live.index.watched([{ path: g1, type: 'deleted' }]);
    await assertEqualsCold(t, live, 'folder deleted');
    // a folder renamed: the old folder deleted, the new one created (no event per header)
    const g2 = path.join(t.root, 'catlass/gemm/g2');
    fs.renameSync(g2, g2 + '_moved');
    live.index.watched([
      { path: g2, type: 'deleted' },
      { path: g2 + '_moved', type: 'created' },
    ]);
    await assertEqualsCold(t, live, 'folder renamed');
    // events outside the library folders are not the index's
    live.index.watched([{ path: path.join(t.dir, 'src', 'kernel.cpp'), type: 'changed' }]);
    await assertEqualsCold(t, live, 'outside');
    live.index.dispose();
  });

  test('a checkout rewriting 800 headers, a tenth of its events lost, ends equal to a cold index, and shrinks when files go', async () => {
    const u = tempTree();
    try {
      const before = writePolicies(u.write, 900);
      const live = indexOf([u.root]);
      await live.index.whenIdle();
      const R = seeded(23);
      const events: WatchedChange[] = [];
      // 600 changed, 100 deleted, 100 created: what `git checkout other-branch` does
      for (let i = 0; i < 600; i++) {
        fs.writeFileSync(before[i], policyHeader(i, 'Other'));
        events.push({ path: before[i], type: 'changed' });
      }
      for (let i = 600; i < 700; i++) {
        fs.rmSync(before[i]);
        events.push({ path: before[i], type: 'deleted' });
      }
      for (let i = 0; i < 100; i++)
        events.push({ path: u.write(`catlass/epilogue/e${i % 3}/tile_${i}.hpp`, policyHeader(2000 + i)), type: 'created' });
      // a watcher under load drops events: a tenth never arrives; the rest come in bursts
      const arriving = events.filter(() => R() >= 0.1);
      for (let i = 0; i < arriving.length; i += 150) live.index.watched(arriving.slice(i, i + 150));
      await assertEqualsCold(u, live, 'after the checkout');
      const bytesBefore = live.index.status().bytes;
      fs.rmSync(path.join(u.root, 'catlass', 'gemm'), { recursive: true });
      live.index.watched([{ path: path.join(u.root, 'catlass', 'gemm'), type: 'deleted' }]);
      await assertEqualsCold(u, live, 'after removing gemm/');
      assert.equal(live.facts.files.size, 100);
      assert.ok(live.index.status().bytes < bytesBefore / 5, 'the index shrank with the tree');
      live.index.dispose();
    } finally {
      u.remove();
    }
  });
});

describe('limits told once, not per keystroke', () => {
  const t = tempTree({ 'catlass/small.hpp': 'struct Small {};\n' });
  after(t.remove);

  test('an open header over the size limit, edited 50 times, is one notice', async () => {
    const live = indexOf([t.root], { settleMs: 1, limits: { maxFiles: 100, maxFileBytes: 1000, maxTotalBytes: 1_000_000, maxDepth: 8 } });
    await live.index.whenIdle();
    const p = path.join(t.root, 'catlass/small.hpp');
    for (let i = 0; i < 50; i++) {
      live.index.edited(p, () => 'x'.repeat(2000 + i));
      await live.index.whenIdle();
    }
    assert.deepEqual(
      live.notices.map((n) => n.reason),
      ['large'],
    );
    assert.equal(live.facts.files.size, 0);
    live.index.closed(p);
    await live.index.whenIdle();
    assert.equal(live.facts.files.size, 1);
    live.index.dispose();
  });
});

describe('memory follows the tree, not the edits', () => {
  const t = tempTree();
  after(t.remove);
  writePolicies(t.write, 50);
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };

  test('1,000 edit/save cycles of a header leave the heap flat', async () => {
    const live = indexOf([t.root], { settleMs: 0 });
    live.facts.keepCalls = false;
    await live.index.whenIdle();
    const p = path.join(t.root, 'catlass/gemm/g0/policy_5.hpp');
    const samples: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const text = policyHeader(5) + `static constexpr uint32_t EDIT = ${i};\n` + '// padding\n'.repeat(200);
      live.index.edited(p, () => text); // the editor's edit …
      fs.writeFileSync(p, text); // … saved
      live.index.watched([{ path: p, type: 'changed' }]);
      await live.index.whenIdle();
      if (i % 100 === 99) samples.push(heap());
    }
    // no trend: the last sample within 512 kB of the second (each cycle's text is 2.4 kB: a leak of
    // one text a cycle would be 2 MB over the 900 cycles between them)
    assert.ok(
      samples[9] - samples[1] < 512 * 1024,
      `heap grew ${((samples[9] - samples[1]) / 1024).toFixed(0)} kB: ${samples.map((s) => (s / 1e6).toFixed(2)).join(' ')} MB`,
    );
    live.index.dispose();
  });
});
