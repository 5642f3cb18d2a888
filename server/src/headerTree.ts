// The Catlass include tree of a workspace: where it is (a folder holding include/catlass and
// include/tla, a compile_commands.json include path, or the setting tlaLayout.catlass.includePath),
// its headers walked a slice at a time within limits, and one header read as text. Everything here
// survives what a real tree holds: symlink loops, FIFOs and sockets named .hpp, files that vanish or
// cannot be read between the walk and the read, binary files with C++ extensions, huge generated headers.
import * as nodeFs from 'node:fs';
import { createHash } from 'node:crypto';
import * as path from 'node:path';

/** What the walk and the reads may take (settings tlaLayout.catlass.index.*). */
export interface IndexLimits {
  /** Headers indexed at most. */
  maxFiles: number;
  /** A header larger than this is not indexed (a generated table, not a template library). */
  maxFileBytes: number;
  /** Bytes of all indexed headers together. */
  maxTotalBytes: number;
  /** Folder depth below catlass/ or tla/. */
  maxDepth: number;
}

/** Catlass 1.6.1 has 314 headers of 5 MB at most 97 kB each and 5 folders deep: ample room, with an end. */
export const DEFAULT_INDEX_LIMITS: IndexLimits = { maxFiles: 10_000, maxFileBytes: 1_000_000, maxTotalBytes: 64_000_000, maxDepth: 16 };

/** The subset of node:fs the tree uses (tests pass one that fails on purpose). */
export type HeaderFs = Pick<
  typeof nodeFs,
  'readdirSync' | 'statSync' | 'realpathSync' | 'openSync' | 'readSync' | 'fstatSync' | 'closeSync' | 'existsSync' | 'readFileSync'
>;

const HEADER_EXTENSIONS = new Set(['.h', '.hh', '.hpp', '.hxx', '.h++', '.inl', '.ipp', '.tpp', '.inc', '.cuh']);
/** The folders of an include root that hold Catlass: only these are walked. */
export const LIBRARY_FOLDERS = ['catlass', 'tla'];

export function isHeaderPath(p: string): boolean {
  return HEADER_EXTENSIONS.has(path.extname(p).toLowerCase());
}

