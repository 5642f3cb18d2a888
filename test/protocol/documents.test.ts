// The server's per-document bookkeeping: line positions answered by the TextDocument (kept
// up to date edit by edit) agree with a LineIndex of the same text, and the change hints
// the document sync records never claim more unchanged text than there is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { EditedDocument } from '../../server/src/textDocument';
import { DocumentAnalyses, documentLines } from '../../server/src/documents';
import { conversions, toLspDiagnostics } from '../../server/src/features/diagnostics';
import { Analyzer, LineIndex, printValue } from '../../server/src/language';
import { analysed, compacting, growing } from '../../server/src/memory';

const piece = fc.constantFrom('a', 'auto x = 1;', '\n', '\r\n', '\r', ' ', 'é', '😀', '\t', ';');
const text = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));

test('documentLines answers as a LineIndex of the same text, also after incremental edits', () => {
  fc.assert(
    fc.property(
      text,
      fc.array(fc.tuple(fc.nat(), fc.nat({ max: 6 }), text), { maxLength: 6 }),
      fc.array(fc.tuple(fc.integer({ min: -2, max: 50 }), fc.integer({ min: -3, max: 60 })), { minLength: 1, maxLength: 20 }),
      (start, edits, probes) => {
        let doc = TextDocument.create('file:///a.tla', 'tla-layout', 1, start);
        let version = 1;
        for (const [at, len, insert] of edits) {
          const t = doc.getText();
          const a = at % (t.length + 1);
          const b = Math.min(t.length, a + len);
          doc = TextDocument.update(doc, [{ range: { start: doc.positionAt(a), end: doc.positionAt(b) }, text: insert }], ++version);
        }
        const t = doc.getText();
        const mine = documentLines(doc, t);
        const ref = new LineIndex(t);
        assert.equal(mine.text, t);
        assert.equal(mine.lineCount, ref.lineCount);
        for (let o = -1; o <= t.length + 1; o++) assert.deepEqual(mine.position(o), ref.position(o), `position(${o}) of ${JSON.stringify(t)}`);
        for (const [line, character] of probes) {
          assert.equal(mine.offset(line, character), ref.offset(line, character), `offset(${line}, ${character}) of ${JSON.stringify(t)}`);
        }
      },
    ),
    { numRuns: 300 },
  );
});

/** The document the editor's changes are applied to: the library's, and the server's own (its text read in parts). */
const KINDS = [
  { name: 'TextDocument', create: TextDocument.create, update: TextDocument.update, text: (doc: TextDocument) => doc.getText() },
  {
    name: 'the server document',
    create: (uri: string, language: string, version: number, text: string): TextDocument => EditedDocument.create(uri, language, version, text),
    update: (doc: TextDocument, changes: TextDocumentContentChangeEvent[], version: number): TextDocument => {
      (doc as EditedDocument).update(changes, version);
      return doc;
    },
    // the text as the analysis reads it, from the source: the document itself is not read
    // whole between two analyses (its pieces pile up, as when an editor sends keystrokes)
    text: (doc: TextDocument) => (doc as EditedDocument).source().text(),
  },
];

const STATEMENTS = [
  'uint32_t m = 16;\n',
  'auto t = MakeLayout(m);\n',
  'print(t(1));\n',
  'auto k = m + 1;\n',
  'auto z = MakeLayout<half, zN>(k, 32);\n',
  'auto g = GetTileLayout(z, MakeShape(16, 16), MakeCoord(0, 16));\n',
  'static_assert(k == 17);\n',
  '// note\n',
  'auto bad = nope + m;\n',
];
const splice = fc.tuple(fc.nat(), fc.nat({ max: 12 }), fc.constantFrom('', '1', '7', 'm', 'k', ';', '\n', 'auto q = 2;', '(', 'z', ' ', '//'));

