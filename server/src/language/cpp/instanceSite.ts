// An instantiation site of a kernel (`using BlockMmad = Gemm::Block::BlockMmadTla<…>;` at
// FILE:LINE) as a scratchpad: the file's Catlass includes, its `using namespace` lines, the
// aliases, constants and object-like macros before the site, then the site; and the members of
// the specialisation the site selects, each as the statement `r` would give it.
import * as core from '../../core';
import type { Binding } from '../eval';
import { tokenizeHeader } from './cppExpr';
import { ScratchResult, copyOf, outcomeFields } from './scratch';
import { AssertFailure, SubstitutionFailure, Ty, Unknown, canonical } from './types';
import { NeedsLayoutEvaluator } from './resolver';
import { conditionHolds } from './headerIndex';
import { summarizeTla } from './tlaBridge';
import { tlaTypeValue } from './declaredValues';
import { decltypeLocals } from './decltypeLocals';
import { configurationMacros, preprocessorBranches } from './conditionals';
import { configurationDefaults } from './scanner';

/**
 * Code that names Ascend950 compiles at CATLASS_ARCH 3510: the tag (`Arch::Ascend950`) or a name made for that arch
 * (`Ascend950SvdQuantMatmul`, the launch of a kernel whose headers exist only at 3510, `TileCopyGmToL1TestAscend950`).
 */
export function namesAscend950(code: string): boolean {
  return code.includes('Ascend950');
}

/**
 * The file without the branches the compiler never reads, as far as the file says (conditionals.ts:
 * `#if 0`, a condition over macros the file defines), blanked with offsets and lines kept. A branch read
 * only when the build overrides a configuration default stays: the inst-sites golden reads it (site-269,
 * optest 48's `#if CATLASS_JIT_QUANT_MODE == 0 … #else`: its QuantMode is the #else's PER_CHANNEL).
 */
function branchesRead(source: string): string {
  const skipped = preprocessorBranches(source).filter((b) => b.state === 'dead');
  if (!skipped.length) return source;
  let out = '';
  let at = 0;
  for (const b of skipped) {
    if (b.start < at) continue; // inside one already blanked
    out += source.slice(at, b.start) + source.slice(b.start, b.end).replace(/[^\n]/g, ' ');
    at = b.end;
  }
  return out + source.slice(at);
}

/**
 * The scratchpad text of the site at 1-based `line` of a C++ file, the alias it declares, and the
 * configuration defaults it took (a macro's `#ifndef M #define M V`, a declaration in the #else of
 * `#ifdef M`): a JIT build may define them otherwise, so nothing certain rests on them.
 */
