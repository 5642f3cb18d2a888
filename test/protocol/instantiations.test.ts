// Several instantiations of a template through dist/server.js (issue 21, item 4): a workspace
// (test/fixtures/picker) whose kernel instantiates the self-written Pick block twice,
// Pick<RowTag, 16, 8> at kernel/pick_kernel.cpp:8 and Pick<RowTag, 32, 8> at :9. The code lens
// over the template names the sites and runs the pick command; without a choice the hovers read
// the first site (by path and line); the client's choice (tlaLayout/instantiations, and at initialize) fixes one.
// Expected values are worked by hand in the comments.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { CodeLens, Hover } from 'vscode-languageserver-protocol';
import { CHOOSE_INSTANTIATION_COMMAND, ChooseInstantiationArgs, InstantiationsNotification } from '../../shared/protocol';
import { instantiationPick } from '../../shared/instantiationPick';
import { ROOT } from '../helpers';
import { TestClient, startClient } from './client';

const PICK = path.join(ROOT, 'test', 'fixtures', 'picker');
const HEADER = path.join(PICK, 'include', 'catlass', 'pick_block.hpp');
const TEXT = readFileSync(HEADER, 'utf8');
const URI = pathToFileURL(HEADER).href;

async function start(instantiations?: Record<string, string>): Promise<{ c: TestClient; refreshes: () => number }> {
  const c = await startClient(
    { workspace: { codeLens: { refreshSupport: true } } },
    { settings: {}, ...(instantiations ? { instantiations } : {}) },
    {
      workspaceFolders: [PICK],
    },
  );
  let refreshes = 0;
  c.connection.onRequest('workspace/codeLens/refresh', () => (refreshes++, null));
  await c.open(URI, TEXT, 1, 'cpp');
  return { c, refreshes: () => refreshes };
}

const lenses = (c: TestClient) => c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: URI } });

