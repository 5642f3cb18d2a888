// Values in a Catlass block's body under its one instantiation in the workspace (issue 21,
// item 4), on the corpus (../shared/corpus/catlass; skipped with a message when absent): a
// workspace of example 13 alone instantiates BlockMmadTla once (basic_matmul_tla.cpp:105),
// which selects block_mmad_pingpong_tla.hpp. Expectations from the inst-sites golden (site-43).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentAnalyses } from '../../server/src/documents';
import { hover } from '../../server/src/features/hover';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { HeaderIndex } from '../../server/src/language';
import { queuedInstances } from './cppTestKit';
import { SHARED_DIR } from '../helpers';

const CORPUS = path.join(SHARED_DIR, 'corpus', 'catlass');
const INCLUDE = path.join(CORPUS, 'include');
const EXAMPLE = path.join(CORPUS, 'examples', '13_basic_matmul_tla');
const HEADER = path.join(INCLUDE, 'catlass', 'gemm', 'block', 'block_mmad_pingpong_tla.hpp');
const present = existsSync(HEADER) && existsSync(EXAMPLE);

function indexAll(index: HeaderIndex, dir: string): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) indexAll(index, p);
    else if (/\.(h|hpp)$/.test(e.name)) index.setFile(p, readFileSync(p, 'utf8'));
  }
}

/** The corpus header's instances with `folder` as the workspace, every candidate resolved: the longest step, the steps and their time. */
async function resolvedIn(folder: string) {
  const index = new HeaderIndex();
  indexAll(index, INCLUDE);
  const { instances, queue } = queuedInstances(index, INCLUDE);
  const t0 = performance.now();
  await instances.configure([folder], [INCLUDE]);
  const text = readFileSync(HEADER, 'utf8');
  instances.instanceOf(HEADER, text);
  let slowest = 0;
  let steps = 0;
  for (; queue.length; steps++) {
    const t = performance.now();
    queue.shift()!();
    slowest = Math.max(slowest, performance.now() - t);
  }
  return { instances, text, slowest, steps, ms: performance.now() - t0 };
}

