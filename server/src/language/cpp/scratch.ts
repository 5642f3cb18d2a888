// A `.tla` scratchpad that includes Catlass headers: `#include "catlass/…"`, then
// `using BlockMmad = Gemm::Block::BlockMmadTla<…>;` and `auto l = BlockMmad::L1A_LAYOUT;`.
// The layout evaluator analyses the file as always; the statements it cannot evaluate because
// they name Catlass's templates are resolved here, in order, with the names the file declared
// before them (its aliases, constants and, through decltype, its tensors).
import type { Arch } from '../../core';
import { Analyzer, DocumentAnalysis } from '../analysis';
import { Value } from '../eval';
import { splitStatements } from '../syntax';
import { copyName } from './copyName';
import { ExprParser, Node, tokenizeHeader } from './cppExpr';
import { Frame, Inst, NeedsLayoutEvaluator, Resolver } from './resolver';
import { layoutMember, typeOfValue } from './tlaBridge';
import { AssertFailure, SubstitutionFailure, Ty, UNRESOLVED, Unknown, canonical } from './types';
import { HeaderIndex } from './headerIndex';
import { includesOfText, reachableFiles } from './includes';

export type Outcome = { ok: Ty; copy?: { name: string; header: string; line: number } } | { error: AssertFailure } | { unknown: string };

export interface ScratchStatement {
  name: string;
  start: number;
  end: number;
  outcome: Outcome;
}

export interface ScratchResult {
  analysis: DocumentAnalysis;
  arch: Arch;
  /** The statements resolved with the headers, by name. */
  resolved: Map<string, ScratchStatement>;
  resolver: Resolver;
  frame: Frame;
}

const USING = /^using\s+(\w+)\s*=\s*([\s\S]*);$/;
const CONSTANT = /^(?:static\s+)?(?:constexpr\s+|const\s+)+(?:[\w:]+\s+)+(\w+)\s*=\s*([\s\S]*);$/;
const AUTO = /^(?:constexpr\s+)?auto\s+(\w+)\s*=\s*([\s\S]*);$/;

/** The arch a file sets with `#define CATLASS_ARCH N`, else the default. */
export function archOfText(text: string, fallback: Arch = 2201): Arch {
  const m = /^[ \t]*#[ \t]*define[ \t]+CATLASS_ARCH[ \t]+(\d+)/m.exec(text);
  return m?.[1] === '3510' ? 3510 : m?.[1] === '2201' ? 2201 : fallback;
}

/** Resolves the file's statements that name the headers' templates. */
export function evaluateScratch(
  text: string,
  index: HeaderIndex,
  headerName: (file: string) => string,
  fallbackArch: Arch = 2201,
  includeDir?: string,
  /** The layout evaluator's analysis of the same text, when the caller has it. */
  given?: DocumentAnalysis,
): ScratchResult {
  const arch = archOfText(text, fallbackArch);
  const analysis = given ?? new Analyzer(fallbackArch).analyze(text);
  const resolver = new Resolver(index, arch, headerName);
  if (includeDir !== undefined) resolver.visible = reachableFiles(index, includeDir, includesOfText(text), resolver.macros);
  resolver.layoutEvaluator = layoutMember;
  const bind = new Map<string, Ty>();
  const frame: Frame = { bind, scope: [], usings: [] };
  const usings = frame.usings as string[];
  const resolved = new Map<string, ScratchStatement>();
  const failed = new Map<string, AssertFailure>();
  for (const s of splitStatements(text)) {
    if (s.preprocessor) continue;
    const body = s.text.replace(/\s+/g, ' ').trim();
    const ns = /^using namespace ([\w:]+)\s*;$/.exec(body);
    if (ns) {
      usings.push(ns[1]);
      continue;
    }
    const m = USING.exec(body) ?? CONSTANT.exec(body) ?? AUTO.exec(body);
    if (!m) continue;
    const [, name, rhs] = m;
    const own = analysis.declarations.get(name);
    const node = ExprParser.parse(tokenizeHeader(rhs).toks);
    const isType = body.startsWith('using ');
    // a name whose declaration did not compile makes every statement that uses it fail the same way
    const failedUse = [...failed].find(([n]) => new RegExp(`\\b${n}\\b`).test(rhs));
    const outcome = failedUse ? { error: failedUse[1] } : resolveStatement(node, isType, own?.value ?? undefined, frame, resolver);
    // a local name not resolved hides what the namespaces declare under it, as in C++: its uses are unknown
    bind.set(name, 'ok' in outcome ? outcome.ok : UNRESOLVED);
    if ('error' in outcome) failed.set(name, outcome.error);
    const needed = !own?.value || own.statement.result?.diagnostics.length;
    if (needed || 'ok' in outcome) resolved.set(name, { name, start: s.start, end: s.end, outcome });
  }
  return { analysis, arch, resolved, resolver, frame };
}

