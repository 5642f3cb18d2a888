// Whole-document analysis: split into statements, parse each (cached by text),
// evaluate in order with an environment of names (cached by text + the values of
// the names it read), and collect diagnostics with absolute offsets. A statement's record
// holds no offset in the document (the analysis says where each starts), so an edit moves
// the statements after it without a new record for each.
import type { Ast } from '../syntax';
import { Diagnostic, severityOf } from '../syntax';
import type { Arch } from '../../core';
import { Binding, EvalResult, Environment, LocalDiagnostic, StatementEvaluator, Value, printValue, usingNamespaceName } from '../eval';
import { ParseResult, parseStatement } from '../syntax';
import { EvaluationMemo, USING_BINDING, evaluateRecording, readsHold } from './evaluationMemo';
import { StatementChunk, declaredNameOf, splitInto } from '../syntax';
import { CACHE_SLACK_BYTES, MAX_NESTING, limitMessages, normalizeLineEnds } from '../../core/limits';
import { Bindings, NO_BINDINGS, bindingsInComments, maxNesting, mayNestBeyond, mergeBindings, printBindings } from '../syntax';
import { StringSource, TextSource } from '../syntax';
import { DirtyNames, ReadersIndex } from './readers';
import { bindingBefore, copyWritesFrom, isAssignmentForm, withWrite, writeAt, writesBefore } from './assignments';

/**
 * The declarations of an analysis, in the order of the statements that declare them: the
 * first declaration of each name, which holds its binding. Either made name by name as the
 * walk over the statements meets them (`base` undefined), or — after an edit that declared no
 * other names at no other places — the previous analysis's table with the declarations that
 * changed (`changes`, a handful): nothing is copied for the thousands that did not.
 */
export class DeclarationTable implements ReadonlyMap<string, Declaration> {
  constructor(
    private readonly base: ReadonlyMap<string, Declaration> | undefined,
    private readonly changes: Map<string, Declaration>,
  ) {}
  /** The previous analysis's table, changed where declarations changed (sameNames): an assignment replaces its own, the later ones stand. */
  get keepsPrevious(): boolean {
    return this.base !== undefined;
  }
  /** A table made name by name. */
  static empty(): DeclarationTable {
    return new DeclarationTable(undefined, new Map());
  }
  /** The same names as this one, for an analysis to change some of their declarations (this one is not changed). */
  sameNames(): DeclarationTable {
    return new DeclarationTable(this.base ?? this.changes, this.base ? new Map(this.changes) : new Map());
  }
  /** A copy that later declarations do not change (a paused analysis's answer). */
  snapshot(): DeclarationTable {
    return new DeclarationTable(this.base, new Map(this.changes));
  }
  /** Declarations that changed, beyond which the table is made again as one map (each analysis copies them). */
  static readonly MAX_CHANGES = 512;
  /** This table as one map when its changes grew past MAX_CHANGES (in the same order). */
  settled(): DeclarationTable {
    if (!this.base || this.changes.size <= DeclarationTable.MAX_CHANGES) return this;
    return new DeclarationTable(undefined, new Map(this.entries()));
  }
  /** Declares a name (the walk: in statement order; with the same names, a new declaration of one of them). */
  declare(name: string, d: Declaration): void {
    if (this.base && this.base.get(name) === d) this.changes.delete(name);
    else this.changes.set(name, d);
  }
  get(name: string): Declaration | undefined {
    return this.changes.get(name) ?? this.base?.get(name);
  }
  has(name: string): boolean {
    return this.changes.has(name) || !!this.base?.has(name);
  }
  get size(): number {
    return this.base ? this.base.size : this.changes.size;
  }
  *entries(): MapIterator<[string, Declaration]> {
    if (!this.base) return yield* this.changes.entries();
    for (const [k, v] of this.base) yield [k, this.changes.get(k) ?? v];
  }
  *keys(): MapIterator<string> {
    yield* (this.base ?? this.changes).keys();
  }
  *values(): MapIterator<Declaration> {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator](): MapIterator<[string, Declaration]> {
    return this.entries();
  }
  forEach(fn: (value: Declaration, key: string, map: ReadonlyMap<string, Declaration>) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }
}

/**
 * The names bound before a statement of a walk over the statements (`at`, its index): the
 * first declaration of each name made by a statement before it, and the `using namespace`
 * marks. The analysis's declarations serve as the scope, so a name costs one insertion (and
 * none after an edit that keeps the names: see DeclarationTable).
 */
class Scope {
  /** The index of the statement being analysed. */
  at = 0;
  constructor(
    readonly declarations: DeclarationTable,
    readonly using: Map<string, Binding>,
    /** The indices of the statements that made the `using` marks. */
    readonly usings: number[],
  ) {}
  /** The first declaration of a name before the current statement. */
  first(name: string): Declaration | undefined {
    const d = this.declarations.get(name);
    return d && d.statement.index < this.at ? d : undefined;
  }
  /** What a name is bound to here: its declaration's binding, or that of its last assignment before this statement. */
  get(name: string): Binding | undefined {
    const d = this.first(name);
    return d ? bindingBefore(d, this.at) : this.using.get(name);
  }
  *keys(): Iterable<string> {
    for (const d of this.declarations.values()) if (d.statement.index < this.at) yield d.name;
    yield* this.using.keys();
  }
}

/** `#define CATLASS_ARCH 3510` (any integer macro): its name and value, bound for what follows to read; false for any other line. */
function defineMacro(sa: StatementAnalysis, chunk: StatementChunk): boolean {
  const m = /^#\s*define\s+([A-Za-z_]\w*)\s+(\d+)[uUlL]*\s*(?:\/\/.*)?$/.exec(chunk.text);
  if (!m) return false;
  sa.declaredName = m[1];
  const at = chunk.text.indexOf(m[1]);
  sa.declaredNameSpan = { start: at, end: at + m[1].length };
  sa.result = {
    value: { kind: 'int', value: BigInt(m[2]), isStatic: false, sym: undefined },
    diagnostics: [],
    nodeValues: [],
    dependencies: [],
    tiles: [],
    offsets: [],
  };
  return true;
}

/**
 * Before the edit: everything it depends on is before it, unchanged — the previous
 * statements as they are (the previous declarations are in statement order: those of the
 * prefix come first).
 */
function copyPrefix(p: TlaProgress, plan: SplitPlan, prev: PreviousAnalysis, bindings: Scope): void {
  for (let i = p.index; i < plan.prefix; i++) p.statements.push(prev.statements[i]);
  if (!p.sameNames)
    for (const d of prev.declarations.values()) {
      if (d.statement.index >= plan.prefix) break;
      p.declarations.declare(d.name, writesBefore(d, plan.prefix));
    }
  for (const u of prev.usings) {
    if (u >= plan.prefix) break;
    bindUsing(prev.statements[u], bindings);
  }
  p.index = plan.prefix;
}

/** From `index` on, the previous analysis's statements, declarations and `using` marks. */
function copyRest(p: TlaProgress, prev: PreviousAnalysis, index: number): void {
  for (let i = index; i < p.chunks.length; i++) p.statements.push(prev.statements[i]);
  if (!p.sameNames) {
    for (const d of prev.declarations.values()) if (d.statement.index >= index) p.declarations.declare(d.name, d);
    copyWritesFrom(prev.declarations.values(), index, p.declarations);
  }
  for (const u of prev.usings) if (u >= index) p.usings.push(u);
}

/** The indices of the statements an edit made anew (no previous statement stands for them). */
function newStatementIndices(plan: SplitPlan): number[] {
  const fresh: number[] = [];
  for (let i = plan.prefix; i < plan.tail; i++) if (plan.oldIndex[i] === -1) fresh.push(i);
  return fresh;
}

/** The first of the edited regions' statements at or after `from` (ascending), or `none`. */
function nextFresh(fresh: number[], from: number, none: number): number {
  let lo = 0;
  let hi = fresh.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fresh[mid] < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < fresh.length ? fresh[lo] : none;
}

