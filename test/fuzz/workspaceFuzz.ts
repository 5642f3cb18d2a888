// The workspace fuzz family (issue 23, item 6): random Catlass trees made of the corpus's own
// headers (../shared/corpus/catlass/include), mutated (NUL and CR bytes, truncation, binary,
// oversize, duplication) and churned (writes, deletes, renames, folders removed, symlink loops,
// checkouts of 64–200 headers with a tenth of their events lost, open-edit-close in the editor),
// sent to dist/server.js as watcher events. After each step: the server answers, its index
// equals a fresh index of the tree on disk (headers, bytes, skips, digest), and no request took
// longer than its budget.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { Hover } from 'vscode-languageserver-protocol';
import { DEFAULT_INDEX_LIMITS, IndexLimits } from '../../server/src/headerTree';
import { WorkspaceIndex } from '../../server/src/workspaceIndex';
import type { WorkspaceIndexAnswer } from '../../shared/protocol';
import { SHARED_DIR } from '../helpers';
import { TestClient, startClient } from '../protocol/client';
import { PropertyFailure } from './properties';

export const WORKSPACE_CORPUS = path.join(SHARED_DIR, 'corpus', 'catlass', 'include');
/**
 * A request's budget in the fuzz: a stall, not the machine's noise — 250 ms, or 10 × the p95 of
 * the same requests on the same server idle, measured when it starts (a loaded machine moves both;
 * see test/protocol/workspace.test.ts).
 */
export const REQUEST_BUDGET_MS = 250;
const BUDGET_TIMES_IDLE = 10;
/** Small enough that oversize mutations meet it. */
const LIMITS: IndexLimits = { ...DEFAULT_INDEX_LIMITS, maxFileBytes: 150_000 };
const FILES = 48;
const DIRS = 6;

const fail = (kind: string, detail: string): never => {
  throw new PropertyFailure(kind, detail);
};

let corpus: string[] | undefined;
/** The corpus's headers (their texts), in path order; empty when ../shared is absent. */
export function workspaceCorpus(): string[] {
  if (corpus) return corpus;
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(h|hpp)$/.test(e.name)) out.push(readFileSync(p, 'utf8'));
    }
  };
  if (existsSync(WORKSPACE_CORPUS)) walk(WORKSPACE_CORPUS);
  return (corpus = out);
}

const mutations = ['none', 'none', 'nul', 'cr', 'truncate', 'binary', 'oversize', 'duplicate', 'utf8'] as const;
type MutationKind = (typeof mutations)[number];
const content = fc.record({ source: fc.nat(), mutation: fc.constantFrom(...mutations), at: fc.nat() });
type Content = { source: number; mutation: MutationKind; at: number };

export type WorkspaceOp =
  | { kind: 'write'; file: number; content: Content }
  | { kind: 'delete'; file: number }
  | { kind: 'rename'; file: number; to: number }
  | { kind: 'deleteDir'; dir: number }
  | { kind: 'loop'; dir: number }
  | { kind: 'checkout'; count: number; seed: number }
  | { kind: 'edit'; file: number; content: Content };

const file = fc.nat(FILES - 1);
const op: fc.Arbitrary<WorkspaceOp> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('write' as const), file, content }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), file }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rename' as const), file, to: file }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteDir' as const), dir: fc.nat(DIRS - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('loop' as const), dir: fc.nat(DIRS - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('checkout' as const), count: fc.integer({ min: 64, max: 160 }), seed: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), file, content }) },
);

export interface WorkspaceSession {
  initial: { file: number; content: Content }[];
  steps: WorkspaceOp[];
}

export const workspaceSession: fc.Arbitrary<WorkspaceSession> = fc.record({
  initial: fc.array(fc.record({ file, content }), { minLength: 1, maxLength: FILES }),
  steps: fc.array(op, { minLength: 1, maxLength: 6 }),
});
/** Smaller sessions for npm test (a session of the full size takes up to a minute at a load of 10). */
export const smallWorkspaceSession: fc.Arbitrary<WorkspaceSession> = fc.record({
  initial: fc.array(fc.record({ file, content }), { minLength: 1, maxLength: 12 }),
  steps: fc.array(op, { minLength: 1, maxLength: 3 }),
});

/** File n's place: catlass/ or tla/, a folder, a subfolder. */
const relOf = (n: number) => path.join(n % 4 === 3 ? 'tla' : 'catlass', `d${n % DIRS}`, `s${n % 3}`, `h${n}.hpp`);

