// Values in a class template's body under the workspace's one instantiation of it (issue 21,
// item 4): the `using X = …Template<…>;` lines of the workspace's C++ files, by template name
// (read off the request path), and, for a header open in the editor, the sites naming a class
// template it defines, each resolved as `eval --instance` does (cpp/instanceSite.ts). When
// exactly one site selects a body of this header and every other candidate certainly selects
// another, the header's analysis binds that body's parameters and members; anything uncertain
// (a candidate that does not resolve, two sites, too many candidates) leaves today's answer.
// Nothing here knows LSP (server.ts wires it).
import { Dirent, promises as fsp, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CppAnalyzer, HeaderIndex, evaluateScratch, headerNameUnder, instanceBindings, instanceMembers, siteScratchText } from './language';

/** A `using NAME = ns::Template<…>;` line of a C++ file. */
export interface SiteRef {
  file: string;
  /** 1-based. */
  line: number;
  alias: string;
  /** The template's own name (the last word before `<`). */
  template: string;
}

/** The instantiation a header's analysis reads its template body under. */
export interface HeaderInstance {
  /** The site, as the hover names it (`examples/13_basic_matmul_tla/basic_matmul_tla.cpp:105`). */
  where: string;
  site: SiteRef;
  /** The selected body's offsets in the header's text. */
  start: number;
  end: number;
  bindings: NonNullable<CppAnalyzer['instantiation']>['bindings'];
  /** The instantiated class, written out (`Catlass::Gemm::Demo::Tile<16, 8>`). */
  selected: string;
  /** Its public member types and constants as `eval --instance` lists them (`LayoutTagL1A` → `{ type: 'Catlass::layout::zN' }`). */
  members: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** The include root the members' headers are named under. */
  root: string;
}

/** The Catlass header index the sites are resolved over, and its include root. */
export interface SiteHeaders {
  index: HeaderIndex;
  root: string;
  arch?: 2201 | 3510;
}

const SITE_LINE = /^[ \t]*using[ \t]+(\w+)[ \t]*=[ \t]*(?:typename[ \t]+)?(?:::)?(?:\w+[ \t]*::[ \t]*)*(\w+)[ \t]*<[^;]*;/gm;

/** The instantiation sites of a C++ file's text. */
export function sitesOfText(file: string, text: string): SiteRef[] {
  if (!text.includes('using')) return [];
  const out: SiteRef[] = [];
  let line = 1;
  let counted = 0;
  SITE_LINE.lastIndex = 0;
  for (let m = SITE_LINE.exec(text); m; m = SITE_LINE.exec(text)) {
    const at = m.index + m[0].length - m[0].trimStart().length;
    for (; counted < at; counted++) if (text.charCodeAt(counted) === 10) line++;
    out.push({ file, line, alias: m[1], template: m[2] });
  }
  return out;
}

/** More candidate sites than this for one header: it is not resolved (nothing shown, as today). */
export const MAX_CANDIDATES = 256;

/** What one site selects for a header: its body there, another body, or not known. */
type SiteOutcome = { here: Omit<HeaderInstance, 'where' | 'site'> } | 'elsewhere' | 'unknown';

/** Resolves one site as `eval --instance SITE HEADER` does. */
export function resolveSite(site: SiteRef, siteText: string, header: string, headers: SiteHeaders): SiteOutcome {
  let scratch: { text: string; alias?: string };
  try {
    scratch = siteScratchText(siteText, site.line);
  } catch {
    return 'unknown';
  }
  if (scratch.alias !== site.alias) return 'unknown';
  const rel = path.relative(headers.root, header).split(path.sep).join('/');
  const text = rel.startsWith('..') ? scratch.text : `#include "${rel}"\n${scratch.text}`;
  const res = evaluateScratch(text, headers.index, headerNameUnder(headers.root), headers.arch ?? 2201, headers.root);
  const ib = instanceBindings(res, site.alias);
  if (!ib) return 'unknown';
  if (path.resolve(ib.file) !== path.resolve(header)) return 'elsewhere';
  const members = new Map<string, Record<string, unknown>>();
  for (const m of instanceMembers(res, site.alias).members) if (m.value) members.set(m.name, m.value);
  return { here: { start: ib.start, end: ib.end, bindings: ib.bindings, selected: ib.selected, members, root: headers.root } };
}

/**
 * The names of the classes a header declares (the names its instantiation sites write): every
 * word after `struct`/`class`, a superset (read by a pattern, not parsed: an open header's every
 * edit asks again) that the resolution of each candidate narrows to the bodies of this header.
 */
export function templatesOf(headerText: string): Set<string> {
  const names = new Set<string>();
  for (const m of headerText.matchAll(/\b(?:struct|class)[ \t]+(?:alignas[ \t]*\([^)]*\)[ \t]*)?([A-Za-z_]\w*)/g)) names.add(m[1]);
  return names;
}

/**
 * The one instantiation of a header's templates among the candidates, or undefined when there
 * is none or it is not certain. `resolve` answers one candidate (cached by the caller).
 */