/** Whether a statement read one of `names` (a handful: those an edit bound otherwise). */
function readsAny(reads: [string, Binding | undefined][], names: DirtyNames): boolean {
  for (let i = 0; i < reads.length; i++) if (names.has(reads[i][0])) return true;
  return false;
}

/** Cache entries of statement texts no longer in the document, at most (see finish). */
export const STALE_ENTRIES = 256;

export interface StatementAnalysis {
  /** Its place among the analysis's statements (DocumentAnalysis.startOf reads its offset by it). */
  index: number;
  chunk: StatementChunk;
  statement: Ast.Statement | null;
  /** null when the statement did not parse or has no expression. */
  result: EvalResult | null;
  /** Diagnostics relative to the statement's start, syntax errors included. */
  local: LocalDiagnostic[];
  /** The name this statement declares, if any (also for a declaration that failed to parse). */
  declaredName?: string;
  declaredNameSpan?: Ast.Span; // relative
  /** true when this declaration repeats an earlier name. */
  duplicate?: boolean;
  /** The bindings evaluation read (null: not reusable, e.g. it listed every name). */
  reads?: [string, Binding | undefined][] | null;
  /** `local` before the duplicate-declaration check: what depends on the text and reads only. */
  baseLocal?: LocalDiagnostic[];
  /** C++: the configuration defaults its value rests on (`CATLASS_JIT_TILE = 64`), none when it rests on none. */
  defaults?: readonly string[];
}

/**
 * A statement's record, every field set in one order so that all records share one shape
 * (the analysis loop reads and copies thousands of them an edit).
 */
function newStatement(index: number, chunk: StatementChunk): StatementAnalysis {
  return {
    index,
    chunk,
    statement: null,
    result: null,
    local: [],
    declaredName: undefined,
    declaredNameSpan: undefined,
    duplicate: undefined,
    reads: [],
    baseLocal: undefined,
    defaults: undefined,
  };
}

/** A previous statement at its new place: a copy (an earlier snapshot is never changed), its duplicate check to be made again. */
function movedStatement(old: StatementAnalysis, index: number, chunk: StatementChunk): StatementAnalysis {
  return {
    index,
    chunk,
    statement: old.statement,
    result: old.result,
    local: old.baseLocal!,
    declaredName: old.declaredName,
    declaredNameSpan: old.declaredNameSpan,
    duplicate: undefined,
    reads: old.reads,
    baseLocal: old.baseLocal,
  };
}

/** What evaluating a statement recorded for hovers, hints and pictures: each evaluated
 * sub-expression's value, its GetTileLayout/tile calls, its offset calls. */
export type StatementDetails = Pick<EvalResult, 'nodeValues' | 'tiles' | 'offsets'>;
const NO_DETAILS: StatementDetails = Object.freeze({ nodeValues: [], tiles: [], offsets: [] });

/**
 * The details of a statement's evaluation. Editor questions read them only through this:
 * the `.tla` analysis does not keep every sub-expression's value and offset call of every
 * statement (most of an analysis's memory), so they are computed again when first read — the
 * statement's tree evaluated once more against the bindings it read, which gives the same
 * values on the same nodes — and kept for the DETAILS_KEPT statements asked last. The tiles
 * are kept (pictures look at every statement's).
 */
export function statementDetails(s: StatementAnalysis): StatementDetails {
  const r = s.result;
  if (!r) return NO_DETAILS;
  if (!r.omitted || !s.statement || !s.reads) return r;
  const kept = detailsKept.get(r);
  if (kept) {
    detailsKept.delete(r); // the most recently asked: last in the map's order
    detailsKept.set(r, kept);
    return kept;
  }
  return new LaterDetails(s.statement, s.reads, r);
}

/** How many statements' recomputed details are kept (a viewport's inlay hints, hovers around the cursor). */
export const DETAILS_KEPT = 128;
/** By evaluation result: the same result (of the same text and reads) has the same details; results are shared, never changed. */
const detailsKept = new Map<EvalResult, StatementDetails>();

/** The details of a result that omitted them: its tiles at once, the rest computed on first read. */
class LaterDetails implements StatementDetails {
  private computed: StatementDetails | undefined;
  constructor(
    private readonly statement: Ast.Statement,
    private readonly reads: [string, Binding | undefined][],
    private readonly result: EvalResult,
  ) {}
  get tiles(): StatementDetails['tiles'] {
    return this.result.tiles;
  }
  get nodeValues(): StatementDetails['nodeValues'] {
    return this.compute().nodeValues;
  }
  get offsets(): StatementDetails['offsets'] {
    return this.compute().offsets;
  }
  private compute(): StatementDetails {
    if (this.computed) return this.computed;
    const r = this.result;
    const kept = detailsKept.get(r);
    if (kept) return (this.computed = kept);
    const reads = new Map(this.reads);
    const bound = r.omitted?.bindings;
    const env: Environment = {
      lookup: (n) => reads.get(n),
      names: () => reads.keys(),
      defaultArch: r.omitted?.defaultArch,
      bound: bound && ((n) => bound.get(n)),
    };
    const again = new StatementEvaluator(env).run(this.statement);
    // the tiles are the result's own (the same objects every time)
    this.computed = { nodeValues: again.nodeValues, tiles: r.tiles, offsets: again.offsets };
    if (detailsKept.size >= DETAILS_KEPT) detailsKept.delete(detailsKept.keys().next().value!);
    detailsKept.set(r, this.computed);
    return this.computed;
  }
}

export interface Declaration {
  name: string;
  statement: StatementAnalysis;
  /**
   * The declared name, relative to its statement's start (in C++ it may lie before the TLA
   * expression: negative offsets). `declarationSpan` gives its offsets in the document.
   */
  nameSpan: Ast.Span;
  value: Value | null;
  /** What the name is bound to for the statements after it (its value and C++ type); the `.tla` analysis sets it. */
  binding?: Binding;
  /** The later assignments of the name (`a += b;`, `a = b;`), in statement order: each binds it from its next statement on (assignments.ts). */
  writes?: readonly Declaration[];
  /** Where the value comes from when the name has none of its own (`LayoutA layoutA;`: its declared type), for the hover. */
  origin?: string;
}

export interface DocumentAnalysis {
  text: string;
  /** In document order. */
  statements: StatementAnalysis[];
  diagnostics: Diagnostic[];
  /** The first declaration of each name, in statement order. */
  declarations: ReadonlyMap<string, Declaration>;
  /** false when the analysis yielded before the end (its time budget spent): analyze the same text again to continue. */
  complete?: boolean;
  /** How it differs from the analysis before it, when its edits kept every statement's index (see AnalysisEdit). */
  edit?: AnalysisEdit;
  /** Where one of its statements starts in the text (the records hold no offset: see StatementChunk). */
  startOf(s: StatementAnalysis): number;
  /** Where it ends (just past its last character). */
  endOf(s: StatementAnalysis): number;
}

/**
 * What the edits since the complete analysis before (`since`; weak, so that analyses do not
 * hold each other alive) changed: the text changed only inside the `regions` (this analysis's
 * offsets, ascending: one for a keystroke, several for a burst of edits analysed at once),
 * every statement kept its index, and the statements whose records differ are `changed`
 * (ascending) — every other statement is the same record, its diagnostics the same, at a
 * place moved only by the edits' lengths before it. `sameLines`: each region holds as many
 * line breaks as the text it replaced, so a statement outside them stays on its line (only
 * one on the line where a region ends may move within it). So the diagnostics a client holds
 * can be brought up to date by what changed (features/diagnostics.ts).
 */
export interface AnalysisEdit {
  since: WeakRef<DocumentAnalysis>;
  changed: readonly number[];
  regions: readonly EditedRegion[];
  sameLines: boolean;
}

/** A region an analysis re-split, in its offsets: [from, to). */
export interface EditedRegion {
  from: number;
  to: number;
}

/** A declared name's offsets in the document. */
export function declarationSpan(a: DocumentAnalysis, d: Declaration): Ast.Span {
  const base = a.startOf(d.statement);
  return { start: base + d.nameSpan.start, end: base + d.nameSpan.end };
}

