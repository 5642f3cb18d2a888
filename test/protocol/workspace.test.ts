// The workspace's header index through the protocol: a hover during indexing answers within
// 50 ms, indexing shows work-done progress, a checkout of 800 headers sent as watcher events is
// absorbed while hovers keep answering and ends with what a cold server indexes of the new tree,
// and a limit is one message however often it is met.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Hover } from 'vscode-languageserver-protocol';
import type { WorkspaceIndexAnswer } from '../../shared/protocol';
import { HOSTILE_TEMPLATES } from '../fixtures/hostile-templates';
import { policyHeader, tempTree } from '../workspace/workspaceKit';
import { TestClient, startClient } from './client';

/** The budget of a request while the index works (issue 23). */
const HOVER_BUDGET_MS = 50;
/** A hover this late is a stall: the index held the event loop (the machine's noise stays well under it). */
const STALL_MS = 200;
const DOC = 'auto L = MakeLayout(MakeShape(4, 8), MakeStride(8, 1));\n';
const DOC_URI = 'file:///work/scratch.tla';

const status = (c: TestClient, digest = true) => c.request<WorkspaceIndexAnswer>('tlaLayout/workspaceIndex', { digest });

/** Polls (without the digest) until the index is idle, then its status with the digest. */
async function idle(c: TestClient): Promise<WorkspaceIndexAnswer> {
  for (;;) {
    const s = await status(c, false);
    if (s.state === 'idle' && s.roots.length) return status(c);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Hovers on L every few ms until `until` resolves; every answer's time, and whether the index was busy. */
async function hoversUntil(c: TestClient, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.then(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const t0 = performance.now();
    const h = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri: DOC_URI }, position: { line: 0, character: 5 } });
    times.push(performance.now() - t0);
    // (4,8):(8,1) by the text: the hover is the document's own value, whatever the index does
    assert.match((h!.contents as { value: string }).value, /\(4,8\):\(8,1\)/);
    await new Promise((r) => setTimeout(r, 20)); // an editor's hovers and hints while typing
  }
  return times;
}

/** A header of about 6 kB (a policy and its padding of comments). */
const bigPolicy = (i: number, salt = '') => policyHeader(i, salt) + `// ${'generated padding '.repeat(16)}\n`.repeat(18);

describe('the header index through the protocol', () => {
  const t = tempTree();
  const files: string[] = [];
  let c: TestClient;
  before(async () => {
    // 3,000 headers of 6 kB: indexing them takes many slices
    for (let i = 0; i < 3000; i++) files.push(t.write(`catlass/gemm/g${Math.floor(i / 100)}/policy_${i}.hpp`, bigPolicy(i)));
  });
  after(async () => {
    await c?.close();
    t.remove();
  });

  // The budget is the machine's too: on this shared 2-core machine at a load of 10–19, hovers on a
  // server with no index at all miss 50 ms now and then (30–80 ms, one in twenty or so). An attempt
  // holds when 95% of the hovers during indexing answer within 50 ms and none stalls (200 ms); the
  // test holds when one of three attempts does. A server that indexes in one go fails all three: its
  // first hover waits for the whole index, and the index is done before a second one.
  test('a hover during indexing answers within 50 ms; the indexing shows its progress', async () => {
    const attempts: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      await c?.close();
      c = await startClient({ window: { workDoneProgress: true } }, undefined, { workspaceFolders: [t.dir] });
      await c.open(DOC_URI, DOC);
      const ready = idle(c);
      const times = await hoversUntil(c, ready);
      const s = await ready;
      assert.equal(s.files, 3000);
      assert.ok(times.length >= 3, `only ${times.length} hovers while indexing: the index was done before they began`);
      const sorted = [...times].sort((x, y) => x - y);
      const p95 = sorted[Math.ceil(0.95 * sorted.length) - 1];
      if (p95 <= HOVER_BUDGET_MS && sorted.at(-1)! <= STALL_MS) break;
      attempts.push(`p95 ${p95.toFixed(0)} ms, slowest ${sorted.at(-1)!.toFixed(0)} ms of ${times.length}`);
    }
    assert.ok(
      attempts.length < 3,
      `hovers during indexing over ${HOVER_BUDGET_MS} ms (p95) or ${STALL_MS} ms (any), in each of 3 attempts: ${attempts.join('; ')}`,
    );
    const p = c.progress();
    assert.equal(p[0]?.kind, 'begin');
    assert.equal(p[0].title, 'Indexing Catlass headers');
    assert.ok(
      p.some((v) => /^\d+\/\d+$/.test(v.message ?? '')),
      JSON.stringify(p.slice(0, 3)),
    );
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(c.progress().at(-1)?.kind, 'end');
  });

  test('a checkout rewriting 800 headers is absorbed while hovers answer, and equals a cold index of the new tree', async () => {
    await idle(c);
    const changes: { uri: string; type: number }[] = [];
    for (let i = 0; i < 700; i++) {
      fs.writeFileSync(files[i], bigPolicy(i, 'Other'));
      changes.push({ uri: pathToFileURL(files[i]).href, type: 2 });
    }
    for (let i = 700; i < 750; i++) {
      fs.rmSync(files[i]);
      changes.push({ uri: pathToFileURL(files[i]).href, type: 3 });
    }
    for (let i = 0; i < 50; i++) changes.push({ uri: pathToFileURL(t.write(`tla/new/n${i}.hpp`, bigPolicy(5000 + i))).href, type: 1 });
    for (let i = 0; i < changes.length; i += 200)
      await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: changes.slice(i, i + 200) });
    const absorbed = idle(c);
    const times = await hoversUntil(c, absorbed);
    const live = await absorbed;
    // no stall (a hover now and then is late on an idle server too: see above)
    const slow = times.filter((ms) => ms > STALL_MS);
    assert.deepEqual(slow, [], `hovers over ${STALL_MS} ms during the checkout: ${slow.map((x) => x.toFixed(0)).join(', ')}`);
    const cold = await startClient({}, undefined, { workspaceFolders: [t.dir] });
    try {
      const s = await idle(cold);
      // 3,000 − 50 deleted + 50 created
      assert.equal(live.files, 3000);
      assert.deepEqual({ ...live, state: 'idle' }, s);
    } finally {
      await cold.close();
    }
  });
});

