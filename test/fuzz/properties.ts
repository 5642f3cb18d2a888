// The robustness properties, checked by test/fuzz/*.test.ts at a modest count and
// by scripts/fuzz.mjs at a large one:
//   - the analysis never throws;
//   - every diagnostic range lies inside the document (as an LSP client counts lines);
//   - every value prints and reads back to itself (`auto r = <printed>;` prints the same);
//   - every feature answers (no throw) at every position, with ranges inside the document;
//   - the fast parser builds the ohm grammar's tree, or declines;
//   - an Analyzer reused across edits agrees with a fresh analysis;
//   - random edit sequences through the LSP document sync of dist/server.js leave the
//     server alive and agreeing with a local analysis of the same text.
import { isDeepStrictEqual } from 'node:util';
import { isSymbolic } from '../../server/src/core';
import fc from 'fast-check';
import type { CodeActionParams, Diagnostic as LspDiagnostic, Position, Range } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalysedDocument } from '../../server/src/documents';
import { codeActions } from '../../server/src/features/codeActions';
import { completion } from '../../server/src/features/completion';
import { toLspDiagnostics } from '../../server/src/features/diagnostics';
import { foldingRanges } from '../../server/src/features/folding';
import { formatting } from '../../server/src/features/formatting';
import { hover } from '../../server/src/features/hover';
import { inlayHints } from '../../server/src/features/inlayHints';
import { definition, highlights, prepareRename, references, rename } from '../../server/src/features/navigation';
import { semanticTokens } from '../../server/src/features/semanticTokens';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { signatureHelp } from '../../server/src/features/signatureHelp';
import { documentSymbols } from '../../server/src/features/symbols';
import { Analyzer, DocumentAnalysis, LineIndex, printValue, statementDetails } from '../../server/src/language';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';
import { Value } from '../../server/src/language/eval/values';
import { DIAGNOSTIC_CODES } from '../../server/src/language/syntax/diagnostics';
import { parseStatementWithOhm } from '../../server/src/language/syntax/parser';
import { splitStatements } from '../../server/src/language/syntax/statements';
import { fastParseStatement } from '../../server/src/language/syntax/fastParser';
import { TestClient, startClient } from '../protocol/client';
import { Edit, anyDocument, edit, editSession, intTuple, layoutValue, mutatedCorpus, mutatedExample, program, tokenSoup } from './arbitraries';

export * from './arbitraries';

/** A broken property. `kind` names the failure without the input (used to tell failures apart). */
export class PropertyFailure extends Error {
  constructor(
    readonly kind: string,
    detail: string,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'PropertyFailure';
  }
}

const fail = (kind: string, detail: string): never => {
  throw new PropertyFailure(kind, detail);
};

const short = (s: string, n = 160) => JSON.stringify(s.length > n ? s.slice(0, n) + '…' : s);
const errText = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));
/** The error without its numbers and names: failures with one cause share it. */
const errKind = (e: unknown) =>
  (e instanceof Error ? `${e.name}: ${e.message}` : String(e))
    .replace(/'[^']*'/g, "'…'")
    .replace(/-?\d+/g, 'N')
    .slice(0, 90);
/** Line ends a failure may depend on: a lone CR is a line break for LSP clients, not for LineIndex. */
const lineEnds = (text: string) => (/\r(?!\n)/.test(text) ? ' [lone CR]' : text.includes('\r\n') ? ' [CRLF]' : '');

export const FUZZ_URI = 'file:///fuzz.tla';

/** `…got… vs …want…` around the first character where two serialisations differ. */
function firstDifference(got: string, want: string): string {
  let k = 0;
  while (k < got.length && got[k] === want[k]) k++;
  const at = (s: string) => `…${s.slice(Math.max(0, k - 100), k + 150)}…`;
  return `${at(got)} vs ${at(want)}`;
}

// ------------------------------------------------------------------ positions as an LSP client counts them

/** The client's view of the text: lines end at \n, \r\n or \r (LSP 3.17). */
export function clientDocument(text: string): TextDocument {
  return TextDocument.create(FUZZ_URI, 'tla-layout', 1, text);
}

