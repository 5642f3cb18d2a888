// The header worker's thread resolves instantiation sites over its own copy of the index (issue
// 21: no resolution holds a request): a site resolved there gives exactly what it gives here, over
// the index the main thread held when it asked (what was set and removed before, in order). Runs
// the built dist/headerWorker.js (npm test builds it first; skipped with a message without it);
// the corpus part is skipped without ../shared.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { HeaderIndex } from '../../server/src/language';
import { JobCache, SiteJob, resolveJob, sitesOfText, templatesOf } from '../../server/src/templateInstances';
import { HeaderThread, headerThread } from '../../server/src/workspaceServer';
import { ROOT, SHARED_DIR } from '../helpers';

const SCRIPT = path.join(ROOT, 'dist', 'headerWorker.js');
const built = existsSync(SCRIPT) ? false : `no ${SCRIPT} (npm run build makes it)`;

const INCLUDE = '/ws/include';
const HEADER = path.join(INCLUDE, 'catlass', 'band.hpp');
const HEADER_TEXT = `#pragma once
namespace Catlass::Gemm::Demo {
template <int M, int N>
struct Band {
    static constexpr auto LAYOUT = tla::MakeLayout(tla::MakeShape(tla::Int<M>{}, tla::Int<N>{}), tla::MakeStride(tla::Int<N>{}, tla::Int<1>{}));
};
}
`;
// (not on disk: the thread reads the site's text from the job, as an open editor's)
const KERNEL = '/ws/kernels/k.cpp';
const KERNEL_TEXT = `#include "catlass/band.hpp"\nvoid Kernel() {\n    using B = Catlass::Gemm::Demo::Band<16, 8>;\n}\n`;

/** Parses a header on the thread and sets it in `fed` as the workspace index does. */
async function put(thread: HeaderThread, fed: ReturnType<HeaderThread['feed']>, file: string, text: string) {
  fed.setEncodedFacts!(file, await thread.parser.parse(text, file));
}

describe('sites resolved on the header thread', { skip: built }, () => {
  const threads: HeaderThread[] = [];
  after(() => threads.forEach((t) => t.parser.dispose()));

  test('the same outcome as here, over the index as set and removed before the job', async () => {
    const thread = headerThread(SCRIPT)!;
    threads.push(thread);
    const index = new HeaderIndex();
    const fed = thread.feed(index);
    await put(thread, fed, HEADER, HEADER_TEXT);
    const [site] = sitesOfText(KERNEL, KERNEL_TEXT);
    const job: SiteJob = { site, header: HEADER, headerText: HEADER_TEXT, root: INCLUDE, texts: { [KERNEL]: KERNEL_TEXT }, generation: 1 };
    const cache: JobCache = { generation: -1, calls: new Map() };
    const there = await thread.resolve(job);
    assert.deepEqual(there, resolveJob(job, index, cache));
    // Band<16, 8>: its body bound M = 16, N = 8; LAYOUT (_16,_8):(_8,_1)
    assert.ok(typeof there === 'object');
    assert.equal(there.here.selected, 'Catlass::Gemm::Demo::Band<16, 8>');
    assert.equal(there.here.start, HEADER_TEXT.indexOf('{', HEADER_TEXT.indexOf('struct Band')));
    // the header taken out: the thread's copy too (its own facts are read from the job's text, as here)
    fed.removeFile(HEADER);
    const again = { ...job, generation: 2 };
    assert.deepEqual(await thread.resolve(again), resolveJob(again, index, cache));
    // a job whose site the thread cannot read is not known, there as here
    const unread = { ...job, texts: {}, site: { ...site, file: '/ws/kernels/none.cpp' } };
    assert.equal(await thread.resolve(unread), 'unknown');
    assert.equal(resolveJob(unread, index, cache), 'unknown');
  });

  test('a thread that is gone refuses (the site is then resolved on the main thread)', async () => {
    const thread = headerThread(SCRIPT)!;
    const index = new HeaderIndex();
    await put(thread, thread.feed(index), HEADER, HEADER_TEXT);
    thread.parser.dispose();
    const [site] = sitesOfText(KERNEL, KERNEL_TEXT);
    await assert.rejects(
      thread.resolve({ site, header: HEADER, headerText: HEADER_TEXT, root: INCLUDE, texts: { [KERNEL]: KERNEL_TEXT }, generation: 1 }),
    );
  });
});

const CORPUS = path.join(SHARED_DIR, 'corpus', 'catlass');
const CORPUS_INCLUDE = path.join(CORPUS, 'include');
const PINGPONG = path.join(CORPUS_INCLUDE, 'catlass', 'gemm', 'block', 'block_mmad_pingpong_tla.hpp');
const corpus = built || (existsSync(PINGPONG) ? false : `no corpus at ${CORPUS}`);

function files(dir: string, ext: RegExp, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files(p, ext, out);
    else if (ext.test(e.name)) out.push(p);
  }
  return out;
}

describe('the corpus: block_mmad_pingpong_tla.hpp candidates on the thread and here', { skip: corpus }, () => {
  test("the examples' first sites naming its templates: the same outcomes, example 13's selecting its body", async () => {
    const thread = headerThread(SCRIPT)!;
    try {
      const index = new HeaderIndex();
      const fed = thread.feed(index);
      await Promise.all(files(CORPUS_INCLUDE, /\.(h|hpp)$/).map((f) => put(thread, fed, f, readFileSync(f, 'utf8'))));
      const text = readFileSync(PINGPONG, 'utf8');
      const names = templatesOf(text);
      const sites = files(path.join(CORPUS, 'examples'), /\.(cpp|hpp|h)$/)
        .flatMap((f) => sitesOfText(f, readFileSync(f, 'utf8')))
        .filter((s) => names.has(s.template) && !s.fn);
      const example13 = sites.find((s) => s.file.endsWith(path.join('13_basic_matmul_tla', 'basic_matmul_tla.cpp')) && s.line === 105);
      assert.ok(example13, 'example 13 instantiates BlockMmadTla at basic_matmul_tla.cpp:105');
      const cache: JobCache = { generation: -1, calls: new Map() };
      for (const site of [example13, ...sites.filter((s) => s !== example13).slice(0, 5)]) {
        const job: SiteJob = { site, header: PINGPONG, headerText: text, root: CORPUS_INCLUDE, texts: {}, generation: 1 };
        assert.deepEqual(await thread.resolve(job), resolveJob(job, index, cache), `${site.file}:${site.line}`);
      }
      const o = await thread.resolve({ site: example13, header: PINGPONG, headerText: text, root: CORPUS_INCLUDE, texts: {}, generation: 1 });
      // the golden site-43 (basic_matmul_tla.cpp:105): its DispatchPolicy member as the compiler wrote it
      const golden = readFileSync(path.join(SHARED_DIR, 'golden', 'catlass-inst-sites-1.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { id: string; members: Record<string, { type?: string }> })
        .find((g) => g.id === 'site-43');
      assert.ok(typeof o === 'object', String(o));
      assert.equal(o.here.members.get('DispatchPolicy')?.type, golden?.members.DispatchPolicy.type);
    } finally {
      thread.parser.dispose();
    }
  });
});