function textOf(c: Content): string | Buffer {
  const all = workspaceCorpus();
  const base = all[c.source % all.length];
  const at = base.length ? c.at % base.length : 0;
  switch (c.mutation) {
    case 'none':
      return base;
    case 'nul':
      return base.slice(0, at) + '\0' + base.slice(at);
    case 'cr':
      return base.replace(/\n/g, (m, i: number) => (i % 3 === 0 ? '\r' : m));
    case 'truncate':
      return base.slice(0, at);
    case 'binary':
      return Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, ...Buffer.from(base.slice(0, 200))]);
    case 'oversize':
      return base.repeat(Math.ceil((LIMITS.maxFileBytes + 1) / Math.max(1, base.length)));
    case 'duplicate':
      return base + base;
    case 'utf8':
      return Buffer.concat([Buffer.from(base.slice(0, at)), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(base.slice(at))]);
  }
}

export const WORKSPACE_PROPERTY = {
  name: 'workspace',
  asserts:
    'random Catlass trees of the corpus headers, mutated and churned on disk (writes, deletes, renames, folders, symlink loops, checkouts losing a tenth of their events, editor edits), through dist/server.js: alive, every request within its budget, the index equal to a fresh index of the tree after each step',
  weight: 1,
  // measured: 20 sessions in about 60 s on the 2-core machine at a load of 10
  costMs: 3000,
};

export interface WorkspaceFuzzer {
  predicate(input: WorkspaceSession): Promise<void>;
  property: fc.IAsyncPropertyWithHooks<[WorkspaceSession]>;
  close(): Promise<void>;
  starts: number;
}

const DOC_URI = 'file:///fuzz/workspace.tla';
const DOC = 'auto L = MakeLayout(MakeShape(4, 8), MakeStride(8, 1));\n';

