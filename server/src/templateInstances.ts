// Values in a class template's body under an instantiation of it in the workspace (issue 21,
// item 4): the `using X = …Template<…>;` lines of the workspace's C++ files, by template name
// (read off the request path), and, for a header open in the editor, the sites naming a class
// template it defines, each resolved as `eval --instance` does (cpp/instanceSite.ts). Every body
// of the header that a certain site selects is read under one of its own sites (the user's
// choice, else the first: open documents' sites first, then by path and line) with that body's
// parameters and members bound; a site that does not resolve is not used, only counted. Nothing
// here knows LSP (server.ts wires it).
import { Dirent, promises as fsp, readFileSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  Budget,
  CppAnalyzer,
  Differing,
  HeaderFacts,
  HeaderIndex,
  budgetsOf,
  copyMemberBodies,
  headerFacts,
  InstanceGroup,
  InstanceSite,
  InstanceView,
  evaluateScratch,
  headerNameUnder,
  instanceBindings,
  instanceMembers,
  namesAscend950,
  printValue,
  siteScratchText,
  CallBindings,
  FunctionCall,
  FunctionTemplate,
  MAX_CALL_DEPTH,
  callBindings,
  callsOfText,
  functionAt,
  functionTemplatesOf,
  withBindings,
  operatorCallRegion,
  namesOfClass,
} from './language';

/** What the analyzer binds a parameter or member to inside the body. */
type Binding = NonNullable<CppAnalyzer['instantiation']>[number]['bindings'] extends ReadonlyMap<string, infer B> ? B : never;
type InstanceRegion = NonNullable<CppAnalyzer['instantiation']>[number];

/** A header's resolution: the text it was resolved for, its certain sites (null: none, or one not certain), whether more are still to come, and the answer under the choices. */
interface AnswerEntry {
  text: string;
  generation: number;
  found: ResolvedSites | null;
  /** Resolved up to a certain site; the other candidates are still being resolved. */
  partial?: true;
  answer?: { choices: number; derived: number; answer: HeaderAnswer | null };
}

/** A `using NAME = ns::Template<…>;` line of a C++ file. */
export interface SiteRef {
  file: string;
  /** 1-based. */
  line: number;
  alias: string;
  /** The template's own name (the last word before `<`). */
  template: string;
  /** The function template whose body holds the site (it is read under the calls of the function). */
  fn?: FunctionTemplate;
  /** The calls it is read under, innermost first: a call of `fn`, then a call of the function around that call… */
  via?: readonly CallRef[];
}

/** A call of a function template: where, and the function template around the call (its own arguments may name that one's parameters). */
export interface CallRef {
  file: string;
  call: FunctionCall;
  fn?: FunctionTemplate;
}

/** A site that certainly selects a body of the header: where, and what it binds there. */
export interface FoundSite {
  site: SiteRef;
  /** As the hover names it (`examples/13_basic_matmul_tla/basic_matmul_tla.cpp:105`). */
  where: string;
  here: SiteHere;
}

/** What a site gives the body it selects. */
export interface SiteHere {
  /** The selected body's offsets in the header's text. */
  start: number;
  end: number;
  bindings: ReadonlyMap<string, Binding>;
  /** The instantiated class, written out (`Catlass::Gemm::Demo::Tile<16, 8>`). */
  selected: string;
  /** Its public member types and constants as `eval --instance` lists them (`LayoutTagL1A` → `{ type: 'Catlass::layout::zN' }`). */
  members: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** Its buffer budgets (cpp/budgets.ts). */
  budgets: readonly Budget[];
  /** Its operator() template read with the types the kernel's calls pass (cpp/operatorCalls.ts). */
  inner?: readonly InstanceRegion[];
}

/** The instantiation a header's analysis reads its template body under (the hover's words and the analyzer's bindings). */
export interface HeaderInstance extends InstanceView {
  bindings: ReadonlyMap<string, Binding>;
  inner?: readonly InstanceRegion[];
}

/** A header's instantiations: the bodies read, each under its own (in the order of the text), and their code lenses. */
export interface HeaderAnswer {
  views: readonly HeaderInstance[];
  groups: readonly InstanceGroup[];
  /** The header's candidate sites are still being found or resolved (the views hold the certain sites found so far). */
  pending?: true;
}

/** The Catlass header index the sites are resolved over, and its include root. */
export interface SiteHeaders {
  index: HeaderIndex;
  root: string;
  arch?: 2201 | 3510;
}

// (the template may start on the next line: `using FAInferKernel =⏎    FAInferKernel<…>;`)
const SITE_LINE = /^[ \t]*using[ \t]+(\w+)[ \t]*=[ \t]*(?:\r?\n[ \t]*)?(?:typename[ \t]+)?(?:::)?(?:\w+[ \t]*::[ \t]*)*(\w+)[ \t]*<[^;]*;/gm;

/** The instantiation sites of a C++ file's text (a site inside a function template names it: `fn`). */
export function sitesOfText(file: string, text: string): SiteRef[] {
  if (!text.includes('using')) return [];
  const out: SiteRef[] = [];
  let line = 1;
  let counted = 0;
  let fns: FunctionTemplate[] | undefined;
  SITE_LINE.lastIndex = 0;
  for (let m = SITE_LINE.exec(text); m; m = SITE_LINE.exec(text)) {
    const at = m.index + m[0].length - m[0].trimStart().length;
    for (; counted < at; counted++) if (text.charCodeAt(counted) === 10) line++;
    fns ??= functionTemplatesOf(text);
    const fn = functionAt(fns, at);
    out.push({ file, line, alias: m[1], template: m[2], ...(fn ? { fn } : {}) });
  }
  return out;
}

/** Calls of one function template at most that instantiate a site (the first, by path and line). */
export const MAX_CALLS = 64;

/**
 * The call chains a site inside a function template is read under: each call of the function
 * in its own file or in a file that includes it (`#include "fai_kernel.h"`), and when that call
 * is itself inside a function template, each chain of that one's calls (at most MAX_CALL_DEPTH
 * functions). Undefined when the function has no such call (the site is read as it is written).
 */
