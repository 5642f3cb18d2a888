#!/usr/bin/env node
// `npm run corpus [DIR] [--json] [--limit N] [--list] [--server FILE]`: how much of the
// TLA in real C++ kernels the language server serves (Deliver item 2 of the
// real-kernels issue; docs/corpus.md explains the figures).
//
// Starts the built server (dist/server.js --stdio) the way an editor does, opens every
// C++ file of DIR (.cpp .hpp .h .asc; default ../shared/corpus/catlass) that uses TLA,
// and for every site that scripts/corpus-scan.mjs finds asks for the inlay hints of the
// whole file and hovers on the site's name and on the name it is assigned to. A site is
// *served* when an inlay hint sits at its end (or later on its last line, with no other
// site ending in between) or a hover shows a value; *concrete* when a served value has
// no symbol in it, else *symbolic*. Prints a table per construct, every warning and
// error the server published for these files (the corpus compiles, so each one is
// false), and requests that failed or took over 10 s.
//
//   --json        one JSON object on stdout instead of the table (its `report` is the table)
//   --limit N     only the first N files that use TLA (sorted by path)
//   --list        also print every site: file:line:col construct status value
//   --server FILE another server build (default dist/server.js)
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { assignHints, echoesCall, hintText, hintValue, hoverValue, isSymbolic, percentile } from './corpus-judge.mjs';
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
    server: path.join(ROOT, 'dist', 'server.js'),
  };
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k];
    if (a === '--json') o.json = true;
    else if (a === '--list') o.list = true;
    else if (a === '--limit' || a.startsWith('--limit=')) {
      const v = a.includes('=') ? a.slice(8) : argv[++k];
      o.limit = Number(v);
      if (!Number.isInteger(o.limit) || o.limit < 1) throw new Error(`--limit wants a positive integer, not ${v}`);
    } else if (a === '--server' || a.startsWith('--server=')) o.server = path.resolve(a.includes('=') ? a.slice(9) : argv[++k]);
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