export function onlyInstance(
  candidates: readonly SiteRef[],
  resolve: (s: SiteRef) => SiteOutcome,
  name: (s: SiteRef) => string,
): HeaderInstance | undefined {
  if (!candidates.length || candidates.length > MAX_CANDIDATES) return undefined;
  let found: HeaderInstance | undefined;
  for (const s of candidates) {
    const o = resolve(s);
    if (o === 'elsewhere') continue;
    if (o === 'unknown' || found) return undefined; // a site that may select this body, or a second one: not certain
    found = { ...o.here, site: s, where: name(s) };
  }
  return found;
}

/**
 * The hover of a member type's name in the instantiated body: its resolved type, and for a copy
 * the specialisation the headers select, linked (undefined: not a member type resolved there).
 */
export function memberTypeAt(i: HeaderInstance, text: string, offset: number): string | undefined {
  if (offset < i.start || offset >= i.end) return undefined;
  let a = offset;
  let b = offset;
  while (a > 0 && /\w/.test(text[a - 1])) a--;
  while (b < text.length && /\w/.test(text[b])) b++;
  const name = text.slice(a, b);
  const f = name ? i.members.get(name) : undefined;
  if (!f) return undefined;
  if (typeof f.copy === 'string' && typeof f.header === 'string') {
    const target = `${pathToFileURL(path.join(i.root, f.header)).href}#L${String(f.line)}`;
    return `**${name}** = \`${f.copy}\` — the specialisation at [${f.header}:${String(f.line)}](${target})`;
  }
  if (typeof f.error === 'string') return `**${name}**: static_assert failed: ${f.error} (${String(f.assert)})`;
  if (typeof f.type === 'string') return `**${name}** = \`${f.type}\``;
  return undefined;
}

const SOURCE_EXTENSIONS = /\.(cpp|cc|cxx|cu|asc|h|hh|hpp|hxx)$/i;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'build', 'out', 'dist']);
/** Files and bytes of the walk at most (a larger workspace is walked in part). */
export const WALK_LIMITS = { maxFiles: 20_000, maxFileBytes: 1_000_000 };

/**
 * The workspace's sites, by template name, and the headers' instances: the folders are walked
 * asynchronously (a file a turn), a header's candidates resolved one a turn; `instanceOf` answers
 * at once with what is known and `changed` tells when a header's answer is ready.
 */
export class TemplateInstances {
  private byFile = new Map<string, SiteRef[]>();
  /** Files whose sites the editor's text gives (open documents), over the disk's. */
  private open = new Map<string, string>();
  private byTemplate: Map<string, SiteRef[]> | undefined;
  private walking = false;
  private walked = false;
  /** The walk stopped at its limits: the sites seen may not be all, so no site is the only one. */
  private partial = false;
  /** Per header path: the text it was resolved for and the answer (null: none). */
  private answers = new Map<string, { text: string; generation: number; answer: HeaderInstance | null }>();
  private pending = new Map<string, string>();
  /** Headers asked for before the walk ended (their editors are told to ask again). */
  private asked = new Set<string>();
  private running = false;
  /** Changes whenever the sites or the headers change: answers of an older one are recomputed. */
  private generation = 0;
  changed: ((headerPath: string) => void) | undefined;
  /** Excluded from the walk (the library's own include roots: its `using`s are templates' own, not instantiations). */
  private excluded: string[] = [];
  private folders: string[] = [];

  constructor(
    private headers: () => SiteHeaders | undefined,
    private later: (run: () => void) => void = (run) => void setTimeout(run, 0),
  ) {}

  /** Walks the folders for sites (again: a new walk replaces the old sites). */
  configure(folders: readonly string[], excluded: readonly string[]): Promise<void> {
    this.excluded = excluded.map((e) => path.resolve(e));
    this.folders = folders.map((f) => path.resolve(f));
    this.byFile.clear();
    this.invalidate();
    this.walked = false;
    return this.walk(this.folders);
  }

  /** The header index changed: every answer is recomputed when next asked. */
  invalidate(): void {
    this.generation++;
    this.byTemplate = undefined;
  }

  /** An open C++ document's text (its sites over the file's); undefined: closed. */
  setOpen(file: string, text: string | undefined): void {
    const before = JSON.stringify(this.siteList(file));
    if (text === undefined) this.open.delete(file);
    else this.open.set(file, text);
    if (!this.isExcluded(file) && JSON.stringify(this.siteList(file)) !== before) this.invalidate();
  }

  private siteList(file: string): SiteRef[] {
    const t = this.open.get(file);
    return t !== undefined ? sitesOfText(file, t) : (this.byFile.get(file) ?? []);
  }

  private isExcluded(file: string): boolean {
    const f = path.resolve(file);
    return this.excluded.some((e) => f === e || f.startsWith(e + path.sep));
  }