export function callChains(
  file: string,
  fn: FunctionTemplate,
  callsOf: (name: string) => readonly CallRef[],
  includes: (caller: string, callee: string) => boolean,
  depth = 1,
): CallRef[][] | undefined {
  const calls = callsOf(fn.name).filter((c) => (c.file === file ? !(fn.start < c.call.at && c.call.at < fn.end) : includes(c.file, file)));
  if (!calls.length) return undefined;
  const out: CallRef[][] = [];
  const seen = new Set<string>();
  for (const c of calls) {
    // (the same arguments written twice in one function or file are one instantiation)
    const key = `${c.file}\0${c.fn?.start ?? ''}\0${c.call.args.join(',')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const outer = c.fn && depth < MAX_CALL_DEPTH ? callChains(c.file, c.fn, callsOf, includes, depth + 1) : undefined;
    if (outer) for (const o of outer) out.push([c, ...o]);
    else out.push([c]);
    if (out.length >= MAX_CALLS) break;
  }
  return out.slice(0, MAX_CALLS);
}

/** The calls of a C++ text, each with the function template around it. */
export function callsIn(file: string, text: string): CallRef[] {
  const calls = callsOfText(text);
  if (!calls.length) return [];
  const fns = functionTemplatesOf(text);
  return calls.map((call) => {
    const fn = functionAt(fns, call.at);
    return { file, call, ...(fn ? { fn } : {}) };
  });
}

/** True when the caller's text includes the callee's file by a quoted path (relative to the caller's folder). */
export function includesFile(callerText: string, caller: string, callee: string): boolean {
  return includedFiles(callerText, caller).has(path.resolve(callee));
}

/** The files a text includes by a quoted path (relative to its folder), resolved. */
function includedFiles(text: string | undefined, file: string): Set<string> {
  const out = new Set<string>();
  for (const m of text?.matchAll(/^[ \t]*#[ \t]*include[ \t]*"([^"]+)"/gm) ?? []) out.add(path.resolve(path.dirname(file), m[1]));
  return out;
}

/** While a header's candidates are resolved, the certain sites found are shown at most this often (the first at once). */
export const PARTIAL_EVERY_MS = 1000;

/** Candidate sites of one header resolved at most (the first in the sites' order; the others count as not resolved). */
export const MAX_CANDIDATES = 256;

/** A body another instantiation selects through a copy member (`CopyGmToL1A` → a TileCopyTla specialisation): a derived site of it. */
export interface DerivedHere {
  /** The member's name in the site's class. */
  member: string;
  /** The file of the body it selects. */
  file: string;
  here: SiteHere;
}

/** What one site selects for a header: its body there (and the bodies its copy members select), another body, or not known. */
export type SiteOutcome = { here: SiteHere; derived?: readonly DerivedHere[]; via?: string } | 'elsewhere' | 'unknown';

/**
 * One candidate site's resolution as data, everything resolveSite reads but the index: so that it
 * runs on the header worker's thread (headerWorker.ts) over that thread's copy of the index.
 */
export interface SiteJob {
  site: SiteRef;
  header: string;
  /** The header's text: its own facts are read from it when the index does not hold it. */
  headerText: string;
  root: string;
  arch?: 2201 | 3510;
  /** The editor's texts of the files the site reads (its own and its calls'), where open; the others are read from disk. */
  texts: Record<string, string>;
  /** The sites' and headers' generation: the calls' bindings are kept within one. */
  generation: number;
}

/** Resolves a job elsewhere (the header worker); rejects when it cannot (then it is resolved here). */
export type SiteResolver = (job: SiteJob) => Promise<SiteOutcome>;

/** What resolveJob keeps between jobs on one thread: the calls' bindings of one generation, the last header's own facts. */
export interface JobCache {
  generation: number;
  calls: Map<string, CallBindings>;
  own?: { text: string; facts: HeaderFacts | null };
}

/** A job resolved over `index` as TemplateInstances resolves a candidate (the same outcome on either thread). */
export function resolveJob(job: SiteJob, index: HeaderIndex, cache: JobCache): SiteOutcome {
  if (cache.generation !== job.generation) {
    cache.generation = job.generation;
    cache.calls.clear();
  }
  const read = (f: string) => job.texts[f] ?? readSiteFile(f);
  const siteText = read(job.site.file);
  if (siteText === undefined) return 'unknown';
  let own: HeaderFacts | undefined;
  if (!index.has(job.header)) {
    // a workspace file outside the include roots: its own facts, put in the index for the resolution
    if (cache.own?.text !== job.headerText) cache.own = { text: job.headerText, facts: ownFacts(job.headerText) };
    if (!cache.own.facts) return 'unknown';
    own = cache.own.facts;
  }
  const headers: SiteHeaders = { index, root: job.root, ...(job.arch ? { arch: job.arch } : {}) };
  return safely(() => resolveSite(job.site, siteText, job.header, headers, own, read, undefined, cache.calls));
}

/**
 * A site inside a function template under its call chain (`site.via`, innermost first): the
 * arguments of each call, outermost first, resolved in its own file under the bindings the call
 * around it gave, become statements at the start of the called function's body. The site's text
 * with its function's bindings, and the call as the hover names it (`Run<SvdQuantTilingTag::Common>`);
 * undefined when an argument is not resolved (that call is not used, never guessed).
 */
export function siteUnderCalls(
  site: SiteRef,
  siteText: string,
  headers: SiteHeaders,
  read: (file: string) => string | undefined,
  cache?: Map<string, CallBindings>,
): { text: string; via: string } | undefined {
  if (!site.fn || !site.via?.length) return undefined;
  const h = {
    index: headers.index,
    root: headers.root,
    arch: headers.arch ?? 2201,
    headerName: headerNameUnder(headers.root),
    relative: (f: string) => path.relative(headers.root, f).split(path.sep).join('/'),
  };
  let statements: string[] | undefined;
  let via = '';
  for (let k = site.via.length - 1; k >= 0; k--) {
    const c = site.via[k];
    const callee = k === 0 ? site.fn : site.via[k - 1].fn;
    const text = read(c.file);
    const calleeText = k === 0 ? siteText : read(site.via[k - 1].file);
    if (!callee || text === undefined || calleeText === undefined) return undefined;
    const callerText = c.fn && statements ? withBindings(text, c.fn, statements) : text;
    // the arguments name what the headers of the callee's arch declare (`Format::TND` of a block under `#if CATLASS_ARCH == 3510`),
    // the arch its site's scratch takes (namesAscend950)
    const arch = namesAscend950(calleeText.slice(callee.start, callee.end)) ? 3510 : h.arch;
    // (a call's bindings are the same for every site of its function: resolved once while the headers and sites are unchanged)
    const key = `${c.file}:${c.call.at}:${callee.name}:${callee.start}:${statements?.join(' ') ?? ''}`;
    const b = cache?.get(key) ?? callBindings(callee, c.call, c.file, callerText, { ...h, arch });
    cache?.set(key, b);
    if ('why' in b) return undefined;
    statements = b.statements;
    via = b.text;
  }
  return statements && { text: withBindings(siteText, site.fn, statements), via };
}