function isDir(fsys: HeaderFs, p: string): boolean {
  try {
    return fsys.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** An include directory holds Catlass when it has catlass/ and tla/ side by side. */
function holdsCatlass(fsys: HeaderFs, dir: string): boolean {
  return LIBRARY_FOLDERS.every((f) => isDir(fsys, path.join(dir, f)));
}

/** The include directories compile_commands.json names (-I, -isystem, -iquote; `arguments` or `command`). */
export function compileCommandIncludes(json: string, baseDir: string): string[] {
  let entries: unknown;
  try {
    entries = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(entries)) return [];
  const found = new Set<string>();
  for (const e of entries as { directory?: unknown; arguments?: unknown; command?: unknown }[]) {
    if (!e || typeof e !== 'object') continue;
    const dir = typeof e.directory === 'string' ? e.directory : baseDir;
    const args = Array.isArray(e.arguments)
      ? e.arguments.filter((a): a is string => typeof a === 'string')
      : typeof e.command === 'string'
        ? (e.command.match(/"[^"]*"|'[^']*'|\S+/g) ?? []).map((a) => a.replace(/^(["'])(.*)\1$/, '$2'))
        : [];
    for (let i = 0; i < args.length; i++) {
      const m = /^(-I|-isystem|-iquote|--include-directory=)(.*)$/.exec(args[i]);
      if (!m) continue;
      const value = m[2] || args[++i];
      if (value) found.add(path.resolve(dir, value));
    }
  }
  return [...found];
}

/**
 * The include roots of the Catlass tree the workspace uses, in this order of precedence: the
 * setting (a folder that is the include directory or holds include/); else every workspace
 * folder, or folder just inside one, holding include/catlass and include/tla; and the include
 * paths of a compile_commands.json (in the folder or its build/) that hold catlass/ and tla/.
 */
export function findIncludeRoots(folders: readonly string[], setting: readonly string[], fsys: HeaderFs = nodeFs): string[] {
  const roots: string[] = [];
  const add = (dir: string) => {
    let real: string;
    try {
      real = fsys.realpathSync(dir);
    } catch {
      return;
    }
    if (!roots.includes(real)) roots.push(real);
  };
  const asInclude = (dir: string) =>
    holdsCatlass(fsys, dir) ? dir : holdsCatlass(fsys, path.join(dir, 'include')) ? path.join(dir, 'include') : undefined;
  if (setting.length) {
    for (const s of setting) {
      const inc = asInclude(path.resolve(folders[0] ?? process.cwd(), s));
      if (inc) add(inc);
    }
    return roots;
  }
  for (const folder of folders) {
    const candidates = [folder];
    try {
      for (const ent of fsys.readdirSync(folder, { withFileTypes: true }).slice(0, 500)) {
        const c = path.join(folder, ent.name);
        if (!ent.name.startsWith('.') && ent.name !== 'node_modules' && (ent.isDirectory() || (ent.isSymbolicLink() && isDir(fsys, c))))
          candidates.push(c);
      }
    } catch {
      /* an unreadable folder has no candidates inside */
    }
    for (const c of candidates) {
      const inc = asInclude(c);
      if (inc) add(inc);
    }
    for (const cc of [path.join(folder, 'compile_commands.json'), path.join(folder, 'build', 'compile_commands.json')]) {
      try {
        if (fsys.statSync(cc).size > 64_000_000) continue;
        for (const dir of compileCommandIncludes(fsys.readFileSync(cc, 'utf8'), path.dirname(cc))) if (holdsCatlass(fsys, dir)) add(dir);
      } catch {
        /* no compile_commands.json there */
      }
    }
  }
  return roots;
}

/** Why a header is not indexed, each kind told to the user once. */
export type SkipReason = 'large' | 'binary' | 'unreadable' | 'depth' | 'files' | 'bytes';

/** A header found by the walk: its size and modification time (a rescan compares them). */
export interface FoundHeader {
  size: number;
  mtimeMs: number;
}

/**
 * A walk of the library folders of some include roots, a slice at a time (step until a
 * deadline), in name order so that two walks of one tree find the same headers under the
 * same limits. A folder is entered once by its real path (symlink loops end there), only
 * regular files with a header's extension are taken, and the depth and file-count limits
 * stop it with a reason.
 */
export class HeaderWalk {
  readonly found = new Map<string, FoundHeader>();
  /** The limits the walk reached, each with the first path it left out. */
  readonly reached = new Map<SkipReason, string>();
  private stack: { dir: string; depth: number }[] = [];
  private visited = new Set<string>();
  /** The library folders' real paths: a link into one from elsewhere is not followed (it is walked as itself). */
  private libraries = new Set<string>();

  constructor(
    roots: readonly string[],
    private limits: IndexLimits,
    private fsys: HeaderFs = nodeFs,
  ) {
    for (const r of [...roots].reverse())
      for (const f of [...LIBRARY_FOLDERS].reverse()) {
        const dir = path.join(r, f);
        this.stack.push({ dir, depth: 0 });
        try {
          this.libraries.add(fsys.realpathSync(dir));
        } catch {
          /* not there: nothing to walk */
        }
      }
  }

  get done(): boolean {
    return this.stack.length === 0;
  }

  /** Walks until the deadline (performance.now()); true when the walk is complete. */
  step(deadline: number): boolean {
    while (this.stack.length) {
      const { dir, depth } = this.stack.pop()!;
      this.enter(dir, depth);
      if (performance.now() >= deadline) break;
    }
    return this.done;
  }

  private enter(dir: string, depth: number): void {
    let real: string;
    let names: string[];
    try {
      real = this.fsys.realpathSync(dir);
      if (this.visited.has(real) || (depth > 0 && this.libraries.has(real))) return;
      this.visited.add(real);
      names = (this.fsys.readdirSync(dir) as string[]).sort();
    } catch {
      return; // gone, or not a folder we may read
    }
    const sub: string[] = [];
    for (const name of names) {
      const p = path.join(dir, name);
      let st: nodeFs.Stats;
      try {
        st = this.fsys.statSync(p); // follows symlinks: a link to a folder is walked (once, by its real path)
      } catch {
        continue; // a dangling link, or removed meanwhile
      }
      if (st.isDirectory()) sub.push(p);
      else if (st.isFile() && isHeaderPath(name)) {
        if (this.found.size >= this.limits.maxFiles) {
          this.reached.set('files', p);
          this.stack.length = 0;
          return;
        }
        this.found.set(p, { size: st.size, mtimeMs: st.mtimeMs });
      }
    }
    if (sub.length && depth >= this.limits.maxDepth) {
      if (!this.reached.has('depth')) this.reached.set('depth', sub[0]);
      return;
    }
    for (const s of sub.reverse()) this.stack.push({ dir: s, depth: depth + 1 });
  }
}

/** A header as read: its text, or why it is not indexed; missing when it is not there (or not a file). */
export type ReadHeader =
  | { kind: 'text'; text: string; size: number; mtimeMs: number; hash: string }
  | { kind: 'skipped'; reason: SkipReason; size: number; mtimeMs: number }
  | { kind: 'missing' };

/** Bytes looked at for NUL to call a file binary (as git does). */
const BINARY_SNIFF_BYTES = 8000;

export function textHash(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

/** Text of an editor's document or of a file, judged by the same rules: too large, or binary (a NUL near its start). */
export function judgeText(text: string, limits: IndexLimits): SkipReason | undefined {
  if (text.length > limits.maxFileBytes) return 'large';
  const nul = text.indexOf('\0');
  return nul >= 0 && nul < BINARY_SNIFF_BYTES ? 'binary' : undefined;
}

/**
 * Reads one header: never blocks on a FIFO or device (only regular files are opened for
 * reading past their status), never reads more than the size limit, and turns every error into
 * 'missing' (not there) or 'unreadable'.
 */
export function readHeader(p: string, limits: IndexLimits, fsys: HeaderFs = nodeFs): ReadHeader {
  let st: nodeFs.Stats;
  try {
    st = fsys.statSync(p);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR'
      ? { kind: 'missing' }
      : { kind: 'skipped', reason: 'unreadable', size: 0, mtimeMs: 0 };
  }
  if (!st.isFile()) return { kind: 'missing' };
  if (st.size > limits.maxFileBytes) return { kind: 'skipped', reason: 'large', size: st.size, mtimeMs: st.mtimeMs };
  let fd: number | undefined;
  try {
    fd = fsys.openSync(p, nodeFs.constants.O_RDONLY | nodeFs.constants.O_NONBLOCK);
    const fst = fsys.fstatSync(fd);
    if (!fst.isFile()) return { kind: 'missing' }; // replaced by a FIFO since the stat
    const buf = Buffer.allocUnsafe(Math.min(fst.size, limits.maxFileBytes) + 1);
    let n = 0;
    for (let r; n < buf.length && (r = fsys.readSync(fd, buf, n, buf.length - n, n)) > 0;) n += r;
    if (n > limits.maxFileBytes) return { kind: 'skipped', reason: 'large', size: n, mtimeMs: fst.mtimeMs }; // grew since the stat
    const nul = buf.subarray(0, Math.min(n, BINARY_SNIFF_BYTES)).indexOf(0);
    if (nul >= 0) return { kind: 'skipped', reason: 'binary', size: n, mtimeMs: fst.mtimeMs };
    const text = buf.toString('utf8', 0, n);
    return { kind: 'text', text, size: n, mtimeMs: fst.mtimeMs, hash: textHash(text) };
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT'
      ? { kind: 'missing' }
      : { kind: 'skipped', reason: 'unreadable', size: st.size, mtimeMs: st.mtimeMs };
  } finally {
    if (fd !== undefined) fsys.closeSync(fd);
  }
}
