// One-line feature tests, in process (rust-analyzer's `check(fixture, expect)`, Langium's
// `expectHover`). A fixture is the document's text with markers:
//
//   $0        the cursor (at most one)
//   [| … |]   an expected range (the hover's, the definition's, the references')
//
// The markers are removed, the text analysed as the server analyses it (Analyzer or
// CppAnalyzer), and the feature of server/src/features called on it, so a test sees the LSP
// answer an editor would get. For example:
//
//   checkHover('auto a = MakeLayout(MakeShape(4,8), MakeStride(8,1));\nauto o = a(MakeCoord($01, 2));', ['**offset 10**']);
//
// (1·8 + 2·1 = 10). Tests over the real server process use test/protocol/client.ts instead.
import assert from 'node:assert/strict';
import type { CodeAction, CompletionItem, Diagnostic, Position, Range, TextEdit } from 'vscode-languageserver';
import type { AnalysedDocument } from '../../server/src/documents';
import { codeActions } from '../../server/src/features/codeActions';
import { completion } from '../../server/src/features/completion';
import { toLspDiagnostics } from '../../server/src/features/diagnostics';
import { hover } from '../../server/src/features/hover';
import { inlayHints } from '../../server/src/features/inlayHints';
import { definition, references, rename } from '../../server/src/features/navigation';
import { DEFAULT_SETTINGS, Settings } from '../../server/src/features/settings';
import { signatureHelp } from '../../server/src/features/signatureHelp';
import { Analyzer, CppAnalyzer, DocumentAnalysis, LineIndex } from '../../server/src/language';

export interface Fixture {
  doc: AnalysedDocument;
  /** The cursor ($0), as an offset and a position; undefined without a $0. */
  offset?: number;
  position?: Position;
  /** The ranges marked [| … |], in order. */
  ranges: Range[];
}

export interface FixtureOptions {
  /** Analyse as a C++ file (the TLA inside a kernel). */
  cpp?: boolean;
}

/**
 * A document as the server holds it: the text analysed as a .tla file, or as C++ with
 * `cpp` (to the end: a call that yielded is continued, as the server does). `analysis` gives
 * one already made. Every language test builds its documents here.
 */
export function analysedDocument(text: string, options: FixtureOptions & { analysis?: DocumentAnalysis } = {}): AnalysedDocument {
  let analysis = options.analysis;
  if (!analysis && options.cpp) {
    const analyzer = new CppAnalyzer();
    let a = analyzer.analyze(text);
    for (let i = 0; !a.complete; i++) {
      if (i > 1_000_000) throw new Error('the analysis never completes');
      a = analyzer.analyze(text);
    }
    analysis = a;
  }
  return {
    uri: options.cpp ? 'file:///fixture.cpp' : 'file:///fixture.tla',
    version: 1,
    kind: options.cpp ? 'cpp' : 'tla',
    text,
    analysis: analysis ?? new Analyzer().analyze(text),
    lines: new LineIndex(text),
  };
}

/** The hover's markdown at the first occurrence of `needle` in a document (plus `delta` characters); '' for none. */
export function hoverAtText(doc: AnalysedDocument, needle: string, delta = 1, settings: Settings = DEFAULT_SETTINGS): string {
  const at = doc.text.indexOf(needle);
  assert.ok(at >= 0, `${needle} is not in the text`);
  const h = hover(doc, doc.lines.position(at + delta), settings);
  return h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
}

/** Parses the markers out of a fixture and analyses the text. */
export function fixture(marked: string, options: FixtureOptions = {}): Fixture {
  let text = '';
  let offset: number | undefined;
  const spans: [number, number][] = [];
  const open: number[] = [];
  for (let i = 0; i < marked.length;) {
    if (marked.startsWith('$0', i)) {
      assert.equal(offset, undefined, 'a fixture has at most one $0');
      offset = text.length;
      i += 2;
    } else if (marked.startsWith('[|', i)) {
      open.push(text.length);
      i += 2;
    } else if (marked.startsWith('|]', i)) {
      const start = open.pop();
      assert.ok(start !== undefined, 'a |] without its [|');
      spans.push([start, text.length]);
      i += 2;
    } else text += marked[i++];
  }
  assert.equal(open.length, 0, 'a [| without its |]');
  spans.sort((a, b) => a[0] - b[0]);
  const doc = analysedDocument(text, options);
  const lines = doc.lines;
  return {
    doc,
    offset,
    position: offset === undefined ? undefined : lines.position(offset),
    ranges: spans.map(([s, e]) => ({ start: lines.position(s), end: lines.position(e) })),
  };
}

