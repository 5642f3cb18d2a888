// The workspace's header index, kept true off the request path: the Catlass headers are walked
// and fed to a HeaderIndex (server/src/language/cpp) in slices of a few milliseconds, one slice a
// turn of the event loop, so a request waits for at most one slice. Churn (the watcher's events,
// the editor's unsaved text) marks headers dirty; a dirty header is read when its turn comes, so a
// header that changes again before then is read once, at its newest. Nothing here knows LSP
// (workspaceServer.ts wires it).
import * as nodeFs from 'node:fs';
import * as path from 'node:path';
import {
  DEFAULT_INDEX_LIMITS,
  HeaderFs,
  HeaderWalk,
  IndexLimits,
  LIBRARY_FOLDERS,
  SkipReason,
  isHeaderPath,
  judgeText,
  readHeader,
  textHash,
} from './headerTree';

/** What the workspace index feeds: the header index of the C++ layer (structurally; see issue 21). */
export interface HeaderIndexLike {
  setFile(path: string, text: string): void;
  removeFile(path: string): void;
  /** A file's facts parsed off the main thread (by IndexOptions.parser), as it sends them. */
  setEncodedFacts?(path: string, facts: unknown): void;
}

/** Parses a header's text into the facts setEncodedFacts takes, elsewhere (a worker thread). */
export interface OffThreadParser {
  /** (`path`: the header it is, for a thread that keeps its own index of what is set) */
  parse(text: string, path: string): Promise<unknown>;
  dispose(): void;
}

/** Parses in flight at most (the worker takes them in order; more would only queue texts). */
const PARSES_IN_FLIGHT = 4;

/** What the index tells its owner (the server turns these into progress, messages and refreshes). */
export interface IndexEvents {
  /** Work is going on: `done` of `total` headers of this run (a run ends when nothing is left). */
  progress?(done: number, total: number): void;
  /** Nothing is left to do; `changed` when the index's content changed during the run. */
  idle?(changed: boolean): void;
  /** A limit was reached or a kind of header skipped: told once per kind for the life of the index. */
  notice?(reason: SkipReason, message: string): void;
}

export interface IndexOptions {
  limits?: IndexLimits;
  /** Work per slice, in ms (the longest a request waits for the index). */
  sliceMs?: number;
  /** Rest between slices, in ms: the process sleeps, so that the system wakes it at once for a request. */
  restMs?: number;
  /** An editor's unsaved text is indexed once it has not changed for this long. */
  settleMs?: number;
  fs?: HeaderFs;
  /** Where headers are parsed when the index takes facts (default: on this thread, by setFile). */
  parser?: OffThreadParser;
  /** How the next slice is scheduled, after `ms` (default setTimeout: the requests that arrived meanwhile go first). */
  later?: (run: () => void, ms: number) => void;
}

/** A change the file watcher reports (LSP FileChangeType, in words). */
export interface WatchedChange {
  path: string;
  type: 'created' | 'changed' | 'deleted';
}

export interface IndexStatus {
  state: 'idle' | 'walking' | 'indexing';
  roots: string[];
  /** Headers in the index, and their bytes. */
  files: number;
  bytes: number;
  /** Headers waiting to be read. */
  queued: number;
  /** Headers not indexed, by reason (see SkipReason). */
  skipped: Partial<Record<SkipReason, number>>;
  /** A digest of what the index holds (every header's path and text): two indexes of one tree have the same. */
  digest: string;
}

interface Indexed {
  size: number;
  mtimeMs: number;
  hash: string;
}

/**
 * A slice's work and the rest after it (ms). Measured through the client on 4,000 headers of
 * 6 kB at a load of 10 on 2 cores: 8 ms slices back to back (setImmediate) kept a busy process
 * that the system preempted, and hovers took 40–150 ms; short slices with a sleep between let it
 * wake at once for a request.
 */
export const SLICE_MS = 2;
export const REST_MS = 2;
/** After a request, the next slice waits this long without one (an editor's burst of requests goes first) … */
export const REQUEST_QUIET_MS = 10;
/** … but never longer than this after the previous slice: indexing still progresses while the editor keeps asking. */
export const MAX_WAIT_MS = 50;

