// The server's per-document bookkeeping: line positions answered by the TextDocument (kept
// up to date edit by edit) agree with a LineIndex of the same text, and the change hints
// the document sync records never claim more unchanged text than there is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentAnalyses, documentLines } from '../../server/src/documents';
import { LineIndex } from '../../server/src/language';

const piece = fc.constantFrom('a', 'auto x = 1;', '\n', '\r\n', '\r', ' ', 'é', '😀', '\t', ';');
const text = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));

test('documentLines answers as a LineIndex of the same text, also after incremental edits', () => {
  fc.assert(
    fc.property(text, fc.array(fc.tuple(fc.nat(), fc.nat({ max: 6 }), text), { maxLength: 6 }), fc.array(fc.tuple(fc.integer({ min: -2, max: 50 }), fc.integer({ min: -3, max: 60 })), { minLength: 1, maxLength: 20 }), (start, edits, probes) => {
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
    }),
    { numRuns: 300 },
  );
});

test('change hints: the analysis after edits recorded by changed() equals a fresh one', () => {
  // DocumentAnalyses is fed the edits as the server's document sync applies them
  fc.assert(
    fc.property(fc.array(fc.constantFrom('auto m = 16;\n', 'auto t = MakeLayout(m);\n', 'print(t(1));\n', 'auto k = m + 1;\n'), { minLength: 1, maxLength: 8 }), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 12 }), fc.constantFrom('', '1', 'm', ';', '\n', 'auto q = 2;', '(')), { minLength: 1, maxLength: 10 }), (lines, edits) => {
      const analyses = new DocumentAnalyses();
      let doc = TextDocument.create('file:///h.tla', 'tla-layout', 1, lines.join(''));
      analyses.get(doc);
      let version = 1;
      for (const [at, len, insert] of edits) {
        const t = doc.getText();
        const a = at % (t.length + 1);
        const b = Math.min(t.length, a + len);
        doc = TextDocument.update(doc, [{ range: { start: doc.positionAt(a), end: doc.positionAt(b) }, text: insert }], ++version);
        analyses.changed(doc.uri, { start: a, inserted: insert.length, length: doc.getText().length });
        if (at % 3 === 0) {
          const got = analyses.get(doc).analysis;
          const want = new DocumentAnalyses().get(doc).analysis;
          assert.deepEqual(got.diagnostics, want.diagnostics);
          assert.deepEqual(got.statements.map((s) => [s.chunk.start, s.chunk.end, s.declaredName]), want.statements.map((s) => [s.chunk.start, s.chunk.end, s.declaredName]));
        }
      }
      const got = analyses.get(doc).analysis;
      const want = new DocumentAnalyses().get(doc).analysis;
      assert.deepEqual(got.diagnostics, want.diagnostics);
    }),
    { numRuns: 200 },
  );
});