/**
 * An analysis whose statements' places are kept by record: the C++ one (a handful of
 * statements, made afresh by each analysis, some bound but not listed).
 */
export function placedAnalysis<T extends Omit<DocumentAnalysis, 'startOf' | 'endOf'>>(
  fields: T,
  places: ReadonlyMap<StatementAnalysis, Ast.Span>,
): T & DocumentAnalysis {
  return Object.assign(fields, {
    startOf: (s: StatementAnalysis) => places.get(s)!.start,
    endOf: (s: StatementAnalysis) => places.get(s)!.end,
  });
}

/** An analysis of nothing (a document with no TLA, or C++ support switched off). */
export function emptyAnalysis(text: string): DocumentAnalysis {
  return placedAnalysis({ text, statements: [], diagnostics: [], declarations: new Map() }, new Map());
}

/**
 * A `.tla` analysis: its statements, where each starts (by index), and its document
 * diagnostics, made when first read (a hover after an edit does not need them).
 */
class TlaAnalysis implements DocumentAnalysis {
  private made: Diagnostic[] | undefined;
  /** The same text analysed with `over` bound over its own bindings (the layout view's stepper). */
  rebound?: (over: Bindings) => DocumentAnalysis;
  constructor(
    /** Its text (as given: lone carriage returns kept), read whole only when asked. */
    private readonly source: TextSource,
    readonly statements: StatementAnalysis[],
    readonly declarations: DeclarationTable,
    private readonly starts: ArrayLike<number>,
    /** A yielded analysis: the diagnostic that says where it paused. */
    readonly pausedAt?: Diagnostic,
    readonly edit?: AnalysisEdit,
  ) {}
  get complete(): boolean | undefined {
    return this.pausedAt ? false : undefined;
  }
  get text(): string {
    return this.source.text();
  }
  startOf(s: StatementAnalysis): number {
    return this.starts[s.index];
  }
  endOf(s: StatementAnalysis): number {
    return this.starts[s.index] + s.chunk.text.length;
  }
  get diagnostics(): Diagnostic[] {
    return (this.made ??= documentDiagnostics(this));
  }
}

/** The state of a `.tla` analysis between two calls when it yielded. */
interface TlaProgress {
  /** The text analysed (lone carriage returns as line feeds). */
  text: TextSource;
  original: TextSource;
  plan: SplitPlan | undefined;
  prev: PreviousAnalysis | undefined;
  chunks: StatementChunk[];
  /** Where each chunk starts in `text`. */
  starts: Starts;
  /** The `using namespace` marks so far (the declarations are the other half of the scope). */
  using: Map<string, Binding>;
  /** The indices of the `using namespace` statements so far. */
  usings: number[];
  declarations: DeclarationTable;
  /** The edit declared no other names at no other places: the previous declarations are kept, changed where they changed. */
  sameNames: boolean;
  statements: StatementAnalysis[];
  /** Edits that keep every index (sameNames): the indices whose records differ from the previous ones, and the analysis before. */
  changed: number[] | undefined;
  since: WeakRef<DocumentAnalysis> | undefined;
  evaluated: number;
  /** The next chunk to analyse. */
  index: number;
  parsedCount: number;
}

/**
 * A copy that does not keep the whole document alive: V8's slices point into their parent
 * string, so a cache keyed by a statement's slice would retain every document version.
 */
const unslice = (s: string): string => (s.length < 13 ? s : (' ' + s).slice(1));

/**
 * What one cache entry of a statement's text costs, roughly: the key (two bytes a
 * character), its syntax tree or evaluation result (measured at about 20 bytes a
 * character of source on the examples) and the entry itself.
 */
export const entryBytes = (key: { length: number }): number => 256 + key.length * 24;

function tooDeep(text: string): LocalDiagnostic {
  return {
    start: 0,
    end: Math.min(text.length, 1),
    severity: 'error',
    code: 'limit-exceeded',
    message: limitMessages.stack(),
  };
}

