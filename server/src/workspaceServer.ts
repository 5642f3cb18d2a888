// The workspace index in the language server: the include roots from the workspace folders and
// the settings, the watcher's events and the editor's open headers as churn, progress as LSP
// work-done progress ("Indexing Catlass headers 312/830"), a limit told once as a message, and
// tlaLayout/workspaceIndex (what the index holds) for tests, the bench and the fuzz campaign.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deserialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import {
  Connection,
  DidChangeWatchedFilesNotification,
  Disposable,
  FileChangeType,
  InitializeParams,
  MessageType,
  ShowMessageNotification,
  TextDocuments,
  WorkDoneProgressServerReporter,
} from 'vscode-languageserver/node';
import { WorkspaceIndexAnswer, WorkspaceIndexRequest } from '../../shared/protocol';
import { LIBRARY_FOLDERS, findIncludeRoots } from './headerTree';
import { EditedDocument } from './textDocument';
import { Settings } from './features/settings';
import { HeaderIndexLike, OffThreadParser, WatchedChange, WorkspaceIndex } from './workspaceIndex';
import type { SiteOutcome, SiteResolver } from './templateInstances';
import type { ToHeaderWorker } from './headerWorker';
import { EncodedFacts, FactsSummary, HeaderFacts, HeaderIndex } from './language';
import type { ScratchHeaders } from './documents';

/** The index the workspace keeps, its include roots, and a number that changes whenever its content does. */
export interface WorkspaceHeaders {
  index: HeaderIndex;
  roots: readonly string[];
  generation: number;
}

/** Progress is reported at most this often (a checkout of 800 headers is a few reports, not 800). */
export const PROGRESS_EVERY_MS = 100;

const CHANGE_TYPES: Record<number, WatchedChange['type']> = {
  [FileChangeType.Created]: 'created',
  [FileChangeType.Changed]: 'changed',
  [FileChangeType.Deleted]: 'deleted',
};

/** The header worker (headerWorker.ts): the index's parser, and the resolver of instantiation sites over its own copy of the index. */
export interface HeaderThread {
  parser: OffThreadParser;
  /** The index as the workspace index feeds it: what it sets and removes is told to the thread's copy, in order. */
  feed(index: HeaderIndex): HeaderIndexLike;
  /** Resolves a site over the thread's copy of the index (rejects when the copy may differ from the index: a parse failed, the thread is gone). */
  resolve: SiteResolver;
}

/** Facts parsed by the thread: the parse's number, to tell the thread when the index takes them. */
type ThreadFacts = EncodedFacts & { id: number };

/**
 * The header worker thread (`script`: dist/headerWorker.js beside this bundle): a header's parse
 * (up to ~100 ms) and a site's resolution (30 ms – 2.3 s) never hold a request. Undefined where the
 * script is not there (the tests' bundles): headers are then parsed on this thread, in the index's
 * slices, and sites resolved one a turn. The thread starts with the first header to parse: an idle
 * thread holds 12 MB (RSS 43 -> 55 MB measured for a bare node with it), which a server that never
 * indexes a header (a `.tla` file outside a Catlass workspace) does not pay.
 */
export function headerThread(script = path.join(__dirname, 'headerWorker.js')): HeaderThread | undefined {
  if (!existsSync(script)) return undefined;
  let worker: Worker | undefined;
  /** The thread's index is no longer the main one's (a parse failed: the index parses here from then on), or the thread is gone. */
  let apart = false;
  let next = 0;
  const waiting = new Map<number, { resolve: (m: FromHeaderWorker) => void; reject: (e: Error) => void }>();
  const failAll = (e: Error) => {
    apart = true;
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  const started = (): Worker => {
    if (worker) return worker;
    const w = new Worker(script);
    w.unref();
    w.on('message', (m: FromHeaderWorker) => {
      const p = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error !== undefined) p?.reject(new Error(m.error));
      else p?.resolve(m);
    });
    w.on('error', failAll);
    w.on('exit', (code) => failAll(new Error(`the header thread exited (${code})`)));
    return (worker = w);
  };
  const ask = (message: ToHeaderWorker & { id: number }) =>
    new Promise<FromHeaderWorker>((resolve, reject) => {
      if (apart) return reject(new Error('the header thread is gone'));
      waiting.set(message.id, { resolve, reject });
      try {
        started().postMessage(message);
      } catch (e) {
        waiting.delete(message.id);
        reject(e as Error);
      }
    });
  const tell = (message: ToHeaderWorker) => {
    try {
      if (!apart) worker?.postMessage(message);
    } catch {
      apart = true;
    }
  };
  const parser: OffThreadParser = {
    parse: (text, file) => {
      const id = ++next;
      return ask({ id, text, path: file }).then(
        (m) => {
          if (!m.summary || !m.bytes) throw new Error('the parser thread sent no facts');
          const bytes = m.bytes;
          // decoded when a lookup first reaches the header (most never are while indexing)
          const facts: ThreadFacts = { id, summary: m.summary, decode: () => deserialize(new Uint8Array(bytes)) as HeaderFacts };
          return facts;
        },
        (e: Error) => {
          // the index parses the headers here from now on: the thread's copy would differ
          apart = true;
          throw e;
        },
      );
    },
    dispose: () => {
      apart = true;
      void worker?.terminate();
    },
  };
  return {
    parser,
    feed: (index) => ({
      setFile: (file, text) => {
        apart = true; // parsed here (the thread failed): the thread's copy no longer follows
        index.setFile(file, text);
      },
      setEncodedFacts: (file, facts) => {
        index.setEncodedFacts(file, facts as EncodedFacts);
        tell({ commit: (facts as ThreadFacts).id, path: file });
      },
      removeFile: (file) => {
        index.removeFile(file);
        tell({ remove: file });
      },
    }),
    resolve: (job) =>
      ask({ id: ++next, resolve: job }).then((m) => {
        if (m.outcome === undefined) throw new Error('the header thread sent no outcome');
        return m.outcome;
      }),
  };
}

