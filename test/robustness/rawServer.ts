// A raw LSP connection to dist/server.js over stdio: frames written by hand, so that
// tests can send what no well-behaved client would (bad JSON, wrong Content-Length,
// messages without fields), and read every message the server writes back.
import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers';

export const SERVER = path.join(ROOT, 'dist', 'server.js');

export interface Message {
  jsonrpc?: string;
  id?: number | string | null;
  method?: string;
  params?: any;
  result?: any;
  error?: { code: number; message: string; data?: unknown };
}

export const frame = (body: string | object, contentLength?: number): Buffer => {
  const b = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${contentLength ?? b.length}\r\n\r\n`, 'ascii'), b]);
};

export class RawServer {
  /** Every server started and not yet exited: killed by killAll() so that no test leaks one. */
  static readonly running = new Set<RawServer>();
  readonly process: ChildProcess;
  readonly messages: Message[] = [];
  stderr = '';
  private buf = Buffer.alloc(0);
  private nextId = 1000;
  private waiters: { pred: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(args: string[] = ['--stdio']) {
    this.process = spawn(process.execPath, [SERVER, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.process.stdout!.on('data', (d: Buffer) => this.onData(d));
    this.process.stderr!.on('data', (d) => (this.stderr += d));
    this.process.stdin!.on('error', () => undefined); // writing to a server that is gone
    RawServer.running.add(this);
    this.exited = new Promise((resolve) =>
      this.process.once('exit', (code, signal) => {
        RawServer.running.delete(this);
        resolve({ code, signal });
      }),
    );
  }

  static async killAll(): Promise<void> {
    await Promise.all([...RawServer.running].map((s) => (s.process.kill('SIGKILL'), s.exited)));
  }

  async kill(): Promise<void> {
    if (this.alive) this.process.kill('SIGKILL');
    await this.exited;
  }

  private onData(d: Buffer): void {
    this.buf = Buffer.concat([this.buf, d]);
    for (;;) {
      const h = this.buf.indexOf('\r\n\r\n');
      if (h < 0) return;
      const m = /Content-Length: *(\d+)/i.exec(this.buf.subarray(0, h).toString('ascii'));
      if (!m) throw new Error(`server wrote a frame without Content-Length: ${this.buf.subarray(0, h)}`);
      const len = Number(m[1]);
      if (this.buf.length < h + 4 + len) return;
      const msg = JSON.parse(this.buf.subarray(h + 4, h + 4 + len).toString('utf8')) as Message;
      this.buf = this.buf.subarray(h + 4 + len);
      this.messages.push(msg);
      // answer the server's own requests as a client would
      if (msg.method && msg.id !== undefined)
        this.send({ jsonrpc: '2.0', id: msg.id, result: msg.method === 'workspace/configuration' ? [null] : null });
      for (const w of [...this.waiters]) {
        if (w.pred(msg)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(msg);
        }
      }
    }
  }

  get alive(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  writeRaw(data: Buffer | string): void {
    this.process.stdin!.write(data);
  }

  send(msg: object): void {
    this.writeRaw(frame(msg));
  }

  notify(method: string, params?: unknown): void {
    this.send({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
  }

  /** The next message (already received or still to come) that satisfies pred. */
  waitFor(pred: (m: Message) => boolean, timeoutMs = 5000, what = 'a message'): Promise<Message> {
    const seen = this.messages.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const w = {
        pred,
        resolve: (m: Message) => {
          clearTimeout(t);
          resolve(m);
        },
      };
      const t = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error(`no ${what} within ${timeoutMs} ms (server ${this.alive ? 'alive' : 'exited'})`));
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  /** Sends a request and resolves with its response (result or error). */
  request(method: string, params?: unknown, timeoutMs = 5000): Promise<Message> {
    const id = ++this.nextId;
    const p = this.waitFor((m) => m.id === id && m.method === undefined, timeoutMs, `answer to ${method} #${id}`);
    this.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
    return p;
  }

  /** A request id, for tests that frame the request themselves. */
  newId(): number {
    return ++this.nextId;
  }

  async initialize(processId: number | null = process.pid, capabilities: object = {}): Promise<Message> {
    const r = await this.request('initialize', { processId, rootUri: null, capabilities }, 10_000);
    this.notify('initialized', {});
    return r;
  }

  open(uri: string, text: string, version = 1): void {
    this.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'tla-layout', version, text } });
  }

  async stop(): Promise<void> {
    if (this.alive) {
      try {
        await this.request('shutdown', undefined, 2000);
        this.notify('exit');
      } catch {
        /* it is stuck or gone */
      }
    }
    const t = setTimeout(() => this.process.kill('SIGKILL'), 3000);
    await this.exited;
    clearTimeout(t);
  }
}

/**
 * Whether a process id is still running (signal 0 probes without signalling). A zombie
 * (exited, not yet reaped by whoever adopted it) has stopped running: it counts as gone.
 */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc: trust the signal probe
  }
}

export async function waitForPidGone(pid: number, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (!pidAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !pidAlive(pid);
}