export function siteScratchText(
  source: string,
  line: number,
): { text: string; alias?: string; defaults?: string[]; sourceLines: number[]; sourceIndent: number[] } {
  const lineStart =
    source
      .split('\n')
      .slice(0, line - 1)
      .join('\n').length + (line > 1 ? 1 : 0);
  const cpp = branchesRead(source);
  const { toks, directives } = tokenizeHeader(cpp);
  const out: string[] = [];
  // the 1-based source line each entry of `out` starts at: a diagnostic on the scratchpad names the file's line
  const at: number[] = [];
  const indent: number[] = [];
  const lineOf = (offset: number) => {
    let n = 1;
    for (let k = cpp.indexOf('\n'); k !== -1 && k < offset; k = cpp.indexOf('\n', k + 1)) n++;
    return n;
  };
  const startAt = (offset: number) => {
    at.push(lineOf(offset));
    indent.push(offset - (cpp.lastIndexOf('\n', offset - 1) + 1));
  };
  // object-like macros before the site (a configuration macro's `#ifndef X #define X default`: its default), expanded in the statements
  const macros = new Map<string, string>();
  for (const d of directives) {
    if (d.at > lineStart) break;
    const directive = /^#\s*include\s*"(catlass|tla)\//.test(d.text) || /^#\s*define\s+CATLASS_ARCH\s+\d+\s*$/.test(d.text);
    // the arch the file sets decides the headers' `#if CATLASS_ARCH == 3510` members (scratch.ts archOfText)
    if (directive) {
      out.push(d.text.trim());
      startAt(d.at);
    }
    const def = /^#\s*define\s+(\w+)[ \t]+([^(\s][^\n]*?)\s*$/.exec(d.text);
    if (def && !macros.has(def[1])) macros.set(def[1], def[2]);
    const undef = /^#\s*undef\s+(\w+)/.exec(d.text);
    if (undef) macros.delete(undef[1]);
  }
  const defaultMacros = new Map(configurationMacros(cpp).map((m) => [m.name, `${m.name} = ${m.value}`]));
  const defaultBranches = configurationDefaults(cpp);
  const defaults: string[] = [];
  const took = (d: string) => {
    if (!defaults.includes(d)) defaults.push(d);
  };
  const expand = (text: string): string => {
    for (let round = 0; round < 4 && macros.size; round++) {
      const next = text.replace(/\b[A-Za-z_]\w*\b/g, (w) => {
        const d = defaultMacros.get(w);
        if (d && macros.has(w)) took(d);
        return macros.get(w) ?? w;
      });
      if (next === text) break;
      text = next;
    }
    return text;
  };
  let alias: string | undefined;
  let start = 0;
  // the `auto` locals named by decltype before the site, and the integer names they read (declared without their values)
  const locals = decltypeLocals(cpp, lineStart + (cpp.slice(lineStart).indexOf('\n') >>> 0));
  const closed = closedBlocks(toks, lineStart);
  let nextClosed = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.t === ';' || t.t === '{' || t.t === '}') {
      start = i + 1;
      continue;
    }
    if (i !== start) continue;
    // a class's or a function's own declarations are not in scope after its body (`using LayoutTagQ = …` of a kernel class before the function that instantiates it)
    while (nextClosed < closed.length && closed[nextClosed].end <= t.at) nextClosed++;
    if (nextClosed < closed.length && closed[nextClosed].start < t.at) continue;
    const isUsing = t.t === 'using';
    const isConst = ['constexpr', 'const', 'static'].includes(t.t);
    const isLocal = locals.at.has(t.at) && (t.t === 'auto' || locals.objects.has(toks[i + 1]?.t));
    const integer = locals.at.has(t.at) && locals.integers.get(toks[i + 1]?.t) === t.t ? `${t.t} ${toks[i + 1].t};` : undefined;
    if (!isUsing && !isConst && !isLocal && !integer) continue;
    // to its `;`, over brackets (`Shape{}` in a template argument); a `) {` is a function's body: not a declaration
    let j = i;
    let depth = 0;
    for (; j < toks.length; j++) {
      const x = toks[j].t;
      if (x === '(' || x === '[') depth++;
      else if (x === ')' || x === ']') depth--;
      else if (x === '{') {
        if (depth === 0 && toks[j - 1]?.t === ')') break;
        depth++;
      } else if (x === '}') {
        if (depth === 0) break;
        depth--;
      } else if (x === ';' && depth === 0) break;
    }
    if (toks[j]?.t !== ';') continue;
    if (t.at > lineStart + (cpp.slice(lineStart).indexOf('\n') >>> 0)) break;
    const text = integer ?? expand(cpp.slice(t.at, toks[j].end));
    const inDefault = defaultBranches.find((b) => b.start <= t.at && t.at < b.end);
    if (inDefault) took(`${inDefault.macro} not defined`);
    out.push(text);
    startAt(t.at);
    if (isUsing && t.at >= lineStart) {
      alias = toks[i + 1]?.t;
      break;
    }
    i = j;
    start = j + 1;
  }
  const arch = out.some(namesAscend950) ? ['#define CATLASS_ARCH 3510'] : [];
  // a statement over several lines keeps its line breaks: its k-th line is the source's start + k (0: a line the file does not write)
  // (and its first line starts at the source's indentation: `sourceIndent` is what a column adds there)
  const sourceLines = [...arch.map(() => 0), ...out.flatMap((o, k) => o.split('\n').map((_, j) => at[k] + j))];
  const sourceIndent = [...arch.map(() => 0), ...out.flatMap((o, k) => o.split('\n').map((_, j) => (j ? 0 : indent[k])))];
  const text = [...arch, ...out].join('\n') + '\n';
  return { text, alias, sourceLines, sourceIndent, ...(defaults.length ? { defaults } : {}) };
}

/**
 * The outermost blocks other than a namespace's or an `extern "C"`'s (a class's or a function's
 * body) that close before `before`, in order, as token offsets: what they declare is not in scope
 * after them.
 */
