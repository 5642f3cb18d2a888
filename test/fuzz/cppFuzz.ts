// The C++ fuzz campaign (issue 13): real kernels from ../shared/corpus (the examples when
// it is absent) mutated and retyped character by character, checking the invariants of
// the `.tla` fuzz:
//   - the analysis never throws, and every diagnostic, hover and hint lies inside the document;
//   - a CppAnalyzer reused across the edits (incremental, caches, yields) equals a fresh one;
//   - through dist/server.js: the server stays alive, answers every request, and its
//     diagnostics and hovers equal a local analysis of the same text.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { Diagnostic as LspDiagnostic, Position, Range } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { toLspDiagnostics } from '../../server/src/features/diagnostics';
import { hover } from '../../server/src/features/hover';
import { inlayHints } from '../../server/src/features/inlayHints';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { CppAnalyzer, LineIndex } from '../../server/src/language';
import { CppAnalysis } from '../../server/src/language/cpp/kernelAnalysis';
import { DIAGNOSTIC_CODES } from '../../server/src/language/syntax/diagnostics';
import { ROOT, SHARED_DIR } from '../helpers';
import { TestClient, startClient } from '../protocol/client';
import { analyzeFully, cppDoc, cppObservable } from '../cpp/cppTestKit';
import { Mutation, applyMutation, mutation } from './arbitraries';
import { PropertyFailure, checkRange } from './properties';

const fail = (kind: string, detail: string): never => {
  throw new PropertyFailure(kind, detail);
};
const short = (s: string, n = 160) => JSON.stringify(s.length > n ? s.slice(0, n) + '…' : s);
const errText = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));
const errKind = (e: unknown) =>
  errText(e)
    .replace(/'[^']*'/g, "'…'")
    .replace(/-?\d+/g, 'N')
    .slice(0, 90);

export const CORPUS_DIR = path.join(SHARED_DIR, 'corpus', 'catlass');
const CPP_FILE = /\.(cpp|hpp|h|asc|cc|cxx)$/i;
const USES_TLA = /tla::|#\s*include\s*[<"]tla\//;

function walk(dir: string, out: string[]): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) walk(f, out);
    else if (CPP_FILE.test(e.name)) out.push(f);
  }
}

let corpusCache: { name: string; text: string }[] | undefined;
/**
 * The C++ files that use TLA in ../shared/corpus/catlass (up to 300 KB each), or, in a bare
 * clone without it, the project's own C++ examples.
 */
export function cppCorpus(): { name: string; text: string }[] {
  if (corpusCache) return corpusCache;
  const files: string[] = [];
  if (existsSync(CORPUS_DIR)) walk(CORPUS_DIR, files);
  let list = files
    .filter((f) => statSync(f).size <= 300_000)
    .map((f) => ({ name: path.relative(SHARED_DIR, f), text: readFileSync(f, 'utf8') }))
    .filter((c) => USES_TLA.test(c.text));
  if (!list.length) {
    const ex = path.join(ROOT, 'examples', 'cpp');
    const local: string[] = [];
    if (existsSync(ex)) walk(ex, local);
    list = local.map((f) => ({ name: path.relative(ROOT, f), text: readFileSync(f, 'utf8') }));
  }
  list.sort((a, b) => (a.name < b.name ? -1 : 1));
  return (corpusCache = list);
}

/** Offsets of the TLA sites of a text (where retyping matters most). */
function sites(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/tla::|MakeLayout|GetTile|MakeShape|MakeCoord|Layout</g)) out.push(m.index!);
  return out.length ? out : [0];
}

export type CppOp =
  | { kind: 'mutate'; m: Mutation }
  /** Delete `len` characters at a TLA site and type them back one by one. */
  | { kind: 'retype'; site: number; len: number }
  /** Every line end becomes `eol`. */
  | { kind: 'eol'; eol: '\n' | '\r\n' | '\r' };

export const cppOp: fc.Arbitrary<CppOp> = fc.oneof(
  { weight: 4, arbitrary: mutation.map((m): CppOp => ({ kind: 'mutate', m })) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('retype' as const), site: fc.nat(), len: fc.integer({ min: 1, max: 48 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('eol' as const), eol: fc.constantFrom('\n' as const, '\r\n' as const, '\r' as const) }) },
);

export interface CppSession {
  file: number;
  ops: CppOp[];
  /** Where hovers are asked (fractions of the text). */
  probes: number[];
  /** The live analyzer's time budget: 0 yields after every new evaluation, so every call is a continuation. */
  budget: number;
}

export const cppSession: fc.Arbitrary<CppSession> = fc.record({
  file: fc.nat(),
  ops: fc.array(cppOp, { minLength: 1, maxLength: 5 }),
  probes: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 }),
  budget: fc.constantFrom(0, 5, Infinity),
});

/** An edit as an LSP client sends it: replace [start, end) by text. */
interface Change {
  start: number;
  end: number;
  text: string;
}