/**
 * A watcher burst of this many events, each within BURST_WINDOW_MS of the one before (a checkout,
 * a branch switch), is verified by a rescan once the events have been quiet for BURST_QUIET_MS:
 * watchers drop events under load. (The workspace fuzz found a checkout of 64 headers whose lost
 * tenth left 58 events, under the 64 a single batch once needed.)
 */
export const RESCAN_BURST = 16;
export const BURST_WINDOW_MS = 1000;
export const BURST_QUIET_MS = 250;

const DESCRIBE: Record<SkipReason, (l: IndexLimits, p: string) => string> = {
  large: (l, p) => `${p} is larger than tlaLayout.catlass.index.maxFileBytes (${l.maxFileBytes} bytes): not indexed, nor any header over that size`,
  binary: (_l, p) => `${p} is not text (a NUL byte near its start): not indexed, nor any such file`,
  unreadable: (_l, p) => `${p} cannot be read: not indexed, nor any header that cannot be read`,
  depth: (l, p) => `${p} is deeper than tlaLayout.catlass.index.maxDepth (${l.maxDepth} folders): its folder and those as deep are not indexed`,
  files: (l, p) => `more than tlaLayout.catlass.index.maxFiles (${l.maxFiles}) headers: ${p} and the headers after it are not indexed`,
  bytes: (l, p) =>
    `the headers exceed tlaLayout.catlass.index.maxTotalBytes (${l.maxTotalBytes} bytes): ${p} and the headers after it are not indexed`,
};

export class WorkspaceIndex {
  readonly limits: IndexLimits;
  private roots: string[] = [];
  /** The library folders walked (root/catlass, root/tla): events elsewhere are not ours. */
  private libraryDirs: string[] = [];
  private indexed = new Map<string, Indexed>();
  /** Headers found but not indexed: why, and their size and time when judged (a rescan sees them change). */
  private skipped = new Map<string, { reason: SkipReason; size: number; mtimeMs: number }>();
  private bytes = 0;
  private dirty = new Set<string>();
  private walk: { walk: HeaderWalk; cold: boolean } | undefined;
  private rescanWanted = false;
  private burst = { count: 0, at: -Infinity, timer: undefined as NodeJS.Timeout | undefined };
  /** Open headers: their editor's text, read when their turn comes (the newest, and no copy per keystroke). */
  private overlays = new Map<string, () => string>();
  private settling = new Map<string, NodeJS.Timeout>();
  private noticed = new Set<SkipReason>();
  private scheduled = false;
  private run = { done: 0, changed: false, active: false };
  /** The first indexing of the current roots is complete (until then the index holds only part of the tree). */
  private complete = false;
  private waiters: (() => void)[] = [];
  private disposed = false;
  private readonly fsys: HeaderFs;
  private readonly sliceMs: number;
  private readonly settleMs: number;
  private readonly restMs: number;
  private parser: OffThreadParser | undefined;
  /** Headers being parsed off the thread: the number of their latest parse (an earlier one's facts are stale). */
  private parsing = new Map<string, number>();
  private parses = 0;
  private readonly later: (run: () => void, ms: number) => void;
  /** When the editor last asked something, and when the last slice ended (see pauseFor). */
  private lastRequest = -Infinity;
  private lastSlice = -Infinity;

  constructor(
    /** The header index fed (none: the index keeps only what it read, path and text hash). */
    private index: HeaderIndexLike | undefined,
    private events: IndexEvents = {},
    options: IndexOptions = {},
  ) {
    this.limits = { ...(options.limits ?? DEFAULT_INDEX_LIMITS) };
    this.fsys = options.fs ?? nodeFs;
    this.sliceMs = options.sliceMs ?? SLICE_MS;
    this.restMs = options.restMs ?? REST_MS;
    this.parser = index?.setEncodedFacts ? options.parser : undefined;
    this.settleMs = options.settleMs ?? 300;
    this.later = options.later ?? ((f, ms) => setTimeout(f, ms));
  }

