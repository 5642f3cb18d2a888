#!/usr/bin/env node
// `npm run corpus [DIR] [--json] [--limit N] [--list] [--no-index | --index-only] [--server FILE]`:
// how much of the TLA in real C++ kernels the language server shows (issues 12 and 21;
// docs/corpus.md explains the figures).
//
// Starts the built server (dist/server.js --stdio) the way an editor does, twice: first with
// DIR as its workspace folder (the header index and the instantiation sites are built over
// it; the run waits until they are, and after opening each file until the background work it
// started — a header's instantiation, a kernel's site warnings — has ended), then with no
// workspace (the files alone, the figure measured before the index). Opens every C++ file of
// DIR (.cpp .hpp .h .asc; default ../shared/corpus/catlass) that uses TLA, and for every site
// that scripts/corpus-scan.mjs finds asks for the inlay hints of the whole file and hovers on
// the site's name and on the name it is assigned to. A site is *served* when an inlay hint
// sits at its end (or later on its last line, with no other site ending in between) or a
// hover shows a value; *concrete* when a served value has no symbol in it, else *symbolic*;
// *informative* when a value says more than the call's own words (corpus-judge.mjs). Prints
// the informative and served shares of both passes, a table per construct, the reasons sites
// are not informative, every warning and error the server published for these files (the
// corpus compiles, so each one is false), and requests that failed or took over 10 s.
//
//   --json        one JSON object on stdout instead of the table (its `report` is the table)
//   --limit N     only the first N files that use TLA (sorted by path)
//   --list        also print every site: file:line:col construct status value
//   --no-index    only the pass without a workspace; --index-only: only the pass with it
//   --server FILE another server build (default dist/server.js)
//   --only REGEX  open only the files whose path under DIR matches (the index is still built over DIR)
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  assignHints,
  callWords,
  echoesCall,
  hintText,
  hintValue,
  hoverValue,
  hoverWhy,
  isSymbolic,
  judgeInformative,
  percentile,
} from './corpus-judge.mjs';
import { scanSites } from './corpus-scan.mjs';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(ROOT, 'package.json'));
const rpc = require('vscode-jsonrpc/node');

export const TIMEOUT_MS = 10_000;
/** Every construct of the issue's definition, in the order the table lists them (others that start with MakeLayout follow). */
export const CONSTRUCTS = [
  'MakeLayout',
  'MakeLayoutL0C',
  'MakeLayoutFromTag',
  'MakeMxScaleLayout',
  'GetTileLayout',
  'GetTile',
  'TileView',
  'MakeTensor',
  'MakeTensorLike',
  'crd2offset',
  'Layout<…>{}',
  'using X = Layout<…>',
];
const EXTENSIONS = /\.(cpp|hpp|h|asc)$/;

function parseArgs(argv) {
  const o = {
    dir: path.join(ROOT, '..', 'shared', 'corpus', 'catlass'),
    json: false,
    limit: Infinity,
    list: false,
    passes: ['index', 'no-index'],
    server: path.join(ROOT, 'dist', 'server.js'),
    only: undefined,
  };
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k];
    if (a === '--json') o.json = true;
    else if (a === '--list') o.list = true;
    else if (a === '--no-index') o.passes = ['no-index'];
    else if (a === '--index-only') o.passes = ['index'];
    else if (a === '--limit' || a.startsWith('--limit=')) {
      const v = a.includes('=') ? a.slice(8) : argv[++k];
      o.limit = Number(v);
      if (!Number.isInteger(o.limit) || o.limit < 1) throw new Error(`--limit wants a positive integer, not ${v}`);
    } else if (a === '--only' || a.startsWith('--only=')) o.only = new RegExp(a.includes('=') ? a.slice(7) : argv[++k]);
    else if (a === '--server' || a.startsWith('--server=')) o.server = path.resolve(a.includes('=') ? a.slice(9) : argv[++k]);
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else o.dir = path.resolve(a);
  }
  return o;
}

function walk(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else if (EXTENSIONS.test(e.name)) out.push(p);
  }
  return out;
}