function cursor(f: Fixture): Position {
  assert.ok(f.position, 'the fixture needs a $0 cursor');
  return f.position;
}

/** The text of a range of the fixture's document. */
const textOf = (f: Fixture, r: Range) =>
  f.doc.text.slice(f.doc.lines.offset(r.start.line, r.start.character), f.doc.lines.offset(r.end.line, r.end.character));

/**
 * The hover at $0. `expect`: the whole markdown (a string), parts it must contain (an array),
 * or null for no hover. A [| … |] in the fixture is the range the hover must span.
 */
export function checkHover(marked: string, expect: string | string[] | null, options: FixtureOptions & { settings?: Settings } = {}): string {
  const f = fixture(marked, options);
  const h = hover(f.doc, cursor(f), options.settings ?? DEFAULT_SETTINGS);
  if (expect === null) {
    assert.equal(h, null, 'expected no hover');
    return '';
  }
  assert.ok(h, 'expected a hover');
  const md = typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : String(h.contents);
  if (typeof expect === 'string') assert.equal(md, expect);
  else for (const part of expect) assert.ok(md.includes(part), `the hover lacks ${JSON.stringify(part)}:\n${md}`);
  if (f.ranges.length) assert.deepEqual(h.range, f.ranges[0], `the hover spans ${JSON.stringify(h.range && textOf(f, h.range))}`);
  return md;
}

/**
 * The inlay hints of the whole document, written into the text as `⟨label⟩` where they sit:
 * `expect` is the text with its hints, e.g. `auto o = crd2offset(MakeCoord(1,2), s, d)⟨= 10⟩;`.
 */
export function checkInlayHints(marked: string, expect: string, options: FixtureOptions & { settings?: Settings } = {}): void {
  const f = fixture(marked, options);
  const end = f.doc.lines.position(f.doc.text.length);
  const hints = inlayHints(f.doc, { start: { line: 0, character: 0 }, end }, options.settings ?? DEFAULT_SETTINGS);
  let out = '';
  let at = 0;
  for (const h of hints) {
    const o = f.doc.lines.offset(h.position.line, h.position.character);
    out += f.doc.text.slice(at, o) + `⟨${typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('')}⟩`;
    at = o;
  }
  out += f.doc.text.slice(at);
  assert.equal(out, expect);
}

/**
 * The completion at $0 (invoked, as Ctrl+Space). `expect`: labels it must offer (`includes`)
 * and must not (`excludes`), or null for an empty list.
 */
export function checkCompletion(marked: string, expect: { includes?: string[]; excludes?: string[] } | null): CompletionItem[] {
  const f = fixture(marked);
  const items = completion(f.doc, cursor(f), { triggerKind: 1 }).items;
  if (expect === null) {
    assert.deepEqual(
      items.map((i) => i.label),
      [],
      'expected no completion',
    );
    return items;
  }
  const labels = new Set(items.map((i) => i.label));
  for (const l of expect.includes ?? []) assert.ok(labels.has(l), `completion lacks ${l}: ${[...labels].slice(0, 40).join(', ')}…`);
  for (const l of expect.excludes ?? []) assert.ok(!labels.has(l), `completion offers ${l}`);
  return items;
}

/** Go to definition at $0: the [| … |] range, or nowhere when the fixture marks none. */
export function checkDefinition(marked: string): void {
  const f = fixture(marked);
  const d = definition(f.doc, cursor(f));
  if (!f.ranges.length) assert.equal(d, null, 'expected no definition');
  else assert.deepEqual(d?.range, f.ranges[0], `the definition is at ${JSON.stringify(d && textOf(f, d.range))}`);
}