  /** New include roots or limits: the index starts afresh (a cold walk) when they differ from the current ones. */
  configure(roots: readonly string[], limits: IndexLimits = this.limits): void {
    const same =
      roots.length === this.roots.length && roots.every((r, i) => r === this.roots[i]) && JSON.stringify(limits) === JSON.stringify(this.limits);
    if (same && (this.walk || this.indexed.size || this.skipped.size || !roots.length)) return;
    for (const p of this.indexed.keys()) this.index?.removeFile(p);
    this.indexed.clear();
    this.skipped.clear();
    this.dirty.clear();
    this.bytes = 0;
    Object.assign(this.limits, limits);
    this.roots = [...roots];
    this.libraryDirs = this.roots.flatMap((r) => LIBRARY_FOLDERS.map((f) => path.join(r, f)));
    this.walk = this.roots.length ? { walk: new HeaderWalk(this.roots, this.limits, this.fsys), cold: true } : undefined;
    this.run.changed = true;
    this.complete = false;
    this.kick();
  }

  /** Has the index read the whole tree once since its roots were set (later churn keeps it ready)? */
  get ready(): boolean {
    return this.complete && this.roots.length > 0;
  }

  /** The library folder a path is under, or undefined when the index does not hold it. */
  private libraryOf(p: string): string | undefined {
    return this.libraryDirs.find((d) => p.startsWith(d + path.sep));
  }

  /** Does this index cover the path (a header under one of its library folders)? */
  covers(p: string): boolean {
    return isHeaderPath(p) && this.libraryOf(p) !== undefined;
  }

  /** The watcher's events: each header marked dirty; a folder, or a burst, also verified by a rescan. */
  watched(changes: readonly WatchedChange[]): void {
    const now = performance.now();
    if (now - this.burst.at > BURST_WINDOW_MS) this.burst.count = 0;
    this.burst.at = now;
    this.burst.count += changes.length;
    if (this.burst.count >= RESCAN_BURST) this.rescanWhenQuiet();
    let rescan = false;
    for (const c of changes) {
      const inside = this.libraryOf(c.path) !== undefined;
      // a library folder itself, or a folder above it (include/ removed by a checkout)
      const above = !inside && this.libraryDirs.some((d) => d === c.path || d.startsWith(c.path + path.sep));
      if (!inside && !above) continue;
      if (inside && isHeaderPath(c.path)) this.dirty.add(c.path);
      else rescan = true; // a folder, or something else: what is under it is found by walking again
      if (c.type === 'deleted') for (const p of this.known()) if (p.startsWith(c.path + path.sep)) this.dirty.add(p);
    }
    if (rescan) this.rescan();
    this.kick();
  }

  private known(): string[] {
    return [...this.indexed.keys(), ...this.skipped.keys()];
  }

  /** A rescan once the watcher has been quiet for BURST_QUIET_MS (each event of the burst puts it off). */
  private rescanWhenQuiet(): void {
    if (this.burst.timer) return void this.burst.timer.refresh();
    this.burst.timer = setTimeout(() => {
      this.burst.timer = undefined;
      this.burst.count = 0;
      this.rescan();
      this.kick();
    }, BURST_QUIET_MS);
  }

  /** Walks the tree again and marks dirty every header added, removed, or changed in size or time since it was read. */
  rescan(): void {
    if (!this.roots.length) return;
    if (this.walk) {
      this.rescanWanted = true; // after the walk under way
      return;
    }
    this.walk = { walk: new HeaderWalk(this.roots, this.limits, this.fsys), cold: false };
    this.kick();
  }

  /** An editor opened a header: its text is the index's from now on, until it is closed. */
  opened(p: string, text: () => string): void {
    if (!this.covers(p)) return;
    this.overlays.set(p, text);
    this.dirty.add(p);
    this.kick();
  }

  /** An edit of an open header: indexed once the text has settled (an edit meanwhile cancels the pending one). */
  edited(p: string, text: () => string): void {
    if (!this.covers(p)) return;
    this.overlays.set(p, text);
    this.dirty.delete(p); // its pending work is stale
    const timer = this.settling.get(p);
    if (timer) timer.refresh();
    else
      this.settling.set(
        p,
        setTimeout(() => {
          this.settling.delete(p);
          this.dirty.add(p);
          this.kick();
        }, this.settleMs),
      );
  }

  /** The editor closed a header: the file on disk is the index's again. */
  closed(p: string): void {
    if (!this.overlays.delete(p)) return;
    clearTimeout(this.settling.get(p));
    this.settling.delete(p);
    this.dirty.add(p);
    this.kick();
  }