/** What the header thread answers: a parse's facts, or a resolution's outcome, or why not. */
interface FromHeaderWorker {
  id: number;
  summary?: FactsSummary;
  bytes?: ArrayBuffer;
  outcome?: SiteOutcome;
  error?: string;
}

/**
 * How the index hears of headers changed on disk: our VS Code client watches catlass/ and tla/
 * itself (it says so in its initialization options); another client that can register watchers
 * dynamically is asked to (workspace/didChangeWatchedFiles for the include roots); one that cannot
 * gets a poll, a rescan of the tree (sizes and times, in slices) at an interval that grows with it.
 */
export type WatchMode = 'client' | 'registered' | 'poll';

export function watchModeOf(params: Pick<InitializeParams, 'capabilities' | 'initializationOptions'>): WatchMode {
  if ((params.initializationOptions as { watchesHeaders?: unknown } | undefined)?.watchesHeaders === true) return 'client';
  return params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration ? 'registered' : 'poll';
}

/** The poll's interval: 3 s, and 5 ms more per header held (10,000 headers: 50 s), so that a rescan costs a few per cent of a core at most. */
export function pollInterval(files: number): number {
  return Math.max(3000, 5 * files);
}

function pathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

export class WorkspaceIndexServer {
  readonly index: WorkspaceIndex;
  private folders: string[] = [];
  private started = false;
  private settings: Settings['catlass'] | undefined;
  private reporter: Promise<WorkDoneProgressServerReporter | undefined> | undefined;
  private shown = { done: 0, total: 0, at: 0 };
  /** Told when a run of indexing changed the index (the server refreshes what depends on it). */
  onIndexChanged: (() => void) | undefined;

  private watchMode: WatchMode = 'client';
  private relativePatterns = false;
  private registration: { roots: string; disposable: Promise<Disposable | undefined> } | undefined;
  private pollTimer: NodeJS.Timeout | undefined;

  /** Counts the runs of indexing that changed the index: a cache of what it resolved is of one generation. */
  private generation = 0;