/**
 * Resolves one site as `eval --instance SITE HEADER` does. A header the index does not hold (a
 * workspace file outside the include roots: an example's own kernel template) is read from
 * `own`, its facts, put in the index for this resolution only (its `#include "catlass/…"` lines
 * are followed under the include root, as the compiler does).
 */
export function resolveSite(
  site: SiteRef,
  siteText: string,
  header: string,
  headers: SiteHeaders,
  own?: HeaderFacts,
  read: (file: string) => string | undefined = readSiteFile,
  /** A workspace file whose facts are in the index for this resolution (the site's own, included first). */
  ownFile?: string,
  /** The bindings of calls already resolved (siteUnderCalls). */
  calls?: Map<string, CallBindings>,
): SiteOutcome {
  if (own && !headers.index.has(header))
    return headers.index.withFile(header, own, () => resolveSite(site, siteText, header, headers, undefined, read, undefined, calls));
  // a site inside a function template under one of its calls: the function's parameters bound at the start of its body
  let via: string | undefined;
  if (site.via?.length) {
    const under = siteUnderCalls(site, siteText, headers, read, calls);
    if (!under) return 'unknown';
    ({ text: siteText, via } = under);
    // (the site's own file declares what its statements name: `TilingTag2Config`, the enumeration of the call's argument)
    const facts = !headers.index.has(site.file) && path.resolve(site.file) !== path.resolve(header) ? ownFacts(siteText) : undefined;
    if (facts) {
      const o = headers.index.withFile(site.file, facts, () =>
        resolveSite({ ...site, via: undefined }, siteText, header, headers, undefined, read, site.file),
      );
      return typeof o === 'object' ? { ...o, via } : o;
    }
    const o = resolveSite({ ...site, via: undefined }, siteText, header, headers, undefined, read);
    return typeof o === 'object' ? { ...o, via } : o;
  }
  let scratch: { text: string; alias?: string };
  try {
    scratch = siteScratchText(siteText, site.line);
  } catch {
    return 'unknown';
  }
  if (scratch.alias !== site.alias) return 'unknown';
  // (a header outside the root is named relative to it: the include is found as the index's path)
  const relOf = (f: string) => path.relative(headers.root, f).split(path.sep).join('/');
  const rel = relOf(header);
  const withOwn = ownFile ? `#include "${relOf(ownFile)}"\n${scratch.text}` : scratch.text;
  const text = headers.index.has(header) ? `#include "${rel}"\n${withOwn}` : withOwn;
  const res = evaluateScratch(text, headers.index, headerNameUnder(headers.root), headers.arch ?? 2201, headers.root);
  const ib = instanceBindings(res, site.alias);
  if (!ib) return 'unknown';
  if (path.resolve(ib.file) !== path.resolve(header)) return 'elsewhere';
  const members = new Map<string, Record<string, unknown>>();
  for (const m of instanceMembers(res, site.alias).members) {
    const v = m.value;
    // a copy's specialisation is linked: the hover names its file by URL
    if (v)
      members.set(
        m.name,
        typeof v.header === 'string' ? { ...v, href: `${pathToFileURL(path.join(headers.root, v.header)).href}#L${String(v.line)}` } : v,
      );
  }
  const derived = copyMemberBodies(res, site.alias).map(({ member, body }) => ({
    member,
    file: body.file,
    here: { start: body.start, end: body.end, bindings: body.bindings, selected: body.selected, members: new Map(), budgets: [] },
  }));
  const inner = kernelCallRegion(site, siteText, header, ib, headers, read);
  return {
    here: {
      start: ib.start,
      end: ib.end,
      bindings: ib.bindings,
      selected: ib.selected,
      members,
      budgets: budgetsOf(res, site.alias),
      ...(inner ? { inner: [inner] } : {}),
    },
    derived,
  };
}

/** The block's body and what its site binds there (the class's region, its selected specialisation). */
type BlockUnderSite = { start: number; end: number; bindings: ReadonlyMap<string, Binding>; selected: string };

/**
 * The block's operator() template under the one kernel site of the site's file that names the
 * site's alias (`using MatmulKernel = …BasicMatmulTla<BlockMmad, …>;`): its type parameters bound
 * to what the kernel's calls pass (cpp/operatorCalls.ts); undefined when not certain.
 */
function kernelCallRegion(
  site: SiteRef,
  siteText: string,
  header: string,
  block: BlockUnderSite,
  headers: SiteHeaders,
  read: (file: string) => string | undefined,
): InstanceRegion | undefined {
  const word = new RegExp(`[<,]\\s*${site.alias}\\s*[,>]`);
  const lines = siteText.split('\n');
  const kernels = sitesOfText(site.file, siteText).filter(
    (k) =>
      k.line !== site.line &&
      !k.fn &&
      word.test(
        lines
          .slice(k.line - 1, k.line + 3)
          .join(' ')
          .split(';')[0],
      ),
  );
  const blockText = read(header);
  if (!kernels.length || kernels.length > MAX_KERNEL_SITES || site.fn || blockText === undefined) return undefined;
  // each kernel site that names the block (one a branch of `if`): all give the same types, or none is used
  let region: InstanceRegion | undefined;
  let key: string | undefined;
  for (const k of kernels) {
    const r = kernelSiteRegion(k, siteText, blockText, block, headers, read);
    const printed =
      r &&
      [...r.bindings]
        .filter(([n]) => !block.bindings.has(n))
        .map(([n, b]) => `${n}=${b.value ? printValue(b.value) : ''}`)
        .join(' ');
    if (!r || (key !== undefined && printed !== key)) return undefined;
    key = printed;
    region ??= r;
  }
  return region;
}

/** Kernel sites of one file that name a block's alias read at most (more: none is used). */
const MAX_KERNEL_SITES = 4;

/** The block's operator() region under one kernel site (operatorCallRegion). */
function kernelSiteRegion(
  k: SiteRef,
  siteText: string,
  blockText: string,
  block: BlockUnderSite,
  headers: SiteHeaders,
  read: (file: string) => string | undefined,
): InstanceRegion | undefined {
  let scratch: { text: string; alias?: string };
  try {
    scratch = siteScratchText(siteText, k.line);
  } catch {
    return undefined;
  }
  if (scratch.alias !== k.alias) return undefined;
  const arch = headers.arch ?? 2201;
  const res = evaluateScratch(scratch.text, headers.index, headerNameUnder(headers.root), arch, headers.root);
  const kb = instanceBindings(res, k.alias);
  const kernelText = kb && read(kb.file);
  if (!kb || kernelText === undefined) return undefined;
  return operatorCallRegion(blockText, block, kernelText, { ...kb, blockNames: namesOfClass(res, k.alias, block.selected) }, arch);
}

