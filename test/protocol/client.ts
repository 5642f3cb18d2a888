// A minimal LSP client over stdio for protocol tests: spawns the built dist/server.js.
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { MessageConnection, StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';
import type { ClientCapabilities, Diagnostic, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { ROOT } from '../helpers';

export const SERVER = path.join(ROOT, 'dist', 'server.js');

export interface TestClient {
  connection: MessageConnection;
  process: ChildProcess;
  init: InitializeResult;
  stderr: () => string;
  /** window/logMessage texts the server sent (its output channel in VS Code). */
  logs: () => string[];
  /** Opens a document (languageId 'tla-layout' unless given, e.g. 'cpp'). */
  open(uri: string, text: string, languageId?: string): Promise<void>;
  change(uri: string, version: number, changes: { range?: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }[]): Promise<void>;
  request<R>(method: string, params: unknown): Promise<R>;
  /** Resolves with the next diagnostics published for uri that satisfy the predicate. */
  diagnostics(uri: string, until?: (d: Diagnostic[]) => boolean, timeoutMs?: number): Promise<Diagnostic[]>;
  close(): Promise<void>;
}

export async function startClient(capabilities: ClientCapabilities = {}, initializationOptions?: unknown): Promise<TestClient> {
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published = new Map<string, Diagnostic[][]>();
  const waiters: { uri: string; until: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.set(p.uri, [...(published.get(p.uri) ?? []), p.diagnostics]);
    for (const w of [...waiters]) {
      if (w.uri === p.uri && w.until(p.diagnostics)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p.diagnostics);
      }
    }
  });
  const logs: string[] = [];
  connection.onNotification('window/logMessage', (p: { message: string }) => {
    logs.push(p.message);
  });
  connection.onRequest('workspace/configuration', () => [null]);
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/inlayHint/refresh', () => null);
  connection.listen();
  const init = (await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities,
    initializationOptions,
  })) as InitializeResult;
  await connection.sendNotification('initialized', {});
  return {
    connection,
    process: child,
    init,
    stderr: () => err,
    logs: () => logs,
    open: (uri, text, languageId = 'tla-layout') => connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } }),
    change: (uri, version, changes) => connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes }),
    request: (method, params) => connection.sendRequest(method, params),
    diagnostics: (uri, until = () => true, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no matching diagnostics for ${uri} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ uri, until, resolve: (d) => (clearTimeout(t), resolve(d)) });
      }),
    close: async () => {
      try {
        await connection.sendRequest('shutdown');
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