/** line/character (UTF-16, as LSP and JS strings count) of every offset, by the line starts. */
function lineIndex(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  const position = (off) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= off) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: off - starts[lo] };
  };
  return { position, lines: starts.length };
}

// ------------------------------------------------------------------ the LSP client

/**
 * The built server, started as an editor does. With `folder`, that folder is the workspace (its
 * header index and its instantiation sites are built); without, no workspace (the files alone).
 * Diagnostics are pulled (textDocument/diagnostic), so that the measurement reads them when it
 * chooses: after the background work a file started has ended.
 */
function startServer(serverPath, folder) {
  const child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));
  const logs = [];
  const progress = { begun: 0, ended: 0 };
  connection.onNotification('window/logMessage', (p) => logs.push(p.message));
  connection.onNotification('window/showMessage', (p) => logs.push(p.message));
  connection.onNotification('$/progress', (p) => {
    if (p.value?.kind === 'begin') progress.begun++;
    if (p.value?.kind === 'end') progress.ended++;
  });
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('workspace/configuration', () => [null]);
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/inlayHint/refresh', () => null);
  connection.onRequest('workspace/diagnostic/refresh', () => null);
  let exited = null;
  const exit = new Promise((r) => child.once('exit', (code, signal) => r((exited = { code, signal }))));
  connection.listen();
  const workspace = folder ? { rootUri: pathToFileURL(folder).href, workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'corpus' }] } : {};
  return {
    connection,
    logs,
    progress,
    stderr: () => stderr,
    exited: () => exited,
    exit,
    async initialize() {
      let timer;
      const late = new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${serverPath} did not answer initialize within ${TIMEOUT_MS / 1000} s: ${stderr.slice(-400)}`)),
          TIMEOUT_MS,
        );
      });
      const died = exit.then(() => Promise.reject(new Error(`${serverPath} exited before initialize: ${stderr.slice(-400)}`)));
      const asked = connection.sendRequest('initialize', {
        processId: process.pid,
        rootUri: null,
        ...workspace,
        capabilities: {
          window: { workDoneProgress: true },
          textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] }, inlayHint: {}, diagnostic: {} },
        },
      });
      try {
        await Promise.race([asked, late, died]);
      } finally {
        clearTimeout(timer);
      }
      await connection.sendNotification('initialized', {});
    },
    async close() {
      try {
        await Promise.race([connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
        await connection.sendNotification('exit');
      } catch {
        /* already gone */
      }
      await Promise.race([exit, new Promise((r) => setTimeout(r, 2000))]);
      if (!exited) child.kill();
      connection.dispose();
    },
  };
}

/** A request with its time; a failure or more than TIMEOUT_MS is recorded, never thrown. */
async function timed(server, method, params, problems, where) {
  const t0 = performance.now();
  let timer;
  const timeout = new Promise((r) => (timer = setTimeout(() => r({ timeout: true }), TIMEOUT_MS)));
  try {
    const r = await Promise.race([
      server.connection.sendRequest(method, params).then((result) => ({ result })),
      timeout,
      server.exit.then(() => ({ exited: true })),
    ]);
    const ms = performance.now() - t0;
    if (r.timeout) problems.push({ kind: 'timeout', method, where, ms });
    else if (r.exited) problems.push({ kind: 'crash', method, where, message: 'the server exited' });
    else if (ms > TIMEOUT_MS) problems.push({ kind: 'timeout', method, where, ms });
    return { result: r.result, ms };
  } catch (e) {
    problems.push({ kind: 'crash', method, where, message: e?.message ?? String(e) });
    return { result: undefined, ms: performance.now() - t0 };
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Asks tlaLayout/backgroundWork until `done(answer)` holds (or the server is gone, or `limitMs`
 * passed: then false). What the server works out off the request path is then known.
 */
async function waitForBackground(server, done, limitMs) {
  const t0 = performance.now();
  for (;;) {
    if (server.exited()) return false;
    let answer;
    try {
      answer = await server.connection.sendRequest('tlaLayout/backgroundWork', {});
    } catch {
      return false;
    }
    if (done(answer)) return true;
    if (performance.now() - t0 > limitMs) return false;
    await sleep(20);
  }
}

/** Background work of one file longer than this is recorded as a timeout (the file is still measured). */
export const BACKGROUND_LIMIT_MS = 60_000;
/** Indexing the corpus and finding its instantiation sites longer than this fails the pass. */
export const INDEX_LIMIT_MS = 180_000;

const hoverText = (h) => {
  if (!h) return '';
  const c = h.contents;
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map((x) => (typeof x === 'string' ? x : x.value)).join('\n\n');
  return c?.value ?? '';
};

// ------------------------------------------------------------------ the measurement

/** The C++ files of dir that use TLA, with their sites (sorted by path; the first `limit`). */
function filesOf(dir, limit, only) {
  const all = walk(dir).sort();
  const files = [];
  for (const f of all) {
    if (only && !only.test(path.relative(dir, f).split(path.sep).join('/'))) continue;
    const text = readFileSync(f, 'utf8');
    const scan = scanSites(text);
    if (scan.usesTla) files.push({ path: f, text, scan });
    if (files.length >= limit) break;
  }
  return { all, files };
}

/** The requests of one file, all at once as an editor showing it would: hints, and hovers on every site's callee and name. */
function askFile(server, f, uri, idx, rel, problems) {
  const hints = timed(
    server,
    'textDocument/inlayHint',
    { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: idx.lines, character: 0 } } },
    problems,
    rel,
  );
  const hover = (start, end) =>
    timed(
      server,
      'textDocument/hover',
      { textDocument: { uri }, position: idx.position(start + ((end - start) >> 1)) },
      problems,
      `${rel}:${idx.position(start).line + 1}`,
    );
  const none = Promise.resolve(undefined);
  const hovers = f.scan.sites.map((s) => Promise.all([hover(s.nameStart, s.nameEnd), s.assigned ? hover(s.assignedStart, s.assignedEnd) : none]));
  const objects = f.scan.objects.map((s) => hover(s.nameStart, s.nameEnd));
  const diagnostics = timed(server, 'textDocument/diagnostic', { textDocument: { uri } }, problems, rel);
  return Promise.all([hints, Promise.all(hovers), Promise.all(objects), diagnostics]);
}

/** A fresh tally of sites by construct. */
function tally() {
  const constructs = new Map();
  const row = (c) => {
    let r = constructs.get(c);
    if (!r) constructs.set(c, (r = { sites: 0, concrete: 0, symbolic: 0, unserved: 0, informative: 0 }));
    return r;
  };
  for (const c of CONSTRUCTS) row(c);
  return { constructs, row };
}

/**
 * Judges one file's answers: each site served (concrete or symbolic) or not, informative or not
 * (with the reason), into the pass's figures `p`.
 */
function judgeFile(p, f, rel, idx, answers, list) {
  const [hintAnswer, hoverAnswers, objectAnswers] = answers;
  const sites = f.scan.sites;
  const hintsBySite = assignHints(
    sites.map((s) => idx.position(s.end)),
    hintAnswer.result ?? [],
  );
  for (const h of hintAnswer.result ?? []) p.hintLengths.push(hintText(h.label).length);
  let served = 0;
  sites.forEach((s, k) => {
    const callText = f.text.slice(s.start, s.end);
    // a hint that repeats its call, or the call of a layout it reads (a tensor over layoutBias)
    const words = callWords(sites, k, f.text);
    for (const h of hintsBySite.get(k) ?? []) if (echoesCall(h.label, words)) p.echoingHints++;
    const values = [];
    for (const h of hintsBySite.get(k) ?? []) values.push({ via: 'inlay', value: hintValue(h.label) });
    const [call, name] = hoverAnswers[k];
    const vc = hoverValue(hoverText(call?.result));
    if (vc !== undefined) values.push({ via: 'hover', value: vc });
    const vn = name ? hoverValue(hoverText(name.result)) : undefined;
    if (vn !== undefined) values.push({ via: 'name', value: vn });
    for (const via of new Set(values.map((v) => v.via))) p.servedBy[via]++;
    if (s.assigned) p.servedBy.assignedSites++;
    const r = p.row(s.construct);
    r.sites++;
    let status = 'unserved';
    if (values.length) status = values.some((v) => !isSymbolic(v.value)) ? 'concrete' : 'symbolic';
    r[status]++;
    if (status !== 'unserved') served++;
    const judged = judgeInformative(values, callText);
    const at = `${rel}:${idx.position(s.start).line + 1}`;
    if (judged.informative) r.informative++;
    else {
      const why = values.length ? '' : hoverWhy(hoverText(call?.result));
      p.reason(`${s.construct}: ${judged.reason}${why ? ` — ${why}` : ''}`, `${at} ${values[0]?.value ?? callText.split('\n')[0].slice(0, 80)}`);
    }
    if (list) {
      const pos = idx.position(s.start);
      p.siteList.push({
        file: rel,
        line: pos.line + 1,
        col: pos.character + 1,
        construct: s.construct,
        status,
        informative: judged.informative,
        values,
      });
    }
  });
  f.scan.objects.forEach((s, k) => {
    const v = hoverValue(hoverText(objectAnswers[k]?.result));
    p.objects.sites++;
    if (v !== undefined && judgeInformative([{ via: 'name', value: v }], f.text.slice(s.start, s.end)).informative) p.objects.informative++;
    else if (p.objects.examples.length < 5) p.objects.examples.push(`${rel}:${idx.position(s.start).line + 1} ${v ?? 'no value'}`);
  });
  return served;
}

/** The figures of one pass (one server over the files), filled by judgeFile and collectDiagnostics. */
function passFigures() {
  const { constructs, row } = tally();
  const reasons = new Map();
  return {
    constructs,
    row,
    reasons,
    reason(key, example) {
      const r = reasons.get(key);
      if (r) r.count++;
      else reasons.set(key, { count: 1, example });
    },
    excluded: new Map(),
    /** sites served by each way of asking (a site may count under several), and sites with a name to hover */
    servedBy: { inlay: 0, hover: 0, name: 0, assignedSites: 0 },
    /** every inlay hint's length in characters, and the hints of a site that only repeat its call */
    hintLengths: [],
    echoingHints: 0,
    objects: { sites: 0, informative: 0, examples: [] },
    diagnostics: [],
    perFile: [],
    siteList: [],
    openToDiagnostics: [],
    requests: 0,
  };
}

function collectDiagnostics(p, rel, report) {
  for (const d of report?.items ?? []) {
    if (d.severity !== 1 && d.severity !== 2) continue;
    p.diagnostics.push({
      file: rel,
      line: d.range.start.line + 1,
      col: d.range.start.character + 1,
      severity: d.severity === 1 ? 'error' : 'warning',
      code: d.code ?? '',
      message: d.message,
    });
  }
}

/** Starts a server (over the corpus as its workspace when `index`), waiting for its index. */
async function serve(serverPath, dir, index, problems) {
  const server = startServer(serverPath, index ? dir : undefined);
  await server.initialize();
  if (!index) return { server, indexMs: 0, indexed: undefined };
  const t0 = performance.now();
  const idle = await waitForBackground(server, (a) => a.index === 'idle' && !a.instances, INDEX_LIMIT_MS);
  const indexMs = performance.now() - t0;
  if (!idle) problems.push({ kind: 'timeout', method: 'index', where: dir, ms: indexMs });
  const indexed = await server.connection.sendRequest('tlaLayout/workspaceIndex', { digest: false }).catch(() => undefined);
  return { server, indexMs, indexed };
}

/**
 * One pass over the files with one server: open each, let the background work it starts end
 * (with the index: the header's instantiation, the kernel's site warnings), ask, judge, close.
 */
async function measurePass(o, dir, files, index) {
  const serverPath = o.server ?? path.join(ROOT, 'dist', 'server.js');
  const problems = [];
  let { server, indexMs, indexed } = await serve(serverPath, dir, index, problems);
  let restarts = 0;
  const logsOfEarlierServers = [];
  const p = passFigures();
  const exitedProblem = () => ({
    kind: 'crash',
    method: 'server',
    where: '',
    message: `the server exited (${JSON.stringify(server.exited())}): ${server.stderr().slice(-400)}`,
  });
  for (const f of files) {
    if (server.exited()) {
      // a crash: say so, and measure the remaining files with a new server
      problems.push(exitedProblem());
      logsOfEarlierServers.push(...server.logs);
      ({ server } = await serve(serverPath, dir, index, problems));
      restarts++;
    }
    const rel = path.relative(dir, f.path).split(path.sep).join('/');
    const uri = pathToFileURL(f.path).href;
    const idx = lineIndex(f.text);
    for (const x of f.scan.excluded) {
      const key = `${x.construct} (${x.why})`;
      p.excluded.set(key, (p.excluded.get(key) ?? 0) + 1);
    }
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'cpp', version: 1, text: f.text } });
    const first = await timed(server, 'textDocument/diagnostic', { textDocument: { uri } }, problems, rel);
    p.openToDiagnostics.push(first.ms);
    if (index && !(await waitForBackground(server, (a) => !a.instances && !a.warnings, BACKGROUND_LIMIT_MS)))
      problems.push({ kind: 'timeout', method: 'tlaLayout/backgroundWork', where: rel, ms: BACKGROUND_LIMIT_MS });
    const answers = await askFile(server, f, uri, idx, rel, problems);
    p.requests += 2 + 1 + f.scan.sites.length + f.scan.sites.filter((s) => s.assigned).length + f.scan.objects.length;
    collectDiagnostics(p, rel, answers[3].result);
    const served = judgeFile(p, f, rel, idx, answers, o.list);
    const byConstruct = {};
    for (const s of f.scan.sites) byConstruct[s.construct] = (byConstruct[s.construct] ?? 0) + 1;
    p.perFile.push({ file: rel, sites: f.scan.sites.length, served, constructs: byConstruct, excluded: f.scan.excluded.length });
    await server.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }
  if (server.exited()) problems.push(exitedProblem());
  const failedLogs = [...server.logs, ...logsOfEarlierServers].filter((m) => /failed/.test(m));
  await server.close();
  return { p, problems, failedLogs, restarts, indexMs, indexed };
}

/** The figures of a pass as --json prints them. */
function passResult(run, index) {
  const { p } = run;
  const total = { sites: 0, concrete: 0, symbolic: 0, unserved: 0, informative: 0 };
  for (const r of p.constructs.values()) for (const k of Object.keys(total)) total[k] += r[k];
  const reasons = [...p.reasons.entries()]
    .map(([reason, r]) => ({ reason, ...r }))
    .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1));
  return {
    index,
    ...(index
      ? {
          indexMs: Math.round(run.indexMs),
          indexed: run.indexed && { files: run.indexed.files, roots: run.indexed.roots, skipped: run.indexed.skipped },
        }
      : {}),
    files: p.perFile,
    constructs: Object.fromEntries(p.constructs),
    total,
    reasons,
    objects: p.objects,
    servedBy: p.servedBy,
    hints: {
      count: p.hintLengths.length,
      p50: percentile(p.hintLengths, 0.5),
      p90: percentile(p.hintLengths, 0.9),
      max: Math.max(0, ...p.hintLengths),
      echoing: p.echoingHints,
    },
    excluded: Object.fromEntries(p.excluded),
    diagnostics: p.diagnostics,
    crashes: run.problems.filter((x) => x.kind === 'crash'),
    timeouts: run.problems.filter((x) => x.kind === 'timeout'),
    serverLoggedFailures: run.failedLogs,
    requests: p.requests,
    serverRestarts: run.restarts,
    openToDiagnosticsP95Ms: Math.round(percentile(p.openToDiagnostics, 0.95) * 10) / 10,
    siteList: p.siteList,
  };
}

/**
 * Measures the corpus: with the index built over it (the corpus as the server's workspace
 * folder, the acceptance's figure) and, unless `noIndex === false`, without (the files alone, as
 * measured before the header index). Returns the figures (what --json prints): the index pass's
 * at the top, the other pass's under `withoutIndex`.
 * @param {{ dir: string, limit?: number, only?: RegExp, server?: string, list?: boolean, passes?: ('index' | 'no-index')[] }} o
 */
export async function measure(o) {
  const started = performance.now();
  const dir = path.resolve(o.dir);
  const { all, files } = filesOf(dir, o.limit ?? Infinity, o.only);
  const scannedAfter = performance.now() - started;
  const passes = o.passes ?? ['index', 'no-index'];
  const results = [];
  for (const pass of passes) results.push(passResult(await measurePass(o, dir, files, pass === 'index'), pass === 'index'));
  const [main, other] = results;
  const { siteList, ...figures } = main;
  return {
    dir,
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, load: os.loadavg().map((x) => Math.round(x * 100) / 100) },
    filesScanned: all.length,
    ...figures,
    ...(other ? { [other.index ? 'withIndex' : 'withoutIndex']: (({ siteList: _l, files: _f, ...rest }) => rest)(other) } : {}),
    scanMs: Math.round(scannedAfter),
    totalMs: Math.round(performance.now() - started),
    ...(o.list ? { sites: siteList } : {}),
  };
}

// ------------------------------------------------------------------ printing

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)}%` : '–');

export function formatTable(m) {
  const head = ['construct', 'sites', 'concrete', 'symbolic', 'unserved', 'served', 'informative'];
  const rows = Object.entries(m.constructs).map(([c, r]) => [
    c,
    r.sites,
    r.concrete,
    r.symbolic,
    r.unserved,
    pct(r.concrete + r.symbolic, r.sites),
    pct(r.informative, r.sites),
  ]);
  const t = m.total;
  const totalRow = [
    'total',
    t.sites,
    `${t.concrete} (${pct(t.concrete, t.sites)})`,
    `${t.symbolic} (${pct(t.symbolic, t.sites)})`,
    `${t.unserved} (${pct(t.unserved, t.sites)})`,
    pct(t.concrete + t.symbolic, t.sites),
    `${t.informative} (${pct(t.informative, t.sites)})`,
  ];
  const all = [head, ...rows, totalRow].map((r) => r.map(String));
  const widths = head.map((_, k) => Math.max(...all.map((r) => r[k].length)));
  const line = (r) => '| ' + r.map((x, k) => (k ? x.padStart(widths[k]) : x.padEnd(widths[k]))).join(' | ') + ' |';
  const sep = '|' + widths.map((w, k) => (k ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') + '|';
  return [line(all[0]), sep, ...all.slice(1, -1).map(line), line(all[all.length - 1])].join('\n');
}

/** One line of a pass's headline figures: informative, served, concrete. */
function headline(label, m) {
  const t = m.total;
  const index = m.index ? `, index ${m.indexed?.files ?? '?'} headers in ${(m.indexMs / 1000).toFixed(1)} s` : '';
  return `${label}: informative ${t.informative}/${t.sites} (${pct(t.informative, t.sites)}), served ${pct(t.concrete + t.symbolic, t.sites)}, concrete ${pct(t.concrete, t.sites)}${index}; warnings published ${m.diagnostics.length}`;
}

export function formatReport(m) {
  const out = [];
  const withSites = m.files.filter((f) => f.sites).length;
  out.push(`corpus: ${m.dir}`);
  out.push(`${m.files.length} files use TLA (of ${m.filesScanned} C++ files), ${withSites} with sites; ${m.requests} requests`);
  out.push(headline(m.index ? 'with the index built over it' : 'without the index', m));
  const other = m.withoutIndex ?? m.withIndex;
  if (other) out.push(headline(other.index ? 'with the index built over it' : 'without the index (the files alone)', other));
  out.push('');
  out.push(formatTable(m));
  out.push('');
  out.push(`why sites are not informative (top ${Math.min(15, m.reasons.length)} of ${m.reasons.length} reasons; count, reason, one example):`);
  for (const r of m.reasons.slice(0, 15)) out.push(`  ${String(r.count).padStart(5)}  ${r.reason}\n         e.g. ${r.example}`);
  const ob = m.objects;
  out.push(
    `Catlass layout objects declared (\`layout::RowMajor tagA{m, k};\`, not TLA sites): ${ob.sites}, informative ${ob.informative} (${pct(ob.informative, ob.sites)})` +
      (ob.examples.length ? `; not: ${ob.examples.join('; ')}` : ''),
  );
  out.push('');
  const b = m.servedBy;
  out.push(
    `served by: inlay hint ${b.inlay}, hover on the call ${b.hover}, hover on the assigned name ${b.name} (of ${b.assignedSites} sites assigned to a name)`,
  );
  const h = m.hints;
  out.push(`inlay hints: ${h.count}, length p50 ${h.p50}, p90 ${h.p90}, max ${h.max} characters; ${h.echoing} only repeat their call`);
  const ex = Object.entries(m.excluded);
  if (ex.length) out.push(`not sites by the definition (member or non-tla qualified calls): ${ex.map(([k, v]) => `${k} ${v}`).join(', ')}`);
  out.push('');
  out.push(`warnings and errors published: ${m.diagnostics.length}`);
  for (const d of m.diagnostics) out.push(`  ${d.file}:${d.line}:${d.col} ${d.severity} ${d.code} ${d.message.split('\n')[0]}`);
  if (other?.diagnostics.length) {
    out.push(`warnings and errors published ${other.index ? 'with' : 'without'} the index: ${other.diagnostics.length}`);
    for (const d of other.diagnostics) out.push(`  ${d.file}:${d.line}:${d.col} ${d.severity} ${d.code} ${d.message.split('\n')[0]}`);
  }
  const problems = [...m.crashes, ...m.timeouts, ...(other ? [...other.crashes, ...other.timeouts] : [])];
  out.push(
    `crashes: ${m.crashes.length + (other?.crashes.length ?? 0)}, timeouts (> ${TIMEOUT_MS / 1000} s): ${m.timeouts.length + (other?.timeouts.length ?? 0)}`,
  );
  for (const p of problems) out.push(`  ${p.kind} ${p.method} ${p.where} ${p.message ?? `${Math.round(p.ms)} ms`}`);
  const logged = [...m.serverLoggedFailures, ...(other?.serverLoggedFailures ?? [])];
  if (logged.length) out.push(`server logged ${logged.length} failures, first: ${logged[0].split('\n')[0]}`);
  out.push(
    `p95 open → diagnostics ${m.openToDiagnosticsP95Ms} ms; total ${(m.totalMs / 1000).toFixed(1)} s (scan ${(m.scanMs / 1000).toFixed(1)} s) on ${m.machine.cpus} cores, load ${m.machine.load.join(' ')}`,
  );
  if (m.sites) {
    out.push('');
    for (const s of m.sites)
      out.push(
        `${s.file}:${s.line}:${s.col} ${s.construct} ${s.status}${s.informative ? ' informative' : ''}${s.values.length ? ' ' + s.values.map((v) => `[${v.via}] ${v.value}`).join(' | ') : ''}`,
      );
  }
  return out.join('\n');
}

async function main() {
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`corpus: ${e.message}`);
    process.exit(2);
  }
  if (!existsSync(o.dir) || !statSync(o.dir).isDirectory()) {
    console.error(`corpus: ${o.dir} is not a directory (give the Catlass tree as the argument)`);
    process.exit(2);
  }
  if (!existsSync(o.server)) {
    console.error(`corpus: ${path.relative(process.cwd(), o.server)} is missing; run \`npm run build\` first`);
    process.exit(2);
  }
  let m;
  try {
    m = await measure(o);
  } catch (e) {
    console.error(`corpus: ${e.message}`);
    process.exit(1);
  }
  process.stdout.write((o.json ? JSON.stringify({ ...m, report: formatReport(m) }, null, 2) : formatReport(m)) + '\n');
  const other = m.withoutIndex ?? m.withIndex;
  process.exit(m.crashes.length || m.timeouts.length || other?.crashes.length || other?.timeouts.length ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