function startServer(serverPath) {
  const child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));
  const published = new Map(); // uri -> diagnostics of the last publish
  const waiters = new Map(); // uri -> resolve
  const logs = [];
  connection.onNotification('textDocument/publishDiagnostics', (p) => {
    published.set(p.uri, p.diagnostics);
    const w = waiters.get(p.uri);
    if (w) {
      waiters.delete(p.uri);
      w(p.diagnostics);
    }
  });
  connection.onNotification('window/logMessage', (p) => logs.push(p.message));
  connection.onRequest('workspace/configuration', () => [null]);
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/inlayHint/refresh', () => null);
  let exited = null;
  const exit = new Promise((r) => child.once('exit', (code, signal) => r((exited = { code, signal }))));
  connection.listen();
  return {
    child,
    connection,
    logs,
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
        capabilities: { textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] }, inlayHint: {} } },
      });
      try {
        await Promise.race([asked, late, died]);
      } finally {
        clearTimeout(timer);
      }
      await connection.sendNotification('initialized', {});
    },
    /** Resolves with the next diagnostics published for uri (register before opening). */
    nextDiagnostics(uri) {
      return new Promise((resolve) => waiters.set(uri, resolve));
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

const hoverText = (h) => {
  if (!h) return '';
  const c = h.contents;
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map((x) => (typeof x === 'string' ? x : x.value)).join('\n\n');
  return c?.value ?? '';
};

// ------------------------------------------------------------------ the measurement

/**
 * Measures the corpus. Returns the figures (what --json prints).
 * @param {{ dir: string, limit?: number, server?: string, list?: boolean }} o
 */
export async function measure(o) {
  const started = performance.now();
  const dir = path.resolve(o.dir);
  const all = walk(dir).sort();
  const files = [];
  for (const f of all) {
    const text = readFileSync(f, 'utf8');
    const scan = scanSites(text);
    if (scan.usesTla) files.push({ path: f, text, scan });
    if (files.length >= (o.limit ?? Infinity)) break;
  }
  const scannedAfter = performance.now() - started;

  const serverPath = o.server ?? path.join(ROOT, 'dist', 'server.js');
  let server = startServer(serverPath);
  const problems = [];
  await server.initialize();
  let restarts = 0;
  const logsOfEarlierServers = [];
  const constructs = new Map();
  const row = (c) => {
    let r = constructs.get(c);
    if (!r) constructs.set(c, (r = { sites: 0, concrete: 0, symbolic: 0, unserved: 0 }));
    return r;
  };
  for (const c of CONSTRUCTS) row(c);
  const excluded = new Map();
  /** sites served by each way of asking (a site may count under several), and sites with a name to hover */
  const servedBy = { inlay: 0, hover: 0, name: 0, assignedSites: 0 };
  /** every inlay hint's length in characters, and the hints of a site that only repeat its call */
  const hintLengths = [];
  let echoingHints = 0;
  const diagnostics = [];
  const perFile = [];
  const siteList = [];
  const openToDiagnostics = [];
  let requests = 0;

  for (const f of files) {
    if (server.exited()) {
      // a crash: say so, and measure the remaining files with a new server
      problems.push({
        kind: 'crash',
        method: 'server',
        where: '',
        message: `the server exited (${JSON.stringify(server.exited())}): ${server.stderr().slice(-400)}`,
      });
      logsOfEarlierServers.push(...server.logs);
      server = startServer(serverPath);
      await server.initialize();
      restarts++;
    }
    const rel = path.relative(dir, f.path).split(path.sep).join('/');
    const uri = pathToFileURL(f.path).href;
    const idx = lineIndex(f.text);
    const sites = f.scan.sites;
    for (const x of f.scan.excluded) {
      const key = `${x.construct} (${x.why})`;
      excluded.set(key, (excluded.get(key) ?? 0) + 1);
    }
    const diag = server.nextDiagnostics(uri);
    const t0 = performance.now();
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'cpp', version: 1, text: f.text } });
    // every request at once, as an editor showing the file would: the server answers in order
    const hints = timed(
      server,
      'textDocument/inlayHint',
      { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: idx.lines, character: 0 } } },
      problems,
      rel,
    );
    const hovers = sites.map((s) => {
      const at = (start, end) => idx.position(start + ((end - start) >> 1));
      const call = timed(
        server,
        'textDocument/hover',
        { textDocument: { uri }, position: at(s.nameStart, s.nameEnd) },
        problems,
        `${rel}:${idx.position(s.nameStart).line + 1}`,
      );
      const name = s.assigned
        ? timed(
            server,
            'textDocument/hover',
            { textDocument: { uri }, position: at(s.assignedStart, s.assignedEnd) },
            problems,
            `${rel}:${idx.position(s.assignedStart).line + 1}`,
          )
        : Promise.resolve(undefined);
      return Promise.all([call, name]);
    });
    requests += 1 + sites.length + sites.filter((s) => s.assigned).length;
    const diagTimeout = new Promise((r) => setTimeout(() => r(null), TIMEOUT_MS));
    const [published, hintAnswer, hoverAnswers] = await Promise.all([
      Promise.race([diag.then((d) => ({ d, at: performance.now() })), diagTimeout, server.exit.then(() => null)]),
      hints,
      Promise.all(hovers),
    ]);
    if (published) {
      openToDiagnostics.push(published.at - t0);
      for (const d of published.d) {
        if (d.severity !== 1 && d.severity !== 2) continue;
        diagnostics.push({
          file: rel,
          line: d.range.start.line + 1,
          col: d.range.start.character + 1,
          severity: d.severity === 1 ? 'error' : 'warning',
          code: d.code ?? '',
          message: d.message,
        });
      }
    } else if (!server.exited()) problems.push({ kind: 'timeout', method: 'textDocument/publishDiagnostics', where: rel, ms: TIMEOUT_MS });

    const hintsBySite = assignHints(
      sites.map((s) => idx.position(s.end)),
      hintAnswer.result ?? [],
    );
    for (const h of hintAnswer.result ?? []) hintLengths.push(hintText(h.label).length);
    let served = 0;
    sites.forEach((s, k) => {
      for (const h of hintsBySite.get(k) ?? []) if (echoesCall(h.label, f.text.slice(s.start, s.end))) echoingHints++;
      const values = [];
      for (const h of hintsBySite.get(k) ?? []) values.push({ via: 'inlay', value: hintValue(h.label) });
      const [call, name] = hoverAnswers[k];
      const vc = hoverValue(hoverText(call?.result));
      if (vc !== undefined) values.push({ via: 'hover', value: vc });
      const vn = name ? hoverValue(hoverText(name.result)) : undefined;
      if (vn !== undefined) values.push({ via: 'name', value: vn });
      for (const via of new Set(values.map((v) => v.via))) servedBy[via]++;
      if (s.assigned) servedBy.assignedSites++;
      const r = row(s.construct);
      r.sites++;
      let status = 'unserved';
      if (values.length) status = values.some((v) => !isSymbolic(v.value)) ? 'concrete' : 'symbolic';
      r[status]++;
      if (status !== 'unserved') served++;
      if (o.list) {
        const p = idx.position(s.start);
        siteList.push({ file: rel, line: p.line + 1, col: p.character + 1, construct: s.construct, status, values });
      }
    });
    const byConstruct = {};
    for (const s of sites) byConstruct[s.construct] = (byConstruct[s.construct] ?? 0) + 1;
    perFile.push({ file: rel, sites: sites.length, served, constructs: byConstruct, excluded: f.scan.excluded.length });
    await server.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }
  if (server.exited())
    problems.push({
      kind: 'crash',
      method: 'server',
      where: '',
      message: `the server exited (${JSON.stringify(server.exited())}): ${server.stderr().slice(-400)}`,
    });
  const failedLogs = [...server.logs, ...logsOfEarlierServers].filter((m) => /failed/.test(m));
  await server.close();

  const total = { sites: 0, concrete: 0, symbolic: 0, unserved: 0 };
  for (const r of constructs.values()) for (const k of Object.keys(total)) total[k] += r[k];
  const sortedMs = [...openToDiagnostics].sort((a, b) => a - b);
  const p95 = sortedMs.length ? sortedMs[Math.min(sortedMs.length - 1, Math.ceil(0.95 * sortedMs.length) - 1)] : NaN;
  return {
    dir,
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, load: os.loadavg().map((x) => Math.round(x * 100) / 100) },
    filesScanned: all.length,
    files: perFile,
    constructs: Object.fromEntries(constructs),
    total,
    servedBy,
    hints: {
      count: hintLengths.length,
      p50: percentile(hintLengths, 0.5),
      p90: percentile(hintLengths, 0.9),
      max: Math.max(0, ...hintLengths),
      echoing: echoingHints,
    },
    excluded: Object.fromEntries(excluded),
    diagnostics,
    crashes: problems.filter((p) => p.kind === 'crash'),
    timeouts: problems.filter((p) => p.kind === 'timeout'),
    serverLoggedFailures: failedLogs,
    requests,
    serverRestarts: restarts,
    openToDiagnosticsP95Ms: Math.round(p95 * 10) / 10,
    scanMs: Math.round(scannedAfter),
    totalMs: Math.round(performance.now() - started),
    ...(o.list ? { sites: siteList } : {}),
  };
}