  /** The editor asked something (a request is being answered): slices wait until it has been quiet for a moment. */
  requested(): void {
    this.lastRequest = performance.now();
  }

  get busy(): boolean {
    return !!this.walk || this.dirty.size > 0 || this.settling.size > 0 || this.burst.timer !== undefined || this.parsing.size > 0;
  }

  /** Resolves when nothing is left to do (no walk, nothing dirty, no edit settling). */
  whenIdle(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((r) => this.waiters.push(r));
  }

  /** What the index holds; the digest (a sort and a hash of every header's entry) only when asked. */
  status(withDigest = true): IndexStatus {
    const skipped: Partial<Record<SkipReason, number>> = {};
    for (const { reason } of this.skipped.values()) skipped[reason] = (skipped[reason] ?? 0) + 1;
    return {
      state: this.walk ? 'walking' : this.busy ? 'indexing' : 'idle',
      roots: [...this.roots],
      files: this.indexed.size,
      bytes: this.bytes,
      queued: this.dirty.size,
      skipped,
      digest: withDigest ? this.digest() : '',
    };
  }

  /** Every header's path and text hash, in path order, as one hash. */
  digest(): string {
    const lines = [...this.indexed].map(([p, e]) => `${p}\0${e.hash}`).sort();
    return textHash(lines.join('\n'));
  }

  /** The headers held, path → text hash (for comparing two indexes in tests). */
  contents(): Map<string, string> {
    return new Map([...this.indexed].map(([p, e]) => [p, e.hash]));
  }

  dispose(): void {
    this.disposed = true;
    this.parser?.dispose();
    this.parsing.clear();
    for (const t of this.settling.values()) clearTimeout(t);
    this.settling.clear();
    clearTimeout(this.burst.timer);
    this.burst.timer = undefined;
    this.walk = undefined;
    this.dirty.clear();
    for (const w of this.waiters.splice(0)) w();
  }

  private kick(): void {
    if (this.scheduled || this.disposed) return;
    if (!this.walk && !this.dirty.size) return this.settle();
    this.scheduled = true;
    // while the editor asks, the index waits for a quiet moment, but never starves
    const now = performance.now();
    const quietAt = Math.min(this.lastRequest + REQUEST_QUIET_MS, this.lastSlice + MAX_WAIT_MS);
    this.later(() => this.slice(), Math.max(this.restMs, quietAt - now));
  }

  /** One slice: walk, then read dirty headers, until the slice's time is spent. */
  private slice(): void {
    this.scheduled = false;
    if (this.disposed) return;
    const deadline = performance.now() + this.sliceMs;
    this.run.active = true;
    try {
      while (performance.now() < deadline) {
        if (this.walk) {
          if (this.walk.walk.step(deadline)) this.walked();
          continue;
        }
        const next = this.dirty.values().next();
        if (next.done || this.parsing.size >= PARSES_IN_FLIGHT) break;
        this.dirty.delete(next.value);
        this.refresh(next.value);
        this.run.done++;
      }
    } finally {
      this.events.progress?.(this.run.done, this.run.done + this.dirty.size);
      this.lastSlice = performance.now();
      this.kick();
    }
  }

  /** A walk is complete: a cold one marks every header found; a rescan only what differs from the index. */
  private walked(): void {
    const { walk, cold } = this.walk!;
    this.walk = undefined;
    for (const [r, p] of walk.reached) this.notify(r, p);
    for (const [p, found] of walk.found) {
      if (this.overlays.has(p)) continue;
      const known = this.indexed.get(p) ?? this.skipped.get(p);
      if (cold || !known || known.size !== found.size || known.mtimeMs !== found.mtimeMs) this.dirty.add(p);
    }
    if (!cold) for (const p of this.known()) if (!walk.found.has(p) && !this.overlays.has(p)) this.dirty.add(p);
    if (this.rescanWanted) {
      this.rescanWanted = false;
      this.walk = { walk: new HeaderWalk(this.roots, this.limits, this.fsys), cold: false };
    }
  }