function closedBlocks(toks: readonly { t: string; at: number; end: number }[], before: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const open: { at: number; scope: boolean }[] = [];
  let inner = 0;
  for (let k = 0; k < toks.length && toks[k].at < before; k++) {
    const x = toks[k].t;
    if (x === '{') {
      let b = k - 1;
      while (b >= 0 && (toks[b].t === '::' || /^[A-Za-z_]\w*$/.test(toks[b].t)) && toks[b].t !== 'namespace') b--;
      const scope = toks[b]?.t === 'namespace' || (toks[k - 1]?.t.startsWith('"') && toks[k - 2]?.t === 'extern');
      if (!scope) inner++;
      open.push({ at: toks[k].at, scope });
    } else if (x === '}') {
      const o = open.pop();
      if (!o || o.scope) continue;
      if (--inner === 0) out.push({ start: o.at, end: toks[k].end });
    }
  }
  return out;
}

export interface InstanceMember {
  name: string;
  value: Record<string, unknown> | null;
  error?: string;
}

/** The public static constexpr members and member types of the class the alias names, in the order of its body. */
export function instanceMembers(res: ScratchResult, alias: string): { members: InstanceMember[]; error?: AssertFailure; why?: string } {
  const r = res.resolver;
  const t = res.frame.bind?.get(alias);
  if (!t || t.k !== 'class') return { members: [], why: `${alias} is not resolved` };
  try {
    const inst = r.instance(t);
    r.complete(inst);
    const members: InstanceMember[] = [];
    for (const m of inst.decl.members) {
      if ((m.kind !== 'alias' && m.kind !== 'const') || m.access !== 'public' || (m.kind === 'alias' && m.params)) continue;
      if (!conditionHolds(m.cond, r.macros)) continue;
      const v = inst.members.get(m.name);
      if (!v || !('ok' in v)) {
        members.push({ name: m.name, value: null });
        continue;
      }
      members.push({ name: m.name, value: memberFields(v.ok, m.name, res) });
    }
    return { members };
  } catch (e) {
    if (e instanceof AssertFailure) return { members: [], error: e };
    if (e instanceof Unknown || e instanceof SubstitutionFailure || e instanceof NeedsLayoutEvaluator) return { members: [], why: e.message };
    throw e;
  }
}

function memberFields(t: Ty, name: string, res: ScratchResult): Record<string, unknown> | null {
  if (t.k === 'tla') return summarizeTla(t.value);
  if (t.k === 'class' && /^Copy/.test(name)) {
    try {
      return outcomeFields({ ok: t, copy: copyOf(t, res.resolver) }) ?? null;
    } catch (e) {
      if (e instanceof AssertFailure) return { error: e.text, assert: `${e.header}:${e.line}` };
      if (e instanceof Unknown || e instanceof SubstitutionFailure) return null;
      throw e;
    }
  }
  return outcomeFields({ ok: t }) ?? null;
}

/** What a name of the template's body reads under the instantiation, as the kernel analysis binds names. */
function bindingOf(t: Ty): Binding | undefined {
  if (t.k === 'val') return t.t === 'bool' ? { value: { kind: 'bool', value: t.v !== 0n } } : { value: core.int(t.v), ctype: t.t };
  if (t.k === 'tla') return { value: t.value };
  if (t.k !== 'class' || t.args.length || t.outer) {
    // a static tla tuple type (`L1TileShape`): its value is its type's
    const tuple = t.k === 'class' ? staticTuple(t) : undefined;
    if (tuple) return { value: { kind: 'type', type: { t: 'value', value: tuple } } };
    // a layout, tensor or tuple type with run-time leaves (`LayoutA = (u32,u32):(i64,_1)`): its type form (declaredValues.ts)
    const typed = tlaTypeValue(t);
    return typed ? { value: typed } : undefined;
  }
  const name = t.q.replace(/^AscendC::(?=int4b_t$)/, '');
  if (name in core.ELEMENT_BITS) return { value: { kind: 'type', type: { t: 'element', name } } };
  const tag = /^Catlass::layout::(\w+)$/.exec(t.q);
  if (tag && (core.TAG_CLASSES as readonly string[]).includes(tag[1])) return { value: { kind: 'type', type: { t: 'tag', name: tag[1] } } };
  // a class the language does not model (`AscendC::mx_fp8_e4m3_t`): no value, but its name
  return { value: null, typeName: canonical(t) };
}

function staticTuple(t: Extract<Ty, { k: 'class' }>): core.IntTuple | undefined {
  if (t.q === 'tla::C' && t.args[0]?.k === 'val') return core.staticInt(t.args[0].v);
  if (t.q !== 'tla::tuple') return undefined;
  const items = t.args.map((a) => (a.k === 'class' ? staticTuple(a) : undefined));
  return items.every((x) => x) ? core.tuple(...(items as core.IntTuple[])) : undefined;
}