for (const kind of KINDS)
  test(`change hints: the analysis after edits recorded by changed() equals a fresh one (${kind.name})`, () => {
    let multi = 0;
    let whole = 0;
    let kept = 0;
    let checks = 0;
    // DocumentAnalyses is told the edits as the server's document sync applies them, several
    // between two analyses (merged, disjoint changed ranges), now and then a whole replacement
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...STATEMENTS), { minLength: 1, maxLength: 14 }),
        fc.array(fc.tuple(splice, fc.nat({ max: 9 })), { minLength: 1, maxLength: 30 }),
        (lines, edits) => {
          const analyses = new DocumentAnalyses();
          let doc = kind.create('file:///h.tla', 'tla-layout', 1, lines.join(''));
          analyses.get(doc);
          let version = 1;
          const check = () => {
            const got = analyses.get(doc).analysis;
            const regions = (analyses.analyzer(doc.uri) as Analyzer).regions;
            if (regions > 1) multi++;
            if ((analyses.analyzer(doc.uri) as Analyzer).keptDeclarations) kept++;
            if (regions === 0) whole++;
            checks++;
            const fresh = new DocumentAnalyses().get(doc);
            const want = fresh.analysis;
            assert.deepEqual(got.diagnostics, want.diagnostics, doc.getText());
            // what the client gets: the LSP diagnostics, statements' conversions kept across edits
            assert.deepEqual(toLspDiagnostics(doc.uri, got, analyses.get(doc).lines), toLspDiagnostics(doc.uri, want, fresh.lines));
            assert.deepEqual(
              got.statements.map((s) => [
                got.startOf(s),
                got.endOf(s),
                s.chunk.text,
                s.declaredName,
                s.result?.value ? printValue(s.result.value) : null,
              ]),
              want.statements.map((s) => [
                want.startOf(s),
                want.endOf(s),
                s.chunk.text,
                s.declaredName,
                s.result?.value ? printValue(s.result.value) : null,
              ]),
            );
          };
          for (const [[at, len, insert], what] of edits) {
            const t = kind.text(doc);
            if (what === 9) {
              // the whole text replaced
              const next = t.slice(0, at % (t.length + 1)) + insert;
              doc = kind.update(doc, [{ text: next }], ++version);
              analyses.changed(doc.uri, t.length, undefined);
            } else {
              const a = at % (t.length + 1);
              const b = Math.min(t.length, a + len);
              doc = kind.update(doc, [{ range: { start: doc.positionAt(a), end: doc.positionAt(b) }, text: insert }], ++version);
              analyses.changed(doc.uri, t.length, { start: a, removed: b - a, inserted: insert.length });
            }
            if (what < 2) check();
          }
          check();
        },
      ),
      { numRuns: 400 },
    );
    // the edits between two analyses were re-read as separate regions, most analyses were
    // incremental (the fast paths ran, not only the fall-back to a whole analysis)
    assert.ok(multi > 50, `only ${multi} analyses re-split more than one region`);
    // and many kept the previous declarations (the edits declared the same names at the same places)
    assert.ok(kept > 100, `only ${kept} analyses kept the previous declarations`);
    assert.ok(whole < checks / 4, `${whole} of ${checks} analyses split the whole text`);
  });

// Typing: edits inside one line (a number changed, a character typed or deleted) on lines that
// hold several statements, some with diagnostics, some pointing at others (a duplicate's related
// first declaration): the LSP diagnostics brought up to date from the version before (only the
// changed statements and those on the edited line converted again) equal a fresh conversion.
const LINES = [
  'uint32_t m = 16; auto t = MakeLayout(m); print(t(40));\n',
  'auto k = m + 1; static_assert(k == 17); auto bad = nope + m;\n',
  'auto z = MakeLayout<half, zN>(k, 32); auto t = 3; print(z(MakeCoord(1, 99)));\n',
  'auto g = GetTileLayout(z, MakeShape(16, 16), MakeCoord(0, 16)); auto q = t + 2;\n',
  'static_assert(m == 16); auto r = MakeShape(m, k, 1); print(rank(r) + oops);\n',
];
/** The LSP diagnostics the analyses brought up to date for `doc` equal a fresh conversion of it. */
function assertConvertedAsFresh(analyses: DocumentAnalyses, doc: Parameters<DocumentAnalyses['get']>[0], message: string): void {
  const got = analyses.get(doc);
  const fresh = new DocumentAnalyses().get(doc);
  assert.deepEqual(toLspDiagnostics(doc.uri, got.analysis, got.lines), toLspDiagnostics(doc.uri, fresh.analysis, fresh.lines), message);
}