/**
 * The names of the classes a header declares (the names its instantiation sites write): every
 * word after `struct`/`class`, a superset (read by a pattern, not parsed: an open header's every
 * edit asks again) that the resolution of each candidate narrows to the bodies of this header.
 * A template's type parameter (`template <class TensorA, class Shape = …>`: the word is followed
 * by `,`, `>` or `=`) declares no class: its name is every `using TensorA = …;` of the workspace,
 * hundreds of candidates that pushed the header's real sites past MAX_CANDIDATES.
 */
export function templatesOf(headerText: string): Set<string> {
  const names = new Set<string>();
  for (const m of headerText.matchAll(/\b(?:struct|class)[ \t]+(?:alignas[ \t]*\([^)]*\)[ \t]*)?([A-Za-z_]\w*)\b(?!\s*[,>=])/g)) names.add(m[1]);
  return names;
}

/** A header's candidate sites, resolved: those certain to select a body of it, and those not known (they may). */
export interface ResolvedSites {
  found: FoundSite[];
  unresolved: SiteRef[];
}

/**
 * The sites among the candidates that certainly select a body of this header, and those that
 * may (not resolved, or past MAX_CANDIDATES); undefined when there are none. `resolve` answers
 * one candidate (cached by the caller).
 */
export function certainSites(
  candidates: readonly SiteRef[],
  resolve: (s: SiteRef) => SiteOutcome,
  name: (s: SiteRef) => string,
): ResolvedSites | undefined {
  if (!candidates.length) return undefined;
  const out: ResolvedSites = { found: [], unresolved: candidates.slice(MAX_CANDIDATES) };
  for (const s of candidates.slice(0, MAX_CANDIDATES)) {
    const o = resolve(s);
    if (o === 'unknown') out.unresolved.push(s);
    else if (o !== 'elsewhere') {
      const where = o.via ? `${name(s)} via ${o.via}` : name(s);
      // (two calls with the same arguments are one instantiation)
      if (!out.found.some((f) => f.where === where)) out.found.push({ site: s, where, here: o.here });
    }
  }
  return out;
}

/** A site before another: an open document's first, then by path and line (the default instantiation is the first). */
export function siteOrder(isOpen: (file: string) => boolean): (a: SiteRef, b: SiteRef) => number {
  return (a, b) => Number(isOpen(b.file)) - Number(isOpen(a.file)) || (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line);
}

/** A value as the hover names it: a member as `eval --instance` prints it, else the binding's value. */
function shownValue(f: FoundSite, name: string): string | undefined {
  const m = f.here.members.get(name);
  const text = m && (m.text ?? m.type ?? m.copy);
  if (typeof text === 'string') return text;
  const b = f.here.bindings.get(name);
  return b?.value ? printValue(b.value) : undefined;
}

/**
 * The parameters and members of one body whose values differ among its sites: the value under
 * `used` and the distinct values seen (integers in order, the others as met).
 */
function differingOf(sites: readonly FoundSite[], used: FoundSite): Map<string, Differing> {
  const out = new Map<string, Differing>();
  if (sites.length < 2) return out;
  const names = new Set(sites.flatMap((f) => [...f.here.bindings.keys(), ...f.here.members.keys()]));
  for (const n of names) {
    const seen = [...new Set(sites.map((f) => shownValue(f, n)).filter((x): x is string => x !== undefined))];
    if (seen.length < 2) continue;
    if (seen.every((x) => /^-?\d+$/.test(x))) seen.sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
    const here = shownValue(used, n);
    out.set(n, { ...(here !== undefined ? { here } : {}), seen });
  }
  return out;
}

/**
 * What a header's analysis reads under its certain sites and the user's choices (template →
 * site): every body that a certain site selects is read under one of its own sites — the chosen
 * one when the choice selects this body, else the first in `order` (open documents' sites first,
 * then by path and line). Its values are exactly that instantiation's; a site not resolved is not
 * used (counted in the lens). The groups, one a body, are for the code lens.
 */
export function headerAnswer(
  { found, unresolved }: ResolvedSites,
  choices: ReadonlyMap<string, string>,
  order: (a: SiteRef, b: SiteRef) => number = siteOrder(() => false),
  /** Candidates are still being resolved: no site is yet known to be the only one. */
  pending = false,
): HeaderAnswer {
  const byBody = new Map<number, FoundSite[]>();
  for (const f of [...found].sort((a, b) => order(a.site, b.site))) byBody.set(f.here.start, [...(byBody.get(f.here.start) ?? []), f]);
  const siteOf = (f: FoundSite): InstanceSite => ({ where: f.where, selected: f.here.selected });
  const views: HeaderInstance[] = [];
  const groups: InstanceGroup[] = [];
  for (const [start, sites] of [...byBody].sort((a, b) => a[0] - b[0])) {
    const template = sites[0].site.template;
    const chosen = sites.find((f) => f.where === choices.get(template));
    const used = chosen ?? sites[0];
    views.push({
      mode: chosen ? 'chosen' : sites.length === 1 && !pending ? 'only' : 'default',
      ...(pending ? { pending: true as const } : {}),
      template,
      start,
      end: used.here.end,
      site: siteOf(used),
      sites: sites.map(siteOf),
      members: used.here.members,
      differing: differingOf(sites, used),
      budgets: used.here.budgets,
      bindings: used.here.bindings,
      ...(used.here.inner ? { inner: used.here.inner } : {}),
    });
    groups.push({
      template,
      start,
      sites: sites.map(siteOf),
      unresolved: unresolved.filter((s) => s.template === template).length,
      unresolvedSites: unresolved.filter((s) => s.template === template).map((s) => `${s.file.slice(s.file.lastIndexOf('/') + 1)}:${s.line}`),
      used: used.where,
      ...(chosen ? { chosen: true } : {}),
      ...(pending ? { pending: true as const } : {}),
    });
  }
  return { views, groups, ...(pending ? { pending: true as const } : {}) };
}

const SOURCE_EXTENSIONS = /\.(cpp|cc|cxx|cu|asc|h|hh|hpp|hxx)$/i;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'build', 'out', 'dist']);
/** Files and bytes of the walk at most (a larger workspace is walked in part). */
export const WALK_LIMITS = { maxFiles: 20_000, maxFileBytes: 1_000_000 };

/** True when `file` is one of `roots` (resolved paths) or inside one. */
function under(roots: readonly string[], file: string): boolean {
  const f = path.resolve(file);
  return roots.some((e) => f === e || f.startsWith(e + path.sep));
}

