// What the Catlass headers add to a hover and a code lens (issue 21, items 4 and 7), as plain
// records: a scratchpad statement the template resolver resolved, and a class template's body
// read under one of the workspace's instantiations of it (the one there is, the one the user
// chose, or the first of several), with the values that differ among its instantiations. The hover feature joins the sections; a section kind is a
// place for more (a buffer budget of the instantiation) without touching the others.
import type { Budget, ScratchResult } from '../cpp';
import { budgetsMarkdown } from './budgetHover';
import { outcomeFields } from '../cpp';

/** One part of a hover that the headers give, in the order the hover shows them. */
export interface HoverSection {
  kind: 'header-value' | 'member-type' | 'differs' | 'instantiation' | 'budgets' | 'pending';
  markdown: string;
}

/** An instantiation site as the hover, the code lens and the quick pick name it. */
export interface InstanceSite {
  /** Relative to its workspace folder, with its 1-based line (`kernel/demo_kernel.cpp:8`): the choice's key. */
  where: string;
  /** The instantiated class, written out (`Catlass::Gemm::Demo::Tile<16, 8>`). */
  selected: string;
}

/** A parameter or member whose value differs among a body's instantiations: its value here, and those seen. */
export interface Differing {
  /** Its value under the instantiation read (undefined: not known there). */
  here?: string;
  /** The distinct values under the body's instantiations (integers in order, else as met). */
  seen: readonly string[];
}

/**
 * How a header's template body is read: under its only instantiation, under the one the user
 * chose among several, or under the first of several (`default`: open documents' sites first,
 * then by path and line). The values are always that one instantiation's.
 */
export interface InstanceView {
  mode: 'only' | 'chosen' | 'default';
  /** The template's name as its sites write it (the last word before `<`). */
  template: string;
  /** The body's offsets in the header's text. */
  start: number;
  end: number;
  /** The site read. */
  site: InstanceSite;
  /** Every certain site of the template selecting this body. */
  sites: readonly InstanceSite[];
  /** Public member types and constants as `eval --instance` lists them, with `href` of a copy's specialisation. */
  members: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** Parameters and members whose values differ among the body's sites. */
  differing: ReadonlyMap<string, Differing>;
  /** The instantiation's buffer budgets; the hover of the class's name line shows them. */
  budgets?: readonly Budget[];
  /** Other candidate sites are still being resolved (the mode is not `only` until they are). */
  pending?: true;
}

/** The bodies of a header that have certain instantiation sites, for the code lens over each. */
export interface InstanceGroup {
  template: string;
  /** The body the sites select (the lens sits on the line declaring it). */
  start: number;
  sites: readonly InstanceSite[];
  /** Candidate sites of the template not resolved (not used; they may select this body too). */
  unresolved: number;
  /** Those sites, `file.cpp:LINE` (the file's name only), in the sites' order. */
  unresolvedSites?: readonly string[];
  /** The site the values are read under. */
  used: string;
  /** The user chose it. */
  chosen?: boolean;
  /** Other candidate sites are still being resolved. */
  pending?: true;
}

/** A code lens over a template: its title, and the sites the pick command offers. */
export interface InstanceLens {
  /** Offset of the line's start the lens sits on. */
  at: number;
  title: string;
  template: string;
  sites: readonly { where: string; label: string; detail: string }[];
}

/** The headers' word on the scratchpad statement at the offset; undefined where they say nothing. */
export function scratchValueAt(r: ScratchResult | undefined, offset: number): HoverSection | undefined {
  if (!r) return undefined;
  for (const s of r.resolved.values()) {
    if (offset < s.start || offset > s.end) continue;
    const o = s.outcome;
    const markdown =
      'unknown' in o
        ? `**${s.name}** from the Catlass headers: ‹?› (${o.unknown})`
        : 'error' in o
          ? `**${s.name}**: static_assert failed: ${o.error.text} (${o.error.header}:${o.error.line})`
          : `**${s.name}** from the Catlass headers — ${Object.entries(outcomeFields(o) ?? {})
              .filter(([, v]) => v !== undefined && v !== null)
              .map(([k, v]) => `${k}: \`${typeof v === 'string' ? v : JSON.stringify(v)}\``)
              .join(', ')}`;
    return { kind: 'header-value', markdown };
  }
  return undefined;
}

/** The word (C++ identifier) around an offset. */
function wordAt(text: string, offset: number): string {
  let a = offset;
  let b = offset;
  while (a > 0 && /\w/.test(text[a - 1])) a--;
  while (b < text.length && /\w/.test(text[b])) b++;
  return text.slice(a, b);
}

/** A member type's resolution in the body (and a copy's specialisation, linked); undefined: none here. */
function memberTypeSection(name: string, f: Readonly<Record<string, unknown>> | undefined): HoverSection | undefined {
  if (!f) return undefined;
  const md = (markdown: string): HoverSection => ({ kind: 'member-type', markdown });
  if (typeof f.copy === 'string' && typeof f.header === 'string') {
    const at = `${f.header}:${String(f.line)}`;
    return md(`**${name}** = \`${f.copy}\` — the specialisation at ${typeof f.href === 'string' ? `[${at}](${f.href})` : at}`);
  }
  if (typeof f.error === 'string') return md(`**${name}**: static_assert failed: ${f.error} (${String(f.assert)})`);
  if (typeof f.type === 'string') return md(`**${name}** = \`${f.type}\``);
  return undefined;
}