function tidyExpected(expected: string): string {
  // ohm lists every operator that could continue; lead with the punctuation that closes things.
  const items = expected
    .replace(/, or /g, ', ')
    .replace(/^or /, '')
    .split(/, (?=")|, (?=[a-z])/);
  const closers = items.filter((x) => /^"[);,>}\]]"$/.test(x));
  const keep = closers.length ? closers : items;
  const shown = keep.length > 6 ? [...keep.slice(0, 6), 'more'] : keep;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}` : shown[0];
}

/** Where each statement starts: a typed array after an edit (its memory is outside the heap the collector copies). */
type Starts = number[] | Int32Array;

/** What the previous analysis left, for the next one to reuse what an edit did not touch. */
interface PreviousAnalysis {
  text: TextSource;
  statements: StatementAnalysis[];
  /** In the order of the statements that declare them. */
  declarations: DeclarationTable;
  /** The indices of its `using namespace` statements, in order. */
  usings: number[];
  /** Where each statement starts in `text`. */
  starts: ArrayLike<number>;
}

/**
 * Where the text changed since the previous analyze() of the same Analyzer, as an editor
 * knows it. Either the unchanged ends — the first `prefix` and the last `suffix`
 * characters are those of the previous text (either may be smaller than the truth, never
 * larger) — or the changed ranges: sorted, disjoint ranges of the new text, each replacing
 * `oldLength` characters of the previous text; outside them the text is the previous one
 * (a range may cover more than what changed, never less).
 */
export type ChangeHint = { prefix: number; suffix: number } | { ranges: ChangedRange[] };

export interface ChangedRange {
  /** [start, end) in the new text. */
  start: number;
  end: number;
  /** Length of the previous text this range replaced. */
  oldLength: number;
}

interface SplitPlan {
  chunks: StatementChunk[];
  /** Where each chunk starts in the new text. */
  starts: Starts;
  /** Leading statements identical to the previous analysis's (reused as they are). */
  prefix: number;
  /** From this chunk on, every one is a previous statement, after the last edited region. */
  tail: number;
  /** Per new chunk: the index of the previous statement it is (shifted), or -1 for a new one. */
  oldIndex: Int32Array;
  /** How many regions were re-split. */
  regions: number;
  /** The regions re-split, in new offsets, ascending (outside them the text is the previous one). */
  edited: EditedRegion[];
  /** Each region holds as many line breaks as the previous text it replaced. */
  sameLines: boolean;
}

/** Line breaks in a slice of a text with normalised line ends (each holds a \n). */
function lineBreaks(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** The changed ranges, in old and new offsets; undefined when the hint does not fit the texts. */
function changedRanges(
  prevText: TextSource,
  newText: TextSource,
  hint: ChangeHint | undefined,
): { oldStart: number; oldEnd: number; newStart: number; newEnd: number }[] | undefined {
  // (told where the text changed, only the lengths are read)
  const a = { length: prevText.length };
  const text = { length: newText.length };
  const min = Math.min(a.length, text.length);
  if (!hint || 'prefix' in hint) {
    let p = 0;
    let q = 0;
    if (hint) {
      // the editor said where it changed the text: no need to compare it all
      p = Math.max(0, Math.min(hint.prefix, min));
      q = Math.max(0, Math.min(hint.suffix, min - p));
    } else {
      const x = prevText.text();
      const y = newText.text();
      while (p < min && x.charCodeAt(p) === y.charCodeAt(p)) p++;
      while (q < min - p && x.charCodeAt(x.length - 1 - q) === y.charCodeAt(y.length - 1 - q)) q++;
    }
    return [{ oldStart: p, oldEnd: a.length - q, newStart: p, newEnd: text.length - q }];
  }
  const out: { oldStart: number; oldEnd: number; newStart: number; newEnd: number }[] = [];
  let shift = 0; // new offset - old offset, before the current range
  let last = 0;
  for (const r of hint.ranges) {
    if (r.start < last || r.end < r.start || r.oldLength < 0) return undefined;
    const oldStart = r.start - shift;
    if (r.end > r.start || r.oldLength > 0) out.push({ oldStart, oldEnd: oldStart + r.oldLength, newStart: r.start, newEnd: r.end });
    shift += r.end - r.start - r.oldLength;
    last = r.end;
  }
  if (last > text.length || text.length - shift !== a.length) return undefined; // not the same two texts
  if (!out.length) out.push({ oldStart: a.length, oldEnd: a.length, newStart: text.length, newEnd: text.length });
  return out;
}

/**
 * The hint of an edit of the original text, made to fit its normalised text (lone \r as \n):
 * a character's normal form depends on the next one, so an edit right after a \r (a \n
 * inserted after it, or removed) changes that \r too. A range that starts right after a
 * \r is widened to take it in (unless the range before already covers it).
 */
function lineEndHint(source: TextSource, hint: ChangeHint): ChangeHint {
  if (!source.hasCR) return hint;
  const original = source.text();
  if ('prefix' in hint)
    return hint.prefix > 0 && original.charCodeAt(hint.prefix - 1) === 13 ? { prefix: hint.prefix - 1, suffix: hint.suffix } : hint;
  const ranges: ChangedRange[] = [];
  let last = 0; // where the range before ends
  for (const r of hint.ranges) {
    if (r.start > 0 && r.start - 1 >= last && original.charCodeAt(r.start - 1) === 13)
      ranges.push({ start: r.start - 1, end: r.end, oldLength: r.oldLength + 1 });
    else ranges.push(r);
    last = r.end;
  }
  return { ranges };
}

/**
 * Re-splits only the regions edits touched: for each changed range, from the `;` of the
 * last statement that ends before it to the first `;` past it; the statements between the
 * regions (and before and after them) are the previous ones, shifted. Undefined when that
 * does not apply.
 */
function planSplit(prev: PreviousAnalysis, text: TextSource, hint?: ChangeHint): SplitPlan | undefined {
  const old = prev.statements;
  if (!old.length) return undefined;
  const ranges = changedRanges(prev.text, text, hint);
  if (!ranges) return undefined;
  const oldStarts = prev.starts;
  const oldEnd = (i: number) => oldStarts[i] + old[i].chunk.text.length;
  const clean = (s: StatementAnalysis) => s.chunk.terminated && !s.chunk.preprocessor;
  // the groups of previous statements each changed range touches: [k0, m] (m = old.length: to the end)
  const groups: { k0: number; m: number; shiftBefore: number; shiftAfter: number }[] = [];
  let shift = 0;
  let k = 0;
  for (const r of ranges) {
    while (k < old.length && clean(old[k]) && oldEnd(k) < r.oldStart) k++;
    let m = k;
    while (m < old.length && !(clean(old[m]) && oldEnd(m) - 1 >= r.oldEnd)) m++;
    const shiftAfter = shift + (r.newEnd - r.newStart) - (r.oldEnd - r.oldStart);
    const g = groups[groups.length - 1];
    if (g && k <= g.m) {
      g.m = Math.max(g.m, m);
      g.shiftAfter = shiftAfter;
    } else groups.push({ k0: k, m, shiftBefore: shift, shiftAfter });
    shift = shiftAfter;
    k = Math.max(k, m);
  }
  // the regions are split first (a handful of statements), so that the plan's arrays are made at
  // their size: a previous statement's chunk is the same object at its new place, only its start moves
  const split: { chunks: StatementChunk[]; starts: number[] }[] = [];
  let next = 0; // first previous statement not yet placed
  let prevTo = 0; // where the previous group's region ended (new offsets)
  let prevOldTo = 0; // and in old offsets
  let count = 0;
  const edited: EditedRegion[] = [];
  let sameLines = true;
  for (const g of groups) {
    // from the end of the statement before the group: one placed above (shifted by the
    // changes before), or the last of the previous group (where its region ended)
    const oldFrom = g.k0 === 0 ? 0 : g.k0 - 1 < next ? prevOldTo : oldEnd(g.k0 - 1);
    const from = g.k0 === 0 ? 0 : g.k0 - 1 < next ? prevTo : oldEnd(g.k0 - 1) + g.shiftBefore;
    const oldTo = g.m < old.length ? oldEnd(g.m) : prev.text.length;
    const to = g.m < old.length ? oldEnd(g.m) + g.shiftAfter : text.length;
    prevTo = to;
    prevOldTo = oldTo;
    if (to < from) return undefined;
    // (the texts' line ends are normalised, and outside the regions they are the same text)
    if (sameLines && lineBreaks(text.slice(from, to)) !== lineBreaks(prev.text.slice(oldFrom, oldTo))) sameLines = false;
    const part = { chunks: [] as StatementChunk[], starts: [] as number[] };
    splitRegion(text, from, to, g.k0 === 0, part.chunks, part.starts);
    const last = part.chunks.length - 1;
    if (
      g.m < old.length &&
      (last < 0 || part.starts[last] + part.chunks[last].text.length !== to || !part.chunks[last].terminated || part.chunks[last].preprocessor)
    )
      return undefined;
    count += g.k0 - next + part.chunks.length;
    split.push(part);
    edited.push({ from, to });
    next = g.m + 1;
  }
  count += Math.max(0, old.length - next);
  const chunks = new Array<StatementChunk>(count);
  const starts = new Int32Array(count);
  const oldIndex = new Int32Array(count);
  let at = 0;
  const placeOld = (from: number, to: number, shift: number) => {
    for (let i = from; i < to; i++, at++) {
      chunks[at] = old[i].chunk;
      starts[at] = oldStarts[i] + shift;
      oldIndex[at] = i;
    }
  };
  next = 0;
  for (let r = 0; r < groups.length; r++) {
    const g = groups[r];
    // previous statements between the last group and this one: shifted
    placeOld(next, g.k0, g.shiftBefore);
    const part = split[r];
    for (let i = 0; i < part.chunks.length; i++, at++) {
      chunks[at] = part.chunks[i];
      starts[at] = part.starts[i];
      oldIndex[at] = -1;
    }
    next = g.m + 1;
  }
  // after the last group: shifted by every change
  const tail = at;
  placeOld(next, old.length, shift);
  // before the first group nothing moved: those statements are reused as they are
  const prefix = groups.length ? groups[0].k0 : old.length;
  return { chunks, starts, prefix, tail, oldIndex, regions: groups.length, edited, sameLines };
}

/** splitInto over a source: a region of a text read in parts is split as a string of its own. */
function splitRegion(text: TextSource, from: number, to: number, lineStart: boolean, chunks: StatementChunk[], starts: number[]): void {
  if (text instanceof StringSource) return splitInto(text.string, from, to, lineStart, chunks, starts);
  if (from === 0 && to === text.length) return splitInto(text.text(), from, to, lineStart, chunks, starts);
  const first = starts.length;
  const region = text.slice(from, to);
  splitInto(region, 0, region.length, lineStart, chunks, starts);
  for (let i = first; i < starts.length; i++) starts[i] += from;
}

/** What edits that kept every index changed (see AnalysisEdit), when the analysis was made so. */
function editOf(p: TlaProgress): AnalysisEdit | undefined {
  return p.changed && p.since && p.plan ? { since: p.since, changed: p.changed, regions: p.plan.edited, sameLines: p.plan.sameLines } : undefined;
}

/** Whether two sources are the same text (the same version's, or equal strings). */
function sameText(a: TextSource, b: TextSource): boolean {
  return a === b || (a instanceof StringSource && b instanceof StringSource && a.string === b.string);
}

export class Analyzer {
  /** CATLASS_ARCH where a file does not #define it (the tlaLayout.arch setting); a change needs a new Analyzer. */
  /**
   * CATLASS_ARCH where a file does not #define it (the tlaLayout.arch setting), and the runtime
   * names bound to numbers (`uint32_t m;` is then 1000: the tlaLayout.bindings setting, the CLI's
   * --bind), under the file's own `// tla: m=1000` or, `overComments`, over them (the CLI), as
   * CppAnalyzer takes them; a change of either needs a new Analyzer.
   */
  constructor(
    private readonly defaultArch?: Arch,
    private readonly given: Bindings = NO_BINDINGS,
    private readonly overComments = false,
    /** false: the file's `// tla:` comments are not read (the unbound twin a bound hover compares with). */
    private readonly readsComments = true,
  ) {
    this.bindings = given;
    this.omitted = { defaultArch, bindings: given };
  }
  /** The bindings in force for the last text: the analyzer's and the file's `// tla:` comments. */
  bindings: Bindings;
  /** Whether the last text read whole held `tla:` (then every edit reads the comments again). */
  private tagInText = false;
  private previous: PreviousAnalysis | undefined;
  /** Statements are evaluated without keeping all their details (see statementDetails); tests may keep them. */
  keepDetails = false;
  private omitted: EvalResult['omitted'];
  /** What the caches held after the last pruning (see finish). */
  private bytesAfterPruning = 0;
  private parseCache = new Map<string, ParseResult>();
  private evalCache = new Map<string, EvaluationMemo>();
  /** Counters for tests and benchmarks: how much work the last analyze() did. */
  stats = { parsed: 0, evaluated: 0, statements: 0 };
  /** Regions the last analyze() re-split (0: it split the whole text). */
  regions = 0;
  /** Statements the last analyze() looked at one by one (the others it took as they were, in runs). */
  visited = 0;
  /** Which statements of `readersOf` (the previous analysis) read each name; kept while edits declare the same names at the same places. */
  private readers: ReadersIndex | undefined;
  private readersOf: PreviousAnalysis | undefined;
  /** Whether the last analyze() kept the previous declarations (its edits declared the same names at the same places). */
  keptDeclarations = false;
  /** The last complete analysis returned (the one an edit's AnalysisEdit is told from). */
  private lastAnalysis: WeakRef<DocumentAnalysis> | undefined;

  /**
   * A statement's tree, cached by its text. `own`: the text is a statement chunk's, a copy of its
   * own (splitInto), kept as the key as it is — the chunk, this cache and the evaluation cache
   * then share one string (three copies of a 10,000-statement document's text were 4 MB).
   */
  parse(text: string, own = false): ParseResult {
    let r = this.parseCache.get(text);
    if (!r) {
      if (!own) text = unslice(text);
      r = parseStatement(text);
      this.parsedCount++;
      this.parseCache.set(text, r);
      this.cacheBytes += entryBytes(text);
    }
    return r;
  }
  private parsedCount = 0;

  /** Approximate bytes held by the two caches (keys, trees and results). */
  cacheBytes = 0;

  /**
   * Time one call may work before it yields (then `complete` is false and the next call on
   * the same text continues where it stopped). Unbounded by default; the server sets
   * ANALYSIS_BUDGET_MS; tests set 0 (one parse or evaluation a call).
   */
  budgetMs = Infinity;
  /** An analysis that yielded: its whole state, for the next call. */
  private progress: TlaProgress | undefined;

  /**
   * Analyses the whole document, reusing what the previous call left where the text is
   * unchanged. `hint` (optional) says where it changed since the text of the previous call
   * (finished or paused), so the texts need not be compared.
   */
  analyze(given: string | TextSource, hint?: ChangeHint): DocumentAnalysis {
    const original = typeof given === 'string' ? new StringSource(given) : given;
    // a lone \r ends a line as \n does (LSP counts both): the same length, so offsets stay
    // (a text with a \r is read whole, to be normalised)
    const text = original.hasCR ? new StringSource(normalizeLineEnds(original.text())) : original;
    let p = this.progress;
    if (p && !sameText(p.original, original)) {
      // another text before the last one was done. An incremental one is finished first (its
      // plan has already shifted the previous analysis's statements; what is left of it is the
      // edited region), then this one is planned from it, with the hint (told from that text);
      // a whole one is dropped (it changed nothing but the caches, which the next analysis
      // reuses): the hint, told from the dropped text, does not apply to the previous one
      this.progress = undefined;
      if (p.plan) this.run(p, Infinity);
      else hint = undefined;
      p = undefined;
    }
    return this.run(p ?? this.start(text, original, hint && lineEndHint(original, hint)), this.budgetMs);
  }

  /**
   * The file's `// tla: m=1000` comments with the analyzer's bindings. The text is read whole only
   * when it may hold one: edits of regions (a burst of them too), in a text without `tla:`,
   * that add none, keep none.
   */
  private boundFor(text: TextSource, plan: SplitPlan | undefined): Bindings {
    if (!this.readsComments) return this.given;
    const tagEdited = !plan || plan.edited.some((r) => text.slice(Math.max(0, r.from - 4), r.to + 4).includes('tla:'));
    let inFile: Bindings = NO_BINDINGS;
    if (tagEdited || this.tagInText) {
      const whole = text.text();
      this.tagInText = whole.includes('tla:');
      inFile = bindingsInComments(whole);
    }
    return this.overComments ? mergeBindings(inFile, this.given) : mergeBindings(this.given, inFile);
  }

  private start(text: TextSource, original: TextSource, hint: ChangeHint | undefined): TlaProgress {
    this.parsedCount = 0;
    let plan = this.previous ? planSplit(this.previous, text, hint) : undefined;
    const bound = this.boundFor(text, plan);
    if (printBindings(bound) !== printBindings(this.bindings)) {
      // a cached evaluation does not record the bound names it read: other numbers, evaluate anew
      this.bindings = bound;
      this.omitted = { defaultArch: this.defaultArch, bindings: bound };
      this.evalCache.clear();
      this.previous = undefined;
      plan = undefined;
    }
    this.regions = plan ? plan.regions : 0;
    let chunks: StatementChunk[];
    let starts: Starts;
    if (plan) ({ chunks, starts } = plan);
    else {
      const all: number[] = [];
      splitRegion(text, 0, text.length, true, (chunks = []), all);
      starts = all;
    }
    const sameNames = !!plan && this.declaresAsBefore(plan, this.previous!);
    this.keptDeclarations = sameNames;
    return {
      text,
      original,
      plan,
      prev: this.previous,
      chunks,
      starts,
      using: new Map(),
      usings: [],
      declarations: sameNames ? this.previous!.declarations.sameNames() : DeclarationTable.empty(),
      sameNames,
      statements: [],
      changed: sameNames && this.lastAnalysis ? [] : undefined,
      since: this.lastAnalysis,
      evaluated: 0,
      index: 0,
      parsedCount: this.parsedCount, // the edited regions parsed to see what they declare
    };
  }

  private run(p: TlaProgress, budgetMs: number): DocumentAnalysis {
    const t0 = performance.now();
    const { text, original, plan, prev, chunks, declarations, statements } = p;
    const bindings = new Scope(declarations, p.using, p.usings);
    /**
     * Names that may be bound otherwise here than at the same place of the previous analysis
     * (where its statement `lastOld` was before `old`): while there are none, a previous
     * statement after the edit read exactly what it would read now, and is reused unchecked.
     * `anyName`: a `using namespace` changed (not followed name by name): every one is checked.
     */
    let lastOld = plan && p.index > 0 ? -2 : -1; // -2: not known (a continued analysis checks every name)
    let anyName = lastOld === -2;
    const touched: string[] = []; // names bound by new statements since the last previous one
    let evaluated = p.evaluated;
    this.parsedCount = p.parsedCount;
    const workAtStart = evaluated + this.parsedCount;
    // the edit declares the same names at the same places: every statement keeps its index, and
    // the readers index of the previous analysis, updated statement by statement, is this one's
    const readers = p.sameNames && prev ? this.readersFor(prev) : undefined;
    const dirty = new DirtyNames(readers);
    // (and the statements of the edited regions, each looked at)
    const fresh = readers ? newStatementIndices(plan!) : [];
    if (p.index === 0) this.visited = 0;

    if (plan && prev && p.index < plan.prefix) {
      copyPrefix(p, plan, prev, bindings);
      lastOld = plan.prefix - 1;
    }

    for (let index = p.index; index < chunks.length; index++) {
      // a call that did new work and spent its time yields (each call does some)
      if (budgetMs !== Infinity && evaluated + this.parsedCount > workAtStart && performance.now() - t0 > budgetMs) {
        Object.assign(p, { index, evaluated, parsedCount: this.parsedCount });
        this.progress = p;
        return this.partial(p, performance.now() - t0);
      }
      if (readers && !anyName && lastOld === index - 1 && plan!.oldIndex[index] === index) {
        // a previous statement, after one already settled: on to the next statement that reads
        // a name bound otherwise, or the next edited region; those before it read what they
        // read before, and stand as they were
        const next = dirty.next(index, nextFresh(fresh, index, chunks.length));
        if (next > index) {
          for (let i = index; i < next; i++) statements.push(prev!.statements[i]);
          for (const u of prev!.usings) if (u >= index && u < next) bindUsing(prev!.statements[u], bindings);
          lastOld = next - 1;
          index = next - 1;
          continue;
        }
      }
      this.visited++;
      const chunk = chunks[index];
      bindings.at = index;
      const oi = plan ? plan.oldIndex[index] : -1;
      const old = prev && oi >= 0 ? prev.statements[oi] : undefined;
      if (old && prev && !anyName) {
        // the names the previous statements between the last one placed and this one bound
        // (an edited region: they are gone), and those the new statements there bound, are
        // bound here as at the same place before, or are dirty
        if (lastOld === -2) anyName = true;
        else {
          for (let r = lastOld + 1; r < oi && !anyName; r++) if (!this.touch(prev.statements[r], touched)) anyName = true;
          for (const n of touched) this.settle(n, oi, bindings, prev, dirty);
          touched.length = 0;
        }
        if (!anyName && dirty.size === 0 && oi === index && index >= plan!.tail) {
          // past the last edit, every name bound as at the same place before, and every statement
          // at its previous index: the rest is the previous analysis's, records and declarations
          copyRest(p, prev, index);
          break;
        }
      }
      if (old && old.reads && old.baseLocal && ((!anyName && (dirty.size === 0 || !readsAny(old.reads, dirty))) || readsHold(old.reads, bindings))) {
        // after the edit, shifted: reused when every name it read is bound as before — the
        // same record when it is still at the same place with the same standing, else a copy
        // at its new place (the previous analysis's record is never changed)
        const duplicate = !!old.declaredName && bindings.first(old.declaredName) !== undefined && !isAssignmentForm(old.statement);
        const sa = old.index === index && old.chunk === chunk && !!old.duplicate === duplicate ? old : movedStatement(old, index, chunk);
        statements.push(sa);
        if (sa !== prev!.statements[index]) p.changed?.push(index);
        this.bind(sa, bindings, declarations, sa === old);
        if (!anyName && sa.declaredName && prev) this.settle(sa.declaredName, oi + 1, bindings, prev, dirty);
        lastOld = oi;
        continue;
      }
      const sa = newStatement(index, chunk);
      statements.push(sa);
      p.changed?.push(index);
      if (chunk.preprocessor) {
        sa.baseLocal = [];
        if (defineMacro(sa, chunk)) this.bind(sa, bindings, declarations);
        readers?.replace(index, prev!.statements[index].reads, sa.reads);
        if (!anyName && prev && plan) {
          if (old) this.settle(sa.declaredName, oi + 1, bindings, prev, dirty);
          else this.touch(sa, touched);
        }
        if (old) lastOld = oi;
        continue;
      }

      this.parseChunk(sa, chunk);

      if (this.evaluateStatement(sa, chunk, bindings)) evaluated++;
      sa.baseLocal = sa.local;
      this.bind(sa, bindings, declarations);
      readers?.replace(index, prev!.statements[index].reads, sa.reads);
      if (!anyName && prev && plan) {
        // a previous statement evaluated again: its name settles; a new one: its name is looked at by the next previous one
        if (old) this.settle(sa.declaredName, oi + 1, bindings, prev, dirty);
        else if (!this.touch(sa, touched)) anyName = true;
      }
      if (old) lastOld = oi;
    }
    this.progress = undefined;
    const analysis = this.finish(text, original, statements, declarations, p.starts, p.usings, evaluated, chunks.length, editOf(p));
    // the index follows the analysis only through edits that kept the names (it was updated); else it is made again when needed
    if (readers) this.readersOf = this.previous;
    else this.readers = this.readersOf = undefined;
    return analysis;
  }

  /** Parses a statement's text (cached): its tree, its syntax diagnostics and the name it declares. */
  private parseChunk(sa: StatementAnalysis, chunk: StatementChunk): void {
    const deep = mayNestBeyond(chunk.text) ? maxNesting(chunk.text) : undefined;
    let parsed: ParseResult | null = null;
    if (deep && Math.max(deep.brackets, deep.prefix) > MAX_NESTING) {
      sa.local.push({
        start: 0,
        end: Math.min(chunk.text.length, 1),
        severity: 'error',
        code: 'limit-exceeded',
        message: deep.brackets > MAX_NESTING ? limitMessages.brackets(deep.brackets) : limitMessages.prefix(deep.prefix),
      });
    } else {
      try {
        parsed = chunk.terminated ? this.parse(chunk.text, true) : this.parse(chunk.text + ';');
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        parsed = null; // nested deeper than the parser's stack (e.g. 10,000 unary minus signs)
        sa.local.push(tooDeep(chunk.text));
      }
      if (parsed?.ok && !chunk.terminated) {
        const at = chunk.text.length;
        sa.local.push({
          start: Math.max(0, at - 1),
          end: at,
          severity: 'error',
          code: 'missing-semicolon',
          message: "expected ';' at the end of the statement",
          data: { insert: ';' },
        });
      } else if (parsed && !parsed.ok) {
        const at = Math.min(parsed.error.offset, chunk.text.length);
        // the range covers the offending token (up to the next blank or bracket)
        const m = /^[A-Za-z_0-9]+|^\S/.exec(chunk.text.slice(at));
        const end = at + (m ? m[0].length : 0);
        sa.local.push({
          start: at,
          end: Math.max(end, at),
          severity: 'error',
          code: 'syntax-error',
          message: `syntax error: expected ${tidyExpected(parsed.error.expected)}`,
        });
      }
    }

    if (parsed?.ok) {
      sa.statement = parsed.statement;
      const ps = parsed.statement;
      if (ps.type === 'decl' || ps.type === 'alias' || ps.type === 'declare') {
        sa.declaredName = ps.name;
        sa.declaredNameSpan = ps.nameSpan;
      }
    } else {
      const d = declaredNameOf(chunk.text);
      if (d) {
        sa.declaredName = d.name;
        sa.declaredNameSpan = { start: d.start, end: d.end };
      }
    }
  }

  /** Evaluates a statement (cached by its text and what it read); true when it was evaluated anew. */
  private evaluateStatement(sa: StatementAnalysis, chunk: StatementChunk, bindings: Scope): boolean {
    let anew = false;
    const st = sa.statement;
    if (st && (st.type === 'decl' || st.type === 'expr' || st.type === 'assert' || st.type === 'alias' || st.type === 'declare')) {
      const key = chunk.text;
      const cached = this.evalCache.get(key);
      if (cached && readsHold(cached.reads, bindings)) {
        sa.result = cached.result;
        sa.reads = cached.reads;
      } else {
        const done = evaluateRecording(
          st,
          { lookup: (n) => bindings.get(n), names: () => bindings.keys(), defaultArch: this.defaultArch, bound: (n) => this.bindings.get(n) },
          this.keepDetails ? undefined : this.omitted,
        );
        if (done === 'too-deep') {
          // a left-nested chain too long to evaluate recursively (a 100,000-term sum)
          sa.result = { value: null, diagnostics: [tooDeep(chunk.text)], nodeValues: [], dependencies: [], tiles: [], offsets: [] };
          sa.statement = null; // features walk the tree recursively: leave it out
        } else sa.result = done.result;
        anew = true;
        // not cached when it listed every name, nor when too deep (the cached path would keep the tree)
        sa.reads = done === 'too-deep' ? null : done.reads;
        if (sa.reads) {
          if (!this.evalCache.has(key)) this.cacheBytes += entryBytes(key);
          this.evalCache.set(key, { reads: sa.reads, result: sa.result }); // (the chunk's own copy: see parse)
        } else this.evalCache.delete(key);
      }
      // (the result's own list when the parse added none: never changed, bind() copies it; else one at its size)
      const found = sa.result.diagnostics;
      if (found.length) sa.local = sa.local.length ? sa.local.concat(found) : found;
    }
    return anew;
  }

  /** The readers index of the previous analysis (made from its statements when it has none). */
  private readersFor(prev: PreviousAnalysis): ReadersIndex {
    if (this.readersOf !== prev || !this.readers) {
      this.readers = ReadersIndex.of(prev.statements);
      this.readersOf = prev;
    }
    return this.readers;
  }

  /**
   * Whether the edited regions declare the same names at the same places as before, with no
   * `using namespace` and no preprocessor line among them: then every statement keeps its index
   * and its standing, and the analysis keeps the previous declarations, changed where they
   * change (sameNames). The regions' statements are parsed here; the walk finds them cached.
   */
  private declaresAsBefore(plan: SplitPlan, prev: PreviousAnalysis): boolean {
    const old = prev.statements;
    if (plan.chunks.length !== old.length) return false;
    for (let i = plan.prefix; i < plan.tail; i++) {
      const oi = plan.oldIndex[i];
      if (oi === i) continue;
      if (oi !== -1) return false;
      const chunk = plan.chunks[i];
      const was = old[i];
      if (chunk.preprocessor || was.chunk.preprocessor || was.statement?.type === 'using') return false;
      const name = this.declaredNameIn(chunk);
      if (name === null || name !== was.declaredName) return false;
      // (an assignment stays one, and a declaration one: the table's assignments stand)
      if (name !== undefined && isAssignmentForm(this.parsedStatement(chunk)) !== isAssignmentForm(was.statement)) return false;
    }
    return true;
  }

  /** The name a statement declares as the walk will find it (undefined: none); null when that is not known here. */
  private declaredNameIn(chunk: StatementChunk): string | undefined | null {
    const deep = mayNestBeyond(chunk.text) ? maxNesting(chunk.text) : undefined;
    if (deep && Math.max(deep.brackets, deep.prefix) > MAX_NESTING) return null;
    let parsed: ParseResult;
    try {
      parsed = chunk.terminated ? this.parse(chunk.text, true) : this.parse(chunk.text + ';');
    } catch {
      return null;
    }
    if (!parsed.ok) return declaredNameOf(chunk.text)?.name;
    const st = parsed.statement;
    if (st.type === 'using') return null;
    return st.type === 'decl' || st.type === 'alias' || st.type === 'declare' ? st.name : undefined;
  }

  /** A chunk's tree (the parse is cached: declaredNameIn made it), or null. */
  private parsedStatement(chunk: StatementChunk): Ast.Statement | null {
    const parsed = this.parseCache.get(chunk.text + (chunk.terminated ? '' : ';'));
    return parsed?.ok ? parsed.statement : null;
  }

  /** What a yielded analysis has so far: the statements analysed, their diagnostics, and where it paused. */
  private partial(p: TlaProgress, ms: number): DocumentAnalysis {
    const n = p.statements.length;
    const at = n ? p.starts[n - 1] + p.statements[n - 1].chunk.text.length : 0;
    const paused: Diagnostic = {
      start: Math.max(0, at - 1),
      end: at,
      severity: 'information',
      code: 'limit-exceeded',
      message: limitMessages.budget(Math.round(ms)),
      related: [],
    };
    return new TlaAnalysis(p.original, [...p.statements], p.declarations.snapshot(), p.starts.slice(0, n), paused);
  }

  /** Adds the name a statement binds to `touched`; false when it binds a `using namespace` (not followed by name). */
  private touch(sa: StatementAnalysis, touched: string[]): boolean {
    if (sa.declaredName) touched.push(sa.declaredName);
    return sa.statement?.type !== 'using';
  }

  /**
   * Whether `name` is bound now as it was at the same place of the previous analysis (before
   * its statement `oldAt`): then it is not dirty, else it is.
   */
  private settle(name: string | undefined, oldAt: number, scope: Scope, prev: PreviousAnalysis, dirty: DirtyNames): void {
    if (name === undefined) return;
    const d = prev.declarations.get(name);
    const was = d && d.statement.index < oldAt ? bindingBefore(d, oldAt) : undefined;
    if (scope.get(name) === was) dirty.delete(name);
    else dirty.add(name);
  }

  /**
   * Binds a statement's declared name (the first declaration wins; a repeat is an error).
   * `published`: the record belongs to an earlier analysis too (it already has its standing,
   * duplicate or not): only the names are bound, the record is not touched.
   */
  private bind(sa: StatementAnalysis, bindings: Scope, declarations: DeclarationTable, published = false): void {
    bindUsing(sa, bindings);
    if (sa.declaredName) {
      const name = sa.declaredName;
      const span = sa.declaredNameSpan!;
      const first = bindings.first(name);
      if (first && isAssignmentForm(sa.statement)) return this.bindAssignment(sa, first, declarations);
      if (first) {
        if (published) return;
        sa.duplicate = true;
        sa.local = [
          ...sa.local,
          {
            start: span.start,
            end: span.end,
            severity: 'error',
            code: 'duplicate-declaration',
            message: `'${name}' is already declared (line of the first declaration is related); C++ would reject the redefinition`,
            relatedNames: [{ name, message: `first declaration of '${name}'` }],
          },
        ];
      } else {
        const value = sa.result?.value ?? null;
        const ctype = sa.result?.ctype;
        // Keep the old binding object when the value is unchanged, so dependents stay cached.
        const before = this.previous?.declarations.get(name);
        const prev = before?.binding;
        const binding: Binding =
          prev && prev.ctype === ctype && (prev.value === value || (prev.value && value && printValue(prev.value) === printValue(value)))
            ? prev
            : { value, ctype };
        // the same statement declared it before the edit (wherever the edit moved it): the same
        // record; its assignments are the table's when it keeps them, else the walk makes them again
        const writes = declarations.keepsPrevious ? declarations.get(name)?.writes : undefined;
        if (before && before.statement === sa && before.binding === binding && before.writes === writes) declarations.declare(name, before);
        else declarations.declare(name, { name, statement: sa, nameSpan: span, value: binding.value, binding, writes });
      }
    }
  }

  /** Binds an assignment of a declared name: its new binding, from the next statement on (assignments.ts). */
  private bindAssignment(sa: StatementAnalysis, first: Declaration, declarations: DeclarationTable): void {
    const name = sa.declaredName!;
    const value = sa.result?.value ?? null;
    const ctype = sa.result?.ctype;
    // the binding of the same assignment before the edit, when its value is unchanged: dependents stay cached
    const beforeDecl = this.previous?.declarations.get(name);
    const prev = beforeDecl && writeAt(beforeDecl, sa.index)?.binding;
    const binding: Binding =
      prev && prev.ctype === ctype && (prev.value === value || (prev.value && value && printValue(prev.value) === printValue(value)))
        ? prev
        : { value, ctype };
    const now = writeAt(first, sa.index);
    if (now && now.statement === sa && now.binding === binding) return;
    const write: Declaration = { name, statement: sa, nameSpan: sa.declaredNameSpan!, value: binding.value, binding };
    declarations.declare(name, withWrite(first, write, declarations.keepsPrevious));
  }

  private finish(
    text: TextSource,
    original: TextSource,
    statements: StatementAnalysis[],
    table: DeclarationTable,
    starts: Starts,
    usings: number[],
    evaluated: number,
    count: number,
    edit: AnalysisEdit | undefined,
  ): DocumentAnalysis {
    // Forget cache entries of statements that are gone, so memory follows the document: when
    // the caches outgrow it — in bytes (twice what its text needs in each, plus CACHE_SLACK_BYTES,
    // or twice what was left at the last pruning) or in entries (STALE_ENTRIES beyond the
    // statements: an edit leaves one or two behind, kept for undo) — what no statement of this
    // analysis uses goes (its statements are all there is: an incremental analysis need not
    // have looked at them).
    if (
      this.cacheBytes > Math.max(2 * 2 * entryBytes(text), 2 * this.bytesAfterPruning) + CACHE_SLACK_BYTES ||
      this.evalCache.size > count + STALE_ENTRIES ||
      this.parseCache.size > count + STALE_ENTRIES
    ) {
      const usedEval = new Set<string>();
      const usedParse = new Set<string>();
      for (const s of statements) {
        const t = s.chunk.text;
        usedEval.add(t);
        usedParse.add(s.chunk.terminated ? t : t + ';');
      }
      for (const k of this.evalCache.keys()) if (!usedEval.has(k)) this.evalCache.delete(k);
      for (const k of this.parseCache.keys()) if (!usedParse.has(k)) this.parseCache.delete(k);
      let bytes = 0;
      for (const k of this.evalCache.keys()) bytes += entryBytes(k);
      for (const k of this.parseCache.keys()) bytes += entryBytes(k);
      this.cacheBytes = bytes;
      this.bytesAfterPruning = bytes;
    }
    const declarations = table.settled();
    this.previous = { text, statements, declarations, starts, usings };
    this.stats = { parsed: this.parsedCount, evaluated, statements: count };
    const analysis = new TlaAnalysis(original, statements, declarations, starts, undefined, edit);
    // with names bound to numbers, the same text without them, made when a hover first asks (its
    // "symbolically …" line beside the numbers, as in C++)
    if (this.bindings.size) Object.assign(analysis, { bindings: this.bindings, unbound: unboundTwin(original, this.defaultArch) });
    // the layout view's stepper draws the same text under its own bindings too (over these)
    const { defaultArch, bindings } = this;
    analysis.rebound = (over: Bindings) => new Analyzer(defaultArch, mergeBindings(bindings, over), true).analyze(original.text());
    this.lastAnalysis = new WeakRef(analysis);
    return analysis;
  }
}

/** The analysis of `text` with no name bound (neither given nor by its comments), made once when first asked. */
function unboundTwin(text: TextSource, defaultArch: Arch | undefined): () => DocumentAnalysis {
  let made: DocumentAnalysis | undefined;
  return () => (made ??= new Analyzer(defaultArch, NO_BINDINGS, false, false).analyze(text.text()));
}

/**
 * Visits a `.tla` analysis's statements that have diagnostics, in order, each at `start` — the
 * same record at the same offset has the same diagnostics, so a conversion of them may be kept
 * by record, unless `related`: they point at other statements, whose places an edit may move.
 * statementDiagnostics gives them at their place. False for another analysis (a C++ one, whose
 * diagnostics come as one list: `a.diagnostics`), visiting nothing. (No closure a statement:
 * 3,000 statements with diagnostics are visited every version.)
 */
export function forEachDiagnosticStatement(a: DocumentAnalysis, visit: (sa: StatementAnalysis, start: number, related: boolean) => void): boolean {
  if (!(a instanceof TlaAnalysis)) return false;
  const list = a.statements;
  for (let i = 0; i < list.length; i++) {
    const sa = list[i];
    if (sa.local.length) visit(sa, a.startOf(sa), pointsElsewhere(sa));
  }
  return true;
}

/** The diagnostic that says where a `.tla` analysis paused (its time budget spent), if it did. */
export function pausedDiagnostic(a: DocumentAnalysis): Diagnostic | undefined {
  return a instanceof TlaAnalysis ? a.pausedAt : undefined;
}

/** Whether a statement's diagnostics point at other statements (their related locations). */
export function pointsElsewhere(sa: StatementAnalysis): boolean {
  for (const d of sa.local) if (d.relatedNames?.length) return true;
  return false;
}

/**
 * Where the declarations a statement's diagnostics point at are (their related locations):
 * the start and end of each related name's declaration, in order, -1 -1 for one not declared.
 * The same record at the same place, with the same spans, has the same diagnostics.
 */
export function relatedSpans(a: DocumentAnalysis, sa: StatementAnalysis): number[] {
  const spans: number[] = [];
  for (const d of sa.local) {
    if (!d.relatedNames) continue;
    for (const r of d.relatedNames) {
      const decl = a.declarations.get(r.name);
      if (!decl) spans.push(-1, -1);
      else {
        const span = declarationSpan(a, decl);
        spans.push(span.start, span.end);
      }
    }
  }
  return spans;
}

/** The document diagnostics of an analysis: each statement's at its place, related locations resolved against its declarations. */
function documentDiagnostics(a: TlaAnalysis): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  forEachDiagnosticStatement(a, (sa, start) => {
    for (const d of statementDiagnostics(a, sa, start)) diagnostics.push(d);
  });
  if (a.pausedAt) diagnostics.push(a.pausedAt);
  return diagnostics;
}

