// The viewport first: while the cold analysis of a long document is paused (its time budget
// spent), hover and inlay hints answer where the paused analysis already reached, as the
// feature table decides (answersFromPartial). Wherever it says so, the answer must be the one
// the complete analysis gives: a .tla statement reads only the statements before it.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { AnalysedDocument } from '../../server/src/documents';
import { FEATURES, FeatureContext } from '../../server/src/featureTable';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { Analyzer, DocumentAnalysis, LineIndex } from '../../server/src/language';
import { ROOT } from '../helpers';
import { program } from '../fuzz/arbitraries';

const doc = (text: string, analysis: DocumentAnalysis): AnalysedDocument => ({
  uri: 'file:///viewport.tla',
  version: 1,
  kind: 'tla',
  text,
  analysis,
  lines: new LineIndex(text),
});
const context = { settings: () => DEFAULT_SETTINGS } as unknown as FeatureContext;
const row = (method: string) => FEATURES.find((f) => f.method === method)!;

/**
 * Every pause of a budget-0 analysis of `text` (one statement a call), with the answers it
 * gives early; `analyzer` (given: one that analysed another text before) makes it incremental.
 */
function checkPauses(text: string, probes: number, analyzer = new Analyzer()): number {
  const complete = doc(text, new Analyzer().analyze(text));
  const lines = complete.lines;
  const uri = complete.uri;
  analyzer.budgetMs = 0;
  let early = 0;
  for (let a = analyzer.analyze(text); ; a = analyzer.analyze(text)) {
    const partial = doc(text, a);
    const requests: [string, unknown][] = [];
    for (let i = 0; i < probes; i++) {
      const at = lines.position(Math.floor(((i + 0.5) * text.length) / probes));
      requests.push(['textDocument/hover', { textDocument: { uri }, position: at }]);
      requests.push(['textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: at } }]);
    }
    for (const [method, params] of requests) {
      const f = row(method);
      if (a.complete !== false || !f.answersFromPartial?.(partial, params as never)) continue;
      early++;
      const got = f.handler(partial, params as never, context);
      const want = f.handler(complete, params as never, context);
      assert.ok(
        isDeepStrictEqual(got, want),
        `${method} at ${JSON.stringify(params)} from a paused analysis differs:\n${JSON.stringify(got)}\n${JSON.stringify(want)}`,
      );
    }
    if (a.complete !== false) return early;
  }
}

test('hover and inlay hints from a paused analysis equal those of the complete one (examples)', () => {
  let early = 0;
  for (const f of readdirSync(path.join(ROOT, 'examples')).filter((x) => x.endsWith('.tla')))
    early += checkPauses(readFileSync(path.join(ROOT, 'examples', f), 'utf8'), 12);
  // the examples pause after every statement: some answers come early, or the test proves nothing
  assert.ok(early > 100, `only ${early} answers from paused analyses`);
});

test('hover and inlay hints from a paused analysis equal those of the complete one (generated programs)', () => {
  fc.assert(
    fc.property(program, (text) => {
      checkPauses(text, 6);
    }),
    { numRuns: 150 },
  );
});

test('the same while an edit is analysed (an incremental analysis, paused), the names kept or not', () => {
  const numbers = fc.tuple(fc.nat(), fc.integer({ min: 1, max: 9 }));
  fc.assert(
    fc.property(program, fc.array(numbers, { minLength: 1, maxLength: 3 }), fc.boolean(), (text, edits, rename) => {
      const analyzer = new Analyzer();
      analyzer.analyze(text);
      // numbers changed (the declarations kept), or a name declared otherwise
      let edited = text;
      for (const [at, digit] of edits) {
        const nums = [...edited.matchAll(/\b\d+\b/g)];
        if (!nums.length) break;
        const m = nums[at % nums.length];
        edited = edited.slice(0, m.index) + digit + edited.slice(m.index! + m[0].length);
      }
      if (rename) edited = edited.replace(/\bauto (\w+)/, 'auto renamed_$1');
      checkPauses(edited, 6, analyzer);
    }),
    { numRuns: 150 },
  );
});

test('C++ files and requests past where the analysis reached wait for the rest of it', () => {
  const text = 'auto a = MakeLayout(8);\nauto b = MakeLayout(16);\nauto c = MakeLayout(32);';
  const analyzer = new Analyzer();
  analyzer.budgetMs = 0;
  const first = analyzer.analyze(text);
  assert.equal(first.complete, false, 'a budget of 0 pauses after the first statement');
  const uri = 'file:///viewport.tla';
  const hover = row('textDocument/hover').answersFromPartial!;
  // the first statement is analysed: a hover on it answers; on the third it waits
  assert.equal(hover(doc(text, first), { textDocument: { uri }, position: { line: 0, character: 5 } } as never), true);
  assert.equal(hover(doc(text, first), { textDocument: { uri }, position: { line: 2, character: 5 } } as never), false);
  assert.equal(hover({ ...doc(text, first), kind: 'cpp' }, { textDocument: { uri }, position: { line: 0, character: 5 } } as never), false);
});