  /** Reads one header (the editor's text when open) and brings the index up to it. */
  private refresh(p: string): void {
    const overlay = this.overlays.get(p)?.();
    type Next = { text: string; size: number; mtimeMs: number; hash: string } | { reason: SkipReason; size: number; mtimeMs: number } | undefined;
    let next: Next;
    if (overlay !== undefined) {
      const reason = judgeText(overlay, this.limits);
      const size = Buffer.byteLength(overlay);
      const mtimeMs = this.indexed.get(p)?.mtimeMs ?? 0;
      next = reason ? { reason, size, mtimeMs } : { text: overlay, size, mtimeMs, hash: textHash(overlay) };
    } else {
      const r = readHeader(p, this.limits, this.fsys);
      next = r.kind === 'missing' ? undefined : r;
    }
    if (next && 'text' in next) {
      const depth = path
        .relative(this.libraryOf(p) ?? path.dirname(p), path.dirname(p))
        .split(path.sep)
        .filter(Boolean).length;
      const known = this.indexed.get(p);
      const over: SkipReason | undefined =
        depth > this.limits.maxDepth
          ? 'depth'
          : !known && this.indexed.size >= this.limits.maxFiles
            ? 'files'
            : this.bytes - (known?.size ?? 0) + next.size > this.limits.maxTotalBytes
              ? 'bytes'
              : undefined;
      if (over) next = { reason: over, size: next.size, mtimeMs: next.mtimeMs };
    }
    if (!next || !('text' in next)) {
      this.drop(p);
      if (next) {
        this.skipped.set(p, { reason: next.reason, size: next.size, mtimeMs: next.mtimeMs });
        this.notify(next.reason, p);
      } else this.skipped.delete(p);
      return;
    }
    this.skipped.delete(p);
    const known = this.indexed.get(p);
    if (known && known.hash === next.hash) {
      known.mtimeMs = next.mtimeMs; // touched, not changed
      return;
    }
    try {
      if (this.parser) this.parseElsewhere(p, next.text);
      else this.index?.setFile(p, next.text);
    } catch (e) {
      // a header the index cannot take is left out, and the index keeps serving
      this.drop(p);
      this.skipped.set(p, { reason: 'unreadable', size: next.size, mtimeMs: next.mtimeMs });
      this.notify('unreadable', `${p} (${(e as Error).message})`);
      return;
    }
    this.bytes += next.size - (known?.size ?? 0);
    this.indexed.set(p, { size: next.size, mtimeMs: next.mtimeMs, hash: next.hash });
    this.run.changed = true;
  }

  /** The header parsed by the parser; its facts set when they come, unless the header changed or went meanwhile. */
  private parseElsewhere(p: string, text: string): void {
    const ticket = ++this.parses;
    this.parsing.set(p, ticket);
    this.parser!.parse(text, p).then(
      (facts) => {
        if (this.parsing.get(p) !== ticket || this.disposed) return;
        this.parsing.delete(p);
        this.index!.setEncodedFacts!(p, facts);
        this.kick();
      },
      (e: Error) => {
        if (this.parsing.get(p) !== ticket || this.disposed) return;
        this.parsing.delete(p);
        // the parser failed (or its thread is gone): this header, and those after it, are parsed here
        this.parser = undefined;
        const known = this.indexed.get(p);
        if (known) known.hash = ''; // read and parsed again
        this.dirty.add(p);
        this.events.notice?.('unreadable', `the header parser thread failed (${e.message}): headers are parsed on the main thread`);
        this.kick();
      },
    );
  }

  private drop(p: string): void {
    this.parsing.delete(p); // a parse in flight is stale
    const known = this.indexed.get(p);
    if (!known) return;
    this.index?.removeFile(p);
    this.indexed.delete(p);
    this.bytes -= known.size;
    this.run.changed = true;
  }

  private notify(reason: SkipReason, p: string): void {
    if (this.noticed.has(reason)) return;
    this.noticed.add(reason);
    this.events.notice?.(reason, DESCRIBE[reason](this.limits, p));
  }

  /** Nothing left: the run ends (its idle event once), and whoever waited is told. */
  private settle(): void {
    if (this.busy) return; // a parse in flight or an edit settling: its end settles again
    this.complete = true;
    if (this.run.active) {
      const changed = this.run.changed;
      this.run = { done: 0, changed: false, active: false };
      this.events.idle?.(changed);
    }
    for (const w of this.waiters.splice(0)) w();
  }
}