/** A statement's diagnostics at its place, `start` (the record placed at the same offset before: as they were). */
export function statementDiagnostics(a: DocumentAnalysis, sa: StatementAnalysis, start = a.startOf(sa)): Diagnostic[] {
  const placed = PLACED.get(sa);
  if (placed && placed.start === start) return placed.diagnostics;
  let relatedAny = false;
  const mine: Diagnostic[] = [];
  for (const d of sa.local) {
    // most diagnostics have no related location: they share one empty list (frozen)
    relatedAny ||= !!d.relatedNames?.length;
    const related = !d.relatedNames?.length
      ? NO_RELATED
      : d.relatedNames
          .map((r) => {
            const decl = a.declarations.get(r.name);
            return decl ? { ...declarationSpan(a, decl), message: r.message } : undefined;
          })
          .filter((x): x is NonNullable<typeof x> => !!x);
    mine.push(absoluteDiagnostic(start, d, related));
  }
  // (related locations are other statements' places, which an edit may move: not kept)
  if (!relatedAny) PLACED.set(sa, { start, diagnostics: mine });
  return mine;
}

/** A statement's diagnostic at its place in the document. */
function absoluteDiagnostic(start: number, d: LocalDiagnostic, related: Diagnostic['related']): Diagnostic {
  return {
    start: start + d.start,
    end: start + d.end,
    severity: d.severity ?? severityOf(d.code),
    code: d.code,
    message: d.message,
    related,
    data: d.data,
  };
}