describe('limits through the protocol', () => {
  const t = tempTree({ 'catlass/small.hpp': 'struct Small {};\n', 'catlass/binary.hpp': Buffer.from([1, 0, 2, 0, 3]) });
  t.write('catlass/generated.hpp', 'x'.repeat(3000));
  let c: TestClient;
  before(async () => {
    c = await startClient({}, { settings: { catlass: { index: { maxFileBytes: 2000 } } } }, { workspaceFolders: [t.dir] });
  });
  after(async () => {
    await c.close();
    t.remove();
  });

  test('each limit is one message, however often it is met', async () => {
    await idle(c);
    const uri = pathToFileURL(path.join(t.root, 'catlass/small.hpp')).href;
    await c.open(uri, 'struct Small {};\n', 'cpp');
    for (let v = 2; v < 30; v++) {
      await c.change(uri, v, [{ text: 'y'.repeat(2500 + v) }]);
      await c.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: [{ uri: pathToFileURL(path.join(t.root, 'catlass/generated.hpp')).href, type: 2 }],
      });
    }
    await new Promise((r) => setTimeout(r, 400));
    const s = await idle(c);
    assert.deepEqual(s.skipped, { binary: 1, large: 2 });
    const messages = c.messages();
    assert.equal(messages.filter((m) => /maxFileBytes/.test(m)).length, 1, messages.join('\n'));
    assert.equal(messages.filter((m) => /not text/.test(m)).length, 1, messages.join('\n'));
    assert.equal(messages.length, 2, messages.join('\n'));
  });
});

describe('a scratchpad that includes Catlass headers', () => {
  const ambiguous = HOSTILE_TEMPLATES.find((h) => h.path.endsWith('ambiguous.hpp'))!;
  const t = tempTree({ [ambiguous.path]: ambiguous.text });
  let c: TestClient;
  before(async () => {
    c = await startClient({}, undefined, { workspaceFolders: [t.dir] });
  });
  after(async () => {
    await c.close();
    t.remove();
  });

  test('hovers with what the workspace index resolves, ‹?› where C++ is ambiguous', async () => {
    await idle(c);
    const uri = 'file:///work/instantiate.tla';
    await c.open(
      uri,
      `#include "${ambiguous.path}"\nconstexpr int64_t V = Hostile::P<float, int>::v;\nconstexpr int64_t W = Hostile::P<int, int>::v;\n`,
    );
    const at = async (line: number) =>
      (
        (await c.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line, character: 19 } }))?.contents as
          { value: string } | undefined
      )?.value ?? '';
    // P<float, int> matches only P<A, int>: v = 1; P<int, int> matches both partial specializations, neither more specialized
    assert.match(await at(1), /V\*\* from the Catlass headers — .*`1`/);
    assert.match(await at(2), /W\*\* from the Catlass headers: ‹\?› \(ambiguous/);
  });
});