/** One statement's right-hand side: the layout evaluator's value where it has one, else the resolver's type or value. */
function resolveStatement(node: Node, isType: boolean, own: Value | undefined, frame: Frame, r: Resolver): Outcome {
  try {
    if (own && isDecltype(node)) return { ok: typeOrValue(own) };
    if (node.n === 'decltype') throw new Unknown('decltype of an expression the layout evaluator does not know');
    const objectOf = node.n === 'call' && node.brace && !node.args.length ? node.f : undefined;
    const t = objectOf ? r.resolve(objectOf, frame) : isType ? r.resolve(node, frame) : r.value(node, frame);
    const copy = t.k === 'class' && (objectOf || isCopyName(node)) ? copyOf(t, r) : undefined;
    return { ok: t, copy };
  } catch (e) {
    if (e instanceof AssertFailure) return { error: e };
    if (e instanceof Unknown || e instanceof SubstitutionFailure || e instanceof NeedsLayoutEvaluator) {
      if (!own) return { unknown: e.message };
      // (the evaluator's own value may have no C++ type here either: `using S = GemmShape<128, 256, 256>;`)
      try {
        return { ok: typeOrValue(own) };
      } catch (f) {
        if (f instanceof Unknown) return { unknown: f.message };
        throw f;
      }
    }
    throw e;
  }
}

const isDecltype = (n: Node) => n.n === 'decltype';

function typeOrValue(v: Value): Ty {
  if (v.kind === 'type' || v.kind === 'tensor') return typeOfValue(v);
  if (v.kind === 'int' && v.value !== undefined && !v.isStatic) return { k: 'val', v: v.value, t: 'int' };
  if (v.kind === 'bool') return { k: 'val', v: v.value ? 1n : 0n, t: 'bool' };
  return { k: 'tla', value: v };
}

/** A member alias named Copy…, a template-id of a copy class. */
function isCopyName(n: Node): boolean {
  if (n.n !== 'name') return false;
  const last = n.segs[n.segs.length - 1].name;
  return /^(Copy|TileCopy)/.test(last);
}

/** The specialisation a copy class selects, instantiated (its failing static_assert thrown, naming the selection when it is not the primary's). */
export function copyOf(t: Extract<Ty, { k: 'class' }>, r: Resolver): { name: string; header: string; line: number } {
  let inst: Inst;
  try {
    inst = r.instance(t);
  } catch (e) {
    if (e instanceof SubstitutionFailure) throw new Unknown(e.message);
    throw e;
  }
  const selected = { name: copyName(inst.decl), header: r.headerName(inst.file), line: inst.decl.line };
  try {
    r.complete(inst);
  } catch (e) {
    if (
      e instanceof AssertFailure &&
      !e.selected &&
      !(e.header === selected.header && inst.decl.members.some((m) => m.kind === 'assert' && m.line === e.line))
    )
      throw new AssertFailure(e.text, e.header, e.line, { copy: selected.name, header: selected.header, line: selected.line });
    throw e;
  }
  return selected;
}

/** The JSON fields of an outcome (`type`, `copy`/`header`/`line`, or a value), as the CLI prints `r`. */
export function outcomeFields(o: Outcome): Record<string, unknown> | undefined {
  if (!('ok' in o)) return undefined;
  const t = o.ok;
  if (t.k === 'tla') return undefined;
  if (t.k === 'val') return { text: t.t === 'bool' ? (t.v ? '1' : '0') : t.v.toString(), value: t.t === 'bool' ? (t.v ? '1' : '0') : t.v.toString() };
  if (t.k === 'enum') return { text: t.q, value: t.q };
  // a dynamic leaf whose integer type a value did not tell leaves the type unsaid, not the copy
  const type = canonical(t);
  const copy = o.copy ? { copy: o.copy.name, header: o.copy.header, line: String(o.copy.line) } : {};
  if (type.includes('‹')) return o.copy ? copy : undefined;
  return { type, ...copy };
}
