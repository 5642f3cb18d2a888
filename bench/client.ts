// The LSP client of the benchmarks (bundled by bench/run.mjs into out/bench/client.js):
// spawns a server over stdio, times requests, reads the server's resident memory.
// Modelled on test/protocol/client.ts, with the server path as a parameter.
import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { MessageConnection, StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';

export interface Client {
  process: ChildProcess;
  /** ms from spawn to the initialize response */
  initializedAfter: number;
  spawnedAt: number;
  open(uri: string, text: string, version?: number): Promise<void>;
  change(uri: string, version: number, changes: { range?: Range; text: string }[]): Promise<void>;
  request<R>(method: string, params: unknown): Promise<R>;
  /** Resolves at the next publishDiagnostics for uri; with the time (performance.now()) it arrived. */
  nextDiagnostics(uri: string, timeoutMs?: number): Promise<{ at: number; count: number }>;
  /** Resident set size of the server process in bytes (from /proc), or NaN. */
  rss(): number;
  stderr(): string;
  close(): Promise<void>;
}

export interface Range {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

export async function startClient(serverPath: string, nodeArgs: string[] = []): Promise<Client> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const connection: MessageConnection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const waiters: { uri: string; resolve: (v: { at: number; count: number }) => void }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: unknown[] }) => {
    const at = performance.now();
    for (const w of [...waiters]) {
      if (w.uri === p.uri) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve({ at, count: p.diagnostics.length });
      }
    }
  });
  connection.onRequest('workspace/configuration', () => [null]);
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/inlayHint/refresh', () => null);
  connection.onNotification('window/logMessage', () => undefined);
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  const initializedAfter = performance.now() - spawnedAt;
  await connection.sendNotification('initialized', {});
  return {
    process: child,
    initializedAfter,
    spawnedAt,
    open: (uri, text, version = 1) =>
      connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'tla-layout', version, text } }),
    change: (uri, version, changes) => connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes }),
    request: (method, params) => connection.sendRequest(method, params),
    nextDiagnostics: (uri, timeoutMs = 120000) =>
      new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms; stderr: ${err.slice(-500)}`)), timeoutMs);
        waiters.push({ uri, resolve: (v) => (clearTimeout(t), resolve(v)) });
      }),
    rss: () => {
      try {
        const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        return m ? Number(m[1]) * 1024 : NaN;
      } catch {
        return NaN;
      }
    },
    stderr: () => err,
    close: async () => {
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
    },
  };
}