const typing = fc.tuple(fc.nat(), fc.nat({ max: 2 }), fc.constantFrom('', '1', '7', '0', 'm', 'k', ' ', '9'));

for (const kind of KINDS)
  test(`typing within a line: the LSP diagnostics brought up to date by each edit equal a fresh conversion (${kind.name})`, () => {
    const before = conversions.afterEdit;
    let checks = 0;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...LINES), { minLength: 2, maxLength: 10 }),
        fc.array(typing, { minLength: 1, maxLength: 25 }),
        (lines, edits) => {
          const analyses = new DocumentAnalyses();
          let doc = kind.create('file:///typing.tla', 'tla-layout', 1, lines.join(''));
          let version = 1;
          const check = () => {
            assertConvertedAsFresh(analyses, doc, doc.getText());
            checks++;
          };
          check();
          for (const [at, len, insert] of edits) {
            const t = kind.text(doc);
            const a = at % (t.length + 1);
            // within the line: never across a line break
            const lineEnd = t.indexOf('\n', a) < 0 ? t.length : t.indexOf('\n', a);
            const b = Math.min(lineEnd, a + len);
            doc = kind.update(doc, [{ range: { start: doc.positionAt(a), end: doc.positionAt(b) }, text: insert }], ++version);
            analyses.changed(doc.uri, t.length, { start: a, removed: b - a, inserted: insert.length });
            check();
          }
        },
      ),
      { numRuns: 300 },
    );
    // most conversions were brought up to date from the version before (the path under test ran)
    const incremental = conversions.afterEdit - before;
    assert.ok(incremental > checks / 3, `only ${incremental} of ${checks} conversions came from the version before`);
  });

// A burst: several edits between two analyses (an editor's keystrokes gathered by the debounce),
// most within a line, now and then one that adds or removes a line break — two of them can
// leave the line count as it was while the lines between them moved. The LSP diagnostics
// brought up to date from the version before (the regions' statements and those on the lines
// where a region ends converted again) equal a fresh conversion.
const burstEdit = fc.tuple(fc.nat(), fc.nat({ max: 2 }), fc.constantFrom('', '1', '7', '0', 'm', 'k', ' ', '9', '\n'), fc.boolean());

for (const kind of KINDS)
  test(`a burst of edits analysed at once: the LSP diagnostics brought up to date equal a fresh conversion (${kind.name})`, () => {
    const before = conversions.afterEdit;
    let bursts = 0;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...LINES), { minLength: 2, maxLength: 10 }),
        fc.array(fc.array(burstEdit, { minLength: 2, maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        (lines, burstsOf) => {
          const analyses = new DocumentAnalyses();
          let doc = kind.create('file:///burst.tla', 'tla-layout', 1, lines.join(''));
          let version = 1;
          const check = () => assertConvertedAsFresh(analyses, doc, JSON.stringify(kind.text(doc)));
          check();
          for (const edits of burstsOf) {
            for (const [at, len, insert, acrossLines] of edits) {
              const t = kind.text(doc);
              const a = at % (t.length + 1);
              // within the line, unless it may take a line break away
              const lineEnd = t.indexOf('\n', a) < 0 ? t.length : t.indexOf('\n', a);
              const b = acrossLines ? Math.min(t.length, a + len) : Math.min(lineEnd, a + len);
              doc = kind.update(doc, [{ range: { start: doc.positionAt(a), end: doc.positionAt(b) }, text: insert }], ++version);
              analyses.changed(doc.uri, t.length, { start: a, removed: b - a, inserted: insert.length });
            }
            check();
            bursts++;
          }
        },
      ),
      { numRuns: 150 },
    );
    // bursts too were brought up to date from the version before (not converted whole; a burst
    // that renames a statement or moves lines is converted whole: about a third of them here)
    const incremental = conversions.afterEdit - before;
    assert.ok(incremental > bursts / 5, `only ${incremental} of ${bursts} bursts' conversions came from the version before`);
  });