/** The edits an op makes, one at a time (a retype is one edit a character). */
export function opChanges(text: string, op: CppOp): Change[] {
  if (op.kind === 'mutate') {
    const next = applyMutation(text, op.m);
    return [{ start: 0, end: text.length, text: next }];
  }
  if (op.kind === 'eol') return [{ start: 0, end: text.length, text: text.replace(/\r\n|\r|\n/g, op.eol) }];
  const s = sites(text);
  let at = s[op.site % s.length];
  let end = Math.min(text.length, at + op.len);
  // never split a \r\n pair: a client cannot address the place between them
  if (text[at - 1] === '\r' && text[at] === '\n') at--;
  if (text[end - 1] === '\r' && text[end] === '\n') end++;
  const piece = text.slice(at, end);
  const out: Change[] = [{ start: at, end, text: '' }];
  let p = at;
  for (let i = 0; i < piece.length; i++) {
    // \r\n is typed as one key
    const ch = piece[i] === '\r' && piece[i + 1] === '\n' ? '\r\n' : piece[i];
    if (ch.length === 2) i++;
    out.push({ start: p, end: p, text: ch });
    p += ch.length;
  }
  return out;
}

const apply = (text: string, c: Change) => text.slice(0, c.start) + c.text + text.slice(c.end);

function analyse(analyzer: CppAnalyzer, text: string): CppAnalysis {
  try {
    return analyzeFully(analyzer, text);
  } catch (e) {
    return fail(`C++ analysis throws ${errKind(e)}`, `${errText(e)} on ${short(text)}`);
  }
}

/** Diagnostics, hovers at sampled positions and every hint of the document lie inside it. */
export function checkCppRanges(text: string, a: CppAnalysis, probes: number[]): void {
  const td = TextDocument.create('file:///fuzz.cpp', 'cpp', 1, text);
  for (const d of a.diagnostics) {
    if (!(d.code in DIAGNOSTIC_CODES)) fail('unknown diagnostic code', d.code);
    if (d.start < 0 || d.end < d.start || d.end > text.length)
      fail('C++ diagnostic offsets outside the document', `${d.code} [${d.start}, ${d.end}) in ${text.length}`);
  }
  const doc = cppDoc(text, a);
  for (const d of toLspDiagnostics(doc.uri, a, doc.lines)) checkRange(td, d.range, `C++ diagnostic ${d.code}`);
  const whole: Range = { start: { line: 0, character: 0 }, end: td.positionAt(text.length) };
  let hints;
  try {
    hints = inlayHints(doc, whole, DEFAULT_SETTINGS);
  } catch (e) {
    return fail(`C++ inlay hints throw ${errKind(e)}`, `${errText(e)} on ${short(text)}`);
  }
  for (const h of hints) {
    const back = td.positionAt(td.offsetAt(h.position));
    if (back.line !== h.position.line || back.character !== h.position.character)
      fail('C++ inlay hint outside the document', `${JSON.stringify(h.position)} on ${short(text)}`);
  }
  // hovers at the probes and at every site
  const at = [
    ...probes.map((f) => Math.floor(f * (text.length + 1))),
    ...sites(text)
      .slice(0, 40)
      .map((o) => o + 2),
  ];
  for (const o of at) {
    const p = td.positionAt(Math.min(o, text.length));
    let h;
    try {
      h = hover(doc, p, DEFAULT_SETTINGS);
    } catch (e) {
      return fail(`C++ hover throws ${errKind(e)}`, `${errText(e)} at ${JSON.stringify(p)} on ${short(text)}`);
    }
    if (h?.range) checkRange(td, h.range, 'C++ hover');
  }
}

/** One session in process: the live analyzer follows every edit and equals a fresh one. */
export function checkCppSession(s: CppSession): void {
  const all = cppCorpus();
  const file = all[s.file % all.length];
  const live = new CppAnalyzer();
  live.budgetMs = s.budget;
  let text = file.text;
  analyse(live, text);
  for (const op of s.ops) {
    const changes = opChanges(text, op);
    for (let i = 0; i < changes.length; i++) {
      text = apply(text, changes[i]);
      const a = analyse(live, text);
      // every 8th keystroke of a retype and the end of each op: compare with a fresh analysis
      if (i === changes.length - 1 || i % 8 === 7) {
        const fresh = analyse(new CppAnalyzer(), text);
        const got = cppObservable(a);
        const want = cppObservable(fresh);
        if (!isDeepStrictEqual(got, want)) {
          fail(
            'incremental C++ analysis differs from a fresh one',
            `${file.name} after ${op.kind}: ${JSON.stringify(got).slice(0, 300)} vs ${JSON.stringify(want).slice(0, 300)}`,
          );
        }
        if (i === changes.length - 1) checkCppRanges(text, a, s.probes);
      }
    }
  }
}