/** Find all references at $0 (with the declaration): exactly the [| … |] ranges. */
export function checkReferences(marked: string): void {
  const f = fixture(marked);
  const refs = references(f.doc, cursor(f), true).map((l) => l.range);
  const key = (r: Range) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
  assert.deepEqual(refs.map(key).sort(), f.ranges.map(key).sort());
}

/**
 * Rename at $0 to newName: refused (an LSP error whose message contains `refused`), or edits at
 * exactly the [| … |] ranges, each replaced by newName.
 */
export function checkRename(marked: string, newName: string, expect: { refused: string } | 'edits'): void {
  const f = fixture(marked);
  const r = rename(f.doc, cursor(f), newName);
  if (expect !== 'edits') {
    assert.ok(!('changes' in r), `rename to '${newName}' was accepted`);
    assert.match((r as { message: string }).message, new RegExp(expect.refused));
    return;
  }
  assert.ok('changes' in r && r.changes, `rename to '${newName}' was refused: ${(r as { message?: string }).message}`);
  const edits = Object.values(r.changes).flat();
  const key = (x: Range) => `${x.start.line}:${x.start.character}-${x.end.line}:${x.end.character}`;
  assert.deepEqual(edits.map((e) => key(e.range)).sort(), f.ranges.map(key).sort());
  for (const e of edits) assert.equal(e.newText, newName);
}

/** The signature help at $0: the active signature's label and the active parameter's. */
export function checkSignature(marked: string, expect: { label: string; parameter: string } | null): void {
  const f = fixture(marked);
  const h = signatureHelp(f.doc, cursor(f));
  if (expect === null) {
    assert.equal(h, null, 'expected no signature help');
    return;
  }
  assert.ok(h, 'expected signature help');
  const s = h.signatures[h.activeSignature ?? 0];
  assert.equal(s.label, expect.label);
  assert.equal(s.parameters?.[h.activeParameter ?? 0]?.label, expect.parameter);
}

/** The diagnostics of the document that touch the cursor's line, as the client sends them with a code action request. */
function diagnosticsAt(f: Fixture, at: Position): Diagnostic[] {
  return toLspDiagnostics(f.doc.uri, f.doc.analysis, f.doc.lines).filter((d) => d.range.start.line <= at.line && at.line <= d.range.end.line);
}

/** The code actions the editor gets at the cursor, asked with the diagnostics of its line. */
function actionsAt(f: Fixture, at: Position): CodeAction[] {
  return codeActions(f.doc, {
    textDocument: { uri: f.doc.uri },
    range: { start: at, end: at },
    context: { diagnostics: diagnosticsAt(f, at) },
  });
}

/** The code actions at $0 (with the diagnostics of its line): their titles, in order. */
export function checkCodeActions(marked: string, expect: string[]): CodeAction[] {
  const f = fixture(marked);
  const at = cursor(f);
  const actions = actionsAt(f, at);
  assert.deepEqual(
    actions.map((a) => a.title),
    expect,
  );
  return actions;
}

/** Applies the code action at $0 whose title starts with `title`; `expect` is the text after its edit. */
export function checkFix(marked: string, title: string, expect: string): void {
  const f = fixture(marked);
  const actions = actionsAt(f, cursor(f));
  const a = actions.find((x) => x.title.startsWith(title));
  assert.ok(a, `no action "${title}…" among ${JSON.stringify(actions.map((x) => x.title))}`);
  const edits: TextEdit[] = a.edit?.changes?.[f.doc.uri] ?? [];
  assert.ok(edits.length, `"${a.title}" has no edit`);
  let text = f.doc.text;
  const placed = edits
    .map((e) => ({
      start: f.doc.lines.offset(e.range.start.line, e.range.start.character),
      end: f.doc.lines.offset(e.range.end.line, e.range.end.character),
      newText: e.newText,
    }))
    .sort((x, y) => y.start - x.start);
  for (const e of placed) text = text.slice(0, e.start) + e.newText + text.slice(e.end);
  assert.equal(text, expect);
}