describe('block_mmad_pingpong_tla.hpp under example 13', { skip: present ? false : `no corpus at ${CORPUS}` }, () => {
  test('L1A_LAYOUT, L1B_LAYOUT, the L1 tensor and the L0A layout have their instantiated values; the hover names the site', async () => {
    const { instances, text, slowest } = await resolvedIn(EXAMPLE);
    // (a measure, not a bound: the longest the event loop is held by one candidate site)
    console.log(`block_mmad_pingpong_tla.hpp: slowest resolution step ${slowest.toFixed(0)} ms`);
    const i = instances.instanceOf(HEADER, text);
    assert.equal(i?.views[0]?.site.where, 'basic_matmul_tla.cpp:105');
    const analyses = new DocumentAnalyses();
    analyses.instanceOf = (_uri, t) => instances.instanceOf(HEADER, t);
    const doc = analyses.get(TextDocument.create(pathToFileURL(HEADER).href, 'cpp', 1, text));
    const at = (needle: string, after = 0) => {
      const offset = text.indexOf(needle) + after;
      const before = text.slice(0, offset).split('\n');
      const h = hover(doc, { line: before.length - 1, character: before[before.length - 1].length }, DEFAULT_SETTINGS);
      return (h?.contents as { value: string } | undefined)?.value ?? '';
    };
    // golden site-43: L1A_LAYOUT shape ((_16,_8),(_16,_16)), stride ((_16,_256),(_1,2048)) — a zN layout of 128×256 halfs
    const l1a = at(
      'auto tensorL1A = tla::MakeTensor(l1ATensorList[l1AListId], L1A_LAYOUT',
      'auto tensorL1A = tla::MakeTensor(l1ATensorList[l1AListId], '.length,
    );
    assert.match(l1a, /\(\(_16,_8\),\(_16,_16\)\)/, l1a);
    assert.match(l1a, /as instantiated at basic_matmul_tla\.cpp:105/);
    // the L1 tensor built on it: a half tensor in A1 over that layout
    const tensor = at('tensorL1A = tla::MakeTensor(l1ATensorList[l1AListId]');
    assert.match(tensor, /tensor\*\* of `half` in `A1`/, tensor);
    // (its layout said once, fenced)
    assert.match(tensor, /```\n\(\(_16,_8\),\(_16,_16\)\):\(\(_16,_256\),\(_1,2048\)\)/, tensor);
    // golden site-43: L1B_LAYOUT shape ((_16,_16),(_16,_16)), stride ((_16,_256),(_1,4096)) — a zN layout of 256×256 halfs
    const l1b = at(
      'auto tensorL1B = tla::MakeTensor(l1BTensorList[l1BListId], L1B_LAYOUT',
      'auto tensorL1B = tla::MakeTensor(l1BTensorList[l1BListId], '.length,
    );
    assert.match(l1b, /\(\(_16,_16\),\(_16,_16\)\):\(\(_16,_256\),\(_1,4096\)\)/, l1b);
    // without an instantiation (today's answer): no such value, no site named
    const plain = new DocumentAnalyses().get(TextDocument.create(pathToFileURL(HEADER).href, 'cpp', 1, text));
    assert.equal(plain.instances, undefined);
    // the L0A layout of a run-time extent: LayoutTagL0A is zZ (golden site-43), so for m×k halfs
    // (16×16 fractals, Z order of fractals, z inside) shape ((_16,⌈m/16⌉),(_16,⌈k/16⌉)),
    // stride ((_16,⌈k/16⌉·256),(_1,_256)): the static parts concrete, mL0Actual and kL0Actual symbols
    const l0a = at('auto layoutAInL0 = ', 5);
    assert.ok(l0a.includes('((_16,⌈mL0Actual/16⌉),(_16,⌈kL0Actual/16⌉)):((_16,⌈kL0Actual/16⌉·256),(_1,_256))'), l0a);
    // the type hover (golden site-43): LayoutTagL1A is Catlass::layout::zN; CopyL1ToL0A the specialisation at copy_l1_to_l0a.hpp:407
    const tag = at('using LayoutTagL1A', 6);
    assert.match(tag, /\*\*LayoutTagL1A\*\* = `Catlass::layout::zN`/, tag);
    const copy = at('using CopyL1ToL0A', 6);
    // (compared without blanks, as the golden tests do: the headers' text is compacted)
    assert.ok(copy.replace(/\s/g, '').includes('`TileCopyTla<AtlasA2,A1,A2,iszN<ElementSrc,LayoutSrc>&&iszZ<ElementDst,LayoutDst>>`'), copy);
    assert.match(copy, /\[catlass\/gemm\/tile\/atlasa2\/copy_l1_to_l0a\.hpp:407\]\(file:\/\/.*copy_l1_to_l0a\.hpp#L407\)/, copy);
  });
});

describe('block_mmad_pingpong_tla.hpp under all the corpus examples', { skip: present ? false : `no corpus at ${CORPUS}` }, () => {
  test('a site that is not resolved is not used: the body is read under the first certain site; choosing example 13 reads it', async () => {
    const { instances, text, steps, ms } = await resolvedIn(path.join(CORPUS, 'examples'));
    const answer = instances.instanceOf(HEADER, text);
    const g = answer?.groups.find((x) => x.template === 'BlockMmadTla');
    // (a measure, not a bound)
    console.log(`examples/: ${steps} steps in ${ms.toFixed(0)} ms; BlockMmadTla: ${g?.sites.length} certain sites, ${g?.unresolved} not resolved`);
    // optimized_matmul_tla.cpp:186 instantiates BlockMmadTla with an L1TileShape that is a
    // conditional_t on the kernel's LayoutTagA (a template parameter of the function): not
    // resolved, only counted; the body is read under the first certain site by path and line
    assert.ok(g && g.unresolved > 0);
    const v = answer?.views.find((x) => x.start === g.start);
    assert.equal(v?.mode, 'default');
    assert.equal(v.site.where, g.sites[0].where);
    assert.equal(g.used, g.sites[0].where);
    assert.deepEqual(
      g.sites.map((x) => x.where),
      [...g.sites.map((x) => x.where)].sort((a, b) =>
        a.split(':')[0] < b.split(':')[0] ? -1 : a.split(':')[0] > b.split(':')[0] ? 1 : Number(a.split(':')[1]) - Number(b.split(':')[1]),
      ),
    );
    // (named relative to the workspace folder, examples/)
    const where = '13_basic_matmul_tla/basic_matmul_tla.cpp:105';
    assert.ok(
      g.sites.some((x) => x.where === where),
      g.sites.map((x) => x.where).join(),
    );
    instances.choose({ BlockMmadTla: where }, true);
    const analyses = new DocumentAnalyses();
    analyses.instanceOf = (_uri, t) => instances.instanceOf(HEADER, t);
    const doc = analyses.get(TextDocument.create(pathToFileURL(HEADER).href, 'cpp', 1, text));
    const needle = 'auto tensorL1A = tla::MakeTensor(l1ATensorList[l1AListId], ';
    const before = text.slice(0, text.indexOf(needle) + needle.length).split('\n');
    const l1a = (
      hover(doc, { line: before.length - 1, character: before[before.length - 1].length }, DEFAULT_SETTINGS)?.contents as { value: string }
    ).value;
    // golden site-43: L1A_LAYOUT shape ((_16,_8),(_16,_16)), stride ((_16,_256),(_1,2048))
    assert.match(l1a, /\(\(_16,_8\),\(_16,_16\)\)/, l1a);
    assert.match(l1a, new RegExp(`as instantiated at ${where.replace(/[.]/g, '\\.')}\\* · ${g.sites.length - 1} more \\(this one chosen\\)`), l1a);
  });
});