/** A class's selected body under an instantiation: its file, offsets, bindings and the class written out. */
export interface BodyBindings {
  file: string;
  start: number;
  end: number;
  bindings: Map<string, Binding>;
  selected: string;
}

/**
 * The selected specialisation's body under the instantiation: its file, its offsets and the
 * bindings of its parameters and members (what resolved; the rest stays as the kernel
 * analysis reads it), and a description of the instantiation for the hover.
 */
export function instanceBindings(res: ScratchResult, alias: string): BodyBindings | undefined {
  const t = res.frame.bind?.get(alias);
  return t && t.k === 'class' ? bodyBindings(res, t) : undefined;
}

/** The parameters and member types of the site's class that name the class `selected` (a kernel's `BlockMmad_`, `BlockMmad`: its block). */
export function namesOfClass(res: ScratchResult, alias: string, selected: string): Set<string> {
  const t = res.frame.bind?.get(alias);
  const out = new Set<string>();
  if (!t || t.k !== 'class') return out;
  try {
    const inst = res.resolver.instance(t);
    res.resolver.complete(inst);
    for (const [name, ty] of inst.frame.bind ?? []) if (canonical(ty) === selected) out.add(name);
    for (const [name, m] of inst.members) if ('ok' in m && canonical(m.ok) === selected) out.add(name);
  } catch {
    out.clear();
  }
  return out;
}

function bodyBindings(res: ScratchResult, t: Extract<Ty, { k: 'class' }>): BodyBindings | undefined {
  const r = res.resolver;
  let inst;
  try {
    inst = r.instance(t);
    r.complete(inst);
  } catch {
    return undefined;
  }
  if (!inst.decl.body) return undefined;
  const bindings = new Map<string, Binding>();
  for (const [name, ty] of inst.frame.bind ?? []) {
    const b = bindingOf(ty);
    if (b) bindings.set(name, b);
  }
  for (const [name, m] of inst.members) {
    const b = 'ok' in m ? bindingOf(m.ok) : undefined;
    if (b) bindings.set(name, b);
  }
  // a non-dependent base's members come before the enclosing namespace's names (the kernel analysis
  // would find those): one not read here is unknown, never the namespace's
  const seen = new Set<string>();
  const fromBase = (b: typeof inst) => {
    for (const [name, m] of b.members) {
      if (inst.members.has(name) || seen.has(name) || inst.frame.bind?.has(name)) continue;
      seen.add(name);
      bindings.set(name, ('ok' in m && bindingOf(m.ok)) || { value: null });
    }
    b.bases.forEach(fromBase);
  };
  inst.plainBases.forEach(fromBase);
  namespaceConstants(r, inst, bindings);
  const typed = [...(inst.frame.bind ?? [])].concat([...inst.members].flatMap(([n, m]) => ('ok' in m ? [[n, m.ok] as [string, Ty]] : [])));
  qualifiedMembers(r, typed, bindings);
  return { file: inst.file, start: inst.decl.body.start, end: inst.decl.body.end, bindings, selected: canonical(t) };
}

/**
 * `NAME::MEMBER` for the parameters and member types `typed` of a body that reads them qualified,
 * each one's class instantiated once: first every integer static member of the class and of its
 * bases (`TileShape::COLUMN`, `FmapL1TileShape::Cin1`), then the other members a class template's
 * instance resolves, one level deep (`typename Traits::LayoutA`, `BlockMmad::L1_TILE_M`); a member
 * not resolved is left out (the name stays unknown), and a binding already made is kept.
 */
