#!/usr/bin/env node
// Runs code-server (VS Code in the browser, installed by scripts/setup-code-server.sh
// into .vscode-test/code-server/) with one extension loaded from a folder.
//
// As a module (used by the e2e tests):
//   import { startCodeServer } from '../../scripts/code-server.mjs';
//   const cs = await startCodeServer({ extensionDir, folder, port, settings });
//   ... cs.url ...
//   await cs.stop();
//
// As a CLI (npm start): loads the extension of this project (the folder holding
// package.json, next to scripts/) and keeps running until Ctrl+C:
//   node scripts/code-server.mjs [--port 8080] [FOLDER]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const CODE_SERVER_VERSION = process.env.CODE_SERVER_VERSION || '4.100.3';
export const CODE_SERVER_DIR = path.join(ROOT, '.vscode-test', 'code-server');
export const CODE_SERVER_ENTRY = path.join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const MARKER = path.join(CODE_SERVER_DIR, '.installed');
const SETUP_SCRIPT = path.join(ROOT, 'scripts', 'setup-code-server.sh');

/** User settings always written (the caller's `settings` are merged over them). */
export const DEFAULT_SETTINGS = Object.freeze({
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'editor.inlayHints.enabled': 'on',
  // quieter, faster, deterministic workbench on a small machine
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'workbench.enableExperiments': false,
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
});

/** True when setup-code-server.sh finished for CODE_SERVER_VERSION. */
export function isCodeServerInstalled() {
  try {
    return fs.readFileSync(MARKER, 'utf8').trim() === CODE_SERVER_VERSION && fs.existsSync(CODE_SERVER_ENTRY);
  } catch {
    return false;
  }
}

