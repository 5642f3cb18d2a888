// The workspace header index's rows of the bench (section "workspace", issue 23): on the corpus's
// include tree (../shared/corpus/catlass/include), through the client — the index's cold time and
// RSS, hover p95 while a larger tree (the corpus copied 8 times) indexes, the absorption of a
// checkout rewriting 800 headers, and RSS over 1,000 edit/save cycles of a header.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const DOC_URI = 'file:///bench/workspace.tla';
const DOC = 'auto L = MakeLayout(MakeShape(4, 8), MakeStride(8, 1));\n';

function headersUnder(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(h|hpp)$/.test(e.name)) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

/** A tree of `copies` copies of the corpus's catlass/ and tla/ (each in a folder of its own). */
function copiedTree(corpusInclude, copies) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tla-bench-ws-'));
  const root = path.join(dir, 'include');
  for (const lib of ['catlass', 'tla']) {
    for (let k = 0; k < copies; k++) cpSync(path.join(corpusInclude, lib), path.join(root, lib, copies > 1 ? `copy${k}` : ''), { recursive: true });
  }
  return { dir, root };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function untilIdle(c) {
  for (;;) {
    const s = await c.request('tlaLayout/workspaceIndex', { digest: false });
    if (s.state === 'idle' && s.roots.length) return s;
    await sleep(5);
  }
}

async function hoverTimes(c, untilDone) {
  let done = false;
  void untilDone.then(() => (done = true));
  const times = [];
  while (!done) {
    const t0 = performance.now();
    await c.request('textDocument/hover', { textDocument: { uri: DOC_URI }, position: { line: 0, character: 5 } });
    times.push(performance.now() - t0);
    await sleep(20);
  }
  return times;
}

export async function workspaceSection({ client, SERVER, NODE_ARGS, ROOT, QUICK, row, skippedRow, notes, ms, mb, pct, median, log }) {
  const corpusInclude = path.resolve(ROOT, '..', 'shared', 'corpus', 'catlass', 'include');
  const label = 'workspace: header index of the corpus';
  if (!existsSync(corpusInclude)) {
    for (const r of ['cold', 'RSS', 'hover p95 during indexing', 'checkout absorbed']) skippedRow(`${label}, ${r}`, '—', '../shared/corpus absent');
    return;
  }
  const start = (includePath, folders) =>
    client.startClient({}, includePath ? { settings: { catlass: { includePath } } } : undefined, {
      server: SERVER,
      nodeArgs: [...NODE_ARGS],
      ...(folders ? { workspaceFolders: folders } : {}),
    });
  const b = { start, runs: QUICK ? 1 : 3, QUICK, corpusInclude, label, row, notes, ms, mb, pct, median, log };
  const indexed = await coldRows(b);
  await hoverRow(b);
  await checkoutRow(b);
  await cyclesRow(b, indexed);
}

async function coldRows({ start, runs, corpusInclude, label, row, ms, mb, median, log }) {
  const nHeaders = headersUnder(corpusInclude).length;

  // 1. cold: from initialized to idle; RSS against a server without an index, both after the same wait
  const cold = [];
  const rssIndex = [];
  const rssBase = [];
  let bytes = 0;
  for (let r = 0; r < runs; r++) {
    const c = await start(corpusInclude);
    const t0 = performance.now();
    const s = await untilIdle(c);
    cold.push(performance.now() - t0);
    bytes = s.bytes;
    if (s.files !== nHeaders) log(`workspace: indexed ${s.files} of ${nHeaders} headers`);
    await sleep(500);
    rssIndex.push(c.rss());
    await c.close();
    const base = await start(undefined);
    await sleep(500 + cold.at(-1));
    rssBase.push(base.rss());
    await base.close();
  }
  row(`${label}: ${nHeaders} headers (${mb(bytes)}), cold in the background`, '< 5 s', cold, ms, '—', [], median(cold) < 5000);
  const delta = rssIndex.map((x, i) => x - rssBase[i]);
  row(`${label}: RSS more than a server without an index`, '< 100 MB', delta, mb, 'headers indexed (bytes)', [bytes], median(delta) < 100e6);
  return { delta: median(delta), bytes };
}