// The merge of issue 15 (change hints) with issue 13 (time budget, lone CR): an analysis
// that yielded is finished before the next text is planned from it with the changed
// ranges told since, and a range right after a lone \r takes the \r in (it reads as \n
// until a \n follows it).
const CR_STATEMENTS = [...STATEMENTS, 'auto c = m; // cr\r', 'auto d = k +\r 1;\r', '#define X 3\r', '\r', '// a\r\n'];
const crSplice = fc.tuple(fc.nat(), fc.nat({ max: 12 }), fc.constantFrom('', '1', 'm', ';', '\n', '\r', '\r\n', 'auto q = 2;', '//', ' '));

for (const kind of KINDS)
  test(`change hints with a time budget of 0 and lone \\r line ends: every analysis, continued across edits, equals a fresh one (${kind.name})`, () => {
    let paused = 0;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...CR_STATEMENTS), { minLength: 1, maxLength: 14 }),
        fc.array(fc.tuple(crSplice, fc.nat({ max: 9 })), { minLength: 1, maxLength: 30 }),
        (lines, edits) => {
          const analyses = new DocumentAnalyses();
          let doc = kind.create('file:///cr.tla', 'tla-layout', 1, lines.join(''));
          analyses.get(doc);
          // each call now yields after one new statement (the server's budget at its most extreme)
          (analyses.analyzer(doc.uri) as Analyzer).budgetMs = 0;
          let version = 1;
          const view = (a: ReturnType<DocumentAnalyses['get']>['analysis']) => ({
            diagnostics: a.diagnostics,
            statements: a.statements.map((s) => [
              a.startOf(s),
              a.endOf(s),
              s.chunk.text,
              s.declaredName,
              s.result?.value ? printValue(s.result.value) : null,
            ]),
          });
          const check = () => {
            let got = analyses.get(doc);
            for (let k = 0; !analyses.complete(got); k++) {
              assert.ok(k < 10_000, 'a yielding analysis never completes');
              got = analyses.get(doc);
            }
            const fresh = new DocumentAnalyses().get(doc);
            const want = fresh.analysis;
            assert.deepEqual(view(got.analysis), view(want), JSON.stringify(doc.getText()));
            // lone \r line ends: the LSP positions, statements' conversions kept across edits
            assert.deepEqual(toLspDiagnostics(doc.uri, got.analysis, got.lines), toLspDiagnostics(doc.uri, want, fresh.lines));
          };
          for (const [[at, len, insert], what] of edits) {
            const t = kind.text(doc);
            const a = at % (t.length + 1);
            const b = Math.min(t.length, a + len);
            doc = kind.update(doc, [{ range: { start: doc.positionAt(a), end: doc.positionAt(b) }, text: insert }], ++version);
            analyses.changed(doc.uri, t.length, { start: a, removed: b - a, inserted: insert.length });
            // one slice of this version (it may pause), as a request between two edits does
            if (what < 4 && !analyses.complete(analyses.get(doc))) paused++;
            if (what === 9) check();
          }
          check();
        },
      ),
      { numRuns: 300 },
    );
    assert.ok(paused > 100, `only ${paused} analyses paused before the next edit`);
  });

test("a document's first analysis collects with V8's defaults (no compaction while the heap grows), the next ones as before", () => {
  const analyses = new DocumentAnalyses();
  analyses.onAnalysed = analysed;
  const seen: boolean[] = [];
  const uri = 'file:///cold.tla';
  let doc = new EditedDocument(uri, 'tla-layout', 1, 'auto a = 4;\nauto b = a * 2;\n');
  // the hooks are told in order: growing before the analysis, analysed when it completes
  analyses.onCold = () => {
    growing();
    seen.push(compacting());
  };
  analyses.get(doc);
  assert.deepEqual(seen, [false], 'the first analysis is cold');
  assert.equal(compacting(), true, 'a completed analysis restores the steady flags');
  doc = new EditedDocument(uri, 'tla-layout', 2, 'auto a = 5;\nauto b = a * 2;\n');
  analyses.get(doc);
  assert.deepEqual(seen, [false], 'an analysis of a document already analysed is not cold');
  analyses.forget(uri);
  analyses.get(doc);
  assert.deepEqual(seen, [false, false], 'reopened: cold again');
  assert.equal(compacting(), true);
});
