// A header opened while the workspace's instantiation sites are still being resolved (issue 21,
// Deliver 1 and 4): its hover answers at once with its own values, the values of the first
// certain site arrive as soon as that site is resolved (not after the last candidate), asking
// again meanwhile does not start the resolution over, and the header is analysed afresh only
// when what the analysis reads (its bodies and their bindings) changes. Self-written fixture:
// one class template and 40 kernels instantiating it; values worked by hand in the comments.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentAnalyses } from '../../server/src/documents';
import { hover } from '../../server/src/features/hover';
import { scratchpad } from '../../server/src/features/scratchpad';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { HeaderIndex } from '../../server/src/language';
import { instantiationLenses } from '../../server/src/features/instanceLens';
import { queuedInstances } from '../cpp/cppTestKit';
import { instantiationPick } from '../../shared/instantiationPick';
import type { ChooseInstantiationArgs } from '../../shared/protocol';

const HEADER_TEXT = `// a block's static layout member and a run-time one
#pragma once
namespace Catlass::Gemm::Demo {
template <int M, int N>
struct Band {
    static constexpr auto LAYOUT = tla::MakeLayout(tla::MakeShape(tla::Int<M>{}, tla::Int<N>{}), tla::MakeStride(tla::Int<N>{}, tla::Int<1>{}));

    void Run(uint32_t rows)
    {
        auto head = tla::GetTileLayout(LAYOUT, tla::MakeShape(tla::Int<M / 2>{}, tla::Int<N>{}), tla::MakeCoord(0, 0));
        auto part = tla::MakeLayout(tla::MakeShape(rows, tla::Int<N>{}), tla::MakeStride(tla::Int<N>{}, tla::Int<1>{}));
        auto whole = tla::MakeLayout(tla::MakeShape(rows, rows), tla::MakeStride(rows, tla::Int<1>{}));
    }
};
}
`;
const KERNELS = 40;

