// The one LSP client of the project over stdio, shared by the protocol tests and the
// benchmarks (bench/run.mjs bundles this file): spawns a server (the built dist/server.js
// unless told another, e.g. the bench's floor server), answers the requests a server sends
// an editor, records when each publishDiagnostics arrives and for which version, and reads
// the server's resident memory.
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageConnection, StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';
import type { ClientCapabilities, Diagnostic, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';

/** dist/server.js of the checkout this file was built in (found above this file's folder). */
export function defaultServer(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'package.json')) || !existsSync(path.join(dir, 'server'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`project root not found above ${__dirname}; pass the server path`);
    dir = up;
  }
  return path.join(dir, 'dist', 'server.js');
}

export interface Range {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

export interface Published {
  /** performance.now() when the notification arrived. */
  at: number;
  version: number | undefined;
  diagnostics: Diagnostic[];
}

export interface ClientOptions {
  /** The server script (default: dist/server.js). */
  server?: string;
  /** Arguments for node before the script (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Workspace folders (paths) of the initialize request (default none). */
  workspaceFolders?: string[];
}

export interface TestClient {
  connection: MessageConnection;
  process: ChildProcess;
  init: InitializeResult;
  /** performance.now() at spawn, and ms from spawn to the initialize answer. */
  spawnedAt: number;
  initializedAfter: number;
  stderr: () => string;
  /** window/logMessage texts the server sent (its output channel in VS Code). */
  logs: () => string[];
  /** window/showMessage texts the server sent (VS Code's notifications). */
  messages: () => string[];
  /** $/progress values the server sent (work-done progress: begin, report, end), in order. */
  progress: () => { kind: string; title?: string; message?: string; percentage?: number }[];
  /** Opens a document: version 1 and languageId 'tla-layout' unless given (`open(uri, text, 'cpp')` names the language only). */
  open(uri: string, text: string, version?: number | string, languageId?: string): Promise<void>;
  change(uri: string, version: number, changes: { range?: Range; text: string }[]): Promise<void>;
  closeDocument(uri: string): Promise<void>;
  request<R>(method: string, params: unknown): Promise<R>;
  /** Resolves with the next diagnostics published for uri that satisfy the predicate. */
  diagnostics(uri: string, until?: (d: Diagnostic[]) => boolean, timeoutMs?: number): Promise<Diagnostic[]>;
  /**
   * Resolves at the next publishDiagnostics for uri (of `version` or a later one, when
   * given), with its arrival time: what an editor waits for after an edit.
   */
  published(uri: string, version?: number, timeoutMs?: number): Promise<Published>;
  /** The versions of every publishDiagnostics received for uri so far, in the order they came. */
  publishedVersions(uri: string): (number | undefined)[];
  /** Resident set size of the server process in bytes (from /proc), or NaN. */
  rss(): number;
  /** shutdown, exit, and the process gone. */
  close(): Promise<void>;
}

export async function startClient(
  capabilities: ClientCapabilities = {},
  initializationOptions?: unknown,
  options: ClientOptions = {},
): Promise<TestClient> {
  const server = options.server ?? defaultServer();
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), server, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  type Waiter = { uri: string; accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: Published) => void };
  const waiters: Waiter[] = [];
  const versions = new Map<string, (number | undefined)[]>();
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    const at = performance.now();
    let seen = versions.get(p.uri);
    if (!seen) versions.set(p.uri, (seen = []));
    seen.push(p.version);
    for (const w of [...waiters]) {
      if (w.uri === p.uri && w.accept(p)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve({ at, version: p.version, diagnostics: p.diagnostics });
      }
    }
  });
  const logs: string[] = [];
  connection.onNotification('window/logMessage', (p: { message: string }) => {
    logs.push(p.message);
  });
  const messages: string[] = [];
  connection.onNotification('window/showMessage', (p: { message: string }) => {
    messages.push(p.message);
  });
  const progress: { kind: string; title?: string; message?: string; percentage?: number }[] = [];
  connection.onNotification('$/progress', (p: { value: { kind: string } }) => {
    progress.push(p.value);
  });
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('workspace/configuration', () => [null]);
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/inlayHint/refresh', () => null);
  connection.listen();
  const init = (await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    ...(options.workspaceFolders
      ? { workspaceFolders: options.workspaceFolders.map((f) => ({ uri: pathToFileURL(f).href, name: path.basename(f) })) }
      : {}),
    capabilities,
    initializationOptions,
  })) as InitializeResult;
  const initializedAfter = performance.now() - spawnedAt;
  await connection.sendNotification('initialized', {});
  const wait = (uri: string, accept: Waiter['accept'], timeoutMs: number, what: string) =>
    new Promise<Published>((resolve, reject) => {
      const t = setTimeout(() => {
        const i = waiters.indexOf(w);
        if (i >= 0) waiters.splice(i, 1);
        reject(new Error(`no ${what} for ${uri} within ${timeoutMs} ms; stderr: ${err.slice(-500)}`));
      }, timeoutMs);
      const w: Waiter = { uri, accept, resolve: (p) => (clearTimeout(t), resolve(p)) };
      waiters.push(w);
    });
  const stop = async () => {
    try {
      await Promise.race([connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
      await connection.sendNotification('exit');
    } catch {
      /* already gone */
    }
    connection.dispose();
    await new Promise<void>((r) => {
      if (child.exitCode !== null) return r();
      const t = setTimeout(() => (child.kill(), r()), 2000);
      child.once('exit', () => (clearTimeout(t), r()));
    });
  };
  return {
    connection,
    process: child,
    init,
    spawnedAt,
    initializedAfter,
    stderr: () => err,
    logs: () => logs,
    messages: () => messages,
    progress: () => progress,
    open: (uri, text, version = 1, languageId = 'tla-layout') =>
      typeof version === 'string'
        ? connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: version, version: 1, text } })
        : connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } }),
    change: (uri, version, changes) =>
      connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes }),
    closeDocument: (uri) => connection.sendNotification('textDocument/didClose', { textDocument: { uri } }),
    request: (method, params) => connection.sendRequest(method, params),
    diagnostics: (uri, until = () => true, timeoutMs = 5000) =>
      wait(uri, (p) => until(p.diagnostics), timeoutMs, 'matching diagnostics').then((p) => p.diagnostics),
    publishedVersions: (uri) => [...(versions.get(uri) ?? [])],
    published: (uri, version, timeoutMs = 120000) =>
      wait(
        uri,
        (p) => version === undefined || (p.version ?? -1) >= version,
        timeoutMs,
        version === undefined ? 'diagnostics' : `diagnostics of version ${version}`,
      ),
    rss: () => {
      try {
        const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        return m ? Number(m[1]) * 1024 : NaN;
      } catch {
        return NaN;
      }
    },
    close: stop,
  };
}