/** A position that names a real place in the document (not past a line's end, not past the last line). */
export function validPosition(td: TextDocument, p: Position): boolean {
  if (!p || !Number.isInteger(p.line) || !Number.isInteger(p.character) || p.line < 0 || p.character < 0) return false;
  if (p.line >= td.lineCount) return false;
  const back = td.positionAt(td.offsetAt(p));
  return back.line === p.line && back.character === p.character;
}

const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character <= b.character);

export function checkRange(td: TextDocument, r: Range | undefined, what: string): void {
  if (!r) return fail(`${what}: range missing`, '');
  if (!validPosition(td, r.start) || !validPosition(td, r.end) || !before(r.start, r.end)) {
    fail(`${what}: range outside the document${lineEnds(td.getText())}`, `${JSON.stringify(r)} in ${td.lineCount} lines: ${short(td.getText())}`);
  }
}

// ------------------------------------------------------------------ analysis

/** Analyses `text`; a throw is a property failure. */
export function analyseSafely(text: string, analyzer?: Analyzer): DocumentAnalysis {
  try {
    return analyzer ? analyzer.analyze(text) : analyze(text);
  } catch (e) {
    return fail(`analysis throws ${errKind(e)}`, `${errText(e)} on ${short(text)}`);
  }
}

/** Every diagnostic (and related location) lies inside the document, in offsets and in LSP positions. */
export function checkDiagnostics(text: string, a: DocumentAnalysis, td = clientDocument(text)): void {
  const n = text.length;
  for (const d of a.diagnostics) {
    if (!(d.code in DIAGNOSTIC_CODES)) fail('unknown diagnostic code', d.code);
    if (typeof d.message !== 'string' || !d.message) fail('diagnostic without a message', d.code);
    for (const r of [d, ...d.related]) {
      if (!Number.isInteger(r.start) || !Number.isInteger(r.end) || r.start < 0 || r.end < r.start || r.end > n) {
        fail('diagnostic offsets outside the document', `${d.code} [${r.start}, ${r.end}) in ${n} chars: ${short(text)}`);
      }
    }
  }
  for (const d of toLspDiagnostics(FUZZ_URI, a, new LineIndex(text))) {
    checkRange(td, d.range, `diagnostic ${d.code}`);
    for (const r of d.relatedInformation ?? []) checkRange(td, r.location.range, `related location of ${d.code}`);
  }
}

/** analysis never throws + diagnostic ranges inside the document. */
export function checkAnalysis(text: string): DocumentAnalysis {
  const a = analyseSafely(text);
  checkDiagnostics(text, a);
  return a;
}

// ------------------------------------------------------------------ round trip of printed values

const roundTripAnalyzer = new Analyzer();
const roundTripMemo = new Map<string, string | null>();

/** `auto r = <printed>;` must analyse without errors and print the same text. */
export function checkPrintedRoundTrip(printed: string): void {
  let problem = roundTripMemo.get(printed);
  if (problem === undefined) {
    problem = null;
    const a = analyseSafely(`auto r = ${printed};`, roundTripAnalyzer);
    const errors = a.diagnostics.filter((d) => d.severity === 'error');
    const v = a.statements[0]?.result?.value;
    if (errors.length) problem = `does not parse back (${errors[0].code})|'${printed}': ${errors[0].message}`;
    else if (!v) problem = `reads back without a value|'${printed}'`;
    else if (printValue(v) !== printed) problem = `reads back differently|'${printed}' reads back as '${printValue(v)}'`;
    if (roundTripMemo.size > 20_000) roundTripMemo.clear();
    roundTripMemo.set(printed, problem);
  }
  if (problem) {
    const [kind, detail] = problem.split('|');
    fail(`printed value ${kind}`, detail);
  }
}

export function checkValueRoundTrip(v: Value): void {
  let printed: string;
  try {
    printed = printValue(v);
  } catch (e) {
    return fail(`printValue throws ${errKind(e)}`, errText(e));
  }
  // the compact notation reads back integers, tuples and layouts; tensors, tag objects and
  // types print as descriptions (they must still print without throwing)
  if (v.kind !== 'int' && v.kind !== 'tuple' && v.kind !== 'layout') return;
  // a runtime value (`uint32_t m;` is the symbol m) prints as its expression, which names no value to read back
  if (isSymbolic(v)) return;
  checkPrintedRoundTrip(printed);
}