export async function startWorkspaceFuzzer(): Promise<WorkspaceFuzzer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tla-ws-fuzz-'));
  const root = path.join(dir, 'include');
  const state = { starts: 0 };
  let client: TestClient | undefined;
  let docVersion = 0;
  const ensure = async (): Promise<TestClient> => {
    if (client && client.process.exitCode === null && client.process.signalCode === null) return client;
    if (client) await client.close().catch(() => undefined);
    for (const lib of ['catlass', 'tla']) mkdirSync(path.join(root, lib), { recursive: true });
    client = await startClient({}, { settings: { catlass: { includePath: root, index: LIMITS } } });
    state.starts++;
    await client.open(DOC_URI, DOC);
    // the server looks for the include tree once initialized: the tree must be there until it has
    for (let i = 0; !(await client.request<WorkspaceIndexAnswer>('tlaLayout/workspaceIndex', { digest: false })).roots.length; i++) {
      if (i > 2000) fail('the include tree was not found', `${root} within 20 s`);
      await new Promise((r) => setTimeout(r, 10));
    }
    await measureBudget(client);
    return client;
  };

  let budget = REQUEST_BUDGET_MS;
  /** The server idle: the requests the check makes, 20 times; the budget from their p95. */
  const measureBudget = async (c: TestClient) => {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await c.request('textDocument/hover', { textDocument: { uri: DOC_URI }, position: { line: 0, character: 5 } });
      await c.request('tlaLayout/workspaceIndex', {});
      times.push((performance.now() - t0) / 2);
      await new Promise((r) => setTimeout(r, 10));
    }
    times.sort((a, b) => a - b);
    budget = Math.max(REQUEST_BUDGET_MS, BUDGET_TIMES_IDLE * times[Math.ceil(0.95 * times.length) - 1]);
  };

  let step = '';
  const timed = async <R>(c: TestClient, method: string, params: unknown): Promise<R> => {
    const t0 = performance.now();
    let r: R;
    try {
      r = await Promise.race([
        c.request<R>(method, params),
        new Promise<R>((_, reject) => setTimeout(() => reject(new PropertyFailure('server did not answer', `${method} within 30 s`)), 30_000)),
      ]);
    } catch (e) {
      if (e instanceof PropertyFailure) throw e;
      return fail('server answered an error', `${method}: ${(e as Error).message}; stderr ${c.stderr().slice(-300)}`);
    }
    const ms = performance.now() - t0;
    if (ms > budget) fail('a request over its budget', `${method} took ${ms.toFixed(0)} ms (budget ${budget.toFixed(0)} ms), ${step}`);
    return r;
  };

  const events = async (c: TestClient, changes: { path: string; type: 1 | 2 | 3 }[]) => {
    for (let i = 0; i < changes.length; i += 100) {
      await c.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: changes.slice(i, i + 100).map((x) => ({ uri: pathToFileURL(x.path).href, type: x.type })),
      });
    }
  };

  const write = (n: number, c: Content): { path: string; type: 1 | 2 } => {
    const p = path.join(root, relOf(n));
    const existed = existsSync(p);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, textOf(c));
    return { path: p, type: existed ? 2 : 1 };
  };

  /** Applies one step on disk (and in the editor), and sends the watcher's events for it. */
  const apply = async (c: TestClient, s: WorkspaceOp) => {
    const p = (n: number) => path.join(root, relOf(n));
    switch (s.kind) {
      case 'write':
        return events(c, [write(s.file, s.content)]);
      case 'delete':
        if (!existsSync(p(s.file))) return;
        rmSync(p(s.file));
        return events(c, [{ path: p(s.file), type: 3 }]);
      case 'rename': {
        if (!existsSync(p(s.file)) || s.file === s.to) return;
        const existed = existsSync(p(s.to));
        mkdirSync(path.dirname(p(s.to)), { recursive: true });
        renameSync(p(s.file), p(s.to));
        return events(c, [
          { path: p(s.file), type: 3 },
          { path: p(s.to), type: existed ? 2 : 1 },
        ]);
      }
      case 'deleteDir': {
        const d = path.join(root, 'catlass', `d${s.dir}`);
        rmSync(d, { recursive: true, force: true });
        return events(c, [{ path: d, type: 3 }]);
      }
      case 'loop': {
        const d = path.join(root, 'catlass', `d${s.dir}`);
        mkdirSync(d, { recursive: true });
        const link = path.join(d, `loop${docVersion++}`);
        symlinkSync('..', link);
        return events(c, [{ path: link, type: 1 }]);
      }
      case 'checkout': {
        let x = s.seed;
        const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0);
        const changes = [];
        for (let i = 0; i < s.count; i++) changes.push(write(next() % (FILES * 3), { source: next(), mutation: 'none', at: 0 }));
        // a watcher under load loses events: a tenth never arrives (a burst this large is verified by a rescan)
        return events(
          c,
          changes.filter(() => next() % 10 !== 0),
        );
      }
      case 'edit': {
        const uri = pathToFileURL(p(s.file)).href;
        const text = String(textOf(s.content));
        await c.open(uri, existsSync(p(s.file)) ? readFileSync(p(s.file), 'utf8') : '', 1, 'cpp');
        await c.change(uri, 2, [{ text }]);
        const shown = c.published(uri, 3, 60_000);
        await c.change(uri, 3, [{ text: text + '\nusing Edited = int;\n' }]);
        // the document's own analysis (a C++ header of up to 100 kB) is not the index's: the editor shows it, then closes
        await shown;
        return c.closeDocument(uri);
      }
    }
  };

  /** The server's index, once idle, against a fresh index of the tree as it is on disk. */
  const check = async (c: TestClient, after: string) => {
    step = after;
    const t0 = performance.now();
    let live: WorkspaceIndexAnswer;
    for (;;) {
      live = await timed<WorkspaceIndexAnswer>(c, 'tlaLayout/workspaceIndex', { digest: false });
      if (live.state === 'idle' && live.roots.length) break;
      if (performance.now() - t0 > 20_000) fail('the index never settled', `${after}: ${JSON.stringify(live)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const h = await timed<Hover | null>(c, 'textDocument/hover', { textDocument: { uri: DOC_URI }, position: { line: 0, character: 5 } });
    if (!h || !/\(4,8\):\(8,1\)/.test((h.contents as { value: string }).value)) fail('the hover changed', `${after}: ${JSON.stringify(h)}`);
    live = await timed<WorkspaceIndexAnswer>(c, 'tlaLayout/workspaceIndex', {});
    const fresh = new WorkspaceIndex(undefined, {}, { limits: LIMITS });
    fresh.configure([root], LIMITS);
    await fresh.whenIdle();
    const want = fresh.status();
    fresh.dispose();
    const got = { files: live.files, bytes: live.bytes, skipped: live.skipped, digest: live.digest };
    const exp = { files: want.files, bytes: want.bytes, skipped: want.skipped, digest: want.digest };
    if (!isDeepStrictEqual(got, exp)) fail('the index differs from a fresh one', `${after}: ${JSON.stringify(got)} ≠ fresh ${JSON.stringify(exp)}`);
  };

  const predicate = async (s: WorkspaceSession): Promise<void> => {
    if (!workspaceCorpus().length) return;
    const c = await ensure();
    // a new tree: the old one's folders removed (one event each), the new headers created
    for (const lib of ['catlass', 'tla']) {
      rmSync(path.join(root, lib), { recursive: true, force: true });
      mkdirSync(path.join(root, lib));
    }
    await events(c, [
      { path: path.join(root, 'catlass'), type: 3 },
      { path: path.join(root, 'tla'), type: 3 },
      ...s.initial.map((f) => write(f.file, f.content)),
    ]);
    await check(c, 'the initial tree');
    for (let i = 0; i < s.steps.length; i++) {
      await apply(c, s.steps[i]);
      await check(c, `step ${i} (${s.steps[i].kind})`);
    }
  };

  return {
    predicate,
    property: fc.asyncProperty(workspaceSession, predicate),
    close: async () => {
      await client?.close();
      rmSync(dir, { recursive: true, force: true });
    },
    get starts() {
      return state.starts;
    },
  };
}