/**
 * The document diagnostics of a statement record, made when an analysis first placed it. A
 * record is never changed once returned, so the same record at the same offset has the same
 * diagnostics: a later analysis takes them as they are (an edit before it makes them again).
 */
const PLACED = new WeakMap<StatementAnalysis, { start: number; diagnostics: Diagnostic[] }>();

/** Most diagnostics have no related location: they share this one (frozen) list. */
const NO_RELATED: Diagnostic['related'] = Object.freeze([]) as unknown as Diagnostic['related'];

function bindUsing(sa: StatementAnalysis, scope: Scope): void {
  // (a declaration is no `using`: its tree need not be read)
  if (sa.declaredName === undefined && sa.statement?.type === 'using') {
    scope.using.set(usingNamespaceName(sa.statement.namespace.replace(/^::/, '')), USING_BINDING);
    scope.usings.push(sa.index);
  }
}

/** The statement whose text contains (or ends at) the offset. */
export function statementAt(a: DocumentAnalysis, offset: number): StatementAnalysis | undefined {
  const list = a.statements;
  let lo = 0;
  let hi = list.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (a.startOf(list[mid]) <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return undefined;
  const s = list[found];
  return offset <= a.endOf(s) ? s : undefined;
}

/** One-shot analysis without caching across calls. */
export function analyze(text: string): DocumentAnalysis {
  return new Analyzer().analyze(text);
}