// ------------------------------------------------------------------ printing

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)}%` : '–');

export function formatTable(m) {
  const head = ['construct', 'sites', 'concrete', 'symbolic', 'unserved', 'served'];
  const rows = Object.entries(m.constructs).map(([c, r]) => [c, r.sites, r.concrete, r.symbolic, r.unserved, pct(r.concrete + r.symbolic, r.sites)]);
  const t = m.total;
  const totalRow = [
    'total',
    t.sites,
    `${t.concrete} (${pct(t.concrete, t.sites)})`,
    `${t.symbolic} (${pct(t.symbolic, t.sites)})`,
    `${t.unserved} (${pct(t.unserved, t.sites)})`,
    pct(t.concrete + t.symbolic, t.sites),
  ];
  const all = [head, ...rows, totalRow].map((r) => r.map(String));
  const widths = head.map((_, k) => Math.max(...all.map((r) => r[k].length)));
  const line = (r) => '| ' + r.map((x, k) => (k ? x.padStart(widths[k]) : x.padEnd(widths[k]))).join(' | ') + ' |';
  const sep = '|' + widths.map((w, k) => (k ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') + '|';
  return [line(all[0]), sep, ...all.slice(1, -1).map(line), line(all[all.length - 1])].join('\n');
}

export function formatReport(m) {
  const out = [];
  const withSites = m.files.filter((f) => f.sites).length;
  out.push(`corpus: ${m.dir}`);
  out.push(`${m.files.length} files use TLA (of ${m.filesScanned} C++ files), ${withSites} with sites; ${m.requests} requests`);
  out.push('');
  out.push(formatTable(m));
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
  out.push(`crashes: ${m.crashes.length}, timeouts (> ${TIMEOUT_MS / 1000} s): ${m.timeouts.length}`);
  for (const p of [...m.crashes, ...m.timeouts]) out.push(`  ${p.kind} ${p.method} ${p.where} ${p.message ?? `${Math.round(p.ms)} ms`}`);
  if (m.serverLoggedFailures.length)
    out.push(`server logged ${m.serverLoggedFailures.length} failures, first: ${m.serverLoggedFailures[0].split('\n')[0]}`);
  out.push(
    `p95 open → diagnostics ${m.openToDiagnosticsP95Ms} ms; total ${(m.totalMs / 1000).toFixed(1)} s (scan ${(m.scanMs / 1000).toFixed(1)} s) on ${m.machine.cpus} cores, load ${m.machine.load.join(' ')}`,
  );
  if (m.sites) {
    out.push('');
    for (const s of m.sites)
      out.push(
        `${s.file}:${s.line}:${s.col} ${s.construct} ${s.status}${s.values.length ? ' ' + s.values.map((v) => `[${v.via}] ${v.value}`).join(' | ') : ''}`,
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
  process.exit(m.crashes.length || m.timeouts.length ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