/** A site as the hover names it: relative to the workspace folder (a resolved path) holding it. */
function siteNameIn(folders: readonly string[], s: SiteRef): string {
  const folder = folders.find((f) => s.file.startsWith(f + path.sep));
  return `${folder ? path.relative(folder, s.file).split(path.sep).join('/') : s.file}:${s.line}`;
}

/**
 * One directory of the walk for sites: its folders (not skipped, hidden or excluded) queued, its
 * source files not excluded returned, in the order listed (the caller reads them, counting).
 */
function walkEntries(dir: string, entries: readonly Dirent[], queue: string[], isExcluded: (f: string) => boolean): string[] {
  const files: string[] = [];
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(e.name) && !e.name.startsWith('.')) queue.push(p);
    } else if (e.isFile() && SOURCE_EXTENSIONS.test(e.name) && !isExcluded(p)) files.push(p);
  }
  return files;
}

/**
 * The workspace's sites, by template name, and the headers' instances: the folders are walked
 * asynchronously (a file a turn), a header's candidates resolved one a turn; `instanceOf` answers
 * at once with what is known and `changed` tells when a header's answer is ready.
 */
export class TemplateInstances {
  private byFile = new Map<string, SiteRef[]>();
  /** The calls with template arguments of each file walked (a site inside a function template is read under them). */
  private callsByFile = new Map<string, CallRef[]>();
  /** The bindings of the calls resolved here since the sites or headers last changed, and the header's own facts. */
  private local: JobCache = { generation: -1, calls: new Map() };
  /**
   * The candidate sites resolved since the work began, and those to resolve: a change of the
   * headers or the sites adds a header's candidates again; the count of those done never goes back.
   */
  private progress = { done: 0, total: 0 };
  /** Files whose sites the editor's text gives (open documents), over the disk's. */
  private open = new Map<string, string>();
  private byTemplate: Map<string, SiteRef[]> | undefined;
  private walking = false;
  private walked = false;
  /** Per header path: the text it was resolved for, its certain sites (null: none, or one not certain) and the answer under the choices. */
  private answers = new Map<string, AnswerEntry>();
  /** The header being resolved now, and the text it is resolved for (asked again meanwhile, it goes on). */
  private resolving: { header: string; text: string; generation: number } | undefined;
  /** The answer of a header whose sites are still being found, none certain yet (one object per header: the analyses compare it). */
  private pendingAnswers = new Map<string, HeaderAnswer>();
  /**
   * Sites derived from resolved ones, per file of the body they select: a block's copy member
   * selects a tile copy's specialisation (`where` · member → the site). Recorded as the block's
   * header is resolved; dropped when the sites or headers change (never a stale value).
   */
  private derived = new Map<string, Map<string, FoundSite>>();
  /** Per file: changes when its derived sites do (only that file's answer is made again). */
  private derivedVersion = new Map<string, number>();
  /** The user's choice of a site per template (template → `where`), in the order made. */
  private choices = new Map<string, string>();
  /** Changes with every choice, and when a document is opened or closed (its sites come first): the answers are made again from the same sites. */
  private choiceVersion = 0;
  private pending = new Map<string, string>();
  /** Headers asked for before the walk ended (their editors are told to ask again). */
  private asked = new Set<string>();
  private running = false;
  /** Changes whenever the sites or the headers change: answers of an older one are recomputed. */
  private generation = 0;
  changed: ((headerPath: string) => void) | undefined;
  /** Told when the walk or a resolution starts, moves on or ends (`work` says what is under way). */
  onWork: (() => void) | undefined;
  /** Excluded from the walk (the library's own include roots: its `using`s are templates' own, not instantiations). */
  private excluded: string[] = [];
  private folders: string[] = [];

  constructor(
    private headers: () => SiteHeaders | undefined,
    /** Runs a step later; `urgent` while no certain site of the header being resolved is known yet (its values wait for it). */
    private later: (run: () => void, urgent: boolean) => void = (run) => void setTimeout(run, 0),
    /** Resolves a candidate elsewhere (the header worker: no resolution holds a request); none: here, one a turn. */
    private resolver?: SiteResolver,
  ) {}

  /** Walks the folders for sites (again: a new walk replaces the old sites). */
  configure(folders: readonly string[], excluded: readonly string[]): Promise<void> {
    this.excluded = excluded.map((e) => path.resolve(e));
    this.folders = folders.map((f) => path.resolve(f));
    this.byFile.clear();
    this.callsByFile.clear();
    this.invalidate();
    this.walked = false;
    return this.walk(this.folders);
  }

  /** The header index changed: every answer is recomputed when next asked. */
  invalidate(): void {
    this.generation++;
    this.byTemplate = undefined;
    this.derived.clear();
    this.derivedVersion.clear();
  }

  /** An open C++ document's text (its sites over the file's); undefined: closed. */
  setOpen(file: string, text: string | undefined): void {
    const before = this.sitesKey(file);
    const wasOpen = this.open.has(file);
    if (text === undefined) this.open.delete(file);
    else this.open.set(file, text);
    if (!this.isExcluded(file) && this.sitesKey(file) !== before) this.invalidate();
    else if (wasOpen !== this.open.has(file)) {
      // the same sites in another order: a header whose default may change is told
      this.choiceVersion++;
      for (const [header, a] of this.answers) if (a.found?.found.some((f) => f.site.file === file)) this.changed?.(header);
    }
  }

  /** What a file gives the sites (its sites, its calls, by line: not offsets, which every edit above them moves). */
  private sitesKey(file: string): string {
    const t = this.open.get(file);
    const calls = t !== undefined ? callsIn(file, t) : (this.callsByFile.get(file) ?? []);
    return JSON.stringify([
      this.siteList(file).map((s) => [s.line, s.alias, s.template, s.fn?.name, s.fn?.line]),
      calls.map((c) => [c.call.name, c.call.args, c.call.line, c.fn?.name, c.fn?.line]),
    ]);
  }

  private siteList(file: string): SiteRef[] {
    const t = this.open.get(file);
    return t !== undefined ? sitesOfText(file, t) : (this.byFile.get(file) ?? []);
  }

  private isExcluded(file: string): boolean {
    return under(this.excluded, file);
  }