/** Which instantiation the values in the body come from: every hover inside it says so. */
function instantiationLine(v: InstanceView): string {
  const s = v.site;
  const n = v.sites.length;
  // short, as every hover of the body carries it: the site, then how many more (the code lens lists them)
  const more = n > 1 ? ` · ${n - 1} more${v.mode === 'chosen' ? ' (this one chosen)' : ' (choose another: code lens)'}` : '';
  const pending = v.pending ? ` · ${PENDING_WORDS}` : '';
  return `*as instantiated at ${s.where}*${more}${pending} (\`${shortSelected(s.selected)}\`)`;
}

/** What is said while the workspace's other instantiation sites are still being resolved. */
const PENDING_WORDS = 'other sites still being resolved';

/** The hover's words in a file whose templates' instantiations are still being found (no value of theirs is shown yet). */
export const pendingInstancesSection: HoverSection = {
  kind: 'pending',
  markdown: "*the workspace's instantiations of this file's templates are still being found: their values follow when resolved*",
};

/**
 * A selected specialisation in at most 60 characters: without namespaces
 * (`BlockMmadTla<MmadPingpong<AtlasA2, true, …>, …>`), its arguments cut at the limit with `…`.
 */
export function shortSelected(selected: string, limit = 60): string {
  const bare = selected.replace(/\b(?:[A-Za-z_]\w*::)+/g, '');
  if (bare.length <= limit) return bare;
  const open = bare.indexOf('<');
  if (open < 0) return `${bare.slice(0, limit - 1)}…`;
  let out = bare.slice(0, open + 1);
  const args = templateArguments(bare);
  for (const [i, a] of args.entries()) {
    const piece = (i ? ', ' : '') + a;
    if (out.length + piece.length + 3 > limit) {
      // the first argument too long: itself shortened (`MmadPingpong<AtlasA2, true, …>`), the rest elided
      if (i === 0 && a.includes('<')) return `${out}${shortSelected(a, limit - out.length - 5)}${args.length > 1 ? ', …' : ''}>`;
      return `${out}${i ? ', ' : ''}…>`;
    }
    out += piece;
  }
  return `${out}>`;
}

/** `64, 128 or 256`, at most 8 values named. */
function listed(values: readonly string[]): string {
  const shown = values.slice(0, 8).map((x) => `\`${x}\``);
  if (values.length > 8) return `${shown.join(', ')}, … (${values.length} values)`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}` : shown.join('');
}

/** A name whose value differs among the body's instantiations: this one's, and those seen. */
function differsLine(name: string, d: Differing, n: number): string {
  const here = d.here !== undefined ? `\`${name}\` = \`${d.here}\` here` : `\`${name}\` is not known here`;
  return `${here}; ${listed(d.seen)} among the ${n} instantiations`;
}

/** The innermost view whose body holds the offset. */
function viewAt(views: readonly InstanceView[], offset: number): InstanceView | undefined {
  let best: InstanceView | undefined;
  for (const v of views) if (v.start <= offset && offset < v.end && (!best || v.start >= best.start)) best = v;
  return best;
}

/** The sections the instantiations of a header's bodies add to the hover at the offset: the body's around it, or a class's name line. */
export function instancesSectionsAt(views: readonly InstanceView[] | undefined, text: string, offset: number): HoverSection[] {
  if (!views?.length) return [];
  const inside = viewAt(views, offset);
  const head = inside ? undefined : views.find((v) => v.budgets?.length && onClassHead(text, v.start, offset));
  const v = inside ?? head;
  return v ? instanceSectionsAt(v, text, offset) : [];
}