  /** Sites naming a template, the open documents' over the files'. */
  sitesOf(template: string): SiteRef[] {
    if (!this.byTemplate) {
      this.byTemplate = new Map();
      const files = new Set([...this.byFile.keys(), ...[...this.open.keys()].filter((f) => !this.isExcluded(f))]);
      for (const f of files)
        for (const s of this.siteList(f)) {
          const list = this.byTemplate.get(s.template) ?? [];
          list.push(s);
          this.byTemplate.set(s.template, list);
        }
    }
    return this.byTemplate.get(template) ?? [];
  }

  /** True once the walk has read every file it found. */
  get ready(): boolean {
    return this.walked;
  }

  /** True while the walk or a header's resolution is under way (its `changed` may still be told). */
  get busy(): boolean {
    return this.walking || this.running || this.pending.size > 0;
  }

  /** The header's instance if known for this text (undefined meanwhile: the computation is scheduled). */
  instanceOf(headerPath: string, text: string): HeaderInstance | undefined {
    const a = this.answers.get(headerPath);
    if (a && a.text === text && a.generation === this.generation) return a.answer ?? undefined;
    if (this.walked) this.schedule(headerPath, text);
    else this.asked.add(headerPath);
    return a && a.text === text ? (a.answer ?? undefined) : undefined;
  }

  private schedule(headerPath: string, text: string): void {
    this.pending.set(headerPath, text);
    if (this.running) return;
    this.running = true;
    this.later(() => this.next());
  }

  /** Resolves the next pending header, one candidate site a turn. */
  private next(): void {
    const first = this.pending.entries().next();
    if (first.done) {
      this.running = false;
      return;
    }
    const [header, text] = first.value;
    this.pending.delete(header);
    const headers = this.headers();
    const generation = this.generation;
    const names = templatesOf(text);
    const candidates = [...names].flatMap((n) => this.sitesOf(n));
    const outcomes: SiteOutcome[] = [];
    const finish = () => {
      let i = 0;
      const answer =
        headers && !this.partial
          ? (onlyInstance(
              candidates,
              () => outcomes[i++],
              (s) => this.siteName(s),
            ) ?? null)
          : null;
      const before = this.answers.get(header);
      this.answers.set(header, { text, generation, answer });
      if (before?.answer !== answer && (before?.answer || answer)) this.changed?.(header);
      this.next();
    };
    if (!headers || !candidates.length || candidates.length > MAX_CANDIDATES) return finish();
    const step = (k: number) => {
      if (generation !== this.generation || this.pending.has(header)) return this.next(); // changed meanwhile: asked again
      if (k === candidates.length) return finish();
      const s = candidates[k];
      const siteText = this.open.get(s.file) ?? readSiteFile(s.file);
      const o = siteText === undefined ? 'unknown' : safely(() => resolveSite(s, siteText, header, headers));
      outcomes.push(o);
      if (o === 'unknown') return finish(); // not certain: no answer (onlyInstance stops at it)
      this.later(() => step(k + 1));
    };
    step(0);
  }

  /** A site as the hover names it: relative to the workspace folder holding it. */
  private siteName(s: SiteRef): string {
    const folder = this.folders.find((f) => s.file.startsWith(f + path.sep));
    return `${folder ? path.relative(folder, s.file).split(path.sep).join('/') : s.file}:${s.line}`;
  }

  private async walk(folders: string[]): Promise<void> {
    if (this.walking) return;
    this.walking = true;
    try {
      const queue = [...folders];
      let files = 0;
      this.partial = false;
      while (queue.length && files < WALK_LIMITS.maxFiles) {
        const dir = queue.shift()!;
        if (this.isExcluded(dir)) continue;
        let entries: Dirent[];
        try {
          entries = await fsp.readdir(dir, { withFileTypes: true });
        } catch {
          continue;
        }
        for (const e of entries) {
          const p = path.join(dir, e.name);
          if (e.isDirectory()) {
            if (!SKIPPED_FOLDERS.has(e.name) && !e.name.startsWith('.')) queue.push(p);
          } else if (e.isFile() && SOURCE_EXTENSIONS.test(e.name) && !this.isExcluded(p) && files++ < WALK_LIMITS.maxFiles) {
            try {
              const st = await fsp.stat(p);
              if (st.size > WALK_LIMITS.maxFileBytes) continue;
              const sites = sitesOfText(p, await fsp.readFile(p, 'utf8'));
              if (sites.length) this.byFile.set(p, sites);
            } catch {
              // unreadable: no sites
            }
          }
        }
      }
      if (queue.length || files >= WALK_LIMITS.maxFiles) this.partial = true;
    } finally {
      this.walking = false;
      this.walked = true;
      this.invalidate();
      // headers asked before the walk ended: their editors ask again
      for (const h of this.asked) this.changed?.(h);
      this.asked.clear();
    }
  }
}

function readSiteFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A resolution that throws is not known (the resolver's own errors are caught inside; this is the last guard). */
function safely(f: () => SiteOutcome): SiteOutcome {
  try {
    return f();
  } catch {
    return 'unknown';
  }
}