  /**
   * Sites naming a template, the open documents' over the files'. A site inside a function
   * template is one site per call chain of the function (callChains), or itself when the
   * function has no call in the workspace.
   */
  sitesOf(template: string): SiteRef[] {
    if (!this.byTemplate) {
      this.byTemplate = new Map();
      const files = new Set([...this.byFile.keys(), ...[...this.open.keys()].filter((f) => !this.isExcluded(f))]);
      const calls = this.callIndex(files);
      // (each caller's includes read once: a function's calls are looked at for each of its sites)
      const included = new Map<string, Set<string>>();
      const includes = (caller: string, callee: string) => {
        let set = included.get(caller);
        if (!set) included.set(caller, (set = includedFiles(this.open.get(caller) ?? readSiteFile(caller), caller)));
        return set.has(path.resolve(callee));
      };
      for (const f of files)
        for (const s of this.siteList(f)) {
          const chains = s.fn ? callChains(f, s.fn, (n) => calls.get(n) ?? [], includes) : undefined;
          const list = this.byTemplate.get(s.template) ?? [];
          if (chains) list.push(...chains.map((via) => ({ ...s, via })));
          else list.push(s);
          this.byTemplate.set(s.template, list);
        }
    }
    return this.byTemplate.get(template) ?? [];
  }

  /** The workspace's calls with template arguments, by the name called (the open documents' over the files'). */
  private callIndex(files: Iterable<string>): Map<string, CallRef[]> {
    const out = new Map<string, CallRef[]>();
    for (const f of new Set([...files, ...this.callsByFile.keys()])) {
      const t = this.open.get(f);
      for (const c of t !== undefined ? callsIn(f, t) : (this.callsByFile.get(f) ?? [])) {
        const list = out.get(c.call.name) ?? [];
        list.push(c);
        out.set(c.call.name, list);
      }
    }
    return out;
  }

  /** True once the walk has read every file it found. */
  get ready(): boolean {
    return this.walked;
  }

  /** True while the walk or a header's resolution is under way (its `changed` may still be told). */
  get busy(): boolean {
    return this.walking || this.running || this.pending.size > 0;
  }

  /**
   * The header's instantiations known for this text: the certain sites found so far (`pending`
   * while more are being resolved), an answer with no view while the sites are still being found
   * (the hover says so), undefined when none is known or can be (no headers, no site). Asking
   * again while it is being resolved for the same text does not start it again.
   */
  instanceOf(headerPath: string, text: string): HeaderAnswer | undefined {
    const a = this.answers.get(headerPath);
    const r = this.resolving;
    const underWay = r?.header === headerPath && r.text === text && r.generation === this.generation;
    // (a partial answer whose resolution stopped, the text having changed meanwhile, is resolved again)
    const fresh = a && a.text === text && a.generation === this.generation && (!a.partial || underWay);
    if (!fresh && !underWay && this.pending.get(headerPath) !== text) {
      if (this.walked) this.schedule(headerPath, text);
      else this.asked.add(headerPath);
    }
    const known = a && a.text === text ? this.answerOf(a, headerPath) : undefined;
    if (known) return known;
    const finding = !this.walked || underWay || this.pending.get(headerPath) === text;
    return finding && templatesOf(text).size ? this.pendingAnswerOf(headerPath) : undefined;
  }

  private pendingAnswerOf(header: string): HeaderAnswer {
    let p = this.pendingAnswers.get(header);
    if (!p) this.pendingAnswers.set(header, (p = { views: [], groups: [], pending: true }));
    return p;
  }

  /**
   * What is being worked out now, for the progress the editor shows (undefined: nothing): `done`
   * counts the candidate sites resolved since the work began, `total` those resolved and those
   * still to resolve (a change of the headers or the sites adds a header's again: `done` never goes back).
   */
  get work(): { message: string; done?: number; total?: number } | undefined {
    if (this.walking) return { message: 'finding instantiation sites' };
    const r = this.resolving;
    const { done, total } = this.progress;
    if (r) return { message: `${path.basename(r.header)}: instantiation sites resolved`, done, total };
    return this.pending.size ? { message: 'resolving instantiation sites' } : undefined;
  }

  /** The answer of resolved sites under the current choices (the same object until a choice changes it). */
  private answerOf(a: AnswerEntry, header: string): HeaderAnswer | undefined {
    const file = path.resolve(header);
    const derivedVersion = this.derivedVersion.get(file) ?? 0;
    if (a.answer?.choices !== this.choiceVersion || a.answer.derived !== derivedVersion) {
      const derived = [...(this.derived.get(file)?.values() ?? [])];
      const sites = { found: [...(a.found?.found ?? []), ...derived], unresolved: a.found?.unresolved ?? [] };
      const order = siteOrder((f) => this.open.has(f));
      a.answer = {
        choices: this.choiceVersion,
        derived: derivedVersion,
        answer: sites.found.length ? headerAnswer(sites, this.choices, order, !!a.partial) : null,
      };
    }
    return a.answer.answer ?? undefined;
  }

  /** Records the bodies a resolved site's copy members select; the headers holding them are told. */
  private derive(s: SiteRef, derived: readonly DerivedHere[] | undefined): void {
    for (const d of derived ?? []) {
      const file = path.resolve(d.file);
      const where = `${this.siteName(s)} · ${d.member}`;
      const template = /(\w+)\s*</.exec(d.here.selected)?.[1] ?? d.member;
      const list = this.derived.get(file) ?? new Map<string, FoundSite>();
      this.derived.set(file, list);
      const old = list.get(where);
      // (the same body and class again: the same values, the headers not having changed since)
      if (old && old.here.start === d.here.start && old.here.selected === d.here.selected) continue;
      list.set(where, { site: { ...s, template }, where, here: d.here });
      this.derivedVersion.set(file, (this.derivedVersion.get(file) ?? 0) + 1);
      if (this.answers.has(file)) this.changed?.(file);
    }
  }

  /**
   * The user's choice of a template's site (`where` as the hover names it; undefined: no choice),
   * or all of them at once (the client's saved choices). The headers with sites of a changed
   * template are told; their sites are not resolved again.
   */
  choose(choices: Readonly<Record<string, string | undefined>>, replace = false): void {
    const changed = new Set<string>(replace ? this.choices.keys() : []);
    if (replace) this.choices.clear();
    for (const [template, where] of Object.entries(choices)) {
      if (this.choices.get(template) === where && !replace) continue;
      this.choices.delete(template);
      if (where !== undefined) this.choices.set(template, where);
      changed.add(template);
    }
    if (!changed.size) return;
    this.choiceVersion++;
    for (const [header, a] of this.answers) if (a.found?.found.some((f) => changed.has(f.site.template))) this.changed?.(header);
    for (const [file, list] of this.derived) if ([...list.values()].some((f) => changed.has(f.site.template))) this.changed?.(file);
  }

  /** The choices made (template → site), as the client saves them. */
  get chosen(): Readonly<Record<string, string>> {
    return Object.fromEntries(this.choices);
  }