export const CPP_PROPERTIES = [
  {
    name: 'cpp',
    asserts:
      'real C++ kernels (../shared/corpus, else the examples) mutated and retyped one character at a time: no throw, diagnostics, hints and hovers inside, the live analysis equal to a fresh one',
    arbitrary: cppSession,
    check: (s: CppSession) => checkCppSession(s),
    weight: 2,
    // measured: 2,000 sessions in 106 s on the 2-core machine
    costMs: 60,
  },
];

// ------------------------------------------------------------------ through the server

export const CPP_LSP_PROPERTY = {
  name: 'cpp-lsp',
  asserts:
    'the same C++ sessions through didChange against dist/server.js: alive, every request answered, ranges inside, diagnostics and hovers equal a local analysis',
  weight: 1,
  // measured: 1,000 sessions in 37 s
  costMs: 40,
};

const TIMEOUT_MS = 30_000;
function withTimeout<T>(what: string, p: Promise<T>, ms = TIMEOUT_MS): Promise<T> {
  let t: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(t)),
    new Promise<T>((_, reject) => {
      t = setTimeout(() => reject(new PropertyFailure('server did not answer', `${what} within ${ms} ms`)), ms);
    }),
  ]);
}

export interface CppLspFuzzer {
  predicate(input: CppSession): Promise<void>;
  property: fc.IAsyncPropertyWithHooks<[CppSession]>;
  close(): Promise<void>;
  starts: number;
}

const PAUSED = /^analysis paused here/;

export async function startCppLspFuzzer(): Promise<CppLspFuzzer> {
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

  const predicate = async (s: CppSession): Promise<void> => {
    const c = await ensure();
    const all = cppCorpus();
    const file = all[s.file % all.length];
    const uri = `file:///fuzz/${++seq}.cpp`;
    let text = file.text;
    let version = 1;
    await c.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'cpp', version, text } });
    try {
      for (const op of s.ops) {
        const changes = opChanges(text, op);
        for (let i = 0; i < changes.length; i++) {
          const ch = changes[i];
          const td = TextDocument.create(uri, 'cpp', version, text);
          const range = { start: td.positionAt(ch.start), end: td.positionAt(ch.end) };
          text = apply(text, ch);
          await c.change(uri, ++version, [{ range, text: ch.text }]);
          // an editor asks for hints as the user types
          if (i % 5 === 0) {
            const now = TextDocument.create(uri, 'cpp', version, text);
            const hints = await request<{ position: Position }[] | null>(c, 'textDocument/inlayHint', {
              textDocument: { uri },
              range: { start: { line: 0, character: 0 }, end: now.positionAt(text.length) },
            });
            for (const h of hints ?? []) {
              const back = now.positionAt(now.offsetAt(h.position));
              if (back.line !== h.position.line || back.character !== h.position.character)
                fail('server inlay hint outside the document', `${JSON.stringify(h.position)} in ${short(text)}`);
            }
          }
        }
      }
      // the diagnostics of the analysis to the end (a pull may answer a yielded one: pull again)
      let items: LspDiagnostic[] = [];
      for (let k = 0; k < 200; k++) {
        const report = await request<{ kind: string; items: LspDiagnostic[] }>(c, 'textDocument/diagnostic', { textDocument: { uri } });
        items = report.items;
        if (!items.some((d) => PAUSED.test(String(d.message)))) break;
      }
      const local = cppDoc(text, analyzeFully(new CppAnalyzer(), text));
      const want = JSON.parse(JSON.stringify(toLspDiagnostics(uri, local.analysis, new LineIndex(text))));
      if (!isDeepStrictEqual(items, want))
        fail(
          'server C++ diagnostics differ from a local analysis',
          `${file.name}: ${JSON.stringify(items).slice(0, 300)} vs ${JSON.stringify(want).slice(0, 300)}`,
        );
      const td = TextDocument.create(uri, 'cpp', version, text);
      for (const d of items) checkRange(td, d.range, `server diagnostic ${d.code}`);
      const at = [
        ...s.probes.map((f) => Math.floor(f * (text.length + 1))),
        ...sites(text)
          .slice(0, 10)
          .map((o) => o + 2),
      ];
      for (const o of at) {
        const position = td.positionAt(Math.min(o, text.length));
        const got = await request<unknown>(c, 'textDocument/hover', { textDocument: { uri }, position });
        const mine = hover({ ...local, uri }, position, DEFAULT_SETTINGS);
        if (!isDeepStrictEqual(got, JSON.parse(JSON.stringify(mine ?? null))))
          fail('server C++ hover differs from a local analysis', `at ${JSON.stringify(position)} of ${file.name}`);
      }
    } finally {
      if (c.process.exitCode === null) await c.connection.sendNotification('textDocument/didClose', { textDocument: { uri } }).catch(() => undefined);
    }
    if (c.process.exitCode !== null || c.process.signalCode !== null)
      fail('server died', `exit ${c.process.exitCode} ${c.process.signalCode}: ${c.stderr().slice(-500)}`);
  };

  return {
    predicate,
    property: fc.asyncProperty(cppSession, predicate),
    get starts() {
      return state.starts;
    },
    close: async () => {
      if (client) await client.close();
    },
  };
}