const dir = mkdtempSync(path.join(tmpdir(), 'tla-scanning-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const include = path.join(dir, 'include');
const header = path.join(include, 'catlass', 'band.hpp');
mkdirSync(path.dirname(header), { recursive: true });
writeFileSync(header, HEADER_TEXT);
// k00.cpp … k39.cpp: every one instantiates Band<16, 8> (the first by path is k00.cpp:3)
for (let i = 0; i < KERNELS; i++) {
  const k = path.join(dir, 'kernels', `k${String(i).padStart(2, '0')}.cpp`);
  mkdirSync(path.dirname(k), { recursive: true });
  writeFileSync(k, `#include "catlass/band.hpp"\nvoid Kernel${i}() {\n    using B = Catlass::Gemm::Demo::Band<16, 8>;\n}\n`);
}

async function scanning() {
  const index = new HeaderIndex();
  index.setFile(header, HEADER_TEXT);
  const { instances, queue } = queuedInstances(index, include);
  const changed: string[] = [];
  instances.changed = (p) => void changed.push(p);
  await instances.configure([dir], [include]);
  const analyses = new DocumentAnalyses();
  let fresh = 0;
  analyses.onCold = () => void fresh++;
  analyses.instanceOf = (_uri, text) => instances.instanceOf(header, text);
  const doc = TextDocument.create(pathToFileURL(header).href, 'cpp', 1, HEADER_TEXT);
  const hoverAt = (word: string) => {
    const a = analyses.get(doc);
    const before = HEADER_TEXT.slice(0, HEADER_TEXT.indexOf(word) + 2).split('\n');
    const h = hover(a, { line: before.length - 1, character: before[before.length - 1].length }, DEFAULT_SETTINGS);
    return (h?.contents as { value: string } | undefined)?.value ?? '';
  };
  const scratchAt = (word: string) => {
    const before = HEADER_TEXT.slice(0, HEADER_TEXT.indexOf(word) + 2).split('\n');
    const position = { line: before.length - 1, character: before[before.length - 1].length };
    return scratchpad(analyses.get(doc), { textDocument: { uri: doc.uri }, position }).text ?? '';
  };
  /** Runs one scheduled step (one candidate site resolved at most). */
  const step = () => queue.shift()?.();
  return { instances, queue, changed, hoverAt, scratchAt, step, fresh: () => fresh, analyses, doc };
}

describe('a header opened while its sites are resolved', () => {
  test('the first hover answers with its own values and says the instantiations are being found', async () => {
    const s = await scanning();
    // nothing resolved yet: whole is the body's own (rows,rows):(rows,_1), and part's N is not known
    const whole = s.hoverAt('whole =');
    assert.match(whole, /\(rows,rows\):\(rows,_1\)/, whole);
    assert.match(whole, /instantiations of this file's templates are still being found/, whole);
    assert.doesNotMatch(s.hoverAt('part ='), /\(rows,_8\)/);
    assert.ok(s.queue.length, 'the resolution is scheduled, not run on the request');
  });

  test("the first certain site's values arrive once that site is resolved, before the other 39", async () => {
    const s = await scanning();
    s.hoverAt('head =');
    // the resolution's first turn: the candidates found and the first resolved (k00.cpp:3)
    for (let n = 0; n < 3 && !s.changed.length; n++) s.step();
    assert.deepEqual(s.changed, [header]);
    // Band<16, 8>: LAYOUT (_16,_8):(_8,_1); its head tile, M/2 = 8 rows: (_8,_8):(_8,_1)
    const head = s.hoverAt('head =');
    assert.match(head, /\(_8,_8\):\(_8,_1\)/, head);
    assert.match(head, /as instantiated at kernels\/k00\.cpp:3/, head);
    // not "the only one": the other candidates are still being resolved
    assert.match(head, /other sites still being resolved/, head);
    const v = s.instances.instanceOf(header, HEADER_TEXT)?.views[0];
    assert.equal(v?.mode, 'default');
    assert.ok(s.queue.length, 'the other sites are still to be resolved');
  });

  test('a scratchpad made before the instantiation says so; one made after has its values', async () => {
    const s = await scanning();
    const early = s.scratchAt('whole =');
    assert.match(early, /made while the workspace's instantiations of this file's templates were still being found/, early);
    while (s.queue.length) s.step();
    assert.doesNotMatch(s.scratchAt('whole ='), /still being found/);
    const later = s.scratchAt('head =');
    assert.doesNotMatch(later, /still being found/, later);
    // M = 16, N = 8 under k00.cpp:3
    assert.match(later, /as instantiated at kernels\/k00\.cpp:3/, later);
  });

  test('asking again while the sites are resolved does not start over: all 40 are resolved in 40 steps or so', async () => {
    const s = await scanning();
    s.instances.instanceOf(header, HEADER_TEXT);
    let steps = 0;
    // the editor asks between every two steps (a hover or an inlay hint each turn)
    for (; s.queue.length && steps < 10 * KERNELS; steps++) {
      s.instances.instanceOf(header, HEADER_TEXT);
      s.step();
    }
    assert.equal(s.queue.length, 0, `still resolving after ${steps} steps`);
    assert.ok(steps <= KERNELS + 3, `${steps} steps`);
    const a = s.instances.instanceOf(header, HEADER_TEXT);
    assert.equal(a?.pending, undefined);
    assert.equal(a?.views[0].sites.length, KERNELS);
  });

  test('the header is analysed afresh once per change of what its analysis reads, not per answer', async () => {
    const s = await scanning();
    s.hoverAt('head =');
    assert.equal(s.fresh(), 1); // the header's own values
    for (let n = 0; s.queue.length && n < 10 * KERNELS; n++) {
      s.step();
      s.hoverAt('head =');
    }
    assert.equal(s.queue.length, 0, 'the resolution ends while the editor asks');
    // every site selects the one body under the same bindings as k00.cpp:3: one more analysis (the instantiated one), not one a site
    assert.equal(s.fresh(), 2);
    // the first site's kernel opened: the same site first, the same bindings (the answer is remade, the analysis is not)
    const k00 = path.join(dir, 'kernels', 'k00.cpp');
    s.instances.setOpen(k00, `#include "catlass/band.hpp"\nvoid Kernel0() {\n    using B = Catlass::Gemm::Demo::Band<16, 8>;\n}\n`);
    while (s.queue.length) s.step();
    assert.match(s.hoverAt('head ='), /\(_8,_8\):\(_8,_1\)/);
    assert.equal(s.fresh(), 2);
  });

  // issue 24, problem 3: the status bar's count went back (89/187 → 12/187) when a resolution started over
  test('the progress counts the sites resolved since the work began: it never goes back, and ends at its total', async () => {
    const s = await scanning();
    const seen: { done: number; total: number }[] = [];
    s.instances.onWork = () => {
      const w = s.instances.work;
      if (w?.total !== undefined) seen.push({ done: w.done ?? 0, total: w.total });
    };
    s.instances.instanceOf(header, HEADER_TEXT);
    for (let n = 0; n < 10; n++) s.step();
    // the headers changed halfway (a header saved, a kernel added): the header's sites are resolved again
    s.instances.invalidate();
    s.instances.instanceOf(header, HEADER_TEXT);
    for (let n = 0; s.queue.length && n < 10 * KERNELS; n++) s.step();
    assert.equal(s.queue.length, 0);
    assert.equal(s.instances.work, undefined);
    assert.ok(seen.length > KERNELS, `${seen.length} reports`);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i].done >= seen[i - 1].done, `went back: ${JSON.stringify(seen.slice(i - 1, i + 1))}`);
    // the first pass resolved some sites and was left; the second resolved all 40: done = total at the end
    const last = seen[seen.length - 1];
    assert.equal(last.done, last.total);
    assert.ok(last.done > KERNELS, JSON.stringify(last));
  });

  // issue 24, problem 3: the lens said "other sites still being resolved" and clicking it did nothing useful
  test('the lens while the other sites are resolved runs the pick of the sites found so far, which says the rest is being resolved', async () => {
    const s = await scanning();
    s.hoverAt('head =');
    for (let n = 0; n < 3 && !s.changed.length; n++) s.step();
    const [lens] = instantiationLenses(s.analyses.get(s.doc));
    assert.match(lens.command?.title ?? '', /other sites still being resolved/);
    const args = lens.command?.arguments?.[0] as ChooseInstantiationArgs;
    assert.deepEqual(
      args.sites.map((x) => x.where),
      ['kernels/k00.cpp:3'],
    );
    assert.equal(args.pending, true);
    const pick = instantiationPick(args);
    // one site found so far is not "the only instantiation"
    assert.match(pick.title, /found so far/);
    assert.match(pick.title, /still being resolved/);
    assert.doesNotMatch(pick.title, /instantiated once/);
    assert.deepEqual(
      pick.items.map((i) => [i.label, i.description]),
      [['kernels/k00.cpp:3', '(in use)']],
    );
    // once all 40 are resolved: no longer pending, and the pick lists them all
    while (s.queue.length) s.step();
    const [done] = instantiationLenses(s.analyses.get(s.doc));
    const all = done.command?.arguments?.[0] as ChooseInstantiationArgs;
    assert.equal(all.pending, undefined);
    assert.equal(all.sites.length, KERNELS);
  });
});