  private schedule(headerPath: string, text: string): void {
    this.pending.set(headerPath, text);
    this.onWork?.();
    if (this.running) return;
    this.running = true;
    this.later(() => this.next(), true);
  }

  /** Resolves the next pending header, one candidate site a turn. */
  private next(): void {
    const first = this.pending.entries().next();
    this.resolving = undefined;
    if (first.done) {
      this.running = false;
      this.progress = { done: 0, total: 0 };
      this.onWork?.();
      return;
    }
    const [header, text] = first.value;
    this.pending.delete(header);
    const headers = this.headers();
    const generation = this.generation;
    const names = templatesOf(text);
    const candidates = [...names].flatMap((n) => this.sitesOf(n)).sort(siteOrder((f) => this.open.has(f)));
    const outcomes: SiteOutcome[] = [];
    const total = Math.min(candidates.length, MAX_CANDIDATES);
    this.resolving = { header, text, generation };
    this.progress.total += headers ? total : 0;
    this.onWork?.();
    // the sites resolved so far (partial: the others still to come, none of them counted as not resolved)
    const publish = (partial: boolean) => {
      let i = 0;
      const seen = partial ? candidates.slice(0, outcomes.length) : candidates;
      const found = headers
        ? (certainSites(
            seen,
            () => outcomes[i++],
            (s) => this.siteName(s),
          ) ?? null)
        : null;
      const before = this.answers.get(header);
      const had = before ? this.answerOf(before, header) : undefined;
      const entry: AnswerEntry = { text, generation, found, ...(partial ? { partial: true } : {}) };
      this.answers.set(header, entry);
      const now = this.answerOf(entry, header);
      // (no view before and none now: the editor already shows the header's own values)
      if (JSON.stringify(summary(had)) !== JSON.stringify(summary(now)) && (had?.views.length || now?.views.length || !partial))
        this.changed?.(header);
    };
    const finish = () => {
      publish(false);
      this.next();
    };
    if (!headers || !candidates.length) return finish();
    // the headers, the sites or the header's text changed meanwhile: left (the same text asked again goes on,
    // unless the headers or sites changed: then it stays pending, resolved afresh)
    const stale = () => {
      if (generation !== this.generation) return true;
      if (this.pending.get(header) === text) this.pending.delete(header);
      return this.pending.has(header);
    };
    // the candidates not resolved now are no longer to be done (the count of those done never goes back)
    const abandon = (k: number) => {
      this.progress.total -= total - k;
      this.next();
    };
    let publishedAt = -Infinity;
    const resolved = (k: number, o: SiteOutcome) => {
      if (stale()) return abandon(k);
      outcomes.push(o);
      this.progress.done++;
      this.onWork?.();
      if (typeof o === 'object') {
        this.derive(candidates[k], o.derived);
        // a certain site of this header: its values are shown now, the other candidates follow (the sites
        // found since, at most once a PARTIAL_EVERY_MS: each is a refresh of the editor's lenses and hints)
        const now = performance.now();
        if (k + 1 < total && now - publishedAt >= PARTIAL_EVERY_MS) {
          publishedAt = now;
          publish(true);
        }
      }
      // (resolved elsewhere, the next is asked at once; here, when the editor allows: a resolution is one long turn)
      this.later(() => step(k + 1), !!this.resolver || !outcomes.some((x) => typeof x === 'object'));
    };
    const step = (k: number) => {
      if (stale()) return abandon(k);
      if (k === total) return finish();
      const job = this.jobOf(candidates[k], header, text, headers, generation);
      if (!this.resolver) return resolved(k, resolveJob(job, headers.index, this.local));
      this.resolver(job).then(
        (o) => resolved(k, o),
        // (the worker cannot: resolved here, as without one)
        () => resolved(k, resolveJob(job, headers.index, this.local)),
      );
    };
    step(0);
  }

  /** A candidate's resolution as data (the open documents' texts of the files it reads). */
  private jobOf(s: SiteRef, header: string, text: string, headers: SiteHeaders, generation: number): SiteJob {
    const texts: Record<string, string> = {};
    for (const f of [s.file, ...(s.via ?? []).map((c) => c.file)]) {
      const t = this.open.get(f);
      if (t !== undefined) texts[f] = t;
    }
    return { site: s, header, headerText: text, root: headers.root, ...(headers.arch ? { arch: headers.arch } : {}), texts, generation };
  }

  /** A site as the hover names it: relative to the workspace folder holding it. */
  private siteName(s: SiteRef): string {
    return siteNameIn(this.folders, s);
  }

  private async walk(folders: string[]): Promise<void> {
    if (this.walking) return;
    this.walking = true;
    this.onWork?.();
    try {
      const queue = [...folders];
      let files = 0;
      while (queue.length && files < WALK_LIMITS.maxFiles) {
        const dir = queue.shift()!;
        if (this.isExcluded(dir)) continue;
        let entries: Dirent[];
        try {
          entries = await fsp.readdir(dir, { withFileTypes: true });
        } catch {
          continue;
        }
        for (const p of walkEntries(dir, entries, queue, (f) => this.isExcluded(f))) {
          if (files++ >= WALK_LIMITS.maxFiles) continue;
          try {
            const st = await fsp.stat(p);
            if (st.size > WALK_LIMITS.maxFileBytes) continue;
            const text = await fsp.readFile(p, 'utf8');
            const sites = sitesOfText(p, text);
            if (sites.length) this.byFile.set(p, sites);
            const calls = callsIn(p, text);
            if (calls.length) this.callsByFile.set(p, calls);
          } catch {
            // unreadable: no sites
          }
        }
      }
    } finally {
      this.walking = false;
      this.walked = true;
      this.invalidate();
      // headers asked before the walk ended: their editors ask again
      for (const h of this.asked) this.changed?.(h);
      this.asked.clear();
      this.onWork?.();
    }
  }
}

/**
 * A header's instantiations from the sites under `folders`, walked now (synchronously: the CLI's
 * `eval HEADER --include DIR`), as TemplateInstances answers the editor with no choice made:
 * the same walk limits, the same resolution of each candidate, the same answer. `prepare` is
 * given each candidate site's text before it is resolved (to index the headers it includes).
 */