function qualifiedMembers(r: ScratchResult['resolver'], typed: readonly [string, Ty][], bindings: Map<string, Binding>): void {
  const instances = typed.map(([name, ty]) => [name, ty, classInstance(r, ty.k === 'const' ? ty.x : ty)] as const);
  for (const [name, , ci] of instances) {
    if (!ci || !/^\w+$/.test(name)) continue;
    const seen = new Set<string>();
    const add = (c: typeof ci, depth: number) => {
      for (const [m, v] of c.members) {
        // a derived class's member hides a base's of its name, whatever its kind
        if (seen.has(m)) continue;
        seen.add(m);
        const key = `${name}::${m}`;
        if (!bindings.has(key) && 'ok' in v && v.ok.k === 'val') bindings.set(key, bindingOf(v.ok)!);
      }
      if (depth < 4) for (const b of c.bases) add(b, depth + 1);
    };
    add(ci, 0);
  }
  for (const [name, ty, ci] of instances) {
    if (!ci || ty.k !== 'class' || !ty.args.length) continue;
    for (const [m, v] of ci.members) {
      const b = 'ok' in v ? bindingOf(v.ok) : undefined;
      if (b && !bindings.has(`${name}::${m}`)) bindings.set(`${name}::${m}`, b);
      // a member that is itself a class template's instance, one level further (`BlockMmad1::TileCopy::LayoutTagC`)
      const inner = 'ok' in v && v.ok.k === 'class' && v.ok.args.length ? classInstance(r, v.ok) : undefined;
      for (const [m2, v2] of inner?.members ?? []) {
        const b2 = 'ok' in v2 ? bindingOf(v2.ok) : undefined;
        if (b2 && !bindings.has(`${name}::${m}::${m2}`)) bindings.set(`${name}::${m}::${m2}`, b2);
      }
    }
  }
}

/** The completed instance of a class type, or undefined where it is not instantiable here (no definition, a failing assert). */
function classInstance(r: ScratchResult['resolver'], t: Ty) {
  if (t.k !== 'class') return undefined;
  try {
    const ci = r.instance(t);
    r.complete(ci);
    return ci;
  } catch {
    return undefined;
  }
}

/**
 * The integer constants of the namespaces around the class that other headers declare
 * (`Catlass::MX_SCALE_GROUP_NUM = 32` of catlass.hpp, read in a block's `L1_TILE_K /
 * MX_SCALE_GROUP_NUM`): what an unqualified name the class does not declare finds there, the
 * nearest namespace first, as C++ looks. One the header itself declares is the kernel analysis's
 * to read (its text may be newer than the index); a name nearer than it hides farther ones either way.
 */
function namespaceConstants(
  r: ScratchResult['resolver'],
  inst: ReturnType<ScratchResult['resolver']['instance']>,
  bindings: Map<string, Binding>,
): void {
  const scope = inst.decl.scope;
  const spaces: string[] = [];
  for (let i = scope.length; i >= 0; i--) spaces.push(scope.slice(0, i).join('::'));
  // the using-directives in effect at the class, after its own namespaces (resolver.ts's unqualified lookup)
  for (const u of inst.frame.usings) for (let i = scope.length; i >= 0; i--) spaces.push([...scope.slice(0, i), u].join('::'));
  const names = new Set(spaces.flatMap((ns) => r.index.constantsIn(ns)));
  for (const name of names) {
    if (bindings.has(name) || inst.members.has(name) || inst.frame.bind?.has(name)) continue;
    // the nearest namespace that declares the name (anything: a class or function there hides a farther constant)
    for (const ns of spaces) {
      const q = ns ? `${ns}::${name}` : name;
      const decls = r.declsOf(q);
      if (!decls.length && !r.index.isNamespace(q)) continue;
      const d = decls[0];
      if (decls.length === 1 && d.decl.kind === 'const' && !d.decl.params && d.file !== inst.file) {
        try {
          const t = r.resolve({ n: 'name', segs: [{ name: q }], global: true }, inst.frame);
          if (t.k === 'val') bindings.set(name, bindingOf(t)!);
        } catch (e) {
          if (!(e instanceof Unknown || e instanceof SubstitutionFailure || e instanceof NeedsLayoutEvaluator)) throw e;
        }
      }
      break;
    }
  }
}

/**
 * The bodies the instantiation's public copy members select (a block's `CopyGmToL1A` → the
 * TileCopyTla specialisation its headers select), each under the bindings it gets there: an
 * instantiation of that body derived from the site. Members not resolved are left out.
 */
export function copyMemberBodies(res: ScratchResult, alias: string): { member: string; body: BodyBindings }[] {
  const t = res.frame.bind?.get(alias);
  if (!t || t.k !== 'class') return [];
  const r = res.resolver;
  try {
    const inst = r.instance(t);
    r.complete(inst);
    const out: { member: string; body: BodyBindings }[] = [];
    for (const m of inst.decl.members) {
      if (m.kind !== 'alias' || m.access !== 'public' || m.params || !/^Copy/.test(m.name) || !conditionHolds(m.cond, r.macros)) continue;
      const v = inst.members.get(m.name);
      const body = v && 'ok' in v && v.ok.k === 'class' ? bodyBindings(res, v.ok) : undefined;
      if (body) out.push({ member: m.name, body });
    }
    return out;
  } catch {
    return [];
  }
}
