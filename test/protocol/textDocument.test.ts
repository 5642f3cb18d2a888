// The server's document text (kept in pieces between reads) answers exactly as
// vscode-languageserver-textdocument's TextDocument, the reference, after the same changes:
// text, line count, positions, offsets, line ranges and line breaks — with CRLF pairs split
// and joined by edits, positions outside the text, reversed ranges, whole replacements, and
// more changes than pieces between two reads. Each version's source (what the analysis reads
// in parts) keeps that version's text, whatever changes follow. (A range past the last line is given to the
// reference as ending at the end of the text, as the server document takes it.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { TextSource } from '../../server/src/language';
import { EditedDocument, MAX_PIECES } from '../../server/src/textDocument';

const piece = fc.constantFrom('a', 'auto x = 1;', '\n', '\r\n', '\r', ' ', 'é', '😀', '\t', ';', '');
const text = fc.array(piece, { maxLength: 30 }).map((p) => p.join(''));
const position = fc.record({ line: fc.integer({ min: -2, max: 12 }), character: fc.integer({ min: -2, max: 30 }) });
const change: fc.Arbitrary<TextDocumentContentChangeEvent> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ range: fc.record({ start: position, end: position }), text }) },
  { weight: 1, arbitrary: fc.record({ text }) },
);

function inside(doc: TextDocument, range: Range): Range {
  // (the reference swaps a reversed range before reading it; so does the server document)
  const reversed = range.start.line > range.end.line || (range.start.line === range.end.line && range.start.character > range.end.character);
  const r = reversed ? { start: range.end, end: range.start } : range;
  const end = doc.positionAt(doc.getText().length);
  return { start: r.start.line < doc.lineCount ? r.start : end, end: r.end.line < doc.lineCount ? r.end : end };
}

function sameAnswers(mine: EditedDocument, ref: TextDocument, probes: { line: number; character: number }[]): void {
  const t = ref.getText();
  assert.equal(mine.getText(), t);
  assert.equal(mine.length, t.length);
  assert.equal(mine.lineCount, ref.lineCount);
  assert.equal(mine.version, ref.version);
  for (let o = -1; o <= t.length + 1; o++) assert.deepEqual(mine.positionAt(o), ref.positionAt(o), `positionAt(${o}) of ${JSON.stringify(t)}`);
  for (const p of probes) {
    assert.equal(mine.offsetAt(p), ref.offsetAt(p), `offsetAt(${JSON.stringify(p)}) of ${JSON.stringify(t)}`);
    assert.deepEqual(mine.getLineRange(p.line), ref.getLineRange(p.line));
    assert.equal(mine.getEOLCharacters(p.line), ref.getEOLCharacters(p.line));
  }
  if (probes.length >= 2) {
    const range = { start: probes[0], end: probes[1] };
    assert.equal(mine.getText(range), ref.getText(range));
  }
}

test('the server document answers as TextDocument after every change (read after each, or only at the end)', () => {
  fc.assert(
    fc.property(
      text,
      fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { maxLength: 12 }),
      fc.array(position, { maxLength: 8 }),
      fc.boolean(),
      (start, didChanges, probes, readEach) => {
        const ref = TextDocument.create('file:///a.tla', 'tla-layout', 1, start);
        const mine = EditedDocument.create('file:///a.tla', 'tla-layout', 1, start);
        let version = 1;
        // each version's source, with the text it must keep whatever comes after it
        const sources: [TextSource, string][] = [[mine.source(), start]];
        for (const changes of didChanges) {
          version++;
          // the reference gets each change with a line past the last one taken as the end of the
          // text (as the server document takes it: the library would answer NaN offsets after it)
          for (const c of changes) TextDocument.update(ref, ['range' in c ? { ...c, range: inside(ref, c.range) } : c], version);
          mine.update(changes, version);
          // without a read, the pieces pile up: positions and offsets are answered from them
          if (readEach) sameAnswers(mine, ref, probes);
          else for (const p of probes) assert.equal(mine.offsetAt(p), ref.offsetAt(p));
          sources.push([mine.source(), ref.getText()]);
        }
        sameAnswers(mine, ref, probes);
        for (const [src, t] of sources) {
          assert.equal(src.length, t.length);
          assert.equal(src.hasCR, t.includes('\r'));
          for (let a = 0; a <= t.length; a += 3) for (let b = a; b <= t.length + 1; b += 5) assert.equal(src.slice(a, b), t.slice(a, b));
          assert.equal(src.text(), t);
        }
      },
    ),
    { numRuns: 400 },
  );
});

test('many changes without a read: the text stays right past MAX_PIECES pieces', () => {
  const start = 'auto a = 1;\r\nauto b = 2;\n';
  const ref = TextDocument.create('file:///b.tla', 'tla-layout', 1, start);
  const mine = EditedDocument.create('file:///b.tla', 'tla-layout', 1, start);
  for (let i = 0; i < MAX_PIECES * 3; i++) {
    // insert a digit at spread places, and a line break now and then
    const at = ref.positionAt((i * 7) % (ref.getText().length + 1));
    const c = { range: { start: at, end: at }, text: i % 10 === 0 ? '\n' : String(i % 10) };
    TextDocument.update(ref, [c], i + 2);
    mine.update([c], i + 2);
  }
  sameAnswers(mine, ref, [
    { line: 0, character: 3 },
    { line: 5, character: 100 },
    { line: 1, character: 0 },
  ]);
});