export function headerAnswerNow(
  header: string,
  headerText: string,
  folders: readonly string[],
  excluded: readonly string[],
  headers: SiteHeaders,
  prepare: (siteText: string) => void = () => {},
): HeaderAnswer | undefined {
  const names = templatesOf(headerText);
  const raw: SiteRef[] = [];
  const calls = new Map<string, CallRef[]>();
  const texts = new Map<string, string>();
  const partial = !walkNow(folders, excluded, (p, text) => {
    const sites = sitesOfText(p, text).filter((x) => names.has(x.template));
    if (sites.length) texts.set(p, text);
    raw.push(...sites);
    for (const c of callsIn(p, text)) calls.set(c.call.name, [...(calls.get(c.call.name) ?? []), c]);
  });
  if (partial) return undefined; // the sites seen may not be all: no site is the only one
  const read = (f: string) => texts.get(f) ?? readSiteFile(f);
  const callCache = new Map<string, CallBindings>();
  const includes = (caller: string, callee: string) => {
    const t = read(caller);
    return t !== undefined && includesFile(t, caller, callee);
  };
  const candidates = raw.flatMap((x) => {
    const chains = x.fn ? callChains(x.file, x.fn, (n) => calls.get(n) ?? [], includes) : undefined;
    return chains ? chains.map((via) => ({ ...x, via })) : [x];
  });
  const resolvedFolders = folders.map((f) => path.resolve(f));
  const name = (x: SiteRef) => siteNameIn(resolvedFolders, x);
  const found = certainSites(
    candidates,
    (x) => {
      const text = texts.get(x.file)!;
      prepare(text);
      return safely(() => resolveSite(x, text, header, headers, undefined, read, undefined, callCache));
    },
    name,
  );
  return found?.found.length ? headerAnswer(found, new Map()) : undefined;
}

function readSiteFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The facts of a file outside the index (null: too large, or they cannot be read: no instantiation is read). */
function ownFacts(text: string): HeaderFacts | null {
  if (text.length > WALK_LIMITS.maxFileBytes) return null;
  try {
    return headerFacts(text);
  } catch {
    return null;
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

/** What the editor shows of an answer (the sites, the body read and its mode): a change of it is told. */
function summary(a: HeaderAnswer | undefined) {
  return a && { groups: a.groups, views: a.views.map((v) => [v.mode, v.start, v.site.where, [...v.bindings.keys()]]) };
}

/**
 * The C++ files under `folders` (not the excluded ones), each read now and given to `visit` with its
 * text — the CLI's walk, under the editor's walk limits. False when the limits stopped it (then what
 * was seen may not be all).
 */
function walkNow(folders: readonly string[], excluded: readonly string[], visit: (file: string, text: string) => void): boolean {
  const out = excluded.map((e) => path.resolve(e));
  const isExcluded = (f: string) => under(out, f);
  const queue = folders.map((f) => path.resolve(f));
  let files = 0;
  while (queue.length && files < WALK_LIMITS.maxFiles) {
    const dir = queue.shift()!;
    if (isExcluded(dir)) continue;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch {
      continue;
    }
    for (const p of walkEntries(dir, entries, queue, isExcluded)) {
      if (files++ >= WALK_LIMITS.maxFiles) continue;
      try {
        if (statSync(p).size > WALK_LIMITS.maxFileBytes) continue;
        visit(p, readFileSync(p, 'utf8'));
      } catch {
        // unreadable: nothing of it
      }
    }
  }
  return !(queue.length || files >= WALK_LIMITS.maxFiles);
}

/** The calls of the C++ files under `folders` (not the excluded ones), read now: the CLI's walk. */
function workspaceCallsNow(folders: readonly string[], excluded: readonly string[]): Map<string, CallRef[]> {
  const calls = new Map<string, CallRef[]>();
  walkNow(folders, excluded, (p, text) => {
    for (const c of callsIn(p, text)) calls.set(c.call.name, [...(calls.get(c.call.name) ?? []), c]);
  });
  return calls;
}

/** A site chosen for `eval --instance FILE:LINE`: the text to read it in (its function's parameters bound), its line and the call it is read under. */
export interface InstanceChoice {
  file: string;
  text: string;
  line: number;
  via?: string;
}

/**
 * `eval --instance FILE:LINE` for a site inside a function template: FILE:LINE is the site's line
 * (it is read under the first call of the workspace whose arguments resolve), or a call of a
 * function template (the first site of its body that selects `header`, when one is named, else
 * its first site, read under that call). Undefined: FILE:LINE is neither (read as it is written).
 */
export function instanceChoiceNow(
  file: string,
  text: string,
  line: number,
  folders: readonly string[],
  excluded: readonly string[],
  headers: SiteHeaders,
  header?: string,
): InstanceChoice | undefined {
  const site = sitesOfText(file, text).find((s) => s.line === line);
  const call = site ? undefined : callsIn(file, text).find((c) => c.call.line === line);
  if (!site?.fn && !call) return undefined;
  const calls = workspaceCallsNow(folders, excluded);
  const texts = new Map<string, string>([[path.resolve(file), text]]);
  const read = (f: string) => texts.get(path.resolve(f)) ?? readSiteFile(f);
  const includes = (caller: string, callee: string) => {
    const t = read(caller);
    return t !== undefined && includesFile(t, caller, callee);
  };
  const cache = new Map<string, CallBindings>();
  const outerOf = (c: CallRef): CallRef[][] => (c.fn ? (callChains(c.file, c.fn, (n) => calls.get(n) ?? [], includes, 2) ?? [[]]) : [[]]);
  if (site?.fn) {
    for (const via of callChains(file, site.fn, (n) => calls.get(n) ?? [], includes) ?? []) {
      const u = siteUnderCalls({ ...site, via }, text, headers, read, cache);
      if (u) return { file, text: u.text, line, via: u.via };
    }
    return undefined;
  }
  // a call: the function template it calls, in this file or one it includes
  const callee = [file, ...[...text.matchAll(/^[ \t]*#[ \t]*include[ \t]*"([^"]+)"/gm)].map((m) => path.resolve(path.dirname(file), m[1]))]
    .map((f) => ({ f, t: read(f) }))
    .flatMap(({ f, t }) => (t === undefined ? [] : functionTemplatesOf(t).map((fn) => ({ f, t, fn }))))
    .filter((x) => x.fn.name === call!.call.name);
  if (callee.length !== 1) return undefined; // none, or overloads: not chosen
  const { f, t, fn } = callee[0];
  const own = headers.index.has(path.resolve(header ?? '')) || !header ? undefined : ownFacts(read(header) ?? '');
  for (const outer of outerOf(call!))
    for (const s of sitesOfText(f, t).filter((x) => x.fn?.start === fn.start)) {
      const via = [call!, ...outer];
      const u = siteUnderCalls({ ...s, via }, t, headers, read, cache);
      if (!u) continue;
      if (header) {
        const o = safely(() => resolveSite({ ...s, via }, t, header, headers, own ?? undefined, read, undefined, cache));
        if (typeof o !== 'object') continue;
      }
      return { file: f, text: u.text, line: s.line, via: u.via };
    }
  return undefined;
}