/** The code lenses once the sites are resolved (the server answers at once with what it knows, then resolves off the request path). */
async function resolvedLenses(c: TestClient, until: (l: CodeLens[]) => boolean = (l) => l.length > 0): Promise<CodeLens[]> {
  const t0 = performance.now();
  for (;;) {
    const l = await lenses(c);
    if (until(l)) return l;
    if (performance.now() - t0 > 20_000) assert.fail(`no code lens as expected within 20 s: ${JSON.stringify(l)}; ${c.stderr().slice(-400)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A lens once every site is resolved (the first site's lens comes while the others are being resolved, and says so). */
const allResolved = (l: CodeLens[]) => l.length > 0 && !/still being resolved/.test(l[0].command?.title ?? '');

/** The hover `after` characters into the first occurrence of `needle`. */
async function hoverAt(c: TestClient, needle: string, after: number): Promise<string> {
  const before = TEXT.slice(0, TEXT.indexOf(needle) + after).split('\n');
  const position = { line: before.length - 1, character: before[before.length - 1].length };
  const h = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri: URI }, position });
  return (h?.contents as { value: string } | undefined)?.value ?? '';
}

describe('a template instantiated twice, through the protocol', () => {
  const clients: TestClient[] = [];
  after(async () => {
    for (const c of clients) await c.close();
  });

  test('the lens offers both sites; without a choice the first one is read, what differs says so; a choice fixes one', async () => {
    const { c, refreshes } = await start();
    clients.push(c);
    const [lens] = await resolvedLenses(c, allResolved);
    assert.equal(lens.command?.title, 'as instantiated at pick_kernel.cpp:8 · 1 more');
    assert.equal(lens.command?.command, CHOOSE_INSTANTIATION_COMMAND);
    // over the line declaring the template (`struct Pick {`, line 17 1-based: 16 0-based)
    assert.equal(lens.range.start.line, TEXT.split('\n').indexOf('struct Pick {'));
    const args = lens.command!.arguments![0] as ChooseInstantiationArgs;
    assert.equal(args.template, 'Pick');
    // each site with its file:line, and the argument in which it differs from the other (M: 16, 32)
    assert.deepEqual(
      args.sites.map((s) => [s.label, s.detail]),
      [
        ['kernel/pick_kernel.cpp:8', '16'],
        ['kernel/pick_kernel.cpp:9', '32'],
      ],
    );
    // N = 8 at :8: byCols = (_8,_2):(_2,_1), and the hover names the site read, the first of 2
    const cols = await hoverAt(c, 'auto byCols', 6);
    assert.match(cols, /\(_8,_2\):\(_2,_1\)/, cols);
    assert.match(cols, /as instantiated at kernel\/pick_kernel\.cpp:8\* · 1 more \(choose another/);
    // RowTag: RowTag::L1Tag = FracTag
    assert.match(await hoverAt(c, 'using LayoutTagL1', 8), /\*\*LayoutTagL1\*\* = `Catlass::Gemm::Demo::FracTag`/);
    // M = 16 at :8: byRows = (_16,_2):(_2,_1); ROWS says it is 32 at the other site
    assert.match(await hoverAt(c, 'auto byRows', 6), /\(_16,_2\):\(_2,_1\)/);
    assert.match(await hoverAt(c, 'ROWS = M', 2), /`ROWS` = `16` here; `16` or `32` among the 2 instantiations/);

    // the client saves the choice and sends all of them
    const told = refreshes();
    await c.connection.sendNotification(InstantiationsNotification.method, { choices: { Pick: 'kernel/pick_kernel.cpp:9' } });
    const [chosen] = await resolvedLenses(c, (l) => l[0]?.command?.title !== lens.command?.title);
    assert.equal(chosen.command?.title, 'as instantiated at pick_kernel.cpp:9 (chosen) · 1 more');
    assert.ok(refreshes() > told, 'the server asks the editor to refresh its code lenses');
    // M = 32: byRows = (_32,_2):(_2,_1)
    const rows = await hoverAt(c, 'auto byRows', 6);
    assert.match(rows, /\(_32,_2\):\(_2,_1\)/, rows);
    assert.match(rows, /as instantiated at kernel\/pick_kernel\.cpp:9\* · 1 more \(this one chosen\)/);
    // back to no choice: the first site again (M = 16)
    await c.connection.sendNotification(InstantiationsNotification.method, { choices: {} });
    await resolvedLenses(c, (l) => l[0]?.command?.title === lens.command?.title);
    assert.match(await hoverAt(c, 'auto byRows', 6), /\(_16,_2\):\(_2,_1\)/);
  });

  test('a choice saved in the workspace is read at initialize', async () => {
    const { c } = await start({ Pick: 'kernel/pick_kernel.cpp:8' });
    clients.push(c);
    const [lens] = await resolvedLenses(c, allResolved);
    assert.equal(lens.command?.title, 'as instantiated at pick_kernel.cpp:8 (chosen) · 1 more');
    // M = 16: byRows = (_16,_2):(_2,_1)
    assert.match(await hoverAt(c, 'auto byRows', 6), /\(_16,_2\):\(_2,_1\)/);
  });
});

// issue 24 leftover 5: with one instantiation, "No choice" would change nothing (the one site is always used)
test('the pick of a template instantiated once offers no "No choice" and says the one site is always used', () => {
  const one = instantiationPick({ template: 'Pick', sites: [{ where: 'k.cpp:8', label: 'k.cpp:8', detail: 'M = 16' }], used: 'k.cpp:8' });
  assert.deepEqual(
    one.items.map((i) => i.label),
    ['k.cpp:8'],
  );
  assert.match(one.title, /instantiated once/);
  assert.match(one.items[0].description ?? '', /always used/);
  const two = instantiationPick({
    template: 'Pick',
    sites: [
      { where: 'k.cpp:8', label: 'k.cpp:8', detail: 'M = 16' },
      { where: 'k.cpp:9', label: 'k.cpp:9', detail: 'M = 32' },
    ],
  });
  assert.deepEqual(
    two.items.map((i) => i.label),
    ['k.cpp:8', 'k.cpp:9', 'No choice'],
  );
});