/** The sections a template body's instantiation adds to the hover at the offset (none outside the body). */
export function instanceSectionsAt(v: InstanceView | undefined, text: string, offset: number): HoverSection[] {
  if (v?.budgets?.length && onClassHead(text, v.start, offset)) {
    const markdown = budgetsMarkdown(v.budgets);
    if (markdown)
      return [
        { kind: 'budgets', markdown },
        { kind: 'instantiation', markdown: instantiationLine(v) },
      ];
  }
  if (!v || offset < v.start || offset >= v.end) return [];
  const name = wordAt(text, offset);
  const out: HoverSection[] = [];
  const member = name ? memberTypeSection(name, v.members.get(name)) : undefined;
  if (member) out.push(member);
  const differs = name ? v.differing.get(name) : undefined;
  if (differs) out.push({ kind: 'differs', markdown: differsLine(name, differs, v.sites.length) });
  out.push({ kind: 'instantiation', markdown: instantiationLine(v) });
  return out;
}

/** The offset is on the line naming the class whose body starts at `bodyStart` (from its `struct`/`class` to the body). */
function onClassHead(text: string, bodyStart: number, offset: number): boolean {
  if (offset >= bodyStart) return false;
  const head = text.slice(0, bodyStart);
  const keyword = Math.max(head.lastIndexOf('struct '), head.lastIndexOf('class '));
  return keyword >= 0 && offset >= head.lastIndexOf('\n', keyword) + 1;
}

/** A site's file and line without its folders (`demo_kernel.cpp:8`), as the lens writes it. */
function shortWhere(where: string): string {
  return where.slice(where.lastIndexOf('/') + 1);
}

/**
 * The top-level template arguments of an instantiated class (`A::T<int, X<1, 2>>` → `int`,
 * `X<1, 2>`); a site's key arguments are those in which it differs from the other sites.
 */
export function templateArguments(selected: string): string[] {
  const open = selected.indexOf('<');
  if (open < 0 || !selected.endsWith('>')) return [];
  const out: string[] = [];
  let depth = 0;
  let from = open + 1;
  for (let i = from; i < selected.length - 1; i++) {
    const c = selected[i];
    if (c === '<' || c === '(') depth++;
    else if (c === '>' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(selected.slice(from, i).trim());
      from = i + 1;
    }
  }
  out.push(selected.slice(from, selected.length - 1).trim());
  return out;
}

/** The arguments of each site that not every site shares (all of them for a single site). */
function keyArguments(sites: readonly InstanceSite[]): string[] {
  const args = sites.map((s) => templateArguments(s.selected));
  return args.map((a) => {
    const differing = a.filter((x, i) => args.some((b) => b[i] !== x));
    return (differing.length ? differing : a).join(', ');
  });
}

/** The code lens over each instantiated template of a header: which site its values use, and how many more. */
export function instanceLenses(text: string, groups: readonly InstanceGroup[]): InstanceLens[] {
  return groups.map((g) => {
    // the line declaring the class (`struct Tile` before its body's brace)
    const decl = Math.max(text.lastIndexOf('struct', g.start), text.lastIndexOf('class', g.start));
    const from = decl >= 0 ? decl : g.start;
    const at = text.lastIndexOf('\n', from - 1) + 1;
    const n = g.sites.length;
    // which site is not resolved, so the user can look at it (the first named, the others counted)
    const first = g.unresolvedSites?.[0];
    const unresolved = !g.unresolved
      ? ''
      : first
        ? ` · ${first} not resolved${g.unresolved > 1 ? ` (and ${g.unresolved - 1} more)` : ''}`
        : ` · ${g.unresolved} not resolved`;
    const pending = g.pending ? ` · ${PENDING_WORDS}` : '';
    const title = `as instantiated at ${shortWhere(g.used)}${g.chosen && n > 1 ? ' (chosen)' : ''}${n > 1 ? ` · ${n - 1} more` : ''}${unresolved}${pending}`;
    const keys = keyArguments(g.sites);
    const sites = g.sites.map((s, i) => ({ where: s.where, label: s.where, detail: keys[i] || s.selected }));
    return { at, title, template: g.template, sites };
  });
}