/** Runs scripts/setup-code-server.sh when code-server (or chromium/rg) is missing. Throws on failure. */
export function ensureCodeServer({ quiet = false } = {}) {
  if (isCodeServerInstalled() && fs.existsSync('/usr/bin/chromium') && fs.existsSync('/usr/bin/rg')) return;
  const r = spawnSync('bash', [SETUP_SCRIPT], { stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (r.status !== 0) {
    const out = quiet ? `\n${r.stdout ?? ''}${r.stderr ?? ''}` : '';
    throw new Error(`scripts/setup-code-server.sh failed (exit ${r.status ?? r.signal})${out}`);
  }
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Reads publisher/name/version of an extension folder; returns the install folder name. */
export function extensionId(extensionDir) {
  const pkgPath = path.join(extensionDir, 'package.json');
  let pkg;
  try {
    pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
  } catch (e) {
    throw new Error(`cannot read extension manifest ${pkgPath}: ${e.message}`, { cause: e });
  }
  for (const k of ['publisher', 'name', 'version']) {
    if (!pkg[k]) throw new Error(`${pkgPath} has no "${k}"`);
  }
  return { id: `${pkg.publisher}.${pkg.name}`, folderName: `${pkg.publisher}.${pkg.name}-${pkg.version}`, manifest: pkg };
}

/**
 * Starts code-server with one extension.
 *
 * @param {object}  opts
 * @param {string}  opts.extensionDir   folder with the extension's package.json (publisher/name/version) and dist/
 * @param {string} [opts.folder]        workspace folder to open (absolute or relative to cwd)
 * @param {number} [opts.port]          port on 127.0.0.1 (default: a free one)
 * @param {object} [opts.settings]      user settings merged over DEFAULT_SETTINGS
 * @param {'symlink'|'copy'} [opts.install='symlink']  how the extension is placed into the extensions dir
 * @param {string} [opts.dataDir]       where user-data/ and extensions/ go (default: a fresh temp dir, removed by stop())
 * @param {number} [opts.timeoutMs=60000]  how long to wait for the HTTP port
 * @param {boolean|function} [opts.log=false]  true: echo code-server output to stderr; a function: called with each chunk
 * @returns {Promise<{url: string, baseUrl: string, port: number, pid: number, userDataDir: string,
 *           extensionsDir: string, extensionId: string, output: () => string, stop: () => Promise<void>}>}
 */
export async function startCodeServer({
  extensionDir,
  folder,
  port,
  settings = {},
  install = 'symlink',
  dataDir,
  timeoutMs = 60_000,
  log = false,
} = {}) {
  if (!isCodeServerInstalled()) ensureCodeServer();
  if (!extensionDir) throw new Error('startCodeServer: extensionDir is required');
  extensionDir = path.resolve(extensionDir);
  const ext = extensionId(extensionDir);

  const ownDataDir = !dataDir;
  dataDir = dataDir ? path.resolve(dataDir) : fs.mkdtempSync(path.join(os.tmpdir(), 'code-server-'));
  const userDataDir = path.join(dataDir, 'user-data');
  const extensionsDir = path.join(dataDir, 'extensions');
  fs.rmSync(extensionsDir, { recursive: true, force: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });

  const target = path.join(extensionsDir, ext.folderName);
  if (install === 'copy') {
    const skip = new Set(['node_modules', '.git', '.vscode-test', 'test-artifacts']);
    fs.cpSync(extensionDir, target, {
      recursive: true,
      dereference: true,
      filter: (src) => src === extensionDir || !skip.has(path.relative(extensionDir, src).split(path.sep)[0]),
    });
  } else {
    fs.symlinkSync(extensionDir, target, 'dir');
  }

  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...DEFAULT_SETTINGS, ...settings }, null, 2));
  // our own config file, so code-server never writes ~/.config/code-server/config.yaml
  const configFile = path.join(dataDir, 'config.yaml');
  fs.writeFileSync(configFile, 'auth: none\n');

  port = port ?? (await freePort());
  const args = [
    CODE_SERVER_ENTRY,
    '--config',
    configFile,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
  ];
  const folderAbs = folder ? path.resolve(folder) : undefined;
  if (folderAbs) args.push(folderAbs);

  const env = { ...process.env };
  for (const k of ['PASSWORD', 'HASHED_PASSWORD', 'PORT', 'VSCODE_IPC_HOOK_CLI', 'ELECTRON_RUN_AS_NODE']) delete env[k];
  // VS Code resolves a login shell's environment ($SHELL -ilc) before it launches each
  // extension host: seconds on a busy 2-core machine. VSCODE_CLI=1 makes it skip that (the
  // extension host then inherits this environment, which is also more deterministic).
  env.VSCODE_CLI = '1';
  // detached => own process group, so stop() can kill code-server and everything it forked
  const child = spawn(process.execPath, args, { cwd: folderAbs ?? dataDir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const onData = (chunk) => {
    const s = chunk.toString();
    output += s;
    if (output.length > 200_000) output = output.slice(-100_000);
    if (typeof log === 'function') log(s);
    else if (log) process.stderr.write(s);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let exited = null;
  const exitPromise = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );

  const killGroup = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      /* already gone */
    }
  };
  // last resort: never leave code-server behind when this process exits or is signalled
  const emergency = () => {
    killGroup('SIGKILL');
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  live.add(emergency);
  installExitHandlers();

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    killGroup('SIGTERM');
    const t = setTimeout(() => killGroup('SIGKILL'), 5000);
    await exitPromise;
    clearTimeout(t);
    // the group leader may exit before its children (extension host, pty host, watcher)
    for (let i = 0; i < 50 && groupAlive(child.pid); i++) {
      if (i === 20) killGroup('SIGKILL');
      await sleep(100);
    }
    killGroup('SIGKILL');
    live.delete(emergency);
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  const baseUrl = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`code-server exited early (${JSON.stringify(exited)}):\n${output}`);
    }
    if (await answers(`${baseUrl}healthz`)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer on ${baseUrl} within ${timeoutMs} ms:\n${output}`);
    }
    await sleep(150);
  }

  const url = folderAbs ? `${baseUrl}?folder=${encodeURIComponent(folderAbs)}` : baseUrl;
  return {
    url,
    baseUrl,
    port,
    pid: child.pid,
    userDataDir,
    extensionsDir,
    extensionId: ext.id,
    output: () => output,
    stop,
  };
}

// kill functions of the code-servers started by this process and not stopped yet
const live = new Set();
let handlersInstalled = false;
function installExitHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const killAll = () => {
    for (const k of live) k();
    live.clear();
  };
  process.on('exit', killAll);
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const onSignal = (sig) => {
    // someone else (e.g. the CLI below) handles this signal and will call stop()
    if (process.listenerCount(sig) > 1) return;
    killAll();
    for (const s of signals) process.off(s, onSignal);
    process.kill(process.pid, sig); // default action: die by the same signal
  };
  for (const s of signals) process.on(s, onSignal);
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- CLI
async function main(argv) {
  let port = 8080;
  let folder;
  let verbose = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port' || a === '-p') port = Number(argv[++i]);
    else if (a.startsWith('--port=')) port = Number(a.slice(7));
    else if (a === '--verbose' || a === '-v') verbose = true;
    else if (a === '--help' || a === '-h') {
      console.log('usage: node scripts/code-server.mjs [--port 8080] [--verbose] [FOLDER]');
      return;
    } else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else folder = a;
  }
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`bad --port`);
  if (!fs.existsSync(path.join(ROOT, 'dist', 'extension.js'))) {
    console.warn(`[code-server] warning: ${path.join(ROOT, 'dist/extension.js')} is missing — run \`npm run build\` first`);
  }
  // quiet unless something fails: one line on the first run, the installer's output only on failure
  if (!isCodeServerInstalled())
    console.log(`[code-server] first run: installing code-server ${CODE_SERVER_VERSION} into .vscode-test/ (a minute or two)`);
  ensureCodeServer({ quiet: true });
  const dataDir = path.join(ROOT, '.vscode-test', 'dev');
  const cs = await startCodeServer({
    extensionDir: ROOT,
    folder: folder ?? path.join(ROOT, 'examples'),
    port,
    dataDir, // kept between runs (settings, open editors); the extensions dir is rebuilt each start
    log: verbose,
  });
  console.log(`[code-server] ${cs.extensionId} loaded (symlink to ${ROOT})`);
  console.log(`[code-server] open ${cs.url}`);
  console.log('[code-server] Ctrl+C to stop');
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n[code-server] stopping');
    await cs.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGHUP', shutdown);
  // keep running; if code-server dies by itself, exit too
  const timer = setInterval(() => {
    if (!groupAlive(cs.pid)) {
      console.error('[code-server] code-server exited');
      clearInterval(timer);
      process.exit(1);
    }
  }, 2000);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(`[code-server] ${e.message}`);
    process.exit(1);
  });
}
