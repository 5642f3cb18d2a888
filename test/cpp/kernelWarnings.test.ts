// A kernel's instantiation sites that certainly fail a static_assert are warnings in the server
// (issue 21, item 6), computed off the request path and published when done, on the
// self-written demo kernel (test/fixtures/templates): Tile<16, 8> compiles (16·8 = 128 ≤ 4096),
// Tile<64, 128> does not (64·128 = 8192 > 4096).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentAnalyses } from '../../server/src/documents';
import { toLspDiagnostics } from '../../server/src/features/diagnostics';
import { HeaderIndex } from '../../server/src/language';
import { KernelWarnings, SLICE_MS, afterWrites } from '../../server/src/kernelWarnings';
import { ROOT } from '../helpers';

const INCLUDE = path.join(ROOT, 'test', 'fixtures', 'templates', 'include');
const KERNEL = path.join(ROOT, 'test', 'fixtures', 'templates', 'kernel', 'demo_kernel.cpp');
const URI = pathToFileURL(KERNEL).href;
const TEXT = readFileSync(KERNEL, 'utf8');

/** `now`: the clock the slices are timed by (default: the real one). */
function fixture(now?: () => number) {
  const index = new HeaderIndex();
  const header = path.join(INCLUDE, 'catlass', 'demo_block.hpp');
  index.setFile(header, readFileSync(header, 'utf8'));
  const queue: (() => void)[] = [];
  const warnings = new KernelWarnings(
    () => ({ index, root: INCLUDE }),
    (run) => void queue.push(run),
    now,
  );
  const changed: string[] = [];
  warnings.changed = (uri) => void changed.push(uri);
  let turns = 0;
  const drain = () => {
    while (queue.length) {
      turns++;
      queue.shift()!();
    }
    return turns;
  };
  /** One turn of the event loop: the slice scheduled, if any. */
  const turn = () => void queue.shift()?.();
  return { warnings, drain, turn, changed };
}

/** A clock that moves a slice's time at every reading: each turn does exactly one step. */
function slowClock() {
  let t = 0;
  return () => (t += SLICE_MS);
}

describe('instantiation warnings in the server', () => {
  test('none until computed (the request does not wait), then the failing site is a warning and the editor is told', () => {
    const { warnings, drain, changed } = fixture();
    assert.deepEqual(warnings.warningsOf(URI, TEXT), []);
    drain();
    assert.deepEqual(changed, [URI]);
    const list = warnings.warningsOf(URI, TEXT);
    assert.equal(list.length, 1, JSON.stringify(list));
    assert.match(TEXT.slice(list[0].start, list[0].end), /^using BadTile/);
    assert.match(list[0].message, /static_assert failed: Tile exceeds the buffer \(catlass\/demo_block\.hpp:\d+\)/);
  });
  test('published with the document’s diagnostics, as an LSP warning on the line of the site', () => {
    const { warnings, drain } = fixture();
    warnings.warningsOf(URI, TEXT);
    drain();
    const analyses = new DocumentAnalyses();
    analyses.siteWarnings = (uri, text) => warnings.warningsOf(uri, text);
    const a = analyses.get(TextDocument.create(URI, 'cpp', 1, TEXT));
    const lsp = toLspDiagnostics(a.uri, a.analysis, a.lines, analyses.warningsOf(a)).filter((d) => d.code === 'static-assert-failed');
    assert.equal(lsp.length, 1);
    assert.equal(lsp[0].severity, 2); // Warning
    // `using BadTile = …` is line 9 of the kernel (0-based 8)
    assert.equal(lsp[0].range.start.line, 8);
  });
  test('the site fixed: no warning', () => {
    const { warnings, drain } = fixture();
    const fixed = TEXT.replace('Tile<64, 128>', 'Tile<64, 64>'); // 64·64 = 4096 ≤ 4096
    warnings.warningsOf(URI, fixed);
    drain();
    assert.deepEqual(warnings.warningsOf(URI, fixed), []);
  });
  test('a file without Catlass includes is not instantiated', () => {
    const { warnings, drain, changed } = fixture();
    assert.deepEqual(warnings.warningsOf('file:///x.cpp', 'using T = Gemm::Demo::Tile<64, 128>;\n'), []);
    drain();
    assert.deepEqual(changed, []);
  });
  test('the work goes in slices, one a turn (a step past SLICE_MS ends the turn), with the same warnings', () => {
    const { warnings, drain, changed } = fixture(slowClock());
    warnings.warningsOf(URI, TEXT);
    // two sites, each prepared, resolved statement by statement and instantiated: many turns, not one
    const turns = drain();
    assert.ok(turns >= 6, `${turns} turns`);
    assert.deepEqual(changed, [URI]);
    const list = warnings.warningsOf(URI, TEXT);
    assert.equal(list.length, 1, JSON.stringify(list));
    assert.match(TEXT.slice(list[0].start, list[0].end), /^using BadTile/);
  });
  test('a newer text asked between two slices: the older one is dropped, the newer one answered', () => {
    const { warnings, drain, turn, changed } = fixture(slowClock());
    warnings.warningsOf(URI, TEXT);
    turn();
    turn();
    const fixed = TEXT.replace('Tile<64, 128>', 'Tile<64, 64>'); // 64·64 = 4096 ≤ 4096
    warnings.warningsOf(URI, fixed);
    drain();
    // the older text was never finished: nothing changed from "no warnings"
    assert.deepEqual(changed, []);
    assert.deepEqual(warnings.warningsOf(URI, fixed), []);
    assert.equal(warnings.busy, false);
  });
  test('the header index changed between two slices: the file is worked out again from the start', () => {
    const { warnings, drain, turn, changed } = fixture(slowClock());
    warnings.warningsOf(URI, TEXT);
    turn();
    warnings.invalidate();
    drain();
    assert.deepEqual(changed, [URI]);
    assert.equal(warnings.warningsOf(URI, TEXT).length, 1);
  });
  test('afterWrites: the work starts once the message being sent is written, not before', async () => {
    let written!: () => void;
    const write = new Promise<void>((resolve) => (written = resolve));
    let ran = 0;
    afterWrites(() => write)(() => ran++);
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(ran, 0);
    written();
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(ran, 1);
  });
});