/** Every value the analysis computed — statement values and sub-expression values. */
export function checkRoundTrip(a: DocumentAnalysis): void {
  for (const s of a.statements) {
    if (!s.result) continue;
    if (s.result.value) checkValueRoundTrip(s.result.value);
    for (const nv of statementDetails(s).nodeValues) checkValueRoundTrip(nv.value);
  }
}

// ------------------------------------------------------------------ features at every position

export function analysedDocument(text: string, analysis: DocumentAnalysis): AnalysedDocument {
  return { uri: FUZZ_URI, version: 1, text, analysis, lines: new LineIndex(text) };
}

function call<T>(feature: string, at: Position | undefined, text: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    return fail(`${feature} throws ${errKind(e)}`, `${errText(e)} at ${JSON.stringify(at ?? null)} on ${short(text)}`);
  }
}

const overlaps = (r: Range, p: Position) => before(r.start, p) && before(p, r.end);

/** The positions a fuzzed document is probed at: every offset, then a few past the end. */
export function probePositions(td: TextDocument, max = Infinity): Position[] {
  const n = td.getText().length;
  const step = n + 1 > max ? Math.ceil((n + 1) / max) : 1;
  const seen = new Set<string>();
  const out: Position[] = [];
  for (let o = 0; o <= n; o += step) {
    const p = td.positionAt(o);
    const k = `${p.line}:${p.character}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(p);
    }
  }
  const last = td.lineCount - 1;
  out.push({ line: last, character: 100_000 }, { line: last + 3, character: 0 }, { line: 2 ** 31 - 1, character: 2 ** 31 - 1 });
  return out;
}

/**
 * Every feature answers at every position of the document, and what it answers
 * points inside the document.
 */
export function checkFeatures(text: string, a: DocumentAnalysis, opts: { maxPositions?: number } = {}): void {
  const doc = analysedDocument(text, a);
  const td = clientDocument(text);
  const lsp: LspDiagnostic[] = call('diagnostics', undefined, text, () => toLspDiagnostics(FUZZ_URI, a, doc.lines));
  const end = td.positionAt(text.length);
  const whole: Range = { start: { line: 0, character: 0 }, end };

  // position-independent features
  const symbols = call('documentSymbols', undefined, text, () => documentSymbols(doc));
  for (const s of symbols) {
    checkRange(td, s.range, 'symbol');
    checkRange(td, s.selectionRange, 'symbol selection');
    if (!before(s.range.start, s.selectionRange.start) || !before(s.selectionRange.end, s.range.end)) {
      fail('symbol selectionRange outside its range', `${s.name} ${JSON.stringify(s)} on ${short(text)}`);
    }
  }
  const tokens = call('semanticTokens', undefined, text, () => semanticTokens(doc));
  if (tokens.data.length % 5) fail('semantic tokens not a multiple of 5', short(text));
  let line = 0;
  let ch = 0;
  for (let i = 0; i < tokens.data.length; i += 5) {
    const [dl, dc, len] = tokens.data.slice(i, i + 3);
    line += dl;
    ch = dl ? dc : ch + dc;
    checkRange(td, { start: { line, character: ch }, end: { line, character: ch + len } }, 'semantic token');
  }
  for (const f of call('foldingRanges', undefined, text, () => foldingRanges(doc))) {
    if (f.startLine < 0 || f.endLine < f.startLine || f.endLine >= td.lineCount)
      fail(`folding range outside the document${lineEnds(text)}`, `${JSON.stringify(f)} in ${td.lineCount} lines: ${short(text)}`);
  }
  for (const e of call('formatting', undefined, text, () => formatting(doc))) checkRange(td, e.range, 'formatting edit');
  for (const e of call('rangeFormatting', whole.end, text, () => formatting(doc, { start: { line: Math.floor(end.line / 2), character: 0 }, end }))) {
    checkRange(td, e.range, 'range formatting edit');
  }
  for (const h of call('inlayHints', undefined, text, () => inlayHints(doc, whole, DEFAULT_SETTINGS))) {
    if (!validPosition(td, h.position)) fail(`inlay hint outside the document${lineEnds(text)}`, `${JSON.stringify(h.position)} on ${short(text)}`);
  }

  // at every position
  for (const p of probePositions(td, opts.maxPositions)) {
    const h = call('hover', p, text, () => hover(doc, p, DEFAULT_SETTINGS));
    if (h) {
      if (typeof h.contents !== 'object' || !('value' in h.contents) || typeof h.contents.value !== 'string')
        fail('hover without markdown', JSON.stringify(h));
      if (h.range) checkRange(td, h.range, 'hover');
    }
    const lineEnd: Position = { line: p.line, character: 100_000 };
    for (const ih of call('inlayHints', p, text, () => inlayHints(doc, { start: p, end: lineEnd }, DEFAULT_SETTINGS))) {
      if (!validPosition(td, ih.position))
        fail(`inlay hint outside the document${lineEnds(text)}`, `${JSON.stringify(ih.position)} on ${short(text)}`);
    }
    // a CompletionItem[] or a CompletionList: both are valid answers
    const answer = call('completion', p, text, () => completion(doc, p)) as unknown;
    const items = Array.isArray(answer) ? answer : (answer as { items?: unknown } | null)?.items;
    if (!Array.isArray(items)) fail('completion is neither a list nor a CompletionList', short(text));
    const sig = call('signatureHelp', p, text, () => signatureHelp(doc, p));
    if (sig) {
      const active = sig.signatures[sig.activeSignature ?? 0];
      if (!active) fail('signature help: active signature out of range', JSON.stringify(sig));
      else if ((sig.activeParameter ?? 0) < 0 || ((active.parameters?.length ?? 0) > 0 && (sig.activeParameter ?? 0) >= active.parameters!.length)) {
        fail('signature help: active parameter out of range', JSON.stringify({ activeParameter: sig.activeParameter, label: active.label }));
      }
    }
    const params: CodeActionParams = {
      textDocument: { uri: FUZZ_URI },
      range: { start: p, end: p },
      context: { diagnostics: lsp.filter((d) => overlaps(d.range, p)) },
    };
    for (const act of call('codeActions', p, text, () => codeActions(doc, params))) {
      for (const edits of Object.values(act.edit?.changes ?? {})) for (const e of edits) checkRange(td, e.range, `code action '${act.title}'`);
    }
    const def = call('definition', p, text, () => definition(doc, p));
    if (def) checkRange(td, def.range, 'definition');
    for (const r of call('references', p, text, () => references(doc, p, true))) checkRange(td, r.range, 'reference');
    for (const r of call('highlights', p, text, () => highlights(doc, p))) checkRange(td, r.range, 'highlight');
    const pr = call('prepareRename', p, text, () => prepareRename(doc, p));
    if (pr) {
      checkRange(td, pr, 'prepareRename');
      const we = call('rename', p, text, () => rename(doc, p, 'renamed_1'));
      if (we && 'changes' in we) for (const e of Object.values(we.changes ?? {}).flat()) checkRange(td, e.range, 'rename edit');
    }
  }
}

// ------------------------------------------------------------------ incremental analysis

/** What a user can observe of an analysis: diagnostics and every statement's value. */
export function observable(a: DocumentAnalysis): unknown {
  return {
    diagnostics: a.diagnostics.map((d) => ({ ...d, data: d.data ?? null })),
    values: a.statements.map((s) => (s.result?.value ? printValue(s.result.value) : null)),
    declarations: [...a.declarations.keys()],
  };
}

export function spliceEdit(text: string, e: Edit): { text: string; start: number; end: number } {
  if (e.full) return { text: e.text, start: 0, end: text.length };
  let start = Math.min(text.length, Math.floor(e.at * (text.length + 1)));
  let end = Math.min(text.length, start + e.len);
  // never split a \r\n pair: a client cannot address the place between them
  if (text[start - 1] === '\r' && text[start] === '\n') start--;
  if (text[end - 1] === '\r' && text[end] === '\n') end++;
  return { text: text.slice(0, start) + e.text + text.slice(end), start, end };
}

/** One Analyzer (with its caches) across an edit sequence agrees with a fresh analysis after every edit. */
export function checkIncremental(initial: string, edits: Edit[]): void {
  const analyzer = new Analyzer();
  // every other sequence with a time budget of 0: each call yields after one new statement
  // and is continued (the server's budget, at its most extreme)
  if (edits.length % 2 === 0) analyzer.budgetMs = 0;
  let text = initial;
  for (let i = 0; i <= edits.length; i++) {
    if (i > 0) text = spliceEdit(text, edits[i - 1]).text;
    let inc = analyseSafely(text, analyzer);
    for (let k = 0; inc.complete === false; k++) {
      if (k > 1_000_000) fail('a yielding analysis never completes', short(text));
      inc = analyseSafely(text, analyzer);
    }
    const fresh = analyseSafely(text);
    if (!isDeepStrictEqual(observable(inc), observable(fresh))) {
      fail(
        'incremental analysis differs from a fresh one',
        `after edit ${i} on ${short(text)}: ${firstDifference(JSON.stringify(observable(inc)), JSON.stringify(observable(fresh)))}`,
      );
    }
  }
}

// ------------------------------------------------------------------ the two parsers agree

/** AST without anything but structure and spans, for comparing the parsers. */
const plain = (x: unknown): unknown => JSON.parse(JSON.stringify(x, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)));

/**
 * The fast parser is a speed-up of the ohm grammar: for every statement it either
 * declines (null: ohm parses it) or builds exactly the AST ohm builds. A statement it
 * accepts and ohm rejects, or parses differently, is a bug in one of them.
 */
export function checkParsersAgree(text: string): void {
  for (const chunk of splitStatements(text)) {
    if (chunk.preprocessor) continue;
    const src = chunk.text + (chunk.terminated ? '' : ';');
    let fast: unknown;
    try {
      fast = fastParseStatement(src);
    } catch (e) {
      if (e instanceof RangeError) continue; // too deep for either; the nesting limits handle it
      fail(`fast parser throws ${errKind(e)}`, `${errText(e)} on ${short(src)}`);
    }
    if (!fast) continue;
    let ohm;
    try {
      ohm = parseStatementWithOhm(src);
    } catch (e) {
      if (e instanceof RangeError) continue;
      throw e;
    }
    if (!ohm.ok) fail('fast parser accepts what the grammar rejects', `${short(src)}: grammar says ${ohm.error.message}`);
    else if (!isDeepStrictEqual(plain(fast), plain(ohm.statement))) {
      fail(
        'fast parser and grammar build different trees',
        `${short(src)}: fast ${firstDifference(JSON.stringify(plain(fast)), JSON.stringify(plain(ohm.statement)))} (grammar)`,
      );
    }
  }
}

// ------------------------------------------------------------------ the properties

export interface FuzzProperty<T = any> {
  name: string;
  /** What the property asserts, for reports. */
  asserts: string;
  arbitrary: fc.Arbitrary<T>;
  check(input: T): void;
  /** Share of the big run's inputs (scripts/fuzz.mjs), in percent. */
  weight: number;
  /** Rough cost of one input in ms, to share the big run's time bound. */
  costMs: number;
}

export const PROPERTIES: FuzzProperty[] = [
  {
    name: 'soup',
    asserts: 'token soups from the grammar vocabulary: analysis never throws, diagnostic ranges inside the document',
    arbitrary: tokenSoup,
    check: (t: string) => void checkAnalysis(t),
    weight: 26,
    costMs: 2,
  },
  {
    name: 'program',
    asserts: 'grammar-directed programs: analysis never throws, ranges inside, every value prints and reads back to itself',
    arbitrary: program,
    check: (t: string) => checkRoundTrip(checkAnalysis(t)),
    weight: 20,
    costMs: 6,
  },
  {
    name: 'mutation',
    asserts: 'mutated examples and golden expressions (delete, duplicate, swap, insert any character): no throw, ranges inside, values read back',
    arbitrary: mutatedCorpus,
    check: (m: { text: string }) => checkRoundTrip(checkAnalysis(m.text)),
    weight: 20,
    costMs: 1.2,
  },
  {
    name: 'value',
    asserts: 'random IntTuples and layouts (edge integers, empty and rank-1 tuples): print and read back identically',
    arbitrary: fc.oneof(intTuple, layoutValue),
    check: (v: Value) => checkValueRoundTrip(v),
    weight: 14,
    costMs: 0.5,
  },
  {
    name: 'features',
    asserts:
      'soups and programs: hover, inlay hints, completion, signature help, code actions, navigation answer at every position; symbols, tokens, folding, formatting answer; all ranges inside',
    arbitrary: fc.oneof(tokenSoup, program),
    check: (t: string) => checkFeatures(t, checkAnalysis(t)),
    weight: 12,
    costMs: 7,
  },
  {
    name: 'features-examples',
    asserts: 'mutated example files: every feature at every position (sampled to 600 positions), ranges inside',
    arbitrary: mutatedExample,
    check: (m: { text: string }) => checkFeatures(m.text, checkAnalysis(m.text), { maxPositions: 600 }),
    weight: 3,
    costMs: 100,
  },
  {
    name: 'parsers',
    asserts: 'the fast parser builds exactly the tree of the ohm grammar, or declines (soups, programs, mutated examples and goldens)',
    arbitrary: anyDocument,
    check: (t: string) => checkParsersAgree(t),
    weight: 6,
    costMs: 4,
  },
  {
    name: 'incremental',
    asserts: 'an Analyzer reused across random edits agrees with a fresh analysis after every edit',
    arbitrary: fc.tuple(anyDocument, fc.array(edit, { minLength: 1, maxLength: 8 })),
    check: ([t, es]: [string, Edit[]]) => checkIncremental(t, es),
    weight: 4,
    costMs: 50,
  },
];

/** The LSP edit-sequence property (async, needs dist/server.js): its share of the big run. */
export const LSP_PROPERTY = {
  name: 'lsp',
  asserts:
    'random edit sequences through incremental didChange against dist/server.js: the server stays up, answers every request, and its diagnostics (pulled with the previous resultId, an unchanged report keeping what the client holds) and hovers equal a local analysis of the same text',
  weight: 1,
  costMs: 70,
};

export const propertyByName = (name: string) => PROPERTIES.find((p) => p.name === name);

/** A fast-check property for one of PROPERTIES. */
export function toProperty<T>(p: FuzzProperty<T>): fc.IPropertyWithHooks<[T]> {
  return fc.property(p.arbitrary, (input) => {
    p.check(input);
  });
}

// ------------------------------------------------------------------ edit sequences through the LSP server

export type EditSession = { initial: string; batches: Edit[][]; probes: number[] };

export interface LspFuzzer {
  /** Checks one edit session; throws a PropertyFailure when the server misbehaves. */
  predicate(input: EditSession): Promise<void>;
  property: fc.IAsyncPropertyWithHooks<[EditSession]>;
  close(): Promise<void>;
  /** Servers started (more than one means a server died and was restarted). */
  starts: number;
}

const TIMEOUT_MS = 10_000;

function withTimeout<T>(what: string, p: Promise<T>, ms = TIMEOUT_MS): Promise<T> {
  let t: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(t)),
    new Promise<T>((_, reject) => {
      t = setTimeout(() => reject(new PropertyFailure('server did not answer', `${what} within ${ms} ms`)), ms);
    }),
  ]);
}

/**
 * Random edit sequences applied through incremental didChange (ranges, several
 * changes per notification, full replacements) against dist/server.js. After the
 * edits the server's pulled diagnostics (full reports and `unchanged` ones, with the
 * previous resultId, held as a client holds them) and its hovers equal a local analysis of
 * the text the edits produce; the server never answers an error nor dies.
 */
export async function startLspFuzzer(): Promise<LspFuzzer> {
  let client: TestClient | undefined;
  let seq = 0;
  const state = { starts: 0 };
  const ensure = async (): Promise<TestClient> => {
    if (client && client.process.exitCode === null && client.process.signalCode === null) return client;
    if (client) await client.close().catch(() => undefined);
    client = await startClient({ textDocument: { diagnostic: { dynamicRegistration: false } } });
    state.starts++;
    return client;
  };
  await ensure();

  const request = async <R>(c: TestClient, method: string, params: unknown): Promise<R> => {
    try {
      return await withTimeout(method, c.request<R>(method, params));
    } catch (e) {
      if (e instanceof PropertyFailure) throw e;
      return fail('server answered an error', `${method}: ${errText(e)}`);
    }
  };

  const predicate = async ({ initial, batches, probes }: EditSession): Promise<void> => {
    const c = await ensure();
    const uri = `file:///fuzz/${++seq}.tla`;
    let text = initial;
    let version = 1;
    await c.open(uri, text);
    try {
      const hoverMatches = async (at: number) => {
        const td = TextDocument.create(uri, 'tla-layout', version, text);
        const position = td.positionAt(Math.floor(at * (text.length + 1)));
        const got = await request<unknown>(c, 'textDocument/hover', { textDocument: { uri }, position });
        const local = hover({ ...analysedDocument(text, analyze(text)), uri }, position, DEFAULT_SETTINGS);
        const want = JSON.parse(JSON.stringify(local ?? null));
        if (!isDeepStrictEqual(got, want))
          fail(
            'server hover differs from a local analysis',
            `at ${JSON.stringify(position)} of ${short(text)}: ${firstDifference(JSON.stringify(got), JSON.stringify(want))}`,
          );
      };
      // The diagnostics the client shows: a full report replaces them, an unchanged one keeps
      // them; after every pull they equal a fresh analysis of the text.
      let held: LspDiagnostic[] = [];
      let resultId: string | undefined;
      const pulledMatch = async () => {
        type Report = { kind: 'full'; resultId?: string; items: LspDiagnostic[] } | { kind: 'unchanged'; resultId: string };
        const report = await request<Report>(c, 'textDocument/diagnostic', { textDocument: { uri }, previousResultId: resultId });
        if (report.kind === 'unchanged' && report.resultId !== resultId)
          fail('unchanged report under another resultId', `${report.resultId} for ${resultId}`);
        if (report.kind === 'full') held = report.items;
        resultId = report.resultId;
        const want = JSON.parse(JSON.stringify(toLspDiagnostics(uri, analyze(text), new LineIndex(text))));
        if (!isDeepStrictEqual(held, want)) {
          fail(
            report.kind === 'unchanged' ? 'server said unchanged, but the diagnostics changed' : 'server diagnostics differ from a local analysis',
            `${short(text)}: ${firstDifference(JSON.stringify(held), JSON.stringify(want))}`,
          );
        }
      };
      await pulledMatch();
      for (let b = 0; b < batches.length; b++) {
        const changes: { range?: Range; text: string }[] = [];
        for (const e of batches[b]) {
          const td = TextDocument.create(uri, 'tla-layout', version, text);
          const next = spliceEdit(text, e);
          changes.push(e.full ? { text: e.text } : { range: { start: td.positionAt(next.start), end: td.positionAt(next.end) }, text: e.text });
          text = next.text;
        }
        await c.change(uri, ++version, changes);
        if (b % 3 === 1) await hoverMatches(probes[b % probes.length]);
        if (b % 2 === 0) await pulledMatch();
      }
      for (const at of probes) await hoverMatches(at);
      await pulledMatch();
      const td = TextDocument.create(uri, 'tla-layout', version, text);
      for (const d of held) checkRange(td, d.range, `server diagnostic ${d.code}`);
    } finally {
      if (c.process.exitCode === null) await c.connection.sendNotification('textDocument/didClose', { textDocument: { uri } }).catch(() => undefined);
    }
    if (c.process.exitCode !== null || c.process.signalCode !== null)
      fail('server died', `exit ${c.process.exitCode} ${c.process.signalCode}: ${c.stderr().slice(-500)}`);
  };

  return {
    predicate,
    property: fc.asyncProperty(editSession, predicate),
    get starts() {
      return state.starts;
    },
    close: async () => {
      if (client) await client.close();
    },
  };
}