  constructor(
    private connection: Connection,
    documents: TextDocuments<EditedDocument>,
    private headerIndex: HeaderIndex,
    /** The header worker (none: parsed and resolved on this thread). */
    private thread: HeaderThread | undefined = headerThread(),
  ) {
    this.index = new WorkspaceIndex(
      thread ? thread.feed(headerIndex) : headerIndex,
      {
        progress: (done, total) => this.progress(done, total),
        idle: (changed) => this.idle(changed),
        notice: (_reason, message) => {
          connection.console.info(`tla-layout: header index: ${message}`);
          // the notification (window/showMessage), not the request: a client that does not answer requests must not matter
          void connection
            .sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: `TLA Layout: ${message}.` })
            .catch(() => undefined);
        },
      },
      { parser: thread?.parser },
    );
    const header = (uri: string) => {
      const p = pathOf(uri);
      return p !== undefined && this.index.covers(p) ? p : undefined;
    };
    documents.onDidOpen((e) => {
      const p = header(e.document.uri);
      if (p) this.index.opened(p, () => documents.get(e.document.uri)?.getText() ?? '');
    });
    documents.onDidChangeContent((e) => {
      const p = header(e.document.uri);
      if (p) this.index.edited(p, () => documents.get(e.document.uri)?.getText() ?? '');
    });
    documents.onDidClose((e) => {
      const p = header(e.document.uri);
      if (p) this.index.closed(p);
    });
    connection.onDidChangeWatchedFiles((params) => {
      const changes: WatchedChange[] = [];
      for (const c of params.changes) {
        const p = pathOf(c.uri);
        if (p !== undefined && CHANGE_TYPES[c.type]) changes.push({ path: p, type: CHANGE_TYPES[c.type] });
      }
      // no Catlass tree yet: one that appears (a clone, a checkout) under catlass/ or tla/ is looked for again
      if (this.settings && !this.index.status(false).roots.length && changes.some((c) => /[\\/](catlass|tla)([\\/]|$)/.test(c.path))) {
        this.configure(this.settings);
      }
      this.index.watched(changes);
    });
    connection.onRequest(WorkspaceIndexRequest.method, (params: { digest?: boolean } | undefined): WorkspaceIndexAnswer => {
      const s = this.index.status(params?.digest !== false);
      return { ...s, skipped: { ...s.skipped } };
    });
  }

  /** The workspace folders of the initialize request. */
  initialize(params: InitializeParams): void {
    const uris = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    this.folders = uris.map(pathOf).filter((p): p is string => p !== undefined);
    this.watchMode = watchModeOf(params);
    this.relativePatterns = !!params.capabilities.workspace?.didChangeWatchedFiles?.relativePatternSupport;
  }

  /** Starts indexing (after initialized), or follows a settings change: a new root or limit indexes afresh. */
  configure(settings: Settings['catlass']): void {
    this.started = true;
    this.settings = settings;
    const roots = findIncludeRoots(this.folders, settings.includePath);
    this.index.configure(roots, settings.index);
    if (this.watchMode === 'registered') this.register(roots);
    if (this.watchMode === 'poll') this.poll();
  }

  /** Asks the client to watch the library folders of the roots (again only when they change). */
  private register(roots: readonly string[]): void {
    const key = roots.join('\0');
    if (this.registration?.roots === key) return;
    void this.registration?.disposable.then((d) => d?.dispose());
    const watchers = roots.flatMap((r) =>
      LIBRARY_FOLDERS.map((f) =>
        this.relativePatterns
          ? { globPattern: { baseUri: pathToFileURL(r).href, pattern: `${f}/**` } }
          : { globPattern: `${r.split(path.sep).join('/')}/${f}/**` },
      ),
    );
    this.registration = {
      roots: key,
      disposable: roots.length
        ? this.connection.client.register(DidChangeWatchedFilesNotification.type, { watchers }).catch(() => undefined)
        : Promise.resolve(undefined),
    };
  }

  /** The client cannot watch for us: a rescan now and then (or, with no tree yet, a look for one). */
  private poll(): void {
    if (this.pollTimer) return;
    const next = () => {
      this.pollTimer = setTimeout(
        () => {
          const s = this.index.status(false);
          if (!s.roots.length && this.settings) this.configure(this.settings);
          else if (!this.index.busy) this.index.rescan();
          next();
        },
        pollInterval(this.index.status(false).files),
      );
      this.pollTimer.unref();
    };
    next();
  }

  get isStarted(): boolean {
    return this.started;
  }

  /** The header index as a `.tla` scratchpad's includes read it (undefined: no Catlass tree known). */
  scratchHeaders(): ScratchHeaders | undefined {
    const roots = this.index.status(false).roots;
    return roots.length ? { index: this.headerIndex, root: roots[0], ready: this.index.ready, generation: this.generation } : undefined;
  }

  /** Resolves an instantiation site on the header worker's thread (undefined: no thread, resolved on this one). */
  get siteResolver(): SiteResolver | undefined {
    return this.thread?.resolve;
  }

  /** The header index as the instantiation sites read it. */
  headers(): WorkspaceHeaders {
    return { index: this.headerIndex, roots: this.index.status(false).roots, generation: this.generation };
  }

  private progress(done: number, total: number): void {
    this.shown.done = done;
    this.shown.total = total;
    const message = () => `${this.shown.done}/${this.shown.total}`;
    const percent = () => (this.shown.total ? Math.floor((100 * this.shown.done) / this.shown.total) : 0);
    if (!this.reporter) {
      this.shown.at = performance.now();
      this.reporter = this.connection.window.createWorkDoneProgress().then(
        (r) => {
          r.begin('Indexing Catlass headers', percent(), message(), false);
          return r;
        },
        () => undefined, // the client refused the token: no progress shown, indexing goes on
      );
      return;
    }
    const now = performance.now();
    if (now - this.shown.at < PROGRESS_EVERY_MS) return;
    this.shown.at = now;
    const text = message();
    const pct = percent();
    void this.reporter.then((r) => r?.report(pct, text));
  }

  private idle(changed: boolean): void {
    const r = this.reporter;
    this.reporter = undefined;
    void r?.then((p) => p?.done());
    if (changed) {
      this.generation++;
      // what an open scratchpad shows may have changed: the editor asks again
      void this.connection.languages.inlayHint.refresh().catch(() => undefined);
      this.onIndexChanged?.();
    }
  }
}
