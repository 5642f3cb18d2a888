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
import { ExprParser, Node, simpleName, tokenizeHeader } from './cppExpr';
import { Frame, Inst, NeedsLayoutEvaluator, Resolver } from './resolver';
import { layoutMember, typeOfValue } from './tlaBridge';
import { AssertFailure, SubstitutionFailure, Ty, UNRESOLVED, Unknown, canonical, canonicalInteger } from './types';
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
  return toEnd(scratchSteps(text, index, headerName, fallbackArch, includeDir, given));
}

/** Runs a computation made of steps (see scratchSteps) to its end, in one go. */
export function toEnd<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * evaluateScratch in steps, for a caller that spreads the work over turns of the event loop
 * (kernelWarnings.ts): it yields between the slices of the layout evaluator's analysis (each of
 * about `sliceMs`) and after each statement resolved. The result is evaluateScratch's, provided
 * the index does not change between the steps (the caller starts again when it does).
 */
export function* scratchSteps(
  text: string,
  index: HeaderIndex,
  headerName: (file: string) => string,
  fallbackArch: Arch = 2201,
  includeDir?: string,
  given?: DocumentAnalysis,
  sliceMs = Infinity,
): Generator<void, ScratchResult, void> {
  const arch = archOfText(text, fallbackArch);
  let analysis = given;
  if (!analysis) {
    const analyzer = new Analyzer(fallbackArch);
    analyzer.budgetMs = sliceMs;
    analysis = analyzer.analyze(text);
    while (analysis.complete === false) {
      yield;
      analysis = analyzer.analyze(text);
    }
  }
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
    const resolvedOutcome = failedUse ? { error: failedUse[1] } : resolveStatement(node, isType, own?.value ?? undefined, frame, resolver);
    const leaf = 'ok' in resolvedOutcome && resolvedOutcome.ok.k === 'tla' ? leafTypeOf(node, analysis, frame, resolver) : undefined;
    const outcome: Outcome =
      leaf && 'ok' in resolvedOutcome && resolvedOutcome.ok.k === 'tla' ? { ok: { ...resolvedOutcome.ok, leaf } } : resolvedOutcome;
    // a local name not resolved hides what the namespaces declare under it, as in C++: its uses are unknown
    bind.set(name, 'ok' in outcome ? outcome.ok : UNRESOLVED);
    if ('error' in outcome) failed.set(name, outcome.error);
    const needed = !own?.value || own.statement.result?.diagnostics.length;
    if (needed || 'ok' in outcome) resolved.set(name, { name, start: s.start, end: s.end, outcome });
    yield;
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
      // (the evaluator's value stands in, unless its type is not one the resolver knows either)
      const stand = own && typeOrValueIfKnown(own);
      if (stand) return { ok: stand };
      return { unknown: e.message };
    }
    throw e;
  }
}

const isDecltype = (n: Node) => n.n === 'decltype';

/**
 * The integer type of every dynamic leaf of `tla::MakeMxScaleLayout<E, RowMajor|ColumnMajor, B>(rows, cols)`
 * when rows and cols are declared with the same type T: each leaf there is rows, cols, or
 * CeilDiv/RoundUp/`*` of them with a static Int (tla/layout.hpp), which C++ keeps in T (the zZ
 * and nN forms cast to int64_t: not these). Elsewhere the value does not tell (undefined).
 */
function leafTypeOf(node: Node, analysis: DocumentAnalysis, frame: Frame, r: Resolver): string | undefined {
  if (node.n !== 'call' || node.f.n !== 'name' || node.args.length !== 2) return undefined;
  const last = node.f.segs[node.f.segs.length - 1];
  if (last.name !== 'MakeMxScaleLayout' || !last.args?.[1]) return undefined;
  let tag: Ty;
  try {
    tag = r.resolve(last.args[1], frame);
  } catch (e) {
    // a tag not resolved: the leaves are not told
    if (e instanceof Unknown || e instanceof SubstitutionFailure || e instanceof NeedsLayoutEvaluator || e instanceof AssertFailure) return undefined;
    throw e;
  }
  if (tag.k !== 'class' || (tag.q !== 'Catlass::layout::RowMajor' && tag.q !== 'Catlass::layout::ColumnMajor')) return undefined;
  const types = node.args.map((a) => {
    const n = simpleName(a);
    const t = n ? analysis.declarations.get(n)?.statement.result?.ctype : undefined;
    return t ? (canonicalInteger(t) ?? t) : undefined;
  });
  return types[0] && types[0] === types[1] && /^uint(32|64)_t$|^int(32|64)_t$/.test(types[0]) ? types[0] : undefined;
}

function typeOrValue(v: Value): Ty {
  if (v.kind === 'type' || v.kind === 'tensor') return typeOfValue(v);
  if (v.kind === 'int' && v.value !== undefined && !v.isStatic) return { k: 'val', v: v.value, t: 'int' };
  if (v.kind === 'bool') return { k: 'val', v: v.value ? 1n : 0n, t: 'bool' };
  return { k: 'tla', value: v };
}

/** typeOrValue, or undefined where the value's type is not one the resolver knows (a Catlass coord type: GemmShape<…>). */
function typeOrValueIfKnown(v: Value): Ty | undefined {
  try {
    return typeOrValue(v);
  } catch (e) {
    if (e instanceof Unknown) return undefined;
    throw e;
  }
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