async function hoverRow({ start, runs, corpusInclude, label, row, ms, pct, median }) {
  // 2. hovers while the corpus copied 8 times indexes (every 20 ms, as while typing); baseline: the same with no index
  const big = copiedTree(corpusInclude, 8);
  try {
    const during = [];
    const idleP95 = [];
    let files = 0;
    for (let r = 0; r < runs; r++) {
      const c = await start(big.root);
      await c.open(DOC_URI, DOC);
      const ready = untilIdle(c);
      const t = await hoverTimes(c, ready);
      files = (await ready).files;
      during.push(pct(t, 95));
      await c.close();
      const base = await start(undefined);
      await base.open(DOC_URI, DOC);
      idleP95.push(pct(await hoverTimes(base, sleep(Math.max(500, 20 * t.length * 1.5))), 95));
      await base.close();
    }
    row(
      `${label}: hover p95 while ${files} headers (the corpus ×8) index`,
      '< 50 ms',
      during,
      ms,
      'hover p95, no index',
      idleP95,
      median(during) < 50,
    );
  } finally {
    rmSync(big.dir, { recursive: true, force: true });
  }
}

async function checkoutRow({ start, runs, corpusInclude, label, row, ms, pct }) {
  // 3. a checkout rewriting 800 headers of the corpus copied 3 times: events in bursts of 200, to idle
  const three = copiedTree(corpusInclude, 3);
  try {
    const absorbed = [];
    const hoverP95 = [];
    const all = headersUnder(three.root);
    for (let r = 0; r < runs; r++) {
      const c = await start(three.root);
      await c.open(DOC_URI, DOC);
      await untilIdle(c);
      const changes = [];
      for (const p of all.slice(0, 800)) {
        writeFileSync(p, readFileSync(p, 'utf8') + `\n// checkout ${r}\n`);
        changes.push({ uri: pathToFileURL(p).href, type: 2 });
      }
      const t0 = performance.now();
      for (let i = 0; i < changes.length; i += 200)
        await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: changes.slice(i, i + 200) });
      const done = untilIdle(c);
      const t = await hoverTimes(c, done);
      await done;
      absorbed.push(performance.now() - t0);
      hoverP95.push(t.length ? pct(t, 95) : NaN);
      await c.close();
    }
    row(`${label}: a checkout rewriting 800 of ${all.length} headers, absorbed`, '—', absorbed, ms, 'hover p95 meanwhile', hoverP95, null);
  } finally {
    rmSync(three.dir, { recursive: true, force: true });
  }
}

async function cyclesRow({ start, QUICK, corpusInclude, label, row, notes, mb }, { delta, bytes }) {
  // 4. 1,000 edit/save cycles of one header: RSS at cycle 100 and at cycle 1,000
  const one = copiedTree(corpusInclude, 1);
  try {
    const c = await start(one.root);
    await untilIdle(c);
    const p = headersUnder(one.root).find((f) => f.endsWith('block_mmad_pingpong_tla.hpp')) ?? headersUnder(one.root)[0];
    const text = readFileSync(p, 'utf8');
    const rss = [];
    const cycles = QUICK ? 300 : 1000;
    for (let i = 1; i <= cycles; i++) {
      writeFileSync(p, `${text}\n// edit ${i}\n`);
      await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(p).href, type: 2 }] });
      await untilIdle(c);
      if (i % 100 === 0) rss.push(c.rss());
    }
    await c.close();
    row(
      `${label}: RSS after ${cycles} edit/save cycles of ${path.basename(p)}`,
      'flat',
      [rss.at(-1)],
      mb,
      `RSS at cycle 100`,
      [rss[0]],
      rss.at(-1) - rss[0] < 5e6,
      { rss },
    );
    notes.push(
      `Workspace index: RSS every 100 edit/save cycles (write, watcher event, re-index, to idle): ${rss.map((x) => mb(x)).join(', ')}. ` +
        `The index's share of RSS against the bytes of the headers it holds: ${(delta / bytes).toFixed(2)}× (${mb(delta)} for ${mb(bytes)}).`,
    );
  } finally {
    rmSync(one.dir, { recursive: true, force: true });
  }
}
